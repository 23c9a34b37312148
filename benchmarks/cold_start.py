"""Cold start of `referee rule` and `referee compare` against a one-command typer app.

    python benchmarks/cold_start.py [LOG] [--runs 20] [--referee /path/to/referee]

Each command runs RUNS times in a fresh process. Besides the wall-clock median, it reports the
CPU time of each process (user + system, from the kernel's accounting of the child): on a shared
machine the wall clock counts the time spent waiting for a core, the CPU time does not, so the
ratios are read from CPU medians and wall medians side by side.

The floor is ``benchmarks/typer_one_command.py``: a typer app of one command with rule's
arguments, doing nothing; whatever it costs, typer costs before any of referee's code runs.
The commands run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` is dropped from their
environment), so the warm-up runs leave ``.pyc`` files as any installed copy has: pip compiles an
installed package, and typer's own modules are compiled already. Without them every run of an
editable checkout would compile referee's modules afresh (about 90 ms) and the floor would not.

Goals (issue 14): ``referee rule`` <= 1.3x that app; ``referee compare`` over every bundled
rulebook <= 1.5x one ``rule``. Beside them, ``typer_design_floor.py``: the same app after importing
only rich and referee's vocabulary (events, enums, cards), which any ``rule`` needs before it loads a
rulebook or reads a line; its ratio is the least the design allows. The script prints figures and
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_LOG = ROOT / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call.log"


# Bytecode as an installed copy has it; see the module docstring.
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def measure(argv: list[str], runs: int, warmup: int) -> tuple[float, float, float]:
    """(median wall ms, median CPU ms, min CPU ms) of ``argv`` run ``runs`` times."""
    walls, cpus = [], []
    for number in range(warmup + runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if number >= warmup:
            walls.append(1000 * wall)
            cpus.append(1000 * cpu)
    return statistics.median(walls), statistics.median(cpus), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", nargs="?", default=str(DEFAULT_LOG))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--referee", default=shutil.which("referee") or "referee")
    args = parser.parse_args()
    python = sys.executable
    commands = {
        "python -c pass": [python, "-c", "pass"],
        "typer app of one command": [python, str(HERE / "typer_one_command.py"), args.log],
        "  + rich and referee's vocabulary only": [python, str(HERE / "typer_design_floor.py"), args.log],
        "referee rule": [args.referee, "rule", args.log],
        "referee rule --json": [args.referee, "rule", args.log, "--json"],
        "referee compare (every bundled rulebook)": [args.referee, "compare", args.log],
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.runs} runs each after {args.warmup} warm-up runs; load average {load:.2f}; {python}")
    print(f"  {'command':<42} {'wall ms':>8} {'CPU ms':>8} {'CPU min':>8}")
    figures = {}
    for label, argv in commands.items():
        figures[label] = measure(argv, args.runs, args.warmup)
        wall, cpu, low = figures[label]
        print(f"  {label:<42} {wall:8.1f} {cpu:8.1f} {low:8.1f}")
    app, rule, compare = (
        figures["typer app of one command"],
        figures["referee rule"],
        figures["referee compare (every bundled rulebook)"],
    )
    floor = figures["  + rich and referee's vocabulary only"]
    print(f"  rule / typer app:   CPU {rule[1] / app[1]:.2f}x, wall {rule[0] / app[0]:.2f}x   (goal <= 1.3x)")
    print(
        f"  floor / typer app:  CPU {floor[1] / app[1]:.2f}x, wall {floor[0] / app[0]:.2f}x"
        "   (rich + the events, enums and cards, before any rulebook, parse or replay)"
    )
    print(
        f"  compare / rule:     CPU {compare[1] / rule[1]:.2f}x, wall {compare[0] / rule[0]:.2f}x"
        "   (goal <= 1.5x)"
    )


if __name__ == "__main__":
    main()
