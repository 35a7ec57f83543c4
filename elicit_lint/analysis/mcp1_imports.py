"""The renamed imports of MCP017's fix (mcp 1.x -> mcp 2), in ruff's isort order and
within the project's line length (closing9 M3: the plain rename left ``MCPServer``
where ``FastMCP`` sorted, I001, and could grow a line past the length, E501).

:func:`sorted_edits` renames one ``from mcp.server.fastmcp... import ...`` and puts
its names in the order ruff's isort gives them (``core.isort.member_key``), row for
row (the planner maps positions back by row: :mod:`.mcp1_plan`); :func:`wrapped`
then splits a renamed one-line import longer than the line length the way ruff's
isort writes it (one name a line, a trailing comma, a trailing comment after the
``(``; checked with ruff 0.17.6 ``--select I,E501`` and ``ruff format --check``).
Standard library only.
"""

from __future__ import annotations

import ast

from ..core.isort import member_key

NEW_NAMES = {"FastMCP": "MCPServer"}
"""What the rename calls a name of ``mcp.server.fastmcp`` (``as`` names are kept)."""


def _spelled(alias: ast.alias, module: str) -> tuple[str, str]:
    name = NEW_NAMES.get(alias.name, alias.name) if module == "mcp.server.fastmcp" else alias.name
    return name, name if alias.asname is None else f"{name} as {alias.asname}"


def sorted_edits(model, node: ast.ImportFrom, old: str, new: str, edit):
    """Row-preserving edits (``edit(row, start, end, text)`` builds one) that rename
    module ``old`` to ``new`` in ``node`` and sort its renamed names; ``None`` when the
    renamed names are in order already (the plain rename does) or the statement is
    not laid out one way this can rewrite row for row: on one line, or parenthesised
    with one name a line and no comment inside."""
    module = node.module or ""
    names = [_spelled(a, module) for a in node.names]
    order = sorted(names, key=lambda n: (member_key(n[0]), n[1]))
    if order == names:
        return None
    lines = model.lines
    row, end_row = node.lineno, node.end_lineno or node.lineno
    start = lines.column(row, node.col_offset) - 1
    if row == end_row:
        end = lines.column(row, node.end_col_offset or 0) - 1
        text = f"from {new}{module[len(old):]} import " + ", ".join(s for _, s in order)
        return [edit(row, start, end, text)]
    first = lines.line(row)
    if not first.rstrip().endswith("(") or lines.line(end_row).strip() != ")":
        return None
    middle = [lines.line(r) for r in range(row + 1, end_row)]
    if len(middle) != len(names) or any("#" in line for line in middle):
        return None
    at = first.find(old, start)
    out = [edit(row, at, at + len(old), new)]
    for r, line, (_, spelled) in zip(range(row + 1, end_row), middle, order):
        body = line.strip()
        indent = len(line) - len(line.lstrip())
        comma = "," if body.endswith(",") else ""
        out.append(edit(r, indent, len(line.rstrip()), spelled + comma))
    return out


def wrapped(source: str, rows, line_length: int) -> str:
    """``source`` with each one-line ``from ... import ...`` starting at one of ``rows``
    (1-based) that is longer than ``line_length`` split one name a line, as ruff's
    isort writes it; other lines as they are."""
    lines = source.split("\n")
    tree = None
    for row in sorted(set(rows), reverse=True):
        line = lines[row - 1] if 0 < row <= len(lines) else ""
        if len(line) <= line_length:
            continue
        if tree is None:
            tree = {n.lineno: n for n in ast.parse(source).body if isinstance(n, ast.ImportFrom)}
        node = tree.get(row)
        if node is None or node.end_lineno != row or node.col_offset != 0 or node.names[0].name == "*":
            continue
        code_end = len(line.encode()[: node.end_col_offset].decode())
        code, rest = line[:code_end], line[code_end:].strip()
        if rest and not rest.startswith("#"):
            continue  # `a; b`: left as it is
        head = code[: code.index(" import ") + len(" import ")]
        names = [
            a.name if a.asname is None else f"{a.name} as {a.asname}" for a in node.names
        ]
        comment = f"  {rest}" if rest else ""
        lines[row - 1 : row] = [f"{head}({comment}", *(f"    {n}," for n in names), ")"]
    return "\n".join(lines)


def row_wrapped(source: str, row: int, line_length: int) -> str | None:
    """The text that replaces row ``row`` of ``source`` when :func:`wrapped` splits it
    (its lines joined with ``\\n``); ``None`` when it stays as it is."""
    new = wrapped(source, [row], line_length)
    if new == source:
        return None
    old_lines, new_lines = source.split("\n"), new.split("\n")
    return "\n".join(new_lines[row - 1 : row + len(new_lines) - len(old_lines)])
