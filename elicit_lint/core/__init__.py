"""Layer 0, shared by every other layer: diagnostics and edits, source decoding,
rule settings, atomic file writes, the resolver graph and the runtime's error words.

Standard library only; imports nothing else of elicit_lint (docs/architecture.md).
"""
