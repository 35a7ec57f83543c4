"""The call-time engine shared by both eras: questions, digests, answers, state.

One evaluation pass walks the elicited parameters in resolution order
(``elicit_lint.core.graph``): a resolver runs when every elicited parameter it reads
has a value, and either returns the value or a question; a question with a
recorded answer pinned to the *same digest* is settled (validated with FastMCP's
``handle_elicit_accept``, or turned into the default on decline/cancel);
every other question is pending (on the handshake era a resolver runs once per
call: ``evaluate``'s ``ran``). Pending questions go out in signature order --
as one ``InputRequiredResult`` on a modern connection (``modern.py``) or one
``ctx.elicit`` after another on a handshake connection (``handshake.py``).

The digest of a question is SHA-256 over the canonical JSON of exactly what the
client is shown: its key (the parameter name), its message and its requested
schema. A reworded question or one quoting a different argument has another
digest, so an old answer is never credited to it. A call that would ask a
question again after ``MAX_ASKS`` rounds fails (``count_asks``), on both eras.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import mcp_types
from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import ElicitConfig, handle_elicit_accept
from fastmcp.utilities.async_utils import call_sync_fn_in_threadpool

from ..core import messages
from ..core.settings import DEFAULT_MAX_ROUNDS
from .analysis import ElicitedParam, ToolPlan, build_config, check_answer_type
from .marker import Elicit
from .outcome import refused
from .resolver_calls import call_resolver, resolver_key, resolver_outcome
from .state import Recorded, digest

#: How many rounds one call may send before asking a question again fails it: a
#: question asked again is one whose message or schema changed (or was not
#: answered). A 2026-07-28 ``fastmcp.Client`` answers ``input_required_max_rounds``
#: rounds (10 by default, fastmcp 4.2.3) and raises on the next, the number
#: MCP010's ``max-rounds`` defaults to; both eras stop at the same count.
MAX_ASKS = DEFAULT_MAX_ROUNDS

#: The action of a question the client could not be asked (``require_capability``);
#: lives only inside one request, never in ``request_state`` nor on the wire.
UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class Question:
    """One question as shown to the client."""

    key: str
    message: str
    config: ElicitConfig
    response_type: Any  # what the schema was built from
    title: str | None
    description: str | None
    digest: str

    def to_request(self) -> mcp_types.ElicitRequest:
        """The form-mode ``elicitation/create`` request embedded in ``InputRequiredResult``."""
        return mcp_types.ElicitRequest(
            method="elicitation/create",
            params=mcp_types.ElicitRequestFormParams(
                message=self.message, requested_schema=self.config.schema
            ),
        )


def make_question(plan: ToolPlan, param: ElicitedParam, marker: Elicit[Any]) -> Question:
    """The question ``marker`` asks for ``param`` (schema built by FastMCP).

    ``marker`` is the parameter's own marker (a fixed question) or the one its
    resolver returned (``run_resolver`` has already rejected a callable there).
    A returned marker that says nothing about the type inherits the
    parameter's response type, title and description; one whose
    ``response_type`` cannot give the parameter's type is a ``ToolError``
    (``messages.marker_type_mismatch``, the decoration-time check).
    """
    assert isinstance(marker.message, str)
    if marker is not param.marker and marker.has_unavailable:
        raise ToolError(
            f"Resolver of `{param.name}` in `{plan.tool}` returned `Elicit(..., unavailable=...)`: "
            "put `unavailable=` on the parameter's own marker (it is read there, and checked at decoration)"
        )
    title, description = marker.title, marker.description
    if marker is param.marker or (
        marker.response_type is None and title is None and description is None
    ):
        response_type, config = param.default_type, param.config
        title, description = param.marker.title, param.marker.description
    else:
        response_type = param.default_type if marker.response_type is None else marker.response_type
        config = None
    if config is None:
        try:
            config = build_config(param.name, plan.tool, response_type, title, description)
            # the decoration check, for a question only known when the resolver runs
            check_answer_type(param, marker, config)
        except TypeError as error:
            raise ToolError(str(error)) from error
    return Question(
        key=param.name,
        message=marker.message,
        config=config,
        response_type=response_type,
        title=title,
        description=description,
        digest=digest(param.name, marker.message, config.schema),
    )


def kept_changing(tool: str, parameters: list[str], limit: int) -> str:
    """Runtime only: after ``limit`` rounds, the questions for ``parameters`` were due again."""
    names = ", ".join(f"`{p}`" for p in parameters)
    noun = "question for" if len(parameters) == 1 else "questions for"
    return (
        f"The {noun} {names} of `{tool}` kept changing: still asked again after {limit} rounds "
        f"in one call, the limit (a `fastmcp.Client` answers {limit} rounds by default, "
        "`input_required_max_rounds`, then gives up); a resolver must return the same question "
        "(message and schema) for the same inputs"
    )


def count_asks(
    plan: ToolPlan, asks: dict[str, int], pending: list[Question], rounds: int
) -> dict[str, int]:
    """``asks`` once ``pending`` is asked as the call's round ``rounds + 1``.

    A ``ToolError`` (``kept_changing``) in place of a round past ``MAX_ASKS``
    that asks a parameter again, naming those parameters: a 2026-07-28
    ``fastmcp.Client`` answers ``input_required_max_rounds`` (10) rounds and
    raises ``InputRequiredRoundsExceededError`` on the next (mcp 2.3.0
    ``mcp/client/_input_required.py``), so the default client gets this error
    instead of its own. A round past the limit with only new questions (a
    chain of more than ``MAX_ASKS`` dependent questions, which MCP010 reports)
    is sent: a client with a higher limit answers it.
    """
    counted = dict(asks)
    for question in pending:
        counted[question.key] = counted.get(question.key, 0) + 1
    again = [q.key for q in pending if counted[q.key] > 1]
    if again and rounds >= MAX_ASKS:
        raise ToolError(kept_changing(plan.tool, again, MAX_ASKS))
    return counted


def declined(plan: ToolPlan, param: ElicitedParam, action: str) -> Any:
    """Decline/cancel: the parameter's default, else a ``ToolError`` naming it."""
    if param.has_default:
        return param.default
    verb = "declined" if action == "decline" else "cancelled"
    raise ToolError(
        f"The question for `{param.name}` of `{plan.tool}` was {verb} and `{param.name}` "
        "has no default"
    )


def settle(plan: ToolPlan, param: ElicitedParam, question: Question, recorded: Recorded) -> Any:
    """The value of an answered question; content is validated again every time.

    The same on both eras: accepted content goes through FastMCP's
    ``handle_elicit_accept`` (what ``ctx.elicit`` runs), an accept without
    content counting as ``{}`` (an empty form: FastMCP's client docs answer an
    empty-object schema with ``ElicitResult(action="accept")``). An
    outcome-typed parameter gets the ``AcceptedElicitation`` itself, or a
    ``DeclinedElicitation`` / ``CancelledElicitation``; any other gets ``.data``
    or, on decline/cancel, its default (``declined``).
    """
    if recorded.action == UNAVAILABLE:
        if not param.marker.has_unavailable:  # shares another parameter's question
            raise ToolError(cannot_ask(plan.tool, [param.name]))
        return param.marker.unavailable
    if recorded.action != "accept":
        return refused(recorded.action) if param.outcome else declined(plan, param, recorded.action)
    content = {} if recorded.content is None else recorded.content
    try:
        result = handle_elicit_accept(question.config, content)
    except (ValueError, TypeError) as error:  # pydantic.ValidationError is a ValueError
        raise ToolError(
            f"The answer for `{param.name}` of `{plan.tool}` does not match its schema: {error}"
        ) from error
    return result if param.outcome else result.data


def cannot_ask(tool: str, parameters: list[str]) -> str:
    """Runtime only: the client declared no form elicitation capability.

    Starts with the words a handshake-era ``ctx.elicit`` fails with for such a
    client ("Elicitation not supported", the MCP SDK's ``MCPError``), so code
    that looks for them keeps finding them (FastMCP puts "Error calling tool
    'x': " before them there)."""
    names = ", ".join(f"`{p}`" for p in parameters)
    return (
        f"Elicitation not supported: `{tool}` needs an answer for {names}, but the client did "
        "not declare the form elicitation capability, so it cannot be asked (a default is not "
        "used in its place)"
    )


def client_can_ask(ctx: Any) -> bool:
    """False when the client declared no form elicitation capability.

    The capability test is the MCP SDK v2's (``mcp/server/mcpserver/resolve.py``
    ``_require_capability``: a bare ``elicitation: {}`` counts as form support,
    URL-only does not), read from ``ctx.session.client_capabilities`` (the
    initialize handshake, or a 2026-07-28 request's ``_meta``). Unknown
    capabilities (no session) count as able.
    """
    try:
        capabilities = ctx.session.client_capabilities
    except (RuntimeError, AttributeError):
        return True
    if capabilities is None:
        return True
    elicitation = capabilities.elicitation
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def require_capability(plan: ToolPlan, ctx: Any, pending: list[Question]) -> dict[str, Recorded]:
    """What to do with ``pending`` for this client, before anything is asked, on both eras.

    ``{}`` when the client can answer a form question (``client_can_ask``).
    Otherwise, when every pending parameter opted in with ``Elicit(...,
    unavailable=VALUE)``, the "could not ask" record (action ``UNAVAILABLE``,
    never sent on the wire) of each, which ``settle`` turns into its ``VALUE``;
    else a ``ToolError`` (``cannot_ask``) naming the tool and the pending
    parameters without the option. The error is a tool error result, as a
    hand-written ``ctx.elicit`` gives such a client on the handshake era
    (FastMCP 4.2.3 turns the SDK's ``MCPError`` into one), not the SDK's
    -32021 JSON-RPC error: ``elicit-migrate`` keeps the kind of failure.
    """
    if not pending or client_can_ask(ctx):
        return {}
    failing = [q.key for q in pending if not plan.params[q.key].marker.has_unavailable]
    if failing:
        raise ToolError(cannot_ask(plan.tool, failing))
    return {q.key: Recorded(q.digest, UNAVAILABLE) for q in pending}


def skipped(plan: ToolPlan, param: ElicitedParam, dependency: str) -> Any:
    """A resolver not called because ``dependency`` is ``None`` and it does not accept ``None``:
    the parameter counts as declined -- its default, else a ``ToolError`` naming both."""
    if param.has_default:
        return param.default
    assert param.resolver is not None
    raise ToolError(
        f"`{param.name}` of `{plan.tool}` was not asked: `{dependency}` has no value (declined, "
        f"cancelled or `None`), resolver `{param.resolver.name}` does not accept `None`, "
        f"and `{param.name}` has no default"
    )


async def evaluate(
    plan: ToolPlan,
    arguments: dict[str, Any],
    ctx: Any,
    recorded: dict[str, Recorded],
    ran: dict[Any, Any] | None = None,
) -> tuple[dict[str, Any], list[Question]]:
    """One pass: ``(values known now, pending questions in signature order)``.

    A resolver runs once per pass however many parameters it serves, as the
    MCP SDK v2 memoizes a ``Resolve`` resolver per call by identity
    (``resolver_calls.resolver_key``): the first parameter in resolution order
    that uses it owns its question (key, digest, recorded answer), and every
    other parameter it serves takes that one answer, read for itself (its own
    default on decline) -- one question, asked once. ``ran`` (the handshake
    era) keeps each resolver's result across the passes of one call: a resolver
    then runs once per call, as the SDK runs one on that era, and a later pass
    reuses its value or question. That is sound because a resolver runs only
    once every elicited parameter it reads has a value, and within one call
    such a value never changes afterwards (an answered question is settled from
    its recorded reply, a resolver's value is the one kept here). Without
    ``ran`` (the 2026-07-28 era, where every round is a new request) resolvers
    run on every pass, as the SDK's do.
    """
    results: dict[Any, Any] = {} if ran is None else ran  # raw resolver results by identity
    owners: dict[Any, Question] = {}  # a resolver's question this pass, once built
    values: dict[str, Any] = {}
    pending: dict[str, Question] = {}
    for name in plan.order:
        param = plan.params[name]
        if param.resolver is not None:
            if any(dep not in values for dep in param.resolver.elicited_deps):
                continue  # asked in a later round
            gate = next((d for d in param.resolver.rejects_none if values[d] is None), None)
            if gate is not None:  # like a hand-written gate: no value, no follow-up question
                values[name] = skipped(plan, param, gate)
                continue
            key = resolver_key(param.resolver.fn)
            if key not in results:
                results[key] = await call_resolver(plan, param, values, arguments, ctx)
            result = resolver_outcome(plan, param, results[key])
            if not isinstance(result, Elicit):
                values[name] = result  # a fresh value beats any recorded answer
                continue
            shared = owners.get(key)
            if shared is not None:  # another parameter's question: its answer serves this one too
                answer = recorded.get(shared.key)
                if shared.key in values and answer is not None:
                    values[name] = settle(plan, param, shared, answer)
                continue
            question = owners[key] = make_question(plan, param, result)
        else:
            question = param.question
            if question is None:  # a fixed question: built once, then reused
                question = param.question = make_question(plan, param, param.marker)
        answer = recorded.get(name)
        if answer is not None and answer.digest == question.digest:
            values[name] = settle(plan, param, question, answer)
        else:
            pending[name] = question
    return values, [pending[n] for n in plan.params if n in pending]


def tool_arguments(plan: ToolPlan, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The wrapper's keyword arguments with the tool's own defaults filled in."""
    try:
        bound = plan.signature.bind_partial(**kwargs)
    except TypeError:  # an argument fastmcp added that the signature does not name
        return {**{n: p.default for n, p in plan.signature.parameters.items()}, **kwargs}
    bound.apply_defaults()
    return dict(bound.arguments)


async def run_body(plan: ToolPlan, kwargs: dict[str, Any], values: dict[str, Any]) -> Any:
    """Call the original function with every argument (sync bodies via anyio)."""
    call = {**kwargs, **values}
    if plan.is_async:
        result = await plan.fn(**call)
    elif plan.run_in_thread:
        result = await call_sync_fn_in_threadpool(plan.fn, **call)
    else:
        result = plan.fn(**call)
    if inspect.isawaitable(result):
        result = await result
    if isinstance(result, mcp_types.InputRequiredResult):
        raise ToolError(messages.mixed_with_input_required(plan.tool))
    return result
