"""The model's records. Each keeps references to its ``ast`` nodes (for the
codemod, which plans rewrites from them) and its exact :class:`Span` (for rules).

Nothing here walks syntax; :mod:`.build` fills these in one pass per scope.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cached_property

from . import names
from .positions import LineIndex, Span
from .scopes import FunctionNode, Scope


@dataclass
class Registration:
    """How a function became a tool, prompt or resource.

    ``component``: ``"tool"``, ``"prompt"`` or ``"resource"``. ``form``:
    ``"decorator"`` (``@mcp.tool``), ``"decorator-call"`` (``@mcp.tool(...)``),
    ``"function-decorator"`` (``@tool`` / ``@tool(...)`` from ``fastmcp.tools``),
    ``"call"`` (``mcp.tool(fn)``, ``mcp.add_tool(fn)``, ``Tool.from_function(fn)``).
    ``node`` is the decorator expression or the call. ``server`` is the
    framework serving it (:mod:`.servers`): ``"fastmcp"``, ``"mcpserver"`` or
    ``None`` (unknown); ``receiver`` the server expression as written (``""``
    when there is none).
    """

    component: str
    form: str
    node: ast.expr
    span: Span
    server: str | None = None
    receiver: str = ""


@dataclass
class Function:
    """A ``def`` / ``async def`` anywhere in the module (methods and nested ones too).

    ``qualname`` follows Python's ``__qualname__`` (``outer.<locals>.inner``,
    ``Class.method``); ``registrations`` is empty for a plain function.
    """

    node: FunctionNode
    name: str
    scope: Scope
    is_method: bool
    lines: LineIndex = field(repr=False, compare=False)
    registrations: list[Registration] = field(default_factory=list)
    returned_markers: list[ast.Call] = field(default_factory=list)
    """``Elicit(...)`` calls (the declared marker) this function's own ``return``
    statements return: what makes a function act as a resolver."""

    # computed on first use: most functions of a module are never reported
    @cached_property
    def span(self) -> Span:
        """The whole ``def`` statement."""
        return self.lines.span(self.node)

    @cached_property
    def name_span(self) -> Span:
        """The function's name on its ``def`` line (:meth:`.positions.LineIndex.name_span`)."""
        return self.lines.name_span(self.node)

    @cached_property
    def qualname(self) -> str:
        """Python's ``__qualname__`` of the function (``outer.<locals>.inner``)."""
        parts: list[str] = []
        current: Scope | None = self.scope
        while current is not None and current.kind != "module":
            if parts and current.kind == "function":
                parts.append("<locals>")
            parts.append(getattr(current.node, "name", "<lambda>"))
            current = current.parent
        return ".".join(reversed(parts))

    @property
    def is_tool(self) -> bool:
        return any(r.component == "tool" for r in self.registrations)

    @property
    def is_component(self) -> bool:
        """A tool, prompt or resource."""
        return bool(self.registrations)

    @property
    def component(self) -> str | None:
        """``"tool"`` when registered as a tool, else the first registration's
        component (``"prompt"``, ``"resource"``), else ``None``."""
        if self.is_tool:
            return "tool"
        return self.registrations[0].component if self.registrations else None

    def server(self, component: str | None = None) -> tuple[str | None, str]:
        """``(framework, receiver text)`` of the server registering this function
        (as ``component`` when given: e.g. ``"tool"``): ``"fastmcp"``,
        ``"mcpserver"``, or ``None`` when unknown, unregistered, or registered on
        two kinds of server (:mod:`.servers`)."""
        kinds, shown = set(), ""
        for reg in self.registrations:
            if component is not None and reg.component != component:
                continue
            kinds.add(reg.server)
            shown = reg.receiver or shown
        return (kinds.pop() if len(kinds) == 1 else None), shown

    @property
    def framework(self) -> str | None:
        """The framework serving this component (:meth:`server`; tools first)."""
        return self.server("tool" if self.is_tool else None)[0]


@dataclass
class ContextRef:
    """Why a receiver is a context (FastMCP's, the SDK's ``MCPServer`` one, or the
    SDK's low-level ``ServerRequestContext``).

    ``kind``: ``"annotation"`` (parameter or variable annotated ``Context``,
    ``Context | None``, ``Optional[Context]`` or a string of those),
    ``"current-context"`` (a ``CurrentContext()`` default), ``"get-context"``
    (``get_context()``, called directly or assigned), ``"instance"``
    (``Context(...)``), ``"returned"`` (a call to a function of the module whose
    return annotation is ``Context`` or ``Context | None``), ``"bare-ctx"`` (an
    unannotated parameter named ``ctx`` of
    a tool), ``"middleware"`` (``<m>.fastmcp_context`` of a FastMCP
    ``MiddlewareContext`` ``<m>``), ``"attribute"`` (``self.<attr>`` set only
    from contexts in the class's methods) or ``"passed"`` (an unannotated helper
    parameter every call of the module fills with a context; :mod:`.held`), or
    ``"passed-elsewhere"`` (the same, filled by calls in other modules of the run
    too; :mod:`.passed`). ``name`` is the variable (``None`` for a
    direct receiver); ``node`` the binding (``ast.arg``, assignment, ``withitem``),
    the call or the ``fastmcp_context`` attribute. ``framework``: ``"fastmcp"``
    (every kind but ``"annotation"`` is FastMCP's), ``"mcpserver"`` (annotated
    ``mcp.server.mcpserver.Context``) or ``"lowlevel"`` (annotated
    ``ServerRequestContext``).
    """

    kind: str
    name: str | None
    node: ast.AST
    framework: str = names.FASTMCP_FRAMEWORK


@dataclass
class ElicitationSite:
    """An imperative elicitation ``<context>.elicit(...)``.

    ``call`` is the ``ast.Call``; ``receiver`` its ``func.value``. Arguments as
    FastMCP 4.2.3's ``Context.elicit(message, response_type, *, response_title,
    response_description)`` takes them: ``message`` (first positional or
    ``message=``), ``response_type`` (second positional, ``response_type=`` or
    the old ``schema=``) with ``response_type_form`` one of ``"positional"``,
    ``"keyword"``, ``"schema"``, ``"missing"`` or ``"unknown"`` (``*args`` /
    ``**kwargs`` present). ``await_node`` is the enclosing ``Await`` (``None`` if the
    call is not awaited directly); ``statement`` the enclosing statement;
    ``targets`` the names it is assigned to (``result = await ctx.elicit(...)``),
    empty otherwise. ``function`` is the enclosing function (``None`` at module
    level). The codemod's verdict on it is :meth:`elicit_lint.analysis.facts.Analysis.site_verdict`.

    ``alias`` is set on a call through a local alias (``elicit = ctx.elicit``,
    then ``await elicit(...)``): the aliasing assignment; ``receiver`` is then
    the ``ctx`` of that assignment. Such sites live in ``Model.aliased_sites``,
    apart from ``Model.sites``, which the codemod plans from.
    """

    call: ast.Call
    receiver: ast.expr
    context: ContextRef
    function: Function | None
    span: Span
    message: ast.expr | None
    response_type: ast.expr | None
    response_type_form: str
    await_node: ast.Await | None
    statement: ast.stmt | None
    targets: list[str]
    alias: ast.Assign | None = None

    @property
    def framework(self) -> str:
        """The context's framework: ``"fastmcp"`` or ``"mcpserver"``."""
        return self.context.framework

    @property
    def response_type_is_none(self) -> bool:
        rt = self.response_type
        return isinstance(rt, ast.Constant) and rt.value is None


@dataclass
class HandshakeCall:
    """A handshake-only call other than ``<context>.elicit(...)``: it sends a
    request back to the client mid-call, which only the handshake era's back
    channel carries (mcp 2.3.0 ``src/mcp/server/session.py``, ``elicitation.py``).

    ``via``: ``"context"`` (``ctx.elicit_url(...)`` on the SDK's ``Context``),
    ``"session"`` (``ctx.session.<method>(...)`` or
    ``ctx.request_context.session.<method>(...)``) or ``"helper"``
    (``elicit_with_validation(ctx.session, ...)`` / ``elicit_url(ctx.session, ...)``
    from ``mcp.server.elicitation``) or ``"value"`` (``<context>.elicit`` passed
    as an argument, ``functools.partial(ctx.elicit, ...)``: ``call`` is the call
    it is passed to, ``span`` the attribute's) or ``"removed"`` (a method FastMCP 4's
    ``Context`` does not have, ``ctx.sample(...)``: ``Model.removed_calls``, MCP029). ``method`` is the method or helper name;
    ``shown`` the callee as written (``ctx.session.elicit_form``); ``context`` the
    context it goes through; ``function`` the enclosing function.
    """

    call: ast.Call
    context: ContextRef
    function: Function | None
    span: Span
    method: str
    via: str
    shown: str

    @property
    def framework(self) -> str:
        return self.context.framework

    @property
    def mode(self) -> str:
        """``"form"``, ``"url"``, ``"sampling"`` or ``"roots"``: what it asks the client."""
        if self.method == "elicit_url":
            return "url"
        if self.method in ("create_message", "sample", "sample_step"):
            return "sampling"
        if self.method == "list_roots":
            return "roots"
        return "form"


@dataclass
class Marker:
    """A marker call in an annotation: ``Elicit(...)`` or SDK ``Resolve(fn)``.

    ``family``: ``"elicit"`` (``elicit_lint.runtime`` / ``fastmcp.elicitation``)
    or ``"resolve"`` (``mcp.server.mcpserver.Resolve``). ``message`` is the first
    positional / ``message=`` argument (``fn`` for ``Resolve``); ``question`` is set
    when it is a string (literal, f-string or a module-level string constant);
    ``resolver_name`` when it is a name, with ``resolver`` when that name is a
    function defined in this module. ``response_type`` is ``response_type=`` or,
    for ``Elicit``, the second positional argument (``Elicit("q", str)``, as
    ``ctx.elicit`` takes it). ``placement`` as :class:`.annotation.MarkerHit`.

    ``outcome`` is set for an outcome-typed parameter
    (``Annotated[ElicitationResult[T], Elicit(...)]``): it receives
    ``ctx.elicit``'s result object, and ``answer_type`` is its ``T`` (``None``
    for a bare ``ElicitationResult``); for any other parameter ``answer_type``
    is ``type``.

    ``bad_argument`` (``elicit`` family only): the type name of a message that
    is provably neither a string nor a callable, as ``Elicit.__init__`` names it
    in its ``TypeError`` (``"int"`` for ``Elicit(123)``, ``"Elicit"`` for
    ``Elicit(Elicit("q"))``), or ``"nothing"`` for ``Elicit()``; else ``None``.
    """

    call: ast.Call
    family: str
    qualified: str
    placement: str
    span: Span
    message: ast.expr | None
    question: ast.expr | None
    resolver_name: str | None
    resolver: Resolver | None
    response_type: ast.expr | None
    annotated: ast.Subscript | None
    type: ast.expr | None
    bad_argument: str | None = None
    outcome: bool = False
    answer_type: ast.expr | None = None

    @property
    def honoured(self) -> bool:
        return self.placement in ("top", "optional")


@dataclass
class ElicitedParameter:
    """A parameter whose (resolved) annotation holds a marker.

    ``annotation`` is the resolved annotation (string annotations parsed, spans
    mapped onto the source); ``markers`` every marker found in it (normally
    one); ``default`` the default expression or ``None``.
    """

    function: Function
    arg: ast.arg
    name: str
    annotation: ast.expr
    markers: list[Marker]
    default: ast.expr | None
    span: Span

    @property
    def marker(self) -> Marker:
        return self.markers[0]


@dataclass
class UncalledMarker:
    """The marker class used as metadata without being called: ``x: Annotated[str, Elicit]``.

    Not a marker (the parameter is no :class:`ElicitedParameter`): FastMCP 4.2.3
    calls the class with no argument when it registers the tool
    (``uncalled_for``'s ``Annotated`` metadata handling), a ``TypeError`` at import.
    ``node`` is the ``Elicit`` name; ``name`` the parameter's.
    """

    function: Function
    name: str
    node: ast.expr
    span: Span


@dataclass
class ResolverParameter:
    """A resolver parameter. ``kind``: ``"dependency"`` (filled by name: a tool
    argument or another elicited parameter), ``"depends"`` (a ``Depends(...)``,
    ``Shared(...)``, ``CurrentFastMCP()``... default: injected), ``"context"``
    (annotated ``Context`` or ``CurrentContext()``), ``"sdk-context"`` (annotated
    with the SDK's ``Context``: ``MCPServer`` fills it), ``"resolved"`` (annotated
    ``Annotated[T, Resolve(g)]``: ``MCPServer`` fills it from ``g``), ``"call-default"`` (a default
    calling a local or relative factory, which may return a dependency: never
    reported), ``"defaulted"`` (any other default: the engine fills resolver
    parameters by name only, so it does not help), ``"variadic"``."""

    name: str
    arg: ast.arg
    kind: str
    span: Span


@dataclass
class Resolver:
    """A module-level function referenced by a marker (``Elicit(fn)`` / ``Resolve(fn)``).

    ``returns`` is the resolved return annotation; ``elicit_types`` the ``X`` of
    every ``Elicit[X]`` arm in it (``-> Elicit[X]``, ``-> T | Elicit[X]``) and
    ``value_types`` the other arms; ``returned_calls`` ``(qualified callee,
    call)`` for every call its own ``return`` statements return whose callee the
    import table names (``mcp.server.mcpserver.Elicit``, ``...Sample``, ...);
    ``returned_markers`` those of the declared ``Elicit(...)``.
    """

    node: FunctionNode
    name: str
    span: Span
    name_span: Span
    parameters: list[ResolverParameter]
    returns: ast.expr | None
    elicit_types: list[ast.expr]
    value_types: list[ast.expr]
    returned_calls: list[tuple[str, ast.Call]]
    sdk_arms: list[ast.expr] = field(default_factory=list)
    """The arms of ``returns`` that are the SDK's ``Elicit[X]``, ``Sample`` or
    ``ListRoots`` (mcp 2.3.0 refuses a resolver with two at registration)."""

    @property
    def returned_markers(self) -> list[ast.Call]:
        return [call for name, call in self.returned_calls if name == names.ELICIT]

    @property
    def dependencies(self) -> list[str]:
        return [p.name for p in self.parameters if p.kind == "dependency"]


@dataclass
class GuardReturn:
    """A function returning ``InputRequiredResult``: ``kind`` ``"return"`` (a
    ``return InputRequiredResult(...)`` or a name assigned from one; ``node`` is
    the ``Return``) or ``"annotation"`` (the return annotation mentions it)."""

    function: Function
    kind: str
    node: ast.AST
    span: Span
