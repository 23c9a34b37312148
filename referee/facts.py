"""What the table knew when: the facts a decision table tests, read off the state.

Each function computes facts exactly as ``referee.rulebook.vocabulary.FACTS`` documents them,
from the state at the line where the irregularity came to light — never from cards the log
knows but the table had not seen.
"""

from __future__ import annotations

from decimal import Decimal

from referee.state import HandState, Phase

ZERO = Decimal(0)


def phase(state: HandState, *, collected: bool = False) -> str:
    """The vocabulary's phase word for where the deal stands."""
    if collected or state.phase is Phase.OVER:
        return "after-pot-collected"
    if state.phase is Phase.BEFORE_DEAL:
        return "before-deal"
    if state.phase is Phase.DEAL:
        return "deal"
    if state.phase is Phase.DRAW:
        return "draw"
    if state.phase is Phase.SHOWDOWN:
        return "showdown"
    return "first-betting" if state.round_index == 0 else "after-draw-betting"


def common(state: HandState) -> dict[str, object]:
    """The facts every kind gets."""
    return {
        "phase": phase(state),
        "pot_opened": state.opened,
        "betting_started": state.anyone_acted,
        "actions_taken": state.actions_taken,
    }


def stage(state: HandState) -> str:
    """``deal`` up to the draw, ``draw`` from it: the stages exposures are counted in."""
    return "draw" if state.draw_index > 0 else "deal"


def compare_bet(facing: Decimal, chips: Decimal) -> str:
    """previous_bet_vs_out_of_turn: the bet to call then, against the out-of-turn chips."""
    if facing <= ZERO:
        return "none"
    if facing < chips:
        return "smaller"
    if facing == chips:
        return "equal"
    return "larger"


def at_least_half(extra: Decimal, full: Decimal | None) -> bool:
    """A short bet or raise of at least half a full one (card-room completion rule)."""
    return full is not None and full > ZERO and extra * 2 >= full
