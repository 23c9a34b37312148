"""What every command shares: consoles and turning the library's errors into exit code 1.

Every rich ``Console`` the project makes comes from :func:`console`. It reads no markup and no
emoji codes in strings, so text from a log, a rulebook file or a file name (``[bold]Ann``,
``:x:``, ``long:100:.log``) is printed exactly as written; the project's own styling is done
with ``rich.text.Text`` and styles, never with markup strings.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Final, cast

import typer

from referee.errors import RefereeError

if TYPE_CHECKING:
    import os

    from rich.console import Console

    from referee.events import HandLog
    from referee.inputs import Group, Source
    from referee.rulebook.model import Rulebook


def console(
    *, stderr: bool = False, file: IO[str] | None = None, width: int | None = None, record: bool = False
) -> Console:
    """A console that shows every string as plain text. Results go to stdout so ``--json`` pipes cleanly."""
    from rich.console import Console  # here, not at the top: `--json` and `--version` never need rich

    return Console(
        stderr=stderr,
        file=file,
        width=width,
        record=record,
        markup=False,
        emoji=False,
        highlight=False,
    )


class _ErrConsole:
    """The standard-error console, made the first time something is printed on it."""

    _made: Console | None = None

    def __getattr__(self, name: str) -> Any:
        if self._made is None:
            self._made = console(stderr=True)
        return getattr(self._made, name)


err_console: Console = cast("Console", _ErrConsole())


def print_problems(error: RefereeError) -> None:
    """Every problem: ``file:line:col: message``, the line with a caret, the hint."""
    for problem in error.problems:
        err_console.print(problem.render(), soft_wrap=True)


def print_file_problems(path: object, error: RefereeError) -> None:
    """A file's problems and their count, for commands that go on to the next file."""
    print_problems(error)
    count = len(error.problems)
    err_console.print(f"{path}: {count} problem{'s' if count != 1 else ''}", soft_wrap=True)


def one_format(**chosen: bool) -> None:
    """Refuse two output formats at once (``--json --markdown``): a usage error, exit 2."""
    picked = [f"--{name}" for name, on in chosen.items() if on]
    if len(picked) > 1:
        err_console.print(
            f"Usage error: {' and '.join(picked)} cannot be combined; choose one output format.",
            soft_wrap=True,
        )
        raise typer.Exit(code=2)


def started() -> None:
    """The command has loaded what it needs and begins its work: collect garbage again.

    ``referee.cli.main`` turns the cyclic garbage collector off for the start of the commands in
    ``referee.cli.QUICK``: the imports, the typer app and the rulebook read from the cache make
    tens of thousands of objects that live as long as the process, and the collections run over
    them while they are made (one full one among them) found nothing to free but cost a ``rule``
    about a fifth of its CPU. They are frozen (kept out of every later collection) and the
    collector is turned on before any line is ruled.

    The young generations are collected as before; the full collections are put off for the rest
    of the command. What a ruling makes (events, rulings, the report's lines) lives until the
    process ends, so each full collection walks all of it and frees next to nothing: on 100,000
    lines of one kind, 6-12 of them freed 0-22 objects and cost 4-14 us a line, a quarter of
    ``rule``'s CPU on ``dealer exposes``; the peak memory is the same without them (measured
    with the collector's callbacks and ``ru_maxrss``). ``referee.cli.main`` restores the
    thresholds when the command ends.
    """
    import gc

    if not gc.isenabled():  # only a start main turned it off: a caller's own collector is left be
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, _FULL_COLLECTIONS_PUT_OFF)
        gc.enable()


_FULL_COLLECTIONS_PUT_OFF: Final = 1_000_000
"""A third threshold no command reaches: a full collection waits for that many collections of the
middle generation (about 7 billion allocations at the usual thresholds)."""


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Print the library's own errors as plain messages and exit 1; never a traceback."""
    try:
        yield
    except RefereeError as error:
        print_problems(error)
        count = len(error.problems)
        if count > 1:
            err_console.print(f"{count} problems.")
        raise typer.Exit(code=1) from None
    except OSError as error:
        name = error.filename or "the file"
        err_console.print(f"cannot read {name}: {error.strerror or error}", soft_wrap=True)
        raise typer.Exit(code=1) from None


@dataclass(frozen=True, slots=True)
class LogInput:
    """A log as a command reads it: its text, the log with the group's defaults, the group file."""

    source: Source
    log: HandLog
    group: Group | None


def read_log_input(path: str | os.PathLike[str]) -> LogInput:
    """Read a log and the ``referee.toml`` beside it (if any); the log's own header lines win.

    Precedence for a header value: the log's header line, then the group file, then the built-in
    default (the rulebook: ``-r``, the log's ``rulebook:``, the group's ``house``, its ``rulebook``,
    scarne).

    Raises:
        RefereeError: the log or the group file is unreadable or invalid.
    """
    from referee.inputs import find_group, read_source
    from referee.log import parse_log

    source = read_source(path)
    group = find_group(source.folder)
    return LogInput(source, parse_log(source.text, source.name, group_defaults(group)), group)


def read_log_inputs(path: str | os.PathLike[str]) -> list[tuple[int, LogInput]]:
    """Read one log, or each hand of a stream of logs as ``referee simulate`` prints them (a
    ``# --- hand K`` line before each): each hand's number (0 for a lone log) and the hand read.

    Raises:
        RefereeError: the text, a hand of it or the group file is unreadable or invalid.
    """
    from dataclasses import replace

    from referee.inputs import find_group, read_source
    from referee.log import parse_log
    from referee.log.reader import split_hands

    source = read_source(path)
    group = find_group(source.folder)
    defaults = group_defaults(group)
    hands = []
    for number, text in split_hands(source.text):
        hand = replace(source, text=text)
        hands.append((number, LogInput(hand, parse_log(text, source.name, defaults), group)))
    return hands


def group_defaults(group: Group | None) -> dict[str, object] | None:
    """The group file's header lines read by the log's grammar (problems point into the group file)."""
    if group is None or not group.header:
        return None
    from referee.log.reader import read_header

    lines = [""] * max(line for _, line in group.header.values())
    extra = []
    for text, line in group.header.values():
        if line > 0 and not lines[line - 1]:
            lines[line - 1] = text
        else:
            extra.append(text)
    return read_header("\n".join([*lines, *extra]), group.name)


def rulebook_for_input(read: LogInput, override: str | None) -> Rulebook:
    """The rulebook to rule by: ``-r``, the log's ``rulebook:`` line, the group file's, then scarne.

    Raises:
        RulebookError: it is refused or cannot be loaded.
    """
    from referee.rulebook.load import rulebook_for_log

    header, source, group = read.log.header, read.source, read.group
    if override or header.rulebook or group is None or group.rulebook is None:
        line, column = header.position("rulebook")
        return rulebook_for_log(
            header.rulebook,
            override,
            source.folder,
            log_file=source.name,
            line=line,
            column=column,
            log_text=source.text,
        )
    name, line = group.rulebook
    return rulebook_for_log(
        name, None, group.folder, log_file=group.name, line=line, column=1, log_text=group.text
    )
