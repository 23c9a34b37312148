"""Properties of the engine over every scenario log, under each rulebook its scenario names.

What each scenario must rule and pay is in its own ``.yaml`` (``tests/test_scenarios.py`` checks
that); the clean hands that pin game mechanics (showdowns, side and split pots, the variants) are in
``scenarios/games/``. Here: the books balance and the same log always gives the same JSON, for
every one of them, and the showdown names the winner's hand in words.
"""

from decimal import Decimal
from pathlib import Path

import pytest

from referee import scenarios
from referee.report.jsondoc import to_json
from referee.ruling import Result
from tests.helpers import rule

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"
GAMES = FOLDER / "games"
CASES = [
    pytest.param(path, book, id=f"{path.stem}[{book}]")
    for path in scenarios.find(FOLDER)
    for book in scenarios.load(path).expect
]


def rule_scenario(path: Path, book: str) -> Result:
    scenario = scenarios.load(path)
    text = scenario.log_path.read_text(encoding="utf-8")
    return rule(text, scenarios.rulebook_for(scenario, book), scenario.log_path.name)


@pytest.mark.parametrize(("path", "book"), CASES)
def test_books_balance_and_output_is_deterministic(path: Path, book: str) -> None:
    first, second = rule_scenario(path, book), rule_scenario(path, book)
    assert sum(first.net.values(), Decimal(0)) + first.carried + first.rake == 0
    assert to_json(first) == to_json(second)


@pytest.mark.parametrize(
    ("name", "book", "hands"),
    [
        ("clean-showdown-two-pair-beats-queens", "scarne", {"Bob": "two pair, kings and fives"}),
        # The widow's rank is wild: K K K and two sevens are five kings, not a full house.
        ("wild-widow-the-other-three-of-its-rank-are-wild", "pagat", {"Ann": "five kings"}),
        ("bug-is-not-fully-wild", "scarne", {"Bob": "four aces"}),
        (
            "split-pot-odd-chip-left-of-the-dealer",
            "scarne",
            {"Ann": "nine-high straight", "Bob": "nine-high straight"},
        ),
    ],
)
def test_the_showdown_names_each_winners_hand(name: str, book: str, hands: dict[str, str]) -> None:
    assert rule_scenario(GAMES / f"{name}.yaml", book).winners_hands == hands
