"""Running libcst where its native parser cannot end the run.

libcst's parser is native code that recurses on some shapes Python's own parser
keeps flat: a chain of ``and``/``or`` terms is one ``ast.BoolOp`` but a nest of
``BooleanOperation`` nodes, and the native parser overflows its stack around
7,000 terms (libcst 1.9 on an 8 MB stack: a segmentation fault, which no
``except`` catches). Measured with libcst 1.9 on chains of each shape, every
other nesting CPython's parser accepts (``+`` chains, ``elif`` chains, nested
calls, subscripts, attributes, ``not``, unary minus: all up to CPython's own
limit of about 3,000) parses, and an implicit concatenation of more than about
3,000 strings is a ``ParserSyntaxError``, an ordinary exception.

So before libcst runs, :func:`libcst_depth` estimates from the stdlib tree how
deep libcst will nest (an ``and``/``or`` term counts as one level, as libcst
builds it); a file above :data:`SAFE_DEPTH` is rewritten in a child process
(:func:`transform_isolated`) with a large stack and recursion limit, where
libcst's native parser and its recursive Python side have room. A file whose
rewrite meets a ``RecursionError`` in this process (libcst's metadata and
visitors recurse several frames per level: an ``and`` chain of a few hundred
terms exhausts the default limit) is retried there too. A child killed by a
signal fails that file with a plain reason while the run goes on. Every other
file is rewritten in process, as before. libcst's Python side is slow on such
nesting (its metadata and visitors: an ``and`` chain of 4,000 terms takes
about 13 s to rewrite, 20,000 about 2 minutes), but the file is rewritten.
"""

from __future__ import annotations

import ast
import pickle
import signal
import subprocess
import sys

SAFE_DEPTH = 1_000
"""Estimated libcst nesting above which libcst runs in a child process: about a
seventh of the ``and``-chain crash (~7,100 terms), and a third of CPython's own
nesting limit, which every other shape reaches before libcst fails."""


CHILD_STACK = 1 << 30
"""Bytes of stack for the child's rewrite (address space reserved, touched only as
deep as the file goes): room for libcst's parser and its Python side on any
nesting CPython's own parser accepts, at libcst 1.9's ~1.1 KB per ``and`` term."""

_FRAME_BYTES = 2_000
"""Stack bytes allowed per Python frame when the child sets its recursion limit
(CPython 3.11's frames of libcst's recursive visitors take well under this)."""


class LibcstCrashed(ValueError):
    """libcst's native parser ended the child process (``str(exc)``: the reason).
    A ``ValueError``, as the engine's other reasons for leaving a file as is."""


def libcst_depth(tree: ast.AST, stop: int = SAFE_DEPTH) -> int:
    """An estimate of how deep libcst nests ``tree``'s code: the deepest chain of
    nodes, where an ``and``/``or`` operation of ``n`` terms counts ``n - 1``
    levels (libcst nests it pairwise) and every other node one. Iterative (no
    recursion limit); returns as soon as the depth passes ``stop``."""
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    deepest = 0
    while stack:
        node, depth = stack.pop()
        if isinstance(node, ast.BoolOp):
            depth += len(node.values) - 1
        else:
            depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > stop:
                return deepest
        stack.extend((child, depth) for child in ast.iter_child_nodes(node))
    return deepest


def risky(tree: ast.AST, text: str) -> bool:
    """Whether libcst should not parse ``text`` in this process (:data:`SAFE_DEPTH`).

    A file with fewer ``and``/``or`` words than the limit and fewer lines than
    it cannot nest that deep through those words, and every other nesting is
    bounded by CPython's parser: such a file is judged without a walk."""
    words = text.count(" and ") + text.count(" or ") + text.count("\nand ") + text.count("\nor ")
    if words <= SAFE_DEPTH // 2 and text.count("\n") <= SAFE_DEPTH:
        return False
    return libcst_depth(tree, SAFE_DEPTH) > SAFE_DEPTH


def _reason(returncode: int) -> str:
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        name = f"signal {-returncode}"
    return (
        f"libcst's parser crashed on this file ({name}; it nests too deeply for libcst, "
        "e.g. a very long `and`/`or` chain); file left as is"
    )


def transform_isolated(text: str, path: str, options, stack: int | None = None):
    """:func:`elicit_lint.codemod.engine.transform_text` run in a child Python
    process; returns its ``(new_text, plan)`` and raises what it raised
    (``SyntaxError``; ``ValueError`` with the message for anything else, such as
    ``ParserSyntaxError: ...``). Raises :class:`LibcstCrashed` when the
    child dies from a signal (libcst's native parser overflowing its stack).
    ``stack``: the child's stack size in bytes (default :data:`CHILD_STACK`; see
    :func:`.isolate_child.main`)."""
    stack = stack or CHILD_STACK
    payload = pickle.dumps((text, path, options, stack), pickle.HIGHEST_PROTOCOL)
    proc = subprocess.run(
        [sys.executable, "-m", "elicit_lint.codemod.isolate_child"],
        input=payload,
        capture_output=True,
        check=False,
    )
    if proc.returncode < 0:
        raise LibcstCrashed(_reason(proc.returncode))
    try:
        kind, *rest = pickle.loads(proc.stdout)
    except Exception:  # noqa: BLE001 - a child that died another way (out of memory...)
        tail = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
        raise LibcstCrashed(
            f"the isolated rewrite failed (exit {proc.returncode}{': ' + tail[0] if tail[0] else ''}); "
            "file left as is"
        ) from None
    if kind == "ok":
        return rest[0], rest[1]
    if kind == "syntax":
        error = SyntaxError(rest[0])
        error.lineno = rest[1]
        raise error
    raise ValueError(rest[0])


def safe_text(exc: BaseException) -> str:
    """The first line of ``str(exc)``, or ``""`` when it has none or cannot be
    made (a libcst exception's text may render a node too deep to print)."""
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - str() of a foreign exception may fail
        return ""
    return text.splitlines()[0] if text else ""


if __name__ == "__main__":  # the former entry point of the child: same work
    import runpy

    runpy.run_module("elicit_lint.codemod.isolate_child", run_name="__main__")


def python312_reason(version: tuple[int, int] | None = None) -> str | None:
    """The reason a file is left when libcst's visitors recurse too deeply under
    ``version`` (default: the running Python's), or ``None`` when the child's
    large stack and recursion limit are the cure (3.11, 3.13). CPython 3.12 caps C
    recursion at a fixed depth (about 1,500 calls on 3.12.1; ``setrecursionlimit``
    does not raise it, and 3.13 lifted the cap), so no process of it can rewrite
    such a file."""
    if (version or tuple(sys.version_info[:2])) != (3, 12):
        return None
    return (
        "this file nests too deeply for libcst under Python 3.12 (its C recursion cap is fixed; "
        "sys.setrecursionlimit cannot raise it): run elicit-migrate under Python 3.11 or 3.13, "
        "which rewrite it, or migrate it by hand; file left as is"
    )

