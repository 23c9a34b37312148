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
