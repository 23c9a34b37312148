"""How fast rulebooks load and decide: a cold load of all bundled rulebooks, a house file, decisions.

Run: ``python benchmarks/bench_rulebooks.py``. It prints figures; it asserts nothing (the goal is
under 50 ms to load all five bundled rulebooks in a warm process, imports excluded). Each figure is
the median of several runs, the in-process cache cleared before each load; a load then reads the
compiled cache in the user's cache folder, and a second figure builds from the YAML without it.
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import resources

RUNS = 15


def timed_ms(
    action: Callable[[], object], before: Callable[[], object] = lambda: None, runs: int = RUNS
) -> tuple[float, float]:
    """(median, best) in milliseconds; ``before`` runs untimed before each run, then a GC."""
    times = []
    for _ in range(runs):
        before()
        gc.collect()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


FRESH = """\
import time
s = time.perf_counter()
import referee.rulebook
a = time.perf_counter()
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.rulebook.decisions import decide
b = time.perf_counter()
for name in bundled_rulebooks():
    load_rulebook(name)
c = time.perf_counter()
print((a - s) * 1000, (b - a) * 1000, (c - b) * 1000)
"""


def fresh_process_ms(runs: int = 5) -> tuple[float, float, float]:
    """Medians over fresh interpreters: import the package, import the loader, first load of all five."""
    samples = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, check=True)
        samples.append([float(x) for x in out.stdout.split()])
    light, heavy, first = (statistics.median(column) for column in zip(*samples, strict=True))
    return light, heavy, first


def main() -> None:
    from referee.rulebook.decisions import decide
    from referee.rulebook.games import catalog, effective_game
    from referee.rulebook.load import bundled_rulebooks, clear_cache, load_rulebook

    names = bundled_rulebooks()
    light, heavy, first = fresh_process_ms()
    print("fresh interpreter (medians of 5):")
    print(f"  import referee.rulebook (vocabulary only):  {light:6.1f} ms")
    print(f"  import the loader and models (pydantic):    {heavy:6.1f} ms")
    print(f"  first load of all {len(names)} bundled rulebooks:   {first:6.1f} ms   (goal: < 50 ms)")

    def load_all() -> None:
        for name in names:
            load_rulebook(name)

    median, best = timed_ms(load_all, before=clear_cache)
    print(
        f"same process, in-process cache cleared each time ({RUNS} runs), read back from the compiled "
        f"cache (referee/rulebook/compiled.py): median {median:.1f} ms, best {best:.1f} ms"
    )
    from referee.rulebook import compiled

    kept = compiled.cache_file
    compiled.cache_file = lambda: None  # type: ignore[assignment]
    median, best = timed_ms(load_all, before=clear_cache)
    compiled.cache_file = kept  # type: ignore[method-assign]
    print(f"the same built from the YAML (no compiled cache): median {median:.1f} ms, best {best:.1f} ms")
    for name in names:
        median, best = timed_ms(lambda name=name: load_rulebook(name), before=clear_cache)  # type: ignore[misc]
        print(f"  {name:8} median {median:5.1f} ms, best {best:5.1f} ms (includes the game catalog)")
    print(f"load all again, cached: {timed_ms(load_all)[0] * 1000:.1f} µs")

    house = str(resources.files("referee.rulebooks.examples").joinpath("friday-night.yaml"))
    load_all()
    print(f"a house file extending a loaded scarne: {timed_ms(lambda: load_rulebook(house))[0]:.2f} ms")

    book = load_rulebook("scarne")
    games = list(catalog().variants)
    every_game = timed_ms(lambda: [effective_game(book, g) for g in games], before=book._games.clear)[0]
    print(f"effective_game for {len(games)} games (first call each): {every_game:.2f} ms")
    facts = {
        "phase": "first-betting",
        "pot_opened": True,
        "betting_started": True,
        "actions_taken": 3,
        "action": "bet",
        "previous_bet_vs_out_of_turn": "larger",
        "action_changed": True,
    }
    count = 20_000
    start = time.perf_counter()
    for _ in range(count):
        decide(book, "out-of-turn", facts)
    rate = count / (time.perf_counter() - start)
    print(f"decide (5-row table, last row matches): {rate:,.0f} decisions/s")


if __name__ == "__main__":
    main()
