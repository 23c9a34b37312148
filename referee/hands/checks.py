"""Checking that cards can be ranked, with messages a player can act on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.cards import Card

if TYPE_CHECKING:
    from referee.hands.ranking import Ranking


class HandError(ValueError):
    """Cards that cannot be ranked as a hand: the wrong count, ``??``, a card not in the deck."""


def show(cards: Sequence[Card]) -> str:
    """Cards as written in a log: ``As Kd 10h`` comes out as ``As Kd Th``."""
    return " ".join(repr(card) for card in cards)


def check_hand(cards: Sequence[Card], ranking: Ranking) -> tuple[Card, ...]:
    """The cards as a tuple, after checking that ``ranking`` can rank them.

    Raises:
        HandError: not cards, the wrong number of them, an unseen card (``??``), a card the
            ranking's deck does not have, or the same card twice.
    """
    try:
        hand = tuple(cards)
    except TypeError:
        raise HandError(f"a hand is a list of cards, not {cards!r}") from None
    for card in hand:
        if not isinstance(card, Card):
            raise HandError(f"{card!r} is not a card")
    size = ranking.hand_size
    if not 5 <= len(hand) <= size:
        wanted = "five cards" if size == 5 else f"five to {size} cards (the best five play)"
        raise HandError(
            f"a hand is {wanted} in {ranking.describe()}; {show(hand[:12]) or 'this'}"
            + (" …" if len(hand) > 12 else "")  # a typed hand may be thousands of cards long
            + f" is {len(hand)} "
            + ("card" if len(hand) == 1 else "cards")
        )
    if any(card.is_unknown for card in hand):
        raise HandError(f"cannot rank {show(hand)}: ?? is a card nobody saw")
    deck = set(ranking.deck)
    for card in hand:
        if card not in deck:
            if card.is_joker:
                raise HandError(f"there is no joker in {ranking.describe()}: {show(hand)}")
            raise HandError(f"{card.symbol()} is not in the deck of {ranking.describe()}: {show(hand)}")
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise HandError(f"{card.symbol()} appears twice in {show(hand)}")
        seen.add(card)
    return hand
