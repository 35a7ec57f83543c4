"""Annotations: string forms, unions, ``Annotated`` and where a marker sits.

String annotations (``"Context | None"``, ``"Annotated[str, Elicit('q')]"``) are
parsed with ``ast`` and their positions mapped back onto the source, so spans
stay exact. ``from __future__ import annotations`` does not change the ``ast``
(annotations are still expressions there); only literal strings need parsing.
The original tree is never mutated: resolved annotations are new nodes.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import names
from .structure import nodes

Qualify = Callable[[ast.expr], "str | None"]
_PREFIX_CHARS = "rRbBuUfF"


def parse_string(node: ast.Constant, source_line: str | None) -> ast.expr | None:
    """Parse a string annotation; positions are mapped onto the source text.

    ``source_line`` is the source line the constant starts on. The mapping is exact
    when the literal has no escapes and its text equals its value (the usual
    case); otherwise every node gets the span of the whole string. Returns
    ``None`` when the string is not a valid expression.
    """
    if not isinstance(node.value, str):
        return None
    try:
        # Parenthesised so leading blanks and newlines parse; rows stay aligned and
        # the first row is shifted by the one "(" (undone by ``lead``).
        parsed = ast.parse("(" + node.value + "\n)", mode="eval").body
    except SyntaxError:
        return None
    lead = -1
    offset = _body_offset(node, source_line)
    for sub in ast.walk(parsed):
        if not hasattr(sub, "lineno"):
            continue
        if offset is None:
            sub.lineno, sub.col_offset = node.lineno, node.col_offset
            sub.end_lineno, sub.end_col_offset = node.end_lineno, node.end_col_offset
            continue
        for row_attr, col_attr in (("lineno", "col_offset"), ("end_lineno", "end_col_offset")):
            row = getattr(sub, row_attr)
            col = getattr(sub, col_attr)
            if row == 1:
                setattr(sub, col_attr, offset + lead + col)
            setattr(sub, row_attr, node.lineno + row - 1)
    return parsed


def _body_offset(node: ast.Constant, line: str | None) -> int | None:
    """UTF-8 byte offset of the string body (after prefix and quotes), if it maps 1:1."""
    if line is None:
        return None
    raw = line.encode("utf-8")[node.col_offset:].decode("utf-8", "ignore")
    i = 0
    while i < len(raw) and raw[i] in _PREFIX_CHARS:
        i += 1
    quote = raw[i:i + 3] if raw[i:i + 3] in ('"""', "'''") else raw[i:i + 1]
    if quote not in ('"', "'", '"""', "'''"):
        return None
    body_start = i + len(quote)
    value = node.value
    first_line = value.split("\n", 1)[0]
    if raw[body_start:body_start + len(first_line)] != first_line:
        return None
    if "\n" not in value and raw[body_start + len(first_line):body_start + len(first_line) + len(quote)] != quote:
        return None
    return node.col_offset + len(raw[:body_start].encode("utf-8"))


def resolve(expr: ast.expr | None, qualify: Qualify, line_of: Callable[[int], str]) -> ast.expr | None:
    """``expr`` with string annotations in type positions parsed (a new tree).

    Type positions: the annotation itself, subscript arguments, ``|`` operands;
    not ``Literal[...]`` arguments and not ``Annotated`` metadata (whose strings
    are questions, not types).
    """
    if expr is None:
        return None
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        parsed = parse_string(expr, line_of(expr.lineno))
        return resolve(parsed, qualify, line_of) if parsed is not None else expr
    if _is_bitor(expr):
        return _resolve_union(expr, qualify, line_of)
    if isinstance(expr, ast.Subscript):
        head = qualify(expr.value)
        if head == names.LITERAL:
            return expr
        new = copy.copy(expr)
        if isinstance(expr.slice, ast.Tuple):
            elts = list(expr.slice.elts)
            keep_from = 1 if head == names.ANNOTATED else len(elts)
            new_slice = copy.copy(expr.slice)
            new_slice.elts = [
                resolve(e, qualify, line_of) if i < keep_from else e for i, e in enumerate(elts)
            ]
            new.slice = new_slice
        else:
            new.slice = resolve(expr.slice, qualify, line_of)
        return new
    return expr


def _is_bitor(expr: ast.AST | None) -> bool:
    return isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr)


def _resolve_union(expr: ast.BinOp, qualify: Qualify, line_of: Callable[[int], str]) -> ast.expr:
    """:func:`resolve` of an ``A | B | ...`` chain, without recursion along the chain
    (CPython parses a union of ~3,000 arms; each ``|`` is one level)."""
    done: dict[int, ast.expr] = {}
    stack: list[tuple[ast.expr, bool]] = [(expr, False)]
    while stack:
        node, children_done = stack.pop()
        if not _is_bitor(node):
            done[id(node)] = resolve(node, qualify, line_of)
        elif children_done:
            new = copy.copy(node)
            new.left, new.right = done.pop(id(node.left)), done.pop(id(node.right))
            done[id(node)] = new
        else:
            stack += [(node, True), (node.right, False), (node.left, False)]
    return done[id(expr)]


def union_arms(expr: ast.expr, qualify: Qualify) -> list[ast.expr] | None:
    """The arms of ``A | B``, ``Optional[A]`` (-> ``[A, None]``) or ``Union[A, B]``; ``None`` if not a union.
    A ``|`` chain is flattened without recursion (an ``Optional``/``Union`` operand
    gives its own arms, one level)."""
    if _is_bitor(expr):
        out: list[ast.expr] = []
        stack: list[ast.expr] = [expr]
        while stack:
            node = stack.pop()
            if _is_bitor(node):
                stack += [node.right, node.left]
            else:
                out.extend(_subscript_arms(node, qualify) or [node])
        return out
    return _subscript_arms(expr, qualify)


def _subscript_arms(expr: ast.expr, qualify: Qualify) -> list[ast.expr] | None:
    if isinstance(expr, ast.Subscript):
        head = qualify(expr.value)
        if head == names.OPTIONAL:
            return [expr.slice, ast.Constant(None)]
        if head == names.UNION:
            return list(expr.slice.elts) if isinstance(expr.slice, ast.Tuple) else [expr.slice]
    return None


def is_none(expr: ast.expr) -> bool:
    """``None`` as a type (the constant, or the string ``"None"`` already resolved)."""
    return isinstance(expr, ast.Constant) and expr.value is None


def annotated_parts(expr: ast.expr, qualify: Qualify) -> tuple[ast.expr, list[ast.expr]] | None:
    """``Annotated[T, m1, m2]`` -> ``(T, [m1, m2])``; ``None`` for anything else."""
    if isinstance(expr, ast.Subscript) and qualify(expr.value) == names.ANNOTATED:
        if isinstance(expr.slice, ast.Tuple) and expr.slice.elts:
            return expr.slice.elts[0], list(expr.slice.elts[1:])
        return expr.slice, []
    return None


def mentions(expr: ast.expr | None, qualified: str, qualify: Qualify) -> bool:
    """Whether a resolved annotation refers to ``qualified`` anywhere inside it."""
    if expr is None:
        return False
    return any(
        isinstance(n, (ast.Name, ast.Attribute)) and qualify(n) == qualified for n in nodes(expr)
    )


def type_arms(expr: ast.expr, qualify: Qualify) -> Iterator[ast.expr]:
    """The non-union parts of a type: ``A | Optional[B]`` -> ``A, B, None``; ``Annotated``
    unwrapped. Iterative (an explicit stack, in order)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        parts = annotated_parts(node, qualify)
        if parts is not None:
            stack.append(parts[0])
            continue
        arms = union_arms(node, qualify)
        if arms is None:
            yield node
        else:
            stack.extend(reversed(arms))


@dataclass(frozen=True)
class MarkerHit:
    """A marker call found in an annotation.

    ``placement``: ``"top"`` (``Annotated[T, M]``), ``"optional"``
    (``Annotated[T, M] | None``, ``Optional[Annotated[T, M]]``: means the same as
    ``Annotated[T | None, M]``), or where it cannot be honoured: ``"a union arm"``,
    ``"a container"``, ``"a nested annotation"`` (the words of
    :func:`elicit_lint.core.messages.marker_misplaced`). ``annotated`` is the
    ``Annotated[...]`` subscript holding the marker, ``type`` its first argument.

    ``placement`` ``"uncalled"``: the marker class itself as metadata
    (``Annotated[str, Elicit]``); ``call`` is then the name, not a call.
    """

    call: ast.Call
    qualified: str
    placement: str
    annotated: ast.Subscript | None
    type: ast.expr | None

    @property
    def honoured(self) -> bool:
        return self.placement in ("top", "optional")


def find_markers(expr: ast.expr | None, wanted: frozenset[str], qualify: Qualify) -> list[MarkerHit]:
    """Every call to one of ``wanted`` (qualified names) in a resolved annotation, with its placement."""
    out: list[MarkerHit] = []
    if expr is not None:
        _find(expr, "top", wanted, qualify, out)
    return out


def _marker_name(node: ast.AST, wanted: frozenset[str], qualify: Qualify) -> str | None:
    if isinstance(node, ast.Call):
        name = qualify(node.func)
        if name in wanted:
            return name
    return None


def _uncalled(node: ast.AST, wanted: frozenset[str], qualify: Qualify) -> bool:
    """The marker class itself, not called (``Annotated[str, Elicit]``)."""
    return isinstance(node, (ast.Name, ast.Attribute)) and qualify(node) in wanted


def _outside_lambdas(expr: ast.expr) -> Iterator[ast.AST]:
    """``ast.walk(expr)`` without the bodies of lambdas: an ``Elicit(...)`` a lambda
    returns (``Elicit(lambda city: Elicit(f"Book {city}?"))``) is a value the
    lambda builds when called, never metadata of the annotation."""
    stack: list[ast.AST] = [expr]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.Lambda):
            stack.extend(node.args.defaults)
            stack.extend(d for d in node.args.kw_defaults if d is not None)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _buried(expr: ast.expr, where: str, wanted, qualify, out, annotated=None, type_=None) -> None:
    for node in _outside_lambdas(expr):
        name = _marker_name(node, wanted, qualify)
        if name is not None:
            out.append(MarkerHit(node, name, where, annotated, type_))


def _find(expr: ast.expr, where: str, wanted, qualify, out: list[MarkerHit]) -> None:
    parts = annotated_parts(expr, qualify)
    if parts is not None:
        inner, metadata = parts
        for meta in metadata:
            name = _marker_name(meta, wanted, qualify)
            if name is not None:
                out.append(MarkerHit(meta, name, where, expr, inner))
                # Of a marker's own arguments only ``response_type=`` is a type that
                # could bury another marker. Its message is a question or a resolver:
                # a marker call there is a lambda's return value, an argument of a
                # resolver factory, or a wrong argument (``Elicit(Elicit("q"))``,
                # reported as such by MCP006), never metadata of this annotation.
                for keyword in meta.keywords:
                    if keyword.arg == "response_type":
                        _buried(keyword.value, "a nested annotation", wanted, qualify, out, expr, inner)
            elif _uncalled(meta, wanted, qualify):
                out.append(MarkerHit(meta, qualify(meta), "uncalled", expr, inner))  # type: ignore[arg-type]
            else:
                _buried(meta, "a nested annotation", wanted, qualify, out, expr, inner)
        # Annotated[Annotated[T, M], x] flattens to Annotated[T, M, x]: same placement.
        _find(inner, where if annotated_parts(inner, qualify) else _demote(where), wanted, qualify, out)
        return
    arms = union_arms(expr, qualify)
    if arms is not None:
        real = [a for a in arms if not is_none(a)]
        for arm in real:
            parts = annotated_parts(arm, qualify)
            direct = parts is not None and any(
                _marker_name(m, wanted, qualify) or _uncalled(m, wanted, qualify) for m in parts[1]
            )
            if len(real) == 1 and where == "top" and direct:
                # ``Annotated[T, M] | None`` means ``Annotated[T | None, M]``.
                _find(arm, "optional", wanted, qualify, out)
            else:
                _buried(arm, "a union arm" if where in ("top", "optional") else where, wanted, qualify, out)
        return
    if isinstance(expr, ast.Subscript):
        if qualify(expr.value) == names.LITERAL:
            return
        _find(expr.slice, "a container" if where in ("top", "optional") else where, wanted, qualify, out)
        return
    if isinstance(expr, (ast.Tuple, ast.List)):
        for elt in expr.elts:
            _find(elt, where, wanted, qualify, out)
        return
    _buried(expr, "a nested annotation" if where in ("top", "optional") else where, wanted, qualify, out)


def _demote(where: str) -> str:
    """Placement for markers inside ``T`` of ``Annotated[T, ...]``."""
    return "a nested annotation" if where in ("top", "optional") else where
