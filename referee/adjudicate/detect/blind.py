"""Jacks Back under some clubs' rule: the player left of the dealer owes a blind when the game turns
to lowball (001 Jacks Back, paragraph 5), and a pass instead of it is ruled by the rulebook.

The variant's mechanics (what the blind is, posting it) are :mod:`referee.adjudicate.variants`';
this is the one look at the table it needs: he checked where the blind was due.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Act, Finding, Subject, Wager, facts, worded
from referee.adjudicate.variants import lowball_blind_size
from referee.money import format_amount
from referee.rulebook.vocabulary import Fact, Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.walk import Walk


def lowball_blind_not_posted(r: Walk, event: ev.Event, name: str) -> Generator[Finding, None, bool]:
    """The player who owes the lowball blind acts at his turn without posting it.

    A pass is a check facing the bet the club's rule asks of him (check-facing-bet, as the rulebook
    rules it); returns True when that was ruled. A bet, call or raise is his own action and is
    played as made (a bet in place of the blind leaves him no option at the end).
    """
    if r.state.blind_due != name:
        return False
    if not isinstance(event, ev.Check):
        r.state.blind_due = None
        return False
    state = r.state
    seat = state.seats[name]
    owed = format_amount(lowball_blind_size(r, name))

    explain = worded(
        f"{name} had to post the lowball blind of {owed} and checked instead",
        {
            RemedyId.HAND_DEAD: "that is a fold: the hand is dead and the chips stay in the pot.",
            RemedyId.BET_WITHDRAWN: "the check does not count, and he must still post the blind or fold.",
        },
    )

    finding = Finding(
        Kind.CHECK_FACING_BET,
        event,
        facts(state, {Fact.RAISED_SINCE_HE_ACTED: False}),
        Subject(player=name, wager=Wager(Act.CHECK, seat.put_in_round, event)),
        explain,
    )
    yield finding
    if not seat.in_hand or state.expected_actor() != name:
        r.state.blind_due = None
    r.note(event, "a pass instead of the blind: folded" if not seat.in_hand else "")
    return True
