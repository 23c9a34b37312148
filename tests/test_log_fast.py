"""The fast path answers only for lines the grammar accepts, and with the very same event."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from referee.cards import CardError
from referee.events import Event
from referee.log.fast import CARD_WORDS_READ as CARD_WORDS
from referee.log.fast import fast_line
from referee.log.grammar import parser
from referee.log.tokens import LineSlip
from referee.log.words import KEYS_BY_PHRASE, KEYWORDS, NUMBERS, UNITS
from tests.helpers import short_and_full

REJECTED = "rejected"

NAMES = [
    *("Ann", "Bob", "Big_Al", "José", "x1", "Deal", "In", "As", "Ash", "Pot", "_x", "1x"),
    *('"Aunt May"', '"Big  Al"', '""', '"Dee"\'s', '"Ann'),  # quoted, spaced, empty, possessive, unclosed
]
AMOUNTS = ["2", "0.25", "$5", "$2.50", "25c", "10C", "-1", "0", "2.", ".5", "1-5", "2/4", "$-1", "1e3", "٣"]
AMOUNTS += ["999999999999999.999999", "1000000000000000", "0.000001", "0.0000001", "0.00001c", "1" + "0" * 28]
AMOUNTS += ["£2", "2€", "€2.50", "1,000", "1,00", "1,000,000", "$1,000.50", "25¢", "2.", "-£1", "£-1", "2£c"]
AMOUNTS += ["1,000,000,000,000,000", "two", "Seven", "2 chips", "3 DOLLARS"]
COUNTS = [
    "0",
    "1",
    "3",
    "12",
    "007",
    "1234567",
    "99999",
    "three",
    "Seven",
    "a card",
    "3 cards",
    "two card",
    "٣",
]
# Every spelling of every verb of the table of words, as players write them.
TABLE = sorted(" ".join(phrase) for phrase in KEYS_BY_PHRASE)
CARDS = sorted(CARD_WORDS)
BAD_CARDS = ["1s", "Ax", "11c", "T", "s", "???", "Jkr", "10", "Aſ", "\u212as"]
PUNCTUATION = [",", ":", "'s", "’s", "#", '"', "/", "-", "  ", "\t", "by", "dealer"]
HEADER_VALUES = [
    "pot",
    "no-limit",
    "Table-Stakes",
    "jacks-or-better",
    "Ann, Bob",
    "Ann 40, Bob 40",
    "4 by dealer",
]


def _case(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from([word, word.upper(), word.capitalize(), word.lower()])


words = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(sorted(KEYWORDS)).flatmap(_case),
    st.sampled_from(TABLE).flatmap(_case),
    st.sampled_from([*NUMBERS, *UNITS]),
    st.sampled_from(AMOUNTS),
    st.sampled_from(COUNTS),
    st.sampled_from(CARDS),
    st.sampled_from(BAD_CARDS),
    st.sampled_from(PUNCTUATION),
    st.sampled_from(HEADER_VALUES),
    st.sampled_from([w + "," for w in CARDS[:40]] + ["2s,", "8c,"]),
)
separators = st.sampled_from([" ", " ", " ", "  ", "\t", "", " , ", "\f", "\xa0", "\v"])

TEMPLATES = [
    "{name} {verb}",
    "{name} {verb} {amount}",
    "{name} raises to {amount}",
    "{name} is dealt {cards}",
    "{name} shows {cards}",
    "{name} draws {count}",
    "{name} draws {cards}",
    "{name} discards {cards}",
    "{name} discards {cards}, draws {count}",
    "{name} discards {cards} draws {cards}",
    "{name} discards {cards} , draws {cards}",
    "{name} stands pat",
    "{keyword}",
    "new deal",
    "{header}: {value}",
    "seats: {name}, {name}, {name}",
    "stacks: {name} {amount}, {name} {amount}",
    "limit: {amount}/{amount}",
    "limit: {amount} - {amount}",
    "ante: {amount} by dealer",
    "title: {name} {verb} {amount}",
    "game: {name}",
    "game: {name} {name}",
    "{name} {table}",
    "{name} {table} {amount}",
    "{name} {table} {count}",
    "{name} {table} {cards}",
    "{name} {table} to {amount}",
    "{name} {table} {amount} to {amount}",
    "{name} {table} {cards}, {table} {count}",
    "{table}",
    "{table}!",
    "{name} {table}.",
    '{name} says "{name} {amount}"',
    '{name} {table} "{table} {count}"',
    '{name} said"{name}" {name}',
    '{name} says "{name}"!',
    "note: {name} {verb} {amount}",
    "NOTE :{name}",
    "{name} {table} it {amount}",
    "{name} {table} it to {amount}",
    "{name} {table} it for {amount}",
    "{name} {table} for {amount}",
    "{name} {table} by {amount}",
    "{name} {table} it",
    "{name} {table} it it by {amount}",
    "{name} {table} {cards} and {table} {count}",
    "{name} {table} {cards}, and {table} {cards}",
]
VERBS = ["checks", "passes", "folds", "drops", "calls", "mucks", "antes", "bets", "opens", "raises", "draws"]
VERBS += ["bet", "checked", "sees", "stays", "knocks", "bumps", "re-raises", "takes", "drew", "stood pat"]


@st.composite
def template_lines(draw: st.DrawFn) -> str:
    template = draw(st.sampled_from(TEMPLATES))
    card_list = st.lists(st.sampled_from(CARDS + BAD_CARDS[:3]), min_size=0, max_size=7).map(" ".join)
    fill = {
        "name": lambda: draw(st.sampled_from(NAMES)),
        "verb": lambda: draw(st.sampled_from(VERBS).flatmap(_case)),
        "amount": lambda: draw(st.sampled_from(AMOUNTS)),
        "count": lambda: draw(st.sampled_from(COUNTS)),
        "cards": lambda: draw(card_list),
        "keyword": lambda: draw(
            st.sampled_from(["antes", "deal", "draw", "showdown", "misdeal", "redeal", "Bob"])
        ),
        "header": lambda: draw(
            st.sampled_from(["seats", "dealer", "ante", "limit", "stacks", "rake", "game"])
        ),
        "value": lambda: draw(st.sampled_from(HEADER_VALUES + NAMES + AMOUNTS)),
        "table": lambda: draw(st.sampled_from(TABLE).flatmap(_case)),
    }
    line = template
    while "{" in line:
        start = line.index("{")
        end = line.index("}", start)
        line = line[:start] + fill[line[start + 1 : end]]() + line[end + 1 :]
    return line


random_lines = st.lists(words, min_size=1, max_size=8).flatmap(
    lambda parts: st.lists(separators, min_size=len(parts), max_size=len(parts)).map(
        lambda seps: "".join(sep + part for sep, part in zip(seps, parts, strict=True)).lstrip(" \t\f")
    )
)


def by_grammar(line: str) -> object:
    try:
        read = parser().parse(line)
    except (UnexpectedInput, LineSlip, CardError):
        return REJECTED
    if isinstance(read, tuple) and len(read) == 1:
        return read[0]  # a line of one card exposed: the reader adds the one event either way
    return read


def assert_fast_path_agrees(line: str) -> None:
    fast = fast_line(line, 7, 3)
    if fast is None:
        return
    assert by_grammar(line) == fast, line
    if isinstance(fast, Event):
        assert (fast.line, fast.column) == (7, 3)


@short_and_full(500, 3000)
def test_fast_path_agrees_with_the_grammar(cases: int) -> None:
    @settings(max_examples=cases, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(st.one_of(template_lines(), random_lines))
    def agrees(line: str) -> None:
        assert_fast_path_agrees(line)

    agrees()


@pytest.mark.parametrize(
    "line",
    [
        "Ann checks",
        "Bob bets 2",
        "Bob bets2",
        "Bob bet 2 chips",
        "Bob sees",
        "Cy stays",
        "Cy stays pat",
        "Cy stood   pat",
        "Ann goes all-in",
        "Ann is all in for 7",
        "Ann bets £2",
        "Ann bets 2€",
        "Ann bets 1,000",
        "stacks: Ann 1,000, Bob 40",
        "limit: 1,000/2,000",
        "Cy draws three",
        "Cy draws 3 cards",
        "Cy takes 3",
        "Cy discards 8c 4h, takes 2",
        "Cy is dealt 6 cards",
        "Cy got 6 cards",
        "re-deal",
        "the deal",
        "antes",
        "Dee antes 4",
        "draw",
        "Misdeal!",
        "game: Jacks or Better",
        'Ann says "I\'m out"',
        'Ann said "bet # 5"',
        'Ann says ""',
        'Deal says "x"',
        'Ann says "x" "y"',
        "note: Cy asked for time",
        "note:",
        "Note:  two  words ",
        "Deal checks",
        "In checks",
        "Cy discards 8c 4h 2s, draws 3",
        "Cy discards 8c 4h 2s ,draws 3",
        "Cy discards 8c, 4h draws 3",
        "Ann is dealt ?? ?? ?? ?? ??",
        "Dee draws J♥ 5c",
        "Dee draws 1234567",
        "seats: Ann, Bob, Cy",
        "seats: Ann,, Bob",
        "stacks: Ann 40, Bob 40",
        "limit: 1--5",
        "limit: -1-5",
        "limit: 2/4/6",
        "ante: 4 BY Dealer",
        "title: Friday: hand 12",
        "game: a b",
        "rake: 0",
        "rake: 1000000000000000",
        "Bob bets 0.0000001",
        "new deal",
        "NEW DEAL",
        "redeal",
    ],
)
def test_known_lines(line: str) -> None:
    assert_fast_path_agrees(line)


def test_the_fast_path_answers_for_the_common_lines() -> None:
    common = [
        "Ann checks", "Bob bets 2", "Cy raises to 8", "Dee calls", "deal", "draw", "showdown", "antes",
        "Cy discards 8c 4h 2s, draws 3", "Ann is dealt ?? ?? ?? ?? ??", "Dee shows Q♠ Q♥ Q♣ 7d 7s",
        "seats: Ann, Bob, Cy, Dee", "dealer: Dee", "ante: 1", "limit: 2/4", "stacks: Ann 40, Bob 40",
        "game: jacks-or-better", "rulebook: scarne", "title: Friday game, hand 12",
        "Ann bet 2", "Bob checked", "Bob sees", "Cy stays", "Ann knocks", "Dee called", "Bob raised 2",
        "Bob stood pat", "Cy drew 3", "Cy takes three", "Ann goes all-in", "Dee showed Q♠ Q♥ Q♣ 7d 7s",
        "Ann bets 2 chips", "Dee antes 4", "Bob folded", "re-deal", "new deal", "misdeal",
        'Ann says "I\'m out"', 'Bob said "give me three"', "note: Cy asked for time",
    ]  # fmt: skip
    for line in common:
        assert fast_line(line, 1, 1) is not None, line
        assert_fast_path_agrees(line)


def test_every_event_field_is_compared() -> None:
    # positions are out of equality on purpose; everything else must match
    assert [f.name for f in fields(Event) if not f.compare] == ["line", "column"]


def test_other_space_is_every_space_but_the_three_the_grammar_allows() -> None:
    """The fast path's single-class patterns stand for ``[^\\S \\t\\f]|[...]``: OTHER_SPACE must be
    exactly the characters ``\\s`` matches but a space, a tab and a form feed."""
    import re
    import sys

    from referee.log.fast import OTHER_SPACE

    written = re.compile(f"[{OTHER_SPACE}]")
    meant = re.compile(r"[^\S \t\f]")
    differ = [
        hex(code)
        for code in range(sys.maxunicode + 1)
        if bool(written.fullmatch(chr(code))) != bool(meant.fullmatch(chr(code)))
    ]
    assert differ == []
