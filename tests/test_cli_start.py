"""The start of a quick command (referee.cli.QUICK): the garbage collector is off while it loads
and on, its start frozen and its full collections put off, before it rules a line; on again, with
its thresholds as they were, whatever way the command ends."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(
    ("arguments", "frozen"),
    [
        (["rule", "LOG"], True),
        (["compare", "LOG"], True),
        (["rule", "no-such.log"], False),
        (["check", "LOG"], False),
    ],
)
def test_the_collector_is_on_when_a_command_rules(arguments: list[str], frozen: bool) -> None:
    # rule and compare start with it off (cli.QUICK) and turn it on, the start frozen, before they
    # rule a line; a quick command that fails first, and every other command, leave it on.
    scenarios = Path(__file__).resolve().parent.parent / "scenarios"
    log = str(scenarios / "bet-out-of-turn-equal-bet-stands-as-call.log")
    argv = ["referee", *(log if each == "LOG" else each for each in arguments)]
    code = (
        "import gc, sys\n"
        "from referee.engine import rule_log\n"
        "import referee.engine\n"
        "seen = []\n"
        "before = gc.get_threshold()\n"
        "def watched(*arguments, **options):\n"
        "    seen.append(gc.isenabled() and gc.get_threshold()[2] > 100_000)\n"
        "    return rule_log(*arguments, **options)\n"
        "referee.engine.rule_log = watched\n"
        "from referee.cli import main\n"
        f"sys.argv = {argv!r}\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(gc.get_threshold() == before, file=sys.stderr)\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 0, bool(seen) and all(seen), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stderr.split()[-4:] == ["True", "True", str(frozen), str(frozen)]
