"""Who sits in: more players at the table than the game seats (``game.most_players``).

Pagat (001, Players and Cards, paragraph 1): "from two to six players ... It is possible for seven or
even eight people to play, but then ... the cards may run out during the draw"; 32-Card Poker,
bullet 4: "The maximum number of players is five". The finding is made at a deal's first line, for
the players then at the table; the rulebook rules what becomes of the deal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Finding, Subject, facts, worded
from referee.rulebook.vocabulary import Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.walk import Walk


def too_many_players(r: Walk, event: ev.Event) -> Iterator[Finding]:
    """At a deal's first line: rule on it when more players sit in than the game seats."""
    most = r.config.most_players
    seats = r.state.seats
    playing = [name for name in r.state.order if name not in r.sitting_out and not seats[name].stake_short]
    if most is None or len(playing) <= most:
        return
    what = f"{len(playing)} players sit in ({', '.join(playing)}), and this game seats at most {most}"

    explain = worded(
        what,
        {
            RemedyId.REFUND_ALL: (
                f"the deal is void and every chip goes back: deal again with {most} or fewer."
            ),
            RemedyId.PLAY_ON: "the deal is played as it is.",
        },
    )

    finding = Finding(Kind.TOO_MANY_PLAYERS, event, facts(r.state, {}), Subject(), explain)
    yield finding
