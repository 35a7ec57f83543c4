"""Skip reasons: why a site cannot be rewritten (docs/architecture.md "Data flow: `elicit-migrate`", skip list).

Each reason is a phrase used verbatim in the summary and in MCP001's message
(``cannot rewrite: <reason>``): the constants and the builders of reasons that
name a variable, a line or a kind. Where a site sits, and which of these it
gets, is decided in :mod:`.placement` and by the planners. New reasons go at the
end of this module.
"""

from __future__ import annotations

# Each reason names the cause, then what to do by hand (docs/codemod.md "Skip
# reasons"); the FastMCP and SDK planners share one wording per cause.
NOT_A_TOOL = (
    "not in a tool body (a helper called by a tool, or module level): declare the "
    "question on the tool that needs the answer, by hand"
)
MIDDLEWARE = "inside middleware: declare the question on the tools it wraps, by hand"
NESTED = "inside a nested function: move the question into the tool's own body, then run again"
METHOD = (
    "the tool is a method: register a module-level function as the tool, then run "
    "again, or declare the question by hand"
)
LOOP = (
    "inside a loop: ask once before the loop (a `list[...]` response type for "
    "several answers), then run again"
)
TRY = (
    "inside a `try` block: its handlers would no longer see the question's errors; "
    "move the question out of the `try`, then run again"
)
CONDITIONAL = (
    "inside a conditional (not a backfill of an argument): turn the `if` into an "
    "early exit before the question (`if <test>: return ...`), then run again"
)
WITH = (
    "inside a `with` block (a declared question is asked before the block is "
    "entered): move the question above the `with`, then run again"
)
NOT_AWAITED = (
    "not awaited directly: write `r = await ctx.elicit(...)` on its own line, then "
    "run again"
)
SIDE_EFFECTS = (
    "after a statement with side effects the question could depend on: move the "
    "question above it if it does not depend on it, then run again"
)
SEMICOLON = "shares its line with another statement (`;`): put it on its own line, then run again"
ANSWER_SHAPE = (
    "the answer is not bound to one name: write `r = await ctx.elicit(...)` on its "
    "own line, then run again"
)


def escapes(variable: str | None = None, how: str = "returned, stored or passed on") -> str:
    """The reason for a result used other than as its outcome and value
    (``variable`` ``None``: the call's result is never bound to a name)."""
    if variable is None:
        return (
            f"the result escapes ({how}): bind it on its own line, `r = await "
            "ctx.elicit(...)`, read only `r.action` and `r.data`, then run again"
        )
    return (
        f"the result `{variable}` escapes ({how}): read only `{variable}.action` and "
        f"`{variable}.data`, in the tool's own body, then run again"
    )


def bound_again(variable: str) -> str:
    """The reason for a result variable the tool binds a second time."""
    return f"the result `{variable}` is bound again: give the second value a new name, then run again"


def computed(name: str, how: str | None = None) -> str:
    """The reason for a question (or its gate) that reads a body local a resolver
    cannot compute again; ``how``: what binds it (:func:`.bindings.how_bound`)."""
    if how is None:
        return (
            f"the question or its gate depends on `{name}`, a value computed in the body: "
            "quote only tool arguments and earlier answers, or write the resolver by hand"
        )
    return (
        f"the question or its gate depends on `{name}`, computed in the body by {how}: "
        "the resolver runs before the body and would have to repeat it; quote only tool "
        "arguments, earlier answers and values computed from the arguments without "
        "calls, or write the resolver by hand"
    )


def computed_type(name: str, how: str | None = None) -> str:
    """The reason for a response type the body builds (``schema =
    make_dataclass(...)``); ``how``: what binds it (:func:`.bindings.how_bound`)."""
    where = f" by {how}" if how else ""
    return (
        f"the response type `{name}` is built in the body{where}: a declared "
        "parameter's type is fixed when the tool is defined; define the type at "
        "module level and pass its name, then run again"
    )


def varying(part: str, what: str = "the question") -> str:
    """The reason for a question (or its gate) whose value may change between two
    evaluations: ``part`` (a call, a context read, a module name that can be
    rebound) is neither fixed when the tool is defined (a marker) nor a function
    of the tool's arguments and earlier answers (a resolver runs on every round)."""
    return (
        f"{what} reads {part}, which may give another value each time it runs (a "
        "declared question is read once when the tool is defined, a resolver again "
        f"on every round): build {what} from literals, tool arguments and earlier "
        "answers only, or migrate the tool by hand"
    )


def rebound_argument(name: str, row: int) -> str:
    """The reason for a question (or its gate) reading ``name``, a tool argument the
    body binds again (first at line ``row``): the resolver would see the value the
    argument had on entry, so the same reading is not shown."""
    return (
        f"the question or its gate reads `{name}`, a tool argument the body binds "
        f"again (line {row}): keep the argument and assign the new value to another "
        "name, or write the resolver by hand"
    )


def defined_later(what: str) -> str:
    """``what`` (``"the response type `T` is"``, ``"the question reads `X`,"``)
    needed when the ``def`` runs but bound after the tool."""
    return (
        f"{what} defined after the tool (the rewrite reads it when the tool is "
        "defined): move it above the tool, then run again"
    )


def unknown_server(receiver: str | None, resolve: bool = False) -> str:
    """The reason for a tool registered on a server this module does not build;
    ``resolve``: the site is a ``Resolve(fn)`` marker (fine on ``MCPServer``), not
    a ``ctx.elicit`` (failing on the modern era with either framework)."""
    shown = f"`{receiver}`" if receiver else "a server"
    action = (
        "if it is a `FastMCP(...)`, declare `Elicit(fn)` by hand (it ignores `Resolve`)"
        if resolve
        else "declare the question by hand, `Resolve(fn)` on `MCPServer`, `Elicit(fn)` "
        "on `FastMCP(...)`"
    )
    return (
        f"served by {shown}, which this module does not build (the framework is "
        f"unknown): {action}"
    )


def not_selected(kind: str) -> str:
    """The reason for a rewrite of a kind ``--select``/``--ignore`` left out."""
    return f"rewrite kind `{kind}` not selected: add it to `--select` to rewrite it"


def name_taken(name: str) -> str:
    """The reason for a module where the rewrite's import of ``name`` would shadow one."""
    return (
        f"`{name}` already names something else in this module: rename it (or import "
        "it under another name), then run again"
    )


def used_elsewhere(name: str, row: int) -> str:
    """The reason for a tool whose function the module also reads on ``row``
    (a call, an alias, a value passed on) besides registering it."""
    return (
        f"`{name}` is also used on line {row}, not only registered as a tool: the "
        "rewrite changes its parameters, so that use would break; move the shared "
        "code into a function both call, then run again"
    )


def exported(name: str) -> str:
    """The reason for a tool whose function ``__all__`` exports."""
    return (
        f"`{name}` is listed in `__all__`: other modules may call it, and the rewrite "
        "changes its parameters; drop it from `__all__` if nothing calls it, then run again"
    )


def registered_before(row: int) -> str:
    """The reason for a tool whose call registration (on ``row``) is written above its ``def``."""
    return (
        f"the registration on line {row} is written above the `def` (it registers an "
        "earlier function of that name, or runs from code defined before it): register "
        "the tool after its `def`, then run again"
    )


def other_decorator(text: str) -> str:
    """The reason for a tool with a decorator that does not register it."""
    return (
        f"`@{text}` also decorates the tool: after the rewrite the questions are asked "
        "before it runs, where the original asked from inside it; migrate by hand, or "
        "drop the decorator, then run again"
    )


RETURNED_CONTEXT = (
    "its context comes from a call to a function of the module (`-> Context`), "
    "which the rewrite would no longer make: ask through a `Context` parameter or "
    "`get_context()` instead, then run again"
)


def kinds_not_selected(kinds: list[str]) -> str:
    """The reason for a rewrite needing the kinds ``kinds`` (sorted) that
    ``--select``/``--ignore`` left out: every one named, so one run says all
    the user must add (:func:`not_selected` when there is one)."""
    if len(kinds) == 1:
        return not_selected(kinds[0])
    names = ", ".join(f"`{k}`" for k in kinds)
    return f"rewrite kinds {names} not selected: add them to `--select` to rewrite it"


TUPLE_CHOICES = (
    "choices as a tuple `response_type` (`(\"a\", \"b\")`, `[(\"a\", \"b\")]`) fail every "
    "call on FastMCP 4 (MCP002), which reads only a list as choices: the original never "
    "asks, and a tool that always failed must not start working; pass a list "
    "(`[\"a\", \"b\"]`, or `[[\"a\", \"b\"]]` for several answers), then run again"
)
"""Why tuple choices are not rewritten (``response_kind.tuple_choices``)."""


EXIT_BEFORE = (
    "after a statement that may end the call before the question (a `return` or "
    "`raise` on its own or inside a `with`, loop, `try` or `match` block): the "
    "original then never asks, the rewrite would ask first; make it `if <test>: "
    "return/raise` without `else`, testing arguments and earlier answers, or "
    "migrate the tool by hand"
)
"""The reason for a question after a statement other than an ``if`` that holds a
``return`` or ``raise`` (:func:`.prelude.may_exit`); an ``if`` gets
:data:`.prelude.BRANCH`."""


ATTRIBUTE_CONTEXT = (
    "its context is an attribute of `self` (an object holding the tool's context): "
    "the rewrite cannot move the question out of the method; declare it on the tool "
    "that builds the object and pass the answer in, by hand"
)

PASSED_CONTEXT = (
    "its context is an unannotated parameter the module's calls fill with a context: "
    "annotate it `Context`, then run again, or declare the question on the calling "
    "tool and pass the answer in, by hand"
)


def read_before(variable: str, row: int) -> str:
    """The reason for a question after an unguarded ``variable.data`` read of an
    answer kept whole (``ElicitationResult[T]``): the original stops there on
    decline or cancel, the rewrite, which asks before the body runs, would ask
    this question too."""
    return (
        f"after `{variable}.data` is read where the answer may not be accepted "
        f"(line {row}: on decline or cancel the original stops there, before this "
        "question; the rewrite would ask it first): read it only under "
        f'`if {variable}.action == "accept":`, or after this question, then run again'
    )


def too_many_rounds(rounds: int, limit: int) -> str:
    """Why a tool whose rewrite would chain more questions than a client's
    rounds is not rewritten (:func:`.rounds.too_long_chain`, MCP010)."""
    return (
        f"its rewrite would need {rounds} rounds of questions, more than the {limit} "
        "a client allows (`input_required_max_rounds`, MCP010): each earlier answer "
        "a later question or gate reads makes one more round, and on a 2026-07-28 "
        f"connection the call fails after {limit} answered questions; ask the "
        "independent questions together (one question with a model response type, "
        "or drop the decline checks between them), then run again, or migrate the "
        "tool by hand"
    )


def fallback_in_try(handler: str) -> str:
    """Why an ask alone in a ``try`` with a broad handler is not rewritten, and what to do."""
    return (
        f"inside a `try` whose `{handler}` is a fallback: on fastmcp 4.2.3 it also catches "
        "a client handler that fails and an answer that fails validation, which would fail "
        "the call after a rewrite; to keep only the fallback for a client that cannot be "
        "asked, declare the question by hand with `Elicit(..., unavailable=None)` and run the "
        "handler's code under `if <parameter> is None:` (docs/runtime.md)"
    )


PASSED_ELSEWHERE_CONTEXT = (
    "its context is an unannotated parameter that calls in other modules fill with a "
    "context: annotate it `ctx: Context` (its callers already pass one), then run "
    "again, or move the question into each calling tool and pass the answer in, by hand"
)


def aliased_elicit(alias: str, bound: str) -> str:
    """The reason for a question asked through a local alias (``ask = ctx.elicit``
    then ``await ask(...)``: ``alias`` the name, ``bound`` the aliased
    expression); MCP001 gives the same words."""
    return f"it calls `{bound}` through the alias `{alias}`: call `{bound}(...)` directly, then run again"


def context_check(test: str, name: str, helper: bool = False) -> str:
    """The reason for a question after ``if <test>: return ...`` (``test`` as
    written, e.g. ``ctx is None``: an exit taken when the context ``name`` is
    missing). In a tool FastMCP always passes the context, so the branch is dead
    there; in a helper it depends on the callers."""
    if helper:
        return (
            f"it returns early when its context is missing (`if {test}:`): if every "
            "caller passes a context, delete that check"
        )
    return (
        f"after `if {test}:` (an exit for a missing context, which FastMCP never "
        f"gives a tool: it passes `{name}` whether annotated `Context` or `Context | None`): "
        "delete the check, then run again"
    )


def other_handshake_call(shown: str, row: int) -> str:
    """The reason for each question of a tool that also makes a handshake-only
    call the codemod does not rewrite (``ctx.session.elicit_form(...)``, a
    ``ctx.elicit`` passed as a value): a rewrite of the questions alone would
    ask them and run the body up to that call before it fails on 2026-07-28,
    where the original failed at its first question."""
    return (
        f"this tool also calls `{shown}` (line {row}), which elicit-migrate does not "
        "rewrite and which fails on 2026-07-28 connections: rewriting only this "
        "question would ask it and run the body up to that call before failing there; "
        "ask that one with `ctx.elicit(...)` too (or declare both by hand), then run again"
    )


def served_by_both(name: str, fastmcp_at: str, sdk_at: str) -> str:
    """The reason for a function other modules register as a tool on a ``FastMCP``
    server (``fastmcp_at``: "path:row") and on an ``MCPServer`` (``sdk_at``): the
    rewrite declares its questions for FastMCP's runtime, which ``MCPServer`` does
    not run, so the SDK's tool would change with it (fresh10 F6)."""
    return (
        f"`{name}` is registered as a tool on a FastMCP server in {fastmcp_at} and on an "
        f"MCPServer in {sdk_at}: a rewrite for FastMCP would change the MCPServer tool too "
        "(it does not run FastMCP's declared questions); give each server its own "
        "function, then run again, or declare the question by hand"
    )


def removed_method_call(shown: str, row: int) -> str:
    """The reason for each question of a tool that also calls a method FastMCP 4's
    ``Context`` does not have (``ctx.sample(...)``, MCP029): it raises
    ``AttributeError`` on every era, so a rewrite of the questions alone would ask
    them and run the body up to that call on 2026-07-28, where the original failed
    at its first question (low14)."""
    return (
        f"this tool also calls `{shown}` (line {row}), which FastMCP 4's `Context` does not "
        "have (MCP029): it fails on every era, and rewriting only this question would ask "
        "it and run the body up to that call before failing there; replace that call "
        "first, then run again"
    )


SCHEMA_DICT = (
    "a JSON-schema dict `response_type` (`{\"type\": \"object\", ...}`) fails every call on "
    "FastMCP 4 (MCP002), which reads a dict as titled choices: the original never asks, "
    "and a tool that always failed must not start working; write the schema as a "
    "dataclass or pydantic model, then run again"
)
"""Why a dict FastMCP cannot read as choices is not rewritten (``response_kind.schema_dict``)."""


def answer_gate(name: str) -> str:
    """The reason for a follow-up question inside an ``if`` that tests the earlier
    answer ``name`` (``if name.action == "accept":``): a resolver gets the answer's
    value, not its outcome, so the test cannot be its gate; the early-return form
    docs/codemod.md shows is rewritten."""
    return (
        f"inside an `if` that tests the earlier answer `{name}`, which a resolver cannot "
        f"repeat (it gets the answer's value, not its outcome): end the tool first when "
        f"there is no answer, `if {name}.action != \"accept\": return ...`, then ask this "
        "question after that `if` (not inside it), then run again"
    )


def early_exit_whole(reason: str) -> str:
    """The reason for a result the body needs whole (``reason``: why no value
    translation is exact) behind an early ``return`` before the question (``if
    dry_run: return ...``): the resolver has no outcome object to give where the
    original returns first; the same tool without that ``if`` is rewritten."""
    return (
        "after an early `return` before the question, where the result cannot be kept "
        "whole (the resolver has no outcome object to give where the original returns "
        f"first), and {reason.removesuffix(', then run again')}, then run again; or write "
        "the resolver by hand: where the tool returns first, return any value of the "
        "answer's type (the body never reads it), else the `Elicit(...)`"
    )


def refused_field(cls: str, field: str, annotation: str) -> str:
    """The reason for a response class with a field fastmcp 4.2.3 refuses in an
    elicitation schema (:mod:`.fastmcp_fields`): the original fails every call
    before asking, the runtime would raise when the module is imported."""
    return (
        f"the response type `{cls}` has a field `{field}: {annotation}` that FastMCP 4 refuses "
        "in an elicitation schema (only `str`, `int`, `float`, `bool`, a `Literal[...]`, an "
        "Enum, or a `list` of a `Literal[...]` or an Enum for several choices, without `| None`): the original fails every call before asking, and the "
        "rewritten tool would fail when its module is imported; give the field one of those "
        "types (a decline already gives no value), then run again"
    )


def sdk_schema_not_a_model(what: str) -> str:
    """The reason for an SDK ``ctx.elicit`` whose schema the module shows is no
    pydantic model class (:func:`.sdk_schema.not_a_model`, MCP027): mcp's
    ``render_elicitation_schema`` calls ``schema.model_json_schema()`` and raises
    ``AttributeError`` before asking, so the original never asks."""
    return (
        f"the schema is {what}, not a pydantic model class: the SDK calls "
        "`schema.model_json_schema()` and raises `AttributeError` before asking, so the "
        "original never asks and every call fails (MCP027); write the fields as a "
        "`BaseModel` subclass and pass the class, then run again"
    )


def missing_type_in_try(handler: str | None, catches: bool) -> str:
    """The reason for an ask without a ``response_type`` inside a ``try``
    (``handler``: its broad handler as written, or ``None``; ``catches``: whether
    that handler catches ``TypeError``): fastmcp 4.2.3's ``Context.elicit``
    raises ``TypeError`` before asking (MCP002), so the MCP002 fix comes first."""
    if handler is None:
        where = "inside a `try`"
    elif catches:
        where = f"inside a `try` whose `{handler}` takes that `TypeError` on every call"
    else:
        where = f"inside a `try` whose `{handler}` never catches that `TypeError`"
    return (
        "`ctx.elicit(...)` without a `response_type` raises `TypeError` on FastMCP 4 "
        f"(MCP002), {where}: the original never asks; pass `response_type=bool` and "
        "check the answer first, then run again (the `try` is the next step)"
    )


def reraise_in_try(handler: str, only_logs: bool) -> str:
    """The reason for an ask alone in a ``try`` whose broad ``handler`` ends in a
    bare ``raise``: no fallback, the call fails either way; ``only_logs``: the
    handler does nothing else but call functions (a ``print``, a logger) first."""
    does = "only logs and re-raises" if only_logs else "re-raises after running its own code"
    todo = (
        "remove the `try` (the call fails the same way without it; only the server-side log "
        "is lost), then run again"
        if only_logs
        else "move that code out of the handler or remove the `try`, then run again"
    )
    return f"inside a `try` whose `{handler}` {does} (no fallback: the call fails either way): {todo}"


def helper_exits_first(row: int, verb: str = "return") -> str:
    """The reason for an asking helper with a statement before its question that
    may ``return`` (or ``raise``) first (``if not name: return True``): inlined,
    its callers' declared question would be asked where the helper answered
    without asking. ``row``: that statement's line."""
    return (
        f"it may {verb} before its question (line {row}), where it answers without asking, "
        "and its callers would ask there too; move that test out of the helper, around its "
        "call in each calling tool"
    )


def helper_after_early_exit(tool: str, helper: str) -> str:
    """The reason for a tool that may return before its call of an asking helper
    of another module (``if force: return ...``): the helper's copy is given the
    whole answer (an outcome object), which a declared question cannot give
    where the tool returns first (:func:`early_exit_whole`). The advice to give
    the helper the answer is the outer reason's (:func:`.elsewhere.helper_for_tools_elsewhere`)."""
    return (
        f"`{tool}` may return before its call of `{helper}`, whose copy would be given the "
        "whole answer, which a declared question cannot give where the tool returns first: "
        f"declare the question on `{tool}` by hand with a resolver that returns any value of "
        "the answer's type where the tool returns first (else the `Elicit(...)`)"
    )


def config_ignored(setting: str, source: str) -> str:
    """The reason for a site whose MCP001 finding the configuration turns off for its
    file (``setting``: ``ignore``, ``select`` or ``per-file-ignores "pattern"``;
    ``source``: the configuration file, or ``the command line``): ruff's ``--fix``
    does not fix an ignored rule either (``elicit_lint.codemod.config_ignores``)."""
    return (
        f"MCP001 is turned off for this file by `{setting}` ({source}): the configuration "
        "keeps it as it is; take MCP001 out of that setting to migrate it"
    )


CALLS_ONLY = "it rewrites `ctx.elicit(...)` calls only; declare the value by hand"
"""The reason for another handshake-only elicitation call (``ctx.elicit_url(...)``,
``ctx.session.elicit_form(...)``, ``elicit_with_validation(ctx.session, ...)``,
``ctx.elicit`` passed as a value): MCP001's verdict on it, in the same words, and the
codemod's skip (family ``"handshake"``, listed in the run's summary)."""
