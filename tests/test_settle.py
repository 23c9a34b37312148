"""Pot settlement: uncalled bets, side pots, ties and odd chips, every amount exact."""

from decimal import Decimal as D

from hypothesis import given
from hypothesis import strategies as st

from referee.adjudicate.settle import chip_unit, divide, split_pot

SEATS = ["Ann", "Bob", "Cy", "Dee"]


def in_seat_order(names):
    return sorted(names, key=SEATS.index)


def test_uncalled_top_bet_goes_back() -> None:
    split = split_pot({"Ann": D(10), "Bob": D(4)}, ["Ann"], None, in_seat_order, D(1))
    assert split.refunds == {"Ann": D(6)}
    assert split.awards == {"Ann": D(8)}


def test_best_hand_takes_the_pot() -> None:
    strength = {"Ann": 3, "Bob": 7}.__getitem__
    split = split_pot({"Ann": D(5), "Bob": D(5)}, ["Ann", "Bob"], strength, in_seat_order, D(1))
    assert split.awards == {"Bob": D(10)} and not split.refunds


def test_tie_splits_and_odd_chip_goes_to_first_in_order() -> None:
    strength = {"Ann": 5, "Bob": 5, "Cy": 1}.__getitem__
    contributions = {"Ann": D(3), "Bob": D(3), "Cy": D(3)}
    split = split_pot(contributions, ["Ann", "Bob", "Cy"], strength, in_seat_order, D(1))
    assert split.awards == {"Ann": D(5), "Bob": D(4)}


def test_side_pot_all_in_short_stack_wins_main_only() -> None:
    # Ann is all in for 5 with the best hand; Bob and Cy play on for 20 each.
    strength = {"Ann": 9, "Bob": 5, "Cy": 1}.__getitem__
    contributions = {"Ann": D(5), "Bob": D(20), "Cy": D(20)}
    split = split_pot(contributions, ["Ann", "Bob", "Cy"], strength, in_seat_order, D(1))
    assert split.awards == {"Ann": D(15), "Bob": D(30)}
    assert [p.amount for p in split.pots] == [D(15), D(30)]
    assert split.pots[1].eligible == ("Bob", "Cy")


def test_folded_players_chips_stay_in_the_pot() -> None:
    strength = {"Bob": 2, "Cy": 1}.__getitem__
    contributions = {"Ann": D(7), "Bob": D(4), "Cy": D(4)}
    # Ann folded after putting in 7 (more than the callers): her chips are dead money.
    split = split_pot(contributions, ["Bob", "Cy"], strength, in_seat_order, D(1))
    assert split.awards == {"Bob": D(15)} and not split.refunds


def test_dead_money_from_an_earlier_deal_joins_the_main_pot() -> None:
    split = split_pot({"Ann": D(2), "Bob": D(1)}, ["Ann"], None, in_seat_order, D(1), dead_money=D(4))
    assert split.refunds == {"Ann": D(1)}
    assert split.awards == {"Ann": D(6)}


def test_nobody_live_carries_everything() -> None:
    split = split_pot({"Ann": D(2), "Bob": D(2)}, [], None, in_seat_order, D(1))
    assert split.carried == D(4) and not split.awards


def test_chip_unit() -> None:
    assert chip_unit([D(1), D(4)]) == D(1)
    assert chip_unit([D("0.25"), D(1)]) == D("0.25")
    assert chip_unit([D("0.10"), D("0.05")]) == D("0.01")


def test_divide_with_cents() -> None:
    assert divide(D("0.55"), ["Ann", "Bob"], D("0.01")) == {"Ann": D("0.28"), "Bob": D("0.27")}


amounts = st.integers(min_value=0, max_value=200).map(lambda n: D(n) / 4)


@given(
    contributions=st.fixed_dictionaries({name: amounts for name in SEATS}),
    live_mask=st.lists(st.booleans(), min_size=4, max_size=4),
    ranks=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    dead=amounts,
)
def test_chips_are_conserved(contributions, live_mask, ranks, dead) -> None:
    live = [name for name, alive in zip(SEATS, live_mask, strict=True) if alive]
    strength = dict(zip(SEATS, ranks, strict=True)).__getitem__
    split = split_pot(contributions, live, strength, in_seat_order, D("0.25"), dead_money=dead)
    total_in = sum(contributions.values(), D(0)) + dead
    total_out = sum(split.awards.values(), D(0)) + sum(split.refunds.values(), D(0)) + split.carried
    assert total_out == total_in
    assert all(name in live for name in split.awards)
    assert all(value >= 0 for value in split.awards.values())


def test_steps_contested_by_the_same_hands_are_one_pot() -> None:
    # Cy called 1 and dropped, Dee called 2 and dropped, Ed put in 3 and dropped after the draw;
    # Ann and Bob tie. Every step of the 12 chips is contested by Ann and Bob alone: one pot, split
    # 6 and 6. Divided step by step (5, 4, 3) the odd chips of two steps went both to Ann (7 and 5).
    strength = {"Ann": 9, "Bob": 9}.__getitem__
    contributions = {"Ann": D(3), "Bob": D(3), "Cy": D(1), "Dee": D(2), "Ed": D(3)}
    split = split_pot(contributions, ["Ann", "Bob"], strength, sorted, D(1))
    assert split.awards == {"Ann": D(6), "Bob": D(6)}
    assert len(split.pots) == 1


FIVE = [*SEATS, "Ed"]


@given(
    level=st.integers(1, 12),
    others=st.lists(st.integers(0, 12), min_size=5, max_size=5),
    live_mask=st.lists(st.booleans(), min_size=5, max_size=5),
)
def test_hands_that_tie_for_every_pot_share_within_a_chip(level, others, live_mask) -> None:
    # Winners who tie for every pot they contest take the same share, give or take one chip: the
    # odd chips of one pot never all pile up on one winner. The live hands put in the same amount;
    # the folded ones anything up to it.
    live = [name for name, alive in zip(FIVE, live_mask, strict=True) if alive]
    if len(live) < 2:
        return
    contributions = {
        name: D(level if name in live else min(other, level))
        for name, other in zip(FIVE, others, strict=True)
    }
    split = split_pot(contributions, live, lambda name: 1, sorted, D(1))
    shares = [split.awards.get(name, D(0)) for name in live]
    assert max(shares) - min(shares) <= D(1)


def test_odd_chips_kept_for_the_next_pot_are_not_paid() -> None:
    """``showdown.odd_chip: next-pot``: only the even shares are paid; the ledger carries the rest."""
    from referee.adjudicate.settle import OddChipsKept

    shares = divide(D("7.5"), OddChipsKept(["Ann", "Bob"]), D(1))
    assert shares == {"Ann": D(3), "Bob": D(3)}
    assert divide(D(8), OddChipsKept(["Ann", "Bob"]), D(1)) == {"Ann": D(4), "Bob": D(4)}


def test_the_books_balance_when_odd_chips_carry() -> None:
    """Every scenario log ruled with the odd chip kept for the next pot: sum(net) + carried + rake == 0,
    and some of them do carry a chip."""
    from pathlib import Path

    from referee.engine import rule_log
    from referee.errors import RefereeError
    from referee.log import parse_log
    from referee.rulebook.load import load_rulebook

    root = Path(__file__).resolve().parents[1] / "scenarios"
    book = load_rulebook(str(root / "house" / "rulebooks" / "odd-chip-next-pot.yaml"))
    kept = 0
    for path in sorted(root.rglob("*.log")):
        text = path.read_text(encoding="utf-8")
        try:
            result = rule_log(parse_log(text, str(path)), text, book)
        except RefereeError:
            continue
        assert sum(result.net.values(), D(0)) + result.carried + result.rake == 0, path.name
        pots = [pot for deal in result.deals for pot in deal.pots]
        kept += any(pot.winners and pot.amount > sum(pot.shares.values(), D(0)) for pot in pots)
    assert kept >= 2
