"""``elicit-migrate [PATHS...]``: the codemod's command line (issue 4).

Exit codes (ruff's meanings): 0 nothing to do, or everything done; 1 with
``--check``/``--diff`` when a file would change; 2 a file failed (does not parse,
unreadable or missing, mixed line ends, read-only, changed on disk; it wins over
1), a usage or a configuration error. Files that fail are listed in the summary
and never written; the other files are still migrated. Configuration
(each file's nearest ``[tool.elicit-lint]`` in a ``pyproject.toml``, as
``elicit-lint check`` finds it, or ``--config``'s for all), discovery (``exclude``,
``extend-exclude``, ``.gitignore``) and the byte-level prefilter are the
checker's; each file's configured ``runtime-module`` is its default ``--target``.
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

PARALLEL_MIN_BYTES = 1_000_000
"""Candidate source size from which ``--jobs`` > 1 uses a process pool (planning
costs about what checking does; the checker splits its work by forks from
``elicit_lint.checker.split.FORK_THRESHOLD``). Measured here too: the fastmcp 4.2.3 tree's 23
candidates (0.55 MB) take 0.39 s sequentially and 0.44 s with a 2-process pool."""


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
        default=None,
        metavar="KINDS",
        help=f"rewrite kinds to apply (default: all of {', '.join(KINDS)})",
    )
    p.add_argument(
        "--ignore",
        type=_kinds,
        default=frozenset(),
        metavar="KINDS",
        help="rewrite kinds not to apply",
    )
    p.add_argument(
        "--report",
        choices=("text", "json"),
        default="text",
        help="summary format (json goes to stdout; with --diff it holds the diffs)",
    )
    p.add_argument(
        "--extend-exclude",
        default="",
        metavar="LIST",
        help="glob patterns to exclude in addition to the configuration's",
    )
    p.add_argument(
        "--config",
        metavar="PATH",
        default=None,
        help="configuration file (default: nearest pyproject.toml with [tool.elicit-lint], as `elicit-lint check`)",
    )
    return p


def load_settings(explicit: str | None = None):
    """The checker's configurations (``elicit_lint.workspace.project.Configs``: each file's
    nearest ``[tool.elicit-lint]``, or ``--config``'s for all, as ``elicit-lint
    check`` reads them; cached per directory). Raises
    :class:`elicit_lint.workspace.config.ConfigError`."""
    from ..workspace.project import Configs

    configs = Configs(explicit)
    configs.fallback  # noqa: B018 - an invalid file found from here is an error now
    return configs


def discovery_for(config, extend_exclude: Sequence[str] = ()):
    """The checker's discovery for ``config``: a ``Configs`` gives the checker's
    per-directory ``exclude``/``extend-exclude`` (``ScopedDiscovery``); a single
    ``Config`` its own, at its root. ``extend_exclude`` is added to them."""
    from ..workspace.discovery import Discovery
    from ..workspace.project import Configs, ScopedDiscovery

    if isinstance(config, Configs):
        return ScopedDiscovery(config, extend_exclude=extend_exclude)
    return Discovery(
        config.root,
        exclude=config.exclude,
        extend_exclude=[*config.extend_exclude, *extend_exclude],
    )


def _candidates(
    paths: Sequence[str], exclude: str, unreadable: list, config, clean: bool = False
) -> list[tuple[str, bytes]]:
    """``(path, bytes)`` of the files that may hold a site; unreadable files are
    appended to ``unreadable`` as failed outcomes. ``config``: the checker's
    configurations (:func:`load_settings`) or one :class:`elicit_lint.workspace.config.Config`.
    ``clean`` (a writing run): first remove the temporary files an earlier, killed
    run left beside them (:func:`elicit_lint.core.writes.remove_stale_temps`)."""
    from ..core import source as src
    from .engine import may_need_rewrite

    extra = [v.strip() for v in exclude.split(",") if v.strip()]
    from .engine import FAILED, FileOutcome

    discovery = discovery_for(config, extra)
    files = discovery.files(list(paths), one_per_real_file=True)
    for path, reason in discovery.skipped:  # FIFOs, sockets, devices: never opened
        print(f"elicit-migrate: warning: {path}: {reason}", file=sys.stderr)
    if clean:
        from ..core.writes import remove_stale_temps

        remove_stale_temps(os.path.dirname(os.path.realpath(f)) for f in files)
    unreadable.extend(
        FileOutcome(directory, FAILED, error=reason)
        for directory, reason in discovery.errors
    )
    out = []
    for path in files:
        # a named file that is not Python is left alone; a missing one fails
        if not path.endswith(".py") and os.path.lexists(path):
            continue
        try:
            data = src.read_bytes(path)
        except src.SourceError as exc:
            unreadable.append(FileOutcome(path, FAILED, error=exc.message))
            continue
        if may_need_rewrite(data):
            out.append((path, data))
    return out


def _run_one(args):
    from .engine import migrate_file

    path, data, options = args
    return migrate_file(path, options, data)


def _options_of(options, config, path: str):
    """``options`` for ``path``; with ``target=None``, the target is the file's own
    configuration's ``runtime-module`` (``config``: a ``Configs`` or one ``Config``)."""
    if options.target is not None:
        return options
    from dataclasses import replace

    from ..workspace.project import Configs

    if isinstance(config, Configs):
        config = config.for_path(path)
    return replace(options, target=config.runtime_module)


def run(
    paths: Sequence[str],
    options,
    jobs: int | None = None,
    progress: bool = False,
    exclude: str = "",
    config=None,
):
    """Migrate every candidate file under ``paths``; returns the list of outcomes.

    ``config``: the checker's configuration (default: :func:`load_settings`; raises
    :class:`elicit_lint.workspace.config.ConfigError` when a file met is invalid).
    ``options.target`` ``None``: each file's configured ``runtime-module``."""
    unreadable: list = []
    if config is None:
        config = load_settings()
    candidates = _candidates(paths, exclude, unreadable, config, clean=options.write)
    jobs = jobs or os.cpu_count() or 1
    work = [(path, data, _options_of(options, config, path)) for path, data in candidates]
    bar = None
    if progress and work and find_spec("rich") is not None:  # rich: the `migrate` extra
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(console=Console(stderr=True), transient=True)
        bar.start()
        task = bar.add_task("elicit-migrate", total=len(work))
    try:
        if (
            jobs > 1
            and len(work) > 1
            and sum(len(w[1]) for w in work) >= PARALLEL_MIN_BYTES
        ):
            from concurrent.futures import ProcessPoolExecutor

            from ..core.processes import die_with_parent

            with ProcessPoolExecutor(
                max_workers=min(jobs, len(work)),
                initializer=die_with_parent,  # no worker writes after a killed run
                initargs=(os.getpid(),),
            ) as pool:
                outcomes = []
                for outcome in pool.map(_run_one, work, chunksize=1):
                    outcomes.append(outcome)
                    if bar is not None:
                        bar.advance(task)
        else:
            outcomes = []
            for item in work:
                outcomes.append(_run_one(item))
                if bar is not None:
                    bar.advance(task)
    finally:
        if bar is not None:
            bar.stop()
    return unreadable + outcomes


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
        _options_of(options, config, o.path).target
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
        config = load_settings(args.config)
    except ConfigError as exc:
        print(f"elicit-migrate: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    select = frozenset(args.select if args.select is not None else KINDS) - args.ignore
    mode = "diff" if args.diff else "check" if args.check else "write"
    if mode != "check" and find_spec("libcst") is None:  # --check plans with the stdlib only
        print(MISSING_LIBCST, file=sys.stderr)
        return EXIT_FAILED
    options = Options(
        target=args.target,  # None: each file's runtime-module (_options_of)
        select=select,
        write=mode == "write",
        diff=args.diff,
    )
    try:
        outcomes = run(
            args.paths,
            options,
            args.jobs,
            progress=sys.stderr.isatty(),
            exclude=args.extend_exclude,
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
