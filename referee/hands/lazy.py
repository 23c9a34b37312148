"""The values of a few hands without the full tables: what one log's showdown needs at a cold start.

The full tables (:mod:`referee.hands.table`) hold every value of a ranking (7,462 for a standard
deck); reading them back from the cache costs a cold start some 25 ms for the one or two showdowns
of a log. Here a hand's shape is graded the first time a hand of that shape is met, by the same
:func:`~referee.hands.wild.best_grade` the tables are built with, and numbered by its place on the
ranking's *ladder*: every distinct strength the ranking's shapes reach, weakest first, which is all
a value's number depends on. So each value equals the table's (``tests/test_hands_lazy.py`` checks
every shape of every ranking).

The ladder is kept in the user's cache as plain data (``marshal`` of tuples of integers, never
pickle), checked on reading; without it the shapes are graded once and it is written. After a few
hundred shapes (a simulation, not a log) the full tables take over: past that they are quicker.
"""

from __future__ import annotations

import marshal
import os
from bisect import bisect_left
from itertools import chain, islice
from operator import lt
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast

from referee.hands.categories import Category
from referee.hands.codes import BUG_WEIGHT, WILD_WEIGHT, rank_weight
from referee.hands.fast import (
    Entry,
    Evaluate,
    FastTables,
)
from referee.hands.graded import Graded
from referee.hands.grading import grader_for
from referee.hands.ranking import Base
from referee.hands.stripped import deciding_rank
from referee.hands.table import _CACHE as _TABLES
from referee.hands.table import (
    Pool,
    _canonical,
    _codes_and_pool,
    _grade_shapes,
    cache_file,
    can_four_flush,
    five_evaluator,
    make_value,
    shapes_of,
    strength_variants,
)
from referee.hands.value import HandValue
from referee.hands.wild import best_grade

if TYPE_CHECKING:
    from referee.hands.ranking import Ranking

MAX_GRADED: Final = 300
"""Shapes graded one by one before the full tables are read instead."""

Ladder = tuple[tuple[int, ...], ...]

PLAIN, FLUSH, FOUR_FLUSH = "plain", "flush", "four_flush"


_SHARED: dict[Ranking, tuple[Evaluate, _Grader, FastTables | None]] = {}
"""One evaluator per distinct ranking, as the full tables are shared: equal rankings hand out the
very same value objects."""


def lazy_evaluator(ranking: Ranking) -> Evaluate:
    """Five (or up to ``hand_size``) cards to their value, grading shapes as they are met.

    Sets ``ranking._fast`` for :func:`referee.hands.evaluate`'s inline path when one lookup decides
    (as the full tables do), unless the full tables have set it already.
    """
    made = _SHARED.get(ranking)
    if made is None:
        made = _SHARED[ranking] = _made(ranking)
    five, _, fast = made
    if fast is not None and ranking._fast is None:
        object.__setattr__(ranking, "_fast", fast)
    return five


def numbered(ranking: Ranking, strength: int) -> HandValue:
    """The value numbered ``strength``: the one already handed out, if any (unpickling)."""
    made = _SHARED.get(ranking)
    found = made[1].values.get(strength) if made is not None else None
    return found if found is not None else ranking._tables.values[strength - 1]


def _made(ranking: Ranking) -> tuple[Evaluate, _Grader, FastTables | None]:
    codes, pool = _codes_and_pool(ranking)
    grader = _Grader(ranking, pool)
    plain, flush, four_flush = (_Entries(grader, kind) for kind in (PLAIN, FLUSH, FOUR_FLUSH))
    five = five_evaluator(ranking, codes, plain, flush, four_flush, _as_values)
    if ranking.base is Base.STRIPPED_32 or Category.BOBTAIL in ranking.special_hands:
        return five, grader, None
    return five, grader, (codes, _as_values(plain), _as_values(flush))


def _as_values(table: dict[int, Entry]) -> dict[int, HandValue]:
    # The lazy tables fill in as keys are asked for, so they are handed over as they are, never
    # copied; outside the 32-card deck every entry they make is a value.
    return cast("dict[int, HandValue]", table)


class _Entries(dict[int, Entry]):
    """One of the tables (by shape key), filled in as keys are asked for; a key no five cards of
    the deck can make raises KeyError, as the full table does."""

    def __init__(self, grader: _Grader, kind: str) -> None:
        super().__init__()
        self.grader = grader
        self.kind = kind

    def __missing__(self, key: int) -> Entry:
        entry = self.grader.entry(self.kind, key)
        self[key] = entry
        return entry


class _Grader:
    """Grades shapes for the three tables of one ranking and numbers them by its ladder."""

    def __init__(self, ranking: Ranking, pool: Pool) -> None:
        self.ranking = ranking
        self.pool = pool
        self.grade = grader_for(ranking)
        self.stripped = ranking.base is Base.STRIPPED_32
        self.bobtail = Category.BOBTAIL in ranking.special_hands
        self.ranks = sorted(pool.suits_by_rank, reverse=True)
        self.ladder: Ladder | None = None
        self.from_disk = False
        self.values: dict[int, HandValue] = {}
        self.graded = 0

    def entry(self, kind: str, key: int) -> Entry:
        full = _TABLES.get(self.ranking)  # built meanwhile (odds): it answers at once
        if full is None and self.graded >= MAX_GRADED:
            full = self.ranking._tables
        if full is not None:
            found: Entry = getattr(full, kind)[key]
            return found
        shape = self._shape(key)
        if shape is None:
            raise KeyError(key)
        naturals, wild, bug = shape
        if kind == PLAIN and len(naturals) >= 2:
            graded = best_grade(naturals, wild, bug, False, False, self.grade, self.pool.alphabet)
        elif kind == FLUSH and len(set(naturals)) == len(naturals):
            graded = best_grade(naturals, wild, bug, True, False, self.grade, self.pool.alphabet)
        elif kind == FOUR_FLUSH and self.bobtail and can_four_flush(naturals):
            graded = best_grade(naturals, 0, 0, False, True, self.grade, self.pool.alphabet)
        else:
            raise KeyError(key)  # the full tables have no such entry either
        self.graded += 1
        return self._entry(graded)

    def _entry(self, graded: Graded) -> Entry:
        if not self.stripped:
            return self._value(graded.strength, graded, None)
        rank = deciding_rank(graded)
        if rank is None:
            return self._value((*graded.strength, 0), graded, None)
        return rank - 2, tuple(self._value((*graded.strength, suit), graded, rank) for suit in range(4))

    def _value(self, strength: tuple[int, ...], graded: Graded, rank: int | None) -> HandValue:
        ladder = self.ladder if self.ladder is not None else self._ladder()
        position = bisect_left(ladder, strength) + 1
        if position > len(ladder) or ladder[position - 1] != strength:
            if not self.from_disk:
                raise AssertionError(f"{strength} is not on the ladder of {self.ranking.describe()}")
            # A stored ladder that reads well but is not this ranking's: graded afresh, rewritten.
            self.values.clear()
            self._ladder(stored=False)
            return self._value(strength, graded, rank)
        value = self.values.get(position)
        if value is None:
            value = self.values[position] = make_value(self.ranking, position, strength, graded, rank)
        return value

    def _ladder(self, *, stored: bool = True) -> Ladder:
        path = _ladder_path(self.ranking)
        ladder = _read_ladder(path, self.ranking) if path is not None and stored else None
        self.from_disk = ladder is not None
        if ladder is None:
            shapes = shapes_of(self.pool)
            graded = _grade_shapes(self.ranking, self.pool, shapes)
            ladder = tuple(sorted(strength_variants(graded, self.stripped)))
            if path is not None:
                _write_ladder(path, self.ranking, ladder)
        self.ladder = ladder
        return ladder

    def _shape(self, key: int) -> tuple[tuple[int, ...], int, int] | None:
        """The natural ranks (highest first), wild cards and bug whose weights add up to ``key``:
        one at most, since the weights keep every shape's sum apart (:mod:`referee.hands.codes`)."""
        pool = self.pool
        for wild in range(min(pool.wild, 5) + 1):
            for bug in range(min(pool.bug, 5 - wild) + 1):
                rest = key - wild * WILD_WEIGHT - bug * BUG_WEIGHT
                if rest >= 0 and (naturals := self._naturals(rest, 5 - wild - bug, 0)) is not None:
                    return naturals, wild, bug
        return None

    def _naturals(self, rest: int, count: int, start: int) -> tuple[int, ...] | None:
        if count == 0:
            return () if rest == 0 else None
        for index in range(start, len(self.ranks)):
            rank = self.ranks[index]
            weight = rank_weight(rank)
            if count * weight < rest:  # lower ranks weigh less still: the rest cannot be reached
                return None
            for times in range(min(count, len(self.pool.suits_by_rank[rank])), 0, -1):
                if times * weight <= rest:
                    tail = self._naturals(rest - times * weight, count - times, index + 1)
                    if tail is not None:
                        return (rank,) * times + tail
        return None


def _ladder_path(ranking: Ranking) -> Path | None:
    return cache_file(ranking, "hand-ladder")


def _read_ladder(path: Path, ranking: Ranking) -> Ladder | None:
    """The stored ladder, or None when there is none or it is not exactly what is written below."""
    try:
        stored = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == _canonical(ranking)):
        return None
    ladder = stored[1]
    if not isinstance(ladder, tuple) or not ladder:
        return None
    # Checked by C-level maps over the flat numbers (the ladder has thousands of steps and every
    # start that grades a hand reads it): tuples of ints only, each step above the one before.
    if set(map(type, ladder)) != {tuple} or not set(map(type, chain.from_iterable(ladder))) <= {int}:
        return None
    if not all(map(lt, ladder, islice(ladder, 1, None))):
        return None
    return cast(Ladder, ladder)


def _write_ladder(path: Path, ranking: Ranking, ladder: Ladder) -> None:
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        temporary.write_bytes(marshal.dumps((_canonical(ranking), ladder)))
        os.replace(temporary, path)  # readers never see half a file
    except OSError:  # an unwritable cache only costs the next process the grading again
        temporary.unlink(missing_ok=True)
