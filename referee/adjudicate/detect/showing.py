"""Irregularities found when hands are seen: false or split openers, a foul hand, a declaration
the cards do not bear out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import FactValue, Finding, Subject, facts, phase_fact
from referee.adjudicate.showdown import category_rank, could_have_opened, holds_openers
from referee.adjudicate.table import BETTING, DRAW, OVER, SHOWDOWN, Phase, none_unknown
from referee.cards import Card
from referee.log.words import declared_rank
from referee.rulebook.vocabulary import Declared, ExtraOrShort, Fact, Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk

# The showdown helpers are imported above, not in the functions: a `from ... import` run inside a
# function costs a failed attribute lookup (the module's __path__) each time.

ANYTHING = "anything"
"""The openers requirement of a game with none (``PlayConfig.openers``)."""


def show(r: Walk, event: ev.Show) -> Iterator[Finding]:
    state = r.state
    name = event.player
    seat = state.seats[name]
    if state.phase is DRAW:
        r.end_draw()
    if state.phase is BETTING and state.round_complete():
        state.phase = SHOWDOWN
    count = len(event.cards)
    if seat.miscounted and len(seat.cards) != r.config.hand_size:
        # His own discards left him the wrong number and nothing since put it right: a hand laid
        # down is seen whole, whatever cards the line names.
        count = len(seat.cards)
    seat.cards = list(event.cards)
    seat.cards_known = none_unknown(seat.cards)
    seat.shown = True
    r.track_cards(event, name, event.cards)
    if state.phase is OVER:
        return
    if not seat.in_hand and (seat.folded or seat.dead):
        since = f" at line {seat.out_line}" if seat.out_line else ""
        r.note(event, f"{name} left the pot{since}: the hand is seen, but it cannot win")
    else:
        r.note(event, "")
    if count != r.config.hand_size and seat.in_hand:
        yield from foul_hand(r, event, name, count, collected=False)
    elif name == state.opener and seat.in_hand and name not in r.state.openers_proven:
        yield from check_openers(r, event, name, list(event.cards))
    yield from check_declaration(r, name)
    if state.phase is SHOWDOWN:
        r.maybe_settle_showdown()


def show_openers(r: Walk, event: ev.ShowOpeners) -> Iterator[Finding]:
    """``Cy shows openers J♠ J♦``: the cards shown must make openers on their own."""
    r.note(event, "")
    state = r.state
    if r.config.openers == ANYTHING or state.opener != event.player:
        return
    seat = state.seats[event.player]
    # Discards he took back that the rule keeps out of play (discards-dead) prove nothing.
    usable = [c for c in event.cards if not (c in seat.discarded and state.seen_cards.get(c) == "dead")]
    if holds_openers(r.config, usable):
        r.state.openers_proven.add(event.player)
        return
    yield from _rule_false_openers(r, event, event.player)


def check_openers(r: Walk, event: ev.Event, name: str, cards: list[Card]) -> Iterator[Finding]:
    """The opener's hand is seen: could he have held what it takes to open?

    With his discards known (named on the draw, or kept aside for a split) the table can rebuild
    his first hand, so a hand improved on the draw does not pass for openers; otherwise only the
    hand he shows can prove them.
    """
    state = r.state
    if r.config.openers == ANYTHING or state.opener != name or any(c.is_unknown for c in cards):
        return
    seat = state.seats[name]
    announced = seat.split_kept is not None
    discards = list(
        dict.fromkeys([*(c for c in seat.discarded if not c.is_unknown), *(seat.split_kept or ())])
    )
    if not discards and not announced:
        if not holds_openers(r.config, cards):
            yield from _rule_false_openers(r, event, name)
        elif not _drew_unseen(r, name):
            r.state.openers_proven.add(name)  # he stood pat: the hand shown is the hand he opened with
        # Else he drew cards the log does not name, and a hand made on the draw proves nothing of
        # the hand he opened with (Scarne, False Openers: he "must hold in his hand" openers before
        # the draw): the openers stay unproven, and a line saying he cannot show them is ruled.
        return
    provable = could_have_opened(r.config, cards, discards)
    if not provable and not announced:
        yield from _rule_false_openers(r, event, name)
        return
    if not announced and holds_openers(r.config, cards):
        r.state.openers_proven.add(name)  # he kept his openers
        return
    split = {Fact.ANNOUNCED: announced, Fact.DISCARDS_KEPT: True, Fact.OPENERS_PROVEN: provable}
    finding = Finding(
        Kind.SPLIT_OPENERS,
        event,
        facts(state, split),
        Subject(player=name),
        lambda v: _split_explanation(v, name, provable),
        facts_for=lambda kind: facts(r.state, _false_opener_facts(r, name)),
    )
    r.state.openers_proven.add(name)
    yield finding


def _drew_unseen(r: Walk, name: str) -> bool:
    """``name`` was served cards on a draw of this deal (his hand shown is not the one he opened with)."""
    deal = r.state.deal_number
    return any(count > 0 for (d, _, who), count in r.drawn.items() if d == deal and who == name)


def _rule_false_openers(r: Walk, event: ev.Event, name: str) -> Iterator[Finding]:
    finding = Finding(
        Kind.FALSE_OPENERS,
        event,
        facts(r.state, _false_opener_facts(r, name)),
        Subject(player=name),
        lambda v: _false_openers_explanation(r, v, name),
    )
    r.state.openers_proven.add(name)
    yield finding


def _false_opener_facts(r: Walk, name: str) -> dict[Fact, FactValue]:
    state = r.state
    others = [n for n in state.live() if n != name]
    return {
        Fact.CALLED: bool(state.callers),
        Fact.OTHERS_REMAIN: bool(others),
        Fact.RAISED: state.raised_first_round,
        Fact.CALLERS: len(state.callers),
        Fact.FIRST_BETTING_COMPLETE: _first_betting_complete(r, others),
    }


def _first_betting_complete(r: Walk, others: list[str]) -> bool:
    """The action before the draw is over: the draw has begun, or the pot is opened and every hand
    still in (two or more) has acted on the last bet and matched it."""
    state = r.state
    if state.draw_index > 0:
        return True
    if not state.opened or not others or r.state.pending:
        return False
    return state.phase is not Phase.BETTING or state.round_complete()


def _false_openers_explanation(r: Walk, verdict: Verdict, name: str) -> str:
    what = f"{name} opened without openers"
    alone = not [other for other in r.state.live() if other != name]
    if verdict.remedy is RemedyId.POT_REOPENED and alone:
        return f"{what}; nobody else is left to open again, so the pot stays for the next deal."
    words = {
        RemedyId.FORFEIT_POT: f"{what}; that hand is dead, its chips stay in, and the best other hand takes "
        "the pot.",
        RemedyId.HAND_DEAD: f"{what}; that hand is dead and the others play the pot out.",
        RemedyId.POT_CARRIED: f"{what}; nobody wins this deal and the pot stays for the next.",
        RemedyId.POT_REOPENED: f"{what}; the opening is void and the pot may be opened again.",
        RemedyId.PLAY_ON: f"{what}; the pot plays on as it is.",
        RemedyId.REFUND_ALL: f"{what}; everyone takes back what they put in.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


def _split_explanation(verdict: Verdict, name: str, provable: bool) -> str:
    if verdict.remedy is RemedyId.PLAY_ON:
        return f"{name} split openers and can prove them; the hand plays."
    proof = "can prove them" if provable else "cannot prove holding openers"
    return f"{name} split openers and {proof}: {verdict.summary}"


# --- foul hands ----------------------------------------------------------------------------------


def foul_hand(r: Walk, event: ev.Event, name: str, count: int, *, collected: bool) -> Iterator[Finding]:
    """A hand of the wrong size after the draw (``collected``: found after the pot was awarded)."""
    size = r.config.hand_size
    state = r.state
    specific = {
        Fact.EXTRA_OR_SHORT: ExtraOrShort.EXTRA if count > size else ExtraOrShort.SHORT,
        Fact.PHASE: phase_fact(state, collected=collected),
    }
    what = f"{name} holds {count} cards instead of {size}"

    def explain(v: Verdict) -> str:
        if v.remedy is RemedyId.HAND_DEAD:
            return f"{what}; the hand is foul and has no interest in the pot."
        if collected:
            return f"{what}; the pot was already collected, so the result stands."
        return f"{what}: {v.summary}"

    # Collected: the pot is gone, so the result stands whatever the rule says of the hand.
    yield Finding(
        Kind.FOUL_HAND,
        event,
        facts(state, specific),
        Subject(player=name, held=count),
        explain,
        stands=collected,
    )


# --- declarations --------------------------------------------------------------------------------


def check_declaration(r: Walk, name: str) -> Iterator[Finding]:
    """A declared hand and the cards disagree: cards speak or the declaration binds."""
    declaration = r.state.declared.get(name)
    seat = r.state.seats[name]
    if declaration is None or not seat.shown or not seat.cards_known:
        return
    if len(seat.cards) != r.config.hand_size:
        return
    said = declared_rank(declaration.words)  # the log's table of hand names
    actual = category_rank(r.config, seat.cards)
    if said is None or actual is None or said == actual:
        return
    r.state.declared.pop(name, None)
    specific = {
        Fact.CARDS_SPEAK: r.config.cards_speak,
        Fact.DECLARED_VS_ACTUAL: Declared.HIGHER if said > actual else Declared.LOWER,
    }
    finding = Finding(
        Kind.MISDECLARED_HAND,
        declaration,
        facts(r.state, specific),
        Subject(player=name, declared=said),
        lambda v: (
            f"{name} declared {declaration.words} but the cards say otherwise; the cards speak."
            if v.remedy is RemedyId.CARDS_SPEAK
            else f"{name} declared {declaration.words}; the declaration binds."
        ),
        stands=r.state.phase is Phase.OVER,  # found after the pot was awarded: the result stands
    )
    yield finding


# --- openers not shown, a pot declared open -------------------------------------------------------


def openers_not_shown(r: Walk, event: ev.OpenersNotShown) -> Iterator[Finding]:
    """``Mike can't show openers``: the table learns here that the opener held no openers."""
    state = r.state
    name = event.player
    if r.state.awaiting_openers == name:
        r.state.awaiting_openers = None  # he was to be paid once he showed them; he cannot
    if r.config.openers == ANYTHING:
        r.unruled(event, "this game needs no openers, so there are none to show")
        return
    if state.opener != name:
        r.unruled(event, f"{name} did not open this pot, so he owes no openers")
        return
    if name in r.state.openers_proven:
        r.void(event, f"{name}'s openers were already shown or ruled on earlier in this deal")
        return
    yield from _rule_false_openers(r, event, name)
