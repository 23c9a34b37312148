"""Random irregularities injected into legal hands: every rulebook rules, nothing crashes.

Each example takes a generated legal hand, then inserts, moves, changes or deletes events the way
a real table goes wrong (a flashed card, a bet out of turn, a short call, a misdeal called, a
duplicate card, a hand of six ...). Under every bundled rulebook the replay must finish, the books
must balance and the same log must give the same JSON.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import events as ev
from referee.cards import STANDARD_52
from referee.engine import rule_log
from referee.log import parse_log
from referee.report.jsondoc import to_json
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.simulate import simulate_hands

BOOKS = {name: load_rulebook(name) for name in bundled_rulebooks()}


def _inject(events: list[ev.Event], seats: tuple[str, ...], rng: random.Random) -> list[ev.Event]:
    """One random irregularity at a random place (after the header)."""
    at = rng.randrange(1, len(events) + 1)
    who = rng.choice(seats)
    other = rng.choice(seats)
    card = rng.choice(STANDARD_52)
    amount = Decimal(rng.choice([1, 2, 3, 4, 5, 7, 10, 40]))
    choices = [
        ev.CardExposed("dealer", card, owner=who, by_dealer=True),
        ev.CardExposed(who, card, owner=who),
        ev.CardExposed("dealer", card, by_dealer=True),
        ev.CardFaceUpInPack(card),
        ev.CutIrregularity(rng.choice(list(ev.CutProblem))),
        ev.WrongCardCount(who, rng.choice([4, 6]), dealt=rng.random() < 0.5),
        ev.DuplicateCard(card),
        ev.WrongDealer(who),
        ev.MisdealCalled(),
        ev.Says(who, rng.choice(["bet 2", "raise 4", "call", "check", "fold", "all in"])),
        ev.Bet(who, amount),
        ev.Raise(who, amount, to=rng.random() < 0.5),
        ev.Call(who, rng.choice([None, Decimal(1)])),
        ev.Check(who),
        ev.Fold(who),
        ev.Draw(who, rng.choice([1, 3, 4, 5])),
        ev.Discard(who, (card,)),
        ev.StandPat(who),
        ev.Show(who, tuple(rng.sample(STANDARD_52, rng.choice([4, 5, 6])))),
        ev.ShowOpeners(who, tuple(rng.sample(STANDARD_52, 2))),
        ev.SplitOpeners(who, tuple(rng.sample(STANDARD_52, 2))),
        ev.Declare(who, rng.choice(["two pair", "a flush", "nothing", "full house"])),
        ev.Muck(other),
        ev.DrawPhase(),
        ev.Showdown(),
        ev.NewDeal("redeal"),
    ]
    mutated = list(events)
    kind = rng.random()
    if kind < 0.65:
        mutated.insert(at, rng.choice(choices))
    elif kind < 0.8 and len(mutated) > 2:
        del mutated[rng.randrange(1, len(mutated))]
    elif len(mutated) > 3:
        # Move a line earlier: actions out of turn, a draw before the betting is over, ...
        source = rng.randrange(2, len(mutated))
        moved = mutated.pop(source)
        mutated.insert(rng.randrange(1, source), moved)
    return mutated


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), injections=st.integers(1, 4))
def test_injected_irregularities_are_ruled_under_every_rulebook(seed: int, injections: int) -> None:
    (hand,) = simulate_hands(1, seed)
    rng = random.Random(seed)
    events = list(hand.events)
    for _ in range(injections):
        events = _inject(events, hand.header.seats, rng)
    text = hand.with_events(events)
    log = parse_log(text, f"injected-{seed}")
    for name, book in BOOKS.items():
        result = rule_log(log, text, book)
        assert sum(result.net.values(), Decimal(0)) + result.carried + result.rake == 0, (name, text)
        assert all(ruling.rule.startswith(f"{name}:") for ruling in result.rulings)
        assert all(ruling.cite and ruling.explanation for ruling in result.rulings)
        assert to_json(result) == to_json(rule_log(log, text, book)), (name, text)


def test_a_ruling_carries_a_row_of_the_rulebook_that_made_it() -> None:
    (hand,) = simulate_hands(1, 7)
    events = list(hand.events)
    events.insert(2, ev.CardFaceUpInPack(STANDARD_52[0]))
    text = hand.with_events(events)
    log = parse_log(text)
    rules = {rule_log(log, text, book).rulings[0].rule.split(":")[0] for book in BOOKS.values()}
    assert rules == set(BOOKS)
