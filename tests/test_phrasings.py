"""A log players can write: the hand in their own words, every line meaning something.

``tests/data/phrasings.txt`` holds lines as players type them after a hand (``Ann bet 2``, ``Bob
sees``, ``Cy stays``, ``dealer flashed Bob's 8h``), each with the canonical line it means. Here
``fmt`` of each gives its canonical line, the canonical line reads back to the same events, and
the fast path gives what the grammar gives. Every spelling of the table of words reads where
its verb stands; hints name only words of that table; words said aloud read into a typed
meaning, and words that cannot be read are noted, never an error. Random text through ``check``
and ``fmt`` ends in exit 0 or 1, never a traceback.
"""

from __future__ import annotations

import re
from decimal import Decimal as D
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from typer.testing import CliRunner

from referee.cards import CardError
from referee.cli import app
from referee.errors import LogError, LogSyntaxError
from referee.events import (
    AllIn,
    Antes,
    Bet,
    BetCompletion,
    Call,
    CardExposed,
    Check,
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
    Event,
    Fold,
    LooksAtCards,
    MisdealCalled,
    Muck,
    NewDeal,
    Open,
    OpenersNotShown,
    Post,
    PotCollected,
    Raise,
    Reshuffle,
    Says,
    Show,
    Showdown,
    Speech,
    SpeechAction,
    SplitOpeners,
    StackChanged,
    StandPat,
    SurplusReturned,
    WrongCardCount,
)
from referee.log import format_log, parse_log, read_speech
from referee.log.fast import fast_line
from referee.log.grammar import parser
from referee.log.tokens import LineSlip
from referee.log.words import SLIPS, VERBS, spellings, table_words
from tests.helpers import short_and_full

DATA = Path(__file__).parent / "data" / "phrasings.txt"
HEADER = 'seats: Ann, Bob, Cy, Dee, Mike, Dan, "Aunt May"\ndealer: Dee\n'
SEPARATOR = "  =>  "


def _pairs() -> list[tuple[str, str]]:
    pairs = []
    for raw in DATA.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            natural, canonical = raw.split(SEPARATOR)
            pairs.append((natural, canonical))
    return pairs


PAIRS = _pairs()


def events_of(line: str) -> tuple[Event, ...]:
    return parse_log(HEADER + line).events


def printed(line: str) -> str:
    """The canonical line ``fmt`` prints for one line of a log."""
    return format_log(parse_log(HEADER + line)).splitlines()[-1]


def test_the_phrasings_are_many_and_each_once() -> None:
    naturals = [natural for natural, _ in PAIRS]
    assert len(naturals) >= 400
    assert len(set(naturals)) == len(naturals)
    assert sum(natural != canonical for natural, canonical in PAIRS) >= 120


@pytest.mark.parametrize(("natural", "canonical"), PAIRS, ids=[natural for natural, _ in PAIRS])
def test_fmt_prints_the_canonical_line(natural: str, canonical: str) -> None:
    read = events_of(natural)
    assert printed(natural) == canonical
    assert events_of(canonical) == read
    assert printed(canonical) == canonical


def by_grammar(line: str) -> object:
    try:
        read = parser().parse(line)
    except (UnexpectedInput, LineSlip, CardError):
        return "rejected"
    if isinstance(read, tuple) and len(read) == 1:
        return read[0]  # a line of one card exposed: the reader adds the one event either way
    return read


@pytest.mark.parametrize(("natural", "canonical"), PAIRS, ids=[natural for natural, _ in PAIRS])
def test_the_fast_path_gives_what_the_grammar_gives(natural: str, canonical: str) -> None:
    for line in (natural, canonical):
        fast = fast_line(line, 1, 1)
        if fast is not None:
            assert by_grammar(line) == fast, line


def test_the_fast_path_answers_for_the_commonest_natural_lines() -> None:
    common = ["Ann bet 2", "Bob checked", "Cy sees", "Dee stays", "Ann knocks", "Bob raised 4", "Cy drew 3",
              "Cy took three", "Bob stood pat", "Ann folded", "Dee called", "Bob goes all-in"]  # fmt: skip
    for line in common:
        assert fast_line(line, 1, 1) is not None, line


# --- every spelling of the table reads where its verb stands -----------------------------------------

# For each entry of the table: a line with `{}` where the verb stands, and the event it makes.
WHERE: dict[str, tuple[str, type[Event]]] = {
    "ante": ("Dee {} 4", Antes),
    "post": ("Bob {} small blind 1", Post),
    "dealt": ("Cy {} Js Jd 8c 4h 2s", DealtCards),
    "dealt_count": ("Bob {} 6 cards", WrongCardCount),
    "has": ("Bob {} 6 cards", WrongCardCount),
    "deals": ("Dan {}", DealtBy),
    "check": ("Ann {}", Check),
    "bet": ("Ann {} 2", Bet),
    "open": ("Cy {} 2", Open),
    "call": ("Dee {}", Call),
    "raise": ("Dee {} 4", Raise),
    "make_it": ("Dee {} 8", Raise),
    "fold": ("Ann {}", Fold),
    "all_in": ("Bob {}", AllIn),
    "complete": ("Bob {}", BetCompletion),
    "not_complete": ("Bob {}", BetCompletion),
    "discard": ("Cy {} 8c 4h", Discard),
    "draw": ("Cy {} 3", Draw),
    "given": ("Bob asked for 3, {} 2", Draw),
    "stand_pat": ("Bob {}", StandPat),
    "ask_for": ("Bob {} 3", DrawRequest),
    "change": ("Bob {} his draw to 2", DrawRequestChanged),
    "pick_up": ("Bob {} his discards", DiscardsPickedUp),
    "look": ("Bob {} his cards", LooksAtCards),
    "show": ("Dee {} Qs Qh Qc 7d 7s", Show),
    "muck": ("Bob {}", Muck),
    "split": ("Cy {} openers, keeps Js Jd aside", SplitOpeners),
    "keep": ("Cy splits openers, {} Js Jd aside", SplitOpeners),
    "declare": ("Bob {} two pair", Declare),
    "say": ('Ann {} "call"', Says),
    "answer": ("Bob {} 2", DrawCountAnswered),
    "ask": ("Ann {} Bob how many he drew", DrawCountAsked),
    "refuse_answer": ("Bob {}", DrawCountRefused),
    "add_chips": ("Ann {} 20", StackChanged),
    "take_off": ("Ann {} 10", StackChanged),
    "not_show": ("Mike {} openers", OpenersNotShown),
    "expose": ("dealer {} Bob's 7c", CardExposed),
    "call_misdeal": ("Bob {}", MisdealCalled),
    "dealer": ("{} exposes Bob's 7c", CardExposed),
    "everyone_antes": ("{}", Antes),
    "deal": ("{}", Deal),
    "draw_phase": ("{}", DrawPhase),
    "showdown": ("{}", Showdown),
    "misdeal": ("{}", MisdealCalled),
    "redeal": ("{}", NewDeal),
    "new_deal": ("{}", NewDeal),
    "collect": ("Ann {}", PotCollected),
    "return": ("Bob {} 4c", SurplusReturned),
    "pot_collected": ("{}", PotCollected),
    "reshuffle": ("{}", Reshuffle),
}


def test_every_entry_of_the_table_has_a_place_here() -> None:
    assert set(WHERE) == set(VERBS)


SPELLINGS = [
    (key, spelling) for key, verb in VERBS.items() for word in verb.words() for spelling in spellings(word)
]


@pytest.mark.parametrize(("key", "spelling"), SPELLINGS, ids=[f"{key}:{word}" for key, word in SPELLINGS])
def test_every_spelling_of_the_table_reads(key: str, spelling: str) -> None:
    template, kind = WHERE[key]
    for written in (spelling, spelling.upper(), spelling.capitalize()):
        line = template.format(written)
        read = events_of(line)
        assert isinstance(read[-1], kind), line
        assert events_of(printed(line)) == read, line


def test_the_printer_writes_the_canonical_word() -> None:
    assert printed("Bob sees") == f"Bob {VERBS['call'].canonical}"
    assert printed("Ann knocked") == f"Ann {VERBS['check'].canonical}"
    assert printed("Bob stood pat") == f"Bob {VERBS['stand_pat'].canonical}"


# --- hints come from the table ------------------------------------------------------------------------

_SUGGESTED = re.compile(r"did you mean `([^`]*)`\?")
ALLOWED = set(table_words()) | set(SLIPS.values()) | {"deal", "draw"}


@pytest.mark.parametrize(
    ("word", "suggestion", "line"),
    [
        ("stya", "stay", "Bob calls 2"),
        ("takse", "take", "Bob draws 2"),
        ("seees", "sees", "Bob calls 2"),
        ("kncoks", "knocks", "Bob checks"),
    ],
)
def test_a_near_miss_is_told_the_whole_line_and_what_the_word_means(
    word: str, suggestion: str, line: str
) -> None:
    with pytest.raises(LogSyntaxError) as caught:
        parse_log(HEADER + f"Bob {word} {'' if suggestion == 'knocks' else '2'}")
    hint = caught.value.problems[0].hint
    assert hint.startswith(f"did you mean `{line}`?"), hint
    verb = next(verb for verb in VERBS.values() if suggestion in verb.synonyms)
    assert f"`{suggestion}` means `{verb.canonical}`" in hint


def test_a_near_miss_that_no_word_makes_read_is_told_no_word() -> None:
    # `Bob flashes 2` does not read either: the word alone (`flashes`) would not make the line
    # read, so it is not suggested; the message says what was expected.
    with pytest.raises(LogSyntaxError) as caught:
        parse_log(HEADER + "Bob flahses 2")
    problem = caught.value.problems[0]
    assert "did you mean" not in problem.hint
    assert "expected an action" in problem.message


def test_the_words_players_were_refused_now_read() -> None:
    assert events_of("Bob flashes K♥") == (
        CardExposed("Bob", events_of("Bob exposes Kh")[0].card, owner="Bob"),
    )
    assert events_of("Cy stays") == (Call("Cy"),)
    assert events_of("Ann takes 3") == (Draw("Ann", 3),)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_regex(r"[a-z][a-z'-]{1,12}", fullmatch=True))
def test_hints_only_ever_name_words_of_the_table(word: str) -> None:
    try:
        parse_log(HEADER + f"Bob {word} 2")
    except (LogSyntaxError, LogError) as error:
        for problem in error.problems:
            for suggestion in _SUGGESTED.findall(problem.hint):
                if " " in suggestion and suggestion not in ALLOWED:  # a whole line: it reads
                    assert parse_log(HEADER + suggestion).events, problem.hint
                    continue
                assert suggestion in ALLOWED or suggestion in ("Bob", "Ann", "Cy", "Dee"), problem.hint


# --- speech --------------------------------------------------------------------------------------------

SPOKEN = [
    ("I open for 3", Speech(SpeechAction.OPEN, D(3))),
    ("open", Speech(SpeechAction.OPEN)),
    ("I bet 3", Speech(SpeechAction.BET, D(3))),
    ("bet 3", Speech(SpeechAction.BET, D(3))),
    ("Bet five.", Speech(SpeechAction.BET, D(5))),
    ("bet $2.50", Speech(SpeechAction.BET, D("2.50"))),
    ("call", Speech(SpeechAction.CALL)),
    ("I'll see you", Speech(SpeechAction.CALL)),
    ("I’m in", Speech(SpeechAction.CALL)),
    ("raise 2", Speech(SpeechAction.RAISE, D(2))),
    ("raise it to 8", Speech(SpeechAction.RAISE, D(8), to=True)),
    ("raise 2 to 4", Speech(SpeechAction.RAISE, D(2), total=D(4))),
    ("bump it 2", Speech(SpeechAction.RAISE, D(2))),
    ("check", Speech(SpeechAction.CHECK)),
    ("I pass", Speech(SpeechAction.CHECK)),
    ("knock", Speech(SpeechAction.CHECK)),
    ("fold", Speech(SpeechAction.FOLD)),
    ("I'm out", Speech(SpeechAction.FOLD)),
    ("all in", Speech(SpeechAction.ALL_IN)),
    ("pat", Speech(SpeechAction.STAND_PAT)),
    ("I'll play these", Speech(SpeechAction.STAND_PAT)),
    ("I stand pat", Speech(SpeechAction.STAND_PAT)),
    ("give me three", Speech(SpeechAction.DRAW, count=3)),
    ("draw 3", Speech(SpeechAction.DRAW, count=3)),
    ("I'll take two cards, please", Speech(SpeechAction.DRAW, count=2)),
    ("three", Speech(SpeechAction.DRAW, count=3)),
    ("one card", Speech(SpeechAction.DRAW, count=1)),
    ("make it two", Speech(SpeechAction.DRAW, count=2)),
    ("make that one card", Speech(SpeechAction.DRAW, count=1)),
    ("I drew 2", Speech(SpeechAction.DREW, count=2)),
    ("took three", Speech(SpeechAction.DREW, count=3)),
]


@pytest.mark.parametrize(("said", "meaning"), SPOKEN, ids=[said for said, _ in SPOKEN])
def test_speech_is_read_into_its_meaning(said: str, meaning: Speech) -> None:
    assert read_speech(said) == meaning
    (says,) = events_of(f"Ann says “{said}”")
    assert isinstance(says, Says) and says.meaning == meaning


@pytest.mark.parametrize("said", ["nice hand", "hmm", "fold, no wait, call", "raise a lot", "I drew", ""])
def test_speech_that_cannot_be_read_is_noted_not_refused(said: str) -> None:
    log = parse_log(HEADER + f'Ann says "{said}"\nBob checks')
    assert read_speech(said) is None
    (says, _) = log.events
    assert isinstance(says, Says) and says.meaning is None
    (note,) = log.notes
    assert (note.line, note.column) == (3, 10)
    assert "change nothing" in note.message


def test_a_declaration_that_names_no_hand_is_noted() -> None:
    log = parse_log(HEADER + "Bob declares the nuts  # he said\nBob declares two pair, kings up")
    (note,) = log.notes
    assert (note.line, note.column, note.end_column) == (3, 14, 22)
    assert note.message == 'Bob declares "the nuts", which names no hand, so it changes nothing'


def test_check_prints_notes_and_passes(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    path.write_text(HEADER + 'Ann says "nice hand"\nAnn bet 2\nBob sees\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}: ok\n"
    assert f"{path}:3:10: note: Ann's words" in result.stderr
    assert '    Ann says "nice hand"\n             ^^^^^^^^^^^' in result.stderr


# --- the header's names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message", "hint"),
    [
        (
            "game: jacks",
            "'jacks' is not a game the referee knows",
            "did you mean `jacks-or-better` or `jacks-back`?",
        ),
        ("game: jacks-or-beter", "'jacks-or-beter' is not a game", "did you mean `jacks-or-better`?"),
        ("rulebook: scarn", "'scarn' is not a bundled rulebook", "did you mean `scarne`?"),
        (
            "rulebook: rules/house.yaml",
            "'rules/house.yaml' is not a bundled rulebook",
            "a .yaml file next to",
        ),
    ],
)
def test_check_refuses_an_unknown_game_or_rulebook_where_it_is_written(
    tmp_path: Path, line: str, message: str, hint: str
) -> None:
    path = tmp_path / "hand.log"
    path.write_text(f"{line}\n{HEADER}Ann checks\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:1:{line.index(':') + 3}: {message}" in result.stderr
    assert hint in result.stderr


@pytest.mark.parametrize(
    "lines",
    [
        "game: Jacks or Better\nrulebook: casino",
        "rulebook: house.yaml\ngame: my-own-game",
        "game: lowball",
        "rulebook: bicycle",
    ],
)
def test_check_passes_known_games_and_rulebook_files(tmp_path: Path, lines: str) -> None:
    path = tmp_path / "hand.log"
    path.write_text(f"{lines}\n{HEADER}Ann checks\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output


# --- never a traceback -------------------------------------------------------------------------------------

_PIECES = [
    *(" ".join(phrase.split()) for phrase in table_words()[::7]),
    "Ann", "Bob", '"Aunt May"', "“Cy”", "‘Dee’", "2", "£2", "2€", "1,000", "1,00", "three", "As", "K♥", "??",
    ",", ".", "!", ":", "#", "'s", "’s", "game:", "rulebook:", "seats:", "to", "for", "his", "a card",
    '"bet 5"',
]  # fmt: skip
_lines = st.lists(st.sampled_from(_PIECES), min_size=1, max_size=7).map(" ".join)
_texts = st.lists(st.one_of(_lines, st.text(max_size=30)), min_size=1, max_size=6).map("\n".join)


@short_and_full(40, 150)
def test_check_and_fmt_exit_0_or_1_never_a_traceback(cases: int) -> None:
    runner = CliRunner()

    @settings(max_examples=cases, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(_texts)
    def never_a_traceback(text: str) -> None:
        for command in ("check", "fmt"):
            result = runner.invoke(app, [command, "-"], input=HEADER + text)
            assert result.exit_code in (0, 1), (command, text, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit), (command, text)
            assert "Traceback" not in result.output

    never_a_traceback()
