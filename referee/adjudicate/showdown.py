"""Hands as the engine needs them: strength at the showdown, openers, declared categories.

A thin layer over ``referee.hands`` that reads the game's ranking and requirements from the
``PlayConfig`` and never raises for a hand the log could hold (wrong sizes and unseen cards are
checked by the caller, which rules on them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from referee.adjudicate.config import PlayConfig
from referee.cards import RANKS, SUITS, Card
from referee.hands import Category, HandError, HandValue, evaluate, meets_requirement
from referee.hands import could_have_opened as _could

# The order a player's declaration names (high card 1 .. five of a kind 10).
_CATEGORY_RANK = {
    Category.HIGH_CARD: 1,
    Category.PAIR: 2,
    Category.BOBTAIL: 2,
    Category.TWO_PAIR: 3,
    Category.THREE_OF_A_KIND: 4,
    Category.SKIP_STRAIGHT: 5,
    Category.ROUND_THE_CORNER_STRAIGHT: 5,
    Category.STRAIGHT: 5,
    Category.FLUSH: 6,
    Category.FULL_HOUSE: 7,
    Category.FOUR_OF_A_KIND: 8,
    Category.STRAIGHT_FLUSH: 9,
    Category.FIVE_ACES: 10,
    Category.FIVE_OF_A_KIND: 10,
}


@dataclass(frozen=True, slots=True)
class Strength:
    """A hand's value in the game's ranking (greater beats lesser) and its name in words."""

    value: HandValue
    words: str


def hand_strength(config: PlayConfig, cards: Sequence[Card]) -> Strength:
    """Evaluate a complete hand; a hand with unseen cards ranks below every real hand."""
    try:
        value = evaluate(tuple(cards), config.ranking)
    except HandError:
        return Strength(_WORST, "an unseen hand")
    return Strength(value, value.name)


class _Worst:
    """Loses to every hand and ties only with itself (a hand nobody saw cannot win)."""

    def __lt__(self, other: object) -> bool:
        return not isinstance(other, _Worst)

    def __gt__(self, other: object) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Worst)

    def __hash__(self) -> int:
        return 0


_WORST = cast(HandValue, _Worst())


def holds_openers(config: PlayConfig, cards: Sequence[Card]) -> bool:
    """Do these cards meet what it takes to open?

    Openers are often proven with part of a hand (``shows openers J♠ J♦``): the shown cards are
    completed with the weakest cards that cannot help them, so only what was shown counts.
    """
    shown = tuple(cards)
    if len(shown) < config.ranking.hand_size:
        shown = shown + _blanks(config, shown, config.ranking.hand_size - len(shown))
    try:
        return meets_requirement(shown, config.openers, config.ranking)
    except (HandError, ValueError):
        return False


def _blanks(config: PlayConfig, shown: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """``count`` low cards of new ranks, mixed suits, no straight and nothing wild."""
    ranking = config.ranking
    ranks = {card.rank for card in shown if card.rank is not None}
    suits = [card.suit for card in shown if card.suit is not None]
    chosen: list[Card] = []
    for rank in RANKS:
        if len(chosen) == count:
            break
        if rank in ranks:
            continue
        numbers = sorted(r.number for r in ranks | {rank} | {c.rank for c in chosen if c.rank})
        if len(numbers) >= 5 and any(numbers[i + 4] - numbers[i] == 4 for i in range(len(numbers) - 4)):
            continue
        for suit in SUITS:
            card = Card(rank, suit)
            if card not in shown and not ranking.is_wild(card) and suits.count(suit) < 2:
                chosen.append(card)
                suits.append(suit)
                break
    return tuple(chosen)


def could_have_opened(config: PlayConfig, final: Sequence[Card], discards: Sequence[Card]) -> bool:
    """Could the opener's first hand (discards plus part of his final hand) have opened?"""
    try:
        return _could(tuple(final), tuple(discards), config.openers, config.ranking)
    except (HandError, ValueError):
        return False


def meets(config: PlayConfig, value: object, requirement: str) -> bool:
    """Does a shown hand's value meet a winning requirement (trips to win)?"""
    from referee.hands import minimum

    if not isinstance(value, HandValue):
        return False
    try:
        least = minimum(requirement, config.ranking)
    except ValueError:
        return True
    return least is None or value >= least


def category_rank(config: PlayConfig, cards: Sequence[Card]) -> int | None:
    """The hand's category as a declaration would name it (None for lowball or unseen cards)."""
    if config.ranking.is_low:
        return None
    try:
        return _CATEGORY_RANK.get(evaluate(tuple(cards), config.ranking).category)
    except HandError:
        return None


SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}
"""Suits from lowest to highest for the odd chip by high card: clubs, diamonds, hearts, spades
(the bridge order card rooms use; Robert's Rules of Poker, Section 3, Ties)."""


def high_card(cards: Sequence[Card]) -> tuple[int, int]:
    """The highest natural card in a hand as (rank, suit), for the odd chip of a split pot.

    Cards nobody saw and jokers do not count; a hand with none ranks below every other.
    """
    keys = [
        (card.rank.number, SUIT_ORDER.get(card.suit.value, -1))
        for card in cards
        if card.is_natural and card.rank is not None and card.suit is not None
    ]
    return max(keys, default=(-1, -1))
