"""Removing what a rewrite left unused from the imports, with libcst nodes (comments kept).

Removed (libcst's ``RemoveImportsVisitor``, which removes a name only when
nothing uses it any more; :mod:`.unused` spares it the whole-module scope analysis
when the stdlib tree decides): ``Context``, the result classes
(``AcceptedElicitation`` ...) and ``get_context``, the SDK's
``ElicitationResult`` and ``Resolve``, from whichever module the file imported
them; after an SDK ``Resolve(fn)`` rewrite, the SDK's ``Elicit`` too (its name
now means the target's marker; ``_DropSdkElicit``); after a dropped SDK ``Context``
parameter, what its annotation read (``ServerSession``). Re-exports are never removed
(:func:`clean_imports`); the blank lines between import groups and the one-line
form of a shrunk parenthesised import are kept as isort would write them.
"""

from __future__ import annotations

import ast
import io
import os
import tokenize

import libcst as cst
import libcst.helpers

from ...core.isort_sections import project_of
from .cstutil import dotted, import_of, split_blank

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


def _identity(stmt) -> tuple[str, frozenset[str]] | None:
    """``(module, names)`` of an import statement; ``None`` for any other statement."""
    node = import_of(stmt)
    if isinstance(node, cst.Import):
        return ("", frozenset(dotted(a.name) for a in node.names))
    if isinstance(node, cst.ImportFrom):
        names = (
            frozenset({"*"})
            if isinstance(node.names, cst.ImportStar)
            else frozenset(dotted(a.name) for a in node.names)
        )
        return ("." * len(node.relative) + dotted(node.module), names)
    return None


def _ends_blank(module: cst.Module) -> bool:
    """The module's header (comments and blank lines before its first statement)
    is empty or ends with a blank line."""
    return not module.header or module.header[-1].comment is None


def _keep_group_breaks(before, after, top: bool = False) -> list:
    """``after`` (``before`` with unused names removed by ``RemoveImportsVisitor``)
    with the blank lines of a wholly removed import statement given to the next
    statement: libcst drops them with the statement, which joins two import
    groups (I001). Removal only drops names, so an import in ``after`` is the
    next import of ``before`` with the same module and a subset of its names.
    ``top``: the module's header is empty or ends blank; then a first statement
    removed takes the blank lines before the next one along (a file does not
    start blank, nor has two blank lines after its header)."""
    out = list(after)
    j = 0
    pending: list = []
    if top and before and out and _identity(before[0]) is not None and (
        _identity(out[0]) is not None and _identity(out[0])[0] != _identity(before[0])[0]
    ):  # the next import group starts the file (a definition keeps its blank lines)
        blank, rest = split_blank(out[0].leading_lines)
        if blank:
            out[0] = out[0].with_changes(leading_lines=rest)
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


def _collapse_shrunk(before: list, after: list, line_length: int) -> list:
    """``after`` with each parenthesised ``from`` import that the removal changed
    (its text is in no statement of ``before``) put back on one line when it has
    no magic trailing comma, no comment inside and fits in ``line_length`` (the
    project's ruff ``line-length``, which ruff's isort wraps at): what isort /
    ruff I001 ask for once ``(\n    A,\n    B)`` lost ``B``. Others are left as
    written."""

    def parenthesised(node) -> bool:
        return isinstance(node, cst.ImportFrom) and node.lpar is not None

    # only parenthesised imports are compared: code generation of every other
    # statement would cost time in proportion to the whole module
    texts = {
        cst.Module(body=[stmt]).code
        for stmt in before
        if parenthesised(import_of(stmt))
    }
    out = []
    for stmt in after:
        node = import_of(stmt)
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
            if "\n" not in text and len(text) <= line_length:
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
        token.type == tokenize.COMMENT for token in _tokens("\n".join(lines))
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


def clean_context_import(
    module: cst.Module, model, annotation_names: set[str] = frozenset()
) -> cst.Module:
    """``module`` without the SDK's ``Context`` import once nothing uses it (after an
    ``sdk-ask`` rewrite dropped the parameter; re-exports stay, as in :func:`clean_imports`),
    nor the absolute ``from`` imports of ``annotation_names`` (what the dropped
    parameters' annotations read, ``ServerSession`` of ``Context[ServerSession, None]``)
    once nothing uses them."""
    from .unused import remove_unused

    exported = _exported(model)
    requests = [
        (stmt.module, alias.name, alias.asname)
        for stmt in model.tree.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level
        for alias in stmt.names
        if (
            alias.name == "Context" and stmt.module in _SDK_MODULES
            or alias.name != "Context" and (alias.asname or alias.name) in annotation_names
        )
        and not _kept(stmt, alias, model, exported)
    ]
    if not requests:
        return module
    removed = remove_unused(module, requests)
    kept = _collapse_shrunk(
        module.body, removed.body, project_of(model.filename).line_length
    )
    return removed.with_changes(body=_keep_group_breaks(module.body, kept, _ends_blank(module)))


def _cast_names(plan) -> set[str]:
    """The names a ``typing.cast(T, X)`` response type read besides ``X`` (``cast``,
    ``Any``) in the asks the rewrite removes (``analysis.response_types.read``
    gave ``X``, ``Ask.types.type_node``): the rewrite may leave them unused."""
    out: set[str] = set()
    for function in plan.functions:
        for ask in function.asks:
            written, node = ask.site.response_type, ask.types.type_node
            if node is None or written is None or node is written:
                continue
            kept = {id(n) for n in ast.walk(node)}
            out |= {n.id for n in ast.walk(written) if isinstance(n, ast.Name) and id(n) not in kept}
    return out


def clean_imports(module: cst.Module, model, plan) -> cst.Module:
    """The rewritten ``module`` without the imports it no longer uses.

    A re-export is never dropped: an ``as`` self-alias (``from m import X as X``),
    a name in ``__all__``, an import in a package ``__init__`` module or on lines
    with a comment (``# noqa: F401``; a comment would otherwise go with the line)."""
    from .unused import remove_unused

    exported = _exported(model)
    casts = _cast_names(plan)
    requests = [
        (stmt.module, alias.name, alias.asname)
        for stmt in model.tree.body
        if isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level
        for alias in stmt.names
        if (alias.name in _MAYBE_UNUSED or (alias.asname or alias.name) in casts)
        and not _kept(stmt, alias, model, exported)
    ]
    removed = remove_unused(module, requests)
    if any(f.sdk_sites for f in plan.functions):
        removed = removed.visit(_DropSdkElicit())
    kept = _collapse_shrunk(
        module.body, removed.body, project_of(model.filename).line_length
    )
    return removed.with_changes(body=_keep_group_breaks(module.body, kept, _ends_blank(module)))
