"""Layout of the code the codemod generates (a resolver ``def``, parsed from text
on one line), as ruff format would lay it out (libcst)."""

from __future__ import annotations

import ast

import libcst as cst

from .signature import MAX_LINE, lay, newline, operands, wrap_signature


def wrap_generated(stmt: cst.BaseStatement, column: int, line_length: int = MAX_LINE):
    """A generated ``def`` (a resolver, parsed from text on one line) to be placed
    at ``column``, laid out as :func:`wrap_signature` lays out a tool's; any
    other statement comes back unchanged."""
    if not isinstance(stmt, cst.FunctionDef):
        return stmt
    node = ast.parse(cst.Module([]).code_for_node(stmt)).body[0]
    node.col_offset = column
    return _wrap_return(
        wrap_signature(_lay_question(stmt), node, line_length), column, line_length
    )


def _wrap_return(fn: cst.FunctionDef, column: int, line_length: int):
    """``fn`` (a generated resolver, its parameters already laid out) with a return
    annotation that makes the header's last line longer than ``line_length``
    laid out as ruff format does: a union (``T | Elicit[T]``) in parentheses of
    its own, ``) -> (``, on one line there when it fits, else one operand per
    line led by ``|``; a subscript split inside its brackets (:func:`_lay`).
    ``column``: where the ``def`` starts. Returns a new statement parsed at
    column 0 (libcst adds the enclosing block's indentation when it is placed)."""
    if fn.returns is None:
        return fn
    render = cst.Module([]).code_for_node
    returns = render(fn.returns.annotation)
    header = render(
        fn.with_changes(
            body=cst.SimpleStatementSuite([cst.Pass()]),
            decorators=[],
            leading_lines=[],
        )
    )
    suffix = f" -> {returns}: pass\n"
    last = header.rsplit("\n", 2)[-2]
    if (
        "\n" in returns
        or not header.endswith(suffix)
        or column + len(last) - len(" pass") <= line_length
    ):
        return fn
    width = line_length - column
    start = header[: -len(suffix)]
    opening = start.rsplit("\n", 1)[-1] + " -> "
    ann = fn.returns.annotation
    if operands(ann) is None and isinstance(ann, cst.Subscript):
        lines = lay(ann, 0, width, "", ":", first=len(opening))
    else:
        lines = ["(", *lay(ann, 4, width, "", ""), "):"]
    code = render(fn.with_changes(decorators=[], leading_lines=[]))
    full_header = header[: -len(" pass\n")]
    if not code.startswith(full_header):
        return fn
    text = start + " -> " + "\n".join(lines) + code[len(full_header) :]
    return cst.parse_statement(text).with_changes(
        decorators=fn.decorators, leading_lines=fn.leading_lines
    )


def _lay_question(fn: cst.FunctionDef) -> cst.FunctionDef:
    """``fn`` with each ``return Elicit(...)`` whose arguments the planner copied
    over several lines (an implicit concatenation of string literals, as a
    question is often written) laid out as ruff format lays out such a call:
    the arguments on lines of their own, one level deeper than the ``return``,
    each part of a concatenation on its own line; a trailing comma after the
    last argument unless a lone concatenation fills the parentheses. A call
    whose split arguments are not all concatenations keeps its layout."""

    def parts(node: cst.ConcatenatedString) -> cst.ConcatenatedString:
        right = node.right
        if isinstance(right, cst.ConcatenatedString):
            right = parts(right)
        return node.with_changes(whitespace_between=newline("    "), right=right)

    class Lay(cst.CSTTransformer):
        def leave_Return(self, original, updated):
            call = updated.value
            render = cst.Module([]).code_for_node
            if not (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Name)
                and call.func.value == "Elicit"
                and "\n" in render(call)
            ):
                return updated
            args = list(call.args)
            for arg in args:
                text = render(arg.with_changes(comma=cst.MaybeSentinel.DEFAULT))
                if "\n" in text and not isinstance(arg.value, cst.ConcatenatedString):
                    return updated
            lone = len(args) == 1 and isinstance(args[0].value, cst.ConcatenatedString)
            laid = []
            for i, arg in enumerate(args):
                value = arg.value
                if isinstance(value, cst.ConcatenatedString):
                    value = parts(value)
                last = i == len(args) - 1
                comma = (
                    cst.MaybeSentinel.DEFAULT
                    if last and lone
                    else cst.Comma(whitespace_after=newline("" if last else "    "))
                )
                laid.append(
                    arg.with_changes(
                        value=value,
                        comma=comma,
                        whitespace_after_arg=newline("")
                        if last and lone
                        else cst.SimpleWhitespace(""),
                    )
                )
            return updated.with_changes(
                value=call.with_changes(
                    whitespace_before_args=newline("    "), args=laid
                )
            )

    return fn.visit(Lay())
