"""Source text of ``ast`` nodes with some sub-expressions replaced (stdlib only).

Used by the planner to write generated code (resolver questions and gates, negated
tests: :func:`negate_test`) from the original text, so quotes and spelling survive: ``f"Hi {r.data}"`` with
``r.data -> name`` gives ``f"Hi {name}"``. Offsets: ``ast`` columns are UTF-8
byte offsets of the line; they are converted to character offsets here.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable

_SKIPPED = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def without_comments(text: str) -> str:
    """``text`` (an expression's source) without its comments, on one line:
    ``"Your "  # part one\n    "name?"`` -> ``"Your " "name?"``. The codemod
    keeps such comments as own-line comments where the statement was; copied into
    a signature they would sit mid-annotation. Unchanged when it has no comment
    or a token spans lines (a triple-quoted string)."""
    if "#" not in text:
        return text
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    if not any(t.type == tokenize.COMMENT for t in tokens) or any(
        t.start[0] != t.end[0] for t in tokens if t.type not in _SKIPPED
    ):
        return text
    # cut from the source, not rebuilt from token strings: on Python 3.12+ an
    # f-string's FSTRING_MIDDLE token holds `{{` as `{` (PEP 701 tokenizer)
    comments = {t.start[0]: t.start[1] for t in tokens if t.type == tokenize.COMMENT}
    pieces: list[str] = []
    for row, line in enumerate(text.split("\n"), start=1):
        line = line[: comments.get(row, len(line))].strip()
        if line.endswith("\\"):  # a continuation line (no token spans lines here)
            line = line[:-1].rstrip()
        if line:
            pieces.append(line)
    return " ".join(pieces)


class Renderer:
    """``Renderer(model)(node, replacements)`` -> text of ``node`` with replacements applied."""

    def __init__(self, model) -> None:
        self.source: str = model.source
        self._lines = model.lines  # the model's LineIndex: byte -> character columns
        self._bounds: dict[ast.AST, tuple[int, int]] = {}
        self._starts = [0]
        for line in self.source.split("\n"):
            self._starts.append(self._starts[-1] + len(line) + 1)

    def offset(self, lineno: int, col: int) -> int:
        """Character offset in ``source`` of an ``ast`` (row, byte column) pair."""
        return self._starts[lineno - 1] + self._lines.column(lineno, col) - 1

    def bounds(self, node: ast.AST) -> tuple[int, int]:
        """``node``'s character offsets in ``source``, computed once per node: a
        tool's replacements are measured again for every text rendered from it."""
        found = self._bounds.get(node)
        if found is None:
            found = self._bounds[node] = (
                self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
            )
        return found

    def __call__(self, node: ast.AST, replacements: dict[ast.AST, str]) -> str:
        start, end = self.bounds(node)
        edits = []
        for target, text in replacements.items():
            if not hasattr(target, "lineno"):
                continue
            s, e = self.bounds(target)
            if start <= s and e <= end and (s, e) != (start, end) or target is node:
                edits.append((s, e, text))
        edits.sort()
        out, pos = [], start
        for s, e, text in edits:
            if s < pos:
                continue  # nested in an edit already applied
            out.append(self.source[pos:s])
            out.append(text)
            pos = e
        out.append(self.source[pos:end])
        return "".join(out)


def negate(test: str) -> str:
    """``not (test)``, simplified for the forms the translation produces."""
    if match := re.fullmatch(r"(\w+) is not None", test):
        return f"{match.group(1)} is None"
    if match := re.fullmatch(r"(\w+) is None", test):
        return f"{match.group(1)} is not None"
    return f"not ({test})"


_FLIPS = {
    ast.Eq: "!=",
    ast.NotEq: "==",
    ast.Is: "is not",
    ast.IsNot: "is",
    ast.In: "not in",
    ast.NotIn: "in",
}
"""The comparisons whose negation is the opposite operator, exactly (``not (a ==
b)`` is ``a != b``); an ordering comparison is not (``not (a < b)`` is not ``a >=
b`` for a partial order: sets, NaN), so it keeps ``not (...)``."""


_ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Constant, ast.Subscript)
_LOOSE = (ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.NamedExpr)
"""Operands a source segment gives without their parentheses (``a == (b or c)``)."""


def negate_test(
    test: ast.expr,
    replacements: dict[ast.AST, str],
    render: Callable[[ast.AST, dict[ast.AST, str]], str],
) -> str:
    """The source of ``not test`` as ruff would spell it (SIM201/SIM202/E713/E714):
    ``not x`` -> ``x``, ``a != ""`` -> ``a == ""``, ``a is None`` -> ``a is not
    None``, ``a in b`` -> ``a not in b``, ``x`` -> ``not x``; a translated test (in ``replacements``)
    by :func:`negate`; other tests ``not (test)``. ``render(node, replacements)``
    gives a node's translated source."""
    if test not in replacements:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return render(test.operand, replacements)
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and type(test.ops[0]) in _FLIPS
            and not any(
                isinstance(o, _LOOSE)
                or (isinstance(o, ast.UnaryOp) and isinstance(o.op, ast.Not))
                for o in (test.left, *test.comparators)
            )
        ):
            left = render(test.left, replacements)
            right = render(test.comparators[0], replacements)
            if "\n" not in left + right:
                return f"{left} {_FLIPS[type(test.ops[0])]} {right}"
        if isinstance(test, _ATOMS):
            return f"not {render(test, replacements)}"
    return negate(render(test, replacements))
