"""Exact odds, counted over every hand: category frequencies of a deck, and the results of a draw.

Nothing here samples or hard-codes. A frequency table counts all five-card hands of the deck: for
rankings whose value depends only on ranks, wild cards and suitedness it goes shape by shape
(6,175 rank multisets for 52 cards) and counts each shape's suit assignments by combinatorics;
the 32-card deck, whose ties are broken by suit, is simply dealt out (201,376 hands). Draw odds try
every set of cards the draw could bring from the unseen ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from math import comb, prod
from typing import Final

from referee.cards import Card
from referee.hands import Base, Category, HandError, HandValue, Ranking, check_hand
from referee.hands.table import Shape, Tables, can_four_flush

DRAW_LIMIT: Final = 6_000_000
"""Most five-card evaluations a draw count may take (drawing five of 47 is 1,533,939)."""


@dataclass(frozen=True)
class FrequencyTable:
    """How many five-card hands of the deck fall in each category, best category first."""

    game: str
    hands: int
    """All five-card hands of the deck."""
    counts: tuple[tuple[Category, int], ...]
    distinct: int
    """Distinct values that occur (7,462 for high hands)."""
    shapes: int = 0
    """How the hands were counted: by this many shapes (the ranks, wild cards and bug of a hand,
    each looked up once and weighted by the ways its suits can fall), or, when 0, by dealing out
    and evaluating every one of the ``hands`` (the 32-card deck, whose ties are broken by suit)."""

    @property
    def categories(self) -> dict[str, int]:
        return {category.value: count for category, count in self.counts}

    @property
    def method(self) -> str:
        """What the count did, in words: a figure of hands counted is not one of hands evaluated."""
        if self.shapes:
            return (
                f"counted by shape: {self.shapes:,} shapes (ranks, wild cards and bug), each valued once "
                "and weighted by the ways its suits can fall; no hand is evaluated one by one"
            )
        return f"counted by dealing out and evaluating every one of the {self.hands:,} hands"

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "hands": self.hands,
            "categories": self.categories,
            "distinct": self.distinct,
            "counted_by": "shapes" if self.shapes else "dealing",
            "shapes": self.shapes,
        }


@dataclass(frozen=True)
class DrawOdds:
    """Every way a draw can finish: the final category of each, over equally likely draws."""

    game: str
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    drawn: int
    """Cards drawn."""
    unseen: int
    """Cards the draw comes from: the deck less the hand dealt."""
    outcomes: int
    """Equally likely draws: ``comb(unseen, drawn)``."""
    counts: tuple[tuple[Category, int], ...]
    """Draws ending in each category, best category first (zero counts included)."""

    @property
    def categories(self) -> dict[str, int]:
        return {category.value: count for category, count in self.counts}

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "hand": _show(self.hand),
            "keep": _show(self.kept),
            "draw": self.drawn,
            "unseen": self.unseen,
            "outcomes": self.outcomes,
            "categories": self.categories,
        }


def _show(cards: Sequence[Card]) -> str:
    return " ".join(repr(card) for card in cards)


def probability(count: int, total: int) -> Fraction:
    """``count / total`` exactly."""
    return Fraction(count, total)


def percent(count: int, total: int, places: int = 4) -> str:
    """``count / total`` as a percentage with ``places`` decimals, rounded half-even, no floats."""
    value = Decimal(count * 100) / Decimal(total)
    return str(value.quantize(Decimal(1).scaleb(-places)))


# -- frequency tables -------------------------------------------------------------------------


def frequency_table(ranking: Ranking, game: str = "") -> FrequencyTable:
    """Every five-card hand of ``ranking``'s deck, counted by category.

    Raises:
        ValueError: for a ranking of more than five cards (seven-card tables are not counted here).
    """
    if ranking.hand_size != 5:
        raise ValueError(
            f"frequency tables are for five-card hands; {ranking.describe()} is not counted here"
        )
    tables = ranking._tables
    # The 32-card deck breaks ties by suit, which shapes do not see: deal it out instead.
    dealt = ranking.base is Base.STRIPPED_32
    by_value = _deal_out(tables) if dealt else _count_shapes(tables)
    counts: Counter[Category] = Counter()
    for value, count in by_value.items():
        counts[value.category] += count
    total = sum(counts.values())
    assert total == comb(len(ranking.deck), 5), "every hand is counted once"
    return FrequencyTable(
        game=game or ranking.describe(),
        hands=total,
        counts=tuple((category, counts[category]) for category in ranking.categories),
        distinct=sum(1 for count in by_value.values() if count),
        shapes=0 if dealt else len(tables.shapes),
    )


def _deal_out(tables: Tables) -> Counter[HandValue]:
    evaluate = tables.evaluate
    return Counter(map(evaluate, combinations(tables.ranking.deck, 5)))


def _count_shapes(tables: Tables) -> Counter[HandValue]:
    pool = tables.pool
    bobtail = Category.BOBTAIL in tables.ranking.special_hands
    counts: Counter[HandValue] = Counter()
    for shape in tables.shapes:
        all_ways, suited, four = _suit_patterns(shape, pool.suits_by_rank, bobtail)
        wild_ways = comb(pool.wild, shape.wild) * comb(pool.bug, shape.bug)
        patterns = (
            (tables.flush, suited),
            (tables.four_flush, four),
            (tables.plain, all_ways - suited - four),
        )
        for table, ways in patterns:
            if ways:
                entry = table[shape.key]
                assert isinstance(entry, HandValue)
                counts[entry] += ways * wild_ways
    return counts


def _suit_patterns(
    shape: Shape, suits_by_rank: dict[int, tuple[int, ...]], bobtail: bool
) -> tuple[int, int, int]:
    """Ways to pick the shape's natural cards: in all, all of one suit, exactly four of one suit."""
    naturals = shape.naturals
    ranks = set(naturals)
    every = prod(comb(len(suits_by_rank[rank]), naturals.count(rank)) for rank in ranks)
    if not naturals:
        suited = every  # wild cards alone: one way, and it counts as suited (see the card codes)
    elif len(ranks) < len(naturals):
        suited = 0
    else:
        suited = sum(all(suit in suits_by_rank[rank] for rank in ranks) for suit in range(4))
    four = 0
    if bobtail and can_four_flush(naturals):
        # Bobtails use the full 52-card deck: choose the suit (4), the odd card's rank (any of five
        # different ranks, or the paired rank), and the odd card's suit among the other three.
        four = 4 * 3 * (5 if len(ranks) == 5 else 1)
    return every, suited, four


# -- draws ------------------------------------------------------------------------------------


def draw_odds(hand: Sequence[Card], keep: Sequence[Card], ranking: Ranking, game: str = "") -> DrawOdds:
    """Every draw to ``keep`` from the cards not in ``hand``, counted by the final category.

    All unseen cards (the deck less the whole hand dealt) are equally likely, as for a player who
    has seen only his own cards.

    Raises:
        HandError: a hand that cannot be ranked, of the wrong size, or kept cards not in it.
        ValueError: a draw with too many outcomes to count here.
    """
    dealt = check_hand(hand, ranking)
    if len(dealt) != ranking.hand_size:
        raise HandError(
            f"a dealt hand is {ranking.hand_size} cards in {ranking.describe()}; got {len(dealt)}"
        )
    kept = tuple(keep)
    for card in kept:
        if card not in dealt:
            raise HandError(f"{card.symbol()} is kept but is not in the hand {_show(dealt)}")
    if len(set(kept)) != len(kept):
        raise HandError(f"a kept card is named twice: {_show(kept)}")
    unseen = tuple(card for card in ranking.deck if card not in dealt)
    drawn = len(dealt) - len(kept)
    outcomes = comb(len(unseen), drawn)
    work = outcomes * comb(ranking.hand_size, 5)
    if work > DRAW_LIMIT:
        raise ValueError(
            f"drawing {drawn} of {len(unseen)} unseen cards is {outcomes:,} draws; "
            "too many to count one by one here: keep more cards"
        )
    evaluate = ranking._tables.evaluate
    by_value = Counter(evaluate(kept + draw) for draw in combinations(unseen, drawn))
    counts: Counter[Category] = Counter()
    for value, count in by_value.items():
        counts[value.category] += count
    return DrawOdds(
        game=game or ranking.describe(),
        hand=dealt,
        kept=kept,
        drawn=drawn,
        unseen=len(unseen),
        outcomes=outcomes,
        counts=tuple((category, counts[category]) for category in ranking.categories),
    )
