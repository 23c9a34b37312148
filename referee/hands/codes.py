"""How a card is coded for the lookup tables: small integers, so that Python adds them fast.

A card's code is its rank's *weight* plus one suit bit. Adding five codes gives the hand's shape
key in the low 20 bits (the weights are chosen so that any five of them add up to a different
total) and a carry-polluted mess above, which the mask drops. ANDing five codes keeps a suit bit
only when all five cards share that suit; a wild card has all four suit bits, so it never spoils a
flush. Everything stays below 2**30, where CPython's integer arithmetic is quickest.

The weights were found by a greedy search: each is the smallest number above the last for which
the sums of all multisets of at most five symbols (a rank at most four times, a wild card five,
the bug once) stay distinct. ``tests/test_hands_codes.py`` checks that property.
"""

from __future__ import annotations

from typing import Final

RANK_WEIGHTS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Weight of each rank, deuce (2) to ace (14)."""
WILD_WEIGHT: Final = 148432
"""Weight of a fully wild card (up to five in a hand: four deuces and the joker)."""
BUG_WEIGHT: Final = 247394
"""Weight of the joker as the bug (at most one)."""

SUIT_SHIFT: Final = 20
KEY_MASK: Final = (1 << SUIT_SHIFT) - 1
ALL_SUITS: Final = 0b1111 << SUIT_SHIFT

# The heaviest hand is four wild cards and the bug; its weights must stay below the suit bits.
assert 4 * WILD_WEIGHT + BUG_WEIGHT <= KEY_MASK


def rank_weight(number: int) -> int:
    """The weight of one card of rank ``number`` (2..14)."""
    return RANK_WEIGHTS[number - 2]


def natural_code(number: int, suit_index: int) -> int:
    """The code of a natural card: its rank's weight and its suit's bit."""
    return RANK_WEIGHTS[number - 2] | (1 << (SUIT_SHIFT + suit_index))


WILD_CODE: Final = WILD_WEIGHT | ALL_SUITS
BUG_CODE: Final = BUG_WEIGHT | ALL_SUITS
