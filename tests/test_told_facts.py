"""Lines that tell a fact (who deals, how many hands, a short bet made good, "how many did you draw?",
discards taken back, openers not shown, a pot declared open, a raise "by" and "to"): each changes
the replay or is reported, none is "not ruled yet"; and ``referee import`` writes one log ``rule``
reads.

The rulings themselves, quoted to their sources, are scenarios (scenarios/deal-dealt-by-*,
deal-misdeal-10-*, bet-short-*-made-good*, draw-how-many-*, draw-discards-*, open-opener-*,
open-false-openers-*-declared-*); here are the facts with nothing irregular about them.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import events as ev
from referee.adjudicate.replay import _LINES, NOT_RULED_YET
from referee.cli import app
from referee.importer import read_file
from referee.log import parse_log
from referee.ruling import Result
from tests.helpers import rule

BOOKS = ("scarne", "bicycle", "casino", "pagat", "parlour")
HEADER = "game: jacks-or-better\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n\n"
IMPORT = Path(__file__).resolve().parent / "data" / "import" / "ongame"


def told(text: str, book: str = "scarne") -> Result:
    """The hand after the usual header, ruled."""
    return rule(HEADER + text, book)


def test_every_event_the_language_has_a_line_handler() -> None:
    """No event class reaches the replay without a handler (none is "not ruled yet")."""
    events = {obj for obj in vars(ev).values() if isinstance(obj, type) and issubclass(obj, ev.Event)}
    assert events - {ev.Event} - set(_LINES) == set()


FACTS = {
    "the right dealer": "Dee deals\nantes\ndeal\nAnn checks\n",
    "the right number of hands": "antes\ndeal\ndealer dealt 4 hands\nAnn checks\n",
    "a short call made good": (
        "antes\ndeal\nAnn opens 2\nBob calls 1\nBob completes his bet\nCy folds\nDee folds\nAnn checks\n"
    ),
    "a question and a true answer": (
        "antes\ndeal\nAnn opens 2\nBob calls\nCy folds\nDee folds\ndraw\nAnn draws 3\nBob draws 2\n"
        "Ann asks Bob how many he drew\nBob says he drew 2\n"
    ),
}


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("name", sorted(FACTS))
def test_a_fact_with_nothing_irregular_is_neither_ruled_nor_unruled(name: str, book: str) -> None:
    result = told(FACTS[name], book)
    assert [r for r in result.rulings if r.irregularity != "short-bet"] == []
    assert result.unruled == ()
    assert all(NOT_RULED_YET not in action.note for action in result.actions)


def test_a_short_call_made_good_puts_the_rest_in_at_that_line() -> None:
    made_good = told(FACTS["a short call made good"])
    assert made_good.put_in["Bob"] == Decimal(3)  # ante, then 1 and the 1 he owed
    assert [r.decision for r in made_good.rulings] == ["must-complete"]


def test_a_completion_with_nothing_owed_is_reported() -> None:
    result = told("antes\ndeal\nAnn opens 2\nBob calls\nBob completes his bet\n")
    assert [(a.line, a.note) for a in result.unruled] == [
        (11, "Bob has no short bet waiting to be made good.")
    ]


def test_the_wrong_dealer_named_is_a_wrong_dealer() -> None:
    result = told("Cy deals\nantes\ndeal\n")
    assert [(r.line, r.irregularity, r.decision, r.rule) for r in result.rulings] == [
        (7, "wrong-dealer", "misdeal", "scarne:wrong-dealer/1")
    ]


def test_a_wrong_dealer_the_table_finds_out_later_is_ruled_where_it_finds_out() -> None:
    """Scarne, Misdeals item 12 hangs on when it is discovered: after the open, the deal stands."""
    result = told("Cy deals\nantes\ndeal\nAnn opens 2\nwrong dealer: Cy\nBob folds\n")
    assert [(r.line, r.irregularity, r.decision) for r in result.rulings] == [(11, "wrong-dealer", "play-on")]
    assert result.unruled == ()


def test_a_log_with_no_dealer_line_takes_its_first_dealer_from_who_deals() -> None:
    text = "game: jacks-or-better\nseats: Ann, Bob, Cy, Dee\nante: 1\nlimit: 2/4\n"
    text += "Bob deals\nantes\ndeal\nCy checks\n"
    result = rule(text)
    assert result.rulings == () and result.unruled == ()


def test_an_answer_before_any_draw_is_reported() -> None:
    result = told("antes\ndeal\nBob says he drew 2\n")
    assert [a.line for a in result.unruled] == [9]


def test_openers_not_shown_by_a_player_who_did_not_open_is_reported() -> None:
    result = told("antes\ndeal\nAnn opens 2\nBob can't show openers\n")
    assert result.rulings == ()
    assert [a.note for a in result.unruled] == ["Bob did not open this pot, so he owes no openers."]


def test_a_pot_declared_open_with_no_false_opening_opens_nothing_in_the_card_room() -> None:
    result = told("antes\ndeal\nAnn checks\nBob declares the pot open\nBob checks\n", "casino")
    assert [(r.line, r.decision, r.rule) for r in result.rulings] == [
        (10, "verbal-ignored", "casino:pot-declared-open/2")
    ]


# --- a raise written "by" and "to" -----------------------------------------------------------------


def test_a_raise_whose_figures_agree_is_played_as_written() -> None:
    result = told("antes\ndeal\nAnn opens 2\nBob raises 2 to 4\nCy folds\nDee folds\nAnn calls\n")
    assert result.unruled == ()
    assert result.put_in["Bob"] == Decimal(5)


def test_a_raise_whose_figures_disagree_is_reported_at_the_total() -> None:
    text = "antes\ndeal\nAnn opens 2\nBob raises 2 to 5\nCy folds\nDee folds\nAnn calls\n"
    result = told(text)
    (line,) = result.unruled
    assert line.line == 10
    assert line.note == (
        "Its two figures disagree (column 14, “to 5”): the bet was 2, so a raise of 2 makes 4; the raise "
        "is taken as 2, to 4."
    )
    assert result.put_in["Bob"] == Decimal(5)  # ante and the raise by 2 (to 4), as "raises 2"


# --- referee import FILE > x.log ----------------------------------------------------------------


def test_import_of_several_hands_writes_one_log_that_rule_reads(tmp_path: Path) -> None:
    runner = CliRunner()
    history = IMPORT / "two-hands-one-table.txt"
    imported = runner.invoke(app, ["import", str(history)])
    assert imported.exit_code == 0, imported.output
    log = tmp_path / "session.log"
    log.write_text(imported.stdout, encoding="utf-8")
    parsed = parse_log(imported.stdout)
    assert sum(isinstance(event, ev.NewDeal) for event in parsed.events) == 1
    ruled = runner.invoke(app, ["rule", str(log), "-r", "casino", "--json"])
    assert ruled.exit_code == 0, ruled.output
    result = json.loads(ruled.stdout)
    hands = read_file(history).hands
    assert [deal["outcome"] for deal in result["deals"]] == ["showdown", "uncontested"]
    # Each deal pays what the site paid in that hand, and the rake is the two hands' rake.
    for deal, hand in zip(result["deals"], hands, strict=True):
        assert {n: Decimal(v) for n, v in deal["net"].items() if Decimal(v)} == {
            n: v for n, v in hand.result.net.items() if v
        }
    assert Decimal(result["rake"]) == sum((hand.result.rake for hand in hands), Decimal(0))


def test_import_refuses_hands_that_cannot_share_one_header(tmp_path: Path) -> None:
    """A player rebought between the hands: the second hand's stacks are not what the first left."""
    text = (IMPORT / "two-hands-one-table.txt").read_text(encoding="utf-8")
    first, second = text.split("***** History for hand R5-2-2")
    rebought = (
        first + "***** History for hand R5-2-2" + second.replace("Seat 5: Cy ($8)", "Seat 5: Cy ($10)", 1)
    )
    history = tmp_path / "rebuy.txt"
    history.write_text(rebought, encoding="utf-8")
    imported = CliRunner().invoke(app, ["import", str(history)])
    assert (imported.exit_code, imported.stdout) == (1, "")
    assert "OnGame hand #R5-2-2 cannot follow hand #R5-2-1 in one log: Cy starts with 10" in imported.stderr
    assert "--out DIR" in imported.stderr
