"""``referee hand`` and ``referee odds`` through the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


def run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def test_hand_names_and_picks_the_winner() -> None:
    output = run("hand", "As Ad Kc Kd 4s", "Qh Qs Qd 7c 2s")
    assert "two pair, aces and kings" in output
    assert "Hand 2 wins: three queens beats two pair, aces and kings." in output


def test_hand_alone_is_named() -> None:
    output = run("hand", "Kh Qh Jh Th 9h")
    assert "king-high straight flush" in output
    assert "wins" not in output


def test_hand_tie() -> None:
    output = run("hand", "As Ad Kc Kd 4s", "Ah Ac Kh Ks 4d", "Qh Qs 8d 7c 2s")
    assert "Hands 1 and 2 tie with two pair, aces and kings: they split." in output


def test_hand_same_name_says_what_decides() -> None:
    """001 "Five Card Draw with a Bug": the joker stands for the K♠, so the ten decides."""
    output = run("hand", "A♥ K♥ J♥ 4♥ 2♥", "A♠ 10♠ 9♠ 8♠ Jk", "--game", "bug")
    assert "Hand 1 wins: ace-high flush beats ace-high flush (jack against ten)." in output


def test_hand_json() -> None:
    data = json.loads(run("hand", "7s 5d 4c 3h 2s", "5s 4d 3c 2h Ah", "--game", "ace-to-five", "--json"))
    assert data["game"] == "ace-to-five"
    assert data["winners"] == [2]
    assert data["hands"][0] == {
        "hand": 1,
        "cards": "7s 5d 4c 3h 2s",
        "plays": "7s 5d 4c 3h 2s",
        "category": "high-card",
        "name": "seven-five low (7-5-4-3-2)",
    }


def test_hand_reads_compact_cards() -> None:
    assert "two pair, aces and kings" in run("hand", "AsAdKcKd4s")
    assert "ten-high straight" in run("hand", "10s 9d 8c 7h 6s")


def test_best_five_of_seven() -> None:
    output = run("hand", "As Ks Qs Js 2s 3d Tc", "--game", "best-five-of-seven")
    assert "ace-high flush" in output and "(plays A♠ K♠ Q♠ J♠ 2♠)" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("hand", "As Ad Kc Kd Zz"), "hand 1: 'Zz': it is not a card"),
        (("hand", "As Ad Kc Kd 4s", "As Ad Kc Kd"), "hand 2: a hand is five cards in high hands"),
        (("hand", "As Ad Kc Kd ??"), "?? is a card nobody saw"),
        (("hand", "As Ad Kc Kd Jk"), "there is no joker in high hands"),
        (
            ("hand", "As Ad Kc Kd 4s", "--game", "razz"),
            "--game: 'razz' is not a ranking; the rankings are: high",
        ),
        (("odds", "--game", "best-five-of-seven"), "frequency tables are for five-card hands"),
        (("odds", "Ah Kh 9h 4h 2c", "--keep", "Ad"), "is kept but is not in the hand"),
        (("odds", "Ah Kh 9h 4h 2c", "--keep", "Xx"), "--keep: 'Xx'"),
    ],
)
def test_errors_are_one_clear_line_and_exit_1(args: tuple[str, ...], message: str) -> None:
    output = run(*args, code=1)
    assert message in output


def test_odds_table_json() -> None:
    data = json.loads(run("odds", "--game", "high", "--json"))
    assert data == {
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
        "shapes": 6175,
    }


@pytest.mark.parametrize(
    ("game", "hands", "first"),
    [
        ("bug", 2869685, "five-aces"),
        ("deuces-wild", 2598960, "five-of-a-kind"),
        ("joker-wild", 2869685, "five-of-a-kind"),
        ("stripped-32", 201376, "straight-flush"),
        ("ace-to-five", 2598960, "high-card"),
        ("deuce-to-seven", 2598960, "high-card"),
    ],
)
def test_odds_table_for_each_game(game: str, hands: int, first: str) -> None:
    data = json.loads(run("odds", "--game", game, "--json"))
    assert data["game"] == game and data["hands"] == hands == sum(data["categories"].values())
    assert next(iter(data["categories"])) == first


def test_odds_table_text_is_deterministic() -> None:
    output = run("odds", "--game", "high")
    assert output == run("odds", "--game", "high")
    assert "all 2,598,960 five-card hands of 52 cards" in output
    assert "straight flush" in output and "1/64,974" in output and "0.0015" in output
    assert "7,462 distinct hands" in output


def test_draw_odds_text_and_json() -> None:
    output = run("odds", "Ah Kh 9h 4h 2c", "--keep", "Ah Kh 9h 4h")
    assert "draws 1 of 47 unseen cards: 47 equally likely draws" in output
    assert "flush" in output and "9/47" in output
    data = json.loads(run("odds", "Ah Kh 9h 4h 2c", "--keep", "Ah Kh 9h 4h", "--json"))
    assert data["outcomes"] == 47 and data["categories"]["flush"] == 9


def test_draw_keeping_nothing() -> None:
    data = json.loads(run("odds", "As Kd Qc 9h 7s", "--keep", "none", "--game", "stripped-32", "--json"))
    assert data["draw"] == 5 and data["outcomes"] == 80730


def test_ace_to_six_by_game_name() -> None:
    """004 Lowball: "In some games 6-4-3-2-A is the lowest possible hand": ace-to-six, where the wheel
    is a straight; the catalog game `ace-to-six` names the ranking for `hand` and `odds`."""
    output = run("hand", "Ah 2h 3h 4d 6c", "As 2d 3c 4s 5s", "--game", "ace-to-six")
    assert "Hand 1 wins: six-four low (6-4-3-2-A) beats five-high straight (5-4-3-2-A)." in output
    lowball = run("hand", "Ah 2h 3h 4d 6c", "As 2d 3c 4s 5s", "--game", "lowball")
    assert "Hand 2 wins" in lowball
    table = " ".join(run("odds", "--game", "ace-to-six").split())
    assert "Ace-to-six lowball: all 2,598,960" in table and "straight 9,180" in table
    assert "7,462 distinct hands" in table
