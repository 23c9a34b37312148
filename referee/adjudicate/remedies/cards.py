"""Card remedies: a card out of play and replaced (card-dead), kept as dealt (card-kept), or
discards taken back that stay out of play (discards-dead)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.adjudicate.table import Phase
from referee.cards import UNKNOWN
from referee.rulebook.vocabulary import Replace

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict


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


def discards_dead(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``discards-dead``: the discards he took back stay out of play; his hand is what it was
    without them. A card of them he later plays is the log leaving this rulebook's course."""
    for card in finding.subject.retrieved:
        if card.is_natural:
            r.state.seen_cards[card] = "dead"


def retrieval_stands(r: Replay, finding: Finding) -> None:
    """Discards taken back are in the player's hand again (``play-on`` on a retrieval): known to be
    his, to prove openers with; the hand does not come back to life if he had folded."""
    name, cards = finding.subject.player, finding.subject.retrieved
    if name is None or not cards:
        return
    state = r.state
    seat = state.seats[name]
    for card in cards:
        if card in seat.discarded:
            seat.discarded.remove(card)
        if card.is_natural:
            state.seen_cards[card] = name
    seat.cards.extend(cards)
    seat.cards_known = all(not c.is_unknown for c in seat.cards)
    r.state.discarded_waiting.pop(name, None)  # the discard is undone: no draw is waiting on it
