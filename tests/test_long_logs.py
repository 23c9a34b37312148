"""Long logs of one kind of line (issue 26): what makes them quick changes no output, and the work
a line costs does not grow with the lines before it.

Speed itself is measured by ``benchmarks/bench_long_logs.py``, never here; these tests count
operations (Python function calls) and compare outputs with the plain way of making them.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from types import FrameType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from referee.engine import rule_log
from referee.log import parse_log
from referee.report.money import money_lines
from referee.report.terminal import _RulingPanels, render, ruling_panel
from referee.report.words import void_lines
from referee.rulebook.decisions import FactsError, decide
from referee.rulebook.load import load_rulebook
from referee.ruling import Ruling
from tests.helpers import rule

HEADER = "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n\nantes\ndeal\n"
CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
PLAYERS = ("Ann", "Bob", "Cy", "Dee")
KINDS: dict[str, Callable[[int], str]] = {
    "dealer exposes": lambda n: f"dealer exposes {CARDS[n % 52]}",
    "player exposes": lambda n: f"Bob exposes {CARDS[n % 52]}",
    "wrong count": lambda n: f"{PLAYERS[n % 4]} was dealt 6 cards",
    "says": lambda n: f'{PLAYERS[n % 4]} says "bet 2"',
    "redeal": lambda n: "redeal",
    "stack change": lambda n: f"{PLAYERS[n % 4]} adds 20",
    "new deal": lambda n: "antes\ndeal\nnew deal" if n % 3 == 0 else "",
    "completes": lambda n: f"{PLAYERS[n % 4]} completes his bet",
    "declares open": lambda n: f"{PLAYERS[n % 4]} declares the pot open",
    "raise and calls": lambda n: f"{PLAYERS[n % 4]} raises 2" if n % 4 == 0 else f"{PLAYERS[n % 4]} calls",
    "comment": lambda n: f"# remark {n}",
}


def long_log(kind: str, count: int) -> str:
    return HEADER + "\n".join(KINDS[kind](n) for n in range(count)) + "\n"


def reference_rulings(console: Console, rulings: list[Ruling], explain: bool) -> None:
    for ruling in rulings:
        console.print(ruling_panel(ruling, explain=explain))


def consoles(width: int, color: bool) -> tuple[Console, Console, io.StringIO, io.StringIO]:
    first, second = io.StringIO(), io.StringIO()
    make = {"width": width, "color_system": "truecolor" if color else None, "force_terminal": color}
    return Console(file=first, **make), Console(file=second, **make), first, second  # type: ignore[arg-type]


ODD_TEXT = [
    "dealer exposes 7c",
    'Ann says "[bold]not markup[/bold]" and more words than fit on one narrow line at all',
    "Bob exposes Kh " + "x" * 130,
    "甲乙丙 exposes 9h",
    "line 000 · 000",
    "",
]


def odd_rulings(rulings: list[Ruling]) -> list[Ruling]:
    """Rulings with events and explanations the cache must not be fooled by: wide characters,
    words longer than the panel, markup, zeros like the number's stand-in, long line numbers."""
    from dataclasses import replace

    made = []
    for index, ruling in enumerate(rulings[:6]):
        text = ODD_TEXT[index % len(ODD_TEXT)]
        made.append(
            replace(ruling, event=text, explanation=text or ruling.explanation, line=ruling.line * 10**index)
        )
    return made


@pytest.mark.parametrize("width", [3, 4, 5, 12, 40, 80, 100])
@pytest.mark.parametrize("color", [False, True])
@pytest.mark.parametrize("explain", [False, True])
def test_the_quick_panels_print_what_rich_prints_panel_by_panel(
    width: int, color: bool, explain: bool
) -> None:
    result = rule(long_log("dealer exposes", 60) + "Ann was dealt 6 cards\nBob opens 2\n")
    rulings = [*result.rulings, *odd_rulings(list(result.rulings))]
    quick, plain, quick_out, plain_out = consoles(width, color)
    _RulingPanels(rulings, explain).print(quick)
    reference_rulings(plain, rulings, explain)
    assert quick_out.getvalue() == plain_out.getvalue()


ODD_SENTENCES = [
    "",
    " ",
    "a sentence " * 20,
    "ends in a space ",
    "  starts with two",
    "x" * 19,
    "x" * 20,
    "x" * 21,
    "x" * 45 + " and after",
    "before " + "y" * 50,
    "spaces   between    words     at      every       width " * 4,
    "ends in spaces past the width" + " " * 90,
    "Line 12 (Ann adds 20) is void: the log gives no stack for Ann (`stacks:` in the header): money",
    "tab\there",
    "two\nlines",
    "甲乙丙 wide",
    "[bold]not markup[/bold]",
    "café",
    "bell \x07 and escape \x1b[31m",
]


@pytest.mark.parametrize("kind", ["redeal", "stack change", "new deal"])
@pytest.mark.parametrize("width", [3, 7, 20, 80])
@pytest.mark.parametrize("color", [False, True])
def test_sentences_printed_together_read_as_printed_one_by_one(kind: str, width: int, color: bool) -> None:
    result = rule(long_log(kind, 300))
    sentences = [*money_lines(result), *void_lines(result), *ODD_SENTENCES]
    assert len(sentences) > 100
    quick, plain, quick_out, plain_out = consoles(width, color=color)
    from referee.report.terminal import _print_sentences

    _print_sentences(quick, sentences)
    for sentence in sentences:
        plain.print(Text(sentence))
    assert quick_out.getvalue() == plain_out.getvalue()


def test_a_decision_shared_between_counts_no_row_tests_says_the_same() -> None:
    book = load_rulebook("scarne")
    facts: dict[str, object] = {
        "phase": "deal",
        "pot_opened": False,
        "betting_started": False,
        "actions_taken": 0,
        "caused_by": "dealer",
        "whose_card": "nobody",
        "exposed_in_phase": 1,
        "exposed_to_this_hand": 1,
    }
    first = decide(book, "exposed-card", facts, exact_facts=False)
    for count in (2, 7, 1000):
        question = {**facts, "exposed_in_phase": count}
        exact = decide(book, "exposed-card", question)
        shared = decide(book, "exposed-card", question, exact_facts=False)
        assert exact.facts["exposed_in_phase"] == count
        assert (shared.rule, shared.cite, shared.tried, shared.remedy) == (
            exact.rule,
            exact.cite,
            exact.tried,
            exact.remedy,
        )
    # A count some row tests is never shared: the cards a player was dealt too many or too few.
    wrong: dict[str, object] = {
        "phase": "deal",
        "pot_opened": False,
        "betting_started": False,
        "actions_taken": 0,
        "extra_or_short": "extra",
        "cards_off_by": 1,
        "player_looked": False,
        "anyone_looked": False,
        "is_dealer": False,
    }
    for off in (1, 2, 3):
        question = {**wrong, "cards_off_by": off}
        shared = decide(book, "wrong-card-count", question, exact_facts=False)
        exact = decide(book, "wrong-card-count", question)
        assert (shared.rule, shared.tried) == (exact.rule, exact.tried)
    assert first.rule == decide(book, "exposed-card", facts).rule


@pytest.mark.parametrize("bad", [-1, True, "2", 2.0])
def test_a_bad_count_is_still_the_callers_bug_when_no_row_tests_it(bad: object) -> None:
    book = load_rulebook("scarne")
    facts: dict[str, object] = {
        "phase": "deal",
        "pot_opened": False,
        "betting_started": False,
        "actions_taken": 0,
        "caused_by": "dealer",
        "whose_card": "nobody",
        "exposed_in_phase": 3,
        "exposed_to_this_hand": 1,
    }
    decide(book, "exposed-card", facts, exact_facts=False)  # a good question first, remembered
    with pytest.raises(FactsError):
        decide(book, "exposed-card", {**facts, "exposed_in_phase": bad}, exact_facts=False)
    with pytest.raises(FactsError):
        decide(book, "exposed-card", {**facts, "exposed_in_phase": bad})


def test_a_line_the_grammar_read_before_gets_its_own_line_and_column() -> None:
    text = HEADER + "dealer exposes 7c\n  dealer exposes 7c\nBob opens 2\ndealer exposes 7c\n"
    log = parse_log(text, "x.log")
    exposed = [event for event in log.events if type(event).__name__ == "CardExposed"]
    assert [(event.line, event.column) for event in exposed] == [(9, 1), (10, 3), (12, 1)]
    assert exposed[0] == exposed[1] == exposed[2]
    again = parse_log(text, "x.log")
    assert [(e, e.line, e.column) for e in again.events] == [(e, e.line, e.column) for e in log.events]


def calls_to_rule_and_render(text: str) -> int:
    """Python function calls made reading, ruling and printing ``text`` (the work, not its time)."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    book = load_rulebook("scarne")
    console = Console(file=io.StringIO(), width=100)
    sys.setprofile(count)
    try:
        log = parse_log(text, "x.log")
        render(console, log, rule_log(log, text, book))
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_line_costs_the_same_work_however_many_lines_came_before(kind: str) -> None:
    # Warm every cache a first log fills (the grammar's readings, decisions, wrapped texts), then
    # compare the work for 400 lines with the work for 1,600: linear work grows four times.
    calls_to_rule_and_render(long_log(kind, 50))
    short = calls_to_rule_and_render(long_log(kind, 400))
    long = calls_to_rule_and_render(long_log(kind, 1600))
    growth = long / short
    assert growth < 4.4, f"{kind}: {short:,} calls for 400 lines, {long:,} for 1,600 ({growth:.2f}x)"


@settings(max_examples=300, deadline=None)
@given(
    sentence=st.text(alphabet=st.sampled_from("ab cd  x.-`(AZ"), max_size=80),
    width=st.integers(min_value=1, max_value=40),
)
def test_a_quick_sentence_is_laid_out_as_rich_lays_it_out(sentence: str, width: int) -> None:
    from referee.report.terminal import _print_sentences

    quick, plain, quick_out, plain_out = consoles(width, color=False)
    _print_sentences(quick, [sentence])
    plain.print(Text(sentence))
    assert quick_out.getvalue() == plain_out.getvalue()


@settings(max_examples=500, deadline=None)
@given(
    sentence=st.text(alphabet=st.sampled_from("ab cd   x.-`(AZ!~"), max_size=120),
    width=st.integers(min_value=1, max_value=50),
)
def test_the_ascii_breaks_are_richs_own(sentence: str, width: int) -> None:
    from rich._wrap import divide_line

    from referee.report.terminal import _ascii_breaks

    assert _ascii_breaks(sentence, width) == divide_line(sentence, width, fold=True)


def test_facts_asked_again_are_worded_as_first_and_true_is_never_one() -> None:
    from referee.adjudicate.replay import _fact_words
    from referee.rulebook.vocabulary import Fact

    first, second = list(Fact)[:2]
    assert _fact_words({second: True, first: 0}) == ((str(first), "0"), (str(second), "yes"))
    assert _fact_words({second: 1, first: False}) == ((str(first), "no"), (str(second), "1"))
    assert _fact_words({first: False, second: 1}) == ((str(first), "no"), (str(second), "1"))
    assert _fact_words({second: True, first: 0}) == ((str(first), "0"), (str(second), "yes"))
