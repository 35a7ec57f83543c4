"""A verdict that read the run's other files (the tool index,
``analysis.elsewhere``) is kept in the results cache under a stamp of those
files (``checker/cache.py`` ``ResultsCache.run_stamp``): served while none of
them changed, never stale when a caller is added, removed, renamed or edited,
or the run's files differ."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from elicit_lint.checker import runner
from elicit_lint.checker.cli import main

OLD = time.time() - 3600  # older than RACY_NS: the stamp may be taken

TOOLS = (
    "from fastmcp import Context, FastMCP\n\nmcp = FastMCP('Lists')\n\n\n@mcp.tool\n"
    "async def create_list(name: str, ctx: Context) -> str:\n"
    "    reply = await ctx.elicit(f'Make list {name} public?', response_type=bool)\n"
    "    return str(reply.action)\n"
)
CALLER = "from .tools import create_list\n\n\nasync def wrap(ctx):\n    return await create_list('x', ctx)\n"


def _write(path: Path, text: str, mtime: float | None = OLD) -> None:
    path.write_text(text)
    if mtime is not None:
        os.utime(path, (mtime, mtime))


@pytest.fixture
def shop(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ELICIT_LINT_CACHE_DIR", str(tmp_path / ".cache"))
    (tmp_path / "shop").mkdir()
    _write(tmp_path / "shop" / "__init__.py", "")
    _write(tmp_path / "shop" / "tools.py", TOOLS)
    _write(tmp_path / "shop" / "other.py", "VALUE = 1\n")
    checked: list[str] = []
    check = runner.check_source
    monkeypatch.setattr(runner, "check_source", lambda f, *a: (checked.append(f), check(f, *a))[1])
    return tmp_path, checked


def _verdict(capsys, *paths: str) -> str | None:
    """MCP001's reason on shop/tools.py (``None``: "can rewrite it")."""
    capsys.readouterr()
    main(["check", "--select", "MCP001", "--output-format", "json", *(paths or (".",))])
    (found,) = json.loads(capsys.readouterr().out)
    text = found["help"]
    return text.split("cannot rewrite it: ", 1)[1] if "cannot rewrite it: " in text else None


def test_served_while_the_run_is_unchanged(shop, capsys):
    root, checked = shop
    assert _verdict(capsys) is None
    assert checked == ["shop/tools.py"]
    checked.clear()
    assert _verdict(capsys) is None and checked == []  # stored under the run's stamp


def test_a_caller_added_removed_edited_and_renamed(shop, capsys):
    root, checked = shop
    assert _verdict(capsys) is None
    _write(root / "shop" / "cli.py", CALLER)  # added
    assert "also used in shop/cli.py:5" in _verdict(capsys)
    checked.clear()
    assert "also used in shop/cli.py:5" in _verdict(capsys) and checked == []
    os.rename(root / "shop" / "cli.py", root / "shop" / "front.py")  # renamed
    assert "also used in shop/front.py:5" in _verdict(capsys)
    _write(root / "shop" / "front.py", CALLER.replace("create_list", "make_list"))  # edited
    assert _verdict(capsys) is None
    _write(root / "shop" / "front.py", CALLER)
    assert "also used in shop/front.py:5" in _verdict(capsys)
    (root / "shop" / "front.py").unlink()  # removed
    assert _verdict(capsys) is None
    checked.clear()
    assert _verdict(capsys) is None and checked == []


def test_an_edit_that_keeps_size_and_mtime_is_seen(shop, capsys):
    """The other file's change time moves: another stamp."""
    root, _ = shop
    _write(root / "shop" / "other.py", "from .tools import create_list\n")
    assert "also used in shop/other.py:1" in _verdict(capsys)
    _write(root / "shop" / "other.py", "from .tools import create_lisx\n")  # same size, same mtime
    assert _verdict(capsys) is None


def test_a_caller_written_just_now_is_never_served_stale(shop, capsys):
    """A run file modified within the racy window: the verdict is not stored
    (its next change could keep its stat key), so each run reads it again."""
    root, checked = shop
    assert _verdict(capsys) is None
    _write(root / "shop" / "cli.py", CALLER, mtime=None)
    assert "also used in shop/cli.py:5" in _verdict(capsys)
    _write(root / "shop" / "cli.py", CALLER.replace("create_list", "make_list"), mtime=None)
    checked.clear()
    assert _verdict(capsys) is None and checked == ["shop/tools.py"]


def test_a_run_over_other_files_has_its_own_stamp(shop, capsys):
    """pre-commit passes the changed files only: the caller outside that run is
    not seen (documented), and the whole run's verdict is not served to it nor
    the other way round."""
    root, checked = shop
    _write(root / "shop" / "cli.py", CALLER)
    assert "also used in" in _verdict(capsys)
    assert _verdict(capsys, "shop/tools.py") is None
    assert "also used in" in _verdict(capsys)
    checked.clear()
    assert _verdict(capsys, "shop/tools.py") is None and checked == ["shop/tools.py"]


def test_a_warm_run_with_a_stamped_verdict_stats_each_file_once(shop, capsys, monkeypatch):
    """The run's stamp is taken at the first lookup when the entry file holds a
    stamped verdict, and its ``stat`` of each file serves that file's lookup."""
    import sys
    from collections import Counter

    root, checked = shop
    assert _verdict(capsys) is None
    calls: Counter = Counter()
    real = os.stat

    def counting(path, *args, **kwargs):
        if sys._getframe(1).f_globals["__name__"] in ("elicit_lint.checker.cache", "elicit_lint.checker.run_stamp"):
            calls[os.path.basename(os.fsdecode(path))] += 1
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counting)
    checked.clear()
    assert _verdict(capsys) is None and checked == []  # served under the stamp
    assert calls == {"__init__.py": 1, "tools.py": 1, "other.py": 1}
