"""Asking helpers of another module inlined into their calling tools by
`elicit-migrate` itself (analysis/inline_elsewhere.py, wired in codemod/engine.py
and codemod/batch.py): multi-file before/after fixtures
(fixtures/cross_module_inline/<case>/{before,after}), the checker and the codemod
giving the same verdict on every site, the helper module never written, and the
rewritten package asking the same questions with the same results through the
real ``fastmcp.Client`` on both eras, every answer script."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from elicit_lint.checker.cli import main as check_main
from elicit_lint.codemod.cli import main as migrate_main

from .behaviour import SCRIPTS, call

CASES = Path(__file__).resolve().parents[2] / "fixtures" / "cross_module_inline"
INLINED = "inlined into its callers"
CALLER = re.compile(r"`[^`]+` \([^)]+\)")

# (case, package, [(module, tool, arguments)])
FIXTURES = [
    ("copy_helper", "kitchen", [("tools", "scale", {"recipe": "soup", "servings": 60})]),
    ("two_callers", "garden", [
        ("server", "transplant", {"plant": "leek", "beds": 3}),
        ("server", "sow", {"plant": "kale"}),
    ]),
]


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts
    }


def _verdicts(capsys, *paths: str) -> tuple[dict, int, dict]:
    """``(checker {(path, row): reason or None}, codemod rewritten, codemod skips)``."""
    capsys.readouterr()
    check_main(["check", "--no-cache", "--select", "MCP001", "--output-format", "json", *paths])
    checker = {}
    for d in json.loads(capsys.readouterr().out):
        text = d["help"]
        reason = text.split("cannot rewrite it: ", 1)[1] if "cannot rewrite it: " in text else None
        checker[(str(Path(d["filename"]).resolve()), d["location"]["row"])] = reason
    migrate_main(["--check", "--report", "json", *paths])
    report = json.loads(capsys.readouterr().out)
    skips = {
        (str(Path(place.rsplit(":", 1)[0]).resolve()), int(place.rsplit(":", 1)[1])): reason
        for reason, places in report["sites_skipped"].items() for place in places
    }
    return checker, report["sites_would_rewrite"], skips


def _agree(capsys, *paths: str) -> dict:
    checker, rewritten, skips = _verdicts(capsys, *paths)
    assert {k: v for k, v in checker.items() if v is not None} == skips
    inlined = sum(len(CALLER.findall(r)) for r in skips.values() if INLINED in r)
    assert sum(v is None for v in checker.values()) + inlined == rewritten
    return skips


@pytest.mark.parametrize(("case", "package", "tools"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_the_run_rewrites_the_tool_modules_as_the_after_tree(case, package, tools, tmp_path, monkeypatch, capsys):
    root = tmp_path / "run"
    shutil.copytree(CASES / case / "before", root)
    monkeypatch.chdir(root)
    skips = _agree(capsys, ".")
    (reason,) = set(skips.values())  # the helper's one question, inlined
    assert reason.startswith("asked in the helper ") and INLINED in reason
    assert migrate_main(["."]) == 0
    assert _files(root) == _files(CASES / case / "after")
    helpers = [p for p in (CASES / case / "before").rglob("*.py") if b".elicit(" in p.read_bytes()]
    assert helpers and all(
        (CASES / case / "after" / p.relative_to(CASES / case / "before")).read_bytes() == p.read_bytes()
        for p in helpers
    )  # the helper module is the same in both trees (never written)
    assert migrate_main(["."]) == 0 and _files(root) == _files(CASES / case / "after")  # idempotent


@pytest.mark.parametrize(("case", "package", "tools"), FIXTURES, ids=[f[0] for f in FIXTURES])
async def test_the_after_tree_behaves_as_the_before_tree(case, package, tools, tmp_path, monkeypatch):
    name = f"{package}_{tmp_path.name.replace('-', '_')}"
    for side in ("before", "after"):
        shutil.copytree(CASES / case / side / package, tmp_path / side / name)

    def imported(side: str) -> dict:
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.syspath_prepend(str(tmp_path / side))
        out = {module: importlib.import_module(f"{name}.{module}") for module, _, _ in tools}
        assert all(side in m.__file__ for m in out.values())
        return out

    original = imported("before")
    expected = {}
    for module, tool, args in tools:
        for script in SCRIPTS:
            outcome = await call(original[module], tool, "legacy", script, args)
            assert outcome.prompts  # the original asks
            expected[(tool, tuple(script))] = outcome
    rewritten = imported("after")
    for module, tool, args in tools:
        for script in SCRIPTS:
            for mode in ("legacy", "auto"):
                got = await call(rewritten[module], tool, mode, script, args)
                assert got == expected[(tool, tuple(script))], (tool, mode, script)


def _garden(root: Path, extra: dict[str, str] | None = None) -> Path:
    shutil.copytree(CASES / "two_callers" / "before", root)
    for name, text in (extra or {}).items():
        (root / "garden" / name).write_text(text)
    return root


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        # a call outside a tool: the helper keeps its context there, so no caller takes it
        ({"chores.py": "from .prompts import pick_bed\n\n\nasync def weekly(ctx):\n"
                       "    return await pick_bed(ctx, 'mint', 2)\n"}, "which tools in other modules call"),
        # a caller the copy refuses (two calls in one tool): no caller takes it (never a part)
        ({"sowing.py": (CASES / "two_callers" / "before" / "garden" / "sowing.py").read_text().replace(
            "    if not bed:\n", "    bed = bed or await pick_bed(ctx, plant, SEED_BEDS)\n    if not bed:\n")},
         "cannot inline it into them (garden/sowing.py: its caller `sow` calls it 2 times, not once)"),
        # its own module calls it too
        ({"prompts.py": (CASES / "two_callers" / "before" / "garden" / "prompts.py").read_text()
          + "\n\nasync def twice(ctx):\n    return await pick_bed(ctx, 'fig', 1)\n"},
         "cannot inline it into them (its own module reads it too (line 18))"),
    ],
    ids=["a-call-outside-a-tool", "a-caller-refused", "called-in-its-module"],
)
def test_no_caller_takes_the_question_unless_every_one_does(extra, reason, tmp_path, monkeypatch, capsys):
    root = _garden(tmp_path / "run", extra)
    monkeypatch.chdir(root)
    before = _files(root)
    skips = _agree(capsys, ".")
    assert not any(INLINED in r for r in skips.values())
    if reason is not None:
        assert any(reason in r for r in skips.values())
    migrate_main(["."])
    after = _files(root)
    for name in ("server.py", "sowing.py", "prompts.py"):
        assert after[f"garden/{name}"] == before[f"garden/{name}"], name


def test_a_single_file_run_does_not_see_the_helper_module(tmp_path, monkeypatch, capsys):
    """pre-commit passes the changed files: a tool module alone has no question,
    and the helper module alone has no caller (docs/checker.md)."""
    root = _garden(tmp_path / "run")
    monkeypatch.chdir(root)
    before = _files(root)
    checker, rewritten, skips = _verdicts(capsys, "garden/server.py")
    assert (checker, rewritten, skips) == ({}, 0, {})
    _, rewritten, skips = _verdicts(capsys, "garden/prompts.py")
    assert rewritten == 0 and not any(INLINED in r for r in skips.values())
    migrate_main(["garden/server.py"])
    assert _files(root) == before
