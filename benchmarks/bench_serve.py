"""Twenty phones adding lines to five hands at once, against ``referee serve`` in a process of its own.

Run: ``python benchmarks/bench_serve.py [--clients 20] [--hands 5] [--seconds 60] [--pause 0.5]
[--lines-per-hand 80] [--kill-after 5]``.
It starts ``referee serve --data TMP`` on a free port, sets up ``--hands`` hands over HTTP and
lets ``--clients`` threads (each its own keep-alive connection, as a phone is) add lines to them
for ``--seconds``: each reads the hand's version (``GET /hands/{id}.log``, its ``X-Hand-Version``),
then posts a line of its own (``POST /hands/{id}/lines`` with that version), then waits
``--pause`` seconds, as a player would before the next line. A write refused as stale (another
phone was first) is read again and sent again. A hand that reaches the most lines a hand may hold
(``--lines-per-hand``, 80 by default: a long hand of several deals) is replaced by a new one,
as the table begins the next hand.

It then checks the store file itself: every line answered as entered is in its hand exactly once,
no refused line is, and nothing else is (no lost or duplicated line). Then the kill test: the
server again, the same load for ``--kill-after`` seconds, ``kill -9`` mid-run, and the file must
pass ``PRAGMA integrity_check`` with every line acknowledged before the kill in it.

It prints the adds answered, the stale retries, the median, p95, p99 and worst time of an add
(the POST and its 303) and of the read before it; it asserts only the correctness checks (the
goal for speed: p95 per add under 30 ms).
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from referee.store import open_store
from referee.table.entry import MAX_LINES

FORM = {"content-type": "application/x-www-form-urlencoded"}
SEATS = "Ann, Bob, Cy, Dee"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from referee.cli import main; main()", "serve", "--port", str(port),
               "--data", str(data)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("referee serve did not start") from None
            time.sleep(0.1)


@dataclass
class Slot:
    """One of the hands being played; replaced by a new hand when it is full."""

    hand: int
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Tally:
    adds: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    stale: int = 0
    accepted: list[tuple[int, str]] = field(default_factory=list)
    """(hand, line) answered as entered."""
    refused: list[tuple[int, str]] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


class Phone:
    def __init__(self, port: int, root: str) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.root = root

    def request(self, method: str, path: str, body: dict[str, str] | None = None) -> http.client.HTTPResponse:
        data = urlencode(body) if body is not None else None
        self.connection.request(method, self.root + path, body=data, headers=FORM if body is not None else {})
        answer = self.connection.getresponse()
        self.body = answer.read()
        return answer

    def new_hand(self) -> int:
        answer = self.request("POST", "/hands", {"seats": SEATS, "ante": "1", "limit": "2/4"})
        assert answer.status == 303, answer.status
        return int(answer.getheader("location", "").rsplit("/", 1)[1])


def play(
    port: int, root: str, number: int, slot: Slot, until: float, pause: float, most: int, tally: Tally
) -> None:
    phone = Phone(port, root)
    count = 0
    while time.monotonic() < until:
        hand = slot.hand
        try:
            started = time.perf_counter()
            read = phone.request("GET", f"/hands/{hand}.log")
            tally.reads.append((time.perf_counter() - started) * 1000)
            version = read.getheader("x-hand-version", "")
            if phone.body.count(b"\n") >= most:  # the hand is over: the first phone to see it begins the next
                with slot.lock:
                    if slot.hand == hand:
                        slot.hand = phone.new_hand()
                continue
            count += 1
            line = f'Bob says "phone {number:02d} line {count:05d}"'
            started = time.perf_counter()
            answer = phone.request("POST", f"/hands/{hand}/lines", {"line": line, "version": version})
            elapsed = (time.perf_counter() - started) * 1000
        except (OSError, http.client.HTTPException) as error:
            tally.errors[type(error).__name__] += 1
            phone = Phone(port, root)
            time.sleep(0.05)
            continue
        where = answer.getheader("location", "")
        if answer.status != 303:
            tally.errors[f"HTTP {answer.status}"] += 1
        elif "stale=1" in where:
            tally.stale += 1
            tally.refused.append((hand, line))
            continue  # read the hand again and send it again at once, as the page asks
        elif "try=" in where:  # refused: the hand is full; the first phone to see it begins the next one
            tally.refused.append((hand, line))
            with slot.lock:
                if slot.hand == hand:
                    slot.hand = phone.new_hand()
            continue
        else:
            tally.adds.append(elapsed)
            tally.accepted.append((hand, line))
        time.sleep(pause)


@dataclass(frozen=True)
class Load:
    clients: int
    hands: int
    pause: float
    most: int
    """Lines a hand grows to before the phones begin the next."""


def run_load(data: Path, seconds: float, load: Load, kill_after: float | None) -> Tally:
    clients, hands = load.clients, load.hands
    port = free_port()
    server = start_server(data, port)
    root = "/" + open_store(data).tonight().code
    setup = Phone(port, root)
    slots = [Slot(setup.new_hand()) for _ in range(hands)]
    tally = Tally()
    until = time.monotonic() + (kill_after if kill_after is not None else seconds) + (60 if kill_after else 0)
    threads = [
        threading.Thread(
            target=play,
            args=(port, root, n, slots[n % hands], until, load.pause, load.most, tally),
            daemon=True,
        )
        for n in range(clients)
    ]
    for thread in threads:
        thread.start()
    if kill_after is not None:
        time.sleep(kill_after)
        os.kill(server.pid, signal.SIGKILL)  # mid-run: requests are in flight
        server.wait()
        time.sleep(0.5)
        return tally
    for thread in threads:
        thread.join()
    server.send_signal(signal.SIGINT)
    server.wait(30)
    return tally


def check(data: Path, tally: Tally) -> tuple[int, int]:
    """Every accepted line once, no refused one, nothing else: (lines checked, hands)."""
    store = open_store(data)
    assert store.integrity() == "ok", store.integrity()
    kept: Counter[tuple[int, str]] = Counter()
    hands = store.hands_of(store.tonight().id)
    for hand in hands:
        for line in hand.lines:
            if line.text.startswith("Bob says"):
                kept[(hand.id, line.text)] += 1
    accepted = Counter(tally.accepted)
    duplicated = [key for key, times in kept.items() if times > 1]
    assert not duplicated, f"duplicated lines: {duplicated[:5]}"
    lost = [key for key in accepted if key not in kept]
    assert not lost, f"lost lines: {lost[:5]}"
    refused = {key for key in tally.refused if key not in accepted}
    extra = [key for key in kept if key not in accepted and key not in refused]
    # A line may be in the file and not acknowledged only when the server died before it answered.
    assert not [key for key in kept if key in refused], "a refused line was written"
    return sum(kept.values()) - len(extra), len(hands)


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    if not ordered:
        return f"{name}: none"

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    return (
        f"{name}: {len(ordered)}, median {at(0.5):.1f} ms, p95 {at(0.95):.1f} ms, p99 {at(0.99):.1f} ms, "
        f"worst {ordered[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds a phone waits between its lines")
    parser.add_argument("--kill-after", type=float, default=5, help="seconds into the kill test's run")
    parser.add_argument(
        "--lines-per-hand",
        type=int,
        default=80,
        help=f"lines a hand grows to before the next begins (a long hand of several deals has about 80; "
        f"{MAX_LINES}, the most a hand may hold, is the worst case)",
    )
    options = parser.parse_args()
    load = Load(options.clients, options.hands, options.pause, options.lines_per_hand)
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-serve-"))
    try:
        tally = run_load(folder / "load", options.seconds, load, None)
        lines, hands = check(folder / "load", tally)
        print(
            f"{options.clients} phones on {options.hands} hands at once for {options.seconds:g} s, "
            f"{options.pause:g} s between a phone's lines; hands of {options.lines_per_hand} lines"
        )
        rate = len(tally.adds) / options.seconds
        print(f"  {len(tally.adds)} lines entered ({rate:.0f}/s) into {hands} hands; {tally.stale} stale")
        print(f"  writes refused and sent again; errors: {dict(tally.errors) or 'none'}")
        print(f"  the store: integrity ok; {lines} lines, each entered once: none lost, none duplicated")
        print("  " + summary("add (POST, its 303)", tally.adds) + " (goal: p95 < 30 ms)")
        print("  " + summary("read before it (GET .log)", tally.reads))
        print(f"  load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        killed = run_load(folder / "kill", 0, load, options.kill_after)
        lines, hands = check(folder / "kill", killed)
        print(
            f"kill -9 after {options.kill_after:g} s mid-run: integrity_check ok; all {len(killed.accepted)} "
            f"acknowledged lines there ({lines} in the file)"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
