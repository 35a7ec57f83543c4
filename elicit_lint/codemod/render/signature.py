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

    def newline(indent: str) -> cst.ParenthesizedWhitespace:
        return cst.ParenthesizedWhitespace(
            first_line=cst.TrailingWhitespace(),
            indent=True,
            last_line=cst.SimpleWhitespace(indent),
        )

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
        after = newline("") if item is last else newline("    ")
        changed = item.with_changes(comma=cst.Comma(whitespace_after=after))
        replaced[id(item)] = _split_long_annotation(
            changed, node.col_offset, newline, line_length
        )
    new_params = params.with_changes(
        posonly_params=[replaced[id(p)] for p in groups["posonly_params"]],
        params=[replaced[id(p)] for p in groups["params"]],
        kwonly_params=[replaced[id(p)] for p in groups["kwonly_params"]],
        star_arg=replaced.get(id(star), star),
        star_kwarg=replaced.get(id(params.star_kwarg), params.star_kwarg),
    )
    return fn.with_changes(params=new_params, whitespace_before_params=newline("    "))


def wrap_generated(stmt: cst.BaseStatement, column: int, line_length: int = MAX_LINE):
    """A generated ``def`` (a resolver, parsed from text on one line) to be placed
    at ``column``, laid out as :func:`wrap_signature` lays out a tool's; any
    other statement comes back unchanged."""
    if not isinstance(stmt, cst.FunctionDef):
        return stmt
    node = ast.parse(cst.Module([]).code_for_node(stmt)).body[0]
    node.col_offset = column
    return wrap_signature(stmt, node, line_length)


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
            _split_long_call(
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
