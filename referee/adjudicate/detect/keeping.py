"""``Bob asks Cy to keep his openers``: the card room lets any player ask the opener to keep his
opening hand and show it once the pot is decided (002, [Jacks or Better], item 8: "Any player may
request that the opener retain the opening hand and show it after the winner of the pot has been
determined"). After such a request an opener who throws his hand away unshown has not shown his
openers: that is ruled as ``cannot show openers``, by the rulebook's false-openers rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect import showing
from referee.adjudicate.detect.finding import Finding

if TYPE_CHECKING:
    from referee.adjudicate.walk import Walk


def keep_asked(r: Walk, event: ev.OpenersKeepAsked) -> None:
    """The request is kept for the deal: the opener now owes his openers after the pot."""
    state = r.state
    opener = event.opener
    if r.config.openers == showing.ANYTHING:
        r.unruled(event, "this game needs no openers, so there are none to keep")
        return
    if not state.opened or state.opener != opener:
        r.unruled(event, f"{opener} did not open this pot, so he has no openers to keep")
        return
    if opener in r.state.openers_proven:
        r.note(event, "his openers were already shown")
        return
    r.state.keep_asked[opener] = event.player
    r.note(event, f"{opener} must keep his opening hand and show it once the pot is decided")


def owes_openers(r: Walk, event: ev.Event) -> bool:
    """The line is the opener throwing his hand away unshown after a request to keep it."""
    name = getattr(event, "player", None)
    return (
        isinstance(event, ev.Muck | ev.Fold)
        and name in r.state.keep_asked
        and name == r.state.opener
        and name not in r.state.openers_proven
    )


def thrown_unshown(r: Walk, event: ev.Event) -> Iterator[Finding]:
    """The opener asked to keep his hand throws it away unshown: he cannot show his openers."""
    name = str(getattr(event, "player", ""))
    asker = r.state.keep_asked.pop(name)
    r.note(event, f"{asker} had asked {name} to keep his opening hand: thrown away unshown, no proof")
    yield from showing.openers_not_shown(r, ev.OpenersNotShown(name, line=event.line, column=event.column))
