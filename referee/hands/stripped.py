"""The 32-card game's tie-break by suit (001 "32-Card Poker").

"There is a ranking of suits, usually hearts (highest), diamonds, clubs, spades (lowest). When
hands are otherwise equal, the suit of the highest card in the combination is compared ... the
pair containing the heart will win (the suits of the kickers don't count)."

Read here as: the card that decides is the best-suited card of the hand's top rank in its
combination: the pair's rank, the higher pair, the top card of a straight (the ten of A-7-8-9-10,
where the ace plays low), the highest card of a flush or of a no-pair hand. Three of a kind, a
full house and four of a kind cannot tie in one 32-card deck, so suits never touch them.
"""

from __future__ import annotations

from typing import Final

from referee.cards import SUITS, Suit
from referee.hands.categories import Category
from referee.hands.graded import Graded

SUIT_ORDER: Final = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
"""Lowest first: a suit's position here is its tie-break strength."""

SUIT_STRENGTH_BY_INDEX: Final = tuple(SUIT_ORDER.index(suit) for suit in SUITS)
"""Tie-break strength by ``Card.index % 4`` (the cards' own suit order is s h d c)."""

TIE_BREAK_CATEGORIES: Final = frozenset(
    {
        Category.STRAIGHT_FLUSH,
        Category.FLUSH,
        Category.STRAIGHT,
        Category.TWO_PAIR,
        Category.PAIR,
        Category.HIGH_CARD,
    }
)


def deciding_rank(graded: Graded) -> int | None:
    """The rank whose best suit breaks a tie between otherwise equal hands, or None."""
    return graded.ranks[0] if graded.category in TIE_BREAK_CATEGORIES else None
