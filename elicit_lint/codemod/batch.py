"""The run of ``elicit-migrate`` over its files: configuration, discovery, the
candidate files, the run's index of tools registered in other modules
(``elicit_lint.workspace.tool_index``) and the per-file work, in this process or
a process pool (:func:`run`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.util import find_spec

PARALLEL_MIN_BYTES = 1_000_000
"""Candidate source size from which ``--jobs`` > 1 uses a process pool (planning
costs about what checking does; the checker splits its work by forks from
``elicit_lint.checker.split.FORK_THRESHOLD``). Measured here too: the fastmcp 4.2.3 tree's 23
candidates (0.55 MB) take 0.39 s sequentially and 0.44 s with a 2-process pool."""


def load_settings(explicit: str | None = None, isolated: bool = False):
    """The checker's configurations (``elicit_lint.workspace.project.Configs``: each file's
    nearest ``[tool.elicit-lint]``, or ``--config``'s for all, or none with
    ``isolated``, as ``elicit-lint check`` reads them; cached per directory). Raises
    :class:`elicit_lint.workspace.config.ConfigError`."""
    from ..workspace.project import Configs

    configs = Configs(explicit, isolated=isolated)
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
    paths: Sequence[str], exclude: str, unreadable: list, config, clean: bool = False,
    indexed: list | None = None,
) -> list[tuple[str, bytes]]:
    """``(path, bytes)`` of the files that may hold a site; unreadable files are
    appended to ``unreadable`` as failed outcomes. ``config``: the checker's
    configurations (:func:`load_settings`) or one :class:`elicit_lint.workspace.config.Config`.
    ``clean`` (a writing run): first remove the temporary files an earlier, killed
    run left beside them (:func:`elicit_lint.core.writes.remove_stale_temps`).
    ``indexed``: extended with every discovered file (the run's index reads them)."""
    from ..core import source as src
    from .engine import may_need_rewrite

    extra = [v.strip() for v in exclude.split(",") if v.strip()]
    from .engine import FAILED, FileOutcome

    discovery = discovery_for(config, extra)
    files = discovery.files(list(paths), one_per_real_file=True)
    if indexed is not None:
        indexed.extend(files)
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


def _helper_callers(candidates, indexed: list[str], project) -> list[tuple[str, bytes]]:
    """``(path, bytes)`` of the run's files, not candidates, that read an asking
    ``async def`` of a candidate: a tool module holding no question of its own
    may take the helper's (``analysis.inline_elsewhere``). Asks the index only
    about candidates with such a helper (their trees: the index's parse)."""
    if not hasattr(project, "inline_memo"):
        return []
    from ..analysis.inline_elsewhere import asking_defs
    from ..core import source as src

    files = project.run_files()
    wanted: set[str] = set()
    for path, data in candidates:
        if b"async def" not in data:
            continue
        key = project.file_of(path)
        tree = files.tree(key)
        helpers = asking_defs(tree) if tree is not None else []
        if helpers:  # registrations first: the index does not count them as uses then
            registered = project.tools_in(key, helpers)
            helpers = [h for h in helpers if h not in registered]
        for uses in (project.uses_of(key, helpers) if helpers else {}).values():
            wanted |= {project.file_of(place.rsplit(":", 1)[0]) for place, _, _ in uses}
    wanted -= {project.file_of(path) for path, _ in candidates}
    out = []
    for path in indexed:
        if path.endswith(".py") and project.file_of(path) in wanted:
            wanted.discard(project.file_of(path))
            try:
                out.append((path, src.read_bytes(path)))
            except src.SourceError:
                continue  # the run read it for its index: a file gone since is no candidate
    return out


def _run_one(args):
    from .engine import migrate_file

    path, data, options = args
    return migrate_file(path, options, data)


def options_of(options, config, path: str):
    """``options`` for ``path``; with ``target=None``, the target is the file's own
    configuration's ``runtime-module``, with ``max_rounds=None`` the round limit is
    its ``max-rounds`` (the limit MCP010 checks, so checker and codemod agree on a
    chain of questions), with ``upgrade_mcp1=None`` its ``upgrade-mcp1``, and ``ignored`` says why its configuration turns MCP001
    off (:mod:`.config_ignores`); ``config``: a ``Configs`` or one ``Config``."""
    from dataclasses import replace

    from ..workspace.project import Configs
    from .config_ignores import ignored_reason

    if isinstance(config, Configs):
        config = config.for_path(path)
    return replace(
        options,
        target=options.target or config.runtime_module,
        max_rounds=options.max_rounds or config.max_rounds,
        upgrade_mcp1=config.upgrade_mcp1 if options.upgrade_mcp1 is None else options.upgrade_mcp1,
        ignored=ignored_reason(config, path),
    )


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
    indexed: list[str] = []
    candidates = _candidates(paths, exclude, unreadable, config, clean=options.write, indexed=indexed)
    if options.project is None:
        from dataclasses import replace

        from ..workspace.tool_index import ToolIndex

        # the checker's index over the same files (checker.cli): both agree
        options = replace(options, project=ToolIndex(indexed))
    candidates += _helper_callers(candidates, indexed, options.project)
    jobs = jobs or os.cpu_count() or 1
    work = [(path, data, options_of(options, config, path)) for path, data in candidates]
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
    _note_unseen_callers(outcomes, indexed, config)
    return unreadable + outcomes


def _note_unseen_callers(outcomes, indexed: list[str], config) -> None:
    """A note on each rewritten tool that a project file this run did not read
    names with an import of its module (a file your ``exclude`` keeps out, or one
    outside the paths given; fresh10 F4: an excluded ``tests/`` calling the tool
    directly broke on the new signature). The search is MCP019's
    (:class:`elicit_lint.workspace.unseen.Unseen`): bytes only, in this process,
    run only when something was rewritten."""
    rewritten = [o for o in outcomes if o.tools]
    if not rewritten:
        return
    from ..workspace.project import Configs
    from ..workspace.unseen import Unseen, project_files

    unseen_of: dict[str | None, Unseen] = {}
    for outcome in rewritten:
        own = config.for_path(outcome.path) if isinstance(config, Configs) else config
        root = str(own.root) if getattr(own, "path", None) is not None else None
        unseen = unseen_of.get(root)
        if unseen is None:
            unseen = unseen_of[root] = Unseen(indexed, root, project_files)
        for row, name in outcome.tools:
            found = unseen.mentions(outcome.path, name)
            if found is not None:
                note = (
                    f"`{name}` is named with an import of its module in {found}, which "
                    "this run did not read (excluded, or outside the paths given): a "
                    "direct call there breaks on the new signature; check it, or run "
                    "over that file too"
                )
                outcome.notes.append((row, note))
