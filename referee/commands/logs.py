"""Commands: ``referee check`` and ``referee fmt`` (parse only, no rulebook), and ``referee night``.

Every one reads the group file (``referee.toml``) beside a log for the header lines it leaves out.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands._common import (
    console,
    err_console,
    friendly_errors,
    group_defaults,
    print_file_problems,
    read_log_input,
    rulebook_for_input,
)

if TYPE_CHECKING:
    from referee.events import HandLog
    from referee.inputs import Group
    from referee.ruling import Result


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command("check")(check)
    app.command("fmt")(fmt)
    app.command("night")(night)


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
    from referee.inputs import find_group, read_source
    from referee.log import render_note

    failed = 0
    out = console()
    for path in logs:
        try:
            source = read_source(path)
            group = find_group(source.folder)
            log = _read(source.text, source.name, group_defaults(group), folder=source.folder)
            if group is not None and group.rulebook is not None and log.header.rulebook is None:
                _check_group_rulebook(group)  # what `rule` refuses, `check` refuses
        except RefereeError as error:
            failed += 1
            print_file_problems(path, error)
        else:
            for note in log.notes:
                err_console.print(render_note(note), soft_wrap=True)
            out.print(f"{path}: ok", soft_wrap=True)
    if failed:
        raise typer.Exit(code=1)


def _check_group_rulebook(group: Group) -> None:
    """Refuse the group file's rulebook name as ``rule`` would (the rulebook is not loaded)."""
    from referee.rulebook.load import check_rulebook_name

    assert group.rulebook is not None
    name, line = group.rulebook
    check_rulebook_name(name, group.folder, log_file=group.name, line=line, column=1, log_text=group.text)


def _read(
    text: str, name: str, defaults: dict[str, object] | None = None, *, folder: Path | None = None
) -> HandLog:
    """The log, its ``game:`` and ``rulebook:`` checked against the catalog and the bundled rulebooks.

    ``defaults``: the group file's header lines, for the keys the log leaves out. ``folder``: where
    the log was read from, so a ``rulebook:`` file next to it is read for the games it adds.

    Raises:
        LogSyntaxError, LogError: as :func:`referee.log.parse_log`, or a name ``rule`` would refuse.
    """
    from referee.errors import LogError
    from referee.log import check_header_names, parse_log
    from referee.rulebook.load import DEFAULT_RULEBOOK, bundled_rulebooks

    log = parse_log(text, name, defaults)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    named = check_header_names(
        log, lines, bundled_rulebooks(), lambda book: _games_under(book, folder), DEFAULT_RULEBOOK
    )
    if named:
        raise LogError(named)
    return log


def _games_under(rulebook: str, folder: Path | None = None) -> list[str] | None:
    """The games a log may name under its rulebook, the catalog's order first; None if unknown.

    A rulebook file next to the log (``folder``) is read as ``rule`` reads it, for the games it
    adds: `check` saying ok must mean `rule` takes the log's game (a fuzz find, seed 7 case 4748).
    """
    from referee.errors import RefereeError
    from referee.rulebook.games import catalog
    from referee.rulebook.load import bundled_rulebooks, load_rulebook, rulebook_for_log

    try:
        if rulebook in bundled_rulebooks():
            book = load_rulebook(rulebook)
        elif folder is not None:
            book = rulebook_for_log(rulebook, None, folder)
        else:
            return None
        return list(dict.fromkeys([*catalog().variants, *book.variants]))
    except RefereeError:
        return None  # a rulebook `rule` refuses: it says why


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
    import dataclasses

    from referee.inputs import find_group, read_source
    from referee.log import format_log

    with friendly_errors():
        source = read_source(log)
        hand = _read(source.text, source.name, group_defaults(find_group(source.folder)))
        # The group file's defaults are checked with the log but not written into it.
        written = {key for key, _, _ in hand.header.positions}
        header = hand.header
        own = dataclasses.replace(
            header,
            seats=header.seats if "seats" in written else (),
            limit=header.limit if "limit" in written else None,
            ante=header.ante if "ante" in written else None,
            game=header.game if "game" in written else None,
        )
        text = format_log(dataclasses.replace(hand, header=own))
    typer.echo(text, nl=False)


def night(
    logs: Annotated[
        list[Path] | None,
        typer.Argument(
            help="The evening's hand logs, or a folder of them (its *.log files, by name). Without "
            "any, the hands kept in the store (the page for phones and `referee live` keep them).",
            metavar="[LOG]...",
        ),
    ] = None,
    rulebook: Annotated[
        str | None,
        typer.Option(
            "--rulebook",
            "-r",
            help="Rule every log by this rulebook. Default: each log's `rulebook:` line, else the "
            "group file's, else scarne.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the night as JSON.")] = False,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data", help="The folder of the store (referee.sqlite3). Default: the user's data directory."
        ),
    ] = None,
    night_id: Annotated[
        int | None, typer.Option("--night", help="This night of the store (default: the latest).")
    ] = None,
    rulebooks: Annotated[
        Path | None,
        typer.Option(
            "--rulebooks", help="The folder of house-rule .yaml files the stored hands name (as for serve)."
        ),
    ] = None,
) -> None:
    """Every deal of the evening, each player's total, and the fewest payments that settle it.

    A log may hold several deals. A `referee.toml` beside the logs gives the header lines they
    leave out (players, stakes, ante, game) and the rulebook (`rulebook`, or the group's `house`).
    """
    import json

    from referee.engine import rule_log
    from referee.night import build_night, night_json

    ruled: list[tuple[str, Result]] = []
    if not logs or data is not None or night_id is not None:
        ruled.extend(_stored_night(data, night_id, rulebooks))
    with friendly_errors():
        for path in _night_files(logs or []):
            read = read_log_input(path)
            book = rulebook_for_input(read, rulebook)
            ruled.append((read.source.name, rule_log(read.log, read.source.text, book)))
        the_night = build_night(ruled)
    out = console()
    if as_json:
        out.file.write(json.dumps(night_json(the_night), indent=2, ensure_ascii=False) + "\n")
        return
    from referee.report.night import render_night

    render_night(out, the_night)


def _stored_night(
    data: Path | None, night_id: int | None, rulebooks: Path | None
) -> list[tuple[str, Result]]:
    """The hands of a night of the store, ruled (the latest night when none is named)."""
    from referee.store import NotFound, StoreError, open_store
    from referee.table.nights import rule_stored_night
    from referee.table.shelf import Shelf

    try:
        store = open_store(data)
    except StoreError as error:
        err_console.print(f"error: {error}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    nights = store.nights()
    try:
        chosen = store.night(night_id) if night_id is not None else nights[-1]
    except (NotFound, IndexError):
        which = f"no night {night_id}" if night_id is not None else "no night"
        err_console.print(f"error: there is {which} in {store.path}", soft_wrap=True)
        err_console.print("    hint: name the logs, or give the folder of the store with --data")
        raise typer.Exit(code=1) from None
    if rulebooks is not None and not rulebooks.is_dir():
        err_console.print(f"error: {rulebooks} is not a folder", soft_wrap=True)
        err_console.print("    hint: give the folder that holds the group's rulebook .yaml files")
        raise typer.Exit(code=1)
    shelf = Shelf(rulebooks.resolve()) if rulebooks is not None else Shelf()
    with friendly_errors():
        return rule_stored_night(store, chosen.id, shelf)


def _night_files(paths: list[Path]) -> list[Path]:
    """The logs named, a folder standing for its ``*.log`` files in name order.

    Raises:
        InputError: a folder holds no log.
    """
    from referee.errors import Problem
    from referee.inputs import InputError

    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix == ".log" and p.is_file())
            if not found:
                missing = Problem(
                    "there is no hand log (*.log) in this folder", str(path), hint="name the logs themselves"
                )
                raise InputError(missing)
            files.extend(found)
        else:
            files.append(path)
    return files
