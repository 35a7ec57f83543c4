"""Differential test of the safety contract (issue 11 item 4).

Hypothesis builds variants of the fixture tools from independent parts
(``variants.py``): what runs before the question (pure lines, rebound arguments,
gates, lines that may raise, ``print``, client notifications), the question, the
call shape, the response type (choice lists and ``Literal`` among them), how the
result is read (the outcome tests of the fixtures, ``match``, decline told from
cancel, ``.action`` as data, the result passed on, truth tests), a later question
(one reading the first's ``.data``), a wrap (a guard on the arguments, the
backfill written out, a private helper that asks) and the registration
(``@mcp.tool`` or ``mcp.add_tool``). Each variant goes through
``elicit-migrate``; a variant left alone must be byte-for-byte the same, a
rewritten one must ask the same questions (text, order, whole schema as carried),
send the same notifications and give the same success and result as the
original on the handshake era, on both eras, for every answer script and
argument set, through a real ``fastmcp.Client``. Any difference fails. The SDK
side is ``test_differential_sdk.py``.

The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised). A longer, random run:

    DIFFERENTIAL_EXAMPLES=400 python -m pytest -q tests/codemod/test_differential.py
"""

from __future__ import annotations

import ast

import pytest
from hypothesis import given

from elicit_lint.analysis.plan import plan_module
from elicit_lint.codemod.engine import Options, transform_text
from elicit_lint.model import build_model

from .behaviour import call
from .differential import DIFFERENTIAL, check
from .variants import (
    CALLS,
    HEADER,
    PRELUDES,
    QUESTIONS,
    READS,
    SECONDS,
    build,
    variants,
)


def _check(source: str) -> None:
    check(source, call, "functions")


@DIFFERENTIAL
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


@pytest.mark.parametrize(
    ("parts", "rewritten"),
    [
        # client notifications before the question (sent after it once rewritten)
        ({"prelude": "info", "read": "decline_vs_cancel"}, True),
        (
            {"prelude": "progress", "type_": 'Literal["small", "large"]', "read": "match_action"},
            True,
        ),
        (
            {
                "prelude": "log_quoting",
                "question": "quoting",
                "read": "elif_chain",
                "type_": '["small", "large"]',
            },
            True,
        ),
        # lines that may raise on an Optional argument or a text that is no number
        ({"prelude": "optional_method"}, False),
        ({"prelude": "int_parse"}, False),
        # the result passed on, a tool registered by `mcp.add_tool(tool)`
        ({"read": "passed_on", "register": "add_tool"}, True),
        # a later question; the first answer read after it, or quoted by it
        ({"second": "after_decline_return", "read": "data_truth"}, True),
        ({"second": "quoting_answer", "read": "truth"}, True),
        ({"second": "choice", "read": "not_truth", "type_": "bool"}, True),
        ({"second": "quoting_rebound"}, False),
        # private helpers that ask for the tool (inlined), and one with its own gate
        (
            {
                "wrap": "helper",
                "helper": "bool_and",
                "use": "if_not",
                "question": "quoting",
                "type_": "bool",
            },
            True,
        ),
        (
            {
                "wrap": "guarded_helper",
                "guard": "not",
                "helper": "none_on_decline",
                "use": "keywords",
            },
            True,
        ),
        ({"wrap": "helper", "helper": "kept_whole", "register": "add_tool"}, True),
        ({"wrap": "helper", "helper": "gated"}, False),
        # a helper asking for two tools (variants.OTHER): both rewritten, each with
        # its own question, or neither when one tool cannot be
        ({"wrap": "helper", "helper": "quotes_text", "callers": "two"}, True),
        (
            {
                "wrap": "helper",
                "helper": "bool_and",
                "use": "if_not",
                "question": "quoting",
                "type_": "bool",
                "callers": "two",
            },
            True,
        ),
        ({"wrap": "helper", "helper": "none_on_decline", "use": "keywords", "callers": "two"}, True),
        ({"wrap": "helper", "callers": "two", "prelude": "unknown_call"}, False),
        # a statement with effects between the guard and the question
        ({"wrap": "guard", "guard": "strip_len", "inner_prelude": "info"}, False),
        # a question that raises on a None argument, under a guard: a method call on
        # a value of unknown type may give another text each round (fresh5 F8b), so
        # the question is not moved into a resolver
        ({"wrap": "guard", "guard": "is_none", "question": "method"}, False),
        # compound backfill tests, one naming another argument
        ({"wrap": "backfill", "guard": "or_other", "backfill": "no_return"}, True),
        ({"wrap": "backfill", "guard": "in_tuple", "type_": 'Literal["small", "large"]'}, True),
        # the result bound to a name the tool already uses
        ({"result": "value", "read": "match"}, True),
        ({"result": "name", "question": "quoting"}, False),
        # gates reading a rebound argument or a local
        ({"prelude": "rebind_then_gate"}, False),
        ({"prelude": "local_gate"}, False),
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()) if isinstance(v, dict) else str(v),
)
def test_shapes_of_the_last_sessions(parts, rewritten):
    """Issue 11's shapes on every CI run (the generator draws them only sometimes)."""
    source = build(**parts)
    assert (transform_text(source, "t.py", Options())[0] != source) is rewritten
    _check(source)


@pytest.mark.parametrize(
    ("parts", "rewritten"),
    [
        # fresh7 HIGH-4: the one-line backfill after an early exit that fires where
        # it would ask: an `assert`, a test of another argument, `if ...: raise`, an
        # earlier answer's decline branch (the rewrite asked anyway)
        ({"wrap": "one_line", "guard": "not", "prelude": "assert"}, True),
        ({"wrap": "one_line", "guard": "not", "prelude": "word_gate"}, True),
        ({"wrap": "one_line", "guard": "not", "prelude": "raise_gate", "question": "len"}, True),
        ({"wrap": "one_line", "guard": "is_none", "prelude": "answer_gate"}, True),
        ({"wrap": "one_line", "guard": "not", "prelude": "none"}, True),
        # exits no resolver copies: inside a loop, or on their own
        ({"wrap": "one_line", "guard": "not", "prelude": "loop_exit"}, False),
        ({"wrap": "one_line", "guard": "is_none", "prelude": "bare_raise"}, False),
        # the other question shapes after the same exits
        ({"prelude": "answer_gate", "read": "data_only"}, True),
        ({"wrap": "guard", "guard": "not", "prelude": "raise_gate"}, True),
        ({"prelude": "loop_exit"}, False),
        # fresh8 F4: an optional earlier answer read only by an exit that fires on
        # one accepted value or on a decline for some arguments only: the later
        # question is still asked after its decline (the rewrite skipped it)
        ({"prelude": "answer_value_gate"}, True),
        ({"prelude": "answer_text_gate", "read": "data_only"}, True),
        ({"prelude": "answer_arg_gate"}, True),
        ({"prelude": "answer_value_gate", "wrap": "guard", "guard": "not"}, True),
        ({"prelude": "answer_arg_gate", "wrap": "one_line", "guard": "is_none"}, True),
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()) if isinstance(v, dict) else str(v),
)
def test_one_line_backfill_after_exits(parts, rewritten):
    """The one-line backfill gets the gates every other question gets, on every CI run."""
    source = build(**parts)
    assert (transform_text(source, "t.py", Options())[0] != source) is rewritten
    _check(source)


@pytest.mark.parametrize(
    ("parts", "rewritten"),
    [
        # fresh7 HIGH-2: a required answer read before a later question (the
        # original stops at the read on decline/cancel; the rewrite asked both)
        ({"read": "data_only", "second": "after_read"}, True),
        ({"wrap": "one_line", "guard": "not", "second": "literal"}, True),
        ({"wrap": "one_line", "guard": "is_none", "second": "choice"}, True),
        ({"wrap": "one_line", "guard": "not", "prelude": "answer_gate", "second": "literal"}, True),
        ({"wrap": "one_line", "guard": "not", "prelude": "word_gate", "second": "choice"}, True),
        # quoting the backfilled argument: the body rebinds it first
        ({"wrap": "one_line", "guard": "is_none", "second": "quoting"}, False),
        # both asked before either is read: the original asks both too
        ({"read": "data_only", "second": "literal"}, True),
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()) if isinstance(v, dict) else str(v),
)
def test_a_refusal_that_ends_the_call_before_a_later_question(parts, rewritten):
    """A later question is asked only where the original reaches it, on every CI run."""
    source = build(**parts)
    assert (transform_text(source, "t.py", Options())[0] != source) is rewritten
    _check(source)


@pytest.mark.parametrize(
    "parts",
    [
        # fix7a's report: a tool question before a helper's question the codemod
        # does not inline (the tool's was rewritten, the helper's `ctx.elicit`
        # stayed and raised on the modern era); now the tool is refused whole
        {"wrap": "helper", "prelude": "answer_gate"},
        {"wrap": "helper", "prelude": "answer_gate", "helper": "bool_and", "use": "if_not"},
        {"wrap": "helper", "prelude": "answer_gate", "callers": "two"},
    ],
    ids=lambda v: "-".join(str(x) for x in v.values()),
)
def test_tool_question_beside_a_helper_not_inlined(parts):
    """The tool and the helper both stay as they are, and the tool's skip names the helper."""
    source = build(**parts)
    assert transform_text(source, "t.py", Options())[0] == source
    reasons = [s.reason for s in plan_module(build_model(ast.parse(source), source, "t.py")).skips]
    assert any(r.startswith("another question this tool asks through `_ask` (line ") for r in reasons)
    _check(source)
