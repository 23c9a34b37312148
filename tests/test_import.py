"""``referee import``: site hand histories as hand logs, on small hands written for these tests.

The histories live in ``tests/data/import/<site>/``, each beside its golden log (the exact output
of ``referee import``; see the README there, and ``REFEREE_UPDATE_GOLDEN=1`` to regenerate). The
tests here pin what a golden cannot show: the result the site recorded, warnings, the hands
skipped and why, and the errors.
"""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.errors import RefereeError
from referee.importer import (
    Award,
    Game,
    HistoryError,
    ImportedHand,
    ImportReport,
    detect_format,
    import_file,
    import_text,
    read_file,
    recorded_result,
)
from referee.importer.common import Names, decode
from referee.log import parse_log
from tests.helpers import rule

D = Decimal
DATA = Path(__file__).resolve().parent / "data" / "import"
HISTORIES = sorted(path for path in DATA.rglob("*") if path.suffix in (".txt", ".xml"))
UPDATE_GOLDEN = os.environ.get("REFEREE_UPDATE_GOLDEN") == "1"
"""Set to 1 to rewrite every golden log from today's output (see tests/data/import/README.md)."""
REFUSED_AS_ONE_LOG = {"ongame/two-hands.txt": "the rake differs (0.2, then 0)"}
"""Histories whose hands cannot share one log's header: ``referee import`` refuses them on
standard output, saying why (``--out DIR`` writes one log per hand); they have no golden log."""


def history(name: str) -> Path:
    """A fixture by its path under tests/data/import (``pokerstars/limit-draw-side-pot.txt``)."""
    return DATA / name


def text_of(name: str) -> str:
    return decode(history(name).read_bytes())


def only_hand(report: ImportReport) -> ImportedHand:
    assert not report.skipped, [s.reason for s in report.skipped]
    assert len(report.hands) == 1
    return report.hands[0]


def assert_parses(hand: ImportedHand) -> None:
    """The log reads back with the project's own parser."""
    log = parse_log(hand.log, hand.file_name)
    assert log.header.rake == hand.result.rake
    assert set(log.header.seats) == set(hand.result.invested)


runner = CliRunner()


def invoke(*args: str) -> Result:
    """Run ``referee import ...``."""
    return runner.invoke(app, ["import", *args])


# --- every fixture against its golden log -------------------------------------------------------


@pytest.mark.parametrize("path", HISTORIES, ids=lambda path: path.relative_to(DATA).as_posix())
def test_import_writes_the_golden_log(path: Path) -> None:
    result = invoke(str(path))
    refused = REFUSED_AS_ONE_LOG.get(path.relative_to(DATA).as_posix())
    if refused is not None:
        assert (result.exit_code, result.stdout) == (1, ""), result.output
        assert refused in result.stderr and "--out DIR" in result.stderr
        return
    assert result.exit_code == 0, result.output
    golden = path.with_suffix(".log")
    if UPDATE_GOLDEN:
        golden.write_bytes(result.stdout_bytes)
    assert golden.is_file(), (
        f"no golden log {golden}: run REFEREE_UPDATE_GOLDEN=1 (tests/data/import/README.md)"
    )
    assert result.stdout_bytes == golden.read_bytes()


@pytest.mark.parametrize("path", HISTORIES, ids=lambda path: path.relative_to(DATA).as_posix())
def test_each_imported_hand_settles_as_the_site_paid(path: Path) -> None:
    """Ruled under the card-room rules, each log pays every player what the site's record says."""
    for hand in read_file(path).hands:
        result = rule(hand.log, "casino", hand.file_name)
        assert {n: v for n, v in result.net.items() if v} == {n: v for n, v in hand.result.net.items() if v}
        assert result.rake == hand.result.rake


def test_every_golden_log_has_its_history() -> None:
    goldens = {path.with_suffix("") for path in DATA.rglob("*.log")}
    refused = {DATA / Path(name).with_suffix("") for name in REFUSED_AS_ONE_LOG}
    assert goldens == {path.with_suffix("") for path in HISTORIES} - refused


# --- PokerStars ---------------------------------------------------------------------------------


def test_pokerstars_limit_draw_with_a_side_pot_and_an_uncalled_bet() -> None:
    hand = only_hand(read_file(history("pokerstars/limit-draw-side-pot.txt")))
    assert (hand.site, hand.hand_id, hand.game) == ("PokerStars", "1001", Game.DRAW)
    assert hand.warnings == ()
    result = recorded_result(hand)
    assert result.total_pot == D("9.50")
    assert result.rake == D("0.20")
    assert dict(result.collected) == {"Ann": D("9.30")}
    assert dict(result.returned) == {"Ann": D("2")}
    assert dict(result.invested) == {"Ann": D("6"), "Bob": D("1.50"), "Cy Young": D("4")}
    assert result.awards == (Award("Ann", D("5"), "side pot"), Award("Ann", D("4.30"), "main pot"))
    assert (result.main_pot, result.side_pots) == (D("4.30"), (D("5"),))
    assert dict(result.net) == {"Ann": D("5.30"), "Bob": D("-1.50"), "Cy Young": D("-4")}
    assert sum(result.net.values()) == -result.rake
    assert result.inconsistencies() == []
    assert hand.file_name == "pokerstars-1001.log"
    assert_parses(hand)


def test_pokerstars_triple_draw_all_in_bet_and_reshuffle() -> None:
    hand = only_hand(read_file(history("pokerstars/triple-draw-all-in-and-reshuffle.txt")))
    assert hand.game is Game.DEUCE_TO_SEVEN_TRIPLE
    result = hand.result
    assert (result.total_pot, result.rake) == (D("0.50"), D("0.02"))
    assert dict(result.invested) == {"Ann": D("0.25"), "Bob": D("0.25")}
    assert result.inconsistencies() == []
    assert_parses(hand)


def test_pokerstars_cancelled_and_badugi_hands_are_reported_not_imported() -> None:
    path = history("pokerstars/cancelled-badugi-and-a-hand.txt")
    report = read_file(path)
    assert [h.hand_id for h in report.hands] == ["1001"]
    reasons = {s.hand_id: (s.reason, s.line) for s in report.skipped}
    assert reasons["1003"] == ("the site cancelled the hand", 5)
    assert reasons["1004"][0].startswith("Badugi is not supported")
    assert reasons["1004"][1] == 9
    rendered = report.skipped[0].problem().render()
    assert rendered == f"{path}:5: PokerStars hand #1003 not imported: the site cancelled the hand"


def test_pokerstars_blinds_posted_out_of_position() -> None:
    """A second big blind is a live ``blind``; "small & big blinds" is a dead small and a live big
    (the golden log shows how each is written)."""
    hand = only_hand(read_file(history("pokerstars/blinds-posted-out-of-position.txt")))
    assert hand.warnings == ()
    assert dict(hand.result.net) == {
        "Ann": D("0"),
        "Bob": D("-0.25"),
        "Cy": D("-0.50"),
        "Dee": D("-0.50"),
        "Eve": D("1.25"),
    }
    assert_parses(hand)


# --- Full Tilt ----------------------------------------------------------------------------------


def test_full_tilt_utf16_no_limit_single_draw_with_antes_and_a_dead_button() -> None:
    [hand] = import_file(history("fulltilt/utf16-single-draw-dead-button.txt"))
    assert hand.warnings == ()
    result = hand.result
    assert (result.total_pot, result.rake) == (D("13.25"), D("0.65"))
    assert dict(result.collected) == {"Dee": D("12.60")}
    assert dict(result.returned) == {"Ann": D("0.25")}
    assert dict(result.invested) == {"Ann": D("6.25"), "Cy": D("1.25"), "Dee": D("6.00")}
    assert dict(result.net) == {"Ann": D("-6.00"), "Cy": D("-1.25"), "Dee": D("6.60")}
    assert_parses(hand)


def test_full_tilt_dead_small_blind_is_dead_money_and_partial_hands_are_skipped() -> None:
    report = read_file(history("fulltilt/dead-small-blind-and-a-partial-hand.txt"))
    [hand] = report.hands
    assert dict(hand.result.returned) == {"Dee": D("5")}
    assert dict(hand.result.collected) == {"Dee": D("15")}
    assert hand.result.inconsistencies() == []
    [partial] = report.skipped
    assert (partial.hand_id, partial.line) == ("2004", 22)
    assert "partial" in partial.reason
    assert_parses(hand)


# --- OnGame -------------------------------------------------------------------------------------


def test_ongame_showdown_and_uncalled_bets_are_worked_out() -> None:
    report = read_file(history("ongame/two-hands.txt"))
    assert not report.skipped
    first, second = report.hands
    assert (first.result.total_pot, first.result.rake) == (D("4.25"), D("0.20"))
    assert dict(first.result.net) == {"Ann": D("2.05"), "Bob": D("-0.25"), "Cy": D("-2")}
    assert dict(second.result.returned) == {"Bob": D("0.50")}
    assert dict(second.result.net) == {"Ann": D("-0.50"), "Bob": D("0.75"), "Cy": D("-0.25")}
    assert first.warnings == second.warnings == ()
    for hand in report.hands:
        assert hand.result.inconsistencies() == []
        assert_parses(hand)


# --- Merge --------------------------------------------------------------------------------------


def test_merge_triple_draw_takes_the_uncalled_bet_out_of_the_winnings() -> None:
    hand = only_hand(read_file(history("merge/triple-draw-uncalled-bet.txt")))
    assert hand.game is Game.DEUCE_TO_SEVEN_TRIPLE
    result = hand.result
    assert (result.total_pot, result.rake) == (D("4.00"), D("0.10"))
    assert dict(result.collected) == {"Ann": D("3.90")}
    assert dict(result.returned) == {"Ann": D("1.00")}
    assert result.inconsistencies() == []
    assert_parses(hand)


# --- Boss Media (iPoker XML) --------------------------------------------------------------------


def test_boss_xml_card_links_and_totals_for_the_round() -> None:
    hand = only_hand(read_file(history("ipoker/card-links-pot-limit.xml")))
    assert (hand.site, hand.file_name) == ("Boss", "boss-77.log")
    result = hand.result
    assert (result.total_pot, result.rake, result.main_pot) == (D("6.00"), D("0.30"), D("5.70"))
    assert dict(result.collected) == {"Ann": D("5.70")}
    assert dict(result.returned) == {"Ann": D("6.00")}
    assert result.inconsistencies() == []
    assert hand.warnings == ()
    assert_parses(hand)


# --- reading files, names, formats -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pokerstars/limit-draw-side-pot.txt", "pokerstars"),
        ("fulltilt/utf16-single-draw-dead-button.txt", "fulltilt"),
        ("ongame/two-hands.txt", "ongame"),
        ("merge/triple-draw-uncalled-bet.txt", "merge"),
        ("ipoker/card-links-pot-limit.xml", "ipoker"),
    ],
)
def test_detect_format(name: str, expected: str) -> None:
    assert detect_format(text_of(name)) == expected


@pytest.mark.parametrize(
    "text", ["Winamax Poker - CashGame - HandId: #1-2-3 - Lowball27 fixed limit (1/2)", ""]
)
def test_detect_format_knows_nothing_else(text: str) -> None:
    assert detect_format(text) is None


def test_decode_handles_boms_and_a_stray_byte() -> None:
    assert decode("\ufeffabc\r\ndef".encode()) == "abc\ndef"
    assert decode(b"\xff\xfe" + "héllo\r\n".encode("utf-16-le") + b"\n") == "héllo\n"
    assert decode("caf\xe9".encode("cp1252")) == "café"


def test_names_are_quoted_or_aliased_when_the_log_cannot_write_them() -> None:
    names = Names()
    assert names.written("Ann") == "Ann"
    assert names.written("Big Al") == '"Big Al"'
    assert names.written("@sker86") == '"@sker86"'
    assert names.written("Draw") == '"Draw"'  # a keyword
    assert names.written("As") == '"As"'  # reads as the ace of spades
    assert names.written('Bo"b') == "player_1"
    assert names.written("player_1") == "player_2"  # a real player called like the alias
    assert names.aliases == {"player_1": 'Bo"b', "player_2": "player_1"}


def test_an_alias_is_explained_in_the_log() -> None:
    """The golden log holds the explanation line and the alias in play."""
    hand = only_hand(read_file(history("pokerstars/alias-for-a-name-the-log-cannot-write.txt")))
    assert dict(hand.aliases) == {"player_1": 'Cy "Ace" Young'}
    assert set(hand.result.invested) == {"Ann", "Bob", "player_1"}
    assert_parses(hand)


def test_unknown_and_unsupported_files_are_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n")
    with pytest.raises(HistoryError) as caught:
        read_file(path)
    assert "not a hand history referee recognises" in caught.value.render()
    path.write_text("#41388325: Limit A-5 Single Draw - 50/100\n")
    with pytest.raises(RefereeError, match="KingsClub hand histories are not supported"):
        read_file(path)
    with pytest.raises(RefereeError, match="no such file"):
        read_file(tmp_path / "missing.txt")


def test_text_and_file_import_alike() -> None:
    name = "pokerstars/limit-draw-side-pot.txt"
    from_text = only_hand(import_text(text_of(name), "limit-draw-side-pot.txt"))
    assert from_text.log == only_hand(read_file(history(name))).log


# --- the command line ---------------------------------------------------------------------------


def test_out_writes_one_file_per_hand(tmp_path: Path) -> None:
    out = tmp_path / "logs"
    result = invoke(str(history("ongame/two-hands.txt")), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["ongame-R5-1-1.log", "ongame-R5-1-2.log"]
    hands = read_file(history("ongame/two-hands.txt")).hands
    assert [
        (out / name).read_text(encoding="utf-8") for name in ("ongame-R5-1-1.log", "ongame-R5-1-2.log")
    ] == [hand.log for hand in hands]
    assert "wrote 2 logs" in result.stderr


def test_skipped_hands_are_listed_and_the_rest_imported() -> None:
    path = history("pokerstars/cancelled-badugi-and-a-hand.txt")
    result = invoke(str(path))
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"{path}:5: PokerStars hand #1003 not imported: the site cancelled the hand",
        f"{path}:9: PokerStars hand #1004 not imported: Badugi is not supported (referee rules five-card "
        "draw and lowball draw games)",
    ]


def test_a_file_with_nothing_importable_is_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "cancelled.txt"
    path.write_text(
        "PokerStars Game #1003: Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
        "Hand cancelled\n",
        encoding="utf-8",
    )
    result = invoke(str(path))
    assert result.exit_code == 1
    assert "hand #1003 not imported: the site cancelled the hand" in result.stderr
    assert "no hand in the file could be imported" in result.stderr
    assert "Traceback" not in result.output


def test_unreadable_and_unrecognised_files_are_exit_1(tmp_path: Path) -> None:
    missing = invoke(str(tmp_path / "missing.txt"))
    assert missing.exit_code == 1
    assert "no such file" in missing.stderr
    notes = tmp_path / "notes.txt"
    notes.write_text("not poker\n", encoding="utf-8")
    unknown = invoke(str(notes))
    assert unknown.exit_code == 1
    assert "not a hand history referee recognises" in unknown.stderr
    assert unknown.stdout == ""


def test_out_into_a_file_is_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "stars.txt"
    path.write_bytes(history("pokerstars/limit-draw-side-pot.txt").read_bytes())
    result = invoke(str(path), "-o", str(path))
    assert result.exit_code == 1
    assert "cannot write the logs to" in result.stderr


@pytest.mark.parametrize("word", ["Bump", "Call", "Sees", "Stays", "Takes", "One", "The", "Knocks", "Joker"])
def test_a_site_name_that_is_a_word_of_the_log_is_written_so_it_reads_back(word: str) -> None:
    written = Names().written(word)
    log = parse_log(f"seats: {written}, Bob\ndealer: Bob\n{written} checks\n")
    assert log.header.seats == (word, "Bob")
