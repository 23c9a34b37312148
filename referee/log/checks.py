"""Checks a log must pass before any rulebook sees it: the ones that need no rules of play.

Everyone named is seated, nobody is seated twice, the dealer sits at the table, stacks name
seated players, no line holds the same card twice, every amount is more than zero. Each problem
points at the word that is wrong; all of them are reported, not just the first.

:func:`check_header_names` checks the ``game:`` and ``rulebook:`` values against the names the
caller knows (the catalog and the bundled rulebooks: this package does not read rulebooks).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import fields
from decimal import Decimal
from operator import attrgetter
from typing import Final

from referee.cards import Card
from referee.errors import Problem
from referee.events import (
    CardExposed,
    Draw,
    DrawCountAsked,
    Event,
    HandLog,
    LimitKind,
    OpenersKeepAsked,
    Raise,
    SplitOpeners,
)
from referee.log.fast import CARD_WORDS_READ
from referee.log.tokens import AMOUNT_PATTERN, read_amount, shorten
from referee.money import AmountError, format_amount

_ZERO: Final = Decimal(0)
_INDEX: Final = attrgetter("index")
"""A card's index read in C (the glance at every line compares cards by it)."""
_SEATS_LINE: Final = re.compile(r"[ \t\f]*seats[ \t\f]*:", re.IGNORECASE)
_WORD: Final = re.compile(r"[^\s,]+")
# The grammar's AMOUNT where it may stand: after a space, a `/` or a `-`.
_AMOUNT_IN_TEXT: Final = re.compile(rf"(?<![\w.$£€]){AMOUNT_PATTERN}(?!\w|\.\d|,\d)", re.IGNORECASE)


def check_log(log: HandLog, lines: Sequence[str]) -> list[Problem]:
    """Every problem in a log that reads, in no particular order.

    ``lines`` is the log's text split into lines (for the excerpts and exact columns).
    """
    return list(_Checker(log, lines).problems())


class _Checker:
    def __init__(self, log: HandLog, lines: Sequence[str]) -> None:
        self.log = log
        self.header = log.header
        self.lines = lines
        self.seats = set(log.header.seats)

    def problems(self) -> Iterator[Problem]:
        yield from self._check_seats()
        yield from self._check_header_amounts()
        seats = self.seats
        for event in self.log.events:
            # Most lines name a seated player, a positive amount and no card twice: a glance says
            # so, and only a line that fails the glance gets the full check (a log has thousands).
            # What an event of its class can name is found once per class (its fields).
            kind = type(event)
            plan = _GLANCES.get(kind) or _glance(kind)
            always, named, paid, dealt = plan
            full = always
            if not full and named:
                player = getattr(event, "player", None)
                full = bool(seats) and isinstance(player, str) and player not in seats
            if not full and paid:
                amount = getattr(event, "amount", None)
                full = isinstance(amount, Decimal) and amount <= _ZERO
            if not full and dealt:
                cards = _cards(event)
                full = len(cards) > 1 and len(set(map(_INDEX, cards))) != len(cards)
            if full:
                yield from self._check_event(event)

    # --- the header ----------------------------------------------------------------------------

    def _check_seats(self) -> Iterator[Problem]:
        header = self.header
        if not header.seats:
            if not any(_SEATS_LINE.match(line) for line in self.lines):
                yield Problem(
                    "the log has no `seats:` line, so nobody is at the table",
                    self.log.source,
                    hint="add one to the header, players in clockwise order: `seats: Ann, Bob, Cy, Dee`",
                )
            return
        line, _ = header.position("seats")
        seen: set[str] = set()
        for name in header.seats:
            if name in seen:
                where = _find_name(self._text(line), name, nth=2)
                yield self._problem(f"{shorten(name)} is seated twice", line, where, "each player sits once")
            seen.add(name)
        if header.dealer is not None and header.dealer not in self.seats:
            line, column = header.position("dealer")
            where = _find_name(self._text(line), header.dealer, start=column + len("dealer"))
            yield self._problem(
                f"the dealer, {shorten(header.dealer)}, is not seated",
                line,
                where,
                self._suggest(header.dealer),
            )
        line, column = header.position("stacks")
        named: set[str] = set()
        for name, _amount in header.stacks:
            if name not in self.seats:
                where = _find_name(self._text(line), name, start=column + len("stacks"))
                yield self._problem(
                    f"stacks name {shorten(name)}, who is not seated", line, where, self._suggest(name)
                )
            elif name in named:
                where = _find_name(self._text(line), name, nth=2)
                yield self._problem(
                    f"stacks name {shorten(name)} twice", line, where, "give each player's stack once"
                )
            named.add(name)

    def _check_header_amounts(self) -> Iterator[Problem]:
        header = self.header
        amounts: list[tuple[str, Decimal | None]] = []
        if header.ante is not None:
            amounts.append(("ante", header.ante.amount))
        if header.limit is not None:
            figures = (header.limit.low, header.limit.high, header.limit.top)
            amounts += [("limit", figure) for figure in figures]
        amounts += [("stacks", amount) for _, amount in header.stacks]
        for key, amount in amounts:
            if amount is not None and amount <= 0:
                line, column = header.position(key)
                yield self._amount_problem(amount, line, column)
        if header.rake is not None and header.rake < 0:
            line, column = header.position("rake")
            yield self._amount_problem(header.rake, line, column)
        limit = header.limit
        if (
            limit is not None
            and limit.kind is LimitKind.SPREAD
            and limit.low is not None
            and limit.high is not None
            and limit.low > limit.high
        ):
            line, column = header.position("limit")
            low, high = _written(limit.low), _written(limit.high)
            yield self._problem(
                f"the spread limit {low}-{high} has its least bet above its most",
                line,
                (column, column + len("limit")),
                f"write the least bet first: `limit: {high}-{low}`",
            )
        if limit is not None and limit.top is not None and limit.low is not None and limit.high is not None:
            figures = (limit.low, limit.high, limit.top)
            if not limit.low < limit.high < limit.top:
                line, column = header.position("limit")
                written = "/".join(_written(figure) for figure in figures)
                ordered = "/".join(_written(figure) for figure in sorted(set(figures)))
                yield self._problem(
                    f"the three-figure limit {written} is not smallest to largest",
                    line,
                    (column, column + len("limit")),
                    "three figures are the bet before the draw, then the two bets allowed after it, "
                    + (
                        f"each larger than the one before: `limit: {ordered}`"
                        if len(set(figures)) == 3
                        else "each larger than the one before, like `limit: 1/2/4`"
                    ),
                )

    # --- events --------------------------------------------------------------------------------

    def _check_event(self, event: Event) -> Iterator[Problem]:
        if self.seats:
            for name in _players(event):
                if name not in self.seats:
                    where = _find_name(self._text(event.line), name, start=event.column)
                    yield self._problem(
                        f"{shorten(name)} is not at the table", event.line, where, self._suggest(name)
                    )
        amount = getattr(event, "amount", None)
        if isinstance(amount, Decimal) and amount <= 0:
            yield self._amount_problem(amount, event.line, event.column)
        if isinstance(event, Raise) and event.total is not None and event.total <= 0:
            yield self._amount_problem(event.total, event.line, event.column)
        cards = _cards(event)
        if len(cards) > 1:
            yield from self._check_cards(cards, event)

    def _check_cards(self, cards: tuple[Card, ...], event: Event) -> Iterator[Problem]:
        seen: set[Card] = set()
        for card in cards:
            if card.is_unknown:
                continue
            if card in seen:
                text = self._text(event.line)
                where = _find_card(text, card)
                yield self._problem(
                    f"{card!r} appears twice on this line",
                    event.line,
                    where,
                    f"a pack holds one {card!r}; for an imperfect pack say `duplicate card found: {card!r}`",
                )
                return
            seen.add(card)

    # --- helpers -------------------------------------------------------------------------------

    def _text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def _problem(self, message: str, line: int, where: tuple[int, int], hint: str) -> Problem:
        column, end = where
        return Problem(message, self.log.source, line, column, self._text(line), hint, end)

    def _amount_problem(self, amount: Decimal, line: int, column: int) -> Problem:
        where = _find_amount(self._text(line), amount) or (column, 0)
        if amount == 0:
            return self._problem(
                "an amount of zero: a bet, ante or stack is more than nothing", line, where, ""
            )
        return self._problem(
            f"a negative amount ({_written(amount)}): amounts are never below zero", line, where, ""
        )

    def _suggest(self, name: str) -> str:
        seats = self.header.seats
        same_case = [seat for seat in seats if seat.lower() == name.lower()]
        close = same_case or (len(name) <= 40 and difflib.get_close_matches(name, seats, n=1, cutoff=0.6))
        listed = ", ".join(dict.fromkeys(seats))
        if close:
            return f"did you mean {close[0]}? The seats are {listed}"
        return f"the seats are {listed}; a player who sat in goes in the `seats:` line"


_ALWAYS_IN_FULL: Final = (CardExposed, DrawCountAsked, OpenersKeepAsked, Raise)
"""Events checked in full: they name players besides ``player``, or a raise's total."""


def _players(event: Event) -> list[str]:
    """Everyone an event names."""
    names = []
    player = getattr(event, "player", None)
    if isinstance(player, str):
        names.append(player)
    if isinstance(event, CardExposed):
        if not event.by_dealer and event.by != player:
            names.append(event.by)
        if event.owner is not None and event.owner not in names:
            names.append(event.owner)
    if isinstance(event, DrawCountAsked) and event.asked not in names:
        names.append(event.asked)
    if isinstance(event, OpenersKeepAsked) and event.opener not in names:
        names.append(event.opener)
    return names


_GLANCES: Final[dict[type[Event], tuple[bool, bool, bool, bool]]] = {}


def _glance(kind: type[Event]) -> tuple[bool, bool, bool, bool]:
    """What the glance reads of an event of ``kind``: (always checked in full, names a player,
    states an amount, may name cards), from its fields."""
    names = {item.name for item in fields(kind)}
    plan = (
        issubclass(kind, _ALWAYS_IN_FULL),
        "player" in names,
        "amount" in names,
        issubclass(kind, Draw | SplitOpeners) or "cards" in names,
    )
    _GLANCES[kind] = plan
    return plan


def _cards(event: Event) -> tuple[Card, ...]:
    """Every card one event names."""
    if isinstance(event, Draw):
        return event.discards + event.received
    if isinstance(event, SplitOpeners):
        return event.kept
    cards = getattr(event, "cards", ())
    return cards if isinstance(cards, tuple) else ()


def _find_name(text: str, name: str, start: int = 1, nth: int = 1) -> tuple[int, int]:
    """(column, end) of the ``nth`` mention of ``name`` at or after ``start``; (start, 0) if none."""
    seen = 0
    position = max(0, start - 1)
    while name and (index := text.find(name, position)) >= 0:
        end = index + len(name)
        before, after = text[index - 1 : index], text[end : end + 1]
        if before == '"' and after == '"':
            seen += 1
            if seen == nth:
                return index, end + 2
        elif not _is_word_char(before) and before != '"' and not _is_word_char(after):
            seen += 1
            if seen == nth:
                return index + 1, end + 1
        position = index + 1
    return start, 0


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _find_card(text: str, card: Card) -> tuple[int, int]:
    """(column, end) of the last time ``card`` is written on the line."""
    found = (0, 0)
    for match in _WORD.finditer(text.split("#", 1)[0]):
        if CARD_WORDS_READ.get(match.group()) == card:
            found = (match.start() + 1, match.end() + 1)
    return found


def _find_amount(text: str, amount: Decimal) -> tuple[int, int] | None:
    for match in _AMOUNT_IN_TEXT.finditer(text.split("#", 1)[0]):
        try:
            found = read_amount(match.group())
        except AmountError:  # out of bounds: not one the log holds
            continue
        if found == amount:
            return match.start() + 1, match.end() + 1
    return None


def _written(amount: Decimal) -> str:
    return format_amount(amount, keep_places=True)


# --- game: and rulebook: ---------------------------------------------------------------------------

_RULEBOOK_FILE: Final = re.compile(r"[^/\\]+\.ya?ml", re.IGNORECASE)


def check_header_names(
    log: HandLog,
    lines: Sequence[str],
    rulebooks: Collection[str],
    games_under: Callable[[str], Collection[str] | None],
    default_rulebook: str,
) -> list[Problem]:
    """Problems with the ``game:`` and ``rulebook:`` values, at their line and column.

    ``rulebooks`` are the bundled rulebooks' names. A ``rulebook:`` may also name a ``.yaml``
    (or ``.yml``) file next to the log, by its name alone: whether it is there is left to
    ``rule``. ``games_under(rulebook)`` gives the games a log may name under a bundled rulebook
    (the catalog's and the rulebook's own) or a rulebook file (read, for the games it adds), or
    None when they cannot be known: then the game is left to ``rule``.
    """
    header = log.header
    problems: list[Problem] = []
    book = header.rulebook
    if book is not None and book not in rulebooks and not _RULEBOOK_FILE.fullmatch(book):
        line, column = header.position("rulebook")
        problems.append(
            _name_problem(
                log, lines, line, column, "rulebook", book, rulebooks,
                f"{shorten(book)!r} is not a bundled rulebook, nor a rulebook file next to the log",
                "or the name of a .yaml file next to the log",
            )
        )  # fmt: skip
        return problems
    if header.game is None:
        return problems
    games = games_under(book or default_rulebook)
    if games is not None and header.game not in games:
        line, column = header.position("game")
        problems.append(
            _name_problem(
                log, lines, line, column, "game", header.game, games,
                f"{shorten(header.game)!r} is not a game the referee knows", "",
            )
        )  # fmt: skip
    return problems


def _name_problem(
    log: HandLog,
    lines: Sequence[str],
    line: int,
    column: int,
    key: str,
    value: str,
    known: Collection[str],
    message: str,
    more: str,
) -> Problem:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    start = text.find(":", max(0, column - 1)) + 1
    while start < len(text) and text[start] in " \t\f":
        start += 1
    end = len(text.split("#", 1)[0].rstrip()) + 1
    close = closest_names(value, known)
    listed = ", ".join(known)
    hint = f"did you mean {' or '.join(f'`{name}`' for name in close)}? " if close else ""
    hint += f"The {key}s are {listed}" + (f", {more}" if more else "")
    return Problem(message, log.source, line, start + 1, text, hint, max(end, start + 2))


def closest_names(word: str, names: Collection[str], most: int = 2) -> list[str]:
    """The names ``word`` may have meant, best first: a name it starts or is part of, then by spelling.

    ``jacks`` means ``jacks-or-better`` sooner than ``jacks-back``: names that start with the word
    come first, in the order given (the catalog's order, commonest games first).

    >>> closest_names("jacks", ["draw", "jacks-or-better", "jacks-back"])
    ['jacks-or-better', 'jacks-back']
    >>> closest_names("scarn", ["bicycle", "scarne"])
    ['scarne']
    """
    lowered = word.lower()
    if len(lowered) > 60:
        return []
    same = [name for name in names if name.lower() == lowered]
    starts = [name for name in names if name.lower().startswith(lowered) and name not in same]
    inside = [name for name in names if lowered in name.lower() and name not in same + starts]
    spelled = difflib.get_close_matches(lowered, list(names), n=most, cutoff=0.6) if not starts else []
    found = list(dict.fromkeys(same + starts + inside + spelled))
    return found[:most] if len(lowered) >= 3 or same else []
