"""The small pieces of the log every part of the reader shares: amounts, counts, quotes, header items.

The grammar's transformer, the fast path, the checks and the printer all use these, so a word
reads the same whichever of them meets it. Importing this module does not import Lark.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from referee.money import AmountError, parse_amount

MAX_COUNT_DIGITS: Final = 6

NAME: Final = re.compile(r"[^\W\d]\w*")
"""The grammar's NAME terminal."""

AMOUNT_PATTERN: Final = (
    r"-?(?:[$£€](?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?"
    r"|(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?[c¢€£]?)"
)
"""The grammar's AMOUNT terminal without its look-ahead (a test checks they are the same)."""

AMOUNT: Final = re.compile(AMOUNT_PATTERN, re.IGNORECASE)
"""An amount as one whole word."""

_CURRENCY: Final = str.maketrans({"£": None, "€": None, "$": None, ",": None, "¢": "c"})


@dataclass(frozen=True, slots=True)
class HeaderItem:
    """One header line: ``key`` as in :data:`~referee.log.words.HEADER_KEYS` and its value, already read."""

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


def read_amount(token: str) -> Decimal:
    """An amount as players write it, exact: ``2``, ``$2.50``, ``£2``, ``2€``, ``25c``, ``1,000``.

    The currency sign and the thousands separators are dropped, then the digits go through
    :func:`referee.money.parse_amount` (signed, so a check can refuse a negative amount where it
    stands), which keeps exactness and bounds.

    >>> read_amount("£2"), read_amount("2€"), read_amount("1,000.50"), read_amount("25¢")
    (Decimal('2'), Decimal('2'), Decimal('1000.50'), Decimal('0.25'))

    Raises:
        AmountError: not an amount, or one out of bounds; the message quotes it as written.
    """
    digits = token.translate(_CURRENCY)
    try:
        return parse_amount(digits, signed=True)
    except AmountError as error:
        if digits == token or digits not in error.reason:
            raise
        raise AmountError(error.reason.replace(digits, token, 1), error.hint) from None


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


def game_name(text: str) -> str:
    """A ``game:`` value as the catalog names games: lower case, words joined by hyphens.

    >>> game_name("Jacks or Better"), game_name("jacks-or-better")
    ('jacks-or-better', 'jacks-or-better')
    """
    return "-".join(text.split()).lower()


def shorten(text: str, limit: int = 40) -> str:
    """Text as quoted in a message: a runaway word is cut short.

    >>> shorten("Ann"), shorten("x" * 50, 5)
    ('Ann', 'xxxx…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


OPENING_QUOTES: Final = {'"': '"', "“": "”", "‘": "’"}
"""Each quote mark that opens a name or speech, and the mark that closes it (as the grammar's STRING)."""


def comment_start(line: str) -> int:
    """Where a line's comment starts (a ``#`` outside quotes, plain or typographic), or -1.

    Inside ``‘...’`` a ``’`` followed by a letter is an apostrophe (``‘it’s # mine’``).

    >>> comment_start('Ann says "a # b"  # late'), comment_start("Ann says “a # b” # late")
    (18, 17)
    >>> comment_start("Ann says ‘it’s # mine’ # late"), comment_start("dealer exposes Bob’s 7c # x")
    (23, 24)
    """
    closing = ""
    for index, char in enumerate(line):
        if closing:
            if char == closing and not (char == "’" and _is_word(line[index + 1 : index + 2])):
                closing = ""
        elif char in OPENING_QUOTES:
            closing = OPENING_QUOTES[char]
        elif char == "#":
            return index
    return -1


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def unquote(token: str) -> str:
    """The words inside a quoted name or speech (``"Aunt May"`` or ``“Aunt May”``)."""
    return token[1:-1]
