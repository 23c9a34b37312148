"""The best a hand with wild cards or the bug can be: try what each could stand for, keep the best.

Rules (001 "Five Card Draw with a Bug", "Deuces Wild"; 002 "The Joker"):

- A fully wild card stands for any card. It may make five of a kind, but "except when making Five
  of a Kind, a wild card can not be used to represent a card that is already present": in a flush
  the wild cards take ranks no natural card of the flush holds (nor each other's).
- The bug stands for an ace, or for any card that completes a straight, flush or straight flush;
  in a flush it is "the highest card not already present". Four aces and the bug are five aces.
- In lowball the joker is "the lowest card not already present" (001 "Jacks Back"); the table
  builder passes it here as a fully wild card, and trying every card finds exactly that card.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from referee.hands.categories import STRAIGHTS
from referee.hands.graded import Graded
from referee.hands.grading import Grade
from referee.hands.high import ACE


def _ordered(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def best_grade(
    naturals: tuple[int, ...],
    wild: int,
    bug: int,
    suited: bool,
    four_flush: bool,
    grade: Grade,
    alphabet: tuple[int, ...],
) -> Graded:
    """The best grade five cards reach: ``naturals`` (their ranks), ``wild`` fully wild cards and
    ``bug`` jokers as the bug.

    ``suited``: the natural cards all share one suit (true when there are none). ``four_flush``:
    exactly four natural cards share a suit (only asked without wild cards). ``alphabet``: the
    ranks a wild card may stand for.
    """
    if not wild and not bug:
        return grade(_ordered(naturals), suited, four_flush)
    best: Graded | None = None
    # Not a flush: the wild cards take any suits, so only their ranks matter.
    bug_ranks: tuple[int | None, ...] = alphabet if bug else (None,)
    for stand_ins in combinations_with_replacement(alphabet, wild):
        for bug_rank in bug_ranks:
            ranks = naturals + stand_ins if bug_rank is None else (*naturals, *stand_ins, bug_rank)
            graded = grade(_ordered(ranks), False, False)
            if bug_rank not in (None, ACE) and graded.category not in STRAIGHTS:
                continue  # the bug is an ace unless it completes a straight
            if best is None or graded.strength > best.strength:
                best = graded
    if suited:
        # A flush: every stand-in is a different card of the suit that the hand does not hold.
        absent = tuple(rank for rank in alphabet if rank not in naturals)
        for stand_ins in combinations(absent, wild + bug):
            graded = grade(_ordered(naturals + stand_ins), True, False)
            if best is None or graded.strength > best.strength:
                best = graded
    assert best is not None  # the alphabet is never empty
    return best
