"""Response classes imported from another module of the run
(docs/architecture.md "Layers": the index is built in the workspace layer and
handed down as data).

``response_type=Form`` after ``from .forms import Form`` (or ``F`` after
``from .forms import Form as F``), where the run's
module ``forms`` binds ``Form`` once, by a top-level ``class`` statement, is
that class when FastMCP or the SDK reads it (in ``ctx.elicit``, in an SDK
resolver's returned ``Elicit(message, Form)``, and through a name the asking
function binds once, ``s = Form``): :func:`apply` records it on the
model (``model.run_classes``: ``{local name: RunClass}``), and every reader
(``response_kind``'s known types, the planners, MCP002) asks :func:`run_class`,
reading the class in its own module's model (its fields' names are that
module's). A type alias such a module binds once, by a plain top-level
assignment (``Either = Union[int, str]``, ``Slip = Berth``), is recorded too
(``model.run_aliases``: ``{local name: RunAlias}``, :func:`run_alias`), its value
read in its own module (MCP002, MCP027); the planners do not read it (their
skip names the type as unknown). Standard library only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..model import Model, build_model
from .sdk_schema_args import local_value, resolver_schemas

__all__ = ["RunAlias", "RunClass", "apply", "marker_alias", "marker_asked", "run_alias", "run_class"]


@dataclass(frozen=True)
class RunClass:
    """``node``: the ``class`` statement in ``model``, the model of the run's
    module defining it (``filename`` its file)."""

    model: Model
    node: ast.ClassDef


@dataclass(frozen=True)
class RunAlias:
    """``value``: what a type alias of ``model`` (the model of the run's module
    binding it once, at its top level, by a plain assignment: ``Either = int | str``)
    holds, read in that module (``type_aliases.alias_value``, followed there)."""

    model: Model
    value: ast.expr


def _imported_once(model: Model, name: str) -> tuple[ast.ImportFrom, str] | None:
    """``(statement, imported name)`` for the top-level ``from m import name`` or
    ``from m import other as name`` binding ``name`` once in the module, else ``None``."""
    found = model.module_scope.bindings.get(name)
    if found is None or len(found) != 1 or found[0].kind != "import" or found[0].fallback:
        return None
    node = found[0].node
    if not isinstance(node, ast.ImportFrom) or not any(node is s for s in model.tree.body):
        return None
    imported = [a.name for a in node.names if (a.asname or a.name) == name]
    return (node, imported[0]) if len(imported) == 1 and imported[0] != "*" else None


def apply(model: Model, project) -> bool:
    """Record in ``model.run_classes`` the response-type names of the model's
    questions that are classes of another module of the run (``project``: the
    run's index, ``workspace/tool_index.py``; its ``class_in``). Returns whether
    the index was asked."""
    from .response_types import Refused, runtime_type

    ask = getattr(project, "class_in", None)
    if ask is None:
        return False
    found: dict[str, RunClass] = {}
    aliases: dict[str, RunAlias] = {}
    asked = False
    for written, scope in _questions(model):
        try:
            node = local_value(runtime_type(model, local_value(written, scope), scope), scope)
        except Refused:
            continue
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            asked = _module_attribute(model, project, node, scope, found) or asked
            continue
        if not isinstance(node, ast.Name) or node.id in found or node.id in aliases:
            continue
        owner = (scope or model.module_scope).lookup(node.id)
        if owner is None or owner[0].kind != "module":
            continue
        imported = _imported_once(model, node.id)
        if imported is None:
            continue
        statement, original = imported  # `from .forms import Form as F`: `Form` there
        asked = True
        home = ask(model.filename, statement.module, statement.level, original)
        if home is None:
            alias = _alias_in(model, project, statement, original)
            if alias is not None:
                aliases[node.id] = alias
            continue
        filename, text = home
        try:
            other = build_model(ast.parse(text), text, filename)
        except (SyntaxError, RecursionError, ValueError):
            continue
        cls = next(s for s in other.tree.body if isinstance(s, ast.ClassDef) and s.name == original)
        found[node.id] = RunClass(other, cls)
    asked = _annotation_aliases(model, project, found, aliases) or asked
    model.run_classes = found
    model.run_aliases = aliases
    return asked


def _annotation_aliases(model: Model, project, found: dict, aliases: dict) -> bool:
    """Add to ``aliases`` the names imported once from a run module that annotate a
    parameter of a registered function (``AskName = Annotated[str, Elicit("Name?")]``
    there: MCP019); returns whether the index was asked."""
    asked = False
    for function in model.functions:
        if not function.is_component:
            continue
        for arg in (*function.node.args.posonlyargs, *function.node.args.args, *function.node.args.kwonlyargs):
            name = arg.annotation.id if isinstance(arg.annotation, ast.Name) else None
            if name is None or name in found or name in aliases:
                continue
            owner = (function.scope.parent or model.module_scope).lookup(name)
            imported = _imported_once(model, name) if owner is not None and owner[0].kind == "module" else None
            if imported is None or not _from_run(model, project, imported[0]):
                continue  # `ctx: Context` from fastmcp: the verdict reads no other file
            asked = True
            alias = _alias_in(model, project, *imported)
            if alias is not None:
                aliases[name] = alias
    return asked


def _module_attribute(model: Model, project, node: ast.Attribute, scope, found: dict) -> bool:
    """Record under ``"m.Form"`` the class ``m.Form`` names when ``m`` is a run module
    the module imports once at its top level (``from pkg import m``, ``from . import m``,
    ``import pkg.m as m``); returns whether the index was asked."""
    key = f"{node.value.id}.{node.attr}"  # type: ignore[attr-defined]
    owner = (scope or model.module_scope).lookup(node.value.id)  # type: ignore[attr-defined]
    bindings = model.module_scope.bindings.get(node.value.id, [])  # type: ignore[attr-defined]
    if key in found or owner is None or owner[0].kind != "module" or len(bindings) != 1:
        return False
    binding = bindings[0]
    statement = binding.node
    if binding.kind != "import" or binding.fallback or not any(statement is s for s in model.tree.body):
        return False
    names = [a for a in statement.names if (a.asname or a.name) == node.value.id]  # type: ignore[attr-defined]
    if len(names) != 1:
        return False
    if isinstance(statement, ast.ImportFrom):
        module = f"{statement.module}.{names[0].name}" if statement.module else names[0].name
        level = statement.level
    elif names[0].asname is not None:
        module, level = names[0].name, 0  # `import pkg.m as m`; a plain `import pkg.m` binds `pkg`
    else:
        return False
    home = project.class_in(model.filename, module, level, node.attr)
    if home is not None:
        filename, text = home
        try:
            other = build_model(ast.parse(text), text, filename)
        except (SyntaxError, RecursionError, ValueError):
            return True
        cls = next(s for s in other.tree.body if isinstance(s, ast.ClassDef) and s.name == node.attr)
        found[key] = RunClass(other, cls)
    return True


def _from_run(model: Model, project, statement: ast.ImportFrom) -> bool:
    """Whether ``statement`` imports from a module of the run (``ToolIndex.in_run``:
    a file whose parameters are annotated with fastmcp's ``Context`` keeps its
    results-cache entry)."""
    ask = getattr(project, "in_run", None)
    return ask is not None and ask(model.filename, statement.module, statement.level)


def _alias_in(model: Model, project, statement: ast.ImportFrom, name: str) -> RunAlias | None:
    """The :class:`RunAlias` ``name`` is in the run's module ``statement`` imports it
    from, else ``None`` (no run module, no plain alias bound once there)."""
    from .type_aliases import alias_value

    ask = getattr(project, "module_in", None)
    home = ask(model.filename, statement.module, statement.level) if ask is not None else None
    if home is None:
        return None
    filename, text = home
    try:
        other = build_model(ast.parse(text), text, filename)
    except (SyntaxError, RecursionError, ValueError):
        return None
    value = alias_value(other, ast.Name(id=name, ctx=ast.Load()))
    return None if value is None else RunAlias(other, value)


def _questions(model: Model):
    """``(response type or schema as written, scope)`` of every ``ctx.elicit`` site
    (FastMCP's or the SDK's, a resolver's own too) and of every SDK ``Elicit(...)`` a
    resolver returns (``sdk_schema_args``)."""
    for site in model.sites:
        yield site.response_type, site.function.scope if site.function is not None else None
    for _, schema, scope in resolver_schemas(model):
        yield schema, scope
    for param in model.elicited_parameters:
        asked = marker_asked(model, param)
        if asked is not None:
            yield asked, param.function.scope.parent


def marker_asked(model: Model, param) -> ast.expr | None:
    """The type a runtime ``Elicit`` marker of ``param`` (an ``ElicitedParameter``)
    asks with, as written: its ``response_type=``, else the annotation's ``T`` (of
    ``T``, ``T | None`` or ``ElicitationResult[T]``), which the runtime asks with for
    a question and for a resolver's ``Elicit(message)`` alike
    (``elicit_lint/runtime/analysis.py``); ``None`` for an SDK marker or a union of
    several types."""
    from .annotation_reads import union_members
    from .runtime_markers import runtime_marker

    marker = param.marker
    if not runtime_marker(param):
        return None
    if marker.response_type is not None:
        return marker.response_type
    asked = marker.answer_type if marker.outcome else marker.type
    if asked is None:
        return None
    arms = union_members(model, asked) or [asked]
    arms = [a for a in arms if not (isinstance(a, ast.Constant) and a.value is None)]
    return arms[0] if len(arms) == 1 else None


def run_alias(model: Model, name: str | None) -> RunAlias | None:
    """The :class:`RunAlias` the module's name ``name`` imports (:func:`apply`), else ``None``."""
    return getattr(model, "run_aliases", {}).get(name) if name else None


def run_class(model: Model, name: str | None) -> RunClass | None:
    """The :class:`RunClass` the module's name ``name`` imports (:func:`apply`), else ``None``."""
    return getattr(model, "run_classes", {}).get(name) if name else None


def marker_alias(model: Model, name: str | None) -> bool:
    """Whether the module's name ``name`` imports a :class:`RunAlias` whose value is
    ``Annotated[T, ...]`` holding a called ``Elicit`` of ``elicit_lint.runtime``, read
    in its own module (the runtime honours a marker behind an alias, as one written
    on the parameter: ``elicit_lint/runtime/analysis.py``)."""
    from ..model import names

    alias = run_alias(model, name)
    value = alias.value if alias is not None else None
    if not isinstance(value, ast.Subscript) or alias.model.qualified_name(value.value) != names.ANNOTATED:
        return False
    items = value.slice.elts[1:] if isinstance(value.slice, ast.Tuple) else []
    return any(
        isinstance(item, ast.Call)
        and alias.model.qualified_name(item.func) == names.ELICIT
        and (alias.model.module_scope.imported_name(item.func) or "").startswith("elicit_lint.runtime.")
        for item in items
    )
