"""The evaluation hot paths: five cards to a prebuilt :class:`HandValue` with no allocation.

Each card has an integer code (see :mod:`referee.hands.codes`). The sum of five codes, masked,
is the hand's shape (its natural ranks and how many wild cards); the AND of the five codes keeps
a suit bit only when every natural card shares that suit (wild cards carry all four suit bits).
One dictionary lookup then gives the value. Anything unusual (a wrong card count, ``??``, a card
the deck does not have, best five of seven) falls through to ``slow``, which explains or copes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from referee.cards import Card
from referee.hands.codes import ALL_SUITS, KEY_MASK
from referee.hands.value import HandValue

Evaluate: TypeAlias = Callable[[Sequence[Card]], HandValue]
TieBreak: TypeAlias = tuple[int, tuple[HandValue, ...]]
"""32-card entries that suits may split: (rank index of the deciding rank, value by suit strength)."""
Entry: TypeAlias = HandValue | TieBreak
FastTables: TypeAlias = tuple[Sequence[int | None], dict[int, HandValue], dict[int, HandValue]]
"""Card codes, then values by shape key for unsuited and for suited hands."""

# Everything a malformed hand can raise on the fast path: unpacking the wrong count, a None code
# for ?? or a card outside the deck, a shape no deck can deal, something that is not a Card.
TROUBLE: Final = (ValueError, TypeError, KeyError, AttributeError, IndexError)


def shape_evaluator(
    codes: Sequence[int | None],
    plain: dict[int, HandValue],
    flush: dict[int, HandValue],
    slow: Evaluate,
) -> Evaluate:
    """Five cards whose value depends only on their ranks, wild cards and whether they are suited."""

    def evaluate(cards: Sequence[Card]) -> HandValue:
        try:
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
            return slow(cards)

    return evaluate


def bobtail_evaluator(
    codes: Sequence[int | None],
    plain: dict[int, HandValue],
    flush: dict[int, HandValue],
    four_flush: dict[int, HandValue],
    slow: Evaluate,
) -> Evaluate:
    """Like :func:`shape_evaluator`, and also asks whether exactly four cards share a suit."""
    # One nibble per suit: the sum of five cards' nibbles counts each suit, and a nibble of four
    # (0b100) or five sets its 0x4 bit; five is a flush and is caught first.
    nibbles = tuple(1 << (4 * (index & 3)) for index in range(54))
    four_bits = 0x4444

    def evaluate(cards: Sequence[Card]) -> HandValue:
        try:
            c0, c1, c2, c3, c4 = cards
            i0, i1, i2, i3, i4 = c0.index, c1.index, c2.index, c3.index, c4.index
            a, b, c, d, e = codes[i0], codes[i1], codes[i2], codes[i3], codes[i4]
            key = (a + b + c + d + e) & KEY_MASK  # type: ignore[operator]
            if a & b & c & d & e & ALL_SUITS:  # type: ignore[operator]
                return flush[key]
            if (nibbles[i0] + nibbles[i1] + nibbles[i2] + nibbles[i3] + nibbles[i4]) & four_bits:
                return four_flush[key]
            return plain[key]
        except TROUBLE:
            return slow(cards)

    return evaluate


def stripped_evaluator(
    codes: Sequence[int | None],
    plain: dict[int, Entry],
    flush: dict[int, Entry],
    suit_strength: Sequence[int],
    slow: Evaluate,
) -> Evaluate:
    """The 32-card deck: the shape lookup, then the suit of the deciding card where hands may tie."""

    def evaluate(cards: Sequence[Card]) -> HandValue:
        try:
            c0, c1, c2, c3, c4 = cards
            a = codes[c0.index]
            b = codes[c1.index]
            c = codes[c2.index]
            d = codes[c3.index]
            e = codes[c4.index]
            if a & b & c & d & e & ALL_SUITS:  # type: ignore[operator]
                entry = flush[(a + b + c + d + e) & KEY_MASK]  # type: ignore[operator]
            else:
                entry = plain[(a + b + c + d + e) & KEY_MASK]  # type: ignore[operator]
        except TROUBLE:
            return slow(cards)
        if isinstance(entry, HandValue):
            return entry
        rank_index, by_suit = entry
        best = max(suit_strength[card.index & 3] for card in cards if card.index >> 2 == rank_index)
        return by_suit[best]

    return evaluate
