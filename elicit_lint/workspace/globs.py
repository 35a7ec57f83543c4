"""ruff's glob semantics for ``per-file-ignores`` (Rust ``globset``, as ruff builds it).

ruff compiles each ``per-file-ignores`` key twice with ``globset::Glob::new``
(default options: ``*`` and ``?`` also match ``/``, ``\\`` escapes, case-sensitive)
and applies the entry when the file's **name** matches the pattern as written
or its **absolute path** matches the pattern joined to the project root (the
configuration file's directory, ``..`` and ``.`` resolved lexically). A key
starting with ``!`` is negated: it applies when neither matches. Patterns never
un-ignore (entries only add codes). Source: ruff's ``ignores_from_path`` and
``PerFileIgnore::new`` (crates/ruff_linter/src/fs.rs, settings/types.rs), and
the pattern table in ``tests/checker/test_ruff_globs.py`` run against ruff.

Glob syntax (``globset`` 0.4): ``?`` one character, ``*`` any run of characters,
``**`` as a whole component (``**/x``, ``x/**``, ``x/**/y``: zero or more
directories; ``**`` alone: everything), ``[abc]``/``[a-z]``/``[!a]``/``[^a]``
classes, ``{a,b}`` alternatives, ``\\c`` a literal ``c``. Python has no
globset binding; this is the translation of those rules to :mod:`re`.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache


class GlobError(ValueError):
    """A pattern ``globset`` would reject (unclosed class or alternation)."""


def _class(pattern: str, i: int) -> tuple[str, int]:
    """The regex of the class starting at ``pattern[i] == "["``; returns (regex, next index)."""
    j = i + 1
    negated = j < len(pattern) and pattern[j] in "!^"
    if negated:
        j += 1
    start = j
    if j < len(pattern) and pattern[j] == "]":  # a leading ] is literal
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 1
    if j >= len(pattern):
        raise GlobError(f"unclosed character class in {pattern!r}")
    body = pattern[start:j]
    items = []
    k = 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            items.append(f"{re.escape(body[k])}-{re.escape(body[k + 2])}")
            k += 3
        else:
            items.append(re.escape(body[k]))
            k += 1
    return f"[{'^' if negated else ''}{''.join(items)}]", j + 1


def _translate(pattern: str, in_braces: bool = False) -> str:
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            out.append(re.escape(pattern[i + 1]))
            i += 2
        elif c == "*" and pattern.startswith("**", i):
            before = i == 0 or pattern[i - 1] == "/"
            after = i + 2 == n or pattern[i + 2] == "/"
            if before and after:
                if i == 0 and i + 2 == n:
                    out.append(".*")
                elif i == 0:  # **/x: any leading directories, or none
                    out.append("(?:.*/)?")
                    i += 1  # the slash is part of the prefix
                elif i + 2 == n:  # x/**: everything below
                    out[-1:] = ["/.*"] if out and out[-1] == "/" else [*out[-1:], ".*"]
                else:  # x/**/y: zero or more directories
                    if out and out[-1] == "/":
                        out[-1] = "/(?:.*/)?"
                    i += 1
            else:
                out.append(".*")
            i += 2
        elif c == "*":
            out.append(".*")
            i += 1
        elif c == "?":
            out.append(".")
            i += 1
        elif c == "[":
            regex, i = _class(pattern, i)
            out.append(regex)
        elif c == "{" and not in_braces:
            j = pattern.find("}", i)
            if j < 0:
                raise GlobError(f"unclosed alternation in {pattern!r}")
            options = pattern[i + 1:j].split(",")
            out.append("(?:" + "|".join(_translate(o, True) for o in options) + ")")
            i = j + 1
        elif c == "/":
            out.append("/")
            i += 1
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> re.Pattern[str]:
    """The compiled full-match regex of a ``globset`` pattern; raises :class:`GlobError`."""
    return re.compile(rf"(?s:{_translate(pattern)})\Z")


def _absolute_pattern(pattern: str, root: str) -> str:
    joined = pattern if os.path.isabs(pattern) else os.path.join(root, pattern)
    return os.path.normpath(joined).replace(os.sep, "/")


def per_file_applies(pattern: str, filename: str, root: str) -> bool:
    """Does the ``per-file-ignores`` key ``pattern`` (``!`` for negation) apply to
    ``filename``, with the project root ``root``? (ruff's ``ignores_from_path``.)"""
    negated = pattern.startswith("!")
    glob = pattern[1:] if negated else pattern
    path = os.path.abspath(filename).replace(os.sep, "/")
    hit = bool(
        compile_glob(glob).match(path.rsplit("/", 1)[-1])
        or compile_glob(_absolute_pattern(glob, root)).match(path)
    )
    return hit != negated


class ExcludePatterns:
    """``exclude``/``extend-exclude`` patterns as ruff matches them (``FilePattern::User``
    in ruff_linter's settings/types.rs): each pattern is joined to the project
    ``root`` (lexically normalised; an absolute pattern stays as it is), and only a
    pattern without a path separator is also compiled as written; a path is
    excluded when its absolute path or its name matches one of them. So
    ``*/sub/*`` means ``<root>/*/sub/*``: it never matches through the folders
    above the root. ruff's ``exclude`` has no ``!`` negation (a leading ``!`` is a
    literal character)."""

    def __init__(self, patterns: list[str], root: str):
        self._globs = [compile_glob(_absolute_pattern(p, root)) for p in patterns] + [
            compile_glob(p) for p in patterns if os.sep not in p and "/" not in p
        ]

    def match(self, abspath: str, name: str | None = None) -> bool:
        """Does ``abspath`` (or ``name``, default its last component) match?"""
        path = abspath.replace(os.sep, "/")
        name = path.rsplit("/", 1)[-1] if name is None else name
        return any(g.match(path) or g.match(name) for g in self._globs)

    def match_name(self, name: str) -> bool:
        """Does a bare entry name match (a walk below a named, excluded directory)?"""
        return any(g.match(name) for g in self._globs)
