"""Command line: ``elicit-lint check [PATHS...]`` (also ``python -m elicit_lint``).

Options mirror ``ruff check`` where they mean the same. Exit codes are ruff's:
0 no findings (or ``--exit-zero``), 1 findings, 2 usage, configuration or
internal error. Each file is checked with its nearest configuration file
(``elicit_lint.workspace.project``, ruff's hierarchical configuration; ``--config`` for
all). Command-line options override every configuration file: ``--select``
replaces the file's selection, ``--ignore``/``--extend-select`` apply after it
(ruff's layering, see ``elicit_lint.workspace.selection``). ``-`` reads stdin
(``elicit_lint.checker.stdin``).

Only the standard library, ``pathspec`` and this package are imported on the path
that checks files without elicitation; the summary line goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .arguments import COMMANDS, build_parser

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def run_clean(args: argparse.Namespace) -> int:
    """``elicit-lint clean``, as ``ruff clean``: remove the cache directory of the
    configuration found from the current directory, and every
    ``.elicit_lint_cache`` below it; only directories that carry elicit-lint's
    ``CACHEDIR.TAG`` are removed. Exit 0 (2 for an invalid configuration)."""
    from ..core import cache as store
    from ..workspace.config import ConfigError
    from ..workspace.project import Configs

    try:
        found = [Configs(None, use_cache=False).fallback.cache_directory]
    except ConfigError as exc:
        print(f"elicit-lint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    for directory, subdirs, _ in os.walk(os.curdir):
        if store.DEFAULT_NAME in subdirs:
            found.append(os.path.join(directory, store.DEFAULT_NAME))
        subdirs[:] = [d for d in subdirs if d not in (".git", store.DEFAULT_NAME)]
    seen = set()
    for directory in found:
        real = os.path.realpath(directory)
        if real not in seen:
            seen.add(real)
            if store.clean(directory):
                print(f"Removing cache at: {os.path.relpath(directory)}", file=sys.stderr)
    return EXIT_CLEAN


def _named_files_only(paths: Sequence[str]) -> bool:
    """Were only a few files named (pre-commit's call), no directory? Then the
    runner prefilters them before asking the results cache (``runner.READ_FIRST``)."""
    from .runner import READ_FIRST

    return bool(paths) and len(paths) <= READ_FIRST and not any(os.path.isdir(p) for p in paths)


def _flatten(groups: Sequence[Sequence[str]]) -> tuple[str, ...]:
    return tuple(item for group in groups for item in group)


def run_check(args: argparse.Namespace) -> int:
    """Run ``check`` with parsed arguments; return the exit code.

    Each file is checked with its nearest configuration (``elicit_lint.workspace.project``,
    ruff's hierarchical configuration), or ``--config``'s for all; an invalid
    configuration file met anywhere is exit 2 before any file is checked or fixed.
    """
    from ..workspace.config import ConfigError
    from ..workspace.project import Configs, ScopedDiscovery
    from .ruff_flags import split_config, usage_conflict
    from .runner import check_files

    if args.fix_only:
        args.fix = True  # ruff: --fix-only implies --fix
    conflict = usage_conflict(args)
    if conflict:
        print(f"elicit-lint: error: {conflict}", file=sys.stderr)
        return EXIT_ERROR
    try:
        from ..workspace.config import overrides

        config_path, inline = split_config(args.config)
        if args.isolated and config_path is not None:
            raise ConfigError(f"the argument `--config={config_path}` cannot be used with `--isolated` "
                              "(--isolated ignores every configuration file)")
        configs = Configs(config_path, use_cache=not args.no_cache, overrides=overrides(inline),
                          isolated=args.isolated)
        config = configs.fallback  # run-wide settings (output-format), as ruff's printer
        # ruff's UnsafeFixes::Hint: the summary's unsafe-fix hint only when neither
        # --[no-]unsafe-fixes nor the `unsafe-fixes` setting said yes or no
        hint = args.unsafe_fixes is None and config.unsafe_fixes is None
        if args.unsafe_fixes is None:
            args.unsafe_fixes = bool(config.unsafe_fixes)  # ruff's `unsafe-fixes` setting
        if args.fix is None:
            args.fix = bool(config.fix)  # ruff's `fix` setting
        if args.force_exclude is None:
            args.force_exclude = bool(config.force_exclude)
        if args.respect_gitignore is None:
            args.respect_gitignore = config.respect_gitignore is not False
    except ConfigError as exc:
        print(f"elicit-lint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR

    if args.statistics and (args.output_format or config.output_format or "concise") not in (
            "concise", "full", "json"):  # ruff: "Unsupported serialization format for statistics"
        print(f"elicit-lint: error: --statistics cannot be written as "
              f"{args.output_format or config.output_format} (concise, full or json)", file=sys.stderr)
        return EXIT_ERROR
    unknown = _unknown_selectors(args)
    if unknown:
        print(f"elicit-lint: error: {unknown}", file=sys.stderr)
        return EXIT_ERROR

    discovery = ScopedDiscovery(
        configs,
        exclude=args.exclude,
        extend_exclude=_flatten(args.extend_exclude),
        force_exclude=args.force_exclude,
        respect_gitignore=args.respect_gitignore,
    )
    from .stdin import stdin_name

    name = stdin_name(args.paths, args.stdin_filename)
    paths = args.paths or ["."]
    try:
        files = [name] if name is not None else discovery.files(paths)
        from .run_options import options_for

        options = options_for(files, configs, args)
    except ConfigError as exc:
        print(f"elicit-lint: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if name is None:
        early = _ruff_modes(args, files, options, configs)
        if early is not None:
            return early
    for path, reason in discovery.skipped:  # FIFOs, sockets, devices: never opened
        print(f"elicit-lint: warning: {path}: {reason}", file=sys.stderr)
    from .ruff_flags import output_stream

    out = stream = output_stream(args)
    if name is not None:
        from .stdin import check_stdin

        excluded = args.force_exclude and name != "-" and discovery.excluded_named(name)
        from collections import Counter

        codes: Counter = Counter()
        results, fixed = check_stdin(name, options[name], fix=args.fix,
                                     unsafe=args.unsafe_fixes, excluded=excluded, codes=codes)
        unfixable, fixed_codes = 0, ({name: dict(codes)} if codes else {})
        if args.fix:
            out = sys.stderr  # stdout holds the fixed source, as in ruff
    else:
        if not files and not discovery.errors and not discovery.skipped:
            print("elicit-lint: warning: No Python files found under the given path(s)",
                  file=sys.stderr)  # ruff's warning; exit 0
        fixed, unfixable, fixed_codes = _fix(files, options, args) if args.fix else (0, 0, {})
        results = check_files(files, options.__getitem__, read_first=_named_files_only(args.paths))
        if any(d.fix is not None for r in results for d in r.diagnostics):  # else nothing to settle
            from .fixes import settle_results

            results = settle_results(results, options)
    if discovery.errors:
        from ..core.source import io_error
        from .runner import FileResult

        results += [FileResult(d, [io_error(d, reason)]) for d, reason in discovery.errors]
        results.sort(key=lambda r: r.filename)

    errors = [r for r in results if r.error]
    for r in errors:
        # as ruff treats a panic: a fatal diagnostic for that file (so every output
        # format shows it), the other files' findings, and exit 2 at the end
        message = f"internal error while checking {r.filename}: {r.error}"
        print(f"elicit-lint: error: {message}", file=sys.stderr)
        r.diagnostics.append(_internal_error(r.filename, message))
    results = [r for r in results if r.diagnostics]
    if args.fix_only:
        from .ruff_flags import fix_only_end

        code = fix_only_end(results, fixed, fixed_codes, args, config, failed=bool(errors or unfixable))
        if stream is not sys.stdout:
            stream.close()
        return code
    count = sum(len(r.diagnostics) for r in results)
    output_format = args.output_format or config.output_format or "concise"

    from ..report.summary import fixable, write_statistics, write_summary

    unsafe = args.unsafe_fixes
    if args.statistics:
        write_statistics(results, output_format, out, unsafe)
    else:
        from ..report import writer

        if output_format in ("concise", "full", "grouped"):
            # ruff marks no finding in a --fix run: what --fix could fix, it fixed
            marks = None if args.fix else (lambda d: fixable(d, unsafe))
            writer(output_format)(results, out, fixable=marks)
        else:
            _write_machine(output_format, results, out, config)
    if output_format in ("concise", "full", "grouped") and not (args.quiet or args.silent):
        sys.stdout.flush()
        show_fixes = config.show_fixes if args.show_fixes is None else args.show_fixes
        if show_fixes and not args.statistics:
            from ..report.summary import write_fixed

            write_fixed(fixed_codes, sys.stderr)  # ruff's enumeration, before the summary
        write_summary(results, sys.stderr, fixed=fixed, fix_mode=args.fix, unsafe=unsafe,
                      clean_message=not errors, hint=hint)
    if stream is not sys.stdout:
        stream.close()  # --output-file / --silent
    sys.stdout.flush()
    if errors or unfixable:
        return EXIT_ERROR
    if count and not args.exit_zero:
        return EXIT_FINDINGS
    if fixed and args.exit_non_zero_on_fix:
        return EXIT_FINDINGS  # ruff: "exit with a non-zero status code if any files were modified via fix"
    return EXIT_CLEAN


def _ruff_modes(args: argparse.Namespace, files: list[str], options: dict, configs) -> int | None:
    """The modes that replace the check (``--show-files``, ``--show-settings``,
    ``--add-noqa``, ``--diff``; ``elicit_lint.checker.ruff_flags``): their exit
    code, or ``None`` for a normal run."""
    from . import ruff_flags

    if args.show_files:
        return ruff_flags.show_files(files)
    if args.show_settings:
        return ruff_flags.show_settings(files, options, configs, args)
    if args.add_noqa is not None:
        return ruff_flags.add_noqa(files, options, args.add_noqa)
    if args.diff:
        return ruff_flags.diff(files, options, args.unsafe_fixes, sys.stdout)
    return None


def _write_machine(output_format: str, results: list, out, config) -> None:
    """The ``json``/``github``/``sarif`` writers; ``json`` and ``sarif`` link each rule's
    page under the ``docs-url`` base (``elicit_lint.report.docs_base``)."""
    from ..report import docs_base, writer

    if output_format in ("json", "json-lines", "sarif"):
        writer(output_format)(results, out, docs_url=docs_base(config.docs_url))
    else:
        writer(output_format)(results, out)


def _fix(files: list[str], options, args: argparse.Namespace) -> tuple[int, int, dict]:
    """``--fix``: apply fixes in place (``elicit_lint.checker.fixes``); returns ``(fixes
    applied, files that could not be written, {file: {(code, name): fixes applied}})``.

    A file that could not be written (read-only, changed on disk meanwhile, an
    I/O error) gets an error line on stderr and makes the run exit 2, as ruff
    does for a file it fails to fix; it is left untouched, so the check that
    follows still reports its findings.
    """
    from .fixes import fix_files

    results = fix_files(files, options.__getitem__, unsafe=args.unsafe_fixes)
    failed = [r for r in results if r.error]
    for r in failed:
        print(f"elicit-lint: error: cannot fix {r.filename}: {r.error}", file=sys.stderr)
    return sum(r.fixed for r in results), len(failed), {r.filename: r.codes for r in results if r.codes}


def _internal_error(filename: str, message: str):
    """The ``internal-error`` diagnostic of a file whose model or rules raised
    (ruff reports a panic as a diagnostic with id ``panic``; never suppressed)."""
    from ..core.diagnostic import Diagnostic, Location

    start = Location(1, 1)
    return Diagnostic("internal-error", "internal-error", message, filename, start, start)


def _unknown_selectors(args: argparse.Namespace) -> str | None:
    """ruff's "Unknown rule selector" check on the command line's selectors.

    Returns the message for the first unknown selector (``None`` when all are
    known). Checked after parsing so that the rule modules are imported only when
    the command line has a selector.
    """
    from ..workspace.selection import unknown_selectors

    # the configuration file's selectors were checked when it was validated
    groups = [
        ("select", args.select or (), "the command line"),
        ("fixable", args.fixable or (), "the command line"),
        ("extend-fixable", _flatten(args.extend_fixable), "the command line"),
        ("unfixable", _flatten(args.unfixable), "the command line"),
        ("extend-select", _flatten(args.extend_select), "the command line"),
        ("ignore", _flatten(args.ignore), "the command line"),
        ("per-file-ignores", [c for _, c in _flatten([*(args.per_file_ignores or ()),
                                                     *args.extend_per_file_ignores])], "the command line"),
    ]
    if not any(selectors for _, selectors, _ in groups):
        return None
    from ..workspace.selection import implemented_codes

    codes = implemented_codes()
    for key, selectors, where in groups:
        bad = unknown_selectors(selectors, codes)
        if bad:
            return (
                f"unknown rule selector `{bad[0]}` in `{key}` from {where} "
                f"(known rules: {', '.join(codes)})"
            )
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``elicit-lint`` console script; returns the exit code."""
    from .ruff_flags import normalize_argv

    argv = normalize_argv(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args, extra = parser.parse_known_args(argv)
    if extra:  # argparse reports them with the top-level usage; ruff shows the command's
        command = parser.commands.get(args.command, parser) if args.command else parser
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    if getattr(args, "select", None) is not None:
        args.select = _flatten(args.select)  # a repeated --select is the union (ruff)
    if getattr(args, "fixable", None) is not None:
        args.fixable = _flatten(args.fixable)
    if getattr(args, "exclude", None) is not None:
        args.exclude = _flatten(args.exclude)  # a repeated --exclude is the union (ruff)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    if args.command == "check":
        from .arguments import environment

        environment(args, parser.commands["check"])
    if args.command == "rule":
        from . import rule_cmd

        return rule_cmd.run(args, parser)
    try:
        if args.command == "clean":
            return run_clean(args)
        return run_check(args)
    except BrokenPipeError:
        # stdout closed early (e.g. `| head`): no traceback; output was being written,
        # so there were findings (Python docs, "Note on SIGPIPE")
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FINDINGS
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - last resort: never a traceback for a user
        print(f"elicit-lint: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_ERROR


def console() -> None:
    """The ``elicit-lint`` console script and ``python -m elicit_lint``: :func:`main`,
    then exit with its code (never returns). The run's objects are frozen out of the cyclic garbage
    collector first (``gc.freeze``): the interpreter's teardown collections would
    otherwise traverse all of them once more just before the process ends."""
    code = main()
    import gc

    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    console()
