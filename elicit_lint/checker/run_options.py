"""Each checked file's :class:`~elicit_lint.checker.runner.RunOptions`, from its
configuration (``elicit_lint.workspace.project``) with the command line layered over
it: rule selection, ``--max-rounds``, the results cache directory and ruff's fix
settings (``fixable``, ``extend-safe-fixes``... as a
:class:`~elicit_lint.core.settings.FixPolicy`). Standard library and this package only."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence


def flatten(groups: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """The items of a repeated list option (``--ignore A,B --ignore C``), in order."""
    return tuple(item for group in groups for item in group)


def _cache_dir(config, args: argparse.Namespace) -> str | None:
    """The results cache directory of files configured by ``config`` (``None``
    with ``--no-cache``); ``--cache-dir`` wins over the environment and the setting."""
    if args.no_cache:
        return None
    if args.cache_dir:
        return os.path.abspath(args.cache_dir)
    return config.cache_directory


def options_for(files: list[str], configs, args: argparse.Namespace) -> dict:
    """``{file: RunOptions}`` from each file's configuration (one ``RunOptions`` per
    configuration file) with the command line's selection and ``--max-rounds``
    layered over it. Raises ``ConfigError`` for an invalid configuration file."""
    from ..core.settings import RuleSettings
    from ..workspace.selection import Layer
    from ..workspace.tool_index import ToolIndex
    from .runner import RunOptions

    command_line = Layer(args.select, flatten(args.extend_select), flatten(args.ignore))
    fix_line = Layer(args.fixable, flatten(args.extend_fixable), flatten(args.unfixable))
    project = ToolIndex(files)  # built on its first question only (analysis.elsewhere)
    made: dict[int, RunOptions] = {}
    by_directory: dict[str, RunOptions] = {}  # files of one directory share their options
    out = {}
    cwd = os.getcwd()
    for filename in files:
        directory = os.path.dirname(filename)
        options = by_directory.get(directory)
        if options is not None:
            out[filename] = options
            continue
        # ``os.path.abspath`` without its ``getcwd`` call per directory
        absolute = os.path.normpath(filename if os.path.isabs(filename) else os.path.join(cwd, filename))
        config = configs.for_directory(os.path.dirname(absolute))
        options = made.get(id(config))
        if options is None:
            file_layers = tuple(config.selection_layers())  # the extended files' first
            settings = RuleSettings(
                max_rounds=args.max_rounds or config.max_rounds,
                runtime_module=config.runtime_module,
                ignore_noqa=args.ignore_noqa,
                upgrade_mcp1=config.upgrade_mcp1,  # elicit-migrate's default for these files
            )
            options = made[id(config)] = RunOptions(
                layers=(*file_layers, command_line),
                settings=settings,
                per_file_ignores=_per_file_ignores(config, args, cwd),
                root=str(config.root),
                cache_dir=_cache_dir(config, args),
                project=project,
                fixes=_fix_policy(config, fix_line, _unseen(files, config)),
            )
        out[filename] = by_directory[directory] = options
    return out


def _per_file_ignores(config, args: argparse.Namespace, cwd: str) -> tuple:
    """``config``'s ``per-file-ignores`` as ``(pattern, selectors)`` pairs, replaced by
    ``--per-file-ignores`` and extended by ``--extend-per-file-ignores``, whose entries
    are ``(pattern, selectors, cwd)``: ruff anchors the command line's patterns at
    the current directory, a file's at its root (``runner._ignored_codes``)."""
    given = args.per_file_ignores
    out = [(p, tuple(c)) for p, c in config.per_file_ignores.items()] if given is None else []
    out += [(p, tuple(c)) for p, c in config.extend_per_file_ignores.items()]  # ruff keeps them
    for pattern, selector in flatten([*(given or ()), *args.extend_per_file_ignores]):
        out.append((pattern, (selector,), cwd))
    return tuple(out)


def _unseen(files: list[str], config):
    """The project files outside the run, for the files of ``config``
    (:class:`elicit_lint.workspace.unseen.Unseen`: listed only when a fix asks)."""
    from ..workspace.unseen import Unseen, project_files

    config_root = str(config.root) if config.path is not None else None
    return Unseen(files, config_root, project_files)


def _fix_policy(config, fix_line, unseen=None):
    """The :class:`~elicit_lint.core.settings.FixPolicy` of ``config`` with the command
    line's ``--fixable``/``--extend-fixable``/``--unfixable`` over it (as ruff layers
    them) and ``unseen``, the project's files outside the run; ``None`` when there
    is nothing to apply."""
    from ..core.settings import FixPolicy
    from ..workspace.selection import Layer

    layers = config.fix_layers()  # the extended files' first
    if fix_line != Layer():
        layers.append(fix_line)
    if not (layers or config.extend_safe_fixes or config.extend_unsafe_fixes or unseen):
        return None
    return FixPolicy(tuple(layers), tuple(config.extend_safe_fixes), tuple(config.extend_unsafe_fixes),
                     unseen)
