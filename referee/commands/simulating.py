"""Command: ``referee simulate`` (random legal hand logs)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import err_console, friendly_errors


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command("simulate")(simulate_logs)


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

    Every log is clean play: the referee replays it with no rulings.
    Printed logs are separated by a line `# --- hand K`.
    """
    from referee.inputs import write_file
    from referee.simulate import SimulationError, iter_hands, playable_games

    with friendly_errors():
        try:
            made = iter_hands(hands, seed, game=game, rulebook=rulebook)
            first = next(made, None)
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
        for hand in itertools.chain([first], made):
            if output is None:
                typer.echo(f"# --- hand {hand.number}")
                typer.echo(hand.text, nl=False)
            else:
                write_file(output / f"hand-{hand.number:0{width}d}.log", hand.text, what="log")
        if output is not None:
            err_console.print(f"wrote {hands} log{'s' if hands != 1 else ''} to {output}", soft_wrap=True)
