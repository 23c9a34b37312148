"""Properties of the engine over random legal hands from ``referee simulate``.

A legal hand draws no ruling under any rulebook, the books balance, chips and cards are
conserved, and the same log always gives byte-identical JSON.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import rule_log
from referee.log import parse_log
from referee.report.jsondoc import to_json
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.simulate import simulate_hands
from tests.helpers import rule

BOOKS = bundled_rulebooks()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), book=st.sampled_from(BOOKS))
def test_a_legal_hand_draws_no_ruling_and_the_books_balance(seed: int, book: str) -> None:
    (hand,) = simulate_hands(1, seed, rulebook=book)
    log = parse_log(hand.text, f"hand-{seed}")
    result = rule_log(log, hand.text, load_rulebook(book))
    assert result.rulings == (), hand.text
    assert sum(result.net.values(), Decimal(0)) + result.carried + result.rake == 0
    assert {name: amount for name, amount in result.put_in.items() if amount} == {
        name: amount for name, amount in hand.put_in.items() if amount
    }
    assert str(result.outcome) == hand.deals[-1].outcome or hand.deals[-1].outcome == "passed-out"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_same_log_gives_byte_identical_json(seed: int) -> None:
    (hand,) = simulate_hands(1, seed)
    book = load_rulebook("scarne")
    first = to_json(rule_log(parse_log(hand.text), hand.text, book))
    second = to_json(rule_log(parse_log(hand.text), hand.text, book))
    assert first == second


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), book=st.sampled_from(BOOKS))
def test_every_chip_put_in_is_paid_out_or_carried(seed: int, book: str) -> None:
    (hand,) = simulate_hands(1, seed, rulebook=book)
    result = rule(hand.text, book)
    put_in = sum(hand.put_in.values(), Decimal(0))
    paid_out = sum(result.awards.values(), Decimal(0)) + sum(result.refunds.values(), Decimal(0))
    assert paid_out + result.carried == put_in
    assert result.carried == hand.carried


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), book=st.sampled_from(BOOKS))
def test_the_single_best_hand_takes_the_whole_pot(seed: int, book: str) -> None:
    """Judged by the ranking alone (hands.winners), not by the engine's own bookkeeping.

    With no stacks there are no side pots: the one best hand at a showdown takes everything in
    the middle, antes and carried pots included, less its own uncalled chips.
    """
    from referee.hands import winners

    (hand,) = simulate_hands(1, seed, rulebook=book)
    deal = hand.deals[-1]
    if deal.outcome != "showdown" or hand.header.stacks:
        return
    best = winners([deal.hands[name] for name in deal.live], hand.config.ranking)
    if len(best) != 1:
        return
    winner = deal.live[best[0]]
    result = rule(hand.text, book)
    assert set(result.awards) == {winner}
    assert result.awards[winner] + result.refunds.get(winner, Decimal(0)) == deal.pot
