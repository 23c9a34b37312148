"""Every five-card hand of every deck, and 100,000 ranked real-world hands.

The expected counts are those of ``five_card_counts.json`` (the project's evaluator anchors:
published tables for the standard deck (Wikipedia, Cactus Kev), the joker fully wild and deuces
wild (Alspach), ace-to-five (Wikipedia); an independent naive enumeration for the bug, the
32-card deck and deuce-to-seven). They are written out below so the suite runs without the shared
folder; ``test_anchor_file_agrees`` checks them against the file when it is there.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from operator import attrgetter
from pathlib import Path

import pytest

from referee.cards import parse_cards
from referee.hands import Category, HandValue, Ranking, evaluate
from referee.hands.table import tables_for
from referee.odds import frequency_table

C = Category
EXPECTED: dict[str, dict[Category, int]] = {
    "high": {
        C.STRAIGHT_FLUSH: 40,
        C.FOUR_OF_A_KIND: 624,
        C.FULL_HOUSE: 3744,
        C.FLUSH: 5108,
        C.STRAIGHT: 10200,
        C.THREE_OF_A_KIND: 54912,
        C.TWO_PAIR: 123552,
        C.PAIR: 1098240,
        C.HIGH_CARD: 1302540,
    },
    "joker-wild": {
        C.FIVE_OF_A_KIND: 13,
        C.STRAIGHT_FLUSH: 204,
        C.FOUR_OF_A_KIND: 3120,
        C.FULL_HOUSE: 6552,
        C.FLUSH: 7804,
        C.STRAIGHT: 20532,
        C.THREE_OF_A_KIND: 137280,
        C.TWO_PAIR: 123552,
        C.PAIR: 1268088,
        C.HIGH_CARD: 1302540,
    },
    "bug": {
        C.FIVE_ACES: 1,
        C.STRAIGHT_FLUSH: 204,
        C.FOUR_OF_A_KIND: 828,
        C.FULL_HOUSE: 4368,
        C.FLUSH: 7804,
        C.STRAIGHT: 20532,
        C.THREE_OF_A_KIND: 63360,
        C.TWO_PAIR: 138600,
        C.PAIR: 1215024,
        C.HIGH_CARD: 1418964,
    },
    "deuces-wild": {
        C.FIVE_OF_A_KIND: 672,
        C.STRAIGHT_FLUSH: 2552,
        C.FOUR_OF_A_KIND: 31552,
        C.FULL_HOUSE: 12672,
        C.FLUSH: 14472,
        C.STRAIGHT: 62232,
        C.THREE_OF_A_KIND: 355080,
        C.TWO_PAIR: 95040,
        C.PAIR: 1225008,
        C.HIGH_CARD: 799680,
    },
    "stripped-32": {
        C.STRAIGHT_FLUSH: 20,
        C.FOUR_OF_A_KIND: 224,
        C.FLUSH: 204,
        C.FULL_HOUSE: 1344,
        C.STRAIGHT: 5100,
        C.THREE_OF_A_KIND: 10752,
        C.TWO_PAIR: 24192,
        C.PAIR: 107520,
        C.HIGH_CARD: 52020,
    },
    "ace-to-five": {
        C.HIGH_CARD: 1317888,
        C.PAIR: 1098240,
        C.TWO_PAIR: 123552,
        C.THREE_OF_A_KIND: 54912,
        C.FULL_HOUSE: 3744,
        C.FOUR_OF_A_KIND: 624,
    },
    "deuce-to-seven": {
        C.HIGH_CARD: 1303560,
        C.PAIR: 1098240,
        C.TWO_PAIR: 123552,
        C.THREE_OF_A_KIND: 54912,
        C.STRAIGHT: 9180,
        C.FLUSH: 5112,
        C.FULL_HOUSE: 3744,
        C.FOUR_OF_A_KIND: 624,
        C.STRAIGHT_FLUSH: 36,
    },
    # Derived here, not from a table: the ace is always low, so the straights are the nine runs
    # A-2-3-4-5 up to 9-10-J-Q-K (10-J-Q-K-A is not one). 9 runs x (4^5 - 4) unsuited = 9,180
    # straights and 9 x 4 = 36 straight flushes; C(13,5) = 1,287 rank sets x 4 suits - 36 = 5,112
    # flushes; (1,287 - 9) x (4^5 - 4) = 1,303,560 no-pair hands; the paired counts are those of any
    # 52-card ranking. The same numbers as deuce-to-seven (nine runs there too, 2-3-4-5-6 to
    # 10-J-Q-K-A), by a different set of runs.
    "ace-to-six": {
        C.HIGH_CARD: 1303560,
        C.PAIR: 1098240,
        C.TWO_PAIR: 123552,
        C.THREE_OF_A_KIND: 54912,
        C.STRAIGHT: 9180,
        C.FLUSH: 5112,
        C.FULL_HOUSE: 3744,
        C.FOUR_OF_A_KIND: 624,
        C.STRAIGHT_FLUSH: 36,
    },
}

DISTINCT = {"high": 7462, "ace-to-five": 6175, "deuce-to-seven": 7462, "ace-to-six": 7462}
"""Distinct values (Cactus Kev's 7,462; 6,175 rank multisets for ace-to-five)."""

# Decks the anchors file does not cover: their counts are checked by dealing every hand out
# against the shape-by-shape count (below), and their rules by the reference in
# test_hands_properties.py.
UNANCHORED = ("one-eyed-jacks", "special-hands", "ace-to-five-joker")

SHARED = Path(__file__).resolve().parents[2] / "shared"
ANCHORS = SHARED / "data" / "evaluator_anchors" / "five_card_counts.json"
VECTORS = Path(__file__).resolve().parent / "data" / "ojpoker" / "poker_hands_100k.jsonc"


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_frequency_table_matches_the_anchors(game: str) -> None:
    table = frequency_table(Ranking.named(game), game)
    assert dict(table.counts) == EXPECTED[game]
    assert table.hands == sum(EXPECTED[game].values())
    if game in DISTINCT:
        assert table.distinct == DISTINCT[game]


def test_stripped_deck_has_840_values_before_suits() -> None:
    """The anchors' 840 classes ignore the suit tie-break; with it, 2,072 values occur."""
    ranking = Ranking.named("stripped-32")
    values = {evaluate(hand, ranking) for hand in combinations(ranking.deck, 5)}
    assert len({(value.category, value.ranks) for value in values}) == 840
    assert len(values) == frequency_table(ranking).distinct == 2072


def _dealt_out(game: str) -> tuple[Counter[Category], int]:
    ranking = Ranking.named(game)
    # The function `evaluate` calls, without the call around it, and counted by strength (an int
    # hashes in C): this halves the time of dealing out 2.6 million hands.
    five = tables_for(ranking).evaluate
    values = tables_for(ranking).values
    by_strength = Counter(map(attrgetter("strength"), map(five, combinations(ranking.deck, 5))))
    counts: Counter[Category] = Counter()
    for strength, count in by_strength.items():
        counts[values[strength - 1].category] += count
    return counts, len(by_strength)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(EXPECTED) + list(UNANCHORED))
def test_every_hand_dealt_out(game: str) -> None:
    """Every five-card hand of the deck through ``evaluate``: the same counts as the anchors and
    as the shape-by-shape count that ``referee odds`` uses."""
    counts, distinct = _dealt_out(game)
    table = frequency_table(Ranking.named(game), game)
    assert dict(table.counts) == {category: counts[category] for category, _ in table.counts}
    assert sum(counts.values()) == table.hands
    assert distinct == table.distinct
    if game in EXPECTED:
        assert {category: counts[category] for category in EXPECTED[game]} == EXPECTED[game]


@pytest.mark.slow
@pytest.mark.parametrize(
    "ranking",
    [Ranking(wild_ranks={"2"}, joker="wild"), Ranking(wild_ranks={"2"}, joker="bug")],
    ids=["deuces-and-joker-wild", "deuces-wild-and-the-bug"],
)
def test_mixed_wild_cards_dealt_out(ranking: Ranking) -> None:
    """Rankings no preset names (a hand may be all wild cards): dealing out agrees with shapes."""
    values: Counter[HandValue] = Counter(evaluate(hand, ranking) for hand in combinations(ranking.deck, 5))
    table = frequency_table(ranking)
    assert sum(values.values()) == table.hands == 2869685
    assert len(values) == table.distinct
    for category, count in table.counts:
        assert count == sum(n for value, n in values.items() if value.category is category)


def test_special_hand_pattern_counts() -> None:
    """The anchors' pattern counts: 6 skip-straight rank sets and 3 round-the-corner ones, 1,020
    unsuited hands each (the suited ones are flushes, which rank higher)."""
    table = dict(frequency_table(Ranking.named("special-hands")).counts)
    assert table[C.SKIP_STRAIGHT] == 6120
    assert table[C.ROUND_THE_CORNER_STRAIGHT] == 3060
    assert table[C.STRAIGHT] == 10200 and table[C.FLUSH] == 5108


@pytest.mark.skipif(not ANCHORS.exists(), reason=f"the shared anchors file is not here: {ANCHORS}")
def test_anchor_file_agrees() -> None:
    anchors = json.loads(ANCHORS.read_text())
    keys = {
        "straight_flush": C.STRAIGHT_FLUSH,
        "four_kind": C.FOUR_OF_A_KIND,
        "full_house": C.FULL_HOUSE,
        "flush": C.FLUSH,
        "straight": C.STRAIGHT,
        "three_kind": C.THREE_OF_A_KIND,
        "two_pair": C.TWO_PAIR,
        "pair": C.PAIR,
        "high_card": C.HIGH_CARD,
        "five_kind": C.FIVE_OF_A_KIND,
        "five_aces": C.FIVE_ACES,
    }
    for section, game in [
        ("standard_52", "high"),
        ("joker_fully_wild_53", "joker-wild"),
        ("joker_bug_53", "bug"),
        ("deuces_wild_52", "deuces-wild"),
        ("stripped_32_7_to_A", "stripped-32"),
        ("deuce_to_seven_low_52", "deuce-to-seven"),
    ]:
        assert {keys[name]: count for name, count in anchors[section]["counts"].items()} == EXPECTED[game]
    low = anchors["ace_to_five_low_52"]
    assert low["no_pair_total"][1] == EXPECTED["ace-to-five"][C.HIGH_CARD]
    assert low["paired"]["one_pair"] == EXPECTED["ace-to-five"][C.PAIR]
    assert low["distinct_values_total"] == DISTINCT["ace-to-five"]
    assert anchors["standard_52"]["distinct_classes"]["total"] == DISTINCT["high"]


def test_ace_to_five_no_pair_hands_by_high_card() -> None:
    """The anchors' ace-to-five table: no-pair hands by their top card, 5 (the wheel) to king."""
    ranking = Ranking.named("ace-to-five")
    tables = tables_for(ranking)
    by_top: Counter[str] = Counter()
    for shape in tables.shapes:
        if len(set(shape.naturals)) == 5:
            value = tables.plain[shape.key]
            assert isinstance(value, HandValue) and value.category is C.HIGH_CARD
            by_top[value.ranks[0].value] += 1
    assert dict(by_top) == {"5": 1, "6": 5, "7": 15, "8": 35, "9": 70, "T": 126, "J": 210, "Q": 330, "K": 495}


def test_ace_to_six_no_pair_hands_by_high_card() -> None:
    """004 Lowball: "In some games 6-4-3-2-A is the lowest possible hand". No-pair hands that are no
    straight, by their top card: C(n-1, 4) rank sets under a top card of rank n (the ace as 1), less
    the one run that tops there (A-2-3-4-5 under the five, ..., 9-10-J-Q-K under the king; 10-J-Q-K-A
    is a king-high hand, no run), each in 4^5 - 4 = 1,020 unsuited ways; the six is the best top
    card, and 6-4-3-2-A the best hand."""
    ranking = Ranking.named("ace-to-six")
    tables = tables_for(ranking)
    by_top: Counter[str] = Counter()
    for shape in tables.shapes:
        if len(set(shape.naturals)) == 5:
            value = tables.plain[shape.key]
            assert isinstance(value, HandValue)
            if value.category is C.HIGH_CARD:
                by_top[value.ranks[0].value] += 1020
    expected = {"6": 4, "7": 14, "8": 34, "9": 69, "T": 125, "J": 209, "Q": 329, "K": 494}
    assert dict(by_top) == {top: sets * 1020 for top, sets in expected.items()}
    assert sum(by_top.values()) == EXPECTED["ace-to-six"][C.HIGH_CARD]
    best = tables.values[-1]  # the values run weakest first
    assert best.name == "six-four low (6-4-3-2-A)"
    wheel = evaluate(parse_cards("5h 4s 3d 2c Ah"), ranking)
    assert wheel.category is C.STRAIGHT and wheel < best


# -- the ojpoker vectors (CC0; see tests/data/ojpoker/SOURCE.md) ----------------------------------


def _vectors() -> list[tuple[str, int, int, int, int]]:
    text = "\n".join(line for line in VECTORS.read_text().splitlines() if not line.startswith("//"))
    rows = json.loads(text.replace(",\n]", "\n]"))
    return [(row[0], row[1], row[2], row[3], row[4]) for row in rows]


@pytest.mark.parametrize(
    ("game", "column"), [("high", 1), ("deuce-to-seven", 2), ("ace-to-five", 3), ("ace-to-six", 4)]
)
def test_hundred_thousand_hands_order_as_ojpoker_does(game: str, column: int) -> None:
    """The file numbers each hand's class, 1 = best: ours must be the same order, ties included."""
    ranking = Ranking.named(game)
    vectors = _vectors()
    assert len(vectors) == 100_000
    ours: dict[int, set[int]] = {}
    for row in vectors:
        cards = parse_cards(" ".join(row[0][i : i + 2] for i in range(0, 10, 2)))
        ours.setdefault(row[column], set()).add(evaluate(cards, ranking).strength)
    # One of our values per class of theirs, and the classes in the same order.
    assert all(len(strengths) == 1 for strengths in ours.values())
    in_their_order = [next(iter(ours[number])) for number in sorted(ours)]
    assert in_their_order == sorted(in_their_order, reverse=True)
    assert len(set(in_their_order)) == len(in_their_order)
