"""Cards and decks: the small vocabulary every other module speaks.

A card is written the way players write it: rank then suit (``As``, ``10s``, ``Ts``, ``a♠``,
``A♤``, ``10♥``), the joker as ``Jk`` (or ``Joker``) and a card nobody saw as ``??``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Final


class CardError(ValueError):
    """A piece of text that is not a card; the message quotes it and says what a card looks like."""


@unique
class Rank(StrEnum):
    """A card's rank, by its one-letter code."""

    TWO = "2"
    """Deuce."""
    THREE = "3"
    """Trey."""
    FOUR = "4"
    """Four."""
    FIVE = "5"
    """Five."""
    SIX = "6"
    """Six."""
    SEVEN = "7"
    """Seven."""
    EIGHT = "8"
    """Eight."""
    NINE = "9"
    """Nine."""
    TEN = "T"
    """Ten (also written ``10``)."""
    JACK = "J"
    """Jack."""
    QUEEN = "Q"
    """Queen."""
    KING = "K"
    """King."""
    ACE = "A"
    """Ace: high, and low in ace-to-five and in the wheel straight."""

    @property
    def number(self) -> int:
        """2 for a deuce up to 14 for an ace."""
        return _RANK_NUMBER[self]

    @property
    def word(self) -> str:
        """The rank as players say it: ``"ace"``, ``"ten"``, ``"deuce"``."""
        return _RANK_WORD[self]

    @property
    def plural(self) -> str:
        """``"aces"``, ``"sixes"``, ``"deuces"``."""
        return _RANK_PLURAL[self]

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank whose number is ``number`` (1 and 14 are both the ace)."""
        return _NUMBER_RANK[14 if number == 1 else number]


@unique
class Suit(StrEnum):
    """A card's suit, by its one-letter code."""

    SPADES = "s"
    """♠"""
    HEARTS = "h"
    """♥"""
    DIAMONDS = "d"
    """♦"""
    CLUBS = "c"
    """♣"""

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def word(self) -> str:
        return _SUIT_WORD[self]


RANKS: Final = tuple(Rank)
SUITS: Final = tuple(Suit)

_RANK_NUMBER = {rank: n for n, rank in enumerate(RANKS, start=2)}
_NUMBER_RANK = {n: rank for rank, n in _RANK_NUMBER.items()}
_RANK_WORD = dict(
    zip(
        RANKS,
        "deuce trey four five six seven eight nine ten jack queen king ace".split(),
        strict=True,
    )
)
_RANK_PLURAL = dict(
    zip(
        RANKS,
        "deuces treys fours fives sixes sevens eights nines tens jacks queens kings aces".split(),
        strict=True,
    )
)
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_WORD = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, the joker, or a card nobody saw (``??``).

    ``repr`` is the compact notation (``As``, ``Jk``, ``??``); ``str`` is for players.
    """

    rank: Rank | None
    """None for the joker and for an unknown card."""
    suit: Suit | None
    """None for the joker and for an unknown card."""
    is_joker: bool = False
    index: int = field(init=False, compare=False, repr=False, hash=False)
    """0..51 for a natural card (rank-major, suits in s h d c order), 52 for the joker, -1 unknown."""

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise CardError("a card has both a rank and a suit, or neither (the joker, ??)")
        if self.is_joker and self.rank is not None:
            raise CardError("the joker has no rank or suit")
        if self.rank is not None and self.suit is not None:
            index = (self.rank.number - 2) * 4 + SUITS.index(self.suit)
        else:
            index = 52 if self.is_joker else -1
        object.__setattr__(self, "index", index)

    # Cards are looked up in sets and dicts all through a replay: the index already says which
    # card it is (``??`` is -1, the joker 52), so it is both the hash and the identity.
    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    @property
    def is_unknown(self) -> bool:
        """A card written ``??``: it exists, but the log does not say what it is."""
        return self.rank is None and not self.is_joker

    @property
    def is_natural(self) -> bool:
        """A card with a rank and a suit (not the joker, not unknown)."""
        return self.rank is not None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card as players write it.

        Raises:
            CardError: the text is not a card; the message quotes it and shows what a card looks like.
        """
        card = _SPELLINGS.get(text.strip()) or _SPELLINGS.get(text.strip().lower())
        if card is None:
            raise CardError(_explain_bad_card(text))
        return card

    def __repr__(self) -> str:
        if self.is_joker:
            return "Jk"
        if self.rank is None or self.suit is None:
            return "??"
        return f"{self.rank.value}{self.suit.value}"

    def __str__(self) -> str:
        if self.is_joker:
            return "the joker (Jk)"
        if self.rank is None or self.suit is None:
            return "an unseen card (??)"
        return f"{self.rank.word} of {self.suit.word} ({self!r})"

    def symbol(self) -> str:
        """The card with a suit symbol: ``A♠``, ``10♥``; ``Jk`` and ``??`` as they are."""
        if self.rank is None or self.suit is None:
            return repr(self)
        rank = "10" if self.rank is Rank.TEN else self.rank.value
        return f"{rank}{self.suit.symbol}"


JOKER: Final = Card(None, None, is_joker=True)
UNKNOWN: Final = Card(None, None)

STANDARD_52: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
"""The standard pack, deuce of spades first."""
WITH_JOKER: Final[tuple[Card, ...]] = (*STANDARD_52, JOKER)
"""The standard pack plus one joker (the bug, joker wild)."""
STRIPPED_32: Final[tuple[Card, ...]] = tuple(c for c in STANDARD_52 if c.rank and c.rank.number >= 7)
"""The 32-card stripped pack: sevens up to aces."""

DECKS: Final[dict[str, tuple[Card, ...]]] = {
    "standard": STANDARD_52,
    "joker": WITH_JOKER,
    "stripped-32": STRIPPED_32,
}
"""Decks by the name a game or rulebook uses for them."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"As Kd 10♥"``.

    Raises:
        CardError: on the first piece that is not a card.
    """
    return tuple(Card.parse(piece) for piece in text.replace(",", " ").split())


def deck(name: str) -> tuple[Card, ...]:
    """The deck a game names (``standard``, ``joker``, ``stripped-32``).

    Raises:
        KeyError: for a name that is not a deck.
    """
    return DECKS[name]


_SUIT_SPELLINGS: Final = {
    Suit.SPADES: ("s", "♠", "♤"),
    Suit.HEARTS: ("h", "♥", "♡"),
    Suit.DIAMONDS: ("d", "♦", "♢"),
    Suit.CLUBS: ("c", "♣", "♧"),
}


def _spellings() -> dict[str, Card]:
    table: dict[str, Card] = {"??": UNKNOWN, "jk": JOKER, "joker": JOKER, "Jk": JOKER, "Joker": JOKER}
    for card in STANDARD_52:
        assert card.rank is not None and card.suit is not None
        ranks = [card.rank.value, card.rank.value.lower()]
        if card.rank is Rank.TEN:
            ranks.append("10")
        for rank in ranks:
            for suit in _SUIT_SPELLINGS[card.suit]:
                table[rank + suit] = card
                table[rank + suit.upper()] = card
    return table


_SPELLINGS: Final = _spellings()


def _cut(text: str, most: int = 40) -> str:
    """Text quoted in a message, cut short with an ellipsis: an argument may be thousands long.

    >>> _cut("x" * 50, 5)
    'xxxx…'
    """
    return text if len(text) <= most else text[: most - 1] + "…"


_CARD_SHAPE = (
    "a card is a rank (2-9, T or 10, J, Q, K, A) and a suit (s h d c or ♠ ♥ ♦ ♣), "
    "like As or 10♥; the joker is Jk and a card nobody saw is ??"
)


def _explain_bad_card(text: str) -> str:
    shown = _cut(text.strip())
    rank_part, suit_part = shown[:-1], shown[-1:]
    known_ranks = {r.value for r in RANKS} | {r.value.lower() for r in RANKS} | {"10"}
    known_suits = {s for spellings in _SUIT_SPELLINGS.values() for s in spellings}
    if rank_part in known_ranks and suit_part.lower() not in known_suits:
        reason = f"{suit_part!r} is not a suit"
    elif suit_part.lower() in known_suits and rank_part not in known_ranks:
        reason = f"{rank_part!r} is not a rank" + (" (the ace is A)" if rank_part == "1" else "")
    else:
        reason = "it is not a card"
    return f"{shown!r}: {reason}; {_CARD_SHAPE}"
