"""What several test files need: rule a log text, read the documentation, run short or full.

Imported by name (``from tests.helpers import rule``); ``conftest.py`` beside it sets up pytest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.engine import rule_log
from referee.log import parse_log
from referee.rulebook.load import load_rulebook
from referee.rulebook.model import Rulebook
from referee.ruling import Result

ROOT = Path(__file__).resolve().parent.parent
"""The source tree: README.md, docs/, scenarios/, referee/."""


def rule(text: str, book: str | Path | Rulebook = "scarne", source: str = "<log>") -> Result:
    """Read ``text`` as a hand log (``source`` names it in problems) and rule it under ``book``.

    ``book`` is a bundled rulebook's name, a rulebook file, or a rulebook already loaded.
    """
    rulebook = book if isinstance(book, Rulebook) else load_rulebook(str(book))
    return rule_log(parse_log(text, source), text, rulebook)


def documentation() -> str:
    """README.md and every page of docs/, one after another: what the user reads.

    Tests that hold an example of the documentation to what the command prints read this, so an
    example may move between the README and docs/ without the test losing it.
    """
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def short_and_full(short: int, full: int) -> Any:
    """Parametrize a test over how many cases it tries: ``short`` by default, ``full`` under ``-m slow``.

    The test takes the number as its ``cases`` argument. The default run stays quick and can still
    fail; the slow run (``python -m pytest -m slow``, also in CI) tries the full count.
    """
    return pytest.mark.parametrize(
        "cases",
        [
            pytest.param(short, id=f"{short}-cases"),
            pytest.param(full, id=f"{full}-cases", marks=pytest.mark.slow),
        ],
    )
