"""The weakest hand meeting a requirement (``minimum``, built directly from a few candidate hands, as
openers are checked) against the one read off the full table.

The two are equal for every ranking but the 32-card one. There the table also holds classes no
real hand reaches (a pair "decided by the seven of spades" needs both sevens to be spades); the
built minimum is a real hand of the same category and ranks, and no real hand lies between them.
"""

from itertools import combinations

import pytest

from referee.cards import RANKS
from referee.hands import PRESETS, Category, HandValue, Ranking, evaluate
from referee.hands.openers import RequirementError, minimum, minimum_from_table

HIGH = [name for name, ranking in PRESETS.items() if not ranking.is_low]
REQUIREMENTS = [(f"{rank.plural}-or-better", Category.PAIR, rank) for rank in RANKS] + [
    ("trips-to-win", Category.THREE_OF_A_KIND, None)
]


def built(requirement: str, ranking: Ranking) -> HandValue | None:
    """What an opener's hand is checked against; None where no hand meets the requirement."""
    try:
        return minimum(requirement, ranking)
    except RequirementError:  # no such hand: a pair of deuces where deuces are wild, ...
        return None


@pytest.mark.slow
@pytest.mark.parametrize("name", HIGH)
def test_built_minimum_equals_the_table(name: str) -> None:
    ranking: Ranking = PRESETS[name]
    for requirement, wanted, rank in REQUIREMENTS:
        weakest = built(requirement, ranking)
        table = minimum_from_table(wanted, rank, ranking)
        if table is None or weakest is None:  # no such hand: deuces where deuces are wild, ...
            assert weakest is table is None, (name, rank)
            continue
        if name != "stripped-32":
            assert weakest == table, (name, rank)
        else:
            assert (weakest.category, weakest.ranks) == (table.category, table.ranks) and weakest >= table


@pytest.mark.slow
def test_no_real_32_card_hand_lies_between_the_table_and_the_built_minimum() -> None:
    ranking = PRESETS["stripped-32"]
    for requirement, wanted, rank in REQUIREMENTS[5:]:  # sevens and up exist in the 32-card pack
        weakest = built(requirement, ranking)
        table = minimum_from_table(wanted, rank, ranking)
        assert weakest is not None and table is not None
        between = [
            hand for hand in combinations(ranking.deck, 5) if table < evaluate(hand, ranking) < weakest
        ]
        assert between == [], (rank, between[:3])
