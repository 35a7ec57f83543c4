"""The parts the differential test (``test_differential.py``) builds FastMCP tools from.

One module, one tool ``tool``; :func:`build` joins named parts into its source:
what runs before the question (``PRELUDES``: pure lines, rebound arguments,
gates, lines that may raise on an ``Optional`` argument or a text that is no
number, ``print``, client notifications), the question (``QUESTIONS``), the call
shape (``CALLS``), the response type (``TYPES``, a choice list and a ``Literal``
among them), how the result ``r`` is read (``READS``: the outcome tests of the
fixtures, ``match``, decline told from cancel, ``.action`` as data, the result
passed on, truth tests of the result object), an optional later question
(``SECONDS``, one of them quoting ``r.data``), a wrap (``WRAPS``: none, an ``if``
on the arguments, the backfill written out, or a private helper that asks and
returns a value, ``HELPERS``, called by a second tool ``other`` too or not,
``CALLERS``, or the one-line backfill ``if not name: name =
(await ctx.elicit(...)).data``) and how the tool is registered (``@mcp.tool`` or
``mcp.add_tool(tool)``). Every part is valid Python the original server runs.
"""

from __future__ import annotations

from hypothesis import strategies as st

from . import differential as common
from .differential import REGISTERS, RESULT_NAMES, SIGNATURE, part

IMPORTS = """\
from typing import Literal

from fastmcp import Context, FastMCP
from fastmcp.server.elicitation import AcceptedElicitation

mcp = FastMCP("Variants")


""" + common.FUNCTIONS

HEADER = IMPORTS + "\n\n@mcp.tool\n" + SIGNATURE

TYPES = ["str", "int", "bool", '["small", "large"]', 'Literal["small", "large"]', '[word, "other"]']

PRELUDES = {
    **common.PRELUDES,
    "rebind_if": ["if name is None:", '    name = "friend"'],
    "walrus_gate": ['if (name := name or "friend") == "stop":', '    return "stopped"'],
    "call_gate": ['if len(name or "") > 3:', '    return "long"'],
    "str_local": ["text = word.strip().lower()"],
    "log_quoting": ['await ctx.debug(f"asking {name}", logger_name="variants")'],
    "assert": ["assert word"],
    "rebind_word": ["word = word.strip()"],
    "loop": ["for ch in word:", "    label = ch"],
    "try": ["try:", "    size = int(word)", "except ValueError:", "    size = 0"],
    # a gate reading a rebound argument, a gate reading a local
    "rebind_then_gate": ['name = name or "stop"', 'if name == "stop":', '    return "stopped"'],
    "local_gate": ["label = word.strip()", 'if label == "":', '    return "blank"'],
    # early exits that fire where a backfill of `name` would ask (`name` empty,
    # `word` empty), one on an earlier answer's decline (fresh7 HIGH-4), and ones
    # inside a loop or on their own that no resolver can copy
    "word_gate": ["if len(word) < 2:", '    return "short"'],
    "raise_gate": ["if not word:", '    raise ValueError("no word")'],
    "answer_gate": [
        'first = await ctx.elicit("First?", response_type=bool)',
        'if first.action != "accept":',
        '    return "no first"',
    ],
    # an optional earlier answer read only by an exit that does not fire on every
    # decline (on one accepted value, or on a decline for some arguments only):
    # the next question is still asked after a decline (fresh8 F4)
    "answer_value_gate": [
        'first = await ctx.elicit("First?", response_type=bool)',
        'if first.action == "accept" and first.data is False:',
        '    return "first no"',
    ],
    "answer_text_gate": [
        'first = await ctx.elicit("First?", response_type=str)',
        'if first.action == "accept" and first.data == "stop":',
        '    return "first stop"',
    ],
    "answer_arg_gate": [
        'first = await ctx.elicit("First?", response_type=bool)',
        'if name != "stop" and first.action != "accept":',
        '    return "no first"',
    ],
    "loop_exit": ["for ch in word:", '    if ch == " ":', '        return "space"'],
    "bare_raise": ['raise ValueError("closed")'],
}

# a statement between a guard's `if` and the question (wrap "guard" only)
INNERS = {
    "none": [],
    "pure": ['label = "x"'],
    "print": ['print("asking")'],
    "info": ['await ctx.info("asking")'],
    "may_raise": ["label = name.upper()"],
}

QUESTIONS = {
    **common.QUESTIONS,
    "method": 'f"Value for {name.upper()}?"',  # raises when `name` is None
    "len": 'f"{len(word)} letters?"',
}

CALLS = {
    "keyword": "await ctx.elicit({q}, response_type={t})",
    "message_kw": "await ctx.elicit(message={q}, response_type={t})",
    "positional": "await ctx.elicit({q}, {t})",
    "kwargs": 'await ctx.elicit({q}, **{{"response_type": {t}}})',
}

# how the result ``r`` is read; every branch returns a text telling outcomes apart
READS = {
    "action_eq": ['if r.action == "accept":', '    return f"got {r.data!r}{tail}"', 'return "none"'],
    "action_ne": ['if r.action != "accept":', '    return "none"', 'return f"got {r.data!r}{tail}"'],
    "action_in": [
        'if r.action in ("decline", "cancel"):',
        '    return "none"',
        'return f"got {r.data!r}{tail}"',
    ],
    "isinstance": [
        "if isinstance(r, AcceptedElicitation):",
        '    return f"got {r.data!r}{tail}"',
        'return "none"',
    ],
    "match": [
        "match r:",
        "    case AcceptedElicitation(data=value):",
        '        return f"got {value!r}{tail}"',
        "    case _:",
        '        return "none"',
    ],
    "ifexp": ['return f"got {r.data!r}{tail}" if r.action == "accept" else "none"'],
    "data_only": ['return f"got {r.data!r}{tail}"'],
    # the answer never read: the original goes on after a decline or cancel
    "never_read": ['return f"asked{tail}"'],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        'return f"got {r.data!r}{tail}"',
    ],
    "elif_chain": [
        'if r.action == "accept":',
        '    return f"got {r.data!r}{tail}"',
        'elif r.action == "decline":',
        '    return "declined"',
        'return "cancelled"',
    ],
    "match_action": [
        "match r.action:",
        '    case "accept":',
        '        return f"got {r.data!r}{tail}"',
        '    case "decline":',
        '        return "declined"',
        "    case _:",
        '        return "cancelled"',
    ],
    "action_as_data": ["return f\"{r.action}: {getattr(r, 'data', None)!r}{tail}\""],
    "passed_on": ['return f"{describe(r)}{tail}"'],
    "truth": ["if r:", '    return f"got {r.data!r}{tail}"', 'return "none"'],
    "not_truth": ["if not r:", '    return "none"', 'return f"got {r.data!r}{tail}"'],
    "bool_call": [
        'ok = bool(r) and r.action == "accept"',
        'return f"got {r.data!r}{tail}" if ok else "none"',
    ],
    "data_truth": [
        'if r.action == "accept" and r.data:',
        '    return f"got {r.data!r}{tail}"',
        'return "none or falsy"',
    ],
    # `.data` on a path decline/cancel reaches (fresh user F3): the original
    # raises `AttributeError` there, so must the rewrite
    "data_unguarded": [
        'if r.action == "accept" and not r.data:',
        '    return "falsy"',
        "if r.data:",
        '    return f"got {r.data!r}{tail}"',
        'return "other"',
    ],
    "data_before_test": [
        "value = r.data",
        'if r.action != "accept":',
        '    return "none"',
        'return f"got {value!r}{tail}"',
    ],
    "data_on_one_path": ['if word == "ab ":', '    return f"got {r.data!r}{tail}"', 'return "other"'],
    "or_value": [
        'if r.action == "accept":',
        '    return f"got {(r or None).data!r}{tail}"',
        'return "none"',
    ],
}

# a later question; `r`'s reads come after it (one question's `.data` read after
# another is asked); "quoting_answer" quotes `r.data` (raises when `r` was not accepted)
SECONDS = {
    "none": [],
    "literal": ['s = await ctx.elicit("Also?", response_type=str)'],
    "quoting": ['s = await ctx.elicit(f"Also for {name}?", response_type=str)'],
    "quoting_answer": ['s = await ctx.elicit(f"Also for {r.data}?", response_type=str)'],
    "choice": ['s = await ctx.elicit("Size?", response_type=Literal["s", "m"])'],
    "quoting_rebound": [
        'name = r.data if r.action == "accept" else name',
        's = await ctx.elicit(f"Also for {name}?", response_type=str)',
    ],
    "after_decline_return": [
        'if r.action == "decline":',
        '    return "declined first"',
        's = await ctx.elicit(f"Also for {r.data}?", response_type=str)',
    ],
    # the answer read before the later question: on decline/cancel the original
    # stops at the read, never asking it (fresh7 HIGH-2)
    "after_read": ["got = r.data", 's = await ctx.elicit("Also?", response_type=str)'],
}

# the question asked first in an `if` block (issue 11 item 3): a guard on the
# argument around the question and its reads (the tool returns "skipped" when the
# test is false), or the backfill written out (`name = r.data` after a decline
# branch, the tool then returns `name`); the tests include ones the rewrite must
# refuse (a call with effects, `:=`, a subscript)
GUARDS = {
    **common.GUARDS,
    "none_or_empty": 'name is None or name == ""',
    "not_equals": 'name != "stop"',
    "attribute": "ctx.is_background_task",
    "walrus": '(n := name) == "stop"',
    "subscript": 'name[0] == "s"',
    "local_len": 'len(text) < 3 and text != "x"',
    "str_test": 'word.startswith("ab")',
    # compound tests, one naming another argument: also the backfill's test
    "or_other": 'len(word.strip()) < 3 or name is None',
    "in_tuple": 'name in ("stop", "go")',
    "arg_vs_arg": "name == word",
    "other_arg": "word.isdigit()",
    "not_both": "not (name and word)",
}
BACKFILL_GUARDS = ("is_none", "not", "none_or_empty", "or_other", "in_tuple", "arg_vs_arg", "not_both")

BACKFILL_READS = {
    "decline_return": ['if r.action != "accept":', '    return "none"', "name = r.data"],
    "if_else": ['if r.action == "accept":', "    name = r.data", "else:", '    return "none"'],
    "decline_vs_cancel": [
        'if r.action == "decline":',
        '    return "declined"',
        'if r.action == "cancel":',
        '    return "cancelled"',
        "name = r.data",
    ],
    "no_return": ['name = r.data if r.action == "accept" else "nobody"'],
}

# a private helper `_ask(ctx, text)` that asks for the tool and returns a value
# (the codemod inlines it); the tool awaits it once
HELPERS = {
    "bool_and": ['return r.action == "accept" and r.data'],
    "data_or_fallback": ['if r.action == "accept":', "    return r.data", 'return "fallback"'],
    "none_on_decline": ['if r.action != "accept":', "    return None", "return r.data"],
    "kept_whole": ["return r"],
    "quotes_text": ['return f"{text}: {r.data}" if r.action == "accept" else None'],
    # a gate of the helper's own before it asks
    "gated": ['if not text.strip():', '    return "blank"', "{ask}", "return r.data if r else None"],
}
HELPER_USES = {
    "assign": ["value = await _ask(ctx, {q})", 'return f"got {value!r}"'],
    "if_not": ["if not await _ask(ctx, {q}):", '    return "no"', 'return "yes"'],
    "keywords": ["value = await _ask(text={q}, ctx=ctx)", 'return f"got {value!r}"'],
}

# a second tool `other` calling the helper too (wrap "helper"): the helper is
# inlined into both or neither; its question is built from its own arguments
OTHER = (
    "\n\n@mcp.tool\n"
    'async def other(ctx: Context, name: str | None = None, word: str = "ab ") -> str:\n'
    '    value = await _ask(ctx, word.strip() + "?")\n'
    '    return f"other {value!r}"\n'
)
CALLERS = ("one", "two")

WRAPS = ("none", "guard", "backfill", "helper", "guarded_helper", "one_line")


def _lines(lines: list[str], indent: str = "    ") -> str:
    return "".join(f"{indent}{line}\n" for line in lines)


def build(
    *,
    prelude: str = "none",
    question: str = "literal",
    shape: str = "keyword",
    type_: str = "str",
    read: str = "action_eq",
    second: str = "none",
    wrap: str = "none",
    guard: str = "is_none",
    backfill: str = "decline_return",
    helper: str = "data_or_fallback",
    use: str = "assign",
    register: str = "decorator",
    inner_prelude: str = "none",
    result: str = "r",
    callers: str = "one",
) -> str:
    """The source of one module with one tool ``tool`` from the named parts."""
    tail = ""
    ask = "r = " + CALLS[shape].format(q=QUESTIONS[question], t=type_)
    before = ""
    if wrap in ("helper", "guarded_helper"):
        ask = "r = " + CALLS[shape].format(q="text", t=type_)
        body = HELPERS[helper] if "{ask}" in HELPERS[helper] else ["{ask}", *HELPERS[helper]]
        body = [ask if line == "{ask}" else line for line in body]
        before = "\n\nasync def _ask(ctx: Context, text: str):\n" + _lines(body)
        inner = [line.replace("{q}", QUESTIONS[question]) for line in HELPER_USES[use]]
        after = ['return "skipped"']
    elif wrap == "backfill":
        inner = [ask, *BACKFILL_READS[backfill]]
        after = ['return f"got {name!r}"']
    elif wrap == "one_line":  # `if not name: name = (await ctx.elicit(...)).data`
        inner = ["name = (" + CALLS[shape].format(q=QUESTIONS[question], t=type_) + ").data"]
        after = ['return f"got {name!r}"']
    else:
        inner = [ask, *SECONDS[second]]
        if SECONDS[second]:
            inner.append('extra = s.data if s.action == "accept" else None')
            tail = " {extra!r}"
        inner += [line.replace("{tail}", tail) for line in READS[read]]
        after = ['return "skipped"']
    lines = list(PRELUDES[prelude])
    # a later question after the `if` (one not reading `r`, which the one-line
    # backfill does not bind): after the one-line backfill, asked only when its
    # question was not declined or cancelled (fresh7 HIGH-2)
    if wrap == "one_line" and SECONDS[second] and "r." not in "".join(SECONDS[second]):
        after = [
            *SECONDS[second],
            'extra = s.data if s.action == "accept" else None',
            'return f"got {name!r} {extra!r}"',
        ]
    if wrap == "backfill" and SECONDS[second]:  # a later question, after the `if`
        after = [*SECONDS[second], 'return f"got {name!r} {s.action}"']
    if wrap in ("none", "helper"):
        lines += inner
    else:
        inner = [*INNERS[inner_prelude], *inner] if wrap not in ("backfill", "one_line") else inner
        lines += [f"if {GUARDS[guard]}:", *(f"    {line}" for line in inner), *after]
    lines = common.rename_result(lines, result)
    source = common.module(IMPORTS, before, "@mcp.tool\n", _lines(lines), register)
    if wrap == "helper" and callers == "two":
        source += OTHER
    return source


@st.composite
def variants(draw) -> str:
    """The source of one module with one tool ``tool`` (see module docstring)."""
    wrap = draw(st.sampled_from(WRAPS))
    guards = BACKFILL_GUARDS if wrap in ("backfill", "one_line") else sorted(GUARDS)
    # a helper's response type cannot read the tool's arguments
    types = [t for t in TYPES if "word" not in t] if "helper" in wrap else TYPES
    return build(
        prelude=part(draw, PRELUDES, "none"),
        question=part(draw, QUESTIONS, "quoting"),
        shape=part(draw, CALLS, "keyword"),
        type_=draw(st.sampled_from(types)),
        read=draw(st.sampled_from(sorted(READS))),
        second=part(draw, SECONDS, "none"),
        wrap=wrap,
        guard=draw(st.sampled_from(guards)),
        backfill=draw(st.sampled_from(sorted(BACKFILL_READS))),
        helper=draw(st.sampled_from(sorted(HELPERS))),
        use=draw(st.sampled_from(sorted(HELPER_USES))),
        register=draw(st.sampled_from(REGISTERS)),
        inner_prelude=part(draw, INNERS, "none"),
        result=part(draw, RESULT_NAMES, "r"),
        callers=draw(st.sampled_from(CALLERS)),
    )
