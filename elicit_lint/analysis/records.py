"""The planner's records: what a rewrite of one module consists of (stdlib only).

Built by :mod:`.plan` / :mod:`.toolplan` from the ``ast`` model, consumed by
:mod:`.transform` (which applies them with libcst) and :mod:`.engine`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..model import ElicitationSite, Function
from . import outcomes
from .placement import Placement
from .response_types import TypePlan

TARGETS = ("elicit_lint.runtime", "fastmcp.elicitation")
KINDS = (
    "question",
    "quoting",
    "backfill",
    "hoist",
    "outcome",
    "sdk-resolve",
    "sdk-ask",
)
"""Rewrite kinds for ``--select``/``--ignore``: a literal question; a question that
quotes arguments or earlier answers, or is reached only after an earlier answer
(a generated resolver); the backfill of an argument; hoisting a body-local class; a result
kept whole as an outcome-typed parameter (``Annotated[ElicitationResult[T],
Elicit(...)]``, the runtime target only) where no value translation is exact; an SDK v2
``Resolve(fn)`` tool served by FastMCP turned into ``Elicit(fn)`` (see :mod:`.sdk`); an
``MCPServer`` tool's ``ctx.elicit`` turned into an SDK ``Resolve`` resolver (:mod:`.sdk_ask`)."""


class Skip:
    """A site left alone: ``row``/``column`` (1-based) and the ``reason`` phrase.
    A plain class: see ``rules.cases.Valid``."""

    __slots__ = ("column", "family", "reason", "row")
    row: int
    column: int
    reason: str
    family: str
    """``"site"`` for a ``ctx.elicit`` site (MCP001's), ``"resolve"`` for an SDK
    ``Resolve(fn)`` marker (:mod:`.sdk`), ``"sdk-site"`` for an SDK ``ctx.elicit``
    call in an ``MCPServer`` tool (:mod:`.sdk_ask`)."""

    def __init__(self, row: int, column: int, reason: str, family: str = "site") -> None:
        self.row = row
        self.column = column
        self.reason = reason
        self.family = family


@dataclass
class ResolverPlan:
    """A generated resolver: ``def name(params) -> returns: gates...; return Elicit(...)``.

    ``params``: ``(name, annotation source or None)``; ``gates``: test sources that
    return ``gate_value`` instead of asking; ``elicit``: the ``Elicit(...)`` source;
    ``setup``: one-line statements run first (the locals a copied guard reads,
    :mod:`.guarded`); ``given``: ``(test, name)`` tried after the gates, returning
    ``name`` as it is (a backfilled argument the caller passed)."""

    name: str
    params: list[tuple[str, str | None]]
    gates: list[str]
    gate_value: str
    returns: str
    elicit: str
    setup: list[str] = field(default_factory=list)
    given: tuple[str, str] | None = None

    def source(self) -> str:
        """The resolver's ``def`` as source text (four-space indent, ``\\n`` line ends)."""
        args = ", ".join(f"{n}: {a}" if a else n for n, a in self.params)
        lines = [f"def {self.name}({args}) -> {self.returns}:"]
        lines += [f"    {line}" for line in self.setup]
        for gate in self.gates:
            lines += [f"    if {gate}:", f"        return {self.gate_value}"]
        if self.given is not None:
            lines += [f"    if {self.given[0]}:", f"        return {self.given[1]}"]
        lines.append(f"    return {self.elicit}")
        return "\n".join(lines) + "\n"


@dataclass
class Ask:
    """One site's rewrite: the body ``statement`` to drop (or to replace by
    ``replacement``), and the new parameter ``param: annotation = default``."""

    site: ElicitationSite
    placement: Placement
    param: str
    annotation: str
    default: str | None
    kind: str
    types: TypePlan
    resolver: ResolverPlan | None = None
    replacement: str | None = None
    outcome: bool = False
    """The parameter is the whole result (``ElicitationResult[T]``): the body reads
    it as it read ``ctx.elicit``'s result, unchanged."""
    nullable: bool = False
    """The annotation admits ``None`` (``T | None``: a default, or a resolver gate
    that returns ``None``): a later resolver reading it must accept ``None`` too."""


@dataclass
class FunctionPlan:
    """All rewrites of one tool (see :mod:`.transform` for how they are applied)."""

    function: Function
    asks: list[Ask]
    replacements: dict[ast.AST, str] = field(default_factory=dict)
    matches: list[outcomes.MatchPlan] = field(default_factory=list)
    hoist: list[ast.ClassDef] = field(default_factory=list)
    drop_param: str | None = None
    drop_statements: list[ast.stmt] = field(default_factory=list)
    """``ctx = get_context()`` statements left unused by the rewrite."""
    drop_nested: list[ast.stmt] = field(default_factory=list)
    """Statements inside an ``if`` made pointless by the rewrite: an ``assert``
    repeating the ``if``'s translated test, an ``x = r.data`` whose ``x`` names the
    parameter (it would read ``x = x``)."""
    imports: set[tuple[str, str]] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)
    defaults: dict[str, str] = field(default_factory=dict)
    """Existing parameters given a default (an SDK ``ElicitationResult[T]`` made optional)."""
    notes: list[str] = field(default_factory=list)
    """What the rewrite changes that the person running it should know (a
    documented difference, :mod:`.sdk_notes`): told in the run's summary."""
    sdk_markers: list = field(default_factory=list)
    """The eliciting SDK ``Resolve(fn)`` markers rewritten (:mod:`.sdk`; ``model.Marker``
    records, where MCP013 reports); ``asks`` is empty then."""

    @property
    def sdk_sites(self) -> int:
        return len(self.sdk_markers)


@dataclass
class ModulePlan:
    """``functions`` to rewrite and ``skips``; ``rewritten_sites`` counts sites."""

    functions: list[FunctionPlan] = field(default_factory=list)
    skips: list[Skip] = field(default_factory=list)
    sdk_asks: list = field(default_factory=list)
    """``MCPServer`` tools whose ``ctx.elicit`` becomes an SDK resolver
    (:class:`.sdk_ask.SdkAskPlan`, rendered by ``codemod.render.sdk_ask``)."""
    model: object | None = None
    """The model the plan's nodes belong to when it is not the module's own: the
    equivalent text a helper's question is inlined through (:mod:`.inline_plan`);
    the codemod renders from it."""
    positions: dict = field(default_factory=dict)
    """``{(row, column) in ``model``: (row, column) in the module}`` for its sites."""
    through: dict = field(default_factory=dict)
    """``{(row, column) of a tool's site: (helper name, (row, column) of its site)}``
    for the tools refused as a whole because they ask through a helper whose
    question stays imperative (:mod:`.through`; the reason is rebuilt when the
    plan is mapped back from an equivalent text)."""
    upgrade: tuple = ()
    """MCP017's rename (:class:`.mcp1.Edit` s) the rewrite starts from, for a module
    importing mcp 1.x's ``mcp.server.fastmcp`` (:mod:`.mcp1_plan`); ``model`` is
    then the renamed text's."""
    aliases: list[tuple[str, str]] = field(default_factory=list)
    """``(name, "Literal[...]")``: module-level aliases the rewrite adds after the
    imports, for a ``Literal`` spelled in two or more signatures (:mod:`.aliases`)."""

    @property
    def rewritten_sites(self) -> int:
        """Sites of the module rewritten: a helper's question asked by several
        tools once inlined (``positions`` maps each of them to it) counts once."""
        starts = [(a.site.span.start.row, a.site.span.start.column) for f in self.functions for a in f.asks]
        asks = len({self.positions.get(k, k) for k in starts}) if self.positions else len(starts)
        return asks + sum(f.sdk_sites for f in self.functions) + len(self.sdk_asks)

    @property
    def rewrites(self) -> bool:
        """``True`` when the plan changes the module."""
        return bool(self.functions or self.sdk_asks)
