"""The bundled rulebooks compiled once: validated and checked, kept in the user's cache.

Reading a bundled rulebook means parsing its YAML, merging its ``extends:`` chain, validating it
through the pydantic models and running every check on it; a start that rules one log would do
all of that before the first line is read, and a ruling that cites its source would parse the
five source texts' YAML (:func:`referee.rulebook.texts.source_texts`) to name the item.
:func:`referee.rulebook.load.load_rulebook`, :func:`referee.rulebook.games.catalog` and
:func:`referee.rulebook.texts.source_texts` instead read back what an earlier run built: one file
in the user's cache holding every bundled rulebook, the variant catalog and the source texts'
items, each as it was after validation and the checks.

The cache is trusted for nothing:

* It is keyed by a digest of the program's version, the Python, pydantic's version, every bundled
  YAML file (the rulebooks, the catalog, the source lists) and the source of every module of
  :mod:`referee.rulebook` (the models, the merging and the checks that made the objects). Any
  change to any of them is another key, and a file written under another key is rebuilt.
* Each stored object carries the SHA-256 of its bytes, checked before it is read: a file cut short
  or changed on disk is rebuilt.
* The objects are read by an unpickler that may build only the rulebook's own models, enums and
  source-text records (:mod:`referee.rulebook.model`, ``settings``, ``vocabulary``, ``texts``)
  and ``Decimal``; any other name in
  the file is refused, so the file can make nothing but a rulebook, and it is rebuilt.
* Every failure to read (no folder, no file, a bad file, a refusal) is a miss: the caller builds
  from the YAML as if there were no cache. Writing is to a temporary file then a rename, so a
  reader never sees half a file, and a write that fails is ignored.

Reading the objects back does no validation: the models are built lazily (``defer_build`` in
:class:`referee.rulebook.settings.Strict`), so a warm start never generates a pydantic schema.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import marshal
import os
import pickle
from dataclasses import is_dataclass
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any, Final

from referee.rulebook.model import Catalog, Rulebook
from referee.rulebook.texts import SourceText, read_cached_texts_with

_FORMAT: Final = 2
"""Bump when the file's layout changes."""

_PACKAGES: Final = ("referee.rulebooks", "referee.rulebook.sources")
"""The packages whose YAML files the key covers."""

_MODELS: Final = frozenset(
    {
        "referee.rulebook.model",
        "referee.rulebook.settings",
        "referee.rulebook.vocabulary",
        "referee.rulebook.texts",
    }
)
"""The only modules the unpickler takes names from."""

_loaded: dict[str, Any] = {}
"""This process's reading of the file: ``{"books": {...}, "catalog": ..., "texts": ...}``, or empty."""
_tried: list[bool] = []


def book(name: str) -> Rulebook | None:
    """The bundled rulebook ``name`` as the cache holds it, or None (a miss: build it)."""
    stored = _stored().get("books", {}).get(name)
    found = None if stored is None else _unpickle(stored)
    return found if isinstance(found, Rulebook) else None


def catalog() -> Catalog | None:
    """The variant catalog as the cache holds it, or None (a miss: build it)."""
    stored = _stored().get("catalog")
    found = None if stored is None else _unpickle(stored)
    return found if isinstance(found, Catalog) else None


def texts() -> dict[str, SourceText] | None:
    """The bundled source texts' items (by file name) as the cache holds them, or None (a miss)."""
    stored = _stored().get("texts")
    found = None if stored is None else _unpickle(stored)
    if not isinstance(found, dict):
        return None
    if not all(isinstance(name, str) and isinstance(text, SourceText) for name, text in found.items()):
        return None
    return found


def store(books: dict[str, Rulebook], catalog: Catalog, texts: dict[str, SourceText]) -> None:
    """Keep ``books`` (every bundled rulebook, by name), the ``catalog`` and the source ``texts``
    (by file name) for the next start."""
    path = cache_file()
    if path is None:
        return
    try:
        stored = {
            "key": key(),
            "books": {name: _pickled(each) for name, each in books.items()},
            "catalog": _pickled(catalog),
            "texts": _pickled(texts),
        }
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(marshal.dumps(stored))
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError, ValueError):  # the cache is an optimisation only
        return
    _loaded.clear()
    _loaded.update(stored)
    _tried[:] = [True]


def forget() -> None:
    """Forget what this process read from the file (for tests and benchmarks)."""
    _loaded.clear()
    _tried.clear()


def cache_file() -> Path | None:
    """The cache file (None when the user has no cache folder)."""
    from referee.usercache import cache_dir, python_tag

    directory = cache_dir()
    return None if directory is None else directory / f"rulebooks-{python_tag()}.marshal"


def key() -> str:
    """The digest that names what the cached objects were built from (see the module docstring)."""
    from pydantic import VERSION

    from referee import __version__

    digest = hashlib.sha256(f"{__version__}\0{_FORMAT}\0{VERSION}\0{python_version()}".encode())
    for package, suffix in (*((package, ".yaml") for package in _PACKAGES), ("referee.rulebook", ".py")):
        folder = resources.files(package)
        for entry in sorted(folder.iterdir(), key=lambda each: each.name):
            if entry.name.endswith(suffix) and entry.is_file():
                digest.update(f"\0{package}/{entry.name}\0".encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()


def python_version() -> str:
    import sys

    return ".".join(str(part) for part in sys.version_info[:3])


def _stored() -> dict[str, Any]:
    if not _tried:
        _tried.append(True)
        _loaded.update(_read())
    return _loaded


def _read() -> dict[str, Any]:
    path = cache_file()
    if path is None:
        return {}
    try:
        stored = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(stored, dict) or stored.get("key") != key():
        return {}
    return stored


def _pickled(value: Any) -> tuple[str, bytes]:
    data = pickle.dumps(value, protocol=5)
    return hashlib.sha256(data).hexdigest(), data


def _unpickle(stored: Any) -> Any | None:
    try:
        digest, data = stored
        if hashlib.sha256(data).hexdigest() != digest:
            return None
        return _Models(io.BytesIO(data)).load()
    except Exception:  # a file that cannot be read as it was written is a miss, never an error
        return None


class _Models(pickle.Unpickler):
    """An unpickler that builds the rulebook's own models, enums and source-text records (frozen
    dataclasses), ``Decimal``, and nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "decimal" and name == "Decimal":
            from decimal import Decimal

            return Decimal
        if module in _MODELS:
            from pydantic import BaseModel

            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, type) and (issubclass(found, BaseModel | Enum) or is_dataclass(found)):
                return found
        raise pickle.UnpicklingError(f"the rulebook cache may not name {module}.{name}")


# The texts sit below this module (their layer may not import it): they are handed its reader.
read_cached_texts_with(texts)
