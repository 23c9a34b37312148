"""Text from a player's files is shown as written: never rich markup, never an emoji code.

A player named ``[bold]Ann[/bold]``, another named ``:thumbs_up:``, words said as ``"[red]bet 5"``,
a file called ``long:100:.log`` and a house rule titled ``[blink]Friday :x:`` all come out
letter for letter in every report, and a caret still lands under the mistake.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import Problem

runner = CliRunner()
EMOJI = ("❌", "👍", "💯", "😀")
REFEREE = Path(__file__).resolve().parents[1] / "referee"

NIGHT = """\
# Friday :x: night [bold]not bold[/bold]
game: jacks-or-better
rulebook: scarne
seats: "[bold]Ann[/bold]", ":thumbs_up:", "<b>Cy</b>", Dee
dealer: Dee
ante: 1
limit: 1-5

antes
deal
"[bold]Ann[/bold]" is dealt A♣ A♦ 9c 6h 3c
":thumbs_up:" is dealt Q♠ Q♥ 9d 6c 2s
"<b>Cy</b>" says "[red]bet 5"
"[bold]Ann[/bold]" opens 2
":thumbs_up:" calls
"<b>Cy</b>" folds
Dee folds
draw
"[bold]Ann[/bold]" discards 9c 6h 3c, draws Ah 5c 5d
":thumbs_up:" discards 9d 6c 2s, draws Qd 7d 4c
"[bold]Ann[/bold]" says "bet 2"
"[bold]Ann[/bold]" bets 5
":thumbs_up:" calls
showdown
"[bold]Ann[/bold]" shows A♣ A♦ Ah 5c 5d
":thumbs_up:" shows Q♠ Q♥ Qd 7d 4c
"""
SPEECH_LINE = next(n for n, line in enumerate(NIGHT.splitlines(), 1) if "[red]bet 5" in line)
RULED_LINE = next(
    n for n, line in enumerate(NIGHT.splitlines(), 1) if line.endswith('says "bet 2"') and "Ann" in line
)

HOUSE = """\
id: friday
title: "[blink]Friday :x:"
extends: scarne
source: {file: "[red]house:100:.yaml", edition: ":thumbs_up: agreed [bold]at the table[/bold]"}
irregularities:
  exposed-card:
    - id: 5
      when: {caused_by: dealer, whose_card: other-player, phase: [deal, first-betting]}
      then: {remedy: card-dead, replace: after-draw}
      cite: "house rule [dim]:100: March"
      summary: "[green]A flashed card :x: is replaced after the deal."
"""


def run(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def as_written(output: str, *texts: str) -> None:
    """Each text appears letter for letter; no emoji code became an emoji, no markup was escaped."""
    for text in texts:
        assert text in output, f"{text!r} not shown as written in:\n{output}"
    assert not [emoji for emoji in EMOJI if emoji in output], output
    assert "\\[" not in output, output


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "long:100:.log"
    path.write_text(NIGHT, encoding="utf-8")
    return path


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


NAMES = ("[bold]Ann[/bold]", ":thumbs_up:", "<b>Cy</b>")


def test_rule_shows_names_speech_and_file_name_as_written(night: Path) -> None:
    out = run("rule", str(night))
    as_written(out, *NAMES, "long:100:.log", '"[bold]Ann[/bold]" says "bet 2"')


def test_rule_explain_shows_them_as_written(night: Path) -> None:
    out = run("rule", str(night), "--explain")
    as_written(out, *NAMES, "long:100:.log", f"line {RULED_LINE}", '"[bold]Ann[/bold]" says "bet 2"')


def test_rule_markdown_shows_them_as_written(night: Path) -> None:
    out = run("rule", str(night), "--markdown")
    # HTML in a name is escaped for Markdown (issue 26: `<script>` was copied verbatim); it reads as written.
    as_written(out, "| [bold]Ann[/bold] |", "| :thumbs_up: |", "| \\<b\\>Cy\\</b\\> |", "long:100:.log")
    assert "<b>" not in out


def test_rule_html_escapes_for_html_and_reads_no_markup(night: Path) -> None:
    out = run("rule", str(night), "--html")
    as_written(out, "[bold]Ann[/bold]", ":thumbs_up:", "&lt;b&gt;Cy&lt;/b&gt;", "long:100:.log")
    assert "<b>Cy</b>" not in out


def test_compare_shows_them_as_written(night: Path) -> None:
    out = run("compare", str(night))
    as_written(out, "long:100:.log under 5 rulebooks", "net [bold]Ann[/bold]", "net :thumbs_up:")


def test_explain_shows_the_words_said_as_written(night: Path) -> None:
    out = run("explain", str(night), "--line", str(SPEECH_LINE), "-r", "scarne,casino")
    as_written(out, '"<b>Cy</b>" says "[red]bet 5"')
    out = run("explain", str(night), "--line", str(RULED_LINE), "-r", "scarne")
    as_written(out, '"[bold]Ann[/bold]" says "bet 2"', "[bold]Ann[/bold] said")


def test_check_and_fmt_show_the_file_and_names_as_written(night: Path) -> None:
    as_written(run("check", str(night)), f"{night}: ok")
    as_written(run("fmt", str(night)), *NAMES, '"[red]bet 5"', "# Friday :x: night [bold]not bold[/bold]")


def test_a_problem_on_line_100_keeps_its_colons_and_its_caret(tmp_path: Path) -> None:
    path = tmp_path / "long:100:.log"
    path.write_text("seats: Ann, Bob\n" + "# waiting for Bob\n" * 98 + "\tAnn zaps 2 :x:\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)], env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert result.exit_code == 1
    as_written(result.output, f"{path}:100:")
    where = re.search(re.escape(f"{path}:100:") + r"(\d+):", result.output)
    assert where, result.output
    column = int(where.group(1))
    lines = result.output.splitlines()
    shown = next(line for line in lines if line.endswith("Ann zaps 2 :x:"))
    caret = lines[lines.index(shown) + 1]
    assert shown == "        Ann zaps 2 :x:"  # the excerpt's 4 spaces, then the tab as 4 more
    assert caret.index("^") == 4 + 4 + (column - 2)  # the tab is column 1 and takes 4 cells


def test_rulebook_show_a_house_rule_as_written(house: Path) -> None:
    out = run("rulebook", "show", str(house))
    as_written(
        out,
        "[blink]Friday :x:",
        "[red]house:100:.yaml",
        ":thumbs_up: agreed [bold]at the table[/bold]",
        "[green]A flashed card :x: is replaced after the deal.",
        "house rule [dim]:100: March",
    )
    as_written(run("rulebook", "show", str(house), "--markdown"), "# [blink]Friday :x:")
    as_written(run("rulebook", "check", str(house)), f"{house}: ok")


def test_rule_under_a_house_rule_file_named_with_colons(night: Path, tmp_path: Path) -> None:
    house = tmp_path / ":x:.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    out = run("compare", str(night), "-r", f"scarne,{house}")
    as_written(out, "friday", "long:100:.log")


# --- where the caret goes -------------------------------------------------------------------------


def caret_under(line: str, column: int, end_column: int = 0) -> tuple[str, str]:
    shown, caret = (
        Problem("m", line=1, column=column, end_column=end_column, source_line=line).excerpt().split("\n")
    )
    return shown.removeprefix("    "), caret.removeprefix("    ")


def test_caret_after_a_tab_lands_under_the_word() -> None:
    shown, caret = caret_under("Ann\tbet 2", 5, 8)
    assert shown == "Ann bet 2" and caret == "    ^^^"
    shown, caret = caret_under("\t\tAnn bet 2", 7, 10)
    assert shown == "        Ann bet 2" and caret.index("^") == shown.index("bet")


def test_caret_after_suits_and_wide_characters() -> None:
    shown, caret = caret_under("J♠ J♦ bet 2", 7, 10)
    assert caret.index("^") == shown.index("bet")  # a suit takes one cell
    shown, caret = caret_under("王 bet 2", 3, 6)
    assert caret == "   ^^^"  # a wide character takes two
    shown, caret = caret_under("👍 bet 2", 3, 6)
    assert caret == "   ^^^"


def test_caret_past_the_end_and_control_characters() -> None:
    assert caret_under("Ann", 4) == ("Ann", "   ^")
    shown, caret = caret_under("a\x1bb bet", 5, 8)
    assert "\x1b" not in shown and caret.index("^") == 4


# --- by design: one place makes consoles, and nothing reads markup -------------------------------


def test_every_console_is_made_in_one_place() -> None:
    """Consoles come from ``referee.commands._common.console``, which reads no markup or emoji codes."""
    from referee.commands._common import console, err_console

    said = "[bold]Ann[/bold] bets :smile: 2 [red]"  # a player's name may look like markup or an emoji code
    for made in (console(), err_console, console(record=True)):
        with made.capture() as shown:
            made.print(said)
        assert shown.get() == said + "\n"
    others = [
        path.relative_to(REFEREE).as_posix()
        for path in REFEREE.rglob("*.py")
        if re.search(r"\bConsole\(|from_markup|rich\.markup|render_markup", path.read_text(encoding="utf-8"))
        and path.name != "_common.py"
    ]
    assert others == []
