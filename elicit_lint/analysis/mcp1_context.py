"""The ``Context`` parameters of an mcp 1.x module, read for MCP017's rename (:mod:`.mcp1`):
each use must mean the same on mcp 2 (the allow-list: :data:`.mcp1_allowed.CONTEXT_CALLS`).
Standard library only.
"""

from __future__ import annotations

import ast

from .mcp1_allowed import CONTEXT_CALLS
from .mcp1_edits import refuse


def elsewhere(context: str, helper: str) -> str:
    """MCP017's reason when a ``Context`` is passed to ``helper``, a function another
    module defines (MCP017 reads a ``Context`` through the module's own functions only)."""
    return (
        f"`{context}` passed to `{helper}`, a function imported from another module: the "
        "rename reads a `Context` only through this module's own functions; move "
        f"`{helper}` into this module"
    )


class ContextUses:
    """The reader's ``Context`` checks (mixed into :class:`.mcp1._Reader`, whose
    ``parents``, ``functions`` and ``context_names`` they read)."""

    parents: dict[int, ast.AST]
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    context_names: set[str]
    imported: set[str]  # names a top-level `from ... import` binds

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        contexts = {
            a.arg
            for a in args.posonlyargs + args.args + args.kwonlyargs
            if a.annotation is not None and self.is_context(a.annotation)
        }
        if not contexts:
            return
        for use in ast.walk(node):
            if isinstance(use, ast.Name) and use.id in contexts and isinstance(use.ctx, ast.Load):
                self.context_use(use)

    def is_context(self, annotation: ast.AST) -> bool:
        if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            return self.is_context(annotation.left) or self.is_context(annotation.right)
        if isinstance(annotation, ast.Subscript) and isinstance(annotation.value, ast.Name):
            if annotation.value.id in ("Optional", "Union"):
                inner = annotation.slice
                parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
                return any(self.is_context(p) for p in parts)
            annotation = annotation.value
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:  # `ctx: "Context"`: read as written without quotes (closing9)
                return self.is_context(ast.parse(annotation.value, mode="eval").body)
            except SyntaxError:
                return False
        return isinstance(annotation, ast.Name) and annotation.id in self.context_names

    def tested(self, node: ast.Name) -> bool:
        """``if ctx:``, ``not ctx``, ``ctx is None``: the same on both (a model
        instance is always true)."""
        parent = self.parents.get(id(node))
        if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and parent.test is node:
            return True
        if isinstance(parent, (ast.BoolOp, ast.Assert)) or (
            isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)
        ):
            return True
        return (
            isinstance(parent, ast.Compare)
            and all(isinstance(op, (ast.Is, ast.IsNot)) for op in parent.ops)
            and all(isinstance(c, ast.Constant) and c.value is None for c in parent.comparators)
        )

    def context_use(self, node: ast.Name) -> None:
        parent = self.parents.get(id(node))
        if isinstance(parent, ast.Call) and node in parent.args and isinstance(parent.func, ast.Name):
            helper = self.functions.get(parent.func.id)
            if helper is not None and any(
                a.annotation is not None and self.is_context(a.annotation)
                for a in helper.args.posonlyargs + helper.args.args + helper.args.kwonlyargs
            ):
                return  # the helper's own `Context` parameter is read on its own
        if self.tested(node):
            return
        call = self.parents.get(id(parent)) if isinstance(parent, ast.keyword) else parent
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in self.imported
        ):  # closing9: a helper of another module (the batch's inlining is FastMCP's only)
            refused = refuse(node, elsewhere(node.id, call.func.id))
            refused.helper = (node.id, call.func.id, node.lineno)
            raise refused
        if not isinstance(parent, ast.Attribute):
            raise refuse(node, f"`{node.id}` passed or used other than through its methods")
        attr = parent.attr
        above = self.parents.get(id(parent))
        if attr == "request_id":
            return
        if attr == "request_context":
            if isinstance(above, ast.Attribute) and above.attr == "lifespan_context":
                return
            raise refuse(node, f"`{node.id}.request_context` read for other than `lifespan_context`")
        shape = CONTEXT_CALLS.get(attr)
        if shape is None or not (isinstance(above, ast.Call) and above.func is parent):
            raise refuse(node, f"`{node.id}.{attr}`: changed or removed in mcp 2")
        fewest, most, keywords = shape
        given = {k.arg for k in above.keywords}
        if (
            any(isinstance(a, ast.Starred) for a in above.args)
            or None in given
            or not given <= keywords
            or not fewest <= len(above.args) <= most
        ):
            raise refuse(above, f"`{node.id}.{attr}(...)` with arguments whose meaning mcp 2 changed")
