"""`referee rule` on a long log of one line kind, for every kind of line the log language has.

Run: ``python benchmarks/bench_long_logs.py [--lines 100000] [--kinds exposes,says,...] [--json]``.

For each kind it writes one log (a short header, what the kind needs before it, then ``--lines``
lines of that kind), runs ``referee rule LOG`` (or ``--json``) as a separate process exactly as a
user would, and prints the child's CPU time, its wall time, lines per second and microseconds per
line. ``--lines 10000,100000`` runs two lengths and prints the ratio of their per-line costs: near
1 means the cost of a line does not grow with the lines before it. ``--compare-deals 7150`` times
``referee compare`` on a night of that many deals (simulated hands, one file) instead.

Issue 26's goal is a 100,000-line log of any single kind ruled in under 5 s on this machine; the
script asserts nothing, it prints ``over`` beside a kind that misses it. Timings on a shared
machine swing; compare figures from one run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HEADER = "game: draw\nrulebook: scarne\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n\n"
DEALT = "Ann is dealt Ah Kh Qh Jh 9h\nBob is dealt 2c 3c 4c 5c 7c\nCy is dealt 2d 3d 4d 5d 7d\n"
OPENED = "antes\ndeal\n" + DEALT + "Ann opens 2\nBob calls\nCy calls\nDee calls\n"
DRAWING = OPENED + "draw\n"
CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def _card(n: int) -> str:
    return CARDS[n % 52]


def _player(n: int) -> str:
    return PLAYERS[n % 4]


# kind -> (what comes before the lines, the n-th line). Every kind of event in `referee.events`,
# comments, blank lines and notes; where a kind needs a hand in progress to mean anything, the
# prefix deals one. A repeated line soon becomes an irregularity or a void line: that is the point,
# the referee must rule or void each one at a cost that does not grow.
Kind = tuple[str, Callable[[int], str]]
KINDS: dict[str, Kind] = {
    "comment": ("antes\ndeal\n", lambda n: f"# a remark about the hand, number {n}"),
    "blank": ("antes\ndeal\n", lambda n: ""),
    "note": ("antes\ndeal\n", lambda n: f"note: Ann went to the kitchen ({n})"),
    "antes": ("", lambda n: "antes"),
    "ante-each": ("", lambda n: f"{_player(n)} antes 1"),
    "posts": ("", lambda n: f"{_player(n)} posts blind 1"),
    "deal": ("antes\n", lambda n: "deal"),
    "dealt-cards": ("antes\ndeal\n", lambda n: f"{_player(n)} is dealt ?? ?? ?? ?? ??"),
    "widow": ("antes\ndeal\n", lambda n: f"widow: {_card(n)}"),
    "draw-phase": (OPENED, lambda n: "draw"),
    "showdown": (DRAWING + "Ann checks\nBob checks\nCy checks\nDee checks\n", lambda n: "showdown"),
    "new-deal": ("", lambda n: "antes\ndeal\nnew deal" if n % 3 == 0 else ""),
    "redeal": ("antes\ndeal\n", lambda n: "redeal"),
    "checks": ("antes\ndeal\n", lambda n: f"{_player(n)} checks"),
    "bets": ("antes\ndeal\n", lambda n: f"{_player(n)} bets 2"),
    "opens": ("antes\ndeal\n", lambda n: f"{_player(n)} opens 2"),
    "calls": ("antes\ndeal\nAnn opens 2\n", lambda n: f"{_player(n + 1)} calls"),
    "raises": ("antes\ndeal\nAnn opens 2\n", lambda n: f"{_player(n + 1)} raises 2"),
    "raise-call": (
        "antes\ndeal\nAnn opens 2\n",
        lambda n: f"{_player(n + 1)} raises 2" if n % 4 == 0 else f"{_player(n + 1)} calls",
    ),
    "folds": ("antes\ndeal\n", lambda n: f"{_player(n)} folds"),
    "all-in": ("antes\ndeal\n", lambda n: f"{_player(n)} is all in"),
    "completes": ("antes\ndeal\n", lambda n: f"{_player(n)} completes his bet"),
    "discards": (DRAWING, lambda n: f"{_player(n)} discards {_card(n)}, draws 1"),
    "draws": (DRAWING, lambda n: f"{_player(n)} draws 1"),
    "stands-pat": (DRAWING, lambda n: f"{_player(n)} stands pat"),
    "asks-for": (DRAWING, lambda n: f"{_player(n)} asks for 2, draws 2"),
    "changes-draw": (DRAWING, lambda n: f"{_player(n)} changes his draw to 2"),
    "asks-how-many": (DRAWING, lambda n: f"Ann asks {_player(n + 1)} how many he drew"),
    "answers": (DRAWING, lambda n: f"{_player(n)} says he drew 2"),
    "refuses": (DRAWING, lambda n: f"{_player(n)} refuses to answer"),
    "picks-up-discards": (DRAWING, lambda n: f"{_player(n)} picks up his discards"),
    "looks": (DRAWING, lambda n: f"{_player(n)} looks at his cards"),
    "shows": (
        OPENED,
        lambda n: (
            f"{_player(n)} shows {_card(n)} {_card(n + 1)} {_card(n + 2)} {_card(n + 3)} {_card(n + 4)}"
        ),
    ),
    "mucks": (OPENED, lambda n: f"{_player(n)} mucks"),
    "shows-openers": (OPENED, lambda n: "Ann shows openers Ah Kh"),
    "splits-openers": (OPENED, lambda n: "Ann splits openers, keeps Ah Kh aside"),
    "declares": (OPENED, lambda n: f"{_player(n)} declares two pair"),
    "says": ("antes\ndeal\n", lambda n: 'Ann says "nice hand"'),
    "says-bet": ("antes\ndeal\n", lambda n: f'{_player(n)} says "bet 2"'),
    "declares-open": ("antes\ndeal\n", lambda n: f"{_player(n)} declares the pot open"),
    "keep-openers": (OPENED, lambda n: f"{_player(n + 1)} asks Ann to keep his openers"),
    "stack-change": ("", lambda n: f"{_player(n)} adds 20"),
    "cannot-show": (OPENED, lambda n: "Ann can't show openers"),
    "exposes": ("antes\ndeal\n", lambda n: f"dealer exposes {_card(n)}"),
    "exposes-owner": ("antes\ndeal\n", lambda n: f"dealer exposes {_player(n)}'s {_card(n)}"),
    "player-exposes": ("antes\ndeal\n", lambda n: f"Bob exposes {_card(n)}"),
    "face-up": ("antes\ndeal\n", lambda n: f"card face up in pack: {_card(n)}"),
    "cut": ("antes\n", lambda n: "deck not cut"),
    "wrong-count": ("antes\ndeal\n", lambda n: f"{_player(n)} was dealt 6 cards"),
    "duplicate": ("antes\ndeal\n", lambda n: f"duplicate card found: {_card(n)}"),
    "wrong-dealer": ("antes\n", lambda n: "wrong dealer: Cy"),
    "misdeal": ("antes\ndeal\n", lambda n: "misdeal"),
    "calls-misdeal": ("antes\ndeal\n", lambda n: f"{_player(n)} calls a misdeal"),
    "deals": ("antes\n", lambda n: "Dee deals"),
    "hands-dealt": ("antes\n", lambda n: "dealer dealt 4 hands"),
}


def run(command: list[str]) -> tuple[float, float, int, str]:
    """CPU seconds of the child, wall seconds, exit code, and the last line of its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = (done.stderr.strip().splitlines() or [""])[-1]
    return cpu, wall, done.returncode, last


def referee() -> list[str]:
    found = shutil.which("referee")
    # ``python -m referee.cli`` would only import the module: the entry point is its ``main``.
    return [found] if found else [sys.executable, "-c", "from referee.cli import main; main()"]


def bench_kinds(options: argparse.Namespace, folder: Path) -> None:
    lengths = [int(n) for n in options.lines.split(",")]
    kinds = list(KINDS) if options.kinds == "all" else options.kinds.split(",")
    print(f"{'kind':18} {'lines':>8} {'cpu s':>7} {'wall s':>7} {'lines/s':>9} {'us/line':>8}  exit")
    worst = ("", 0.0)
    for kind in kinds:
        before, make = KINDS[kind]
        per_line: list[float] = []
        for count in lengths:
            path = folder / f"{kind}-{count}.log"
            path.write_text(
                HEADER + before + "\n".join(make(n) for n in range(count)) + "\n", encoding="utf-8"
            )
            command = [*referee(), "rule", str(path), *(["--json"] if options.json else [])]
            cpu, wall, code, last = run(command)
            per_line.append(cpu / count)
            over = "  over 5 s" if count >= 100_000 and cpu >= 5 else ""
            error = f"  ({last})" if code not in (0,) else ""
            print(
                f"{kind:18} {count:>8,} {cpu:7.2f} {wall:7.2f} {count / cpu:9,.0f} "
                f"{cpu / count * 1e6:8.1f}  {code}{over}{error}",
                flush=True,
            )
            if cpu > worst[1]:
                worst = (f"{kind} at {count:,} lines", cpu)
            path.unlink()
        if len(per_line) > 1:
            print(f"{kind:18} per-line cost, longest / shortest log: {per_line[-1] / per_line[0]:.2f}")
    print(f"slowest: {worst[0]}, {worst[1]:.2f} s of CPU")


def bench_compare(options: argparse.Namespace, folder: Path) -> None:
    """`referee compare` on one night of many deals (``bench_night.py``'s: every deal disputed)."""
    from bench_night import night

    for deals in (int(n) for n in options.compare_deals.split(",")):
        path = folder / f"night-{deals}.log"
        path.write_text(night(deals), encoding="utf-8")
        lines = path.read_text(encoding="utf-8").count("\n")
        for json in (False, True):
            command = [*referee(), "compare", str(path), *(["--json"] if json else [])]
            cpu, wall, code, last = run(command)
            error = f"  ({last})" if code != 0 else ""
            print(
                f"compare{' --json' if json else '       '} {deals:>6,} deals, {lines:>8,} lines: "
                f"cpu {cpu:6.2f} s, wall {wall:6.2f} s, {deals / cpu:7,.0f} deals/s, "
                f"{cpu / lines * 1e6:6.1f} us/line  exit {code}{error}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--lines", default="100000", help="lengths, comma separated")
    parser.add_argument("--kinds", default="all", help=f"comma separated, of: {', '.join(KINDS)}")
    parser.add_argument("--json", action="store_true", help="time rule --json instead of the terminal report")
    parser.add_argument(
        "--compare-deals", default="", help="time compare on a log of this many deals instead"
    )
    options = parser.parse_args()
    os.environ.setdefault("COLUMNS", "100")
    with tempfile.TemporaryDirectory() as name:
        if options.compare_deals:
            bench_compare(options, Path(name))
        else:
            bench_kinds(options, Path(name))


if __name__ == "__main__":
    main()
