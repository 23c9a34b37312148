"""Remedies: what a rulebook row's decision does to the hand — one handler per remedy id.

A handler applies its remedy's docstring in :mod:`referee.rulebook.vocabulary` to the finding's
subject (the player, his card, his action, his hand's count), whatever the irregularity was:
``hand-dead`` kills the subject's hand whether he exposed a card or checked facing a bet. The
rulebook's row picks the remedy; nothing here looks at the kind of irregularity.

Families: ``deal`` (misdeal, refund-all), ``cards`` (card-dead, card-kept, discards-dead),
``hands`` (hand-dead, hand-stands, hand-corrected, draw-limited), ``betting`` (bet-stands ...
must-complete, excess-returned, verbal-*), ``pots`` (pot-carried, pot-reopened, forfeit-pot,
declared-open), ``showing`` (cards-speak, declaration-binds), ``draw`` (reshuffle-discards) and
``play`` (play-on, same-as, stake-deferred).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from referee.adjudicate.remedies.betting import (
    bet_stands,
    bet_stands_as_call,
    bet_stands_as_raise,
    bet_withdrawn,
    excess_returned,
    must_complete,
    options,
    raise_not_allowed,
    verbal_binding,
    verbal_ignored,
    waits_for_turn,
)
from referee.adjudicate.remedies.cards import card_dead, card_kept, discards_dead
from referee.adjudicate.remedies.deal import misdeal, refund_all
from referee.adjudicate.remedies.draw import reshuffle_discards
from referee.adjudicate.remedies.hands import draw_limited, hand_corrected, hand_dead, hand_stands
from referee.adjudicate.remedies.play import play_on, same_as, stake_deferred
from referee.adjudicate.remedies.pots import declared_open, forfeit_pot, pot_carried, pot_reopened
from referee.adjudicate.remedies.showing import cards_speak, declaration_binds
from referee.rulebook.vocabulary import RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict

Handler = Callable[["Replay", "Finding", "Verdict"], None]
"""Applies one remedy to a finding's subject, with the row's parameters in the verdict."""

HANDLERS: Final[Mapping[RemedyId, Handler]] = MappingProxyType(
    {
        RemedyId.MISDEAL: misdeal,
        RemedyId.REFUND_ALL: refund_all,
        RemedyId.CARD_DEAD: card_dead,
        RemedyId.CARD_KEPT: card_kept,
        RemedyId.HAND_DEAD: hand_dead,
        RemedyId.HAND_STANDS: hand_stands,
        RemedyId.HAND_CORRECTED: hand_corrected,
        RemedyId.DRAW_LIMITED: draw_limited,
        RemedyId.BET_STANDS: bet_stands,
        RemedyId.BET_STANDS_AS_CALL: bet_stands_as_call,
        RemedyId.BET_STANDS_AS_RAISE: bet_stands_as_raise,
        RemedyId.OPTIONS: options,
        RemedyId.BET_WITHDRAWN: bet_withdrawn,
        RemedyId.RAISE_NOT_ALLOWED: raise_not_allowed,
        RemedyId.WAITS_FOR_TURN: waits_for_turn,
        RemedyId.MUST_COMPLETE: must_complete,
        RemedyId.EXCESS_RETURNED: excess_returned,
        RemedyId.VERBAL_BINDING: verbal_binding,
        RemedyId.VERBAL_IGNORED: verbal_ignored,
        RemedyId.POT_CARRIED: pot_carried,
        RemedyId.POT_REOPENED: pot_reopened,
        RemedyId.FORFEIT_POT: forfeit_pot,
        RemedyId.CARDS_SPEAK: cards_speak,
        RemedyId.DECLARATION_BINDS: declaration_binds,
        RemedyId.RESHUFFLE_DISCARDS: reshuffle_discards,
        RemedyId.PLAY_ON: play_on,
        RemedyId.SAME_AS: same_as,
        RemedyId.DISCARDS_DEAD: discards_dead,
        RemedyId.DECLARED_OPEN: declared_open,
        RemedyId.STAKE_DEFERRED: stake_deferred,
    }
)
"""Every remedy id, with the one handler that applies it."""


def apply(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """Apply the verdict's remedy to the finding's subject."""
    HANDLERS[verdict.remedy](r, finding, verdict)
