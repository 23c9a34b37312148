"""How fast the phone page answers: a warm server rules a 40-line log under all five rulebooks.

Run: ``python benchmarks/bench_verdict.py [--requests 200]`` (``bench_serve.py`` is the load test of
many phones adding lines). It starts ``referee serve``'s app under
uvicorn on a free port of this computer, warms it, then posts the 40-line log of
``bench_log.py`` (``TYPICAL``) to ``/verdict`` — which rules it under its own rulebook and under
the four others, and renders the page — and times each answer end to end over HTTP. It prints
the median, the 95th percentile and the page weights; it asserts nothing (the goals are a p95
under 30 ms and every page under 100 KB, the style sheet and script included).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx2 as httpx  # the test extra's client (plain httpx is deprecated for Starlette)
import uvicorn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_log import TYPICAL

from referee.store import open_store
from referee.web.app import create_app

STORE = open_store(Path(tempfile.mkdtemp(prefix="referee-bench-verdict-")))
ROOT = "/" + STORE.tonight().code


def serve() -> tuple[uvicorn.Server, str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(STORE), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}{ROOT}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--requests", type=int, default=200)
    options = parser.parse_args()
    lines = [line for line in TYPICAL.splitlines() if line.strip()]
    server, address = serve()
    header = [line for line in TYPICAL.splitlines() if ":" in line.split(" ", 1)[0]]
    stored = STORE.new_hand(STORE.tonight().id, header, "bench")
    version = stored.version
    for line in lines[len(header) :]:
        version = STORE.add_line(stored.id, version, line, "bench")
    with httpx.Client(base_url=address) as client:
        first = client.post("/verdict", data={"log": TYPICAL})
        assert first.status_code == 200, first.text
        assert all(
            f"<tr><th>{book}</th>" in first.text
            for book in ("scarne", "bicycle", "casino", "pagat", "parlour")
        )
        for _ in range(10):  # warm: rulebooks loaded, templates compiled, tables cached
            client.post("/verdict", data={"log": TYPICAL})
        times = []
        cpu = time.process_time()
        for _ in range(options.requests):
            start = time.perf_counter()
            answer = client.post("/verdict", data={"log": TYPICAL})
            times.append((time.perf_counter() - start) * 1000)
            assert answer.status_code == 200
        # Server and client share this process: its CPU time per request is what one answer costs,
        # whatever else the machine is doing (wall-clock figures climb when the cores are busy).
        cpu_ms = (time.process_time() - cpu) * 1000 / options.requests
        hand = client.get(f"/hands/{stored.id}")
        assert hand.status_code == 200, hand.text
        weights = {
            "home page": len(client.get("/").content),
            "hand page (the 40-line log)": len(hand.content),
            "verdict page": len(first.content),
            "style sheet": len(client.get("/static/app.css").content),
            "script": len(client.get("/static/app.js").content),
            "rulebook sheet (scarne)": len(client.get("/rulebook/scarne").content),
        }
        hand_times = []
        for _ in range(options.requests // 2):
            start = time.perf_counter()
            client.get(f"/hands/{stored.id}")
            hand_times.append((time.perf_counter() - start) * 1000)
    server.should_exit = True
    times.sort()
    hand_times.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    hand_p95 = hand_times[int(len(hand_times) * 0.95) - 1]
    median = statistics.median(times)
    print(
        f"/verdict: bench_log.py's log ({len(lines)} lines) under five rulebooks, {options.requests} requests"
    )
    print(f"  median {median:.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms (goal: p95 < 30 ms)")
    print(
        f"  CPU per request (server and client): {cpu_ms:.1f} ms; load average now {os.getloadavg()[0]:.1f}"
    )
    print(f"/hands/N (the hand page): median {statistics.median(hand_times):.1f} ms, p95 {hand_p95:.1f} ms")
    for name, size in weights.items():
        print(f"  {name}: {size / 1024:.1f} KB")
    page = max(weights["hand page (the 40-line log)"], weights["verdict page"])
    heaviest = page + weights["style sheet"] + weights["script"]
    print(f"  heaviest page with its style sheet and script: {heaviest / 1024:.1f} KB (goal: < 100 KB)")


if __name__ == "__main__":
    main()
