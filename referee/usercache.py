"""Where built tables are kept between runs, so a cold start only reads them back.

The cache is an optimisation and nothing more: every reader falls back to building when the
directory cannot be made, the file cannot be written, or what is there cannot be read.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_dir() -> Path | None:
    """The user's cache folder for referee, created if need be; None when there is none."""
    try:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Caches")
        else:
            base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        directory = Path(base) / "referee"
        directory.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # no home directory, or nowhere to write
        return None
    return directory


def python_tag() -> str:
    """``py311``: caches are kept apart per Python version."""
    return f"py{sys.version_info[0]}{sys.version_info[1]}"
