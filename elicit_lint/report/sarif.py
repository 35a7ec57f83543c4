"""``sarif``: a SARIF 2.1.0 log for GitHub code scanning (OASIS SARIF v2.1.0, §3.13-§3.30).

One run. ``tool.driver.rules`` describes each code that occurs: ``shortDescription``
(the rule's summary), ``fullDescription`` (its ``## Why is this bad?``),
``help`` (the whole rule page, text and Markdown) and ``helpUri`` (its page
under ``docs-url``, ``report.rule_url``). Each result has ``ruleId``,
``ruleIndex``, ``level`` ``error``, ``message.text`` (the message, then the
finding's help on a second line), one physical location and, for a finding
with a fix, ``fixes`` (the edits as replacements).

Locations are relative URIs with ``uriBaseId`` ``%SRCROOT%``, declared in the
run's ``originalUriBaseIds`` as the repository root (the nearest directory at or
above the current one holding ``.git``, else the current directory): GitHub
resolves them against the checkout, whatever directory the check ran from. A
file outside that root keeps an absolute ``file:`` URI. Regions are 1-based with
an exclusive end column; columns count characters (SARIF's default
``columnKind`` is UTF-16 code units: the two differ only past U+FFFF).

``partialFingerprints`` (§3.27.17) carry ``elicitLint/v1``: a SHA-256 over the
code, the relative path, the finding's source line with whitespace collapsed
and the occurrence index of that triple in the file, so an alert survives
lines inserted above it (GitHub matches alerts across runs by fingerprint).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from .. import __version__
from . import DEFAULT_DOCS_URL, is_rule_code, rule_url

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
BASE_ID = "%SRCROOT%"
FINGERPRINT = "elicitLint/v1"


def source_root(start: str | None = None) -> Path:
    """The nearest directory at or above ``start`` (the current directory) with a
    ``.git`` entry, else ``start`` itself: what ``%SRCROOT%`` names."""
    here = Path(start or os.getcwd()).resolve()
    for directory in (here, *here.parents):
        if (directory / ".git").exists():
            return directory
    return here


def _artifact(filename: str, root: Path) -> dict[str, str]:
    path = Path(filename).resolve()
    try:
        relative = path.relative_to(root)
    except ValueError:
        return {"uri": path.as_uri()}
    # a URI reference (RFC 3986): `%`, `:` in a first segment, spaces... percent-encoded
    return {"uri": quote(relative.as_posix()), "uriBaseId": BASE_ID}


def _section(doc: str, title: str) -> str:
    """The text of ``## title`` in a rule page (up to the next ``## ``), joined lines."""
    body = doc.split(f"## {title}", 1)
    if len(body) < 2:
        return ""
    text = body[1].split("\n## ", 1)[0].strip()
    return text.split("\n\n", 1)[0].replace("\n", " ")


def rule_descriptor(code: str, name: str, docs_url: str | None) -> dict[str, Any]:
    """``reportingDescriptor`` of one code (a non-rule code such as ``invalid-syntax``
    has only ``id`` and ``name``)."""
    descriptor: dict[str, Any] = {"id": code, "name": name}
    if not is_rule_code(code):
        descriptor["shortDescription"] = {"text": name}
        return descriptor
    from ..rules import RULES_BY_CODE

    rule = RULES_BY_CODE.get(code)
    if rule is None:
        return descriptor
    descriptor.update(
        shortDescription={"text": rule.summary},
        fullDescription={"text": _section(rule.doc, "Why is this bad?") or rule.summary},
        help={"text": rule.doc, "markdown": rule.doc},
        defaultConfiguration={"level": "error"},
    )
    url = rule_url(code, docs_url)
    if url is not None:
        descriptor["helpUri"] = url
    return descriptor


def _region(start, end) -> dict[str, int]:
    return {"startLine": start.row, "startColumn": start.column,
            "endLine": end.row, "endColumn": end.column}


def _fixes(d, artifact: dict[str, str]) -> list[dict[str, Any]]:
    replacements = [
        {"deletedRegion": _region(e.location, e.end_location), "insertedContent": {"text": e.content}}
        for e in d.fix.edits
    ]
    return [{"description": {"text": d.fix.message},
             "artifactChanges": [{"artifactLocation": artifact, "replacements": replacements}]}]


def _fingerprint(d, uri: str, line: str, seen: dict[tuple, int]) -> str:
    key = (d.code, uri, " ".join(line.split()))
    index = seen[key] = seen.get(key, -1) + 1
    raw = "\0".join((*key, str(index)))
    return hashlib.sha256(raw.encode()).hexdigest()


def log(results: list, docs_url: str | None = DEFAULT_DOCS_URL, root: Path | None = None) -> dict[str, Any]:
    """The SARIF log object for ``results`` (``root``: ``%SRCROOT%``, :func:`source_root`)."""
    root = root or source_root()
    rules: dict[str, dict[str, Any]] = {}
    items = []
    for result in results:
        lines = result.lines or []
        seen: dict[tuple, int] = {}
        for d in result.diagnostics:
            if d.code not in rules:
                rules[d.code] = rule_descriptor(d.code, d.name, docs_url)
            artifact = _artifact(d.filename, root)
            line = lines[d.location.row - 1] if 1 <= d.location.row <= len(lines) else ""
            item: dict[str, Any] = {
                "ruleId": d.code,
                "ruleIndex": list(rules).index(d.code),
                "level": "error",
                "message": {"text": d.message if not d.help else f"{d.message}\n{d.help}"},
                "locations": [{"physicalLocation": {
                    "artifactLocation": artifact,
                    "region": _region(d.location, d.end_location),
                }}],
                "partialFingerprints": {FINGERPRINT: _fingerprint(d, artifact["uri"], line, seen)},
            }
            if d.fix is not None:
                item["fixes"] = _fixes(d, artifact)
            items.append(item)
    driver: dict[str, Any] = {"name": "elicit-lint", "version": __version__}
    if docs_url:
        driver["informationUri"] = docs_url.rsplit("/", 1)[0]  # the repository
    driver["rules"] = list(rules.values())
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "originalUriBaseIds": {BASE_ID: {"uri": root.as_uri().rstrip("/") + "/"}},
                "results": items,
            }
        ],
    }


def write(results: list, stream: TextIO, docs_url: str | None = DEFAULT_DOCS_URL) -> None:
    """Write the SARIF log as indented JSON."""
    json.dump(log(results, docs_url), stream, indent=2, ensure_ascii=False)
    stream.write("\n")
