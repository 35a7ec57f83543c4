"""``Model.future_annotations``: PEP 563's ``from __future__ import annotations``,
read once per module (the codemod asks it for every question it plans)."""

from __future__ import annotations

import ast

import pytest

from .model_helpers import model_of


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from __future__ import annotations\nx: int = 1\n", True),
        ('"""Doc."""\nfrom __future__ import division, annotations\n', True),
        ("from __future__ import annotations as _a\n", True),
        ("from __future__ import division\n", False),
        ("import __future__\n", False),
        ("from annotations import x\n", False),
        ("x = 1\n", False),
    ],
)
def test_future_annotations(source, expected):
    assert model_of(source).future_annotations is expected


def test_future_annotations_is_read_once():
    model = model_of("from __future__ import annotations\n")
    assert model.future_annotations is True
    model.tree.body = [ast.parse("x = 1").body[0]]  # a second scan would now say False
    assert model.future_annotations is True
