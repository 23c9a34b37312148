"""Irregularities of the betting: out of turn, short, over the limit or a cap, barred by a custom,
a check facing a bet, an improper fold, and actions spoken rather than made.

An action out of turn puts its chips in at once (as credit) and waits: the ruling comes when the
offender's proper turn arrives, from what the table knew then. An action in turn is checked
against the game's customs, the raise cap and the limit, in that order; the first that it breaks
is the finding. Either way the remedy's handler says what the action stands as.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.adjudicate.detect.finding import (
    Act,
    FactValue,
    Finding,
    Subject,
    Wager,
    at_least_half,
    compare_bet,
    facts,
    worded,
)
from referee.adjudicate.table import Phase
from referee.adjudicate.wording import chips as _chips
from referee.rulebook.vocabulary import BarredBy, BettingLimit, Fact, Kind, OnDrop, RemedyId
from referee.ruling import money

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk

ZERO = Decimal(0)
_BET_OR_OPEN: Final = (ev.Bet, ev.Open)
"""Made once: ``ev.Bet | ev.Open`` builds a new union at every betting line."""
_BET, _RAISE = Act.BET, Act.RAISE
"""Read once for the checks made at every bet (an enum member read through its class is slow in
Python 3.11)."""


@dataclass(slots=True)
class Pending:
    """An action taken out of turn, waiting for the offender's proper turn to be ruled on."""

    event: ev.Event
    action: Act
    chips: Decimal
    """Chips put in out of turn (for speech: the amount spoken)."""
    bets_then: int
    """The round's bet count when it happened (to tell whether the action changed since)."""
    verbal: bool = False
    facing: bool = False
    """He had a bet to call when he acted out of turn (a pass then is a drop, not a check)."""


@dataclass(frozen=True, slots=True)
class Said:
    """A spoken action read from ``Ann says "..."``."""

    action: Act
    amount: Decimal | None = None
    to: bool = False


# --- out of turn ---------------------------------------------------------------------------------


def _act(event: ev.Event) -> Act:
    if isinstance(event, ev.Check):
        return Act.CHECK
    if isinstance(event, ev.Call):
        return Act.CALL
    if isinstance(event, ev.Raise):
        return Act.RAISE
    return Act.BET


def intended_total(r: Walk, event: ev.Event, name: str) -> Decimal:
    """The total this round ``event`` would bring the player to."""
    state = r.state
    seat = state.seats[name]
    if isinstance(event, _BET_OR_OPEN):
        base = max(seat.put_in_round, state.current_bet) if state.current_bet else seat.put_in_round
        return base + event.amount
    if isinstance(event, ev.Raise):
        return event.amount if event.to else state.current_bet + event.amount
    if isinstance(event, ev.Call):
        if event.amount is not None:
            return seat.put_in_round + seat.credit + event.amount
        return state.current_bet
    if isinstance(event, ev.AllIn):
        return seat.put_in_round + seat.credit + (seat.stack or ZERO)
    return seat.put_in_round


def out_of_turn(r: Walk, event: ev.Event, name: str) -> None:
    """An action before the player's turn: the chips go in now; the ruling waits for his turn."""
    state = r.state
    seat = state.seats[name]
    action = _act(event)
    total = intended_total(r, event, name)
    chips = max(ZERO, total - seat.put_in_round - seat.credit)
    if isinstance(event, ev.Call) and event.amount is None:
        chips = state.to_call(name)
    if isinstance(event, ev.AllIn):
        action = Act.RAISE if total > state.current_bet else Act.CALL
        if state.current_bet == ZERO:
            action = Act.BET
    paid = r.pay(name, chips, betting=False) if chips else ZERO
    seat.credit += paid
    previous = r.state.pending.get(name)
    if previous is not None:
        previous.chips += paid
        r.note(event, "out of turn again")
        return
    facing_then = state.current_bet > seat.put_in_round + seat.credit - paid
    r.state.pending[name] = Pending(event, action, paid, state.bets_this_round, facing=facing_then)
    expected = state.expected_actor()
    r.note(event, f"out of turn: it was {expected}'s turn" if expected else "out of turn")


def decide_out_of_turn(r: Walk, name: str) -> Iterator[Finding]:
    """The offender's proper turn has come (or the round ended): rule and apply."""
    pending = r.state.pending.pop(name, None)
    if pending is None:
        return
    state = r.state
    seat = state.seats[name]
    facing = max(ZERO, state.current_bet - seat.put_in_round)
    changed = state.bets_this_round > pending.bets_then
    # The round ended before his turn came: the ruling stands, but there is no turn to act at.
    lapsed = not seat.in_hand or state.phase is not Phase.BETTING
    if pending.verbal:
        finding = Finding(
            Kind.VERBAL_BET,
            pending.event,
            facts(state, {Fact.IN_TURN: False, Fact.ACTION_CHANGED: changed}),
            Subject(player=name, wager=_spoken(r, name, pending, in_turn=False)),
            lambda v: _verbal_explanation(v, name, pending),
        )
    else:
        wager = Wager(
            pending.action, seat.put_in_round + seat.credit, pending.event, in_turn=False, restated=True
        )
        finding = Finding(
            Kind.OUT_OF_TURN,
            pending.event,
            facts(
                state,
                {
                    Fact.ACTION: pending.action.fact,
                    Fact.PREVIOUS_BET_VS_OUT_OF_TURN: compare_bet(facing, pending.chips),
                    Fact.ACTION_CHANGED: changed,
                    Fact.BET_FACING: pending.facing,
                },
            ),
            Subject(player=name, wager=wager),
            lambda v: _out_of_turn_explanation(v, name, pending, facing),
            headline=lambda v: _out_of_turn_headline(v, pending, facing),
        )
    if lapsed:
        finding = replace(finding, stands=True)
    yield finding
    if lapsed and seat.credit and seat.in_hand and state.phase is not Phase.OVER:
        seat.credit = ZERO  # the chips he put in stay where they are


def _out_of_turn_headline(verdict: Verdict, pending: Pending, facing: Decimal) -> str | None:
    """Where the remedy's own words would say more than it did: a check is no bet to stand as a call."""
    if pending.action is Act.CHECK and verdict.remedy is RemedyId.RAISE_NOT_ALLOWED:
        return "the check stands; no raise allowed" if facing <= ZERO else "no raise allowed in turn"
    if pending.action is Act.CHECK and verdict.remedy is RemedyId.BET_WITHDRAWN:
        return "the check counts for nothing"
    if verdict.remedy in (RemedyId.BET_STANDS_AS_CALL, RemedyId.RAISE_NOT_ALLOWED) and facing <= ZERO:
        return None if pending.chips > ZERO else "it counts as a check"
    return None


def _out_of_turn_explanation(verdict: Verdict, name: str, pending: Pending, facing: Decimal) -> str:
    chips = _chips(pending.chips)
    remedy = verdict.remedy
    if pending.action is Act.CHECK:
        return {
            RemedyId.RAISE_NOT_ALLOWED: f"{name} checked out of turn: the check stands and no raise is "
            "allowed this round.",
            RemedyId.BET_STANDS: f"{name} checked out of turn: the check stands.",
            RemedyId.PLAY_ON: f"{name} checked out of turn: no penalty; the turn comes round as usual.",
            RemedyId.BET_WITHDRAWN: f"{name} checked out of turn: it counts for nothing.",
            RemedyId.WAITS_FOR_TURN: f"{name} checked out of turn: no penalty; {name} acts at that turn"
            + (", but may not raise the bet made before it." if facing > ZERO else "."),
            RemedyId.HAND_DEAD: f"{name} passed out of turn with a bet to call: that is a fold out of turn, "
            "and the hand is dead.",
        }.get(remedy, f"{name} checked out of turn: {verdict.summary}")
    words = {
        RemedyId.BET_STANDS: f"{name}'s {chips} stay in the pot and stand as that {pending.action} "
        "when the turn comes.",
        RemedyId.BET_STANDS_AS_CALL: f"{name}'s {chips} stay in the pot and count as a call.",
        RemedyId.BET_STANDS_AS_RAISE: f"{name}'s {chips} stay in the pot and count as a call of "
        f"{money(facing)} and a raise of {money(max(ZERO, pending.chips - facing))}.",
        RemedyId.OPTIONS: f"{name}'s {chips} stay in the pot; at {name}'s turn: drop (losing them), call or "
        "raise."
        if verdict.params.get("on_drop") != OnDrop.CHIPS_RETURNED
        else f"{name} may drop (taking back the {chips}), call or raise at {name}'s turn.",
        RemedyId.BET_WITHDRAWN: f"{name} takes back the {chips} and acts freely in turn.",
        RemedyId.WAITS_FOR_TURN: f"{name} takes back the {chips} and acts at the proper turn.",
        RemedyId.RAISE_NOT_ALLOWED: f"{name}'s {chips} count as a call; no raise this round.",
        RemedyId.HAND_DEAD: f"{name} acted out of turn; the hand is dead and the {chips} stay in the pot.",
        RemedyId.PLAY_ON: f"{name}'s {chips} stand as put in.",
    }
    return words.get(remedy, f"{name} acted out of turn: {verdict.summary}")


# --- in turn -------------------------------------------------------------------------------------


def in_turn_action(r: Walk, event: ev.Event, name: str) -> Iterator[Finding]:
    """A betting action in turn: check it against the customs, the cap and the limit, then apply."""
    state = r.state
    seat = state.seats[name]
    if isinstance(event, ev.Check):
        if state.can_check(name):
            state.check(name)
            r.note(event, "")
            return
        owed = state.to_call(name)
        yield (
            Finding(
                Kind.CHECK_FACING_BET,
                event,
                facts(state, {Fact.RAISED_SINCE_HE_ACTED: _acted_this_round(r, name)}),
                Subject(player=name, wager=Wager(Act.CHECK, seat.put_in_round, event)),
                lambda v: (
                    f"{name} checked with {_chips(owed)} to call; "
                    + (
                        "that is a fold: the hand is dead and the chips stay in the pot."
                        if v.remedy is RemedyId.HAND_DEAD
                        else f"the check does not count and the turn stays with {name}."
                    )
                ),
            )
        )
        r.note(
            event,
            "a check facing a bet: folded" if not seat.in_hand else "a check facing a bet does not count",
        )
        return
    total = intended_total(r, event, name)
    if isinstance(event, ev.Call):
        yield from _call(r, event, name, total)
        return
    stack = seat.stack
    stack_total = seat.put_in_round + seat.credit + (stack if stack is not None else total)
    all_in = stack is not None and total >= stack_total
    if all_in:
        total = stack_total
    added = total - state.current_bet
    least, most = r.state.bet_bounds(name)
    most = _jackpot_most(r, most)
    unopened = isinstance(event, _BET_OR_OPEN) and not state.opened
    action = _BET if state.current_bet == ZERO or unopened else _RAISE
    if isinstance(event, ev.Raise):
        action = _RAISE
    if added <= ZERO:
        if all_in:
            # All in for no more than the bet facing him: that is what his all-in amounts to, a call.
            r.call(name)
            r.note(event, "all in for a call")
            return
        # A raise (or bet) that adds nothing to the bet facing him: he named more than his chips make.
        yield from _misnamed(r, event, name, Act.RAISE, total)
        return
    barred = _barred_by(r, name, action)
    if barred is not None and not (seat.no_raise and action is Act.RAISE):
        # For a bar the most he may add is nothing: a call, or a check with nothing to call.
        wager = Wager(action, total, event, most=state.current_bet)
        yield from _rule_action(
            r,
            Kind.OVER_LIMIT,
            {Fact.ACTION: action.fact, Fact.BARRED_BY: barred},
            name,
            wager,
            lambda v: _barred_explanation(v, name, action, barred),
        )
        return
    cap = r.config.raise_cap
    capped = (
        cap is not None
        and action is Act.RAISE
        and state.bets_this_round >= cap
        and not (len(state.live()) == 2 and not r.config.cap_heads_up and not state.capped_multiway)
    )
    if seat.no_raise and action is Act.RAISE:
        r.call(name)
        r.note(event, f"{name} may not raise this round; counted as a call")
        return
    if capped:
        # At the cap the most he may put in is a call.
        wager = Wager(action, total, event, most=state.current_bet)
        limit = BettingLimit(r.config.limit.kind.value)
        yield from _rule_action(
            r,
            Kind.RAISE_CAP,
            {Fact.BETTING_LIMIT: limit},
            name,
            wager,
            lambda v: _cap_explanation(v, name, cap or 0),
        )
        return
    if most is not None and added > most and not all_in:
        wager = Wager(action, total, event, most=state.current_bet + most)
        yield from _rule_action(
            r,
            Kind.OVER_LIMIT,
            {Fact.ACTION: action.fact, Fact.BARRED_BY: BarredBy.LIMIT},
            name,
            wager,
            lambda v: _over_explanation(v, name, added, most),
        )
        return
    middle = _between_figures(r, added)
    if middle is not None and not all_in:
        wager = Wager(action, total, event, most=state.current_bet + middle)
        yield from _rule_action(
            r,
            Kind.OVER_LIMIT,
            {Fact.ACTION: action.fact, Fact.BARRED_BY: BarredBy.LIMIT},
            name,
            wager,
            lambda v: _between_explanation(v, name, added, middle, r.config.limit.top),
        )
        return
    short_raise = _short_opening_raise(r, added, least, most)
    if short_raise is not None and not all_in:
        # "Open for the minimum, or open with a raise" (002): an opening between the two is a raise
        # short of a full one, ruled as any short raise.
        bet_size, full_open = short_raise
        if not at_least_half(added - bet_size, bet_size):
            # Less than half a raise is no raise (the card rooms' 50% standard): the opening stands
            # at the one bet and what is over it goes back, as over the limit.
            wager = Wager(action, total, event, most=state.current_bet + bet_size)
            yield from _rule_action(
                r,
                Kind.OVER_LIMIT,
                {Fact.ACTION: action.fact, Fact.BARRED_BY: BarredBy.LIMIT},
                name,
                wager,
                lambda v: _over_explanation(v, name, added, bet_size),
            )
            return
        wager = Wager(_RAISE, total, event, full=state.current_bet + full_open)
        yield from _rule_action(
            r,
            Kind.SHORT_BET,
            {Fact.ACTION: _RAISE.fact, Fact.AT_LEAST_HALF: at_least_half(added - bet_size, bet_size)},
            name,
            wager,
            lambda v: _short_explanation(v, name, _RAISE, added, full_open),
        )
        return
    if least is not None and added < least and not all_in:
        full = least
        wager = Wager(action, total, event, full=state.current_bet + full)
        yield from _rule_action(
            r,
            Kind.SHORT_BET,
            {Fact.ACTION: action.fact, Fact.AT_LEAST_HALF: at_least_half(added, full)},
            name,
            wager,
            lambda v: _short_explanation(v, name, action, added, full),
        )
        return
    r.bet(event, name, total)


def _short_opening_raise(
    r: Walk, added: Decimal, least: Decimal | None, most: Decimal | None
) -> tuple[Decimal, Decimal] | None:
    """Where a fixed-limit pot may be opened with a raise, an opening of more than one bet and less
    than two: (the bet, the two bets a full opening raise makes); None otherwise."""
    if not r.state.opening_with_raise_allowed or least is None or most is None or most != 2 * least:
        return None
    return (least, most) if least < added < most else None


def _between_figures(r: Walk, added: Decimal) -> Decimal | None:
    """Under a three-figure limit after the draw, a bet or raise of more than the middle figure and
    less than the highest: the middle figure it is over; None otherwise. "After the draw a bet must
    be either the middle or highest amount" (000 Optional Betting Limits, Variation in betting limit)."""
    limit = r.config.limit
    if limit.top is None or limit.high is None or r.state.round_index < r.config.small_bet_rounds:
        return None
    return limit.high if limit.high < added < limit.top else None


def _acted_this_round(r: Walk, name: str) -> bool:
    """raised_since_he_acted: he checked, or put in chips of his own (beyond a blind), earlier in
    this round; a check facing a bet now means the bet came after that action."""
    state = r.state
    seat = state.seats[name]
    blind = ZERO
    if state.round_index == 0 and name in state.blind_posters:
        blind = r.ledger.forced_in(name) - r.ledger.dead_antes().get(name, ZERO)
    return seat.checked_round or seat.put_in_round > blind


def _rule_action(
    r: Walk,
    kind: Kind,
    specific: Mapping[Fact, FactValue],
    name: str,
    wager: Wager,
    explain: Callable[[Verdict], str],
    headline: Callable[[Verdict], str | None] | None = None,
) -> Iterator[Finding]:
    """Rule on an action in turn; the remedy says what it stands as."""
    subject = Subject(player=name, wager=wager)
    finding = Finding(kind, wager.event, facts(r.state, specific), subject, explain, headline=headline)
    yield finding


def _call(r: Walk, event: ev.Call, name: str, total: Decimal) -> Iterator[Finding]:
    state = r.state
    seat = state.seats[name]
    owed = state.current_bet - seat.put_in_round - seat.credit
    stack = seat.stack
    if event.amount is not None and event.amount < owed and (stack is None or event.amount < stack):
        amount = event.amount
        wager = Wager(Act.CALL, total, event, full=state.current_bet)
        yield from _rule_action(
            r,
            Kind.SHORT_BET,
            {Fact.ACTION: Act.CALL.fact, Fact.AT_LEAST_HALF: False},
            name,
            wager,
            lambda v: _short_explanation(v, name, Act.CALL, amount, owed),
        )
        return
    if seat.put_in_round + seat.credit >= state.current_bet and seat.credit == ZERO:
        yield from _misnamed(r, event, name, Act.CALL, state.current_bet)
        return
    r.call(name)
    r.note(event, "")


def _misnamed(r: Walk, event: ev.Event, name: str, named: Act, total: Decimal) -> Iterator[Finding]:
    """An action in turn that his chips do not make — a raise adding nothing, a call of nothing:
    the rulebook's ``action-misnamed`` table says what it stands as."""
    state = r.state
    facing = state.current_bet - state.seats[name].put_in_round
    wager = Wager(named, total, event, most=state.current_bet)
    what = (
        f"{name} called with nothing to call"
        if named is Act.CALL
        else f"{name}'s raise adds nothing to the bet of {money(state.current_bet)}"
    )

    def explain(v: Verdict) -> str:
        if v.remedy is RemedyId.BET_STANDS_AS_CALL:
            return f"{what}; it counts as a {'call' if facing > ZERO else 'check'}."
        return f"{what}."

    def headline(v: Verdict) -> str | None:
        # With no bet facing him, the call the remedy makes of it is a check: say so up top too.
        return "it counts as a check" if v.remedy is RemedyId.BET_STANDS_AS_CALL and facing <= ZERO else None

    yield from _rule_action(
        r, Kind.ACTION_MISNAMED, {Fact.ACTION: named.fact}, name, wager, explain, headline
    )


def _jackpot_most(r: Walk, most: Decimal | None) -> Decimal | None:
    """Scarne's Jack Pot: after a passed-out deal, the opening bet (and each bet after the draw) may
    be as much as the antes in the pot, when that is more than the limit (000 Optional Betting
    Limits at Draw Poker, Jack Pot)."""
    state = r.state
    if not r.config.jackpot_limit or most is None or not r.passed_in_a_row:
        return most
    if state.round_index == 0 and state.opened:
        return most  # raises before the draw keep the table's limit
    antes = state.dead_money + r.ledger.forced_total()
    return max(most, antes)


def _barred_by(r: Walk, name: str, action: Act) -> BarredBy | None:
    """What in the game's customs allows this player no bet or raise here, if anything."""
    state = r.state
    seat = state.seats[name]
    config = r.config
    if action is _RAISE and not config.check_raise and seat.checked_round:
        return BarredBy.CHECK_RAISE
    if (
        action is _RAISE
        and not config.blind_may_raise
        and state.round_index == 0
        and state.blind_posters
        and name == state.biggest_blind()
        and state.current_bet <= seat.put_in_round
    ):
        return BarredBy.BLIND_OPTION
    if action is _BET and state.round_index == 0 and not state.opened and name in state.ineligible_openers:
        return BarredBy.NOT_ELIGIBLE
    return None


def _barred_explanation(verdict: Verdict, name: str, action: Act, barred: BarredBy) -> str:
    why = {
        BarredBy.CHECK_RAISE: f"{name} checked earlier in this round and this game bars check-raising",
        BarredBy.BLIND_OPTION: f"{name}'s blind was only called and this game gives the blind no option to "
        "raise",
        BarredBy.NOT_ELIGIBLE: f"{name} passed at the first turn, so {name} may not open the reopened pot",
        BarredBy.LIMIT: f"{name} bet over the limit",
    }[barred]
    words = {
        RemedyId.RAISE_NOT_ALLOWED: f"{why}; the {action} stands as a call (a check if there is nothing to "
        "call).",
        RemedyId.EXCESS_RETURNED: f"{why}; {name} may add nothing, so the chips go back and the {action} "
        "stands as a call (a check if there is nothing to call).",
        RemedyId.BET_STANDS_AS_CALL: f"{why}; the {action} stands as a call.",
        RemedyId.BET_WITHDRAWN: f"{why}; the {action} is taken back.",
        RemedyId.HAND_DEAD: f"{why}; the hand is dead.",
        RemedyId.BET_STANDS: f"{why}, but the {action} stands.",
        RemedyId.PLAY_ON: f"{why}, but the {action} stands.",
    }
    return words.get(verdict.remedy, f"{why}: {verdict.summary}")


def _cap_explanation(verdict: Verdict, name: str, cap: int) -> str:
    if verdict.remedy in (RemedyId.RAISE_NOT_ALLOWED, RemedyId.BET_STANDS_AS_CALL, RemedyId.EXCESS_RETURNED):
        return (
            f"only {cap} bets are allowed in a round; {name}'s raise stands as a call and the extra "
            "chips go back."
        )
    if verdict.remedy in (RemedyId.BET_STANDS, RemedyId.PLAY_ON):
        return f"{name}'s raise past {cap} bets stands: the cap does not hold under this betting limit."
    return f"{name} raised past the cap of {cap} bets: {verdict.summary}"


def _over_explanation(verdict: Verdict, name: str, added: Decimal, most: Decimal) -> str:
    words = {
        RemedyId.EXCESS_RETURNED: f"{name} put in {money(added)} where the limit allows {money(most)}; "
        "the extra goes back and the bet stands at the limit.",
        RemedyId.BET_STANDS: f"{name} bet over the limit ({money(added)}, limit {money(most)}); the bet "
        "stands.",
        RemedyId.BET_WITHDRAWN: f"{name} bet over the limit; the bet is taken back.",
    }
    return words.get(verdict.remedy, f"{name} bet over the limit: {verdict.summary}")


def _between_explanation(
    verdict: Verdict, name: str, added: Decimal, middle: Decimal, top: Decimal | None
) -> str:
    allowed = f"{money(middle)} or {money(top or middle)}"
    if verdict.remedy is RemedyId.EXCESS_RETURNED:
        return (
            f"{name} put in {money(added)} where the three-figure limit allows {allowed} after the draw; "
            f"the extra goes back and the bet stands at {money(middle)}."
        )
    return _over_explanation(verdict, name, added, middle)


def _short_explanation(verdict: Verdict, name: str, action: Act, added: Decimal, full: Decimal) -> str:
    words = {
        RemedyId.MUST_COMPLETE: f"{name}'s {action} of {money(added)} is short of {money(full)}; it must be "
        "made the full amount.",
        RemedyId.BET_STANDS_AS_CALL: f"{name}'s short {action} of {money(added)} counts only as a call.",
        RemedyId.RAISE_NOT_ALLOWED: f"{name}'s short {action} of {money(added)} counts only as a call.",
        RemedyId.HAND_DEAD: f"{name}'s {action} of {money(added)} is short; the hand is dead and the chips "
        "stay in the pot.",
        RemedyId.BET_STANDS: f"{name}'s {action} of {money(added)} stands as made.",
        RemedyId.BET_WITHDRAWN: f"{name}'s short {action} is taken back.",
        RemedyId.PLAY_ON: f"{name}'s {action} of {money(added)} stands as made.",
    }
    return words.get(verdict.remedy, f"{name}'s {action} is short: {verdict.summary}")


# --- folds ---------------------------------------------------------------------------------------


def improper_fold(r: Walk, event: ev.Event, name: str, *, in_turn: bool, facing: bool) -> Iterator[Finding]:
    seat = r.state.seats[name]
    what = f"{name} folded out of turn" if not in_turn else f"{name} folded when a check was free"
    yield (
        Finding(
            Kind.IMPROPER_FOLD,
            event,
            facts(r.state, {Fact.IN_TURN: in_turn, Fact.BET_FACING: facing}),
            Subject(player=name, wager=Wager(Act.FOLD, seat.put_in_round, event, in_turn=in_turn)),
            lambda v: _fold_explanation(v, what),
        )
    )
    if not seat.in_hand:
        seat.folded = True  # he threw his cards in himself: the ruling made the fold count


def _fold_explanation(verdict: Verdict, what: str) -> str:
    words = {
        RemedyId.HAND_DEAD: f"{what}; the hand is dead.",
        RemedyId.PLAY_ON: f"{what}; the fold stands.",
        RemedyId.HAND_STANDS: f"{what}; the fold stands.",
        RemedyId.BET_STANDS: f"{what}; the fold stands.",
        RemedyId.BET_WITHDRAWN: f"{what}; the fold counts for nothing and the turn comes round as usual.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- spoken actions ------------------------------------------------------------------------------

_SPOKEN: Final = {
    ev.SpeechAction.CHECK: Act.CHECK,
    ev.SpeechAction.BET: Act.BET,
    ev.SpeechAction.OPEN: Act.BET,
    ev.SpeechAction.CALL: Act.CALL,
    ev.SpeechAction.RAISE: Act.RAISE,
    ev.SpeechAction.FOLD: Act.FOLD,
}
"""The spoken actions that are betting actions; the rest (all in, the draw) are not ruled as bets."""


def spoken_action(r: Walk, event: ev.Says) -> Said | str:
    """What ``Ann says "..."`` amounts to as a betting action, or why it is not one.

    The words were read when the log was read (``Says.meaning``).
    """
    from referee.log import read_speech

    meaning = event.meaning or read_speech(event.speech)
    if meaning is None:
        return "the referee cannot read these words as an action; they are not ruled"
    action = _SPOKEN.get(meaning.action)
    if action is None:
        return f"“{event.speech}” is about the draw or going all in, not a bet the referee rules on"
    return Said(action, meaning.amount, meaning.to)


def speech(r: Walk, event: ev.Says) -> Iterator[Finding]:
    """``Ann says "bet 5"``: in turn the rulebook rules now; out of turn, when her turn comes."""
    state = r.state
    if state.phase is Phase.OVER:
        r.note(event, "")
        return
    said = spoken_action(r, event)
    if isinstance(said, str):
        r.unruled(event, said)
        return
    if state.phase in (Phase.DEAL, Phase.BEFORE_DEAL, Phase.DRAW):
        r.enter_betting()
    if state.phase is not Phase.BETTING:
        r.note(event, "")
        return
    chips = said.amount
    if chips is None and said.action in (Act.BET, Act.RAISE):
        # "Bet" with no amount binds the limit's fixed bet; under any other limit it binds
        # nothing, and the line is reported rather than ruled as a bet of nothing.
        chips = r.config.bet_size(state.round_index)
        if chips is None:
            why = f'"{event.speech}" names no amount, and under this limit a bet has none of its own'
            r.unruled(event, why)
            return
    chips = chips or ZERO
    if said.to and said.action is Act.RAISE:
        chips = max(ZERO, chips - state.current_bet)  # "raise to 8": 8 is the total, not the raise
    pending = Pending(event, said.action, chips, state.bets_this_round, verbal=True)
    if state.expected_actor() != event.player:
        r.state.pending[event.player] = pending
        r.note(event, "spoken out of turn")
        return
    yield (
        Finding(
            Kind.VERBAL_BET,
            event,
            facts(state, {Fact.IN_TURN: True, Fact.ACTION_CHANGED: False}),
            Subject(player=event.player, wager=_spoken(r, event.player, pending, in_turn=True)),
            lambda v: _verbal_explanation(v, event.player, pending),
        )
    )


def _spoken(r: Walk, name: str, pending: Pending, *, in_turn: bool) -> Wager:
    """What the words would come to at the player's turn (``raise 4``: the bet then plus 4)."""
    state = r.state
    seat = state.seats[name]
    total = {
        Act.BET: seat.put_in_round + pending.chips,
        Act.RAISE: state.current_bet + pending.chips,
        Act.CALL: state.current_bet,
    }.get(pending.action, seat.put_in_round)
    return Wager(pending.action, total, pending.event, in_turn=in_turn, restated=True, spoken=True)


def _verbal_explanation(verdict: Verdict, name: str, pending: Pending) -> str:
    said = pending.action + (f" {money(pending.chips)}" if pending.chips else "")
    if verdict.remedy is RemedyId.VERBAL_BINDING:
        return f'{name} said "{said}": the words are binding and count as the action.'
    if verdict.remedy is RemedyId.VERBAL_IGNORED:
        return f'{name} said "{said}": the words count for nothing.'
    return f'{name} said "{said}": {verdict.summary}'


# --- a short bet made good, or not --------------------------------------------------------------


def bet_completion(r: Walk, event: ev.BetCompletion) -> Iterator[Finding]:
    """``Bob completes his bet`` / ``Bob does not complete``: what a player owing the rest of a short
    bet (a ``must-complete`` ruling) did about it. Made good, the chips go in now; not, the
    rulebook's ``bet-not-completed`` table rules."""
    name = event.player
    owed = r.state.completing.get(name)
    made_up = r.state.made_up.pop(name, None)
    if owed is None and made_up is not None and not event.completed and r.state.seats[name].in_hand:
        # The engine made his short bet up when the next player acted; he now says he will not:
        # the made-up chips go back, and his refusal is ruled as if heard at once.
        seat = r.state.seats[name]
        owed = seat.put_in_round
        r.give_back(name, seat.put_in_round - made_up[1])
        r.state.short_actions[name] = made_up[0] or Act.BET
        r.state.completing[name] = owed
    elif owed is None and made_up is not None:
        r.note(event, f"{name}'s short bet was already made up")
        return
    if owed is None:
        r.unruled(event, f"{name} has no short bet waiting to be made good")
        return
    action = r.state.short_actions.pop(name, Act.BET)
    if event.completed:
        r.complete_owed([name])
        r.note(event, f"{name} makes the {action} up to {money(owed)}")
        return
    seat = r.state.seats[name]
    put_in = seat.put_in_round + seat.credit
    what = f"{name} did not make good the short {action} ({money(put_in)} of {money(owed)})"

    explain = worded(what, {RemedyId.HAND_DEAD: "the hand is dead and the chips he put in stay in the pot."})

    yield (
        Finding(
            Kind.BET_NOT_COMPLETED,
            event,
            facts(r.state, {Fact.ACTION: action.fact}),
            Subject(player=name),
            explain,
        )
    )
    r.state.completing.pop(name, None)


# --- a raise written "by" and "to" ---------------------------------------------------------------


def raise_figures(r: Walk, event: ev.Raise) -> None:
    """``Dee raises 2 to 4``: the raise (2) on the bet facing her must make the total (4). When the
    two figures disagree with the table the log cannot say which the table meant: the line is
    reported, pointing at the total, and the raise is taken by its first figure as ``raises 2``."""
    if event.total is None or event.to:
        return
    facing = r.state.current_bet
    made = facing + event.amount
    if made == event.total:
        return
    line = r.raw_line(event.line)
    tos = [match.start() for match in re.finditer(r"(?i)\bto\b", line)]
    column = tos[-1] + 1 if tos else event.column
    r.unruled(
        event,
        f"its two figures disagree (column {column}, “to {money(event.total)}”): the bet was "
        f"{money(facing)}, so a raise of {money(event.amount)} makes {money(made)}; the raise is taken "
        f"as {money(event.amount)}, to {money(made)}",
    )


# --- a betting round the log left unfinished ------------------------------------------------------


def passed_over(r: Walk, event: ev.Event) -> Iterator[Finding]:
    """The log moves on from a betting round (to the draw or the showdown) while players still in
    have not met the bet facing them: the table passed them over. Each is ruled (``passed-over``),
    clockwise, so nobody is left half in the pot; then a call the ruling makes him owe goes in, the
    log having moved on without a word of his. (With nothing to call, a player the log does not
    mention has checked: logs leave checks out, and that is no irregularity.)"""
    state = r.state
    if state.phase is not Phase.BETTING or state.round_complete():
        return  # (the commonest answer: every bet met)
    for name in state.live():
        seat = state.seats[name]
        owed = state.to_call(name)
        if not seat.can_act or owed <= ZERO or name in state.completing:
            # Nothing to call: whether or not a line says so, he checked (logs leave checks out).
            continue
        what = f"the table moved on with {name} still to act, {money(owed)} to call"
        explain = worded(
            what,
            {
                RemedyId.MUST_COMPLETE: f"{name} stayed in the pot, so {name} has called: the "
                f"{money(owed)} go in.",
                RemedyId.PLAY_ON: f"{name} plays on without putting in the {money(owed)}.",
                RemedyId.HAND_DEAD: f"{name}'s hand is dead and the chips already in stay in the pot.",
            },
        )
        # Nothing more goes in with the finding itself: a call the ruling makes him owe is made up
        # below, a dead hand pays nothing more.
        wager = Wager(Act.CALL, seat.put_in_round + seat.credit, event, full=state.current_bet)
        finding = Finding(
            Kind.PASSED_OVER,
            event,
            facts(state, {}),
            Subject(player=name, wager=wager),
            explain,
            headline=_called_headline(name),
        )
        yield finding
    r.complete_owed(list(state.completing))


def _called_headline(name: str) -> Callable[[Verdict], str | None]:
    """Passed over with a bet to call, ``must-complete`` makes him a caller: say so up top."""
    return lambda verdict: f"{name} has called" if verdict.remedy is RemedyId.MUST_COMPLETE else None
