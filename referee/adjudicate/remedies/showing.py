"""Showdown remedies: the cards speak, or the player is held to his declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.adjudicate.remedies.hands import kill_hand
from referee.rulebook.vocabulary import Declared, Fact

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict


def cards_speak(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``cards-speak``: the hand is ranked by its cards, whatever was declared; nothing to change."""


def declaration_binds(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``declaration-binds``: a hand declared worse than it is ranks as declared; a hand declared
    better than it is is dead."""
    name, said = finding.player, finding.subject.declared
    if name is None or said is None:
        return
    if finding.facts.get(Fact.DECLARED_VS_ACTUAL) == Declared.HIGHER:
        kill_hand(r, name)
        r.play_on()
    else:
        r.state.declared_caps[name] = said
