"""The semantic model of one module (docs/architecture.md "Layers"): imports, tools, contexts,
imperative elicitation sites, elicited parameters, resolvers and guard returns.

Built from the stdlib ``ast`` tree only (flake8 hands its plugin the same tree);
imports nothing outside the standard library. Entry point: :func:`build_model`.
"""

from __future__ import annotations

from .build import Model, build_model
from .nodes import (
    ContextRef,
    ElicitationSite,
    ElicitedParameter,
    Function,
    GuardReturn,
    HandshakeCall,
    Marker,
    Registration,
    Resolver,
    ResolverParameter,
    UncalledMarker,
)
from .positions import LineIndex, Span

__all__ = [
    "ContextRef",
    "ElicitationSite",
    "ElicitedParameter",
    "Function",
    "GuardReturn",
    "HandshakeCall",
    "LineIndex",
    "Marker",
    "Model",
    "Registration",
    "Resolver",
    "ResolverParameter",
    "Span",
    "UncalledMarker",
    "build_model",
]
