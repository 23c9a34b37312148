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
