"""What binds a body local a question reads, as a skip reason tells it.

A question (or its gate) that reads a local the resolver cannot compute again
(:mod:`.recompute`) is skipped with :func:`.locate.computed`; the reason names the
statement that binds it and why a resolver cannot run it again (a call, an
``await``, a read that may raise, a statement that is not ``name = <expr>``, a
second binding), so the user knows what to change or what a hand-written
resolver would repeat. Both planners (FastMCP, SDK ``MCPServer``) use it.
Standard library only.
"""

from __future__ import annotations

import ast

from .purity import stored_names


def _own_statements(function: ast.AST) -> list[ast.stmt]:
    """Every statement of ``function``'s body, nested blocks included, nested
    definitions' bodies excluded."""
    out: list[ast.stmt] = []
    todo = list(getattr(function, "body", []))
    while todo:
        stmt = todo.pop()
        out.append(stmt)
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(stmt, field, None) or []:
                if isinstance(child, ast.stmt):
                    todo.append(child)
                elif hasattr(child, "body"):  # except handlers, match cases
                    todo.extend(child.body)
    return out


def _binds(stmt: ast.stmt, name: str) -> bool:
    """``stmt`` itself binds ``name``: a simple statement, or the header of a
    ``for`` (its target) or ``with`` (its ``as`` names); a block's own statements
    are looked at on their own."""
    if isinstance(stmt, (ast.For, ast.AsyncFor)):
        return name in {n.id for n in ast.walk(stmt.target) if isinstance(n, ast.Name)}
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return any(
            isinstance(n, ast.Name) and n.id == name
            for item in stmt.items
            if item.optional_vars is not None
            for n in ast.walk(item.optional_vars)
        )
    if isinstance(stmt, (ast.If, ast.Try, ast.While, ast.Match)) or (
        hasattr(ast, "TryStar") and isinstance(stmt, ast.TryStar)
    ):
        return False
    return name in stored_names(stmt)


def how_bound(
    function: ast.AST,
    name: str,
    before_row: int,
    contexts: set[str] | frozenset[str] = frozenset(),
    answers: set[str] | frozenset[str] = frozenset(),
) -> str | None:
    """How ``function`` binds local ``name`` before row ``before_row``: ``"a call
    (`f(...)`, line N)"``, ``"an `await` (line N)"``, ``"a read of the context
    `ctx` (line N)"`` (``contexts``: the names holding the tool's context), ``"an
    expression of the earlier answer `r` (line N)"`` (``answers``: the earlier
    questions' result variables), ``"an
    expression that may raise (line N)"``, ``"a `for` statement (line N)"``,
    ``"statements on lines N and M"``; ``None`` when no statement before that row
    binds it."""
    binders = sorted(
        (s for s in _own_statements(function) if s.lineno < before_row and _binds(s, name)),
        key=lambda s: (s.lineno, s.col_offset),
    )
    if not binders:
        return None
    if len(binders) > 1:
        rows = ", ".join(str(s.lineno) for s in binders[:-1])
        return f"statements on lines {rows} and {binders[-1].lineno}"
    stmt = binders[0]
    row = stmt.lineno
    value = getattr(stmt, "value", None)
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or value is None:
        kind = type(stmt).__name__.lower()
        words = {"asyncfor": "async for", "asyncwith": "async with", "importfrom": "import"}
        return f"a `{words.get(kind, kind)}` statement (line {row})"
    read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    if read & set(answers):
        return f"an expression of the earlier answer `{min(read & set(answers))}` (line {row})"
    if any(isinstance(n, ast.Await) for n in ast.walk(value)):
        return f"an `await` (line {row})"
    calls = [n for n in ast.walk(value) if isinstance(n, ast.Call)]
    if calls:
        func = ast.unparse(calls[0].func)
        if len(func) > 40:
            func = func[:37] + "..."
        return f"a call (`{func}(...)`, line {row})"
    if read & set(contexts):
        return f"a read of the context `{min(read & set(contexts))}` (line {row})"
    return f"an expression that may raise (line {row})"
