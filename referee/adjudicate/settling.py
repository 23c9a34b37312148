"""Settling a deal's pot: the showdown once every live hand is shown, the last hand standing, a
pot nobody wins carried to the next deal.

The arithmetic of a split (side pots, odd chips, refunds of what nobody called) is
:mod:`referee.adjudicate.settle`'s; here the walk's deal is closed with it: the ledger pays, the
deal's state records the outcome and the deal is over. The walk, the remedies and the detectors
(through ``Walk.maybe_settle_showdown``) settle only through these functions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee.adjudicate import variants
from referee.adjudicate.settle import OddChipsKept, Split, divide, split_pot
from referee.adjudicate.showdown import Strength, category_rank, hand_strength
from referee.adjudicate.table import SHOWDOWN, Phase
from referee.errors import LogError, Problem
from referee.rulebook.settings import OddChip
from referee.ruling import Outcome, PotSummary

if TYPE_CHECKING:
    from referee.adjudicate.replay import Replay

ZERO = Decimal(0)


def maybe_settle_showdown(r: Replay) -> None:
    """Settle once every live hand at the showdown has been shown."""
    state = r.state
    live = state.live()
    if state.phase is not SHOWDOWN or not live:
        return
    seats = state.seats
    for name in live:
        if not seats[name].shown:
            return  # a live hand is still to be shown
    strengths = {}
    for name in live:
        strengths[name] = hand_strength(r.config, state.seats[name].cards)
    qualified = [n for n in live if variants.qualifies(r, strengths[n].value)]
    if not qualified:
        r.state.no_qualifier = True
        variants.sit_out_after_no_qualifier(r)
        return_uncalled(r)
        carry(r, "no hand qualified to win")
        return
    split = split_pot(
        state.contributions(),
        qualified,
        _showdown_key(r, strengths),
        functools.partial(odd_chip_order, r),
        r.unit,
        state.dead_money,
        r.state.dead_chips(),
        r.ledger.shares(),
    )
    for pot in split.pots:
        for name in pot.winners:
            r.state.winning_words[name] = strengths[name].words
    opener = state.opener
    close_deal(r, split, Outcome.SHOWDOWN)
    variants.opener_matches_the_pot(r, opener, live, sum((p.amount for p in split.pots), ZERO))


def _showdown_key(r: Replay, strengths: Mapping[str, Strength]) -> Callable[[str], Any]:
    """How hands compare; a hand held to a lower declaration ranks as declared."""
    if not r.state.declared_caps:
        return lambda name: strengths[name].value

    def key(name: str) -> tuple[int, int, object]:
        if name in r.state.declared_caps:
            return (r.state.declared_caps[name], 0, 0)
        rank = category_rank(r.config, r.state.seats[name].cards) or 0
        return (rank, 1, strengths[name].value)

    return key


def odd_chip_order(r: Replay, winners: Sequence[str]) -> list[str]:
    """Winners ordered for odd chips: clockwise from the dealer's left, or (``showdown.odd_chip:
    high-card``) the winner holding the highest card by suit first."""
    seating = list(r.state.players_from(r.state.dealer))
    ordered = sorted(winners, key=seating.index)
    if r.config.odd_chip is OddChip.HIGH_CARD:
        from referee.adjudicate.showdown import high_card

        ordered.sort(key=lambda name: high_card(r.state.seats[name].cards), reverse=True)
    if r.config.odd_chip is OddChip.NEXT_POT:
        return OddChipsKept(ordered)  # nobody takes them: they carry to the next deal
    return ordered


def last_player_standing(r: Replay, winner: str, *, showdown_over: bool = False) -> None:
    """Everyone else is out: the last hand takes the pot without a showdown.

    An opener who still owes proof of openers is paid only once he shows them (or the log moves
    on without anyone asking): the table learns of false openers at that moment.
    """
    state = r.state
    if not showdown_over and state.phase is SHOWDOWN and not state.seats[winner].shown:
        # The others were ruled out at the showdown; the showdown is not over until its lines
        # are read, and his own hand, when shown, may be foul too. The pot waits.
        r.state.awaiting_show = winner
        return
    if r.config.win_requirement and not state.seats[winner].shown:
        # "If the pot is won without a showdown, the winner must expose enough cards to prove
        # that the hand is at least as good as three of a kind" (001 Trips to Win): he is paid
        # when he shows his hand, which the showdown rules on.
        r.state.awaiting_proof = winner
        return
    if (
        r.config.openers != "anything"
        and r.config.opener_shows_to_win
        and winner == state.opener
        and winner not in r.state.openers_proven
    ):
        r.state.awaiting_openers = winner
        r.state.openers_owed_at = r.line_event
        return
    award_uncontested(r, winner)


def return_uncalled(r: Replay) -> None:
    """The pot stays for the next deal, but a bet nobody called goes back to its bettor first."""
    antes = r.state.dead_chips()
    bets = sorted(
        ((amount - antes.get(name, ZERO), name) for name, amount in r.state.contributions().items()),
        reverse=True,
    )
    if bets:
        second = bets[1][0] if len(bets) > 1 else ZERO
        r.give_back(bets[0][1], bets[0][0] - second)


def collect_unshown(r: Replay) -> None:
    """The showdown's lines are over and the last live hand was never shown: he takes the pot
    (unless his hand went out meanwhile, when the walk has settled it already)."""
    winner, r.state.awaiting_show = r.state.awaiting_show, None
    if winner is None or r.state.phase is Phase.OVER or not r.state.seats[winner].in_hand:
        return
    last_player_standing(r, winner, showdown_over=True)


def proof_not_shown(r: Replay) -> None:
    """The log moved on and the last player left never showed a hand good enough to win."""
    winner, r.state.awaiting_proof = r.state.awaiting_proof, None
    if winner is not None and r.state.phase is not Phase.OVER:
        return_uncalled(r)
        carry(r, f"{winner} took the pot without a showdown but never showed a hand good enough to win it")


def award_uncontested(r: Replay, winner: str) -> None:
    state = r.state
    split = split_pot(
        state.contributions(),
        [winner],
        None,
        functools.partial(odd_chip_order, r),
        r.unit,
        state.dead_money,
        r.state.dead_chips(),
        r.ledger.shares(),
    )
    at_showdown = state.phase is SHOWDOWN and state.seats[winner].shown
    close_deal(r, split, Outcome.SHOWDOWN if at_showdown else Outcome.UNCONTESTED)


def close_deal(r: Replay, split: Split, outcome: Outcome) -> None:
    """The deal is decided: ``split`` says who takes what. It is paid now, unless the log says
    later in this deal that the pot was taken (``Ann takes the pot``): then it is paid at that
    line, and until then the pot has not been collected (Scarne, Misdeals, item 8, rules an
    imperfect pack found before the pot is collected otherwise than one found after)."""
    r.state.last_split = split
    r.state.outcome = outcome
    r.state.void_reason = "the pot was already settled"
    r.state.phase = Phase.OVER
    if r.pot_taken_later(r.state.line):
        r.state.award_waits = split
        return
    _pay(r, split)


def collect(r: Replay) -> None:
    """The pot is taken (or the deal ends): a decided pot that waited for it is paid now. A ruling
    in between that voided the deal (an imperfect pack found before the pot was collected) has
    already put every chip where it goes: the award is dropped."""
    split, r.state.award_waits = r.state.award_waits, None
    if split is not None and r.state.outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED):
        _pay(r, split)


def reopen_showdown(r: Replay) -> None:
    """A pot decided at the showdown is still on the table (the log takes it later) when a hand
    there is found foul: the hand is ruled as at the showdown ("if the irregularity is discovered
    after the pot is collected, the hand must stand": Scarne, Foul or Dead Hand,
    item 1, so before, it does not), and the showdown is decided again."""
    state = r.state
    state.award_waits = None
    state.last_split = None
    state.outcome = None
    state.void_reason = ""
    state.winning_words.clear()
    state.phase = Phase.SHOWDOWN


def _pay(r: Replay, split: Split) -> None:
    for name, words in r.state.winning_words.items():
        r.winners_hands.setdefault(name, words)
    awards, rake, r.state.last_pots = _divided(r, split)
    r.state.paid_out += sum((p.amount for p in split.pots), ZERO)
    try:
        r.ledger.settle(awards, split.refunds, rake)
    except ValueError as error:
        # The books never allow it; should a log find a way, it is a clear error at its line.
        raise _unpayable(r, str(error)) from None


def _unpayable(r: Replay, why: str) -> LogError:
    event = r.line_event
    line = event.line if event is not None else 0
    return LogError(
        Problem(
            f"the referee cannot pay this deal's pot ({why}): the log is not one it can settle",
            r.log.source,
            line,
            source_line=r.text_of(event) if event is not None else "",
            hint="please report this log: the referee should rule on it",
        )
    )


def _divided(r: Replay, split: Split) -> tuple[dict[str, Decimal], Decimal, tuple[PotSummary, ...]]:
    """Each won pot divided once: the awards, the rake taken, and each pot for the report (who
    contested it, who took what, any odd chips).

    The house's rake (an imported online hand's ``rake:``) comes out of the pots before they
    are divided, main pot first, as online rooms take it; it is never more than the deal's pot,
    and it is taken once per deal won. With no rake the awards are the split's own.
    """
    rake = (r.log.header.rake or ZERO) if split.awards else ZERO
    awards: dict[str, Decimal] = {}
    summaries: list[PotSummary] = []
    left = rake
    for pot in split.pots:
        take = min(left, pot.amount)
        left -= take
        if not pot.winners:
            continue
        # The split has divided each pot already; only a pot the rake came out of is divided anew.
        shares = pot.shares
        if take:
            shares = divide(pot.amount - take, odd_chip_order(r, pot.winners), r.unit)
        for name, share in shares.items():
            awards[name] = awards.get(name, ZERO) + share
        even = min(shares.values())
        odd = {name: share - even for name, share in shares.items() if share > even}
        summaries.append(PotSummary(pot.amount - take, pot.eligible, tuple(shares), shares, odd))
    if not rake:
        return dict(split.awards), ZERO, tuple(summaries)
    return {name: amount for name, amount in awards.items() if amount}, rake - left, tuple(summaries)


def carry(r: Replay, reason: str, outcome: Outcome = Outcome.POT_CARRIED) -> None:
    """Nobody wins this deal: the chips stay in the middle for the next one."""
    state = r.state
    r.ledger.carry_deal()
    r.state.outcome = outcome
    r.state.void_reason = reason
    state.phase = Phase.OVER


def pass_out(r: Replay) -> None:
    """Nobody opened: Jacks Back plays the same hands for low; otherwise the pot carries."""
    if variants.jacks_back(r):
        return
    for name, amount in r.state.reopen_returns.items():
        r.give_back(name, amount)  # nobody opened the reopened pot: their bets come back
    r.state.reopen_returns.clear()
    carry(r, "nobody opened", Outcome.PASSED_OUT)
