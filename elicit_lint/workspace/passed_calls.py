"""What other modules of the run pass to a helper's unannotated parameter
(docs/architecture.md "Terms": context; the model side is ``model/passed.py``).

``async def handler(message, context): await context.elicit(...)`` in one module,
called as ``await handler(m, context=get_context())`` by the tools of others:
the model of the helper's module cannot prove ``context`` a context, so MCP001
was silent on an ask that fails on the 2026-07-28 era. :func:`apply_passed`
asks the run's index (:mod:`.tool_index`) for the reads of each such helper in
the other files, and accepts the parameter as a ``passed`` context only when
every read is a plain call (no ``*args`` / ``**kw``) that passes it, by position
or keyword, a value the caller's own model proves a context, all of one
framework, and the helper's calls in its own module (if any) do too. Any other
read (an alias, a re-export, a star import, a registration as a tool) refuses.
A file outside the run is not read (as for the index itself).
"""

from __future__ import annotations

import ast

from ..model import build_model
from ..model.contexts import ContextResolver
from ..model.passed import OpenParameter, add_outside, open_parameters
from .run_files import bindings, dotted, norm


def apply_passed(model, project) -> bool:
    """Give ``model`` (a :class:`elicit_lint.model.Model`) the ``passed`` contexts
    the calls of other modules of the run prove (:func:`.passed.add_outside`).
    ``project``: the run's index (:class:`.tool_index.ToolIndex`), or ``None``
    (nothing to do). Returns whether the index was asked (the file's verdict
    then depends on other files, as for ``analysis.elsewhere.apply``)."""
    if project is None:
        return False
    opened = open_parameters(model)
    if not opened:
        return False
    by_function: dict[str, list[OpenParameter]] = {}
    for param in opened:
        by_function.setdefault(param.function.name, []).append(param)
    uses = project.uses_of(model.filename, list(by_function))
    if not uses:
        return True
    registered = project.tools_in(model.filename, [n for n in by_function if n in uses])
    outside: dict[tuple[str, str], str | None] = {}
    files = project.run_files()
    home = norm(model.filename)
    for name, params in by_function.items():
        if name not in uses or name in registered:
            continue
        verdicts = _callers(files, home, name, params, {norm(place.rsplit(":", 1)[0]) for place, _, _ in uses[name]})
        for param in params:
            outside[(name, param.name)] = verdicts.get(param.name)
    if outside:
        add_outside(model, outside)
    return True


def _callers(files, home: str, name: str, params: list[OpenParameter], paths: set[str]) -> dict[str, str | None]:
    """``{parameter name: framework}`` for the parameters that at least one call
    of ``home``'s ``name`` in ``paths`` (the other files that read it) fills with
    a proven context, every read being a plain call and every proven context of
    one framework: the helper's ask raises for that call whatever the other
    calls pass (fresh10 F1: a batch job passing its own unannotated ``ctx`` hid
    the tool's call). A parameter left out is refused."""
    frameworks: dict[str, set[str]] = {p.name: set() for p in params}
    for path in sorted(paths):
        data = files.data(path)
        tree = files.tree(path)
        if data is None or tree is None or path == home:
            return {}
        try:  # the run's parse of the file serves (positions are the same)
            source = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return {}
        names, modules = bindings(path, tree, files)
        local = {k for k, v in names.items() if v == (home, name)}
        via = {k for k, v in modules.items() if v == home}
        model = build_model(tree, source, path)
        reads = _reads(model, local, via, name)
        if not reads:
            return {}  # a re-export or a star import: not a call this reads
        contexts = ContextResolver(model.lines, model.scopes, {f.node: f for f in model.functions})
        for call, scope in reads:
            if call is None:
                return {}
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                return {}
            for param in params:
                if param.name not in frameworks:
                    continue
                arg = _argument(call, param)
                ref = contexts.of_expr(arg, scope) if arg is not None else None
                if ref is not None:  # an argument not known to be a context does not refute
                    frameworks[param.name].add(ref.framework)
    return {p: found.pop() for p, found in frameworks.items() if len(found) == 1}


def _argument(call: ast.Call, param: OpenParameter) -> ast.expr | None:
    if param.index is not None and param.index < len(call.args):
        return call.args[param.index]
    return next((k.value for k in call.keywords if param.keyword is not None and k.arg == param.keyword), None)


def _reads(model, local: set[str], via: set[str], name: str) -> list[tuple[ast.Call | None, object]]:
    """``(call, scope)`` for each read of the helper in ``model`` (through a name in
    ``local`` or an attribute ``<m>.name``, ``m`` dotted in ``via``): the call
    whose callee it is, or ``None`` for any other read; ``scope`` where it is
    evaluated."""
    out: list[tuple[ast.Call | None, object]] = []
    owners = {**model.scopes}
    stack: list[tuple[ast.AST, object]] = [(model.tree, model.module_scope)]
    while stack:
        node, scope = stack.pop()
        read = (
            isinstance(node, ast.Name) and node.id in local and isinstance(node.ctx, ast.Load)
        ) or (isinstance(node, ast.Attribute) and node.attr == name and dotted(node.value) in via)
        if read:
            parent = model.parents.get(node)
            call = parent if isinstance(parent, ast.Call) and parent.func is node else None
            out.append((call, scope))
            continue
        for child in ast.iter_child_nodes(node):
            stack.append((child, owners.get(child, scope)))
    return out

