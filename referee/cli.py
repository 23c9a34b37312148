"""The ``referee`` command line: read arguments, call the library, render, pick an exit code.

Each group of commands lives in ``referee/commands/`` and registers itself here; heavy imports
happen inside the commands so a cold start stays quick. ``referee COMMAND`` imports and builds
COMMAND's group only (:data:`OWNERS` says which); the whole app (``app``, for no command, an option
first or a misspelt command, and for the tests) is built the first time it is asked for.
"""

from __future__ import annotations

import gc
import importlib
import inspect
import os
import sys
from types import ModuleType
from typing import Any, Final

import typer

QUICK: Final = frozenset({"rule", "compare"})
"""Commands that start with the garbage collector off until they begin to rule
(``referee.commands._common.started``): a start is most of what they cost."""

GROUP_MODULES: Final = ("play", "logs", "hands", "rulebooks", "importing", "simulating", "table")
"""The modules of ``referee.commands`` that register commands, in the order of the help."""

OWNERS: Final = {
    "rule": "play",
    "compare": "play",
    "explain": "play",
    "scenarios": "play",
    "check": "logs",
    "fmt": "logs",
    "night": "logs",
    "hand": "hands",
    "odds": "hands",
    "rulebook": "rulebooks",
    "import": "importing",
    "export": "importing",
    "simulate": "simulating",
    "serve": "table",
    "live": "table",
}
"""Command name → the module of ``referee.commands`` that registers it (``rulebook`` for its
sub-commands); tests/test_cli_groups.py checks it against what each group registers."""


def group(name: str) -> ModuleType:
    """The command group ``referee.commands.<name>``."""
    return importlib.import_module(f"referee.commands.{name}")


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


def build(groups: tuple[ModuleType, ...] | None = None) -> typer.Typer:
    """The ``referee`` app with the commands of ``groups`` (all of them by default)."""
    if groups is None:
        groups = tuple(group(name) for name in GROUP_MODULES)
    made = typer.Typer(
        name="referee",
        help="A house-rules referee for Draw Poker: rules on a hand as it actually happened.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for each in groups:
        each.register(made)
    made.callback()(_options)
    _flowing(made)
    return made


_whole: list[typer.Typer] = []


def whole_app() -> typer.Typer:
    """The app of every command, built once."""
    if not _whole:
        _whole.append(build())
    return _whole[0]


def __getattr__(name: str) -> Any:
    # ``referee.cli.app``, built on first use: a start that names its command never builds it.
    if name == "app":
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    # Pydantic looks for plugins (observability hooks installed as entry points) the first time it
    # builds a validator, and typer builds one per parameter: the scan of every installed
    # package's entry points costs a start about 10-30 ms. The referee uses no pydantic plugin and
    # its output does not depend on one, so it switches the scan off unless the user has set the
    # variable himself.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # The engine's modules make about 160 dataclasses on import, and compiling the methods
    # ``dataclass`` writes for them was most of their import time: compiled once, kept beside the
    # package's bytecode (referee/codecache.py).
    from referee import codecache

    codecache.install()
    # Typer turns every registered command into a click command before it runs one (about 10 ms
    # for all of them); a command named on the command line needs only its own group. Anything
    # else (no command, an option first, a misspelt command) gets the whole app and its help.
    arguments = sys.argv[1:]
    owner = OWNERS.get(arguments[0]) if arguments else None
    # The start of a quick command makes tens of thousands of objects that live as long as the
    # process; collecting while they are made frees nothing and cost a rule about a fifth of its
    # CPU. The command freezes them and turns the collector on before it rules a line
    # (commands._common.started), with its full collections put off; whatever way the command
    # ends, it is on again here, as it was.
    quick = bool(arguments) and arguments[0] in QUICK
    thresholds = gc.get_threshold()
    if quick:
        gc.disable()
    try:
        (build((group(owner),)) if owner is not None else whole_app())()
    finally:
        if quick:
            gc.set_threshold(*thresholds)
            gc.enable()
