"""Signature layout of a rewritten tool (libcst), as ruff format / black would wrap it."""

from __future__ import annotations

import ast

import libcst as cst

MAX_LINE = 88
"""A rewritten signature longer than this (ruff's and black's default line
length) is laid out one parameter per line, unless the original signature
already spanned several lines (its layout is then the author's and is kept); a
parameter line still longer has its ``X[...]`` annotation split inside the
brackets (:func:`_split_long_annotation`); an ``Elicit(...)`` element still too
long there is split inside its own parentheses (:func:`_split_long_call`), as
ruff format does. The line length is the project's ruff ``line-length``
(``sections.Project.line_length``)."""


def wrap_signature(
    fn: cst.FunctionDef, node: ast.AST, line_length: int = MAX_LINE
) -> cst.FunctionDef:
    """``fn`` (the rewritten libcst ``def``) laid out one parameter per line when its
    header is longer than ``line_length`` (the project's ruff ``line-length``,
    default :data:`MAX_LINE`); ``node`` is the original ``ast`` def."""
    args = node.args
    parts = [
        *args.posonlyargs,
        *args.args,
        *args.kwonlyargs,
        args.vararg,
        args.kwarg,
        node.returns,
    ]
    if any(p is not None and p.end_lineno != node.lineno for p in parts):
        return fn  # the author laid the signature out over several lines: keep it
    if not fn.params.params and not fn.params.kwonly_params:
        return fn
    header = cst.Module([]).code_for_node(
        fn.with_changes(
            decorators=[],
            leading_lines=[],
            body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]),
        )
    )
    # the header line alone (no body on it), at the column the ``def`` starts
    if node.col_offset + len(header.split("\n", 1)[0]) <= line_length:
        return fn

    return one_per_line(fn, node.col_offset, line_length)


def newline(indent: str) -> cst.ParenthesizedWhitespace:
    """A line break inside brackets, the next line indented by the block's
    indentation plus ``indent``."""
    return cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        indent=True,
        last_line=cst.SimpleWhitespace(indent),
    )


def one_per_line(
    fn: cst.FunctionDef, column: int, line_length: int = MAX_LINE
) -> cst.FunctionDef:
    """``fn``'s parameters one a line, each with a comma (the last one's before the
    closing ``)`` on a line of its own), as ruff format lays out a signature that
    does not fit; ``column``: where the ``def`` starts. A parameter line still
    longer than ``line_length`` has its annotation split (:func:`_split_long_annotation`)."""
    params = fn.params
    groups = {
        "posonly_params": list(params.posonly_params),
        "params": list(params.params),
        "kwonly_params": list(params.kwonly_params),
    }
    ordered = [*groups["posonly_params"], *groups["params"]]
    star = params.star_arg
    if isinstance(star, (cst.Param, cst.ParamStar)):
        ordered.append(star)
    ordered += groups["kwonly_params"]
    if isinstance(params.star_kwarg, cst.Param):
        ordered.append(params.star_kwarg)
    last = ordered[-1]
    replaced = {}
    for item in ordered:
        after = _keeping(
            _line_end(item), newline("") if item is last else newline("    ")
        )
        changed = item.with_changes(comma=cst.Comma(whitespace_after=after))
        if isinstance(changed, cst.Param):
            changed = changed.with_changes(
                whitespace_after_param=cst.SimpleWhitespace("")
            )
        replaced[id(item)] = _split_long_annotation(
            changed, column, newline, line_length
        )
    new_params = params.with_changes(
        posonly_params=[replaced[id(p)] for p in groups["posonly_params"]],
        params=[replaced[id(p)] for p in groups["params"]],
        kwonly_params=[replaced[id(p)] for p in groups["kwonly_params"]],
        star_arg=replaced.get(id(star), star),
        star_kwarg=replaced.get(id(params.star_kwarg), params.star_kwarg),
    )
    return fn.with_changes(
        params=new_params,
        whitespace_before_params=_keeping(fn.whitespace_before_params, newline("    ")),
    )


def _line_end(item) -> cst.BaseParenthesizableWhitespace | None:
    """The whitespace that ends ``item``'s line in a split signature: after its
    comma, or (a last parameter without one) after the parameter itself."""
    comma = getattr(item, "comma", None)
    if isinstance(comma, cst.Comma) and isinstance(
        comma.whitespace_after, cst.ParenthesizedWhitespace
    ):
        return comma.whitespace_after
    return getattr(item, "whitespace_after_param", None)


def _keeping(old, new: cst.ParenthesizedWhitespace) -> cst.ParenthesizedWhitespace:
    """``new`` carrying the comment that ended the line of ``old`` (a split
    signature's line break) and the comment lines below it, so a relaid
    signature loses no comment; blank lines are not kept."""
    if not isinstance(old, cst.ParenthesizedWhitespace):
        return new
    return new.with_changes(
        first_line=old.first_line,
        empty_lines=[e for e in old.empty_lines if e.comment is not None],
    )


def operands(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The operands of an unparenthesised ``a | b | c`` chain; ``None`` for any
    other expression."""
    if not (
        isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr)
    ):
        return None
    if node.lpar or node.rpar:
        return None
    left = operands(node.left) or [node.left]
    return [*left, node.right]


def lay(
    node: cst.BaseExpression,
    indent: int,
    width: int,
    prefix: str,
    suffix: str,
    first: int | None = None,
    flat: bool = True,
) -> list[str]:
    """Lines (indented from the ``def``'s column) of ``node`` as ruff format lays
    out a type expression at ``indent`` within ``width`` columns: on one line
    when ``prefix + node + suffix`` fits; a ``|`` chain one operand per line, led
    by ``| ``; a subscript split inside its brackets, its one element on a line of
    its own (laid out again if still too long), its elements on one line when
    they fit, else one per line with a trailing comma; anything else on one line.
    ``first``: the column the first line starts at when it continues a line
    (``def f() -> Elicit[``), else ``indent``. ``flat=False``: several elements
    never share a line once their subscript is split, as ruff lays out a
    subscript inside an element of another (``Annotated[Literal[...] | None, ...]``);
    inside parentheses of their own (a return annotation, an alias's value)
    they do when they fit."""
    render = cst.Module([]).code_for_node
    pad = " " * indent
    text = render(node)
    start = indent if first is None else first
    lead = "" if first is not None else pad
    if "\n" in text or start + len(prefix + text + suffix) <= width:
        return [lead + prefix + text + suffix]
    chain = operands(node)
    if chain is not None:
        out: list[str] = []
        for i, operand in enumerate(chain):
            out += lay(
                operand,
                indent,
                width,
                prefix if i == 0 else "| ",
                suffix if i == len(chain) - 1 else "",
            )
        return out
    if (
        not isinstance(node, cst.Subscript)
        or node.lpar
        or not all(isinstance(e.slice, cst.Index) for e in node.slice)
    ):
        return [lead + prefix + text + suffix]
    elements = [render(e.slice) for e in node.slice]
    out = [lead + prefix + render(node.value) + "["]
    if len(elements) == 1:
        out += lay(node.slice[0].slice.value, indent + 4, width, "", "", flat=flat)
    elif flat and indent + 4 + len(", ".join(elements)) <= width:
        out.append(" " * (indent + 4) + ", ".join(elements))
    else:
        for e in node.slice:
            out += lay(e.slice.value, indent + 4, width, "", ",", flat=flat)
    return [*out, pad + "]" + suffix]


def _split_long_annotation(param, indent: int, newline, line_length: int = MAX_LINE):
    """``param`` (a libcst parameter on its own line, ``indent`` the ``def``'s
    column) with an ``X[...]`` annotation split inside its brackets when the line
    is longer than :data:`MAX_LINE`, as ruff format does: the subscript's
    elements on one line of their own if they fit there, else one per line with
    a trailing comma. Other parameters come back unchanged."""
    if not isinstance(param, cst.Param) or param.annotation is None:
        return param
    sub = param.annotation.annotation
    if not isinstance(sub, cst.Subscript) or not sub.slice:
        return param
    render = cst.Module([]).code_for_node
    line = " " * (indent + 4) + render(
        param.with_changes(comma=cst.MaybeSentinel.DEFAULT)
    )
    if len(line) + 1 <= line_length:  # + the comma after it
        return param
    elements = [e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in sub.slice]
    inner = ", ".join(render(e.slice) for e in elements)
    if indent + 8 + len(inner) <= line_length:
        last = elements[-1]
        elements = [
            e
            if e is last
            else e.with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            for e in elements
        ]
        closing = newline("    ")
    else:
        last = elements[-1]
        elements = [
            _split_long_element(
                e.with_changes(
                    comma=cst.Comma(
                        whitespace_after=newline("    " if e is last else "        ")
                    )
                ),
                indent + 8,
                newline,
                line_length,
                base=indent,
            )
            for e in elements
        ]
        closing = cst.SimpleWhitespace("")
    split = sub.with_changes(
        lbracket=cst.LeftSquareBracket(whitespace_after=newline("        ")),
        slice=elements,
        rbracket=cst.RightSquareBracket(whitespace_before=closing),
    )
    return param.with_changes(
        annotation=param.annotation.with_changes(annotation=split)
    )


def _split_long_element(element, indent: int, newline, line_length: int, base: int = 0):
    """A subscript ``element`` on its own line at column ``indent`` (a comma after
    it): an ``Elicit(...)`` call split by :func:`_split_long_call`; another
    expression longer than the line (``Literal[...] | None``,
    ``ElicitationResult[Schema]``) laid out by :func:`lay` as ruff lays out an
    element of a split subscript; ``base``: the ``def``'s column."""
    value = element.slice.value if isinstance(element.slice, cst.Index) else None
    if value is None or isinstance(value, cst.Call):
        return _split_long_call(element, indent, newline, line_length, base)
    lines = lay(value, indent - base, line_length - base, "", ",", flat=False)
    if len(lines) == 1:
        return element
    text = "\n".join(lines)[indent - base : -1]
    # parsed inside brackets: a line break before ``| None`` is only valid there
    holder = cst.parse_expression(f"_[{text}]")
    assert isinstance(holder, cst.Subscript)
    return element.with_changes(slice=holder.slice[0].slice)


def _split_long_call(element, indent: int, newline, line_length: int, base: int = 0):
    """A subscript ``element`` (on its own line at column ``indent``, a comma after
    it) whose ``Elicit(...)`` call is longer than the line, split inside its
    parentheses as ruff format does: the arguments on one line of their own when
    they fit there, else one per line with a trailing comma; an argument that
    spans lines keeps its inner layout, moved to the argument's new column
    (:func:`_moved`). A line still too long is left to the formatter. ``base``:
    the ``def``'s column, which libcst adds to every indented line of its header
    (``newline`` takes the indentation past it)."""
    call = element.slice.value if isinstance(element.slice, cst.Index) else None
    render = cst.Module([]).code_for_node
    if not isinstance(call, cst.Call) or not call.args:
        return element
    if indent + len(render(call)) + 1 <= line_length:
        return element
    args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in call.args]
    texts = [render(a) for a in args]
    pad = " " * (indent - base)
    inner = ", ".join(texts)
    if "\n" not in inner and indent + 4 + len(inner) <= line_length:
        last = args[-1]
        args = [
            a.with_changes(whitespace_after_arg=newline(pad))
            if a is last
            else a.with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            for a in args
        ]
    else:
        last = args[-1]
        args = [
            _moved(a, text, indent + 4, base).with_changes(
                comma=cst.Comma(
                    whitespace_after=newline(pad if a is last else pad + "    ")
                )
            )
            for a, text in zip(args, texts)
        ]
    split = call.with_changes(whitespace_before_args=newline(pad + "    "), args=args)
    return element.with_changes(slice=element.slice.with_changes(value=split))


def _moved(arg: cst.Arg, text: str, column: int, base: int) -> cst.Arg:
    """``arg``, whose ``text`` spans lines at the original's absolute columns (the
    planner copies source segments), with every line after its first moved so
    that the line holding its end (a closing bracket, in ruff format's layout)
    starts at ``column``, where the argument itself now starts, and the inner
    lines keep their depth relative to it; ``base`` is the indentation libcst
    adds to each of them. An argument on one line comes back unchanged."""
    if "\n" not in text:
        return arg
    last = text.rsplit("\n", 1)[1]
    delta = column - (len(last) - len(last.lstrip(" ")))

    def moved(spaces: str) -> str:
        width = len(spaces) - len(spaces.lstrip(" "))
        return " " * max(0, width + delta - base) + spaces[width:]

    class Move(cst.CSTTransformer):
        def leave_ParenthesizedWhitespace(self, original, updated):
            if not updated.indent:
                return updated
            return updated.with_changes(
                last_line=cst.SimpleWhitespace(moved(updated.last_line.value))
            )

        def leave_EmptyLine(self, original, updated):
            if not updated.indent or updated.comment is None:
                return updated
            return updated.with_changes(
                whitespace=cst.SimpleWhitespace(moved(updated.whitespace.value))
            )

    return arg.visit(Move())
