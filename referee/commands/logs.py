"""Commands: ``referee check`` and ``referee fmt`` (parse only, no rulebook)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import console, friendly_errors, print_file_problems


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command("check")(check)
    app.command("fmt")(fmt)


def check(
    logs: Annotated[
        list[Path], typer.Argument(help="Hand logs to read (- reads standard input).", metavar="LOG")
    ],
) -> None:
    """Read hand logs and report every problem: file:line:column, the line, a caret and a hint.

    Prints `LOG: ok` for each good file; exits 1 when any file has a problem.
    """
    from referee.errors import RefereeError
    from referee.inputs import read_source
    from referee.log import parse_log

    failed = 0
    out = console()
    for path in logs:
        try:
            source = read_source(path)
            parse_log(source.text, source.name)
        except RefereeError as error:
            failed += 1
            print_file_problems(path, error)
        else:
            out.print(f"{path}: ok", soft_wrap=True)
    if failed:
        raise typer.Exit(code=1)


def fmt(
    log: Annotated[
        Path,
        typer.Argument(
            help="The hand log to print in canonical form (- reads standard input).", metavar="LOG"
        ),
    ],
) -> None:
    """Print a hand log in canonical form: header in a fixed order, one spelling per keyword, ASCII cards.

    Comments are kept. The printed log reads back to the same events.
    """
    from referee.inputs import read_source
    from referee.log import format_log, parse_log

    with friendly_errors():
        source = read_source(log)
        text = format_log(parse_log(source.text, source.name))
    typer.echo(text, nl=False)
