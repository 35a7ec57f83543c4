"""The child process of :func:`.isolate.transform_isolated` (``python -m
elicit_lint.codemod.isolate_child``): one rewrite in a thread with a large stack.
A module of its own so that :mod:`.isolate` does not import the engine."""

from __future__ import annotations

import pickle
import sys

from .engine import transform_text
from .isolate import _FRAME_BYTES, safe_text


def _transform(text: str, path: str, options) -> tuple:
    try:
        new, plan = transform_text(text, path, options, isolate=False)
        return ("ok", new, plan)
    except SyntaxError as exc:
        return ("syntax", exc.msg, exc.lineno)
    except Exception as exc:  # noqa: BLE001 - handed to the parent as its message
        detail = safe_text(exc)
        if type(exc) is ValueError:
            return ("other", detail)
        return ("other", f"internal error in the rewrite ({type(exc).__name__}: {detail}); file left as is")


def main() -> None:
    """The child's side: ``(text, path, options, stack)`` pickled on stdin, the
    outcome pickled on stdout. The work runs in a thread with a ``stack``-byte
    stack and a recursion limit to match, since libcst's Python side (metadata,
    visitors, ``deep_clone``) recurses once per level too: a file that would
    exhaust this process's defaults is rewritten here rather than failed, and if
    the native parser overflows even that stack, only this child dies."""
    import threading

    text, path, options, stack = pickle.loads(sys.stdin.buffer.read())
    out: list[tuple] = []
    threading.stack_size(stack)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), stack // _FRAME_BYTES))
    worker = threading.Thread(target=lambda: out.append(_transform(text, path, options)))
    worker.start()
    worker.join()
    sys.stdout.buffer.write(pickle.dumps(out[0], pickle.HIGHEST_PROTOCOL))


if __name__ == "__main__":
    main()
