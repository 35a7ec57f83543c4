"""The codemod's docs section (docs/codemod.md) stays true: its before/after example is the fixture
pair (which the fixture tests check exactly) and it names every skip reason."""

from __future__ import annotations

import re

from ..doc_sections import section

from .cases import ROOT, SKIPS


def _section() -> str:
    return section("codemod")


def test_example_is_the_fixture_pair():
    blocks = re.findall(r"```python\n(.*?)```", _section(), re.DOTALL)
    case = ROOT / "quoting_earlier_answers"
    assert blocks == [(case / "before.py").read_text(), (case / "after.py").read_text()]


_PLACEHOLDER = {  # a reason's example name -> the README's placeholder
    "Shipping": " `T`",
    "Subscriber": " `T`",
    "PROMPT": " `X`",
    "Priority": " `X`",
    "DEFAULT_SIZE": " `X`",
    "Form": " `C`",
    "count": " `X`",
}


def test_every_skip_reason_is_listed():
    text = " ".join(_section().split())
    reasons = [r for v in SKIPS.values() for r in (v if isinstance(v, list) else [v])]
    for reason in reasons:
        if reason.startswith("asked in the helper `"):  # a fixed frame around one detail
            head, detail = reason.split(" does not inline: ", 1)
            assert re.sub(r"`\w+`", "`f`", head) + " does not inline:" in text, reason
            detail = re.split(r" \(|;|: ", detail)[0]
            detail = re.sub(r"\d+ times", "K times", detail)
            detail = re.sub(r"^`\w+` cannot", "`tool` cannot", detail)
            detail = re.sub(r"passes `[^`]+` to `\w+`", "passes `x` to `p`", detail)
            assert detail in text, reason
            continue
        reason = re.sub(r"whose `except[^`]*` is a fallback", "whose `except Exception` is a fallback", reason)
        reason = re.sub(r" `(reply|answer|result)` itself", " itself", reason)
        reason = re.sub(
            r" `(Person|Pet|result|default_age)`",
            lambda m: {"Person": " `C`", "Pet": " `T`", "result": " `r`", "default_age": " `X`"}[m[1]],
            reason,
        )
        reason = reason.replace("`result.action` and `result.data`", "`r.action` and `r.data`")
        reason = reason.replace("served by `mcp`", "served by `S`")
        reason = re.sub(r"^the schema is .*?, not a pydantic model class", "the schema is `S`, not a pydantic model class", reason)
        reason = re.sub(r"`(reply|answer|result)\.action", "`r.action", reason)
        reason = re.sub(r"`(name|number|Size)`", "`X`", reason)
        reason = re.sub(r"\(line \d+\)", "(line N)", reason)
        reason = re.sub(r"\bline \d+\b", "line N", reason)
        reason = re.sub(r"`(_?)(count_jars|label_shelf|ask_name|ask_count|ask_loaf|ask_crust)`", r"`\1f`", reason)
        reason = reason.replace("`@door_open`", "`@d`")
        reason = reason.replace("`stop_job` is decorated with", "`f` is decorated with")
        reason = reason.replace("`@publish(...)`", "`@d(...)`")
        reason = reason.replace(" `doubled`,", " `X`,")
        reason = reason.replace("earlier answer `a`", "earlier answer `r`")
        reason = reason.replace("computes `catalogue`,", "computes `X`,")
        reason = re.sub(
            r" `(Shipping|Subscriber|PROMPT|Form|Priority|DEFAULT_SIZE|count)`",
            lambda m: _PLACEHOLDER[m[1]],
            reason,
        )
        reason = re.sub(r"reads (a call to )?`[^`]+`, which may", "reads `X`, which may", reason)
        reason = re.sub(r"response type `(SHADES|SIZES)` is a list", "response type `T` is a list", reason)
        reason = re.sub(r"response type `cast\(.*\)` is a `cast", "response type `cast(...)` is a `cast", reason)
        assert reason.split(" (")[0] in text, reason
