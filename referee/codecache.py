"""The methods ``dataclass`` writes, compiled once and kept beside the package's own bytecode.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and, for a frozen class, ``__setattr__`` and ``__delattr__``, and compiles each one
with ``exec`` when the class is made: about six compilations a class. A ``referee rule`` makes
about 160 dataclasses (the events alone are 59) before it reads a line, and compiling their
methods was the largest part of importing the engine (``referee.events`` spent most of its import
time there).

:func:`install` gives the ``dataclasses`` module an ``exec`` that looks the source up in a table
of code objects compiled by an earlier run and compiles only what it has not seen. The table is
keyed by the whole source text, so a class whose fields change writes another text and is
compiled afresh: a stale entry is never used, only left unused. Running the same code object is
what ``exec`` of the same text does (the text is compiled as ``exec`` compiles it: file
``<string>``, no inherited ``__future__`` flags), so the classes made are the same.

The table is a ``marshal`` file in the package's ``__pycache__`` folder, beside the ``.pyc`` files
Python itself writes and runs from there: it is trusted as they are, and written when they are
(not when ``sys.dont_write_bytecode`` is set, and only where that folder is writable). It is never
kept in the user's cache folder, which holds only data read by a restricted reader. The file
names the Python's bytecode magic number; any other file, or one that does not read, is ignored.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any, Final

_LIMIT: Final = 20_000
"""Entries kept at most: past it the table starts again (a long-lived checkout's old classes)."""

_kept: dict[str, bytes] = {}
"""The file's table: each source's code object, marshalled (read only when that source is asked:
the table may hold other commands' classes)."""
_codes: dict[str, CodeType] = {}
_added: list[str] = []
"""Sources compiled by this process, not yet in the file."""


def install() -> None:
    """Make ``dataclasses`` compile each method's source through the kept table (once a process)."""
    if vars(dataclasses).get("exec") is _exec:
        return
    if "exec" in vars(dataclasses):
        return  # someone else's replacement: leave it alone
    _kept.update(_read())
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_write)


def table_file() -> Path | None:
    """Where the table is kept: the package's ``__pycache__`` (None if Python gives no place)."""
    try:
        pyc = importlib.util.cache_from_source(str(Path(__file__).with_name("__init__.py")))
    except NotImplementedError:  # no bytecode caching in this Python
        return None
    tag = sys.implementation.cache_tag
    return Path(pyc).with_name(f"dataclass-methods.{tag}.marshal")


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    if isinstance(source, str) and isinstance(globals, dict):
        code = _codes.get(source)
        if code is None:
            code = _kept_code(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _added.append(source)
        _codes[source] = code
        source = code
    builtins.exec(source, globals, locals)


def _kept_code(source: str) -> CodeType | None:
    kept = _kept.get(source)
    if kept is None:
        return None
    try:
        code = marshal.loads(kept)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def _header() -> bytes:
    return b"referee dataclass methods\0" + importlib.util.MAGIC_NUMBER


def _read() -> dict[str, bytes]:
    path = table_file()
    if path is None:
        return {}
    try:
        data = path.read_bytes()
        header = _header()
        if not data.startswith(header):
            return {}
        table = marshal.loads(data[len(header) :])
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {
        source: code for source, code in table.items() if isinstance(source, str) and isinstance(code, bytes)
    }


def _write() -> None:
    if not _added or sys.dont_write_bytecode:
        return
    path = table_file()
    if path is None:
        return
    table = _read()  # another process may have added its own since this one read the file
    if len(table) > _LIMIT:
        table = {}
    table.update({source: marshal.dumps(_codes[source]) for source in _added})
    _added.clear()
    try:
        path.parent.mkdir(exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(_header() + marshal.dumps(table))
        os.replace(temporary, path)
    except (OSError, ValueError):  # a read-only install: compile every start, as without the table
        return
