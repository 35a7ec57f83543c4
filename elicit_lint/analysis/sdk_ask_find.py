"""Where an SDK v2 tool asks: the ``ctx.elicit`` calls on an SDK ``Context``
parameter, and the names the tool's body binds (stdlib only; read by :mod:`.sdk_ask`)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Function, Model
from .sdk_ask_checks import own_nodes

SDK_CONTEXT = "mcp.server.mcpserver.Context"


@dataclass
class SdkAsk:
    """One ``ctx.elicit`` call of an SDK tool: ``call``, its ``span`` (what
    ``Analysis.site_verdict`` keys on) and the ``function`` it sits in."""

    call: ast.Call
    span: object
    function: Function


def context_params(model: Model, fn: ast.AST) -> set[str]:
    """The parameters of ``fn`` annotated with the SDK's ``Context`` (also ``Context[T]``)."""
    args = fn.args
    out = set()
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        ann = arg.annotation
        if isinstance(ann, ast.Subscript):  # Context[Board]
            ann = ann.value
        if (
            isinstance(ann, (ast.Name, ast.Attribute))
            and model.qualified_name(ann) == SDK_CONTEXT
        ):
            out.add(arg.arg)
    return out


def find_asks(model: Model) -> list[SdkAsk]:
    """Every ``<ctx>.elicit(...)`` call whose receiver is a parameter annotated
    with the SDK's ``Context`` (``mcp.server.mcpserver.Context``, also
    ``Context[T]``), in any function, in source order."""
    out = []
    for function in model.functions:
        contexts = context_params(model, function.node)
        if not contexts:
            continue
        for node in own_nodes(function.node):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "elicit"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id in contexts
            ):
                out.append(SdkAsk(node, model.lines.span(node), function))
    out.sort(key=lambda a: (a.span.start.row, a.span.start.column))
    return out


def bound_in(fn: ast.AST) -> dict[str, int]:
    """Names bound anywhere in ``fn``'s body (assignments, loops, imports, defs...),
    each with the first line binding it."""
    out: dict[str, int] = {}

    def add(name: str, node: ast.AST) -> None:
        row = getattr(node, "lineno", 0)
        out[name] = min(out.get(name, row), row)

    for node in own_nodes(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            add(node.id, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name, node)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                add((a.asname or a.name).split(".")[0], node)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                add(name, node)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            add(node.name, node)
        elif isinstance(node, ast.arg):
            add(node.arg, node)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            add(node.name, node)
    return out
