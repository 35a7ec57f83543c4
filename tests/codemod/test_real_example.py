"""The rewritten fastmcp 4.2.3 ``examples/elicitation.py`` serves greet and survey on
both eras with the original's handshake-era results (issue 4, "Real input")."""

from __future__ import annotations

import shutil

import pytest

from elicit_lint.codemod.engine import Options, migrate_file

from .behaviour import SCRIPTS, call, load


@pytest.fixture(scope="module")
def modules(tmp_path_factory, fastmcp_sdist):
    example = fastmcp_sdist / "examples" / "elicitation.py"
    tmp = tmp_path_factory.mktemp("real")
    before, after = tmp / "before.py", tmp / "after.py"
    shutil.copy(example, before)
    shutil.copy(example, after)
    outcome = migrate_file(str(after), Options())
    assert outcome.status == "rewritten" and outcome.rewritten == 2, outcome
    return load(str(before)), load(str(after))


@pytest.mark.parametrize("tool", ["greet", "survey"])
@pytest.mark.parametrize("script", SCRIPTS[:4], ids=str)
async def test_same_outcomes_on_both_eras(modules, tool, script):
    original, rewritten = modules
    expected = await call(original, tool, "legacy", script)
    assert await call(rewritten, tool, "legacy", script) == expected
    assert await call(rewritten, tool, "auto", script) == expected.as_carried("auto")
