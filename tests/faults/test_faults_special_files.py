"""Issue 14 item 5: a FIFO, socket or device is skipped with a warning, never opened
blocking, by ``elicit-lint check`` and ``elicit-migrate``, walked or named."""

from __future__ import annotations

import os
import socket
import sys

import pytest

from elicit_lint.core import source as src
from elicit_lint.workspace.discovery import Discovery

from .helpers import ELICIT_TOOL, run_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "tool.py").write_text(ELICIT_TOOL)
    os.mkfifo(tmp_path / "x.py")
    os.mkfifo(tmp_path / "pyproject.toml")  # a configuration file that is a FIFO
    os.mkfifo(tmp_path / ".gitignore")
    (tmp_path / ".git").mkdir()
    os.symlink("x.py", tmp_path / "link.py")
    return tmp_path


def test_discovery_records_special_files(tree):
    d = Discovery(tree)
    files = d.files([str(tree), str(tree / "x.py")])
    assert files == [str(tree / "tool.py")]
    reasons = dict(d.skipped)
    assert reasons[str(tree / "x.py")] == "not a regular file (FIFO); skipped"
    assert reasons[str(tree / "link.py")] == "not a regular file (FIFO); skipped"


def test_socket_and_device_are_skipped(tmp_path):
    sock = socket.socket(socket.AF_UNIX)
    path = tmp_path / "s.py"
    sock.bind(str(path))
    try:
        d = Discovery(tmp_path)
        assert d.files([str(tmp_path), os.devnull]) == []
        assert sorted(reason for _, reason in d.skipped) == [
            "not a regular file (character device); skipped",
            "not a regular file (socket); skipped",
        ]
    finally:
        sock.close()


def test_read_bytes_refuses_a_fifo_without_blocking(tmp_path):
    # a file swapped for a FIFO after discovery: the open itself never waits
    os.mkfifo(tmp_path / "late.py")
    with pytest.raises(src.SourceError, match=r"not a regular file \(FIFO\)"):
        src.read_bytes(str(tmp_path / "late.py"))


@pytest.mark.parametrize("named", [False, True])
def test_check_warns_and_goes_on(tree, named):
    args = ["check", "--no-cache", "--select", "MCP001", "--output-format", "concise"]
    args += ["tool.py", "x.py"] if named else ["."]
    result = run_cli(args, tree, timeout=60)
    assert "x.py: not a regular file (FIFO); skipped" in result.stderr
    assert "elicit-lint: warning:" in result.stderr
    assert "tool.py:8:" in result.stdout and "MCP001" in result.stdout
    assert result.returncode == 1, result.stderr


@pytest.mark.parametrize("named", [False, True])
def test_migrate_warns_and_goes_on(tree, named):
    result = run_cli(["migrate", *(["tool.py", "x.py"] if named else ["."])], tree, timeout=120)
    assert "elicit-migrate: warning: " in result.stderr
    assert "x.py: not a regular file (FIFO); skipped" in result.stderr
    assert result.returncode == 0, result.stderr
    assert "ctx.elicit" not in (tree / "tool.py").read_text()


def test_fix_skips_a_fifo(tree):
    result = run_cli(["check", "--no-cache", "--fix", "."], tree, timeout=60)
    assert "x.py: not a regular file (FIFO); skipped" in result.stderr
    assert result.returncode in (0, 1), result.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="/dev/null as a named path")
def test_named_device_is_not_read(tree):
    result = run_cli(["check", "--no-cache", "/dev/null"], tree, timeout=60)
    assert "/dev/null: not a regular file (character device); skipped" in result.stderr
    assert result.returncode == 0
