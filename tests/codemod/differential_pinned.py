"""The differential test's pinned shapes (``test_differential.test_pinned_shapes``):
one table, why each shape is pinned (the finding or the shape), the parts for
``variants.build`` and whether the codemod rewrites it (``None``: either verdict,
the same behaviour). Shapes the generator draws only sometimes, on every CI run."""

from __future__ import annotations

# the pinned shapes: why (the finding or shape), then the parts for variants.build
# and whether the codemod rewrites them (None: either verdict, same behaviour)
PINNED_BY_WHY: list[tuple[str, list[tuple[dict, bool | None]]]] = [
    (
        "the backfill written out, each test and decline form (issue 11 item 3)",
        [
            ({"wrap": "backfill", "guard": "is_none", "type_": "int"}, True),
            ({"wrap": "backfill", "guard": "not", "backfill": "if_else"}, True),
            ({"wrap": "backfill", "guard": "none_or_empty", "question": "quoting"}, True),
        ],
    ),
    (
        "decline told from cancel: kept whole, the argument stands in when not asked",
        [
            ({"wrap": "backfill", "guard": "is_none", "backfill": "decline_vs_cancel"}, True),
        ],
    ),
    (
        (
            "decline told from cancel in a written-out backfill: not as a `Literal` answer (the "
            "argument may be any text)"
        ),
        [
            (
                {
                    "wrap": "backfill",
                    "guard": "not",
                    "backfill": "decline_vs_cancel",
                    "type_": '["small", "large"]',
                },
                False,
            ),
        ],
    ),
    (
        "a question under a test of the argument, after a gate and a pure line",
        [
            ({"wrap": "guard", "guard": "not_equals", "prelude": "gate", "read": "match"}, True),
            ({"wrap": "guard", "guard": "equals", "read": "data_only", "type_": "bool"}, True),
            ({"wrap": "guard", "guard": "not", "prelude": "pure", "read": "ifexp"}, True),
        ],
    ),
    (
        (
            "a later question after a written-out backfill whose decline returns: refused (the "
            "rewrite would ask it up front)"
        ),
        [
            ({"wrap": "backfill", "guard": "is_none", "second": "literal"}, False),
        ],
    ),
    (
        "a later question after a written-out backfill whose block cannot end the call: asked",
        [
            (
                {"wrap": "backfill", "guard": "not", "backfill": "no_return", "second": "literal"},
                True,
            ),
        ],
    ),
    (
        "`str` methods on a `str` argument, and a local computed from one",
        [
            ({"wrap": "guard", "guard": "strip_len", "read": "action_ne"}, True),
            ({"wrap": "guard", "guard": "local_len", "prelude": "str_local"}, True),
            ({"wrap": "guard", "guard": "str_test", "read": "isinstance", "type_": "int"}, True),
        ],
    ),
    (
        "refused: a test with effects, `:=`, a subscript, a rebound argument",
        [
            ({"wrap": "guard", "guard": "call"}, False),
            ({"wrap": "guard", "guard": "walrus"}, False),
            ({"wrap": "guard", "guard": "subscript"}, False),
            ({"wrap": "guard", "guard": "equals", "prelude": "rebind"}, False),
        ],
    ),
    (
        (
            "fresh user F3: `.data` read where decline or cancel may reach it; either verdict, "
            "same behaviour"
        ),
        [
            ({"read": "data_unguarded", "type_": "bool"}, None),
            ({"read": "data_before_test"}, None),
            ({"read": "data_on_one_path", "type_": "int"}, None),
            ({"read": "data_unguarded", "wrap": "guard", "guard": "not"}, None),
            ({"read": "data_before_test", "second": "literal"}, None),
        ],
    ),
    (
        "client notifications before the question (sent after it once rewritten)",
        [
            ({"prelude": "info", "read": "decline_vs_cancel"}, True),
            (
                {
                    "prelude": "progress",
                    "type_": 'Literal["small", "large"]',
                    "read": "match_action",
                },
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
        ],
    ),
    (
        "lines that may raise on an Optional argument or a text that is no number",
        [
            ({"prelude": "optional_method"}, False),
            ({"prelude": "int_parse"}, False),
        ],
    ),
    (
        "the result passed on, a tool registered by `mcp.add_tool(tool)`",
        [
            ({"read": "passed_on", "register": "add_tool"}, True),
        ],
    ),
    (
        "a later question; the first answer read after it, or quoted by it",
        [
            ({"second": "after_decline_return", "read": "data_truth"}, True),
            ({"second": "quoting_answer", "read": "truth"}, True),
            ({"second": "choice", "read": "not_truth", "type_": "bool"}, True),
            ({"second": "quoting_rebound"}, False),
        ],
    ),
    (
        "private helpers that ask for the tool (inlined), and one with its own gate",
        [
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
        ],
    ),
    (
        (
            "a helper asking for two tools (variants.OTHER): both rewritten, each with its own "
            "question, or neither when one tool cannot be"
        ),
        [
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
            (
                {
                    "wrap": "helper",
                    "helper": "none_on_decline",
                    "use": "keywords",
                    "callers": "two",
                },
                True,
            ),
            ({"wrap": "helper", "callers": "two", "prelude": "unknown_call"}, False),
        ],
    ),
    (
        "a statement with effects between the guard and the question",
        [
            ({"wrap": "guard", "guard": "strip_len", "inner_prelude": "info"}, False),
        ],
    ),
    (
        (
            "a question that raises on a None argument, under a guard: a method call on a value "
            "of unknown type may give another text each round (fresh5 F8b), so the question is "
            "not moved into a resolver"
        ),
        [
            ({"wrap": "guard", "guard": "is_none", "question": "method"}, False),
        ],
    ),
    (
        "compound backfill tests, one naming another argument",
        [
            ({"wrap": "backfill", "guard": "or_other", "backfill": "no_return"}, True),
            ({"wrap": "backfill", "guard": "in_tuple", "type_": 'Literal["small", "large"]'}, True),
        ],
    ),
    (
        "the result bound to a name the tool already uses",
        [
            ({"result": "value", "read": "match"}, True),
            ({"result": "name", "question": "quoting"}, False),
        ],
    ),
    (
        "gates reading a rebound argument or a local",
        [
            ({"prelude": "rebind_then_gate"}, False),
            ({"prelude": "local_gate"}, False),
        ],
    ),
    (
        (
            "fresh7 HIGH-4: the one-line backfill after an early exit that fires where it would "
            "ask: an `assert`, a test of another argument, `if ...: raise`, an earlier answer's "
            "decline branch (the rewrite asked anyway)"
        ),
        [
            ({"wrap": "one_line", "guard": "not", "prelude": "assert"}, True),
            ({"wrap": "one_line", "guard": "not", "prelude": "word_gate"}, True),
            (
                {"wrap": "one_line", "guard": "not", "prelude": "raise_gate", "question": "len"},
                True,
            ),
            ({"wrap": "one_line", "guard": "is_none", "prelude": "answer_gate"}, True),
            ({"wrap": "one_line", "guard": "not", "prelude": "none"}, True),
        ],
    ),
    (
        "exits no resolver copies: inside a loop, or on their own",
        [
            ({"wrap": "one_line", "guard": "not", "prelude": "loop_exit"}, False),
            ({"wrap": "one_line", "guard": "is_none", "prelude": "bare_raise"}, False),
        ],
    ),
    (
        "the other question shapes after the same exits",
        [
            ({"prelude": "answer_gate", "read": "data_only"}, True),
            ({"wrap": "guard", "guard": "not", "prelude": "raise_gate"}, True),
            ({"prelude": "loop_exit"}, False),
        ],
    ),
    (
        (
            "fresh8 F4: an optional earlier answer read only by an exit that fires on one "
            "accepted value or on a decline for some arguments only: the later question is still "
            "asked after its decline (the rewrite skipped it)"
        ),
        [
            ({"prelude": "answer_value_gate"}, True),
            ({"prelude": "answer_text_gate", "read": "data_only"}, True),
            ({"prelude": "answer_arg_gate"}, True),
            ({"prelude": "answer_value_gate", "wrap": "guard", "guard": "not"}, True),
            ({"prelude": "answer_arg_gate", "wrap": "one_line", "guard": "is_none"}, True),
        ],
    ),
    (
        (
            "fresh7 HIGH-2: a required answer read before a later question (the original stops at "
            "the read on decline/cancel; the rewrite asked both)"
        ),
        [
            ({"read": "data_only", "second": "after_read"}, True),
            ({"wrap": "one_line", "guard": "not", "second": "literal"}, True),
            ({"wrap": "one_line", "guard": "is_none", "second": "choice"}, True),
            (
                {"wrap": "one_line", "guard": "not", "prelude": "answer_gate", "second": "literal"},
                True,
            ),
            (
                {"wrap": "one_line", "guard": "not", "prelude": "word_gate", "second": "choice"},
                True,
            ),
        ],
    ),
    (
        "quoting the backfilled argument: the body rebinds it first",
        [
            ({"wrap": "one_line", "guard": "is_none", "second": "quoting"}, False),
        ],
    ),
    (
        "both asked before either is read: the original asks both too",
        [
            ({"read": "data_only", "second": "literal"}, True),
        ],
    ),
    (
        "an answer never read: optional, the original goes on after a decline (fix13)",
        [
            ({"read": "never_read"}, True),
            ({"read": "never_read", "second": "literal", "type_": "bool"}, True),
        ],
    ),
    (
        (
            "fix7a's report: a tool question before a helper's question the codemod does not "
            "inline (the tool's was rewritten, the helper's `ctx.elicit` stayed and raised on the "
            "modern era); now the tool is refused whole"
        ),
        [
            ({"wrap": "helper", "prelude": "answer_gate"}, False),
            (
                {"wrap": "helper", "prelude": "answer_gate", "helper": "bool_and", "use": "if_not"},
                False,
            ),
            ({"wrap": "helper", "prelude": "answer_gate", "callers": "two"}, False),
        ],
    ),
]
PINNED = [(why, parts, rewritten) for why, rows in PINNED_BY_WHY for parts, rewritten in rows]
