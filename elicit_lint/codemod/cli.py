"""``elicit-migrate [PATHS...]``: the codemod's command line (issue 4).

Exit codes (ruff's meanings): 0 nothing to do, or everything done; 1 with
``--check``/``--diff`` when a file would change; 2 a file failed (does not parse,
unreadable or missing, mixed line ends, read-only, changed on disk; it wins over
1), a usage or a configuration error. Files that fail are listed in the summary
and never written; the other files are still migrated. Configuration
(each file's nearest configuration file, as
``elicit-lint check`` finds it, or ``--config``'s for all, or none with
``--isolated``), discovery (``exclude``,
``extend-exclude``, ``.gitignore``) and the byte-level prefilter are the
checker's; each file's configured ``runtime-module`` is its default ``--target``, and
a file whose configuration turns MCP001 off (``ignore``, ``select``,
``per-file-ignores``) is left as it is, its sites skipped (:mod:`.config_ignores`).
The summary goes to stderr as text, or to stdout as JSON with ``--report json``;
diffs go to stdout, or into the JSON (``diffs``) with ``--report json``. A rich progress bar is shown only when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib.util import find_spec

from ..analysis.plan import KINDS, TARGETS
from ..core.settings import positive_int
from .batch import load_settings, options_of, run

__all__ = ["load_settings", "main", "run"]  # run, load_settings: codemod.batch's

EXIT_DONE, EXIT_WOULD_CHANGE, EXIT_FAILED = 0, 1, 2

EXIT_STATUS_HELP = """\
exit status: 0 nothing to do, or all done; 1 --check/--diff: a file would
change; 2 a file failed (does not parse, unreadable or missing, read-only,
mixed line ends, changed on disk; wins over 1), or a usage or configuration
error. Failed files are listed in the summary and left untouched."""


MISSING_LIBCST = (
    "elicit-migrate: error: rewriting needs libcst, which comes with the `migrate` extra: "
    "install `elicit-lint[migrate]` (`--check` works without it)"
)


def _kinds(value: str) -> frozenset[str]:
    items = frozenset(v.strip() for v in value.split(",") if v.strip())
    unknown = sorted(items - set(KINDS))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown rewrite kind {unknown[0]!r} (choose from {', '.join(KINDS)})"
        )
    return items


def _path(value: str) -> str:
    # '' would be read as the current directory: a usage error, as in elicit-lint check
    if not value:
        raise argparse.ArgumentTypeError("empty path (name a file or directory, e.g. '.')")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (``elicit-migrate --help``)."""
    p = argparse.ArgumentParser(
        prog="elicit-migrate",
        description="Rewrite handshake-only ctx.elicit() tools into declared Elicit parameters.",
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "paths",
        nargs="*",
        default=["."],
        type=_path,
        metavar="PATH",
        help="files or directories to migrate (default: the current directory, as ruff format)",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--diff", action="store_true", help="print a unified diff, write nothing"
    )
    mode.add_argument(
        "--check",
        action="store_true",
        help="exit 1 if anything would change, write nothing",
    )
    p.add_argument(
        "--target",
        choices=TARGETS,
        default=None,
        help=(
            "module the rewritten code imports Elicit from (default: the configuration's "
            f"runtime-module, else {TARGETS[0]})"
        ),
    )
    p.add_argument(
        "--max-rounds",
        type=positive_int,
        default=None,
        metavar="N",
        help=(
            "most elicitation rounds a client allows; a tool whose rewrite would chain "
            "more questions is skipped (default: the configuration's max-rounds, else 10)"
        ),
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: CPU count)",
    )
    p.add_argument(
        "--select",
        type=_kinds,
        action="append",
        default=None,
        metavar="KINDS",
        help=f"rewrite kinds to apply (default: all of {', '.join(KINDS)}); repeated, the union",
    )
    p.add_argument(
        "--ignore",
        type=_kinds,
        action="append",
        default=[],
        metavar="KINDS",
        help="rewrite kinds not to apply; repeated, the union",
    )
    p.add_argument(
        "--report",
        choices=("text", "json"),
        default="text",
        help="summary format (json goes to stdout; with --diff it holds the diffs)",
    )
    p.add_argument(
        "--extend-exclude",
        action="append",
        default=[],
        metavar="LIST",
        help="glob patterns to exclude in addition to the configuration's; repeated, the union",
    )
    p.add_argument(
        "--config",
        metavar="PATH",
        default=None,
        help="configuration file (default: the nearest one, as `elicit-lint check` finds it)",
    )
    p.add_argument(
        "--upgrade-mcp1",
        action="store_const",
        const=True,
        default=None,  # None: each file's `upgrade-mcp1` setting (batch.options_of)
        help=(
            "also move mcp 1.x files (`mcp.server.fastmcp`) to mcp 2 (MCP017's unsafe fix) "
            "and rewrite their asks; mcp 2 changes behaviour beyond the questions: read "
            "docs/sdk.md first (default: the configuration's upgrade-mcp1, else off: such "
            "files are skipped); --no-upgrade-mcp1 turns it off"
        ),
    )
    p.add_argument(
        "--no-upgrade-mcp1", dest="upgrade_mcp1", action="store_const", const=False,
        help=argparse.SUPPRESS,
    )
    p.add_argument(
        "--isolated",
        action="store_true",
        help="ignore every configuration file (as `elicit-lint check --isolated`)",
    )
    return p


def module_available(module: str) -> bool:
    """Whether ``module`` (``package.sub``) can be imported here, found without
    importing anything: ``find_spec`` of the top-level package (which does not
    import it), then ``sub/`` or a ``sub`` module file in its search locations
    (``find_spec("fastmcp.elicitation")`` itself would import ``fastmcp``)."""
    top, *parts = module.split(".")
    spec = find_spec(top)
    if spec is None:
        return False
    locations = list(spec.submodule_search_locations or ())
    for i, part in enumerate(parts):
        packages = [
            os.path.join(loc, part)
            for loc in locations
            if os.path.isdir(os.path.join(loc, part))
        ]
        if i == len(parts) - 1:
            return bool(packages) or any(
                name == f"{part}.py" or name.startswith(f"{part}.cpython")
                for loc in locations
                for name in _listdir(loc)
            )
        locations = packages
    return True


def _listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []


def _warn_unavailable_target(outcomes, options, config) -> None:
    """One stderr warning when a file was (or would be) rewritten to import from a
    target this environment cannot import (``--target fastmcp.elicitation`` on a
    FastMCP that does not ship it): the rewritten file would fail at import. Exit
    codes are not changed."""
    from .engine import REWRITTEN, WOULD_REWRITE

    targets = {
        options_of(options, config, o.path).target
        for o in outcomes
        if o.status in (REWRITTEN, WOULD_REWRITE)
    }
    for target in sorted(t for t in targets if t and t != TARGETS[0]):
        if not module_available(target):
            print(
                f"elicit-migrate: warning: `{target}` is not importable in this "
                "environment: the rewritten files will not import until a release "
                f"that ships `{target}` is installed (`--target {TARGETS[0]}` works "
                "with the installed FastMCP)",
                file=sys.stderr,
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``elicit-migrate`` console script; returns the exit code."""
    from ..workspace.config import ConfigError
    from .engine import Options
    from .summary import Summary

    args = build_parser().parse_args(argv)
    try:
        if args.isolated and args.config is not None:
            raise ConfigError(
                f"the argument `--config={args.config}` cannot be used with `--isolated` "
                "(--isolated ignores every configuration file)"
            )
        config = load_settings(args.config, isolated=args.isolated)
    except ConfigError as exc:
        print(f"elicit-migrate: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    # a repeated --select/--ignore/--extend-exclude is the union, as ruff's repeated flags
    select = (frozenset(KINDS) if args.select is None else frozenset().union(*args.select))
    select -= frozenset().union(*args.ignore)
    mode = "diff" if args.diff else "check" if args.check else "write"
    if mode != "check" and find_spec("libcst") is None:  # --check plans with the stdlib only
        print(MISSING_LIBCST, file=sys.stderr)
        return EXIT_FAILED
    options = Options(
        target=args.target,  # None: each file's runtime-module (options_of)
        max_rounds=args.max_rounds,  # None: each file's max-rounds (options_of)
        select=select,
        write=mode == "write",
        diff=args.diff,
        upgrade_mcp1=args.upgrade_mcp1,  # None: each file's upgrade-mcp1 (options_of)
    )
    try:
        outcomes = run(
            args.paths,
            options,
            args.jobs,
            progress=sys.stderr.isatty(),
            exclude=",".join(args.extend_exclude),
            config=config,
        )
    except ConfigError as exc:  # a nested configuration file met while walking
        print(f"elicit-migrate: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    summary = Summary.of(outcomes, mode)
    _warn_unavailable_target(outcomes, options, config)
    if args.diff and args.report != "json":  # with json, the diffs are inside it
        for outcome in sorted(outcomes, key=lambda o: o.path):
            if outcome.diff:
                sys.stdout.write(outcome.diff)
    if args.report == "json":
        print(summary.to_json())
    else:
        print(summary.to_text(), file=sys.stderr)
    if summary.failed:
        return EXIT_FAILED
    if mode != "write" and summary.files_would_rewrite:
        return EXIT_WOULD_CHANGE
    return EXIT_DONE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
