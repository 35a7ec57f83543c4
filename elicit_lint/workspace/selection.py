"""Which rule codes are enabled: ruff's selection semantics over ``MCP`` codes.

A selector is ``ALL`` or a prefix of a code (``MCP``, ``MCP0``, ``MCP00``,
``MCP001``). Selection is resolved in layers (configuration file, then command
line), as ruff does (https://docs.astral.sh/ruff/linter/#rule-selection):

- a layer's ``select`` replaces what earlier layers enabled; ``extend-select``
  adds to it; ``ignore`` removes from it;
- inside a layer, a more specific selector wins over a less specific one, and at
  equal specificity ``ignore`` wins over ``select``
  (``select = ["MCP001"]`` with ``ignore = ["MCP"]`` keeps MCP001).

The default, before any layer, is every rule (``select = ["MCP"]``).
"""

from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Iterable, Sequence

SELECTOR = re.compile(r"^(ALL|MCP[0-9]{0,3})$")
DEFAULT_SELECT = ("MCP",)


def is_selector(value: str) -> bool:
    """Is ``value`` a valid selector (``ALL`` or a prefix of an ``MCP`` code)?"""
    return bool(SELECTOR.match(value))


def implemented_codes() -> tuple[str, ...]:
    """The codes of the rules that exist now (``elicit_lint.rules.ALL_RULES``).

    Imports the rule modules: call it only when there is a selector to check.
    """
    from ..rules import ALL_RULES

    return tuple(rule.code for rule in ALL_RULES)


def unknown_selectors(selectors: Iterable[str], codes: Iterable[str] | None = None) -> list[str]:
    """The selectors that select no implemented rule, as ruff rejects them.

    A selector is known when it is ``ALL`` or a prefix of at least one code in
    ``codes`` (default: :func:`implemented_codes`). A code that no rule has
    (``MCP099`` today) is unknown, as ruff treats a
    selector that matches no rule; an empty selector is unknown too (ruff:
    ``--select ''`` is "Unknown rule selector ``").
    """
    selectors = [s for s in selectors if s != "ALL"]
    if not selectors:
        return []
    known = tuple(codes) if codes is not None else implemented_codes()
    return [s for s in selectors if not (s and any(c.startswith(s) for c in known))]


def _specificity(selector: str) -> int:
    return 0 if selector == "ALL" else len(selector)


def _matches(selector: str, code: str) -> bool:
    return selector == "ALL" or code.startswith(selector)


class Layer(namedtuple("Layer", "select extend_select ignore", defaults=(None, (), ()))):
    """One source of selection: ``select`` (``None`` = keep), ``extend_select``, ``ignore``
    (a named tuple: hashable, and no ``dataclasses`` import on the check path)."""

    __slots__ = ()


def resolve(codes: Iterable[str], layers: Sequence[Layer]) -> frozenset[str]:
    """Return the subset of ``codes`` enabled after applying ``layers`` in order."""
    codes = list(codes)
    enabled = {c for c in codes if any(_matches(s, c) for s in DEFAULT_SELECT)}
    for layer in layers:
        if layer.select is not None:
            enabled = set()
        selects = list(layer.select or ()) + list(layer.extend_select)
        for code in codes:
            best_select = max(
                (_specificity(s) for s in selects if _matches(s, code)), default=-1
            )
            best_ignore = max(
                (_specificity(s) for s in layer.ignore if _matches(s, code)), default=-1
            )
            if best_select > best_ignore:
                enabled.add(code)
            elif best_ignore >= 0 and best_ignore >= best_select:
                enabled.discard(code)
    return frozenset(enabled)


def matching_specificity(selectors: Iterable[str], code: str) -> int:
    """The specificity of the most specific of ``selectors`` that matches ``code``
    (``ALL`` 0, ``MCP`` 3, ``MCP001`` 6), -1 when none does (ruff's fix-safety table)."""
    return max((_specificity(s) for s in selectors if _matches(s, code)), default=-1)


def code_matches_any(code: str, selectors: Iterable[str]) -> bool:
    """Does any selector (``ALL`` or prefix) match ``code``? Used by per-file-ignores."""
    return any(_matches(s, code) for s in selectors)
