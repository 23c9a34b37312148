"""The ``referee`` command line: read arguments, call the library, render, pick an exit code.

Each group of commands lives in ``referee/commands/`` and registers itself here; heavy imports
happen inside the commands so a cold start stays quick.
"""

from __future__ import annotations

import inspect
import sys
from types import ModuleType

import typer

from referee.commands import hands, importing, logs, play, rulebooks, simulating, table

GROUPS: tuple[ModuleType, ...] = (play, logs, hands, rulebooks, importing, simulating, table)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"referee {version('referee')}")
        raise typer.Exit()


def _options(
    version: bool = typer.Option(
        False, "--version", help="Print the referee's version and exit.", callback=_version, is_eager=True
    ),
) -> None:
    """A house-rules referee for Draw Poker: rules on a hand as it actually happened."""


def _flowing(group: typer.Typer) -> None:
    """Help text as paragraphs the terminal wraps: the line breaks of a docstring are the source's.

    Typer's rich help keeps a docstring's single line breaks after its first paragraph, so a
    docstring wrapped at 110 columns would print broken lines in any other width. Lines of one
    paragraph are joined here; blank lines and list items (``- ...``) still start new lines.
    """
    for info in group.registered_commands:
        if info.help is None and info.callback is not None and info.callback.__doc__:
            info.help = flow(info.callback.__doc__)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _flowing(sub.typer_instance)


def flow(doc: str) -> str:
    """A docstring's paragraphs, each on one line (list items kept on their own lines)."""
    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines: list[str] = []
        for line in paragraph.splitlines():
            item = line.lstrip().startswith(("- ", "* ", "• "))
            if lines and not item:
                lines[-1] += " " + line.strip()
            else:
                lines.append(line.strip())
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def build(groups: tuple[ModuleType, ...] = GROUPS) -> typer.Typer:
    """The ``referee`` app with the commands of ``groups`` (all of them by default)."""
    made = typer.Typer(
        name="referee",
        help="A house-rules referee for Draw Poker: rules on a hand as it actually happened.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for group in groups:
        group.register(made)
    made.callback()(_options)
    _flowing(made)
    return made


app = build()

_OWNERS: dict[str, ModuleType] = {}
"""Command name → the group that registers it (``rulebook`` for its sub-commands)."""
for _group in GROUPS:
    _probe = typer.Typer()
    _group.register(_probe)
    for _name in [info.name for info in _probe.registered_commands + _probe.registered_groups]:
        assert _name is not None, "every group names its commands"
        _OWNERS[_name] = _group


def main() -> None:
    # Typer turns every registered command into a click command before it runs one (about 10 ms
    # for all of them); a command named on the command line needs only its own group. Anything
    # else (no command, an option first, a misspelt command) gets the whole app and its help.
    arguments = sys.argv[1:]
    group = _OWNERS.get(arguments[0]) if arguments else None
    (build((group,)) if group is not None else app)()
