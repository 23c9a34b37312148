"""A typer app of one command that does nothing: the floor `referee rule` is measured against.

It declares what `referee rule` declares (a LOG argument and a few options), so typer reads the
same kind of command line; whatever this costs, typer costs before any of referee's code runs
(typer imports click, rich for its help and errors, and pydantic-related typing helpers).

    python benchmarks/typer_one_command.py scenarios/some.log --json
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)


@app.command()
def rule(
    log: Annotated[Path, typer.Argument(help="A hand log.")],
    rulebook: Annotated[str | None, typer.Option("--rulebook", "-r", help="A rulebook.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Does nothing."""


if __name__ == "__main__":
    app()
