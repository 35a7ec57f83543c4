"""ruff's ``extend``: one configuration file inherits another's settings.

Semantics are ruff 0.17.6's (https://docs.astral.sh/ruff/settings/#extend; each
point checked with ``ruff check --show-settings``/``--show-files`` on
``ruff.toml`` files): the path is relative to the file that names it (``~`` and
environment variables expanded); the extended file is read first, then the
inheriting file's keys win; chains are allowed and a cycle is an error
(``elicit_lint.workspace.config``, which reads the files). A key the inheriting
file sets replaces the inherited value, except:

- ``select``/``extend-select``/``ignore`` and ``fixable``/``extend-fixable``/
  ``unfixable`` are layers, applied base first (ruff chains its rule selections):
  a base's ``ignore = ["MCP002"]`` and the inheriting ``extend-select =
  ["MCP002"]`` enable MCP002; a ``select`` in a later file starts over;
- ``extend-exclude``, ``extend-safe-fixes``, ``extend-unsafe-fixes`` and
  ``extend-per-file-ignores`` add up, the base's first (a ``per-file-ignores``
  replaces only the base's ``per-file-ignores``);
- a pattern (``exclude``, ``extend-exclude``, ``[extend-]per-file-ignores`` keys) and a
  relative ``cache-dir`` stay anchored at the directory of the file that wrote
  them, as ruff resolves each file against its own directory: such a pattern is
  rewritten as an absolute one (:func:`rebased`), except a pattern without
  ``/`` (it matches a name anywhere, wherever it is anchored) and an absolute
  one (``elicit_lint.workspace.globs.ExcludePatterns``: ruff matches a pattern
  with ``/`` only joined to its file's directory, even one starting with ``*``).

Only the standard library is imported here; this module reads no file.
"""

from __future__ import annotations

import os

_LAYERS = (("select", "extend_select", "ignore"), ("fixable", "extend_fixable", "unfixable"))
_ADDED = ("extend_exclude", "extend_safe_fixes", "extend_unsafe_fixes")
_OWN = ("path", "root", "extend", "extended", "inherited_select", "inherited_fixes")


def rebased(pattern: str, directory: str, exclude: bool) -> str:
    """``pattern`` written in the file of ``directory``, as a pattern that means the
    same under another root (module docstring); ``exclude``: an ``exclude``/
    ``extend-exclude`` pattern (else a ``per-file-ignores`` key, ``!`` negates)."""
    negated = not exclude and pattern.startswith("!")
    glob = pattern[1:] if negated else pattern
    if "/" not in glob or os.path.isabs(glob):
        return pattern
    joined = os.path.normpath(os.path.join(directory, glob)).replace(os.sep, "/")
    return ("!" if negated else "") + joined


def _layers(config, names: tuple[str, str, str]) -> tuple:
    """``config``'s (a ``config.Config``) own layer of ``names`` as a one-item tuple (empty when it sets none)."""
    first, extend, ignore = (getattr(config, name) for name in names)
    if first is None and not extend and not ignore:
        return ()
    return ((None if first is None else tuple(first), tuple(extend), tuple(ignore)),)


def inherit(base, own, written: set[str]):
    """``own`` (a ``config.Config``: one file's validated settings, whose table sets the keys ``written``,
    as ``Config`` field names) over ``base`` (the settled configuration of the
    file it extends, itself with its own bases). Returns ``own``'s
    :class:`~elicit_lint.workspace.config.Config`, with ``extended`` (the files
    inherited from, nearest first) and the base's selection and fix layers in
    ``inherited_select``/``inherited_fixes``."""
    directory = str(base.root)
    changes: dict = {
        "extended": (base.path, *base.extended),
        "inherited_select": (*base.inherited_select, *_layers(base, _LAYERS[0])),
        "inherited_fixes": (*base.inherited_fixes, *_layers(base, _LAYERS[1])),
    }
    for name in _ADDED:
        inherited = getattr(base, name)
        if name == "extend_exclude":
            inherited = [rebased(p, directory, True) for p in inherited]
        changes[name] = [*inherited, *getattr(own, name)]
    added = {rebased(p, directory, False): list(c) for p, c in base.extend_per_file_ignores.items()}
    for pattern, codes in own.extend_per_file_ignores.items():  # both apply in ruff: their union
        added[pattern] = [*added.get(pattern, ()), *codes]
    changes["extend_per_file_ignores"] = added
    for name in own.FIELDS:
        if name in written or name in changes or name in _OWN or any(name in n for n in _LAYERS):
            continue
        value = getattr(base, name)
        if name == "exclude" and value is not None:
            value = [rebased(p, directory, True) for p in value]
        elif name == "per_file_ignores":
            value = {rebased(p, directory, False): codes for p, codes in value.items()}
        elif name == "cache_dir" and value is not None and not os.path.isabs(os.path.expanduser(value)):
            value = os.path.normpath(os.path.join(directory, value))  # "~/x" stays for cachedir.directory
        changes[name] = value
    return own.replace(**changes)


def overridden(config, overrides: dict):
    """``config`` (a ``config.Config``) with the ``--config KEY=VALUE`` ``overrides``
    (``Config`` keyword arguments): a key replaces the file's value, except the lists
    that add up across ``extend`` (and ``extend-per-file-ignores``), which ruff
    also adds the override to, and the selection and fix keys, whose override is
    one more layer after the file's (ruff's ``Configuration::combine``)."""
    changes = dict(overrides)
    for names, inherited in zip(_LAYERS, ("inherited_select", "inherited_fixes")):
        if any(name in changes for name in names):  # ruff chains the override's selection last
            changes[inherited] = (*getattr(config, inherited), *_layers(config, names))
            first, extend, ignore = names
            changes.setdefault(first, None)
            changes.setdefault(extend, [])
            changes.setdefault(ignore, [])
    for name in _ADDED:
        if name in changes:
            changes[name] = [*getattr(config, name), *changes[name]]
    if "extend_per_file_ignores" in changes:
        added = {p: list(c) for p, c in config.extend_per_file_ignores.items()}
        for pattern, codes in changes["extend_per_file_ignores"].items():
            added[pattern] = [*added.get(pattern, ()), *codes]
        changes["extend_per_file_ignores"] = added
    return config.replace(**changes)
