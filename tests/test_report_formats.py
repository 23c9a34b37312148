"""`rule --chat`, `--html`, `--markdown` and `--json`: what each says, and that only one is asked for."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from tests.helpers import documentation

ROOT = Path(__file__).parent.parent
FRIDAY = ROOT / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call.log"
HOUSE = ROOT / "rulebooks" / "examples" / "friday-night.yaml"
runner = CliRunner()


def run(*args: str, width: int = 100) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": str(width), "NO_COLOR": "1"})
    return result.exit_code, result.output


def test_chat_is_three_to_five_plain_lines() -> None:
    code, out = run("rule", str(FRIDAY), "--chat")
    assert code == 0, out
    lines = out.splitlines()
    assert 3 <= len(lines) <= 5
    assert "Dee wins 24" in lines[0]
    assert "the bet stands as a call" in lines[1]
    assert lines[2].startswith("Rule: If the bet made before his turn equals his out-of-turn bet")
    assert lines[2].endswith("(Scarne, Betting Out of Turn, item 3).")
    assert lines[-1] == "Net: Ann -1, Bob -1, Cy -11, Dee +13."
    assert not re.search(r"[*_`#<>\[\]]", out), "no markup of any kind"


@pytest.mark.parametrize("other", ["--markdown", "--html", "--chat"])
def test_json_with_another_format_is_a_usage_error(other: str) -> None:
    code, out = run("rule", str(FRIDAY), "--json", other)
    assert code == 2
    assert "cannot be combined" in out


def test_html_is_a_page_for_phones() -> None:
    code, out = run("rule", str(FRIDAY), "--html")
    assert code == 0, out
    assert out.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in out
    assert "<title>" in out and "overflow-wrap" in out
    assert "Scarne, Betting Out of Turn, item 3" in out


def test_html_escapes_everything_a_player_wrote(tmp_path: Path) -> None:
    log = tmp_path / "names.log"
    log.write_text(
        'title: <b>Friday</b> & co\ngame: draw\nseats: "<script>alert(1)</script>", Bob\ndealer: Bob\n'
        'ante: 1\nlimit: 1-5\nantes\ndeal\n"<script>alert(1)</script>" bets 2\nBob folds\n',
        encoding="utf-8",
    )
    code, out = run("rule", str(log), "--html")
    assert code == 0, out
    assert "<script>" not in out and "<b>Friday" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out and "&amp; co" in out


def test_markdown_cites_in_words() -> None:
    code, out = run("rule", str(FRIDAY), "--markdown")
    assert code == 0, out
    assert "Scarne, Betting Out of Turn, item 3" in out
    assert "| Dee | 11 | 13 |" in out


def test_json_says_the_cite_in_words_and_adds_its_parts() -> None:
    code, out = run("rule", str(FRIDAY), "--json")
    assert code == 0, out
    ruling = json.loads(out)["rulings"][0]
    assert ruling["cite"] == "Scarne, Betting Out of Turn, item 3"
    assert ruling["cite_words"] == "Scarne, Betting Out of Turn, item 3"
    assert ruling["cites"] == [
        {
            "file": "000_9f48e0cf725bf545.txt",
            "source": "Scarne",
            "section": "Betting Out of Turn",
            "item": "item 3",
        }
    ]


CAPPED = """\
game: jacks-or-better
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Ann opens 2
Bob raises 2
Cy raises 2
Ann raises 2
Bob raises 2
Cy calls
Ann calls
"""

README_HOUSE = """\
id: friday-night
title: Friday night house rules
extends: scarne
game:
  betting: {raise_cap: {raises: 3, heads_up_unlimited: true}}
  cite: {betting.raise_cap: "house rule: a bet and three raises (March 2025)"}
"""


def test_a_house_setting_that_decides_is_cited_not_the_fallback(tmp_path: Path) -> None:
    """The README's friday-night keeps Scarne's raise-cap row but sets the cap itself."""
    (tmp_path / "friday.yaml").write_text(README_HOUSE, encoding="utf-8")
    log = tmp_path / "capped.log"
    log.write_text(CAPPED, encoding="utf-8")
    code, out = run("rule", str(log), "-r", str(tmp_path / "friday.yaml"), "--json")
    assert code == 0, out
    [ruling] = json.loads(out)["rulings"]
    assert ruling["irregularity"] == "raise-cap"
    assert ruling["cite"] == "house rule: a bet and three raises (March 2025)"
    code, out = run("rule", str(log), "-r", str(tmp_path / "friday.yaml"), "--chat")
    assert "(house rule: a bet and three raises (March 2025))" in out


def test_a_house_row_is_cited_as_the_house_wrote_it(tmp_path: Path) -> None:
    log = tmp_path / "capped.log"
    log.write_text(CAPPED, encoding="utf-8")
    code, out = run("rule", str(log), "-r", str(HOUSE), "--json")
    assert code == 0, out
    assert json.loads(out)["rulings"][0]["cite_words"] == "house rule, March 2025"


SIDE_POTS = """\
game: draw
seats: Ann, Bob, Cy
dealer: Cy
limit: table-stakes
stacks: Ann 5, Bob 50, Cy 50
deal
Ann bets 5
Bob raises to 20
Cy calls
draw
Ann stands pat
Bob stands pat
Cy stands pat
Bob checks
Cy checks
showdown
Ann shows As Ad Ac 2h 3d
Bob shows Ks Kd Kc 4h 5d
Cy shows Qs Qd 7c 4c 6d
"""

ODD_CHIP = """\
game: draw
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Ann bets 2
Bob calls
Cy folds
draw
Ann stands pat
Bob stands pat
Ann checks
Bob checks
showdown
Ann shows 5c 6d 7h 8s 9c
Bob shows 5d 6c 7s 8h 9d
"""

UNCALLED = """\
game: draw
seats: Ann, Bob
dealer: Bob
ante: 1
limit: table-stakes
stacks: Ann 40, Bob 4
antes
deal
Ann bets 10
Bob calls
draw
Ann stands pat
Bob stands pat
showdown
Ann shows 2h 2d 7c 8s 9d
Bob shows Th Td 4c 5s 6d
"""


def _rule(tmp_path: Path, text: str, *extra: str) -> str:
    log = tmp_path / "hand.log"
    log.write_text(text, encoding="utf-8")
    code, out = run("rule", str(log), *extra, width=120)
    assert code == 0, out
    return out if "--json" in extra else " ".join(out.split())


def test_main_and_side_pots_are_named_with_who_contests_them(tmp_path: Path) -> None:
    out = _rule(tmp_path, SIDE_POTS)
    assert "The main pot of 15, contested by Ann, Bob and Cy: Ann wins it." in out
    assert "The side pot of 30, contested by Bob and Cy: Bob wins it." in out
    assert json.loads(_rule(tmp_path, SIDE_POTS, "--json"))["pots"] == [
        {"amount": "15", "contested_by": ["Ann", "Bob", "Cy"], "winners": ["Ann"]},
        {"amount": "30", "contested_by": ["Bob", "Cy"], "winners": ["Bob"]},
    ]
    pots = json.loads(_rule(tmp_path, SIDE_POTS + "new deal\n", "--json"))["deals"][0]["pots"]
    assert pots == [
        {"amount": "15", "contested_by": ["Ann", "Bob", "Cy"], "winners": ["Ann"]},
        {"amount": "30", "contested_by": ["Bob", "Cy"], "winners": ["Bob"]},
    ]


def test_the_odd_chip_says_who_and_by_which_setting(tmp_path: Path) -> None:
    out = _rule(tmp_path, ODD_CHIP)
    assert "The pot of 7: split between Ann and Bob (Ann 4, Bob 3)." in out
    assert (
        "Ann gets the odd chip of the pot: it goes to the first winner clockwise from the dealer's left"
        in out
    )
    assert "(showdown.odd_chip: left-of-dealer)" in out
    [pot] = json.loads(_rule(tmp_path, ODD_CHIP, "--json"))["pots"]
    assert pot == {
        "amount": "7",
        "contested_by": ["Ann", "Bob"],
        "winners": ["Ann", "Bob"],
        "odd_chips": {"Ann": "1"},
    }


def test_an_uncalled_bet_is_said_to_come_back(tmp_path: Path) -> None:
    out = _rule(tmp_path, UNCALLED)
    assert "Nobody called Ann's last 7: it goes back to Ann." in out


def test_several_deals_show_each_result_and_the_running_total(tmp_path: Path) -> None:
    text = (
        "game: jacks-or-better\nseats: Ann, Bob, Cy\ndealer: Ann\nante: 1\nlimit: 2/4\n"
        "antes\ndeal\nBob checks\nCy checks\nAnn checks\nnew deal\n"
        "antes\ndeal\nCy opens 2\nAnn folds\nBob folds\nCy shows openers Js Jd\n"
    )
    out = _rule(tmp_path, text)
    assert "Deal 1: nobody opened; 3 stays in the pot." in out
    assert "Running total: Ann -1, Bob -1, Cy -1." in out
    assert "Deal 2: Cy wins 6 (uncontested). Nobody called Cy's last 2: it goes back to Cy." in out
    assert "Running total: Ann -2, Bob -2, Cy +4." in out
    data = json.loads(_rule(tmp_path, text, "--json"))
    # The whole file's pot: every chip that stayed in the middle, the carried antes counted once.
    assert data["pot"] == "6"
    assert [deal["pot"] for deal in data["deals"]] == ["3", "6"]
    assert data["deals"][1]["net"] == {"Ann": "-1", "Bob": "-1", "Cy": "5"}


def test_the_readme_shows_the_chat_summary_as_the_command_prints_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = documentation().split("$ referee rule friday-12.log --chat\n", 1)[1].split("```", 1)[0]
    (tmp_path / "friday-12.log").write_bytes(FRIDAY.read_bytes())
    monkeypatch.chdir(tmp_path)
    code, out = run("rule", "friday-12.log", "--chat")
    assert code == 0, out
    assert out == shown


def test_a_house_setting_without_its_own_cite_keeps_the_rows_cite(tmp_path: Path) -> None:
    """No borrowed cite: Scarne's cite of its own (uncapped) raising does not speak for the house's cap."""
    house = README_HOUSE.replace(
        '  cite: {betting.raise_cap: "house rule: a bet and three raises (March 2025)"}\n', ""
    )
    (tmp_path / "friday.yaml").write_text(house, encoding="utf-8")
    log = tmp_path / "capped.log"
    log.write_text(CAPPED, encoding="utf-8")
    code, out = run("rule", str(log), "-r", str(tmp_path / "friday.yaml"), "--json")
    assert code == 0, out
    [ruling] = json.loads(out)["rulings"]
    assert ruling["cite"] == "Scarne is silent here; it follows Casino, Rules for Draw High, item 1"
    assert ruling["silent"] is True and ruling["silent_source"] == "Scarne"
    assert ruling["cites"] == [
        {
            "file": "002_ed95452695db4d97.txt",
            "source": "Casino",
            "section": "Rules for Draw High",
            "item": "item 1",
        }
    ]
