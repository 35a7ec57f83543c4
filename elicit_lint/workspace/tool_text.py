"""The text gates of the run's index of tools (:mod:`.tool_index`): which of
the run's files may import a module or spell a name, found in their bytes
before any parse (substring searches over all the run's bytes at once,
:meth:`.run_files.Files.containing`).
"""

from __future__ import annotations

import os
import re

from .run_files import Files
from .run_files import imports_any as _imports_any

HINTS = (b"add_tool", b".tool(", b"from_function")
"""What a file registering a tool spells (``tool_shapes.is_registration``)."""
ELICIT_ATTRIBUTE = re.compile(rb"\.\s*elicit\b")
"""A file whose bytes may ask (``Scan.asking_helpers``, ``ToolIndex.asking_module_attributes``)."""
STAR = re.compile(rb"import(?:[ \t]|\\\r?\n)*\*")  # a literal first: a fast search
RELATIVE = re.compile(rb"from(?:[ \t]|\\\r?\n)+\.")
_WORD = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
) | frozenset(range(0x80, 0x100))


def importers(
    files: Files,
    homes: set[str],
    spelled: list[bytes],
    star: bool = False,
    within=None,
) -> list[str]:
    """The run's files, in the run's order, whose bytes spell one of
    ``spelled`` as a word (or, with ``star``, a star import) and hold an
    import statement resolving to one of ``homes`` (``within``: indexes in
    ``files.files`` to keep to); no parse (:func:`near_files`, then, per file, the name
    and the import itself: :func:`.run_files.imports_any`)."""
    near = near_files(files, homes)
    if within is not None:
        near &= within
    out = []
    for i in sorted(near):
        path = files.files[i]
        data = files.data(path)
        if (
            data is not None
            and (spells(data, spelled) or star and STAR.search(data))
            and _imports_any(path, data, homes, files)
        ):
            out.append(path)
    return out


def near_files(files: Files, homes: set[str]) -> set[int]:
    """The indexes (in ``files.files``) of the files that may import one of
    ``homes``: a file that does spells the word of an absolute import of it
    (``Files.import_word``) or is relative and spells the module's name
    (:func:`stems`), found by substring searches over all the run's bytes at
    once (``Files.containing``); every file where the file system is
    case-blind. A superset: :func:`.run_files.imports_any` decides."""
    found = stems(homes)
    if found is None:
        return set(range(len(files.files)))
    words = {w.encode() for m in homes if (w := files.import_word(m)) is not None}
    near = set().union(*(files.containing(w) for w in words))
    if found:
        relative = files.matching(RELATIVE)
        near |= {i for s in found for i in files.containing(s) if i in relative}
    return near


def spells(data: bytes, words) -> bool:
    """Whether ``data`` holds one of ``words`` (bytes) as a whole word
    (substring searches: faster than a regular expression of alternatives)."""
    for word in words:
        at = data.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or data[at - 1] not in _WORD) and (
                end == len(data) or data[end] not in _WORD
            ):
                return True
            at = data.find(word, at + 1)
    return False


def stems(modules: set[str]) -> list[bytes] | None:
    """What a file importing one of ``modules`` (run files) relatively spells:
    the module's name (``from .tools import``, ``from . import tools``), or for
    a package (an ``__init__.py``) only ``from`` (``from .. import f``); an
    absolute import spells :meth:`.run_files.Files.import_word`. Case-blind
    where the file system is (the keys are ``norm``-alised): ``None``, every
    file passes and :func:`.run_files.imports_any` decides."""
    if os.path.normcase("A") == "a":
        return None
    out = set()
    for module in modules:
        stem = os.path.splitext(os.path.basename(module))[0]
        out.add(b"from" if stem == "__init__" else stem.encode())
    return sorted(out)
