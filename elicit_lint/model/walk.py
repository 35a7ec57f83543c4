"""Walks over one scope's own nodes (docs/architecture.md "Data flow: `elicit-lint check`", step 4).

A scope (module, ``def``, ``class``, ``lambda``) evaluates its body; a nested
scope's decorators, defaults, annotations and bases belong to the enclosing one.
:func:`own_nodes` yields what a scope evaluates; :func:`parameter_defaults`
pairs parameters with their defaults. :mod:`.scopes` builds bindings over the same
split of the tree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

SCOPE_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
SCOPE_TYPES = frozenset(SCOPE_NODES)
_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)


def own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node evaluated in ``node``'s own scope.

    For a function: its body (not its decorators, defaults or annotations, which
    belong to the enclosing scope); nested ``def``/``class``/``lambda`` nodes are
    yielded themselves, with their decorators, defaults, annotations and bases,
    but their bodies are not entered.
    """
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        stack: list[ast.AST] = list(reversed(node.body))
    elif isinstance(node, ast.Lambda):
        stack = [node.body]
    else:
        stack = list(reversed(getattr(node, "body", [])))
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, SCOPE_NODES):
            stack.extend(reversed(outer_parts(current)))
        else:
            for name in reversed(current._fields):
                value = getattr(current, name, None)
                if isinstance(value, list):
                    stack.extend(v for v in reversed(value) if isinstance(v, ast.AST))
                elif isinstance(value, ast.AST) and not isinstance(value, _LEAVES):
                    stack.append(value)


def outer_parts(node: ast.AST) -> list[ast.AST]:
    """The parts of a scope-introducing node that the enclosing scope evaluates:
    decorators, then (a class) bases and keyword values, or (a function or lambda)
    defaults, keyword-only defaults and (a ``def``) the parameters' annotations
    in parameter order and the return annotation."""
    if isinstance(node, ast.ClassDef):
        parts: list[ast.AST] = node.decorator_list + node.bases
        if node.keywords:
            parts += [kw.value for kw in node.keywords]
        return parts
    args = node.args
    if isinstance(node, ast.Lambda):
        parts = list(args.defaults)
    else:
        parts = node.decorator_list + args.defaults
    if args.kw_defaults:
        parts += [d for d in args.kw_defaults if d is not None]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts += [arg.annotation for arg in _all_args(args) if arg.annotation is not None]
        if node.returns is not None:
            parts.append(node.returns)
    return parts


def _all_args(args: ast.arguments) -> list[ast.arg]:
    out = args.posonlyargs + args.args if args.posonlyargs else list(args.args)
    if args.vararg:
        out.append(args.vararg)
    out += args.kwonlyargs
    if args.kwarg:
        out.append(args.kwarg)
    return out


def parameter_defaults(args: ast.arguments) -> list[tuple[ast.arg, ast.expr | None, str]]:
    """Every parameter with its default (or ``None``) and its kind.

    Kinds: ``"positional"`` (positional-only or positional-or-keyword),
    ``"keyword"`` (keyword-only), ``"vararg"``, ``"kwarg"``.
    """
    positional = args.posonlyargs + args.args if args.posonlyargs else args.args
    defaults = args.defaults
    bare = len(positional) - len(defaults)  # the leading parameters without a default
    out: list[tuple[ast.arg, ast.expr | None, str]] = [(arg, None, "positional") for arg in positional[:bare]]
    if defaults:
        out += [(arg, d, "positional") for arg, d in zip(positional[bare:], defaults)]
    if args.vararg:
        out.append((args.vararg, None, "vararg"))
    if args.kwonlyargs:
        out += [(arg, d, "keyword") for arg, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        out.append((args.kwarg, None, "kwarg"))
    return out


_SKIP_FIELDS = frozenset(
    {
        "ctx", "op", "ops", "id", "attr", "arg", "asname", "name", "names", "module", "level",
        "conversion", "is_async", "kind", "kwd_attrs", "rest", "simple", "tag", "lineno",
        "type_comment", "type_ignores",
    }
)  # fmt: skip
"""Fields that never hold a node ``scopes._collect`` acts on (a name read included): identifiers, numbers,
operators and contexts, ``alias`` lists and type-ignore comments (Python 3.11's
ASDL; in 3.12 ``TypeAlias.name`` is a ``Name``, which holds nothing either)."""
_FIELDS: dict[type, tuple[str, ...]] = {ast.Constant: (), ast.MatchSingleton: ()}
"""Per node class: the fields that may hold child nodes, reversed (stack order)."""


def _fields(cls: type) -> tuple[str, ...]:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(reversed([f for f in cls._fields if f not in _SKIP_FIELDS]))
    return fields



_BLOCKS = (ast.stmt, ast.excepthandler, ast.match_case)


def statements(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """Every statement under ``tree`` (``except`` handlers and ``case`` blocks too),
    nested ones included, with its parent block node (``None`` for ``tree``), in no
    particular order. An import is a statement and no statement sits inside an
    expression, so this finds every import without visiting an expression: a
    fraction of ``ast.walk``'s nodes."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                stack.extend((item, node) for item in value if isinstance(item, _BLOCKS))
