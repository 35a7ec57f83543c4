"""What libcst's parser refuses although CPython's accepts it (stdlib only).

The codemod rewrites with libcst (``codemod/render``); the checker's verdict must
say when libcst will not take a file, without importing libcst
(docs/architecture.md "The analysis object"). Measured on libcst 1.9 against
CPython 3.11's parser:

- **form feeds in indentation**: CPython resets the indentation count at a form
  feed (the language reference leaves a form feed anywhere but at the very start
  of a line undefined); libcst compares indentation as text, so a block whose
  lines' leading whitespace differ by a form feed is a ``ParserSyntaxError @ 1:1``.
  Refused here: any line whose leading whitespace holds a form feed followed by
  more whitespace or preceded by some (a line that is only a form feed, or a form
  feed directly before code at column 0, is the page-break style libcst takes);
- **a line holding only a backslash continuation** (found by the fuzz harness:
  libcst misreads the indentation of the line it joins; refused, as are such
  lines inside a string, which only costs a rewrite);
- **implicit concatenation**: more than :data:`MAX_CONCATENATED` adjacent string
  literals in one expression (CPython takes any number).

Deep nesting is not here: libcst takes every nesting CPython accepts when given
the stack (``codemod/isolate.py``).
"""

from __future__ import annotations

import io
import tokenize

MAX_CONCATENATED = 3_000
"""Adjacent string literals libcst 1.9 parses in one implicit concatenation (3,001
is a ``ParserSyntaxError``)."""

PREFIX = "libcst cannot parse this file"
"""Start of every reason here; ``elicit-migrate`` words a libcst parse error it did
not foresee the same way."""


def indentation_row(source: str) -> int | None:
    """The first row whose indentation libcst reads differently from CPython, else
    ``None``: CPython compares indentation as columns (a tab to the next multiple of
    8, a form feed resets the count), libcst as text, so an indented block's
    leading whitespace must start with the enclosing block's, and a line of the
    same block must repeat it exactly. A form feed at the very start of a line
    (the page-break style) is ignored, as both parsers do. Only a file holding a
    tab or a form feed can differ."""
    if "\t" not in source and "\f" not in source:
        return None
    stack = [""]
    at_line_start = True
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        for token in tokens:
            kind = token.type
            if kind in (tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER):
                continue
            if kind == tokenize.NEWLINE:
                at_line_start = True
                continue
            if kind == tokenize.DEDENT:
                stack.pop()
                continue
            if kind == tokenize.INDENT:
                lead = token.string.lstrip("\f") if token.string.strip(" \t") == "" else token.string
                if not lead.startswith(stack[-1]) or "\f" in lead:
                    return token.start[0]
                stack.append(lead)
                continue
            if at_line_start:
                at_line_start = False
                lead = token.line[: token.start[1]]
                stripped = lead.lstrip("\f")
                if stripped != stack[-1] or "\f" in stripped:
                    return token.start[0]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return None


def lone_backslash_row(source: str) -> int | None:
    """The first row whose only content is a ``\\`` continuation, else ``None``."""
    if "\\\n" not in source:
        return None
    for row, line in enumerate(source.split("\n"), 1):
        if line.strip(" \t\f") == "\\":
            return row
    return None


def concatenation_row(source: str) -> int | None:
    """The row where more than :data:`MAX_CONCATENATED` string literals are
    concatenated implicitly, else ``None``. Tokenizes only a file with enough
    quotes for it."""
    if source.count('"') + source.count("'") <= 2 * MAX_CONCATENATED:
        return None
    run, start = 0, 0
    skip = {tokenize.NL, tokenize.COMMENT}
    # Python 3.12+ tokenizes an f-string as FSTRING_START ... FSTRING_END (PEP 701):
    # one literal, counted at its start; the tokens inside it are skipped
    fstring_start = getattr(tokenize, "FSTRING_START", None)
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    inside = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if inside:
                inside += (token.type == fstring_start) - (token.type == fstring_end)
                continue
            if token.type == fstring_start:
                inside = 1
            if token.type == tokenize.STRING or inside:
                if run == 0:
                    start = token.start[0]
                run += 1
                if run > MAX_CONCATENATED:
                    return start
            elif token.type not in skip:
                run = 0
    except (tokenize.TokenError, SyntaxError):
        return None
    return None


def refusal(source: str) -> str | None:
    """Why libcst will not parse ``source`` (decoded, ``\\n`` line ends), as
    ``"libcst cannot parse this file: ..."``, or ``None`` when it will."""
    row = indentation_row(source)
    if row is not None:
        return (
            f"{PREFIX}: the indentation of line {row} mixes tabs or form feeds "
            "in a way libcst reads differently from Python: indent it with spaces "
            "only, then run again"
        )
    row = lone_backslash_row(source)
    if row is not None:
        return (
            f"{PREFIX}: line {row} holds only a backslash continuation: join it "
            "with the next line, then run again"
        )
    row = concatenation_row(source)
    if row is not None:
        return (
            f"{PREFIX}: more than {MAX_CONCATENATED:,} implicitly concatenated strings "
            f"(line {row}): split the expression, then run again"
        )
    return None
