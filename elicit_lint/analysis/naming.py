"""Names for new parameters and generated resolvers (docs/architecture.md "Data flow: `elicit-migrate`", names).

The parameter takes the result variable's name (without a generic suffix such as
``_result``: ``name_result`` -> ``name``); a generic one (``result``,
``r``, ``res``, ``response``, ``answer`` ...) gives way to, in this order:

1. for a class response type, the class (``SurveyResponse`` -> ``survey_response``,
   ``Address`` -> ``address``, ``_RefinedQuerySchema`` -> ``refined_query``): a
   programmer chose that noun;
2. a name made from the question's first clause (:func:`from_question`):

   - a question idiom (:data:`IDIOMS`): ``"How old are you?"`` -> ``age``,
     ``"How many tickets?"`` -> ``ticket_count`` (a regular plural made
     singular), ``"How much sugar?"`` -> ``sugar``, ``"How long ...?"`` ->
     ``duration`` ...;
   - the noun after ``which``/``what``/``whose`` (``"Which city are you flying
     to?"`` -> ``city``; ``"What kind of pizza ...?"`` -> ``pizza``);
   - else the last content word, skipping articles, pronouns, auxiliary and
     modal verbs and request words (:data:`_STOP`); a vague head noun
     (:data:`VAGUE_HEADS`: ``number``, ``address``, ``name`` ...) keeps the word
     before it (``"Your phone number"`` -> ``phone_number``, ``"First name?"``
     -> ``first_name``);
   - for a ``bool`` answer, ``confirm_<first content word>`` (the verb asked
     about: ``"Do you want to delete everything?"`` -> ``confirm_delete``), or
     ``confirmed`` when the question has none (``"Are you sure?"``);
3. ``answer``.

A name never collides with one already taken (``taken`` is updated in place).
"""

from __future__ import annotations

import ast
import keyword
import re
import unicodedata

GENERIC = frozenset(
    {
        "result",
        "r",
        "res",
        "resp",
        "response",
        "answer",
        "reply",
        "elicit",  # `elicit_result`: the call's name, not the answer's
        "elicitation",
        "elicited",
        "outcome",
        "_",
    }
)

PLACEHOLDER_WORDS = frozenset(
    {"test", "testing", "message", "prompt", "question", "input", "example", "sample", "demo"}
)
"""Words of a placeholder question (``"Test message"``, with one of
``_TEST_WORDS``): they name the question, not its answer, so the parameter falls
back to ``answer`` (``confirmed``)."""

_TEST_WORDS = frozenset({"test", "testing", "example", "sample", "demo"})

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
        "am",
        "has",
        "have",
        "had",
        "being",
        "he",
        "she",
        "they",
        "them",
        "their",
        "his",
        "her",
        "him",
        "sure",
        "really",
        "confirm",
    ]
)

_WORD = re.compile(r"[^\W\d_][^\W_]*")
"""A word: letters of any script, then letters or digits (``café``, ``名前``)."""


def _fold(text: str) -> str:
    """Accents dropped (NFKD without combining marks): ``"Café"`` -> ``"Cafe"``, so
    a name keeps its word (not ``caf``) and stays ASCII where the script allows."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def snake(name: str) -> str:
    """``SurveyResponse`` -> ``survey_response``; ``HTTPCode`` -> ``http_code``."""
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text)
    return text.lower()


CLASS_SUFFIXES = ("_schema", "_model")
"""Words a class name ends with that say what the class is made with, not what
it holds (``RefinedQuerySchema`` -> ``refined_query``)."""


def class_noun(name: str) -> str:
    """A parameter name from a response type's class name: ``SurveyResponse`` ->
    ``survey_response``, ``_RefinedQuerySchema`` -> ``refined_query`` (a private
    class's underscore and a :data:`CLASS_SUFFIXES` word dropped)."""
    text = snake(name.lstrip("_"))
    for suffix in CLASS_SUFFIXES:
        if text.endswith(suffix) and len(text) > len(suffix):
            return text[: -len(suffix)]
    return text


IDIOMS: tuple[tuple[str, str], ...] = (
    (r"how old\b", "age"),
    (r"how many (?P<noun>[a-z][a-z0-9]*)", "{singular}_count"),
    (r"how many\b", "count"),
    (r"how much (?P<noun>[a-z][a-z0-9]*)", "{noun}"),
    (r"how much\b", "amount"),
    (r"how long\b", "duration"),
    (r"how far\b", "distance"),
    (r"how often\b", "frequency"),
    (r"how tall\b", "height"),
    (r"how (?:big|large)\b", "size"),
)
"""``(regex on the lower-cased clause, name template)``, tried in order at the
clause's start (after request words such as ``please``); ``{noun}`` is the word
after the idiom (a stop word there means the idiom has no noun), ``{singular}``
that word without a regular plural ``s``."""

VAGUE_HEADS = frozenset(
    {"number", "address", "name", "date", "time", "code", "id", "type", "level"}
)
"""Nouns that say little alone: the content word right before them is kept."""

_LEAD = re.compile(r"(?:(?:please|now|so|ok|okay|and)\W+)*")
_WH = frozenset({"which", "what", "whose"})
_KIND = frozenset({"kind", "sort", "type", "types", "kinds", "sorts"})


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def _idiom(clause: str) -> str | None:
    text = clause.lower().strip()
    text = text[_LEAD.match(text).end() :]  # type: ignore[union-attr]
    for pattern, template in IDIOMS:
        match = re.match(pattern, text)
        if match is None:
            continue
        noun = match.groupdict().get("noun")
        if noun is not None and (noun in _STOP or len(noun) < 2):
            continue  # "how many are ..." / "how much do ...": the noun-less idiom
        return template.format(noun=noun, singular=_singular(noun or ""))
    return None


def from_question(question: str | None, yes_no: bool = False) -> str | None:
    """A name from the question's first clause (see module docstring):
    ``"What is your name?"`` -> ``name``; ``yes_no``: the first content word
    (``"Order 3 items?"`` -> ``order``), to be prefixed ``confirm_``.

    ``None`` when the question has no content word (or is not a literal string).
    """
    if not question:
        return None
    question = _fold(question)
    clause = re.split(r"[?:.!\u2014;]", question, maxsplit=1)[0] or question
    typed = re.match(r"\s*(?:type|enter|say|write)\s+['\"](\w+)['\"]", clause, re.IGNORECASE)
    if typed and not yes_no:  # "Type 'yes' to add ...": the text typed
        return f"typed_{typed.group(1).lower()}"
    if not yes_no and (idiom := _idiom(clause)) is not None:
        return idiom
    tokens = [w.lower() for w in _WORD.findall(clause)]
    if not yes_no and len(tokens) > 1 and tokens[0] in _WH:
        rest = tokens[1:]
        while len(rest) > 2 and rest[0] in _KIND and rest[1] == "of":
            rest = rest[2:]
        if rest[0] not in _STOP and len(rest[0]) > 1:
            return rest[0]

    def content(words: list[str]) -> list[int]:
        return [i for i, w in enumerate(words) if w not in _STOP and len(w) > 1]

    found = content(tokens)
    if not found:
        tokens = [w.lower() for w in _WORD.findall(question)]
        found = content(tokens)
    if not found or (
        all(tokens[i] in PLACEHOLDER_WORDS for i in found)
        and any(tokens[i] in _TEST_WORDS for i in found)
    ):
        return None  # "Test message": words about the question, not the answer
    if yes_no:
        return tokens[found[0]]
    last = found[-1]
    word = tokens[last]
    if word in VAGUE_HEADS and last - 1 in found:
        return f"{tokens[last - 1]}_{word}"
    return word


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
    hints = taken.hints if isinstance(taken, Taken) else None
    if hints and base in hints:
        n = hints[base]
        candidate = f"{base}_{n}"
    while candidate in taken:
        candidate = f"{base}_{n}"
        n += 1
    taken.add(candidate)
    if hints is not None and candidate != base:
        hints[base] = n - 1  # ``base``, ``base_2`` .. ``base_{n-1}`` are all taken now
    return candidate


class Taken(set):
    """A set of names taken in a module that :func:`unique` can number from where it
    last stopped for a base (``ask_confirm_2``, ``_3``, ... for a module of many
    tools asking the same question), not from ``_2`` every time: the same names,
    found in time linear in the module. Only growth keeps that exact, so any
    removal forgets the hints."""

    def __init__(self, names=()) -> None:
        super().__init__(names)
        self.hints: dict[str, int] = {}

    def _forgetting(name: str):  # a helper of the class body (deleted below), not a method
        def method(self, *args):
            self.hints.clear()
            return getattr(set, name)(self, *args)

        method.__name__ = name
        return method

    discard = _forgetting("discard")
    remove = _forgetting("remove")
    pop = _forgetting("pop")
    clear = _forgetting("clear")
    difference_update = _forgetting("difference_update")
    intersection_update = _forgetting("intersection_update")
    symmetric_difference_update = _forgetting("symmetric_difference_update")
    __isub__ = _forgetting("__isub__")
    __iand__ = _forgetting("__iand__")
    __ixor__ = _forgetting("__ixor__")
    del _forgetting


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
        return unique(class_noun(type_name), taken)
    word = from_question(question, yes_no)
    if yes_no:
        return unique(f"confirm_{word}" if word else "confirmed", taken)
    return unique(word or "answer", taken)
