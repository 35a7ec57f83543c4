"""What the FastMCP and SDK differential tests share (``test_differential.py``,
``test_differential_sdk.py``; their parts: ``variants.py``, ``sdk_variants.py``).

For the generators: the tool's signature and argument sets, the parts both
frameworks spell alike (statements before the question, guards, questions, the
helper functions of the module), how a part is drawn (:func:`part`), the result
renamed (:func:`rename_result`) and the module assembled (:func:`module`). For the
tests: the Hypothesis settings (:data:`DIFFERENTIAL`) and the check itself
(:func:`check`): a variant left alone must be byte-for-byte the same with a
reason, a rewritten one must behave as the original on both eras.
"""

from __future__ import annotations

import asyncio
import os
import re
import tempfile

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from elicit_lint.codemod.engine import Options, transform_text

from .behaviour import SCRIPTS, load

# -- generators ---------------------------------------------------------------

FUNCTIONS = """\
def describe(result) -> str:
    return "accepted" if isinstance(result, AcceptedElicitation) else result.action


def shout(text):
    return text.upper()
"""
"""The module-level helpers every variant module defines (``passed_on`` reads
call ``describe``, the ``unknown_call`` prelude calls ``shout``)."""

SIGNATURE = (
    'async def tool(ctx: Context, name: str | None = None, word: str = "ab ") -> str:\n'
)

PRELUDES = {
    "none": [],
    "pure": ['label = "x"'],
    "gate": ['if name == "stop":', '    return "stopped"'],
    "print": ['print("asking")'],
    "rebind": ['name = name or "friend"'],
    # may raise: `AttributeError` when `name` is None, `ValueError` on a non-number
    "optional_method": ["label = name.upper()"],
    "int_parse": ['size = int(name or "0")'],
    "unknown_call": ["label = shout(name)"],
    # client notifications (compared as a set: the rewrite sends them after the question)
    "info": ['await ctx.info("asking")'],
    "progress": ['await ctx.report_progress(1, 2, message="half")'],
}
"""What runs before the question, spelled alike on both frameworks."""

GUARDS = {
    "is_none": "name is None",
    "not": "not name",
    "equals": 'name == "stop"',
    "strip_len": "len(word.strip()) < 3",
    "call": 'print("checking") is None',
}
"""Tests of the arguments around the question, spelled alike on both frameworks."""

QUESTIONS = {"literal": '"Value?"', "quoting": 'f"Value for {name}?"'}

REGISTERS = ("decorator", "add_tool")
# the name the result is bound to: `r`, or one the tool already uses (an argument,
# the `match` capture of the reads, a local of the preludes)
RESULT_NAMES = ("r", "name", "value", "label")

ARGUMENTS = ({}, {"name": "stop"}, {"name": "Ada", "word": "long words"}, {"name": "", "word": ""})


def part(draw, options, plain: str) -> str:
    """One of ``options``, ``plain`` half the time: most variants then differ from a
    plain tool in a few parts, so most are rewritten (the rest exercise the skips)."""
    return draw(st.sampled_from([plain] * len(options) + sorted(options)))


def rename_result(lines: list[str], result: str) -> list[str]:
    """``lines`` with the result ``r`` bound to and read as ``result`` instead."""
    if result == "r":
        return lines
    return [re.sub(r"(?<![!\w])r\b", result, line) for line in lines]


def module(imports: str, before: str, decorator: str, body: str, register: str) -> str:
    """The module: ``imports``, ``before`` (a helper's ``def``, or nothing), the tool
    (``decorator`` when ``register`` is ``"decorator"``, :data:`SIGNATURE`, ``body``)
    and, for ``"add_tool"``, ``mcp.add_tool(tool)`` after it."""
    source = imports + before + "\n\n" + (decorator if register == "decorator" else "")
    source += SIGNATURE + body
    if register == "add_tool":
        source += "\n\nmcp.add_tool(tool)\n"
    return source


# -- tests --------------------------------------------------------------------

EXAMPLES = int(os.environ.get("DIFFERENTIAL_EXAMPLES", "8"))

DIFFERENTIAL = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=EXAMPLES <= 8,  # CI: the same variants every run
)
"""The CI run is short and always the same variants (``DIFFERENTIAL_EXAMPLES``,
default 8, derandomised); a larger ``DIFFERENTIAL_EXAMPLES`` is a random run."""


def _note(text: str) -> None:
    try:
        event(text)
    except InvalidArgument:  # called outside a Hypothesis test
        pass


def check(source: str, call, planned: str) -> bool:
    """Migrate ``source``; a skip must leave it byte-for-byte with a reason (and no
    ``plan.<planned>``: ``"functions"`` for FastMCP, ``"sdk_asks"`` for the SDK),
    a rewrite must give, through ``call`` (``behaviour.call`` or ``call_sdk``),
    the same outcomes as the original on the handshake era for every answer
    script and argument set, and the same as carried on the modern era. True
    when it was rewritten."""
    with tempfile.TemporaryDirectory() as tmp:
        before = os.path.join(tmp, "before.py")
        with open(before, "w", encoding="utf-8") as out:
            out.write(source)
        new, plan = transform_text(source, before, Options())
        if new == source:  # skipped: byte-for-byte, with a reason for the site
            assert plan is not None and plan.skips and not getattr(plan, planned), source
            _note("skipped: " + plan.skips[0].reason.split(" (")[0][:60])
            return False
        _note("rewritten")
        after = os.path.join(tmp, "after.py")
        with open(after, "w", encoding="utf-8") as out:
            out.write(new)
        original, rewritten = load(before), load(after)

        async def outcomes(module, mode: str):
            tools = ["tool", "other"] if hasattr(module, "other") else ["tool"]  # variants.OTHER
            return [
                await call(module, tool, mode, list(script), dict(arguments))
                for tool in tools
                for arguments in ARGUMENTS
                for script in SCRIPTS
            ]

        async def run():
            expected = await outcomes(original, "legacy")
            assert await outcomes(rewritten, "legacy") == expected, new
            carried = [e.as_carried("auto") for e in expected]
            assert await outcomes(rewritten, "auto") == carried, new

        asyncio.run(run())
        return True
