"""Commands: ``serve`` — the page for phones at the table; ``live`` — the same in a terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import console, err_console
from referee.table.shelf import Shelf

_NEEDS_WEB = "the page needs the web extra: pip install 'referee[web]'"
_NEEDS_LIVE = "live entry needs the web extra (it brings prompt_toolkit): pip install 'referee[web]'"

_RulebookFolder = Annotated[
    Path | None,
    typer.Option(help="A folder of house-rule .yaml files, offered by name (nothing else is read)."),
]
"""``--rulebooks`` of serve and live: the group's house books, offered by name."""


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
) -> None:
    """Serve the page for phones at the table: enter or paste a hand, see it ruled under every rulebook."""
    try:
        from referee.web.app import create_app
        from referee.web.server import is_open_to_others, run
    except ImportError:
        err_console.print(f"error: {_NEEDS_WEB}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    shelf = _shelf(rulebooks)
    out = console()
    for address in addresses(host, port):
        out.print(f"Open {address}", soft_wrap=True)
    if host in ("0.0.0.0", "::"):
        out.print("On a phone on the same network, type the address above into the browser.")
    if is_open_to_others(host):
        err_console.print(
            f"warning: listening on {host}, anyone on that network can open the page and use it: "
            "it has no password and no encryption (plain HTTP, no TLS). Serve it only on a network "
            "you trust, and stop it after the game.",
            soft_wrap=True,
        )
    out.print("Stop with Ctrl+C.")
    run(create_app(shelf), host, port)


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
        Path, typer.Argument(help="The log file to write as the hand grows (continued if it exists).")
    ],
    rulebooks: _RulebookFolder = None,
) -> None:
    """Enter a hand line by line in the terminal, with completion and rulings as you go."""
    try:
        from referee.live.session import LiveSession
    except ImportError:
        err_console.print(f"error: {_NEEDS_LIVE}", soft_wrap=True)
        raise typer.Exit(code=1) from None
    from referee.errors import RefereeError

    shelf = _shelf(rulebooks)
    try:
        LiveSession(log, shelf).run()
    except RefereeError as error:
        err_console.print(error.render(), soft_wrap=True)
        raise typer.Exit(code=1) from None
    except OSError as error:
        err_console.print(f"error: cannot write {log}: {error.strerror or error}", soft_wrap=True)
        raise typer.Exit(code=1) from None
