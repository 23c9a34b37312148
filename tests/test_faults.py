"""`referee simulate --faults N`: injected hands read, say what was put in, and hold the properties.

The properties themselves live in ``fuzz/faults.py`` (the long run uses them too). Failures the
engine has today are the classes of ``fuzz.faults.KNOWN``, each with its smallest log under
``tests/data/faults/``: the corpus tests let exactly those through, and each known log is a test
of its own marked ``xfail(strict=False)`` — it starts passing when the engine is fixed.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fuzz.faults import (
    KNOWN,
    KNOWN_DIR,
    Case,
    Failure,
    cases,
    check_log,
    known_class,
    lines_contract,
    rulebook_named,
    rulebooks,
)
from referee.cli import app
from referee.engine import rule_log
from referee.errors import RefereeError
from referee.log import format_log, parse_log
from referee.report.jsondoc import to_json
from referee.simulate.faults import FAULTS, FaultError, FaultyHand, faulty_hands, iter_faulty_hands

CORPUS = 300
"""Injected hands in the default run: 50 under each rulebook, a third each with 1, 2 and 3 faults."""
SLOW_CORPUS = 20_000


@cache
def corpus() -> tuple[Case, ...]:
    return tuple(cases(CORPUS, 27))


@cache
def hands() -> tuple[FaultyHand, ...]:
    """Hands of every fault count, played by the default rulebook's customs."""
    return tuple(hand for faults in (1, 2, 3) for hand in faulty_hands(100, 5, faults))


def unknown(failures: list[Failure]) -> list[Failure]:
    return [failure for failure in failures if known_class(failure) is None]


# --- the logs -----------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_bytes() -> None:
    assert [hand.text for hand in faulty_hands(40, 3, 2)] == [hand.text for hand in faulty_hands(40, 3, 2)]


def test_hand_k_does_not_depend_on_how_many_were_asked_for() -> None:
    many = faulty_hands(30, 3, 3)
    assert [hand.text for hand in faulty_hands(10, 3, 3)] == [hand.text for hand in many[:10]]
    alone = next(iter_faulty_hands(1, 3, 3, start=17))
    assert alone.text == many[16].text


def test_another_seed_or_count_of_faults_gives_other_logs() -> None:
    texts = {hand.text for hand in faulty_hands(30, 3, 2)}
    assert not texts & {hand.text for hand in faulty_hands(30, 4, 2)}
    assert not texts & {hand.text for hand in faulty_hands(30, 3, 1)}


def test_every_injected_log_parses() -> None:
    for hand in hands():
        parse_log(hand.text)  # a LogSyntaxError here is a bug in the injector
    for case in corpus():
        parse_log(case.text)


def test_logs_are_printed_in_canonical_form() -> None:
    for hand in hands():
        assert format_log(parse_log(hand.text)) == hand.text, hand.text


def test_each_fault_is_named_in_a_comment_that_points_at_its_line() -> None:
    for hand in hands():
        lines = hand.text.splitlines()
        comments = [line for line in lines if line.startswith("# fault: ")]
        assert comments == [fault.comment for fault in hand.faults]
        assert lines[: len(comments)] == comments, "the fault comments head the log"
        events = {event.line for event in parse_log(hand.text).events}
        for fault in hand.faults:
            assert fault.line in events, (fault, hand.text)


def test_a_hand_gets_as_many_faults_as_asked_for() -> None:
    for faults in (1, 2, 3):
        made = faulty_hands(60, 5, faults)
        assert all(hand.text != hand.clean.text for hand in made)
        assert all(1 <= hand.injected <= faults for hand in made)
        assert sum(hand.injected == faults for hand in made) >= 55
        assert all(hand.injected <= len(hand.faults) <= 2 * hand.injected for hand in made)


def test_every_fault_of_the_catalogue_is_put_in() -> None:
    used = Counter(name for hand in hands() for name in hand.names)
    used.update(name for faults in (1, 2, 3) for hand in faulty_hands(200, 9, faults) for name in hand.names)
    assert set(FAULTS) <= set(used), set(FAULTS) - set(used)


def test_faults_are_found_as_the_irregularities_they_aim_at() -> None:
    """Over the corpus, each fault that aims at a kind is ruled as that kind at its line somewhere."""
    scarne = rulebook_named("scarne")
    hit: set[str] = set()
    for hand in hands():
        try:
            result = rule_log(parse_log(hand.text), hand.text, scarne)
        except RefereeError:
            continue
        ruled = {(ruling.line, str(ruling.irregularity)) for ruling in result.rulings}
        hit |= {fault.name for fault in hand.faults if fault.kind and (fault.line, str(fault.kind)) in ruled}
    aimed = {name for name, spec in FAULTS.items() if spec.kind is not None}
    # Some faults a rulebook may rule as something else (a flashed card before the deal is over...):
    # most of the catalogue must land where it aims.
    assert len(hit) >= len(aimed) - 4, sorted(aimed - hit)


def test_only_a_known_fault_name_or_count_is_taken() -> None:
    with pytest.raises(FaultError):
        faulty_hands(1, 0, 4)
    with pytest.raises(FaultError):
        faulty_hands(1, 0, 1, only=["no-such-fault"])
    assert all(hand.names == ("misdeal",) for hand in faulty_hands(5, 0, 1, only=["misdeal"]))


# --- the properties ------------------------------------------------------------------------------


def test_every_rulebook_is_in_the_rotation() -> None:
    ids = {str(book.id) for book in rulebooks()}
    assert {"scarne", "bicycle", "casino", "pagat", "parlour", "friday-night"} <= ids
    assert {str(case.book.id) for case in corpus()} == ids


def test_injected_hands_hold_every_property_but_the_known_failures() -> None:
    failures = [failure for case in corpus() for failure in check_log(case.text, case.book)]
    assert not unknown(failures), "\n".join(map(str, unknown(failures)))


@pytest.mark.slow
def test_twenty_thousand_injected_hands_hold_every_property_but_the_known_failures() -> None:
    found = []
    for case in cases(SLOW_CORPUS, 2027):
        found += [(case.number, failure) for failure in unknown(check_log(case.text, case.book))]
    assert not found, "\n".join(f"hand {number} (seed 2027): {failure}" for number, failure in found[:20])


def test_rule_json_of_an_injected_log_is_byte_identical_twice() -> None:
    runner = CliRunner()
    for case in corpus()[:20]:
        log = parse_log(case.text)
        try:
            first = to_json(rule_log(log, case.text, case.book))
        except RefereeError:
            continue
        assert to_json(rule_log(parse_log(case.text), case.text, case.book)) == first
    result = runner.invoke(app, ["simulate", "--faults", "3", "-n", "4", "--seed", "8"])
    again = runner.invoke(app, ["simulate", "--faults", "3", "-n", "4", "--seed", "8"])
    assert result.exit_code == 0, result.output
    assert result.stdout == again.stdout


def test_the_lines_of_rule_json_account_for_every_event_line() -> None:
    """DESIGN.md's ``lines`` contract, on injected hands: one outcome for every event line."""
    checked = 0
    for case in corpus()[:120]:
        log = parse_log(case.text)
        try:
            data = json.loads(to_json(rule_log(log, case.text, case.book)))
        except RefereeError:
            continue
        failures = lines_contract(case.text, log, data, str(case.book.id))
        assert not unknown(failures), "\n".join(map(str, failures))
        checked += 1
    assert checked


# --- the known failure classes --------------------------------------------------------------------


def test_every_known_class_has_its_smallest_log_and_every_log_a_class() -> None:
    names = {known.name for known in KNOWN}
    assert {path.stem for path in KNOWN_DIR.glob("*.log")} == names
    for known in KNOWN:
        text = known.path.read_text(encoding="utf-8")
        assert f"# {known.prop}" in text, f"{known.path} says which property it breaks"
        parse_log(text)


@pytest.mark.parametrize(
    "known",
    [
        pytest.param(known, marks=() if known.fixed else pytest.mark.xfail(reason=known.wrong, strict=False))
        for known in KNOWN
    ],
    ids=[known.name for known in KNOWN],
)
def test_known_failure_class_holds_its_property(known: object) -> None:
    from fuzz.faults import Known

    assert isinstance(known, Known)
    text = known.path.read_text(encoding="utf-8")
    failures = check_log(text, rulebook_named(known.rulebook))
    assert not [failure for failure in failures if failure.prop == known.prop], "\n".join(map(str, failures))


def test_known_logs_fail_only_as_known_classes() -> None:
    """A known log fails as its own class or as another known one (one hand may break two
    properties), never in a way the list does not name."""
    for known in KNOWN:
        text = known.path.read_text(encoding="utf-8")
        failures = check_log(text, rulebook_named(known.rulebook))
        assert not unknown(failures), (known.name, [str(failure) for failure in unknown(failures)])


# --- the command line ----------------------------------------------------------------------------


def _hands_of(output: str) -> list[str]:
    parts = output.split("# --- hand ")[1:]
    return [part.split("\n", 1)[1] for part in parts]


def test_simulate_faults_prints_logs_that_check(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--faults", "2", "-n", "5", "--seed", "1"])
    assert result.exit_code == 0, result.output
    logs = _hands_of(result.stdout)
    assert len(logs) == 5
    for number, text in enumerate(logs):
        assert text.startswith("# fault: ")
        path = tmp_path / f"hand-{number}.log"
        path.write_text(text, encoding="utf-8")
        checked = runner.invoke(app, ["check", str(path)])
        assert checked.exit_code == 0, checked.output
        formatted = runner.invoke(app, ["fmt", str(path)])
        assert formatted.stdout == text


def test_simulate_under_two_rulebooks_prints_only_hands_they_rule_differently() -> None:
    result = CliRunner().invoke(app, ["simulate", "--faults", "2", "--under", "scarne,casino", "-n", "3"])
    assert result.exit_code == 0, result.output
    logs = _hands_of(result.stdout)
    assert len(logs) == 3
    scarne, casino = rulebook_named("scarne"), rulebook_named("casino")
    for text in logs:
        assert "# where scarne and casino disagree:" in text
        log = parse_log(text)
        one, two = rule_log(log, text, scarne), rule_log(log, text, casino)
        rulings = [(r.line, r.decision) for r in one.rulings] != [(r.line, r.decision) for r in two.rulings]
        assert rulings or one.net != two.net or one.carried != two.carried


def test_simulate_help_documents_faults_and_under() -> None:
    result = CliRunner().invoke(app, ["simulate", "-h"])
    assert result.exit_code == 0, result.output
    assert "--faults" in result.stdout
    assert "--under" in result.stdout


@pytest.mark.parametrize(
    "args",
    [["--faults", "4"], ["--faults", "0"], ["--under", "scarne"], ["--under", "scarne,no-such-book"]],
    ids=["four-faults", "no-faults", "one-rulebook", "unknown-rulebook"],
)
def test_simulate_refuses_bad_fault_options(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["simulate", "-n", "1", *args])
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
