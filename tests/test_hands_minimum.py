"""The weakest hand meeting a requirement, built directly, against the one read off the full table.

The two are equal for every ranking but the 32-card one. There the table also holds classes no
real hand reaches (a pair "decided by the seven of spades" needs both sevens to be spades); the
built minimum is a real hand of the same category and ranks, and no real hand lies between them.
"""

from itertools import combinations

import pytest

from referee.cards import RANKS
from referee.hands import PRESETS, Category, Ranking, evaluate
from referee.hands.openers import _weakest_built, minimum_from_table

HIGH = [name for name, ranking in PRESETS.items() if not ranking.is_low]
REQUIREMENTS = [(Category.PAIR, rank) for rank in RANKS] + [(Category.THREE_OF_A_KIND, None)]


@pytest.mark.slow
@pytest.mark.parametrize("name", HIGH)
def test_built_minimum_equals_the_table(name: str) -> None:
    ranking: Ranking = PRESETS[name]
    for wanted, rank in REQUIREMENTS:
        built = _weakest_built(wanted, rank, ranking)
        table = minimum_from_table(wanted, rank, ranking)
        if table is None or built is None:  # no such hand: deuces where deuces are wild, ...
            assert built is table is None, (name, rank)
            continue
        if name != "stripped-32":
            assert built == table, (name, rank)
        else:
            assert (built.category, built.ranks) == (table.category, table.ranks) and built >= table


@pytest.mark.slow
def test_no_real_32_card_hand_lies_between_the_table_and_the_built_minimum() -> None:
    ranking = PRESETS["stripped-32"]
    for wanted, rank in REQUIREMENTS[5:]:  # sevens and up exist in the 32-card pack
        built = _weakest_built(wanted, rank, ranking)
        table = minimum_from_table(wanted, rank, ranking)
        assert built is not None and table is not None
        between = [hand for hand in combinations(ranking.deck, 5) if table < evaluate(hand, ranking) < built]
        assert between == [], (rank, between[:3])
