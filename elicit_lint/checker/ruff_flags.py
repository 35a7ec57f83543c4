"""ruff's ``check`` flags that change what a run does or where it writes, with ruff's
semantics (checked against ruff 0.17.6 in this repository's venv):

- ``--output-file PATH`` (``-o``): the findings go to ``PATH`` instead of stdout
  (the summary stays on stderr, elicit-lint's convention; ruff writes its summary
  into the file too);
- ``--exit-non-zero-on-fix``: exit 1 when ``--fix`` fixed anything, even if
  nothing remains;
- ``--diff``: apply fixes in memory and print a unified diff per changed file,
  then ``Would fix N error(s).`` (with ``(M additional fix(es) available with
  `--unsafe-fixes`)``), or ``No errors would be fixed`` (with ``(N fix(es)
  available with `--unsafe-fixes`)`` when only unsafe fixes exist);
  nothing is written; exit 1 when there is a diff, else 0 (findings without a
  fix do not count: ``--diff`` implies ruff's ``--fix-only``);
- ``--add-noqa[=REASON]``: append ``# noqa: CODE`` to every line with an
  unsuppressed finding (codes merged into an existing ``# noqa: ...``),
  ``Added N noqa directive(s).`` on stderr, exit 0; not with ``--fix`` (usage
  error, exit 2); a finding whose line ends inside a multi-line string is left
  alone (a comment there would change the string);
- ``--show-files``: print the files that would be checked (absolute, sorted),
  exit 0;
- ``--show-settings``: print the settings of the first file, the command line's
  flags over its configuration (as ruff), exit 0;
- ``-q``/``--quiet``: the findings only (no summary); ``-s``/``--silent``:
  nothing at all, the exit code still says whether there were findings;
- ``--fix-only``: apply the fixes, print no finding, then ``Fixed N error(s).``
  (with ``(M additional fix(es) available with `--unsafe-fixes`)``), or ``No
  errors fixed (M fix(es) available with `--unsafe-fixes`).``, or nothing;
  exit 0 whatever remains (1 with ``--exit-non-zero-on-fix`` when anything was
  fixed, 2 when a file could not be fixed or checked); the line goes to stderr
  (ruff writes it to stdout);
- ``--config KEY=VALUE`` (repeatable): an inline TOML override of one setting,
  over every configuration file (``elicit_lint.workspace.config.overrides``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def add_arguments(check: argparse.ArgumentParser) -> None:
    """Add the flags of the module docstring to the ``check`` parser."""
    check.add_argument("-o", "--output-file", metavar="PATH", default=None,
                       help="write the findings to PATH instead of stdout")
    check.add_argument("--exit-non-zero-on-fix", action="store_true",
                       help="exit 1 when --fix fixed anything, even if nothing remains")
    check.add_argument("--diff", action="store_true",
                       help="print the fixes as a diff instead of writing them (exit 1 when there is one)")
    check.add_argument("--add-noqa", action="store_const", const="", default=None,
                       help="add `# noqa: CODE` to every line with a finding (--add-noqa=REASON: "
                            "`# noqa: CODE REASON`)")
    check.add_argument("--add-noqa-reason", dest="add_noqa", default=None, help=argparse.SUPPRESS)
    check.add_argument("--show-fixes", dest="show_fixes", action="store_const", const=True, default=None,
                       help="with --fix, list the fixes applied per file and rule (the `show-fixes` "
                            "setting); --no-show-fixes turns it off")
    check.add_argument("--no-show-fixes", dest="show_fixes", action="store_const", const=False,
                       help=argparse.SUPPRESS)
    check.add_argument("--show-files", action="store_true",
                       help="print the files that would be checked, then exit")
    check.add_argument("--show-settings", action="store_true",
                       help="print the settings of the first file, then exit")
    check.add_argument("-q", "--quiet", action="store_true", help="print the findings, but nothing else")
    check.add_argument("-s", "--silent", action="store_true",
                       help="print nothing (the exit code still tells whether there were findings)")


def normalize_argv(argv: Sequence[str]) -> list[str]:
    """``--add-noqa=REASON`` as ruff spells it (the reason only after ``=``, so that
    ``--add-noqa PATH`` keeps ``PATH`` a path)."""
    out: list[str] = []
    for index, arg in enumerate(argv):
        if arg == "--":
            out.extend(argv[index:])
            break
        if arg.startswith("--add-noqa="):
            out += ["--add-noqa-reason", arg.split("=", 1)[1]]
        else:
            out.append(arg)
    return out


def usage_conflict(args: argparse.Namespace) -> str | None:
    """ruff's argument conflicts, as a message (``None`` when there is none)."""
    if args.add_noqa is not None and (args.fix or args.diff):
        return "the argument '--add-noqa' cannot be used with '--fix' or '--diff'"
    if args.show_fixes is not None and args.diff:
        flag = "--show-fixes" if args.show_fixes else "--no-show-fixes"
        return f"the argument '{flag}' cannot be used with '--diff'"
    return None  # --diff with --fix is accepted, as ruff does: --diff wins, nothing is written


def split_config(values: Sequence[str]) -> tuple[str | None, dict]:
    """``--config`` values: at most one file path and any number of ``KEY = VALUE``
    TOML overrides. Returns ``(path or None, {key: value})``; raises
    ``elicit_lint.workspace.config.ConfigError`` for a value that is neither an
    existing file nor valid TOML, or a second file (ruff's rules)."""
    from ..workspace.config import ConfigError

    path, table = None, {}
    for value in values:
        if os.path.exists(value) or (value.endswith(".toml") and "=" not in value):
            if path is not None:
                raise ConfigError(f"you cannot specify more than one configuration file on the "
                                  f"command line (got {path} and {value})")
            path = value
            continue
        import tomllib  # only for a KEY = VALUE override (tomllib imports typing and datetime)

        try:
            table.update(tomllib.loads(value))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(
                f"--config {value!r} is neither a path to a TOML configuration file nor a "
                f"valid TOML `KEY = VALUE` pair ({exc})"
            ) from None
    return path, table


def output_stream(args: argparse.Namespace):
    """Where the findings go: the ``--output-file`` (opened for writing; parent
    directories created, as ruff does), a sink for ``--silent``, else stdout."""
    if args.silent:
        return open(os.devnull, "w", encoding="utf-8")
    if args.output_file:
        parent = os.path.dirname(os.path.abspath(args.output_file))
        os.makedirs(parent, exist_ok=True)
        return open(args.output_file, "w", encoding="utf-8", newline="\n")
    return sys.stdout


def show_files(files: Sequence[str]) -> int:
    """``--show-files``: one absolute path per line, sorted."""
    for path in sorted(os.path.abspath(f) for f in files):
        print(path)
    return 0


def show_settings(files: Sequence[str], options: dict, configs, args: argparse.Namespace) -> int:
    """``--show-settings``: the settings the run would use for the first file (as ruff,
    which prints those of the first file it would check): its configuration with
    the command line over it, as ruff's ``--show-settings`` shows ``--select``,
    ``--unsafe-fixes``, ``--output-format``... ``args``: the parsed command line,
    its run-wide flags already settled from the configuration (``cli.run_check``).
    A setting whose default is computed shows its effective value, as ruff's does:
    ``exclude`` the default list, ``docs-url`` the base rule pages are linked under
    (``elicit_lint.report.docs_base``), ``cache-dir`` the directory (even with
    ``--no-cache``, as ruff prints its ``cache_dir`` under ``-n``)."""
    if not files:
        print("elicit-lint: error: no files to show settings for", file=sys.stderr)
        return 2
    first = min(files)
    config = configs.for_path(first)
    run = options[first]
    from ..report import docs_base
    from ..rules import ALL_RULES
    from .run_options import flatten

    enabled = [r.code for r in ALL_RULES if run.enabled(r.code)]
    print(f'Resolved settings for: "{os.path.abspath(first)}"')
    print(f'Settings path: "{config.path}"' if config.path else "Settings path: (defaults)")
    show_fixes = configs.fallback.show_fixes if args.show_fixes is None else args.show_fixes
    rows = {
        "root": str(config.root),
        "extend": [str(p) for p in config.extended],
        "rules.enabled": enabled,
        "per-file-ignores": _per_file_table(run.per_file_ignores),
        "exclude": _exclude(args, config),
        "extend-exclude": [*config.extend_exclude, *flatten(args.extend_exclude)],
        "output-format": args.output_format or configs.fallback.output_format or "concise",
        "max-rounds": run.settings.max_rounds,
        "runtime-module": run.settings.runtime_module,
        "upgrade-mcp1": config.upgrade_mcp1,
        "docs-url": docs_base(config.docs_url),
        "cache-dir": os.path.abspath(args.cache_dir) if args.cache_dir else config.cache_directory,
        "fix": bool(args.fix),
        "fix-only": bool(args.fix_only),
        "show-fixes": bool(show_fixes),
        "fix.fixable": [c for c in enabled if _fix_eligible(run, c)],
        "fix.extend-safe-fixes": config.extend_safe_fixes,
        "fix.extend-unsafe-fixes": config.extend_unsafe_fixes,
        "unsafe-fixes": bool(args.unsafe_fixes),
        "force-exclude": bool(args.force_exclude),
        "respect-gitignore": args.respect_gitignore is not False,
    }
    for key, value in rows.items():
        print(f"{key} = {value!r}")
    return 0


def _exclude(args: argparse.Namespace, config) -> list[str]:
    """The effective ``exclude``: ``--exclude``, else the setting, else the default
    list (``elicit_lint.workspace.discovery.DEFAULT_EXCLUDE``), as ruff prints its
    ``file_resolver.exclude`` defaults rather than nothing."""
    if args.exclude is not None:
        return list(args.exclude)
    if config.exclude is not None:
        return list(config.exclude)
    from ..workspace.discovery import DEFAULT_EXCLUDE

    return list(DEFAULT_EXCLUDE)


def _per_file_table(entries) -> dict[str, list[str]]:
    """``per-file-ignores`` entries (a file's pairs, the command line's triples) as
    one ``{pattern: selectors}`` table."""
    table: dict[str, list[str]] = {}
    for pattern, selectors, *_ in entries:
        table.setdefault(pattern, []).extend(selectors)
    return table


def _fix_eligible(run, code: str) -> bool:
    """Would a fix of ``code`` be kept under ``run``'s ``fixable``/``unfixable``?"""
    from .fixes import _fixable

    return run.fixes is None or _fixable(run.fixes, code)


def fix_only_end(results: list, fixed: int, fixed_codes: dict, args: argparse.Namespace, config,
                 failed: bool) -> int:
    """The end of a ``--fix-only`` run (module docstring): ``--show-fixes``'s list and
    the one line on stderr; returns the exit code. ``results``: what remains."""
    unsafe = args.unsafe_fixes
    hidden = 0 if unsafe else sum(
        1 for r in results for d in r.diagnostics if d.fix is not None and d.fix.applicability == "unsafe"
    )
    if not (args.quiet or args.silent):
        show_fixes = config.show_fixes if args.show_fixes is None else args.show_fixes
        if show_fixes:
            from ..report.summary import write_fixed

            write_fixed(fixed_codes, sys.stderr)
        more = f"{hidden} {{}}fix{'es' if hidden != 1 else ''} available with `--unsafe-fixes`"
        if fixed:
            extra = f" ({more.format('additional ')})" if hidden else ""
            print(f"Fixed {fixed} error{'s' if fixed != 1 else ''}{extra}.", file=sys.stderr)
        elif hidden:
            print(f"No errors fixed ({more.format('')}).", file=sys.stderr)
    if failed:
        return 2
    return 1 if fixed and args.exit_non_zero_on_fix else 0


def diff(files: Sequence[str], options: dict, unsafe: bool, out) -> int:
    """``--diff``: the fixes as unified diffs; exit 1 when there is one."""
    import difflib

    from ..analysis.prefilter import may_produce_diagnostics
    from ..core.source import SourceError, read_bytes
    from .fixes import fix_bytes, settle
    from .runner import check_source

    fixed = hidden = 0
    for filename in sorted(files):
        try:
            data = read_bytes(filename)
        except SourceError:
            continue
        if not may_produce_diagnostics(data):
            continue
        new, count = fix_bytes(filename, data, options[filename], unsafe)
        if not unsafe:
            rest = settle(check_source(filename, new, options[filename]).diagnostics,
                          options[filename].fixes)
            hidden += sum(1 for d in rest if d.fix is not None and d.fix.applicability == "unsafe")
        if new == data:
            continue
        fixed += count
        before = data.decode("utf-8", "replace").splitlines(keepends=True)
        after = new.decode("utf-8", "replace").splitlines(keepends=True)
        out.writelines(difflib.unified_diff(before, after, filename, filename))
        out.write("\n")
    more = f"{hidden} {{}}fix{'es' if hidden != 1 else ''} available with `--unsafe-fixes`"
    if fixed:  # ruff: "Would fix 1 error (1 additional fix available with `--unsafe-fixes`)."
        extra = f" ({more.format('additional ')})" if hidden else ""
        out.write(f"Would fix {fixed} error{'s' if fixed != 1 else ''}{extra}.\n")
    else:
        extra = f" ({more.format('')})" if hidden else ""
        out.write(f"No errors would be fixed{extra}.\n")
    out.flush()
    return 1 if fixed else 0


def add_noqa(files: Sequence[str], options: dict, reason: str) -> int:
    """``--add-noqa``: write the directives; ``Added N noqa directive(s).`` on stderr."""
    from .noqa_add import add_to_file

    added = 0
    for filename in sorted(files):
        count, error = add_to_file(filename, options[filename], reason)
        if error:
            print(f"elicit-lint: error: cannot add noqa to {filename}: {error}", file=sys.stderr)
        added += count
    if added:
        print(f"Added {added} noqa directive{'s' if added != 1 else ''}.", file=sys.stderr)
    return 0
