"""``elicit-lint rule CODE`` / ``elicit-lint rule --all``: explain rules, as ``ruff rule``.

Options are ruff's: ``--all``, ``--output-format text|json``. An unknown code is
a usage error (exit 2), as in ruff. The text comes from
:mod:`elicit_lint.rules.explain` (rendered from the rule docstrings at run time).
"""

from __future__ import annotations

import argparse
import sys


def add_parser(sub, help: str) -> None:
    """Add the ``rule`` subcommand to the ``elicit-lint`` subparsers ``sub``
    (``help``: its line in ``elicit-lint --help``, the CLI's)."""
    rule = sub.add_parser("rule", help=help,
                          description="Explain a rule (or all rules).")
    which = rule.add_mutually_exclusive_group(required=True)
    which.add_argument("code", nargs="?", metavar="RULE", help="rule to explain (e.g. MCP001)")
    which.add_argument("--all", action="store_true", help="explain all rules")
    rule.add_argument("--output-format", choices=("text", "json"), default="text",
                      help="output format (default: text)")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Print the explanation; exit 0, or 2 (via ``parser.error``) for an unknown code."""
    from ..rules import ALL_RULES, RULES_BY_CODE
    from ..rules.explain import render

    if args.all:
        rules = list(ALL_RULES)
    elif args.code in RULES_BY_CODE:
        rules = [RULES_BY_CODE[args.code]]
    else:
        parser.error(f"invalid value {args.code!r} for 'RULE' (known rules: {', '.join(RULES_BY_CODE)})")
    sys.stdout.write(render(rules, args.output_format, many=args.all))
    sys.stdout.flush()
    return 0
