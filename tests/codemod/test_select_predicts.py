"""``elicit-migrate --select KIND``: ``--check`` (the plan alone) predicts what a
write does, and the write's own verification ignores the kinds left unselected
(fresh5 F14: "the rewrite still has rewritable sites" on a file with other kinds)."""

from __future__ import annotations

import shutil

import pytest

from elicit_lint.codemod.engine import Options, migrate_file

from .cases import REWRITES, ROOT

RUNTIME = sorted(c for c, spec in REWRITES.items() if "target" not in spec)


@pytest.mark.parametrize("kind", ["question", "quoting"])
@pytest.mark.parametrize("case", RUNTIME)
def test_check_predicts_the_write_for_one_selected_kind(tmp_path, case, kind):
    path = tmp_path / "case.py"
    shutil.copy(ROOT / case / "before.py", path)
    select = frozenset({kind})
    checked = migrate_file(str(path), Options(select=select, write=False))
    written = migrate_file(str(path), Options(select=select))
    assert written.status != "failed", written.error
    assert (checked.status == "would-rewrite") == (written.status == "rewritten"), (
        checked,
        written,
    )
    assert checked.rewritten == written.rewritten
    assert [s.reason for s in checked.skips] == [s.reason for s in written.skips]


def test_a_file_with_several_kinds_is_rewritten_for_the_selected_one(tmp_path):
    """The F14 shape: a literal question and a quoting one in one file."""
    path = tmp_path / "case.py"
    shutil.copy(ROOT / "question_fixed_names" / "before.py", path)
    written = migrate_file(str(path), Options(select=frozenset({"question"})))
    assert written.status == "rewritten" and written.rewritten == 1, written
    text = path.read_text()
    assert "Elicit(PROMPT)" in text and "await ctx.elicit(" in text
