"""Who sits in: more players at the table than the game seats (``game.most_players``), or than
the pack can serve.

Pagat (001, Players and Cards, paragraph 1): "from two to six players ... It is possible for seven or
even eight people to play, but then ... the cards may run out during the draw"; 32-Card Poker,
bullet 4: "The maximum number of players is five"; Scarne (000, item 1): "up to ten players may
play". Where the book sets no number (Bicycle, the card room, the parlour book), the pack sets it:
a hand each and at least one card left for the draw to begin from, ten from 52 cards. The finding
is made at a deal's first line, for the players then at the table; the rulebook rules what becomes
of the deal.
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
    size = r.config.hand_size
    by_pack = pack_seats(len(r.deck), size)
    most = r.config.most_players
    seats = r.state.seats
    playing = [name for name in r.state.order if name not in r.sitting_out and not seats[name].stake_short]
    if len(playing) <= min(by_pack, most if most is not None else by_pack):
        return
    if most is not None and most <= by_pack:
        what = f"{len(playing)} players sit in ({', '.join(playing)}), and this game seats at most {most}"
    else:
        most = by_pack
        what = (
            f"{len(playing)} players sit in ({', '.join(playing)}), and the pack of {len(r.deck)} cards "
            f"serves at most {most}: {size} cards each, with a card left for the draw"
        )

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


def pack_seats(pack: int, hand_size: int) -> int:
    """The most hands a pack serves: ``hand_size`` cards each, and at least one card left in the stub
    for the draw to begin from (the discards are reshuffled only once the draw has used the stub).

    >>> pack_seats(52, 5), pack_seats(53, 5), pack_seats(32, 5), pack_seats(52, 7)
    (10, 10, 6, 7)
    """
    return (pack - 1) // hand_size
