"""Commands: ``serve`` — the page for phones at the table; ``live`` — the same in a terminal."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands._common import console, err_console
from referee.table.shelf import Shelf

if TYPE_CHECKING:
    from referee.store import Store

_NEEDS_WEB = "the page needs the web extra: pip install 'referee[web]'"
_NEEDS_LIVE = "live entry needs the web extra (it brings prompt_toolkit): pip install 'referee[web]'"

_RulebookFolder = Annotated[
    Path | None,
    typer.Option(help="A folder of house-rule .yaml files, offered by name (nothing else is read)."),
]
"""``--rulebooks`` of serve and live: the group's house books, offered by name."""

_DataFolder = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="The folder of the night's store (referee.sqlite3). Default: the user's data directory.",
    ),
]
"""``--data`` of serve, live and night: where the hands are kept."""


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `referee` app."""
    app.command("serve")(serve)
    app.command("live")(live)


def _shelf(rulebooks: Path | None) -> Shelf:
    if rulebooks is None:
        return Shelf()
    if not rulebooks.is_dir():
        err_console.print(f"error: {rulebooks} is not a folder", soft_wrap=True)
        err_console.print("    hint: give the folder that holds the group's rulebook .yaml files")
        raise typer.Exit(code=1)
    return Shelf(rulebooks.resolve())


def open_data(data: Path | None) -> Store:
    """The store in ``data`` (default: the user's data directory), or a clear message and exit 1."""
    from referee.store import StoreError, open_store

    try:
        return open_store(data)
    except StoreError as error:
        err_console.print(f"error: {error}", soft_wrap=True)
        err_console.print("    hint: give another folder with --data")
        raise typer.Exit(code=1) from None


def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Where to listen. The default is this computer only; 0.0.0.0 lets phones on the "
            "home network in."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port.", min=1, max=65535)] = 8000,
    rulebooks: _RulebookFolder = None,
    data: _DataFolder = None,
    new_night: Annotated[
        bool,
        typer.Option("--new-night", help="Begin a new night (a new table code) even if one is under way."),
    ] = False,
) -> None:
    """Serve the page for phones at the table: enter or paste a hand, see it ruled under every rulebook.

    Every hand is kept in the night's store; the address carries the night's table code (the only
    way in). A night begun in the last 12 hours goes on, with the same code.
    """
    try:
        from referee.web.app import create_app
        from referee.web.server import is_open_to_others, run
    except ImportError:
        err_console.print(f"error: {_NEEDS_WEB}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    shelf = _shelf(rulebooks)
    store = open_data(data)
    night = store.new_night() if new_night else store.tonight()
    out = console()
    found = addresses(host, port)
    for address in found:
        out.print(f"Open {address}{night.code}/", soft_wrap=True, markup=False, highlight=False)
    out.print(f"Night {night.id}, kept in {store.path}", soft_wrap=True, markup=False, highlight=False)
    if host in ("0.0.0.0", "::"):
        out.print("On a phone on the same network, type the address above into the browser.")
    if is_open_to_others(host):
        err_console.print(
            f"warning: listening on {host}, anyone on that network can open the page and use it: "
            "it has no password and no encryption (plain HTTP, no TLS). Serve it only on a network "
            "you trust, and stop it after the game.",
            soft_wrap=True,
        )
    try:
        import io

        import segno

        drawing = io.StringIO()
        segno.make(f"{found[0]}{night.code}/", error="m").terminal(out=drawing, compact=True)
        out.print("Or scan this with a phone's camera:")
        out.file.write(drawing.getvalue())
    except ImportError:  # the web extra brings segno; the address above is enough
        pass
    out.print("Stop with Ctrl+C.")
    run(create_app(store, shelf), host, port)


def addresses(host: str, port: int) -> list[str]:
    """The addresses to type: this computer's address on the home network when listening on all."""
    if host not in ("0.0.0.0", "::"):
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    import socket

    found = [f"http://127.0.0.1:{port}/"]
    try:
        # No packet is sent: connecting a UDP socket only picks the interface a route would use.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.insert(0, f"http://{probe.getsockname()[0]}:{port}/")
    except OSError:
        pass
    return found


def live(
    log: Annotated[
        Path | None,
        typer.Argument(help="A log file to write as the hand grows too (continued if it exists)."),
    ] = None,
    rulebooks: _RulebookFolder = None,
    data: _DataFolder = None,
    hand: Annotated[
        int | None, typer.Option("--hand", help="Go on with this hand of the store (begun on a phone, say).")
    ] = None,
) -> None:
    """Enter a hand line by line in the terminal, with completion and rulings as you go.

    The hand is kept in the night's store, as the page for phones keeps it: a hand begun here can
    be finished on a phone, and one begun on a phone finished here (--hand).
    """
    try:
        from referee.live.session import LiveSession
    except ImportError:
        err_console.print(f"error: {_NEEDS_LIVE}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    from referee.errors import RefereeError
    from referee.store import NotFound

    shelf = _shelf(rulebooks)
    store = open_data(data)
    try:
        LiveSession(log, shelf, store=store, hand=hand).run()
    except NotFound:
        err_console.print(f"error: there is no hand {hand} in {store.path}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    except RefereeError as error:
        err_console.print(error.render(), soft_wrap=True)
        raise typer.Exit(code=1) from None
    except OSError as error:
        err_console.print(f"error: cannot write {log}: {error.strerror or error}", soft_wrap=True)
        raise typer.Exit(code=1) from None
