"""Hands graded one by one (``referee.hands.lazy``, a cold start's showdown) are worth exactly what
the full tables say: every shape key of every table of every ranking the tables cover, and the
ladder's cache is read back only when it is exactly what was written."""

from __future__ import annotations

import dataclasses
import marshal
import random
from pathlib import Path

import pytest

from referee.hands import PRESETS, HandValue, Ranking, evaluate
from referee.hands import lazy as lazy_module
from referee.hands.fast import Entry, Evaluate
from referee.hands.lazy import FLUSH, FOUR_FLUSH, PLAIN, _Grader, lazy_evaluator
from referee.hands.table import _build, _codes_and_pool

RANKINGS: dict[str, Ranking] = {
    **PRESETS,
    # Rankings no preset names, built as a rulebook would build them (as in test_hands_properties).
    "deuces-and-joker-wild": Ranking(wild_ranks={"2"}, joker="wild"),
    "deuces-wild-and-the-bug": Ranking(wild_ranks={"2"}, joker="bug"),
    "bug-with-special-straights": Ranking(
        joker="bug", special_hands={"skip-straight", "round-the-corner-straight"}
    ),
    "sevens-wild-deuce-to-seven": Ranking(base="deuce-to-seven", wild_ranks={"7"}),
    "bobtail": Ranking(special_hands={"bobtail"}),
    "best-five-of-seven": Ranking(hand_size=7),
}


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(lazy_module, "_SHARED", {})  # each test grades afresh,
    monkeypatch.setattr(lazy_module, "_TABLES", {})  # whatever full tables earlier tests built
    return tmp_path


def fresh(ranking: Ranking) -> Ranking:
    """An equal ranking that has built nothing yet (the presets are shared by every test)."""
    return Ranking(**{f.name: getattr(ranking, f.name) for f in dataclasses.fields(ranking) if f.init})


def graded_anew(ranking: Ranking) -> Evaluate:
    """A new process's evaluator: nothing graded, the ladder read from the cache (or made)."""
    lazy_module._SHARED.clear()
    return lazy_evaluator(fresh(ranking))


def same(lazy: Entry, table: Entry) -> bool:
    def fields(value: HandValue) -> tuple[object, ...]:
        return value.strength, value.category, value.ranks, value.name, value.ranking

    if isinstance(lazy, HandValue) and isinstance(table, HandValue):
        return fields(lazy) == fields(table)
    assert not isinstance(lazy, HandValue) and not isinstance(table, HandValue)
    return lazy[0] == table[0] and [fields(v) for v in lazy[1]] == [fields(v) for v in table[1]]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RANKINGS))
def test_every_shape_graded_alone_equals_the_table(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lazy_module, "MAX_GRADED", 10**9)  # every shape graded, none looked up
    ranking = fresh(RANKINGS[name])
    tables = _build(ranking)
    _, pool = _codes_and_pool(ranking)
    grader = _Grader(ranking, pool)
    for kind in (PLAIN, FLUSH, FOUR_FLUSH):
        table: dict[int, Entry] = getattr(tables, kind)
        for key, entry in table.items():
            assert same(grader.entry(kind, key), entry), (name, kind, key)
    # Keys the tables lack are lacking here too: every key of one table asked of the others, and
    # sums no five cards of the deck make.
    keys = set(tables.plain) | set(tables.flush) | set(tables.four_flush) | {1, 3, 2**20 - 1}
    for kind in (PLAIN, FLUSH, FOUR_FLUSH):
        table = getattr(tables, kind)
        for key in keys - set(table):
            with pytest.raises(KeyError):
                grader.entry(kind, key)


@pytest.mark.parametrize("name", ["high", "stripped-32", "bug", "ace-to-five-joker", "bobtail"])
def test_evaluate_by_grading_equals_the_table(name: str) -> None:
    ranking = RANKINGS[name]
    tables = _build(ranking)
    five = lazy_evaluator(fresh(ranking))
    deck = list(ranking.deck)
    rng = random.Random(name)
    for _ in range(200):
        cards = rng.sample(deck, ranking.hand_size)
        assert same(five(cards), tables.evaluate(cards))


def test_the_ladder_is_read_back_and_a_bad_one_is_rebuilt(own_cache: Path) -> None:
    ranking = Ranking(wild_ranks={"2"})
    hand = list(ranking.deck)[:5]
    first = graded_anew(ranking)(hand)
    [path] = own_cache.rglob("hand-ladder-*.marshal")
    written = path.read_bytes()
    assert same(graded_anew(ranking)(hand), first)  # read back
    canonical, ladder = marshal.loads(written)
    stale = marshal.dumps((canonical, ((999,),)))  # reads well but is not this ranking's ladder
    bad = [b"", b"\x00garbage", written[: len(written) // 2], marshal.dumps(("other", ladder)), stale]
    for text in bad:
        path.write_bytes(text)
        assert same(graded_anew(ranking)(hand), first)
        assert path.read_bytes() == written  # graded afresh and written anew


@pytest.mark.parametrize("where", ["cache is a file", "ladder is a folder"])
def test_an_unwritable_cache_still_ranks(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    ranking = Ranking(joker="wild")
    if where == "cache is a file":
        monkeypatch.setenv("XDG_CACHE_HOME", str(own_cache / "file"))
        (own_cache / "file").write_text("")
    else:
        path = lazy_module._ladder_path(ranking)
        assert path is not None
        path.mkdir()
    hand = list(ranking.deck)[-5:]
    assert same(graded_anew(ranking)(hand), _build(ranking).evaluate(hand))
    assert not list(own_cache.rglob("*.tmp"))


def test_past_a_few_hundred_shapes_the_full_tables_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lazy_module, "MAX_GRADED", 3)
    ranking = Ranking(joker="bug")
    deck = list(ranking.deck)
    rng = random.Random(1)
    hands = [rng.sample(deck, 5) for _ in range(50)]
    values = [evaluate(hand, ranking) for hand in hands]
    assert "_tables" in ranking.__dict__
    assert values == [ranking._tables.evaluate(hand) for hand in hands]
