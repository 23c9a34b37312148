"""The page under load and abuse (issue 26): the engine off the event loop with a time limit, a
crafted input never a server error, slow headers and bodies cut off, and a warning when the page
is open to the network."""

from __future__ import annotations

import importlib.util
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the page needs the web extra: pip install 'referee[web]'")
pytest.importorskip("uvicorn", reason="the page needs the web extra: pip install 'referee[web]'")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("Starlette's test client needs httpx2 (the test extra installs it)", allow_module_level=True)

import uvicorn
from starlette.testclient import TestClient
from typer.testing import CliRunner

from referee.cli import app as cli_app
from referee.store import Store, open_store
from referee.web import app as web
from referee.web.server import MAX_HEADER_BYTES, TimedH11Protocol, is_open_to_others

CODE = ""
"""The table code of the running server's night (set by the ``server`` fixture)."""
LOG = """\
seats: Ann, Bob
dealer: Bob
antes
deal
Ann bets 2
"""


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(tmp_path)


def test_a_crafted_input_gets_the_error_page_never_a_500(
    monkeypatch: pytest.MonkeyPatch, store: Store
) -> None:
    client = TestClient(web.create_app(store), raise_server_exceptions=False)
    code = store.tonight().code
    started = client.post(f"/{code}/hands", data={"seats": "Ann, Bob"}, follow_redirects=False)
    hand = started.headers["location"]

    def broken(*args: object, **kwargs: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(web, "read_entry", broken)
    for path in (f"/{code}/paste", f"/{code}/verdict", hand + "/lines"):
        page = client.post(path, data={"log": LOG, "line": "Bob folds", "version": "0"})
        assert page.status_code == 422, (path, page.status_code)
        assert "the referee cannot rule this log (RecursionError)" in page.text
    page = client.get(hand)
    assert page.status_code == 422 and "(RecursionError)" in page.text


def test_the_engine_has_a_time_limit_and_runs_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch, store: Store
) -> None:
    release = threading.Event()
    loop_thread: list[int] = []

    def slow(*args: object, **kwargs: object) -> object:
        loop_thread.append(threading.get_ident())
        release.wait(10)
        raise AssertionError("never reached in time")

    monkeypatch.setattr(web, "read_entry", slow)
    monkeypatch.setattr(web, "ENGINE_SECONDS", 0.2)
    code = store.tonight().code
    with TestClient(web.create_app(store)) as client:
        started = time.monotonic()
        page = client.post(f"/{code}/paste", data={"log": LOG})
        release.set()
        assert page.status_code == 422 and "could not rule this within 0.2 seconds" in page.text
        assert time.monotonic() - started < 5
        assert client.get(f"/{code}/").status_code == 200  # the loop was free all along
    assert loop_thread and loop_thread[0] != threading.get_ident()


# --- a real server: slow headers and bodies ------------------------------------------------------


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, store: Store) -> Iterator[int]:
    monkeypatch.setattr(TimedH11Protocol, "header_seconds", 0.5)
    monkeypatch.setattr(web, "BODY_SECONDS", 0.5)
    monkeypatch.setattr(sys.modules[__name__], "CODE", store.tonight().code)
    config = uvicorn.Config(
        web.create_app(store),
        host="127.0.0.1",
        port=0,
        http=TimedH11Protocol,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_keep_alive=1,
        log_level="critical",
    )
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    for _ in range(200):
        if served.started:
            break
        time.sleep(0.05)
    assert served.started
    yield served.servers[0].sockets[0].getsockname()[1]
    served.should_exit = True
    thread.join(10)


def _closed_within(connection: socket.socket, seconds: float) -> bytes:
    """What the server sent before it closed the connection (within ``seconds``, or fail)."""
    connection.settimeout(seconds)
    received = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            return received
        received += chunk


def test_headers_that_never_end_do_not_hold_the_connection(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=5) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        started = time.monotonic()
        _closed_within(connection, 5)
        assert time.monotonic() - started < 4


def test_a_body_declared_and_never_sent_gets_an_answer(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=5) as connection:
        connection.sendall(
            f"POST /{CODE}/paste HTTP/1.1\r\nHost: x\r\n".encode()
            + b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nlog="
        )
        answer = _closed_within(connection, 5)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_a_request_after_a_slow_one_is_still_served(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=5) as connection:
        connection.sendall(f"GET /{CODE}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        assert _closed_within(connection, 5).startswith(b"HTTP/1.1 200")


# --- the warning ----------------------------------------------------------------------------------


def test_serving_to_the_network_warns_that_anyone_there_can_use_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ran: list[tuple[str, int]] = []
    monkeypatch.setattr("referee.web.server.run", lambda app, host, port: ran.append((host, port)))
    data = ["--data", str(tmp_path)]
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0", "--port", "8123", *data])
    assert result.exit_code == 0, result.output
    assert "anyone on that network can open the page and use it" in result.output
    assert "no TLS" in result.output and ran == [("0.0.0.0", 8123)]
    result = CliRunner().invoke(cli_app, ["serve", *data])
    assert "anyone on that network" not in result.output
    assert f"http://127.0.0.1:8000/{open_store(tmp_path).tonight().code}/" in result.output
    assert is_open_to_others("::") and not is_open_to_others("127.0.0.1")
