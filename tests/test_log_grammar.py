"""The grammar itself: every rule has a handler and a test, keywords are listed, loading is safe."""

from __future__ import annotations

import importlib.resources
import re
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.lexer import PatternStr

from referee.cards import UNKNOWN, Card, parse_cards
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    BetCompletion,
    Call,
    CardExposed,
    CardFaceUpInPack,
    CardGiven,
    Check,
    CutIrregularity,
    CutProblem,
    Deal,
    DealtBy,
    DealtCards,
    Declare,
    Discard,
    DiscardsPickedUp,
    Draw,
    DrawCountAnswered,
    DrawCountAsked,
    DrawCountRefused,
    DrawPhase,
    DrawRequest,
    DrawRequestChanged,
    DuplicateCard,
    Fold,
    HandsDealt,
    Limit,
    LimitKind,
    LooksAtCards,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    OpenersKeepAsked,
    OpenersNotShown,
    Post,
    PostKind,
    PotCollected,
    Raise,
    Reshuffle,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StackChanged,
    StandPat,
    SurplusReturned,
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.log import grammar as loggrammar
from referee.log.fast import CARD_WORDS_READ as CARD_WORDS
from referee.log.grammar import ToEvents, parser, tree_parser
from referee.log.tokens import HeaderItem, LineSlip
from referee.log.words import HEADER_KEYS, KEYWORDS, VERBS


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# One sample line per grammar rule (or alias), and what it must read to.
RULE_SAMPLES: dict[str, tuple[str, object]] = {
    "title": ("title: Friday  game", HeaderItem("title", "Friday game")),
    "game": ("game: jacks-or-better", HeaderItem("game", "jacks-or-better")),
    "rulebook": ("rulebook: scarne", HeaderItem("rulebook", "scarne")),
    "seats": ('seats: Ann, "Aunt May"', HeaderItem("seats", ("Ann", "Aunt May"))),
    "dealer": ("dealer: Dee", HeaderItem("dealer", "Dee")),
    "ante": ("ante: 1", HeaderItem("ante", AnteRule(D(1)))),
    "ante_by_dealer": ("ante: 4 by dealer", HeaderItem("ante", AnteRule(D(4), by_dealer=True))),
    "fixed_limit": ("limit: 2/4", HeaderItem("limit", Limit(LimitKind.FIXED, D(2), D(4)))),
    "three_figure_limit": ("limit: 1/2/4", HeaderItem("limit", Limit(LimitKind.FIXED, D(1), D(2), D(4)))),
    "spread_limit": ("limit: 1-5", HeaderItem("limit", Limit(LimitKind.SPREAD, D(1), D(5)))),
    "pot_limit": ("limit: pot", HeaderItem("limit", Limit(LimitKind.POT))),
    "no_limit": ("limit: no-limit", HeaderItem("limit", Limit(LimitKind.NO_LIMIT))),
    "table_stakes": ("limit: table-stakes", HeaderItem("limit", Limit(LimitKind.TABLE_STAKES))),
    "stacks": ("stacks: Ann 40, Bob 0.5", HeaderItem("stacks", (("Ann", D(40)), ("Bob", D("0.5"))))),
    "stack": ("stacks: Ann $40", HeaderItem("stacks", (("Ann", D(40)),))),
    "rake": ("rake: 25c", HeaderItem("rake", D("0.25"))),
    "antes": ("antes", Antes()),
    "player_antes": ("Dee antes 4", Antes("Dee", D(4))),
    "post": ("Bob posts small blind 1", Post("Bob", PostKind.SMALL_BLIND, D(1))),
    "small_blind": ("Bob posts small blind 1", Post("Bob", PostKind.SMALL_BLIND, D(1))),
    "big_blind": ("Bob posts big blind 2", Post("Bob", PostKind.BIG_BLIND, D(2))),
    "blind": ("Bob posts blind 2", Post("Bob", PostKind.BLIND, D(2))),
    "straddle": ("Bob posts straddle 4", Post("Bob", PostKind.STRADDLE, D(4))),
    "deal": ("deal", Deal()),
    "dealt": ("Ann is dealt ?? Jk", DealtCards("Ann", cards("?? Jk"))),
    "check": ("Ann passes", Check("Ann")),
    "bet": ("Dee bets 2", Bet("Dee", D(2))),
    "open": ("Cy opens 2", Open("Cy", D(2))),
    "call": ("Dee calls 2", Call("Dee", D(2))),
    "raise_by": ("Dee raises 4", Raise("Dee", D(4))),
    "raise_to": ("Dee raises to 8", Raise("Dee", D(8), to=True)),
    "fold": ("Ann drops", Fold("Ann")),
    "all_in": ("Bob goes all in", AllIn("Bob")),
    "draw_phase": ("draw", DrawPhase()),
    "discard": ("Cy discards 8c 4h", Discard("Cy", cards("8c 4h"))),
    "discard_draw_count": ("Cy discards 8c 4h, draws 2", Draw("Cy", 2, discards=cards("8c 4h"))),
    "discard_draw_cards": (
        "Cy discards 8c, draws 5d",
        Draw("Cy", 1, discards=cards("8c"), received=cards("5d")),
    ),
    "draw_count": ("Dee draws 1", Draw("Dee", 1)),
    "draw_cards": ("Dee draws J♥ 5c", Draw("Dee", 2, received=cards("Jh 5c"))),
    "stand_pat": ("Bob stands pat", StandPat("Bob")),
    "showdown": ("showdown", Showdown()),
    "show": ("Dee shows Q♠ Q♥", Show("Dee", cards("Qs Qh"))),
    "muck": ("Bob mucks", Muck("Bob")),
    "show_openers": ("Cy shows openers J♠ J♦", ShowOpeners("Cy", cards("Js Jd"))),
    "split_openers": ("Cy splits openers, keeps J♠ J♦ aside", SplitOpeners("Cy", cards("Js Jd"))),
    "declare": ("Bob declares two pair", Declare("Bob", "two pair")),
    "says": ('Ann says "bet 5"', Says("Ann", "bet 5")),
    "dealer_exposes_players": (
        "dealer exposes Bob's 7♣",
        (CardExposed("dealer", Card.parse("7c"), owner="Bob", by_dealer=True),),
    ),
    "dealer_exposes": ("dealer exposes 9h", (CardExposed("dealer", Card.parse("9h"), by_dealer=True),)),
    "player_exposes": (
        "Bob exposes K♦ Q♦",
        (
            CardExposed("Bob", Card.parse("Kd"), owner="Bob"),
            CardExposed("Bob", Card.parse("Qd"), owner="Bob"),
        ),
    ),
    "player_exposes_players": ("Bob exposes Cy's K♦", (CardExposed("Bob", Card.parse("Kd"), owner="Cy"),)),
    "a_card": ("dealer exposes Cy's card", (CardExposed("dealer", UNKNOWN, owner="Cy", by_dealer=True),)),
    # cards in words, and lines that name a rank or a limit the referee cannot follow
    "card_said": ("Dee shows the 7 of hearts", Show("Dee", cards("7h"))),
    "ace": ("Dee shows ace of spades", Show("Dee", cards("As"))),
    "king": ("Dee shows the king of spades", Show("Dee", cards("Ks"))),
    "queen": ("Dee shows queen of hearts", Show("Dee", cards("Qh"))),
    "jack": ("Dee shows jack of diamonds", Show("Dee", cards("Jd"))),
    "deuce": ("Dee shows deuce of clubs", Show("Dee", cards("2c"))),
    "trey": ("Dee shows trey of clubs", Show("Dee", cards("3c"))),
    "spades": ("Dee shows seven of spades", Show("Dee", cards("7s"))),
    "hearts": ("Dee shows seven of hearts", Show("Dee", cards("7h"))),
    "diamonds": ("Dee shows the 10 of diamonds", Show("Dee", cards("Td"))),
    "clubs": ("Dee shows her own ten of clubs", Show("Dee", cards("Tc"))),
    "rank_only": ("Bob shows an ace", LineSlip),
    "open_with": ("Ann opened for 2 with a pair of tens", Open("Ann", D(2), claimed="a pair of tens")),
    "open_no_amount": ("Ann opened with a pair of tens", LineSlip),
    "jackpot_limit": ("limit: jackpot", LineSlip),
    "keep_draw_count": ("Bob keeps A♠, draws 4", Draw("Bob", 4)),
    # the pot taken, a hand's count put right, the discards reshuffled
    "pot_collected": ("Ann takes the pot", PotCollected("Ann")),
    "surplus_returned": ("Bob throws back 4♣", SurplusReturned("Bob", cards("4c"))),
    "card_given": ("dealer deals Bob 9♦", CardGiven("Bob", cards("9d"))),
    "given_cards": ("dealer gives Bob 9d 8d", CardGiven("Bob", cards("9d 8d"))),
    "one_unseen": ("dealer gives Bob another card", CardGiven("Bob", (UNKNOWN,))),
    "unseen_count": ("dealer gave Bob 2 more cards", CardGiven("Bob", (UNKNOWN, UNKNOWN))),
    "reshuffle": ("the dealer reshuffles the discards", Reshuffle()),
    "reshuffle_by": ("Dee shuffles the discards", Reshuffle()),
    "call_more": ("Bob calls 2 more", Call("Bob", D(2))),
    "player_exposes_dealing": (
        "Bob flashed 7h while dealing to Cy",
        (CardExposed("Bob", Card.parse("7h"), owner="Cy"),),
    ),
    "face_up_in_pack": ("card face up in pack: 4h", CardFaceUpInPack(Card.parse("4h"))),
    "widow": ("widow: 7♥", Widow(Card.parse("7h"))),
    "cut_not_offered": ("cut not offered", CutIrregularity(CutProblem.NOT_OFFERED)),
    "deck_not_cut": ("deck not cut", CutIrregularity(CutProblem.NOT_CUT)),
    "exposed_in_cut": ("card exposed in cut", CutIrregularity(CutProblem.EXPOSED_IN_CUT)),
    "was_dealt": ("Bob was dealt 6 cards", WrongCardCount("Bob", 6)),
    "has_cards": ("Bob has 4 cards", WrongCardCount("Bob", 4, dealt=False)),
    "duplicate_card": ("duplicate card found: 7c", DuplicateCard(Card.parse("7c"))),
    "duplicate_cards": ("there are two 7♣ in the deck", DuplicateCard(Card.parse("7c"))),
    "check_to": ("Ann checks to Bob", Check("Ann")),
    "bet_into": ("Bob bets 4 into Cy", Bet("Bob", D(4))),
    "call_the_bet": ("Ann sees the raise", Call("Ann")),
    "dealer_exposed_players": (
        "Ann's ace of clubs was exposed by the dealer",
        (CardExposed("dealer", Card.parse("Ac"), owner="Ann", by_dealer=True),),
    ),
    "players_exposed_by": (
        "Cy's 7h was flashed by Bob",
        (CardExposed("Bob", Card.parse("7h"), owner="Cy"),),
    ),
    "wrong_dealer": ("wrong dealer: Bob", WrongDealer("Bob")),
    "misdeal": ("misdeal", MisdealCalled()),
    "redeal": ("redeal", NewDeal("redeal")),
    "new_deal": ("new deal", NewDeal("new deal")),
    "note": ("note: free  text", Note("free text")),
    "name": ("Big_Al checks", Check("Big_Al")),
    "quoted_name": ('"Aunt  May " checks', Check("Aunt May")),
    "cards": ("Bob shows As Ks", Show("Bob", cards("As Ks"))),
    "card": ("duplicate card found: 10♥", DuplicateCard(Card.parse("Th"))),
    "amount": ("Dee bets $2.50", Bet("Dee", D("2.50"))),
    "word_amount": ("Dee bets two chips", Bet("Dee", D(2))),
    "number_word": ("Dee bets TWO", Bet("Dee", D(2))),
    "digit_count": ("Dee draws 2 cards", Draw("Dee", 2)),
    "word_count": ("Dee drew three", Draw("Dee", 3)),
    "one_card": ("Dee takes a card", Draw("Dee", 1)),
    "raise_by_to": ("Dee raises 2 to 4", Raise("Dee", D(2), total=D(4))),
    "bet_completed": ("Bob completes his bet", BetCompletion("Bob")),
    "bet_not_completed": ("Bob doesn't complete", BetCompletion("Bob", completed=False)),
    "dealt_by": ("Dan deals", DealtBy("Dan")),
    "draw_request": ("Bob asks for three", DrawRequest("Bob", 3)),
    "draw_request_count": ("Bob asked for 3, got 2", (DrawRequest("Bob", 3), Draw("Bob", 2))),
    "draw_request_cards": (
        "Bob asked for 2 but got Kh",
        (DrawRequest("Bob", 2), Draw("Bob", 1, received=cards("Kh"))),
    ),
    "draw_changed": ("Bob changes his draw to 2", DrawRequestChanged("Bob", 2)),
    "draw_count_asked": ("Ann asks Bob how many he drew", DrawCountAsked("Ann", "Bob")),
    "draw_count_answered": ("Bob says he drew 2", DrawCountAnswered("Bob", 2)),
    "draw_count_refused": ("Bob won't say", DrawCountRefused("Bob")),
    "openers_keep_asked": ("Ann asks Cy to keep his openers", OpenersKeepAsked("Ann", "Cy")),
    "stack_added": ("Ann buys in for 50", StackChanged("Ann", D(50))),
    "stack_taken": ("Ann takes off 10 chips", StackChanged("Ann", D(10), added=False)),
    "discards_picked_up": ("Bob picks up his discards", DiscardsPickedUp("Bob")),
    "looks_at_cards": ("Bob looked at the cards", LooksAtCards("Bob")),
    "openers_not_shown": ("Mike can't show openers", OpenersNotShown("Mike")),
    "misdeal_by": ("Bob calls a misdeal", MisdealCalled("Bob")),
    "hands_dealt": ("dealer dealt 5 hands", HandsDealt(count=5)),
    "hands_too_many": ("a hand too many was dealt", HandsDealt(extra=1)),
    "hands_too_few": ("the dealer dealt two hands too few", HandsDealt(extra=-2)),
    "too_many_hands": ("too many hands were dealt", HandsDealt(extra=1)),
    "too_few_hands": ("too few hands dealt", HandsDealt(extra=-1)),
}


def grammar_rule_names() -> set[str]:
    """Every rule and alias of the grammar that builds a value (helpers and inlined rules aside)."""
    names = set()
    for rule in tree_parser().rules:
        name = rule.alias or rule.origin.name
        if (
            isinstance(name, str)
            and not name.startswith("_")
            and not (rule.options.expand1 and not rule.alias)
        ):
            names.add(name)
    return names


def test_every_grammar_rule_has_a_transformer_method() -> None:
    unhandled = {name for name in grammar_rule_names() if not callable(getattr(ToEvents, name, None))}
    assert not unhandled, f"rules without a ToEvents method: {sorted(unhandled)}"


def test_every_grammar_rule_has_a_sample_below() -> None:
    missing = grammar_rule_names() - set(RULE_SAMPLES)
    assert not missing, f"rules without a test sample: {sorted(missing)}"


def _rules_used(tree: Tree[Token]) -> set[str]:
    return {str(subtree.data) for subtree in tree.iter_subtrees()}


@pytest.mark.parametrize("rule", sorted(RULE_SAMPLES))
def test_rule(rule: str) -> None:
    line, expected = RULE_SAMPLES[rule]
    assert rule in _rules_used(tree_parser().parse(line)), f"{line!r} does not exercise {rule}"
    if isinstance(expected, type) and issubclass(expected, Exception):
        with pytest.raises(expected):  # the line reads, but can be no event: said so, with a hint
            parser().parse(line)
        return
    assert parser().parse(line) == expected


def test_keywords_list_is_the_grammars() -> None:
    in_grammar = set()
    for terminal in tree_parser().terminals:
        if isinstance(terminal.pattern, PatternStr) and terminal.pattern.value[0].isalpha():
            in_grammar.add(terminal.pattern.value.lower())
        elif terminal.name.startswith("_W"):  # a word with a mark in it (`re-deal`, `can't`)
            in_grammar.add(re.sub(r"\\(.)", r"\1", terminal.pattern.value.split("(?!")[0]).lower())
    assert in_grammar == KEYWORDS


def test_the_grammar_uses_every_entry_of_the_table_of_words() -> None:
    # that each spelling reads where its verb stands is tests/test_phrasings.py's business
    for key in VERBS:
        assert f"_v_{key}" in loggrammar.grammar_file_text(), f"the grammar never uses the words of {key}"


def test_header_keys_are_the_grammars() -> None:
    for key in HEADER_KEYS:
        assert f'"{key}"i ":"' in loggrammar.grammar_text()


def test_fast_path_card_spellings_are_the_grammars() -> None:
    for spelling, card in CARD_WORDS.items():
        assert parser().parse(f"duplicate card found: {spelling}") == DuplicateCard(card), spelling


def test_grammar_is_package_data() -> None:
    shipped = importlib.resources.files("referee.grammar") / loggrammar.GRAMMAR_FILE
    assert shipped.is_file()
    assert loggrammar.grammar_file_text() == shipped.read_text(encoding="utf-8")
    assert loggrammar.grammar_text().startswith(loggrammar.grammar_file_text())


def test_the_grammar_has_no_conflicts() -> None:
    """Every line has one reading: LALR resolves nothing by guessing (Lark reports each conflict)."""
    import logging

    from lark import logger

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        Lark(loggrammar.grammar_text(), parser="lalr", lexer="contextual", debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert not [record.getMessage() for record in records if "onflict" in record.getMessage()]


def _fresh_parser() -> Lark:
    return loggrammar.parser.__wrapped__()


def test_cache_is_written_and_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    _fresh_parser()
    (cache,) = (tmp_path / "referee").iterdir()
    assert cache.stat().st_size > 0
    assert _fresh_parser().parse("Ann checks") == Check("Ann")


def test_an_unusable_cache_never_stops_a_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(not_a_directory))
    monkeypatch.setattr(sys, "platform", "linux")
    assert _fresh_parser().parse("Ann checks") == Check("Ann")


def test_a_cache_path_taken_by_a_directory_or_junk_is_survived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    _fresh_parser()
    (target,) = (tmp_path / "referee").iterdir()  # where the cache is written
    target.unlink()
    target.mkdir()
    assert _fresh_parser().parse("Ann folds") == Fold("Ann")
    target.rmdir()
    target.write_bytes(b"junk\n\x00\x01")
    assert _fresh_parser().parse("Ann folds") == Fold("Ann")


def test_importing_the_reader_does_not_import_lark() -> None:
    code = "import sys, referee.log; sys.exit('lark' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
