"""`referee check` and `referee fmt` through the real app."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.log import parse_log

EXAMPLES = Path(__file__).parent / "data" / "examples"
runner = CliRunner()


def test_check_good_logs() -> None:
    logs = sorted(str(path) for path in EXAMPLES.glob("*.log"))
    result = runner.invoke(app, ["check", *logs])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"{log}: ok" for log in logs]


def test_check_reports_every_problem_with_a_caret_and_a_hint(tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("seats: Ann, Bob, Cy\nBob bett 2\nCyy checks\nAnn says [bet]\n", encoding="utf-8")
    good = EXAMPLES / "out_of_turn_bet.log"
    result = runner.invoke(app, ["check", str(bad), str(good)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [f"{good}: ok"]
    err = result.stderr
    assert f"{bad}:2:5: `bett` is not an action" in err
    assert "    Bob bett 2\n        ^^^^\n    hint: did you mean `Bob bets 2`?" in err
    assert f"{bad}:3:1: Cyy is not at the table" in err
    assert "hint: did you mean Cy?" in err
    assert f"{bad}:4:10: the words said go in double quotes" in err
    assert "    Ann says [bet]\n             ^^^^^" in err  # rich markup in the line is shown as written
    assert f"{bad}: 3 problems" in err
    assert "Traceback" not in result.output


def test_check_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "nope.log")])
    assert result.exit_code == 1
    assert "no such file" in result.stderr and "nope.log" in result.stderr


def test_check_needs_a_log() -> None:
    assert runner.invoke(app, ["check"]).exit_code == 2


def test_fmt_prints_the_canonical_form(tmp_path: Path) -> None:
    messy = tmp_path / "messy.log"
    messy.write_bytes(b"\xef\xbb\xbfSEATS: Ann,Bob\r\n# go\r\nAnn PASSES\r\nBob bets $2   # big\r\n")
    result = runner.invoke(app, ["fmt", str(messy)])
    assert result.exit_code == 0, result.output
    assert result.stdout == "seats: Ann, Bob\n\n# go\nAnn checks\nBob bets 2  # big\n"


def test_fmt_output_reads_back_to_the_same_log() -> None:
    path = EXAMPLES / "irregular_facts.log"
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    original = parse_log(path.read_text(encoding="utf-8"))
    assert parse_log(result.stdout) == original


def test_fmt_of_a_bad_log_is_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("seats: Ann\nAnn raises\n", encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(bad)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{bad}:2:11: `raises` needs an amount" in result.stderr
    assert "Traceback" not in result.output


def test_help_texts() -> None:
    result = runner.invoke(app, ["check", "--help"])
    assert result.exit_code == 0
    assert "every problem" in result.stdout
    result = runner.invoke(app, ["fmt", "--help"])
    assert result.exit_code == 0
    assert "canonical form" in result.stdout


def test_check_reads_the_games_a_rulebook_file_next_to_the_log_adds(tmp_path: Path) -> None:
    # Fuzz find (seed 7, case 4748): under a rulebook file `check` said ok to a game `rule` refuses.
    from importlib import resources

    friday = resources.files("referee.rulebooks.examples").joinpath("friday-night.yaml").read_text()
    (tmp_path / "house.yaml").write_text(friday, encoding="utf-8")
    header = "rulebook: house.yaml\nseats: Ann, Bob\ndealer: Bob\nante: 1\n\nantes\n"
    (tmp_path / "bad.log").write_text("game: jacks-]r-better\n" + header, encoding="utf-8")
    (tmp_path / "good.log").write_text("game: jacks-or-better\n" + header, encoding="utf-8")
    bad = runner.invoke(app, ["check", str(tmp_path / "bad.log")])
    assert bad.exit_code == 1, bad.output
    assert "'jacks-]r-better' is not a game the referee knows" in bad.output
    assert "did you mean `jacks-or-better`?" in bad.output
    ruled = runner.invoke(app, ["rule", str(tmp_path / "bad.log")])
    assert ruled.exit_code == 1  # the two agree
    good = runner.invoke(app, ["check", str(tmp_path / "good.log")])
    assert good.exit_code == 0, good.output
