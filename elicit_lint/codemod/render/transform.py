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

The body's layout (removed statements, their comments and blank lines) is
:mod:`.body`'s; parameters and decorators are :mod:`.params`'.
"""

from __future__ import annotations

import ast
from bisect import bisect_right
from itertools import accumulate

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from ...analysis.plan import FunctionPlan, ModulePlan
from ...core.isort_sections import project_of
from .body import new_body
from .comments import kept_comments
from .cstutil import split_blank
from .generated import wrap_generated
from .inner import drop_inner_asks
from .params import new_decorators, new_params
from .relayout import items_of, relaid
from .signature import wrap_signature

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
        # a planned drop directly in a tool's body is left to :func:`.body.new_body`
        # (which pairs the old and new body statements one to one)
        self.top_level = {
            (stmt.lineno, stmt.col_offset)
            for f in plan.functions
            for stmt in f.function.node.body
        }
        self.drop_top: set[int] = set()
        # comments the generated code keeps (a marker's verbatim argument): not
        # copied into the body as well
        self.kept = {
            f.function.node.lineno: kept_comments(
                text
                for a in f.asks
                for text in (
                    a.annotation,
                    a.resolver.source() if a.resolver is not None else None,
                )
            )
            for f in plan.functions
        }
        self.inner_asks = {  # asked first in an `if` block that stays (analysis.guarded)
            (a.placement.inner.lineno, a.placement.inner.col_offset): self.kept[
                f.function.node.lineno
            ]
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
        ``assert`` repeating its ``if``, an ``x = x``), unless a comment sits on it;
        one directly in the tool's body is only marked (``drop_top``, its row)."""
        if self._dropped(original_node):
            pos = self._pos(original_node)
            if (pos.start.line, pos.start.column) in self.top_level:
                self.drop_top.add(pos.start.line)
                return updated_node
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

    def _removed(self, node) -> bool:
        """``node`` (an original statement) was removed from its block by
        :meth:`leave_SimpleStatementLine` (a dropped statement not directly in the
        tool's body: those are only marked)."""
        if not self._dropped(node):
            return False
        pos = self._pos(node)
        return (pos.start.line, pos.start.column) not in self.top_level

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
        body, footer, moved = new_body(
            self._pos,
            plan,
            original_node,
            updated_node,
            self.kept[node.lineno],
            self.drop_top,
        )
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
        params = new_params(updated_node.params, plan)
        decorators = new_decorators(updated_node.decorators, plan, node, self.decorator)
        result = updated_node.with_changes(
            body=updated_node.body.with_changes(body=body, footer=footer),
            params=params,
            decorators=decorators,
        )
        laid = None
        if isinstance(
            updated_node.whitespace_before_params, cst.ParenthesizedWhitespace
        ):
            # the author's split signature, laid out again as ruff format would
            before = items_of(updated_node.params)
            magic = bool(before) and isinstance(before[-1].comma, cst.Comma)
            laid = relaid(result, node.col_offset, self.line_length, magic, True)
        result = laid or wrap_signature(result, node, self.line_length)
        if inserts:
            self.insert_before[id(result)] = inserts
        return result

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
                self._pos, self.inner_asks, original_node, updated_node, self._removed
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
    line_length = project_of(model.filename).line_length
    return add_aliases(fixed, plan.aliases, line_length).code
