"""The hand-log language: every construct reads to the event it states (DESIGN.md, "The log language")."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

import pytest

from referee.cards import JOKER, UNKNOWN, Card, parse_cards
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    Call,
    CardExposed,
    CardFaceUpInPack,
    Check,
    Comment,
    CutIrregularity,
    CutProblem,
    Deal,
    DealtCards,
    Declare,
    Discard,
    Draw,
    DrawPhase,
    DuplicateCard,
    Event,
    Fold,
    HandLog,
    Limit,
    LimitKind,
    LogHeader,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    Post,
    PostKind,
    Raise,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StandPat,
    WrongCardCount,
    WrongDealer,
)
from referee.log import parse_log, read_log

EXAMPLES = Path(__file__).parent / "data" / "examples"
HEADER = 'seats: Ann, Bob, Cy, Dee, "Aunt May", Big_Al\ndealer: Dee\n'


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def event(line: str) -> Event:
    """The one event on ``line``, in a log whose seats are Ann, Bob, Cy, Dee, "Aunt May", Big_Al."""
    (only,) = parse_log(HEADER + line).events
    return only


# --- events: every construct, compared as whole values -------------------------------------------

EVENTS = [
    # the deal
    ("antes", Antes()),
    ("Dee antes 4", Antes("Dee", D(4))),
    ("Dee antes", Antes("Dee")),
    ("Bob posts small blind 1", Post("Bob", PostKind.SMALL_BLIND, D(1))),
    ("Cy posts big blind 2", Post("Cy", PostKind.BIG_BLIND, D(2))),
    ("Dee posts blind 2", Post("Dee", PostKind.BLIND, D(2))),
    ("Ann posts straddle 4", Post("Ann", PostKind.STRADDLE, D(4))),
    ("deal", Deal()),
    ("Ann is dealt ?? ?? ?? ?? ??", DealtCards("Ann", (UNKNOWN,) * 5)),
    ("Cy is dealt J♠ J♦ 8c 4h 2s", DealtCards("Cy", cards("Js Jd 8c 4h 2s"))),
    ("Cy is dealt J♠ J♦ 8c 4h 2s 3s 3d", DealtCards("Cy", cards("Js Jd 8c 4h 2s 3s 3d"))),
    ("Cy is dealt J♠ J♦ 8c", DealtCards("Cy", cards("Js Jd 8c"))),
    ("Bob is dealt Jk As", DealtCards("Bob", (JOKER, Card.parse("As")))),
    # betting
    ("Ann checks", Check("Ann")),
    ("Ann passes", Check("Ann")),
    ("Dee bets 2", Bet("Dee", D(2))),
    ("Cy opens 2", Open("Cy", D(2))),
    ("Dee calls", Call("Dee")),
    ("Dee calls 2", Call("Dee", D(2))),
    ("Dee raises 4", Raise("Dee", D(4))),
    ("Dee raises to 8", Raise("Dee", D(8), to=True)),
    ("Ann folds", Fold("Ann")),
    ("Ann drops", Fold("Ann")),
    ("Bob is all in", AllIn("Bob")),
    ("Bob goes all in", AllIn("Bob")),
    # the draw
    ("draw", DrawPhase()),
    ("Cy discards 8c 4h 2s, draws 3", Draw("Cy", 3, discards=cards("8c 4h 2s"))),
    ("Cy discards 8c 4h 2s draws 3", Draw("Cy", 3, discards=cards("8c 4h 2s"))),
    (
        "Cy discards 8c 4h 2s, draws J♥ 5c 5d",
        Draw("Cy", 3, discards=cards("8c 4h 2s"), received=cards("Jh 5c 5d")),
    ),
    ("Cy discards 8c 4h 2s", Discard("Cy", cards("8c 4h 2s"))),
    ("Dee draws 1", Draw("Dee", 1)),
    ("Dee draws J♥ 5c", Draw("Dee", 2, received=cards("Jh 5c"))),
    ("Bob stands pat", StandPat("Bob")),
    # showing and speaking
    ("showdown", Showdown()),
    ("Dee shows Q♠ Q♥ Q♣ 7d 7s", Show("Dee", cards("Qs Qh Qc 7d 7s"))),
    ("Bob mucks", Muck("Bob")),
    ("Cy shows openers J♠ J♦", ShowOpeners("Cy", cards("Js Jd"))),
    ("Cy splits openers, keeps J♠ J♦ aside", SplitOpeners("Cy", cards("Js Jd"))),
    ("Cy splits openers keeps J♠ J♦", SplitOpeners("Cy", cards("Js Jd"))),
    ("Bob declares two pair", Declare("Bob", "two pair")),
    ("Bob declares   two   pair   # a comment", Declare("Bob", "two pair")),
    ('Ann says "bet 5"', Says("Ann", "bet 5")),
    ('Ann says "raise # twice"', Says("Ann", "raise # twice")),
    # irregular facts
    ("dealer exposes Bob's 7♣", CardExposed("dealer", Card.parse("7c"), owner="Bob", by_dealer=True)),
    ("Bob exposes K♦", CardExposed("Bob", Card.parse("Kd"), owner="Bob")),
    ("Bob exposes Cy's K♦", CardExposed("Bob", Card.parse("Kd"), owner="Cy")),
    ("dealer exposes 9h", CardExposed("dealer", Card.parse("9h"), by_dealer=True)),
    ("card face up in pack: 4h", CardFaceUpInPack(Card.parse("4h"))),
    ("cut not offered", CutIrregularity(CutProblem.NOT_OFFERED)),
    ("deck not cut", CutIrregularity(CutProblem.NOT_CUT)),
    ("card exposed in cut", CutIrregularity(CutProblem.EXPOSED_IN_CUT)),
    ("Bob was dealt 6 cards", WrongCardCount("Bob", 6, dealt=True)),
    ("Bob has 4 cards", WrongCardCount("Bob", 4, dealt=False)),
    ("Bob has 1 card", WrongCardCount("Bob", 1, dealt=False)),
    ("duplicate card found: 7c", DuplicateCard(Card.parse("7c"))),
    ("wrong dealer: Bob", WrongDealer("Bob")),
    ("misdeal", MisdealCalled()),
    ("redeal", NewDeal("redeal")),
    ("new deal", NewDeal("new deal")),
    ("note: free text, even: colons", Note("free text, even: colons")),
    # names
    ('"Aunt May" bets 3', Bet("Aunt May", D(3))),
    ("Big_Al checks", Check("Big_Al")),
    (
        'dealer exposes "Aunt May"\'s 7♣',
        CardExposed("dealer", Card.parse("7c"), owner="Aunt May", by_dealer=True),
    ),
    ("dealer exposes Bob’s 7c", CardExposed("dealer", Card.parse("7c"), owner="Bob", by_dealer=True)),
]


@pytest.mark.parametrize(("line", "expected"), EVENTS, ids=[line for line, _ in EVENTS])
def test_each_construct_reads_to_its_event(line: str, expected: Event) -> None:
    assert event(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("ANN CHECKS", None),
        ("Ann CHECKS", Check("Ann")),
        ("Dee RAISES TO 8", Raise("Dee", D(8), to=True)),
        ("DEAL", Deal()),
        ("New Deal", NewDeal("new deal")),
        ("REDEAL", NewDeal("redeal")),
        ("Card Face Up In Pack: 4H", CardFaceUpInPack(Card.parse("4h"))),
        ("Bob Stands PAT", StandPat("Bob")),
        ("Cy DISCARDS 8c, DRAWS 1", Draw("Cy", 1, discards=cards("8c"))),
    ],
)
def test_keywords_are_case_insensitive_names_are_not(line: str, expected: Event | None) -> None:
    if expected is None:  # ANN is not Ann
        with pytest.raises(Exception, match="ANN is not at the table"):
            event(line)
    else:
        assert event(line) == expected


@pytest.mark.parametrize(
    ("written", "amount"),
    [
        ("2", D(2)),
        ("0.25", D("0.25")),
        ("$5", D(5)),
        ("$2.50", D("2.50")),
        ("25c", D("0.25")),
        ("10C", D("0.10")),
    ],
)
def test_amounts_are_exact_decimals(written: str, amount: D) -> None:
    bet = event(f"Dee bets {written}")
    assert bet == Bet("Dee", amount)
    assert isinstance(bet, Bet) and isinstance(bet.amount, D)


@pytest.mark.parametrize("ten", ["10h", "Th", "th", "10♥", "T♡", "10H"])
def test_ten_is_10_or_t_and_suits_are_letters_or_symbols(ten: str) -> None:
    assert event(f"Bob exposes {ten}") == CardExposed("Bob", Card.parse("Th"), owner="Bob")


@pytest.mark.parametrize("spade", ["As", "A♠", "A♤", "aS"])
def test_suit_spellings(spade: str) -> None:
    assert event(f"dealer exposes {spade}") == CardExposed("dealer", Card.parse("As"), by_dealer=True)


def test_a_name_that_looks_like_a_card_is_a_name_before_a_possessive() -> None:
    log = parse_log("seats: As, Ash\ndealer exposes As's 7c\ndealer exposes Ash's As\ndealer exposes As")
    assert log.events == (
        CardExposed("dealer", Card.parse("7c"), owner="As", by_dealer=True),
        CardExposed("dealer", Card.parse("As"), owner="Ash", by_dealer=True),
        CardExposed("dealer", Card.parse("As"), by_dealer=True),
    )


def test_a_name_that_is_a_keyword_is_quoted() -> None:
    log = parse_log('seats: Deal, Bob\ndealer: Deal\n"Deal" checks\nBob bets 2\ndeal')
    assert log.events == (Check("Deal"), Bet("Bob", D(2)), Deal())


# --- the header -------------------------------------------------------------------------------


def test_full_header() -> None:
    log = parse_log(
        "title: Friday game, hand 12\n"
        "game: jacks-or-better\n"
        "rulebook: scarne\n"
        'seats: Ann, Bob, "Aunt May", Dee\n'
        "dealer: Dee\n"
        "ante: 1\n"
        "limit: 2/4\n"
        'stacks: Ann 40, Bob 40, "Aunt May" 35.50, Dee $40\n'
        "rake: 0.50\n"
    )
    assert log.header == LogHeader(
        seats=("Ann", "Bob", "Aunt May", "Dee"),
        title="Friday game, hand 12",
        game="jacks-or-better",
        rulebook="scarne",
        dealer="Dee",
        ante=AnteRule(D(1)),
        limit=Limit(LimitKind.FIXED, D(2), D(4)),
        stacks=(("Ann", D(40)), ("Bob", D(40)), ("Aunt May", D("35.50")), ("Dee", D(40))),
        rake=D("0.50"),
    )
    assert log.events == ()
    assert log.header.position("seats") == (4, 1)
    assert log.header.position("rake") == (9, 1)


@pytest.mark.parametrize(
    ("line", "limit"),
    [
        ("limit: 2/4", Limit(LimitKind.FIXED, D(2), D(4))),
        ("limit: 1-5", Limit(LimitKind.SPREAD, D(1), D(5))),
        ("limit: $1 - $5", Limit(LimitKind.SPREAD, D(1), D(5))),
        ("limit: pot", Limit(LimitKind.POT)),
        ("limit: no-limit", Limit(LimitKind.NO_LIMIT)),
        ("LIMIT: Table-Stakes", Limit(LimitKind.TABLE_STAKES)),
    ],
)
def test_limits(line: str, limit: Limit) -> None:
    assert parse_log(f"seats: Ann, Bob\n{line}").header.limit == limit


@pytest.mark.parametrize(
    ("line", "ante"), [("ante: 1", AnteRule(D(1))), ("ante: 4 by dealer", AnteRule(D(4), by_dealer=True))]
)
def test_antes(line: str, ante: AnteRule) -> None:
    assert parse_log(f"seats: Ann, Bob\n{line}").header.ante == ante


def test_header_keys_are_case_insensitive_and_spacing_is_free() -> None:
    log = parse_log("SEATS :Ann,Bob ,  Cy\nDealer:   Cy\n")
    assert log.header.seats == ("Ann", "Bob", "Cy")
    assert log.header.dealer == "Cy"


def test_notes_may_sit_among_header_lines() -> None:
    log = parse_log("seats: Ann, Bob\nnote: Bob came late\ndealer: Bob\ndeal")
    assert log.header.dealer == "Bob"
    assert log.events == (Note("Bob came late"), Deal())


# --- the file: positions, comments, line ends, several deals ------------------------------------


def test_positions_are_line_and_column_of_the_first_token() -> None:
    log = parse_log(
        'seats: Ann, Bob\n\n# a comment\n  Ann checks\n\t"Bob" bets 2  # late\ndeal\n   Bob is dealt As'
    )
    assert [(e.line, e.column) for e in log.events] == [(4, 3), (5, 2), (6, 1), (7, 4)]


def test_comments_anywhere_and_blank_lines() -> None:
    text = (
        "# top\n\nseats: Ann, Bob   # clockwise\n\n\n# before the deal\ndeal # go\n\n   # indented\n"
        "Ann checks#tight\n"
    )
    log = parse_log(text)
    assert log.events == (Deal(), Check("Ann"))
    assert log.comments == (
        Comment("# top", 1),
        Comment("# clockwise", 3, trailing=True),
        Comment("# before the deal", 6),
        Comment("# go", 7, trailing=True),
        Comment("# indented", 9),
        Comment("#tight", 10, trailing=True),
    )


def test_crlf_and_bom() -> None:
    text = "\ufeffseats: Ann, Bob\r\ndealer: Bob\r\ndeal\r\nAnn checks\r\n"
    log = parse_log(text)
    assert log.header.seats == ("Ann", "Bob")
    assert log.events == (Deal(), Check("Ann"))
    assert log.events[1].line == 4 and log.events[1].column == 1


def test_read_log_handles_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    path.write_bytes("\ufeffseats: Ann, Bob\r\nAnn bets $2 # ok\r\n".encode())
    log = read_log(path)
    assert log.events == (Bet("Ann", D(2)),)
    assert log.source == str(path)


def test_several_deals_in_one_file() -> None:
    log = parse_log(
        "seats: Ann, Bob, Cy\nante: 1\nantes\ndeal\nmisdeal\nredeal\nAnn checks\nBob checks\nCy checks\n"
        "new deal\nantes\ndeal\nAnn bets 1\n"
    )
    assert log.events == (
        Antes(),
        Deal(),
        MisdealCalled(),
        NewDeal("redeal"),
        Check("Ann"),
        Check("Bob"),
        Check("Cy"),
        NewDeal("new deal"),
        Antes(),
        Deal(),
        Bet("Ann", D(1)),
    )


# --- the examples --------------------------------------------------------------------------------


def test_out_of_turn_bet_example() -> None:
    log = read_log(EXAMPLES / "out_of_turn_bet.log")
    assert log.header == LogHeader(
        seats=("Ann", "Bob", "Cy", "Dee"),
        game="jacks-or-better",
        rulebook="scarne",
        dealer="Dee",
        ante=AnteRule(D(1)),
        limit=Limit(LimitKind.FIXED, D(2), D(4)),
        stacks=(("Ann", D(40)), ("Bob", D(40)), ("Cy", D(40)), ("Dee", D(40))),
    )
    assert log.events == (
        Antes(),
        Deal(),
        DealtCards("Ann", (UNKNOWN,) * 5),
        DealtCards("Cy", cards("Js Jd 8c 4h 2s")),
        Check("Ann"),
        Bet("Dee", D(2)),
        Check("Bob"),
        Open("Cy", D(2)),
        Call("Dee"),
        Fold("Ann"),
        Fold("Bob"),
        DrawPhase(),
        Draw("Cy", 3, discards=cards("8c 4h 2s"), received=cards("Jh 5c 5d")),
        Draw("Dee", 1),
        Bet("Cy", D(4)),
        Raise("Dee", D(4)),
        Call("Cy"),
        Showdown(),
        Show("Dee", cards("Qs Qh Qc 7d 7s")),
        Show("Cy", cards("Js Jd Jh 5c 5d")),
    )
    dee_bets = log.events[5]
    assert (dee_bets.line, dee_bets.column) == (15, 1)


def test_irregular_facts_example() -> None:
    log = read_log(EXAMPLES / "irregular_facts.log")
    assert log.header.seats == ("Ann", "Bob", "Aunt May", "Dee")
    assert log.header.ante == AnteRule(D(4), by_dealer=True)
    assert log.header.limit == Limit(LimitKind.SPREAD, D(1), D(5))
    assert log.events == (
        Antes("Dee", D(4)),
        CutIrregularity(CutProblem.NOT_OFFERED),
        Deal(),
        CardExposed("dealer", Card.parse("7c"), owner="Bob", by_dealer=True),
        CardExposed("Bob", Card.parse("Kd"), owner="Bob"),
        CardExposed("dealer", Card.parse("9h"), by_dealer=True),
        CardFaceUpInPack(Card.parse("4h")),
        WrongCardCount("Bob", 6),
        DuplicateCard(Card.parse("7c")),
        Says("Ann", "bet 5"),
        Bet("Aunt May", D(3)),
        Call("Bob"),
        MisdealCalled(),
        NewDeal("redeal"),
        Check("Ann"),
        Bet("Bob", D(2)),
        SplitOpeners("Aunt May", cards("Js Jd")),
        ShowOpeners("Aunt May", cards("Js Jd")),
        Declare("Bob", "two pair"),
    )


def test_design_example_with_draw_count() -> None:
    text = (EXAMPLES / "out_of_turn_bet.log").read_text(encoding="utf-8")
    text = text.replace("draws J♥ 5c 5d", "draws 3     # a count, or the cards received")
    log = parse_log(text)
    assert Draw("Cy", 3, discards=cards("8c 4h 2s")) in log.events


def test_a_log_may_stop_mid_hand() -> None:
    log = parse_log("seats: Ann, Bob\nantes\ndeal\nAnn bets 1\n")
    assert log == HandLog(LogHeader(("Ann", "Bob")), (Antes(), Deal(), Bet("Ann", D(1))))
