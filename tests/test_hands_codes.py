"""The card codes behind the lookup tables (see referee/hands/codes.py)."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations_with_replacement

from referee.hands.codes import ALL_SUITS, BUG_WEIGHT, KEY_MASK, RANK_WEIGHTS, WILD_WEIGHT


def test_any_five_weights_add_up_to_a_different_total() -> None:
    """Ranks at most four times, wild cards up to five, the bug once: every multiset of up to five
    of them has its own sum, so a sum names the shape of a hand."""
    symbols = [*RANK_WEIGHTS, WILD_WEIGHT, BUG_WEIGHT]
    caps = [4] * len(RANK_WEIGHTS) + [5, 1]
    for size in range(1, 6):
        sums: set[int] = set()
        count = 0
        for multiset in combinations_with_replacement(range(len(symbols)), size):
            if any(multiset.count(symbol) > caps[symbol] for symbol in set(multiset)):
                continue
            sums.add(sum(symbols[symbol] for symbol in multiset))
            count += 1
        assert len(sums) == count
        assert max(sums) <= KEY_MASK


def test_codes_stay_small_integers() -> None:
    """Five codes added stay below 2**30, where CPython's int arithmetic takes its fast path."""
    assert 5 * (ALL_SUITS | KEY_MASK) < 2**30


def test_importing_builds_no_tables() -> None:
    code = (
        "import referee.hands, referee.odds, referee.cli, sys; "
        "from referee.hands.table import _CACHE; "
        "assert not _CACHE; print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr
