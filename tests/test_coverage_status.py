"""`referee rulebook coverage` judges what the rows decide, not what their cites reach.

An item is covered only when a row cites the item itself (not its whole section) and a scenario
that pins the item's sentence rules with that row. The statuses of every item of the five texts
are kept in ``tests/data/coverage_baseline.json``; an item whose status drops fails here (a
stronger status passes: rewrite the baseline with ``python -m tests.test_coverage_status``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.pinned import scenario_uses
from referee.rulebook.coverage import RANK, ScenarioUse, Status, pinned_items, source_of, statuses
from referee.rulebook.load import bundled_rulebooks, load_rulebook, load_text

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tests" / "data" / "coverage_baseline.json"
SCARNE = "000_9f48e0cf725bf545.txt"


def current() -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for name in bundled_rulebooks():
        book = load_rulebook(name)
        items = statuses(book, scenario_uses(ROOT / "scenarios", name))
        found[name] = {f"{entry.item.section} / {entry.item.item}": entry.status.value for entry in items}
    return found


def rank(status: str) -> int:
    return RANK.get(Status(status), 0)


def test_no_item_drops_below_its_baseline() -> None:
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    now = current()
    dropped = [
        f"{name}: {key}: {was} -> {now[name].get(key, 'gone')}"
        for name, items in baseline.items()
        for key, was in items.items()
        if key not in now[name]
        or rank(now[name][key]) < rank(was)
        or (Status(was) in RANK and Status(now[name][key]) not in RANK)
    ]
    new = [
        f"{name}: {key}" for name, items in now.items() for key in items if key not in baseline.get(name, {})
    ]
    assert not dropped, "items whose status dropped:\n" + "\n".join(dropped)
    assert not new, "items not in the baseline (run python -m tests.test_coverage_status):\n" + "\n".join(new)


def test_the_baseline_covers_each_rulebook_and_some_items_fully() -> None:
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert set(baseline) == set(bundled_rulebooks())
    assert sum(status == Status.COVERED.value for status in baseline["scarne"].values()) >= 30


def scarne_item(section: str, item: str) -> Status:
    found = statuses(load_rulebook("scarne"), USES)
    return next(e.status for e in found if (e.item.section, e.item.item) == (section, item))


USES = (
    ScenarioUse(
        "pins-item-9",
        f'{SCARNE[:3]} Misdeals, item 9: "if the pot has been opened"',
        frozenset({"scarne:misdeal/1"}),
    ),
    ScenarioUse("pins-item-5-other-row", "000 Misdeals, item 5", frozenset({"scarne:misdeal/1"})),
)


def test_covered_needs_a_row_naming_the_item_and_a_scenario_pinning_it_ruling_with_that_row() -> None:
    # Misdeals item 9 is cited by scarne:misdeal/1, and the scenario pinning it ruled with that row.
    assert scarne_item("Misdeals", "9") is Status.COVERED
    # Item 5 is pinned, but by a scenario that ruled with another row: cited, not pinned.
    assert scarne_item("Misdeals", "5") is Status.NOT_PINNED


def test_no_scenarios_no_coverage() -> None:
    found = statuses(load_rulebook("scarne"), ())
    assert not [entry for entry in found if entry.status is Status.COVERED]


def test_a_cite_of_the_whole_section_is_broad_not_covered() -> None:
    # A setting citing a whole section of several items reaches them, but names none.
    book = load_text(
        "id: house\ntitle: House\nextends: scarne\n"
        "game: {cite: {deck: '000_9f48e0cf725bf545.txt, Showdown'}}\n",
        "house.yaml",
    )
    found = {(e.item.section, e.item.item): e for e in statuses(book, ())}
    assert "game.deck" in found[("Showdown", "sentence 2")].broad
    assert found[("Showdown", "sentence 2")].status is not Status.COVERED


def test_items_of_a_refused_game_are_reported_apart() -> None:
    found = statuses(load_rulebook("pagat"), ())
    refused = [e for e in found if e.status is Status.REFUSED]
    assert [(e.item.section, e.item.item) for e in refused] == [("32-Card Poker", "paragraph 3")]


def test_partly_says_why_as_data() -> None:
    found = statuses(load_rulebook("bicycle"), ())
    partly = [e for e in found if e.status is Status.PARTLY]
    assert partly and all(e.why for e in partly)


@pytest.mark.parametrize(
    ("pins", "items"),
    [
        ('000 Misdeals, item 11: "unless it can be properly corrected"', {("Misdeals", "11")}),
        (
            "000 Misdeals, items 2 and 9; Betting Out of Turn, item 3",
            {("Misdeals", "2"), ("Misdeals", "9"), ("Betting Out of Turn", "3")},
        ),
        ("000 Showdown", set()),
        ("004 Laws of Draw Poker, Card exposed, sentence 1", set()),
    ],
)
def test_what_a_scenario_pins(pins: str, items: set[tuple[str, str]]) -> None:
    assert pinned_items(pins, source_of(load_rulebook("scarne"))) == items


def test_coverage_json_gives_each_item_its_rows_scenarios_and_status() -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    result = CliRunner().invoke(
        app, ["rulebook", "coverage", "scarne", "--json", "--scenarios", str(ROOT / "scenarios")]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    item = next(i for i in data["items"] if (i["section"], i["item"]) == ("Misdeals", "9"))
    assert item["status"] == "covered" and "scarne:misdeal/1" in item["rows"] and item["scenarios"]
    assert data["file"] == SCARNE and ".txt" not in data["source"]


if __name__ == "__main__":
    BASELINE.write_text(
        json.dumps(current(), indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(f"wrote {BASELINE}")
