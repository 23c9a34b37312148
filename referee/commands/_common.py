"""What every command shares: consoles and turning the library's errors into exit code 1.

Every rich ``Console`` the project makes comes from :func:`console`. It reads no markup and no
emoji codes in strings, so text from a log, a rulebook file or a file name (``[bold]Ann``,
``:x:``, ``long:100:.log``) is printed exactly as written; the project's own styling is done
with ``rich.text.Text`` and styles, never with markup strings.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

import typer
from rich.console import Console

from referee.errors import RefereeError


def console(
    *, stderr: bool = False, file: IO[str] | None = None, width: int | None = None, record: bool = False
) -> Console:
    """A console that shows every string as plain text. Results go to stdout so ``--json`` pipes cleanly."""
    return Console(
        stderr=stderr,
        file=file,
        width=width,
        record=record,
        markup=False,
        emoji=False,
        highlight=False,
    )


err_console = console(stderr=True)


def print_problems(error: RefereeError) -> None:
    """Every problem: ``file:line:col: message``, the line with a caret, the hint."""
    for problem in error.problems:
        err_console.print(problem.render(), soft_wrap=True)


def print_file_problems(path: object, error: RefereeError) -> None:
    """A file's problems and their count, for commands that go on to the next file."""
    print_problems(error)
    count = len(error.problems)
    err_console.print(f"{path}: {count} problem{'s' if count != 1 else ''}", soft_wrap=True)


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
