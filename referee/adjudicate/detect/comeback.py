"""A player out of the pot who plays again, and a raiser who raises himself.

Nothing a player did may vanish from the result: a line of his that cannot play is ruled on, so
the table hears why. A player who folded "merely folds his cards and puts them in the center of
the table" (Scarne, Player's Turn of Play, once the pot is opened, item 1), and under pass and out
a player who passes with no bet before him must "drop out" (Bicycle, Pass and Out): their later
calls, bets and draws are each a finding of their own kind. After a raise "all the other players"
act on it (Scarne, the paragraph after item 3), so a second raise by the same player before anyone
has acted is not his action yet.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.adjudicate.detect import antes
from referee.adjudicate.detect.finding import Finding, Subject, facts, worded
from referee.rulebook.vocabulary import Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.walk import Walk


_WHAT: Final[Mapping[type[ev.Event], str]] = {
    ev.Open: "open",
    ev.Bet: "bet",
    ev.Call: "call",
    ev.Raise: "raise",
    ev.Check: "check",
    ev.AllIn: "all-in",
    ev.Draw: "draw",
    ev.Discard: "draw",
    ev.StandPat: "draw",
    ev.DrawRequest: "draw",
}
"""A line's action as a noun (``call``, ``raise``, ``draw``), by its event class."""


def _what(event: ev.Event) -> str:
    return _WHAT.get(type(event), "line")


def plays_when_out(r: Walk, event: ev.Event, name: str) -> Iterator[Finding]:
    """``name`` is out of the pot, yet this line of his would play: the rulebook rules it (sitting the
    deal out, folded or dead, dropped by passing). The line changes nothing unless the row says so."""
    if (yield from antes.plays_while_sitting_out(r, event, name)):
        return
    seat = r.state.seats[name]
    what = _what(event)
    since = f" at line {seat.out_line}" if seat.out_line else ""
    if seat.dead and not seat.folded:
        # The referee's own remedy put him out; the table, not knowing the ruling, played his hand
        # on. That is the log leaving the rulebook's course, never a new irregularity of his.
        r.diverge(event, f"{name}'s hand was ruled dead{since}, but the table played it on")
        r.void(event, f"{name}'s hand was ruled dead{since}, so the {what} does not play")
        return
    if seat.dropped_by_passing:
        kind = Kind.BACK_IN_AFTER_PASSING
        happened = f"{name} passed{since} and so dropped under pass and out, yet plays a {what}"
    else:
        kind = Kind.ACTS_AFTER_FOLDING
        happened = f"{name} folded{since}, yet plays a {what}"
    explain = worded(
        happened,
        {RemedyId.BET_WITHDRAWN: f"the {what} does not play: no chip of it goes in, and {name} stays out."},
    )
    finding = Finding(
        kind,
        event,
        facts(r.state, {}),
        Subject(player=name),
        explain,
        headline=lambda v: f"the {what} does not play" if v.remedy is RemedyId.BET_WITHDRAWN else None,
    )
    yield finding


def raises_himself(r: Walk, event: ev.Event, name: str) -> Generator[Finding, None, bool]:
    """A bet or raise by the player whose own bet or raise is the last one, nobody having acted
    since: the rulebook rules it (True), else False and the line goes on to the turn checks."""
    state = r.state
    if not isinstance(event, ev.Bet | ev.Raise | ev.Open | ev.AllIn):
        return False
    if state.last_aggressor != name or state.last_actor != name or name in r.state.pending:
        return False
    if state.expected_actor() == name:
        return False  # everyone else is all in or out: it is his turn again (nothing to raise against)
    what = _what(event)
    explain = worded(
        f"{name} {what}s again with nobody having acted on {name}'s own last raise",
        {
            RemedyId.BET_WITHDRAWN: f"it is not {name}'s turn until another player raises: the {what} "
            "counts for nothing and no chip of it goes in."
        },
    )
    finding = Finding(
        Kind.RAISES_OWN_RAISE,
        event,
        facts(state, {}),
        Subject(player=name),
        explain,
        headline=lambda v: f"the {what} counts for nothing" if v.remedy is RemedyId.BET_WITHDRAWN else None,
    )
    yield finding
    return True
