"""``referee import`` over real hand histories (FPDB's regression files, AGPL test data).

The files are read in place from the shared data folder beside the repository
(``<repo>/../shared/data/handhistories/fpdb-3``) and never copied into it; without that folder
these tests are skipped. ``INVENTORY.csv`` there lists every file with its site format, game and
hand count.
"""

from __future__ import annotations

import csv
import importlib.util
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from referee.importer import Game, HistoryError, ImportReport, read_file

SHARED = Path(__file__).resolve().parents[2] / "shared"
DATA = SHARED / "data" / "handhistories" / "fpdb-3"
INVENTORY = DATA / "INVENTORY.csv"

pytestmark = pytest.mark.skipif(
    not INVENTORY.is_file(), reason=f"the shared hand-history data is not at {DATA}"
)

SUPPORTED_SITES = {"PokerStars", "FullTilt", "OnGame", "Boss", "Merge"}
"""Site formats referee imports."""
UNSUPPORTED_SITES = {"KingsClub", "Winamax"}
"""Site formats it reports as unsupported (the whole file is refused with a clear message)."""

GAMES = {
    "5-card draw": Game.DRAW,
    "2-7 single draw": Game.DEUCE_TO_SEVEN,
    "2-7 triple draw": Game.DEUCE_TO_SEVEN_TRIPLE,
    "A-5 triple draw": Game.LOWBALL_TRIPLE,
    "A-5 single draw": Game.LOWBALL,
}
"""INVENTORY's game -> the game the imported log names. Badugi (and its cousins) are not imported."""

NOT_IMPORTABLE = {
    ("cash/Stars/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", "20349633663"): "cancelled",
    ("cash/FTP/Draw/3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", "26884156000"): "no cards were dealt",
    ("cash/FTP/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt", "27020940000"): "partial",
    ("cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt", "31691047-143"): "cancelled",
}
"""Draw hands that are genuinely not importable, each with (part of) the reason given.

The cancelled hands were called off before the deal; the dead hand never dealt a card (one
player posted, the other sat out); the partial hand kept only its summary.
"""

KNOWN_WARNINGS = {
    "81631597149": "the site's record of Hero's cards does not add up",
}
"""Hands that import with a warning: PokerStars printed the hero's whole hand as both the kept
and the new cards after his draws (the "duplicate hole cards" file); the log gives counts only."""


def inventory() -> list[dict[str, str]]:
    with INVENTORY.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def rows(*sites: str) -> list[dict[str, str]]:
    if not INVENTORY.is_file():
        return []
    return [row for row in inventory() if row["site_format"] in sites]


_REPORTS: dict[str, ImportReport] = {}


def report_for(row: dict[str, str]) -> ImportReport:
    path = row["local_path"]
    if path not in _REPORTS:
        _REPORTS[path] = read_file(DATA / path)
    return _REPORTS[path]


def reports() -> Iterator[ImportReport]:
    for row in rows(*SUPPORTED_SITES):
        yield report_for(row)


@pytest.mark.parametrize("row", rows(*SUPPORTED_SITES), ids=lambda row: row["local_path"])
def test_every_hand_in_the_file_is_imported_or_skipped_with_a_reason(row: dict[str, str]) -> None:
    report = report_for(row)
    path = row["local_path"]
    assert len(report.hands) + len(report.skipped) == int(row["hands"])
    expected_skips = {hand: why for (file, hand), why in NOT_IMPORTABLE.items() if file == path}
    if row["game"] not in GAMES:
        assert report.hands == ()
        for skipped in report.skipped:
            assert "not supported" in skipped.reason, skipped.reason
            assert skipped.line > 0
        return
    skipped = {s.hand_id: s.reason for s in report.skipped}
    assert set(skipped) == set(expected_skips)
    for hand_id, why in expected_skips.items():
        assert why in skipped[hand_id]
    assert len(report.hands) == int(row["hands"]) - len(expected_skips)
    for hand in report.hands:
        assert hand.game is GAMES[row["game"]]
        assert hand.site == row["site_format"]


@pytest.mark.parametrize("row", rows(*SUPPORTED_SITES), ids=lambda row: row["local_path"])
def test_recorded_figures_are_consistent(row: dict[str, str]) -> None:
    for hand in report_for(row).hands:
        result = hand.result
        where = f"{row['local_path']} #{hand.hand_id}"
        assert result.inconsistencies() == [], where
        assert sum(result.collected.values(), Decimal(0)) + result.rake == result.total_pot, where
        for player, invested in result.invested.items():
            assert result.returned.get(player, Decimal(0)) <= invested, where
        assert set(result.collected) <= set(result.invested), where
        assert set(result.returned) <= set(result.invested), where
        assert sum(result.net.values(), Decimal(0)) == -result.rake, where
        assert Decimal(0) <= result.rake < result.total_pot or result.total_pot == 0, where
        if result.main_pot is not None and result.side_pots:
            pots = result.main_pot + sum(result.side_pots, Decimal(0))
            assert pots in (result.total_pot, result.total_pot - result.rake), where


@pytest.mark.parametrize("row", rows(*SUPPORTED_SITES), ids=lambda row: row["local_path"])
def test_only_the_known_hands_import_with_warnings(row: dict[str, str]) -> None:
    for hand in report_for(row).hands:
        if hand.hand_id in KNOWN_WARNINGS:
            assert hand.warnings
            assert all(KNOWN_WARNINGS[hand.hand_id] in warning for warning in hand.warnings)
        else:
            assert hand.warnings == (), f"{row['local_path']} #{hand.hand_id}"


@pytest.mark.parametrize("row", rows(*UNSUPPORTED_SITES), ids=lambda row: row["local_path"])
def test_unsupported_sites_are_refused_with_a_clear_message(row: dict[str, str]) -> None:
    with pytest.raises(HistoryError, match=f"{row['site_format']} hand histories are not supported"):
        read_file(DATA / row["local_path"])


def test_totals() -> None:
    """176 draw hands import: every five-card draw (71), 2-7 single (6) and triple draw (97) hand
    and the two A-5 triple draw hands from the supported sites, less the 4 not importable."""
    counts: dict[str, int] = {}
    for report in reports():
        for hand in report.hands:
            counts[hand.game.value] = counts.get(hand.game.value, 0) + 1
    assert counts == {"draw": 71, "deuce-to-seven": 6, "deuce-to-seven-triple": 97, "lowball-triple": 2}


@pytest.mark.skipif(importlib.util.find_spec("referee.log") is None, reason="referee.log is not written yet")
@pytest.mark.parametrize("row", rows(*SUPPORTED_SITES), ids=lambda row: row["local_path"])
def test_every_imported_log_parses(row: dict[str, str]) -> None:
    from referee.log import parse_log

    for hand in report_for(row).hands:
        log = parse_log(hand.log, hand.file_name)
        header = log.header
        assert header.game == hand.game.value
        assert header.rake == hand.result.rake
        assert header.dealer in header.seats
        assert list(header.seats) == list(hand.result.invested)
        assert [player for player, _ in header.stacks] == list(header.seats)
        assert log.events, hand.hand_id
