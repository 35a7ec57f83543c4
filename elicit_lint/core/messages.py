"""The words shared by the checker's rules and the runtime's decoration-time errors.

One function per wiring mistake; the checker puts the text in a diagnostic, the
runtime in a ``TypeError``. Keeping them here is what makes the static and the
runtime verdicts agree word for word (docs/architecture.md "The runtime").

Every function returns one sentence without a trailing period, naming code
elements in backticks, as ruff's messages do. The sentence is ``what; how``: the
runtime raises it whole, the checker shows the clause before the first ``; ``
(outside backticks) as the diagnostic's message and the rest as its help line
(:func:`split_help`, applied by ``elicit_lint.rules.base.Rule.diagnostic``).
"""

from __future__ import annotations

from .graph import format_cycle

DECORATOR = "@declared_elicitation"


def split_help(text: str) -> tuple[str, str | None]:
    """``("what", "How")`` from ``"what; how"``: split at the first ``"; "`` outside
    backticks; the help's first letter is capitalised (ruff's help lines start with
    a capital). ``(text, None)`` when there is no such separator."""
    in_code = False
    for i, ch in enumerate(text):
        if ch == "`":
            in_code = not in_code
        elif not in_code and text.startswith("; ", i):
            rest = text[i + 2:]
            return text[:i], rest[:1].upper() + rest[1:]
    return text, None


def resolver_cycle(tool: str, path: list[str]) -> str:
    """MCP003 / runtime: elicited parameters whose resolvers depend on each other."""
    return f"Elicited parameters of `{tool}` form a resolver cycle: {format_cycle(path)}"


def unknown_resolver_parameter(resolver: str, parameter: str, tool: str) -> str:
    """MCP004 / runtime: a resolver parameter that nothing can fill by name."""
    return (
        f"Resolver `{resolver}` asks for `{parameter}`, which is neither a parameter "
        f"of `{tool}` nor a `Depends(...)`"
    )


def mixed_with_input_required(tool: str) -> str:
    """MCP005 / runtime: declared parameters and a hand-written guard in one tool."""
    return (
        f"Tool `{tool}` declares `Elicit` parameters and also returns `InputRequiredResult`; "
        "use one or the other"
    )


def marker_misplaced(parameter: str, where: str) -> str:
    """MCP006 / runtime: ``where`` is ``"a union arm"``, ``"a container"`` or ``"a nested annotation"``."""
    return (
        f"`Elicit` marker of `{parameter}` sits in {where}, where it cannot be honoured; "
        f"put it at the top level: `Annotated[T, Elicit(...)]`"
    )


def marker_argument(got: str) -> str:
    """MCP006 / runtime (``Elicit.__init__``): the message is neither a question nor a
    resolver; ``got`` is the argument's type name (``"int"``), ``"nothing"`` when missing."""
    return f"Elicit() takes a question (str) or a resolver (callable), got {got}"


def marker_not_called(parameter: str) -> str:
    """MCP006: ``Annotated[T, Elicit]``, the class instead of a marker (FastMCP 4.2.3
    calls it with no argument when it registers the tool: a ``TypeError``)."""
    return (
        f"`Elicit` in the annotation of `{parameter}` is the class, not a marker; "
        "call it: `Elicit(\"question\")` or `Elicit(resolver)`"
    )


def resolver_type_mismatch(resolver: str, declared: str, parameter: str, expected: str) -> str:
    """MCP007 / runtime: ``-> Elicit[declared]`` on a resolver for a parameter typed ``expected``."""
    return (
        f"Resolver `{resolver}` returns `Elicit[{declared}]` but parameter `{parameter}` "
        f"is `{expected}`"
    )


def duplicate_marker(parameter: str, count: int) -> str:
    """MCP006 / runtime (decoration): more than one ``Elicit`` marker in one parameter's
    ``Annotated`` (``Annotated[Annotated[str, Elicit("a")], Elicit("b")]`` too: Python
    flattens nested ``Annotated``)."""
    return (
        f"Parameter `{parameter}` has {count} `Elicit` markers; a parameter is asked "
        "one question: keep one `Elicit(...)`"
    )


def empty_question() -> str:
    """Runtime (construction): ``Elicit("")``, a question the client would show as a blank prompt."""
    return "`Elicit` question is empty; the client would show a blank prompt: pass the question text"


def marker_type_mismatch(parameter: str, response_type: str, expected: str) -> str:
    """MCP007 / runtime: ``Annotated[expected, Elicit("...", response_type=...)]`` whose answer
    cannot be an ``expected`` (``response_type`` spelled as written, e.g. ``int``, ``['a', 'b']``)."""
    return (
        f"`Elicit` marker of `{parameter}` has `response_type={response_type}` but parameter "
        f"`{parameter}` is `{expected}`"
    )


def returned_marker_mismatch(resolver: str, answer: str, parameter: str, expected: str) -> str:
    """MCP007 (checker): a resolver returning ``Elicit(..., response_type=answer)``
    for a parameter typed ``expected``; the runtime fails such a call with
    :func:`marker_type_mismatch`'s words when the question is asked."""
    return (
        f"Resolver `{resolver}` returns `Elicit(..., response_type={answer})` but parameter "
        f"`{parameter}` is `{expected}`; the call fails when the question is asked"
    )


def resolver_returns_callable_marker(resolver: str) -> str:
    """MCP008 / runtime: a resolver may only return a question, never another resolver."""
    return (
        f"Resolver `{resolver}` returns `Elicit` with a callable; a resolver must return "
        "a value or `Elicit(\"question\", ...)`"
    )


def unresolvable_annotation(tool: str, parameter: str, error: str) -> str:
    """Runtime only: ``typing.get_type_hints`` failed for an elicited parameter."""
    return f"Cannot resolve the annotation of `{parameter}` in `{tool}`: {error}"


def decorator_above_tool(tool: str) -> str:
    """MCP020 / runtime: ``@declared_elicitation`` applied after ``@mcp.tool``."""
    return (
        f"`{DECORATOR}` sits above the tool decorator on `{tool}`; it must sit under it "
        "(`@mcp.tool` first, then `@declared_elicitation`)"
    )


def declared_twice(tool: str) -> str:
    """MCP020 / runtime: ``@declared_elicitation`` applied twice to one tool."""
    return (
        f"`{DECORATOR}` is applied twice on `{tool}`; keep one (the outer copy sees no elicited "
        "parameters and breaks every 2026-07-28 call)"
    )


def runtime_marker_on_mcpserver(tool: str, parameter: str) -> str:
    """MCP019: ``elicit_lint.runtime``'s ``Elicit`` on a tool served by the SDK's ``MCPServer``."""
    return (
        f"Parameter `{parameter}` of `{tool}` is marked with `elicit_lint.runtime`'s `Elicit`, "
        "but the tool is served by `MCPServer`; that marker serves FastMCP tools only and every "
        "call fails: declare it with the SDK's `Resolve(fn)`, a resolver returning "
        "`mcp.server.mcpserver.Elicit(...)`"
    )


def missing_decorator(tool: str, parameter: str) -> str:
    """MCP019 / runtime (first call): an ``Elicit`` marker on a tool without the decorator."""
    return (
        f"Parameter `{parameter}` of `{tool}` is marked `Elicit(...)` but the tool lacks "
        f"`{DECORATOR}`; without it the question is never asked and every call fails"
    )


def optional_without_default(tool: str, parameter: str) -> str:
    """MCP009: an elicited ``T | None`` parameter without a default (runtime: decline fails the call)."""
    return (
        f"Elicited parameter `{parameter}` of `{tool}` is optional (`| None`) but has no default; "
        "a declined or cancelled question still fails the call with a `ToolError`"
    )


def too_many_rounds(tool: str, rounds: int, chain: list[str], limit: int) -> str:
    """MCP010: the elicitation graph needs more rounds than the client allows."""
    return (
        f"Elicited parameters of `{tool}` can need {rounds} rounds, more than the {limit} a client allows; "
        f"the chain {' -> '.join(chain)} fails the call after round {limit} (`input_required_max_rounds`)"
    )


def private_elicit_module(module: str, names: list[str]) -> str:
    """MCP018: an import from FastMCP's private declared-elicitation engine."""
    head = f"`{module}` is private to FastMCP and may change without notice"
    private = [n for n in names if n != "Elicit"]
    if not private:
        return f"{head}; import `Elicit` from `fastmcp.elicitation`"
    listed = ", ".join(f"`{n}`" for n in private)
    return f"{head}; {listed} {'has' if len(private) == 1 else 'have'} no public import (only `Elicit` does, from `fastmcp.elicitation`)"


def unavailable_type_mismatch(parameter: str, value: str, expected: str) -> str:
    """MCP007 / runtime: ``Elicit(..., unavailable=value)`` on a parameter typed ``expected``
    that cannot hold ``value`` (``value`` spelled as written, e.g. ``None``)."""
    return (
        f"`Elicit` marker of `{parameter}` has `unavailable={value}` but parameter `{parameter}` is "
        f"`{expected}`: a client that cannot be asked would hand the body a value its type does not take"
    )


def bare_outcome(parameter: str, tool: str) -> str:
    """MCP002 / runtime (decoration): ``Annotated[ElicitationResult, Elicit("q")]`` (or
    ``ElicitationResult | None``) without ``response_type``: nothing says what is asked."""
    return (
        f"`{parameter}` of `{tool}` is a bare `ElicitationResult` and its `Elicit` marker has no "
        "`response_type`; say what is asked: `ElicitationResult[T]` or `Elicit(..., response_type=T)`"
    )


def union_without_response_type(parameter: str, tool: str) -> str:
    """MCP002 / runtime (decoration): an ``Elicit("q")`` marker without ``response_type`` on
    a parameter whose type (``None`` aside) is a union of several types
    (``Annotated[int | str | None, Elicit("q")]``): the runtime asks with that type and
    fastmcp 4.2.3's ``parse_elicit_response_type`` refuses a union."""
    return (
        f"`Elicit` marker of `{parameter}` in `{tool}` has no `response_type` and the parameter's "
        "type is a union of several types, which FastMCP 4 cannot ask; pass `response_type=` "
        "the one type to ask for (FastMCP 4 says \"Elicitation schema must be an object schema\")"
    )


def sdk_outcome(parameter: str, tool: str) -> str:
    """MCP013 / runtime (decoration): an ``elicit_lint.runtime`` ``Elicit`` marker on a
    parameter annotated with the MCP SDK's ``ElicitationResult`` (mcp 2.3.0
    ``mcp.server.elicitation``), whose ``AcceptedElicitation`` is another class."""
    return (
        f"`{parameter}` of `{tool}` is the MCP SDK's `ElicitationResult`, which holds the SDK's "
        "`AcceptedElicitation`, not the one FastMCP's `ctx.elicit` returns; import "
        "`ElicitationResult` from `elicit_lint.runtime`"
    )
