"""The shared query of how a bound elicitation result is used
(``analysis.result_uses``), read by MCP016 and by the outcome translation: each
kind of use, with the near misses that must land in another kind."""

from __future__ import annotations

import ast

import pytest

from elicit_lint.analysis import result_uses as ru

HEAD = (
    "from fastmcp import Context\n"
    "from fastmcp.server.elicitation import AcceptedElicitation as Yes\n"
    "async def t(ctx: Context):\n"
    "    r = await ctx.elicit('q', response_type=str)\n"
)


def parse(body: str) -> tuple[ast.Module, ast.AsyncFunctionDef, dict[ast.AST, ast.AST]]:
    """The module of a tool asking once and running ``body`` after it."""
    lines = "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    tree = ast.parse(HEAD + lines)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    function = tree.body[2]
    assert isinstance(function, ast.AsyncFunctionDef)
    return tree, function, parents


def reads(body: str, qualify=None) -> list[ru.ResultUse]:
    """The uses of ``r`` in ``body`` (the binding on line 4 left out)."""
    _, function, parents = parse(body)
    found = ru.result_uses(function, "r", parents, qualify) if qualify else ru.result_uses(function, "r", parents)
    return [u for u in found if u.node.lineno > 4]


def only(body: str, qualify=None) -> ru.ResultUse:
    (use,) = reads(body, qualify)
    return use


KINDS = {
    # kind: (uses of that kind, near misses of another kind)
    ru.DATA: (["return r.data", "x = f'{r.data}'", "if r.data:\n    pass"], {"r.data = 1": ru.ATTRIBUTE_WRITE}),
    ru.ACTION_TEST: (
        ["if r.action == 'accept':\n    pass", "ok = r.action in ('decline', 'cancel')", "ok = r.action is not 'x'"],
        {
            "ok = r.action == other": ru.ACTION,
            "ok = 'accept' == r.action": ru.ACTION,
            "ok = r.action < 'accept'": ru.ACTION,
            "ok = 'a' < r.action == 'accept'": ru.ACTION,
        },
    ),
    ru.ACTION: (["return r.action", "print(r.action)"], {"del r.action": ru.ATTRIBUTE_WRITE}),
    ru.MODEL_ATTRIBUTE: (["return r.model_dump()", "return r._private", "return r.json()"], {"return r.dump()": ru.UNKNOWN_ATTRIBUTE}),
    ru.UNKNOWN_ATTRIBUTE: (["return r.value", "return r.content", "return r.accepted"], {"return r.data": ru.DATA}),
    ru.ATTRIBUTE_WRITE: (["r.data = 1", "del r.extra", "r.note += 'x'"], {"x = r.note": ru.UNKNOWN_ATTRIBUTE}),
    ru.ISINSTANCE: (
        ["ok = isinstance(r, Yes)", "if not isinstance(r, (A, B)):\n    pass"],
        {"ok = isinstance(x, r)": ru.OTHER, "ok = isinstance(r)": ru.OTHER, "ok = issubclass(r, Yes)": ru.OTHER},
    ),
    ru.TRUTH: (
        [
            "if r:\n    pass",
            "ok = not r",
            "ok = bool(r)",
            "while r and ready():\n    pass",
            "assert r",
            "x = 1 if r else 2",
            "x = [y for y in ys if r]",
            "if not (r or ready()):\n    pass",
        ],
        {"x = r if ok else 2": ru.OTHER, "ok = bool(r, 1)": ru.OTHER, "ok = -r": ru.OTHER, "x = [y for y in r]": ru.OTHER},
    ),
    ru.OPERAND: (["x = r or default", "return ready() and r", "f(r or None)"], {"if r or default:\n    pass": ru.TRUTH}),
    ru.MATCH: (["match r:\n    case _:\n        pass"], {"match (r, 1):\n    case _:\n        pass": ru.OTHER}),
    ru.OTHER: (["return r", "x = r", "f(r)", "ok = r == other", "x = r[0]", "x = {'r': r}"], {"return r.data": ru.DATA}),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_kind(kind):
    uses, misses = KINDS[kind]
    for body in uses:
        assert only(body).kind == kind, body
    for body, other in misses.items():
        assert only(body).kind == other, body


def test_every_kind_is_tested():
    kinds = {value for name, value in vars(ru).items() if name.isupper() and isinstance(value, str)}
    assert kinds - {ru.ACCEPT, ru.DECLINE, ru.CANCEL} == set(KINDS) | {ru.BOUND}


@pytest.mark.parametrize(
    ("body", "outcomes"),
    [
        ("ok = r.action == 'accept'", {"accept"}),
        ("ok = r.action != 'accept'", {"decline", "cancel"}),
        ("ok = r.action in ('decline', 'cancel')", {"decline", "cancel"}),
        ("ok = r.action not in ['decline']", {"accept", "cancel"}),
        ("ok = r.action == 'accepted'", set()),
        ("ok = r.action is not 'cancel'", {"accept", "decline"}),
    ],
)
def test_action_test_outcomes(body, outcomes):
    use = only(body)
    assert use.kind == ru.ACTION_TEST and use.outcomes == outcomes
    assert isinstance(use.at, ast.Compare) and use.attr == "action"


def test_isinstance_outcomes_through_qualify():
    names = {"Yes": "fastmcp.server.elicitation.AcceptedElicitation"}

    def qualify(expr):
        return names.get(expr.id) if isinstance(expr, ast.Name) else None

    assert only("ok = isinstance(r, Yes)", qualify).outcomes == {"accept"}
    assert only("ok = isinstance(r, Yes)").outcomes is None  # spelling alone: not a result class
    both = "ok = isinstance(r, (DeclinedElicitation, m.CancelledElicitation))"
    assert only(both).outcomes == {"decline", "cancel"}
    assert only("ok = isinstance(r, (AcceptedElicitation, str))").outcomes is None


def test_at_is_the_using_node():
    assert isinstance(only("return r.data").at, ast.Attribute)
    assert isinstance(only("ok = isinstance(r, X)").at, ast.Call)
    assert isinstance(only("match r:\n    case _:\n        pass").at, ast.Match)
    assert isinstance(only("if r:\n    pass").at, ast.If)
    assert only("return r.value").attr == "value"


def test_stores_nesting_and_order():
    _, function, parents = parse(
        "x = r.data\n"
        "def later():\n    return r.data\n"
        "y = [r.action for _ in z]\n"
        "f = lambda: r\n"
        "r = other()\n"
        "for r in z:\n    pass"
    )
    uses = ru.result_uses(function, "r", parents)
    assert [(u.node.lineno, u.kind, u.nested) for u in sorted(uses, key=lambda u: u.node.lineno)] == [
        (4, ru.BOUND, False),
        (5, ru.DATA, False),
        (7, ru.DATA, True),
        (8, ru.ACTION, True),
        (9, ru.OTHER, True),
        (10, ru.BOUND, False),
        (11, ru.BOUND, False),
    ]
    assert uses[0].at is function.body[0]  # the binding statement
    assert [u.node for u in uses] == [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == "r"]


def test_direct_and_walrus_reads():
    tree = ast.parse(
        "async def t(ctx):\n"
        "    a = (await ctx.elicit('q')).data\n"
        "    b = (await ctx.elicit('q')).value\n"
        "    if (c := await ctx.elicit('q')):\n        pass\n"
    )
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    awaits = [n for n in ast.walk(tree) if isinstance(n, ast.Await)]
    walrus = next(n for n in ast.walk(tree) if isinstance(n, ast.NamedExpr))
    assert [ru.classify(n, parents).kind for n in awaits[:2]] == [ru.DATA, ru.UNKNOWN_ATTRIBUTE]
    assert ru.classify(walrus, parents).kind == ru.TRUTH
    assert ru.classify(awaits[2], parents).kind == ru.OTHER  # the walrus binds it


def test_unused_result_has_no_uses():
    assert reads("return 1") == []
