"""Opening and winning requirements, and splitting openers (001 "Jacks or Better", 002 items 9-10)."""

from __future__ import annotations

import pytest

from referee.cards import parse_cards
from referee.hands import (
    HandError,
    Ranking,
    RequirementError,
    could_have_opened,
    meets_requirement,
    minimum,
    opening_hand,
)

HIGH = Ranking.named("high")
BUG = Ranking.named("bug")
DEUCES = Ranking.named("deuces-wild")


def meets(text: str, requirement: str, ranking: Ranking = HIGH) -> bool:
    return meets_requirement(parse_cards(text), requirement, ranking)


def test_jacks_or_better() -> None:
    """001: "Any hand that beats a pair of tens is sufficient – for example you could open with
    5-5-3-3-6 (two pairs) but not with 10-10-A-K-Q"."""
    assert meets("5s 5d 3c 3h 6s", "jacks-or-better")
    assert not meets("Ts Td Ac Kh Qs", "jacks-or-better")
    assert meets("Js Jd 4c 3h 2s", "jacks-or-better")
    assert meets("9s Td Jc Qh Ks", "jacks-or-better")


def test_anything_opens() -> None:
    assert meets("7s 5d 4c 3h 2s", "anything")
    assert minimum("anything", HIGH) is None


@pytest.mark.parametrize(
    ("text", "queens", "kings", "aces"),
    [
        ("Js Jd 4c 3h 2s", False, False, False),
        ("Qs Qd 4c 3h 2s", True, False, False),
        ("Ks Kd 4c 3h 2s", True, True, False),
        ("As Ad 4c 3h 2s", True, True, True),
        ("3s 3d 2c 2h 4s", True, True, True),
    ],
)
def test_progressive_openers(text: str, queens: bool, kings: bool, aces: bool) -> None:
    """001: progressive jackpots raise the minimum to queens, then kings, then aces."""
    assert meets(text, "queens-or-better") is queens
    assert meets(text, "kings-or-better") is kings
    assert meets(text, "aces-or-better") is aces


def test_trips_to_win() -> None:
    """001 "Trips to Win": "a hand at least as good as three of a kind"."""
    assert meets("2s 2d 2c 4h 5s", "trips-to-win")
    assert not meets("As Ad Kc Kh Qs", "trips-to-win")
    assert meets("6s 5d 4c 3h 2s", "trips-to-win")


def test_requirements_follow_the_game_ranking() -> None:
    assert meets("As Jk 7c 4h 2s", "aces-or-better", BUG)
    assert meets("Js 2d 7c 4h 9s", "jacks-or-better", DEUCES)
    assert not meets("Ts 2d 7c 4h 9s", "jacks-or-better", Ranking.named("high"))


def test_unknown_or_lowball_requirements_are_refused() -> None:
    with pytest.raises(RequirementError, match="'jacks-or-worse' is not a requirement"):
        meets("As Ad Kc Kd 4s", "jacks-or-worse")
    with pytest.raises(RequirementError, match="plays for low"):
        meets("As Ad Kc Kd 4s", "jacks-or-better", Ranking.named("ace-to-five"))
    assert meets("As Ad Kc Kd 4s", "anything", Ranking.named("ace-to-five"))


def test_splitting_openers_for_a_flush_draw() -> None:
    """001: "a player might discard the ♦Q from ♦Q ♣Q ♣10 ♣7 ♣6 in the hope of getting a flush"."""
    final = parse_cards("Qc Tc 7c 6c 2c")
    assert could_have_opened(final, parse_cards("Qd"), "jacks-or-better", HIGH)
    assert opening_hand(final, parse_cards("Qd"), "jacks-or-better", HIGH) == parse_cards("Qc Tc 7c 6c Qd")


def test_opener_who_could_not_have_held_openers() -> None:
    """002 item 9: "it is determined that you could not possibly have had openers when your final
    hand is compared with your discards"."""
    final = parse_cards("9c Tc 7c 6c 2c")
    assert not could_have_opened(final, parse_cards("Qd"), "jacks-or-better", HIGH)
    assert not could_have_opened(
        parse_cards("Ks Kd 8c 5h 4s"), parse_cards("9h 8d 3s"), "aces-or-better", HIGH
    )


def test_keeping_ace_and_joker_keeps_openers() -> None:
    """002 item 10: from A♠ Jk K♠ Q♠ 10♣, throwing the 10♣ keeps ace-joker, two aces."""
    final = parse_cards("As Jk Ks Qs 3h")
    assert meets_requirement(final, "jacks-or-better", BUG)
    assert could_have_opened(final, parse_cards("Tc"), "jacks-or-better", BUG)


def test_openers_kept_in_the_final_hand() -> None:
    assert could_have_opened(parse_cards("Js Jd 8c 5h 4s"), parse_cards("9h 7d 3s"), "jacks-or-better", HIGH)


def test_opening_hand_refuses_impossible_records() -> None:
    with pytest.raises(HandError, match="cannot be both in the final hand and among the discards"):
        could_have_opened(parse_cards("Js Jd 8c 5h 4s"), parse_cards("Js"), "jacks-or-better", HIGH)
    with pytest.raises(HandError, match="6 discards"):
        could_have_opened(
            parse_cards("Js Jd 8c 5h 4s"), parse_cards("2s 3s 4d 5d 6d 7d"), "jacks-or-better", HIGH
        )
    with pytest.raises(HandError, match="unseen"):
        could_have_opened(parse_cards("Js Jd 8c 5h ??"), parse_cards("2s"), "jacks-or-better", HIGH)
