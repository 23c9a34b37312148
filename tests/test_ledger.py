"""The money adds up: the rake per deal, several deals, huge and tiny amounts, names and spellings.

Every result keeps ``sum(net) + carried + rake == 0``; these tests push on the places where that
broke (a rake taken at every deal but reported once, a rake larger than the pot, a split pot
whose first winner paid the whole rake) and check that what cannot change the money does not.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import rule_log
from referee.log import parse_log
from referee.rulebook.load import load_rulebook

D = Decimal

SPLIT = """\
game: draw
seats: Ann, Bob, Cy
dealer: Cy
ante: {ante}
limit: {small}/{big}
{rake}
antes
deal
Ann bets {small}
Bob calls
Cy folds
draw
Ann stands pat
Bob stands pat
Ann checks
Bob checks
showdown
Ann shows 5c 6d 7h 8s 9c
Bob shows 5d 6c 7s 8h 9d
"""

WON = """\
antes
deal
Ann bets {small}
Bob calls
Cy folds
draw
Ann stands pat
Bob stands pat
Ann checks
Bob checks
showdown
Ann shows Ac Ad 7h 8s 9c
Bob shows 5d 6c 7s 8h 9d
"""


def _rule(text: str, book: str = "scarne") -> dict[str, object]:
    from referee.report.jsondoc import to_json

    result = rule_log(parse_log(text, "t.log"), text, load_rulebook(book))
    data: dict[str, object] = json.loads(to_json(result))
    data.pop("lines")  # each line as written: a respelled card is another text, not other money
    return data


def _balance(data: dict[str, object]) -> Decimal:
    net = data["net"]
    assert isinstance(net, dict)
    return sum((D(v) for v in net.values()), D(0)) + D(str(data["carried"])) + D(str(data.get("rake", "0")))


def _text(ante: str = "1", small: str = "2", big: str = "4", rake: str = "", deals: int = 1) -> str:
    text = SPLIT.format(ante=ante, small=small, big=big, rake=f"rake: {rake}\n" if rake else "")
    for _ in range(deals - 1):
        text += "new deal\n" + WON.format(small=small)
    return text


def test_the_rake_comes_off_the_pot_before_a_split() -> None:
    # Pot 7 (3 antes + 2 + 2), rake 1: 6 left, 3 each. Before, the first winner paid it all.
    data = _rule(_text(rake="1"))
    assert data["awards"] == {"Ann": "3", "Bob": "3"}
    assert data["rake"] == "1"
    assert _balance(data) == 0


def test_the_rake_is_never_more_than_the_pot() -> None:
    data = _rule(_text(rake="100"))
    assert data["rake"] == "7"
    assert data["awards"] == {}
    assert all(D(v) >= 0 for v in data["refunds"].values())  # type: ignore[union-attr]
    assert _balance(data) == 0


def test_the_rake_is_taken_and_reported_at_every_deal() -> None:
    data = _rule(_text(rake="1", deals=3))
    deals = data["deals"]
    assert isinstance(deals, list) and len(deals) == 3
    assert [deal["rake"] for deal in deals] == ["1", "1", "1"]
    assert data["rake"] == "3"
    assert _balance(data) == 0


def test_a_single_deal_has_no_deals_list() -> None:
    assert "deals" not in _rule(_text())


AMOUNTS = st.sampled_from(["0.000001", "0.25", "1", "3", "250", "999999999.5", "123456789012345"])


RAKES = st.sampled_from(["", "0.01", "1", "5000000"])


@settings(max_examples=40, deadline=None)
@given(ante=AMOUNTS, small=AMOUNTS, rake=RAKES, deals=st.integers(1, 4))
def test_books_balance_for_any_amounts_rake_and_deals(ante: str, small: str, rake: str, deals: int) -> None:
    data = _rule(_text(ante=ante, small=small, big=str(D(small) * 2), rake=rake, deals=deals))
    assert _balance(data) == 0
    for field in ("awards", "refunds", "net"):
        values = data[field]
        assert isinstance(values, dict)
        for value in values.values():
            assert "E" not in value and "e" not in value
    assert all(D(v) >= 0 for v in data["awards"].values())  # type: ignore[union-attr]


@settings(max_examples=30, deadline=None)
@given(names=st.permutations(["Zed", '"Aunt May"', "Big_Al"]))
def test_renamed_players_get_the_same_money(names: list[str]) -> None:
    text = _text(rake="0.5", deals=2)
    renamed = text
    for old, new in zip(("Ann", "Bob", "Cy"), names, strict=True):
        renamed = renamed.replace(old, new)
    plain = _rule(text)
    other = _rule(renamed)
    mapping = {old: new.strip('"') for old, new in zip(("Ann", "Bob", "Cy"), names, strict=True)}
    assert {mapping[k]: v for k, v in plain["net"].items()} == other["net"]  # type: ignore[union-attr]
    assert plain["rake"] == other["rake"] and plain["carried"] == other["carried"]


def test_respelled_cards_give_the_same_money() -> None:
    text = _text(rake="1", deals=2)
    respelled = (
        text.replace("Ac", "A♣").replace("Ad", "a♦").replace("5c", "5♣")
        .replace("9d", "9♦").replace("8h", "8♥")
    )
    assert respelled != text
    assert _rule(text) == _rule(respelled)


# --- the ledger itself ---------------------------------------------------------------------------

from referee.adjudicate.ledger import Ledger, Move  # noqa: E402


def _balanced(ledger: Ledger) -> bool:
    return sum(ledger.net().values(), D(0)) + ledger.pot() + ledger.rake == 0


def test_every_move_keeps_the_books_balanced() -> None:
    ledger = Ledger(["Ann", "Bob"], {"Ann": D(10), "Bob": None})
    ledger.pay("Ann", D(1), Move.ANTE)
    ledger.pay("Bob", D(1), Move.ANTE)
    ledger.pay("Ann", D(4))
    ledger.pay("Bob", D(2))
    ledger.hand_back("Ann", D(2))
    assert _balanced(ledger) and ledger.pot() == 6
    ledger.carry_deal()
    ledger.new_deal()
    assert ledger.carried == 6 and ledger.contributions() == {}
    ledger.pay("Ann", D(3))
    ledger.match("Bob", D(2))
    ledger.refund("Ann", D(1))
    assert _balanced(ledger)
    left = ledger.settle({"Bob": D(8)}, {"Ann": D(1)}, rake=D("0.5"))
    assert left == D("0.5") and _balanced(ledger)  # 6 carried + 3 + 2 matched - 1 refunded - 9.5 paid


def test_a_stack_is_what_the_ledger_says_it_is() -> None:
    ledger = Ledger(["Ann", "Bob"], {"Ann": D(5), "Bob": D(5)})
    assert ledger.pay("Ann", D(9)) == 5  # table stakes: no more than he has
    assert ledger.stack("Ann") == 0
    ledger.pay("Bob", D(5))
    ledger.settle({"Ann": D(10)}, {})
    assert (ledger.stack("Ann"), ledger.stack("Bob")) == (D(10), D(0))


def test_a_settlement_cannot_pay_out_more_than_the_pot() -> None:
    ledger = Ledger(["Ann"])
    ledger.pay("Ann", D(2))
    try:
        ledger.settle({"Ann": D(3)}, {})
    except ValueError as error:
        assert "from a pot of 2" in str(error)
    else:
        raise AssertionError("paid out more than the pot")


def test_antes_are_dead_and_forced_chips_are_counted_per_deal() -> None:
    ledger = Ledger(["Ann", "Bob"])
    ledger.pay("Ann", D(1), Move.ANTE)
    ledger.pay("Bob", D(2), Move.BLIND)
    assert ledger.dead_antes() == {"Ann": D(1)}
    assert (ledger.forced_in("Ann"), ledger.forced_in("Bob"), ledger.forced_total()) == (1, 2, 3)
    ledger.new_deal()
    assert ledger.dead_antes() == {} and ledger.forced_total() == 0 and ledger.carried == 3


# --- issue 26: a short stack bets after the ante took all he had -------------------------------------

SHORT_STACKS = """\
game: draw
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: 2
limit: table-stakes
stacks: Ann 6, Bob 7, Cy 40, Dee 2
{rake}
antes
deal
redeal
antes
deal
redeal
antes
deal
Ann opens 2
Bob calls
Cy calls
Dee folds
draw
Bob bets 4
Cy calls
showdown
Bob shows As Ad 7c 5h 2d
Cy shows Kd Kh 9c 8s 3c
Ann shows Qd Qh 9d 8d 3h
"""


@pytest.mark.parametrize("book", ["scarne", "bicycle", "casino", "pagat", "parlour"])
@pytest.mark.parametrize("rake", ["", "rake: 1"])
def test_a_short_stack_betting_after_his_last_ante_never_breaks_the_books(book: str, rake: str) -> None:
    # Ann's third ante takes her last chips and Dee is all in since the first; Ann's open of chips
    # she does not have stands for nothing, so nobody opened. The draw line once brought the carried
    # deal back to life and its antes were counted again: "a settlement of 24 from a pot of 22".
    data = _rule(SHORT_STACKS.format(rake=rake), book)
    assert _balance(data) == 0
    deals = data["deals"]
    assert isinstance(deals, list) and len(deals) == 3
    for deal in deals:
        pot, raked, carried = D(deal["pot"]), D(deal.get("rake", "0")), D(deal["carried"])
        assert 0 <= raked <= pot and carried >= 0, deal


def test_a_deal_passed_out_by_out_of_turn_rulings_has_no_draw() -> None:
    data = _rule(SHORT_STACKS.format(rake=""))
    assert data["outcome"] == "passed-out"
    assert data["carried"] == "20" and data["awards"] == {}


def test_chips_carried_out_of_a_deal_are_no_longer_its_antes() -> None:
    ledger = Ledger(["Ann", "Bob"])
    ledger.pay("Ann", D(2), Move.ANTE)
    ledger.pay("Bob", D(2), Move.ANTE)
    ledger.carry_deal()  # the pot carries, though the deal's lines go on
    assert ledger.dead_antes() == {} and ledger.forced_total() == 0
    ledger.pay("Bob", D(1))
    assert ledger.settle({"Bob": D(5)}, {}) == 0  # 4 carried and his 1: nothing counted twice


def test_a_refund_is_never_more_than_the_middle_holds() -> None:
    ledger = Ledger(["Ann", "Bob"])
    ledger.pay("Ann", D(1), Move.ANTE)
    ledger.hand_back("Ann", D(1))
    assert ledger.dead_antes() == {}  # his ante went back with the chips
    ledger.refund("Bob", D(3))
    assert ledger.carried == 0 and ledger.pot() == 0 and ledger.refunds == {}


def test_a_settlement_the_books_cannot_pay_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.errors import LogError

    def refuse(self: Ledger, *args: object) -> Decimal:
        raise ValueError("a settlement of 3 from a pot of 2")

    monkeypatch.setattr(Ledger, "settle", refuse)
    text = _text()
    with pytest.raises(LogError) as caught:
        rule_log(parse_log(text, "t.log"), text, load_rulebook("scarne"))
    problem = caught.value.problems[0]
    assert problem.file == "t.log" and problem.line == text.splitlines().index("Bob shows 5d 6c 7s 8h 9d") + 1
    assert "cannot pay" in problem.message


def test_a_deals_pot_counts_every_settlement_its_rake_came_from(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 26: a deal settled twice reported the last settlement's pot (0) with the first's rake (1).
    from referee.adjudicate import settling
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.settle import Split
    from referee.ruling import Outcome

    walk = Replay._walk

    def walk_then_settle_again(self: Replay) -> None:
        walk(self)
        settling.close_deal(self, Split({}, {}, ()), Outcome.UNCONTESTED)

    monkeypatch.setattr(Replay, "_walk", walk_then_settle_again)
    data = _rule(_text(rake="1", deals=2))
    for deal in data["deals"]:  # type: ignore[union-attr]
        assert 0 <= D(deal["rake"]) <= D(deal["pot"]), deal
    assert _balance(data) == 0
