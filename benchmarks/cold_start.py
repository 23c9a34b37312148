"""Cold start of `referee rule` and `referee compare` against a one-command typer app.

    python benchmarks/cold_start.py [LOG] [--runs 20] [--referee /path/to/referee]

Each command runs RUNS times in a fresh process, interleaved: every round runs each command once,
in an order turned by one place each round, so a change in the machine's load falls on every
command alike rather than on whichever ran during it. Besides the wall-clock median, it reports the
CPU time of each process (user + system, from the kernel's accounting of the child): on a shared
machine the wall clock counts the time spent waiting for a core, the CPU time does not, so the
ratios are read from CPU medians and wall medians side by side.

The floor is ``benchmarks/typer_one_command.py``: a typer app of one command with rule's
arguments, doing nothing; whatever it costs, typer costs before any of referee's code runs.
The commands run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` is dropped from their
environment), so the warm-up runs leave ``.pyc`` files as any installed copy has: pip compiles an
installed package, and typer's own modules are compiled already. Without them every run of an
editable checkout would compile referee's modules afresh (about 90 ms) and the floor would not.
The warm-up runs also fill referee's user cache (the compiled bundled rulebooks, the hand
ladders): the figures are of a warm start, the way every start after the first one runs.

``referee rule`` starts with the cyclic garbage collector off until it rules (a start makes many
long-lived objects and collecting them frees nothing; see ``referee.cli.main``). The typer app as
written collects as usual, and spends some of its own time doing so; so that the ratio does not
flatter, the same app is also run with the collector off (``typer app, collector off``) and
``rule`` is reported against both.

Goals: ``referee rule`` <= 1.5x that app (issue 25; issue 14 asked 1.3x); ``referee compare``
over every bundled rulebook <= 1.5x one ``rule``. Beside them, ``typer_design_floor.py``: the
same app after importing only rich and referee's vocabulary (events, enums, cards), which any
``rule`` needs before it loads a rulebook or reads a line; its ratio is the least the design
allows. The script prints figures and asserts nothing.
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
from typing import Final

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_LOG = ROOT / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call.log"


# Bytecode as an installed copy has it; see the module docstring.
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


_COLLECTOR_OFF: Final = (
    "import gc, runpy, sys; gc.disable(); sys.argv = sys.argv[1:]; "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)
"""Runs the typer app (the first argument) with the garbage collector off, as ``rule`` starts."""


def once(argv: list[str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 1000 * wall, 1000 * cpu


def measure(
    commands: dict[str, list[str]], runs: int, warmup: int
) -> dict[str, tuple[float, float, float]]:
    """Label → (median wall ms, median CPU ms, min CPU ms), the commands run in interleaved rounds."""
    walls: dict[str, list[float]] = {label: [] for label in commands}
    cpus: dict[str, list[float]] = {label: [] for label in commands}
    labels = list(commands)
    for number in range(warmup + runs):
        turn = number % len(labels)
        for label in labels[turn:] + labels[:turn]:
            wall, cpu = once(commands[label])
            if number >= warmup:
                walls[label].append(wall)
                cpus[label].append(cpu)
    return {
        label: (statistics.median(walls[label]), statistics.median(cpus[label]), min(cpus[label]))
        for label in labels
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", nargs="?", default=str(DEFAULT_LOG))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--referee", default=shutil.which("referee") or "referee")
    args = parser.parse_args()
    python = sys.executable
    floor_app = [str(HERE / "typer_one_command.py"), args.log]
    commands = {
        "python -c pass": [python, "-c", "pass"],
        "typer app of one command": [python, str(HERE / "typer_one_command.py"), args.log],
        "typer app, collector off": [python, "-c", _COLLECTOR_OFF, *floor_app],
        "  + rich and referee's vocabulary only": [python, str(HERE / "typer_design_floor.py"), args.log],
        "referee rule": [args.referee, "rule", args.log],
        "referee rule --json": [args.referee, "rule", args.log, "--json"],
        "referee compare (every bundled rulebook)": [args.referee, "compare", args.log],
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.runs} interleaved rounds after {args.warmup} warm-up rounds; "
        f"load average {load:.2f}; {python}"
    )
    print(f"  {'command':<42} {'wall ms':>8} {'CPU ms':>8} {'CPU min':>8}")
    figures = measure(commands, args.runs, args.warmup)
    for label, (wall, cpu, low) in figures.items():
        print(f"  {label:<42} {wall:8.1f} {cpu:8.1f} {low:8.1f}")
    app, rule, compare = (
        figures["typer app of one command"],
        figures["referee rule"],
        figures["referee compare (every bundled rulebook)"],
    )
    floor = figures["  + rich and referee's vocabulary only"]
    quiet = figures["typer app, collector off"]
    print(
        f"  rule / typer app:   CPU {rule[1] / app[1]:.2f}x, wall {rule[0] / app[0]:.2f}x, "
        f"least CPU {rule[2] / app[2]:.2f}x   (goal <= 1.5x)"
    )
    print(
        f"  rule / typer app, collector off:   CPU {rule[1] / quiet[1]:.2f}x, "
        f"wall {rule[0] / quiet[0]:.2f}x, "
        f"least CPU {rule[2] / quiet[2]:.2f}x"
    )
    print(
        f"  floor / typer app:  CPU {floor[1] / app[1]:.2f}x, wall {floor[0] / app[0]:.2f}x, "
        f"least CPU {floor[2] / app[2]:.2f}x"
        "   (rich + the events, enums and cards, before any rulebook, parse or replay)"
    )
    print(
        f"  compare / rule:     CPU {compare[1] / rule[1]:.2f}x, wall {compare[0] / rule[0]:.2f}x"
        "   (goal <= 1.5x)"
    )


if __name__ == "__main__":
    main()
