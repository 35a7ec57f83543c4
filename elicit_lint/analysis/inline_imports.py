"""The imports a helper's copy needs in the tool module (:mod:`.inline_copy`),
written where ruff's isort rule (I001) wants them
(docs/architecture.md "Data flow: `elicit-migrate`"):

- a name the helper imports from an absolute module by its own name is
  imported from that module (the same object, and a reader of the tool module
  sees what it is: ``from typing import cast`` is ``typing.cast``), into the
  tool module's single-line ``from`` import of that module when it has one,
  else in order in its section;
- any other name of the helper's module is merged into the tool module's
  import of the helper, which drops the helper's own name (no longer read:
  ruff F401) unless that may be a re-export or nothing else would be left.

Standard library only.
"""

from __future__ import annotations

import ast
import sys

from ..model import Model
from .inline_text import NotInlined, alone, char, has_comment

__all__ = ["bound_once", "import_edits", "import_of", "needed"]


def bound_once(tree: ast.Module) -> tuple[set[str], set[str]]:
    """``(once, all)``: the top-level names of ``tree`` bound exactly once, and all."""
    counts: dict[str, int] = {}
    for stmt in tree.body:
        found: list[str] = []
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = [stmt.name]
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            found = [(a.asname or a.name).split(".")[0] for a in stmt.names]
        else:
            found = [n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
        for name in found:
            counts[name] = counts.get(name, 0) + 1
    return {n for n, c in counts.items() if c == 1}, set(counts)


def _origins(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """``{local: (module, name)}`` for the top-level absolute ``from m import n [as local]``
    of ``tree`` that bind ``local`` once (a name bound twice is left out)."""
    once, _ = bound_once(tree)
    return {
        (a.asname or a.name): (s.module, a.name)
        for s in tree.body if isinstance(s, ast.ImportFrom) and not s.level and s.module
        for a in s.names if (a.asname or a.name) in once
    }


def _plain_imports(tree: ast.Module) -> dict[str, str]:
    """``{name: name}`` for the top-level ``import name`` (no dot, no ``as``) of
    ``tree`` that bind ``name`` once."""
    once, _ = bound_once(tree)
    return {
        a.name: a.name for s in tree.body if isinstance(s, ast.Import)
        for a in s.names if a.asname is None and "." not in a.name and a.name in once
    }


def _same_plain(tree: ast.Module) -> set[str]:
    """The modules ``tree`` imports by a top-level ``import name`` bound once."""
    return set(_plain_imports(tree))


def _import_rows(module: str, wanted: list[str], absolute: list[tuple[str, str]]) -> list[str]:
    """The import lines the copy needs: the helper module's own names from it,
    and the names the helper imports from an absolute module from that module
    (so the tool module reads the same objects, and a reader of the tool module
    sees `typing.cast` as itself)."""
    rows = [f"import {m}" for m, n in absolute if not n]
    by_module: dict[str, list[str]] = {}
    for m, n in absolute:
        if n:
            by_module.setdefault(m, []).append(n)
    rows += [f"from {m} import {', '.join(ns)}" for m, ns in sorted(by_module.items())]
    if wanted:
        rows.append(f"from {module} import {', '.join(wanted)}")
    return rows


def _import_key(statement: ast.Import | ast.ImportFrom) -> tuple:
    """ruff's isort order of two statements of one section: ``import m``
    before ``from m import``, then by module."""
    if isinstance(statement, ast.Import):
        return 0, statement.names[0].name.lower()
    return 1, (statement.module or "").lower()


def _stdlib(module: str) -> bool:
    return module.split(".")[0] in sys.stdlib_module_names


def _absolute_edits(model: Model, statement: ast.ImportFrom, absolute, edits) -> list[tuple[str, str]]:
    """Add to ``edits`` the imports from absolute modules the copy needs where
    ruff's isort rule (I001) wants them: into the module's own single-line
    ``from M import`` of that module, else in order among the absolute
    imports of its section (standard library or not) before the helper's,
    or as a section of its own; returns the ``absolute`` left for
    :func:`_import_rows` (none when the module has no absolute import before
    the helper's)."""
    lines = model.source.split("\n")
    tops = [
        s for s in model.tree.body
        if isinstance(s, (ast.Import, ast.ImportFrom)) and s.lineno < statement.lineno
        and not getattr(s, "level", 0) and getattr(s, "module", "") != "__future__"
    ]
    if not tops:
        return absolute
    by_module: dict[str, list[str]] = {}
    new: list[ast.Import | ast.ImportFrom] = []
    for m, n in absolute:
        if not n:
            new.append(ast.Import(names=[ast.alias(m)]))
        else:
            by_module.setdefault(m, []).append(n)
    for m, ns in sorted(by_module.items()):
        same = [
            s for s in tops if isinstance(s, ast.ImportFrom) and s.module == m
            and s.lineno == s.end_lineno and alone(lines, s) and not has_comment(lines[s.lineno - 1])
            and all(a.name != "*" for a in s.names)
        ]
        if len(same) == 1:
            old = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in same[0].names]
            spelled = sorted(old + ns, key=lambda x: _member_key(x.split(" as ")[0]))
            one = f"from {m} import {', '.join(spelled)}"
            if len(one) <= 88:
                edits.append((same[0].lineno, same[0].end_lineno, [one]))
                continue
        new.append(ast.ImportFrom(module=m, names=[ast.alias(n) for n in ns], level=0))
    for node in new:
        text = ast.unparse(node)
        module = node.names[0].name if isinstance(node, ast.Import) else node.module or ""
        section = [
            s for s in tops
            if _stdlib(s.names[0].name if isinstance(s, ast.Import) else s.module or "") == _stdlib(module)
        ]
        if section:
            after = [s for s in section if _import_key(s) <= _import_key(node)]
            if after:
                edits.append((after[-1].end_lineno + 1, after[-1].end_lineno, [text]))
            else:
                edits.append((section[0].lineno, section[0].lineno - 1, [text]))
        elif _stdlib(module):  # a section of its own, before the others
            edits.append((tops[0].lineno, tops[0].lineno - 1, [text, ""]))
        else:
            last = max(s.end_lineno for s in tops)
            edits.append((last + 1, last, ["", text]))
    return []


def _member_key(name: str) -> tuple:
    """ruff's isort order of the names of one ``from`` import (``order-by-type``):
    constants, then classes, then the rest, each case-insensitively."""
    kind = 0 if len(name) > 1 and name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name.lower(), name


def _re_export(model: Model, statement: ast.ImportFrom, local: str) -> bool:
    """Whether the module may re-export ``local`` (docs/codemod.md): a package
    ``__init__``, an ``as`` self-alias, a ``noqa`` on the import, or a
    module-level ``__all__``."""
    lines = model.source.split("\n")[statement.lineno - 1:statement.end_lineno]
    return (
        model.filename.replace("\\", "/").rsplit("/", 1)[-1] in ("__init__.py", "__init__.pyi")
        or any(a.asname is not None and a.asname == a.name for a in statement.names)
        or any("noqa" in line for line in lines)
        or "__all__" in model.module_scope.bindings
    )


def _merged(model: Model, statement: ast.ImportFrom, local: str, wanted: list[str]) -> list[str] | None:
    """The helper's import statement with ``wanted`` added and ``local`` (no
    longer read once every call is rewritten) left out, or ``None`` to leave
    it as is (a comment in it, a star, a re-export with nothing to add, or
    nothing left: the helper's module would no longer be imported)."""
    lines = model.source.split("\n")
    text = "\n".join(lines[statement.lineno - 1:statement.end_lineno])
    if any(a.name == "*" for a in statement.names):
        return None
    if has_comment(text):
        return _merged_commented(lines, statement, wanted)
    keep = _re_export(model, statement, local)
    names = [a for a in statement.names if keep or (a.asname or a.name) != local]
    if not wanted and len(names) == len(statement.names) or not names and not wanted:
        return None
    spelled = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in names] + wanted
    spelled.sort(key=lambda n: _member_key(n.split(" as ")[0]))
    module = "." * statement.level + (statement.module or "")
    one = f"from {module} import {', '.join(spelled)}"
    if len(one) <= 88 and not text.rstrip().endswith(",)") and "\n" not in text:
        return [one]
    return [f"from {module} import (", *(f"    {n}," for n in spelled), ")"]


def _merged_commented(lines: list[str], statement: ast.ImportFrom, wanted: list[str]) -> list[str] | None:
    """The helper's one-line import with a comment after it (``# noqa: F401``: kept
    as a re-export, every name stays) and ``wanted`` added as ruff's isort merges
    them (tidy15: a second line for the module was I001): a single name keeps the
    comment on its own row of a parenthesised import; several share one line with
    it when it fits (checked with ruff 0.17.6 ``--select I`` and ``ruff format``).
    ``None`` to leave it as is (a comment inside, a long line, nothing to add)."""
    line = lines[statement.lineno - 1]
    code_end = char(line, statement.end_col_offset)
    comment = line[code_end:].strip()
    if (
        not wanted
        or statement.end_lineno != statement.lineno
        or statement.col_offset != 0
        or not comment.startswith("#")
        or has_comment(line[:code_end])
    ):
        return None
    old = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in statement.names]
    spelled = sorted(old + wanted, key=lambda n: _member_key(n.split(" as ")[0]))
    module = "." * statement.level + (statement.module or "")
    if len(old) == 1:
        return [
            f"from {module} import (",
            *(f"    {n},  {comment}" if n == old[0] else f"    {n}," for n in spelled),
            ")",
        ]
    one = f"from {module} import {', '.join(spelled)}  {comment}"
    return [one] if len(one) <= 88 else None


def _alone_or_noqa(lines: list[str], statement: ast.ImportFrom) -> bool:
    """Whether nothing but indentation shares the rows of ``statement``, or
    only a ``noqa`` comment after it (``# noqa: F401`` marks a re-export:
    :func:`_re_export` keeps the name, :func:`_merged` leaves the line and its
    comment as they are)."""
    if alone(lines, statement):
        return True
    last = lines[statement.end_lineno - 1]
    tail = last[char(last, statement.end_col_offset):].strip()
    head = lines[statement.lineno - 1][: char(lines[statement.lineno - 1], statement.col_offset)]
    return not head.strip() and tail.startswith("#") and "noqa" in tail


def import_of(model: Model, local: str) -> ast.ImportFrom:
    found = [
        s for s in model.tree.body
        if isinstance(s, ast.ImportFrom) and any((a.asname or a.name) == local for a in s.names)
    ]
    if len(found) != 1 or not _alone_or_noqa(model.source.split("\n"), found[0]):
        raise NotInlined(f"the tool module does not import `{local}` once with `from ... import`, on lines of its own")
    return found[0]


def needed(model: Model, statement: ast.ImportFrom, source: str, names: set[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """``(wanted, absolute)``: the names ``names`` of the helper's module (its
    text ``source``) the tool module (``model``, importing the helper by
    ``statement``) must import: ``wanted`` from the helper's module,
    ``absolute`` as ``(module, name)`` from the absolute module the helper
    imports them from by their own name (``(module, "")``: ``import module``).
    Raises :class:`NotInlined` for a name the tool module binds otherwise."""
    scope = model.module_scope.bindings
    imported = {
        (a.asname or a.name): a.name for s in model.tree.body if isinstance(s, ast.ImportFrom)
        and s.level == statement.level and s.module == statement.module for a in s.names
    }
    same = _origins(model.tree)
    helper_tree = ast.parse(source)
    there = _origins(helper_tree)
    plain = _plain_imports(helper_tree)
    wanted = []
    absolute: list[tuple[str, str]] = []  # (module, name): imported where the helper imports it
    for name in sorted(names):
        if imported.get(name) == name:
            continue  # already imported from the helper's module under its own name
        if name in there and same.get(name) == there[name] and name in scope:
            continue  # both modules import it from the same absolute module: the same object
        if name in plain and plain[name] in _same_plain(model.tree) and name in scope:
            continue  # both `import typing`: the same module object
        if name in scope:
            raise NotInlined(f"the helper reads `{name}` of its module, which the tool module binds too")
        if name in there and there[name][1] == name:
            absolute.append(there[name])  # `from typing import cast`: provably the same object
        elif name in plain:
            absolute.append((plain[name], ""))
        else:
            wanted.append(name)
    return wanted, absolute


def import_edits(
    model: Model, statement: ast.ImportFrom, local: str, wanted: list[str], absolute: list[tuple[str, str]]
) -> list[tuple[int, int, list[str]]]:
    """The text edits ``(first row, last row, new lines)`` that give the tool
    module the imports :func:`needed` found, ``local`` (the helper) dropped
    from its import when nothing else is lost (:func:`_merged`)."""
    module = "." * statement.level + (statement.module or "")
    edits: list[tuple[int, int, list[str]]] = []
    merged = _merged(model, statement, local, wanted)
    if merged is not None:  # one statement for the helper's module (ruff I001), `local` gone (F401)
        edits.append((statement.lineno, statement.end_lineno, merged))
        wanted = []
    absolute = _absolute_edits(model, statement, absolute, edits)
    if wanted or absolute:
        row = statement.end_lineno
        edits.append((row + 1, row, _import_rows(module, wanted, absolute)))
    return edits
