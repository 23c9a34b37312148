"""Hand rankings for every game a rulebook can name.

The engine's calls::

    ranking = Ranking.named("deuces-wild")            # or Ranking(base="high", wild_ranks={"2"})
    value = evaluate(cards, ranking)                   # HandValue: a > b means a beats b
    value.category, value.name                         # Category.FULL_HOUSE, "kings full of fours"
    winners([hand_a, hand_b], ranking)                 # (0,) or (0, 1) for a tie
    meets_requirement(cards, "jacks-or-better", ranking)
    could_have_opened(final_cards, discards, "jacks-or-better", ranking)

Importing this package builds nothing; each ranking's tables are built the first time it is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.hands import ranking as _ranking
from referee.hands import value as _value
from referee.hands.categories import Category
from referee.hands.checks import HandError, check_hand
from referee.hands.evaluation import best_five, compare, evaluate, winners
from referee.hands.openers import (
    RequirementError,
    could_have_opened,
    meets_requirement,
    minimum,
    opening_hand,
)
from referee.hands.ranking import PRESETS, Base, JokerRule, Ranking, RankingError, UnknownRankingError
from referee.hands.value import HandValue

if TYPE_CHECKING:
    from referee.hands.fast import Evaluate
    from referee.hands.table import Tables


# The package wires its parts: a ranking's tables and lazy grader, and a value's way back from a
# pickle, are built by modules that import `ranking` and `value`, so those two are handed the
# builders here rather than importing them (no cycle among the modules; nothing is built now).
def _tables_for(ranking: Ranking) -> Tables:
    from referee.hands.table import tables_for

    return tables_for(ranking)


def _lazy_evaluator(ranking: Ranking) -> Evaluate:
    from referee.hands.lazy import lazy_evaluator

    return lazy_evaluator(ranking)


def _numbered(ranking: Ranking, strength: int) -> HandValue:
    from referee.hands.lazy import numbered

    return numbered(ranking, strength)


_ranking.provide(_ranking.Builders(_tables_for, _lazy_evaluator))
_value._NUMBERED[:] = [_numbered]

__all__ = [
    "PRESETS",
    "Base",
    "Category",
    "HandError",
    "HandValue",
    "JokerRule",
    "Ranking",
    "RankingError",
    "RequirementError",
    "UnknownRankingError",
    "best_five",
    "check_hand",
    "compare",
    "could_have_opened",
    "evaluate",
    "meets_requirement",
    "minimum",
    "opening_hand",
    "winners",
]
