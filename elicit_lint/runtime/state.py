"""The ``request_state`` a declared tool carries between rounds (2026-07-28 era).

Split from :mod:`.engine`: answers pinned to the digest of the question they
answered (:class:`Recorded`, :func:`digest`), and the plaintext payload
FastMCP seals on the wire (:func:`encode_state` / :func:`decode_state`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

#: Bumped whenever the shape of the request_state payload changes; state of any
#: other version is read as "no progress" (everything is asked again).
#: 2: ``n``, how often each parameter has been asked in this call.
#: 3: ``r``, how many rounds of questions this call has sent.
STATE_VERSION = 3

STATE_KIND = "elicit-lint/declared-elicitation"


@dataclass(frozen=True)
class Recorded:
    """An answer pinned to the digest of the question it answered.

    ``content`` is the raw accepted form content (validated on every use, on
    both eras, by ``engine.settle``) and ``None`` on decline/cancel or an
    accept that carried none.
    """

    digest: str
    action: str
    content: dict[str, Any] | None = None


def digest(key: str, message: str, schema: dict[str, Any]) -> str:
    """SHA-256 (hex) of the canonical JSON of ``{"key", "message", "schema"}``."""
    payload = json.dumps(
        {"key": key, "message": message, "schema": schema},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def encode_state(
    asked: dict[str, str], answers: dict[str, Recorded], asks: dict[str, int], rounds: int = 0
) -> str:
    """Plaintext ``request_state`` (FastMCP seals it on the wire, AES-GCM).

    ``asked``: the digest of each question sent this round; ``answers``: what
    was recorded so far; ``asks``: how often each parameter has been asked;
    ``rounds``: how many rounds (this one included) the call has sent.
    """
    return json.dumps(
        {
            "kind": STATE_KIND,
            "v": STATE_VERSION,
            "asked": asked,
            "answers": {
                k: {"d": r.digest, "a": r.action, "c": r.content} for k, r in answers.items()
            },
            "n": asks,
            "r": rounds,
        },
        separators=(",", ":"),
    )


def decode_state(text: str | None) -> tuple[dict[str, str], dict[str, Recorded], dict[str, int], int]:
    """``(asked, answers, asks, rounds)`` from ``request_state``; unreadable or
    other-version -> empty (no rounds)."""
    empty: tuple[dict[str, str], dict[str, Recorded], dict[str, int], int] = ({}, {}, {}, 0)
    if not text:
        return empty
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return empty
    if not isinstance(data, dict) or data.get("kind") != STATE_KIND or data.get("v") != STATE_VERSION:
        return empty
    asked, raw, asks, rounds = data.get("asked"), data.get("answers"), data.get("n"), data.get("r")
    if not isinstance(asked, dict) or not isinstance(raw, dict) or not isinstance(asks, dict):
        return empty
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        return empty
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in asked.items()):
        return empty
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in asks.values()):
        return empty
    answers: dict[str, Recorded] = {}
    for key, entry in raw.items():
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("d"), str)
            or entry.get("a") not in ("accept", "decline", "cancel")
            or not isinstance(entry.get("c"), (dict, type(None)))
        ):
            return empty
        answers[key] = Recorded(digest=entry["d"], action=entry["a"], content=entry["c"])
    return asked, answers, asks, rounds
