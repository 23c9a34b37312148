"""Real online hand histories as hand logs: ``referee import FILE``.

``import_file(path)`` reads a site's hand-history file (PokerStars, Full Tilt and OnGame text,
Boss Media (iPoker-style) XML, Merge XML) and returns one ``ImportedHand`` per hand that could be
imported: the log text in our log language and the result the site recorded (pot, rake,
collections, uncalled bets returned, side pots, each player's net). ``read_file`` also says
which hands were left out and why.

Games: five-card draw (``draw``), 2-7 single draw (``deuce-to-seven``), 2-7 triple draw
(``deuce-to-seven-triple``), ace-to-five single and triple draw (``lowball``, ``lowball-triple``).
Badugi and its cousins are reported as unsupported, hand by hand; KingsClub and Winamax files
are refused as a whole with a clear message.

PHH (the Poker Hand History format, PokerKit's TOML) is read by :mod:`referee.importer.phh_read`
and written by :mod:`referee.importer.phh_write` (``referee export LOG --phh``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Final

from referee.errors import Problem
from referee.importer import fulltilt, ipoker, merge, ongame, phh_read, pokerstars
from referee.importer.common import (
    Award,
    Game,
    HistoryError,
    ImportedHand,
    ImportReport,
    RecordedResult,
    SkippedHand,
    decode,
)

__all__ = [
    "FORMATS",
    "Award",
    "Game",
    "HistoryError",
    "ImportReport",
    "ImportedHand",
    "RecordedResult",
    "SkippedHand",
    "detect_format",
    "import_file",
    "import_text",
    "read_file",
    "recorded_result",
]

_Parser = Callable[[str, str], ImportReport]

FORMATS: Final[dict[str, tuple[re.Pattern[str], _Parser]]] = {
    "pokerstars": (re.compile(r"^\s*PokerStars (?:Zoom )?(?:Game|Hand) #\d+", re.M), pokerstars.parse),
    "fulltilt": (re.compile(r"^\s*Full ?Tilt ?Poker Game #\d+", re.M), fulltilt.parse),
    "ongame": (re.compile(r"^\*{5} History for hand ", re.M), ongame.parse),
    "ipoker": (re.compile(r"<HISTORY ID=\""), ipoker.parse),
    "merge": (re.compile(r"<game id=\""), merge.parse),
    # PHH (PokerKit's TOML): a `variant = "..."` line, at the top or inside a .phhs hand's table.
    "phh": (re.compile(r"^[ \t]*variant[ \t]*=[ \t]*[\"']", re.M), phh_read.parse),
}
"""Format name -> (how to recognise it, how to read it), tried in this order."""

_UNSUPPORTED: Final = (
    ("Winamax", re.compile(r"^\s*Winamax Poker - ", re.M)),
    ("KingsClub", re.compile(r"^\s*#\d+: (?:Limit|No Limit|Pot Limit|NL|PL|FL) ", re.M)),
    ("PartyPoker", re.compile(r"^\s*\*{5} Hand History [Ff]or Game \d+", re.M)),
    ("888poker", re.compile(r"^\s*#Game No : \d+", re.M)),
)


def detect_format(text: str) -> str | None:
    """The format of a history's text (``pokerstars``, ``fulltilt``, ``ongame``, ``ipoker``,
    ``merge``, ``phh``), or None when it is none of them."""
    head = text[:20000].replace("\ufeff", "")
    for name, (pattern, _) in FORMATS.items():
        if pattern.search(head):
            return name
    return None


def import_text(text: str, source: str = "<history>") -> ImportReport:
    """Every hand in a history's text.

    Raises:
        HistoryError: the text is not a hand history referee can read.
    """
    text = text.replace("\ufeff", "")  # a BOM, also where files were joined
    name = detect_format(text)
    if name is None:
        head = text[:20000]
        for site, pattern in _UNSUPPORTED:
            if pattern.search(head):
                raise HistoryError(Problem(f"{site} hand histories are not supported", file=source))
        raise HistoryError(
            Problem(
                "not a hand history referee recognises",
                file=source,
                hint="referee imports PokerStars, Full Tilt and OnGame text, Boss (iPoker) and Merge XML, "
                "and PHH",
            )
        )
    return FORMATS[name][1](text, source)


def read_file(path: str | Path) -> ImportReport:
    """Every hand in a history file, imported or skipped with a reason.

    Raises:
        InputError: the file cannot be read, or is too large.
        HistoryError: the file is not a hand history referee can read.
    """
    from referee.inputs import MAX_HISTORY_BYTES, read_bytes, too_large

    name, data, _ = read_bytes(path, what="hand history", max_bytes=MAX_HISTORY_BYTES)
    if len(data) > MAX_HISTORY_BYTES:
        raise too_large(name, "hand history", MAX_HISTORY_BYTES)
    return import_text(decode(data), name)


def import_file(path: str | Path) -> list[ImportedHand]:
    """The hands of a history file that import, in file order (see ``read_file`` for the others).

    Raises:
        OSError: the file cannot be read.
        HistoryError: the file is not a hand history referee can read.
    """
    return list(read_file(path).hands)


def recorded_result(hand: ImportedHand) -> RecordedResult:
    """What the site recorded for the hand: pot, rake, collections, returns, side pots, nets."""
    return hand.result
