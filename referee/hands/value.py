"""The value of a hand: one frozen, totally ordered object per distinct hand under a ranking.

``a > b`` always means "a beats b" and ``a == b`` an exact tie, in lowball too: a low ranking
builds its strengths so that the better low hand has the bigger one (where PokerKit keeps a
``low`` flag on the class and flips ``<``, the flip is done once, when the tables are built).
Every value is built once with its ranking's tables and handed out again on each evaluation, so
evaluating allocates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.cards import Rank
from referee.hands.categories import Category

if TYPE_CHECKING:
    from referee.hands.ranking import Ranking


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """What a hand is worth under one ranking: compare two with ``<``, ``==``, ``max``.

    Comparing values from two different rankings raises TypeError: a deuces-wild hand does not
    beat or lose to a lowball hand.
    """

    strength: int
    """Bigger beats smaller; equal is an exact tie. Meaningful only within one ranking."""
    category: Category
    """The kind of hand (``two-pair``, ``five-aces``, ...)."""
    ranks: tuple[Rank, ...]
    """The ranks that decide against another hand of the same category, most significant first:
    ``(K, 4, 9)`` for kings and fours with a nine kicker, the top card of a straight."""
    name: str
    """The hand as a player says it: ``"two pair, kings and fours"``, ``"seven-five low (7-5-4-3-2)"``."""
    ranking: Ranking = field(repr=False)
    """The ranking whose tables made this value (equal rankings share one set of tables)."""

    def __str__(self) -> str:
        return self.name

    def _same_ranking(self, other: HandValue) -> bool:
        # Equal rankings share one set of tables, so identity is the usual (and fast) answer.
        return other.ranking is self.ranking or other.ranking == self.ranking

    def _strength_against(self, other: HandValue) -> int:
        if not self._same_ranking(other):
            raise TypeError(
                f"cannot compare a hand ranked as {self.ranking.describe()} "
                f"with one ranked as {other.ranking.describe()}"
            )
        return other.strength

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if other.ranking is self.ranking:
            return self.strength < other.strength  # the usual case, without two more calls
        return self.strength < self._strength_against(other)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if other.ranking is self.ranking:
            return self.strength <= other.strength  # the usual case, without two more calls
        return self.strength <= self._strength_against(other)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if other.ranking is self.ranking:
            return self.strength > other.strength  # the usual case, without two more calls
        return self.strength > self._strength_against(other)

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        if other.ranking is self.ranking:
            return self.strength >= other.strength  # the usual case, without two more calls
        return self.strength >= self._strength_against(other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength and self._same_ranking(other)

    def __hash__(self) -> int:
        return hash(self.strength)

    def __reduce__(self) -> tuple[object, ...]:
        # Unpickled, a value is the very object handed out before (or the table's), so it
        # compares as fast as ever.
        return _value_of, (self.ranking, self.strength)


def _value_of(ranking: Ranking, strength: int) -> HandValue:
    return _NUMBERED[0](ranking, strength)


_NUMBERED: list[Callable[[Ranking, int], HandValue]] = []
"""The value a ranking numbers ``strength`` (:func:`referee.hands.lazy.numbered`, which imports
this module, so this one cannot import it): handed in by the package, :mod:`referee.hands`, which
is always imported before any of its modules and so before anything is unpickled."""
