"""Applying fixes: ``elicit-lint check --fix`` (and ``--unsafe-fixes``), as ruff does.

A fix is applied whole or not at all. Per pass, fixes are taken in position
order and a fix whose edits overlap (or touch the same point as) an edit
already taken waits for the next pass; after each pass the file is checked
again (so a fix never applies to stale positions), up to :data:`MAX_PASSES`.
Safe fixes only, unless ``unsafe`` (ruff's ``--unsafe-fixes``); display-only
fixes never. Suppressed findings (``# noqa``, per-file-ignores) are not fixed.

Edits count rows and columns as diagnostics do (rows split on ``\\r\\n``, ``\\r``
and ``\\n``; 1-based character columns); they are applied to the file's own
text, so its encoding, BOM and line ends are kept. Edits hold ``\\n`` line
breaks only (``elicit_lint.core.diagnostic.Edit``); :func:`apply_fixes` is the one
place that writes them as the file's first line break
(:func:`elicit_lint.core.source.newline`).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.diagnostic import Applicability, Diagnostic, Fix, Location
from ..core.source import LINE_BREAK, newline, row_starts

MAX_PASSES = 10


@dataclass
class FixResult:
    """What ``--fix`` did to one file: ``fixed`` fixes applied (over all passes);
    ``error``: why the fixed text could not be written (nothing was), else ``None``;
    ``codes``: the fixes applied by ``(code, name)`` (``--show-fixes``)."""

    filename: str
    fixed: int = 0
    error: str | None = None
    codes: Counter = field(default_factory=Counter)


def settle(diagnostics: list[Diagnostic], policy) -> list[Diagnostic]:
    """``diagnostics`` with a :class:`~elicit_lint.core.settings.FixPolicy` applied, as
    ruff applies its fix settings to a file's diagnostics: the fix of a rule that
    is not fixable is dropped (the finding stays, unmarked, and ``--fix`` leaves
    it); ``extend-safe-fixes``/``extend-unsafe-fixes`` change a fix's
    applicability between safe and unsafe. ``policy`` ``None``: unchanged."""
    if policy is None or not any(d.fix is not None for d in diagnostics):
        return diagnostics
    from dataclasses import replace

    out = []
    for d in diagnostics:
        if d.fix is not None:
            d = _unseen_callers(d, policy.unseen)
            if not _fixable(policy, d.code):
                d = replace(d, fix=None)
            else:
                wanted = _safety(policy, d.code, d.fix.applicability)
                if wanted != d.fix.applicability:
                    d = replace(d, fix=replace(d.fix, applicability=wanted))
        out.append(d)
    return out


CALLERS = "direct_callers"
"""``Diagnostic.extra`` key: the function whose direct Python callers a safe fix may
break (``elicit_lint.rules.mcp019``), asked about the files outside the run."""


def _unseen_callers(d: Diagnostic, unseen) -> Diagnostic:
    """``d`` with its safe fix made unsafe when a project file outside the run
    mentions the function its ``extra`` names (``elicit_lint.workspace.unseen``);
    the help line says which file."""
    name = d.extra.get(CALLERS)
    if unseen is None or name is None or d.fix.applicability != Applicability.SAFE:
        return d
    where = unseen.mentions(d.filename, name)
    if where is None:
        return d
    from dataclasses import replace

    note = (f"The fix is unsafe: `{where}`, not among the checked files, mentions `{name}` and "
            "may call it (check the whole project to decide)")
    return replace(d, fix=replace(d.fix, applicability=Applicability.UNSAFE),
                   help=f"{d.help.rstrip('.')}. {note}." if d.help else f"{note}.")


def settle_results(results: list, options) -> list:
    """:func:`settle` on each ``FileResult`` (in place; returned), with each file's
    policy (``options``: ``{file: RunOptions}``)."""
    for r in results:
        policy = getattr(options.get(r.filename), "fixes", None)
        if policy is not None:
            r.diagnostics = settle(r.diagnostics, policy)
    return results


def _fixable(policy, code: str) -> bool:
    from ..workspace.selection import Layer, resolve

    if not policy.layers:
        return True
    everything = Layer(("ALL",))  # ruff's default `fixable = ["ALL"]`
    return code in resolve([code], (everything, *policy.layers))


def _safety(policy, code: str, applicability: Applicability) -> Applicability:
    if applicability == Applicability.DISPLAY_ONLY or not (policy.safe or policy.unsafe):
        return applicability
    from ..workspace.selection import matching_specificity

    safe, unsafe = matching_specificity(policy.safe, code), matching_specificity(policy.unsafe, code)
    if unsafe >= 0 and unsafe >= safe:
        return Applicability.UNSAFE
    if safe >= 0:
        return Applicability.SAFE
    return applicability


def applicable(fix: Fix | None, unsafe: bool) -> bool:
    """Whether ``fix`` is applied under ``--fix`` (``unsafe``: with ``--unsafe-fixes``)."""
    if fix is None:
        return False
    if fix.applicability is Applicability.SAFE:
        return True
    return unsafe and fix.applicability is Applicability.UNSAFE


def apply_fixes(text: str, fixes: Iterable[Fix], applied: list[Fix] | None = None) -> tuple[str, int]:
    """Apply the non-overlapping ``fixes`` to ``text``; returns ``(new text, fixes applied)``.

    A fix with an edit that is out of range, or that overlaps an edit of a fix
    already taken, is skipped whole. ``applied``, when given, receives the fixes taken.
    """
    offsets = row_starts(text)
    nl = newline(text)

    def offset(loc: Location) -> int | None:
        if not 1 <= loc.row <= len(offsets):
            return None
        start = offsets[loc.row - 1]
        end = offsets[loc.row] if loc.row < len(offsets) else len(text)
        line = LINE_BREAK.sub("", text[start:end])
        if not 1 <= loc.column <= len(line) + 1:
            return None
        return start + loc.column - 1

    taken: list[tuple[int, int, str]] = []
    count = 0
    ordered = sorted(fixes, key=lambda f: min((e.location for e in f.edits), default=Location(0, 0)))
    for fix in ordered:
        spans = []
        for edit in fix.edits:
            start, end = offset(edit.location), offset(edit.end_location)
            if start is None or end is None or end < start:
                break
            spans.append((start, end, edit.content.replace("\n", nl) if nl != "\n" else edit.content))
        else:
            if spans and not any(_overlap(s, t) for s in spans for t in taken) and not _self_overlap(spans):
                taken.extend(spans)
                count += 1
                if applied is not None:
                    applied.append(fix)
    for start, end, content in sorted(taken, reverse=True):
        text = text[:start] + content + text[end:]
    return text, count


def _overlap(a: tuple[int, int, str], b: tuple[int, int, str]) -> bool:
    """Edits conflict when their ranges intersect or both insert at one point."""
    return (a[0] < b[1] and b[0] < a[1]) or a[0] == b[0]


def _self_overlap(spans: list[tuple[int, int, str]]) -> bool:
    ordered = sorted(spans)
    return any(ordered[i][1] > ordered[i + 1][0] for i in range(len(ordered) - 1))


def fix_file(filename: str, options, unsafe: bool = False, data: bytes | None = None) -> FixResult:
    """Apply every applicable fix to one file in place (re-checking between passes);
    ``data``: the file's bytes, when already read.

    The file is written with :func:`elicit_lint.core.writes.write_atomic`: never when
    it changed on disk since ``data`` was read, nor when it is read-only. A file
    that could not be written is returned with ``error`` set and ``fixed == 0``,
    and is left exactly as it was; one that cannot be read or decoded is
    returned untouched with nothing fixed (the check reports it as ``io-error``).
    Never raises for a bad file.
    """
    from ..core import source as src

    result = FixResult(filename)
    try:
        if data is None:
            data = src.read_bytes(filename)
    except src.SourceError:
        return result  # nothing to fix; the check that follows reports it (io-error)
    new, result.fixed = fix_bytes(filename, data, options, unsafe, result.codes)
    if new != data:
        from ..core.writes import WriteRefused, write_atomic

        try:
            write_atomic(filename, new, data)
        except WriteRefused as exc:
            result.error, result.fixed = str(exc), 0
            result.codes.clear()
        except OSError as exc:
            result.error, result.fixed = exc.strerror or str(exc), 0
            result.codes.clear()
    return result


def fix_bytes(
    filename: str, data: bytes, options, unsafe: bool = False, codes: Counter | None = None
) -> tuple[bytes, int]:
    """The source ``data`` with every applicable fix applied (re-checking between
    passes, up to :data:`MAX_PASSES`) in its own encoding, and the number applied;
    ``codes``, when given, counts the applied fixes by ``(code, name)``.

    Writes nothing (``elicit-lint check --fix -`` prints the result, as ruff
    does for stdin); ``data`` comes back unchanged when it cannot be decoded.
    """
    from ..core import source as src
    from .runner import check_source

    try:
        decoded = src.decode(data)
    except src.SourceError:
        return data, 0  # the check that follows reports it (io-error)
    text = data.decode(decoded.encoding)
    original, fixed = text, 0
    for _ in range(MAX_PASSES):
        found = check_source(filename, text.encode(decoded.encoding), options)
        found.diagnostics = settle(found.diagnostics, getattr(options, "fixes", None))
        if found.error:
            break
        fixable = [d for d in found.diagnostics if applicable(d.fix, unsafe)]
        if not fixable:
            break
        taken: list[Fix] = []
        text, applied = apply_fixes(text, [d.fix for d in fixable], taken)
        if not applied:
            break
        fixed += applied
        if codes is not None:
            by_fix = {id(d.fix): (d.code, d.name) for d in fixable}
            codes.update(by_fix[id(f)] for f in taken)
    return (data if text == original else text.encode(decoded.encoding)), fixed


def fix_files(files: Sequence[str], options, unsafe: bool = False) -> list[FixResult]:
    """:func:`fix_file` over ``files`` that pass the prefilter (sequentially);
    ``options`` as :func:`elicit_lint.checker.runner.check_files` takes them."""
    from ..analysis.prefilter import may_produce_diagnostics
    from ..core.source import SourceError, read_bytes
    from ..core.writes import remove_stale_temps
    from .runner import options_of

    # temporary files a killed earlier run left beside these files (never a user's)
    remove_stale_temps(os.path.dirname(os.path.realpath(f)) for f in files)
    out = []
    for filename in files:
        try:
            data = read_bytes(filename)
        except SourceError:
            continue  # the check that follows reports it
        if may_produce_diagnostics(data):
            out.append(fix_file(filename, options_of(options, filename), unsafe, data))
    return out


def diagnostics_with_fixes(diagnostics: Iterable[Diagnostic], unsafe: bool) -> int:
    """How many of ``diagnostics`` ``--fix`` would fix."""
    return sum(applicable(d.fix, unsafe) for d in diagnostics)
