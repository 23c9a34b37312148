"""What `rule` and `compare` print on a terminal: the answer first, each cell whole, at 60 and 120 columns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).parent.parent
FRIDAY = ROOT / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call.log"
MISDEAL = ROOT / "scenarios" / "deal-misdeal-05-dealer-exposes-players-card-before-draw.log"
runner = CliRunner()

SLUG = re.compile(r"\b[a-z]+(?:-[a-z]+){2,}\b")
"""A word like ``forfeit-pot-to-best-legitimate-hand`` or ``bet-stands-as-call``."""


def run(*args: str, width: int) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width), "NO_COLOR": "1"})
    return result.exit_code, result.output


def flat(text: str) -> str:
    """The output with box drawing and line breaks gone, words separated by single spaces."""
    return " ".join(re.sub(r"[│┃┆╎║|─━┏┓┗┛┡┩┣┫╭╮╰╯└┘┌┐├┤┼╇╈╋┳┻┠┨]", " ", text).split())


@pytest.mark.parametrize("width", [60, 120])
def test_rule_cites_in_words_and_fits(width: int) -> None:
    code, out = run("rule", str(FRIDAY), width=width)
    assert code == 0, out
    assert max(len(line) for line in out.splitlines()) <= width
    words = flat(out)
    assert "Scarne, Betting Out of Turn, item 3" in words
    assert "000_9f48e0cf725bf545.txt" not in out
    assert "the bet stands as a call" in words
    assert words.index("Pot 24 · Dee wins 24") < words.index("line 15")  # the answer first


@pytest.mark.parametrize("width", [60, 80, 120])
def test_compare_says_the_answer_first_and_shows_every_cell_whole(width: int) -> None:
    code, out = run("compare", str(MISDEAL), width=width)
    assert code == 0, out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width
    sentence = next(i for i, line in enumerate(lines) if line.startswith("• At line"))
    table = next(i for i, line in enumerate(lines) if line.startswith(("┏", "┌", "bicycle")))
    assert sentence < table  # the sentences come before the table that backs them
    words = flat(out)
    assert "the player must keep the card" in words
    assert "misdeal: the cards are gathered and dealt again" in words
    assert "…" not in out
    # Decisions are said in words, never as their slugs, in sentences and in cells.
    said = flat("\n".join(lines[sentence:]))
    assert not SLUG.findall(said), SLUG.findall(said)


def test_compare_at_120_columns_is_a_table_and_at_60_a_block_per_rulebook() -> None:
    _, wide = run("compare", str(MISDEAL), width=120)
    _, narrow = run("compare", str(MISDEAL), width=60)
    assert "┃" in wide or "│" in wide
    # Narrow: the rulebooks that answer alike share a block; no box to squeeze the answers into.
    assert "\nbicycle, pagat, parlour and scarne\n" in narrow and "\ncasino\n" in narrow
    assert "┃" not in narrow and "│" not in narrow


def test_long_remedies_are_said_in_words(tmp_path: Path) -> None:
    """A false opener found at the showdown: Scarne forfeits the pot; no slug in the sentences."""
    log = tmp_path / "false.log"
    log.write_text(
        "game: jacks-or-better\nseats: Ann, Bob, Cy\ndealer: Cy\nante: 1\nlimit: 2/4\n"
        "antes\ndeal\nAnn opens 2\nBob calls\nCy folds\ndraw\nAnn draws 1\nBob draws 1\n"
        "Ann checks\nBob checks\nshowdown\nAnn shows 9s 9d 4c 5h 7s\nBob shows 2s 2d 8c 6h 3s\n",
        encoding="utf-8",
    )
    code, out = run("compare", str(log), width=80)
    assert code == 0, out
    assert "forfeit-pot-to-best-legitimate-hand" not in out
    assert "pot-reopened" not in out
    assert "the offender loses the pot to the best legitimate hand" in flat(out)
