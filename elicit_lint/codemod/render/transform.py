"""Applies a :class:`.plan.ModulePlan` to source text with libcst (lossless).

Only this module (and :mod:`.imports`) imports libcst, and only when a file has
something to rewrite. Nodes are matched to the planner's ``ast`` nodes by
position (libcst's ``PositionProvider``: 1-based rows, 0-based character
columns, parentheses excluded, which is also what ``ast`` spans cover).

Per tool: the questions' statements are removed (a backfill ``if`` becomes
``x = x_answer``), outcome tests and ``.data`` reads are replaced, ``match``
statements become ``if``/``else``, the new parameters are appended (keyword-only
when positional order would be invalid), an unused context parameter is
dropped, ``@declared_elicitation`` goes right under the tool decorator (runtime
target only), and generated resolvers and hoisted classes are placed just above
the tool, in the same block.

Layout of the body: a removed statement takes the blank lines below it along
(the statement after a run of removed ones gets the blank lines that stood above
the run: the author's gap is kept, no gap is added). Its comments stay where it
was, as own-line comments: those above it, and its trailing comment
(``x = await ctx.elicit(...)  # the user's name``) turned into an own-line
comment, which keeps it in the body next to the code that reads the answer; a
tool-directive trailing comment (:data:`.comments.PRAGMA`: ``# noqa``, ``# type: ...``)
is dropped with its line. A replaced statement (a backfill) keeps its trailing
comment on the replacement.
"""

from __future__ import annotations

import ast
from bisect import bisect_right
from itertools import accumulate

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from ...analysis.plan import FunctionPlan, ModulePlan
from .comments import inner_comments, trailing_comment
from .cstutil import param_node, split_blank
from .inner import drop_inner_asks
from .sections import project_of
from .signature import wrap_generated, wrap_signature

_CST_TYPES = {
    ast.Name: cst.Name,
    ast.Attribute: cst.Attribute,
    ast.Compare: cst.Comparison,
    ast.Call: cst.Call,
    ast.Subscript: cst.Subscript,
    ast.UnaryOp: cst.UnaryOperation,
}


def _key(lines, node: ast.AST) -> tuple[int, int, int, int]:
    span = lines.span(node)
    return (span.start.row, span.start.column - 1, span.end.row, span.end.column - 1)






def _rows(node: ast.AST) -> tuple[int, int]:
    """``node``'s first and last rows, decorators included."""
    first = min([d.lineno for d in getattr(node, "decorator_list", ())] + [node.lineno])
    return first, node.end_lineno or node.lineno


class _Rewriter(cst.CSTTransformer):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, model, plan: ModulePlan, decorator: str | None):
        super().__init__()
        self.lines = model.lines
        self.decorator = decorator
        self.line_length = project_of(model.filename).line_length
        self.functions: dict[int, FunctionPlan] = {
            f.function.node.lineno: f for f in plan.functions
        }
        self.replacements: dict[tuple, tuple[type, str]] = {}
        self.matches: dict[int, object] = {}
        for f in plan.functions:
            for node, text in f.replacements.items():
                self.replacements[_key(self.lines, node)] = (
                    _CST_TYPES.get(type(node), cst.CSTNode),
                    text,
                )
            for m in f.matches:
                self.matches[m.node.lineno] = m
        self.insert_before: dict[int, list[cst.BaseStatement]] = {}
        self.drop_nested = {
            (a.lineno, a.col_offset) for f in plan.functions for a in f.drop_nested
        }
        self.inner_asks = {  # asked first in an `if` block that stays (analysis.guarded)
            (a.placement.inner.lineno, a.placement.inner.col_offset)
            for f in plan.functions
            for a in f.asks
            if a.placement.inner is not None
        }
        edited: list[ast.AST] = [f.function.node for f in plan.functions]
        for f in plan.functions:
            edited.extend(f.replacements)  # may lie outside the tool (an SDK resolver)
            edited.extend(m.node for m in f.matches)
            edited.extend(f.drop_nested)
        spans = sorted(_rows(node) for node in edited)
        self._starts = [start for start, _end in spans]
        self._reach = list(accumulate((end for _start, end in spans), max))
        """First rows of everything the plan edits, sorted, and the furthest last
        row among the first ``i + 1`` of them: :meth:`on_visit` asks whether a
        statement overlaps an edit in ``O(log n)``."""

    def _pos(self, node: cst.CSTNode):
        return self.get_metadata(PositionProvider, node)

    def on_visit(self, node):
        # every edit lies inside a planned function: a statement overlapping none
        # is not descended into, so a rewrite costs little per unrelated line
        if isinstance(node, cst.BaseStatement):
            pos = self._pos(node)
            i = bisect_right(self._starts, pos.end.line) - 1
            if i < 0 or self._reach[i] < pos.start.line:
                return False
        return super().on_visit(node)

    # -- expressions ---------------------------------------------------------
    def on_leave(self, original_node, updated_node):
        if isinstance(original_node, cst.BaseExpression) and self.replacements:
            pos = self._pos(original_node)
            found = self.replacements.get(
                (pos.start.line, pos.start.column, pos.end.line, pos.end.column)
            )
            if found is not None and isinstance(original_node, found[0]):
                new = cst.parse_expression(found[1])
                if updated_node.lpar and not new.lpar:
                    new = new.with_changes(
                        lpar=updated_node.lpar, rpar=updated_node.rpar
                    )
                return new
        return super().on_leave(original_node, updated_node)

    def leave_SimpleStatementLine(self, original_node, updated_node):
        """Drop a planned nested statement (``FunctionPlan.drop_nested``: an
        ``assert`` repeating its ``if``, an ``x = x``), unless a comment sits on it."""
        if self._dropped(original_node):
            return cst.RemoveFromParent()
        return updated_node

    def _dropped(self, node) -> bool:
        """``node`` (an original statement) is a planned nested statement to drop."""
        if not isinstance(node, cst.SimpleStatementLine):
            return False
        pos = self._pos(node)
        return (
            (pos.start.line, pos.start.column) in self.drop_nested
            and len(node.body) == 1
            and isinstance(node.body[0], (cst.Assert, cst.Assign))
            and node.trailing_whitespace.comment is None
            and not any(e.comment for e in node.leading_lines)
        )

    def leave_Match(self, original_node: cst.Match, updated_node: cst.Match):
        plan = self.matches.get(self._pos(original_node).start.line)
        if plan is None:
            return updated_node
        cases = updated_node.cases
        test = plan.accept_test
        if plan.accept_case is None:
            test = f"not ({test})"
            body, other = cases[plan.other_case].body, None
        else:
            body = cases[plan.accept_case].body
            other = cases[plan.other_case].body if plan.other_case is not None else None
            if plan.capture and plan.capture != plan.param:
                assign = cst.parse_statement(f"{plan.capture} = {plan.param}\n")
                body = body.with_changes(body=[assign, *body.body])
        return cst.If(
            test=cst.parse_expression(test),
            body=body,
            orelse=cst.Else(body=other) if other is not None else None,
            leading_lines=updated_node.leading_lines,
        )

    # -- functions -----------------------------------------------------------
    def leave_FunctionDef(
        self, original_node: cst.FunctionDef, updated_node: cst.FunctionDef
    ):
        plan = self.functions.get(self._pos(original_node.name).start.line)
        if plan is None:
            return updated_node
        node = plan.function.node
        removed = {
            a.placement.statement.lineno: a for a in plan.asks if a.placement.inner is None
        }
        hoisted = {c.lineno for c in plan.hoist}
        body: list[cst.BaseStatement] = []
        dropped = {stmt.lineno for stmt in plan.drop_statements}
        moved: list[cst.BaseStatement] = []
        # leading lines for the statement after a run of removed ones: the first
        # removed statement's blank lines (the author's gap above the run), then
        # the comments of the run (own-line comments, trailing comments made own-line)
        carried: list[cst.EmptyLine] | None = None

        def carry(stmt: cst.BaseStatement, with_comments: bool) -> None:
            nonlocal carried
            blank, rest = split_blank(stmt.leading_lines)
            if carried is None:
                carried = blank
            elif with_comments and rest:
                carried += blank
            if with_comments:
                carried += rest
                carried += inner_comments(stmt)
                trailing = trailing_comment(stmt)
                if trailing is not None:
                    carried.append(cst.EmptyLine(comment=trailing))

        def lead(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
            nonlocal carried
            if carried is None:
                return list(stmt.leading_lines)
            rest = split_blank(stmt.leading_lines)[1]
            lines, carried = [*carried, *rest], None
            return lines

        kept = [o for o in original_node.body.body if not self._dropped(o)]
        for orig, new in zip(kept, updated_node.body.body, strict=True):
            if (
                isinstance(orig, cst.ClassDef)
                and self._pos(orig.name).start.line in hoisted
            ):
                carry(new, with_comments=False)  # its comments move with it
                moved.append(new)
                continue
            line = self._pos(orig).start.line
            ask = removed.get(line)
            if line in dropped or (ask is not None and not ask.replacement):
                carry(new, with_comments=True)
                continue
            if ask is not None:
                stmt = cst.parse_statement(ask.replacement + "\n")
                trailing = trailing_comment(new)
                if trailing is not None and isinstance(stmt, cst.SimpleStatementLine):
                    stmt = stmt.with_changes(
                        trailing_whitespace=cst.TrailingWhitespace(
                            whitespace=cst.SimpleWhitespace("  "), comment=trailing
                        )
                    )
                inner = inner_comments(new)
                body.append(stmt.with_changes(leading_lines=[*lead(new), *inner]))
                continue
            body.append(new.with_changes(leading_lines=lead(new)))
        comments = [e for e in carried or [] if e.comment is not None]
        footer = list(updated_node.body.footer)
        if not body:
            body = [cst.parse_statement("pass\n").with_changes(leading_lines=comments)]
        elif carried is not None:  # removed statements ended the body
            footer = [*comments, *footer]
        depth = (
            2
            if plan.function.scope.parent is not None
            and plan.function.scope.parent.kind == "module"
            else 1
        )
        # ``indent=False``: an indented empty line would be whitespace-only (W293)
        blank = [cst.EmptyLine(indent=False)] * depth
        inserts: list[cst.BaseStatement] = [
            c.with_changes(
                leading_lines=[*blank, *(e for e in c.leading_lines if e.comment)]
            )
            for c in moved
        ]
        for ask in plan.asks:
            if ask.resolver is not None:
                stmt = wrap_generated(
                    cst.parse_statement(ask.resolver.source()),
                    node.col_offset,
                    self.line_length,
                )
                inserts.append(stmt.with_changes(leading_lines=blank))
        params = self._params(updated_node.params, plan)
        decorators = self._decorators(updated_node.decorators, plan, node)
        result = updated_node.with_changes(
            body=updated_node.body.with_changes(body=body, footer=footer),
            params=params,
            decorators=decorators,
        )
        result = wrap_signature(result, node, self.line_length)
        if inserts:
            self.insert_before[id(result)] = inserts
        return result

    def _params(self, params: cst.Parameters, plan: FunctionPlan) -> cst.Parameters:
        def keep(p: cst.Param) -> bool:
            return p.name.value != plan.drop_param

        def default(p: cst.Param) -> cst.Param:
            text = plan.defaults.get(p.name.value)
            if text is None:
                return p
            return p.with_changes(
                default=cst.parse_expression(text),
                equal=cst.AssignEqual(
                    whitespace_before=cst.SimpleWhitespace(" "),
                    whitespace_after=cst.SimpleWhitespace(" "),
                ),
            )

        positional = [default(p) for p in params.params if keep(p)]
        posonly = [default(p) for p in params.posonly_params if keep(p)]
        kwonly = [default(p) for p in params.kwonly_params if keep(p)]
        new = [
            param_node(
                f"{a.param}: {a.annotation}" + (f" = {a.default}" if a.default else "")
            )
            for a in plan.asks
        ]
        defaults = [p.default is not None for p in (*posonly, *positional)] + [
            p.default is not None for p in new
        ]
        ordered = all(d or not any(defaults[:i]) for i, d in enumerate(defaults))
        star = params.star_arg
        if (
            ordered
            and not kwonly
            and not isinstance(star, (cst.Param, cst.ParamStar))
            and params.star_kwarg is None
        ):
            positional = [*positional, *new]
        else:
            kwonly = [*kwonly, *new]
            if not isinstance(star, (cst.Param, cst.ParamStar)):
                star = cst.ParamStar()
        if (
            positional
            and not kwonly
            and params.star_kwarg is None
            and not isinstance(star, (cst.Param, cst.ParamStar))
        ):
            positional[-1] = (
                positional[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                if not isinstance(positional[-1].comma, cst.Comma)
                else positional[-1]
            )
        return params.with_changes(
            params=positional,
            posonly_params=posonly,
            kwonly_params=kwonly,
            star_arg=star,
        )

    def _decorators(self, decorators, plan: FunctionPlan, node) -> list[cst.Decorator]:
        if self.decorator is None:
            return list(decorators)
        if any(
            isinstance(d.decorator, cst.Name) and d.decorator.value == self.decorator
            for d in decorators
        ):
            return list(decorators)
        ours = cst.Decorator(decorator=cst.Name(self.decorator))
        index = len(decorators)
        for reg in plan.function.registrations:
            if reg.component == "tool" and reg.node in node.decorator_list:
                index = node.decorator_list.index(reg.node) + 1
                break
        return [*decorators[:index], ours, *decorators[index:]]

    leave_AsyncFunctionDef = (
        leave_FunctionDef  # libcst has one FunctionDef node for both
    )

    # -- blocks: place resolvers and hoisted classes above their tool --------
    def _insert(self, statements):
        """``statements`` with each tool's resolvers and hoisted classes above it.

        Each inserted definition has blank lines above it (two at module level,
        one nested); at the start of a block it has none (a block does not open
        with a blank line), and the tool then gets the blank lines it lacked, so
        the definitions above it stay apart from it (pycodestyle E302/E306)."""
        out = []
        for stmt in statements:
            inserts = self.insert_before.pop(id(stmt), [])
            if inserts:
                blank = split_blank(inserts[0].leading_lines)[0]
                if not out:
                    rest = split_blank(inserts[0].leading_lines)[1]
                    inserts = [
                        inserts[0].with_changes(leading_lines=rest),
                        *inserts[1:],
                    ]
                if not split_blank(stmt.leading_lines)[0]:
                    stmt = stmt.with_changes(
                        leading_lines=[*blank, *stmt.leading_lines]
                    )
            out.extend(inserts)
            out.append(stmt)
        return out

    def leave_IndentedBlock(self, original_node, updated_node):
        if self.inner_asks:
            updated_node = drop_inner_asks(
                self._pos, self.inner_asks, original_node, updated_node, self._dropped
            )
        if not self.insert_before:
            return updated_node
        return updated_node.with_changes(body=self._insert(updated_node.body))

    def leave_Module(self, original_node, updated_node):
        if not self.insert_before:
            return updated_node
        return updated_node.with_changes(body=self._insert(updated_node.body))


def rewrite(model, plan: ModulePlan, target: str = "elicit_lint.runtime") -> str:
    """The module's new text (``\\n`` line ends), with ``plan`` applied and imports fixed.

    ``model.source`` must be the ``\\n``-normalised text the model was built from.
    Raises ``libcst.ParserSyntaxError`` when libcst cannot parse it.
    """
    from .aliases import add_aliases
    from .imports import fix_imports

    module = cst.parse_module(model.source)
    decorator = "declared_elicitation" if target == "elicit_lint.runtime" else None
    # no defensive deep copy: ``module`` was just parsed and is not used again
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    rewritten = wrapper.visit(_Rewriter(model, plan, decorator))
    fixed = fix_imports(rewritten, model, plan, target)
    return add_aliases(fixed, plan.aliases).code
