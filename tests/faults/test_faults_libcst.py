"""Issue 15: libcst's native parser segfaults on an ``and``/``or`` chain of ~7,000
terms. The rewrite of such a file runs in a child process: the file fails with a
plain reason, the run goes on and prints its summary."""

from __future__ import annotations

import ast
import sys

import pytest

from elicit_lint.codemod import isolate
from elicit_lint.codemod.engine import Options, migrate_file, transform_text
from elicit_lint.codemod.isolate import SAFE_DEPTH, libcst_depth, risky

from .helpers import ELICIT_TOOL, run_cli


def _chain(n: int, op: str = "and") -> str:
    return ELICIT_TOOL + "\n\nCOND = " + f" {op} ".join(f"a{i}" for i in range(n)) + "\n"


def test_depth_counts_boolean_terms_as_libcst_nests_them():
    def depth(text):
        return libcst_depth(ast.parse(text), stop=10**9)

    # each term one level more, as for nested binary operations
    assert depth("x = a and b and c and d") - depth("x = a and b") == 2
    assert depth("x = a + b + c + d") - depth("x = a + b") == 2
    assert libcst_depth(ast.parse(_chain(5_000)), stop=100) > 100  # stops at the first node past it
    assert not risky(ast.parse(ELICIT_TOOL), ELICIT_TOOL)
    deep = _chain(SAFE_DEPTH + 10, "or")
    assert risky(ast.parse(deep), deep)
    many_lines = ELICIT_TOOL + "x = 1\n" * (2 * SAFE_DEPTH)  # long but flat
    assert not risky(ast.parse(many_lines), many_lines)


def test_depth_walk_is_not_recursive():
    text = "x = " + "-" * 1_900 + "1\n"  # deeper than Python's recursion limit
    assert libcst_depth(ast.parse(text), stop=10**9) > 1_900


def test_isolated_rewrite_gives_the_in_process_result():
    text = _chain(100)
    isolated, plan = isolate.transform_isolated(text, "t.py", Options())
    in_process, _ = transform_text(text, "t.py", Options(), isolate=False)
    assert isolated == in_process != text
    assert plan.rewritten_sites == 1


def test_a_recursion_error_in_process_is_retried_in_the_child():
    text = _chain(600)  # below SAFE_DEPTH, beyond libcst's Python side at the default limit
    assert not risky(ast.parse(text), text)
    with pytest.raises(RecursionError):
        transform_text(text, "t.py", Options(), isolate=False)
    new, plan = transform_text(text, "t.py", Options())
    assert plan.rewritten_sites == 1 and "ctx.elicit" not in new


def test_a_deep_file_is_rewritten_in_the_child(tmp_path):
    # deeper than libcst's Python side takes in this process (RecursionError)
    (tmp_path / "deep.py").write_text(_chain(SAFE_DEPTH + 500))
    before = (tmp_path / "deep.py").read_text()
    result = run_cli(["migrate", "."], tmp_path, timeout=300)
    if sys.version_info[:2] == (3, 12):
        # CPython 3.12 caps C recursion at a fixed depth (about 1,500 calls on
        # 3.12.1) that setrecursionlimit does not raise: libcst's visitors meet it
        # in the child too, so the file fails and stays as it was
        assert result.returncode == 2, result.stderr
        assert "failed: deep.py: this file nests too deeply for libcst under Python 3.12" in result.stderr
        assert "run elicit-migrate under Python 3.11 or 3.13" in result.stderr
        assert (tmp_path / "deep.py").read_text() == before
        return
    assert result.returncode == 0, result.stderr
    assert "rewritten: deep.py" in result.stderr
    assert "ctx.elicit" not in (tmp_path / "deep.py").read_text()


@pytest.fixture
def small_child_stack(monkeypatch):
    """A 1 MB stack in the child: libcst's native parser overflows it on a
    20,000-term chain (SIGSEGV), the crash this isolation contains."""
    monkeypatch.setattr(isolate, "CHILD_STACK", 1 << 20)


def test_a_file_libcst_crashes_on_fails_alone(tmp_path, monkeypatch, capsys, small_child_stack):
    from elicit_lint.codemod.cli import main

    (tmp_path / "a_deep.py").write_text(_chain(20_000))
    (tmp_path / "b_later.py").write_text(ELICIT_TOOL)
    before = (tmp_path / "a_deep.py").read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["--jobs", "1", "."]) == 2
    err = capsys.readouterr().err
    assert "failed: a_deep.py: libcst's parser crashed on this file (SIGSEGV" in err
    assert "1 file(s) rewritten" in err and "rewritten: b_later.py" in err
    assert (tmp_path / "a_deep.py").read_bytes() == before
    assert "ctx.elicit" not in (tmp_path / "b_later.py").read_text()


def test_migrate_file_reports_the_crash_as_its_reason(tmp_path, small_child_stack):
    path = tmp_path / "deep.py"
    path.write_text(_chain(20_000, "or"))
    outcome = migrate_file(str(path), Options())
    assert outcome.status == "failed"
    assert outcome.error.startswith("libcst's parser crashed on this file (SIG")
    assert outcome.error.endswith("file left as is")


@pytest.mark.parametrize(("version", "named"), [((3, 11), False), ((3, 12), True), ((3, 13), False)])
def test_only_python_312_gets_the_fixed_recursion_cap_reason(version, named):
    from elicit_lint.codemod.isolate import python312_reason

    reason = python312_reason(version)
    assert (reason is not None) == named
    if named:
        assert "Python 3.12" in reason and "by hand" in reason and reason.endswith("file left as is")


def test_a_recursion_in_the_child_under_312_is_a_reason_not_an_internal_error(monkeypatch):
    # the child's side (isolate=False) on a file libcst's visitors cannot walk: on
    # 3.12 the message names the interpreter; elsewhere it stays an internal error
    from elicit_lint.codemod.render import transform

    def deep(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(transform, "rewrite", deep)
    real = isolate.python312_reason
    monkeypatch.setattr(isolate, "python312_reason", lambda: real((3, 12)))
    with pytest.raises(ValueError, match="under Python 3.12"):
        transform_text(ELICIT_TOOL, "t.py", Options(), isolate=False)
    monkeypatch.setattr(isolate, "python312_reason", lambda: real((3, 11)))
    with pytest.raises(RecursionError, match="recurse too deeply"):
        transform_text(ELICIT_TOOL, "t.py", Options(), isolate=False)
