"""How a simulated player plays: how strong his hand is, what he throws on the draw, what he bets.

Nothing here has to be good poker; it has to be legal and varied. Strength is a rough number from
0 (hopeless) to 1 (the nuts) so that strong hands bet and weak ones fold often enough for the logs
to hold contested showdowns, uncontested pots, raises up to the cap and the odd bluff.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from referee.adjudicate.table import HandState
from referee.cards import Card, Rank
from referee.events import LimitKind
from referee.hands import Category, Ranking, evaluate

ZERO: Final = Decimal(0)

_HIGH_STRENGTH: Final = {
    Category.HIGH_CARD: 0.0,
    Category.PAIR: 0.25,
    Category.BOBTAIL: 0.5,
    Category.TWO_PAIR: 0.6,
    Category.THREE_OF_A_KIND: 0.72,
    Category.ROUND_THE_CORNER_STRAIGHT: 0.76,
    Category.SKIP_STRAIGHT: 0.78,
    Category.STRAIGHT: 0.8,
    Category.FLUSH: 0.85,
    Category.FULL_HOUSE: 0.9,
    Category.FOUR_OF_A_KIND: 0.96,
    Category.STRAIGHT_FLUSH: 0.99,
    Category.FIVE_ACES: 1.0,
    Category.FIVE_OF_A_KIND: 1.0,
}
_PAT: Final = frozenset(
    {
        Category.STRAIGHT,
        Category.SKIP_STRAIGHT,
        Category.ROUND_THE_CORNER_STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
        Category.FIVE_ACES,
        Category.FIVE_OF_A_KIND,
    }
)
"""High hands a player keeps whole."""
_LOW_KEEP: Final = 8
"""In lowball, cards above an eight are thrown."""


def strength(cards: Sequence[Card], ranking: Ranking) -> float:
    """A rough 0..1 figure for how good a five-card hand is in ``ranking``."""
    value = evaluate(cards, ranking)
    top = value.ranks[0].number if value.ranks else 14
    if ranking.is_low:
        if value.category is not Category.HIGH_CARD:
            return 0.05
        if top == 14 and ranking.base == "ace-to-five":
            top = 1
        return max(0.05, min(1.0, 1.0 - (top - 5) / 9))
    base = _HIGH_STRENGTH.get(value.category, 0.8)
    if value.category in (Category.HIGH_CARD, Category.PAIR):
        base += (top - 2) / 12 * 0.2
    return base


def choose_discards(cards: Sequence[Card], ranking: Ranking, rng: random.Random, most: int) -> list[Card]:
    """The cards a player throws on the draw (none: he stands pat); never more than ``most``."""
    if most <= 0 or rng.random() < 0.03:
        return []  # a pat bluff, or nothing may be drawn
    thrown = _low_discards(cards, ranking) if ranking.is_low else _high_discards(cards, ranking, rng)
    return thrown[:most]


def _keeps(card: Card, ranking: Ranking) -> bool:
    return card.is_joker or ranking.is_wild(card)


def _high_discards(cards: Sequence[Card], ranking: Ranking, rng: random.Random) -> list[Card]:
    """Worst first: keep made hands, pairs and better, a four-flush, or the two best cards."""
    value = evaluate(cards, ranking)
    if value.category in _PAT:
        return []
    counts = Counter(card.rank for card in cards if card.is_natural)
    keep = [card for card in cards if _keeps(card, ranking) or counts[card.rank] >= 2]
    rest = sorted((card for card in cards if card not in keep), key=_high_number)
    if len(keep) >= 2 or (keep and counts.most_common(1)[0][1] >= 2):
        if len(rest) == 3 and rest[-1].rank is Rank.ACE and rng.random() < 0.2:
            rest.pop()  # keeps an ace kicker
        return rest
    suits = Counter(card.suit for card in cards if card.is_natural)
    suit, count = suits.most_common(1)[0]
    if count + len(keep) >= 4:
        return [card for card in rest if card.suit is not suit]
    kept = 3 if rng.random() < 0.25 else 2
    return rest[: max(0, len(cards) - max(kept, len(keep)))]


def _high_number(card: Card) -> int:
    return card.rank.number if card.rank is not None else 15


def _low_discards(cards: Sequence[Card], ranking: Ranking) -> list[Card]:
    """Worst first: pairs' extra cards, then everything above an eight (highest first)."""
    ace_low = ranking.base == "ace-to-five"

    def low(card: Card) -> int:
        if card.rank is None:
            return 0
        return 1 if ace_low and card.rank is Rank.ACE else card.rank.number

    seen: set[Rank] = set()
    paired: list[Card] = []
    single: list[Card] = []
    for card in sorted(cards, key=low):
        if card.rank is not None and card.rank in seen:
            paired.append(card)
        else:
            single.append(card)
            if card.rank is not None:
                seen.add(card.rank)
    high = sorted((card for card in single if low(card) > _LOW_KEEP), key=low, reverse=True)
    thrown = paired + high
    if not thrown and evaluate(cards, ranking).category is not Category.HIGH_CARD:
        thrown = [max(cards, key=low)]  # a straight or flush in deuce-to-seven: break it
    return thrown


# --- bet sizes ------------------------------------------------------------------------------------


def bet_choices(state: HandState, name: str, least: Decimal) -> list[Decimal]:
    """Legal sizes for an opening bet in this round (before any all-in cut), smallest first."""
    config = state.config
    limit = config.limit
    if limit.kind is LimitKind.FIXED:
        size = config.bet_size(state.round_index)
        return [size] if size is not None else []
    if limit.kind is LimitKind.SPREAD:
        low, high = limit.low or least, limit.high or least
        return [Decimal(n) for n in range(int(low), int(high) + 1)]
    pot = state.pot()
    wanted = {least, _whole(pot / 2), pot}
    if limit.kind is not LimitKind.POT:
        wanted |= {pot * 2, pot * 3}
    return sorted(
        amount for amount in wanted if amount >= least and (limit.kind is not LimitKind.POT or amount <= pot)
    )


def raise_choices(state: HandState, name: str, least: Decimal) -> list[Decimal]:
    """Legal raise sizes (by how much the bet goes up), smallest first."""
    config = state.config
    limit = config.limit
    floor = max(least, state.last_raise)
    if limit.kind is LimitKind.FIXED:
        size = config.bet_size(state.round_index)
        return [size] if size is not None else []
    if limit.kind is LimitKind.SPREAD:
        low, high = max(limit.low or least, state.last_raise), limit.high or least
        return [Decimal(n) for n in range(int(low), int(high) + 1)]
    # Pot limit: at most the pot before the raiser's call, which every reading of the rule allows.
    pot = state.pot()
    wanted = {floor, _whole(pot / 2), pot}
    if limit.kind is not LimitKind.POT:
        wanted |= {pot * 2}
    return sorted(
        amount for amount in wanted if amount >= floor and (limit.kind is not LimitKind.POT or amount <= pot)
    )


def most_all_in(state: HandState, name: str, least: Decimal) -> Decimal | None:
    """The most a player may put in this round by going all in, or None when the limit allows less.

    Under a fixed or spread limit a stack is never all in (the simulator gives stacks only for
    pot limit and table stakes).
    """
    limit = state.config.limit
    if limit.kind in (LimitKind.FIXED, LimitKind.SPREAD):
        return None
    seat = state.seats[name]
    assert seat.stack is not None
    total = seat.put_in_round + seat.stack
    if state.current_bet == ZERO:
        top = state.pot() if limit.kind is LimitKind.POT else None
        return total if top is None or seat.stack <= top else None
    raised = total - state.current_bet
    if raised <= ZERO:
        return total  # all in to call: always allowed
    if raised < max(least, state.last_raise):
        return None  # a short all-in raise: left out, it would not be a full raise
    if limit.kind is LimitKind.POT and raised > state.pot():
        return None
    return total


def _whole(amount: Decimal) -> Decimal:
    return amount.to_integral_value(rounding="ROUND_FLOOR")
