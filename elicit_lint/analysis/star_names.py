"""Names a module may read that the codemod must not bind at module level.

A generated resolver, a ``Literal`` alias, a helper's copy or a new import is a
module-level binding: it must not rebind a name the module can read. Those are
the module's own bindings, every name read free or at module level anywhere in
it (a free name may come from ``from m import *``), and, for a star import of a
module of the run, that module's exports (its ``__all__``, else its public
top-level names). :func:`apply` reads those exports (the run's index,
``workspace/tool_index.py``) into ``model.star_exports``; a star import it could
not read is in ``model.star_unread``.
"""

from __future__ import annotations

import ast

from ..model import Model

_DYNAMIC = ("globals", "vars", "eval", "exec", "locals", "__import__")
"""Builtins through which a module reads names by text: a star import whose
module is not read then leaves no way to show a new name is unread."""


def star_imports(model: Model) -> list[ast.ImportFrom]:
    """The module's ``from m import *`` statements (module level only: Python 3
    allows no other), in source order."""
    if "*" not in model.source:
        return []
    out: list[ast.ImportFrom] = []
    stack: list[ast.stmt] = list(model.tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            out.append(node)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                stack.extend(getattr(node, field, None) or ())
            stack.extend(getattr(node, "cases", None) or ())
    return sorted(out, key=lambda n: (n.lineno, n.col_offset))


def _shown(node: ast.ImportFrom) -> str:
    return "." * node.level + (node.module or "")


def exports(text: str, filename: str) -> dict[str, str | None] | None:
    """``{name: qualified name or None}`` that ``from <module> import *`` binds
    for the module of ``tree``: its ``__all__`` when a literal list or tuple of
    strings, else its top-level names not starting with ``_``; the qualified
    name is the imported one (``typing.Annotated``), ``None`` for a definition.
    ``None`` when unknown (``__all__`` computed, or a star import of its own)."""
    from ..model import build_model

    try:
        tree = ast.parse(text)
        other = build_model(tree, text, filename)
    except (SyntaxError, RecursionError, ValueError):
        return None
    bound = other.module_scope.bindings
    listed: list[str] | None = None
    if "__all__" in bound:
        values = [
            s.value for s in tree.body
            if isinstance(s, (ast.Assign, ast.AnnAssign)) and any(
                isinstance(t, ast.Name) and t.id == "__all__"
                for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
            )
        ]
        if len(values) != 1 or len(bound["__all__"]) != 1 or not isinstance(values[0], (ast.List, ast.Tuple)):
            return None
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in values[0].elts):
            return None
        listed = [e.value for e in values[0].elts]
    elif star_imports(other):
        return None
    names = listed if listed is not None else [n for n in bound if not n.startswith("_")]
    return {n: other.qualified_name(ast.Name(id=n, ctx=ast.Load())) for n in names}


def apply(model: Model, project) -> bool:
    """Record in ``model.star_exports`` the names the module's star imports of
    run modules bind, and in ``model.star_unread`` the star imports (as written,
    ``.helpers``) whose module is not read (outside the run, or exports not
    known). Returns whether the index was asked."""
    stars = star_imports(model)
    if not stars or project is None or not hasattr(project, "run_files"):
        return False
    files = project.run_files()  # only looked at (workspace/run_files.py)
    key = project.file_of(model.filename)
    found: dict[str, str | None] = {}
    unread: list[str] = []
    for node in stars:
        home = files.module_file(key, node.module, node.level)
        text = project.text_of(home) if home is not None and home != key else None
        names = exports(text, home) if text is not None else None
        if names is None:
            unread.append(_shown(node))
        else:
            found.update(names)
    model.star_exports = found  # type: ignore[attr-defined]
    model.star_unread = unread  # type: ignore[attr-defined]
    asked = getattr(project, "asked", None)
    if isinstance(asked, set):
        asked.add(key)  # the verdict now depends on the run's other files
    return True


def carry(original: Model, other: Model) -> None:
    """Give ``other`` (a model of an equivalent text) what :func:`apply` gave ``original``."""
    for name in ("star_exports", "star_unread"):
        if hasattr(original, name):
            setattr(other, name, getattr(original, name))


def unread(model: Model) -> list[str]:
    """The star imports whose exports are not known (all of them when :func:`apply`
    did not run: a file checked alone)."""
    if hasattr(model, "star_unread"):
        return model.star_unread  # type: ignore[attr-defined]
    return [_shown(n) for n in star_imports(model)]


def star_exported(model: Model) -> dict[str, str | None]:
    """The names the module's readable star imports bind (:func:`apply`)."""
    return getattr(model, "star_exports", {})


def free_reads(model: Model) -> set[str]:
    """Every name read anywhere in the module that resolves to a module-level
    binding or to none (a builtin, or a name a star import may bind)."""
    out: set[str] = set()
    scopes = [model.module_scope, *(s for s in model.scopes.values() if s is not model.module_scope)]
    for scope in scopes:
        for name in scope.loads:
            owner = scope.lookup(name)
            if owner is None or owner[0].kind == "module":
                out.add(name)
    return out


def taken_names(model: Model) -> set[str]:
    """The names a new module-level binding must avoid (module docstring)."""
    return set(model.module_scope.bindings) | free_reads(model) | set(star_exported(model))


def import_clash(model: Model, name: str, qualified: str) -> str | None:
    """Why the rewrite cannot import ``name`` (``qualified``) into the module: a
    star import binds it to something else, or a star import not read may bind
    it and the module reads it; ``None`` when it can."""
    exported = star_exported(model)
    if name in exported and exported[name] != qualified:
        return star_shadow(name, "a star-imported module of the run binds it")
    stars = unread(model)
    if stars and name not in model.module_scope.bindings and name in free_reads(model):
        return star_shadow(name, f"`from {stars[0]} import *` may bind it")
    return None


def dynamic_reason(model: Model) -> str | None:
    """Why no new module-level name can be shown unread: a star import whose
    module is not read (outside the run, or exports not known). A name the
    rewrite adds could rebind one that module binds, which this module reads
    by text (``globals()``, ``eval``...) or another module imports from this
    one (fix17: a file migrated alone); ``None`` when every star import is read."""
    stars = unread(model)
    if not stars:
        return None
    reads = free_reads(model)
    for name in _DYNAMIC:
        if name in reads and name not in model.module_scope.bindings:
            return (
                f"the module star-imports `{stars[0]}`, which elicit-migrate cannot read, and reads "
                f"names through `{name}`: a name the rewrite adds may rebind one it reads; import "
                "the names it uses explicitly, then run again"
            )
    return (
        f"the module star-imports `{stars[0]}`, which elicit-migrate cannot read (outside the run, "
        "or its exports are computed): a name the rewrite adds may rebind one that module binds "
        "and another module imports from this one; import the names it uses explicitly (or run "
        "elicit-migrate on the project holding that module), then run again"
    )


def star_shadow(name: str, why: str) -> str:
    """The skip reason for an import ``name`` a star import may bind."""
    return (
        f"the rewrite imports `{name}`, but {why}: the new import would change what the "
        f"module reads; import the names it uses from that module explicitly, then run again"
    )
