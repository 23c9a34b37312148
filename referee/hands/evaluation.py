"""Evaluating and comparing hands: the calls the engine makes at a showdown."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from referee.cards import Card
from referee.hands.checks import check_hand
from referee.hands.codes import ALL_SUITS, KEY_MASK
from referee.hands.fast import TROUBLE
from referee.hands.ranking import Ranking
from referee.hands.value import HandValue


def evaluate(cards: Sequence[Card], ranking: Ranking) -> HandValue:
    """The value of a hand under ``ranking``; with more than five cards, of its best five.

    Fast: a few integer operations and one dictionary lookup on tables built the first time the
    ranking is used. The same card twice is not looked for here (card conservation is the
    engine's job), and a hand that could not be dealt from one deck is refused only if it cannot
    be ranked at all.

    Raises:
        HandError: (a ValueError) fewer than five cards or more than the ranking's hand size, an
            unseen card (``??``), a card the deck does not have (the joker in a game without
            one), or anything that is not a card.
    """
    # The common case inline (this is the hot path of every showdown and every odds count): the
    # same lookup as `referee.hands.fast.shape_evaluator`, without a second call. Anything else,
    # including the first call before any table exists, goes to the ranking's own evaluator: the
    # lazy one, which grades the shapes it meets until the full tables are worth reading.
    try:
        codes, plain, flush = ranking._fast  # type: ignore[misc]
        c0, c1, c2, c3, c4 = cards
        a = codes[c0.index]
        b = codes[c1.index]
        c = codes[c2.index]
        d = codes[c3.index]
        e = codes[c4.index]
        if a & b & c & d & e & ALL_SUITS:  # type: ignore[operator]
            return flush[(a + b + c + d + e) & KEY_MASK]  # type: ignore[operator]
        return plain[(a + b + c + d + e) & KEY_MASK]  # type: ignore[operator]
    except TROUBLE:
        return ranking._lazy(cards)


def winners(hands: Sequence[Sequence[Card]], ranking: Ranking) -> tuple[int, ...]:
    """Positions (0-based) of the best hands among ``hands``: one, or all who tie for best.

    Raises:
        HandError: as :func:`evaluate`, for any of the hands.
        ValueError: no hands at all.
    """
    if not hands:
        raise ValueError("no hands to compare")
    values = [evaluate(hand, ranking) for hand in hands]
    best = max(values)
    return tuple(position for position, value in enumerate(values) if value == best)


def compare(first: Sequence[Card], second: Sequence[Card], ranking: Ranking) -> int:
    """1 if ``first`` beats ``second``, -1 if it loses, 0 for a tie."""
    a, b = evaluate(first, ranking), evaluate(second, ranking)
    return (a > b) - (a < b)


def best_five(cards: Sequence[Card], ranking: Ranking) -> tuple[Card, ...]:
    """The five of ``cards`` that play (the first such five, in the order given, if several do).

    Raises:
        HandError: as :func:`evaluate`.
    """
    hand = check_hand(cards, ranking)
    if len(hand) == 5:
        return hand
    target = evaluate(hand, ranking)
    return next(subset for subset in combinations(hand, 5) if evaluate(subset, ranking) == target)
