"""Tools registered in another module of the run (docs/architecture.md "Layers":
the index is built in the workspace layer and handed down as data).

A function ``create_list`` defined in ``tools/lists.py`` and registered in
``server.py`` (``mcp.add_tool(create_list)`` on a ``FastMCP`` or ``MCPServer``, ``mcp.tool()(create_list)``,
``Tool.from_function(create_list)`` after ``from .tools.lists import
create_list``) is a tool, but the model of ``tools/lists.py`` alone cannot see
it. The run's index (``elicit_lint.workspace.tool_index``) answers, per file,
:class:`ElsewhereTool` records; :func:`apply` adds each usable one to the model
as a registration (form ``"elsewhere"``), so every reader (rules, planner,
codemod) treats the function exactly as if it were registered in place, and
records the others' refusal (another module also calls or re-exports the
function: a direct caller would break on the rewritten signature) for the
planner's skip reason. A helper that asks (not a tool) read by other modules of
the run is never inlined (:mod:`.inline` changes its parameters); its reason
names the tools of other modules calling it.

A tool registered in place that another module of the run reads (a direct
call ``await create_list("x", ctx)`` after ``from .tools import create_list``, a
re-export, a star import) is refused the same way (:func:`tools_in_place`): the
caller would break on the rewritten signature.

The index is asked only for a model with a question (FastMCP's or the SDK's)
or a declared parameter in a module-level function: other files never build
it. Whether it was asked decides how the file's verdict is cached
(``checker/cache.py``: under a stamp of the run's other files).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ..core.settings import DEFAULT_MAX_ROUNDS, DEFAULT_RUNTIME_MODULE
from ..model import Model, Registration, names
from ..model.passed import carry_outside


@dataclass(frozen=True)
class ElsewhereTool:
    """One function of a module registered as a tool by another module of the run.

    ``name``: the function's name in its module; ``where``: ``"path:row"`` of the
    registering call; ``server``: ``"fastmcp"``, ``"mcpserver"`` or ``None``
    (what the registering module imports); ``refusal``: why the function must
    not be treated as registered in place (``None``: it may).
    """

    name: str
    where: str
    server: str | None = None
    refusal: str | None = None


class ProjectTools(Protocol):
    """What :func:`apply` asks of the run's index."""

    def tools_in(self, filename: str, names: list[str]) -> Mapping[str, ElsewhereTool]:
        """``{function name: record}`` for the module-level functions ``names`` of
        ``filename`` that other modules of the run register as tools."""
        ...

    def used_from(self, filename: str, name: str) -> list[tuple[str, str | None, bool]]:
        """The reads of ``filename``'s module-level ``name`` in the run's other
        files: ``("path:row", the enclosing def's name or None, it is a tool)``."""
        ...

    def uses_of(self, filename: str, names: list[str]) -> Mapping[str, list[tuple[str, str | None, bool]]]:
        """:meth:`used_from` for several names at once (names without a read
        left out)."""
        ...

    def shown(self, filename: str) -> str:
        """``filename`` as the reasons show a path."""
        ...


def used_by_other_module(name: str, where: str, use: str) -> str:
    """The reason for a tool registered in another module (``where``) whose
    function another module also reads (``use``: ``"path:row"``)."""
    return (
        f"`{name}` is registered as a tool in {where} and also used in {use} (a call "
        "or an import there would break on the rewritten signature): move the shared "
        "code into a function both call, then run again, or declare the question by hand"
    )


def helper_for_tools_elsewhere(name: str, tools: list[str], why: str | None = None) -> str:
    """The reason for a question in the helper ``name`` that tools of other
    modules call (``tools``: "`tool` (path:row)" each) and that is not inlined
    into them (``why``: what blocks it, :func:`.inline_elsewhere.verdict`)."""
    blocked = (
        f"elicit-migrate cannot inline it into them ({why})" if why
        else "elicit-migrate does not inline a helper into another module's tools"
    )
    return (
        f"asked in the helper `{name}`, which tools in other modules call "
        f"({', '.join(tools)}): {blocked}; declare the question on each of those tools by hand "
        "(`Annotated[ElicitationResult[T], Elicit(...)]`) and give the helper the "
        "answer instead of the context, then run again"
    )


def helper_inlined(name: str, tools: list[str]) -> str:
    """The reason for a question in the helper ``name`` that ``elicit-migrate``
    asks in each of its callers instead (``tools``: "`tool` (path:row)" each)."""
    return (
        f"asked in the helper `{name}`, inlined into its callers {', '.join(tools)}: it is "
        "no longer called by the tools of this run; delete it by hand if nothing outside "
        "the run imports it"
    )


def helper_used_elsewhere(name: str, use: str) -> str:
    """The reason for a question in the helper ``name`` another module also reads
    (``use``: "path:row") that no tool of another module calls."""
    return (
        f"asked in the helper `{name}`, which {use} also uses: inlining it would change "
        "its parameters under that use; declare the question on the tool that needs "
        "the answer by hand, or move the helper into the module that uses it, then run again"
    )


_SERVED = (names.FASTMCP_FRAMEWORK, names.MCPSERVER_FRAMEWORK)


def _framework(model: Model, function) -> str | None:
    """The one framework of ``function``'s questions (``None``: none, or two)."""
    found = {s.framework for s in model.sites if s.function is function}
    return found.pop() if len(found) == 1 else None


def candidates(model: Model) -> list:
    """The module-level, unregistered functions of ``model`` that hold a FastMCP
    question or declare one (an ``Elicit`` / ``Resolve`` marker on a parameter:
    MCP019 and the runtime read such a function only as a tool): the only ones
    the index can turn into tools."""
    out = []
    for site in model.sites:
        function = site.function
        if (
            function is not None
            and not function.is_component
            and function.scope.parent is model.module_scope
            and site.framework in _SERVED
            and function not in out
        ):
            out.append(function)
    for param in model.elicited_parameters:
        function = param.function
        if (
            not function.is_component
            and not function.is_method
            and function.scope.parent is model.module_scope
            and function not in out
        ):
            out.append(function)
    return out


def tools_in_place(model: Model) -> list:
    """The module-level tools registered in ``model`` whose parameters a rewrite
    may change: each one holding a question, and, when a helper of the module
    asks (it may be inlined into any tool calling it), every module-level tool.
    Another module importing one of them calls the written signature."""
    out = []
    helper_asks = False
    for site in model.sites:
        function = site.function
        if function is None:
            continue
        if not function.is_component:
            helper_asks = True
        elif function.is_tool and function.scope.parent is model.module_scope and function not in out:
            out.append(function)
    if helper_asks:
        out += [
            f for f in model.functions
            if f.is_tool and f.scope.parent is model.module_scope and f not in out
        ]
    for param in model.elicited_parameters:  # MCP019's fix changes the signature
        f = param.function
        if f.is_tool and f.scope.parent is model.module_scope and f not in out:
            out.append(f)
    return out


def _in_place_used(model: Model, project: ProjectTools) -> bool:
    """Record in ``model.elsewhere`` the refusal of each tool registered in
    place (:func:`tools_in_place`) that another module of the run reads (a
    direct call, an alias, a re-export: it would break on the rewritten
    signature). Returns whether the index was asked."""
    tools = tools_in_place(model)
    if not tools:
        return False
    used = project.uses_of(model.filename, [f.name for f in tools])
    for function in tools:
        uses = used.get(function.name)
        if uses:
            row = min(r.node.lineno for r in function.registrations if r.component == "tool")
            where = f"{project.shown(model.filename)}:{row}"
            model.elsewhere[function.name] = used_by_other_module(function.name, where, uses[0][0])
    return True


def apply(
    model: Model, project: ProjectTools | None, target: str = DEFAULT_RUNTIME_MODULE,
    max_rounds: int = DEFAULT_MAX_ROUNDS, through: bool = True,
) -> bool:
    """Add to ``model`` the tool registrations other modules of the run make
    (a registration of form ``"elsewhere"`` whose node is the ``def``) and
    record the refused ones in ``model.elsewhere`` (``{name: reason}``),
    including the tools registered in place that another module reads
    (:func:`_in_place_used`; the planner's ``placement.tool_use_reason`` reads it).

    Returns whether the index was asked: then the file's verdict depends on
    other files (a results cache may serve it only while no file of the run
    changed: ``checker/cache.py``). ``target``, ``max_rounds``: the run's, with
    which a helper's callers in other modules are planned (:func:`_used_elsewhere`).
    ``through``: also refuse the tools awaiting an asking helper of another
    module that is not inlined into them (:func:`_through_elsewhere`; ``False``
    for a new text :mod:`.inline_elsewhere` plans, which checks that itself).
    Does nothing (``False``) without
    ``project`` or without a candidate function (:func:`candidates`,
    :func:`tools_in_place`).
    """
    if project is None:
        return False
    from ..model.servers import apply_imported
    from .mcp1_run import apply as mcp1_run
    from .run_classes import apply as run_classes
    from .star_names import apply as star_names

    server_of = getattr(project, "server_of", None)
    # first: a tool on a server imported from a run module is served as that module builds it
    imported = server_of is not None and apply_imported(model, lambda *a: server_of(model.filename, *a))
    mcp1_asked = mcp1_run(model, project)  # corpus16 F9: MCP017's fix waits for them
    functions = candidates(model)
    asked = run_classes(model, project) or imported  # response classes of other run modules
    asked = star_names(model, project) or asked  # what its star imports bind
    asked = _in_place_used(model, project) or asked or mcp1_asked
    if functions:
        asked = True
        found = project.tools_in(model.filename, [f.name for f in functions])
        for function in functions:
            record = found.get(function.name)
            if record is None:
                _used_elsewhere(model, project, function.name, target, max_rounds)
                continue
            _register(model, function, record)
    if through:
        asked = _through_elsewhere(model, project, target, max_rounds) or asked
    return asked


def asks_through_elsewhere(local: str, where: str) -> str:
    """The reason for a tool's question when the tool also awaits ``local``, an
    asking helper of another module (``where``) not inlined into it."""
    return (
        f"another question this tool asks through `{local}` ({where}) cannot be rewritten with "
        "it (a tool is rewritten with all its questions or none): declare that question by hand "
        "too, or change the helper as its own skip says, then run again"
    )


def _through_elsewhere(model: Model, project, target: str, max_rounds: int) -> bool:
    """Record in ``model.elsewhere`` the refusal of each FastMCP tool of
    ``model`` holding a question that reads an asking helper of another run
    module (imported by name) which ``elicit-migrate`` does not inline into
    it: rewriting the tool's own questions would leave that one imperative
    (analysis/through.py's rule, across modules). Returns whether the index was asked."""
    inlined = getattr(project, "inlined_helpers", None)
    if inlined is None:
        return False
    tools = [
        f for f in {id(s.function): s.function for s in model.sites if s.function is not None}.values()
        if f.is_tool and f.scope.parent is model.module_scope and f.name not in model.elsewhere
    ]
    if not tools:
        return False
    helpers = project.asking_helpers(model.filename)
    attributes = getattr(project, "asking_module_attributes", lambda _: {})(model.filename)
    done = None
    for tool in tools:
        read = _module_attribute_read(model, tool.node, attributes)
        if read is not None:  # ``m.f(ctx)``: never inlined
            model.elsewhere[tool.name] = asks_through_elsewhere(read, project.shown(attributes[read][0]))
            continue
        for local in sorted(helpers):
            if not model.references(tool.node, local):
                continue
            if done is None:
                done = inlined(model.filename, target, max_rounds)
            if helpers[local] not in done:
                model.elsewhere[tool.name] = asks_through_elsewhere(local, project.shown(helpers[local][0]))
                break
    return True


def _module_attribute_read(model: Model, node: ast.AST, attributes: dict) -> str | None:
    """The first ``m.f`` of ``attributes`` (:meth:`.ProjectTools.asking_module_attributes`)
    that the function ``node`` reads, else ``None``."""
    heads = {dotted.split(".", 1)[0] for dotted in attributes}
    if not any(model.references(node, head) for head in heads):
        return None
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute):
            parts, value = [child.attr], child.value
            while isinstance(value, ast.Attribute):
                parts.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name):
                shown = ".".join([value.id, *reversed(parts)])
                if shown in attributes:
                    return shown
    return None


def _register(model: Model, function, record: ElsewhereTool) -> None:
    """Add ``record``'s registration to ``function`` (or its refusal to ``model``)."""
    # served as its questions are asked: a FastMCP question on a FastMCP
    # server (or one the index cannot tell), an SDK one on an MCPServer
    asks = _framework(model, function)
    server = record.server or names.FASTMCP_FRAMEWORK
    if server not in _SERVED or (asks is not None and asks != server):
        return
    if record.server is None and asks == names.MCPSERVER_FRAMEWORK:
        return
    if record.refusal is not None:
        model.elsewhere[function.name] = record.refusal
        model.refused_tools.add(function.name)  # a tool still: MCP019 reports it
        return
    function.registrations.append(
        Registration("tool", "elsewhere", function.node, function.name_span, server, "")
    )


def adopt(model: Model, project: ProjectTools, local: str) -> None:
    """Register as :func:`apply` does the module-level functions of ``model``
    that read ``local`` (a helper of another module, :mod:`.inline_elsewhere`)
    and that other modules of the run register as tools; such a function holds
    no question yet, so :func:`apply` does not ask about it."""
    readers = [
        f for f in model.functions
        if f.scope.parent is model.module_scope and not f.is_tool and model.references(f.node, local)
    ]
    if not readers:
        return
    found = project.tools_in(model.filename, [f.name for f in readers])
    for function in readers:
        if function.name in found:
            _register(model, function, found[function.name])


def _used_elsewhere(model: Model, project: ProjectTools, name: str, target: str, max_rounds: int) -> None:
    """Record in ``model.elsewhere`` why the helper ``name`` is neither inlined nor
    left with "not in a tool body" when other modules of the run read it: inlined
    into its callers (:func:`.inline_elsewhere.verdict`), or why not."""
    uses = project.used_from(model.filename, name)
    if not uses:
        return
    inlined = getattr(project, "inlined_into", None)  # the run's index: .inline_elsewhere.verdict
    callers = inlined(model.filename, name, target, max_rounds) if inlined is not None else None
    if isinstance(callers, list):
        model.elsewhere[name] = helper_inlined(name, callers)
        return
    tools = list(dict.fromkeys(f"`{caller}` ({place})" for place, caller, tool in uses if tool))
    outside = [place for place, caller, _ in uses if caller is None]
    if callers is None and outside:  # what the inliner refuses (inline_elsewhere.verdict)
        callers = (
            f"{outside[0]} also reads it outside a function (an import or re-export for "
            "module-level code); a helper is inlined only when every read of it in other "
            "modules is a call in a function"
        )
    if tools:
        model.elsewhere[name] = helper_for_tools_elsewhere(name, tools, callers)
    else:
        model.elsewhere[name] = helper_used_elsewhere(name, uses[0][0])


def carry(original: Model, other: Model) -> None:
    """Give ``other`` (a model of an equivalent text of the same module,
    :mod:`.inline_plan`) the registrations and refusals :func:`apply` gave
    ``original``, matched by module-level function name, and the contexts other
    modules pass to its helpers (``model.passed.carry_outside``)."""
    from .star_names import carry as carry_stars

    other.elsewhere.update(original.elsewhere)
    carry_stars(original, other)
    if hasattr(original, "run_classes"):
        other.run_classes = original.run_classes  # type: ignore[attr-defined]
        other.run_aliases = getattr(original, "run_aliases", {})  # type: ignore[attr-defined]
    other.refused_tools |= original.refused_tools
    carry_outside(original, other)  # helper parameters other modules fill with a context
    added = {
        f.name: [r for r in f.registrations if r.form == "elsewhere"]
        for f in original.functions
        if f.scope.parent is original.module_scope
    }
    for function in other.functions:
        if function.scope.parent is other.module_scope and added.get(function.name):
            for reg in added[function.name]:
                function.registrations.append(
                    Registration("tool", "elsewhere", function.node, function.name_span, reg.server, "")
                )
