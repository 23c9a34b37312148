"""The long fuzz run: ``python fuzz/run.py --cases 100000 --seed 0 --jobs 2``.

Cases are run by worker processes (``--jobs``), each through every command in-process
(``fuzz/invariants.py``); a worker that dies — a segfault, a stack overflow in C — is reported as
a crash on the case it was running and started again after it, and one that stops answering is
killed and reported as a hang. Every case runs ``check`` and ``rule --json``, and ``--groups`` of
the rotating command groups (text and ``--explain``; ``--markdown`` and ``--html``; ``compare
--json`` against ``rule -r BOOK --json`` for every bundled book; ``compare`` and ``explain
--line``; ``fmt`` and rule/check/fmt on its output). One case in ``--subprocess-every`` also runs
``rule`` as a real process, to catch what in-process running hides (signals, exit codes).

At the end: the number of cases, cases per second, counts per invariant, the failure classes,
the sha256 of all outputs, and a determinism check — the first ``--determinism-cases`` cases run
again in two separate processes must give the same digests as each other and as the main run.
The first case of every failure class is saved under ``--out`` (its files, and FINDING.txt with
the command to reproduce it). Exit 1 if anything failed.

``--show K`` prints case K; ``--write DIR`` with it writes its files; ``--shrink K`` cuts case K
down to the fewest lines that still fail the same way.
"""

from __future__ import annotations

import argparse
import faulthandler
import hashlib
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

if __package__ in (None, ""):  # run as `python fuzz/run.py`: make `fuzz` and `referee` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fuzz.invariants import BOOK_GROUPS, INVARIANTS, LOG_GROUPS, MEMORY_LIMIT, TIMEOUT, Harness
from fuzz.mutate import Case, describe, make_case

SCRIPT: Final = Path(__file__).resolve()
PROGRESS_SECONDS: Final = 10.0
KEEP_PER_INVARIANT: Final = 5
"""Reproducers saved per invariant (the first case of each failure class is saved besides)."""
MAX_CLASSES_SAVED: Final = 200
WORKER: Final = "the worker process"


@dataclass(slots=True)
class Tally:
    """What the workers reported, merged."""

    cases: int = 0
    commands: int = 0
    cpu: float = 0.0
    """Seconds of CPU the workers spent on cases (not counting their start-up)."""
    digests: dict[int, str] = field(default_factory=dict)
    by_invariant: Counter[str] = field(default_factory=Counter)
    cases_by_invariant: Counter[str] = field(default_factory=Counter)
    classes: dict[tuple[str, str], list[Any]] = field(default_factory=dict)
    """(invariant, key) → [count, first case, first finding]."""
    failed_cases: set[int] = field(default_factory=set)
    saved: Counter[str] = field(default_factory=Counter)
    written: set[tuple[int, str, str, str]] = field(default_factory=set)
    """Findings already in a FINDING.txt: (case, invariant, command, detail)."""

    def add(self, number: int, findings: Sequence[dict[str, str]]) -> list[dict[str, str]]:
        """Count one case's findings; returns those that open a failure class or are worth saving."""
        fresh = []
        for invariant in {finding["invariant"] for finding in findings}:
            self.cases_by_invariant[invariant] += 1
        for finding in findings:
            invariant = finding["invariant"]
            self.by_invariant[invariant] += 1
            self.failed_cases.add(number)
            entry = self.classes.setdefault((invariant, finding["key"]), [0, number, finding])
            entry[0] += 1
            if entry[0] == 1 or self.saved[invariant] < KEEP_PER_INVARIANT:
                fresh.append(finding)
        return fresh

    def digest(self) -> str:
        sha = hashlib.sha256()
        for number in sorted(self.digests):
            sha.update(f"{number}:{self.digests[number]}\n".encode())
        return sha.hexdigest()


# --- the worker ---------------------------------------------------------------------------------------


def worker(args: argparse.Namespace) -> int:
    """Run ``range(first, stop, step)``, one JSON line per case on stdout (``start`` before each)."""
    faulthandler.enable()  # a segfault prints where it happened on stderr before the worker dies
    if sys.platform != "win32":
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    folder = Path(tempfile.mkdtemp(dir=args.workdir)) if args.workdir else None
    harness = Harness(timeout=args.timeout, folder=folder)
    seen: set[tuple[str, str]] = set()
    out = sys.stdout
    try:
        for number in range(args.first, args.stop, args.step):
            _emit(out, {"start": number})
            case = make_case(args.seed, number)
            sample = args.subprocess_every > 0 and number % args.subprocess_every == 0
            before = time.process_time()
            result = harness.run_case(case, groups=args.groups, subprocess_check=sample)
            cpu = time.process_time() - before
            findings = []
            for finding in result.findings:
                record = finding.as_json()
                if (finding.invariant, finding.key) in seen:
                    record.pop("trace", None)  # the first of a class carries the traceback
                seen.add((finding.invariant, finding.key))
                findings.append(record)
            record_line = {"n": number, "digest": result.digest, "commands": result.commands, "cpu": cpu}
            _emit(out, {**record_line, "findings": findings})
        _emit(out, {"done": True})
    finally:
        harness.close()
    return 0


def _emit(out: IO[str], record: dict[str, Any]) -> None:
    out.write(json.dumps(record, ensure_ascii=True) + "\n")
    out.flush()


# --- the parent ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Worker:
    """One worker process and where it is in its share of the cases."""

    index: int
    numbers: range
    workdir: Path
    """Where its case folders go; the parent removes it, whatever became of the worker."""
    process: subprocess.Popen[str] | None = None
    current: int | None = None
    last_heard: float = 0.0
    done: bool = False


def _spawn(item: Worker, args: argparse.Namespace, lines: queue.Queue[tuple[int, str | None]]) -> None:
    command = [
        sys.executable,
        str(SCRIPT),
        "--worker",
        f"--seed={args.seed}",
        f"--first={item.numbers.start}",
        f"--stop={item.numbers.stop}",
        f"--step={item.numbers.step}",
        f"--groups={args.groups}",
        f"--subprocess-every={args.subprocess_every}",
        f"--timeout={args.timeout}",
        f"--workdir={item.workdir}",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
    item.process, item.current, item.last_heard, item.done = process, None, time.monotonic(), False

    def read(stream: IO[str]) -> None:
        for line in stream:
            lines.put((item.index, line))
        lines.put((item.index, None))

    assert process.stdout is not None
    threading.Thread(target=read, args=(process.stdout,), daemon=True).start()


def run_cases(
    args: argparse.Namespace, numbers: range, *, quiet: bool = False, out: Path | None = None
) -> Tally:
    """Run ``numbers`` over ``args.jobs`` workers and merge what they report."""
    jobs = max(1, min(args.jobs, len(numbers) or 1))
    lines: queue.Queue[tuple[int, str | None]] = queue.Queue()
    work = Path(tempfile.mkdtemp(prefix="referee-fuzz-work-"))
    workers = [Worker(index, numbers[index::jobs], work) for index in range(jobs)]
    try:
        return _merge(args, workers, lines, len(numbers), quiet, out)
    finally:
        for item in workers:
            if item.process and item.process.poll() is None:
                item.process.kill()
                item.process.wait()
        shutil.rmtree(work, ignore_errors=True)


def _merge(
    args: argparse.Namespace,
    workers: list[Worker],
    lines: queue.Queue[tuple[int, str | None]],
    total: int,
    quiet: bool,
    out: Path | None,
) -> Tally:
    for item in workers:
        if len(item.numbers):
            _spawn(item, args, lines)
        else:
            item.done = True
    tally = Tally()
    started = last_progress = time.monotonic()
    hang_after = args.timeout * 4 + 60 if args.timeout else 600.0
    while not all(item.done for item in workers):
        try:
            index, line = lines.get(timeout=1.0)
        except queue.Empty:
            index, line = -1, None
        now = time.monotonic()
        if index >= 0:
            item = workers[index]
            item.last_heard = now
            if line is None:
                _ended(item, args, lines, tally, out)
            else:
                _record(item, json.loads(line), args, tally, out)
        for item in workers:  # a worker that stopped answering is killed and reported as a hang
            if not item.done and item.process and now - item.last_heard > hang_after:
                item.process.kill()
                item.last_heard = now
        if not quiet and now - last_progress >= PROGRESS_SECONDS:
            last_progress = now
            _progress(tally, total, now - started)
    if not quiet:
        _progress(tally, total, time.monotonic() - started)
    return tally


def _record(
    item: Worker, record: dict[str, Any], args: argparse.Namespace, tally: Tally, out: Path | None
) -> None:
    if "start" in record:
        item.current = record["start"]
    elif "done" in record:
        item.done = True
    else:
        number = record["n"]
        item.current = None
        tally.cases += 1
        tally.commands += record["commands"]
        tally.cpu += record["cpu"]
        tally.digests[number] = record["digest"]
        for finding in tally.add(number, record["findings"]):
            _save(args, number, finding, tally, out)


def _ended(
    item: Worker,
    args: argparse.Namespace,
    lines: queue.Queue[tuple[int, str | None]],
    tally: Tally,
    out: Path | None,
) -> None:
    """A worker's output ended: it finished, or it died on ``item.current`` and starts again after it."""
    assert item.process is not None
    code = item.process.wait()
    if item.done:
        return
    if item.current is None:  # died between cases: nothing to blame, carry on after the last one
        item.done = True
        return
    number = item.current
    how = f"signal {-code}" if code < 0 else f"exit {code}"
    key = "killed (no answer)" if code == -9 else how
    finding = {
        "invariant": "crash" if code != -9 else "timeout",
        "command": WORKER,
        "detail": f"the worker running case {number} died ({how})",
        "key": key,
    }
    tally.cases += 1
    tally.digests[number] = f"died:{how}"
    for fresh in tally.add(number, [finding]):
        _save(args, number, fresh, tally, out)
    rest = range(number + item.numbers.step, item.numbers.stop, item.numbers.step)
    item.numbers = rest
    if len(rest):
        _spawn(item, args, lines)
    else:
        item.done = True


def _save(
    args: argparse.Namespace, number: int, finding: dict[str, str], tally: Tally, out: Path | None
) -> None:
    """Write case ``number`` and the finding into ``out/INVARIANT/case-NUMBER/``."""
    invariant = finding["invariant"]
    if out is None or len(tally.classes) > MAX_CLASSES_SAVED:
        return
    seen = (number, invariant, finding["command"], finding["detail"])
    if seen in tally.written:
        return
    tally.written.add(seen)
    folder = out / invariant / f"case-{number}"
    first = not folder.exists()
    if first:
        tally.saved[invariant] += 1
    write_case(make_case(args.seed, number), folder)
    with (folder / "FINDING.txt").open("a", encoding="utf-8") as note:
        if first:
            note.write(f"{describe(make_case(args.seed, number))}\n")
            if finding["command"] == WORKER:
                again = f"python {SCRIPT} --worker --seed {args.seed} --first {number} --stop {number + 1}"
                note.write(f"reproduce: {again}  (every command of the case, in one process)\n")
            else:
                command = finding["command"].removeprefix("subprocess ")
                note.write(f"reproduce: cd {folder} && referee {command}\n")
            note.write(f"or: python {SCRIPT} --show {number} --seed {args.seed}\n\n")
        detail = finding["detail"] if len(finding["detail"]) < 600 else finding["detail"][:600] + "…"
        note.write(f"[{invariant}] {finding['command']}\n  {detail}\n  class: {finding['key']}\n")
        if finding.get("trace"):
            note.write(finding["trace"] + "\n")


def write_case(case: Case, folder: Path) -> None:
    """The case's files (and links) in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files:
        (folder / name).write_bytes(data)
    for name, target in case.links:
        if not (folder / name).is_symlink():
            os.symlink(target, folder / name)


def _progress(tally: Tally, total: int, seconds: float) -> None:
    rate = tally.cases / seconds if seconds else 0.0
    left = (total - tally.cases) / rate if rate else 0.0
    failed = len(tally.failed_cases)
    print(
        f"[{tally.cases:>7}/{total}] {rate:6.1f} cases/s · eta {left / 60:5.1f} min · "
        f"{sum(tally.by_invariant.values())} findings in {failed} cases",
        flush=True,
    )


def determinism(args: argparse.Namespace, tally: Tally) -> list[str]:
    """The first cases again in two separate processes: digests equal each other and the main run's."""
    count = min(args.determinism_cases, args.cases)
    if count <= 0:
        return []
    numbers = range(args.start, args.start + count)
    single = argparse.Namespace(**{**vars(args), "jobs": 1, "subprocess_every": 0})
    with ThreadPoolExecutor(2) as pool:  # side by side: the two see the same source
        one, two = pool.map(lambda _: run_cases(single, numbers, quiet=True), range(2))
    problems = []
    if one.digest() != two.digest():
        differ = [n for n in numbers if one.digests.get(n) != two.digests.get(n)]
        problems.append(f"two processes differ on cases {differ[:10]}")
    main_differ = [
        n for n in numbers if n in tally.digests and n in one.digests and tally.digests[n] != one.digests[n]
    ]
    if main_differ and source_fingerprint() != args.fingerprint:
        print("determinism: referee/ changed during the run; the main run is not compared")
        main_differ = []
    if main_differ:
        problems.append(f"the main run and a fresh process differ on cases {main_differ[:10]}")
    for number in sorted(
        set(n for n in numbers if one.digests.get(n) != two.digests.get(n)) | set(main_differ)
    )[:KEEP_PER_INVARIANT]:
        finding = {
            "invariant": "deterministic",
            "command": "every command",
            "detail": "the same case printed otherwise in another process",
            "key": "across processes",
        }
        for fresh in tally.add(number, [finding]):
            _save(args, number, fresh, tally, Path(args.out))
    print(f"determinism: cases {numbers.start}..{numbers.stop - 1} in two fresh processes: {one.digest()}")
    return problems


def source_fingerprint() -> str:
    """sha256 of the package's source and data: a run is only comparable with the same source."""
    sha = hashlib.sha256()
    package = SCRIPT.parent.parent / "referee"
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".yaml", ".lark") and path.is_file():
            sha.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def summary(args: argparse.Namespace, tally: Tally, seconds: float) -> None:
    rate = tally.cases / seconds if seconds else 0.0
    print()
    print(f"cases run: {tally.cases} (seed {args.seed}, cases {args.start}..{args.start + args.cases - 1})")
    print(f"commands run: {tally.commands} · {seconds:.0f} s · {rate:.1f} cases/s with {args.jobs} job(s)")
    if tally.cpu:
        per_cpu = tally.cases / tally.cpu
        minutes = 100_000 / (per_cpu * args.jobs) / 60
        cores = f"{args.jobs} idle core{'s' if args.jobs != 1 else ''}"
        print(f"CPU: {per_cpu:.1f} cases per CPU-second; 100,000 cases on {cores} ≈ {minutes:.0f} min")
    print(f"digest of all outputs: {tally.digest()}")
    tracebacks = tally.by_invariant["no-traceback"]
    crashes = tally.by_invariant["exit-code"] + tally.by_invariant["crash"]
    print(f"tracebacks: {tracebacks} · crashes: {crashes} · timeouts: {tally.by_invariant['timeout']}")
    print("invariant failures (findings / cases):")
    for name in INVARIANTS:
        counts = f"{tally.by_invariant[name]:>7} / {tally.cases_by_invariant[name]:<7}"
        print(f"  {name:<22} {counts} {INVARIANTS[name]}")
    if tally.classes:
        print(f"failure classes ({len(tally.classes)}), most frequent first:")
        ranked = sorted(tally.classes.items(), key=lambda item: (-item[1][0], item[0]))
        for (invariant, key), (count, first, finding) in ranked[:60]:
            print(
                f"  {count:>6} × [{invariant}] {key[:90]}  (first: case {first}, {finding['command'][:60]})"
            )
    print(f"reproducers: {args.out}")


def command_mix(args: argparse.Namespace) -> str:
    log_groups = min(args.groups, len(LOG_GROUPS))
    share = 100 * log_groups // len(LOG_GROUPS)
    sample = f"1 in {args.subprocess_every}" if args.subprocess_every else "no"
    return (
        f"command mix: every log case runs `check` and `rule --json`, then {log_groups} of the "
        f"{len(LOG_GROUPS)} rotating groups ({', '.join(LOG_GROUPS)}; each in {share}% of cases); "
        f"every rulebook case runs `rulebook check` and `rule -r BOOK --json`, then "
        f"{min(args.groups, len(BOOK_GROUPS))} of ({', '.join(BOOK_GROUPS)}); {sample} cases also run "
        "`rule` as a real process"
    )


def show(args: argparse.Namespace) -> int:
    case = make_case(args.seed, args.show)
    print(describe(case))
    if args.write:
        write_case(case, Path(args.write))
        print(f"written to {args.write}")
        return 0
    for name, data in case.files[:1]:
        print(f"--- {name} ({len(data)} bytes)")
        sys.stdout.write(data.decode("utf-8", errors="backslashreplace"))
        print()
    return 0


def shrink_case(args: argparse.Namespace) -> int:
    from fuzz.shrink import shrink

    case = make_case(args.seed, args.shrink)
    harness = Harness(timeout=args.timeout)
    try:
        smaller, findings = shrink(harness, case, invariant=args.invariant)
    finally:
        harness.close()
    if not findings:
        print(f"{describe(case)}: no finding to shrink")
        return 0
    for finding in findings:
        print(f"[{finding.invariant}] {finding.command}\n  {finding.detail}")
    print(f"--- {smaller.main} ({len(smaller.data)} bytes)")
    sys.stdout.write(smaller.data.decode("utf-8", errors="backslashreplace"))
    print()
    if args.write:
        write_case(smaller, Path(args.write))
    return 1


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", type=int, default=1000, help="how many cases (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed: the same seed makes the same cases")
    parser.add_argument("--start", type=int, default=0, help="the first case number (default 0)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="worker processes")
    parser.add_argument("--out", default="", help="folder for reproducers (default: a new temporary folder)")
    parser.add_argument(
        "--groups",
        type=int,
        default=2,
        help=f"rotating command groups per case, 0-{len(LOG_GROUPS)} (default 2)",
    )
    parser.add_argument("--subprocess-every", type=int, default=100, help="one case in N runs a real process")
    parser.add_argument("--determinism-cases", type=int, default=200, help="cases re-run in two processes")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds a case may take in-process")
    parser.add_argument("--show", type=int, help="print case K (with --write DIR: write its files)")
    parser.add_argument("--shrink", type=int, help="shrink case K to the fewest lines that fail the same way")
    parser.add_argument("--invariant", help="with --shrink: keep this invariant failing")
    parser.add_argument("--write", help="with --show/--shrink: write the case's files into this folder")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--step", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--workdir", default="", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker(args)
    if args.show is not None:
        return show(args)
    if args.shrink is not None:
        return shrink_case(args)
    args.out = args.out or tempfile.mkdtemp(prefix="referee-fuzz-out-")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    args.fingerprint = source_fingerprint()
    source = args.fingerprint[:12]
    print(f"fuzz: {args.cases} cases from seed {args.seed} on {args.jobs} job(s), referee/ at {source}")
    print(command_mix(args))
    started = time.monotonic()
    tally = run_cases(args, range(args.start, args.start + args.cases), out=out)
    seconds = time.monotonic() - started
    problems = determinism(args, tally)
    for problem in problems:
        print(f"NOT DETERMINISTIC: {problem}")
    summary(args, tally, seconds)
    if tally.cases < args.cases:
        # A run whose workers could not start (no venv, an import error) ran nothing: never a pass.
        print(f"RAN ONLY {tally.cases} OF {args.cases} CASES")
        return 1
    return 1 if tally.failed_cases or problems else 0


def iter_cases(seed: int, numbers: range) -> Iterator[Case]:
    """The cases of ``numbers``, for a quick look from Python."""
    return (make_case(seed, number) for number in numbers)


if __name__ == "__main__":
    sys.exit(main())
