"""`referee rule`, `compare`, `explain` and `scenarios` as a player runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

EXAMPLE = (
    Path(__file__).resolve().parents[1]
    / "scenarios"
    / "games"
    / "design-example-out-of-turn-bet-stands-as-call.log"
)
runner = CliRunner()


def run(*args: str, width: int = 100) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width), "NO_COLOR": "1"})
    return result.exit_code, result.output


def test_rule_shows_the_ruling_and_the_settlement() -> None:
    code, out = run("rule", str(EXAMPLE))
    assert code == 0, out
    assert "line 15" in out and "Dee bets 2" in out
    assert "count as a call" in out
    assert "Betting Out of Turn, item 3" in out
    assert "Settlement" in out and "13" in out


def test_rule_json_follows_the_contract() -> None:
    code, out = run("rule", str(EXAMPLE), "--json")
    assert code == 0, out
    data = json.loads(out)
    contract = ["rulebook", "rulings", "outcome", "pot", "awards", "refunds", "carried", "net", "lines"]
    assert list(data) == contract
    assert data["rulings"][0] == {
        "line": 15,
        "event": "Dee bets 2",
        "irregularity": "out-of-turn",
        "decision": "bet-stands-as-call",
        "rule": "scarne:out-of-turn/4",
        "cite": "Scarne, Betting Out of Turn, item 3",
        "explanation": data["rulings"][0]["explanation"],
        # What the decision did, in the few words a report heads the ruling with.
        "headline": "the bet stands as a call",
        # Beside the cite in words: the same words (the older contract's key) and its parts; the
        # source file is named in `file` alone.
        "cite_words": "Scarne, Betting Out of Turn, item 3",
        "cites": [
            {
                "file": "000_9f48e0cf725bf545.txt",
                "source": "Scarne",
                "section": "Betting Out of Turn",
                "item": "item 3",
            }
        ],
    }
    assert data["net"] == {"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "13"}


def test_rulebook_option_wins_over_the_log_header() -> None:
    code, out = run("rule", str(EXAMPLE), "-r", "casino", "--json")
    assert code == 0, out
    assert json.loads(out)["rulebook"] == "casino"


def test_a_house_rule_file_works_wherever_a_rulebook_name_does(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("id: house\ntitle: Our game\nextends: casino\n", encoding="utf-8")
    code, out = run("rule", str(EXAMPLE), "-r", str(house), "--json")
    assert code == 0, out
    assert json.loads(out)["rulings"][0]["decision"] == "bet-withdrawn"


@pytest.mark.parametrize("width", [60, 80, 120, 200])
def test_readable_at_every_width(width: int) -> None:
    code, out = run("rule", str(EXAMPLE), width=width)
    assert code == 0, out
    assert max(len(line) for line in out.splitlines()) <= width
    assert "Betting Out of Turn" in out.replace("\n", " ").replace("│", " ")


def test_markdown_and_html_reports() -> None:
    code, md = run("rule", str(EXAMPLE), "--markdown")
    assert code == 0 and md.startswith("# ") and "| Dee | 11 | 13 |" in md
    code, html = run("rule", str(EXAMPLE), "--html")
    assert code == 0 and "<html" in html.lower() and "Dee" in html


def test_player_names_with_markup_are_shown_as_written(tmp_path: Path) -> None:
    log = tmp_path / "names.log"
    log.write_text(
        'game: draw\nseats: "[bold]Ann", Bob\ndealer: Bob\nante: 1\nlimit: 1-5\n'
        'antes\ndeal\n"[bold]Ann" bets 2\nBob folds\n',
        encoding="utf-8",
    )
    code, out = run("rule", str(log))
    assert code == 0, out
    assert "[bold]Ann" in out


def test_a_bad_log_is_exit_1_with_file_line_and_hint(tmp_path: Path) -> None:
    log = tmp_path / "bad.log"
    log.write_text("game: draw\nseats: Ann, Bob\ndealer: Bob\nAnn bats 2\n", encoding="utf-8")
    code, out = run("rule", str(log))
    assert code == 1
    assert f"{log}:4" in out and "bets" in out
    assert "Traceback" not in out


def test_a_missing_file_is_exit_1() -> None:
    code, out = run("rule", "no-such.log")
    assert code == 1 and "no-such.log" in out and "Traceback" not in out


def test_an_unknown_rulebook_is_exit_1_with_a_suggestion() -> None:
    code, out = run("rule", str(EXAMPLE), "-r", "scarn")
    assert code == 1 and "scarne" in out


def test_usage_error_is_exit_2() -> None:
    code, _ = run("rule")
    assert code == 2


def test_compare_highlights_the_disagreement() -> None:
    code, out = run("compare", str(EXAMPLE), width=120)
    assert code == 0, out
    for book in ("scarne", "bicycle", "casino", "pagat", "parlour"):
        assert book in out
    assert "At line 15" in out and "taken back" in out


def test_compare_json() -> None:
    code, out = run("compare", str(EXAMPLE), "-r", "scarne,casino", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert [r["rulebook"] for r in data["results"]] == ["scarne", "casino"]
    (disagreement,) = data["disagreements"]
    assert disagreement["line"] == 15


def test_explain_a_line_under_each_rulebook() -> None:
    code, out = run("explain", str(EXAMPLE), "--line", "15", "-r", "scarne,casino", width=120)
    assert code == 0, out
    assert "previous_bet_vs_out_of_turn = equal" in out
    assert "✗ scarne:out-of-turn/1" in out and "✓ scarne:out-of-turn/4" in out
    assert "casino:out-of-turn/2" in out


def test_explain_a_line_with_no_irregularity() -> None:
    code, out = run("explain", str(EXAMPLE), "--line", "14", "-r", "scarne")
    assert code == 0, out
    assert "no irregularity" in out


def test_explain_a_line_out_of_range_is_exit_1() -> None:
    code, out = run("explain", str(EXAMPLE), "--line", "999")
    assert code == 1 and "no line 999" in out


SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call"


def test_scenarios_command_passes_a_good_scenario(tmp_path: Path) -> None:
    for suffix in (".log", ".yaml"):
        (tmp_path / f"s{suffix}").write_bytes(SCENARIO.with_suffix(suffix).read_bytes())
    code, out = run("scenarios", str(tmp_path), width=160)
    assert code == 0, out
    assert "5 passed, 0 failed" in out


def test_scenarios_command_fails_with_the_first_difference(tmp_path: Path) -> None:
    (tmp_path / "s.log").write_bytes(SCENARIO.with_suffix(".log").read_bytes())
    (tmp_path / "s.yaml").write_text(
        "pins: test\nexpect:\n  scarne:\n    outcome: misdeal\n", encoding="utf-8"
    )
    code, out = run("scenarios", str(tmp_path), width=160)
    assert code == 1
    assert "outcome: expected misdeal, got showdown" in out


SCENARIOS = Path(__file__).parents[1] / "scenarios"
FRIDAY = Path(__file__).parents[1] / "referee" / "rulebooks" / "examples" / "friday-night.yaml"
FLASHED = SCENARIOS / "deal-misdeal-05-dealer-exposes-players-card-before-draw.log"


def _house_log(tmp_path: Path, rulebook_line: str) -> Path:
    log = tmp_path / "hand.log"
    text = FLASHED.read_text(encoding="utf-8")
    log.write_text(text.replace("game: jacks-or-better", f"game: jacks-or-better\n{rulebook_line}"), "utf-8")
    return log


def test_compare_includes_the_logs_own_house_rulebook(tmp_path: Path) -> None:
    (tmp_path / "friday.yaml").write_text(FRIDAY.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = run("compare", str(_house_log(tmp_path, "rulebook: friday.yaml")), "--json")
    assert code == 0, out
    books = [result["rulebook"] for result in json.loads(out)["results"]]
    assert books == ["bicycle", "casino", "pagat", "parlour", "scarne", "friday-night"]


def test_a_logs_rulebook_line_may_not_point_outside_its_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("the first line of a private file\n", encoding="utf-8")
    (tmp_path / "logs").mkdir()
    log = _house_log(tmp_path / "logs", "rulebook: ../secret.yaml")
    for command in ("rule", "compare"):
        result = runner.invoke(app, [command, str(log)])
        assert result.exit_code == 1, result.output
        assert "private file" not in result.output
        assert "../secret.yaml" in result.output


def test_rule_reads_standard_input() -> None:
    result = runner.invoke(app, ["rule", "-", "--json"], input=EXAMPLE.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["net"]["Dee"] == "13"


def test_a_game_the_referee_does_not_rule_is_refused_with_the_reason(tmp_path: Path) -> None:
    """Bicycle's Knock Poker is Rummy-like: ruled as draw poker every ruling would be wrong, so
    `rule` and `compare` refuse the log and say why (004 Knock Poker)."""
    log = tmp_path / "knock.log"
    log.write_text("game: knock-poker\nseats: Ann, Bob, Cy\ndealer: Cy\n\nantes\ndeal\n", encoding="utf-8")
    for command in ("rule", "compare"):
        code, out = run(command, str(log), width=400)
        assert code == 1, out
        assert "does not rule 'knock-poker'" in out and "played like Rummy" in out
        assert "Traceback" not in out
