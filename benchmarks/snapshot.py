"""Snapshot the JSON of every scenario and of simulated hands under every bundled rulebook.

    python benchmarks/snapshot.py write OUT.jsonl [--hands 10000] [--seed 20261124]
    python benchmarks/snapshot.py diff BEFORE.jsonl AFTER.jsonl [--ignore lines,headline]

A restructuring of the engine must not change a single ruling or chip by accident. ``write``
rules every ``scenarios/*.log`` and ``--hands`` simulated logs under the five bundled rulebooks
and writes one line per (case, rulebook) with the ``rule --json`` text; ``diff`` says which
cases differ between two snapshots and shows the first differences. To take the "before"
snapshot from an older commit, check it out in a worktree and run this script with that tree
first on ``PYTHONPATH`` (the script uses only ``parse_log``, ``load_rulebook``, ``rule_log``,
``to_json`` and ``simulate``, which every version has).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ("scarne", "bicycle", "casino", "pagat", "parlour")


def _cases(hands: int, seed: int) -> list[tuple[str, str]]:
    from referee.simulate import simulate

    cases = [
        (f"scenario:{path.stem}", path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "scenarios").glob("*.log"))
    ]
    cases += [(f"simulated:{number}", text) for number, text in enumerate(simulate(hands, seed), 1)]
    return cases


def write(out: Path, hands: int, seed: int) -> int:
    from referee.engine import rule_log
    from referee.errors import RefereeError
    from referee.log import parse_log
    from referee.report.jsondoc import to_json
    from referee.rulebook.load import load_rulebook

    books = {name: load_rulebook(name) for name in BOOKS}
    count = 0
    with out.open("w", encoding="utf-8") as file:
        for case, text in _cases(hands, seed):
            try:
                log = parse_log(text, case)
            except RefereeError as error:
                for name in BOOKS:
                    file.write(json.dumps({"case": case, "rulebook": name, "json": f"error: {error}"}) + "\n")
                continue
            for name, book in books.items():
                try:
                    result = to_json(rule_log(log, text, book))
                except RefereeError as error:
                    result = f"error: {error}"
                file.write(json.dumps({"case": case, "rulebook": name, "json": result}) + "\n")
                count += 1
    print(f"{count} results written to {out}")
    return 0


def _read(path: Path, ignore: frozenset[str] = frozenset()) -> dict[tuple[str, str], str]:
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return {(row["case"], row["rulebook"]): _without(row["json"], ignore) for row in rows}


def _without(text: str, ignore: frozenset[str]) -> str:
    """The JSON text with the ``ignore`` keys left out at any depth (a field added on purpose, such
    as ``lines``, is then no difference), re-printed as ``rule --json`` prints it."""
    if not ignore or text.startswith("error:"):
        return text

    def drop(value: object) -> object:
        if isinstance(value, dict):
            return {key: drop(item) for key, item in value.items() if key not in ignore}
        if isinstance(value, list):
            return [drop(item) for item in value]
        return value

    return json.dumps(drop(json.loads(text)), indent=2, ensure_ascii=False) + "\n"


def diff(before: Path, after: Path, show: int, ignore: frozenset[str] = frozenset()) -> int:
    old, new = _read(before, ignore), _read(after, ignore)
    missing = sorted(set(old) - set(new))
    added = sorted(set(new) - set(old))
    changed = sorted(key for key in set(old) & set(new) if old[key] != new[key])
    print(
        f"{len(old)} before, {len(new)} after: "
        f"{len(changed)} changed, {len(missing)} missing, {len(added)} new"
    )
    cases = sorted({case for case, _ in changed})
    for case in cases:
        books = [book for c, book in changed if c == case]
        print(f"  {case}: {', '.join(books)}")
    for key in changed[:show]:
        print(f"\n--- {key[0]} under {key[1]}")
        sys.stdout.writelines(
            difflib.unified_diff(old[key].splitlines(True), new[key].splitlines(True), "before", "after", n=1)
        )
    return 1 if changed or missing else 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    writing = commands.add_parser("write")
    writing.add_argument("out", type=Path)
    writing.add_argument("--hands", type=int, default=10_000)
    writing.add_argument("--seed", type=int, default=20261124)
    differing = commands.add_parser("diff")
    differing.add_argument("before", type=Path)
    differing.add_argument("after", type=Path)
    differing.add_argument("--show", type=int, default=5)
    differing.add_argument("--ignore", default="", help="keys to leave out at any depth, comma-separated")
    args = parser.parse_args()
    if args.command == "write":
        return write(args.out, args.hands, args.seed)
    ignore = frozenset(key for key in args.ignore.split(",") if key)
    return diff(args.before, args.after, args.show, ignore)


if __name__ == "__main__":
    raise SystemExit(main())
