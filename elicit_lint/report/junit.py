"""``junit``: a JUnit XML report, laid out as ruff 0.17.6 writes it: one
``<testsuite>`` per file (its absolute path), one failed ``<testcase>`` per
finding named ``org.elicit-lint.CODE`` (ruff: ``org.ruff.CODE``) whose class name
is the path without its extension, with ``line``/``column`` attributes and a
``<failure>`` holding ``line R, col C, message``; a run without findings is one
passing test case, ``No errors found``."""

from __future__ import annotations

import os
from typing import TextIO
from xml.sax.saxutils import escape, quoteattr

NAME = "elicit-lint"
PACKAGE = f"org.{NAME}"


def write(results: list, stream: TextIO) -> None:
    """Write the XML document."""
    total = sum(len(r.diagnostics) for r in results)
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    if not total:
        out += [
            f'<testsuites name="{NAME}" tests="1" skipped="0" failures="0" errors="0">',
            (
                f'    <testsuite name="{NAME}" tests="1" skipped="0" errors="0" failures="0" '
                f'package="{PACKAGE}">'
            ),
            f'        <testcase name="No errors found" classname="{NAME}"/>',
            "    </testsuite>",
        ]
    else:
        out.append(
            f'<testsuites name="{NAME}" tests="{total}" skipped="0" failures="{total}" errors="0">'
        )
        for result in results:
            if not result.diagnostics:
                continue
            path = (
                result.filename
                if result.filename == "-"
                else os.path.abspath(result.filename)
            )
            count = len(result.diagnostics)
            out.append(
                f'    <testsuite name={quoteattr(path)} tests="{count}" skipped="0" errors="0" '
                f'failures="{count}" package="{PACKAGE}">'
            )
            classname = quoteattr(os.path.splitext(path)[0])
            for d in result.diagnostics:
                row, col = d.location.row, d.location.column
                out += [
                    (
                        f"        <testcase name={quoteattr(f'{PACKAGE}.{d.code}')} classname={classname} "
                        f'line="{row}" column="{col}">'
                    ),
                    "            <properties>",
                    '                <property name="severity" value="error"/>',
                    "            </properties>",
                    (
                        f"            <failure message={quoteattr(d.message)}>"
                        f"{escape(f'line {row}, col {col}, {d.message}')}</failure>"
                    ),
                    "        </testcase>",
                ]
            out.append("    </testsuite>")
    out.append("</testsuites>")
    stream.write("\n".join(out) + "\n")
