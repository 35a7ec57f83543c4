"""MCP010: an elicitation graph needing more rounds than the client allows."""

from __future__ import annotations

from collections.abc import Iterator

from ..analysis.facts import Analysis
from ..analysis.rounds import too_long_chain
from ..core import messages
from ..core.diagnostic import Diagnostic
from ..core.settings import RuleSettings
from ..model import Model
from .base import Rule
from .cases import Invalid, Valid
from .mcp003 import elicitation_graph


def _chain_example(steps: int, *, future_annotations: bool = False) -> str:
    """A tool whose question ``p{k}`` quotes ``p{k-1}``: ``steps + 1`` rounds.

    With ``future_annotations`` the module uses ``from __future__ import annotations``,
    string annotations and an alias (``Elicit as Ask``), as the precision cases need.
    """
    marker = "Ask" if future_annotations else "Elicit"
    quote = repr if future_annotations else str
    head = (
        "from __future__ import annotations\nfrom typing import Annotated\n"
        "from elicit_lint.runtime import Elicit as Ask\n\n"
        if future_annotations
        else "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n\n"
    )
    resolvers = "".join(
        f"def ask_{i}(p{i - 1}: str) -> {quote(f'str | {marker}[str]')}:\n"
        f"    return {marker}(f'Step {i} after {{p{i - 1}}}?', response_type=str)\n\n"
        for i in range(1, steps + 1)
    )
    first = f'Annotated[str, {marker}("Step 0?")]'
    params = f"    p0: {quote(first)},\n" + "".join(
        f"    p{i}: {quote(f'Annotated[str, {marker}(ask_{i})]')},\n" for i in range(1, steps + 1)
    )
    return f"{head}{resolvers}async def chain(\n{params}) -> str:\n    return p{steps}\n"

class TooManyRounds(Rule):
    """## What it does
    Finds a function whose elicited parameters can need more rounds than a
    client allows (default 10: `fastmcp.Client`'s `input_required_max_rounds`;
    set `max-rounds` in `[tool.elicit-lint]`, `--max-rounds` or flake8's
    `--mcp-max-rounds`).

    ## Why is this bad?
    On a 2026-07-28 connection every round of questions is one
    `InputRequiredResult`. Independent questions share a round, but a
    question whose resolver reads another elicited parameter waits for its
    answer, so a chain of `n` dependent questions needs `n` rounds when every
    resolver asks. `fastmcp.Client` gives up after `input_required_max_rounds`
    (10) rounds: the call fails with `InputRequiredRoundsExceededError` and
    the answers given so far are lost. The same tool works on a handshake-era
    connection, so the failure only shows up with modern clients.

    Measured with fastmcp 4.2.3 and `@declared_elicitation`: a tool with 11
    chained questions (one fixed question, then 10 resolvers each reading the
    previous answer) fails on `fastmcp.Client(mcp)` after 10 questions with
    `InputRequiredRoundsExceededError`, and completes on
    `fastmcp.Client(mcp, mode="legacy")`; with 10 chained questions both
    succeed.

    The count is a worst case: a resolver that returns a value asks nobody and
    lets the questions after it go out in the same round.

    ## Use instead
    Ask for independent values in the same round (one question with a model
    response type, or questions that do not quote each other):
    """

    code = "MCP010"
    name = "too-many-rounds"
    invalid = (
        Invalid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_city(country: str) -> str | Elicit[str]:
    return Elicit(f"Which city in {country}?", response_type=str)


def ask_street(city: str) -> str | Elicit[str]:
    return Elicit(f"Which street in {city}?", response_type=str)


# with max-rounds = 2
async def deliver(
    country: Annotated[str, Elicit("Which country?")],
    city: Annotated[str, Elicit(ask_city)],
    street: Annotated[str, Elicit(ask_street)],
) -> str:
    return f"{street}, {city}, {country}"
''',
            message='Elicited parameters of `deliver` can need 3 rounds, more than the 2 a client allows',
            help='The chain country -> city -> street fails the call after round 2 (`input_required_max_rounds`)',
            span=((15, 11), (15, 18)),
            settings={"max_rounds": 2},
        ),
        _chain_example(10),
        _chain_example(10, future_annotations=True),
    )
    valid = (
        Valid(
            '''
from typing import Annotated

from elicit_lint.runtime import Elicit


def ask_street(country: str, city: str) -> str | Elicit[str]:
    return Elicit(f"Which street in {city}, {country}?", response_type=str)


async def deliver(
    country: Annotated[str, Elicit("Which country?")],
    city: Annotated[str, Elicit("Which city?")],
    street: Annotated[str, Elicit(ask_street)],
) -> str:
    return f"{street}, {city}, {country}"
'''
        ),
        # ten rounds: exactly what fastmcp.Client allows
        _chain_example(9),
        # eleven independent questions share one round
        "from typing import Annotated\nfrom elicit_lint.runtime import Elicit\n\n"
        "async def survey(\n"
        + "".join(f"    q{i}: Annotated[str, Elicit('Question {i}?')],\n" for i in range(11))
        + ") -> str:\n    return q0\n",
    )

    def check(self, model: Model, analysis: Analysis, settings: RuleSettings) -> Iterator[Diagnostic]:
        for params in model.elicited_by_function().values():
            chain = too_long_chain(elicitation_graph(params), settings.max_rounds)
            if chain is None:
                continue  # fits (a cycle is MCP003's finding)
            function = params[0].function
            message = messages.too_many_rounds(function.name, len(chain), chain, settings.max_rounds)
            yield self.diagnostic(model, function.name_span, message)
