"""One grading function per ranking: five concrete ranks (and flush facts) to a :class:`Graded`.

Memoised, because the table builder asks about the same five ranks many times while it tries
what wild cards could stand for.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.hands.categories import (
    ACE_TO_FIVE_ORDER,
    DEUCE_TO_SEVEN_ORDER,
    HIGH_ORDER,
    STRIPPED_ORDER,
    Category,
)
from referee.hands.graded import Graded, Made, strength
from referee.hands.high import HighRules, made_high
from referee.hands.low import made_ace_to_five, made_ace_to_six, made_deuce_to_seven
from referee.hands.ranking import Base, JokerRule, Ranking

Grade = Callable[[tuple[int, ...], bool, bool], Graded]
"""``grade(ranks, flush, four_flush)``: ranks highest first, up to five alike."""


def _maker(ranking: Ranking) -> tuple[Callable[[tuple[int, ...], bool, bool], Made], tuple[Category, ...]]:
    base = Base(ranking.base)
    if base is Base.ACE_TO_FIVE:
        return (lambda ranks, flush, four: made_ace_to_five(ranks)), ACE_TO_FIVE_ORDER
    if base is Base.DEUCE_TO_SEVEN:
        return (lambda ranks, flush, four: made_deuce_to_seven(ranks, flush)), DEUCE_TO_SEVEN_ORDER
    if base is Base.ACE_TO_SIX:
        # Straights and flushes count against the hand, in the same order as deuce-to-seven.
        return (lambda ranks, flush, four: made_ace_to_six(ranks, flush)), DEUCE_TO_SEVEN_ORDER
    fully_wild = bool(ranking.wild_ranks) or ranking.one_eyed_jacks or ranking.joker is JokerRule.WILD
    rules = HighRules(
        ace_below=6 if base is Base.STRIPPED_32 else 1,
        special=frozenset(Category(name) for name in ranking.special_hands),
        # With the joker as the bug, A-A-A-A-joker is "five aces"; where other cards are fully
        # wild the same five aces are simply the best five of a kind.
        five_aces=ranking.joker is JokerRule.BUG and not fully_wild,
    )
    order = STRIPPED_ORDER if base is Base.STRIPPED_32 else HIGH_ORDER
    return (lambda ranks, flush, four: made_high(ranks, flush, four, rules)), order


def grader_for(ranking: Ranking) -> Grade:
    """The memoised grading function of ``ranking``'s base and special hands."""
    make, order = _maker(ranking)
    low = ranking.is_low
    memo: dict[tuple[tuple[int, ...], bool, bool], Graded] = {}

    def grade(ranks: tuple[int, ...], flush: bool, four_flush: bool) -> Graded:
        key = (ranks, flush, four_flush)
        graded = memo.get(key)
        if graded is None:
            made = make(ranks, flush, four_flush)
            graded = memo[key] = Graded(strength(made, order, low), made.category, made.ranks)
        return graded

    return grade
