"""Imports after a rewrite, with libcst nodes (comments kept), placed as isort would.

:func:`fix_imports` first drops what the rewrite left unused
(:mod:`.import_cleanup`), then adds what it needs: ``Annotated`` (and ``Literal``
when a shorthand list became one) from ``typing``; ``Elicit`` (and
``declared_elicitation`` for the runtime target) from the target module.
libcst's ``AddImportsVisitor`` appends new statements after the last import and
prepends merged names, which ruff's isort rule (I001) then flags; so the names
are placed here the way ruff 0.17's isort places them with its default settings
(checked with ``ruff check --select I``):

- a name goes into an existing top-level ``from <module> import ...`` when
  there is one, at its sorted place (``order-by-type``: CONSTANTS, then
  Classes, then other names; case-insensitive within each);
- otherwise a new ``from <module> import ...`` joins the import block's group
  of its section (future, standard library, third party, first party, local:
  :mod:`elicit_lint.core.isort_sections` tells them apart as ruff does, from the nearest
  ``pyproject.toml``), at its sorted place (``import x`` before ``from x
  import``, then by module name, case-insensitive); when the section has no
  group yet, a new group is made between the sections before and after it.
"""

from __future__ import annotations

import libcst as cst

from ...core.isort import member_key
from ...core.isort_sections import Project, project_of
from .cstutil import dotted, import_of, split_blank
from .import_cleanup import clean_imports


def _statement_key(node: cst.Import | cst.ImportFrom, project: Project) -> tuple:
    if isinstance(node, cst.Import):
        name = dotted(node.names[0].name)
        return (project.section(name), 0, name.lower(), name)
    name = dotted(node.module)
    first = () if isinstance(node.names, cst.ImportStar) else (
        member_key(dotted(node.names[0].name)),
        node.names[0].evaluated_alias or "",
    )  # ruff's isort orders one module's statements by their first name (fresh16 MED-1)
    return (project.section(name, len(node.relative)), 1, name.lower(), name, *first)


def _with_member(node: cst.ImportFrom, name: str) -> cst.ImportFrom:
    assert not isinstance(node.names, cst.ImportStar)
    names = list(node.names)
    key = member_key(name)
    index = next(
        (i for i, a in enumerate(names) if member_key(dotted(a.name)) > key),
        len(names),
    )
    sep = next(
        (a.comma for a in names[:-1] if isinstance(a.comma, cst.Comma)),
        cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
    )
    if index < len(names):
        names.insert(index, cst.ImportAlias(name=cst.Name(name), comma=sep))
    else:
        last = names[-1]
        names[-1] = last.with_changes(comma=sep)
        names.append(cst.ImportAlias(name=cst.Name(name), comma=last.comma))
    return node.with_changes(names=names)


def _skip_docstring(body) -> int:
    if body and isinstance(body[0], cst.SimpleStatementLine):
        first = body[0].body[0]
        if isinstance(first, cst.Expr) and isinstance(
            first.value, (cst.SimpleString, cst.ConcatenatedString)
        ):
            return 1
    return 0


def _place(body: list, module: str, names: list[str], project: Project) -> list:
    """``body`` with ``from module import names`` added as a new statement in its group."""
    alias = [cst.ImportAlias(name=cst.Name(n)) for n in sorted(names, key=member_key)]
    for i in range(len(alias) - 1):
        alias[i] = alias[i].with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
    new_node = cst.ImportFrom(module=cst.parse_expression(module), names=alias)
    key = _statement_key(new_node, project)
    new = cst.SimpleStatementLine(body=[new_node])
    start = _skip_docstring(body)
    end = start
    while end < len(body) and import_of(body[end]) is not None:
        end += 1
    groups: list[list[int]] = []
    for i in range(start, end):
        if not groups or split_blank(body[i].leading_lines)[0]:
            groups.append([])
        groups[-1].append(i)
    sections = [
        {_statement_key(import_of(body[i]), project)[0] for i in g} for g in groups
    ]
    own = next((g for g, s in zip(groups, sections) if key[0] in s), None)
    body = list(body)
    if own is not None:
        at = next(
            (i for i in own if _statement_key(import_of(body[i]), project) > key),
            own[-1] + 1,
        )
        if at == own[0]:
            blank, rest = split_blank(body[at].leading_lines)
            new = new.with_changes(leading_lines=blank)
            body[at] = body[at].with_changes(leading_lines=rest)
        return [*body[:at], new, *body[at:]]
    later = next((g for g, s in zip(groups, sections) if min(s) > key[0]), None)
    if later is not None:
        at = later[0]
        blank, rest = split_blank(body[at].leading_lines)
        new = new.with_changes(leading_lines=blank)
        body[at] = body[at].with_changes(leading_lines=[cst.EmptyLine(), *rest])
        return [*body[:at], new, *body[at:]]
    new = new.with_changes(leading_lines=[cst.EmptyLine()] if groups or start else [])
    return [*body[:end], new, *body[end:]]


def _imported_names(body) -> dict[str, str]:
    """``{bound name: module}`` for the module's top-level ``from m import name``
    statements (``as`` names included)."""
    out: dict[str, str] = {}
    for stmt in body:
        node = import_of(stmt)
        if not isinstance(node, cst.ImportFrom) or isinstance(
            node.names, cst.ImportStar
        ):
            continue
        for alias in node.names:
            bound = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(bound, cst.Name):
                out[bound.value] = "." * len(node.relative) + dotted(node.module)
    return out


def add_imports(
    module: cst.Module, needed: dict[str, list[str]], path: str | None = None
) -> cst.Module:
    """``module`` with ``{module_name: [name, ...]}`` imported (see module docstring).

    A name already imported (``from m import name``, without ``as``) is not added
    again; nor is a name another top-level ``from ... import`` binds (e.g.
    ``from typing_extensions import Annotated``): the planner has checked that
    such a binding is the same object (else it refuses the rewrite), and a second
    import would redefine it (pyflakes' F811).
    """
    body = list(module.body)
    project = project_of(path)
    bound = _imported_names(body)
    for name_of_module, wanted in needed.items():
        wanted = [
            n
            for n in dict.fromkeys(wanted)
            if n not in bound or bound[n] == name_of_module
        ]
        if not wanted:
            continue
        for i, stmt in enumerate(body):
            node = import_of(stmt)
            if (
                isinstance(node, cst.ImportFrom)
                and not node.relative
                and not isinstance(node.names, cst.ImportStar)
                and dotted(node.module) == name_of_module
                # ruff's isort (no `combine-as-imports`) keeps an `as` import on its own line
                and all(a.asname is None for a in node.names)
            ):
                have = {dotted(a.name) for a in node.names if a.asname is None}
                for name in wanted:
                    if name not in have:
                        node = _with_member(node, name)
                body[i] = stmt.with_changes(body=[node])
                break
        else:
            body = _place(body, name_of_module, wanted, project)
    return module.with_changes(body=body)


def fix_imports(module: cst.Module, model, plan, target: str) -> cst.Module:
    """Drop what the rewritten ``module`` no longer uses (:func:`.import_cleanup.clean_imports`:
    re-exports stay), then add what it needs."""
    module = clean_imports(module, model, plan)
    needed: dict[str, list[str]] = {"typing": ["Annotated"]}
    for function in plan.functions:
        for module_name, name in sorted(function.imports):
            needed.setdefault(module_name, []).append(name)
    needed.setdefault(target, []).append("Elicit")
    if target == "elicit_lint.runtime":
        needed[target].append("declared_elicitation")
    return add_imports(module, needed, model.filename)
