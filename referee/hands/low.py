"""Lowball from five concrete ranks: ace-to-five, ace-to-six and deuce-to-seven.

Source 004 "Lowball": "The ace is always low ... Straights and flushes do not count, so the lowest
possible hand is 5, 4, 3, 2, A". The same paragraph: "In some games 6-4-3-2-A is the lowest possible
hand" - ace-to-six, where the ace is still always low but straights and flushes count against the
hand, so 5-4-3-2-A is a straight and 6-4-3-2-A the best. Deuce-to-seven is the high-hand order upside
down, with the ace high only, so A-2-3-4-5 is an ace-high hand and not a straight.
"""

from __future__ import annotations

from typing import Final

from referee.hands.categories import Category
from referee.hands.graded import Made, grouped
from referee.hands.high import ACE, HighRules, made_high

_BY_SHAPE: Final = {
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    (2, 1, 1, 1): Category.PAIR,
    (2, 2, 1): Category.TWO_PAIR,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (4, 1): Category.FOUR_OF_A_KIND,
    (5,): Category.FIVE_OF_A_KIND,
}

_DEUCE_TO_SEVEN: Final = HighRules(ace_below=0)
_ACE_TO_SIX: Final = HighRules(ace_below=0)
"""The ace is written as 1 before asking, so it never plays high (10-J-Q-K-A is no straight) and
A-2-3-4-5 is a straight by its numbers alone."""


def made_ace_to_five(ranks: tuple[int, ...]) -> Made:
    """What five ranks make in ace-to-five: only pairs and the like count; the ace is 1."""
    order, shape = grouped(tuple(1 if rank == ACE else rank for rank in ranks))
    return Made(_BY_SHAPE[shape], order)


def made_deuce_to_seven(ranks: tuple[int, ...], flush: bool) -> Made:
    """What five ranks make in deuce-to-seven: the high-hand category, the ace high only."""
    return made_high(ranks, flush, False, _DEUCE_TO_SEVEN)


def made_ace_to_six(ranks: tuple[int, ...], flush: bool) -> Made:
    """What five ranks make in ace-to-six: the high-hand category with the ace always low (1)."""
    return made_high(tuple(1 if rank == ACE else rank for rank in ranks), flush, False, _ACE_TO_SIX)
