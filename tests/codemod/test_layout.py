"""Comments of removed ask lines (issue 4 leftover 3): kept, except tool pragmas."""

from __future__ import annotations

import pytest

from elicit_lint.codemod.transform import PRAGMA


@pytest.mark.parametrize(
    "comment",
    [
        "# noqa: E501",
        "# noqa",
        "# type: ignore[arg-type]",
        "# ty: ignore[no-matching-overload]",
        "# pyright: ignore",
        "# pragma: no cover",
        "# pylint: disable=x",
    ],
)
def test_pragmas_go_with_their_line(comment):
    assert PRAGMA.match(comment)


@pytest.mark.parametrize(
    "comment", ["# the user's name", "# type of the answer", "# todo"]
)
def test_other_comments_are_kept(comment):
    assert not PRAGMA.match(comment)
