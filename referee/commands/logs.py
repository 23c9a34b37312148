"""Commands: ``referee check`` and ``referee fmt`` (parse only, no rulebook)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands._common import console, err_console, friendly_errors, print_file_problems

if TYPE_CHECKING:
    from referee.events import HandLog


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

    Lines that read but change nothing (words said aloud that are no action) are printed as
    notes. Prints `LOG: ok` for each good file; exits 1 when any file has a problem.
    """
    from referee.errors import RefereeError
    from referee.inputs import read_source
    from referee.log import render_note

    failed = 0
    out = console()
    for path in logs:
        try:
            source = read_source(path)
            log = _read(source.text, source.name)
        except RefereeError as error:
            failed += 1
            print_file_problems(path, error)
        else:
            for note in log.notes:
                err_console.print(render_note(note), soft_wrap=True)
            out.print(f"{path}: ok", soft_wrap=True)
    if failed:
        raise typer.Exit(code=1)


def _read(text: str, name: str) -> HandLog:
    """The log, its ``game:`` and ``rulebook:`` checked against the catalog and the bundled rulebooks.

    Raises:
        LogSyntaxError, LogError: as :func:`referee.log.parse_log`, or a name ``rule`` would refuse.
    """
    from referee.errors import LogError
    from referee.log import check_header_names, parse_log
    from referee.rulebook.load import DEFAULT_RULEBOOK, bundled_rulebooks

    log = parse_log(text, name)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    named = check_header_names(log, lines, bundled_rulebooks(), _games_under, DEFAULT_RULEBOOK)
    if named:
        raise LogError(named)
    return log


def _games_under(rulebook: str) -> list[str] | None:
    """The games a log may name under a bundled rulebook, the catalog's order first; None if unknown."""
    from referee.errors import RefereeError
    from referee.rulebook.games import catalog
    from referee.rulebook.load import load_rulebook

    try:
        return list(dict.fromkeys([*catalog().variants, *load_rulebook(rulebook).variants]))
    except RefereeError:
        return None


def fmt(
    log: Annotated[
        Path,
        typer.Argument(
            help="The hand log to print in canonical form (- reads standard input).", metavar="LOG"
        ),
    ],
) -> None:
    """Print a hand log in canonical form: header in a fixed order, one spelling per keyword, ASCII cards.

    Comments are kept. The printed log reads back to the same events. A log `check` refuses is
    refused here too, with the same problems.
    """
    from referee.inputs import read_source
    from referee.log import format_log

    with friendly_errors():
        source = read_source(log)
        text = format_log(_read(source.text, source.name))
    typer.echo(text, nl=False)
