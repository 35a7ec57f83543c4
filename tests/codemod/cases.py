"""The fixture cases under ``fixtures/codemod/<case>/`` and how to drive them.

Every case has ``before.py`` (the input) and ``after.py`` (the exact expected
output; equal to ``before.py`` for a skip). ``REWRITES`` says, for each rewrite
case, which tools to call with which arguments in the behaviour tests (and, under
``"skips"``, the reasons of sites the case leaves alone); ``SKIPS``
the reason each skip case must report (a list: one per site, in source order);
before:
the reason each skip case must report.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "fixtures" / "codemod"

def _truth(name: str) -> str:
    return (
        f"a test of the result object `{name}` itself (always true in fastmcp, "
        f'whatever the answer): write the test you mean (`{name}.action == "accept"`) '
        "or drop it, then run again"
    )


_REBOUND = (
    "the question reads `name`, which the body binds again before asking (the "
    "rewrite would read `name` as it was on entry): compute the value in a resolver "
    "by hand, or ask before rebinding"
)
_NO_RESPONSE_TYPE = (
    "`ctx.elicit(...)` without a `response_type` raises `TypeError` on FastMCP 4 (MCP002): "
    "the original never asks; pass `response_type=bool` and check the answer, then run again"
)
_STARRED = (
    "the call passes `*args` or `**kwargs` (the planner cannot read the question and "
    'type from them): spell them out, `ctx.elicit("question", response_type=T)`, '
    "then run again"
)
_DECORATED = (
    "`@door_open` also decorates the tool: after the rewrite the questions are asked "
    "before it runs, where the original asked from inside it; migrate by hand, or "
    "drop the decorator, then run again"
)


def _helper(name: str, detail: str) -> str:
    return (
        f"asked in the helper `{name}`, which elicit-migrate does not inline: {detail}; "
        "inline the helper into the tool by hand (or make it take the answer as a "
        "parameter), then run again"
    )


REWRITES: dict[str, dict] = {
    "literal_accept_decline": {"calls": [("book", {})]},
    "action_not_equal": {"calls": [("greet", {})]},
    "action_in": {"calls": [("tickets", {})]},
    "isinstance_forms": {"calls": [("colour", {})]},
    "match_statement": {"calls": [("city", {})]},
    "confirmation_bool": {"calls": [("purchase", {"item": "pen"})]},
    "literal_and_enum": {"calls": [("size", {}), ("tone", {})]},
    "dataclass_and_pydantic": {"calls": [("address", {}), ("booking", {})]},
    "shorthand_lists": {"calls": [("drink", {}), ("toppings", {})]},
    "positional_type": {"calls": [("nickname", {})]},
    "required_data_only": {"calls": [("echo", {}), ("shout", {})]},
    "context_kept": {"calls": [("rename", {})]},
    "sequential_asks": {"calls": [("profile", {})]},
    "assert_between_asks": {"calls": [("multi_step_form", {})]},
    "get_context": {"calls": [("pick_team", {}), ("pick_colour", {})]},
    "gate_on_argument": {
        "calls": [("order", {"quantity": 0}), ("order", {"quantity": 2})]
    },
    "quoting_arguments": {
        "calls": [("book", {"city": "Oslo", "nights": 2}), ("book", {"city": "Rome"})]
    },
    "quoting_earlier_answers": {"calls": [("fly", {})]},
    "backfill": {"calls": [("weather", {}), ("weather", {"location": "Paris"})]},
    # a local import and a call-free assignment the question does not read run
    # after the question now: nothing the user sees changes
    "pure_statements_before_question": {
        "calls": [("lazy", {}), ("lazy", {"unit": "USD"})]
    },
    # `ctx: Context = CurrentContext()` dropped: the `CurrentContext` import goes too
    "current_context_dropped": {"calls": [("region", {})]},
    # `not isinstance(r, Accepted...)` -> `p is None` (not `not p is not None`);
    # the parenthesised import that keeps one name goes back on one line (I001)
    "negated_tests_and_shrunk_import": {
        "calls": [("word", {}), ("go", {})],
        "skips": ["inside a loop"],
    },
    # `ok.action == "accept" and ok.data` -> `ok`, not `ok and ok`
    "redundant_tests_merged": {
        "calls": [("delete", {"path": "notes/old.txt"}), ("quantity", {})]
    },
    # comments inside the `ctx.elicit(...)` arguments (and a backfill's) are kept
    # as own-line comments where the statement was, not in the signature
    "comments_in_arguments": {
        "calls": [
            ("open_ticket", {"project": "p"}),
            ("joined", {}),
            ("weather", {}),
            ("weather", {"location": "Paris"}),
        ]
    },
    # where the parameter would be `color_2` (then `color = color_2`), it takes the
    # `case AcceptedElicitation(data=color)` capture's name (or an `x = r.data`
    # alias's, the alias dropped); "Café name?" -> `cafe_name`
    "match_capture_names_parameter": {
        "calls": [("pick_color", {}), ("café", {}), ("choose", {})]
    },
    # `if r.action == "accept": assert isinstance(r, Accepted...)` would become
    # `if p is not None: assert p is not None`: the assert goes (kept under a comment)
    "redundant_assert_dropped": {"calls": [("greet", {}), ("kept", {})]},
    "hoist_local_class": {"calls": [("survey", {})]},
    # two tools' body-local `class Order`: the first is hoisted, the second tool is
    # skipped (two module-level `Order` would shadow each other)
    "hoist_same_name_twice": {
        "calls": [("pizza", {})],
        "skips": ["hoisting `Order` would collide with the `Order` hoisted from `pizza`"],
    },
    "target_fastmcp_elicitation": {"calls": [], "target": "fastmcp.elicitation"},
    # a module-level `declared_elicitation` blocks only the runtime target (which
    # imports that name), not `fastmcp.elicitation` (see test_plan_target_names)
    "target_fastmcp_declared_bound": {"calls": [], "target": "fastmcp.elicitation"},
    # SDK v2 Resolve(fn) tools on a FastMCP server (step 2 of the migration, after
    # swapping MCPServer for FastMCP); "sdk": the original is run on MCPServer
    # with the SDK's own client (see test_behaviour)
    "sdk_question_resolver": {"calls": [("reserve", {"title": "Dune"})], "sdk": True},
    # copy of mcp 2.3.0 docs_src/troubleshooting/tutorial007.py, server swapped
    "sdk_quoting_resolver": {"calls": [("book_table", {"date": "Friday"})], "sdk": True},
    "sdk_elicitation_result": {
        "calls": [("reserve", {"title": "Dune"}), ("gift", {"title": "Dune"})],
        "sdk": True,
    },
    # copy of mcp 2.3.0 docs_src/dependencies/tutorial003.py, server swapped: a
    # value-only resolver the eliciting one depends on
    "sdk_value_resolver": {
        "calls": [("order_book", {"title": "Dune"}), ("order_book", {"title": "Neuromancer"})],
        "sdk": True,
    },
    # copy of mcp 2.3.0 docs_src/dependencies/tutorial002.py, server swapped: only
    # value-only resolvers, which FastMCP ignores (each parameter would become
    # model-supplied) and the runtime runs without asking
    "sdk_value_only": {
        "calls": [("order_book", {"title": "Dune"}), ("order_book", {"title": "Neuromancer"})],
        "sdk": True,
    },
    # SDK v2 `MCPServer` tools keep their framework: `ctx.elicit` becomes a
    # `Resolve` resolver; "sdk_ask": original and rewrite both run on MCPServer
    # with the SDK's own client (tests/codemod/test_sdk_ask.py)
    "sdk_ask_question": {
        "calls": [("reserve", {"title": "Dune"}), ("gift", {})],
        "sdk_ask": True,
    },
    "sdk_ask_guarded": {
        "calls": [
            ("book_table", {"date": "2025-12-25", "party_size": 4}),
            ("book_table", {"date": "2025-12-24", "party_size": 4}),
            ("book_table", {"date": "2025-12-25", "party_size": 9}),
            ("order", {"item": "pen", "gift": True}),
            ("order", {"item": "pen", "gift": False}),
            ("order", {"item": "", "gift": True}),
        ],
        "sdk_ask": True,
    },
    "sdk_ask_nested_server": {
        "calls": [("register_user", {"source": "web"})],
        "sdk_ask": True,
    },
    "sdk_ask_keyword_only": {
        "calls": [("buy", {"item": "shirt"}), ("buy", {"item": "shirt", "count": 3})],
        "sdk_ask": True,
    },
    # tools registered by calls on an `MCPServer`: `mcp.add_tool(fn, name=...)`
    "sdk_ask_add_tool": {
        "calls": [("plant_seed", {"seed": "bean"})],
        "sdk_ask": True,
    },
    # tools registered without a decorator (`mcp.add_tool(fn)`, `Tool.from_function`,
    # `FunctionTool.from_function` then `add_tool`, `mcp.tool(fn, name=...)`): the
    # decorator goes on the `def`
    "registered_by_call": {
        "calls": [
            ("renew_loan", {"book": "Emma"}),
            ("reserve_copy", {}),
            ("waive_fine", {}),
            ("choose_card", {}),
            ("pay_fine", {"amount": 3}),
        ]
    },
    # a module-level helper asking for one tool: the tool asks (the result kept
    # whole) and the helper takes the answer; a call that is not the first thing
    # its statement runs is left alone
    "inline_helper": {
        "calls": [
            ("water", {"bed": "herb"}),
            ("sow", {"tray": 2}),
        ],
        "skips": [
            (
                "asked in the helper `ask_count`, which elicit-migrate does not inline: the "
                "call is not the first thing its statement runs (`ok = await helper(...)`, "
                "`if not await helper(...)`, `return await helper(...)`); inline the helper "
                "into the tool by hand (or make it take the answer as a parameter), then run again"
            )
        ],
    },
    # a nested tool (its resolver is nested too) with two gates that translate alike
    "nested_repeated_gates": {"calls": [("multi_step_form", {})]},
    # no exact value translation (a truth test of the result object, decline told
    # from cancel, `.action` read as data, the result passed on, `match` on
    # values): the result is kept whole, `Annotated[ElicitationResult[T], Elicit(...)]`
    # (runtime target only; the `target_fastmcp_skip_*` cases skip them)
    "outcome_kept": {
        "calls": [
            ("archive", {}),
            ("apart", {}),
            ("action_as_data", {}),
            ("passed_on", {}),
            ("match_value", {}),
            ("then_quoted", {}),
        ]
    },
    # `pair`'s gate returns `None` for required answers: `str | None` without a
    # default (the gate's `None` validates, a decline still fails the call)
    # `print`/logging with call-free arguments write server output only: they
    # stay and run after the question; `ctx.info(...)` reaches the client: skipped
    "log_before_question": {
        "calls": [("deploy", {"service": "api"})],
        "skips": ["after a statement with side effects the question could depend on"],
    },
    "comments_and_blank_lines": {
        "calls": [
            ("greet", {}),
            ("pair", {"label": "x"}),
            ("pair", {"label": ""}),
            ("ready", {}),
        ]
    },
}

SKIPS: dict[str, str | list[str]] = {
    "skip_loop": "inside a loop",
    "skip_try": "inside a `try` block: its handlers would no longer see the question's errors",
    "skip_conditional": "inside a conditional (not a backfill of an argument)",
    "skip_nested_function": "inside a nested function",
    "skip_helper": (
        "asked in the helper `ask_name`, which elicit-migrate does not inline: the call "
        "is not the first thing its statement runs (`ok = await helper(...)`, `if not "
        "await helper(...)`, `return await helper(...)`); inline the helper into the tool "
        "by hand (or make it take the answer as a parameter), then run again"
    ),
    "skip_middleware": "inside middleware",
    "skip_side_effects": "after a statement with side effects the question could depend on",
    "skip_branch_before_question": (
        "after an `if` that may end the call before the question (only `if <test>: "
        "return/raise` without `else`, testing arguments and earlier answers, is kept)"
    ),
    # a list: each site's reason; the sibling of the refused question says which
    "skip_computed_value": [
        (
            "another question of this tool (line 12) cannot be rewritten: the question "
            "depends on `doubled`, a value computed in the body"
        ),
        "the question depends on `doubled`, a value computed in the body",
    ],
    "skip_walrus": (
        "the result is bound with `:=` inside an expression (assign it on its own "
        "line, `r = await ctx.elicit(...)`, then test it)"
    ),
    "skip_resource": (
        "in a resource: elicit-migrate rewrites tools only (the runtime serves "
        "declared parameters in prompts and resources too; migrate it by hand)"
    ),
    "skip_prompt": (
        "in a prompt: elicit-migrate rewrites tools only (the runtime serves "
        "declared parameters in prompts and resources too; migrate it by hand)"
    ),
    "target_fastmcp_skip_escaping_result": "the result `result` escapes (returned, stored or passed on)",
    "skip_runtime_type": "the response type is built at run time",
    "skip_closure_class": "the response type class `Person` closes over `default_age`",
    "target_fastmcp_skip_decline_vs_cancel": "a branch tells decline from cancel apart (both become `None`)",
    "skip_title_on_model": (
        "`response_title=` with a class response type (FastMCP raises `TypeError` "
        "when called; declared, it would fail at import)"
    ),
    "skip_deferred_local_type": (
        "the response type `Pet` is local to the enclosing function and "
        "`from __future__ import annotations` defers annotations"
    ),
    # the original reads the type when called; the rewrite when the tool is defined
    "skip_type_defined_later": (
        "the response type `Shipping` is defined after the tool (the rewrite reads it "
        "when the tool is defined)"
    ),
    "skip_type_defined_later_future": (
        "the response type `Shipping` is defined after the tool (the rewrite reads it "
        "when the tool is defined)"
    ),
    "skip_question_defined_later": (
        "the question reads `PROMPT`, defined after the tool (the rewrite reads it "
        "when the tool is defined)"
    ),
    "skip_hoist_refers_later": (
        "the response type class `Form` refers to `Priority`, defined after the tool "
        "(hoisted above it, it would not exist yet)"
    ),
    "skip_hoist_refers_later_constant": (
        "the response type class `Form` refers to `DEFAULT_SIZE`, defined after the "
        "tool (hoisted above it, it would not exist yet)"
    ),
    "skip_json_schema_dict": "a JSON-schema dict response type has no declared equivalent",
    "skip_noqa": "suppressed with `# noqa` (MCP001): the author keeps it",
    "skip_name_clash": "`Elicit` already names something else in this module",
    # copies of mcp 2.3.0 docs_src/legacy_clients/tutorial001.py and sampling_and_roots/tutorial002.py
    "skip_sdk_mcpserver": (
        "served by the SDK's `MCPServer`: `Elicit(fn)` runs on FastMCP only; swap the "
        "server for `FastMCP(...)` and run elicit-migrate again"
    ),
    "skip_sdk_unknown_server": (
        "served by `mcp`, which this module does not build with `FastMCP(...)` "
        "(FastMCP ignores `Resolve`; `Elicit(fn)` runs on FastMCP only)"
    ),
    # copy of mcp 2.3.0 docs_src/elicitation/tutorial004.py, server swapped
    # (on FastMCP, a `Resolve` left as is is model-supplied: the reason says UNSAFE)
    "skip_sdk_match_value": (
        "UNSAFE, model-supplied on FastMCP (it ignores `Resolve`): a `match` pattern "
        "that matches on the answer's value"
    ),
    "skip_sdk_sample": "SDK v2 `Sample`/`ListRoots` resolver: no declared equivalent (report only)",
    # SDK `ctx.elicit` in `MCPServer` tools that cannot be shown to behave the same
    "skip_sdk_ask_try": (
        "inside a `try` block: its handlers would no longer see the question's errors"
    ),
    "skip_sdk_ask_body_local": "the question or its guard reads `count`, bound in the tool's body",
    "skip_sdk_ask_two_questions": [
        (
            "the tool asks more than once: whether and what a later question asks "
            "depends on the earlier answer"
        )
    ]
    * 2,
    "skip_sdk_ask_whole_result": (
        "`r` is used as a whole (not only `.action`, `.data`, `isinstance`, "
        "`match`): the rewrite cannot show it is the same value"
    ),
    # fastmcp 4.2.3's result objects are always true: `if r:` never tells answers apart
    "target_fastmcp_skip_truthiness": [
        _truth("result"),
        _truth("reply"),
        _truth("answer"),
    ],
    # a question quoting an argument the body rebinds (`name = name or "friend"`,
    # a backfill, `:=` in a gate) would quote the argument as passed
    "skip_rebound_argument": [
        _REBOUND,
        f"another question of this tool (line 19) cannot be rewritten: {_REBOUND}",
        _REBOUND,
        (
            "after an `if` that may end the call before the question (only `if <test>: "
            "return/raise` without `else`, testing arguments and earlier answers, is kept)"
        ),
        (
            "the answer is assigned to `name`, a tool argument or a name the body "
            "binds before asking: assign it to a new name, then run again"
        ),
    ],
    # `response_type=None` / missing raise TypeError on FastMCP 4.2.3: the original
    # never asks, so a declared question would change what the tool does
    "skip_no_response_type": [_NO_RESPONSE_TYPE, _NO_RESPONSE_TYPE],
    # `schema=` (older FastMCP's keyword) raises TypeError on FastMCP 4.2.3 too
    "skip_schema_keyword": (
        "`ctx.elicit(..., schema=...)` raises `TypeError` on FastMCP 4 (MCP002): the original "
        "never asks; rename the keyword `response_type=` and check the answer, then run again"
    ),
    # `**OPTIONS` may carry the type: never read as a missing type
    "skip_star_arguments": [_STARRED, _STARRED, (
        "the call's arguments do not fit `ctx.elicit(message, response_type, *, "
        "...)` (it raises `TypeError`): fix the call, then run again"
    )],
    # the rewrite changes a tool's parameters: a tool the module also calls, or
    # exports in `__all__`, is left alone
    "skip_tool_used_elsewhere": [
        (
            "`count_jars` is also used on line 23, not only registered as a tool: the "
            "rewrite changes its parameters, so that use would break; move the shared "
            "code into a function both call, then run again"
        ),
        (
            "`label_shelf` is listed in `__all__`: other modules may call it, and the "
            "rewrite changes its parameters; drop it from `__all__` if nothing calls it, "
            "then run again"
        ),
    ],
    "skip_tool_registered_above_def": (
        "the registration on line 12 is written above the `def` (it registers an "
        "earlier function of that name, or runs from code defined before it): register "
        "the tool after its `def`, then run again"
    ),
    # a decorator that does not register the tool would run after the questions
    "skip_tool_other_decorator": [_DECORATED] * 2,
    # a helper's question is inlined only in the one shape that is provably the same
    "skip_helper_shapes": [
        _helper("approve", "it is used 2 times (lines 16, 23), not once"),
        _helper("audited", "a statement before its question has effects"),
        _helper(
            "paint_ok",
            "the call passes `question_for(item)` to `text`: only the tool's arguments, "
            "constants and f-strings of them are inlined",
        ),
        _helper(
            "glue_ok",
            "`glue` cannot be rewritten with its question: inside a `try` block: its "
            "handlers would no longer see the question's errors",
        ),
    ],
}
