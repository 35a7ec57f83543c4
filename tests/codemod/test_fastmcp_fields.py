"""A response class with a field fastmcp 4.2.3 refuses in an elicitation schema is
not rewritten (fix14's finding): the original fails every call before asking,
while the runtime builds the same schema when the tool is decorated, so the
rewritten module failed to import and every tool of the server was lost. Each
row's expectation is checked against fastmcp's own schema builder."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from fastmcp.server.elicitation import get_elicitation_schema

from elicit_lint.codemod.cli import main as migrate_main

HEAD = """\
from enum import Enum
from typing import Annotated, Literal, Optional, Union

from fastmcp import Context, FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("Tea")


class Blend(str, Enum):
    GREEN = "green"
    BLACK = "black"


class Pot(BaseModel):
    cups: int

"""

TAIL = """

class Order(BaseModel):
    name: str
    extra: {annotation}


@mcp.tool
async def order_tea(ctx: Context) -> str:
    reply = await ctx.elicit("Your order?", response_type=Order)
    if reply.action != "accept":
        return "no tea"
    return reply.data.name
"""

# (annotation, fastmcp refuses it)
ROWS = [
    ("str", False),
    ("int | str", False),
    ("Literal['a', 'b']", False),
    ("Blend", False),
    ("list[Literal['a', 'b']]", False),
    ("Annotated[str, Field(description='x')]", False),
    ("str | None = None", True),
    ("Optional[int] = None", True),
    ("Union[str, None] = None", True),
    ("Blend | None = None", True),
    ("list[str]", True),
    ("dict[str, str]", True),
    ("dict", True),
    ("Pot", True),
]


@pytest.mark.parametrize(("annotation", "refused"), ROWS)
def test_a_field_fastmcp_refuses_leaves_the_tool_alone(annotation, refused, tmp_path, capsys):
    source = HEAD + TAIL.format(annotation=annotation)
    classes = tmp_path / f"order_classes_{abs(hash(annotation))}.py"
    classes.write_text(source.split("\n\n@mcp.tool")[0])
    spec = importlib.util.spec_from_file_location(classes.stem, classes)
    module = importlib.util.module_from_spec(spec)
    sys.modules[classes.stem] = module
    try:
        spec.loader.exec_module(module)
        get_elicitation_schema(module.Order)
        fastmcp_refuses = False
    except TypeError:
        fastmcp_refuses = True
    finally:
        sys.modules.pop(classes.stem, None)
    assert fastmcp_refuses is refused  # the table is fastmcp's own verdict

    path = tmp_path / "server.py"
    path.write_text(source)
    capsys.readouterr()
    migrate_main(["--check", "--report", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert report["sites_would_rewrite"] == (0 if refused else 1), report
    if refused:
        (reason,) = report["sites_skipped"]
        assert reason.startswith("the response type `Order` has a field `extra: ")
        assert "FastMCP 4 refuses" in reason
