"""Whether a module writes its own namespace by a route other than a binding.

``globals()["E"] = ...``, ``globals().update(...)``, ``vars()[...]``,
``setattr(sys.modules[__name__], "E", ...)`` or ``exec(...)`` rebind a module
name without a statement the scope walk sees as a binding, so no module-level
name (nor a builtin it could shadow) of such a module can be shown to hold one
value for the life of the process (:func:`.purity.fixed_name`). The test is
conservative: a namespace handed anywhere (``f(globals())``) or a handle on the
module itself (``sys.modules[__name__]``) counts as a write. Standard library only.
"""

from __future__ import annotations

import ast

_READS = frozenset({"get", "keys", "items", "values", "copy", "__contains__", "__getitem__"})
_WORDS = ("globals", "vars", "sys", "modules", "exec")


def writes_namespace(model) -> bool:
    """``model``'s module may rebind its names through ``globals()``, ``vars()``,
    ``sys.modules[__name__]`` or ``exec`` (module docstring). Cached on ``model``."""
    cached = getattr(model, "_writes_namespace", None)
    if cached is None:
        source = model.source
        cached = any(word in source for word in _WORDS) and _walk(model)
        try:
            model._writes_namespace = cached
        except AttributeError:  # a slotted model: recompute on each ask
            pass
    return cached


def _namespace_call(node: ast.AST) -> bool:
    """``globals()``, ``vars()`` (no argument: the caller's namespace) or
    ``vars(...)`` of a ``sys.modules`` entry."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return False
    if node.func.id == "globals":
        return True
    if node.func.id == "vars":
        return not node.args or any(_self_handle(n) for a in node.args for n in ast.walk(a))
    return False


def _self_handle(node: ast.AST) -> bool:
    """``sys.modules[...]`` (any entry: the module may be reaching itself)."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "modules"
    )


def _walk(model) -> bool:
    for node in ast.walk(model.tree):
        if _self_handle(node):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
            "exec", "setattr", "delattr"
        ) and (node.func.id == "exec" or node.args and _namespace_call(node.args[0])):
            return True
        if not _namespace_call(node):
            continue
        parent = model.parent(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            if isinstance(parent.ctx, ast.Load) and not isinstance(
                model.parent(parent), ast.AugAssign
            ):
                continue  # `globals()["E"]` read
            return True
        if isinstance(parent, ast.Attribute) and parent.value is node and parent.attr in _READS:
            continue
        if isinstance(parent, ast.Compare):
            continue  # `"E" in globals()`
        return True  # stored through, a writing method, or handed on
    return False
