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


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Print the library's own errors as plain messages and exit 1; never a traceback."""
    try:
        yield
    except RefereeError as error:
        for problem in error.problems:
            err_console.print(escape(problem.render()), soft_wrap=True)
        count = len(error.problems)
        if count > 1:
            err_console.print(f"{count} problems.")
        raise typer.Exit(code=1) from None
    except OSError as error:
        name = error.filename or "the file"
        err_console.print(escape(f"cannot read {name}: {error.strerror or error}"), soft_wrap=True)
        raise typer.Exit(code=1) from None
