"""The runtime's docs section (docs/runtime.md) runs as printed: server + client on both eras, web app."""

import re
import subprocess
import sys

from ..doc_sections import section


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", section("runtime"), re.DOTALL)


def test_readme_examples_run(tmp_path):
    server, client, webapp = blocks()
    (tmp_path / "booking_server.py").write_text(server)
    (tmp_path / "booking_client.py").write_text(client)
    (tmp_path / "webapp.py").write_text(webapp)

    def run(name: str) -> str:
        done = subprocess.run(
            [sys.executable, name], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    out = run("booking_client.py")
    assert "auto: protocol 2026-07-28" in out and "legacy: protocol 2025-11-25" in out
    assert out.count("Booked 2 to Paris/CDG (no preference)") == 2
    assert out.count("Which airport in Paris?") == 2
    lines = run("webapp.py").splitlines()
    assert lines == [
        "{'destination': 'Where would you like to fly?', 'seat': 'Window or aisle?'}",
        "{'airport': 'Which airport in Paris?'}",
        "{'done': 'Booked 1 to Paris/ORY (no preference)', 'error': False}",
    ]


def test_readme_quotes_the_resolver_failure_as_the_runtime_words_it():
    from elicit_lint.runtime.resolver_calls import resolver_failed

    assert f"``{resolver_failed('lookup', 'seat', 'book', 'db down')}``" in section("runtime")
