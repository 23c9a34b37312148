"""Every row of every bundled rulebook is reached by a scenario, or says here why it cannot be yet.

The scenarios in scenarios/ are run under each rulebook they name, and every row a decision table
answers with is collected: the row of each Ruling, and a ``same-as`` row too (the Ruling names
only the row of the table it redirects to, so the rulebook's answers are recorded as they are
given). A bundled row no scenario reaches fails the test unless UNREACHABLE gives the reason; a
row in UNREACHABLE that a scenario does reach fails it too, so the list only shrinks.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from referee import engine, scenarios
from referee.adjudicate.detect import FactValue
from referee.adjudicate.verdict import Verdict
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.rulebook.vocabulary import Fact, Kind

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"

UNREACHABLE: dict[str, str] = {}
"""Bundled rows no scenario can reach yet, each with the reason."""


def bundled_rows() -> dict[str, str]:
    """Every row of every bundled rulebook: its rule id and its summary."""
    rows: dict[str, str] = {}
    for name in bundled_rulebooks():
        book = load_rulebook(name)
        for kind, table in book.tables().items():
            for row in table:
                rows[book.rule_id(kind, row)] = row.summary
    return rows


BUNDLED = bundled_rows()


@pytest.fixture(scope="module")
def reached() -> frozenset[str]:
    """The rule id of every row a decision table answered with, over every scenario run."""
    answered: set[str] = set()

    class RecordingJudge(engine.RulebookJudge):
        """The rulebook's judge, noting each row it answers with (a ``same-as`` row included)."""

        def decide(self, kind: Kind, facts: Mapping[Fact, FactValue]) -> Verdict:
            verdict = super().decide(kind, facts)
            answered.add(verdict.rule)
            return verdict

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "RulebookJudge", RecordingJudge)
        for path in scenarios.find(FOLDER):
            for _ in scenarios.run(scenarios.load(path)):
                pass  # whether each passes is test_scenarios' business; here only the rows count
    return frozenset(answered)


def _listed(ids: set[str], why: Mapping[str, str]) -> str:
    return "\n".join(f"  {rule} — {why[rule]}" for rule in sorted(ids))


def test_every_bundled_row_is_reached_by_a_scenario(reached: frozenset[str]) -> None:
    missing = set(BUNDLED) - reached - set(UNREACHABLE)
    assert not missing, (
        f"{len(missing)} bundled row(s) no scenario reaches; add a scenario to scenarios/ that does, "
        "or put the row in UNREACHABLE with the reason:\n" + _listed(missing, BUNDLED)
    )


def test_no_row_listed_as_unreachable_is_reached(reached: frozenset[str]) -> None:
    found = set(UNREACHABLE) & reached
    assert not found, (
        f"{len(found)} row(s) in UNREACHABLE are reached by a scenario now; take them off the list:\n"
        + _listed(found, UNREACHABLE)
    )


def test_unreachable_names_bundled_rows_with_a_reason() -> None:
    unknown = set(UNREACHABLE) - set(BUNDLED)
    assert not unknown, "UNREACHABLE names rows no bundled rulebook has: " + ", ".join(sorted(unknown))
    assert all(reason.strip() for reason in UNREACHABLE.values())
