"""Lookup tables for one ranking, built on first use and shared by every equal ranking.

Building walks every *shape* a five-card hand can have in the ranking's deck (the natural cards'
ranks, how many fully wild cards, whether the joker is there as the bug), grades it twice (its
naturals unsuited, or all of one suit) with :func:`~referee.hands.wild.best_grade`, numbers the
distinct grades from weakest to best, and makes one :class:`HandValue` per number. A standard
deck has 6,175 rank shapes, so this takes a fraction of a second; ``import referee`` builds nothing.

Card codes are described in :mod:`referee.hands.codes`; a card the deck does not have, and ``??``,
have ``None``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import os
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from referee.cards import Card, Rank
from referee.hands.categories import Category
from referee.hands.checks import HandError, check_hand, show
from referee.hands.codes import BUG_CODE, BUG_WEIGHT, WILD_CODE, WILD_WEIGHT, natural_code, rank_weight
from referee.hands.fast import (
    Entry,
    Evaluate,
    FastTables,
    bobtail_evaluator,
    shape_evaluator,
    stripped_evaluator,
)
from referee.hands.graded import Graded
from referee.hands.grading import grader_for
from referee.hands.naming import hand_name
from referee.hands.ranking import Base, JokerRule, Ranking
from referee.hands.stripped import SUIT_ORDER, SUIT_STRENGTH_BY_INDEX, deciding_rank
from referee.hands.value import HandValue
from referee.hands.wild import best_grade


@dataclass(frozen=True, slots=True)
class Shape:
    """Five cards as the tables see them: the natural cards' ranks and the wild cards' count."""

    key: int
    """Masked sum of the five card codes: the sum of their weights."""
    naturals: tuple[int, ...]
    """Rank numbers of the natural cards, highest first."""
    wild: int
    """Fully wild cards."""
    bug: int
    """The joker as the bug (0 or 1)."""


@dataclass(frozen=True, slots=True)
class Pool:
    """The ranking's deck, seen as the tables see it."""

    suits_by_rank: dict[int, tuple[int, ...]]
    """For each rank number, the suit indices (``Card.index % 4``) of its natural cards."""
    wild: int
    """Fully wild cards in the deck."""
    bug: int
    """Jokers playing as the bug (0 or 1)."""
    alphabet: tuple[int, ...]
    """Ranks a wild card may stand for (those of the deck), highest first."""


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything evaluation needs for one ranking; built by :func:`tables_for`."""

    ranking: Ranking
    codes: tuple[int | None, ...]
    """Card code by ``Card.index``; index -1 (``??``) reads the last entry, which is None."""
    plain: dict[int, Entry]
    """Value by shape key when the natural cards are not all of one suit."""
    flush: dict[int, Entry]
    """Value by shape key when they are (every five-wild or four-wild hand too)."""
    four_flush: dict[int, Entry]
    """With the bobtail: value by shape key when exactly four cards share a suit."""
    values: tuple[HandValue, ...]
    """Every value the tables can give, weakest first (strength 1 upwards)."""
    shapes: tuple[Shape, ...]
    pool: Pool
    evaluate: Evaluate
    """Five (or up to ``hand_size``) cards to their value; see :func:`referee.hands.evaluate`."""
    fast: FastTables | None
    """``(codes, plain, flush)`` where one lookup decides (no suit tie-break, no bobtail), so that
    :func:`referee.hands.evaluate` can do it inline; None otherwise."""


_CACHE: dict[Ranking, Tables] = {}


def tables_for(ranking: Ranking) -> Tables:
    """The tables of ``ranking``, built the first time any equal ranking asks.

    A build takes a tenth of a second or more, so its data is also kept in the user's cache
    folder and read back by later processes (the evaluator itself is rebuilt around it).
    """
    tables = _CACHE.get(ranking)
    if tables is None:
        tables = _CACHE[ranking] = _from_disk(ranking) or _store(_build(ranking))
    return tables


_CACHE_FORMAT = 4
"""Bump when the tables' layout or any evaluation rule changes."""


def cache_file(ranking: Ranking, stem: str) -> Path | None:
    """The user-cache file ``stem`` keeps for ``ranking`` (None with no cache folder): named by the
    version, the cache format, the Python and the ranking, so nothing stale is ever read."""
    from referee import __version__
    from referee.usercache import cache_dir, python_tag

    directory = cache_dir()
    if directory is None:
        return None
    digest = hashlib.sha256(_canonical(ranking).encode()).hexdigest()[:16]
    return directory / f"{stem}-{__version__}-{_CACHE_FORMAT}-{python_tag()}-{digest}.marshal"


def _cache_path(ranking: Ranking) -> Path | None:
    return cache_file(ranking, "hand-tables")


def _canonical(ranking: Ranking) -> str:
    """The ranking's fields as text that is the same in every process: sets are sorted (their
    own order follows the hash seed, which would name another cache file every run)."""
    parts = []
    for spec in dataclasses.fields(ranking):
        if not spec.init:
            continue
        value = getattr(ranking, spec.name)
        if isinstance(value, AbstractSet):
            value = sorted(str(item) for item in value)
        parts.append(f"{spec.name}={value!r}")
    return "Ranking(" + ", ".join(parts) + ")"


def _from_disk(ranking: Ranking) -> Tables | None:
    path = _cache_path(ranking)
    if path is None or not path.is_file():
        return None
    try:
        with path.open("rb") as file:
            # Our own file in the user's cache folder, written by _store below: plain data only,
            # as marshal (which builds values and never runs code, unlike pickle).
            stored = marshal.load(file)
        if stored["ranking"] != _canonical(ranking):
            return None
        categories = {member.value: member for member in Category}
        rank_of = {member.value: member for member in Rank}
        rank_tuples: dict[tuple[str, ...], tuple[Rank, ...]] = {}
        values = tuple(
            HandValue(
                strength,
                categories[category],
                rank_tuples.get(ranks) or rank_tuples.setdefault(ranks, tuple(rank_of[r] for r in ranks)),
                name,
                ranking,
            )
            for strength, category, ranks, name in stored["values"]
        )

        def entries(table: dict[int, object]) -> dict[int, Entry]:
            return {key: _entry_from(item, values) for key, item in table.items()}

        return _assemble(
            ranking,
            stored["codes"],
            entries(stored["plain"]),
            entries(stored["flush"]),
            entries(stored["four_flush"]),
            values,
            tuple(Shape(*shape) for shape in stored["shapes"]),
            Pool(*stored["pool"]),
        )
    except Exception:  # an unreadable or stale cache is rebuilt, never an error
        return None


def _entry_to(entry: Entry) -> object:
    if isinstance(entry, HandValue):
        return entry.strength
    rank, by_suit = entry
    return (rank, tuple(value.strength for value in by_suit))


def _entry_from(item: object, values: tuple[HandValue, ...]) -> Entry:
    if isinstance(item, int):
        return values[item - 1]
    assert isinstance(item, tuple)
    rank, strengths = item
    return rank, tuple(values[strength - 1] for strength in strengths)


def _store(tables: Tables) -> Tables:
    path = _cache_path(tables.ranking)
    if path is None:
        return tables
    stored = {
        "ranking": _canonical(tables.ranking),
        "codes": tables.codes,
        "plain": {key: _entry_to(entry) for key, entry in tables.plain.items()},
        "flush": {key: _entry_to(entry) for key, entry in tables.flush.items()},
        "four_flush": {key: _entry_to(entry) for key, entry in tables.four_flush.items()},
        "values": [
            (v.strength, v.category.value, tuple(r.value for r in v.ranks), v.name) for v in tables.values
        ],
        "shapes": [(shape.key, shape.naturals, shape.wild, shape.bug) for shape in tables.shapes],
        "pool": (tables.pool.suits_by_rank, tables.pool.wild, tables.pool.bug, tables.pool.alphabet),
    }
    try:
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        with temporary.open("wb") as file:
            marshal.dump(stored, file)
        os.replace(temporary, path)  # readers never see half a file
    except OSError:
        pass
    return tables


def _codes_and_pool(ranking: Ranking) -> tuple[tuple[int | None, ...], Pool]:
    codes: list[int | None] = [None] * 54
    suits_by_rank: dict[int, list[int]] = {}
    wild = bug = 0
    for card in ranking.deck:
        if card.is_joker and ranking.joker is JokerRule.BUG and not ranking.is_low:
            codes[card.index] = BUG_CODE
            bug += 1
        elif card.is_joker or ranking.is_wild(card):
            # In lowball the joker is the lowest card missing: the best card, as a wild card is.
            codes[card.index] = WILD_CODE
            wild += 1
        else:
            assert card.rank is not None
            number, suit = card.rank.number, card.index & 3
            codes[card.index] = natural_code(number, suit)
            suits_by_rank.setdefault(number, []).append(suit)
    alphabet = tuple(sorted({card.rank.number for card in ranking.deck if card.rank}, reverse=True))
    pool = Pool({rank: tuple(suits) for rank, suits in suits_by_rank.items()}, wild, bug, alphabet)
    return tuple(codes), pool


def shapes_of(pool: Pool) -> tuple[Shape, ...]:
    """Every shape five cards of the pool can have."""
    ranks = sorted(pool.suits_by_rank, reverse=True)
    shapes = []
    for wild in range(min(pool.wild, 5) + 1):
        for bug in range(min(pool.bug, 5 - wild) + 1):
            for naturals in combinations_with_replacement(ranks, 5 - wild - bug):
                if any(naturals.count(rank) > len(pool.suits_by_rank[rank]) for rank in set(naturals)):
                    continue
                key = sum(rank_weight(rank) for rank in naturals) + wild * WILD_WEIGHT + bug * BUG_WEIGHT
                shapes.append(Shape(key, naturals, wild, bug))
    assert len({shape.key for shape in shapes}) == len(shapes), "the weights keep shapes apart"
    return tuple(shapes)


def can_four_flush(naturals: tuple[int, ...]) -> bool:
    """Five natural ranks four of which could share a suit: all different, or one pair."""
    return len(naturals) == 5 and len(set(naturals)) >= 4


def _grade_shapes(
    ranking: Ranking, pool: Pool, shapes: tuple[Shape, ...]
) -> tuple[dict[int, Graded], dict[int, Graded], dict[int, Graded]]:
    grade = grader_for(ranking)
    bobtail = Category.BOBTAIL in ranking.special_hands
    plain: dict[int, Graded] = {}
    flush: dict[int, Graded] = {}
    four_flush: dict[int, Graded] = {}
    for shape in shapes:
        naturals, wild, bug = shape.naturals, shape.wild, shape.bug
        if len(naturals) >= 2:  # one natural card or none is always "all of one suit"
            plain[shape.key] = best_grade(naturals, wild, bug, False, False, grade, pool.alphabet)
        if len(set(naturals)) == len(naturals):
            flush[shape.key] = best_grade(naturals, wild, bug, True, False, grade, pool.alphabet)
        if bobtail and can_four_flush(naturals):
            four_flush[shape.key] = best_grade(naturals, 0, 0, False, True, grade, pool.alphabet)
    return plain, flush, four_flush


def _build(ranking: Ranking) -> Tables:
    codes, pool = _codes_and_pool(ranking)
    shapes = shapes_of(pool)
    graded = _grade_shapes(ranking, pool, shapes)
    stripped = ranking.base is Base.STRIPPED_32
    variants = strength_variants(graded, stripped)
    by_strength: dict[tuple[int, ...], HandValue] = {}
    for position, strength in enumerate(sorted(variants), start=1):
        grade, rank = variants[strength]
        by_strength[strength] = make_value(ranking, position, strength, grade, rank)

    def entry(grade: Graded) -> Entry:
        if not stripped:
            return by_strength[grade.strength]
        rank = deciding_rank(grade)
        if rank is None:
            return by_strength[(*grade.strength, 0)]
        return rank - 2, tuple(by_strength[(*grade.strength, suit)] for suit in range(4))

    plain, flush, four_flush = ({key: entry(grade) for key, grade in table.items()} for table in graded)
    return _assemble(ranking, codes, plain, flush, four_flush, tuple(by_strength.values()), shapes, pool)


def strength_variants(
    graded: tuple[dict[int, Graded], ...], stripped: bool
) -> dict[tuple[int, ...], tuple[Graded, int | None]]:
    """Every distinct strength the graded shapes reach, with a grade and its deciding rank: the
    values' numbers are their places in this, sorted (see :mod:`referee.hands.lazy`)."""
    # The 32-card deck splits otherwise equal hands by suit: one more place in each strength.
    variants: dict[tuple[int, ...], tuple[Graded, int | None]] = {}
    for table in graded:
        for grade in table.values():
            rank = deciding_rank(grade) if stripped else None
            for suit in range(4) if rank is not None else (0,):
                variants[(*grade.strength, suit) if stripped else grade.strength] = (grade, rank)
    return variants


def make_value(
    ranking: Ranking, position: int, strength: tuple[int, ...], grade: Graded, rank: int | None
) -> HandValue:
    """The value numbered ``position``: its grade, named as players say it."""
    name = hand_name(grade.category, grade.ranks, ranking.is_low)
    if rank is not None:
        name += f" ({Rank.from_number(rank).word} of {SUIT_ORDER[strength[-1]].word})"
    ranks = tuple(Rank.from_number(number) for number in grade.ranks)
    return HandValue(position, grade.category, ranks, name, ranking)


def _assemble(
    ranking: Ranking,
    codes: tuple[int | None, ...],
    plain: dict[int, Entry],
    flush: dict[int, Entry],
    four_flush: dict[int, Entry],
    values: tuple[HandValue, ...],
    shapes: tuple[Shape, ...],
    pool: Pool,
) -> Tables:
    """The tables around built (or cached) data: the evaluators are made here."""
    five = five_evaluator(ranking, codes, plain, flush, four_flush, _values)
    simple = ranking.base is not Base.STRIPPED_32 and Category.BOBTAIL not in ranking.special_hands
    return Tables(
        ranking=ranking,
        codes=codes,
        plain=plain,
        flush=flush,
        four_flush=four_flush,
        values=values,
        shapes=shapes,
        pool=pool,
        evaluate=five,
        fast=(codes, _values(plain), _values(flush)) if simple else None,
    )


def five_evaluator(
    ranking: Ranking,
    codes: tuple[int | None, ...],
    plain: dict[int, Entry],
    flush: dict[int, Entry],
    four_flush: dict[int, Entry],
    as_values: Callable[[dict[int, Entry]], dict[int, HandValue]],
) -> Evaluate:
    """The five-card evaluator over the ranking's tables (full, or the lazy ones filled as asked);
    ``as_values`` gives a table whose entries are all values, where the 32-card deck's are not."""

    def slow(cards: Sequence[Card]) -> HandValue:
        hand = check_hand(cards, ranking)
        if len(hand) > 5:
            return max(five(subset) for subset in combinations(hand, 5))
        raise HandError(f"cannot rank {show(hand)}: no five cards of {ranking.describe()} look like that")

    five: Evaluate
    if ranking.base is Base.STRIPPED_32:
        five = stripped_evaluator(codes, plain, flush, SUIT_STRENGTH_BY_INDEX, slow)
    elif Category.BOBTAIL in ranking.special_hands:
        five = bobtail_evaluator(codes, as_values(plain), as_values(flush), as_values(four_flush), slow)
    else:
        five = shape_evaluator(codes, as_values(plain), as_values(flush), slow)
    return five


def _values(table: dict[int, Entry]) -> dict[int, HandValue]:
    # Only the 32-card deck has tie-break entries; everywhere else each entry is a HandValue.
    values = {key: entry for key, entry in table.items() if isinstance(entry, HandValue)}
    assert len(values) == len(table)
    return values
