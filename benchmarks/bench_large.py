"""What one large module costs (issue 15): ``elicit-lint check`` and
``elicit-migrate`` on generated modules of growing size, to show each cost grows
in proportion to the module.

Usage: ``python benchmarks/bench_large.py [--sizes 1000,2000,4000] [--runs 1]``

Shapes (each module is written to a temporary directory):

- ``tools``: N tools with one question each (5 MB is about 22,000 of them);
- ``lines``: one tool and N plain module-level lines (``x = 1``);
- ``questions``: one tool asking N questions in a row, each gated on the
  earlier answers (the codemod's resolvers repeat those gates, so its output,
  and the planner's work, grow faster than N: about N squared);
- ``chain``: one tool whose N resolvers each read the previous answer (MCP011).

Prints wall time per shape and size, and the time per unit (tool, line,
question, resolver). Tests never assert timings; figures belong in notes, not
in docstrings.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from timing import median_time

_HEAD = 'from fastmcp import Context, FastMCP\n\nmcp = FastMCP("t")\n'
_TOOL = '''

@mcp.tool
async def book{i}(ctx: Context) -> str:
    destination = await ctx.elicit("Where to {i}?", response_type=str)
    if destination.action == "accept":
        return f"Booked {{destination.data}}"
    return "Cancelled"
'''


def tools(n: int) -> str:
    """N tools, one question each."""
    return _HEAD + "".join(_TOOL.format(i=i) for i in range(n))


def lines(n: int) -> str:
    """One tool, then N module-level lines."""
    return _HEAD + _TOOL.format(i=0) + "".join(f"x{i} = {i}\n" for i in range(n))


def questions(n: int) -> str:
    """One tool asking N questions, then reading every answer: the questions
    wait for nothing, so the rewrite asks them in one round (a decline test
    after each would chain them, one round each, and the codemod refuses a
    chain longer than a client's 10 rounds, as MCP010 reports it)."""
    body = "".join(f'    a{i} = await ctx.elicit("Q{i}?", response_type=str)\n' for i in range(n))
    reads = " + ".join(f"a{i}.data" for i in range(n))
    return _HEAD + f"\n\n@mcp.tool\nasync def book(ctx: Context) -> str:\n{body}    return {reads}\n"


def chain(n: int) -> str:
    """One tool with N elicited parameters; resolver i reads parameter i - 1."""
    out = ["from typing import Annotated", _HEAD, "from elicit_lint.runtime import Elicit"]
    out.append("def r0() -> Elicit[str]:\n    return Elicit('q', response_type=str)\n")
    for i in range(1, n):
        out.append(f"def r{i}(p{i - 1}: str) -> Elicit[str]:\n    return Elicit(f'q{{p{i - 1}}}', response_type=str)\n")
    params = ",\n".join(f"    p{i}: Annotated[str, Elicit(r{i})]" for i in range(n))
    out.append(f"@mcp.tool\nasync def tool(\n{params},\n) -> str:\n    return p0\n")
    return "\n".join(out)


SHAPES = {"tools": tools, "lines": lines, "questions": questions, "chain": chain}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2000,4000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    bin_dir = Path(sys.executable).parent
    check = [str(bin_dir / "elicit-lint"), "check", "--no-cache", "--exit-zero", "m.py"]
    migrate = [str(bin_dir / "elicit-migrate"), "--diff", "m.py"]
    for shape in args.shapes.split(","):
        for n in sizes:
            work = Path(tempfile.mkdtemp(prefix="elicit-bench-"))
            try:
                (work / "m.py").write_text(SHAPES[shape](n))
                size = (work / "m.py").stat().st_size
                c = median_time(check, work, args.runs)
                m = median_time(migrate, work, args.runs) if shape != "chain" else float("nan")
                print(
                    f"{shape:9} n={n:6} {size / 1e6:6.2f} MB  check {c:7.2f} s "
                    f"({c / n * 1e3:6.2f} ms/unit)  migrate --diff {m:7.2f} s ({m / n * 1e3:6.2f} ms/unit)"
                )
            finally:
                shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
