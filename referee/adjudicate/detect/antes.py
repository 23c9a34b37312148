"""Declaring the pot open, by a player after false openers or by one all in for the antes.

The card room (002, [Jacks or Better], items 2, 3 and 5): after false openers another active player
who did not pass openers may declare the pot opened, and must prove openers to win it; "even if you
are all in for just the ante (or part of the ante), you may declare the pot open if you have openers".
Rules for Draw High, item 12: "If the pot has been declared open by an all-in player playing for
just the antes, all callers must come in for the full opening bet" — so once such a declaration
opens the pot, the bet every caller faces is the full opening bet, though the declarer put in none.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Finding, Subject, facts, worded
from referee.adjudicate.table import HandState
from referee.rulebook.vocabulary import Fact, Kind, RemedyId
from referee.ruling import Action, Outcome

if TYPE_CHECKING:
    from referee.adjudicate.walk import Walk

ZERO = Decimal(0)


def all_in_for_antes(r: Walk, name: str) -> bool:
    """No chips behind, and nothing of his in this deal's pot but antes."""
    seat = r.state.seats[name]
    if seat.stack is None or seat.stack > ZERO:
        return False
    return r.ledger.in_deal(name) == r.ledger.dead_antes().get(name, ZERO) and seat.put_in_round == ZERO


def pot_declared_open(r: Walk, event: ev.PotDeclaredOpen) -> Iterator[Finding]:
    """``Bob declares the pot open``: the rulebook says whether the declaration opens the pot (the
    card room: after false openers, or by a player all in for the antes) or counts for nothing."""
    state = r.state
    name = event.player
    seat = state.seats[name]
    if not seat.in_hand:
        since = f" at line {seat.out_line}" if seat.out_line else ""
        r.void(event, f"{name} was out of the pot{since}, so there is nothing to declare open for {name}")
        return
    if name == state.opener and state.opened:
        r.note(event, f"{name} opened this pot himself")
        return
    for_antes = all_in_for_antes(r, name)
    what = f"{name}, all in for the antes," if for_antes else name
    what += " declared the pot open"

    owed = "" if not for_antes else "; every caller must put in the full opening bet"
    explain = worded(
        what,
        {
            RemedyId.DECLARED_OPEN: (
                f"the pot is open, the bets stand, and {name} must prove openers to win it{owed}."
            ),
            RemedyId.VERBAL_IGNORED: "the declaration counts for nothing.",
        },
    )

    waiting = r.state.reopened and not state.opened  # a false opening was voided and nobody has opened since
    specific = {
        Fact.PASSED_FIRST_TURN: seat.passed_first_turn,
        Fact.POT_REOPENED: waiting,
        Fact.ALL_IN_FOR_ANTES: for_antes,
    }
    finding = Finding(Kind.POT_DECLARED_OPEN, event, facts(state, specific), Subject(player=name), explain)
    yield finding


def bar_false_declarer(r: Walk) -> None:
    """At the end of a deal: a player who declared the pot open all in for the antes and whose hand
    was then ruled out (false openers) "may not continue to play on any subsequent deals until a
    winner is determined ... until the pot has been legally opened and someone else has won it"
    (002 [Jacks or Better], item 5). A pot won after a legal opening frees those barred before."""
    name, r.state.declared_for_antes = r.state.declared_for_antes, None
    seat = r.state.seats.get(name) if name is not None else None
    if name is not None and seat is not None and seat.dead:
        r.barred.add(name)
        why = f"{name} falsely declared the pot open all in for the antes: he sits out until someone"
        r.actions.append(Action(0, "", why + " else wins a legally opened pot"))
        return
    won = set(r.state.last_split.awards) if r.state.last_split is not None else set()
    settled = r.state.outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED)
    if r.barred and r.state.opened and won - r.barred and settled:
        r.barred.clear()


def seat_barred(r: Walk, fresh: HandState) -> None:
    """Keep the barred players out of the coming deal: they neither ante nor play."""
    for name in sorted(r.barred):
        r.sitting_out.add(name)
        fresh.seats[name].in_hand = False
        fresh.seats[name].folded = True


def plays_while_sitting_out(r: Walk, event: ev.Event, name: str) -> Generator[Finding, None, bool]:
    """A betting line of a player who sits this deal out (barred by item 5, short of the table-stakes
    minimum, or out of a pot no hand qualified for): the rulebook rules it. False when he is out of
    the hand for another reason (he folded, his hand is dead), which is only noted."""
    seat = r.state.seats[name]
    if name not in r.sitting_out and not seat.stake_short:
        return False
    if name in r.barred:
        why = "sits out until someone else wins a legally opened pot"
    elif seat.stake_short:
        why = "sits this deal out, his stake being below the agreed minimum"
    else:
        why = "sits this deal out"
    what = f"{name} {why}, yet plays"

    explain = worded(
        what,
        {RemedyId.BET_WITHDRAWN: "the line counts for nothing, no chip of his goes in, and he stays out."},
    )

    finding = Finding(Kind.PLAYS_WHILE_SITTING_OUT, event, facts(r.state, {}), Subject(player=name), explain)
    yield finding
    return True
