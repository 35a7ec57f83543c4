"""The command line's argument parser (``elicit-lint check``, ``rule``, ``clean``):
options mirror ``ruff check`` where they mean the same; ``check`` builds only its
own sub-parser (docs/performance.md, the lean start). Standard library and this
package only."""

from __future__ import annotations

import argparse
import os
import sys

from .. import __version__
from ..core.settings import positive_int
from ..report import FORMATS
from ..workspace.selection import is_selector


def _selectors(value: str) -> tuple[str, ...]:
    # an empty item is kept: ``run_check`` rejects it as ruff does (``--select ''``)
    items = tuple(v.strip() for v in value.split(","))
    for item in items:
        if item and not is_selector(item):
            raise argparse.ArgumentTypeError(
                f"invalid rule selector {item!r} (expected ALL or a prefix of an MCP code, e.g. MCP001)"
            )
    return items


def _path(value: str) -> str:
    # '' would be read as the current directory ("Is a directory" for it as a file)
    if not value:
        raise argparse.ArgumentTypeError("empty path (name a file or directory, e.g. '.', or - for stdin)")
    return value


def _pattern_pairs(value: str) -> tuple[tuple[str, str], ...]:
    """``--per-file-ignores`` items: comma-separated ``PATTERN:SELECTOR`` pairs, each
    with exactly one ``:`` (ruff's ``PatternPrefixPair``; a selector that selects
    no rule is reported after parsing, as ruff does)."""
    pairs: list[tuple[str, str]] = []
    for item in value.split(","):
        parts = item.split(":")
        if len(parts) != 2 or not parts[0].strip() or not is_selector(parts[1].strip()):
            message = f"invalid value {item!r}: expected PATTERN:CODE (e.g. 'tests/*:MCP001')"
            if pairs and is_selector(item.strip()):
                # flake8's spelling `a/*:MCP001,MCP002`: ruff 0.17.6 refuses it too
                # ("Expected <FilePattern>:<RuleCode> pattern"); say its own form
                pattern, code = pairs[-1][0], item.strip()
                message += (f"; each comma-separated item is one PATTERN:CODE pair, as in ruff: "
                            f"write '{pattern}:{pairs[-1][1]},{pattern}:{code}' or repeat the flag")
            raise argparse.ArgumentTypeError(message)
        pairs.append((parts[0].strip(), parts[1].strip()))
    return tuple(pairs)


def _patterns(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


def _extend(parser: argparse.ArgumentParser, flag: str, kind, help: str) -> None:
    parser.add_argument(flag, type=kind, action="append", default=[], metavar="LIST", help=help)


def _terminal_width() -> int:
    """``shutil.get_terminal_size().columns`` without importing ``shutil`` (with
    ``bz2``, ``lzma`` and ``zlib``: a few ms of every start)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter; argparse builds one at every ``add_argument``
    (to check the metavar), and its own width lookup imports ``shutil``."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_width() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """``ArgumentParser`` with :class:`_Formatter` (sub-commands' parsers too)."""

    def __init__(self, *args, formatter_class=_Formatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)


COMMANDS = ("check", "rule", "clean")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser (``elicit-lint --help``).

    ``command`` (one of :data:`COMMANDS`): only that sub-command gets its
    arguments; the others are listed, with the same help, but empty, so a
    command line that starts with ``command`` parses exactly as with the full
    parser, without building (or importing) the rest. ``None``: all of them."""
    parser = _Parser(
        prog="elicit-lint",
        description="Find MCP elicitation code that breaks on modern (sessionless) clients.",
    )
    parser.add_argument("--version", action="version", version=f"elicit-lint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    check = sub.add_parser("check", help="check files and directories (default: .)")
    if command in (None, "check"):
        _check_arguments(check)
    if command in (None, "rule"):
        from . import rule_cmd

        rule_cmd.add_parser(sub, RULE_HELP)
    else:
        sub.add_parser("rule", help=RULE_HELP)
    _clean_parser(sub)
    parser.commands = sub.choices  # type: ignore[attr-defined]  # for errors in a command's words
    return parser


RULE_HELP = "explain a rule (or all rules)"


def _check_arguments(check: argparse.ArgumentParser) -> None:
    """The arguments of ``check``."""
    check.add_argument("paths", nargs="*", type=_path, metavar="PATH",
                       help="files or directories to check (default: .); - reads stdin")
    check.add_argument("--stdin-filename", metavar="NAME", default=None,
                       help="the name of the file read from stdin (with - or no PATH)")
    check.add_argument("--select", type=_selectors, action="append", default=None, metavar="LIST",
                       help="rule codes or prefixes to enable (replaces the configured set; e.g. "
                            "MCP,MCP001,ALL); repeated, the union, as in ruff")
    _extend(check, "--extend-select", _selectors, "rule codes or prefixes to enable in addition")
    _extend(check, "--ignore", _selectors, "rule codes or prefixes to disable")
    # ruff 0.17 still takes its deprecated --extend-ignore (hidden): --ignore's meaning
    check.add_argument("--extend-ignore", dest="ignore", type=_selectors, action="append",
                       help=argparse.SUPPRESS)
    check.add_argument("--output-format", choices=FORMATS, default=None,
                       help="output format (default: concise)")
    check.add_argument("--config", metavar="CONFIG_OPTION", action="append", default=[],
                       help="a configuration file (default: the nearest .elicit-lint.toml, "
                            "elicit-lint.toml or pyproject.toml with [tool.elicit-lint]), or a TOML "
                            "`KEY = VALUE` override of one setting (e.g. --config \"max-rounds = 3\"), over every configuration file")
    check.add_argument("-e", "--exit-zero", action="store_true",
                       help="exit 0 even when there are findings")
    check.add_argument("--fix", action="store_const", const=True, default=None,
                       help="apply safe fixes in place, then report what remains (the `fix` "
                            "setting); --no-fix turns it off")
    check.add_argument("--no-fix", dest="fix", action="store_const", const=False, help=argparse.SUPPRESS)
    check.add_argument("--fix-only", action="store_true",
                       help="apply fixes, but report no remaining finding and exit 0 for them "
                            "(implies --fix); --no-fix-only turns it off")
    check.add_argument("--no-fix-only", dest="fix_only", action="store_false", help=argparse.SUPPRESS)
    check.add_argument("--unsafe-fixes", action="store_const", const=True, default=None,
                       help="with --fix, apply unsafe fixes too (the `unsafe-fixes` setting); "
                            "--no-unsafe-fixes turns it off")
    check.add_argument("--no-unsafe-fixes", dest="unsafe_fixes", action="store_const", const=False,
                       help=argparse.SUPPRESS)
    check.add_argument("--fixable", type=_selectors, action="append", default=None, metavar="LIST",
                       help="rule codes or prefixes whose fixes may be applied (replaces the "
                            "`fixable` setting; default: ALL)")
    _extend(check, "--extend-fixable", _selectors, "rule codes or prefixes to make fixable in addition")
    _extend(check, "--unfixable", _selectors, "rule codes or prefixes whose fixes are never applied")
    # ruff 0.17's hidden --extend-unfixable: --unfixable's meaning
    check.add_argument("--extend-unfixable", dest="unfixable", type=_selectors, action="append",
                       help=argparse.SUPPRESS)
    check.add_argument("--per-file-ignores", type=_pattern_pairs, action="append", default=None,
                       metavar="PATTERN:CODE",
                       help="rules to ignore in the files a glob matches, relative to the current "
                            "directory (replaces the `per-file-ignores` setting); one code per "
                            "pair, pairs comma-separated or the flag repeated, as in ruff")
    _extend(check, "--extend-per-file-ignores", _pattern_pairs,
            "like --per-file-ignores, in addition to the `per-file-ignores` setting")
    check.add_argument("--ignore-noqa", action="store_true", help="ignore every `# noqa` comment")
    check.add_argument("--exclude", type=_patterns, action="append", default=None, metavar="LIST",
                       help="glob patterns to exclude (replaces the default excludes); repeated, "
                            "the union, as in ruff")
    _extend(check, "--extend-exclude", _patterns, "glob patterns to exclude in addition")
    check.add_argument("--force-exclude", action="store_const", const=True, default=None,
                       help="apply exclusions to files named on the command line too (the "
                            "`force-exclude` setting); --no-force-exclude turns it off")
    check.add_argument("--no-force-exclude", dest="force_exclude", action="store_const", const=False,
                       help=argparse.SUPPRESS)
    check.add_argument("--respect-gitignore", action="store_const", const=True, default=None,
                       help="skip the files .gitignore and .git/info/exclude ignore (the default; "
                            "the `respect-gitignore` setting); --no-respect-gitignore checks them")
    check.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_const",
                       const=False, help=argparse.SUPPRESS)
    check.add_argument("--isolated", action="store_true",
                       help="ignore every configuration file (--config KEY=VALUE still applies)")
    check.add_argument("--max-rounds", type=positive_int, default=None, metavar="N",
                       help="most elicitation rounds a client allows (default: 10)")
    _cache_arguments(check)
    check.add_argument("--statistics", action="store_true",
                       help="print the number of findings per rule instead of the findings")
    from . import ruff_flags

    ruff_flags.add_arguments(check)


def _cache_arguments(check: argparse.ArgumentParser) -> None:
    """``--no-cache`` and ``--cache-dir`` (ruff's; ``elicit_lint.core.cache``)."""
    check.add_argument("-n", "--no-cache", action="store_true",
                       help="neither read nor write the cache (results and validated configuration)")
    check.add_argument("--cache-dir", metavar="PATH", default=None,
                       help="the cache directory (default: $ELICIT_LINT_CACHE_DIR, the `cache-dir` "
                            "setting, else .elicit_lint_cache in the project root)")


ENVIRONMENT = (
    ("ELICIT_LINT_OUTPUT_FORMAT", "output_format"),
    ("ELICIT_LINT_OUTPUT_FILE", "output_file"),
    ("ELICIT_LINT_NO_CACHE", "no_cache"),
)
"""ruff's ``RUFF_OUTPUT_FORMAT``, ``RUFF_OUTPUT_FILE`` and ``RUFF_NO_CACHE`` under
elicit-lint's prefix (``ELICIT_LINT_CACHE_DIR`` is ``elicit_lint.core.cachedir``'s)."""

_FALSE = frozenset(("", "n", "no", "f", "false", "off", "0"))
"""clap's falsey values, which ruff's boolean environment variables take."""


def environment(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Fill ``check``'s options that the command line left unset from
    :data:`ENVIRONMENT`, as ruff does (the flag wins); a bad value is a usage error
    (``parser.error``, exit 2)."""
    for variable, dest in ENVIRONMENT:
        value = os.environ.get(variable)
        if value is None or getattr(args, dest, None) not in (None, False):
            continue
        if dest == "no_cache":
            args.no_cache = value.strip().lower() not in _FALSE
        elif dest == "output_format" and value not in FORMATS:
            parser.error(f"invalid value {value!r} in {variable} (choose from {', '.join(FORMATS)})")
        elif value:
            setattr(args, dest, value)


def _clean_parser(sub) -> None:
    sub.add_parser("clean", help="remove the cache directories of the current directory and below")
