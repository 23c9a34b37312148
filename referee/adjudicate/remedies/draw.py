"""Draw remedies: the discards are reshuffled into a new stub when the pack runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.rulebook.settings import Exclusion

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict


def reshuffle_discards(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``reshuffle-discards``: the discards (less those ``game.deck_exhaustion`` keeps out: the
    opener's, the drawing player's) become the new stub, and the draw goes on."""
    state = r.state
    excluded = set()
    if Exclusion.OPENER in r.config.reshuffle_excludes and state.opener:
        excluded.add(state.opener)
    if Exclusion.DRAWING_PLAYER in r.config.reshuffle_excludes and finding.player is not None:
        excluded.add(finding.player)
    for name, seat in state.seats.items():
        if name in excluded:
            continue
        for card in seat.discarded[seat.reshuffled :]:
            state.cards_out -= 1
            if state.seen_cards.get(card) == "discards":
                del state.seen_cards[card]  # back in the stub: it may be dealt again
        seat.reshuffled = len(seat.discarded)
