"""Generated elicitation programs and deep-nesting shapes for the fuzz harness
(issue 14 item 6): hypothesis strategies and the case table's shapes."""

from __future__ import annotations

import ast
from functools import cache

from hypothesis import strategies as st

from .helpers import ELICIT_TOOL

HEAD = 'from fastmcp import Context, FastMCP\n\nmcp = FastMCP("t")\n'

QUESTIONS = [
    '"Name?"',
    "'Name?'",
    r'"Name\x00?"',
    r'"Name\ud800?"',
    r'"tab\there"',
    r'"Your " "name?"',
    r'"a\u00e9" "b"',
    'u"Name?"',
    'r"C:\\dir?"',
    '"""Multi\nline?"""',
    'f"Hotel in {city}?"',
    r'f"Hotel\x00 in {city}\ud800?"',
    '("Your "  # part one\n        "name?")',
    '"Caf\u00e9 \U0001f600?"',
]
RESPONSE_TYPES = ["str", "int", "bool", "None", '["a", "b"]', r'["a\x00", "b\ud800"]']
HANDLING = [
    '    if {v}.action == "accept":\n        return str({v}.data)\n    return "no"\n',
    '    if {v}.action != "accept":\n        return "no"\n    return str({v}.data)\n',
    '    return str({v}.data) if {v}.action == "accept" else "no"\n',
    '    match {v}:\n        case _ if {v}.action == "accept":\n            return str({v}.data)\n        case _:\n            return "no"\n',
    "    return str({v})\n",
]
WRAPPERS = ["{ask}", "for _ in range(2):\n        {ask}", "try:\n        {ask}\n    except Exception:\n        pass",
            "{ask}  # noqa: MCP001"]
ELSEWHERE = [
    "",
    "X = " + "[" * 60 + "]" * 60 + "\n",
    "def h(x):\n    if x == 0:\n        return 0\n"
    + "".join(f"    elif x == {i}:\n        return {i}\n" for i in range(1, 120)),
    "S = (" + " ".join(f'"s{i}"' for i in range(150)) + ")\n",
    "F = " + "lambda: " * 200 + "0\n",
    "U = " + " | ".join(["int"] * 200) + "\n",
    "C = " + " and ".join(["x"] * 300) + "\n",
    "\f\ndef page():\n    pass\n",
    "def tabbed():\n\tif x:\n\t\treturn 1\n",
]


@st.composite
def program(draw) -> str:
    """One module: a tool asking one to three questions, in various forms, with
    unrelated code (possibly deep) after it."""
    tools = []
    for t in range(draw(st.integers(1, 2))):
        asks = []
        for i in range(draw(st.integers(1, 3))):
            v = f"r{i}"
            q = draw(st.sampled_from(QUESTIONS))
            rt = draw(st.sampled_from(RESPONSE_TYPES))
            ask = f"{v} = await ctx.elicit({q}, response_type={rt})"
            wrapper = draw(st.sampled_from(WRAPPERS)) if draw(st.booleans()) else "{ask}"
            asks.append("    " + wrapper.format(ask=ask) + "\n")
        handling = draw(st.sampled_from(HANDLING)).format(v="r0")
        tools.append(
            f"\n\n@mcp.tool\nasync def ask{t}(city: str, ctx: Context) -> str:\n"
            + "".join(asks) + handling
        )
    return HEAD + "".join(tools) + "\n" + draw(st.sampled_from(ELSEWHERE))


MUTATIONS = ["\f", " \f", "\t", " ", "\n", "\r\n", "\\\n", "#", "(", ")", '"', "'", "\x00", "\r"]


@st.composite
def mutated(draw) -> str:
    """A generated program with up to three characters inserted or one line dropped
    or doubled; most mutants do not parse (the harness keeps those that do)."""
    text = draw(program())
    for _ in range(draw(st.integers(0, 3))):
        choice = draw(st.integers(0, 2))
        lines = text.split("\n")
        if choice == 0:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(MUTATIONS)) + text[at:]
        elif choice == 1 and len(lines) > 3:
            del lines[draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        else:
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, lines[at])
            text = "\n".join(lines)
    return text


def _expressions(n: int) -> dict[str, str]:
    return {
        "lambdas": "lambda: " * n + "0",
        "union": " | ".join(["int"] * n),
        "attribute": "a" + ".b" * n,
        "subscript": "a" + "[0]" * n,
        "not": "not " * n + "x",
        "minus": "-" * n + "1",
        "plus": " + ".join(["1"] * n),
        "ifexp": "1 if x else " * n + "0",
        "power": " ** ".join(["2"] * n),
        "method_chain": "a" + ".b()" * n,
        "string_plus": " + ".join(f'"s{i}"' for i in range(n)),
    }


BRACKETS = {  # CPython's tokenizer stops at 200 open brackets
    "list": lambda n: "[" * n + "]" * n,
    "call": lambda n: "f(" * n + ")" * n,
    "tuple": lambda n: "(" * n + "1" + ",)" * n,
    "dict": lambda n: "{1: " * n + "1" + "}" * n,
}
SHAPES = sorted([*_expressions(1), *BRACKETS, "elif"])


def shape(name: str, n: int) -> str:
    """The statement of shape ``name`` nested ``n`` deep, for the body of a function."""
    if name == "elif":
        return "if x == 0:\n    pass\n" + "".join(f"elif x == {i}:\n    pass\n" for i in range(1, n))
    if name in BRACKETS:
        return f"y = {BRACKETS[name](n)}\n"
    return f"y = {_expressions(n)[name]}\n"


def in_function(name: str, n: int) -> str:
    body = "".join("    " + line + "\n" for line in shape(name, n).splitlines())
    return f"async def deep(x):\n{body}"


@cache
def deepest(name: str) -> int:
    """The deepest ``n`` CPython's parser accepts for the shape (binary search), as a
    fresh interpreter parses it (at the bottom of a thread's stack)."""
    from elicit_lint.core.depth import on_fresh_stack

    def parses(n: int) -> bool:
        try:
            on_fresh_stack(ast.parse, ELICIT_TOOL + "\n\n" + in_function(name, n))
        except (SyntaxError, RecursionError, MemoryError):
            return False
        return True

    lo, hi = 1, 200 if name in BRACKETS else 6_000
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if parses(mid) else (lo, mid)
    return lo
