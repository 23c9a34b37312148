"""Commands: ``referee import FILE`` - a real online hand history as hand logs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import err_console, friendly_errors

SEPARATOR = "# ---"
"""The line between two hands' logs on standard output."""


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command(name="import")(import_)


def import_(
    file: Annotated[
        Path,
        typer.Argument(
            help="A hand-history file: PokerStars, Full Tilt, OnGame, Boss (iPoker) XML, Merge XML."
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write one log per hand into this folder (<site>-<hand>.log)."),
    ] = None,
) -> None:
    """A real online hand history (PokerStars, Full Tilt, ...) as hand logs, one per hand.

    Without --out the logs go to standard output, separated by a line '# ---'. Hands that cannot
    be imported (cancelled, partial, a game referee does not rule) are listed on standard error.
    """
    from referee.errors import Problem
    from referee.importer import HistoryError, read_file

    with friendly_errors():
        report = read_file(file)
        problems = [skipped.problem() for skipped in report.skipped]
        if not report.hands:
            problems.append(Problem("no hand in the file could be imported", file=str(file)))
            raise HistoryError(problems)
        for problem in problems:
            err_console.print(problem.render(), soft_wrap=True)
        for hand in report.hands:
            for warning in hand.warnings:
                where = Problem(
                    f"{hand.site} hand #{hand.hand_id}: {warning}", file=str(file), line=hand.line
                )
                err_console.print(where.render(), soft_wrap=True)
        if out is None:
            typer.echo(f"\n{SEPARATOR}\n".join(hand.log for hand in report.hands), nl=False)
            return
        try:
            out.mkdir(parents=True, exist_ok=True)
            for hand in report.hands:
                (out / hand.file_name).write_text(hand.log, encoding="utf-8")
        except OSError as error:
            raise HistoryError(
                Problem(f"cannot write the logs to {out}: {error.strerror or error}")
            ) from None
        skipped = f", {len(report.skipped)} skipped" if report.skipped else ""
        err_console.print(f"wrote {len(report.hands)} logs to {out}{skipped}", soft_wrap=True)
