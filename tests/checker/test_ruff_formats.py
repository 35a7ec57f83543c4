"""The output formats added for CI systems (``json-lines``, ``pylint``, ``azure``,
``gitlab``, ``junit``), each compared with what ruff 0.17.6 writes for the same two
findings (its F401 and F841, our MCP019 and MCP009 on the twin sources of
``test_fix_settings``) run from the project root on ``sub/``: the same layout, keys,
attributes and path conventions; only codes, names, messages and positions differ."""

from __future__ import annotations

import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from elicit_lint.checker.cli import main

from .test_fix_settings import RUFF, RUFF_SOURCE, SERVER

FORMATS = ("json-lines", "pylint", "azure", "gitlab", "junit")


def _ours(
    tmp_path,
    monkeypatch,
    capsys,
    fmt: str,
    source: str = SERVER,
    env: dict | None = None,
) -> str:
    (tmp_path / "sub").mkdir(exist_ok=True)
    (tmp_path / "sub" / "s.py").write_text(source)
    monkeypatch.chdir(tmp_path)
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    main(["check", "--no-cache", "--output-format", fmt, "sub"])
    return capsys.readouterr().out


def _ruff(
    tmp_path, fmt: str, source: str = RUFF_SOURCE, env: dict | None = None
) -> str:
    (tmp_path / "sub").mkdir(exist_ok=True)
    (tmp_path / "sub" / "a.py").write_text(source)
    (tmp_path / "ruff.toml").write_text('[lint]\nselect = ["F401", "F841"]\n')
    run = subprocess.run(
        [RUFF, "check", "--no-cache", "--output-format", fmt, "sub"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **(env or {})},
    )
    return run.stdout


def _shape(fmt: str, text: str, root) -> object:
    """What must be equal between ruff's output and ours."""
    if fmt == "json-lines":
        objects = [json.loads(line) for line in text.splitlines()]
        for line, obj in zip(
            text.splitlines(), objects, strict=True
        ):  # compact, sorted keys
            assert line == json.dumps(
                obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False
            )
        return [sorted(set(o) - {"help"}) for o in objects]
    if fmt == "pylint":
        return [
            re.sub(r"^sub/\w+\.py:\d+: \[[A-Z]+\d+\] .+$", "LINE", line)
            for line in text.splitlines()
        ]
    if fmt == "azure":
        pattern = (
            r"^##vso\[task\.logissue type=error;sourcepath="
            + re.escape(str(root))
            + r"/sub/\w+\.py;linenumber=\d+;columnnumber=\d+;code=[A-Z]+\d+;\][^\n]+$"
        )
        return [re.sub(pattern, "LINE", line) for line in text.splitlines()]
    if fmt == "gitlab":

        def keys(value):
            if isinstance(value, dict):
                return {k: keys(v) for k, v in value.items()}
            if isinstance(value, list):
                return [keys(v) for v in value]
            return type(value).__name__

        items = json.loads(text)
        for item in items:
            assert (
                re.fullmatch(r"[0-9a-f]{16}", item["fingerprint"])
                and item["severity"] == "major"
            )
            assert item["location"]["path"].startswith("sub/")
            assert item["description"].startswith(item["check_name"] + ": ")
        return keys(items)
    tree = ET.fromstring(text.replace(str(root), "ROOT").encode())

    def element(e):
        attrs = dict(e.attrib)
        for key in ("name", "classname", "package", "line", "column"):
            if key in attrs:
                value = re.sub(r"ruff|elicit-lint", "TOOL", attrs[key])
                attrs[key] = re.sub(r"\b[A-Z]+\d+$|/\w+(\.py)?$|^\d+$", "X", value)
        if e.tag == "failure":
            assert re.fullmatch(
                r"line \d+, col \d+, " + re.escape(attrs["message"]), e.text
            )
            attrs["message"] = "M"
        return (e.tag, sorted(attrs.items()), [element(c) for c in e])

    return element(tree)


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_format_has_ruffs_shape(tmp_path, monkeypatch, capsys, fmt):
    (tmp_path / "ours").mkdir()
    (tmp_path / "ruff").mkdir()
    ours = _ours(tmp_path / "ours", monkeypatch, capsys, fmt)
    theirs = _ruff(tmp_path / "ruff", fmt)
    assert _shape(fmt, ours, tmp_path / "ours") == _shape(
        fmt, theirs, tmp_path / "ruff"
    )


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
@pytest.mark.parametrize("fmt", FORMATS)
def test_no_finding_as_ruff_writes_it(tmp_path, monkeypatch, capsys, fmt):
    (tmp_path / "ours").mkdir()
    (tmp_path / "ruff").mkdir()
    ours = _ours(tmp_path / "ours", monkeypatch, capsys, fmt, source="x = 1\n")
    theirs = _ruff(tmp_path / "ruff", fmt, source="x = 1\n")
    assert ours.replace("elicit-lint", "ruff").rstrip("\n") == theirs.rstrip("\n")


@pytest.mark.skipif(RUFF is None, reason="ruff is a dev dependency")
def test_gitlab_paths_are_relative_to_ci_project_dir(tmp_path, monkeypatch, capsys):
    (tmp_path / "ours").mkdir()
    (tmp_path / "ruff").mkdir()
    env = {"CI_PROJECT_DIR": str(tmp_path / "ours" / "sub")}
    ours = json.loads(_ours(tmp_path / "ours", monkeypatch, capsys, "gitlab", env=env))
    theirs = json.loads(
        _ruff(
            tmp_path / "ruff",
            "gitlab",
            env={"CI_PROJECT_DIR": str(tmp_path / "ruff" / "sub")},
        )
    )
    assert {i["location"]["path"] for i in ours} == {"s.py"}
    assert {i["location"]["path"] for i in theirs} == {"a.py"}


def test_gitlab_fingerprints_survive_moved_lines_and_tell_twins_apart(
    tmp_path, monkeypatch, capsys
):
    first = json.loads(_ours(tmp_path, monkeypatch, capsys, "gitlab"))
    moved = json.loads(
        _ours(
            tmp_path,
            monkeypatch,
            capsys,
            "gitlab",
            source="# a new first line\n" + SERVER,
        )
    )
    assert [i["fingerprint"] for i in first] == [i["fingerprint"] for i in moved]
    assert len({i["fingerprint"] for i in first}) == len(first)


def test_junit_and_azure_escape_what_they_must(tmp_path, monkeypatch, capsys):
    from elicit_lint.checker.runner import FileResult
    from elicit_lint.core.diagnostic import Diagnostic, Location
    from elicit_lint.report import writer

    d = Diagnostic(
        "MCP001", "name", 'a <b> & "c"; 50% ]', "x.py", Location(1, 1), Location(1, 2)
    )
    import io

    out = io.StringIO()
    writer("junit")([FileResult("x.py", [d])], out)
    failure = ET.fromstring(out.getvalue().encode()).find(
        "./testsuite/testcase/failure"
    )
    assert (
        failure.get("message") == d.message
        and failure.text == f"line 1, col 1, {d.message}"
    )
    out = io.StringIO()
    writer("azure")([FileResult("x.py", [d])], out)
    assert out.getvalue().endswith(';]a <b> & "c"%3B 50%AZP25 %5D\n')


@pytest.mark.parametrize("fmt", [*FORMATS, "github", "sarif"])
def test_statistics_in_a_format_ruff_refuses_is_an_error(
    tmp_path, monkeypatch, capsys, fmt
):
    (tmp_path / "s.py").write_text(SERVER)
    monkeypatch.chdir(tmp_path)
    assert (
        main(["check", "--no-cache", "--statistics", "--output-format", fmt, "s.py"])
        == 2
    )
    assert "--statistics cannot be written as" in capsys.readouterr().err
    if (
        RUFF is not None
    ):  # ruff 0.17.6: "Unsupported serialization format for statistics"
        (tmp_path / "a.py").write_text(RUFF_SOURCE)
        run = subprocess.run(
            [
                RUFF,
                "check",
                "--isolated",
                "--no-cache",
                "--statistics",
                "--output-format",
                fmt,
                "a.py",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert (
            run.returncode == 2
            and "Unsupported serialization format for statistics" in run.stderr
        )
