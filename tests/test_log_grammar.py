"""The grammar itself: every rule has a handler and a test, keywords are listed, loading is safe."""

from __future__ import annotations

import importlib.resources
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.lexer import PatternStr

from referee import loggrammar
from referee.cards import Card, parse_cards
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    Call,
    CardExposed,
    CardFaceUpInPack,
    Check,
    CutIrregularity,
    CutProblem,
    Deal,
    DealtCards,
    Declare,
    Discard,
    Draw,
    DrawPhase,
    DuplicateCard,
    Fold,
    Limit,
    LimitKind,
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
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.logfast import CARD_WORDS
from referee.loggrammar import ToEvents, parser, tree_parser
from referee.logwords import HEADER_KEYS, KEYWORDS, HeaderItem


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
        CardExposed("dealer", Card.parse("7c"), owner="Bob", by_dealer=True),
    ),
    "dealer_exposes": ("dealer exposes 9h", CardExposed("dealer", Card.parse("9h"), by_dealer=True)),
    "player_exposes": ("Bob exposes K♦", CardExposed("Bob", Card.parse("Kd"), owner="Bob")),
    "player_exposes_players": ("Bob exposes Cy's K♦", CardExposed("Bob", Card.parse("Kd"), owner="Cy")),
    "face_up_in_pack": ("card face up in pack: 4h", CardFaceUpInPack(Card.parse("4h"))),
    "widow": ("widow: 7♥", Widow(Card.parse("7h"))),
    "cut_not_offered": ("cut not offered", CutIrregularity(CutProblem.NOT_OFFERED)),
    "deck_not_cut": ("deck not cut", CutIrregularity(CutProblem.NOT_CUT)),
    "exposed_in_cut": ("card exposed in cut", CutIrregularity(CutProblem.EXPOSED_IN_CUT)),
    "was_dealt": ("Bob was dealt 6 cards", WrongCardCount("Bob", 6)),
    "has_cards": ("Bob has 4 cards", WrongCardCount("Bob", 4, dealt=False)),
    "duplicate_card": ("duplicate card found: 7c", DuplicateCard(Card.parse("7c"))),
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
    assert parser().parse(line) == expected


def test_keywords_list_is_the_grammars() -> None:
    in_grammar = {
        terminal.pattern.value.lower()
        for terminal in tree_parser().terminals
        if isinstance(terminal.pattern, PatternStr) and terminal.pattern.value[0].isalpha()
    }
    assert in_grammar == KEYWORDS


def test_header_keys_are_the_grammars() -> None:
    for key in HEADER_KEYS:
        assert f'"{key}"i ":"' in loggrammar.grammar_text()


def test_fast_path_card_spellings_are_the_grammars() -> None:
    for spelling, card in CARD_WORDS.items():
        assert parser().parse(f"duplicate card found: {spelling}") == DuplicateCard(card), spelling


def test_grammar_is_package_data() -> None:
    shipped = importlib.resources.files("referee.grammar") / loggrammar.GRAMMAR_FILE
    assert shipped.is_file()
    assert loggrammar.grammar_text() == shipped.read_text(encoding="utf-8")


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
    target = Path(str(loggrammar._cache_file()))
    target.mkdir()
    assert _fresh_parser().parse("Ann folds") == Fold("Ann")
    target.rmdir()
    target.write_bytes(b"junk\n\x00\x01")
    assert _fresh_parser().parse("Ann folds") == Fold("Ann")


def test_importing_the_reader_does_not_import_lark() -> None:
    code = "import sys, referee.log; sys.exit('lark' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
