"""The words of the log language that need no parser: keywords, amounts, counts, header items.

Shared by the grammar's transformer, the fast path, the checks and the printer; importing it does
not import Lark.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

HEADER_KEYS: Final = ("title", "game", "rulebook", "seats", "dealer", "ante", "limit", "stacks", "rake")
"""The header keys, in the order the canonical form writes them."""

KEYWORDS: Final = frozenset(
    """
    title game rulebook seats dealer ante by limit pot no-limit table-stakes stacks rake
    antes posts small big blind straddle deal is dealt checks passes bets opens calls raises to
    folds drops goes all in draw discards draws stands pat showdown shows mucks openers splits
    keeps aside declares says exposes card face up pack cut not offered deck exposed was cards
    has duplicate found wrong misdeal redeal new note widow
    """.split()
)
"""Every keyword of the language, lower case (a test checks this against the grammar).

A bare word that is one of these is read as the keyword where the keyword may stand, so names
like these are written in quotes.
"""

MAX_COUNT_DIGITS: Final = 6


@dataclass(frozen=True, slots=True)
class HeaderItem:
    """One header line: ``key`` as in :data:`HEADER_KEYS` and its value, already read."""

    key: str
    value: object


class LineSlip(Exception):
    """A line that the grammar reads but that cannot be an event (a count with 40 digits)."""

    def __init__(self, message: str, column: int, width: int, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.width = width
        self.hint = hint


def parse_amount(text: str) -> Decimal:
    """An amount as written (``2``, ``0.25``, ``$5``, ``25c``) as an exact Decimal.

    >>> parse_amount("25c"), parse_amount("$5"), parse_amount("-1.50")
    (Decimal('0.25'), Decimal('5'), Decimal('-1.50'))
    """
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    if digits.startswith("$"):
        value = Decimal(digits[1:])
    elif digits[-1] in "cC":
        value = Decimal(digits[:-1]).scaleb(-2)
    else:
        value = Decimal(digits)
    return -value if negative else value


def parse_count(token: str, column: int = 0) -> int:
    """A number of cards.

    Raises:
        LineSlip: more digits than any count of cards can have.
    """
    if len(token) > MAX_COUNT_DIGITS:
        raise LineSlip(f"{token} is not a number of cards", column, len(token))
    return int(token)


def words(text: str) -> str:
    """Free text with its spacing made canonical (one space between words)."""
    return " ".join(text.split())


def shorten(text: str, limit: int = 40) -> str:
    """Text as quoted in a message: a runaway word is cut short.

    >>> shorten("Ann"), shorten("x" * 50, 5)
    ('Ann', 'xxxx…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def comment_start(line: str) -> int:
    """Where a line's comment starts (a ``#`` outside double quotes), or -1.

    >>> comment_start('Ann says "a # b"  # late')
    18
    """
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return index
    return -1
