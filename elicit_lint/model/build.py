"""Builds the :class:`Model` of one module from its stdlib ``ast`` tree."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cached_property

from . import names, servers, tools
from .contexts import (
    ContextResolver,
    context_framework,
    find_handshake_calls,
    find_sites,
)
from .indexes import Indexes
from .nodes import (
    ElicitationSite,
    ElicitedParameter,
    Function,
    GuardReturn,
    HandshakeCall,
    Resolver,
    UncalledMarker,
)
from .params import ParameterAnalyser
from .positions import LineIndex, Span
from .scopes import Scope, build_scopes
from .structure import ParentMap, ancestors, enclosing, guarded_by_try, in_body
from .walk import statements


@dataclass
class Model(Indexes):
    """The semantic model of one module (docs/architecture.md "Data flow: `elicit-lint check`", step 4).

    - ``functions``: every ``def`` in source order (:class:`.nodes.Function`),
      with its tool/prompt/resource registrations;
    - ``sites``: imperative elicitations ``<context>.elicit(...)``;
    - ``aliased_sites``: the same through a local alias (``elicit = ctx.elicit``;
      ``await elicit(...)``), kept apart: the codemod does not plan them;
    - ``handshake_calls``: the other handshake-only calls (``ctx.elicit_url``,
      ``ctx.session.elicit_form`` ..., ``elicit_with_validation(ctx.session, ...)``),
      report-only (:class:`.nodes.HandshakeCall`);
    - ``removed_calls``: calls of a method FastMCP 4's ``Context`` does not have
      (``ctx.sample(...)``; ``via == "removed"``, MCP029), kept apart;
    - ``elicited_parameters``: parameters carrying ``Elicit`` / ``Resolve`` markers;
    - ``uncalled_markers``: the marker class as metadata, not called
      (``Annotated[str, Elicit]``);
    - ``resolvers``: resolver functions referenced by markers, keyed by ``def`` node;
    - ``guard_returns``: ``InputRequiredResult`` returns and return annotations;
    - ``mcp1_imports``: imports of mcp 1.x's ``mcp.server.fastmcp``, star imports too (its names
      are read as the SDK v2 names they were renamed to: ``FastMCP`` ->
      ``MCPServer``, ``Context`` -> ``mcp.server.mcpserver.Context``);
    - ``mixed_line_ends``: the raw file mixed line-end styles (set by the caller
      that read the bytes; ``source`` itself has ``\\n`` only);
    - ``elsewhere``: refusals for tools registered in other modules (set by
      ``analysis.elsewhere.apply``).

    :meth:`qualified_name` answers "which imported name is this expression?" from
    the import table of the scope it is evaluated in; :meth:`span` gives exact
    1-based character spans. The ``ast`` nodes referenced are ``tree``'s own
    (string annotations excepted: those are parsed copies with mapped positions).
    """

    tree: ast.Module
    source: str
    filename: str
    lines: LineIndex
    module_scope: Scope
    scopes: dict[ast.AST, Scope]
    functions: list[Function] = field(default_factory=list)
    sites: list[ElicitationSite] = field(default_factory=list)
    aliased_sites: list[ElicitationSite] = field(default_factory=list)
    handshake_calls: list[HandshakeCall] = field(default_factory=list)
    removed_calls: list[HandshakeCall] = field(default_factory=list)
    uncalled_markers: list[UncalledMarker] = field(default_factory=list)
    elicited_parameters: list[ElicitedParameter] = field(default_factory=list)
    resolvers: dict[ast.AST, Resolver] = field(default_factory=dict)
    guard_returns: list[GuardReturn] = field(default_factory=list)
    mcp1_imports: list[ast.Import | ast.ImportFrom] = field(default_factory=list)
    mixed_line_ends: bool = False
    mcp1_importers: list[str] = field(default_factory=list)
    """``"path:row"`` of each module of the run that reads a server this mcp 1.x module
    builds and that MCP017 cannot rename (``analysis.mcp1_run.apply``)."""
    mcp1_readers: list[str] = field(default_factory=list)
    """``"path:row: use"`` of each read of a server this mcp 1.x module builds, in another
    module of the run, that is not on what mcp 2 keeps as it was (``analysis.mcp1_run``)."""
    elsewhere: dict[str, str] = field(default_factory=dict)
    """``{function name: reason}`` for functions another module registers as tools
    that may not be treated as registered here (``analysis.elsewhere.apply``)."""
    refused_tools: set[str] = field(default_factory=set)
    """Names of the functions in :attr:`elsewhere` that another module registers as
    tools (not merely reads): still tools for MCP019, whose fix is then unsafe."""
    outside: dict[tuple[str, str], str | None] = field(default_factory=dict)
    """``{(helper name, parameter name): framework, or None}``: what the calls of
    other modules of the run pass to a module-level helper's unannotated
    parameter (``model.passed.add_outside``)."""
    _loads: dict[ast.AST, dict[str, list[ast.Name]]] = field(default_factory=dict, repr=False)

    @cached_property
    def parents(self) -> ParentMap:
        """Each node of ``tree`` -> its parent (``get``/``[]``): the one parent map of
        the module (:class:`.structure.ParentMap`), filled on first use and kept."""
        return ParentMap(self.tree)

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The node ``node`` is a child of (``None`` for ``tree``)."""
        return self.parents.get(node)

    def enclosing(
        self, node: ast.AST, kinds: type | tuple[type, ...], stop: ast.AST | None = None
    ) -> ast.AST | None:
        """The nearest ancestor of ``node`` of one of ``kinds`` below ``stop``
        (e.g. the function's ``def``), else ``None`` (:func:`.structure.enclosing`)."""
        return enclosing(node, kinds, self.parents, stop)

    def ancestors(self, node: ast.AST, stop: ast.AST | None = None) -> list[tuple[ast.AST, ast.AST]]:
        """``(ancestor, child)`` pairs up from ``node``, below ``stop`` (:func:`.structure.ancestors`)."""
        return list(ancestors(node, self.parents, stop))

    def in_body(self, node: ast.AST, block: ast.AST) -> bool:
        """Whether ``node`` sits, at any depth, in ``block.body`` (:func:`.structure.in_body`)."""
        return in_body(node, block, self.parents)

    @cached_property
    def _ascii(self) -> bool:
        return self.source.isascii()

    def spelled_at_most(self, word: str, count: int) -> bool:
        """Whether ``tree`` can hold at most ``count`` identifiers ``word`` (``Name``
        ids, attribute names, ``def``/``class`` names, parameters): an identifier
        of an ASCII source is spelled in its text, and distinct identifiers do not
        overlap, so the text's non-overlapping count of ``word`` bounds them
        (leftmost matching finds the most disjoint occurrences). A non-ASCII
        source answers ``False``: Python reads identifiers NFKC-normalized, so
        another spelling can name ``word``. A cheap exact test that lets a
        module-wide search be skipped (docs/architecture.md "Data flow: `elicit-lint check`", step 4)."""
        return self._ascii and self.source.count(word) <= count

    def guarded_by_try(self, node: ast.AST, stop: ast.AST | None = None) -> bool:
        """Whether ``node`` sits in the body of a ``try`` with handlers below ``stop``."""
        return guarded_by_try(node, self.parents, stop)

    def span(self, node: ast.AST) -> Span:
        """Exact span of any positioned node of ``tree``."""
        return self.lines.span(node)

    def qualified_name(self, expr: ast.expr, scope: Scope | None = None) -> str | None:
        """Canonical qualified name of ``expr`` evaluated in ``scope`` (default: module)."""
        return (scope or self.module_scope).qualified_name(expr)

    def function(self, node: ast.AST) -> Function | None:
        """The :class:`Function` record of a ``def`` node."""
        return self._by_node.get(node)

    def elicited_by_function(self) -> dict[ast.AST, list[ElicitedParameter]]:
        """Elicited parameters grouped by their function's ``def`` node, in signature order."""
        out: dict[ast.AST, list[ElicitedParameter]] = {}
        for param in self.elicited_parameters:
            out.setdefault(param.function.node, []).append(param)
        return out

    def context_parameters(self, function: Function) -> list[tuple[ast.arg, str]]:
        """``(parameter, framework)`` for each parameter of ``function`` annotated
        with a context class (:func:`.contexts.context_framework`), whatever
        the server: a FastMCP ``Context``, the SDK's ``Context``, a
        ``ServerRequestContext``."""
        outer = function.scope.parent or self.module_scope
        args = function.node.args
        out = []
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            framework = context_framework(arg.annotation, outer, self.lines)
            if framework is not None:
                out.append((arg, framework))
        return out

    def class_named(self, expr: ast.expr | None, scope: Scope | None = None) -> ast.ClassDef | None:
        """The ``class`` statement of this module that the name ``expr`` (read in
        ``scope``, default: module) is bound to, when every binding is that class."""
        if not isinstance(expr, ast.Name):
            return None
        found = (scope or self.module_scope).lookup(expr.id)
        if found is None:
            return None
        bindings = found[1]
        if len(bindings) == 1 and bindings[0].kind == "class":
            return bindings[0].node  # type: ignore[return-value]
        return None

    def place(self, function: Function | None) -> str | None:
        """Where code runs: ``"resolver"`` (a function a marker names), ``"tool"``,
        ``"prompt"``, ``"resource"``, else ``None``."""
        if function is None:
            return None
        if function.node in self.resolvers:
            return "resolver"
        return function.component

    def guards_of(self, function: Function) -> list[GuardReturn]:
        """``function``'s guard returns, in module order (grouped once: a lookup per
        function, not a scan of the module's guards)."""
        return self._by_function("guard_returns").get(id(function), [])

    def sites_of(self, function: Function) -> list:
        """The elicitation sites whose function is ``function``, in module order."""
        return self._by_function("sites").get(id(function), [])

    def _by_function(self, attribute: str) -> dict[int, list]:
        """``id(function)`` -> the items of ``attribute`` in it; made on first ask,
        once the model is built (the lists are not changed after that)."""
        cache = self.__dict__.setdefault("_grouped", {})
        if attribute not in cache:
            grouped: dict[int, list] = {}
            for item in getattr(self, attribute):
                grouped.setdefault(id(item.function), []).append(item)
            cache[attribute] = grouped
        return cache[attribute]

    @cached_property
    def future_annotations(self) -> bool:
        """Whether the module has ``from __future__ import annotations`` (PEP 563:
        annotations are stored as strings and resolved later against the module's
        globals). Computed once per module, on first use."""
        return any(
            isinstance(s, ast.ImportFrom)
            and s.module == "__future__"
            and any(a.name == "annotations" for a in s.names)
            for s in self.tree.body
        )

    def in_middleware(self, function: Function) -> bool:
        """Whether ``function`` is FastMCP middleware code: a method of a class
        deriving from ``Middleware`` or one of fastmcp's middleware classes
        (:func:`.names.is_middleware_class`, qualified names), or a function with a
        parameter holding a ``MiddlewareContext`` (the test
        ``context.fastmcp_context`` receivers pass, :mod:`.contexts`)."""
        scope = function.scope
        outer = scope.parent
        if function.is_method and outer is not None and isinstance(outer.node, ast.ClassDef):
            home = outer.parent or outer  # bases are evaluated in the enclosing scope
            if any(names.is_middleware_class(home.qualified_name(b)) for b in outer.node.bases):
                return True
        resolver = ContextResolver(self.lines, self.scopes, self._by_node)
        args = function.node.args
        return any(
            resolver.is_middleware_context(a.arg, scope)
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
        )

    def __post_init__(self) -> None:
        self._by_node: dict[ast.AST, Function] = {}


_WORD_END = {w: re.compile(w + r"\b") for w in ("Elicit", "Resolve", "InputRequiredResult")}
_WORD_CHAR = re.compile(r"\w")
_STAR_IMPORT = re.compile(r"\bimport\s*(?:\\\s*)?\*")
"""``import *`` (a backslash continuation between them too), the only text a star import has."""


def _mentions(source: str, word: str) -> bool:
    """``re.search(rf"\\b{word}\\b", source)``, but fast: a pattern that starts
    with ``\\b`` loses the regex engine's literal-prefix scan (5 ms instead of
    0.1 ms on the fastmcp tree's candidates), so the start is checked by hand."""
    if word not in source:
        return False
    for match in _WORD_END[word].finditer(source):
        start = match.start()
        if start == 0 or not _WORD_CHAR.match(source, start - 1):
            return True
    return False


def _is_mcp1(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom) and not node.level and node.module:
        if node.module == names.MCP1_FASTMCP or node.module.startswith(names.MCP1_FASTMCP + "."):
            return True
        return node.module == "mcp.server" and any(a.name == "fastmcp" for a in node.names)
    if isinstance(node, ast.Import):
        return any(a.name == names.MCP1_FASTMCP or a.name.startswith(names.MCP1_FASTMCP + ".") for a in node.names)
    return False


def _mcp1_imports(scopes: list[Scope]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of ``mcp.server.fastmcp`` bound in any scope, in source order."""
    found = {
        id(b.node): b.node
        for scope in scopes
        for bindings in scope.bindings.values()
        for b in bindings
        if b.kind == "import" and _is_mcp1(b.node)
    }
    return sorted(found.values(), key=lambda n: (n.lineno, n.col_offset))  # type: ignore[return-value]


def build_model(tree: ast.Module, source: str, filename: str) -> Model:
    """Build the :class:`Model` of a parsed module.

    ``tree`` must come from ``ast.parse(source)`` (or be flake8's tree for the
    same text); ``source`` is the decoded text, used for character columns and
    string annotations. Never raises on valid Python; never imports anything
    outside the standard library.
    """
    lines = LineIndex(source)
    module_scope, scopes = build_scopes(tree)
    model = Model(tree, source, filename, lines, module_scope, scopes)
    by_node: dict[ast.AST, Function] = {}
    for node, scope in scopes.items():
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        parent = scope.parent
        function = Function(
            node=node,
            name=node.name,
            scope=scope,
            is_method=parent is not None and parent.kind == "class",
            lines=lines,
        )
        by_node[node] = function
        function.registrations.extend(tools.decorator_registrations(function, parent or scope, lines))
    for scope in [module_scope, *scopes.values()]:
        for function, registration in tools.call_registrations(scope, by_node, lines):
            function.registrations.append(registration)
    known: dict[tuple[int, str], str | None] = {}
    for function in by_node.values():
        outer = function.scope.parent or module_scope
        for reg in function.registrations:
            reg.server, reg.receiver = servers.server_of_registration(reg, outer, known)
    model._by_node = by_node
    model.functions = sorted(by_node.values(), key=lambda f: (f.node.lineno, f.node.col_offset))

    # Each pass below can only find something when the text mentions what it
    # looks for (an attribute ``elicit``; a marker or guard name through some
    # binding, all of which spell the word ``Elicit`` / ``Resolve`` /
    # ``InputRequiredResult`` in an import or, after a star import, in the use):
    # skipping it otherwise is exact, and keeps flake8 runs cheap. Whole words:
    # ``ElicitResult`` or ``Resolver`` in a module does not run the passes.
    if "elicit" in source:
        contexts = ContextResolver(lines, scopes, by_node)
        parents = lambda: model.parents
        for node, scope in [(None, module_scope), *scopes.items()]:
            sites, aliased = find_sites(scope, by_node.get(node) if node else None, contexts, lines, parents)
            model.sites.extend(sites)
            model.aliased_sites.extend(aliased)
        model.sites.sort(key=lambda s: (s.span.start, s.span.end))
    if "elicit" in source or "create_message" in source or "list_roots" in source or "sample" in source:
        contexts = ContextResolver(lines, scopes, by_node)
        for node, scope in [(None, module_scope), *scopes.items()]:
            if scope.handshake_calls:
                model.handshake_calls.extend(
                    find_handshake_calls(scope, by_node.get(node) if node else None, contexts, lines)
                )
        model.removed_calls = [c for c in model.handshake_calls if c.via == "removed"]
        model.handshake_calls = [c for c in model.handshake_calls if c.via != "removed"]
        model.handshake_calls.sort(key=lambda c: (c.span.start, c.span.end))
        model.removed_calls.sort(key=lambda c: (c.span.start, c.span.end))
        model.aliased_sites.sort(key=lambda s: (s.span.start, s.span.end))

    if "fastmcp" in source and "server" in source:  # ``mcp . server`` too
        model.mcp1_imports = _mcp1_imports([module_scope, *scopes.values()])
        if _STAR_IMPORT.search(source):  # a star import binds no name (fresh14 M1)
            stars = [
                n for n, _ in statements(tree)
                if isinstance(n, ast.ImportFrom) and _is_mcp1(n) and any(a.name == "*" for a in n.names)
            ]
            model.mcp1_imports = sorted(
                [*model.mcp1_imports, *stars], key=lambda n: (n.lineno, n.col_offset)
            )

    analyser = ParameterAnalyser(lines, scopes)
    elicit = _mentions(source, "Elicit")
    if elicit or _mentions(source, "Resolve"):
        for function in model.functions:
            model.elicited_parameters.extend(analyser.elicited(function))
    guards = _mentions(source, "InputRequiredResult")
    if elicit or guards:
        # a guard's class is spelled in its import or use (NFKC aside: a
        # non-ASCII source is searched whatever it spells)
        guards = guards or not model._ascii
        for function in model.functions:
            model.guard_returns.extend(analyser.guard_returns(function, guards))
    model.resolvers = analyser.resolvers
    model.uncalled_markers = analyser.uncalled
    return model
