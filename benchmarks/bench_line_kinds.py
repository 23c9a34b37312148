"""Per-line cost of long logs of one line kind: it must not grow with the lines before it.

Run: ``python benchmarks/bench_line_kinds.py [--lines 2000,20000,100000] [--kinds exposes,says]``.
For each kind and length it builds one deal of that many lines, then times (CPU time of this
process) reading it, ruling it under scarne, and the terminal report of the result (rich, into a
buffer; ``--no-report`` skips it, the slowest part). It prints microseconds per line for each stage
and the ratio of the longest log's per-line cost to the shortest's: near 1 means linear. It
asserts nothing (issue 26's goal: a 100,000-line log of any single kind rules in under 5 s).
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable

from rich.console import Console

from referee.engine import rule_log
from referee.log import parse_log
from referee.report.terminal import render
from referee.rulebook.load import load_rulebook

HEADER = "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n\nantes\ndeal\n"
CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
NAMES = ("Ann", "Bob", "Cy")

KINDS: dict[str, Callable[[int], str]] = {
    "exposes": lambda n: f"dealer exposes {CARDS[n % 52]}",
    "exposes-owner": lambda n: f"dealer exposes {NAMES[n % 3]}'s {CARDS[n % 52]}",
    "player-exposes": lambda n: f"Bob exposes {CARDS[n % 52]}",
    "says": lambda n: 'Ann says "nice hand"',
    "checks": lambda n: f"{NAMES[n % 3]} checks",
    "face-up": lambda n: f"card face up in pack: {CARDS[n % 52]}",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lines", default="2000,20000,100000")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--no-report", action="store_true", help="time reading and ruling only")
    options = parser.parse_args()
    lengths = [int(n) for n in options.lines.split(",")]
    book = load_rulebook("scarne")
    parse_log(HEADER + "dealer exposes 9h\n", "warm.log")  # the grammar's tables, built once
    for kind in options.kinds.split(","):
        make = KINDS[kind]
        per_line: list[float] = []
        for count in lengths:
            text = HEADER + "\n".join(make(n) for n in range(count)) + "\n"
            start = time.process_time()
            log = parse_log(text, "bench.log")
            read = time.process_time() - start
            start = time.process_time()
            result = rule_log(log, text, book)
            ruled = time.process_time() - start
            shown = 0.0
            if not options.no_report:
                start = time.process_time()
                render(Console(file=io.StringIO(), width=100), log, result)
                shown = time.process_time() - start
            total = read + ruled + shown
            per_line.append(total / count)
            print(
                f"{kind:15} {count:>7,} lines: read {read / count * 1e6:5.0f} us/line, "
                f"rule {ruled / count * 1e6:5.0f}, report {shown / count * 1e6:5.0f}; "
                f"total {total:6.2f} s",
                flush=True,
            )
        print(f"{kind:15} longest/shortest per-line cost: {per_line[-1] / per_line[0]:.2f}")


if __name__ == "__main__":
    main()
