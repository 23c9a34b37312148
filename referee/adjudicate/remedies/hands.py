"""Hand remedies: a hand is dead, stands as it is, has its count put right, or is served only the
most it may draw."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from referee.adjudicate.remedies.betting import stake, stand_as_made
from referee.adjudicate.table import Phase
from referee.cards import UNKNOWN
from referee.rulebook.vocabulary import Correction, HandChips

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict

ZERO = Decimal(0)


def hand_dead(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``hand-dead``: the subject's hand is out of the pot and his chips stay in it (``chips:
    opening-bet-stays``: all but his ante and opening bet go back while the betting before the draw
    is on). Play continues among the others; if one is left he wins."""
    dead_hand(r, finding, HandChips(verdict.params.get("chips", HandChips.STAY)))


def dead_hand(r: Replay, finding: Finding, chips: HandChips = HandChips.STAY) -> None:
    """Kill the subject's hand, the chips of his action at issue staying in the pot."""
    name = finding.player
    if name is None:
        return
    wager = finding.subject.wager
    if wager is not None:
        stake(r, name, wager)
    if finding.subject.before_antes:
        r.state.seats[name].stake_short = True  # dealt out before the antes: he puts none in
    kill_hand(r, name, chips)
    if wager is not None and wager.in_turn:
        r.state.count_action(name)  # it was his action at his turn: the turn passes
    r.play_on()


def kill_hand(r: Replay, name: str, chips: HandChips = HandChips.STAY) -> None:
    """The hand is dead; its chips stay (or all but ante and opening bet go back)."""
    state = r.state
    seat = state.seats[name]
    if seat.credit:
        seat.credit = ZERO
    r.state.pending.pop(name, None)
    r.state.completing.pop(name, None)
    if chips is HandChips.OPENING_BET_STAYS:
        keep_opening_bet(r, name)
    was_expected = state.phase is Phase.BETTING and state.expected_actor() == name
    state.kill(name)
    seat.acted = True
    if was_expected:
        state.last_actor = name


def keep_opening_bet(r: Replay, name: str) -> None:
    """``chips: opening-bet-stays``: while the action before the draw is not complete, a dead hand's
    bets go back except his ante and (for the opener) the opening bet."""
    state = r.state
    if state.round_index != 0 or state.phase is not Phase.BETTING:
        return
    opening = (r.state.opening_amount or state.last_raise) if state.opener == name else ZERO
    r.give_back(name, state.seats[name].put_in - r.ledger.forced_in(name) - opening)


def hand_stands(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``hand-stands``: the hand plays as it is, with no correction — an action at issue stands as
    made, and a player who has not drawn on this draw plays without drawing."""
    if finding.subject.wager is not None:
        stand_as_made(r, finding)
        return
    name = finding.player
    state = r.state
    if name is not None and state.phase is Phase.DRAW and state.seats[name].drew < state.draw_index:
        state.seats[name].drew = state.draw_index


def hand_corrected(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``hand-corrected``: the count is put right — ``from-pack`` (missing cards from the top, extra
    ones back on top), ``discard-surplus`` (the extra cards discarded), ``draw-missing`` (the
    missing cards come with his draw; at once for the dealer)."""
    name, held = finding.player, finding.subject.held
    if name is None or held is None:
        return
    how = Correction(verdict.params.get("how", Correction.FROM_PACK))
    size = r.config.hand_size
    if how is Correction.DRAW_MISSING and held < size and name != r.state.dealer:
        r.state.owed_cards[name] = size - held
        fix_count(r, name, held)
        return
    fix_count(r, name, size, back_on_pack=how is Correction.FROM_PACK, counted=finding.subject.counted)


def fix_count(r: Replay, player: str, size: int, *, back_on_pack: bool = True, counted: bool = True) -> None:
    """Bring the hand to ``size`` cards: extra ones (the last dealt) go back, missing ones come.

    ``counted``: the cards he holds were counted off the pack as dealt (a draw's served cards);
    otherwise the pack was counted for a correct hand (the deal, or the number he asked for), so
    an extra card was never counted and a missing one already was.
    """
    state = r.state
    seat = state.seats[player]
    while len(seat.cards) > size:
        card = seat.cards.pop()
        if state.seen_cards.get(card) == player:
            # Back on top of the pack (or thrown away): it may be dealt to someone else.
            del state.seen_cards[card]
        if back_on_pack and counted:
            state.cards_out -= 1
        elif not back_on_pack and not counted:
            state.cards_out += 1  # never counted off the pack, and now thrown away
    while len(seat.cards) < size:
        seat.cards.append(UNKNOWN)
        if counted:
            state.cards_out += 1  # otherwise it was counted with his hand
    seat.cards_known = all(not c.is_unknown for c in seat.cards)


def draw_limited(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``draw-limited``: he is served only the most he may draw; if he threw more, his hand is short,
    and so foul (dead)."""
    serving, name = finding.subject.serving, finding.player
    if serving is None or name is None:
        return
    serving.count = min(serving.count, serving.most)
    if serving.thrown > serving.most:
        kill_hand(r, name)
        r.play_on()
