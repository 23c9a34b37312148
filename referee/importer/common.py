"""What every site format shares: the imported hand and its recorded result, reading the file,
amounts, cards and player names, and walking a file hand by hand.

The log itself is written by ``referee.importer.builder.HandBuilder``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Final

from referee.cards import Card, CardError
from referee.errors import Problem, RefereeError
from referee.log.tokens import shorten
from referee.log.words import KEYWORDS
from referee.money import AmountError, format_amount
from referee.money import parse_amount as parse_amount_exactly

ZERO: Final = Decimal(0)


AMOUNT: Final = r"[$€£]?[\d,]*\.?\d+"
"""An amount as the sites print it (``$0.10``, ``€2``, ``1,000``), for the readers' patterns."""


class HistoryError(RefereeError):
    """A hand-history file that cannot be imported at all: unreadable, or of an unknown format."""


class SkipHand(Exception):
    """Raised inside a site parser: this hand cannot become a log, for the reason given."""

    def __init__(self, reason: str, line: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


# --- games --------------------------------------------------------------------------------------


class LineReader:
    """Walks one text hand history line by line; a site's reader says what each line means.

    A line the reader cannot make sense of skips the whole hand, with the line it was on.
    """

    def read(self, lines: list[str]) -> None:
        for offset, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line:
                continue
            try:
                self.line(line)
            except SkipHand as skip:
                raise SkipHand(skip.reason, skip.line or offset) from None
            except ValueError as error:
                raise SkipHand(f"cannot read {line!r}: {error}", offset) from None

    def line(self, line: str) -> None:
        raise NotImplementedError


@unique
class Game(StrEnum):
    """The games an imported hand can be, by the name the log's ``game:`` header gives them."""

    DRAW = "draw"
    """Five-card draw, high hand, no openers (online draw is played with blinds)."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """2-7 (Kansas City) lowball, one draw."""
    DEUCE_TO_SEVEN_TRIPLE = "deuce-to-seven-triple"
    """2-7 lowball, three draws: the small bet for two betting rounds, the big bet for the last two."""
    LOWBALL = "lowball"
    """Ace-to-five lowball, one draw."""
    LOWBALL_TRIPLE = "lowball-triple"
    """Ace-to-five lowball, three draws."""
    ACE_TO_SIX = "ace-to-six"
    """Ace-to-six lowball (straights and flushes count against the hand), one draw."""

    @property
    def draws(self) -> int:
        """How many drawing rounds the game has."""
        return 3 if self in (Game.DEUCE_TO_SEVEN_TRIPLE, Game.LOWBALL_TRIPLE) else 1


@unique
class Structure(StrEnum):
    """The betting structure, as the ``limit:`` header will say it."""

    FIXED = "fixed"
    POT = "pot"
    NO_LIMIT = "no-limit"


# --- the recorded result -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Award:
    """One "collected"/"wins" line: who took how much from which pot, as the site printed it."""

    player: str
    amount: Decimal
    pot: str = "pot"
    """``pot``, ``main pot``, ``side pot``, ``side pot-1``, ... in the site's words."""


def frozen_amounts(mapping: Mapping[str, Decimal]) -> Mapping[str, Decimal]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class RecordedResult:
    """What the site says happened to the money. Every amount is an exact Decimal.

    Players are named as the log names them (an alias when the site's name could not be
    written; see ``ImportedHand.aliases``).
    """

    total_pot: Decimal
    """The site's "Total pot": everything put in, less uncalled bets returned; rake not yet taken."""
    rake: Decimal
    """What the house took out of the pot."""
    collected: Mapping[str, Decimal]
    """Each winner's takings, summed over every pot he collected from (after rake)."""
    returned: Mapping[str, Decimal]
    """Uncalled bets the site gave back ("Uncalled bet ($X) returned to Y")."""
    invested: Mapping[str, Decimal]
    """Every chip each dealt-in player put in (antes, blinds, bets, calls, raises), before returns."""
    awards: tuple[Award, ...] = ()
    """The collection lines in the order the site printed them."""
    main_pot: Decimal | None = None
    """The main pot as the summary printed it, when it printed one (some sites print it after rake)."""
    side_pots: tuple[Decimal, ...] = ()
    """The side pots as the summary printed them, in order."""

    @property
    def net(self) -> Mapping[str, Decimal]:
        """Each player's gain or loss as the site implies it: collected + returned - invested."""
        players = dict.fromkeys([*self.invested, *self.collected, *self.returned])
        return frozen_amounts(
            {
                player: self.collected.get(player, ZERO)
                + self.returned.get(player, ZERO)
                - self.invested.get(player, ZERO)
                for player in players
            }
        )

    def inconsistencies(self) -> list[str]:
        """What does not add up in the site's own figures (empty when everything does)."""
        problems = []
        paid_out = sum(self.collected.values(), ZERO) + self.rake
        if paid_out != self.total_pot:
            problems.append(
                f"collected {paid_out - self.rake} + rake {self.rake} != total pot {self.total_pot}"
            )
        put_in = sum(self.invested.values(), ZERO) - sum(self.returned.values(), ZERO)
        if put_in != self.total_pot:
            problems.append(f"chips put in less returned {put_in} != total pot {self.total_pot}")
        return problems


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """One hand from a site's history, as a log in our language plus what the site recorded."""

    site: str
    """``PokerStars``, ``FullTilt``, ``OnGame``, ``iPoker``, ``Merge``."""
    hand_id: str
    """The site's hand number (``64146221551``, ``R5-192626403-203``)."""
    game: Game
    log: str
    """The log text, ready for ``referee.log.parse_log``."""
    result: RecordedResult
    source: str = "<history>"
    """The file it came from."""
    line: int = 0
    """Where the hand starts in that file."""
    aliases: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Log name -> site name, for every player whose site name had to be replaced."""
    warnings: tuple[str, ...] = ()
    """What the importer noticed but could work around (inconsistent hole cards, ...)."""

    @property
    def file_name(self) -> str:
        """``pokerstars-64146221551.log``: the name ``referee import -o DIR`` writes it under."""
        safe_id = re.sub(r"[^A-Za-z0-9._-]", "_", self.hand_id)
        return f"{self.site.lower()}-{safe_id}.log"


@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand in the file that could not become a log, and why."""

    source: str
    site: str
    hand_id: str
    reason: str
    line: int = 0

    def problem(self) -> Problem:
        return Problem(
            message=f"{self.site} hand #{self.hand_id} not imported: {self.reason}",
            file=self.source,
            line=self.line,
        )


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Everything a file gave: the hands imported and the hands skipped, in file order."""

    source: str
    site: str
    hands: tuple[ImportedHand, ...]
    skipped: tuple[SkippedHand, ...] = ()


# --- reading text --------------------------------------------------------------------------------


def decode(data: bytes) -> str:
    """The text of a history file: UTF-16 with a BOM, UTF-8 with or without one, else cp1252.

    Line endings become ``\\n``. A stray odd byte at the end of a UTF-16 file (some archives
    append a newline byte) is dropped.
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        codec = "utf-16-le" if data[:2] == b"\xff\xfe" else "utf-16-be"
        body = data[2:]
        text = body[: len(body) // 2 * 2].decode(codec, errors="replace")
    elif data[:3] == b"\xef\xbb\xbf":
        text = data[3:].decode("utf-8", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


_AMOUNT = re.compile(r"^[$€£]?\s*(-?)([\d,]*\.?\d+)\s*(?:[$€£]|USD|EUR|GBP)?$")


def parse_amount(text: str) -> Decimal:
    """``$1,500.50`` -> Decimal('1500.50'); ``€2`` -> Decimal('2').

    The site's currency and thousands separators go; the digits are read by
    :func:`referee.money.parse_amount`, with its bounds.

    Raises:
        SkipHand: the text is not an amount, or one out of the referee's bounds.
    """
    match = _AMOUNT.match(text.strip())
    if not match:
        raise SkipHand(f"{shorten(text.strip())!r} is not an amount")
    sign, digits = match.groups()
    try:
        return parse_amount_exactly(sign + digits.replace(",", ""), signed=True)
    except AmountError as error:
        shown = shorten(text.strip())
        raise SkipHand(f"cannot use the amount {shown!r}: {error.reason}; {error.hint}") from None


def amount_text(amount: Decimal) -> str:
    """An amount written plainly, the way the log language wants it: ``0.10``, ``1500``."""
    return format_amount(amount, keep_places=True)


def parse_card_list(text: str) -> tuple[Card, ...]:
    """``"Qd 7h 6c"`` or ``"Qd, 7h, 6c"`` -> cards. ``10h`` is read as the ten.

    Raises:
        SkipHand: a piece is not a card.
    """
    try:
        return tuple(Card.parse(piece) for piece in text.replace(",", " ").split())
    except CardError as error:
        raise SkipHand(f"unreadable cards [{text}]: {error}") from None


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(repr(card) for card in cards)


# --- names ---------------------------------------------------------------------------------------

_WORD: Final = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_QUOTABLE: Final = re.compile(r'^[^"\\\n\r\t]+$')
_CARD_LIKE: Final = re.compile(r"^(?:(?:10|[2-9tjqka])[shdc]|jk|joker|\?\?)$", re.IGNORECASE)


def _writable(name: str) -> str | None:
    """The name as the log can write it (bare or quoted), or None when it cannot be written."""
    if name != name.strip() or not name:
        return None
    if _WORD.match(name) and name.lower() not in KEYWORDS and not _CARD_LIKE.match(name):
        return name
    if _QUOTABLE.match(name):
        return f'"{name}"'
    return None


class Names:
    """Site names -> log names. A name the log cannot write even quoted becomes ``player_N``."""

    def __init__(self) -> None:
        self._log_name: dict[str, str] = {}
        self._written: dict[str, str] = {}
        self.aliases: dict[str, str] = {}
        """log name -> site name, for the replaced ones."""

    def add(self, site_name: str) -> str:
        if site_name in self._log_name:
            return self._log_name[site_name]
        written = _writable(site_name)
        log_name = site_name
        if written is None or site_name in self._log_name.values():
            number = len(self.aliases) + 1
            while f"player_{number}" in self._log_name.values() or f"player_{number}" in self._log_name:
                number += 1
            log_name = f"player_{number}"
            written = log_name
            self.aliases[log_name] = site_name
        self._log_name[site_name] = log_name
        self._written[site_name] = written
        return log_name

    def log_name(self, site_name: str) -> str:
        return self._log_name.get(site_name) or self.add(site_name)

    def written(self, site_name: str) -> str:
        self.log_name(site_name)
        return self._written[site_name]


def split_actor(line: str, names: list[str], separator: str = " ") -> tuple[str, str] | None:
    """``("Big Al", "calls $2")`` for ``"Big Al calls $2"``: the longest known name that starts the line."""
    for name in names:  # callers pass names longest first
        if line.startswith(name + separator):
            return name, line[len(name) + len(separator) :]
    return None


def longest_first(names: list[str]) -> list[str]:
    return sorted(names, key=len, reverse=True)


_HandParser = Callable[[list[str], str, int], ImportedHand]


def split_hands(text: str, start: re.Pattern[str]) -> list[tuple[int, list[str]]]:
    """The file's hands: (1-based line where each starts, its lines), a new hand at each ``start`` match."""
    hands: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if start.match(line):
            hands.append((number, [line]))
        elif hands:
            hands[-1][1].append(line)
    return hands


def run_hands(
    site: str,
    source: str,
    hands: list[tuple[int, list[str]]],
    parse_hand: _HandParser,
    hand_id: re.Pattern[str],
) -> ImportReport:
    """Parse every hand, keeping the ones that import and the reasons for the ones that don't."""
    imported: list[ImportedHand] = []
    skipped: list[SkippedHand] = []
    for line, lines in hands:
        match = hand_id.search(lines[0])
        number = match.group(1) if match else f"at line {line}"
        try:
            imported.append(parse_hand(lines, source, line))
        except SkipHand as skip:
            where = line + skip.line if skip.line else line
            skipped.append(SkippedHand(source, site, number, skip.reason, where))
    return ImportReport(source, site, tuple(imported), tuple(skipped))
