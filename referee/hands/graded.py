"""What a ranking makes of five concrete cards: a category, its deciding ranks, and a strength.

Rank numbers run 2..14 with the ace as 14; ace-to-five lowball writes the ace as 1. A strength is
a tuple that compares the way hands do under one ranking: a bigger strength always beats a smaller
one, in lowball too, because low rankings negate their ranks.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.hands.categories import Category


class Made(NamedTuple):
    """A category and the ranks that decide between two hands of it, most significant first."""

    category: Category
    ranks: tuple[int, ...]
    """Pairs before kickers (``(13, 4, 9)`` for kings and fours with a nine); the top card for
    straights; all five cards, highest first, for flushes and no-pair hands."""


class Graded(NamedTuple):
    """A made hand with its strength under one ranking; the strength alone decides."""

    strength: tuple[int, ...]
    category: Category
    ranks: tuple[int, ...]


def grouped(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ranks by group, biggest group first then highest rank, and the group sizes.

    >>> grouped((4, 13, 4, 13, 9))
    ((13, 4, 9), (2, 2, 1))
    """
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return tuple(rank for rank, _ in groups), tuple(count for _, count in groups)


def strength(made: Made, order: tuple[Category, ...], low: bool) -> tuple[int, ...]:
    """The comparable strength of ``made`` given the ranking's category order (best first)."""
    position = len(order) - order.index(made.category)
    if low:
        return (position, *(-rank for rank in made.ranks))
    return (position, *made.ranks)
