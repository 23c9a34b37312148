"""``referee import``: site hand histories as hand logs, on small hands written for these tests.

Every snippet here is made up (names, cards, amounts); each pins the log text we write and the
result we record for one site format.
"""

from __future__ import annotations

import importlib.util
from decimal import Decimal
from pathlib import Path
from textwrap import dedent

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

D = Decimal
HAS_PARSER = importlib.util.find_spec("referee.log") is not None


def only_hand(report: ImportReport) -> ImportedHand:
    assert not report.skipped, [s.reason for s in report.skipped]
    assert len(report.hands) == 1
    return report.hands[0]


def assert_parses(hand: ImportedHand) -> None:
    """The log reads back with the project's own parser (once it exists)."""
    if not HAS_PARSER:
        return
    from referee.log import parse_log

    log = parse_log(hand.log, hand.file_name)
    assert log.header.rake == hand.result.rake
    assert set(log.header.seats) == set(hand.result.invested)


# --- PokerStars ---------------------------------------------------------------------------------

STARS = """\ufeffPokerStars Hand #1001:  5 Card Draw Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET
Table 'Testing' 6-max Seat #2 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($1.50 in chips)
Seat 4: Cy Young ($40 in chips)
Seat 5: Dee ($30 in chips) is sitting out
Cy Young: posts small blind $0.50
Ann: posts big blind $1
Eve: sits out
*** DEALING HANDS ***
Dealt to Ann [As Kd 7c 7h 2s]
Bob: calls $1
Cy Young: raises $1 to $2
Ann: calls $1
Bob: calls $0.50 and is all-in
Cy Young: discards 1 card
Ann: discards 3 cards [As Kd 2s]
Dealt to Ann [7c 7h] [7d Qs 3c]
Bob: stands pat
Cy Young: bets $2
Ann: raises $2 to $4
Cy Young: folds
Uncalled bet ($2) returned to Ann
*** SHOW DOWN ***
Ann: shows [7c 7h 7d Qs 3c] (three of a kind, Sevens)
Bob: shows [Ks Kh 9d 5c 4c] (a pair of Kings)
Ann collected $5 from side pot
Ann collected $4.30 from main pot
*** SUMMARY ***
Total pot $9.50 Main pot $4.30. Side pot $5. | Rake $0.20
Seat 1: Ann (big blind) showed [7c 7h 7d Qs 3c] and won ($9.30) with three of a kind, Sevens
Seat 2: Bob (button) showed [Ks Kh 9d 5c 4c] and lost with a pair of Kings
Seat 4: Cy Young (small blind) folded after the Draw

"""

STARS_LOG = """\
# PokerStars hand #1001, 5 Card Draw Limit ($1/$2 USD)
# imported by referee from stars.txt
title: PokerStars hand 1001
game: draw
seats: Ann, Bob, "Cy Young"
dealer: Bob
limit: 1/2
stacks: Ann 50, Bob 1.50, "Cy Young" 40
rake: 0.20

"Cy Young" posts small blind 0.50
Ann posts big blind 1
deal
Ann is dealt As Kd 7c 7h 2s
Bob calls
"Cy Young" raises to 2
Ann calls
Bob calls 0.50  # all in
draw
"Cy Young" draws 1
Ann discards As Kd 2s, draws 7d Qs 3c
Bob stands pat
"Cy Young" bets 2
Ann raises to 4
"Cy Young" folds
showdown
Ann shows 7c 7h 7d Qs 3c
Bob shows Ks Kh 9d 5c 4c
"""


def test_pokerstars_limit_draw_with_a_side_pot_and_an_uncalled_bet() -> None:
    hand = only_hand(import_text(STARS, "stars.txt"))
    assert (hand.site, hand.hand_id, hand.game) == ("PokerStars", "1001", Game.DRAW)
    assert hand.log == STARS_LOG
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


STARS_TRIPLE = (
    ("PokerStars Game #1002:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2020/01/01 12:00:00 ET\n")
    + """Table 'Testing' 6-max Seat #3 is the button
Seat 1: Ann ($5 in chips)
Seat 3: Bob ($0.25 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Ann [2c 3d 4h 8s 8c]
Ann: raises $0.10 to $0.20
Bob: calls $0.10
*** FIRST DRAW ***
Bob: discards 2 cards
Ann: discards 1 card [8c]
Dealt to Ann [2c 3d 4h 8s] [Kd]
Bob: bets $0.05 and is all-in
Ann: calls $0.05
*** SECOND DRAW ***
Bob: stands pat
Ann: discards 1 card [Kd]
Dealt to Ann [2c 3d 4h 8s] [7h]
*** THIRD DRAW ***
Bob: stands pat
The deck is reshuffled
Ann: stands pat on [2c 3d 4h 8s 7h]
*** SHOW DOWN ***
Bob: shows [9c 7c 6d 4s 3h] (Lo: 9,7,6,4,3)
Ann: shows [2c 3d 4h 8s 7h] (Lo: 8,7,4,3,2)
Ann collected $0.48 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0.02
"""
)


def test_pokerstars_triple_draw_all_in_bet_and_reshuffle() -> None:
    hand = only_hand(import_text(STARS_TRIPLE, "triple.txt"))
    assert hand.game is Game.DEUCE_TO_SEVEN_TRIPLE
    body = hand.log.split("\n\n", 1)[1]
    assert body == dedent(
        """\
        Ann posts small blind 0.05
        Bob posts big blind 0.10
        deal
        Ann is dealt 2c 3d 4h 8s 8c
        Ann raises to 0.20
        Bob calls
        draw
        Bob draws 2
        Ann discards 8c, draws Kd
        Bob bets 0.05  # all in
        Ann calls
        draw
        Bob stands pat
        Ann discards Kd, draws 7h
        draw
        Bob stands pat
        # the deck is reshuffled: the discards so far go back into the stub
        Ann stands pat
        showdown
        Bob shows 9c 7c 6d 4s 3h
        Ann shows 2c 3d 4h 8s 7h
        """
    )
    assert "limit: 0.10/0.20\n" in hand.log
    result = hand.result
    assert (result.total_pot, result.rake) == (D("0.50"), D("0.02"))
    assert dict(result.invested) == {"Ann": D("0.25"), "Bob": D("0.25")}
    assert result.inconsistencies() == []
    assert_parses(hand)


def test_pokerstars_cancelled_and_badugi_hands_are_reported_not_imported() -> None:
    cancelled = (
        "PokerStars Game #1003: Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'Testing' 6-max Seat #1 is the button\n"
        "Seat 1: Ann ($10 in chips)\n"
        "Ann: posts small blind $0.50\n"
        "Hand cancelled\n"
        "*** SUMMARY ***\n"
    )
    badugi = (
        "PokerStars Game #1004:  Badugi Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n"
        "Table 'Testing' 6-max Seat #1 is the button\n"
    )
    report = import_text(cancelled + "\n\n" + badugi + "\n" + STARS, "mixed.txt")
    assert [h.hand_id for h in report.hands] == ["1001"]
    reasons = {s.hand_id: (s.reason, s.line) for s in report.skipped}
    assert reasons["1003"] == ("the site cancelled the hand", 5)
    assert reasons["1004"][0].startswith("Badugi is not supported")
    assert reasons["1004"][1] == 9
    rendered = report.skipped[0].problem().render()
    assert rendered == "mixed.txt:5: PokerStars hand #1003 not imported: the site cancelled the hand"


def test_pokerstars_blinds_posted_out_of_position() -> None:
    """A second big blind is a live ``blind``; "small & big blinds" is a dead small and a live big."""
    text = """PokerStars Hand #1005:  5 Card Draw No Limit ($0.25/$0.50 USD) - 2020/01/01 12:00:00 ET
Table 'Testing' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($20 in chips)
Seat 3: Cy ($20 in chips)
Seat 4: Dee ($20 in chips)
Seat 5: Eve ($20 in chips)
Bob: posts small blind $0.25
Cy: posts big blind $0.50
Dee: posts big blind $0.50
Eve: posts small & big blinds $0.75
*** DEALING HANDS ***
Dee: checks
Eve: raises $1 to $1.50
Ann: folds
Bob: folds
Cy: folds
Dee: folds
Uncalled bet ($1) returned to Eve
Eve collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
"""
    hand = only_hand(import_text(text, "blinds.txt"))
    assert hand.log.split("\n\n", 1)[1] == dedent(
        """\
        Bob posts small blind 0.25
        Cy posts big blind 0.50
        Dee posts blind 0.50
        Eve antes 0.25  # a dead blind
        Eve posts blind 0.50
        deal
        Dee checks
        Eve raises to 1.50
        Ann folds
        Bob folds
        Cy folds
        Dee folds
        """
    )
    assert "limit: no-limit\n" in hand.log
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

FULL_TILT = (
    (
        "Full Tilt Poker Game #2002: Table Testing (6 max) - $1/$2 Ante $0.25 - No Limit 2-7 Single Draw"
        " - 12:00:00 ET - 2020/01/01\n"
    )
    + """Seat 1: Ann ($100)
Seat 2: Bob ($20), is sitting out
Seat 3: Cy ($60)
Seat 5: Dee ($6)
Ann antes $0.25
Cy antes $0.25
Dee antes $0.25
Cy posts the small blind of $1
Dee posts the big blind of $2
The button is in seat #2
*** HOLE CARDS ***
Dealt to Ann [2c 3d 4h 8s Kc]
Ann has 15 seconds left to act
Ann raises to $6
Cy folds
Dee calls $3.75, and is all in
Uncalled bet of $0.25 returned to Ann
*** DRAW *** (Pot: $13.25)
Dee discards 1 card
Ann discards 1 card [Kc]
Dee is dealt 1 card
Dealt to Ann [2c 3d 4h 8s] [7d]
Dee: good luck
*** SHOW DOWN ***
Dee shows [7c 6d 4s 3h 2s] 7,6,4,3,2
Ann shows [8s 7d 4h 3d 2c] 8,7,4,3,2
Dee wins the pot ($12.60) with 7,6,4,3,2
*** SUMMARY ***
Total pot $13.25 | Rake $0.65
Seat 1: Ann showed [8s 7d 4h 3d 2c] and lost with 8,7,4,3,2
Seat 2: Bob (button) is sitting out
Seat 3: Cy (small blind) folded before the Draw
Seat 5: Dee (big blind) showed [7c 6d 4s 3h 2s] and won ($12.60) with 7,6,4,3,2
"""
)

FULL_TILT_LOG = """\
# FullTilt hand #2002, No Limit 2-7 Single Draw ($1/$2 Ante $0.25)
# imported by referee from ftp.txt
title: FullTilt hand 2002
game: deuce-to-seven
seats: Ann, Cy, Dee
dealer: Ann
# the button was at seat 2, where nobody was dealt in; the dealer is the last player before it
ante: 0.25
limit: no-limit
stacks: Ann 100, Cy 60, Dee 6
rake: 0.65

Ann antes 0.25
Cy antes 0.25
Dee antes 0.25
Cy posts small blind 1
Dee posts big blind 2
deal
Ann is dealt 2c 3d 4h 8s Kc
Ann raises to 6
Cy folds
Dee calls 3.75  # all in
draw
Dee draws 1
Ann discards Kc, draws 7d
showdown
Dee shows 7c 6d 4s 3h 2s
Ann shows 8s 7d 4h 3d 2c
"""


def test_full_tilt_utf16_no_limit_single_draw_with_antes_and_a_dead_button(tmp_path: Path) -> None:
    path = tmp_path / "ftp.txt"
    path.write_bytes(b"\xff\xfe" + FULL_TILT.replace("\n", "\r\n").encode("utf-16-le") + b"\n")
    [hand] = import_file(path)
    assert hand.log == FULL_TILT_LOG
    assert hand.warnings == ()
    result = hand.result
    assert (result.total_pot, result.rake) == (D("13.25"), D("0.65"))
    assert dict(result.collected) == {"Dee": D("12.60")}
    assert dict(result.returned) == {"Ann": D("0.25")}
    assert dict(result.invested) == {"Ann": D("6.25"), "Cy": D("1.25"), "Dee": D("6.00")}
    assert dict(result.net) == {"Ann": D("-6.00"), "Cy": D("-1.25"), "Dee": D("6.60")}
    assert_parses(hand)


def test_full_tilt_dead_small_blind_is_dead_money_and_partial_hands_are_skipped() -> None:
    header = "Table Testing (6 max) - $5/$10 - Limit 2-7 Triple Draw - 12:00:00 ET - 2020/01/01"
    text = f"""FullTiltPoker Game #2003: {header}
Seat 1: Ann ($100)
Seat 2: Bob ($100)
Seat 3: Cy ($100)
Seat 4: Dee ($100)
Ann posts the small blind of $2.50
Bob posts the big blind of $5
Dee posts a dead small blind of $2.50
Dee posts $5
The button is in seat #4
*** HOLE CARDS ***
Cy folds
Dee raises to $10
Ann folds
Bob folds
Uncalled bet of $5 returned to Dee
Dee mucks
Dee wins the pot ($15)
*** SUMMARY ***
Total pot $15 | Rake $0

Full Tilt Poker Game #2004: {header} (partial)
*** SUMMARY ***
Total pot $15 | Rake $0
"""
    report = import_text(text, "ftp2.txt")
    [hand] = report.hands
    assert hand.log.split("\n\n", 1)[1] == dedent(
        """\
        Ann posts small blind 2.50
        Bob posts big blind 5
        Dee antes 2.50  # a dead blind
        Dee posts blind 5
        deal
        Cy folds
        Dee raises to 10
        Ann folds
        Bob folds
        """
    )
    assert dict(hand.result.returned) == {"Dee": D("5")}
    assert dict(hand.result.collected) == {"Dee": D("15")}
    assert hand.result.inconsistencies() == []
    [partial] = report.skipped
    assert (partial.hand_id, partial.line) == ("2004", 22)
    assert "partial" in partial.reason
    assert_parses(hand)


# --- OnGame -------------------------------------------------------------------------------------

ONGAME = """***** History for hand R5-1-1 *****
Start hand: Mon Jan 06 12:00:00 GMT 2020
Table: Testing [1] (LIMIT FIVE_CARD_DRAW $0.50/$1, Real money)
User: Ann
Button: seat 1
Players in round: 3
Seat 3: Bob ($10)
Seat 5: Cy ($10)
Seat 1: Ann ($10)
Bob posts small blind ($0.25)
Cy posts big blind ($0.50)
---
Dealing pocket cards
Dealing to Ann: [Ah, Ad, 9c, 5s, 2d]
Ann raises $1 to $1
Bob folds
Cy calls $0.50
---
Cy changed 2 cards
Ann changed 3 cards
New hand for Ann: [Ah, Ad, Kc, Ks, 3h]
Cy checks
Ann bets $1
Cy calls $1
---
Summary:
Main pot: $4.25 won by Ann ($4.05)
Rake taken: $0.20
Seat 3: Bob ($9.75), net: -$0.25
Seat 5: Cy ($8), net: -$2, [Qh, Qs, 8d, 7c, 4h] (PAIR QUEEN)
Seat 1: Ann ($12.05), net: +$2.05, [Ah, Ad, Kc, Ks, 3h] (TWO_PAIR ACE, KING)
***** End of hand R5-1-1 *****
***** History for hand R5-1-2 *****
Start hand: Mon Jan 06 12:01:00 GMT 2020
Table: Testing [1] (LIMIT FIVE_CARD_DRAW $0.50/$1, Real money)
User: Ann
Button: seat 3
Players in round: 3
Seat 5: Cy ($8)
Seat 1: Ann ($12.05)
Seat 3: Bob ($9.75)
Cy posts small blind ($0.25)
Ann posts big blind ($0.50)
---
Dealing pocket cards
Dealing to Ann: [7h, 6h, 5c, 4c, 2s]
Bob raises $1 to $1
Cy folds
Ann folds
---
Summary:
Main pot: $1.25 won by Bob ($1.25)
Rake taken: $0
Seat 5: Cy ($7.75), net: -$0.25
Seat 1: Ann ($11.55), net: -$0.50
Seat 3: Bob ($10.50), net: +$0.75
***** End of hand R5-1-2 *****
"""


def test_ongame_showdown_and_uncalled_bets_are_worked_out() -> None:
    report = import_text(ONGAME, "ongame.txt")
    assert not report.skipped
    first, second = report.hands
    assert first.log.split("\n\n", 1)[1] == dedent(
        """\
        Bob posts small blind 0.25
        Cy posts big blind 0.50
        deal
        Ann is dealt Ah Ad 9c 5s 2d
        Ann raises to 1
        Bob folds
        Cy calls
        draw
        Cy draws 2
        Ann discards 9c 5s 2d, draws Kc Ks 3h
        Cy checks
        Ann bets 1
        Cy calls
        showdown
        Cy shows Qh Qs 8d 7c 4h
        Ann shows Ah Ad Kc Ks 3h
        """
    )
    assert "seats: Ann, Bob, Cy\ndealer: Ann\nlimit: 0.50/1\n" in first.log
    assert (first.result.total_pot, first.result.rake) == (D("4.25"), D("0.20"))
    assert dict(first.result.net) == {"Ann": D("2.05"), "Bob": D("-0.25"), "Cy": D("-2")}
    assert dict(second.result.returned) == {"Bob": D("0.50")}
    assert dict(second.result.net) == {"Ann": D("-0.50"), "Bob": D("0.75"), "Cy": D("-0.25")}
    assert first.warnings == second.warnings == ()
    for hand in report.hands:
        assert hand.result.inconsistencies() == []
        assert_parses(hand)


# --- Merge --------------------------------------------------------------------------------------

MERGE = """<description type="2-7 Lowball" stakes="Limit $1/$2"/>
<game id="900-1" starttime="20110101120000" numholecards="5" gametype="67" realmoney="true" data="x">
  <players dealer="2">
    <player seat="0" nickname="Ann" balance="$20.00" dealtin="true" />
    <player seat="2" nickname="Bob Jr" balance="$20.00" dealtin="true" />
    <player seat="4" nickname="Cy" balance="$20.00" dealtin="false" />
  </players>
  <round id="BLINDS" sequence="1">
    <event sequence="1" type="SMALL_BLIND" player="2" amount="0.50"/>
    <event sequence="2" type="BIG_BLIND" player="0" amount="1.00"/>
  </round>
  <round id="PRE_FIRST_DRAW" sequence="2">
    <event sequence="3" type="RAISE" player="2" amount="2.00"/>
    <event sequence="4" type="CHAT" player="Ann" text="hi &amp; bye"/>
    <event sequence="5" type="CALL" player="0" amount="1.00"/>
    <cards type="HOLE" cards="2c,3d,4h,9s,Kc" player="0"/>
  </round>
  <round id="FIRST_DRAW" sequence="3">
    <event sequence="6" type="DRAW" player="0" text="2"/>
    <event sequence="7" type="DRAW" player="2" text="1"/>
    <cards type="DRAW_DRAWN_CARDS" cards="2c,3d,4h,7s,5d" player="0"/>
  </round>
  <round id="POST_FIRST_DRAW" sequence="4">
    <event sequence="8" type="BET" player="0" amount="1.00"/>
    <event sequence="9" type="FOLD" player="2"/>
  </round>
  <round id="END_OF_FOLDED_GAME" sequence="5">
    <event sequence="10" type="MUCK" player="0"/>
    <winner amount="4.90" uncalled="false" potnumber="1" player="0" pottype="n"/>
  </round>
  <round id="END_OF_GAME" sequence="6">
  </round>
</game>
"""


def test_merge_triple_draw_takes_the_uncalled_bet_out_of_the_winnings() -> None:
    hand = only_hand(import_text(MERGE, "merge.txt"))
    assert hand.game is Game.DEUCE_TO_SEVEN_TRIPLE
    assert hand.log == dedent(
        """\
        # Merge hand #900-1, 2-7 Lowball Limit $1/$2
        # imported by referee from merge.txt
        title: Merge hand 900-1
        game: deuce-to-seven-triple
        seats: Ann, "Bob Jr"
        dealer: "Bob Jr"
        limit: 1/2
        stacks: Ann 20.00, "Bob Jr" 20.00
        rake: 0.10

        "Bob Jr" posts small blind 0.50
        Ann posts big blind 1.00
        deal
        Ann is dealt 2c 3d 4h 9s Kc
        "Bob Jr" raises to 2.00
        Ann calls
        draw
        Ann discards 9s Kc, draws 7s 5d
        "Bob Jr" draws 1
        Ann bets 1.00
        "Bob Jr" folds
        """
    )
    result = hand.result
    assert (result.total_pot, result.rake) == (D("4.00"), D("0.10"))
    assert dict(result.collected) == {"Ann": D("3.90")}
    assert dict(result.returned) == {"Ann": D("1.00")}
    assert result.inconsistencies() == []
    assert_parses(hand)


# --- Boss Media (iPoker XML) --------------------------------------------------------------------


def _cards(*links: str) -> str:
    return "".join(f'\n<CARD LINK="{link}"></CARD>' for link in links)


BOSS = f"""<?xml version="1.0" encoding="UTF-8"?>
<ROOT>
<HISTORY ID="77" SESSION="s.xml" TABLE="Testing" GAME="GAME_FCD" GAMETYPE="GAMETYPE_REAL"
 GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="PL" STAKES="0.50/1.00" DATE="1" TABLETOURNEYID=""
 WIN="0" LOSS="0" ENDTIME="2">
<PLAYER NAME="UNKNOWN" SEAT="1" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="Ann" SEAT="2" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="Bob" SEAT="3" AMOUNT="50.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Cy" SEAT="4" AMOUNT="50.00" STATE="STATE_SITOUT" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_SB" VALUE="0.50"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_BB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ann">{_cards("0", "13", "51", "22", "3")}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bob">{_cards(*"bbbbb")}</ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Ann" VALUE="3.00"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="3.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="6.00" MAINPOT="6.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Bob" COUNT="1">{_cards(*"bbbbb")}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Ann" COUNT="2">{_cards("0", "13", "51", "25", "38")}</ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bob"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Ann" VALUE="6.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="5.70" RAKE="0.30" MAINPOT="5.70" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Ann" WIN="5.70" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>
</ROOT>
"""


def test_boss_xml_card_links_and_totals_for_the_round() -> None:
    hand = only_hand(import_text(BOSS, "boss.xml"))
    assert (hand.site, hand.file_name) == ("Boss", "boss-77.log")
    assert hand.log.split("\n\n", 1)[1] == dedent(
        """\
        Ann posts small blind 0.50
        Bob posts big blind 1.00
        deal
        Ann is dealt Ad Ac Ks Tc 4d
        Ann raises to 3.00
        Bob calls
        draw
        Bob draws 1
        Ann discards Tc 4d, draws Kc Kh
        Bob checks
        Ann bets 6.00
        Bob folds
        """
    )
    assert "seats: Ann, Bob\ndealer: Ann\nlimit: pot\n" in hand.log
    result = hand.result
    assert (result.total_pot, result.rake, result.main_pot) == (D("6.00"), D("0.30"), D("5.70"))
    assert dict(result.collected) == {"Ann": D("5.70")}
    assert dict(result.returned) == {"Ann": D("6.00")}
    assert result.inconsistencies() == []
    assert hand.warnings == ()
    assert_parses(hand)


# --- reading files, names, formats -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (STARS, "pokerstars"),
        (FULL_TILT, "fulltilt"),
        (ONGAME, "ongame"),
        (MERGE, "merge"),
        (BOSS, "ipoker"),
        ("Winamax Poker - CashGame - HandId: #1-2-3 - Lowball27 fixed limit (1/2)", None),
        ("", None),
    ],
)
def test_detect_format(text: str, expected: str | None) -> None:
    assert detect_format(text) == expected


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
    text = STARS.replace("Cy Young", 'Cy "Ace" Young')
    hand = only_hand(import_text(text, "stars.txt"))
    assert dict(hand.aliases) == {"player_1": 'Cy "Ace" Young'}
    assert "# player_1 is the site's player 'Cy \"Ace\" Young', a name the log cannot write\n" in hand.log
    assert "player_1 posts small blind 0.50\n" in hand.log
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


# --- the command line ---------------------------------------------------------------------------

runner = CliRunner()


def invoke(*args: str) -> Result:
    """Run ``referee import ...``."""
    return runner.invoke(app, ["import", *args])


def test_one_hand_goes_to_stdout(tmp_path: Path) -> None:
    path = tmp_path / "stars.txt"
    path.write_text(STARS, encoding="utf-8")
    result = invoke(str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == STARS_LOG


def test_several_hands_are_separated(tmp_path: Path) -> None:
    path = tmp_path / "ongame.txt"
    path.write_text(ONGAME, encoding="utf-8")
    result = invoke(str(path))
    assert result.exit_code == 0, result.output
    logs = result.stdout.split("\n# ---\n")
    assert len(logs) == 2
    assert logs[0].startswith("# OnGame hand #R5-1-1")
    assert logs[1].startswith("# OnGame hand #R5-1-2")


def test_out_writes_one_file_per_hand(tmp_path: Path) -> None:
    path = tmp_path / "ongame.txt"
    path.write_text(ONGAME, encoding="utf-8")
    out = tmp_path / "logs"
    result = invoke(str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["ongame-R5-1-1.log", "ongame-R5-1-2.log"]
    assert (out / "ongame-R5-1-2.log").read_text(encoding="utf-8").startswith("# OnGame hand #R5-1-2")
    assert "wrote 2 logs" in result.stderr


def test_skipped_hands_are_listed_and_the_rest_imported(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    badugi = "PokerStars Game #1004:  Badugi Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET\n\n"
    path.write_text(badugi + STARS, encoding="utf-8")
    result = invoke(str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout == STARS_LOG.replace("stars.txt", "mixed.txt")
    assert "mixed.txt:1: PokerStars hand #1004 not imported: Badugi is not supported" in result.stderr


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
    path.write_text(STARS, encoding="utf-8")
    result = invoke(str(path), "-o", str(path))
    assert result.exit_code == 1
    assert "cannot write the logs to" in result.stderr


@pytest.mark.parametrize("word", ["Bump", "Call", "Sees", "Stays", "Takes", "One", "The", "Knocks", "Joker"])
def test_a_site_name_that_is_a_word_of_the_log_is_written_so_it_reads_back(word: str) -> None:
    from referee.importer.common import Names
    from referee.log import parse_log

    written = Names().written(word)
    log = parse_log(f"seats: {written}, Bob\ndealer: Bob\n{written} checks\n")
    assert log.header.seats == (word, "Bob")
