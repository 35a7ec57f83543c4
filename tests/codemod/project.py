"""A scratch project for ``elicit-migrate`` command-line tests: one rewritable file
(the ``literal_accept_decline`` case) written where a test wants it, and the JSON
report read back. The ``project`` fixture (tests/codemod/conftest.py) is the cwd."""

from __future__ import annotations

import json

from .cases import ROOT

BEFORE = (ROOT / "literal_accept_decline" / "before.py").read_bytes()
AFTER = (ROOT / "literal_accept_decline" / "after.py").read_bytes()


def put(path, data: bytes = BEFORE):
    """Write ``data`` (default: the rewritable file) at ``path``, parents included."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def json_report(capsys) -> dict:
    """The ``--report json`` document the last run printed."""
    return json.loads(capsys.readouterr().out)
