"""The table behind MCP030: which modules fastmcp 4.2.3 has, and for each module whose
namespace can be read without running it, every name it binds.

Built from the fastmcp 4.2.3 sdist's source (``fastmcp_slim/fastmcp``) by
:func:`build`, never by hand; ``fastmcp_names.py`` holds the result (regenerate
with ``python -m elicit_lint.rules.fastmcp_table SDIST_DIR``). A name is proven
absent from a module only when the module is in the table: every top-level
binding counts, in every branch (``if``/``try``/``with``/loops, ``global`` in a
function), a package also has its submodules (``from package import sub``
imports them), and a module ``__getattr__`` counts only when it answers from
literal names (``if name == "Client": ...``, fastmcp's lazy exports) and raises
``AttributeError`` otherwise. A module with a ``*`` import, ``globals()``,
``sys.modules`` writes or another ``__getattr__`` is left out (its names are
not proven). Standard library only.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator

_UNPROVABLE_WORDS = ("globals()", "sys.modules[", "setattr(sys.modules", "vars()")


def modules(package_dir: str) -> dict[str, str]:
    """``{dotted module name: path}`` of every module and package under
    ``package_dir`` (the ``fastmcp`` directory), namespace packages (a directory
    without ``__init__.py``) mapped to ``""``."""
    root = os.path.dirname(package_dir)
    found: dict[str, str] = {}
    for directory, dirs, files in os.walk(package_dir):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        dotted = os.path.relpath(directory, root).replace(os.sep, ".")
        init = os.path.join(directory, "__init__.py")
        found[dotted] = init if os.path.isfile(init) else ""
        for name in sorted(files):
            if name.endswith(".py") and name != "__init__.py":
                found[f"{dotted}.{name[:-3]}"] = os.path.join(directory, name)
    return found


def _targets(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _targets(element)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)


def _lazy_names(function: ast.FunctionDef) -> set[str] | None:
    """The literal names a module ``__getattr__`` answers, or ``None`` when its
    form is not ``if name == "X": ...`` / ``if name in (...)`` tests ending in
    ``raise AttributeError(...)``."""
    if not function.args.args or function.args.vararg or len(function.args.args) != 1:
        return None
    parameter = function.args.args[0].arg
    names: set[str] = set()
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if not body:
        return None
    *tests, last = body
    if not (isinstance(last, ast.Raise) and isinstance(last.exc, ast.Call)
            and isinstance(last.exc.func, ast.Name) and last.exc.func.id == "AttributeError"):
        return None
    for statement in tests:
        if not isinstance(statement, ast.If) or statement.orelse:
            return None
        test = statement.test
        if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == parameter
                and len(test.ops) == 1):
            return None
        (op,), (right,) = test.ops, test.comparators
        if isinstance(op, ast.Eq) and isinstance(right, ast.Constant) and isinstance(right.value, str):
            names.add(right.value)
        elif isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)) and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in right.elts):
            names.update(e.value for e in right.elts)
        else:
            return None
    return names


def bound_names(text: str) -> set[str] | None:
    """Every name a module's top level binds (all branches), or ``None`` when that
    cannot be read from the text (module docstring)."""
    if any(word in text for word in _UNPROVABLE_WORDS):
        return None
    tree = ast.parse(text)
    names: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            if node.name == "__getattr__" and not isinstance(node, ast.ClassDef):
                lazy = _lazy_names(node) if isinstance(node, ast.FunctionDef) else None
                if lazy is None:
                    return None
                names |= lazy
            if not isinstance(node, ast.ClassDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Global):
                        names.update(inner.names)
            continue
        if isinstance(node, ast.Import):
            names.update(a.asname or a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if any(a.name == "*" for a in node.names):
                return None
            names.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                names.update(_targets(target))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor)):
            names.update(_targets(node.target))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    names.update(_targets(item.optional_vars))
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            names.update(h.name for h in node.handlers if h.name)
            for handler in node.handlers:
                pending.extend(handler.body)
        elif isinstance(node, ast.TypeAlias if hasattr(ast, "TypeAlias") else ()):
            names.update(_targets(node.name))
        for inner in ast.walk(node):  # walrus at the top level, in any branch
            if isinstance(inner, ast.NamedExpr):
                names.update(_targets(inner.target))
        for field in ("body", "orelse", "finalbody"):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                pending.extend(getattr(node, field, None) or [])
        if isinstance(node, ast.Match):
            for case in node.cases:
                pending.extend(case.body)
    return names


def build(package_dir: str) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """``(modules, names)``: every dotted module of ``package_dir`` (a ``fastmcp``
    directory), and ``{module: names}`` for the modules whose namespace is proven
    (module docstring): bound names plus, for a package, its direct submodules."""
    found = modules(package_dir)
    table: dict[str, frozenset[str]] = {}
    for dotted, path in found.items():
        if path:
            with open(path, encoding="utf-8") as handle:
                bound = bound_names(handle.read())
            if bound is None:
                continue
        else:
            bound = set()
        prefix = dotted + "."
        subs = {m[len(prefix):] for m in found if m.startswith(prefix) and "." not in m[len(prefix):]}
        table[dotted] = frozenset(bound | subs)
    return frozenset(found), table


def render(package_dir: str) -> str:
    """The text of ``fastmcp_names.py`` for ``package_dir``: space-separated strings
    (one constant per module: importing the table costs well under a millisecond),
    public names only (a name starting with ``_`` is never reported)."""
    all_modules, table = build(package_dir)
    lines = [
        '"""Generated by ``python -m elicit_lint.rules.fastmcp_table`` from the fastmcp 4.2.3',
        "sdist (``fastmcp_slim/fastmcp``); do not edit. ``MODULES``: every module, space-separated;",
        "``NAMES``: the proven public namespace of each module that has one, space-separated",
        '(``elicit_lint.rules.fastmcp_table``)."""',
        "",
        "# fmt: off",
        "MODULES = (",
    ]
    line = ""
    for module in sorted(all_modules):
        if len(line) + len(module) > 100:
            lines.append(f'    "{line}"')
            line = ""
        line += module + " "
    lines.append(f'    "{line}"')
    lines += [")", "", "NAMES = {"]
    for module in sorted(table):
        public = sorted(n for n in table[module] if not n.startswith("_"))
        lines.append(f'    "{module}": "{" ".join(public)}",')
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys

    here = os.path.join(os.path.dirname(__file__), "fastmcp_names.py")
    with open(here, "w", encoding="utf-8") as out:
        out.write(render(os.path.join(sys.argv[1], "fastmcp_slim", "fastmcp")))
