"""Irregularities: spot them, ask the rulebook, and apply its remedy to the hand.

Each public function here handles one kind of finding for the replay: it computes the facts the
kind's decision table tests (what the table knew at that line), asks the rulebook through
``Replay.rule``, then patches the state as the remedy's docstring in
``referee.rulebook.vocabulary`` says, and words the ruling's explanation for the table.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from referee import events as ev
from referee import facts as fx
from referee.cards import UNKNOWN, Card
from referee.ruling import Outcome, money
from referee.state import Phase

if TYPE_CHECKING:
    from referee.replay import Pending, Replay, Verdict

ZERO = Decimal(0)


def _chips(value: Decimal) -> str:
    return f"{money(value)} chip" + ("" if value == 1 else "s")


# --- deal-level remedies -------------------------------------------------------------------------


def apply_misdeal(r: Replay, verdict: Verdict, why: str, dealt_by: str | None = None) -> str:
    """Void the deal: bets go back, antes stay (or go back), the redeal by the rulebook's dealer.

    ``dealt_by`` is who actually dealt when it was not the player whose deal it was (a wrong
    dealer): ``redeal: same-dealer`` has him deal again, ``proper-dealer`` the header's dealer.
    """
    state = r.state
    refund_antes = verdict.params.get("antes") == "refund"
    ledger = r.ledger
    for name, seat in state.seats.items():
        back = seat.put_in if refund_antes else seat.put_in - ledger.forced_in(name)
        if seat.credit:
            seat.credit = ZERO
        if back > ZERO:
            r.give_back(name, back)
    ledger.carry_deal()  # the antes (and blinds) stay in the middle for the redeal
    if refund_antes:
        for name in ledger.players:
            share = ledger.share(name)
            if share > ZERO and ledger.carried >= share:
                ledger.refund(name, share)
    state.misdeals_by_dealer += 1
    redeal = verdict.params.get("redeal", "same-dealer")
    passes = r.config.deal_passes_after_misdeals
    passed_on = passes is not None and state.misdeals_by_dealer >= passes
    r.next_dealer_after_misdeal = redeal == "next-dealer" or passed_on
    r.outcome = Outcome.MISDEAL
    r.void_reason = "after the misdeal"
    state.phase = Phase.OVER
    r.pending.clear()
    who = "the next dealer" if r.next_dealer_after_misdeal else f"{state.dealer} again"
    if dealt_by is not None and dealt_by != state.dealer and not r.next_dealer_after_misdeal:
        if redeal == "same-dealer":
            # The player who dealt deals again, from his own seat: the button moves to him.
            state.dealer = dealt_by
            who = f"{dealt_by} again"
        else:
            who = f"{state.dealer}, whose deal it was"
    returned = "everything goes back" if refund_antes else "bets go back, antes stay in the pot"
    return f"{why}: misdeal — {returned}, and the cards are shuffled and dealt again by {who}."


def apply_refund_all(r: Replay) -> str:
    """Stop play; every chip in the pot goes back to whoever put it in."""
    state = r.state
    for name, seat in state.seats.items():
        seat.credit = ZERO
        r.ledger.refund(name, r.ledger.share(name))
    r.ledger.carry_deal()  # nothing of this deal is left once everyone has his chips back
    r.outcome = Outcome.MISDEAL
    r.void_reason = "play stopped for the imperfect pack"
    state.phase = Phase.OVER
    r.pending.clear()
    return "play stops at once and every player takes back what they put into the pot."


def kill_hand(r: Replay, name: str, chips: str = "stay") -> None:
    """The hand is dead; its chips stay (or all but ante and opening bet go back)."""
    state = r.state
    seat = state.seats[name]
    if seat.credit:
        seat.credit = ZERO
    r.pending.pop(name, None)
    if chips == "opening-bet-stays":
        keep_opening_bet(r, name)
    was_expected = state.phase is Phase.BETTING and state.expected_actor() == name
    state.kill(name)
    seat.acted = True
    if was_expected:
        state.last_actor = name
    r.dead_hands_found.add(name)


def keep_opening_bet(r: Replay, name: str) -> None:
    """``chips: opening-bet-stays``: while the action before the draw is not complete, a dead hand's
    bets go back except his ante and (for the opener) the opening bet."""
    state = r.state
    if state.round_index != 0 or state.phase is not Phase.BETTING:
        return
    opening = (r.opening_amount or state.last_raise) if state.opener == name else ZERO
    r.give_back(name, state.seats[name].put_in - r.ledger.forced_in(name) - opening)


def dead_chips(verdict: Verdict) -> str:
    """The ``chips`` parameter of a hand-dead row (stay when the remedy has none)."""
    return verdict.params.get("chips", "stay")


def last_player_standing(r: Replay, winner: str) -> None:
    """Everyone else is out: the last hand takes the pot without a showdown.

    An opener who still owes proof of openers is paid only once he shows them (or the log moves
    on without anyone asking): the table learns of false openers at that moment.
    """
    state = r.state
    if r.config.openers != "anything" and winner == state.opener and winner not in r.openers_proven:
        r.awaiting_openers = winner
        return
    r.award_uncontested(winner)


def carry_pot(r: Replay, verdict: Verdict, offender: str | None) -> str:
    """End the deal with no winner; returns as the parameters say, the rest stays for next deal."""
    state = r.state
    offender_chips = verdict.params.get("offender_chips", "stay")
    others_chips = verdict.params.get("others_chips", "stay")
    returned: list[str] = []
    for name, seat in state.seats.items():
        bets = seat.put_in - r.ledger.forced_in(name)
        if name == offender:
            if offender_chips == "returned-except-ante" and bets > ZERO:
                r.give_back(name, bets)
                returned.append(f"{name} takes back {_chips(bets)} of bets")
            elif offender_chips == "opening-bet-stays":
                opening = _opening_bet(r, name)
                back = bets - opening
                if back > ZERO:
                    r.give_back(name, back)
                    returned.append(f"{name} takes back {_chips(back)} beyond the opening bet")
        elif others_chips == "returned" and bets > ZERO:
            r.give_back(name, bets)
            returned.append(f"{name} takes back {_chips(bets)}")
    r.carry("the pot was carried to the next deal")
    tail = ("; " + ", ".join(returned)) if returned else ""
    return f"nobody wins this deal: {_chips(state.pot())} stay in the pot for the next deal{tail}."


def _opening_bet(r: Replay, name: str) -> Decimal:
    return r.opening_amount if r.state.opener == name else ZERO


# --- the deal ------------------------------------------------------------------------------------


def cut(r: Replay, event: ev.CutIrregularity) -> None:
    problem = {
        ev.CutProblem.NOT_OFFERED: "not-offered",
        ev.CutProblem.NOT_CUT: "not-cut",
        ev.CutProblem.EXPOSED_IN_CUT: "exposed-in-cut",
    }[event.problem]
    verdict = r.rule(
        "cut-irregularity",
        event,
        {"cut_problem": problem},
        lambda v: _deal_explanation(v, f"the pack was {event.problem.value.replace('cut ', 'cut: ')}"),
    )
    _deal_remedy(r, verdict, f"{event.problem.value}", event)


def _deal_explanation(verdict: Verdict, what: str) -> str:
    words = {
        "misdeal": f"{what}, so the deal is void and the cards are dealt again.",
        "play-on": f"{what}, but the deal stands and play goes on.",
        "hand-stands": f"{what}, but the deal stands and play goes on.",
        "refund-all": f"{what}: play stops and every player takes back what they put in.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


def _deal_remedy(r: Replay, verdict: Verdict, why: str, event: ev.Event, dealt_by: str | None = None) -> None:
    if verdict.remedy == "misdeal":
        apply_misdeal(r, verdict, why, dealt_by)
        r.note(event, "misdeal")
    elif verdict.remedy == "refund-all":
        apply_refund_all(r)
        r.note(event, "play stops; everything is refunded")
    else:
        r.note(event, verdict.remedy)


def wrong_dealer(r: Replay, event: ev.WrongDealer) -> None:
    verdict = r.rule(
        "wrong-dealer",
        event,
        {},
        lambda v: _deal_explanation(v, f"{event.player} dealt out of turn"),
    )
    _deal_remedy(r, verdict, f"{event.player} dealt out of turn", event, dealt_by=event.player)


def misdeal_called(r: Replay, event: ev.Event) -> None:
    state = r.state
    verdict = r.rule(
        "misdeal",
        event,
        {"misdeals_by_this_dealer": state.misdeals_by_dealer},
        lambda v: (
            _deal_explanation(v, "the table called a misdeal")
            if v.remedy != "misdeal"
            else "the table called a misdeal and the rule upholds it: bets go back and the cards are "
            "dealt again."
        ),
    )
    _deal_remedy(r, verdict, "the table called a misdeal", event)


def wrong_count(r: Replay, event: ev.Event, player: str, count: int) -> None:
    state = r.state
    size = r.config.hand_size
    if count == size:
        r.note(event, "")
        return
    if state.draw_index > 0 and state.phase is not Phase.DRAW:
        foul_hand(r, event, player, count, collected=False)
        return
    seat = state.seats[player]
    if state.phase is Phase.DRAW:
        # Found on the draw, it is the draw that went wrong: the dealer served the wrong number.
        verdict = r.rule(
            "draw-irregularity",
            event,
            {
                **_draw_facts(r, player, "wrong-number-given"),
                "extra_or_short": "extra" if count > size else "short",
                "player_looked": False,
            },
            _explainer(player, f"{player} was served the wrong number of cards ({count} in hand)"),
        )
        _apply_count_remedy(r, verdict, player, count, f"{player} holds {count} cards")
        r.note(event, verdict.remedy)
        return
    facts = {
        "extra_or_short": "extra" if count > size else "short",
        "cards_off_by": abs(count - size),
        "player_looked": seat.acted or seat.drew > 0,
        "is_dealer": player == state.dealer,
    }
    what = f"{player} was dealt {count} cards instead of {size}"
    verdict = r.rule("wrong-card-count", event, facts, lambda v: _count_explanation(v, what, player))
    _apply_count_remedy(r, verdict, player, count, what)
    r.note(event, verdict.remedy)


def _apply_count_remedy(r: Replay, verdict: Verdict, player: str, count: int, what: str) -> None:
    remedy = verdict.remedy
    size = r.config.hand_size
    if remedy == "misdeal":
        apply_misdeal(r, verdict, what)
    elif remedy == "hand-dead":
        kill_hand(r, player, verdict.params.get("chips", "stay"))
        r.after_action()
    elif remedy == "hand-corrected":
        how = verdict.params.get("how", "from-pack")
        if how == "draw-missing" and count < size and player != r.state.dealer:
            # He is dealt the missing cards with his draw.
            r.owed_cards[player] = size - count
            _fix_count(r, player, count)
        else:
            _fix_count(r, player, size, back_on_pack=how == "from-pack", counted=False)


def _count_explanation(verdict: Verdict, what: str, player: str) -> str:
    words = {
        "misdeal": f"{what}; it is a misdeal and the cards are dealt again.",
        "hand-dead": f"{what}; {player}'s hand is dead and the chips stay in the pot.",
        "hand-corrected": f"{what}; the count is put right and play goes on.",
        "play-on": f"{what}; play goes on with the hand as it is.",
        "hand-stands": f"{what}; the hand plays as it is.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


def _fix_count(r: Replay, player: str, size: int, *, back_on_pack: bool = True, counted: bool = True) -> None:
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


def imperfect_pack(r: Replay, event: ev.Event, card: Card, what: str) -> None:
    state = r.state
    collected = r.outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) and state.phase is Phase.OVER
    facts = {"phase": fx.phase(state, collected=collected)}
    verdict = r.rule(
        "imperfect-pack",
        event,
        facts,
        lambda v: _deal_explanation(v, f"the pack is imperfect ({what})"),
    )
    if collected:
        r.note(event, "the pot was already collected")
        return
    _deal_remedy(r, verdict, f"the pack is imperfect ({what})", event)


# --- exposed cards -------------------------------------------------------------------------------


def exposed(r: Replay, event: ev.CardExposed) -> None:
    state = r.state
    stage = fx.stage(state)
    owner = event.owner if event.owner is not None else (None if event.by_dealer else event.by)
    exposer = state.dealer if event.by_dealer else event.by
    if owner is None:
        whose = "nobody"
    elif owner == exposer:
        whose = "own"
    else:
        whose = "other-player"
    state.exposed[stage] = state.exposed.get(stage, 0) + 1
    hand_key = (stage, owner or "")
    if owner:
        state.exposed_to[hand_key] = state.exposed_to.get(hand_key, 0) + 1
    facts = {
        "caused_by": "dealer" if event.by_dealer else "player",
        "whose_card": whose,
        "exposed_in_phase": state.exposed[stage],
        "exposed_to_this_hand": state.exposed_to.get(hand_key, 1 if owner else 0) or 1,
    }
    if owner:
        r.track_cards(event, owner, (event.card,))
        if state.phase is Phase.OVER:
            return
    card = event.card.symbol()
    holder = f"{owner}'s {card}" if owner else card
    who = "the dealer" if event.by_dealer else event.by
    what = f"{who} exposed {holder}"
    verdict = r.rule("exposed-card", event, facts, lambda v: _exposed_explanation(v, what, owner, card))
    _apply_card_remedy(r, verdict, event, owner, event.card, what)


def face_up_in_pack(r: Replay, event: ev.CardFaceUpInPack) -> None:
    state = r.state
    stage = fx.stage(state)
    state.exposed[stage] = state.exposed.get(stage, 0) + 1
    # On the draw the card was due to the next player to be served; on the deal nobody can say.
    due = state.next_to_draw() if state.phase is Phase.DRAW else None
    hand_key = (stage, due or "")
    state.exposed_to[hand_key] = state.exposed_to.get(hand_key, 0) + 1
    facts = {
        "exposed_in_phase": state.exposed[stage],
        "exposed_to_this_hand": state.exposed_to[hand_key],
        "to_dealer": due == state.dealer,
    }
    what = f"{event.card.symbol()} was found face up in the pack"
    verdict = r.rule("card-face-up-in-pack", event, facts, lambda v: _exposed_explanation(v, what, None, ""))
    _apply_card_remedy(r, verdict, event, None, event.card, what)


def _exposed_explanation(verdict: Verdict, what: str, owner: str | None, card: str) -> str:
    replace = verdict.params.get("replace", "immediately")
    when = "at once" if replace == "immediately" else "after everyone else has drawn"
    words = {
        "misdeal": f"{what}; it is a misdeal and the cards are dealt again.",
        "play-on": f"{what}; the deal stands and play goes on.",
        "card-kept": f"{what}; {owner or 'the player'} must keep {card or 'it'}.",
        "card-dead": f"{what}; the card is out of play and {owner or 'the player due it'} "
        f"gets another {when}.",
        "hand-dead": f"{what}; {owner or 'the player'}'s hand is dead.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


def _apply_card_remedy(
    r: Replay, verdict: Verdict, event: ev.Event, owner: str | None, card: Card, what: str
) -> None:
    remedy = verdict.remedy
    state = r.state
    if remedy == "misdeal":
        apply_misdeal(r, verdict, what)
    elif remedy == "refund-all":
        apply_refund_all(r)
    elif remedy == "card-dead" and owner:
        seat = state.seats[owner]
        if card in seat.cards:
            seat.cards[seat.cards.index(card)] = UNKNOWN
            seat.cards_known = False
        state.seen_cards[card] = "dead"
        if verdict.params.get("replace") == "after-draw" and state.phase is Phase.DRAW:
            # Replaced once everyone else has been served: the next cards off the pack go on.
            state.replacements_owed.append((state.draw_index, owner))
        else:
            state.cards_out += 1
    elif remedy == "hand-dead" and owner:
        kill_hand(r, owner, verdict.params.get("chips", "stay"))
        r.after_action()
    r.note(event, remedy)


# --- betting -------------------------------------------------------------------------------------


def _action_word(event: ev.Event) -> str:
    if isinstance(event, ev.Check):
        return "check"
    if isinstance(event, ev.Call):
        return "call"
    if isinstance(event, ev.Raise):
        return "raise"
    return "bet"


def _intended_total(r: Replay, event: ev.Event, name: str) -> Decimal:
    """The total this round ``event`` would bring the player to."""
    state = r.state
    seat = state.seats[name]
    if isinstance(event, ev.Bet | ev.Open):
        base = max(seat.put_in_round, state.current_bet) if state.current_bet else seat.put_in_round
        return base + event.amount
    if isinstance(event, ev.Raise):
        return event.amount if event.to else state.current_bet + event.amount
    if isinstance(event, ev.Call):
        if event.amount is not None:
            return seat.put_in_round + seat.credit + event.amount
        return state.current_bet
    if isinstance(event, ev.AllIn):
        return seat.put_in_round + seat.credit + (seat.stack or ZERO)
    return seat.put_in_round


def out_of_turn(r: Replay, event: ev.Event, name: str) -> None:
    """An action before the player's turn: the chips go in now; the ruling waits for his turn."""
    state = r.state
    seat = state.seats[name]
    action = _action_word(event)
    total = _intended_total(r, event, name)
    chips = max(ZERO, total - seat.put_in_round - seat.credit)
    if isinstance(event, ev.Call) and event.amount is None:
        chips = state.to_call(name)
    if isinstance(event, ev.AllIn):
        action = "raise" if total > state.current_bet else "call"
        if state.current_bet == ZERO:
            action = "bet"
    paid = r.pay(name, chips, betting=False) if chips else ZERO
    seat.credit += paid
    previous = r.pending.get(name)
    if previous is not None:
        previous.chips += paid
        r.note(event, "out of turn again")
        return
    from referee.replay import Pending

    r.pending[name] = Pending(event, action, paid, state.bets_this_round)
    expected = state.expected_actor()
    r.note(event, f"out of turn: it was {expected}'s turn" if expected else "out of turn")


def decide_out_of_turn(r: Replay, name: str) -> None:
    """The offender's proper turn has come (or the round ended): rule and apply."""
    pending = r.pending.pop(name, None)
    if pending is None:
        return
    state = r.state
    seat = state.seats[name]
    facing = max(ZERO, state.current_bet - seat.put_in_round)
    facts = {
        "action": pending.action,
        "previous_bet_vs_out_of_turn": fx.compare_bet(facing, pending.chips),
        "action_changed": state.bets_this_round > pending.bets_then,
    }
    if pending.verbal:
        verdict = r.rule(
            "verbal-bet",
            pending.event,
            {"in_turn": False, "action_changed": facts["action_changed"]},
            lambda v: _verbal_explanation(v, name, pending),
        )
        if verdict.remedy == "verbal-binding" and state.phase is Phase.BETTING and seat.in_hand:
            _perform_said(r, name, pending)
        return
    verdict = r.rule(
        "out-of-turn",
        pending.event,
        facts,
        lambda v: _out_of_turn_explanation(v, name, pending, facing),
    )
    _apply_out_of_turn(r, verdict, name, pending, facing)


def _apply_out_of_turn(r: Replay, verdict: Verdict, name: str, pending: Pending, facing: Decimal) -> None:
    state = r.state
    seat = state.seats[name]
    remedy = verdict.remedy
    if not seat.in_hand or state.phase is not Phase.BETTING:
        # The round ended before his turn came: the chips he put in stay where they are.
        if seat.credit and seat.in_hand and state.phase is not Phase.OVER:
            seat.credit = ZERO
        return
    if remedy == "bet-withdrawn":
        _return_credit(r, name)
        return
    if remedy == "options":
        if verdict.params.get("on_drop") == "chips-returned":
            # Chips he would get back on a drop, and that count toward a call or raise: the same as
            # having them back in his stack now.
            _return_credit(r, name)
        return  # his next line decides; the chips (if they stay) count toward it
    if remedy == "raise-not-allowed":
        if pending.action == "check" and state.can_check(name):
            # Nobody bet before his turn: the check stands, and later in the round he is free.
            state.check(name)
            r.absorb.add(name)
            r.after_action()
            return
        seat.no_raise = True  # facing a bet at his proper turn: call or drop, no raise
        if seat.credit:
            r.call(name)
            r.absorb.add(name)
        r.after_action()
        return
    if remedy == "hand-dead":
        kill_hand(r, name, verdict.params.get("chips", "stay"))
        r.after_action()
        return
    if pending.action == "check":
        if state.can_check(name):
            state.check(name)
            r.absorb.add(name)
            r.after_action()
        return
    if remedy == "bet-stands-as-call" or (remedy in ("bet-stands", "play-on") and pending.chips <= facing):
        if seat.credit >= facing or seat.stack == ZERO:
            r.call(name)
            r.absorb.add(name)
            r.after_action()
        return
    if remedy in ("bet-stands-as-raise", "bet-stands", "play-on"):
        r.bet_to(name, seat.put_in_round + seat.credit)
        r.absorb.add(name)
        r.after_action()


def _return_credit(r: Replay, name: str) -> None:
    """Out-of-turn chips go back to the player; his chips in this round's betting are untouched."""
    seat = r.state.seats[name]
    back, seat.credit = seat.credit, ZERO
    in_round = seat.put_in_round
    r.give_back(name, back)
    seat.put_in_round = in_round  # the credit was never part of this round's bets


def _out_of_turn_explanation(verdict: Verdict, name: str, pending: Pending, facing: Decimal) -> str:
    chips = _chips(pending.chips)
    remedy = verdict.remedy
    if pending.action == "check":
        return {
            "raise-not-allowed": f"{name} checked out of turn: the check stands and no raise is "
            "allowed this round.",
            "bet-stands": f"{name} checked out of turn: the check stands.",
            "play-on": f"{name} checked out of turn: no penalty; the turn comes round as usual.",
            "bet-withdrawn": f"{name} checked out of turn: it counts for nothing.",
        }.get(remedy, f"{name} checked out of turn: {verdict.summary}")
    words = {
        "bet-stands": f"{name}'s {chips} stay in the pot and stand as that {pending.action} "
        "when the turn comes.",
        "bet-stands-as-call": f"{name}'s {chips} stay in the pot and count as a call.",
        "bet-stands-as-raise": f"{name}'s {chips} stay in the pot and count as a call of {money(facing)} "
        f"and a raise of {money(max(ZERO, pending.chips - facing))}.",
        "options": f"{name}'s {chips} stay in the pot; at {name}'s turn: drop (losing them), call or raise."
        if verdict.params.get("on_drop") != "chips-returned"
        else f"{name} may drop (taking back the {chips}), call or raise at {name}'s turn.",
        "bet-withdrawn": f"{name} takes back the {chips} and acts freely in turn.",
        "raise-not-allowed": f"{name}'s {chips} count as a call; no raise this round.",
        "hand-dead": f"{name} acted out of turn; the hand is dead and the {chips} stay in the pot.",
        "play-on": f"{name}'s {chips} stand as put in.",
    }
    return words.get(remedy, f"{name} acted out of turn: {verdict.summary}")


def in_turn_action(r: Replay, event: ev.Event, name: str) -> None:
    """A betting action in turn: check the amount against the limit and cap, then apply."""
    state = r.state
    seat = state.seats[name]
    if isinstance(event, ev.Check):
        if not state.can_check(name):
            owed = state.to_call(name)
            verdict = r.rule(
                "check-facing-bet",
                event,
                {},
                lambda v: (
                    f"{name} checked with {_chips(owed)} to call; "
                    + (
                        "that is a fold: the hand is dead and the chips stay in the pot."
                        if v.remedy == "hand-dead"
                        else "the check does not count and the turn stays with him."
                    )
                ),
            )
            if verdict.remedy == "hand-dead":
                if dead_chips(verdict) == "opening-bet-stays":
                    keep_opening_bet(r, name)
                r.fold(name)
                r.note(event, "a check facing a bet: folded")
            else:
                r.note(event, "a check facing a bet does not count")
            return
        state.check(name)
        r.note(event, "")
        return
    total = _intended_total(r, event, name)
    if isinstance(event, ev.Call):
        _call(r, event, name, total)
        return
    stack_total = seat.put_in_round + seat.credit + (seat.stack if seat.stack is not None else total)
    all_in = seat.stack is not None and total >= stack_total
    if all_in:
        total = stack_total
    added = total - state.current_bet
    least, most = r.bet_bounds(name)
    most = _jackpot_most(r, most)
    unopened = isinstance(event, ev.Bet | ev.Open) and not state.opened
    action = "bet" if state.current_bet == ZERO or unopened else "raise"
    if isinstance(event, ev.Raise):
        action = "raise"
    if added <= ZERO:
        r.call(name)
        r.note(event, "counts as a call")
        return
    barred = _barred_by(r, name, action)
    if barred is not None and not (seat.no_raise and action == "raise"):
        verdict = r.rule(
            "over-limit",
            event,
            {"action": action, "barred_by": barred},
            lambda v: _barred_explanation(v, name, action, barred),
        )
        if _apply_barred(r, verdict, event, name):
            return
    cap = r.config.raise_cap
    live = len(state.live())
    capped = (
        cap is not None
        and action == "raise"
        and state.bets_this_round >= cap
        and not (live == 2 and not r.config.cap_heads_up and not state.capped_multiway)
    )
    if seat.no_raise and action == "raise":
        r.call(name)
        r.note(event, f"{name} may not raise this round; counted as a call")
        return
    if capped:
        verdict = r.rule(
            "raise-cap",
            event,
            {},
            lambda v: _cap_explanation(v, name, cap or 0),
        )
        if verdict.remedy in ("raise-not-allowed", "bet-stands-as-call", "excess-returned"):
            r.call(name)
            r.note(event, "the raise is over the cap; it stands as a call")
            r.after_action()
            return
        _do_bet(r, event, name, total)
        return
    if most is not None and added > most and not all_in:
        verdict = r.rule(
            "over-limit",
            event,
            {"action": action, "barred_by": "limit"},
            lambda v: _over_explanation(v, name, added, most),
        )
        if verdict.remedy in ("excess-returned", "bet-stands-as-call", "raise-not-allowed"):
            total = state.current_bet + most
            if verdict.remedy != "excess-returned":
                total = state.current_bet
        elif verdict.remedy == "bet-withdrawn":
            r.note(event, "the bet is taken back")
            return
        elif verdict.remedy == "hand-dead":
            kill_hand(r, name, dead_chips(verdict))
            r.note(event, "hand dead")
            return
        _do_bet(r, event, name, total)
        return
    if least is not None and added < least and not all_in:
        full = least
        verdict = r.rule(
            "short-bet",
            event,
            {"action": action, "at_least_half": fx.at_least_half(added, full)},
            lambda v: _short_explanation(v, name, action, added, full),
        )
        remedy = verdict.remedy
        if remedy == "must-complete":
            chips = total - seat.put_in_round - seat.credit
            _owe_completion(r, event, name, chips, state.current_bet + full)
            return
        if remedy in ("bet-stands-as-call", "raise-not-allowed") and action == "raise":
            r.call(name)
            r.note(event, "short raise: counts as a call")
            r.after_action()
            return
        elif remedy == "hand-dead":
            r.bet_to(name, total)
            kill_hand(r, name, dead_chips(verdict))
            r.note(event, "short bet: hand dead, chips stay")
            return
        elif remedy == "bet-withdrawn":
            r.note(event, "the short bet is taken back")
            return
        _do_bet(r, event, name, total)
        return
    _do_bet(r, event, name, total)


def _jackpot_most(r: Replay, most: Decimal | None) -> Decimal | None:
    """Scarne's Jack Pot: after a passed-out deal, the opening bet (and each bet after the draw) may
    be as much as the antes in the pot, when that is more than the limit (000 Optional Betting
    Limits at Draw Poker, Jack Pot)."""
    state = r.state
    if not r.config.jackpot_limit or most is None or not r.passed_in_a_row:
        return most
    if state.round_index == 0 and state.opened:
        return most  # raises before the draw keep the table's limit
    antes = state.dead_money + r.ledger.forced_total()
    return max(most, antes)


def _barred_by(r: Replay, name: str, action: str) -> str | None:
    """What in the game's customs allows this player no bet or raise here, if anything."""
    state = r.state
    seat = state.seats[name]
    config = r.config
    if action == "raise" and not config.check_raise and seat.checked_round:
        return "check-raise"
    if (
        action == "raise"
        and not config.blind_may_raise
        and state.round_index == 0
        and state.blind_posters
        and name == state.biggest_blind()
        and state.current_bet <= seat.put_in_round
    ):
        return "blind-option"
    if action == "bet" and state.round_index == 0 and not state.opened and name in state.ineligible_openers:
        return "not-eligible"
    return None


def _apply_barred(r: Replay, verdict: Verdict, event: ev.Event, name: str) -> bool:
    """Apply the row for a barred bet or raise; False when it stands and the usual checks follow."""
    state = r.state
    remedy = verdict.remedy
    if remedy in ("raise-not-allowed", "bet-stands-as-call", "excess-returned"):
        # He may add nothing: the action stands as a call, or as a check when there is nothing to call.
        if state.can_check(name) and not state.seats[name].credit:
            state.check(name)
            r.note(event, "stands as a check")
        else:
            r.call(name)
            r.note(event, "stands as a call")
        r.after_action()
        return True
    if remedy == "bet-withdrawn":
        r.note(event, "the bet is taken back")
        return True
    if remedy == "hand-dead":
        kill_hand(r, name, dead_chips(verdict))
        r.note(event, "hand dead")
        r.after_action()
        return True
    return False


def _barred_explanation(verdict: Verdict, name: str, action: str, barred: str) -> str:
    why = {
        "check-raise": f"{name} checked earlier in this round and this game bars check-raising",
        "blind-option": f"{name}'s blind was only called and this game gives the blind no option to raise",
        "not-eligible": f"{name} passed at his first turn, so he may not open the reopened pot",
    }[barred]
    words = {
        "raise-not-allowed": f"{why}; the {action} stands as a call (a check if there is nothing to call).",
        "excess-returned": f"{why}; he may add nothing, so the chips go back and the {action} stands as a "
        "call (a check if there is nothing to call).",
        "bet-stands-as-call": f"{why}; the {action} stands as a call.",
        "bet-withdrawn": f"{why}; the {action} is taken back.",
        "hand-dead": f"{why}; the hand is dead.",
        "bet-stands": f"{why}, but the {action} stands.",
        "play-on": f"{why}, but the {action} stands.",
    }
    return words.get(verdict.remedy, f"{why}: {verdict.summary}")


def _do_bet(r: Replay, event: ev.Event, name: str, total: Decimal) -> None:
    state = r.state
    opening = state.round_index == 0 and not state.opened
    dropped = len(state.dropped_by_passing)
    r.bet_to(name, total)
    out = state.dropped_by_passing[dropped:]
    cap = r.config.raise_cap
    if cap is not None and state.bets_this_round >= cap and len(state.live()) > 2:
        state.capped_multiway = True
    if opening and state.opened and state.opener == name:
        r.opening_amount = state.current_bet
        r.reopen_returns.clear()  # the pot is open again: bets left standing count
    if isinstance(event, ev.Open) and state.round_index == 0 and state.opener is None:
        state.opener = name
        state.opened = True
    # Pass and out: those who passed before the first bet have dropped (004 Pass and Out).
    r.note(
        event,
        f"pass and out: {', '.join(out)} passed and {'is' if len(out) == 1 else 'are'} out" if out else "",
    )


def _call(r: Replay, event: ev.Call, name: str, total: Decimal) -> None:
    state = r.state
    seat = state.seats[name]
    owed = state.current_bet - seat.put_in_round - seat.credit
    stack = seat.stack
    if event.amount is not None and event.amount < owed and (stack is None or event.amount < stack):
        verdict = r.rule(
            "short-bet",
            event,
            {"action": "call", "at_least_half": False},
            lambda v: _short_explanation(v, name, "call", event.amount or ZERO, owed),
        )
        remedy = verdict.remedy
        if remedy == "hand-dead":
            r.bet_to(name, seat.put_in_round + seat.credit + (event.amount or ZERO))
            kill_hand(r, name, dead_chips(verdict))
            r.note(event, "short call: hand dead, chips stay")
            r.after_action()
            return
        if remedy == "bet-withdrawn":
            state.fold(name)
            r.note(event, "short call taken back; out of the hand")
            r.after_action()
            return
        _owe_completion(r, event, name, event.amount or ZERO, state.current_bet)
        return
    if seat.put_in_round + seat.credit >= state.current_bet and seat.credit == ZERO:
        state.check(name)
        r.note(event, "nothing to call: counts as a check")
        return
    r.call(name)
    r.note(event, "")


def _owe_completion(r: Replay, event: ev.Event, name: str, chips: Decimal, total: Decimal) -> None:
    """A short bet the rule says must be completed: the chips go in and he still owes the rest.

    He stays the player to act. His next line completes it (``calls``, ``bets``, ``raises``) or
    gives up (``folds``: the hand is dead and his chips stay in); if the log moves on without
    him, the missing chips are added as the rule requires.
    """
    seat = r.state.seats[name]
    paid = r.pay(name, chips, betting=False) if chips > ZERO else ZERO
    seat.credit += paid
    r.completing[name] = total
    r.note(event, f"short: {name} must make it {money(total)}")


def complete_now(r: Replay, name: str) -> None:
    """The log moved on without him: the short bet is made up to the full amount."""
    total = r.completing.pop(name, None)
    if total is None or not r.state.seats[name].in_hand or r.state.phase is not Phase.BETTING:
        return
    r.bet_to(name, total)
    r.after_action()


def _cap_explanation(verdict: Verdict, name: str, cap: int) -> str:
    if verdict.remedy in ("raise-not-allowed", "bet-stands-as-call", "excess-returned"):
        return (
            f"only {cap} bets are allowed in a round; {name}'s raise stands as a call and the extra "
            "chips go back."
        )
    return f"{name} raised past the cap of {cap} bets: {verdict.summary}"


def _over_explanation(verdict: Verdict, name: str, added: Decimal, most: Decimal) -> str:
    words = {
        "excess-returned": f"{name} put in {money(added)} where the limit allows {money(most)}; "
        "the extra goes back and the bet stands at the limit.",
        "bet-stands": f"{name} bet over the limit ({money(added)}, limit {money(most)}); the bet stands.",
        "bet-withdrawn": f"{name} bet over the limit; the bet is taken back.",
    }
    return words.get(verdict.remedy, f"{name} bet over the limit: {verdict.summary}")


def _short_explanation(verdict: Verdict, name: str, action: str, added: Decimal, full: Decimal) -> str:
    words = {
        "must-complete": f"{name}'s {action} of {money(added)} is short of {money(full)}; it must be made "
        "the full amount.",
        "bet-stands-as-call": f"{name}'s short {action} of {money(added)} counts only as a call.",
        "raise-not-allowed": f"{name}'s short {action} of {money(added)} counts only as a call.",
        "hand-dead": f"{name}'s {action} of {money(added)} is short; the hand is dead and the chips "
        "stay in the pot.",
        "bet-stands": f"{name}'s {action} of {money(added)} stands as made.",
        "bet-withdrawn": f"{name}'s short {action} is taken back.",
        "play-on": f"{name}'s {action} of {money(added)} stands as made.",
    }
    return words.get(verdict.remedy, f"{name}'s {action} is short: {verdict.summary}")


def improper_fold(r: Replay, event: ev.Event, name: str, *, in_turn: bool, facing: bool) -> None:
    verdict = r.rule(
        "improper-fold",
        event,
        {"in_turn": in_turn, "bet_facing": facing},
        lambda v: _fold_explanation(v, name, in_turn),
    )
    if verdict.remedy == "bet-withdrawn" or (verdict.remedy == "play-on" and not in_turn):
        r.note(event, "the fold does not count yet")
        return
    if verdict.remedy == "hand-dead" and dead_chips(verdict) == "opening-bet-stays":
        keep_opening_bet(r, name)
    r.fold(name)
    r.note(event, verdict.remedy)


def _fold_explanation(verdict: Verdict, name: str, in_turn: bool) -> str:
    what = f"{name} folded out of turn" if not in_turn else f"{name} folded when a check was free"
    words = {
        "hand-dead": f"{what}; the hand is dead.",
        "play-on": f"{what}; the fold stands."
        if in_turn
        else f"{what}; it does not count until the turn comes round.",
        "hand-stands": f"{what}; the fold stands.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- verbal declarations -------------------------------------------------------------------------


def parse_speech(speech: str) -> object | None:
    """``bet 5``, ``raise 4``, ``raise to 8``, ``call``, ``check``, ``fold`` → a Said; else None."""
    from referee.replay import Said

    words = speech.lower().replace("$", "").split()
    if not words:
        return None
    verb = words[0]
    amount: Decimal | None = None
    to = False
    rest = words[1:]
    if rest and rest[0] == "to":
        to = True
        rest = rest[1:]
    if rest:
        from referee.money import AmountError, parse_amount

        try:
            amount = parse_amount(rest[0])
        except AmountError:
            amount = None
    mapping = {
        "bet": "bet",
        "bets": "bet",
        "open": "bet",
        "opens": "bet",
        "raise": "raise",
        "raises": "raise",
        "call": "call",
        "calls": "call",
        "check": "check",
        "pass": "check",
        "fold": "fold",
        "drop": "fold",
    }
    action = mapping.get(verb)
    if action is None:
        return None
    return Said(action, amount, to)


def verbal(r: Replay, event: ev.Says) -> None:
    from referee.replay import Pending, Said

    state = r.state
    said = parse_speech(event.speech)
    if not isinstance(said, Said) or state.phase is Phase.OVER:
        r.note(event, "")
        return
    if state.phase in (Phase.DEAL, Phase.BEFORE_DEAL, Phase.DRAW):
        r.enter_betting()
    if state.phase is not Phase.BETTING:
        r.note(event, "")
        return
    in_turn = state.expected_actor() == event.player
    if not in_turn:
        r.pending[event.player] = Pending(
            event, said.action, said.amount or ZERO, state.bets_this_round, verbal=True
        )
        r.note(event, "spoken out of turn")
        return
    pending = Pending(event, said.action, said.amount or ZERO, state.bets_this_round, verbal=True)
    verdict = r.rule(
        "verbal-bet",
        event,
        {"in_turn": True, "action_changed": False},
        lambda v: _verbal_explanation(v, event.player, pending),
    )
    if verdict.remedy == "verbal-binding":
        _perform_said(r, event.player, pending)
    r.note(event, verdict.remedy)


def _perform_said(r: Replay, name: str, pending: Pending) -> None:
    state = r.state
    if state.expected_actor() != name:
        return
    if pending.action == "fold":
        r.fold(name)
    elif pending.action == "check":
        if state.can_check(name):
            state.check(name)
    elif pending.action == "call":
        r.call(name)
    else:
        amount = pending.chips
        if pending.action == "bet":
            r.bet_to(name, state.seats[name].put_in_round + amount)
        else:
            r.bet_to(name, state.current_bet + amount)
    r.absorb.add(name)
    r.after_action()


def _verbal_explanation(verdict: Verdict, name: str, pending: Pending) -> str:
    said = pending.action + (f" {money(pending.chips)}" if pending.chips else "")
    if verdict.remedy == "verbal-binding":
        return f'{name} said "{said}": the words are binding and count as the action.'
    if verdict.remedy == "verbal-ignored":
        return f'{name} said "{said}": the words count for nothing.'
    return f'{name} said "{said}": {verdict.summary}'


# --- the draw ------------------------------------------------------------------------------------


def draw(r: Replay, event: ev.Draw) -> None:
    state = r.state
    name = event.player
    seat = state.seats[name]
    if state.phase is not Phase.DRAW:
        if (
            state.phase is Phase.BETTING
            and state.round_complete()
            and state.draw_index < r.config.draws
            and not _pack_too_short(r)
        ):
            state.phase = Phase.DRAW
            state.draw_index += 1
            state.served_this_draw = []
        else:
            r.note(event, "not during a draw")
            return
    _settle_earlier_replacements(r)
    if _serves_fifth_card(r, event):
        return
    expected = state.next_to_draw()
    limit = _max_draw(r, seat.cards, event)
    deck_left = len(r.deck) - state.cards_out - (0 if r.config.bottom_card_dealt else 1)
    findings = False
    if (
        expected is not None
        and expected != name
        and seat.drew < state.draw_index
        and expected not in r.skipped_on_draw
    ):
        skipped = expected
        r.skipped_on_draw.add(skipped)
        verdict = r.rule(
            "draw-irregularity",
            event,
            _draw_facts(r, skipped, "out-of-turn"),
            lambda v: _draw_explanation(v, name, f"{name} drew before {skipped}", skipped),
        )
        findings = True
        r.discarded_waiting.pop(skipped, None)
        if verdict.remedy == "hand-dead":
            kill_hand(r, skipped, dead_chips(verdict))
        elif verdict.remedy == "hand-stands":
            state.seats[skipped].drew = state.draw_index  # he plays the cards he holds
    waiting = r.discarded_waiting.pop(name, None)
    for other, discard in list(r.discarded_waiting.items()):
        if other != name:
            r.discarded_waiting.pop(other)
            verdict = r.rule(
                "draw-irregularity",
                discard,
                {**_draw_facts(r, other, "discarded-not-drawn"), "next_player_served": True},
                _explainer(other, f"{other} discarded and was not served"),
            )
            findings = True
            if verdict.remedy == "hand-dead":
                kill_hand(r, other, dead_chips(verdict))
    count = event.count
    size = r.config.hand_size
    if r.config.one_or_all and count not in (0, 1, size):
        limit = 1  # All for One: one card or all five
    elif r.config.one_or_all and count == size:
        still_to_draw = [n for n in state.live() if n != name and state.seats[n].drew < state.draw_index]
        if deck_left - count < len(still_to_draw):
            limit = 1  # five new cards would leave someone still to draw without one
    if count > limit:
        verdict = r.rule(
            "draw-irregularity",
            event,
            {**_draw_facts(r, name, "over-max"), "extra_or_short": "extra", "player_discarded": True},
            _explainer(name, f"{name} drew {count} cards where {limit} is the most"),
        )
        findings = True
        thrown = len(event.discards) or count
        if verdict.remedy == "draw-limited":
            count = limit
            if thrown > limit:
                # He threw more than he may be served: his hand is short, and so foul.
                kill_hand(r, name)
        elif verdict.remedy == "hand-dead":
            kill_hand(r, name, dead_chips(verdict))
    if count > deck_left:
        verdict = r.rule(
            "deck-exhausted",
            event,
            {},
            lambda v: f"the pack ran out on {name}'s draw; {v.summary or v.remedy}",
        )
        findings = True
        if verdict.remedy == "reshuffle-discards":
            _reshuffle(r, name)
    discards = list(event.discards) or (list(waiting.cards) if waiting else [])
    received = list(event.received)[:count]
    if waiting is not None and not event.discards:
        # The discards were already taken out by the Discard line.
        state.seats[name].cards.extend(received if received else [UNKNOWN] * count)
        state.seats[name].cards_known = all(not c.is_unknown for c in state.seats[name].cards)
    else:
        state.replace_cards(name, discards, count, received)
    owed = r.owed_cards.pop(name, 0)
    thrown = len(event.discards) or (len(waiting.cards) if waiting else 0)
    if r.config.five_four_then_one and not owed and thrown == size and count == size - 1:
        # Five cards are served four at once and the fifth after everyone else (002 item 5).
        state.fifth_owed[name] = 1
        owed = -1
    if event.discards and len(event.discards) + owed != count and not findings:
        off = count - len(event.discards)
        verdict = r.rule(
            "draw-irregularity",
            event,
            {
                **_draw_facts(r, name, "discard-mismatch"),
                "extra_or_short": "extra" if off > 0 else "short",
                "player_discarded": True,
            },
            lambda v: _draw_explanation(
                v, name, f"{name} threw {len(event.discards)} cards and took {count}", name
            ),
        )
        if verdict.remedy == "hand-dead":
            kill_hand(r, name, dead_chips(verdict))
        elif verdict.remedy == "hand-corrected":
            _fix_count(r, name, r.config.hand_size)
    r.track_cards(event, name, event.received)
    state.cards_out += count
    seat.drew = state.draw_index
    state.served_this_draw.append(name)
    r.note(event, "the fifth card comes after everyone else has drawn" if name in state.fifth_owed else "")
    _replace_after_draw(r, event)
    r.after_action()


def _pack_too_short(r: Replay) -> bool:
    """All for One: fewer cards left than players in the hand, so no more drawing (001)."""
    left = len(r.deck) - r.state.cards_out
    return r.config.until_pack_runs_out and left < len(r.state.live())


def _serves_fifth_card(r: Replay, event: ev.Draw) -> bool:
    """``Ann draws 1`` once she has been served four of a five-card draw: the fifth card."""
    state = r.state
    name = event.player
    owed = state.fifth_owed.get(name, 0)
    if not owed or event.discards or event.count != owed or state.seats[name].drew < state.draw_index:
        return False
    del state.fifth_owed[name]
    _pack_check(r, event, name, owed, f"the pack ran out on {name}'s fifth card")
    received = list(event.received)[:owed]
    state.give(name, received or [UNKNOWN] * owed)
    r.track_cards(event, name, event.received)
    state.cards_out += owed
    r.note(event, "the fifth card of a five-card draw")
    _replace_after_draw(r, event)
    return True


def _pack_check(r: Replay, event: ev.Event, name: str, count: int, what: str) -> None:
    """Rule on the pack running out before ``count`` more cards can be dealt to ``name``."""
    state = r.state
    left = len(r.deck) - state.cards_out - (0 if r.config.bottom_card_dealt else 1)
    if count <= left:
        return
    verdict = r.rule("deck-exhausted", event, {}, lambda v: f"{what}; {v.summary or v.remedy}")
    if verdict.remedy == "reshuffle-discards":
        _reshuffle(r, name)


def _replace_after_draw(r: Replay, event: ev.Event) -> None:
    """Once everyone has been served, dead cards of this draw are replaced (``replace: after-draw``)."""
    state = r.state
    if not state.replacements_owed or state.next_to_draw() is not None:
        return
    for _, owner in [item for item in state.replacements_owed if item[0] == state.draw_index]:
        _pack_check(r, event, owner, 1, f"the pack ran out replacing {owner}'s dead card")
        state.cards_out += 1
    state.replacements_owed = [item for item in state.replacements_owed if item[0] != state.draw_index]


def _settle_earlier_replacements(r: Replay) -> None:
    """Dead cards of an earlier draw that ended without the log serving everyone: replaced by now."""
    state = r.state
    earlier = [item for item in state.replacements_owed if item[0] < state.draw_index]
    if earlier:
        state.cards_out += len(earlier)
        state.replacements_owed = [item for item in state.replacements_owed if item[0] >= state.draw_index]


def _reshuffle(r: Replay, drawing: str) -> None:
    """The discards (less those the rulebook keeps out) become the new stub."""
    state = r.state
    excluded = set()
    if "opener" in r.config.reshuffle_excludes and state.opener:
        excluded.add(state.opener)
    if "drawing-player" in r.config.reshuffle_excludes:
        excluded.add(drawing)
    for name, seat in state.seats.items():
        if name in excluded:
            continue
        for card in seat.discarded[seat.reshuffled :]:
            state.cards_out -= 1
            if state.seen_cards.get(card) == "discards":
                del state.seen_cards[card]  # back in the stub: it may be dealt again
        seat.reshuffled = len(seat.discarded)


def _max_draw(r: Replay, cards: list[Card], event: ev.Draw) -> int:
    if r.config.later_max_draw is not None and r.state.draw_index > 1:
        return r.config.later_max_draw  # the draws after the first (001 Two Draws: one or two)
    most = r.config.hand_size if r.config.five_card_draw else r.config.max_draw
    with_ace = r.config.max_draw_with_ace
    if with_ace is not None:
        kept = [c for c in cards if c not in event.discards]
        if any(c.rank is not None and c.rank.value == "A" for c in kept):
            most = max(most, with_ace)
    return most


def _explainer(holder: str, what: str) -> Callable[[Verdict], str]:
    return lambda verdict: _draw_explanation(verdict, holder, what, holder)


def _draw_facts(r: Replay, name: str, problem: str) -> dict[str, object]:
    state = r.state
    seat = state.seats[name]
    return {
        "draw_problem": problem,
        "extra_or_short": "none",
        "player_looked": seat.acted or seat.drew > 0,
        "next_player_served": bool(state.served_this_draw) and state.served_this_draw[-1] != name,
        "player_discarded": name in r.discarded_waiting or bool(seat.discarded),
        "cards_dealt": False,
        "others_acted_on_it": False,
    }


def _draw_explanation(verdict: Verdict, name: str, what: str, holder: str) -> str:
    words = {
        "hand-dead": f"{what}; {holder}'s hand is dead.",
        "hand-stands": f"{what}; the hands stand as they are.",
        "play-on": f"{what}; play goes on.",
        "draw-limited": f"{what}; only the most the rules allow are served.",
        "card-kept": f"{what}; the cards as dealt must be kept.",
        "hand-corrected": f"{what}; the count is put right.",
        "misdeal": f"{what}; it is a misdeal.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- the showdown and openers -------------------------------------------------------------------


def show(r: Replay, event: ev.Show) -> None:
    state = r.state
    name = event.player
    seat = state.seats[name]
    if state.phase is Phase.DRAW:
        r.end_draw()
    if state.phase is Phase.BETTING and state.round_complete():
        state.phase = Phase.SHOWDOWN
    seat.cards = list(event.cards)
    seat.cards_known = all(not c.is_unknown for c in seat.cards)
    seat.shown = True
    r.track_cards(event, name, event.cards)
    if state.phase is Phase.OVER:
        return
    r.note(event, "")
    if len(event.cards) != r.config.hand_size and seat.in_hand:
        foul_hand(r, event, name, len(event.cards), collected=False)
    elif name == state.opener and seat.in_hand and not _openers_checked(r, name):
        _check_openers(r, event, name, list(event.cards))
    check_declaration(r, name)
    if state.phase is Phase.SHOWDOWN:
        r.maybe_settle_showdown()


def _openers_checked(r: Replay, name: str) -> bool:
    return name in r.openers_proven


def show_openers(r: Replay, event: ev.ShowOpeners) -> None:
    """``Cy shows openers J♠ J♦``: the cards shown must make openers on their own."""
    r.note(event, "")
    state = r.state
    if r.config.openers == "anything" or state.opener != event.player:
        return
    from referee.showdown import holds_openers

    if holds_openers(r.config, list(event.cards)):
        r.openers_proven.add(event.player)
        return
    _rule_false_openers(r, event, event.player)


def _check_openers(r: Replay, event: ev.Event, name: str, cards: list[Card]) -> None:
    """The opener's hand is seen: could he have held what it takes to open?

    With his discards known (named on the draw, or kept aside for a split) the table can rebuild
    his first hand, so a hand improved on the draw does not pass for openers; otherwise only the
    hand he shows can prove them.
    """
    state = r.state
    if r.config.openers == "anything" or state.opener != name or any(c.is_unknown for c in cards):
        return
    from referee.showdown import could_have_opened, holds_openers

    seat = state.seats[name]
    announced = seat.split_kept is not None
    discards = list(
        dict.fromkeys([*(c for c in seat.discarded if not c.is_unknown), *(seat.split_kept or ())])
    )
    if not discards and not announced:
        if holds_openers(r.config, cards):
            r.openers_proven.add(name)
        else:
            _rule_false_openers(r, event, name)
        return
    provable = could_have_opened(r.config, cards, discards)
    if not provable and not announced:
        _rule_false_openers(r, event, name)
        return
    if not announced and holds_openers(r.config, cards):
        r.openers_proven.add(name)  # he kept his openers
        return
    facts = {"announced": announced, "discards_kept": True, "openers_proven": provable}
    verdict = r.rule(
        "split-openers",
        event,
        facts,
        lambda v: _split_explanation(v, name, provable),
        facts_for=lambda kind: _false_opener_facts(r, name),
    )
    r.openers_proven.add(name)
    if verdict.remedy not in ("play-on", "hand-stands"):
        _apply_false_openers(r, verdict, name, event)


def _rule_false_openers(r: Replay, event: ev.Event, name: str) -> None:
    verdict = r.rule(
        "false-openers",
        event,
        _false_opener_facts(r, name),
        lambda v: _false_openers_explanation(r, v, name),
    )
    r.openers_proven.add(name)
    _apply_false_openers(r, verdict, name, event)


def _false_opener_facts(r: Replay, name: str) -> dict[str, object]:
    state = r.state
    others = [n for n in state.live() if n != name]
    return {
        "called": bool(state.callers),
        "others_remain": bool(others),
        "raised": state.raised_first_round,
        "callers": len(state.callers),
    }


def _apply_false_openers(r: Replay, verdict: Verdict, name: str, event: ev.Event) -> None:
    remedy = verdict.remedy
    state = r.state
    if remedy in ("forfeit-pot-to-best-legitimate-hand", "hand-dead"):
        kill_hand(r, name, verdict.params.get("chips", "stay"))
        if not state.live():
            r.carry("the false opener's pot is carried")
        elif len(state.live()) == 1:
            r.award_uncontested(state.live()[0])
    elif remedy == "pot-carried":
        carry_pot(r, verdict, name)
    elif remedy == "pot-reopened":
        _reopen(r, verdict, name)
    elif remedy == "refund-all":
        apply_refund_all(r)
    elif remedy == "misdeal":
        apply_misdeal(r, verdict, f"{name} opened without openers")


def _reopen(r: Replay, verdict: Verdict, name: str) -> None:
    """Before the draw: the opening is void and betting goes on from the offender's left.

    With nobody else still holding cards, nobody can open again: the pot carries at once with
    the same chip rules, as the remedy says for a pot nobody reopens.
    """
    state = r.state
    if not [other for other in state.live() if other != name]:
        from dataclasses import replace

        others = verdict.params.get("others_chips", "returned")
        params = {
            "offender_chips": verdict.params.get("offender_chips", "stay"),
            "others_chips": "stay" if others == "stay" else "returned",
        }
        carry_pot(r, replace(verdict, params=params), name)
        return
    offender_chips = verdict.params.get("offender_chips", "stay")
    seat = state.seats[name]
    if offender_chips == "returned-except-ante":
        r.give_back(name, seat.put_in - r.ledger.forced_in(name))
    elif offender_chips == "opening-bet-stays":
        # Of his chips only his ante and opening bet stay in the pot.
        r.give_back(name, seat.put_in - r.ledger.forced_in(name) - r.opening_amount)
    if verdict.params.get("offender", "out") == "out":
        kill_hand(r, name)
    if verdict.params.get("eligible", "not-passed") == "not-passed":
        # Those who passed at their first turn may not open it again (004; 002 [Jacks or Better] 2).
        state.ineligible_openers = {n for n, seat in state.seats.items() if seat.passed_first_turn}
    others_chips = verdict.params.get("others_chips", "returned")
    for other, seat in state.seats.items():
        if other == name or seat.put_in_round <= ZERO:
            continue
        if others_chips == "returned":
            r.give_back(other, seat.put_in_round)
        elif others_chips == "stay-unless-nobody-opens":
            r.reopen_returns[other] = seat.put_in_round
    state.opened = False
    state.opener = None
    state.current_bet = ZERO
    state.bets_this_round = 0
    state.last_raise = ZERO
    for seat in state.seats.values():
        seat.acted = False
        seat.checked_round = False
        seat.put_in_round = ZERO
    state.last_actor = name
    state.phase = Phase.BETTING


def _false_openers_explanation(r: Replay, verdict: Verdict, name: str) -> str:
    what = f"{name} opened without openers"
    alone = not [other for other in r.state.live() if other != name]
    if verdict.remedy == "pot-reopened" and alone:
        return f"{what}; nobody else is left to open again, so the pot stays for the next deal."
    words = {
        "forfeit-pot-to-best-legitimate-hand": f"{what}; that hand is dead, its chips stay in, and the best "
        "other hand takes the pot.",
        "hand-dead": f"{what}; that hand is dead and the others play the pot out.",
        "pot-carried": f"{what}; nobody wins this deal and the pot stays for the next.",
        "pot-reopened": f"{what}; the opening is void and the pot may be opened again.",
        "play-on": f"{what}; the pot plays on as it is.",
        "refund-all": f"{what}; everyone takes back what they put in.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


def _split_explanation(verdict: Verdict, name: str, provable: bool) -> str:
    if verdict.remedy == "play-on":
        return f"{name} split openers and can prove them; the hand plays."
    proof = "can prove them" if provable else "cannot prove holding openers"
    return f"{name} split openers and {proof}: {verdict.summary}"


def foul_hand(r: Replay, event: ev.Event, name: str, count: int, *, collected: bool) -> None:
    size = r.config.hand_size
    state = r.state
    facts = {
        "extra_or_short": "extra" if count > size else "short",
        "phase": fx.phase(state, collected=collected),
    }
    what = f"{name} holds {count} cards instead of {size}"

    def explain(v: Verdict) -> str:
        if v.remedy == "hand-dead":
            return f"{what}; the hand is foul and has no interest in the pot."
        if collected:
            return f"{what}; the pot was already collected, so the result stands."
        return f"{what}: {v.summary}"

    verdict = r.rule("foul-hand", event, facts, explain)
    if collected:
        return
    if verdict.remedy == "hand-dead":
        kill_hand(r, name, dead_chips(verdict))
        live = state.live()
        if len(live) == 1:
            r.award_uncontested(live[0])
        elif not live:
            r.carry("every hand was foul")
        elif state.phase is Phase.SHOWDOWN:
            r.maybe_settle_showdown()


# --- declarations ---------------------------------------------------------------------------------


_CATEGORY_WORDS = (
    ("five of a kind", 10),
    ("five aces", 10),
    ("straight flush", 9),
    ("royal", 9),
    ("four of a kind", 8),
    ("quads", 8),
    ("fours", 8),
    ("full house", 7),
    ("full", 7),
    ("boat", 7),
    ("flush", 6),
    ("straight", 5),
    ("three of a kind", 4),
    ("trips", 4),
    ("set", 4),
    ("two pair", 3),
    ("pair", 2),
    ("high", 1),
    ("nothing", 1),
)


def declared_rank(words: str) -> int | None:
    """The category a declaration names, as 1 (high card) .. 10 (five of a kind)."""
    text = words.lower()
    for phrase, rank in _CATEGORY_WORDS:
        if phrase in text:
            return rank
    return None


def check_declaration(r: Replay, name: str) -> None:
    """A declared hand and the cards disagree: cards speak or the declaration binds."""
    declaration = r.declared.get(name)
    seat = r.state.seats[name]
    if declaration is None or not seat.shown or not seat.cards_known:
        return
    if len(seat.cards) != r.config.hand_size:
        return
    from referee.showdown import category_rank

    said = declared_rank(declaration.words)
    actual = category_rank(r.config, seat.cards)
    if said is None or actual is None or said == actual:
        return
    r.declared.pop(name, None)
    higher = said > actual
    verdict = r.rule(
        "misdeclared-hand",
        declaration,
        {"cards_speak": r.config.cards_speak, "declared_vs_actual": "higher" if higher else "lower"},
        lambda v: (
            f"{name} declared {declaration.words} but the cards say otherwise; the cards speak."
            if v.remedy == "cards-speak"
            else f"{name} declared {declaration.words}; the declaration binds."
        ),
    )
    if verdict.remedy != "declaration-binds" or r.state.phase is Phase.OVER:
        return
    if higher:
        kill_hand(r, name)
    else:
        r.declared_caps[name] = said
