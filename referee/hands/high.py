"""High hands from five concrete ranks: the standard order, the 32-card deck, special hands.

Wild cards never reach this module: :mod:`referee.hands.wild` tries what they could stand for and
asks here what each try makes.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.hands.categories import Category
from referee.hands.graded import Made, grouped

ACE = 14


@dataclass(frozen=True, slots=True)
class HighRules:
    """What varies between high rankings when no card is wild."""

    ace_below: int = 1
    """The number the ace takes when it plays low in a straight: 1 (A-2-3-4-5) with 52 cards,
    6 with 32 (A-7-8-9-10), 0 when it never plays low (deuce-to-seven)."""
    special: frozenset[Category] = frozenset()
    """The special hands switched on."""
    five_aces: bool = False
    """Five aces are the bug's "five aces" rather than five of a kind."""


def straight_top(distinct: tuple[int, ...], ace_below: int) -> int:
    """The top card of the straight five distinct ranks (highest first) make, or 0."""
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if ace_below and distinct[0] == ACE:
        low = (*distinct[1:], ace_below)
        if low[0] - low[4] == 4:
            return low[0]
    return 0


def skip_straight_top(distinct: tuple[int, ...]) -> int:
    """The top card of a skip straight (Q-10-8-6-4; the ace high or low: A-3-5-7-9), or 0."""
    for ranks in (distinct, (*distinct[1:], 1) if distinct[0] == ACE else ()):
        if ranks and all(ranks[i] - ranks[i + 1] == 2 for i in range(4)):
            return ranks[0]
    return 0


_ROUND_THE_CORNER = {
    frozenset({11, 12, 13, 14, 2}): 2,
    frozenset({12, 13, 14, 2, 3}): 3,
    frozenset({13, 14, 2, 3, 4}): 4,
}
"""004: "5, 4, 3, 2, A beats 4, 3, 2, A, K, which beats 3, 2, A, K, Q": they rank by the card at
the low end, so J-Q-K-A-2 is the lowest."""


def is_open_ended_four(distinct: tuple[int, ...]) -> bool:
    """Four ranks in sequence that two ranks would fill: 2-3-4-5 up to 10-J-Q-K.

    004: "A, K, Q, J is not a bobtail, because only a single card, the 10, will fill it"; the same
    holds for A-2-3-4, which only the five fills.
    """
    present = set(distinct)
    return any(all(rank + step in present for step in range(4)) for rank in range(2, 11))


def made_high(ranks: tuple[int, ...], flush: bool, four_flush: bool, rules: HighRules) -> Made:
    """What five ranks (2..14, any order, up to five alike) make as a high hand.

    ``flush``: all five cards share a suit. ``four_flush``: exactly four do (bobtail only).
    """
    order, shape = grouped(ranks)
    if shape[0] == 5:
        if rules.five_aces and order[0] == ACE:
            return Made(Category.FIVE_ACES, order)
        return Made(Category.FIVE_OF_A_KIND, order)
    if len(order) == 5:
        top = straight_top(order, rules.ace_below)
        if top and flush:
            return Made(Category.STRAIGHT_FLUSH, (top,))
    else:
        top = 0
    if shape[0] == 4:
        return Made(Category.FOUR_OF_A_KIND, order)
    if shape == (3, 2):
        return Made(Category.FULL_HOUSE, order)
    if flush:
        return Made(Category.FLUSH, order)
    if top:
        return Made(Category.STRAIGHT, (top,))
    special = rules.special
    if special and len(order) == 5:
        made = _special_straight(order, special)
        if made is not None:
            return made
    if shape[0] == 3:
        return Made(Category.THREE_OF_A_KIND, order)
    if shape == (2, 2, 1):
        return Made(Category.TWO_PAIR, order)
    if Category.BOBTAIL in special and (four_flush or is_open_ended_four(order)):
        # The source gives no order among bobtails: they compare card by card, highest first.
        return Made(Category.BOBTAIL, tuple(sorted(ranks, reverse=True)))
    if shape[0] == 2:
        return Made(Category.PAIR, order)
    return Made(Category.HIGH_CARD, order)


def _special_straight(distinct: tuple[int, ...], special: frozenset[Category]) -> Made | None:
    if Category.SKIP_STRAIGHT in special:
        top = skip_straight_top(distinct)
        if top:
            return Made(Category.SKIP_STRAIGHT, (top,))
    if Category.ROUND_THE_CORNER_STRAIGHT in special:
        low_end = _ROUND_THE_CORNER.get(frozenset(distinct))
        if low_end:
            return Made(Category.ROUND_THE_CORNER_STRAIGHT, (low_end,))
    return None
