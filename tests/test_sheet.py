"""`referee rulebook show --sheet`: one page in plain words, for the players at the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.report.rulebook_sheet import build_sheet, remedy_words, setting_sentence, sheet_markdown
from referee.report.sheet import sheet_html
from referee.rulebook import load_rulebook, load_text
from referee.rulebook.load import bundled_rulebooks
from tests.helpers import documentation

ROOT = Path(__file__).parent.parent
FRIDAY = str(ROOT / "referee" / "rulebooks" / "examples" / "friday-night.yaml")


def show(*args: str) -> str:
    result = CliRunner().invoke(app, ["rulebook", "show", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_sheet_says_the_house_rules_in_words() -> None:
    text = show(FRIDAY, "--sheet")
    assert text.startswith("# Friday night house rules (Scarne with three changes)\n")
    assert "house rules on top of scarne" in text
    # a house row: marked, its remedy in words, its own cite
    assert (
        "- **House rule:** The fourth raise stands as a call. → *no raise allowed: it counts as a call.* "
        "(house rule, March 2025)"
    ) in text
    assert "→ *the card is dead and replaced; replaced after the draw.* (house rule, March 2025)" in text
    # an inherited row: the cite in words, not a file name
    assert "(Scarne, Betting Out of Turn, item 3)" in text
    # the game as sentences, the house's setting with its cite
    assert "- Every player antes. *(Scarne, The Ante, items 1-2" in text
    assert (
        "- A bet may be raised at most 3 times in a round, with no limit once only two players are left. "
        "*(house rule: a bet and three raises, unlimited heads-up (March 2025))*"
    ) in text


def test_no_setting_paths_or_slugs_on_the_sheet() -> None:
    text = show("scarne", "--sheet")
    for raw in (
        "betting.before_draw",
        "pass-and-back-in",
        "raise-not-allowed",
        "bet-stands-as-call",
        "000_9f48",
    ):
        lines = [line for line in text.splitlines() if raw in line and "falls back on 000" not in line]
        assert not lines, (raw, lines[:2])


def test_grouped_by_when_it_happens() -> None:
    text = show("scarne", "--sheet")
    headings = re.findall(r"^### (.+)$", text, re.M)
    assert headings == ["The shuffle and the deal", "Betting", "The draw", "Openers and the showdown"]
    assert text.index("**Misdeal**") < text.index("**Out of turn**") < text.index("**False openers**")


def test_every_irregularity_has_its_place_on_the_sheet() -> None:
    """A kind added to the vocabulary gets a group here, or it would land under "Other"."""
    from referee.report.rulebook_sheet import GROUPS
    from referee.rulebook.vocabulary import Kind

    grouped = [kind for _, kinds in GROUPS for kind in kinds]
    assert {kind.value for kind in Kind} <= set(grouped)
    assert len(grouped) == len(set(grouped))


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_every_row_of_every_bundled_rulebook_is_on_its_sheet(name: str) -> None:
    book = load_rulebook(name)
    sheet = build_sheet(book)
    shown = [row.summary for _, kinds in sheet.groups for kind in kinds for row in kind.rows]
    assert sorted(shown) == sorted(row.summary.strip() for rows in book.tables().values() for row in rows)
    assert len({kind.name for _, kinds in sheet.groups for kind in kinds}) == len(book.tables())
    page = sheet_html(sheet)
    assert page.count("<li>") >= len(shown)


def test_html_is_a_page_for_phones_and_escapes_the_file() -> None:
    page = show(FRIDAY, "--sheet", "--html")
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<title>Friday night house rules (Scarne with three changes)</title>" in page
    assert '<span class="house">House rule</span>' in page


def test_html_and_markdown_escape_what_the_file_says() -> None:
    book = load_text(
        "id: evil\ntitle: '<script>alert(1)</script> *bold*'\nextends: scarne\nirregularities:\n"
        "  raise-cap:\n    - {id: 1, then: raise-not-allowed, cite: 'house <b>rule</b>', "
        "summary: 'The [fourth](http://x) raise <i>stands</i>.'}\n",
        "evil.yaml",
    )
    page = sheet_html(build_sheet(book))
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<b>rule</b>" not in page and "house &lt;b&gt;rule&lt;/b&gt;" in page
    text = sheet_markdown(build_sheet(book))
    assert "\\<script\\>" in text and "\\*bold\\*" in text and "\\[fourth\\](http://x)" in text


def test_remedies_and_settings_in_words() -> None:
    book = load_rulebook("scarne")
    wrong_dealer = book.table("wrong-dealer")[0].then
    assert remedy_words(wrong_dealer) == (
        "misdeal: the cards are gathered and dealt again; the player whose deal it was deals"
    )
    assert (
        setting_sentence("betting.check_raise", False)
        == "No check-raising: a player who checked may not raise."
    )
    assert (
        setting_sentence("betting.raise_cap", {"raises": None})
        == "There is no limit on the number of raises."
    )
    assert setting_sentence("draw.max_cards", 3) == "A player may draw up to 3 cards."
    assert setting_sentence("some.new_setting", "a-value") == "Some, new setting: a value."


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--sheet", "--json"), "--json and --sheet cannot be combined"),
        (("--json", "--markdown"), "--json and --markdown cannot be combined"),
        (("--html",), "--html is for the sheet"),
    ],
)
def test_formats_that_do_not_go_together_are_a_usage_error(args: tuple[str, ...], message: str) -> None:
    result = CliRunner().invoke(app, ["rulebook", "show", "scarne", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_the_readme_shows_a_piece_of_a_real_sheet() -> None:
    match = re.search(r"```markdown\n(# Friday night.*?)```", documentation(), re.S)
    assert match, "the docs show the sheet of the example house rules (docs/rulebooks.md)"
    sheet = show(FRIDAY, "--sheet")
    for line in match.group(1).splitlines():
        if line.strip() and line.strip() not in ("…", "..."):
            assert line in sheet.splitlines(), line
