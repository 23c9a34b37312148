"""Commands: ``referee import FILE`` - a real online hand history (or PHH) as hand logs;
``referee export LOG --phh`` - a hand log as PHH."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import err_console, friendly_errors


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command(name="import")(import_)
    app.command(name="export")(export)


def import_(
    file: Annotated[
        Path,
        typer.Argument(
            help="A hand-history file: PokerStars, Full Tilt, OnGame, Boss (iPoker) XML, Merge XML, "
            "or PHH (.phh, .phhs)."
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write one log per hand into this folder (<site>-<hand>.log)."),
    ] = None,
) -> None:
    """A real online hand history (PokerStars, Full Tilt, ...) as hand logs, one per hand.

    Without --out the hands go to standard output as one log that `referee rule` reads: one
    header, then each hand as a deal after a `new deal` line (hands that cannot share one header,
    at other seats or stakes, are refused: use --out). Hands that cannot be imported (cancelled,
    partial, a game referee does not rule) are listed on standard error.
    """
    from referee.errors import Problem
    from referee.importer import HistoryError, read_file
    from referee.inputs import write_file

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
            from referee.importer.joined import join

            typer.echo(join(report.hands, str(file)), nl=False)
            return
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(
                Problem(f"cannot write the logs to {out}: {error.strerror or error}")
            ) from None
        written: set[str] = set()
        repeated: list[str] = []
        for hand in report.hands:
            if hand.file_name in written:
                repeated.append(f"{hand.site} hand #{hand.hand_id}")  # it would overwrite the first
                continue
            write_file(out / hand.file_name, hand.log, what="log")
            written.add(hand.file_name)
        skipped = f", {len(report.skipped)} skipped" if report.skipped else ""
        err_console.print(
            f"wrote {len(written)} log{'s' if len(written) != 1 else ''} to {out}{skipped}", soft_wrap=True
        )
        if repeated:
            shown = ", ".join(repeated[:5]) + (", ..." if len(repeated) > 5 else "")
            err_console.print(
                f"{len(repeated)} hand{'s' if len(repeated) != 1 else ''} not written: a hand of the same "
                f"site and id was written first, and each would overwrite its file ({shown})",
                soft_wrap=True,
            )


def export(
    log: Annotated[Path, typer.Argument(help="The hand log to export (- reads standard input).")],
    phh: Annotated[
        bool, typer.Option("--phh", help="Write the hand in PHH, the Poker Hand History format (TOML).")
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write the PHH file here instead of standard output.")
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option(
            "--rulebook",
            "-r",
            help="The rulebook whose rulings go into the file. "
            "Default: the log's `rulebook:` line, then the group's referee.toml, else scarne.",
        ),
    ] = None,
) -> None:
    """A hand log in PHH (the Poker Hand History format), with the hand as ruled in `_` fields.

    PHH has codes for 2-7 single draw (no limit) and 2-7 triple draw (fixed limit) only; other
    draw games get a code of referee's own, marked as not standard in the file. Irregularities
    have no place in PHH: the original log and the rulings go into `_log` and `_rulings`.
    """
    from referee.commands._common import read_log_input, rulebook_for_input
    from referee.engine import rule_log
    from referee.importer.phh_write import to_phh
    from referee.inputs import write_file

    if not phh:
        err_console.print("say which format to export: --phh (the only one so far)", soft_wrap=True)
        raise typer.Exit(code=2)
    with friendly_errors():
        # Read as `rule` reads it (the group's referee.toml included), so the file holds the same rulings.
        read = read_log_input(log)
        book = rulebook_for_input(read, rulebook)
        hand, source = read.log, read.source
        text = to_phh(hand, source.text, book, rule_log(hand, source.text, book))
        if out is None:
            typer.echo(text, nl=False)
            return
        write_file(out, text, what="PHH file")
        err_console.print(f"wrote {out}", soft_wrap=True)
