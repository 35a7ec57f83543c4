"""The test suite. Every test directory is a package (pytest's "tests outside
application code" layout with ``__init__.py`` files), so modules may share a basename
across directories and helpers are imported relatively (``from .cases import ROOT``)."""
