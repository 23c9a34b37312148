"""What every command shares: consoles and turning the library's errors into exit code 1."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.markup import escape

from referee.errors import RefereeError

err_console = Console(stderr=True, highlight=False)


def console() -> Console:
    """Results go to stdout so ``--json`` pipes cleanly."""
    return Console(highlight=False)


def print_problems(error: RefereeError) -> None:
    """Every problem: ``file:line:col: message``, the line with a caret, the hint."""
    for problem in error.problems:
        err_console.print(escape(problem.render()), soft_wrap=True)


def print_file_problems(path: object, error: RefereeError) -> None:
    """A file's problems and their count, for commands that go on to the next file."""
    print_problems(error)
    count = len(error.problems)
    err_console.print(escape(f"{path}: {count} problem{'s' if count != 1 else ''}"), soft_wrap=True)


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
        err_console.print(escape(f"cannot read {name}: {error.strerror or error}"), soft_wrap=True)
        raise typer.Exit(code=1) from None
