"""Small command-line items of issue 23: a hand typed a card an argument, and `simulate` piped into
`rule -` (a stream of hands, each ruled in turn)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.log.reader import split_hands

runner = CliRunner()


def test_a_hand_may_be_typed_a_card_an_argument() -> None:
    apart = runner.invoke(app, ["hand", "Ks", "Kd", "5h", "5c", "2d"])
    together = runner.invoke(app, ["hand", "Ks Kd 5h 5c 2d"])
    assert apart.exit_code == 0, apart.output
    assert apart.stdout == together.stdout
    assert "two pair, kings and fives" in apart.stdout


def test_two_one_card_arguments_are_one_short_hand_not_two_hands() -> None:
    result = runner.invoke(app, ["hand", "Ks", "Kd"])
    assert result.exit_code == 1
    assert "Ks Kd is 2 cards" in result.stderr


def _stream(hands: int, *extra: str) -> str:
    result = runner.invoke(app, ["simulate", "--hands", str(hands), "--seed", "5", *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_simulate_output_pipes_into_rule_each_hand_ruled_in_turn() -> None:
    stream = _stream(3)
    result = runner.invoke(app, ["rule", "-"], input=stream)
    assert result.exit_code == 0, result.output
    assert [line for line in result.stdout.splitlines() if line.startswith("# --- hand")] == [
        "# --- hand 1",
        "# --- hand 2",
        "# --- hand 3",
    ]


def test_a_stream_ruled_as_json_is_one_array_with_a_result_a_hand() -> None:
    stream = _stream(3, "--faults", "1")
    result = runner.invoke(app, ["rule", "--json", "-"], input=stream)
    assert result.exit_code == 0, result.output
    results = json.loads(result.stdout)
    assert isinstance(results, list) and len(results) == 3
    for (number, text), one in zip(split_hands(stream), results, strict=True):
        alone = runner.invoke(app, ["rule", "--json", "-"], input=text)
        assert json.loads(alone.stdout) == one, number  # the same as the hand ruled alone


def test_a_problem_in_a_stream_names_the_line_of_the_stream() -> None:
    lines = _stream(2).splitlines()
    second = lines.index("# --- hand 2")
    lines[second + 1] = "Bob bett 2"  # the second hand's title line, now an event before its header
    result = runner.invoke(app, ["rule", "-"], input="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert f"<stdin>:{second + 2}:" in result.stderr


def test_split_hands_keeps_a_lone_log_whole() -> None:
    assert split_hands("seats: Ann, Bob\nantes\n") == [(0, "seats: Ann, Bob\nantes\n")]


def test_simulate_says_wrote_1_log(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "--hands", "1", "--output", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert f"wrote 1 log to {tmp_path / 'out'}" in result.stderr.replace("\n", "")
