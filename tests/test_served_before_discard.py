"""A draw served before the player's discard is written (``Bob draws K♦ 4♠`` and then ``Bob
discards 9♣ 4♦``) is the late discard of that draw: under every rulebook it changes nothing but a
fault noted at the discard line (Scarne and Pagat, The Draw, paragraph 2: the dealer must wait for
the discard; Bicycle: the player must always discard before taking new cards). The hand he did
play must not vanish."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import events as ev
from referee.engine import rule_log
from referee.log import parse_log
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.simulate import simulate_hands

BOOKS = {name: load_rulebook(name) for name in bundled_rulebooks()}


def _served_first(events: list[ev.Event], rng: random.Random) -> tuple[list[ev.Event], int] | None:
    """One draw with named discards written as the cards first and the discard after, or None."""
    draws = [i for i, event in enumerate(events) if isinstance(event, ev.Draw) and event.discards]
    if not draws:
        return None
    at = rng.choice(draws)
    draw = events[at]
    assert isinstance(draw, ev.Draw)
    served = dataclasses.replace(draw, discards=())
    return [*events[:at], served, ev.Discard(draw.player, draw.discards), *events[at + 1 :]], at


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_late_discard_changes_nothing_but_the_fault_noted(seed: int) -> None:
    (hand,) = simulate_hands(1, seed)
    rewritten = _served_first(list(hand.events), random.Random(seed))
    if rewritten is None:
        return
    events, _ = rewritten
    text, late = hand.with_events(list(hand.events)), hand.with_events(events)
    log, late_log = parse_log(text), parse_log(late)
    for name, book in BOOKS.items():
        before, after = rule_log(log, text, book), rule_log(late_log, late, book)
        added = [ruling for ruling in after.rulings if ruling.rule.endswith("/served-before-discard")]
        assert len(added) == 1, (name, late)
        assert added[0].decision == "play-on", (name, late)
        others = [r.rule for r in after.rulings if r not in added]
        assert others == [r.rule for r in before.rulings], (name, late)
        assert (after.outcome, after.awards, after.net, after.carried) == (
            before.outcome,
            before.awards,
            before.net,
            before.carried,
        ), (name, late)


def test_a_discard_of_a_card_just_received_is_not_the_late_discard() -> None:
    """``Bob draws K♦ 4♠`` then ``Bob discards 4♠``: he threw a card the log says he was given, which
    is not the discard the draw waited for; the served-before-discard row does not rule it."""
    text = "\n".join(
        [
            "game: draw",
            "seats: Ann, Bob",
            "dealer: Bob",
            "ante: 1",
            "limit: 2/4",
            "antes",
            "deal",
            "Bob is dealt 9c 4d 7h 7s 2c",
            "Ann bets 2",
            "Bob calls",
            "draw",
            "Ann draws 1",
            "Bob draws Kd 4s",
            "Bob discards 4s 2c",
        ]
    )
    log = parse_log(text)
    for book in BOOKS.values():
        rules = [ruling.rule for ruling in rule_log(log, text, book).rulings]
        assert not any(rule.endswith("/served-before-discard") for rule in rules), rules
