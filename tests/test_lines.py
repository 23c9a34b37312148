"""Every line accounted for: each event line of a log has one outcome (applied, ruled or void), a
player leaves the pot only by his own fold or a ruling that takes him out, and no report says "No
irregularities" when a line was ruled or void. Held over every scenario under every rulebook it
names and every bundled one, and over simulated hands."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from referee import scenarios
from referee.engine import rule_log
from referee.errors import RefereeError
from referee.events import HandLog
from referee.log import parse_log
from referee.report.chat import to_chat
from referee.report.words import NO_IRREGULARITIES
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.ruling import LineStatus, Result
from referee.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = scenarios.find(ROOT / "scenarios")
BOOKS = tuple(bundled_rulebooks())

# Decisions that take a player out of the pot, as their vocabulary says (or end the deal for all).
TAKES_OUT = {
    "hand-dead",
    "forfeit-pot-to-best-legitimate-hand",
    "pot-reopened",
    "misdeal",
    "refund-all",
    "pot-carried",
    "draw-limited",  # only where its words say the hand is short and dead (checked below)
    "declaration-binds",
}


def _cases() -> Iterator[tuple[str, str, HandLog, Result]]:
    for path in SCENARIOS:
        scenario = scenarios.load(path)
        text = scenario.log_path.read_text(encoding="utf-8")
        log = parse_log(text, scenario.log_path.name)
        for book in dict.fromkeys([*BOOKS, *scenario.expect]):
            try:
                result = rule_log(log, text, load_rulebook(scenarios.rulebook_for(scenario, book)))
            except RefereeError:
                continue  # a game this rulebook refuses to rule: said so, nothing to account for
            yield f"{path.stem}[{book}]", text, log, result
    for number, text in enumerate(simulate(150, 20261127), 1):  # 10,000 in the slow run, below
        log = parse_log(text, f"simulated-{number}")
        for book in BOOKS:
            yield f"simulated-{number}[{book}]", text, log, rule_log(log, text, load_rulebook(book))


@pytest.fixture(scope="module")
def cases() -> list[tuple[str, str, HandLog, Result]]:
    return list(_cases())


@pytest.mark.slow
def test_ten_thousand_simulated_hands_account_for_every_line() -> None:
    """The same properties over 10,000 simulated hands under every bundled rulebook (the slow run)."""
    for number, text in enumerate(simulate(10_000, 20261128), 1):
        log = parse_log(text, f"simulated-{number}")
        for book in BOOKS:
            result = rule_log(log, text, load_rulebook(book))
            case = [(f"simulated-{number}[{book}]", text, log, result)]
            test_every_event_line_has_exactly_one_outcome(case)
            test_the_books_balance(case)
            test_a_player_leaves_only_by_his_fold_or_a_ruling_that_takes_him_out(case)
            test_a_headline_never_contradicts_its_explanation(case)
            assert result.clean == (NO_IRREGULARITIES in to_chat(log, result)), case[0][0]


def test_every_event_line_has_exactly_one_outcome(cases: list[tuple[str, str, HandLog, Result]]) -> None:
    for name, text, log, result in cases:
        event_lines = sorted({event.line for event in log.events if event.line > 0})
        assert [line.line for line in result.lines] == event_lines, name
        source = text.splitlines()
        for line in result.lines:
            assert line.text and line.text in source[line.line - 1], (name, line)
            if line.status is LineStatus.VOID:
                assert line.reason, (name, line)
            if line.status is LineStatus.RULED:
                assert line.ruling is not None and result.rulings[line.ruling].line == line.line, (name, line)
        ruled = {ruling.line for ruling in result.rulings}
        assert ruled <= {line.line for line in result.lines if line.status is LineStatus.RULED}, name


def test_no_irregularities_only_when_nothing_was_ruled_or_void(
    cases: list[tuple[str, str, HandLog, Result]],
) -> None:
    for name, _, log, result in cases:
        said = NO_IRREGULARITIES in to_chat(log, result)
        assert said == result.clean, name
        if result.void:
            assert "is void" in to_chat(log, result) or "are void" in to_chat(log, result), name


def test_the_books_balance(cases: list[tuple[str, str, HandLog, Result]]) -> None:
    for name, _, _, result in cases:
        assert sum(result.net.values(), Decimal(0)) + result.carried + result.rake == 0, name


_LEFT_AT = re.compile(r"^(\S+?)(?:'s hand was ruled dead| folded| passed) at line (\d+)")


def test_a_player_leaves_only_by_his_fold_or_a_ruling_that_takes_him_out(
    cases: list[tuple[str, str, HandLog, Result]],
) -> None:
    """Wherever a line of a player out of the pot is ruled or void, the line it names as where he
    left is his own fold (or pass, under pass and out) or a ruling whose decision takes him out."""
    for name, _, _, result in cases:
        by_line = {line.line: line for line in result.lines}
        for line in result.lines:
            if line.status is LineStatus.APPLIED:
                continue
            found = _LEFT_AT.match(line.reason)
            if found is None:
                continue
            player, left = found.group(1), int(found.group(2))
            there = by_line[left]
            rulings = [r for r in result.rulings if r.line == left]
            own_act = there.text.startswith(player) and any(
                word in there.text for word in ("fold", "muck", "drop", "check", "pass", "throws")
            )
            taken_out = any(str(r.decision) in TAKES_OUT for r in rulings)
            assert own_act or taken_out, (name, line, there, rulings)


def test_a_headline_never_contradicts_its_explanation(cases: list[tuple[str, str, HandLog, Result]]) -> None:
    """The words heading a ruling come from the decision as applied: a call of nothing that the
    explanation calls a check is not headed "stands as a call", a check that stands is not headed
    "counts as a call", and a hand the explanation kills is not headed as one that plays on."""
    # (the explanation says, the headline must not say, or (None) must say this instead)
    contradictions: tuple[tuple[str, str | None, str | None], ...] = (
        ("counts as a check", "as a call", None),
        ("the check stands", "counts as a call", None),
        ("foul and dead", None, "dead"),
        ("plays on", "the hand is dead", None),
        ("does not play", "taken back", None),
    )
    for name, _, _, result in cases:
        for ruling in result.rulings:
            for explained, never, always in contradictions:
                if explained not in ruling.explanation:
                    continue
                where = (name, ruling.line, ruling.words, ruling.explanation)
                assert never is None or never not in ruling.words, where
                assert always is None or always in ruling.words, where
