"""Money on the table between deals (Scarne, Table Stakes or Freeze-Out): a named move of the
ledger that is no part of any pot, so the nets stay what play won or lost."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from referee.adjudicate.ledger import Ledger, Move
from tests.helpers import rule

ROOT = Path(__file__).resolve().parents[1]


def test_a_top_up_changes_the_stack_not_the_net() -> None:
    ledger = Ledger(("Ann", "Bob"), {"Ann": D(10), "Bob": D(10)})
    ledger.pay("Ann", D(10))
    assert ledger.stack("Ann") == 0
    ledger.change_stake("Ann", D(30))
    ledger.change_stake("Bob", D(-4))
    assert ledger.stack("Ann") == 30
    assert ledger.stack("Bob") == 6
    assert ledger.net() == {"Ann": D(-10), "Bob": D(0)}
    assert [entry.move for entry in ledger.entries][-2:] == [Move.STAKE_ADDED, Move.STAKE_TAKEN]


def test_a_deferred_change_waits_for_the_next_deal() -> None:
    ledger = Ledger(("Ann",), {"Ann": D(5)})
    ledger.defer_stake("Ann", D(20))
    assert ledger.stack("Ann") == 5
    ledger.new_deal()
    assert ledger.stack("Ann") == 25


def _json(name: str, book: str) -> dict[str, object]:
    text = (ROOT / "scenarios" / f"{name}.log").read_text(encoding="utf-8")
    return rule(text, book, f"{name}.log").as_json()


def test_the_json_shows_money_brought_apart_and_the_books_balance() -> None:
    for name in ("stakes-tapped-out-buys-in-again", "stakes-added-during-a-deal"):
        data = _json(name, "scarne")
        net = data["net"]
        assert isinstance(net, dict)
        assert sum(D(v) for v in net.values()) + D(str(data["carried"])) == 0
    assert _json("stakes-tapped-out-buys-in-again", "scarne")["stakes"] == {"Ann": "30", "Bob": "-30"}
    assert _json("stakes-added-during-a-deal", "casino")["stakes"] == {"Ann": "20", "Bob": "-10"}


def test_money_taken_off_beyond_the_stack_or_without_stacks_is_reported() -> None:
    text = "seats: Ann, Bob\ndealer: Bob\nante: 1\nlimit: 2/4\n{stacks}\nAnn takes off 50\n"
    a, b = text.format(stacks="stacks: Ann 10, Bob 10"), text.format(stacks="")
    with_stacks = rule(a, "scarne", "a.log")
    without = rule(b, "scarne", "b.log")
    assert "only 10 on the table" in with_stacks.unruled[0].note
    assert "no stack for Ann" in without.unruled[0].note
    assert not with_stacks.stakes and not without.stakes
