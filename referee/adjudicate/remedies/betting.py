"""Betting remedies: what an action at issue stands as — made, a call, a raise, at the limit,
owed in full, taken back, or left to the player's choice at his turn.

Every handler starts from the same place: the action's chips are in the pot (out-of-turn chips
went in when put out; an action in turn pushes them in, :func:`stake`), counting as credit toward
whatever the remedy says the action stands as; :func:`stand` then brings the player to that total
this round — a check, a call or a bet — with any chips beyond it going back.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from referee.adjudicate.detect.finding import Act, Wager
from referee.adjudicate.table import Phase
from referee.rulebook.vocabulary import OnDrop

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict

ZERO = Decimal(0)


# --- handlers ------------------------------------------------------------------------------------


def bet_stands(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``bet-stands``: the action stands as made — a bet or raise as made, a call as a call, a check
    as a check; chips no more than the bet facing him count as his call."""
    stand_as_made(r, finding)


def bet_stands_as_call(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``bet-stands-as-call``: the chips count as a call; any beyond it go back."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    stand(r, name, wager, min(wager.total, r.state.current_bet))


def bet_stands_as_raise(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``bet-stands-as-raise``: the chips count as a call of the bet facing him and a raise of the rest."""
    stand_as_made(r, finding)


def options(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``options``: the chips stay in the pot and he chooses at his turn: drop (the chips stay;
    ``on_drop: chips-returned`` gives them back now), call or raise (they count toward it)."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    if verdict.params.get("on_drop") == OnDrop.CHIPS_RETURNED:
        # Chips he would get back on a drop, and that count toward a call or raise: the same as
        # having them back in his stack now.
        return_credit(r, name)


def bet_withdrawn(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``bet-withdrawn``: the chips go back and the action counts for nothing; he acts freely at his turn."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    return_credit(r, name)


def waits_for_turn(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``waits-for-turn``: the action out of turn binds nothing (its chips go back); at his proper
    turn he acts as he chooses — facing a bet made before it, not a raise. A check out of turn
    waits there: if the log moves on without a line of his, it is his check."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    return_credit(r, name)
    state = r.state
    if state.phase is not Phase.BETTING or state.expected_actor() != name:
        return
    if not state.can_check(name):
        state.seats[name].no_raise = True
    elif wager.act is Act.CHECK:
        r.state.waiting_check.add(name)


def raise_not_allowed(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``raise-not-allowed``: the action counts as no more than a call (a check with nothing to call,
    the chips beyond it going back); while the turn is still his he may call or drop, not raise."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    stand(r, name, wager, min(wager.total, r.state.current_bet))
    if r.state.phase is Phase.BETTING and r.state.expected_actor() == name:
        r.state.seats[name].no_raise = True


def must_complete(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``must-complete``: the chips go in and he owes the rest of the full amount: his next line
    completes it or folds (his chips stay); if the log moves on without him the rest is added."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    full = wager.full if wager.full is not None else max(wager.total, r.state.current_bet)
    r.state.completing[name] = full
    r.state.short_actions[name] = wager.act


def excess_returned(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``excess-returned``: the chips beyond the most he may put in go back; the action stands there."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    most = wager.total if wager.most is None else min(wager.total, wager.most)
    stand(r, name, wager, most)


def verbal_binding(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``verbal-binding``: the spoken action counts as made, for the amount spoken, at his turn."""
    stand_as_made(r, finding)


def verbal_ignored(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``verbal-ignored``: the words count for nothing; he acts at his turn as if he had said nothing."""


# --- what an action stands as --------------------------------------------------------------------


def stand_as_made(r: Replay, finding: Finding) -> None:
    """The action at issue stands as made (for ``bet-stands``, ``play-on``, ``hand-stands`` ...)."""
    wager, name = finding.subject.wager, finding.player
    if wager is None or name is None:
        return
    stake(r, name, wager)
    stand(r, name, wager, wager.total)


def stake(r: Replay, name: str, wager: Wager) -> None:
    """The action's chips go into the pot as credit (an action in turn; out-of-turn chips already are)."""
    if wager.spoken or not wager.in_turn:
        return
    seat = r.state.seats[name]
    chips = wager.total - seat.put_in_round - seat.credit
    if chips > ZERO:
        seat.credit += r.pay(name, chips, betting=False)


def stand(r: Replay, name: str, wager: Wager, total: Decimal) -> None:
    """The action counts as bringing ``name`` to ``total`` this round: a check (nothing added), a call
    (up to the bet), or a bet or raise; chips of his beyond it go back.

    Short of a call he has not acted: the chips count toward his call at his turn. A check facing a
    bet counts for nothing. Spoken words bind only at the player's turn.
    """
    state = r.state
    seat = state.seats[name]
    if wager.spoken and state.expected_actor() != name:
        return
    if wager.act is Act.FOLD:
        r.fold(name)
    elif total <= seat.put_in_round:
        if not state.can_check(name):
            return
        return_credit(r, name)
        state.check(name)
    elif total < state.current_bet and seat.stack != ZERO:
        return
    elif total <= state.current_bet:
        r.call(name)
    else:
        r.bet(wager.event, name, total)
    if wager.restated:
        r.state.absorb.add(name)  # his line at his proper turn restates what is now done
    r.after_action()


def return_credit(r: Replay, name: str) -> None:
    """Out-of-turn chips go back to the player; his chips in this round's betting are untouched."""
    seat = r.state.seats[name]
    back, seat.credit = seat.credit, ZERO
    in_round = seat.put_in_round
    r.give_back(name, back)
    seat.put_in_round = in_round  # the credit was never part of this round's bets


def complete_now(r: Replay, name: str) -> None:
    """The log moved on without him: the short bet is made up to the full amount."""
    total = r.state.completing.pop(name, None)
    if total is None or not r.state.seats[name].in_hand or r.state.phase is not Phase.BETTING:
        return
    r.bet_to(name, total)
    r.after_action()
