"""Imports after a rewrite, with libcst nodes (comments kept), placed as isort would.

Removed first (libcst's ``RemoveImportsVisitor``, which removes a name only when
nothing uses it any more; :mod:`.unused` spares it the whole-module scope analysis
when the stdlib tree decides): ``Context``, the result classes
(``AcceptedElicitation`` ...) and ``get_context``, the SDK's
``ElicitationResult`` and ``Resolve``, from whichever module the file imported
them; after an SDK ``Resolve(fn)`` rewrite, the SDK's ``Elicit`` too (its name
now means the target's marker; ``_DropSdkElicit``).

Added: ``Annotated`` (and ``Literal`` when a shorthand list became one) from
``typing``; ``Elicit`` (and ``declared_elicitation`` for the runtime target)
from the target module. libcst's ``AddImportsVisitor`` appends new statements
after the last import and prepends merged names, which ruff's isort rule
(I001) then flags; so the names are placed here the way ruff 0.17's isort
places them with its default settings (checked with ``ruff check --select I``):

- a name goes into an existing top-level ``from <module> import ...`` when
  there is one, at its sorted place (``order-by-type``: CONSTANTS, then
  Classes, then other names; case-insensitive within each);
- otherwise a new ``from <module> import ...`` joins the import block's group
  of its section (future, standard library, third party, first party, local:
  :mod:`.sections` tells them apart as ruff does, from the nearest
  ``pyproject.toml``), at its sorted place (``import x`` before ``from x
  import``, then by module name, case-insensitive); when the section has no
  group yet, a new group is made between the sections before and after it.
"""

from __future__ import annotations

import ast
import io
import os
import tokenize

import libcst as cst
import libcst.helpers

from .cstutil import split_blank
from .sections import Project, project_of

_MAYBE_UNUSED = frozenset(
    {
        "Context",
        "AcceptedElicitation",
        "DeclinedElicitation",
        "CancelledElicitation",
        "get_context",
        "CurrentContext",  # the default of a dropped `ctx: Context = CurrentContext()`
        "ElicitationResult",
        "Resolve",
    }
)
_SDK_MODULES = frozenset({"mcp.server.mcpserver", "mcp.server.mcpserver.resolve"})


class _DropSdkElicit(cst.CSTTransformer):
    """Removes ``Elicit`` from ``from mcp.server.mcpserver import ...``: after an SDK
    ``Resolve(fn)`` rewrite the name is still used, but for the target's marker
    (``RemoveImportsVisitor`` keeps a name that is used, so it cannot do this)."""

    def leave_ImportFrom(self, original_node, updated_node):
        module = updated_node.module
        if module is None or updated_node.relative:
            return updated_node
        name = cst.helpers.get_full_name_for_node(module)
        if name not in _SDK_MODULES or isinstance(updated_node.names, cst.ImportStar):
            return updated_node
        kept = [
            a
            for a in updated_node.names
            if not (a.evaluated_name == "Elicit" and a.asname is None)
        ]
        if len(kept) == len(updated_node.names):
            return updated_node
        if not kept:
            return cst.RemoveFromParent()
        if updated_node.lpar is None:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated_node.with_changes(names=kept)

    def leave_SimpleStatementLine(self, original_node, updated_node):
        if not updated_node.body:
            return cst.RemoveFromParent()
        return updated_node


def _dotted(node: cst.BaseExpression | None) -> str:
    return "" if node is None else cst.Module([]).code_for_node(node)


def _import_of(stmt: cst.CSTNode) -> cst.Import | cst.ImportFrom | None:
    if (
        isinstance(stmt, cst.SimpleStatementLine)
        and len(stmt.body) == 1
        and isinstance(stmt.body[0], (cst.Import, cst.ImportFrom))
    ):
        return stmt.body[0]
    return None


def _statement_key(
    node: cst.Import | cst.ImportFrom, project: Project
) -> tuple[int, int, str, str]:
    if isinstance(node, cst.Import):
        name = _dotted(node.names[0].name)
        return (project.section(name), 0, name.lower(), name)
    name = _dotted(node.module)
    return (project.section(name, len(node.relative)), 1, name.lower(), name)


def member_key(name: str) -> tuple[int, str, str]:
    """ruff's ``order-by-type`` key of an imported name: constants, classes, others."""
    if len(name) > 1 and name.isupper():
        rank = 0
    elif name[:1].isupper():
        rank = 1
    else:
        rank = 2
    return (rank, name.lower(), name)


def _with_member(node: cst.ImportFrom, name: str) -> cst.ImportFrom:
    assert not isinstance(node.names, cst.ImportStar)
    names = list(node.names)
    key = member_key(name)
    index = next(
        (i for i, a in enumerate(names) if member_key(_dotted(a.name)) > key),
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
    while end < len(body) and _import_of(body[end]) is not None:
        end += 1
    groups: list[list[int]] = []
    for i in range(start, end):
        if not groups or split_blank(body[i].leading_lines)[0]:
            groups.append([])
        groups[-1].append(i)
    sections = [
        {_statement_key(_import_of(body[i]), project)[0] for i in g} for g in groups
    ]
    own = next((g for g, s in zip(groups, sections) if key[0] in s), None)
    body = list(body)
    if own is not None:
        at = next(
            (i for i in own if _statement_key(_import_of(body[i]), project) > key),
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


def _identity(stmt) -> tuple[str, frozenset[str]] | None:
    """``(module, names)`` of an import statement; ``None`` for any other statement."""
    node = _import_of(stmt)
    if isinstance(node, cst.Import):
        return ("", frozenset(_dotted(a.name) for a in node.names))
    if isinstance(node, cst.ImportFrom):
        names = (
            frozenset({"*"})
            if isinstance(node.names, cst.ImportStar)
            else frozenset(_dotted(a.name) for a in node.names)
        )
        return ("." * len(node.relative) + _dotted(node.module), names)
    return None


def _keep_group_breaks(before, after) -> list:
    """``after`` (``before`` with unused names removed by ``RemoveImportsVisitor``)
    with the blank lines of a wholly removed import statement given to the next
    statement: libcst drops them with the statement, which joins two import
    groups (I001). Removal only drops names, so an import in ``after`` is the
    next import of ``before`` with the same module and a subset of its names."""
    out = list(after)
    j = 0
    pending: list = []
    for stmt in before:
        mine = _identity(stmt)
        theirs = _identity(out[j]) if j < len(out) else None
        kept = mine is None or (
            theirs is not None and theirs[0] == mine[0] and theirs[1] <= mine[1]
        )
        if not kept:
            if not pending:
                pending = split_blank(stmt.leading_lines)[0]
            continue
        if pending and not split_blank(out[j].leading_lines)[0]:
            out[j] = out[j].with_changes(
                leading_lines=[*pending, *out[j].leading_lines]
            )
        pending = []
        j += 1
    return out


def _imported_names(body) -> dict[str, str]:
    """``{bound name: module}`` for the module's top-level ``from m import name``
    statements (``as`` names included)."""
    out: dict[str, str] = {}
    for stmt in body:
        node = _import_of(stmt)
        if not isinstance(node, cst.ImportFrom) or isinstance(
            node.names, cst.ImportStar
        ):
            continue
        for alias in node.names:
            bound = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(bound, cst.Name):
                out[bound.value] = "." * len(node.relative) + _dotted(node.module)
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
            node = _import_of(stmt)
            if (
                isinstance(node, cst.ImportFrom)
                and not node.relative
                and not isinstance(node.names, cst.ImportStar)
                and _dotted(node.module) == name_of_module
            ):
                have = {_dotted(a.name) for a in node.names if a.asname is None}
                for name in wanted:
                    if name not in have:
                        node = _with_member(node, name)
                body[i] = stmt.with_changes(body=[node])
                break
        else:
            body = _place(body, name_of_module, wanted, project)
    return module.with_changes(body=body)


_LINE_LENGTH = 88  # ruff's and black's default


def _collapse_shrunk(before: list, after: list) -> list:
    """``after`` with each parenthesised ``from`` import that the removal changed
    (its text is in no statement of ``before``) put back on one line when it has
    no magic trailing comma, no comment inside and fits: what isort / ruff I001
    ask for once ``(\n    A,\n    B)`` lost ``B``. Others are left as written."""
    def parenthesised(node) -> bool:
        return isinstance(node, cst.ImportFrom) and node.lpar is not None

    # only parenthesised imports are compared: code generation of every other
    # statement would cost time in proportion to the whole module
    texts = {cst.Module(body=[stmt]).code for stmt in before if parenthesised(_import_of(stmt))}
    out = []
    for stmt in after:
        node = _import_of(stmt)
        if not parenthesised(node):
            out.append(stmt)
            continue
        code = cst.Module(body=[stmt]).code
        if (
            not isinstance(node.names, cst.ImportStar)
            and code not in texts
            and "#" not in cst.Module(body=[]).code_for_node(node)
            and isinstance(node.names[-1].comma, cst.MaybeSentinel)
        ):
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            names = [a.with_changes(comma=comma) for a in node.names[:-1]]
            flat = node.with_changes(
                lpar=None, rpar=None, names=[*names, node.names[-1]]
            )
            line = stmt.with_changes(body=[flat])
            text = cst.Module(body=[line]).code.strip("\n")
            if "\n" not in text and len(text) <= _LINE_LENGTH:
                stmt = line
        out.append(stmt)
    return out


def _exported(model) -> set[str]:
    """Names listed in a module-level ``__all__ = [...]`` / ``(...)`` / ``+=``."""
    out: set[str] = set()
    for stmt in model.tree.body:
        targets = (
            stmt.targets
            if isinstance(stmt, ast.Assign)
            else [stmt.target]
            if isinstance(stmt, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            for node in ast.walk(stmt.value) if stmt.value else ():
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    out.add(node.value)
    return out


def _may_remove_from(stmt: ast.ImportFrom, model) -> bool:
    """An import statement the cleanup may touch: not in a package ``__init__``
    module (its imports are the package's interface), and with no comment on its
    lines or right above them (``# noqa: F401`` marks a re-export; any other
    comment would be lost with the line)."""
    if os.path.basename(model.filename or "") == "__init__.py":
        return False
    start = stmt.lineno - 1
    source = model.source.splitlines()
    first = model.tree.body and model.tree.body[0] is stmt
    if start and not first and source[start - 1].lstrip().startswith("#"):
        # an own-line comment right above goes with the statement (above the
        # module's first statement it is the file header, which libcst keeps)
        start -= 1
    lines = source[start : stmt.end_lineno]
    return not any(
        token.type == tokenize.COMMENT
        for token in _tokens("\n".join(lines))
    )


def _tokens(text: str):
    try:
        return list(tokenize.generate_tokens(io.StringIO(text + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return [tokenize.TokenInfo(tokenize.COMMENT, "#", (1, 0), (1, 1), text)]


def _kept(stmt: ast.ImportFrom, alias: ast.alias, model, exported: set[str]) -> bool:
    """A re-export (or a commented import) that the cleanup never removes."""
    return (
        alias.asname is not None
        and alias.asname == alias.name
        or (alias.asname or alias.name) in exported
        or not _may_remove_from(stmt, model)
    )


def fix_imports(module: cst.Module, model, plan, target: str) -> cst.Module:
    """Drop what the rewritten ``module`` no longer uses, then add what it needs.

    A re-export is never dropped: an ``as`` self-alias (``from m import X as X``),
    a name in ``__all__``, an import in a package ``__init__`` module or on lines
    with a comment (``# noqa: F401``; a comment would otherwise go with the line)."""
    from .unused import remove_unused

    exported = _exported(model)
    requests = [
        (stmt.module, alias.name, alias.asname)
        for stmt in model.tree.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level
        for alias in stmt.names
        if alias.name in _MAYBE_UNUSED and not _kept(stmt, alias, model, exported)
    ]
    removed = remove_unused(module, requests)
    if any(f.sdk_sites for f in plan.functions):
        removed = removed.visit(_DropSdkElicit())
    kept = _collapse_shrunk(module.body, removed.body)
    module = removed.with_changes(body=_keep_group_breaks(module.body, kept))
    needed: dict[str, list[str]] = {"typing": ["Annotated"]}
    for function in plan.functions:
        for module_name, name in sorted(function.imports):
            needed.setdefault(module_name, []).append(name)
    needed.setdefault(target, []).append("Elicit")
    if target == "elicit_lint.runtime":
        needed[target].append("declared_elicitation")
    return add_imports(module, needed, model.filename)
