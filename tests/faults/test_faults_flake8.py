"""Issue 15: under flake8, a file elicit-lint cannot analyse is a finding flake8
shows (``MCP000 internal-error``, exit 1), not a log warning and exit 0."""

from __future__ import annotations

from .helpers import ELICIT_TOOL


def test_flake8_shows_a_file_it_could_not_analyse(tmp_path, monkeypatch, capsys):
    from flake8.main.cli import main

    import elicit_lint.checker.linter

    real = elicit_lint.checker.linter.analyse

    def analyse(tree, source, filename, *args, **kwargs):
        if filename.endswith("bad.py"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(tree, source, filename, *args, **kwargs)

    monkeypatch.setattr(elicit_lint.checker.linter, "analyse", analyse)
    (tmp_path / "bad.py").write_text(ELICIT_TOOL)
    (tmp_path / "good.py").write_text(ELICIT_TOOL)
    monkeypatch.chdir(tmp_path)
    # in this process (--jobs 1), so that the stand-in above is the one called
    assert main(["--jobs", "1", "--select", "MCP", "bad.py", "good.py"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("bad.py:1:1: MCP000 internal-error: elicit-lint could not analyse")
    assert "RecursionError" in out[0]
    assert not any(line.startswith("bad.py:") for line in out[1:])
    assert any(line.startswith("good.py:8:") and " MCP001 " in line for line in out)
