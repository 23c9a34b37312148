"""Real online hands settle exactly as the site paid them (rake accounted for).

Every five-card-draw and deuce-to-seven hand that imports is ruled under the casino card-room
rules and must come out with no rulings and each player's net equal to the site's own figures —
side pots, uncalled bets and all. The data is read in place from the shared folder; without it
these tests are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from referee.engine import rule_log
from referee.importer import ImportedHand, read_file
from referee.log import parse_log
from referee.rulebook.load import load_rulebook
from tests.helpers import rule

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "handhistories" / "fpdb-3"

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared hand-history data is not at {DATA}")

NOT_RECONCILABLE = {
    "R5-81962116-235": "OnGame's summary gives the pot to velabianca, whose cards were never shown; "
    "the history records him as mucking, so no log can show his hand winning",
}
"""Hands whose site record a log cannot reproduce, with the reason."""


def _hands() -> Iterator[ImportedHand]:
    if not DATA.is_dir():
        return
    for path in sorted(DATA.rglob("*")):
        if path.suffix not in (".txt", ".xml"):
            continue
        try:
            report = read_file(path)
        except Exception:  # an unsupported site: covered by test_import_data
            continue
        for hand in report.hands:
            if hand.game.startswith(("draw", "deuce-to-seven")):
                yield hand


HANDS = {f"{hand.site}-{hand.hand_id}": hand for hand in _hands()}


@pytest.mark.parametrize("key", sorted(HANDS))
def test_real_hand_settles_as_the_site_paid(key: str) -> None:
    hand = HANDS[key]
    if hand.hand_id in NOT_RECONCILABLE:
        pytest.skip(NOT_RECONCILABLE[hand.hand_id])
    result = rule(hand.log, "casino", hand.file_name)
    # The only ruling a clean online hand may draw: the pack ran out on a triple draw and the
    # discards were reshuffled, as the site itself did.
    assert [(r.irregularity, r.decision) for r in result.rulings if r.irregularity != "deck-exhausted"] == []
    assert all(r.decision == "reshuffle-discards" for r in result.rulings)
    assert {n: v for n, v in result.net.items() if v} == {n: v for n, v in hand.result.net.items() if v}
    assert result.rake == hand.result.rake or not hand.result.rake
    assert sum(result.net.values(), Decimal(0)) + result.carried + result.rake == 0


def test_the_real_data_covers_draw_and_deuce_to_seven() -> None:
    games = {hand.game for hand in HANDS.values()}
    assert {"draw", "deuce-to-seven"} <= games
    assert len(HANDS) >= 170


def test_the_pack_runs_out_exactly_where_the_site_reshuffled() -> None:
    """PokerStars #35839176665 prints "The deck is reshuffled" after rumble1111's third draw,
    before Eisenherz73 discards. The site deals the bottom card, as Scarne does: under Scarne the
    pack runs out at Eisenherz73's draw, exactly there. The casino rulebook never deals the bottom
    card, so under it the pack is short one draw earlier, at rumble1111's."""
    hand = HANDS["PokerStars-35839176665"]
    log = parse_log(hand.log, hand.file_name)
    (scarne,) = rule_log(log, hand.log, load_rulebook("scarne")).rulings
    assert scarne.irregularity == "deck-exhausted" and scarne.event.startswith("Eisenherz73 draws")
    (casino,) = rule_log(log, hand.log, load_rulebook("casino")).rulings
    assert casino.irregularity == "deck-exhausted" and casino.event.startswith("rumble1111 draws")
