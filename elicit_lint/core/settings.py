"""Settings the rules read (not the file/selection configuration: see ``config``).

Kept in a tiny stdlib-only record (a named tuple: no ``dataclasses`` import,
whose ``inspect`` costs a clean-file run a few milliseconds) so that the check path and the flake8 plugin
can build it without importing pydantic.
"""

from __future__ import annotations

import argparse
from collections import namedtuple

DEFAULT_MAX_ROUNDS = 10
"""``fastmcp.Client``'s default ``input_required_max_rounds`` (fastmcp 4.2.3)."""

DEFAULT_RUNTIME_MODULE = "elicit_lint.runtime"
RUNTIME_MODULES = ("elicit_lint.runtime", "fastmcp.elicitation")


class RuleSettings(namedtuple("RuleSettings", "max_rounds runtime_module ignore_noqa upgrade_mcp1",
                               defaults=(DEFAULT_MAX_ROUNDS, DEFAULT_RUNTIME_MODULE, False, False))):
    """Per-run knobs for rules.

    ``max_rounds``: the most elicitation rounds a client allows (MCP010);
    ``runtime_module``: config ``runtime-module``, where ``Elicit`` is imported from
    in rewritten code: ``elicit_lint.runtime`` or ``fastmcp.elicitation`` (the
    values of ``elicit-migrate --target``, whose default it is). MCP001, MCP013
    and MCP014 state the codemod's verdict for this target (which module-level
    names a rewrite would shadow depends on it); ``ignore_noqa``: ruff's
    ``--ignore-noqa``, the checker keeps the findings a ``# noqa`` or file-level
    directive would suppress (no rule reads it, and the codemod still honours
    ``# noqa``: here so that the results cache keys on it); ``upgrade_mcp1``:
    config ``upgrade-mcp1`` (``elicit-migrate --upgrade-mcp1``'s default), so that
    MCP001 states the verdict ``elicit-migrate`` reaches on an mcp 1.x module
    under the same configuration.
    """

    __slots__ = ()


class FixPolicy(namedtuple("FixPolicy", "layers safe unsafe unseen", defaults=((), (), (), None))):
    """ruff's fix settings for one configuration (``elicit_lint.checker.fixes.settle``).

    ``layers``: ``selection.Layer`` records whose ``select``/``extend_select``/``ignore``
    are ``fixable``/``extend-fixable``/``unfixable`` (the file's, then the command
    line's ``--fixable``/``--extend-fixable``/``--unfixable``), resolved as rule
    selection is (the more specific selector wins, ``unfixable`` on a tie); a rule
    they leave out has its fix dropped. ``safe``/``unsafe``: ``extend-safe-fixes``/
    ``extend-unsafe-fixes`` selectors, which turn an unsafe fix safe or a safe one
    unsafe (the more specific wins, unsafe on a tie; display-only fixes stay so).
    Semantics checked against ruff 0.17.6 (``tests/checker/test_fix_settings.py``).
    ``unseen``: the project's files outside the run (``elicit_lint.workspace.unseen.Unseen``),
    asked by a fix whose diagnostic names a function in ``extra["direct_callers"]``
    (MCP019): such a safe fix is unsafe when a file the run did not check mentions
    the function; ``None``: nothing is outside.
    """

    __slots__ = ()


def positive_int(value: str) -> int:
    """argparse ``type=`` for a count of at least 1 (``--max-rounds`` of both
    ``elicit-lint check`` and ``elicit-migrate``, flake8's ``--mcp-max-rounds``);
    raises ``argparse.ArgumentTypeError``, a usage error."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value!r}")
    return number
