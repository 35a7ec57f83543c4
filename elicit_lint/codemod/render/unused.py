"""Dropping the imports a rewrite left unused, in time proportional to the file.

libcst's ``RemoveImportsVisitor`` decides whether a name is still used with its
scope analysis of the whole module (``ScopeProvider``, plus its visitors for
``__all__`` and string annotations): on a module of tens of thousands of lines
it took most of a rewrite's time, though only a handful of names are asked
about. The stdlib tree of the rewritten text answers the same question for
those names in one pass, whenever the answer is plain:

- *used*: the bound name is read (``ast.Name``, load) and nothing but top-level
  imports binds it anywhere, so every read is of the import: libcst's scope
  analysis finds a reference and keeps it;
- *unused*: the name appears nowhere (no ``Name`` and no string holding the word,
  which covers ``__all__`` and string annotations): libcst finds neither a
  reference nor an export, and removes it.

Anything else (the name rebound or deleted somewhere, only mentioned in a
string, the same import also inside a function, a text the stdlib parser
refuses) is left to ``RemoveImportsVisitor`` on the whole module, as before.
Unused names are removed by ``RemoveImportsVisitor`` itself, run on their own
statement alone, so commas, parentheses and comments come out exactly as the
whole-module run writes them.
"""

from __future__ import annotations

import ast
import re

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import RemoveImportsVisitor

Request = tuple[str, str, "str | None"]
"""``(module, name, asname)`` of a top-level ``from module import name [as asname]``
to remove when unused (``RemoveImportsVisitor.remove_unused_import``'s arguments)."""


def _full(module: cst.Module, requests: list[Request]) -> cst.Module:
    context = CodemodContext()
    for request in requests:
        RemoveImportsVisitor.remove_unused_import(context, *request)
    return RemoveImportsVisitor(context).transform_module(module)


def _bound(request: Request) -> str:
    return request[2] or request[1]


def _verdicts(tree: ast.Module, requests: list[Request]) -> dict[str, bool] | None:
    """``{bound name: used}`` for every request, or ``None`` when one is not plain."""
    names = {_bound(r) for r in requests}
    wanted = {(r[0], r[1], r[2]) for r in requests}
    top = set(map(id, tree.body))
    reads = dict.fromkeys(names, 0)
    words = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
    in_strings: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if node.id in names:
                if not isinstance(node.ctx, ast.Load):
                    return None  # rebound or deleted
                reads[node.id] += 1
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                in_strings.update(words.findall(node.value))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            nested = id(node) not in top
            for alias in node.names:
                bound = alias.asname or alias.name.partition(".")[0]
                if bound not in names:
                    continue
                module = node.module if isinstance(node, ast.ImportFrom) else None
                if nested or isinstance(node, ast.Import) or node.level:
                    return None  # another binding, or the same import inside a scope
                if (module, alias.name, alias.asname) not in wanted:
                    return None
        elif _binds(node, names):
            return None
    verdicts: dict[str, bool] = {}
    for name in names:
        if reads[name]:
            verdicts[name] = True
        elif name in in_strings:
            return None  # only mentioned in a string: __all__, an annotation, or prose
        else:
            verdicts[name] = False
    return verdicts


def _binds(node: ast.AST, names: set[str]) -> bool:
    """Whether ``node`` binds one of ``names`` other than through an import or a
    ``Name`` target (parameters, ``def``/``class`` names, handlers, patterns,
    ``global``/``nonlocal``)."""
    if isinstance(node, ast.arg):
        return node.arg in names
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name in names
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return node.name in names
    if isinstance(node, ast.MatchMapping):
        return node.rest in names
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return not names.isdisjoint(node.names)
    return False


def remove_unused(module: cst.Module, requests: list[Request]) -> cst.Module:
    """``module`` without the imports of ``requests`` that nothing uses any more:
    what ``RemoveImportsVisitor`` gives for them, decided from the stdlib tree
    when that is plain (module docstring). Never raises for a text the stdlib
    parser refuses: that case, too, goes to ``RemoveImportsVisitor``."""
    if not requests:
        return module
    try:
        tree = ast.parse(module.code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _full(module, requests)
    verdicts = _verdicts(tree, requests)
    if verdicts is None:
        return _full(module, requests)
    unused = [r for r in requests if not verdicts[_bound(r)]]
    if not unused:
        return module
    body: list[cst.CSTNode] = []
    for stmt in module.body:
        mine = _requests_of(stmt, unused)
        if mine:
            body.extend(_full(cst.Module(body=[stmt]), mine).body)
        else:
            body.append(stmt)
    return module.with_changes(body=body)


def _requests_of(stmt: cst.CSTNode, unused: list[Request]) -> list[Request]:
    """The requests among ``unused`` that a top-level statement imports."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return []
    found: list[Request] = []
    for small in stmt.body:
        if (
            not isinstance(small, cst.ImportFrom)
            or small.relative
            or small.module is None
        ):
            continue
        if isinstance(small.names, cst.ImportStar):
            continue
        module = cst.Module([]).code_for_node(small.module)
        for alias in small.names:
            asname = alias.evaluated_alias
            request = (module, alias.evaluated_name, asname)
            if request in unused:
                found.append(request)
    return found
