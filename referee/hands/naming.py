"""Hands in the words players use: "two pair, kings and fours", "seven-five low (7-5-4-3-2)"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from referee.cards import Rank
from referee.hands.categories import Category


def _word(number: int) -> str:
    return Rank.from_number(number).word


def _plural(number: int) -> str:
    return Rank.from_number(number).plural


def _high_card(ranks: tuple[int, ...]) -> str:
    return f"{_word(ranks[0])}-{_word(ranks[1])} high"


def _royal_or_straight_flush(ranks: tuple[int, ...]) -> str:
    return "royal flush" if ranks[0] == 14 else f"{_word(ranks[0])}-high straight flush"


def _round_the_corner(ranks: tuple[int, ...]) -> str:
    # The rank is the card at the low end (3 for Q-K-A-2-3); the run starts four ranks earlier.
    return f"round-the-corner straight, {_word(ranks[0] + 9)} to {_word(ranks[0])}"


_HIGH_NAMES: Final[dict[Category, Callable[[tuple[int, ...]], str]]] = {
    Category.FIVE_OF_A_KIND: lambda r: f"five {_plural(r[0])}",
    Category.FIVE_ACES: lambda r: "five aces",
    Category.STRAIGHT_FLUSH: _royal_or_straight_flush,
    Category.FOUR_OF_A_KIND: lambda r: f"four {_plural(r[0])}",
    Category.FULL_HOUSE: lambda r: f"{_plural(r[0])} full of {_plural(r[1])}",
    Category.FLUSH: lambda r: f"{_word(r[0])}-high flush",
    Category.STRAIGHT: lambda r: f"{_word(r[0])}-high straight",
    Category.SKIP_STRAIGHT: lambda r: f"{_word(r[0])}-high skip straight",
    Category.ROUND_THE_CORNER_STRAIGHT: _round_the_corner,
    Category.THREE_OF_A_KIND: lambda r: f"three {_plural(r[0])}",
    Category.TWO_PAIR: lambda r: f"two pair, {_plural(r[0])} and {_plural(r[1])}",
    Category.BOBTAIL: lambda r: f"{_word(r[0])}-high bobtail",
    Category.PAIR: lambda r: f"a pair of {_plural(r[0])}",
    Category.HIGH_CARD: _high_card,
}

_GROUPS: Final = {
    Category.FIVE_OF_A_KIND: (5,),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.PAIR: (2, 1, 1, 1),
}


def rank_digit(number: int) -> str:
    """``A``, ``K``, ``10``, ``7``: a rank as written in a lowball hand's name."""
    rank = Rank.from_number(number)
    return "10" if rank is Rank.TEN else rank.value


def spelled_out(category: Category, ranks: tuple[int, ...]) -> str:
    """All five ranks, most significant first: ``"7-5-4-3-2"``, ``"4-4-3-2-A"``."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        numbers: tuple[int, ...] = tuple(ranks[0] - step for step in range(5))
    elif category in _GROUPS:
        numbers = tuple(
            rank for rank, size in zip(ranks, _GROUPS[category], strict=True) for _ in range(size)
        )
    else:
        numbers = ranks
    return "-".join(rank_digit(number) for number in numbers)


def hand_name(category: Category, ranks: tuple[int, ...], low: bool) -> str:
    """The name of a hand given its category and deciding ranks (see :class:`~referee.hands.graded.Made`).

    >>> hand_name(Category.TWO_PAIR, (13, 4, 9), low=False)
    'two pair, kings and fours'
    >>> hand_name(Category.HIGH_CARD, (7, 5, 4, 3, 2), low=True)
    'seven-five low (7-5-4-3-2)'
    """
    if not low:
        return _HIGH_NAMES[category](ranks)
    spelled = spelled_out(category, ranks)
    if category is Category.HIGH_CARD:
        return f"{_word(ranks[0])}-{_word(ranks[1])} low ({spelled})"
    return f"{_HIGH_NAMES[category](ranks)} ({spelled})"
