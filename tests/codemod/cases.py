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

from elicit_lint.analysis.data_reads import not_read_first, unguarded
from elicit_lint.analysis.guarded import NOT_FIRST, TEST_CALLS, set_up
from elicit_lint.analysis.locate import (
    CALLS_ONLY,
    fallback_in_try,
    other_handshake_call,
    other_request_call,
    REQUEST_ONLY,
    removed_method_call,
    refused_field,
    sdk_schema_not_a_model,
    missing_type_in_try,
    reraise_in_try,
    too_many_rounds,
    aliased_elicit,
    context_check,
    ATTRIBUTE_CONTEXT,
    CONDITIONAL,
    EXIT_BEFORE,
    LOOP,
    METHOD,
    MIDDLEWARE,
    NESTED,
    NOT_A_TOOL,
    PASSED_CONTEXT,
    RETURNED_CONTEXT,
    SIDE_EFFECTS,
    TRY,
    SCHEMA_DICT,
    TUPLE_CHOICES,
    REFUSED_TYPE,
    answer_gate,
    computed,
    escapes,
    early_exit_whole,
    defined_later,
    read_before,
    varying,
)
from elicit_lint.analysis.named_choices import not_fixed
from elicit_lint.analysis.response_kind import not_a_known_type
from elicit_lint.analysis.sdk_ask_checks import CALLS_A_FUNCTION, runs_before
from elicit_lint.analysis.outcomes import DECLINE_CANCEL
from elicit_lint.analysis.prelude import (
    BRANCH,
    MAY_RAISE,
    REQUEST_CONTEXT,
    STARRED,
    WALRUS,
)
from elicit_lint.analysis.response_types import (
    LIST_TYPE,
    NO_RESPONSE_TYPE,
    RUN_TIME,
    SCHEMA_KEYWORD,
    UNION_TYPE,
    cast_unproven,
)
from elicit_lint.analysis.suppression import NOQA
from elicit_lint.analysis.mcp1_plan import OPT_IN as MCP1_OPT_IN
from elicit_lint.analysis.mcp1_plan import SERVER_ELSEWHERE as MCP1_SERVER_ELSEWHERE

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
    # rules17: a response type named through a local bound once to a module-level
    # class (`form = Visitor`) is that class, as an SDK schema is read
    "response_type_through_local": {"calls": [("sign_in", {"desk": "north"})]},
    # closing6 "Left": two answers read between their questions and a third; the
    # third waits on both (each read fails the original on its decline)
    "reads_between_questions": {"calls": [("relay", {})]},
    # an answer never read: the original goes on after its decline, so the
    # parameter is optional (it was required, and a decline failed the call)
    "answer_never_read": {"calls": [("sign_in", {})]},
    # F11: a module-level list of strings bound once, never mutated or passed on,
    # is one choice as the inline list is: `Literal[...]`, the same schema
    "named_choices": {"calls": [("paint", {"wall": "hall"})]},
    # F8/F10: a module-level name bound once to a literal, never `global`-declared,
    # goes into the marker; a question quoting an argument through `str` methods
    # and `len` goes into a resolver (docs/codemod.md "What the codemod accepts")
    "question_fixed_names": {
        "calls": [("file_report", {}), ("assign", {"title": " Audit "})]
    },
    "literal_accept_decline": {"calls": [("book", {})]},
    "action_not_equal": {"calls": [("greet", {})]},
    # fresh8 F1: a decline gate after each field chains the questions, one round
    # each; ten rounds are what fastmcp.Client allows, so ten fields are rewritten
    "gated_form_ten": {"calls": [("enrol", {})]},
    "action_in": {"calls": [("tickets", {})]},
    "isinstance_forms": {"calls": [("colour", {})]},
    "match_statement": {"calls": [("city", {})]},
    "confirmation_bool": {"calls": [("purchase", {"item": "pen"})]},
    "literal_and_enum": {"calls": [("size", {}), ("tone", {})]},
    "dataclass_and_pydantic": {"calls": [("address", {}), ("booking", {})]},
    "shorthand_lists": {"calls": [("drink", {}), ("toppings", {})]},
    # fresh6 M2: `list[Literal[...]]` of several members is asked by FastMCP 4.2.3
    # (items: enum), inline or by a module-level name
    "list_literal_choices": {"calls": [("snacks", {}), ("fruit", {})]},
    "positional_type": {"calls": [("nickname", {})]},
    # `typing.cast(T, X)` is `X` at run time (a string or a top-level import as `T`)
    # a gate or early exit calling a `str` method or `len` of a `str` argument (and
    # a local computed so): the same value in the resolver (sdk_ask_recompute_call:
    # the SDK planner gives the same answer)
    "recompute_call": {
        "calls": [
            ("lookup", {"query": "  ab "}),
            ("lookup", {"query": "tide tables"}),
            ("shelve", {"title": "dune"}),
            ("shelve", {"title": "   "}),
        ]
    },
    "response_type_cast": {"calls": [("order_seeds", {"season": "spring"}), ("pick_bed", {})]},
    "required_data_only": {"calls": [("echo", {}), ("shout", {})]},
    "context_kept": {"calls": [("rename", {})]},
    # fresh9: signatures split over several lines (a kept context with a comment,
    # a dropped first or last context) and a question concatenated over two lines
    "split_signature_layout": {
        "calls": [
            ("find_books", {"phrase": "ab", "shelf": "s2"}),
            ("find_books", {"phrase": "long phrase", "shelf": "s2"}),
            ("lend_book", {"title": "Emma"}),
            ("shelve_book", {"title": "Emma"}),
        ]
    },
    "sequential_asks": {"calls": [("profile", {})]},
    # an optional first answer read only by an early exit (fires on one accepted
    # value, or on decline only for some arguments): the later resolver copies that
    # exit and nothing more; a declined first answer still asks the next (fresh8 F4)
    "optional_answer_value_gate": {
        "calls": [
            ("order", {}),
            ("survey", {}),
            ("table", {"member": True}),
            ("table", {"member": False}),
        ]
    },
    # an `assert` on the outcome does not make `.data` reads safe (`python -O`
    # strips it): the result is kept whole (test_optimized_asserts.py)
    "assert_between_asks": {"calls": [("multi_step_form", {})]},
    # an `assert` between questions becomes the later resolvers' gate only while
    # asserts run (`__debug__ and ...`, fresh6 H6), negated as
    # ruff spells it (`who == "Bob"`, not `not (who != "Bob")`: SIM202); an
    # ordering comparison keeps `not (...)` (not `>=`: exact only for total orders)
    "assert_compare_gate": {"calls": [("relay", {"n": 2}), ("relay", {"n": -1})]},
    "get_context": {"calls": [("pick_team", {}), ("pick_colour", {})]},
    # fresh6 L4: `seats: int = None` read by the resolver: annotated `int | None`
    # there, the value the runtime calls it with when the model leaves it out
    "gate_on_none_default": {
        "calls": [("reserve", {}), ("reserve", {"seats": 2}), ("reserve", {"seats": 9})]
    },
    "gate_on_argument": {
        "calls": [("order", {"quantity": 0}), ("order", {"quantity": 2})]
    },
    "quoting_arguments": {
        "calls": [("book", {"city": "Oslo", "nights": 2}), ("book", {"city": "Rome"})]
    },
    "quoting_earlier_answers": {"calls": [("fly", {})]},
    "backfill": {"calls": [("weather", {}), ("weather", {"location": "Paris"})]},
    # fresh7 HIGH-4: the one-line backfill after an early exit (a test of the
    # arguments, an `assert`, `if ...: raise`, an earlier answer's decline branch)
    # gets the same gates as any other question: the resolver asks nothing where
    # the original never reached the question (`T | None` without a default)
    "backfill_after_exits": {
        "calls": [
            ("ferry", {}),
            ("ferry", {"crossings": 12}),
            ("ferry", {"port": "Oban"}),
            ("locker", {}),
            ("locker", {"size": 0}),
            ("locker", {"size": -2, "code": "1234"}),
            ("rowing", {}),
            ("rowing", {"oars": 0}),
            ("kennel", {}),
            ("kennel", {"breed": "collie"}),
        ]
    },
    # fresh7 HIGH-2: a required answer read (`.data`) before a later question: on
    # decline/cancel the original stops there, so the later question's resolver
    # reads the earlier answer (asked only once it is accepted); both asked first
    # and read after both (`swatch`): both asked, as before. `kennel`: a gated
    # required answer is `None` where the gate fires, the next resolver accepts it
    "refusal_ends_call": {
        "calls": [
            ("badge", {}),
            ("parcel", {}),
            ("parcel", {"street": "Elm Row"}),
            ("parcel", {"town": "Leith"}),
            ("locker", {}),
            ("kennel", {}),
            ("swatch", {}),
        ]
    },
    # fresh7 LOW-1: an `if` whose blocks do nothing the user sees, testing an
    # earlier answer's `.action`, stays in the body (no "side effects" skip)
    "inert_if_before_question": {
        "calls": [("enrol", {}), ("checkup", {}), ("checkup", {"patient": "Ada"})]
    },
    # the backfill written out (issue 11 item 3): `if x is None:` around the ask,
    # its own decline branch, `x = r.data`; the `if` stays, the resolver copies it
    "backfill_written_out": {
        "calls": [
            ("trip", {}),
            ("trip", {"harbour": "Hull"}),
            ("seats", {}),
            ("seats", {"count": 0}),
            ("seats", {"count": 3}),
            ("cabin", {}),
            ("cabin", {"deck": ""}),
            ("cabin", {"deck": "upper"}),
        ]
    },
    # a question asked only under a test of the arguments (and of a local the
    # resolver computes again from them)
    # body locals the question reads, computed by safe expressions of the arguments
    # (analysis/recompute.py): the resolver computes them again; a local only the
    # question read leaves the body
    "body_locals_recomputed": {
        "calls": [
            ("moor", {"boat": "Kestrel"}),
            ("moor", {"boat": "Kestrel", "berth": "annual"}),
            ("refuel", {"vessel": " Tern "}),
            ("refuel", {"vessel": "Tern", "litres": 20}),
            ("hail", {"skipper": " Ada "}),
        ]
    },
    # `shelf = ctx.lifespan_context` (FastMCP's property never raises) before a
    # backfill written out: it stays in the body and runs after the question
    "lifespan_read_before_backfill": {
        "calls": [("fire", {"pot": "jug"}), ("fire", {"pot": "jug", "colour": "teal"})]
    },
    "guard_on_arguments": {
        "calls": [
            ("lookup", {"title": " ab "}),
            ("lookup", {"title": "long enough"}),
            ("lend", {}),
            ("lend", {"rare": True}),
            ("lend", {"rare": True, "days": 3}),
            ("renew", {"urgent": True}),
            ("renew", {"urgent": False}),
            ("reserve", {"title": "Dune"}),
        ]
    },
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
        "skips": [LOOP],
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
            # a comment inside a multi-select kept verbatim on the marker stays there
            # only (not copied into the body as well)
            ("palette", {}),
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
    # the same `Literal[...]` in 2+ signatures (two tools, a resolver): one alias
    # after the imports, named from the parameter; spelled once, it stays inline
    "literal_alias": {
        "calls": [("wall", {}), ("door", {"room": "hall"}), ("trim", {})]
    },
    # the source's own `Literal[...]` repeated: aliased too (docs: any repeated
    # `Literal[...]`), `Literal` being imported in the leading block
    "literal_alias_spelled": {"calls": [("stamp", {}), ("badge", {})]},
    # `elicit_result = await ctx.elicit(...)`: `elicit` is the call's word, so the
    # parameter and resolver are named after the class (was `elicit`, `ask_elicit`)
    "generic_result_names": {"calls": [("set_limits", {"account": "joint"})]},
    # `x = r.data` in the tool's own body after `if r.action != "accept": return`:
    # the parameter takes `x` and the alias goes (was `x_2` + `x = x_2`), the gap
    # below it kept
    "data_alias_after_gate": {"calls": [("signup", {})]},
    # a question naming the argument `mode` (`r`, then `v = r.data`): the answer is
    # `mode_answer`, not `mode_2`, in the signature and in the runtime's failure
    # texts (fresh11 LOW-2)
    "answer_named_after_argument": {"calls": [("blend", {}), ("blend", {"mode": "slow"})]},
    # `typing.Literal[...]` (module-prefixed) repeated is aliased as `Literal[...]`
    # is; a shorthand of the same choices gets its own alias, and the prefixed
    # text is never rewritten inside (no `typing.Shade`)
    "literal_alias_module_prefixed": {
        "calls": [("tile", {}), ("mosaic", {}), ("grout", {"room": "hall"})]
    },
    "hoist_local_class": {"calls": [("survey", {})]},
    # `response_title=None` with a model: no label, so no `TypeError` in FastMCP
    # (fastmcp.server.elicitation.parse_elicit_response_type); the keyword goes
    "title_none_on_model": {"calls": [("check_in", {})]},
    # two tools' body-local `class Order`: the first is hoisted, the second tool is
    # skipped (two module-level `Order` would shadow each other)
    "hoist_same_name_twice": {
        "calls": [("pizza", {})],
        "skips": [
            "hoisting `Order` would collide with the `Order` hoisted from `pizza`: "
            "rename one of the classes, then run again"
        ],
    },
    "target_fastmcp_elicitation": {"calls": [], "target": "fastmcp.elicitation"},
    # a guarded question on `fastmcp.elicitation`: the value form only (a result
    # kept whole has no outcome form on that target)
    "target_fastmcp_guarded": {
        "calls": [],
        "target": "fastmcp.elicitation",
        "skips": [DECLINE_CANCEL],
    },
    # a module-level `declared_elicitation` blocks only the runtime target (which
    # imports that name), not `fastmcp.elicitation` (see test_plan_target_names)
    "target_fastmcp_declared_bound": {"calls": [], "target": "fastmcp.elicitation"},
    # SDK v2 Resolve(fn) tools on a FastMCP server (step 2 of the migration, after
    # swapping MCPServer for FastMCP); "sdk": the original is run on MCPServer
    # with the SDK's own client (see test_behaviour)
    "sdk_question_resolver": {"calls": [("reserve", {"title": "Dune"})], "sdk": True},
    # copy of mcp 2.3.0 docs_src/troubleshooting/tutorial007.py, server swapped
    "sdk_quoting_resolver": {
        "calls": [("book_table", {"date": "Friday"})],
        "sdk": True,
    },
    "sdk_elicitation_result": {
        "calls": [("reserve", {"title": "Dune"}), ("gift", {"title": "Dune"})],
        "sdk": True,
    },
    # crash17: an `ElicitationResult[T]` whose `.data` is read, untested, in the
    # body's first statement (analysis/data_reads.py); a decline or cancel fails
    # the SDK original (`.data` of a refusal) and the required rewrite alike
    "sdk_result_read_first": {
        "calls": [("void", {"order_id": "o1"})],
        "sdk": True,
    },
    # copy of mcp 2.3.0 docs_src/dependencies/tutorial003.py, server swapped: a
    # value-only resolver the eliciting one depends on
    "sdk_value_resolver": {
        "calls": [
            ("order_book", {"title": "Dune"}),
            ("order_book", {"title": "Neuromancer"}),
        ],
        "sdk": True,
    },
    # copy of mcp 2.3.0 docs_src/dependencies/tutorial002.py, server swapped: only
    # value-only resolvers, which FastMCP ignores (each parameter would become
    # model-supplied) and the runtime runs without asking
    "sdk_value_only": {
        "calls": [
            ("order_book", {"title": "Dune"}),
            ("order_book", {"title": "Neuromancer"}),
        ],
        "sdk": True,
    },
    # SDK v2 `MCPServer` tools keep their framework: `ctx.elicit` becomes a
    # `Resolve` resolver; "sdk_ask": original and rewrite both run on MCPServer
    # with the SDK's own client (tests/codemod/test_sdk_ask.py)
    # issue 11: an mcp 1.x module (`mcp.server.fastmcp`) renamed to mcp 2 by MCP017's fix
    # and its asks rewritten in the same run (analysis/mcp1_plan.py); behaviour: the
    # original under mcp 1.30.0 (test_mcp1_behaviour.py)
    # (was skip_mcp1_server: the text names `mcpserver` in a comment only)
    "mcp1_upgrade_backfill": {
        "calls": [("render", {"report": "Q3"}), ("render", {"report": "Q3", "layout": "grid"}), ("archive", {"report": "Q4"})],
        "mcp1": True,
    },
    # a `ToolError` of mcp.server.fastmcp.exceptions (renamed too) on decline, cancel and
    # an empty answer; `FastMCP as Server` (the alias kept); a transport computed at run time
    "mcp1_upgrade_tool_error": {
        "calls": [("glaze", {"pot": "jug"})],
        "mcp1": True,
    },
    # real mcp 1.x shape: `Context[ServerSession, None]`, `ServerSession` dropped with the
    # parameter (tidy15: ruff F401 otherwise), a
    # transport read from the command line
    "mcp1_upgrade_session_context": {
        "calls": [("light", {"tower": "North"})],
        "mcp1": True,
    },
    # the same with `ServerSession` marked a re-export (`# noqa: F401`): kept (tidy15)
    "mcp1_upgrade_session_reexport": {
        "calls": [("light", {"tower": "South"})],
        "mcp1": True,
    },
    "mcp1_upgrade_ask": {
        "calls": [("sow", {"crop": "kale"}), ("prune", {})],
        "mcp1": True,
    },
    # closing9 M3: the renamed import sorted as ruff's isort sorts it (`MCPServer` after
    # `Image`) and split one name a line past the line length, its comment after the `(`
    "mcp1_upgrade_imports": {
        "calls": [("fire", {"pot": "jug"})],
        "mcp1": True,
    },
    "sdk_ask_question": {
        "calls": [("reserve", {"title": "Dune"}), ("gift", {})],
        "sdk_ask": True,
    },
    # a pure body local the question quotes (`verb`, `greeting` set up in the
    # `if` block): the resolver computes it again; `verb` leaves the body
    "sdk_ask_body_locals": {
        "calls": [
            ("moor", {"boat": "Kestrel"}),
            ("moor", {"boat": "Kestrel", "berth": "annual"}),
            ("hail", {"skipper": " Ada ", "urgent": True}),
            ("hail", {"skipper": "Ada"}),
            ("hail", {"skipper": "  ", "urgent": True}),
        ],
        "sdk_ask": True,
    },
    # `shelf = ctx.request_context.lifespan_context` (the SDK's request context is
    # there throughout a tool call) before a guarded question: it stays in the body
    "sdk_ask_lifespan_read": {
        "calls": [("fire", {"pot": "jug", "glazed": True}), ("fire", {"pot": "jug"})],
        "sdk_ask": True,
    },
    # the backfill written out on MCPServer: `colour` is bound again only after the
    # question, so the guard the resolver copies reads the value the original did
    "sdk_ask_backfill_written_out": {
        "calls": [("glaze", {"pot": "jug"}), ("glaze", {"pot": "jug", "colour": "teal"})],
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
    # repos15 F2: the server a register function takes, annotated `MCPServer`
    # (a parameter, or an annotated local alias): the checker's reading of the framework
    "sdk_ask_register_param": {
        "calls": [("return_book", {"title": "Dune"}), ("shelve", {"title": "Emma"})],
        "sdk_ask": True,
    },
    # `cast(Any, SeedOrder)` on MCPServer: the annotation names `SeedOrder`
    "sdk_ask_cast": {"calls": [("order_seeds", {"season": "spring"})], "sdk_ask": True},
    "sdk_ask_recompute_call": {
        "calls": [
            ("lookup", {"query": "  ab "}),
            ("lookup", {"query": "tide tables"}),
            ("shelve", {"title": "dune"}),
            ("shelve", {"title": "   "}),
        ],
        "sdk_ask": True,
    },
    # the result passed to a module helper that reads only `.action` and `.data`
    "sdk_ask_result_to_helper": {"calls": [("fire", {"pot": "jug"})], "sdk_ask": True},
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
                "asked in the helper `_ask_count`, which elicit-migrate does not inline: the "
                "call is not the first thing its statement runs (`ok = await helper(...)`, "
                "`if not await helper(...)`, `return await helper(...)`); inline the helper "
                "into the tool by hand (or make it take the answer as a parameter), then run again"
            )
        ],
    },
    # a helper asking for three tools: each declares the question with the text
    # its own call gives (a resolver quoting its arguments, a fixed text, a fixed
    # module name), the helper takes the answer; an argument computed from the
    # tool's arguments (`height > 3`) is evaluated again in the call that stays
    "inline_helper_several_tools": {
        "calls": [
            ("load_truck", {"bay": "B4", "count": 12}),
            ("load_truck", {"bay": "dock", "count": 1}),
            ("clear_bay", {"bay": "A1"}),
            ("stack", {}),
            ("stack", {"height": 5}),
        ],
    },
    # a nested tool (its resolver is nested too) with two gates that translate alike
    "nested_repeated_gates": {"calls": [("multi_step_form", {})]},
    # no exact value translation (a truth test of the result object, decline told
    # from cancel, `.action` read as data, the result passed on, `match` on
    # values): the result is kept whole, `Annotated[ElicitationResult[T], Elicit(...)]`
    # (runtime target only; the `target_fastmcp_skip_*` cases skip them)
    # fresh user F3: `.data` read where decline/cancel may reach it keeps the
    # result whole (the real result objects: the read fails as in the original);
    # `sometimes` declines with `loud` both ways
    "data_read_on_any_answer": {
        "calls": [
            ("switch", {}),
            ("early", {}),
            ("sometimes", {}),
            ("sometimes", {"loud": True}),
            ("guarded", {}),
        ]
    },
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
    # stay and run after the question; so does `await ctx.info(...)` (the client
    # gets the same notification, after the question)
    "log_before_question": {
        "calls": [("deploy", {"service": "api"}), ("notify", {})],
    },
    # client log and progress notifications on the tool's own context (a
    # parameter, `get_context()`, `CurrentContext()`), before and between
    # questions, with call-free arguments: kept in the body, sent after the questions
    "notifications_before_question": {
        "calls": [
            ("release", {"tag": "v2"}),
            ("rollback", {"service": "api"}),
            ("survey", {}),
        ],
    },
    "question_fstring_braces_comment": {"calls": [("choose_placeholder", {})]},
    "comments_and_blank_lines": {
        "calls": [
            ("greet", {}),
            ("pair", {"label": "x"}),
            ("pair", {"label": ""}),
            ("ready", {}),
        ]
    },
}

_PUBLIC_CRUST = (
    "the helper `ask_crust` is public: another module may call it; rename it "
    "`_ask_crust` if only this module uses it, then run again, or declare the "
    "question by hand"
)


def _through(name: str, row: int, reason: str) -> str:
    return f"another question this tool asks through `{name}` (line {row}) cannot be rewritten: {reason}"


MCP1_SKIPS = {"skip_mcp1_all_or_nothing", "skip_mcp1_helper_elsewhere", "skip_mcp1_server_elsewhere"}
"""Skip cases run with ``--upgrade-mcp1`` (``Options.upgrade_mcp1``)."""

_VALUE_ATTRIBUTE = (
    "after an early `return` before the question, where the result cannot be kept whole (the "
    "resolver has no outcome object to give where the original returns first), and "
    "`minutes.value` is not an attribute of the result (it has `action` and, on accept, `data`): "
    "the original fails there on accept; read `minutes.data`, then run again; or write the "
    "resolver by hand: where the tool returns first, return any value of the answer's type (the "
    "body never reads it), else the `Elicit(...)`"
)

SKIPS: dict[str, str | list[str]] = {
    # corpus16 F10: a project's own registering decorator is named
    "skip_unknown_registering_decorator": (
        "not in a tool body: `stop_job` is decorated with `@publish(...)`, which elicit-migrate "
        "does not know as a tool registration (only a FastMCP or `MCPServer` server's "
        "`tool`/`add_tool` of the run): if `@publish(...)` registers it as a tool, declare the "
        "question on it by hand; else declare it on the tool that needs the answer, by hand"
    ),
    # corpus16 F2: `.value` is no attribute of a result: the original fails on accept
    "skip_sdk_result_value_attribute": (
        "`r.value` is not an attribute of the result (it has `action` and, on accept, "
        "`data`): the original fails there on accept; read `r.data`, then run again"
    ),
    "skip_result_value_attribute": [
        "another question of this tool (line 11) cannot be rewritten: " + _VALUE_ATTRIBUTE,
        _VALUE_ATTRIBUTE,
    ],
    # F9: response types FastMCP 4.2.3 refuses before asking (MCP002): the
    # original always fails, so no declared question behaves the same
    # fresh6 H4/M2: a name bound once at module level is read through its value
    # (a union or scalar list by name is MCP002 too); a one-member `Literal` list
    # fails; a name built by a call is not known to be a type
    # fresh6 H1: a module writing through `globals()` has no fixed names
    "skip_globals_write": varying("`GREETING`"),
    "skip_union_response_type": [
        UNION_TYPE, UNION_TYPE, LIST_TYPE, UNION_TYPE, UNION_TYPE, LIST_TYPE, LIST_TYPE,
        not_a_known_type("Size"),
    ],
    # F11: a named list another tool mutates, and a tuple (no list display)
    # a module tuple fails every call (fresh6 L6): the MCP002 reason, not "may change"
    "skip_named_choices_change": [not_fixed("SHADES"), TUPLE_CHOICES],
    # F8/F8b/F10: question text (or a gate) that may differ between two
    # evaluations: a marker would freeze it at import, a resolver re-runs it on
    # every round (the runtime then fails "kept changing")
    "skip_question_varies": [
        varying("a call to `next_serial`"),
        varying("a call to `datetime.now`"),
        varying("a call to `uuid.uuid4`"),
        varying("`ctx.request_id`"),
        varying("`BANNER`"),
        varying("`LIMITS['seats']`"),
        "another question of this tool (line 79) cannot be rewritten: "
        + varying("`BANNER`", "the gate before the question"),
        varying("`BANNER`", "the gate before the question"),
    ],
    "skip_loop": LOOP,
    # a method registered through an instance (`mcp.add_tool(shop.buy)`): a tool,
    # served as a bound method; the method's reason, not "not in a tool body"
    "skip_bound_method_tool": METHOD,
    # a fallback around the ask alone: the broad handler also catches a failing
    # client handler and an invalid answer (measured, analysis/fallback.py)
    "skip_try": fallback_in_try("except Exception"),
    "skip_try_bare": [fallback_in_try("except (MCPError, TimeoutError)"), fallback_in_try("except")],
    # a narrow handler, or more than the ask in the `try`: the general reason
    "skip_try_narrow": TRY,
    # repos15 F5: a broad handler that ends in `raise` is no fallback
    "skip_try_reraise": [
        reraise_in_try("except Exception", True),
        reraise_in_try("except Exception", False),
    ],
    # repos15 F3: without a `response_type` FastMCP 4 raises TypeError before
    # asking (MCP002): that fix first, whatever the handler catches
    "skip_try_no_response_type": [
        missing_type_in_try("except McpError", False),
        missing_type_in_try("except Exception", True),
    ],
    # a one-line backfill whose answer type is not the argument's: the resolver
    # would hand an `int` argument on as a `str` answer (a validation error)
    "skip_backfill_other_type": (
        "the backfill of `number` asks for another type than `number` is annotated "
        "with (the resolver hands `number`'s own value on as the answer, which must "
        "validate as one): annotate `number` as `T | None` with the question's type "
        "`T`, or assign the answer to a new name, then run again"
    ),
    # questions asked first in an `if` block whose rewrite cannot be shown the same
    # (issue 11 item 3): a test with a call that has effects, the result read after
    # the `if`, a statement before the question in its block, a test reading a
    # local bound twice, an argument rebound before the test, and a result kept
    # whole with no argument of the answer's type to stand for it
    "skip_guarded_shapes": [
        TEST_CALLS,
        "the result `result` is read outside the `if` that asks it (unbound there "
        "when the test is false): read it only inside the `if` block, or ask before "
        "the `if`, then run again",
        NOT_FIRST,
        "inside an `if` whose test reads `name`, computed in the body by a statement "
        "the rewrite cannot copy into a resolver: test the tool's arguments directly, "
        "or move the question out of the `if`, then run again",
        "the question reads `count`, which the body binds again before asking (the "
        "rewrite would read `count` as it was on entry): compute the value in a "
        "resolver by hand, or ask before rebinding",
        "inside an `if`, where the result cannot be kept whole (the resolver has no "
        "outcome object to give when the test is false), and a branch tells decline "
        "from cancel apart (both become `None`): handle both alike, then run again",
    ],
    # the `else` asks too: only a question asked first in an `if` block is rewritten
    "skip_conditional": [
        "another question of this tool (line 12) cannot be rewritten: " + CONDITIONAL,
        CONDITIONAL,
    ],
    "skip_nested_function": NESTED,
    "skip_helper": _helper(
        "ask_name",
        "the call is not the first thing its statement runs (`ok = await helper(...)`, "
        "`if not await helper(...)`, `return await helper(...)`)",
    ),
    # a public helper: another module may call it with a context (the rewrite
    # would change its parameters), so it is not inlined
    "skip_helper_public": (
        "the helper `ask_loaf` is public: another module may call it; rename it "
        "`_ask_loaf` if only this module uses it, then run again, or declare the "
        "question by hand"
    ),
    # a tool asking its own question before (or after) a helper's question the
    # codemod does not inline: rewriting only its own would leave the helper's
    # `ctx.elicit`, which raises on the modern era (fix7a's report)
    "skip_helper_asks_too": [
        _PUBLIC_CRUST,
        _through("ask_crust", 7, _PUBLIC_CRUST),
        _through("ask_crust", 7, _PUBLIC_CRUST),
    ],
    "skip_middleware": MIDDLEWARE,
    "skip_side_effects": SIDE_EFFECTS,
    # a notification with a call in its arguments, on another object, whose
    # result is kept, with `len(...)` in its arguments: not accepted as a notification
    "skip_notification_effects": [SIDE_EFFECTS] * 4,
    # an SDK helper taking `ctx: Context | None`: the place, as FastMCP's says it
    "skip_sdk_helper_optional_context": NOT_A_TOOL,
    "skip_branch_before_question": BRANCH,
    # a `return`/`raise` inside `with`, `for`, `match`, or on its own, before a
    # one-line backfill: not a gate the resolver can copy (fresh7 HIGH-4 siblings)
    "skip_exit_before_backfill": [EXIT_BEFORE] * 4,
    # an answer kept whole read unguarded before a later question (fresh7 HIGH-2,
    # the outcome-typed variant): the original stops at the read on decline
    "skip_whole_result_read_before_question": [
        "another question of this tool (line 14) cannot be rewritten: "
        + read_before("r", 13),
        read_before("r", 13),
    ],
    # choices as a tuple: fastmcp reads only a list as the shorthand (the original
    # fails every call), so no `Literal[...]` that would start asking
    # (fresh6 L6: the MCP002 reason, by name too)
    "skip_tuple_choices": [TUPLE_CHOICES] * 3,
    # a type fastmcp refuses before asking (`tuple[...]`, `list[Model]`, `bytes`): the
    # original fails every call, a declared question would fail at import (MCP002's reason)
    "skip_refused_type": [REFUSED_TYPE] * 3,
    # the context is a call's result (`desk_context().elicit`, `desk = desk_context()`):
    # dropping the receiver would drop the call and what it does besides
    "skip_returned_context": [RETURNED_CONTEXT, RETURNED_CONTEXT],
    # a service object holding the context (`self.desk.elicit`), and an unannotated
    # helper parameter every call fills with a context: reported, not rewritten
    "skip_held_context": ATTRIBUTE_CONTEXT,
    "skip_passed_context": PASSED_CONTEXT,
    # `ask = ctx.elicit; await ask(...)`: MCP001's "cannot rewrite", in its words
    "skip_aliased_elicit": aliased_elicit("ask", "ctx.elicit"),
    # a tool that also asks through a call the codemod leaves (a `ctx.elicit` passed
    # as a value, `ctx.session.elicit_form`): left whole, not half-migrated
    "skip_other_handshake_call": [  # the calls themselves are listed too (MCP001's verdict)
        other_handshake_call("ctx.elicit", 21),
        CALLS_ONLY,
        other_handshake_call("ctx.session.elicit_form", 31),
        CALLS_ONLY,
    ],
    # a tool that also sends a sampling request (fix13): left whole, the request listed too
    "skip_other_request_call": [
        other_request_call("ctx.session.create_message", 17, "sampling"),
        REQUEST_ONLY,
    ],
    # a tool that also calls a method FastMCP 4's Context does not have (MCP029): left whole
    "skip_removed_context_method": [removed_method_call("ctx.sample", 15)],
    # a field fastmcp refuses in a schema: the original fails each call, a rewrite the import
    "skip_fastmcp_refused_field": refused_field("TeaOrder", "note", "str | None"),
    # an exit for a missing context before the question (fresh8 L1): what it is, what to do
    "skip_context_none_check": [
        context_check("ctx is None", "ctx"),
        context_check("not ctx", "ctx"),
        "asked in the helper `_picker_name`, which elicit-migrate does not inline: "
        + context_check("ctx is None", "ctx", helper=True)
        + "; inline the helper into the tool by hand (or make it take the answer as a parameter), then run again",
    ],
    # a list: each site's reason; the sibling of the refused question says which
    "skip_computed_value": [
        "another question of this tool (line 12) cannot be rewritten: "
        + computed("doubled", "an expression of the earlier answer `a` (line 11)"),
        computed("doubled", "an expression of the earlier answer `a` (line 11)"),
    ],
    "skip_walrus": WALRUS,
    # fresh8 F1: eleven gated fields would be an eleven-round chain, which MCP010
    # reports and fastmcp.Client gives up on after ten answers: refused as a whole
    "skip_gated_form_rounds": [too_many_rounds(11, 10)]
    + ["another question of this tool (line 9) cannot be rewritten: " + too_many_rounds(11, 10)] * 10,
    "skip_resource": (
        "in a resource: elicit-migrate rewrites tools only; declare the parameter by "
        "hand (the runtime serves declared parameters in prompts and resources too)"
    ),
    "skip_prompt": (
        "in a prompt: elicit-migrate rewrites tools only; declare the parameter by "
        "hand (the runtime serves declared parameters in prompts and resources too)"
    ),
    "target_fastmcp_skip_escaping_result": (
        "the result `result` escapes (returned, stored or passed on): read only "
        "`result.action` and `result.data`, in the tool's own body, then run again"
    ),
    "skip_runtime_type": RUN_TIME,
    # a recompute not provably the same value: a method of an unannotated
    # argument, a clock read in the gate (both planners refuse)
    "skip_recompute_unsafe": [SIDE_EFFECTS, TEST_CALLS],
    "skip_sdk_ask_recompute_unsafe": [runs_before(18), CALLS_A_FUNCTION],
    "skip_sdk_ask_result_to_helper": [
        escapes("result", "used other than `.action`, `.data`, `isinstance`, `match`")
    ]
    * 2,
    "skip_cast_unproven": [
        cast_unproven('cast(HINTS["order"], SeedOrder)'),
        RUN_TIME,
    ],
    "skip_closure_class": (
        "the response type class `Person` closes over `default_age`: define the "
        "class at module level without it, then run again"
    ),
    "target_fastmcp_skip_decline_vs_cancel": DECLINE_CANCEL,
    "skip_title_on_model": (
        "`response_title=` with a class response type (not an `Enum`) raises "
        "`TypeError` on every call in FastMCP 4, before asking: put the label on the "
        "model's fields, `Field(title=...)`, drop the keyword, then run again"
    ),
    # pydantic refuses it on Python < 3.12: the original when called, the rewrite at import
    "skip_typing_typed_dict": (
        "the response type `Subscriber` is a `typing.TypedDict`, which pydantic refuses on "
        "Python < 3.12 (the original fails when called, the rewrite would fail at import): "
        "import `TypedDict` from `typing_extensions`, then run again"
    ),
    "skip_deferred_local_type": (
        "the response type `Pet` is local to the enclosing function and "
        "`from __future__ import annotations` defers annotations: define it at "
        "module level, then run again"
    ),
    # the original reads the type when called; the rewrite when the tool is defined
    "skip_type_defined_later": defined_later("the response type `Shipping` is"),
    "skip_type_defined_later_future": defined_later("the response type `Shipping` is"),
    "skip_question_defined_later": defined_later("the question reads `PROMPT`,"),
    "skip_hoist_refers_later": (
        "the response type class `Form` refers to `Priority`, defined after the tool "
        "(hoisted above it, it would not exist yet): move `Priority` above the tool, "
        "then run again"
    ),
    "skip_hoist_refers_later_constant": (
        "the response type class `Form` refers to `DEFAULT_SIZE`, defined after the "
        "tool (hoisted above it, it would not exist yet): move `DEFAULT_SIZE` above "
        "the tool, then run again"
    ),
    # a dict with a value that is no dict fails every call, keyword or positional
    # (MCP002's reason); one fastmcp would read as choices keeps the older reason
    "skip_json_schema_dict": [
        SCHEMA_DICT,
        SCHEMA_DICT,
        "a JSON-schema dict response type has no declared equivalent: write it as a "
        "dataclass or pydantic model, then run again",
    ],
    "skip_noqa": NOQA,
    # a follow-up under `if stars.action == "accept":`: the early-return form that
    # works, not advice about the tool's arguments (fresh11 LOW-7)
    "skip_follow_up_under_accept": [
        "another question of this tool (line 12) cannot be rewritten: " + answer_gate("a"),
        answer_gate("a"),
        early_exit_whole(DECLINE_CANCEL),
    ],
    # a statement that may raise stays before the question (fresh user F6): an
    # Optional argument's attribute, `int + str` in a notification, `str + int`,
    # `<` on untyped arguments
    "skip_may_raise_before_question": [MAY_RAISE] * 4,
    # the SDK planner honours `# noqa: MCP001` as the FastMCP one does (one reading)
    # issue 11: an mcp 1.x module is upgraded whole or not at all (analysis/mcp1_plan.py)
    "skip_mcp1_all_or_nothing": [
        "after MCP017's rename to `mcp.server.mcpserver` (mcp 2): line 16 runs before the "
        "question in the original (the resolver would ask before it): move the question "
        "above it if it does not depend on it, then run again",
        "elicit-migrate upgrades an mcp 1.x file from `mcp.server.fastmcp` whole or not at "
        "all, and the ask at line 17 cannot be rewritten (line 16 runs before the question "
        "in the original (the resolver would ask before it): move the question above it if "
        "it does not depend on it, then run again): fix that, then run again",
    ],
    # issue 11 (fresh14): the mcp 1.x upgrade is opt-in (`--upgrade-mcp1`): mcp 2 changes
    # more than the questions (docs/sdk.md); a copy of mcp1_upgrade_ask, run without it
    "skip_mcp1_default_off": [MCP1_OPT_IN, MCP1_OPT_IN],
    "skip_mcp1_not_offered": (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and uses what mcp 2 changed, so "
        "MCP017 offers no rename: `FastMCP(..., port=...)`: mcp 2's constructor does not take "
        "it as mcp 1 did (transport settings moved to `run()`) (line 4); change that by hand, "
        "import `Context` and `MCPServer` from `mcp.server.mcpserver`, then run again"
    ),
    # fresh14 M2: a tools module whose server another module builds: its own words
    # (closing9), with `--upgrade-mcp1`
    "skip_mcp1_server_elsewhere": MCP1_SERVER_ELSEWHERE,
    # closing9: a `Context` passed to an asking helper of another module: the rename is
    # per module, and the run inlines such helpers into FastMCP tools only
    "skip_mcp1_helper_elsewhere": (
        "the file imports mcp 1.x (`mcp.server.fastmcp`) and passes its `Context` to a "
        "function of another module (`ctx` to `ask_count`, line 23), so MCP017 offers no "
        "rename: it moves one module at a time and reads a `Context` only through the "
        "module's own functions, and elicit-migrate inlines another module's asking helper "
        "only into FastMCP tools; move `ask_count` into this module (or ask its question in "
        "the tool), then run again"
    ),
    "skip_sdk_ask_noqa": NOQA,
    "skip_sdk_ask_noqa_file": NOQA,
    "skip_name_clash": (
        "`Elicit` already names something else in this module: rename it (or import "
        "it under another name), then run again"
    ),
    # copies of mcp 2.3.0 docs_src/legacy_clients/tutorial001.py and
    # sampling_and_roots/tutorial002.py: `Resolve(fn)` on `MCPServer` is the SDK's
    # own declared form and works on both eras, so nothing is reported
    "skip_sdk_mcpserver": [],
    "skip_sdk_unknown_server": (
        "served by `mcp`, which this module does not build (the framework is "
        "unknown): if it is a `FastMCP(...)`, declare `Elicit(fn)` by hand (it "
        "ignores `Resolve`)"
    ),
    # copy of mcp 2.3.0 docs_src/elicitation/tutorial004.py, server swapped
    # (on FastMCP, a `Resolve` left as is is model-supplied: the reason says UNSAFE)
    "skip_sdk_match_value": (
        "UNSAFE, model-supplied on FastMCP (it ignores `Resolve`): a `match` pattern "
        "that matches on the answer's value: capture it (`data=x`) and test `x` in "
        "the case body, then run again"
    ),
    "skip_sdk_sample": [],
    # SDK `ctx.elicit` in `MCPServer` tools that cannot be shown to behave the same
    "skip_sdk_ask_try": TRY,
    # repos15 F1: an SDK schema that is no pydantic model raises AttributeError
    # before asking (mcp 2.3.0 render_elicitation_schema): the true reason (MCP027)
    "skip_sdk_ask_schema_not_a_model": [
        sdk_schema_not_a_model("`VENT_SCHEMA`, a name bound to a dict (line 9)"),
        sdk_schema_not_a_model("a dict"),
        sdk_schema_not_a_model("`Shade`, a dataclass"),
        sdk_schema_not_a_model("the builtin `bool`"),
        sdk_schema_not_a_model("`Shade`, a dataclass"),  # `form = Shade`, then `schema=form`
    ],
    # corpus shape 5 in our words: the backfill's block builds what the question's
    # choices come from (a call): a resolver would repeat it; say how to write it
    "skip_setup_in_backfill_block": set_up("catalogue", "a call (`Catalogue(...)`, line 15)"),
    # FastMCP's `ctx.request_context` is `None` without a session: the read may
    # raise before the question; `ctx.lifespan_context` is the safe spelling
    "skip_request_context_read": REQUEST_CONTEXT,
    "skip_sdk_ask_body_local": computed("count", "a call (`len(...)`, line 15)"),
    "skip_sdk_ask_two_questions": [
        (
            "the tool asks more than once (whether and what a later question asks "
            "depends on the earlier answer): declare one `Resolve` parameter per "
            "question by hand"
        )
    ]
    * 2,
    "skip_sdk_ask_whole_result": (
        "the result `r` escapes (used other than `.action`, `.data`, `isinstance`, "
        "`match`): read only `r.action` and `r.data`, in the tool's own body, then "
        "run again"
    ),
    # fastmcp 4.2.3's result objects are always true: `if r:` never tells answers apart
    "target_fastmcp_skip_data_read_on_any_answer": [
        unguarded("r"),
        not_read_first("r"),
    ],
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
        BRANCH,
        (
            "the answer is assigned to `name`, a tool argument or a name the body "
            "binds before asking: assign it to a new name, then run again"
        ),
    ],
    # `response_type=None` / missing raise TypeError on FastMCP 4.2.3: the original
    # never asks, so a declared question would change what the tool does
    "skip_no_response_type": [NO_RESPONSE_TYPE, NO_RESPONSE_TYPE],
    # `schema=` (older FastMCP's keyword) raises TypeError on FastMCP 4.2.3 too
    "skip_schema_keyword": SCHEMA_KEYWORD,
    # `**OPTIONS` may carry the type: never read as a missing type
    "skip_star_arguments": [
        STARRED,
        STARRED,
        (
            "the call's arguments do not fit `ctx.elicit(message, response_type, *, "
            "...)` (it raises `TypeError`): fix the call, then run again"
        ),
    ],
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
        _helper("approve", "it is used 2 times (lines 16, 18), not once"),
        _helper("audited", "a statement before its question has effects"),
        _helper(
            "paint_ok",
            "the call passes `question_for(item)` to `text`: only the tool's arguments, "
            "constants and f-strings of them are inlined (and its variables, fixed module "
            "names and expressions of them that call nothing and cannot raise)",
        ),
        _helper(
            "_glue_ok",
            "`glue` cannot be rewritten with its question: inside a `try` block: its "
            "handlers would no longer see the question's errors; move the question out "
            "of the `try`, then run again",
        ),
        # fresh12: a test that answers without asking is no effect, it is in the way
        _helper(
            "varnish_ok",
            "it may return before its question (line 63), where it answers without asking, "
            "and its callers would ask there too; move that test out of the helper, around its "
            "call in each calling tool",
        ),
    ],
}
