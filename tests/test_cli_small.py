"""Small things a user trips on: the version, a card typed twice, an empty scenario run, usage
errors that exit 2, help that the terminal wraps, skip reasons in the test summary."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from referee.cli import app, flow
from tests.helpers import documentation

ROOT = Path(__file__).parent.parent
SCENARIOS = ROOT / "scenarios"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_version() -> None:
    assert run("--version") == (0, f"referee {version('referee')}\n")


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (("As Ad Kc Kd 4s", "Qh Qs Qd 7c As"), "hand 2: A♠ is in hand 1 and in hand 2; a pack has only one"),
        (("As Ad Kc Kd 4s", "Qh Qs Qd 7c 2s", "9h 9s 4s 3c 2d"), "hand 3: 4♠ is in hand 1 and in hand 3"),
        (("As As Kc Kd 4s",), "hand 1: A♠ appears twice in As As Kc Kd 4s"),
    ],
)
def test_hand_refuses_a_card_in_two_hands(hands: tuple[str, ...], message: str) -> None:
    code, output = run("hand", *hands)
    assert code == 1
    assert message in output


def test_hand_still_ranks_different_cards() -> None:
    code, output = run("hand", "As Ad Kc Kd 4s", "Qh Qs Qd 7c 2s")
    assert code == 0 and "Hand 2 wins" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("odds", "Ah Kh 9h 4h 2c"), "Usage error: say which cards you keep with --keep"),
        (("odds", "--keep", "Ah"), "Usage error: --keep needs the hand it keeps from"),
    ],
)
def test_odds_without_what_it_needs_is_a_usage_error(args: tuple[str, ...], message: str) -> None:
    code, output = run(*args)
    assert code == 2
    assert message in output


def test_the_docs_say_usage_errors_exit_2() -> None:
    assert "2 a usage error" in documentation()


def test_scenarios_in_a_missing_folder(tmp_path: Path) -> None:
    code, output = run("scenarios", str(tmp_path / "nowhere"))
    assert code == 1
    assert f"the scenario folder {tmp_path / 'nowhere'} does not exist" in output


def test_scenarios_with_only_logs_say_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "a.log").write_text("game: draw\n", encoding="utf-8")
    code, output = run("scenarios", str(tmp_path))
    assert code == 1
    assert "no scenarios in" in output
    assert "1 .log file has no .yaml: a.log" in output


def _one_scenario(folder: Path) -> Path:
    name = "bet-out-of-turn-equal-bet-stands-as-call"
    (folder / f"{name}.log").write_text(
        (SCENARIOS / f"{name}.log").read_text(encoding="utf-8"), encoding="utf-8"
    )
    target = folder / f"{name}.yaml"
    target.write_text((SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return target


def test_scenarios_name_an_unknown_rulebook_key(tmp_path: Path) -> None:
    target = _one_scenario(tmp_path)
    target.write_text(
        target.read_text(encoding="utf-8").replace("  scarne:", "  scarn:", 1), encoding="utf-8"
    )
    code, output = run("scenarios", str(tmp_path))
    assert code == 1
    assert "expect: 'scarn' is not a bundled rulebook" in output
    assert "did you mean 'scarne'?" in output


def test_scenarios_filtered_to_nothing_say_so(tmp_path: Path) -> None:
    _one_scenario(tmp_path)
    code, output = run("scenarios", str(tmp_path), "-r", "nobody")
    assert code == 1
    assert "none of the 1 scenario in" in output and "expects a result under nobody" in output


def test_scenarios_note_a_log_without_its_yaml(tmp_path: Path) -> None:
    _one_scenario(tmp_path)
    (tmp_path / "stray.log").write_text("game: draw\n", encoding="utf-8")
    _, output = run("scenarios", str(tmp_path), "-r", "scarne")
    assert "stray.log has no stray.yaml beside it" in output


def _commands(command: Any, path: str = "referee") -> list[tuple[str, Any]]:
    """Every command and group, by its command line (typer vendors its own click: duck-typed)."""
    found = [(path, command)]
    if isinstance(getattr(command, "commands", None), dict):
        for name, sub in command.commands.items():
            found += _commands(sub, f"{path} {name}")
    return found


COMMANDS = _commands(typer.main.get_command(app))


def test_every_command_is_looked_at() -> None:
    assert {"referee rule", "referee rulebook show", "referee odds"} <= {path for path, _ in COMMANDS}


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[path for path, _ in COMMANDS])
def test_help_text_has_no_hard_line_breaks(path: str, command: Any) -> None:
    for paragraph in (command.help or "").split("\n\n"):
        lines = paragraph.split("\n")
        assert all(line.lstrip().startswith(("- ", "* ", "• ")) for line in lines[1:]), (path, paragraph)


def test_flow_joins_the_lines_of_a_paragraph_and_keeps_lists() -> None:
    doc = """First line
    goes on.

    - one item
    - another
      continued
    """
    assert flow(doc) == "First line goes on.\n\n- one item\n- another continued"


def test_the_test_run_shows_skip_reasons() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"][
        "ini_options"
    ]
    assert "-rs" in options["addopts"].split()
