"""Names for new parameters and generated resolvers (DESIGN.md §5 naming rule).

The parameter takes the result variable's name (without a generic suffix such as
``_result``: ``name_result`` -> ``name``); a generic one (``result``,
``r``, ``res``, ``response``, ``answer`` ...) gives way to a name made from the
question (``"Which city?"`` -> ``city``) or, for a class response type, the
class (``SurveyResponse`` -> ``survey_response``). A name never collides with
one already taken (``taken`` is updated in place).
"""

from __future__ import annotations

import ast
import keyword
import re

GENERIC = frozenset(
    {
        "result",
        "r",
        "res",
        "resp",
        "response",
        "answer",
        "reply",
        "elicitation",
        "elicited",
        "outcome",
        "_",
    }
)

GENERIC_SUFFIXES = ("_result", "_response", "_answer", "_reply", "_res", "_resp")
"""``name_result`` -> ``name``: the part before a generic suffix names the answer."""

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "where",
        "when",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "do",
        "does",
        "did",
        "you",
        "your",
        "yours",
        "yourself",
        "we",
        "us",
        "our",
        "i",
        "me",
        "my",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "to",
        "of",
        "for",
        "in",
        "on",
        "at",
        "by",
        "with",
        "from",
        "about",
        "please",
        "enter",
        "provide",
        "give",
        "tell",
        "type",
        "choose",
        "pick",
        "select",
        "would",
        "could",
        "should",
        "can",
        "will",
        "shall",
        "may",
        "might",
        "like",
        "want",
        "much",
        "many",
        "some",
        "any",
        "there",
        "here",
        "and",
        "or",
        "but",
        "if",
        "so",
        "not",
        "no",
        "yes",
        "quick",
        "just",
        "now",
        "then",
        "also",
        "let",
        "know",
        "ok",
        "okay",
        "new",
        "s",
    ]
)

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def snake(name: str) -> str:
    """``SurveyResponse`` -> ``survey_response``; ``HTTPCode`` -> ``http_code``."""
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text)
    return text.lower()


def from_question(question: str | None) -> str | None:
    """The last content word of the question's first clause (``"What is your name?"`` -> ``name``).

    ``None`` when the question has no content word (or is not a literal string).
    """
    if not question:
        return None
    clause = re.split(r"[?:.!\u2014;]", question, maxsplit=1)[0] or question
    words = [
        w.lower()
        for w in _WORD.findall(clause)
        if w.lower() not in _STOP and len(w) > 1
    ]
    if not words:
        words = [
            w.lower()
            for w in _WORD.findall(question)
            if w.lower() not in _STOP and len(w) > 1
        ]
    return words[-1] if words else None


def question_text(message: ast.expr) -> str | None:
    """The literal text of a question for naming: a string constant, or an
    f-string's text before its first placeholder (``f"Which hotel in {city}?"`` ->
    ``"Which hotel in "``); ``None`` otherwise."""
    if isinstance(message, ast.Constant) and isinstance(message.value, str):
        return message.value
    if isinstance(message, ast.JoinedStr):
        text = ""
        for part in message.values:
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                break
            text += part.value
        return text or None
    return None


def unique(base: str, taken: set[str]) -> str:
    """``base`` made a valid identifier not in ``taken`` (``name``, ``name_2``, ...); added to ``taken``."""
    base = re.sub(r"\W", "_", base) or "answer"
    if base[0].isdigit():
        base = f"v_{base}"
    if keyword.iskeyword(base):
        base = f"{base}_"
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


def parameter_name(
    variable: str | None,
    question: str | None,
    type_name: str | None,
    taken: set[str],
    yes_no: bool = False,
) -> str:
    """The new parameter's name (see module docstring). ``variable`` is the result
    variable (``None`` when the answer is not bound), ``type_name`` the response
    type's class name when it is a user class; ``yes_no`` (a ``bool`` answer) names
    it ``confirm_<word>`` (``"Order 3 items?"`` -> ``confirm_order``)."""
    if variable:
        for suffix in GENERIC_SUFFIXES:
            if variable.endswith(suffix) and len(variable) > len(suffix):
                variable = variable[: -len(suffix)]
                break
    if variable and variable not in GENERIC:
        return unique(variable, taken)
    if type_name:
        return unique(snake(type_name), taken)
    word = from_question(question)
    if yes_no:
        return unique(f"confirm_{word}" if word else "confirmed", taken)
    return unique(word or "answer", taken)
