"""Card remedies: a card out of play and replaced (card-dead), or kept as dealt (card-kept)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.adjudicate.table import Phase
from referee.cards import UNKNOWN
from referee.rulebook.vocabulary import Replace

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay, Verdict


def card_dead(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``card-dead``: the subject's card is out of play and its holder gets the next card off the
    pack, at once or (``replace: after-draw``, on the draw) once everyone else has been served.

    A card that belongs to no hand yet (face up in the pack) has no holder to replace it for.
    """
    card, owner = finding.subject.card, finding.subject.player
    if card is None or owner is None:
        return
    state = r.state
    seat = state.seats[owner]
    if card in seat.cards:
        seat.cards[seat.cards.index(card)] = UNKNOWN
        seat.cards_known = False
    state.seen_cards[card] = "dead"
    if verdict.params.get("replace") == Replace.AFTER_DRAW and state.phase is Phase.DRAW:
        # Replaced once everyone else has been served: the next cards off the pack go on.
        state.replacements_owed.append((state.draw_index, owner))
    else:
        state.cards_out += 1


def card_kept(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``card-kept``: the player keeps the card(s) as dealt; on a changed draw request he must take
    the number he first asked for."""
    subject = finding.subject
    if subject.requested is not None and subject.player is not None:
        from referee.adjudicate.detect.drawing import hold_to_request

        hold_to_request(r, subject.player, subject.requested)
