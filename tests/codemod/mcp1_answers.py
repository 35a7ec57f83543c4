"""Scripted answers to an elicitation's requested schema, the same under mcp 1.x
(tests/codemod/mcp1_runner.py, no other test import) and mcp 2 (test_mcp1_behaviour.py).

Actions: ``"accept"`` (ordinary values), ``"no"`` (the other choice, ``False``),
``"edge"`` (boundary values: ``0``, ``""``, ``-1.5``, the last choice).
"""

from __future__ import annotations

from typing import Any


def value(schema: dict[str, Any], action: str) -> Any:
    """A value for one property ``schema``."""
    last = action in ("no", "edge")
    if "enum" in schema:
        return schema["enum"][-1 if last else 0]
    for key in ("oneOf", "anyOf"):
        consts = [s["const"] for s in schema.get(key, []) if "const" in s]
        if consts:
            return consts[-1 if last else 0]
    kind = schema.get("type")
    if kind == "boolean":
        return action == "accept"
    if kind == "integer":
        return {"accept": 7, "no": 3}.get(action, 0)
    if kind == "number":
        return {"accept": 2.5, "no": 1.0}.get(action, -1.5)
    if kind == "array":
        return [value(schema.get("items", {}), action)]
    return {"accept": "Ada", "no": "Bob"}.get(action, "")


def content(schema: dict[str, Any] | None, action: str) -> dict[str, Any]:
    """The accepted content for a requested ``schema``."""
    return {k: value(v, action) for k, v in (schema or {}).get("properties", {}).items()}
