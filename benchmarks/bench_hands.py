"""Hand evaluation speed, next to treys and PokerKit in the same run; and ``referee odds``.

    python benchmarks/bench_hands.py [--hands N] [--seed S]

Prints evaluations per second over N random five-card high hands (seeded, the same hands for
everyone), then the ratios. treys and PokerKit are timed only where they are importable; they are
never project dependencies (install them in a separate virtualenv, see /work/shared/BENCHMARKS.md).
Machines are shared and noisy: compare the ratios of one run, not times from different days.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from itertools import combinations, pairwise

from referee.cards import STANDARD_52, Card
from referee.hands import Ranking, evaluate
from referee.odds import frequency_table


def rate(label: str, run: Callable[[], object], count: int, repeats: int = 3) -> float:
    """Best of ``repeats`` runs, in calls per second."""
    best = min(_timed(run) for _ in range(repeats))
    per_second = count / best
    print(f"  {label:<52} {per_second:>12,.0f} /s   ({best:.3f} s)")
    return per_second


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def ours(hands: Sequence[tuple[Card, ...]]) -> dict[str, float]:
    high = Ranking.named("high")
    evaluate(hands[0], high)  # build the tables outside the timing
    five = high._tables.evaluate

    def public() -> None:
        for hand in hands:
            evaluate(hand, high)

    def inner() -> None:
        for hand in hands:
            five(hand)

    return {
        "referee evaluate(hand, ranking)": rate("referee  evaluate(hand, ranking)", public, len(hands)),
        "referee tables.evaluate(hand)": rate("referee  ranking._tables.evaluate(hand)", inner, len(hands)),
    }


def treys(hands: Sequence[tuple[Card, ...]]) -> dict[str, float]:
    if find_spec("treys") is None:
        print("  treys: not installed (pip install treys in a separate virtualenv)")
        return {}
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    parsed = [[TreysCard.new(repr(card)) for card in hand] for hand in hands]
    _check_same_order(hands, [evaluator.evaluate(hand[:2], hand[2:]) for hand in parsed[:20000]])

    def public() -> None:
        for hand in parsed:
            evaluator.evaluate(hand[:2], hand[2:])

    return {"treys": rate("treys    Evaluator.evaluate(hand[:2], hand[2:])", public, len(hands))}


def pokerkit(hands: Sequence[tuple[Card, ...]]) -> dict[str, float]:
    if find_spec("pokerkit") is None:
        print("  pokerkit: not installed (pip install pokerkit in a separate virtualenv)")
        return {}
    from pokerkit import Card as KitCard
    from pokerkit import StandardHighHand

    lookup = StandardHighHand.lookup
    parsed = [tuple(KitCard.parse("".join(repr(card) for card in hand))) for hand in hands]

    def public() -> None:
        for hand in parsed:
            lookup.get_entry(hand)

    return {"pokerkit": rate("pokerkit StandardHighHand.lookup.get_entry(cards)", public, len(hands), 1)}


def _check_same_order(hands: Sequence[tuple[Card, ...]], treys_values: list[int]) -> None:
    # treys: 1 is the royal flush, so a smaller number is a better hand.
    high = Ranking.named("high")
    strengths = [evaluate(hand, high).strength for hand in hands[: len(treys_values)]]
    pairs = list(zip(strengths, treys_values, strict=True))
    for (a, ta), (b, tb) in pairwise(pairs):
        assert (a > b) == (ta < tb) and (a == b) == (ta == tb), "referee and treys disagree"
    print(f"  (referee and treys order {len(pairs):,} consecutive pairs of hands the same way)")


def odds_timing() -> None:
    # A fresh interpreter first, so that the tables are built inside the timing.
    command = [
        sys.executable,
        "-c",
        "from referee.cli import main; main()",
        "odds",
        "--game",
        "high",
        "--json",
    ]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    assert '"distinct": 7462' in done.stdout, done.stdout
    print(f"  referee odds --game high: {seconds:.3f} s (a fresh process: start-up and tables included)")
    start = time.perf_counter()
    table = frequency_table(Ranking.named("high"), "high")
    seconds = time.perf_counter() - start
    print(f"  frequency_table(high) again, in this process: {seconds:.3f} s ({table.hands:,} hands)")
    high = Ranking.named("high")
    start = time.perf_counter()
    dealt = sum(1 for hand in combinations(STANDARD_52, 5) if evaluate(hand, high))
    seconds = time.perf_counter() - start
    print(f"  for comparison, every one of the {dealt:,} hands through evaluate: {seconds:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=20240611)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    hands = [tuple(rng.sample(STANDARD_52, 5)) for _ in range(options.hands)]
    version = sys.version.split()[0]
    print(f"Five-card high hands, {len(hands):,} random hands (seed {options.seed}), Python {version}")
    rates = ours(hands) | treys(hands) | pokerkit(hands)
    ours_rate = rates["referee evaluate(hand, ranking)"]
    for other in ("treys", "pokerkit"):
        if other in rates:
            print(f"  referee evaluate / {other}: {ours_rate / rates[other]:.2f}x")
    print("Odds")
    odds_timing()


if __name__ == "__main__":
    main()
