"""The rulebooks a table may rule by: the bundled ones, and a house folder given at start.

A house rulebook is named by its file name without ``.yaml`` (``friday`` for ``friday.yaml``) and
is loaded through :func:`referee.rulebook.load.rulebook_for_log` with the folder as the log's
folder: a name may lead only to a bundled rulebook or a ``.yaml`` file in that folder, never
elsewhere (no paths, no ``..``, no links out), and nothing is written.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from referee.events import HandLog
    from referee.rulebook.model import Rulebook

MAX_HOUSE_BOOKS: Final = 50
"""House rulebooks offered by name; a folder with more shows the first 50, sorted."""
_NAME: Final = re.compile(r"\w[\w.+-]*")
_SUFFIXES: Final = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Shelf:
    """Where rulebook names lead: bundled rulebooks, then ``folder`` (None: bundled only)."""

    folder: Path | None = None

    def bundled(self) -> list[str]:
        from referee.rulebook.load import bundled_rulebooks

        return bundled_rulebooks()

    def house(self) -> list[str]:
        """House rulebooks by name (file names without ``.yaml``), sorted; none without a folder."""
        if self.folder is None:
            return []
        bundled = set(self.bundled())
        found: set[str] = set()
        try:
            with os.scandir(self.folder) as entries:
                for entry in entries:
                    stem, suffix = os.path.splitext(entry.name)
                    if (
                        suffix in _SUFFIXES
                        and _NAME.fullmatch(stem)
                        and stem not in bundled
                        and entry.is_file()
                    ):
                        found.add(stem)
        except OSError:
            return []
        return sorted(found)[:MAX_HOUSE_BOOKS]

    def names(self) -> list[str]:
        """Every name a hand may be ruled by: bundled first, then the house's."""
        return [*self.bundled(), *self.house()]

    def load(self, name: str | None) -> Rulebook:
        """The rulebook ``name`` leads to (None: the default, scarne), loaded for play.

        Raises:
            RulebookError: the name leads nowhere allowed, or the file does not load.
        """
        from referee.rulebook.load import rulebook_for_log

        return rulebook_for_log(name, None, self.folder, log_file="<rulebooks>")

    def for_log(self, log: HandLog, text: str, source: str = "<table>") -> Rulebook:
        """The rulebook a log names on its ``rulebook:`` line (scarne without one).

        Raises:
            RulebookError: as :meth:`load`, pointing at the log's line.
        """
        from referee.rulebook.load import rulebook_for_log

        line, column = log.header.position("rulebook")
        return rulebook_for_log(
            log.header.rulebook, None, self.folder, log_file=source, line=line, column=column, log_text=text
        )
