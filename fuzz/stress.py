"""Cases the mutators of ``fuzz/mutate.py`` never make, each from a class issue 26 found.

- :func:`short_stack_log`: several deals of scenario play at table stakes, with stacks a few antes
  deep, so short stacks bet, call and open with chips they no longer have (the ledger once paid
  out more than a pot held);
- :func:`nested_toml`: a group file or a PHH hand whose arrays and inline tables nest up to
  hundreds deep, brackets in strings and comments besides (tomllib once ran out of stack);
- :func:`special_files`: a pipe, a device, a folder, broken and looping links where a log,
  rulebook, group file or history is read (a pipe was once waited on for ever);
- :func:`books_to_simulate`: every bundled rulebook and every example house book, for
  ``simulate`` (a house book once left it no game to deal).

Every case is made from ``random.Random(f"referee-stress:{seed}:{number}")`` alone. The long run,
before a release: ``python fuzz/stress.py --cases 20000 --seed 0`` (the tests run a few of each).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any, Final

if __package__ in (None, ""):  # run as `python fuzz/stress.py`: make `fuzz` and `referee` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz.corpus import scenario_logs

SEATS: Final = "seats: Ann, Bob, Cy, Dee"
_HEADER_LINE: Final = re.compile(r"^\s*[A-Za-z-]+\s*:")
_DEAL_BREAK: Final = re.compile(r"^\s*(new deal|redeal)\b", re.IGNORECASE)
_DROPPED: Final = ("stacks", "limit", "title", "rulebook", "rake")


def rng_for(seed: int, number: int) -> random.Random:
    return random.Random(f"referee-stress:{seed}:{number}")


@functools.cache
def _deals() -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """(header lines, event lines) of every scenario seated Ann, Bob, Cy, Dee."""
    found = []
    for seed in scenario_logs():
        lines = seed.data.decode("utf-8").split("\n")
        if not any(line.startswith(SEATS) for line in lines):
            continue
        header = tuple(
            line for line in lines if _HEADER_LINE.match(line) and not line.lstrip().startswith(_DROPPED)
        )
        events = tuple(
            line
            for line in lines
            if line.strip() and not line.lstrip().startswith("#") and not _HEADER_LINE.match(line)
        )
        found.append((header, events))
    return tuple(found)


def short_stack_log(rng: random.Random) -> str:
    """Two to four deals of scenario play at table stakes, some stacks only an ante or two deep."""
    deals = _deals()
    header = list(rng.choice(deals)[0])
    stacks = ", ".join(f"{name} {rng.choice((1, 1, 2, 3, 5, 40))}" for name in ("Ann", "Bob", "Cy", "Dee"))
    lines = [*header, "limit: table-stakes", f"stacks: {stacks}"]
    if rng.random() < 0.3:
        lines.append(f"rake: {rng.choice((1, 2))}")
    lines.append("")
    for number in range(rng.randint(2, 4)):
        if number:
            lines.append(rng.choice(("new deal", "new deal", "redeal")))
        if rng.random() < 0.3:
            lines += ["antes", "deal"]  # a deal left unplayed: its antes carry, and stacks run short
            continue
        lines += [line for line in rng.choice(deals)[1] if not _DEAL_BREAK.match(line)]
    return "\n".join(lines) + "\n"


def money_problems(data: dict[str, Any]) -> list[str]:
    """What is wrong with the money of ``rule --json``'s answer: the books, and each deal's pot."""
    problems = []
    total = sum((Decimal(v) for v in data["net"].values()), Decimal(0))
    total += Decimal(data["carried"]) + Decimal(data.get("rake", "0"))
    if total:
        problems.append(f"the books are out by {total}")
    for deal in data.get("deals") or [data]:
        pot, rake, carried = Decimal(deal["pot"]), Decimal(deal.get("rake", "0")), Decimal(deal["carried"])
        if not Decimal(0) <= rake <= pot or carried < 0 or pot < 0:
            problems.append(f"deal {deal.get('deal', 1)}: pot {pot}, rake {rake}, carried {carried}")
    return problems


def rule_money(text: str, book: str) -> list[str]:
    """Rule ``text`` under ``book``: the money's problems, or the exception that is no clear error."""
    from referee.engine import rule_log
    from referee.errors import RefereeError
    from referee.log import parse_log
    from referee.report.jsondoc import to_json
    from referee.rulebook.load import load_rulebook

    try:
        data = json.loads(to_json(rule_log(parse_log(text, "stress.log"), text, load_rulebook(book))))
    except RefereeError:
        return []  # a clear error is a fine answer
    except Exception as error:  # anything else is what the suite is for
        return [f"{type(error).__name__}: {error}"]
    return money_problems(data)


# --- nested TOML -------------------------------------------------------------------------------------


def nested_toml(rng: random.Random) -> tuple[str, str]:
    """(``"group"`` or ``"phh"``, a TOML text) with values nested 1 to 600 deep."""
    depth = rng.choice((1, 2, 5, 31, 32, 33, 64, 200, 600))
    opener = rng.choice(("[", "{a = ", "[{a = ", "[["))
    closer = {"[": "]", "{a = ": "}", "[{a = ": "}]", "[[": "]]"}[opener]
    value = opener * depth + rng.choice(("1", '"x"', "[]", "")) + closer * rng.choice((depth, depth - 1, 0))
    noise = rng.choice(("", " # " + "[" * 40, ' s = "' + "[" * 40 + '"'))
    if rng.random() < 0.5:
        return "group", f"players = {value}{noise}\n"
    return "phh", f'variant = "F"\nactions = {value}{noise}\n'


# --- long logs of one line kind ----------------------------------------------------------------------

_ONE_KIND: Final = (
    "dealer exposes {card}",
    "dealer exposes {player}'s {card}",
    "{player} exposes {card}",
    "card face up in pack: {card}",
    "{player} was dealt 6 cards",
    "duplicate card found: {card}",
    '{player} says "{speech}"',
    "{player} checks",
    "{player} bets {amount}",
    "{player} calls",
    "{player} raises {amount}",
    "{player} folds",
    "{player} is all in",
    "{player} draws {count}",
    "{player} stands pat",
    "{player} shows {card} {card2}",
    "{player} declares two pair",
    "{player} declares the pot open",
    "{player} adds {amount}",
    "{player} completes his bet",
    "{player} says he drew {count}",
    "{player} picks up his discards",
    "misdeal",
    "redeal",
    "deck not cut",
    "# {speech}",
    "note: {speech}",
)
_PREFIXES: Final = ("antes\ndeal\n", "antes\ndeal\nAnn opens 2\nBob calls\nCy calls\nDee calls\ndraw\n", "")
_CARDS: Final = tuple(rank + suit for rank in "23456789TJQKA" for suit in "shdc")


def long_one_kind_log(rng: random.Random) -> str:
    """A log of one deal (or many) that says one kind of line 300 to 3,000 times, cards, players,
    amounts and words varying; under table stakes one time in three. Issue 26: a long log of one
    line kind was slow, and no fuzz case was ever long."""
    kind = rng.choice(_ONE_KIND)
    stakes = rng.random() < 1 / 3
    header = (
        "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\n"
        + ("limit: table-stakes\nstacks: Ann 30, Bob 5, Cy 2, Dee 40\n" if stakes else "limit: 2/4\n")
        + "\n"
    )
    lines = [
        kind.format(
            player=rng.choice(("Ann", "Bob", "Cy", "Dee")),
            card=rng.choice(_CARDS),
            card2=rng.choice(_CARDS),
            amount=rng.choice(("1", "2", "4", "0.5", "40")),
            count=rng.randint(0, 5),
            speech=rng.choice(("bet 2", "call", "nice hand", "I fold", "give me three", "raise 2")),
        )
        for _ in range(rng.randint(300, 3000))
    ]
    return header + rng.choice(_PREFIXES) + "\n".join(lines) + "\n"


# --- special files -----------------------------------------------------------------------------------


def special_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """(what it is, a path to it) for every special file this system can make in ``folder``."""
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe")
        yield "pipe", folder / "pipe"
    for device in ("/dev/null", "/dev/zero", "/dev/urandom"):
        if os.path.exists(device):
            yield "device", Path(device)
    (folder / "folder").mkdir()
    yield "folder", folder / "folder"
    (folder / "dangling").symlink_to(folder / "nowhere")
    yield "broken link", folder / "dangling"
    (folder / "loop").symlink_to(folder / "loop")
    yield "looping link", folder / "loop"


# --- simulate ----------------------------------------------------------------------------------------


def books_to_simulate() -> list[str]:
    """Every bundled rulebook, then every example house book's file."""
    from referee.rulebook.load import bundled_rulebooks

    examples = resources.files("referee.rulebooks").joinpath("examples")
    files = sorted(str(entry) for entry in examples.iterdir() if entry.name.endswith(".yaml"))
    return [*bundled_rulebooks(), *files]


# --- the long run ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Short-stack logs under every bundled book, nested TOML texts and (one case in twenty) a long log
    of one line kind; exit 1 on any finding."""
    from referee.errors import RefereeError
    from referee.importer.phh_read import parse
    from referee.inputs import read_group
    from referee.rulebook.load import bundled_rulebooks

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    books = bundled_rulebooks()
    findings: list[str] = []
    start = time.monotonic()
    for number in range(options.cases):
        rng = rng_for(options.seed, number)
        text = short_stack_log(rng)
        for book in books:
            findings += [f"{options.seed}:{number} {book}: {problem}" for problem in rule_money(text, book)]
        if number % 20 == 0:  # a long log is slow to rule: one case in twenty
            long = long_one_kind_log(rng)
            findings += [f"{options.seed}:{number} long: {problem}" for problem in rule_money(long, "scarne")]
        kind, nested = nested_toml(rng)
        try:
            read_group(nested, "referee.toml", Path(".")) if kind == "group" else parse(nested, "deep.phh")
        except RefereeError:
            pass
        except Exception as error:  # anything but a clear error is a finding
            findings.append(f"{options.seed}:{number} nested {kind}: {type(error).__name__}: {error}")
    seconds = time.monotonic() - start
    rate = options.cases / seconds
    print(f"{options.cases} cases in {seconds:.0f} s ({rate:.1f}/s), {len(findings)} findings")
    for finding in findings[:50]:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
