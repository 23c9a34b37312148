"""Pot remedies: the pot carried to the next deal, reopened after a false opening, forfeit to
the best other hand, or opened by a player's declaration."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from referee.adjudicate import settling
from referee.adjudicate.detect.antes import all_in_for_antes
from referee.adjudicate.remedies.hands import dead_hand, kill_hand
from referee.adjudicate.table import Phase
from referee.money import format_amount
from referee.rulebook.vocabulary import Eligible, Offender, OffenderChips, OthersChips

if TYPE_CHECKING:
    from referee import events as ev
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict

ZERO = Decimal(0)


def pot_carried(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``pot-carried``: the deal ends with no winner; after the returns the parameters name, the pot
    stays for the next deal."""
    carry_pot(
        r,
        finding.player,
        OffenderChips(verdict.params.get("offender_chips", OffenderChips.STAY)),
        OthersChips(verdict.params.get("others_chips", OthersChips.STAY)),
    )


def forfeit_pot(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``forfeit-pot-to-best-legitimate-hand``: the offender's hand is dead and all his chips stay;
    the best hand among the others takes the pot at the showdown (at once if this is the showdown,
    the last one left if only one is); with none left the pot is carried."""
    dead_hand(r, finding)


def pot_reopened(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``pot-reopened``: the false opening is void and betting goes on from the offender's left.

    The offender is out (or may stay with new chips), his chips stay as ``offender_chips`` says;
    the others' bets go back or stand if someone opens. If nobody is left to open it, it is a pot
    nobody opens: carried at once with the same chip rules (bets that would have stood only if
    someone opened go back).
    """
    name = finding.player
    if name is None:
        return
    state = r.state
    offender_chips = OffenderChips(verdict.params.get("offender_chips", OffenderChips.STAY))
    others_chips = OthersChips(verdict.params.get("others_chips", OthersChips.RETURNED))
    if not [other for other in state.live() if other != name]:
        others = OthersChips.STAY if others_chips is OthersChips.STAY else OthersChips.RETURNED
        carry_pot(r, name, offender_chips, others)
        return
    seat = state.seats[name]
    if offender_chips is OffenderChips.RETURNED_EXCEPT_ANTE:
        r.give_back(name, seat.put_in - r.ledger.forced_in(name))
    elif offender_chips is OffenderChips.OPENING_BET_STAYS:
        # Of his chips only his ante and opening bet stay in the pot.
        r.give_back(name, seat.put_in - r.ledger.forced_in(name) - r.state.opening_amount)
    stays = verdict.params.get("offender", Offender.OUT) != Offender.OUT
    if not stays:
        kill_hand(r, name)
    else:
        # Staying in takes new chips: what he put in before is forfeit, dead like an ante, never a
        # bet of his to hand back as uncalled (003 False openers, case 5).
        r.state.forfeited[name] = seat.put_in - r.ledger.forced_in(name)
    if verdict.params.get("eligible", Eligible.NOT_PASSED) == Eligible.NOT_PASSED:
        # Those who passed at their first turn may not open it again (004; 002 [Jacks or Better] 2).
        state.ineligible_openers = {n for n, other in state.seats.items() if other.passed_first_turn}
    for other, other_seat in state.seats.items():
        if other == name or other_seat.put_in_round <= ZERO:
            continue
        if others_chips is OthersChips.RETURNED:
            r.give_back(other, other_seat.put_in_round)
        elif others_chips is OthersChips.STAY_UNLESS_NOBODY_OPENS:
            r.state.reopen_returns[other] = other_seat.put_in_round
    state.opened = False
    state.opener = None
    state.current_bet = ZERO
    state.bets_this_round = 0
    state.last_raise = ZERO
    for each in state.seats.values():
        each.acted = False
        each.checked_round = False
        each.put_in_round = ZERO
    if stays:
        # He may stay in (with new chips) if another opens, but he cannot open it himself: his
        # turn to open is gone, so the round ends with the others' (003 False openers, case 6).
        seat.acted = True
    state.last_actor = name
    state.phase = Phase.BETTING
    r.state.reopened = True


def still_unopened(r: Replay) -> bool:
    """A pot ruled ``pot-reopened`` that nobody has opened since."""
    return r.state.reopened and not r.state.opened and r.state.phase is Phase.BETTING


def nobody_reopened(r: Replay, event: ev.Event) -> None:
    """``pot-reopened``, its last clause: the table moved on (to the draw) and nobody opened the pot
    again, so it is a pot nobody opened ("If no one can open, the rest of the pot remains for the
    next deal", 004 False openers, paragraph 2): the bets that stood only if someone opened go
    back, and the rest stays for the next deal. Never a draw on a pot nobody opened."""
    r.note(event, "nobody opened the pot again, so there is no draw: the pot stays for the next deal")
    settling.pass_out(r)


def carry_pot(
    r: Replay, offender: str | None, offender_chips: OffenderChips, others_chips: OthersChips
) -> None:
    """End the deal with no winner; returns as the parameters say, the rest stays for next deal."""
    state = r.state
    # Bets of this deal, as they stand before anything goes back (what was called is measured here).
    placed = {name: seat.put_in - r.ledger.forced_in(name) for name, seat in state.seats.items()}
    for name in state.seats:
        bets = placed[name]
        if name == offender:
            called = max((amount for other, amount in placed.items() if other != name), default=ZERO)
            if offender_chips is OffenderChips.RETURNED_EXCEPT_ANTE and bets > ZERO:
                r.give_back(name, bets)
            elif offender_chips is OffenderChips.UNCALLED_RETURNED and bets > called:
                r.give_back(name, bets - called)
            elif offender_chips is OffenderChips.OPENING_BET_STAYS:
                back = bets - (r.state.opening_amount if state.opener == name else ZERO)
                if back > ZERO:
                    r.give_back(name, back)
        elif others_chips is OthersChips.RETURNED and bets > ZERO:
            r.give_back(name, bets)
    settling.carry(r, "the pot was carried to the next deal")


def declared_open(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``declared-open``: the pot counts as opened by the declarer, who must prove openers to win
    it; the bets in the pot stand (none go back if nobody else opens) and betting goes on."""
    name = finding.player
    if name is None:
        return
    state = r.state
    seat = state.seats[name]
    if (
        state.phase is Phase.BETTING
        and state.round_index == 0
        and state.current_bet == ZERO
        and r.state.opening_amount > ZERO
        and state.expected_actor() == name
        and (seat.stack is None or seat.stack > ZERO)
    ):
        # Declared at his turn, it is his opening: the opening bet that stays in the pot is the bet
        # of the round, which he puts in and every caller then owes, and the turn passes to his
        # left. A line of his restating it ("Cy bets 2") is that same opening, already counted.
        # (A player all in for the antes opens without chips: see detect.antes.)
        r.bet_to(name, r.state.opening_amount)
        r.state.absorb.add(name)
    for_antes = all_in_for_antes(r, name)
    state.opened = True
    state.opener = name
    state.ineligible_openers = set()
    r.state.openers_proven.discard(name)
    r.state.reopen_returns.clear()  # the pot is open again: bets left standing count
    if for_antes:
        # All in for the antes, he opens with no chip of his: the bet the others face is the full
        # opening bet all the same (002 Rules for Draw High, item 12).
        opening_for_the_antes(r, finding.event, name)


def opening_for_the_antes(r: Replay, event: ev.Event, name: str) -> None:
    """The pot opened by a player all in for the antes: he put in nothing, yet the bet the others
    face is the full opening bet (002 Draw High item 12), and his turn is taken."""
    if not r.enter_betting():
        return
    state = r.state
    if state.phase is not Phase.BETTING or state.current_bet > ZERO:
        return
    least, _most = r.state.bet_bounds(name)
    size = least if least is not None and least > ZERO else r.config.ante
    if size <= ZERO:
        return
    state.current_bet = size
    state.last_raise = max(state.last_raise, size)
    state.bets_this_round += 1
    state.last_aggressor = name
    r.state.opening_amount = size
    seat = state.seats[name]
    seat.acted = True
    state.count_action(name)
    for other, other_seat in state.seats.items():
        if other != name:
            other_seat.acted = False
    r.state.declared_for_antes = name
    r.note(event, f"the opening bet callers owe is {format_amount(size)}")
    r.after_action()
