"""Irregularities of the deal and the pack: the cut, the dealer, a misdeal called, wrong counts,
an imperfect pack, exposed cards and cards face up in the pack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Finding, Subject, exposure_stage, facts, phase_fact
from referee.adjudicate.table import HandState, Phase
from referee.cards import Card
from referee.rulebook.vocabulary import CutProblem, ExtraOrShort, Fact, Kind, Party, RemedyId, WhoseCard

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk

_CUT = {
    ev.CutProblem.NOT_OFFERED: CutProblem.NOT_OFFERED,
    ev.CutProblem.NOT_CUT: CutProblem.NOT_CUT,
    ev.CutProblem.EXPOSED_IN_CUT: CutProblem.EXPOSED_IN_CUT,
}


def cut(r: Walk, event: ev.CutIrregularity) -> Iterator[Finding]:
    what = f"the pack was {event.problem.value.replace('cut ', 'cut: ')}"
    finding = Finding(
        Kind.CUT_IRREGULARITY,
        event,
        facts(r.state, {Fact.CUT_PROBLEM: _CUT[event.problem]}),
        Subject(),
        lambda v: _deal_explanation(v, what),
    )
    yield finding


def wrong_dealer(r: Walk, event: ev.WrongDealer) -> Iterator[Finding]:
    what = f"{event.player} dealt out of turn"
    finding = Finding(
        Kind.WRONG_DEALER,
        event,
        facts(r.state, {}),
        Subject(player=event.player, dealt_by=event.player),
        lambda v: _deal_explanation(v, what),
    )
    yield finding


def misdeal_called(r: Walk, event: ev.Event) -> Iterator[Finding]:
    finding = Finding(
        Kind.MISDEAL,
        event,
        facts(r.state, {Fact.MISDEALS_BY_THIS_DEALER: r.state.misdeals_by_dealer}),
        Subject(),
        lambda v: (
            _deal_explanation(v, "the table called a misdeal")
            if v.remedy is not RemedyId.MISDEAL
            else "the table called a misdeal and the rule upholds it: bets go back and the cards are "
            "dealt again."
        ),
    )
    yield finding


def imperfect_pack(r: Walk, event: ev.Event, card: Card, what: str) -> Iterator[Finding]:
    state = r.state
    collected = state.pot_collected
    why = f"the pack is imperfect ({what})"
    finding = Finding(
        Kind.IMPERFECT_PACK,
        event,
        facts(state, {Fact.PHASE: phase_fact(state, collected=collected)}),
        Subject(card=card),
        lambda v: _deal_explanation(v, why),
        stands=collected,  # nothing left to put right: the pot is gone
    )
    yield finding
    if collected:
        r.note(event, "the pot was already collected")


def _deal_explanation(verdict: Verdict, what: str) -> str:
    words = {
        RemedyId.MISDEAL: f"{what}, so the deal is void and the cards are dealt again.",
        RemedyId.PLAY_ON: f"{what}, but the deal stands and play goes on.",
        RemedyId.HAND_STANDS: f"{what}, but the deal stands and play goes on.",
        RemedyId.REFUND_ALL: f"{what}: play stops and every player takes back what they put in.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- wrong counts --------------------------------------------------------------------------------


def wrong_count(r: Walk, event: ev.Event, player: str, count: int) -> Iterator[Finding]:
    """A hand of the wrong size: on the deal, served wrong on the draw, or foul after it."""
    from referee.adjudicate.detect.drawing import draw_explainer, draw_facts
    from referee.adjudicate.detect.showing import foul_hand
    from referee.rulebook.vocabulary import DrawProblem

    state = r.state
    size = r.config.hand_size
    if count == size:
        r.note(event, "")
        return
    if state.draw_index > 0 and state.phase is not Phase.DRAW:
        yield from foul_hand(r, event, player, count, collected=False)
        return
    seat = state.seats[player]
    extra = ExtraOrShort.EXTRA if count > size else ExtraOrShort.SHORT
    subject = Subject(player=player, held=count)
    if state.phase is Phase.DRAW:
        # Found on the draw, it is the draw that went wrong: the dealer served the wrong number.
        finding = Finding(
            Kind.DRAW_IRREGULARITY,
            event,
            facts(
                state,
                {
                    **draw_facts(r, player, DrawProblem.WRONG_NUMBER_GIVEN),
                    Fact.EXTRA_OR_SHORT: extra,
                },
            ),
            subject,
            draw_explainer(player, f"{player} was served the wrong number of cards ({count} in hand)"),
        )
    else:
        what = f"{player} was dealt {count} cards instead of {size}"
        finding = Finding(
            Kind.WRONG_CARD_COUNT,
            event,
            facts(
                state,
                {
                    Fact.EXTRA_OR_SHORT: extra,
                    Fact.CARDS_OFF_BY: abs(count - size),
                    # Acting stands in for looking; a line may also say he looked.
                    Fact.PLAYER_LOOKED: seat.acted or seat.drew > 0 or seat.looked_at is not None,
                    Fact.IS_DEALER: player == state.dealer,
                    Fact.ANYONE_LOOKED: any(
                        other.acted or other.drew > 0 or other.looked_at is not None
                        for other in state.seats.values()
                    ),
                },
            ),
            subject,
            lambda v: _count_explanation(v, what, player),
        )
    yield finding


def _count_explanation(verdict: Verdict, what: str, player: str) -> str:
    words = {
        RemedyId.MISDEAL: f"{what}; it is a misdeal and the cards are dealt again.",
        RemedyId.HAND_DEAD: f"{what}; {player}'s hand is dead and the chips stay in the pot.",
        RemedyId.HAND_CORRECTED: f"{what}; the count is put right and play goes on.",
        RemedyId.PLAY_ON: f"{what}; play goes on with the hand as it is.",
        RemedyId.HAND_STANDS: f"{what}; the hand plays as it is.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- exposed cards -------------------------------------------------------------------------------


def dealer_at_work(state: HandState, by: str, owner: str | None) -> bool:
    """The dealer is a role, whatever he is called: the player whose deal it is, named while the
    cards are going out (the deal, or serving the draw) and exposing another player's card, does
    it as the dealer. His own card is his own act as a player."""
    return (
        by == state.dealer
        and owner is not None
        and owner != by
        and state.phase in (Phase.BEFORE_DEAL, Phase.DEAL, Phase.DRAW)
    )


def exposed(r: Walk, event: ev.CardExposed) -> Iterator[Finding]:
    state = r.state
    stage = exposure_stage(state)
    by_dealer = event.by_dealer or dealer_at_work(state, event.by, event.owner)
    owner = event.owner if event.owner is not None else (None if by_dealer else event.by)
    exposer = state.dealer if by_dealer else event.by
    if owner is None:
        whose = WhoseCard.NOBODY
    elif owner == exposer:
        whose = WhoseCard.OWN
    else:
        whose = WhoseCard.OTHER_PLAYER
    state.exposed[stage] = state.exposed.get(stage, 0) + 1
    hand_key = (stage, owner or "")
    if owner:
        state.exposed_to[hand_key] = state.exposed_to.get(hand_key, 0) + 1
    specific = {
        Fact.CAUSED_BY: Party.DEALER if by_dealer else Party.PLAYER,
        Fact.WHOSE_CARD: whose,
        Fact.EXPOSED_IN_PHASE: state.exposed[stage],
        Fact.EXPOSED_TO_THIS_HAND: state.exposed_to.get(hand_key, 1 if owner else 0) or 1,
    }
    if owner:
        r.track_cards(event, owner, (event.card,))
        if state.phase is Phase.OVER:
            return
    card = event.card.symbol()
    holder = f"{owner}'s {card}" if owner else card
    who = "the dealer" if event.by_dealer else f"{event.by}, dealing," if by_dealer else event.by
    what = f"{who} exposed {holder}"
    finding = Finding(
        Kind.EXPOSED_CARD,
        event,
        facts(state, specific),
        Subject(player=owner, card=event.card),
        lambda v: _exposed_explanation(v, what, owner, card),
    )
    yield finding


def face_up_in_pack(r: Walk, event: ev.CardFaceUpInPack) -> Iterator[Finding]:
    state = r.state
    stage = exposure_stage(state)
    state.exposed[stage] = state.exposed.get(stage, 0) + 1
    # On the draw the card was due to the next player to be served; on the deal nobody can say.
    due = state.next_to_draw() if state.phase is Phase.DRAW else None
    hand_key = (stage, due or "")
    state.exposed_to[hand_key] = state.exposed_to.get(hand_key, 0) + 1
    specific = {
        Fact.EXPOSED_IN_PHASE: state.exposed[stage],
        Fact.EXPOSED_TO_THIS_HAND: state.exposed_to[hand_key],
        Fact.TO_DEALER: due == state.dealer,
    }
    what = f"{event.card.symbol()} was found face up in the pack"
    # The card belongs to no hand yet: a remedy for the card acts on the pack, not on a player.
    finding = Finding(
        Kind.CARD_FACE_UP_IN_PACK,
        event,
        facts(state, specific),
        Subject(card=event.card),
        lambda v: _exposed_explanation(v, what, None, ""),
    )
    yield finding


def _exposed_explanation(verdict: Verdict, what: str, owner: str | None, card: str) -> str:
    replace = verdict.params.get("replace", "immediately")
    when = "at once" if replace == "immediately" else "after everyone else has drawn"
    words = {
        RemedyId.MISDEAL: f"{what}; it is a misdeal and the cards are dealt again.",
        RemedyId.PLAY_ON: f"{what}; the deal stands and play goes on.",
        RemedyId.CARD_KEPT: f"{what}; {owner or 'the player'} must keep {card or 'it'}.",
        RemedyId.CARD_DEAD: f"{what}; the card is out of play and {owner or 'the player due it'} "
        f"gets another {when}.",
        RemedyId.HAND_DEAD: f"{what}; {owner or 'the player'}'s hand is dead.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- who deals, and how many hands -------------------------------------------------------------


def dealt_by(r: Walk, event: ev.DealtBy) -> Iterator[Finding]:
    """``Dan deals``: checked against whose deal it is. The first deal of a log with no ``dealer:``
    is his; anyone else dealing is a wrong dealer, seen by the whole table at this line."""
    state = r.state
    name = event.player
    first = state.deal_number == 1 and r.log.header.dealer is None and not state.dealt
    if first:
        state.dealer = name  # the log names its dealer here rather than in the header
    if name == state.dealer:
        r.note(event, "")
        return
    found = _wrong_dealer_found_later(r, event)
    if found:
        # The log says where the table found out (``wrong dealer: Cy``): the ruling is made there.
        r.note(event, f"it was {state.dealer}'s deal; the table finds out at line {found}")
        return
    what = f"{name} dealt, but it was {state.dealer}'s deal"
    finding = Finding(
        Kind.WRONG_DEALER,
        event,
        facts(state, {}),
        Subject(player=name, dealt_by=name),
        lambda v: _deal_explanation(v, what),
    )
    yield finding


def _wrong_dealer_found_later(r: Walk, event: ev.DealtBy) -> int:
    """The line of a ``wrong dealer:`` naming the same player later in this deal, or 0."""
    events = r.log.events
    start = next((i for i, each in enumerate(events) if each is event), len(events))
    for later in events[start + 1 :]:
        if isinstance(later, ev.NewDeal):
            return 0
        if isinstance(later, ev.WrongDealer) and later.player == event.player:
            return later.line
    return 0


def hands_dealt(r: Walk, event: ev.HandsDealt) -> Iterator[Finding]:
    """``dealer dealt 5 hands`` / ``a hand too many was dealt``: checked against the players in the
    deal; a wrong number is ruled (Scarne, Misdeals item 10), the right one only recorded."""
    state = r.state
    if state.phase is Phase.BEFORE_DEAL:
        # The hands are out: the deal has happened, whether or not a ``deal`` line said so.
        state.phase = Phase.DEAL
        state.dealt = True
        state.cards_out += r.config.hand_size * len(state.order)
    # A player sitting the deal out (after a pot nobody qualified for, a false declaration, or a
    # stake under the house's minimum) is dealt no hand.
    players = sum(
        1 for name in state.order if name not in r.sitting_out and not state.seats[name].stake_short
    )
    dealt = event.count if event.count is not None else players + event.extra
    if dealt == players and event.extra == 0:
        r.note(event, "")
        return
    extra = ExtraOrShort.EXTRA if dealt > players or event.extra > 0 else ExtraOrShort.SHORT
    if event.count is not None:
        what = f"{event.count} hands were dealt for {players} players"
    else:
        off = abs(event.extra)
        hands = "one hand" if off == 1 else f"{off} hands"
        what = f"{hands} too {'many' if event.extra > 0 else 'few'} {'was' if off == 1 else 'were'} dealt"
    finding = Finding(
        Kind.WRONG_HAND_COUNT,
        event,
        facts(state, {Fact.EXTRA_OR_SHORT: extra}),
        Subject(),
        lambda v: _deal_explanation(v, what),
    )
    yield finding
