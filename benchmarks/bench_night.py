"""A whole night in one file: does time grow linearly with the number of deals?

    python benchmarks/bench_night.py [--deals 500,5000] [--every 1] [--repeat 3] [--books scarne,...]

Builds a night of N deals (four players, the deal passing to the left after each hand, each deal
after the first starting with ``new deal``). One deal in ``--every`` (by default all of them) has
the README's dispute, a bet out of turn that the rulebooks rule differently; the others are quiet
(the opener takes the antes). Then it times, in this process, what a player runs:

* ``referee rule NIGHT`` (the terminal report),
* ``referee rule NIGHT --json``,
* ``referee compare NIGHT`` (every bundled rulebook),

each through the real command line (typer's ``CliRunner``, 100 columns, output captured). For each
it prints seconds, milliseconds per deal, and the ratio of the largest night to the smallest: with
N growing 10 times, linear time gives a ratio near 10; a quadratic step shows as a ratio near 100.
Then the same for the steps underneath (parse, replay, rendering the report and the comparison),
so a ratio far from linear points at its step, and for settling one pot among many all-in players.

Each figure is the CPU time of this process (waiting for other programs on shared cores does not
count), the fastest of ``--repeat`` runs (3 by default; a run of the script takes about
three minutes on two shared cores). It asserts nothing. Machines here are shared and noisy:
compare ratios of one run.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path

SEATS = ("Ann", "Bob", "Cy", "Dee")
HEADER = """\
# A night at Dee's: {deals} deals, built by benchmarks/bench_night.py
game: jacks-or-better
rulebook: scarne
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: 1
limit: 2/4

"""
DISPUTED = """\
antes
deal
{third} is dealt J♠ J♦ 8c 4h 2s
{first} checks
{dealer} bets 2
{second} checks
{third} opens 2
{dealer} calls
{first} folds
{second} folds
draw
{third} discards 8c 4h 2s, draws J♥ 5c 5d
{dealer} draws 1
{third} bets 4
{dealer} raises 4
{third} calls
showdown
{dealer} shows Q♠ Q♥ Q♣ 7d 7s
{third} shows J♠ J♦ J♥ 5c 5d
"""
"""The README's dispute: the dealer bets before his turn, and the bet stands as a call."""
QUIET = """\
antes
deal
{first} opens 2
{second} folds
{third} folds
{dealer} folds
"""
"""A deal with nothing to rule on: the opener takes the antes."""


def night(deals: int, every: int = 1) -> str:
    """A log of ``deals`` deals, one in ``every`` disputed, the rest quiet. The deal passes left."""
    parts = []
    for number in range(deals):
        dealer = (3 + number) % 4
        seats = {
            "first": SEATS[(dealer + 1) % 4],
            "second": SEATS[(dealer + 2) % 4],
            "third": SEATS[(dealer + 3) % 4],
            "dealer": SEATS[dealer],
        }
        parts.append((DISPUTED if number % every == 0 else QUIET).format(**seats))
    return HEADER.format(deals=deals) + "new deal\n".join(parts)


def timed(function: Callable[[], object], repeat: int = 1) -> float:
    """The fastest of ``repeat`` runs, in seconds of this process's CPU time.

    CPU time, not the wall clock: on shared cores, time spent waiting for another program is not ours.
    """
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def run_command(args: Sequence[str]) -> Callable[[], object]:
    from typer.testing import CliRunner

    from referee.cli import app

    runner = CliRunner()

    def call() -> object:
        result = runner.invoke(app, list(args), env={"COLUMNS": "100", "NO_COLOR": "1"})
        if result.exit_code != 0:
            raise SystemExit(f"referee {' '.join(args)} failed:\n{result.output[-2000:]}")
        return result

    return call


def steps(path: Path, text: str, books: list[str]) -> dict[str, Callable[[], object]]:
    """The library steps under the commands, each timed on its own."""
    from rich.console import Console

    from referee.compare import disagreements, rule_everywhere
    from referee.engine import rule_log
    from referee.log import parse_log
    from referee.report.compare import render_comparison
    from referee.report.jsondoc import to_json
    from referee.report.terminal import render
    from referee.rulebook.load import load_rulebook

    log = parse_log(text, str(path))
    book = load_rulebook("scarne")
    result = rule_log(log, text, book)
    rulebooks = [load_rulebook(name) for name in books]
    results = rule_everywhere(log, text, rulebooks)

    def console() -> Console:
        return Console(file=io.StringIO(), width=100, markup=False, emoji=False, highlight=False)

    def text_report() -> None:
        render(console(), log, result)

    def comparison() -> None:
        render_comparison(console(), log, results, disagreements(results))

    return {
        "parse": lambda: parse_log(text, str(path)),
        "replay + settle (scarne)": lambda: rule_log(log, text, book),
        "text report": text_report,
        "JSON": lambda: to_json(result),
        "disagreements": lambda: disagreements(results),
        "comparison table": comparison,
    }


def all_in_pot(players: int) -> Callable[[], object]:
    """One pot among ``players`` live players, each all in for a different amount.

    That makes ``players`` side pots, each listing who may win it: the settlement itself holds about
    players²/2 names, so this grows with the square of the players however it is computed.
    """
    from referee.adjudicate.settle import split_pot

    names = [f"P{number}" for number in range(players)]
    contributions = {name: Decimal(number + 1) for number, name in enumerate(names)}
    strength = {name: (number * 7919) % players for number, name in enumerate(names)}
    return lambda: split_pot(contributions, names, strength.__getitem__, list, Decimal(1))


def report(title: str, sizes: list[int], unit: str, rows: dict[str, list[float]]) -> None:
    print(f"\n{title}")
    head = "".join(f"{f'{size:,} {unit}':>20}" for size in sizes)
    print(f"  {'':28}{head}{'ratio':>10}")
    for name, seconds in rows.items():
        cells = "".join(
            f"{f'{s:.2f} s ({s / size * 1000:.3f} ms)':>20}" for s, size in zip(seconds, sizes, strict=True)
        )
        ratio = seconds[-1] / seconds[0] if seconds[0] else float("nan")
        print(f"  {name:28}{cells}{ratio:>10.1f}")
    print(f"  (ms per {unit[:-1]} in brackets; linear growth gives ratio {sizes[-1] / sizes[0]:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", default="500,5000", help="comma-separated night sizes (default 500,5000)")
    parser.add_argument("--books", default="scarne,bicycle,casino,pagat,parlour")
    parser.add_argument("--every", type=int, default=1, help="one deal in EVERY is disputed (default 1: all)")
    parser.add_argument("--players", default="10,100,1000", help="all-in players for the side-pot test")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts (default 3)")
    args = parser.parse_args()
    repeat = args.repeat
    sizes = [int(size) for size in args.deals.split(",")]
    books = args.books.split(",")

    commands: dict[str, list[float]] = {"rule (text)": [], "rule --json": [], "compare": []}
    underneath: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for deals in sizes:
            path = Path(folder) / f"night-{deals}.log"
            text = night(deals, args.every)
            path.write_text(text, encoding="utf-8")
            lines = text.count("\n")
            print(f"night of {deals:,} deals: {lines:,} lines", flush=True)
            run_command(["rule", "--json", str(path)])()  # warm: the first showdown builds hand tables
            commands["rule (text)"].append(timed(run_command(["rule", str(path)]), repeat))
            commands["rule --json"].append(timed(run_command(["rule", "--json", str(path)]), repeat))
            compare = run_command(["compare", "-r", ",".join(books), str(path)])
            commands["compare"].append(timed(compare, repeat))
            for name, step in steps(path, text, books).items():
                underneath.setdefault(name, []).append(timed(step, repeat))
    report("Commands, in process", sizes, "deals", commands)
    report("Steps underneath", sizes, "deals", underneath)

    players = [int(count) for count in args.players.split(",")]
    pots = {"split_pot, all in": [timed(all_in_pot(count), repeat) for count in players]}
    report("Settling one pot among many all-in players", players, "players", pots)
    print("  (n all-ins make n side pots naming about n²/2 eligible players in all: that part is n²)")


if __name__ == "__main__":
    main()
