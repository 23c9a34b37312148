"""Kinds of poker hands, and the order each family of rankings puts them in.

A category is only a label: where it stands depends on the ranking. A flush beats a full house in
the 32-card game, and in lowball the "best" category is the one with no pair at all.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final


@unique
class Category(StrEnum):
    """A kind of hand, by the lowercase hyphenated key rulebooks and JSON output use."""

    FIVE_OF_A_KIND = "five-of-a-kind"
    """Five cards of one rank: possible only with wild cards."""
    FIVE_ACES = "five-aces"
    """Four aces and the joker as the bug: the best hand where the joker is the bug."""
    STRAIGHT_FLUSH = "straight-flush"
    """Five cards in sequence, all of one suit."""
    FOUR_OF_A_KIND = "four-of-a-kind"
    """Four cards of one rank."""
    FULL_HOUSE = "full-house"
    """Three of one rank and two of another."""
    FLUSH = "flush"
    """Five cards of one suit."""
    STRAIGHT = "straight"
    """Five cards in sequence."""
    SKIP_STRAIGHT = "skip-straight"
    """Special hand: five cards in alternate sequence (Q-10-8-6-4), a Dutch straight or kilter."""
    ROUND_THE_CORNER_STRAIGHT = "round-the-corner-straight"
    """Special hand: a sequence that turns the corner at the ace (Q-K-A-2-3)."""
    THREE_OF_A_KIND = "three-of-a-kind"
    """Three cards of one rank."""
    TWO_PAIR = "two-pair"
    """Two pairs."""
    BOBTAIL = "bobtail"
    """Special hand: a four-card flush or an open-ended four-card straight."""
    PAIR = "pair"
    """Two cards of one rank."""
    HIGH_CARD = "high-card"
    """None of the above; in lowball, the hands that contend."""

    @property
    def words(self) -> str:
        """The category as a player says it: ``"full house"``, ``"round-the-corner straight"``."""
        return _WORDS.get(self, self.value.replace("-", " "))


_WORDS: Final = {
    Category.FIVE_ACES: "five aces",
    Category.ROUND_THE_CORNER_STRAIGHT: "round-the-corner straight",
    Category.HIGH_CARD: "no pair",
}

SPECIAL_HANDS: Final = frozenset(
    {Category.SKIP_STRAIGHT, Category.ROUND_THE_CORNER_STRAIGHT, Category.BOBTAIL}
)
"""The special hands a house may switch on (Bicycle's laws, 004 "Special Hands")."""

STRAIGHTS: Final = frozenset(
    {
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
        Category.SKIP_STRAIGHT,
        Category.ROUND_THE_CORNER_STRAIGHT,
    }
)
"""Categories the bug may complete as a card other than an ace (flushes are handled apart)."""

HIGH_ORDER: Final = (
    Category.FIVE_OF_A_KIND,
    Category.FIVE_ACES,
    Category.STRAIGHT_FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.STRAIGHT,
    # 004: the skip straight "beats three of a kind but loses to a straight", and "when both
    # skip straights and round-the-corner straights are played, the skip straight ranks higher".
    Category.SKIP_STRAIGHT,
    Category.ROUND_THE_CORNER_STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    # 004: the bobtail "beats a pair but loses to two pair".
    Category.BOBTAIL,
    Category.PAIR,
    Category.HIGH_CARD,
)
"""High hands, best first."""

STRIPPED_ORDER: Final = (
    Category.STRAIGHT_FLUSH,
    Category.FOUR_OF_A_KIND,
    # 001 "32-Card Poker": a flush is harder to make with 32 cards, so it ranks above a full house.
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.PAIR,
    Category.HIGH_CARD,
)
"""The 32-card stripped deck, best first."""

ACE_TO_FIVE_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.FIVE_OF_A_KIND,
)
"""Ace-to-five lowball, best first: straights and flushes do not count."""

DEUCE_TO_SEVEN_ORDER: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FLUSH,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
    Category.FIVE_OF_A_KIND,
)
"""Deuce-to-seven lowball, best first: the high-hand order turned upside down."""
