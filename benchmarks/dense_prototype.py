"""Prototype (measurement only): check each file with the top-level ``def`` /
``class`` statements a text test calls irrelevant blanked out (line numbers
kept), against the whole files: the bytes kept, the CPU of both checks and of
``ast.parse`` of both, and how many files keep the same diagnostics.

Usage (from the tree, e.g. the dense tree ``speed.py`` builds):
``python benchmarks/dense_prototype.py [--narrow]``

A statement is kept when it is not a ``def`` / ``class``, when its text spells
one of the words (``--narrow``: only the elicitation words), or when its name
is spelled by a kept non-``def`` statement. The split uses ``ast`` itself, so
its cost is not counted (a real design would need tokens for it). Results in
docs/performance.md ("The dense floor"). Tests never assert timings.
"""

from __future__ import annotations

import ast
import gc
import re
import sys
import time
from pathlib import Path

WIDE = re.compile(rb"elicit|Elicit|Context|ctx|tool|Resolve|InputRequired|mcp|MCP|accept|decline|cancel")
NARROW = re.compile(rb"elicit|Elicit|Resolve|InputRequired")


def reduced(data: bytes, words: re.Pattern[bytes]) -> bytes:
    """``data`` with the top-level defs and classes ``words`` calls irrelevant blanked."""
    tree = ast.parse(data)
    lines = data.split(b"\n")
    kept, defs = [], []
    for stmt in tree.body:
        decorators = getattr(stmt, "decorator_list", None)
        start = (decorators[0].lineno if decorators else stmt.lineno) - 1
        text = b"\n".join(lines[start:stmt.end_lineno])
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defs.append((stmt, start, text))
        else:
            kept.append(text)
    others = b"\n".join(kept)
    for stmt, start, text in defs:
        if words.search(text) or re.search(rb"\b" + stmt.name.encode() + rb"\b", others):
            continue
        for row in range(start, stmt.end_lineno):
            lines[row] = b""
    return b"\n".join(lines)


def main(argv: list[str]) -> int:
    from elicit_lint.analysis.prefilter import may_produce_diagnostics
    from elicit_lint.checker import runner
    from elicit_lint.workspace.discovery import Discovery

    files = sorted(Discovery(Path(".")).files(["."]))
    whole = {f: Path(f).read_bytes() for f in files}
    candidates = [f for f in files if may_produce_diagnostics(whole[f])]
    words = NARROW if "--narrow" in argv else WIDE
    cut = {f: reduced(whole[f], words) for f in candidates}
    size = sum(len(whole[f]) - whole[f].count(b"\n") for f in candidates)
    kept = sum(len(cut[f]) - cut[f].count(b"\n") for f in candidates)
    print(f"bytes kept: {kept / size:.0%}")
    options = runner.RunOptions()
    gc.freeze()
    gc.set_threshold(100_000, 20, 100)

    def check(texts) -> tuple[float, list]:
        start = time.process_time()
        results = [runner.check_source(f, texts[f], options) for f in candidates]
        return time.process_time() - start, results

    def parse(texts) -> float:
        start = time.process_time()
        for f in candidates:
            ast.parse(texts[f])
        return time.process_time() - start

    check(whole)  # warm-up
    for _ in range(2):
        (full, full_results), (part, part_results) = check(whole), check(cut)
        full_parse, part_parse = parse(whole), parse(cut)
        print(f"whole: check {full * 1e3:.0f} ms, parse {full_parse * 1e3:.0f} ms; blanked: check {part * 1e3:.0f} ms,"
              f" parse {part_parse * 1e3:.0f} ms; blanked check / whole parse {part / full_parse:.2f}x")
    same = sum(a.diagnostics == b.diagnostics for a, b in zip(full_results, part_results))
    print(f"files with the same diagnostics: {same} of {len(candidates)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
