"""Exact odds: frequency tables and draws, counted over every case."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from referee.cards import parse_cards
from referee.hands import Category, HandError, Ranking
from referee.odds import DrawOdds, draw_odds, frequency_table, percent, probability

HIGH = Ranking.named("high")


def test_the_32_card_deck_is_counted_by_dealing_it_out() -> None:
    table = frequency_table(Ranking.named("stripped-32"))
    assert (table.shapes, table.to_json()["counted_by"]) == (0, "dealing")
    assert f"every one of the {table.hands:,} hands" in table.method


def draw(hand: str, keep: str, ranking: Ranking = HIGH) -> DrawOdds:
    return draw_odds(parse_cards(hand), parse_cards(keep), ranking, "test")


def test_frequency_table_json() -> None:
    table = frequency_table(HIGH, "high")
    assert table.to_json() == {
        "game": "high",
        "hands": 2598960,
        "categories": {
            "straight-flush": 40,
            "four-of-a-kind": 624,
            "full-house": 3744,
            "flush": 5108,
            "straight": 10200,
            "three-of-a-kind": 54912,
            "two-pair": 123552,
            "pair": 1098240,
            "high-card": 1302540,
        },
        "distinct": 7462,
        "counted_by": "shapes",
        "shapes": table.shapes,
    }
    assert 0 < table.shapes < 7462  # far fewer lookups than hands (or even than values)
    assert "no hand is evaluated one by one" in table.method
    assert list(table.categories) == [category.value for category in HIGH.categories]


def test_frequency_table_refuses_seven_card_hands() -> None:
    with pytest.raises(ValueError, match="frequency tables are for five-card hands"):
        frequency_table(Ranking.named("best-five-of-seven"))


def test_four_flush_draw() -> None:
    """Nine hearts of 47 unseen cards make the flush; twelve pair the hand."""
    odds = draw("Ah Kh 9h 4h 2c", "Ah Kh 9h 4h")
    assert (odds.drawn, odds.unseen, odds.outcomes) == (1, 47, 47)
    assert odds.categories["flush"] == 9
    assert odds.categories["pair"] == 12
    assert odds.categories["high-card"] == 26
    assert sum(odds.categories.values()) == 47


def test_open_ended_straight_draw() -> None:
    odds = draw("8s 7d 6c 5h Kc", "8s 7d 6c 5h")
    assert odds.categories["straight"] == 8


def test_standing_pat_has_one_outcome() -> None:
    odds = draw("As Ad Kc Kd 4s", "As Ad Kc Kd 4s")
    assert odds.outcomes == 1 and odds.categories["two-pair"] == 1


def test_draw_to_the_bug() -> None:
    """With the bug, ace-joker is two aces: every draw of three keeps at least the pair, and the
    three other aces make five aces."""
    bug = Ranking.named("bug")
    odds = draw_odds(parse_cards("As Jk 9c 6h 2d"), parse_cards("As Jk"), bug)
    assert odds.unseen == 48 and odds.outcomes == comb(48, 3)
    assert odds.categories["high-card"] == 0
    assert odds.categories["five-aces"] == 1


def test_drawing_five_in_the_stripped_deck() -> None:
    stripped = Ranking.named("stripped-32")
    odds = draw_odds(parse_cards("As Kd Qc 9h 7s"), (), stripped)
    assert odds.outcomes == comb(27, 5) == sum(odds.categories.values())


def test_draw_json() -> None:
    odds = draw("Ah Kh 9h 4h 2c", "Ah Kh 9h 4h")
    data = odds.to_json()
    assert data["hand"] == "Ah Kh 9h 4h 2c" and data["keep"] == "Ah Kh 9h 4h"
    assert data["draw"] == 1 and data["unseen"] == 47 and data["outcomes"] == 47
    assert isinstance(data["categories"], dict) and len(data["categories"]) == 9


def test_draw_refuses_kept_cards_not_in_the_hand() -> None:
    with pytest.raises(HandError, match="is kept but is not in the hand"):
        draw("Ah Kh 9h 4h 2c", "Ah Kh 9h 4d")
    with pytest.raises(HandError, match="a hand is five cards"):
        draw("Ah Kh 9h 4h", "Ah Kh")


def test_draw_refuses_too_many_outcomes() -> None:
    seven = Ranking.named("best-five-of-seven")
    with pytest.raises(ValueError, match="too many to count"):
        draw_odds(parse_cards("As Kd Qc 9h 7s 5d 3c"), parse_cards("As"), seven)


def test_exact_fractions_and_percentages() -> None:
    assert probability(40, 2598960) == Fraction(1, 64974)
    assert percent(1, 3) == "33.3333"
    assert percent(2, 3) == "66.6667"
    assert percent(40, 2598960) == "0.0015"


def test_categories_follow_the_ranking() -> None:
    table = frequency_table(Ranking.named("deuce-to-seven"))
    assert table.counts[0][0] is Category.HIGH_CARD
    assert table.counts[-1] == (Category.STRAIGHT_FLUSH, 36)
