"""Behaviour preserved (issue 4 "Tests"): for every rewritable fixture, the original on
``mode="legacy"`` and the rewrite on ``mode="legacy"`` and ``mode="auto"`` give the
same questions (words and whole requested schema, as each era's wire carries it:
``Outcome.as_carried``) and results for the same scripted answers."""

from __future__ import annotations

import sys

import pytest

from .behaviour import SCRIPTS, call, call_sdk, load, load_sdk_original
from .cases import REWRITES, ROOT

RUNNABLE = [
    (case, tool, args)
    for case, spec in sorted(REWRITES.items())
    if not spec.get("sdk_ask") and not spec.get("mcp1")  # MCPServer on both sides: test_sdk_ask.py, test_mcp1_behaviour.py
    for tool, args in spec["calls"]
]
_modules: dict[str, tuple] = {}


def modules(case: str, tmp_dir: str):
    if case not in _modules:
        before = str(ROOT / case / "before.py")
        sdk = REWRITES[case].get("sdk")
        _modules[case] = (
            load_sdk_original(before, tmp_dir) if sdk else load(before),
            load(str(ROOT / case / "after.py")),
        )
    return _modules[case]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: "-".join(s))
@pytest.mark.parametrize(
    ("case", "tool", "args"), RUNNABLE, ids=lambda v: v if isinstance(v, str) else ""
)
async def test_same_questions_and_results(case, tool, args, script, tmp_path_factory):
    spec = REWRITES[case]
    original, rewritten = modules(case, str(tmp_path_factory.getbasetemp()))
    legacy = await call(rewritten, tool, "legacy", script, args)
    modern = await call(rewritten, tool, "auto", script, args)
    assert modern == legacy.as_carried("auto")
    if spec.get("original_fails"):
        assert (await call(original, tool, "legacy", script, args)).ok is False
        return
    if spec.get("sdk"):  # the SDK original, on both of its own transports
        expected = await call_sdk(original, tool, "legacy", script, args)
        assert await call_sdk(original, tool, "auto", script, args) == expected.as_carried("auto")
    else:
        expected = await call(original, tool, "legacy", script, args)
    assert legacy == expected


async def test_a_typing_typed_dict_fails_when_called_and_would_fail_declared_at_import():
    """Why ``skip_typing_typed_dict`` is left alone: before Python 3.12 pydantic refuses
    a ``typing.TypedDict``; the original loads and only its call fails, the declared
    form would stop the whole module at import (``@declared_elicitation``)."""
    from typing import Annotated

    from elicit_lint.runtime import Elicit, declared_elicitation

    original = load(str(ROOT / "skip_typing_typed_dict" / "before.py"))
    works = sys.version_info >= (3, 12)
    legacy = await call(original, "subscribe", "legacy", ["accept"])
    assert (legacy.ok, legacy.prompts != ()) == (works, works)  # fails before asking

    async def subscribe(s: Annotated[original.Subscriber, Elicit("Which address?")]) -> str:
        return s["email"]

    if works:
        declared_elicitation(subscribe)
    else:
        with pytest.raises(TypeError, match=r"marker of `s` in `subscribe` cannot be asked: .*typing_extensions"):
            declared_elicitation(subscribe)


@pytest.mark.parametrize(
    ("case", "tools"),
    [
        ("skip_no_response_type", ("delete_all", "reset")),
        ("skip_schema_keyword", ("age",)),
        ("skip_union_response_type", ("age", "height", "tags")),  # fresh5 F9
        ("skip_union_response_type", ("either", "maybe_age", "named_tags", "one_choice")),
    ],
)
async def test_a_call_without_response_type_fails_and_is_left_alone(case, tools):
    """The skip case's original never asks on FastMCP 4: each call is an error."""
    original = load(str(ROOT / case / "before.py"))
    for tool in tools:
        for mode in ("legacy", "auto"):
            assert (await call(original, tool, mode, ["accept"])).ok is False


async def test_notifications_before_the_question_reach_the_client_on_both_eras():
    """The log and progress notifications the original sends before asking are sent
    by the rewrite too (after the question), on both eras: the comparison above
    is not of two empty sets."""
    case = "notifications_before_question"
    original = load(str(ROOT / case / "before.py"))
    rewritten = load(str(ROOT / case / "after.py"))
    expected = await call(original, "release", "legacy", ["accept"], {"tag": "v2"})
    kinds = {n[:2] for n in expected.notifications}
    assert {("log", "info"), ("log", "debug"), ("progress", 1.0), ("progress", 3.0)} <= kinds
    for mode in ("legacy", "auto"):
        assert await call(rewritten, "release", mode, ["accept"], {"tag": "v2"}) == expected


@pytest.mark.parametrize(
    ("case", "tool", "arguments", "prompt"),
    [
        ("skip_held_context", "water_bed", {"bed": "b1"}, "Litres for bed b1?"),
        ("skip_passed_context", "prune", {"plant": "fig"}, "Prune fig?"),
        ("skip_passed_context", "repot", {"plant": "fig"}, "Repot fig?"),
        ("skip_aliased_elicit", "log_visit", {"keeper": "Ada"}, "Ship sighted by Ada?"),
        ("skip_context_none_check", "pick", {"tree": "t1"}, "Pick the apples of t1?"),
        ("skip_context_none_check", "prune", {"tree": "t1"}, "Prune t1?"),
        ("skip_context_none_check", "assign", {"row": 3}, "Who picks row 3?"),
    ],
)
async def test_a_held_or_passed_context_asks_on_legacy_and_fails_on_modern(case, tool, arguments, prompt):
    """Why MCP001 reports ``self.desk.elicit`` and an unannotated helper parameter
    filled with a context: the original asks on the handshake era and fails on
    2026-07-28 (``mode="auto"``), like any ``ctx.elicit``."""
    original = load(str(ROOT / case / "before.py"))
    legacy = await call(original, tool, "legacy", ["accept"], arguments)
    assert legacy.ok and legacy.prompts == (prompt,)
    modern = await call(original, tool, "auto", ["accept"], arguments)
    assert not modern.ok and modern.prompts == ()
