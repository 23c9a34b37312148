"""Command: ``referee simulate`` (random legal hand logs, and hands with faults put in)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Final

import typer

from referee.commands._common import err_console, friendly_errors

QUIZ_SCAN: Final = 200
"""With --under, how many hands are looked at for each hand asked for before giving up."""


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    # -h as well as --help: the quiz's options are read from `referee simulate -h` at the table.
    app.command("simulate", context_settings={"help_option_names": ["-h", "--help"]})(simulate_logs)


def simulate_logs(
    hands: Annotated[int, typer.Option("--hands", "-n", min=0, help="How many hand logs to make.")] = 10,
    seed: Annotated[int, typer.Option(help="Random seed: the same seed gives the same logs.")] = 0,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="Deal only this game (default: a random game for each hand)."),
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option(
            "--rulebook",
            "-r",
            help="Play by this rulebook's customs (a bundled id or a file); it is named in each log.",
        ),
    ] = None,
    faults: Annotated[
        int | None,
        typer.Option(
            "--faults",
            "-f",
            min=1,
            max=3,
            help="Put 1 to 3 irregularities into each hand (out of turn, exposed cards, short calls, "
            "false openers, over-draws, misdeals, ...); a comment at the top of each log says what "
            "and where ('# fault: out-of-turn at line 14: ...').",
        ),
    ] = None,
    under: Annotated[
        str | None,
        typer.Option(
            "--under",
            "-u",
            help="Comma-separated rulebooks (bundled ids or files): print only hands they rule "
            "differently (other rulings or nets), each followed by comment lines saying where "
            "they disagree: a quiz for the table. --hands counts the hands printed; implies --faults 1.",
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            file_okay=False,
            help="Write hand-0001.log, ... into this folder instead of printing.",
        ),
    ] = None,
) -> None:
    """Make random legal hand logs, for tests, benchmarks and "what if" studies.

    Every log is clean play: the referee replays it with no rulings, unless --faults puts
    irregularities in. With --under the logs become a quiz: only hands the rulebooks named rule
    differently are printed, each with the places they disagree as comments at its end.
    Printed logs are separated by a line `# --- hand K`.
    """
    from referee.inputs import write_file
    from referee.simulate import SimulationError, iter_hands, playable_games

    if under is not None and faults is None:
        faults = 1
    with friendly_errors():
        try:
            texts: Iterator[tuple[int, str]]
            if faults is None:
                texts = (
                    (hand.number, hand.text) for hand in iter_hands(hands, seed, game=game, rulebook=rulebook)
                )
            else:
                texts = _faulty(hands, seed, faults, game, rulebook, under)
            first = next(texts, None)
        except SimulationError as error:
            known = ", ".join(playable_games(rulebook))
            if not known:
                raise typer.BadParameter(str(error), param_hint="--rulebook") from None
            raise typer.BadParameter(f"{error}; the simulator deals {known}", param_hint="--game") from None
        if first is None:
            return
        width = max(4, len(str(hands)))
        if output is not None:
            output.mkdir(parents=True, exist_ok=True)
        written = 0
        for number, text in itertools.chain([first], texts):
            written += 1
            if output is None:
                typer.echo(f"# --- hand {number}")
                typer.echo(text, nl=False)
            else:
                write_file(output / f"hand-{number:0{width}d}.log", text, what="log")
        if output is not None:
            err_console.print(f"wrote {written} log{'s' if written != 1 else ''} to {output}", soft_wrap=True)


def _faulty(
    hands: int, seed: int, faults: int, game: str | None, rulebook: str | None, under: str | None
) -> Iterator[tuple[int, str]]:
    """Numbers and texts of hands with faults; with ``under``, only those the rulebooks rule differently."""
    from referee.simulate.faults import Quiz, iter_faulty_hands, quizzes

    if under is None:
        for hand in iter_faulty_hands(hands, seed, faults, game=game, rulebook=rulebook):
            yield hand.number, hand.text
        return
    from referee.rulebook.load import load_rulebook

    names = [name.strip() for name in under.split(",") if name.strip()]
    if len(names) < 2:
        raise typer.BadParameter("name two or more rulebooks, e.g. scarne,casino", param_hint="--under")
    books = [load_rulebook(name, for_play=True) for name in names]
    scan = hands * QUIZ_SCAN
    found = 0
    for item in quizzes(iter_faulty_hands(scan, seed, faults, game=game, rulebook=rulebook), books):
        if found == hands:
            return
        if isinstance(item, Quiz):
            found += 1
            yield item.hand.number, item.text
        else:
            err_console.print(
                f"hand {item.hand.number}: the referee failed under {item.rulebook} ({item.error}); left out",
                soft_wrap=True,
            )
    if found < hands:
        err_console.print(
            f"found {found} hand{'s' if found != 1 else ''} the rulebooks rule differently in {scan} tried",
            soft_wrap=True,
        )
