"""The text summary (``Found N errors.`` and the fixable line) and ``--statistics``.

Wording and placement are ruff 0.17.6's, checked by running it (``ruff check
--select F401,E711`` on files with a safe and an unsafe fix, with and without
``--unsafe-fixes``, ``--fix`` and ``--statistics``):

- a finding whose fix ``--fix`` would apply now (safe; unsafe too with
  ``--unsafe-fixes``) is marked ``[*]`` after its code, in the concise and full
  formats, except in a ``--fix`` run (ruff: what was fixable has been fixed);
- after ``Found N errors.``: ``[*] N fixable with `--fix`.``, with ``(M unsafe
  fix(es) available with `--fix --unsafe-fixes`)`` before the period when
  unsafe fixes exist and ``--unsafe-fixes`` is not given, or only ``M unsafe
  fix(es) available with `--fix --unsafe-fixes`.`` when nothing is fixable;
  the unsafe-fix hint only while unsafe fixes are neither turned on nor off
  (ruff's ``UnsafeFixes::Hint``: ``unsafe-fixes = false`` or
  ``--no-unsafe-fixes`` hides it; ``--fix-only`` and ``--diff`` keep theirs);
- ``--statistics`` rows are ``count<TAB>code<TAB>name``, the count right-aligned
  to the widest count and the code left-aligned to the widest code; when any row
  is fixable, each name is preceded by ``[*] `` or ``[ ] ``.

The summary goes to stderr (elicit-lint's convention; ruff prints it on stdout).
"""

from __future__ import annotations

TYPE_CHECKING = False  # ``typing`` is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import TextIO

# ``diagnostic.Applicability`` is a ``str`` enum: its values are compared here so
# that a clean run (no findings, nothing to summarise) does not import it
SAFE, UNSAFE = "safe", "unsafe"


def fixable(diagnostic, unsafe: bool) -> bool:
    """Would ``--fix`` (with ``--unsafe-fixes`` when ``unsafe``) apply this finding's fix?"""
    fix = diagnostic.fix
    if fix is None:
        return False
    return fix.applicability == SAFE or (unsafe and fix.applicability == UNSAFE)


def fixable_line(results: list, unsafe: bool, fix_mode: bool = False, hint: bool = True) -> str | None:
    """ruff's line after ``Found N errors.`` (``None`` when there is nothing to say).
    ``hint``: count the unsafe fixes ``--unsafe-fixes`` would add (false when the
    run set ``unsafe-fixes`` either way, as ruff hides the hint then).

    In a ``--fix`` run (``fix_mode``) a finding still fixable is one whose file
    could not be written (reported as an error line): advertising ``--fix`` again
    would only repeat the failure, so only the unsafe-fix hint is kept."""
    applicable = hidden = 0
    for r in results:
        for d in r.diagnostics:
            if fixable(d, unsafe):
                applicable += 1
            elif hint and not unsafe and d.fix is not None and d.fix.applicability == UNSAFE:
                hidden += 1
    if fix_mode:
        applicable = 0
    unsafe_text = f"{hidden} unsafe fix{'' if hidden == 1 else 'es'} available with `--fix --unsafe-fixes`"
    if applicable and hidden:
        return f"[*] {applicable} fixable with `--fix` ({unsafe_text})."
    if applicable:
        return f"[*] {applicable} fixable with `--fix`."
    if hidden:
        return f"{unsafe_text}."
    return None


def write_summary(results: list, stream: TextIO, *, fixed: int, fix_mode: bool, unsafe: bool,
                  clean_message: bool = True, hint: bool = True) -> None:
    """``Found N errors.`` (``(F fixed, R remaining)`` in a ``--fix`` run) and the
    fixable line (``hint``: :func:`fixable_line`'s), or ``All checks passed!``
    (unless ``clean_message`` is false)."""
    count = sum(len(r.diagnostics) for r in results)
    if count or fixed:
        total = count + fixed
        tally = f" ({fixed} fixed, {count} remaining)" if fix_mode else ""
        stream.write(f"Found {total} error{'s' if total != 1 else ''}{tally}.\n")
        line = fixable_line(results, unsafe, fix_mode, hint)
        if line is not None:
            stream.write(line + "\n")
    elif clean_message:
        stream.write("All checks passed!\n")


def write_fixed(fixed: dict[str, dict[tuple[str, str], int]], stream: TextIO) -> None:
    """``--show-fixes`` after a ``--fix`` run: ruff's enumeration of the fixes applied,
    per file (in the order given) and per rule (by code), between blank lines::

        Fixed 3 errors:
        - server.py:
            2 × MCP019 (missing-declared-elicitation)

    ``fixed`` maps a file name to ``{(code, name): count}``; nothing is written
    when no fix was applied (ruff 0.17.6 prints the same text, on stdout)."""
    total = sum(sum(codes.values()) for codes in fixed.values())
    if not total:
        return
    stream.write(f"\nFixed {total} error{'s' if total != 1 else ''}:\n")
    for filename, codes in fixed.items():
        if codes:
            stream.write(f"- {filename}:\n")
            stream.writelines(f"    {n} × {code} ({name})\n" for (code, name), n in sorted(codes.items()))
    stream.write("\n")


def write_statistics(results: list, output_format: str, stream: TextIO, unsafe: bool = False) -> None:
    """``--statistics``: findings per rule, most frequent first.

    With ``--output-format json`` a JSON list of ``{code, name, count, fixable,
    fixable_count}`` objects, as ``ruff check --statistics --output-format json``
    prints it (ruff 0.17); otherwise ruff's text table (module docstring).
    """
    counts: dict[tuple[str, str], list[int]] = {}
    for r in results:
        for d in r.diagnostics:
            entry = counts.setdefault((d.code, d.name), [0, 0])
            entry[0] += 1
            entry[1] += fixable(d, unsafe)
    rows = sorted(counts.items(), key=lambda kv: (-kv[1][0], kv[0]))
    if output_format == "json":
        import json

        items = [
            {"code": code, "name": name, "count": n, "fixable": k > 0, "fixable_count": k}
            for (code, name), (n, k) in rows
        ]
        json.dump(items, stream, indent=2, ensure_ascii=False)
        stream.write("\n")
        return
    if not rows:
        return
    count_width = max(len(str(n)) for _, (n, _) in rows)
    code_width = max(len(code) for (code, _), _ in rows)
    any_fixable = any(k for _, (_, k) in rows)
    for (code, name), (n, k) in rows:
        mark = ("[*] " if k else "[ ] ") if any_fixable else ""
        stream.write(f"{n:>{count_width}}\t{code:<{code_width}}\t{mark}{name}\n")
