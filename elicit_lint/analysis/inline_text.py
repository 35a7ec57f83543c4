"""Row and text helpers of :mod:`.inline` (docs/architecture.md
"Data flow: `elicit-migrate`"): character columns of ``ast``'s byte offsets, whether a
node has its rows to itself, a ``def`` header's end, a node's source with names
substituted, comments among a call's arguments, a ``def``'s defaults.
"""

from __future__ import annotations

import ast
import io
import tokenize


class NotInlined(Exception):
    """The site's helper does not have the shape; ``args[0]`` is the detail, and
    ``reason`` the whole skip reason when it is not :func:`.inline.helper_reason`'s."""

    def __init__(self, detail: str, reason: str | None = None) -> None:
        super().__init__(detail)
        self.reason = reason


def char(line: str, byte_col: int) -> int:
    """The character column of ``ast``'s UTF-8 byte column on ``line``."""
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", "replace"))


def alone(lines: list[str], node: ast.AST) -> bool:
    """Whether nothing but indentation shares the rows of ``node``."""
    first, last = lines[node.lineno - 1], lines[node.end_lineno - 1]
    return (
        not first[: char(first, node.col_offset)].strip()
        and not last[char(last, node.end_col_offset):].strip()
    )


def header_row(lines: list[str], node: ast.AsyncFunctionDef) -> int:
    """The row of the ``:`` ending ``node``'s header."""
    text = "\n".join(lines[node.lineno - 1:]) + "\n"
    depth = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.OP and tok.string in "([{":
                depth += 1
            elif tok.type == tokenize.OP and tok.string in ")]}":
                depth -= 1
            elif tok.type == tokenize.OP and tok.string == ":" and depth == 0:
                return node.lineno + tok.start[0] - 1
    except (tokenize.TokenError, SyntaxError):
        pass
    raise NotInlined("its header cannot be read")


def substituted(source_lines: list[str], node: ast.AST, subs: dict[int, str]) -> list[str]:
    """The source rows of ``node`` (from its start to its end) with each ``Name``
    node whose ``id()`` is in ``subs`` replaced by that text."""
    first, last = node.lineno, node.end_lineno
    rows = source_lines[first - 1:last]
    rows[-1] = rows[-1][: char(source_lines[last - 1], node.end_col_offset)]
    start = char(source_lines[first - 1], node.col_offset)
    rows[0] = rows[0][start:]
    targets = [n for n in ast.walk(node) if isinstance(n, ast.Name) and id(n) in subs]
    for n in sorted(targets, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        row = n.lineno - first
        line = source_lines[n.lineno - 1]
        a, b = char(line, n.col_offset), char(line, n.end_col_offset)
        if row == 0:
            a, b = a - start, b - start
        rows[row] = rows[row][:a] + subs[id(n)] + rows[row][b:]
    return rows


def has_comment(text: str) -> bool:
    try:
        return any(
            t.type == tokenize.COMMENT
            for t in tokenize.generate_tokens(io.StringIO(f"({text})\n").readline)
        )
    except (tokenize.TokenError, SyntaxError):
        return True


def alone_start(lines: list[str], node: ast.AST) -> bool:
    row = lines[node.lineno - 1]
    return not row[: char(row, node.col_offset)].strip()


def defaults_of(node: ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    positional = node.args.args
    found = dict(zip([p.arg for p in positional][::-1], node.args.defaults[::-1]))
    found.update(
        (p.arg, d) for p, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None
    )
    return found


def exits_first(stmt: ast.stmt) -> str | None:
    """``"return"`` or ``"raise"`` when ``stmt`` (before a helper's question) holds
    one outside a nested definition, else ``None``."""
    todo: list[ast.AST] = [stmt]
    found: set[str] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            found.add("return")
        elif isinstance(node, ast.Raise):
            found.add("raise")
        todo.extend(ast.iter_child_nodes(node))
    return "return" if "return" in found else ("raise" if found else None)
