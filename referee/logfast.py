"""A fast path for the commonest lines, giving exactly what the grammar gives.

Most of a log is ``Ann checks``, ``Cy bets 2``, ``Dee draws 1``, ``Cy is dealt ...`` and plain
header lines (``seats: Ann, Bob``, ``limit: 2/4``). Reading
them by splitting on spaces is several times quicker than running the LALR parser, and the
parser stays the definition: this module only answers for lines it is sure about (plain words,
no quotes or comments) and returns None for everything else, which then goes to the
grammar. ``tests/test_log_fast.py`` checks on generated lines that whenever it answers, the
grammar accepts the line and builds the equal event.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from referee.cards import Card
from referee.events import (
    AnteRule,
    Antes,
    Bet,
    Call,
    Check,
    Deal,
    DealtCards,
    Discard,
    Draw,
    DrawPhase,
    Event,
    Fold,
    Limit,
    LimitKind,
    MisdealCalled,
    Muck,
    NewDeal,
    Open,
    Raise,
    Show,
    Showdown,
    StandPat,
)
from referee.logwords import KEYWORDS, MAX_COUNT_DIGITS, HeaderItem, words
from referee.money import AmountError, parse_amount

NAME: Final = re.compile(r"[^\W\d]\w*")
"""The grammar's NAME terminal."""
AMOUNT: Final = re.compile(r"-?(?:\$\d+(?:\.\d+)?|\d+(?:\.\d+)?c?)", re.IGNORECASE)
"""The grammar's AMOUNT terminal, for a whole word."""
_COUNT: Final = re.compile(rf"\d{{1,{MAX_COUNT_DIGITS}}}")
# Anything but plain words separated by spaces or tabs is left to the grammar.
_LEFT_TO_GRAMMAR: Final = re.compile(r"[^\S \t\f]|[\"#:'’]")


def _card_words() -> dict[str, Card]:
    """Every way to write a card as one word, in any letter case."""
    table: dict[str, Card] = {}
    spellings = ["??", "jk", "joker"]
    spellings += [rank + suit for rank in "23456789tjqka" for suit in "shdc♠♥♦♣♤♡♢♧"]
    spellings += ["10" + suit for suit in "shdc♠♥♦♣♤♡♢♧"]
    for spelling in spellings:
        card = Card.parse(spelling)
        for letters in itertools.product(*({c.lower(), c.upper()} for c in spelling)):
            table["".join(letters)] = card
    return table


CARD_WORDS: Final = _card_words()
"""Card spellings the grammar's CARD_CODE reads as a whole word (a test checks each one)."""

_SINGLE_WORD_EVENTS: Final[dict[str, Callable[..., Event]]] = {
    "antes": Antes,
    "deal": Deal,
    "draw": DrawPhase,
    "showdown": Showdown,
    "misdeal": MisdealCalled,
}
_BARE_ACTIONS: Final[dict[str, Callable[..., Event]]] = {
    "checks": Check,
    "passes": Check,
    "folds": Fold,
    "drops": Fold,
    "calls": Call,
    "mucks": Muck,
    "antes": Antes,
}
_AMOUNT_ACTIONS: Final[dict[str, Callable[..., Event]]] = {
    "bets": Bet,
    "opens": Open,
    "calls": Call,
    "raises": Raise,
    "antes": Antes,
}


def _amount(word: str) -> Decimal | None:
    """The amount a word is, or None: not an amount, or one out of bounds, which the grammar reports."""
    if not AMOUNT.fullmatch(word):
        return None
    try:
        return parse_amount(word, signed=True)
    except AmountError:
        return None


def _cards(words: list[str]) -> tuple[Card, ...] | None:
    cards = tuple(CARD_WORDS.get(word) for word in words)
    if not cards or None in cards:
        return None
    return cards  # type: ignore[return-value]  # no None left


HEADER_KEY: Final = re.compile(r"([^\W\d][\w-]*)[ \t\f]*:")
"""``key:`` at the start of a line, the key one word: a header line, or a slip for one."""


def fast_line(code: str, line: int, column: int) -> Event | HeaderItem | None:
    """The event or header item on a line, or None when the grammar must decide.

    ``code`` is the line without its leading spaces and its comment; ``column`` is where it starts.
    """
    event = fast_event(code, line, column)
    if event is not None or ":" not in code:
        return event
    key = HEADER_KEY.match(code)
    return fast_header(key.group(1).lower(), code[key.end() :]) if key else None


def fast_event(code: str, line: int, column: int) -> Event | None:
    """The event on a line of plain words, or None when the grammar must decide.

    ``code`` is the line without its leading spaces; ``column`` is where it starts.
    """
    if code.startswith('"'):
        return _quoted_player_event(code, line, column)
    if _LEFT_TO_GRAMMAR.search(code):
        return None
    words = code.split()
    if not words:
        return None
    first = words[0].lower()
    if len(words) == 1:
        single = _SINGLE_WORD_EVENTS.get(first)
        if single is not None:
            return single(line=line, column=column)
        return NewDeal("redeal", line=line, column=column) if first == "redeal" else None
    if first in KEYWORDS:
        if first == "new" and len(words) == 2 and words[1].lower() == "deal":
            return NewDeal("new deal", line=line, column=column)
        return None
    if len(words) < 2 or not NAME.fullmatch(words[0]):
        return None
    return _player_event(words[0], words[1].lower(), words[2:], line, column)


def _quoted_player_event(code: str, line: int, column: int) -> Event | None:
    """``"Aunt May" checks``: a quoted name, then plain words (anything else to the grammar)."""
    end = code.find('"', 1)
    if end < 0:
        return None
    name, rest = words(code[1:end]), code[end + 1 :]
    if not name or not rest[:1].isspace() or _LEFT_TO_GRAMMAR.search(rest):
        return None
    parts = rest.split()
    if not parts:
        return None
    return _player_event(name, parts[0].lower(), parts[1:], line, column)


def _player_event(player: str, verb: str, rest: list[str], line: int, column: int) -> Event | None:
    if not rest:
        bare = _BARE_ACTIONS.get(verb)
        return bare(player, line=line, column=column) if bare is not None else None
    if len(rest) == 1 and verb in _AMOUNT_ACTIONS:
        amount = _amount(rest[0])
        if amount is None:
            return None
        return _AMOUNT_ACTIONS[verb](player, amount, line=line, column=column)
    if verb == "raises" and len(rest) == 2 and rest[0].lower() == "to":
        amount = _amount(rest[1])
        return None if amount is None else Raise(player, amount, to=True, line=line, column=column)
    if verb == "draws":
        return _draw(player, (), rest, line, column)
    if verb == "discards":
        return _discard(player, rest, line, column)
    if verb == "shows":
        cards = _cards(rest)
        return None if cards is None else Show(player, cards, line=line, column=column)
    if verb == "is" and len(rest) >= 2 and rest[0].lower() == "dealt":
        cards = _cards(rest[1:])
        return None if cards is None else DealtCards(player, cards, line=line, column=column)
    if verb == "stands" and len(rest) == 1 and rest[0].lower() == "pat":
        return StandPat(player, line=line, column=column)
    return None


def _draw(player: str, discards: tuple[Card, ...], rest: list[str], line: int, column: int) -> Event | None:
    if len(rest) == 1 and _COUNT.fullmatch(rest[0]):
        return Draw(player, int(rest[0]), discards=discards, line=line, column=column)
    received = _cards(rest)
    if received is None:
        return None
    return Draw(player, len(received), discards=discards, received=received, line=line, column=column)


def _discard(player: str, rest: list[str], line: int, column: int) -> Event | None:
    """``discards CARDS``, optionally followed by ``[,] draws COUNT|CARDS``."""
    for index, word in enumerate(rest):
        lowered = word.lower()
        if lowered == "draws" or lowered == ",":
            head, tail = rest[:index], rest[index + 1 :]
            if lowered == ",":
                if not tail or tail[0].lower() != "draws":
                    return None
                tail = tail[1:]
            break
        if word.endswith(","):
            head, tail = [*rest[:index], word[:-1]], rest[index + 1 :]
            if not tail or tail[0].lower() != "draws":
                return None
            tail = tail[1:]
            break
    else:
        cards = _cards(rest)
        return None if cards is None else Discard(player, cards, line=line, column=column)
    discards = _cards(head)
    if discards is None or not tail:
        return None
    return _draw(player, discards, tail, line, column)


# --- header lines ---------------------------------------------------------------------------------

_HEADER_LEFT_TO_GRAMMAR: Final = re.compile(r"[^\S \t\f]|[\"#'’]")


def fast_header(key: str, value: str) -> HeaderItem | None:
    """The header item for ``key: value`` (``key`` in lower case), or None when the grammar must decide."""
    if _HEADER_LEFT_TO_GRAMMAR.search(value):
        return None
    read = _HEADER_VALUES.get(key)
    if read is None:
        return None
    result = read(value)
    return None if result is None else HeaderItem(key, result)


def _one_word(value: str) -> str | None:
    parts = value.split()
    return parts[0] if len(parts) == 1 and "," not in parts[0] and ":" not in parts[0] else None


def _text(value: str) -> str | None:
    return words(value) or None


def _name(value: str) -> str | None:
    name = value.strip(" \t\f")
    return name if NAME.fullmatch(name) else None


def _seats(value: str) -> tuple[str, ...] | None:
    names = tuple(_name(part) for part in value.split(","))
    return None if None in names else names  # type: ignore[return-value]  # no None left


def _ante(value: str) -> AnteRule | None:
    parts = value.split()
    amount = _amount(parts[0]) if parts else None
    if amount is None:
        return None
    if len(parts) == 1:
        return AnteRule(amount)
    if len(parts) == 3 and parts[1].lower() == "by" and parts[2].lower() == "dealer":
        return AnteRule(amount, by_dealer=True)
    return None


def _header_amount(value: str) -> Decimal | None:
    return _amount(value.strip(" \t\f"))


_NAMED_LIMITS: Final = {
    "pot": LimitKind.POT,
    "no-limit": LimitKind.NO_LIMIT,
    "table-stakes": LimitKind.TABLE_STAKES,
}


def _limit(value: str) -> Limit | None:
    stripped = value.strip(" \t\f")
    named = _NAMED_LIMITS.get(stripped.lower())
    if named is not None:
        return Limit(named)
    for separator, kind in (("/", LimitKind.FIXED), ("-", LimitKind.SPREAD)):
        parts = stripped.split(separator)
        if len(parts) == 2:
            low, high = _amount(parts[0].strip(" \t\f")), _amount(parts[1].strip(" \t\f"))
            return None if low is None or high is None else Limit(kind, low, high)
    return None


def _stacks(value: str) -> tuple[tuple[str, Decimal], ...] | None:
    stacks = []
    for part in value.split(","):
        pieces = part.split()
        if len(pieces) != 2 or not NAME.fullmatch(pieces[0]):
            return None
        amount = _amount(pieces[1])
        if amount is None:
            return None
        stacks.append((pieces[0], amount))
    return tuple(stacks)


_HEADER_VALUES: Final[dict[str, Callable[[str], object]]] = {
    "title": _text,
    "game": _one_word,
    "rulebook": _one_word,
    "seats": _seats,
    "dealer": _name,
    "ante": _ante,
    "limit": _limit,
    "stacks": _stacks,
    "rake": _header_amount,
}
