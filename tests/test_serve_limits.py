"""The page under load and abuse (issue 26): the engine off the event loop with a time limit, a
crafted input never a server error, slow headers and bodies cut off, and a warning when the page
is open to the network."""

from __future__ import annotations

import importlib.util
import socket
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the page needs the web extra: pip install 'referee[web]'")
pytest.importorskip("uvicorn", reason="the page needs the web extra: pip install 'referee[web]'")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("Starlette's test client needs httpx2 (the test extra installs it)", allow_module_level=True)

import uvicorn
from starlette.testclient import TestClient
from typer.testing import CliRunner

from referee.cli import app as cli_app
from referee.web import app as web
from referee.web.server import MAX_HEADER_BYTES, TimedH11Protocol, is_open_to_others

LOG = """\
seats: Ann, Bob
dealer: Bob
antes
deal
Ann bets 2
"""


def test_a_crafted_input_gets_the_error_page_never_a_500(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(web, "read_entry", broken)
    client = TestClient(web.create_app(), raise_server_exceptions=False)
    for path in ("/paste", "/verdict", "/add"):
        page = client.post(path, data={"log": LOG, "line": "Bob folds"})
        assert page.status_code == 422, (path, page.status_code)
        assert "the referee cannot rule this log (RecursionError)" in page.text


def test_the_engine_has_a_time_limit_and_runs_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    loop_thread: list[int] = []

    def slow(*args: object, **kwargs: object) -> object:
        loop_thread.append(threading.get_ident())
        release.wait(10)
        raise AssertionError("never reached in time")

    monkeypatch.setattr(web, "read_entry", slow)
    monkeypatch.setattr(web, "ENGINE_SECONDS", 0.2)
    with TestClient(web.create_app()) as client:
        started = time.monotonic()
        page = client.post("/paste", data={"log": LOG})
        release.set()
        assert page.status_code == 422 and "could not rule this within 0.2 seconds" in page.text
        assert time.monotonic() - started < 5
        assert client.get("/").status_code == 200  # the loop was free all along
    assert loop_thread and loop_thread[0] != threading.get_ident()


# --- a real server: slow headers and bodies ------------------------------------------------------


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(TimedH11Protocol, "header_seconds", 0.5)
    monkeypatch.setattr(web, "BODY_SECONDS", 0.5)
    config = uvicorn.Config(
        web.create_app(),
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
            b"POST /paste HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 500\r\n\r\nlog="
        )
        answer = _closed_within(connection, 5)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_a_request_after_a_slow_one_is_still_served(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=5) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert _closed_within(connection, 5).startswith(b"HTTP/1.1 200")


# --- the warning ----------------------------------------------------------------------------------


def test_serving_to_the_network_warns_that_anyone_there_can_use_it(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[tuple[str, int]] = []
    monkeypatch.setattr("referee.web.server.run", lambda app, host, port: ran.append((host, port)))
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "anyone on that network can open the page and use it" in result.output
    assert "no TLS" in result.output and ran == [("0.0.0.0", 8123)]
    result = CliRunner().invoke(cli_app, ["serve"])
    assert "anyone on that network" not in result.output
    assert is_open_to_others("::") and not is_open_to_others("127.0.0.1")
