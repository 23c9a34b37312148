"""The home page while heavy pastes are being ruled: its latency must not follow theirs.

Run: ``python benchmarks/bench_serve_load.py [--pasters 10] [--seconds 20]``. It serves the page
as ``referee serve`` does (``referee.web.server``'s limits) on a free port of this computer; each of
``--pasters`` threads posts a 7 KB log of 292 ``dealer exposes`` lines to ``/paste`` over and over,
while one more thread asks for the home page every 50 ms. It prints the pastes answered and the
home page's median, 95th percentile and worst time; it asserts nothing (issue 26's goal: a p95
under 200 ms with ten pastes at once). Only the standard library talks HTTP here.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import uvicorn

from referee.store import open_store
from referee.web.app import create_app
from referee.web.server import KEEP_ALIVE_SECONDS, MAX_HEADER_BYTES, TimedH11Protocol

STORE = open_store(Path(tempfile.mkdtemp(prefix="referee-bench-")))
"""A store of its own (the page's every path is under a night's table code)."""
ROOT = "/" + STORE.tonight().code
HEADER = "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n\nantes\ndeal\n"
CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]


def heavy_log() -> str:
    """292 ``dealer exposes`` lines (about 7 KB), as in the issue."""
    lines = [f"dealer exposes {['Ann', 'Bob', 'Cy'][n % 3]}'s {CARDS[n % 52]}" for n in range(292)]
    return HEADER + "\n".join(lines) + "\n"


def serve() -> tuple[uvicorn.Server, int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        create_app(STORE),
        host="127.0.0.1",
        port=port,
        http=TimedH11Protocol,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, port


def request(port: int, method: str, path: str, body: bytes = b"") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body else {}
    connection.request(method, path, body=body or None, headers=headers)
    status = connection.getresponse().status
    connection.close()
    return status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pasters", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    options = parser.parse_args()
    server, port = serve()
    body = urlencode({"log": heavy_log()}).encode()
    print(f"paste: {len(body):,} bytes; {options.pasters} pasting at once for {options.seconds:g} s")
    request(port, "GET", ROOT + "/")
    stop = time.monotonic() + options.seconds
    pasted: list[tuple[int, float]] = []

    def paster() -> None:
        while time.monotonic() < stop:
            start = time.perf_counter()
            status = request(port, "POST", ROOT + "/paste", body)
            pasted.append((status, time.perf_counter() - start))

    threads = [threading.Thread(target=paster) for _ in range(options.pasters)]
    for thread in threads:
        thread.start()
    home: list[float] = []
    while time.monotonic() < stop:
        start = time.perf_counter()
        assert request(port, "GET", ROOT + "/") == 200
        home.append(time.perf_counter() - start)
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    server.should_exit = True
    statuses = sorted({status for status, _ in pasted})
    paste_times = sorted(seconds for _, seconds in pasted)
    median = statistics.median(paste_times)
    print(f"pastes answered: {len(pasted)} (status {statuses}), median {median:.2f} s")
    home.sort()
    p95 = home[int(0.95 * (len(home) - 1))]
    print(
        f"home page: {len(home)} requests, median {statistics.median(home) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms, worst {home[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
