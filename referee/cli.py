"""The ``referee`` command line: read arguments, call the library, render, pick an exit code.

Each group of commands lives in ``referee/commands/`` and registers itself here; heavy imports
happen inside the commands so a cold start stays quick.
"""

from __future__ import annotations

import typer

from referee.commands import hands, importing, logs, play, rulebooks, simulating

app = typer.Typer(
    name="referee",
    help="A house-rules referee for Draw Poker: rules on a hand as it actually happened.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for group in (play, logs, hands, rulebooks, importing, simulating):
    group.register(app)


def main() -> None:
    app()
