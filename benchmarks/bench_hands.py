"""Hand evaluation speed, next to treys, phevaluator and PokerKit in the same run; and ``referee odds``.

    python benchmarks/bench_hands.py [--hands N] [--repeat R] [--seed S]

Times N random five-card high hands (seeded, the same hands for everyone), every side in the same
interleaved rounds: each round runs every side once over all N hands, in an order turned by one
place each round, with a collection before each pass, and a side's figure is its best round of R
(the least disturbed by the machine's other work). Each peer is called the way its authors call it
in their documentation, and beside that through its own five-card path (the function its public
call hands five cards to), as ours is through ``ranking._tables.evaluate``:

* treys: ``Evaluator.evaluate(hand, board)`` and ``Evaluator._five(cards)``;
* phevaluator: ``evaluate_cards(*cards)`` and its C core's ``_pheval.evaluate_5cards(a, b, c, d, e)``
  (the public call's Python wrapper maps each card through ``Card.to_id`` first);
* PokerKit: ``StandardHighHand(cards)`` and ``StandardHighHand.lookup.get_entry(cards)``.

Cards are converted to each library's own form outside the timing (as a caller holding its cards
would have them). Before timing, every side's verdict on every one of the N hands is checked
against ours: the same hands equal, the same hands stronger (a peer's value must be a strictly
monotone function of our strength over all N hands), and the figures are printed only with that.
The peers are never runtime or test dependencies: ``pip install -c constraints.txt -e '.[bench]'``
brings treys and phevaluator, the test extra PokerKit; a side that is not installed is skipped.
Machines are shared and noisy: compare the ratios of one run, not times from different days.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from itertools import combinations, pairwise
from typing import Any

from referee.cards import STANDARD_52, Card
from referee.hands import Ranking, evaluate
from referee.odds import frequency_table

Side = tuple[str, Callable[[], object]]
"""A label and one pass over every hand."""


def interleaved_best(sides: Sequence[Side], repeat: int) -> dict[str, float]:
    """Each side's best pass of ``repeat`` interleaved rounds, in seconds."""
    best = {label: float("inf") for label, _ in sides}
    for round_number in range(repeat):
        turn = round_number % len(sides)
        for label, run in [*sides[turn:], *sides[:turn]]:
            gc.collect()
            start = time.perf_counter()
            run()
            best[label] = min(best[label], time.perf_counter() - start)
    return best


def agrees(ours: Sequence[int], theirs: Sequence[Any], lower_is_stronger: bool) -> str | None:
    """None when ``theirs`` orders every hand as ``ours`` does (ties included), else the first
    disagreement. Ours: a larger strength is a stronger hand."""
    value_of: dict[int, Any] = {}
    for number, (strength, value) in enumerate(zip(ours, theirs, strict=True)):
        if value_of.setdefault(strength, value) != value:
            return (
                f"hand {number}: our strength {strength} is {value_of[strength]!r} there and {value!r} here"
            )
    ladder = sorted(value_of.items())
    for (weaker, low), (stronger, high) in pairwise(ladder):
        if not ((high < low) if lower_is_stronger else (high > low)):
            return f"our strengths {weaker} < {stronger}, theirs {low!r} vs {high!r}"
    return None


def ours(hands: Sequence[tuple[Card, ...]]) -> tuple[list[Side], list[int]]:
    high = Ranking.named("high")
    strengths = [evaluate(hand, high).strength for hand in hands]  # builds the tables, untimed
    five = high._tables.evaluate

    def public() -> None:
        for hand in hands:
            evaluate(hand, high)

    def inner() -> None:
        for hand in hands:
            five(hand)

    assert [five(hand).strength for hand in hands] == strengths
    return [
        ("referee  evaluate(hand, ranking)", public),
        ("referee  ranking._tables.evaluate(hand)", inner),
    ], strengths


def treys(hands: Sequence[tuple[Card, ...]], strengths: list[int]) -> list[Side]:
    if find_spec("treys") is None:
        print("  treys: not installed (pip install -c constraints.txt -e '.[bench]')")
        return []
    from treys import Card as TreysCard
    from treys import Evaluator

    evaluator = Evaluator()
    parsed = [[TreysCard.new(repr(card)) for card in hand] for hand in hands]
    pairs = [(hand[:2], hand[2:]) for hand in parsed]
    _check("treys", strengths, [evaluator.evaluate(hand, board) for hand, board in pairs], True)
    _check("treys _five", strengths, [evaluator._five(hand) for hand in parsed], True)
    five = evaluator._five
    public_call = evaluator.evaluate

    def public() -> None:
        for hand, board in pairs:
            public_call(hand, board)

    def inner() -> None:
        for hand in parsed:
            five(hand)

    return [("treys    Evaluator.evaluate(hand, board)", public), ("treys    Evaluator._five(cards)", inner)]


def phevaluator(hands: Sequence[tuple[Card, ...]], strengths: list[int]) -> list[Side]:
    if find_spec("phevaluator") is None:
        print("  phevaluator: not installed (pip install -c constraints.txt -e '.[bench]')")
        return []
    from phevaluator import Card as PhCard
    from phevaluator import _pheval, evaluate_cards

    evaluate_5cards = _pheval.evaluate_5cards
    parsed = [tuple(PhCard(repr(card)).id_ for card in hand) for hand in hands]
    _check("phevaluator", strengths, [evaluate_cards(*hand) for hand in parsed], True)
    _check("phevaluator 5", strengths, [evaluate_5cards(*hand) for hand in parsed], True)

    def public() -> None:
        for hand in parsed:
            evaluate_cards(*hand)

    def inner() -> None:
        for hand in parsed:
            evaluate_5cards(*hand)

    return [
        ("phevaluator evaluate_cards(*cards)", public),
        ("phevaluator _pheval.evaluate_5cards(a, b, c, d, e)", inner),
    ]


def pokerkit(hands: Sequence[tuple[Card, ...]], strengths: list[int]) -> list[Side]:
    if find_spec("pokerkit") is None:
        print("  pokerkit: not installed (it comes with the test extra)")
        return []
    from pokerkit import Card as KitCard
    from pokerkit import StandardHighHand

    lookup = StandardHighHand.lookup
    parsed = [tuple(KitCard.parse("".join(repr(card) for card in hand))) for hand in hands]
    _check(
        "pokerkit",
        strengths,
        [lookup.get_entry(StandardHighHand(hand).cards).index for hand in parsed],
        False,
    )
    _check("pokerkit lookup", strengths, [lookup.get_entry(hand).index for hand in parsed], False)

    def public() -> None:
        for hand in parsed:
            StandardHighHand(hand)

    def inner() -> None:
        for hand in parsed:
            lookup.get_entry(hand)

    return [
        ("pokerkit StandardHighHand(cards)", public),
        ("pokerkit StandardHighHand.lookup.get_entry(cards)", inner),
    ]


def _check(name: str, strengths: list[int], values: list[Any], lower_is_stronger: bool) -> None:
    wrong = agrees(strengths, values, lower_is_stronger)
    if wrong is not None:
        raise SystemExit(f"referee and {name} disagree: {wrong}")


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
    print(
        f"  frequency_table(high) again, in this process: {seconds:.3f} s for {table.hands:,} hands "
        f"counted by their {table.shapes:,} shapes (not {table.hands:,} evaluations)"
    )
    high = Ranking.named("high")
    start = time.perf_counter()
    dealt = sum(1 for hand in combinations(STANDARD_52, 5) if evaluate(hand, high))
    seconds = time.perf_counter() - start
    print(f"  for comparison, every one of the {dealt:,} hands through evaluate: {seconds:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds; each side's best is shown")
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--no-odds", action="store_true", help="leave out the odds timing")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    hands = [tuple(rng.sample(STANDARD_52, 5)) for _ in range(options.hands)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Five-card high hands: {len(hands):,} random hands (seed {options.seed}); best of "
        f"{options.repeat} interleaved rounds; Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load:.2f}"
    )
    sides, strengths = ours(hands)
    sides += treys(hands, strengths) + phevaluator(hands, strengths) + pokerkit(hands, strengths)
    print(f"  every side orders all {len(hands):,} hands as referee does (ties included)")
    best = interleaved_best(sides, options.repeat)
    for label, _ in sides:
        print(f"  {label:<52} {len(hands) / best[label]:>12,.0f} /s   ({best[label]:.3f} s)")
    public = len(hands) / best["referee  evaluate(hand, ranking)"]
    inner = len(hands) / best["referee  ranking._tables.evaluate(hand)"]
    for label, _ in sides:
        if not label.startswith("referee"):
            theirs = len(hands) / best[label]
            print(
                f"  referee evaluate / {label.strip()}: {public / theirs:.2f}x"
                f"   (tables path {inner / theirs:.2f}x)"
            )
    if not options.no_odds:
        print("Odds")
        odds_timing()


if __name__ == "__main__":
    main()
