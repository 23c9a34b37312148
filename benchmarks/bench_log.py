"""How fast hand logs are read: a cold start, a typical 40-line log, and how time grows with length.

Run: ``python benchmarks/bench_log.py``. It prints figures; it asserts nothing (the goals are
under 0.5 ms per 40-line log, i.e. 80,000+ lines/s, and time linear in length within 10%). The
same hand is read twice: as ``fmt`` writes it (``TYPICAL``) and as players type it, in their own
tenses and table words (``NATURAL``).
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from referee.log import parse_log

TYPICAL = """\
# Friday game, hand 12 — Cy says Dee bet out of turn
title: Friday game, hand 12
game: jacks-or-better
rulebook: scarne
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: 1
limit: 2/4
stacks: Ann 40, Bob 40, Cy 40, Dee 40

antes
deal
Ann is dealt ?? ?? ?? ?? ??
Bob is dealt 9s 9h 4c 3d 2c
Cy is dealt J♠ J♦ 8c 4h 2s
Dee is dealt Q♠ Q♥ Q♣ 7d 6h
Ann checks
Dee bets 2                     # out of turn: it was Bob's turn
Bob checks
Cy opens 2
Dee calls
Ann folds
Bob calls 2
draw
Bob discards 4c 3d 2c, draws 3
Cy discards 8c 4h 2s, draws J♥ 5c 5d
Dee discards 6h, draws 7s
Ann says "I'm out"
Bob checks
Cy bets 4
Dee raises 4
Bob calls
Cy raises 4
Dee calls
Bob folds
note: Cy asked for time
Cy calls
showdown
Dee shows Q♠ Q♥ Q♣ 7d 7s
Cy shows J♠ J♦ J♥ 5c 5d
"""
NATURAL = """\
# Friday game, hand 12 — Cy says Dee bet out of turn
title: Friday game, hand 12
game: Jacks or Better
rulebook: scarne
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: $1
limit: 2/4
stacks: Ann 40, Bob 40, Cy 40, Dee 40

everyone antes
the deal
Ann was dealt ?? ?? ?? ?? ??
Bob got 9s 9h 4c 3d 2c
Cy was dealt J♠ J♦ 8c 4h 2s
Dee got Q♠ Q♥ Q♣ 7d 6h
Ann knocked
Dee bet 2 chips                # out of turn: it was Bob's turn
Bob passed
Cy opened for 2
Dee saw it
Ann folded
Bob called 2
the draw
Bob threw away 4c 3d 2c and drew three
Cy discarded 8c 4h 2s, took J♥ 5c 5d
Dee discarded 6h, drew 7s
Ann said "I'm out"
Bob checked
Cy bet $4
Dee bumped it 4
Bob stayed
Cy re-raised 4
Dee called
Bob dropped
note: Cy asked for time
Cy saw it
showdown
Dee showed Q♠ Q♥ Q♣ 7d 7s
Cy tabled J♠ J♦ J♥ 5c 5d
"""
GRAMMAR_ONLY = "dealer flashed Bob's 8h"
"""A line only the grammar reads: the cold start below builds (or loads) the LALR tables."""
_HEADER, _EVENTS = TYPICAL.split("\n\n", 1)


def log_of(times: int) -> str:
    """The typical log with its events repeated ``times`` times."""
    return _HEADER + "\n\n" + _EVENTS * times


def best_of(function: Callable[[], object], seconds: float = 1.0) -> float:
    """The fastest of several runs, each timing enough calls to last a few milliseconds."""
    calls = 1
    while True:
        start = time.perf_counter()
        for _ in range(calls):
            function()
        if time.perf_counter() - start > 0.005:
            break
        calls *= 2
    best = float("inf")
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def cold_start(cache_home: str, code: str) -> float:
    """Wall time of a fresh interpreter running ``code`` (best of 5)."""
    env = {**os.environ, "XDG_CACHE_HOME": cache_home}
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    lines = TYPICAL.count("\n")
    per_log = best_of(lambda: parse_log(TYPICAL))
    print(f"typical log ({lines} lines): {per_log * 1e3:.3f} ms per log, {lines / per_log:,.0f} lines/s")
    natural = best_of(lambda: parse_log(NATURAL))
    lines = NATURAL.count("\n")
    print(f"the same in players' words ({lines} lines): {natural * 1e3:.3f} ms per log")

    per_line = {}
    for times in (1, 10, 100):
        text = log_of(times)
        count = text.count("\n")
        seconds = best_of(functools.partial(parse_log, text), seconds=2.0)
        per_line[times] = seconds / count
        print(f"{times:>4}x: {count:>6} lines in {seconds * 1e3:8.3f} ms = {count / seconds:>9,.0f} lines/s")
    for times in (10, 100):
        print(f"time per line at {times}x / at 1x: {per_line[times] / per_line[1]:.2f}")

    with tempfile.TemporaryDirectory() as cache_home:
        bare = cold_start(cache_home, "pass")
        first_parse = f"import referee.log; referee.log.parse_log({TYPICAL + GRAMMAR_ONLY!r})"
        empty = cold_start(cache_home + "/none", "import referee.log")
        subprocess.run(
            [sys.executable, "-c", first_parse], check=True, env={**os.environ, "XDG_CACHE_HOME": cache_home}
        )
        cached = cold_start(cache_home, first_parse)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", first_parse],
            check=True,
            env={**os.environ, "XDG_CACHE_HOME": cache_home + "/new"},
        )
        uncached = time.perf_counter() - start
    print(f"python -c pass: {bare * 1e3:.0f} ms")
    print(f"python -c 'import referee.log': {empty * 1e3:.0f} ms")
    print(f"import + first parse, grammar tables cached: {cached * 1e3:.0f} ms")
    print(f"import + first parse, first run ever (tables built and cached): {uncached * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
