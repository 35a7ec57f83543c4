"""Skip reasons: why a site cannot be rewritten (docs/architecture.md "Data flow: `elicit-migrate`", skip list).

Each reason is a phrase used verbatim in the summary and in MCP001's message
(``cannot rewrite: <reason>``): the constants and the builders of reasons that
name a variable, a line or a kind. Where a site sits, and which of these it
gets, is decided in :mod:`.placement` and by the planners.

This module holds the reasons about where the question sits in the tool's body
and how its result is used; the other concerns have their own modules, whose
reasons it re-exports: :mod:`.locate_try` (a ``try`` around the question),
:mod:`.locate_context` (the context's origin, asking helpers, other calls on the
context), :mod:`.locate_types` (response types and SDK schemas) and
:mod:`.locate_tool` (the tool's registration and server). A new reason goes at
the end of the module of its concern (callers import it from there); reasons
about the body's placement at the end of this one.
"""

from __future__ import annotations

from .locate_context import (
    ATTRIBUTE_CONTEXT,
    CALLS_ONLY,
    PASSED_CONTEXT,
    PASSED_ELSEWHERE_CONTEXT,
    REQUEST_ONLY,
    RETURNED_CONTEXT,
    aliased_elicit,
    context_check,
    handshake_reason,
    helper_after_early_exit,
    helper_exits_first,
    other_handshake_call,
    other_request_call,
    removed_method_call,
)
from .locate_tool import (
    exported,
    name_taken,
    other_decorator,
    registered_before,
    served_by_both,
    unknown_server,
    used_elsewhere,
)
from .locate_try import (
    fallback_in_try,
    missing_type_in_try,
    reraise_in_try,
)
from .locate_types import (
    REFUSED_TYPE,
    SCHEMA_DICT,
    TUPLE_CHOICES,
    computed_type,
    refused_field,
    sdk_schema_not_a_model,
)

# The reasons of the concern modules that callers import from here (kept when
# they moved out); this module's own reasons are public without being listed.
__all__ = [
    "ATTRIBUTE_CONTEXT",
    "CALLS_ONLY",
    "PASSED_CONTEXT",
    "PASSED_ELSEWHERE_CONTEXT",
    "REFUSED_TYPE",
    "REQUEST_ONLY",
    "RETURNED_CONTEXT",
    "SCHEMA_DICT",
    "TUPLE_CHOICES",
    "aliased_elicit",
    "computed_type",
    "context_check",
    "exported",
    "fallback_in_try",
    "handshake_reason",
    "helper_after_early_exit",
    "helper_exits_first",
    "missing_type_in_try",
    "name_taken",
    "other_decorator",
    "other_handshake_call",
    "other_request_call",
    "refused_field",
    "registered_before",
    "removed_method_call",
    "reraise_in_try",
    "sdk_schema_not_a_model",
    "served_by_both",
    "unknown_server",
    "used_elsewhere",
]

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


def not_selected(kind: str) -> str:
    """The reason for a rewrite of a kind ``--select``/``--ignore`` left out."""
    return f"rewrite kind `{kind}` not selected: add it to `--select` to rewrite it"


def kinds_not_selected(kinds: list[str]) -> str:
    """The reason for a rewrite needing the kinds ``kinds`` (sorted) that
    ``--select``/``--ignore`` left out: every one named, so one run says all
    the user must add (:func:`not_selected` when there is one)."""
    if len(kinds) == 1:
        return not_selected(kinds[0])
    names = ", ".join(f"`{k}`" for k in kinds)
    return f"rewrite kinds {names} not selected: add them to `--select` to rewrite it"


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


def config_ignored(setting: str, source: str) -> str:
    """The reason for a site whose MCP001 finding the configuration turns off for its
    file (``setting``: ``ignore``, ``select`` or ``per-file-ignores "pattern"``;
    ``source``: the configuration file, or ``the command line``): ruff's ``--fix``
    does not fix an ignored rule either (``elicit_lint.codemod.config_ignores``)."""
    return (
        f"MCP001 is turned off for this file by `{setting}` ({source}): the configuration "
        "keeps it as it is; take MCP001 out of that setting to migrate it"
    )


def not_an_attribute(variable: str, attr: str) -> str:
    """The reason for a read of an attribute the result classes lack (``r.value``,
    MCP016's: FastMCP 4's results have ``action`` and, accepted, ``data``
    only): the original fails on accept, so the rewrite cannot match it."""
    return (
        f"`{variable}.{attr}` is not an attribute of the result (it has `action` and, "
        f"on accept, `data`): the original fails there on accept; read `{variable}.data`, "
        "then run again"
    )


def unknown_registration(decorator: str, function: str) -> str:
    """The reason for a question in ``function``, decorated with ``decorator``
    (``@export_tool(...)``), which is no tool registration the codemod knows."""
    return (
        f"not in a tool body: `{function}` is decorated with `{decorator}`, which elicit-migrate "
        "does not know as a tool registration (only a FastMCP or `MCPServer` server's "
        f"`tool`/`add_tool` of the run): if `{decorator}` registers it as a tool, declare the "
        "question on it by hand; else declare it on the tool that needs the answer, by hand"
    )
