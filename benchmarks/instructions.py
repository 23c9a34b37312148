"""Instructions per hand, counted by valgrind: a measure of speed that the machine's load does not move.

    python benchmarks/instructions.py [--hands 1000] [--seed 20240611] [--tree PATH]

Wall-clock figures on a shared two-core machine swing by a third from one run to the next; an
instruction count does not (the same program, inputs and environment give the same count, whatever
else the machine is doing). This runs ``callgrind`` three times over the same ``--hands`` simulated
logs: once only loading them (and the five bundled rulebooks), once parsing them, once parsing and
ruling them; the differences are the instructions spent parsing and replaying. Each run first rules
every log once, so one-off costs (imports, each ranking's hand tables read back from the cache, and
the hand values a lazily built table makes on first use) fall outside the difference. ``--tree`` puts
another checkout first on ``PYTHONPATH`` (an older commit in a ``git worktree``), so two trees are
compared on the same logs; the logs are generated once, by this tree, and saved to a temporary file.

It asserts nothing. Fewer instructions is not always less time (a cache miss costs more than an
add), but between two versions of the same Python code the two go together closely.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import json, sys
mode, path, tree = sys.argv[1], sys.argv[2], sys.argv[3]
# An editable install finds `referee` through a finder of its own, ahead of sys.path: drop it, so
# the tree asked for is the one measured.
sys.meta_path = [finder for finder in sys.meta_path if "editable" not in repr(finder).lower()]
sys.path.insert(0, tree)
import referee
if not referee.__file__.startswith(tree):
    sys.exit(f"measured {referee.__file__}, not the tree {tree}")
texts = json.load(open(path, encoding="utf-8"))
from referee.engine import rule_log, rulebook_name
from referee.log import parse_log
from referee.rulebook import load_rulebook
books = {name: load_rulebook(name) for name in ("scarne", "bicycle", "casino", "pagat", "parlour")}
# Every mode first rules every log once, so the one-off costs (modules, the hand tables of each
# ranking read back from the cache, hand values a lazy table makes the first time one is asked
# for) are paid before the part that is compared. One log of each game was enough while every
# table was read back whole; with lazily made hand values it left their making in the count.
for text in texts:
    log = parse_log(text)
    rule_log(log, text, books[rulebook_name(log, None)])
if mode == "parse":
    for text in texts:
        parse_log(text)
elif mode == "rule":
    for text in texts:
        log = parse_log(text)
        rule_log(log, text, books[rulebook_name(log, None)])
"""


def _count(mode: str, logs: Path, tree: Path) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    run = subprocess.run(
        [*valgrind, sys.executable, "-c", _CHILD, mode, str(logs), str(tree)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"the {mode} run failed:\n" + run.stderr[-2000:])
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count:\n" + run.stderr[-2000:])
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    from referee.simulate import simulate_hands

    texts = [hand.text for hand in simulate_hands(args.hands, seed=args.seed)]
    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "logs.json"
        logs.write_text(json.dumps(texts), encoding="utf-8")
        base, parse, rule = (_count(mode, logs, args.tree.resolve()) for mode in ("none", "parse", "rule"))
    per = 1_000_000 * args.hands / 1000
    print(f"{args.hands:,} simulated logs (seed {args.seed}), tree {args.tree.resolve()}")
    print(f"  parse:           {(parse - base) / per:8,.0f} M instructions per 1,000 hands")
    print(f"  replay + settle: {(rule - parse) / per:8,.0f} M")
    print(f"  end to end:      {(rule - base) / per:8,.0f} M")


if __name__ == "__main__":
    main()
