"""The rule instances, in the order :func:`elicit_lint.checker.linter.analyse` runs them.

Re-exported by :mod:`elicit_lint.rules` on first use (kept out of the package's
``__init__`` so that reading ``PREFILTER_PATTERN`` imports no rule).
"""

from __future__ import annotations

from .base import Rule
from .mcp001 import ImperativeElicitation
from .mcp002 import MissingResponseType
from .mcp003 import ResolverCycle
from .mcp004 import UnknownResolverParameter
from .mcp005 import MixedWithInputRequired
from .mcp006 import MisplacedMarker
from .mcp007 import ResolverTypeMismatch
from .mcp008 import ResolverReturnsCallable
from .mcp009 import OptionalWithoutDefault
from .mcp010 import TooManyRounds
from .mcp011 import UnreadResolverParameter
from .mcp012 import FixedConfirmation
from .mcp013 import SdkElicitingResolver
from .mcp014 import SdkSamplingResolver
from .mcp015 import EraBranch
from .mcp016 import UncheckedElicitationResult
from .mcp017 import Mcp1ServerImport
from .mcp018 import PrivateElicitImport
from .mcp019 import MissingDeclaredElicitation
from .mcp020 import DecoratorAboveTool
from .mcp021 import BroadExceptAroundElicit
from .mcp022 import SdkUnannotatedContext
from .mcp023 import SdkResolveDefault
from .mcp024 import SdkAcceptedOnly
from .mcp025 import SdkTwoResolveMarkers
from .mcp026 import SdkResolveOutsideTool
from .mcp027 import SdkNestedSchema
from .mcp028 import SdkResolverArms
from .mcp029 import RemovedContextMethod
from .mcp030 import MissingFastmcpName
from .mcp031 import ElicitedArgumentPassed

ALL_RULES: tuple[Rule, ...] = (
    ImperativeElicitation(),
    MissingResponseType(),
    ResolverCycle(),
    UnknownResolverParameter(),
    MixedWithInputRequired(),
    MisplacedMarker(),
    ResolverTypeMismatch(),
    ResolverReturnsCallable(),
    OptionalWithoutDefault(),
    TooManyRounds(),
    UnreadResolverParameter(),
    FixedConfirmation(),
    SdkElicitingResolver(),
    SdkSamplingResolver(),
    EraBranch(),
    UncheckedElicitationResult(),
    Mcp1ServerImport(),
    PrivateElicitImport(),
    MissingDeclaredElicitation(),
    DecoratorAboveTool(),
    BroadExceptAroundElicit(),
    SdkUnannotatedContext(),
    SdkResolveDefault(),
    SdkAcceptedOnly(),
    SdkTwoResolveMarkers(),
    SdkResolveOutsideTool(),
    SdkNestedSchema(),
    SdkResolverArms(),
    RemovedContextMethod(),
    MissingFastmcpName(),
    ElicitedArgumentPassed(),
)
"""Every rule, one instance each."""

RULES_BY_CODE: dict[str, Rule] = {rule.code: rule for rule in ALL_RULES}
"""The rules by code (``"MCP001"`` -> its instance)."""

__all__ = ["ALL_RULES", "RULES_BY_CODE", "Rule"]
