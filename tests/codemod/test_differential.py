"""Differential test of the safety contract (issue 11 item 4).

Hypothesis builds variants of the fixture tools from independent parts: what runs
before the question (nothing, a pure assignment, an argument rebound, a gate, a
``print``), the question (literal or quoting an argument), the call shape
(keyword, positional, ``**kwargs``), how the result is read (``.data`` only, the
outcome tests of the fixtures, ``match``, decline told from cancel, truth tests of
the result object) and an optional second question. Each variant goes through
``elicit-migrate``; a variant left alone must be byte-for-byte the same, a
rewritten one must ask the same questions and return the same results as the
original on the handshake era, on both eras, for every answer script and
argument set. Any difference fails.

The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised). A longer, random run:

    DIFFERENTIAL_EXAMPLES=400 python -m pytest -q tests/codemod/test_differential.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, call, load

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "8"))

HEADER = """\
from fastmcp import Context, FastMCP
from fastmcp.server.elicitation import AcceptedElicitation

mcp = FastMCP("Variants")


@mcp.tool
async def tool(ctx: Context, name: str | None = None, word: str = "ab ") -> str:
"""

TYPES = ["str", "int", "bool", '["small", "large"]']

PRELUDES = {
    "none": [],
    "pure": ['label = "x"'],
    "rebind": ['name = name or "friend"'],
    "rebind_if": ["if name is None:", '    name = "friend"'],
    "gate": ['if name == "stop":', '    return "stopped"'],
    "walrus_gate": ['if (name := name or "friend") == "stop":', '    return "stopped"'],
    "call_gate": ['if len(name or "") > 3:', '    return "long"'],
    "print": ['print("asking")'],
    "str_local": ["text = word.strip().lower()"],
}

QUESTIONS = {"literal": '"Value?"', "quoting": 'f"Value for {name}?"'}

CALLS = {
    "keyword": "await ctx.elicit({q}, response_type={t})",
    "positional": "await ctx.elicit({q}, {t})",
    "kwargs": 'await ctx.elicit({q}, **{{"response_type": {t}}})',
}

# how the result ``r`` is read; every branch returns a text telling outcomes apart
READS = {
    "action_eq": [
        'if r.action == "accept":',
        "    return f\"got {r.data!r}{tail}\"",
        'return "none"',
    ],
    "action_ne": [
        'if r.action != "accept":',
        '    return "none"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "action_in": [
        'if r.action in ("decline", "cancel"):',
        '    return "none"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "isinstance": [
        "if isinstance(r, AcceptedElicitation):",
        "    return f\"got {r.data!r}{tail}\"",
        'return "none"',
    ],
    "match": [
        "match r:",
        "    case AcceptedElicitation(data=value):",
        "        return f\"got {value!r}{tail}\"",
        "    case _:",
        '        return "none"',
    ],
    "ifexp": ["return f\"got {r.data!r}{tail}\" if r.action == \"accept\" else \"none\""],
    "data_only": ["return f\"got {r.data!r}{tail}\""],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        "return f\"got {r.data!r}{tail}\"",
    ],
    "truth": ["if r:", "    return f\"got {r.data!r}{tail}\"", 'return "none"'],
    "not_truth": ["if not r:", '    return "none"', "return f\"got {r.data!r}{tail}\""],
    "bool_call": [
        "ok = bool(r) and r.action == \"accept\"",
        "return f\"got {r.data!r}{tail}\" if ok else \"none\"",
    ],
    # `.data` on a path decline/cancel reaches (fresh user F3): the original
    # raises `AttributeError` there, so must the rewrite
    "data_unguarded": [
        'if r.action == "accept" and not r.data:',
        '    return "falsy"',
        "if r.data:",
        "    return f\"got {r.data!r}{tail}\"",
        'return "other"',
    ],
    "data_before_test": [
        "value = r.data",
        'if r.action != "accept":',
        '    return "none"',
        "return f\"got {value!r}{tail}\"",
    ],
    "data_on_one_path": [
        'if word == "ab ":',
        "    return f\"got {r.data!r}{tail}\"",
        'return "other"',
    ],
    "or_value": [
        'if r.action == "accept":',
        "    return f\"got {(r or None).data!r}{tail}\"",
        'return "none"',
    ],
}

SECONDS = {
    "none": [],
    "literal": ['s = await ctx.elicit("Also?", response_type=str)'],
    "quoting": ['s = await ctx.elicit(f"Also for {name}?", response_type=str)'],
}

# the question asked first in an `if` block (issue 11 item 3): a guard on the
# argument around the question and its reads (the tool returns "skipped" when the
# test is false), or the backfill written out (`name = r.data` after a decline
# branch, the tool then returns `name`); the tests include ones the rewrite must
# refuse (a call with effects, `:=`, a subscript)
GUARDS = {
    "is_none": "name is None",
    "not": "not name",
    "none_or_empty": 'name is None or name == ""',
    "equals": 'name == "stop"',
    "not_equals": 'name != "stop"',
    "call": 'print("checking") is None',
    "attribute": "ctx.is_background_task",
    "walrus": '(n := name) == "stop"',
    "subscript": 'name[0] == "s"',
    "strip_len": "len(word.strip()) < 3",
    "local_len": 'len(text) < 3 and text != "x"',
    "str_test": 'word.startswith("ab")',
}

BACKFILL_READS = {
    "decline_return": ['if r.action != "accept":', '    return "none"', "name = r.data"],
    "if_else": [
        'if r.action == "accept":',
        "    name = r.data",
        "else:",
        '    return "none"',
    ],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        "name = r.data",
    ],
    "no_return": ['name = r.data if r.action == "accept" else "nobody"'],
}

WRAPS = ("none", "guard", "backfill")

ARGUMENTS = ({}, {"name": "stop"}, {"name": "Ada", "word": "long words"}, {"name": ""})


def build(
    *,
    prelude: str = "none",
    question: str = "literal",
    shape: str = "keyword",
    type_: str = "str",
    read: str = "action_eq",
    second: str = "none",
    wrap: str = "none",
    guard: str = "is_none",
    backfill: str = "decline_return",
) -> str:
    """The source of one module with one tool ``tool`` from the named parts."""
    tail = ""
    ask = "r = " + CALLS[shape].format(q=QUESTIONS[question], t=type_)
    if wrap == "backfill":
        inner = [ask, *BACKFILL_READS[backfill]]
        after = ['return f"got {name!r}"']
    else:
        inner = [ask, *SECONDS[second]]
        if SECONDS[second]:
            inner.append('extra = s.data if s.action == "accept" else None')
            tail = " {extra!r}"
        inner += [line.replace("{tail}", tail) for line in READS[read]]
        after = ['return "skipped"']
    lines = list(PRELUDES[prelude])
    if wrap == "backfill" and SECONDS[second]:  # a later question, after the `if`
        after = [*SECONDS[second], 'return f"got {name!r} {s.action}"']
    if wrap == "none":
        lines += inner
    else:
        lines += [f"if {GUARDS[guard]}:", *(f"    {line}" for line in inner), *after]
    return HEADER + "".join(f"    {line}\n" for line in lines)


@st.composite
def variants(draw) -> str:
    """The source of one module with one tool ``tool`` (see module docstring)."""
    wrap = draw(st.sampled_from(WRAPS))
    guards = ["is_none", "not", "none_or_empty"] if wrap == "backfill" else sorted(GUARDS)
    return build(
        prelude=draw(st.sampled_from(sorted(PRELUDES))),
        question=draw(st.sampled_from(sorted(QUESTIONS))),
        shape=draw(st.sampled_from(sorted(CALLS))),
        type_=draw(st.sampled_from(TYPES)),
        read=draw(st.sampled_from(sorted(READS))),
        second=draw(st.sampled_from(sorted(SECONDS))),
        wrap=wrap,
        guard=draw(st.sampled_from(guards)),
        backfill=draw(st.sampled_from(sorted(BACKFILL_READS))),
    )


async def _outcomes(module, mode: str):
    return [
        await call(module, "tool", mode, list(script), dict(arguments))
        for arguments in ARGUMENTS
        for script in SCRIPTS
    ]


def _note(text: str) -> None:
    try:
        event(text)
    except InvalidArgument:  # called outside a Hypothesis test
        pass


def _check(source: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        before = os.path.join(tmp, "before.py")
        with open(before, "w", encoding="utf-8") as out:
            out.write(source)
        new, plan = transform_text(source, before, Options())
        if new == source:  # skipped: byte-for-byte, with a reason for the site
            assert plan is not None and plan.skips and not plan.functions, source
            _note("skipped: " + plan.skips[0].reason.split(" (")[0][:60])
            return
        _note("rewritten")
        after = os.path.join(tmp, "after.py")
        with open(after, "w", encoding="utf-8") as out:
            out.write(new)
        original, rewritten = load(before), load(after)

        async def run():
            expected = await _outcomes(original, "legacy")
            assert await _outcomes(rewritten, "legacy") == expected, new
            assert await _outcomes(rewritten, "auto") == [e.as_carried("auto") for e in expected], new

        asyncio.run(run())


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=EXAMPLES <= 8,  # CI: the same variants every run
)
@given(variants())
def test_rewrite_keeps_behaviour_of_generated_variants(source):
    _check(source)


def test_the_generator_yields_rewrites_and_skips():
    """Guards the differential test against a generator whose variants are all
    skipped (it would then compare nothing): one plain variant is rewritten and
    behaves the same, one `**kwargs` call is skipped."""
    plain = HEADER + "".join(
        f"    {line}\n"
        for line in [
            "r = " + CALLS["keyword"].format(q=QUESTIONS["quoting"], t="int"),
            *[line.replace("{tail}", "") for line in READS["action_eq"]],
        ]
    )
    assert transform_text(plain, "t.py", Options())[0] != plain
    _check(plain)
    starred = plain.replace(
        CALLS["keyword"].format(q=QUESTIONS["quoting"], t="int"),
        CALLS["kwargs"].format(q=QUESTIONS["quoting"], t="int"),
    )
    assert starred != plain
    assert transform_text(starred, "t.py", Options())[0] == starred


_GATED = HEADER + "".join(
    f"    {line}\n"
    for line in [
        *PRELUDES["call_gate"],
        "r = " + CALLS["keyword"].format(q=QUESTIONS["literal"], t="str"),
        *SECONDS["literal"],
        'extra = s.data if s.action == "accept" else None',
    ]
)


@pytest.mark.parametrize(
    "last",
    [
        # a required answer behind a gate: `T | None` without a default
        ['return f"got {r.data!r} {extra!r}"'],
        # a result kept whole behind a gate: refused (the gate's None is no outcome)
        [
            'ok = bool(r) and r.action == "accept"',
            'return f"got {r.data!r} {extra!r}" if ok else "none"',
        ],
    ],
    ids=["required", "kept-whole"],
)
def test_regressions_found_by_longer_runs(last):
    _check(_GATED + "".join(f"    {line}\n" for line in last))


@pytest.mark.parametrize(
    ("parts", "rewritten"),
    [
        # the backfill written out, each test and decline form (issue 11 item 3)
        ({"wrap": "backfill", "guard": "is_none", "type_": "int"}, True),
        ({"wrap": "backfill", "guard": "not", "backfill": "if_else"}, True),
        ({"wrap": "backfill", "guard": "none_or_empty", "question": "quoting"}, True),
        # decline told from cancel: kept whole, the argument stands in when not asked
        ({"wrap": "backfill", "guard": "is_none", "backfill": "decline_vs_cancel"}, True),
        # ... but not as a `Literal` answer (the argument may be any text)
        (
            {
                "wrap": "backfill",
                "guard": "not",
                "backfill": "decline_vs_cancel",
                "type_": '["small", "large"]',
            },
            False,
        ),
        # a question under a test of the argument, after a gate and a pure line
        ({"wrap": "guard", "guard": "not_equals", "prelude": "gate", "read": "match"}, True),
        ({"wrap": "guard", "guard": "equals", "read": "data_only", "type_": "bool"}, True),
        ({"wrap": "guard", "guard": "not", "prelude": "pure", "read": "ifexp"}, True),
        # a later question after a written-out backfill whose decline returns:
        # refused (the rewrite would ask it up front)
        ({"wrap": "backfill", "guard": "is_none", "second": "literal"}, False),
        # ... but is asked after one whose block cannot end the call
        ({"wrap": "backfill", "guard": "not", "backfill": "no_return", "second": "literal"}, True),
        # `str` methods on a `str` argument, and a local computed from one
        ({"wrap": "guard", "guard": "strip_len", "read": "action_ne"}, True),
        ({"wrap": "guard", "guard": "local_len", "prelude": "str_local"}, True),
        ({"wrap": "guard", "guard": "str_test", "read": "isinstance", "type_": "int"}, True),
        # refused: a test with effects, `:=`, a subscript, a rebound argument
        ({"wrap": "guard", "guard": "call"}, False),
        ({"wrap": "guard", "guard": "walrus"}, False),
        ({"wrap": "guard", "guard": "subscript"}, False),
        ({"wrap": "guard", "guard": "equals", "prelude": "rebind"}, False),
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()) if isinstance(v, dict) else str(v),
)
def test_guarded_variants(parts, rewritten):
    """The guarded shapes on every CI run (the generator draws them only sometimes)."""
    source = build(**parts)
    assert (transform_text(source, "t.py", Options())[0] != source) is rewritten
    _check(source)


@pytest.mark.parametrize(
    "parts",
    [
        {"read": "data_unguarded", "type_": "bool"},
        {"read": "data_before_test"},
        {"read": "data_on_one_path", "type_": "int"},
        {"read": "data_unguarded", "wrap": "guard", "guard": "not"},
        {"read": "data_before_test", "second": "literal"},
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()),
)
def test_data_reads_on_unguarded_paths(parts):
    """Fresh user F3 on every CI run: `.data` read where decline or cancel may
    reach it (the original raises `AttributeError` there); whatever the rewrite
    does, it behaves the same on both eras."""
    _check(build(**parts))
