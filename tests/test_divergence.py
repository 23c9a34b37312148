"""A remedy is never an irregularity: the log that goes on as the table played is read in its light.

The README's house rule (``friday-night.yaml``) kills a card the dealer flashes before the draw.
The table in ``deal-misdeal-05`` kept it and played on; the referee must not then find "K♣ in two
places" and void the hand, but say from which line the log left the rulebook's course.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "scenarios" / "deal-misdeal-05-dealer-exposes-players-card-before-draw.log"
FRIDAY = ROOT / "referee" / "rulebooks" / "examples" / "friday-night.yaml"


def test_a_card_ruled_dead_and_played_on_is_a_divergence_not_an_imperfect_pack() -> None:
    result = CliRunner().invoke(app, ["rule", str(LOG), "-r", str(FRIDAY), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["irregularity"] for r in data["rulings"]] == ["exposed-card"]
    assert data["rulings"][0]["decision"] == "card-dead"
    assert data["divergence"]["line"] == 14
    assert "K♣" in data["divergence"]["explanation"]
    assert data["outcome"] == "showdown"
    assert data["awards"] == {"Bob": "16"}


def test_a_card_dead_under_no_rule_gives_no_divergence() -> None:
    result = CliRunner().invoke(app, ["rule", str(LOG), "-r", "casino", "--json"])
    assert "divergence" not in json.loads(result.stdout)


MISDEALT = ROOT / "scenarios" / "house" / "stakes-below-the-minimum-two-hands-dealt.log"


def test_a_misdeal_the_table_played_on_is_a_divergence_and_its_next_deal_follows_the_table() -> None:
    """Under Scarne two hands for three players is a misdeal ("the same dealer deals again"), but the
    table played the deal out and wrote ``new deal``: the deal passed to Ann as after any played deal,
    so Bob speaks first in deal 2. The referee's own redeal by Cy must not make deal 2's lines out of
    turn."""
    result = CliRunner().invoke(app, ["rule", str(MISDEALT), "-r", "scarne", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(r["line"], r["irregularity"]) for r in data["rulings"]] == [(12, "wrong-hand-count")]
    assert data["divergence"]["line"] == 15
    explanation = "The table played the deal on, though it was over (after the misdeal)."
    assert data["divergence"]["explanation"] == explanation
    assert [deal["outcome"] for deal in data["deals"]] == ["misdeal", "showdown"]


def test_a_redeal_after_a_misdeal_played_on_stays_with_the_rulebooks_dealer() -> None:
    """Written ``redeal``, the next deal is the misdealt one dealt again: Cy deals it again (Scarne),
    so Ann speaks first and the log's Bob-first betting is out of turn."""
    text = MISDEALT.read_text(encoding="utf-8").replace("\nnew deal\n", "\nredeal\n")
    result = CliRunner().invoke(app, ["rule", "-", "-r", "scarne", "--json"], input=text)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert any(r["irregularity"] == "out-of-turn" for r in data["rulings"][1:])
