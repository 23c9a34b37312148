"""The fuzz suite (``fuzz/``): a short run finds nothing, every failure class found so far stays
fixed, and every checker catches a deliberately broken result.

The long run is ``python fuzz/run.py --cases 100000 --seed 0 --jobs 2``; here a few hundred cases
with fixed seeds run every command group, in worker processes as the long run does (a segfault
fails the test instead of ending the session): 40 a seed in the default run, 120 under ``-m slow``.
The failure classes are ``fuzz/known.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fuzz.invariants import (
    INVARIANTS,
    LOG_GROUPS,
    Finding,
    Harness,
    Run,
    check_json,
    check_rule_agree,
    check_run,
    compare_equals_rule,
    crashed,
    deterministic,
    digest,
    exit_code,
    fmt_roundtrip,
    fmt_stable,
    markup_literal,
    message_on_failure,
    no_emoji,
    no_traceback,
)
from fuzz.known import KNOWN, known_case
from fuzz.mutate import Case, make_case
from fuzz.run import Tally, parse_args, run_cases
from tests.helpers import short_and_full

SCENARIO = (
    Path(__file__).resolve().parent.parent / "scenarios" / "bet-out-of-turn-equal-bet-stands-as-call.log"
)

SHORT_RUNS = [(1, 0), (7, 5000)]
"""(seed, first case): the cases from there, 40 in the default run and 120 (under ten seconds on
two idle cores) under ``-m slow``."""


def _classes(tally: Tally) -> str:
    return "\n".join(
        f"{count} × [{invariant}] {key} (first: case {first}: {finding['detail'][:200]})"
        for (invariant, key), (count, first, finding) in tally.classes.items()
    )


@short_and_full(40, 120)
@pytest.mark.parametrize(("seed", "start"), SHORT_RUNS, ids=[f"seed{s}" for s, _ in SHORT_RUNS])
def test_a_short_fuzz_run_finds_nothing(seed: int, start: int, cases: int) -> None:
    args = parse_args([f"--seed={seed}", "--jobs=2", f"--groups={len(LOG_GROUPS)}", "--subprocess-every=50"])
    tally = run_cases(args, range(start, start + cases), quiet=True)
    assert tally.cases == cases
    reproduce = f"reproduce one with: python fuzz/run.py --show CASE --seed {seed} --write DIR"
    assert not tally.classes, f"{_classes(tally)}\n{reproduce}"


@short_and_full(15, 40)
def test_the_same_cases_give_the_same_digests_in_two_processes(cases: int) -> None:
    args = parse_args(["--seed=3", "--jobs=1", "--groups=2", "--subprocess-every=0"])
    one = run_cases(args, range(cases), quiet=True)
    two = run_cases(args, range(cases), quiet=True)
    assert one.digests == two.digests
    assert one.digest() == two.digest()


def test_cases_depend_only_on_seed_and_number() -> None:
    assert make_case(3, 7) == make_case(3, 7)
    assert make_case(3, 7) != make_case(3, 8)
    assert make_case(3, 7) != make_case(4, 7)
    kinds = {make_case(0, number).kind for number in range(100)}
    assert kinds == {"log", "rulebook"}


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    made = Harness()
    yield made
    made.close()


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_a_failure_class_found_by_fuzzing_stays_fixed(harness: Harness, name: str) -> None:
    result = harness.run_case(known_case(name), groups=len(LOG_GROUPS))
    found = "\n".join(f"[{f.invariant}] {f.command}: {f.detail[:300]}" for f in result.findings)
    assert not result.findings, f"{name} (at 57a94ea: {KNOWN[name].found}) fails again:\n{found}"


def test_a_clean_log_passes_every_checker() -> None:
    data = SCENARIO.read_bytes()
    case = Case(0, 0, "log", SCENARIO.name, (), (("case.log", data),))
    harness = Harness()
    try:
        result = harness.run_case(case, groups=len(LOG_GROUPS))
    finally:
        harness.close()
    assert result.findings == []
    assert result.commands > 10


# --- each checker catches a deliberately broken result ------------------------------------------------


def _json(**changes: Any) -> str:
    result: dict[str, Any] = {
        "rulebook": "scarne",
        "rulings": [{"line": 15, "event": "Dee bets 2", "decision": "bet-stands-as-call"}],
        "outcome": "showdown",
        "pot": "24",
        "awards": {"Dee": "24"},
        "refunds": {},
        "carried": "0",
        "net": {"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "13"},
        "lines": [
            {"line": 14, "text": "Ann checks", "status": "applied", "reason": ""},
            {"line": 15, "text": "Dee bets 2", "status": "ruled", "reason": "...", "ruling": 0},
        ],
    }
    result.update(changes)
    return json.dumps(result)


RULE_JSON = ("rule", "case.log", "--json")


def _names(findings: list[Finding]) -> set[str]:
    return {finding.invariant for finding in findings}


def test_every_invariant_has_a_test_below() -> None:
    tested = {name.removeprefix("test_catches_").replace("_", "-") for name in globals()}
    assert set(INVARIANTS) <= tested


def test_catches_no_traceback() -> None:
    broken = Run(
        RULE_JSON, 1, "", "", "InvalidOperation: [<class 'decimal.InvalidOperation'>]", "referee/x.py:1"
    )
    assert _names(no_traceback(broken)) == {"no-traceback"}
    assert no_traceback(Run(RULE_JSON, 1, "", "case.log:1:1: bad")) == []


def test_catches_exit_code() -> None:
    assert _names(exit_code(Run(RULE_JSON, 3, "", "oops"))) == {"exit-code"}
    assert exit_code(Run(RULE_JSON, 2, "", "usage")) == []


def test_catches_crash() -> None:
    assert _names(
        crashed(Run(("subprocess", "rule"), -11, "", "Fatal Python error: Segmentation fault"))
    ) == {"crash"}
    traceback = "Traceback (most recent call last):\n  ...\nRecursionError: maximum recursion depth exceeded"
    assert _names(crashed(Run(("subprocess", "rule"), 1, "", traceback))) == {"crash"}
    assert crashed(Run(("subprocess", "rule"), 1, "", "case.log:2:1: bad")) == []


def test_catches_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    harness = Harness(timeout=0.2)

    def hang(*args: str) -> Run:
        time.sleep(5)
        return Run(args, 0, "", "")

    monkeypatch.setattr(harness, "invoke", hang)
    try:
        started = time.monotonic()
        result = harness.run_case(Case(0, 0, "log", "x", (), (("case.log", b"seats: Ann, Bob\n"),)))
    finally:
        harness.close()
    assert _names(result.findings) == {"timeout"}
    assert time.monotonic() - started < 3


def test_catches_message_on_failure() -> None:
    assert _names(message_on_failure(Run(RULE_JSON, 1, "", "  \n"))) == {"message-on-failure"}
    assert message_on_failure(Run(RULE_JSON, 1, "", "case.log:1:1: bad")) == []


def test_catches_check_rule_agree() -> None:
    ok = Run(("check", "case.log"), 0, "case.log: ok\n", "")
    refused = Run(RULE_JSON, 1, "", "case.log:3:1: Cy is not at the table")
    assert _names(check_rule_agree(ok, refused)) == {"check-rule-agree"}
    again_refused = Run(("rule", "case.log", "-r", "scarne", "--json"), 1, "", "case.log:3:1: no")
    assert _names(check_rule_agree(ok, refused, again_refused)) == {"check-rule-agree"}
    rulebook_reason = Run(RULE_JSON, 1, "", "'nope' is neither a bundled rulebook nor a file")
    assert check_rule_agree(ok, rulebook_reason, Run(RULE_JSON, 0, _json(), "")) == []
    bad = Run(("check", "case.log"), 1, "", "case.log:1:1: NUL byte")
    assert _names(check_rule_agree(bad, Run(RULE_JSON, 0, _json(), ""))) == {"check-rule-agree"}


def test_catches_json_valid() -> None:
    assert _names(check_json(Run(RULE_JSON, 0, "Pot 24 · Dee wins", ""))) == {"json-valid"}
    assert _names(check_json(Run(RULE_JSON, 0, '{"rulebook": "scarne"}', ""))) == {"json-valid"}
    assert check_json(Run(RULE_JSON, 0, _json(), "")) == []


def test_catches_json_amounts() -> None:
    for amount in ("1E+30", "24.0e1", "NaN", "٢٤", " 24", "24."):
        assert _names(check_json(Run(RULE_JSON, 0, _json(pot=amount), ""))) == {"json-amounts"}, amount
    assert _names(check_json(Run(RULE_JSON, 0, _json(pot=24), ""))) == {"json-amounts"}


def test_catches_non_negative() -> None:
    awards = _json(awards={"Dee": "-24"}, net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "13"})
    assert "non-negative" in _names(check_json(Run(RULE_JSON, 0, awards, "")))
    refunds = _json(refunds={"Ann": "-1"})
    assert "non-negative" in _names(check_json(Run(RULE_JSON, 0, refunds, "")))


def test_catches_books_balance() -> None:
    leaking = _json(net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "12.9999999999999999999999999999"})
    assert _names(check_json(Run(RULE_JSON, 0, leaking, ""))) == {"books-balance"}
    raked = _json(net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "12"}, rake="1")
    assert check_json(Run(RULE_JSON, 0, raked, "")) == []
    assert _names(check_json(Run(RULE_JSON, 0, _json(rake="2"), ""))) == {"books-balance"}


def test_catches_rake_within_pot() -> None:
    all_of_it = _json(awards={}, net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "-11"}, rake="24")
    assert check_json(Run(RULE_JSON, 0, all_of_it, "")) == []
    more = _json(awards={}, net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "-17"}, rake="30")
    assert _names(check_json(Run(RULE_JSON, 0, more, ""))) == {"rake-within-pot"}
    deal = {
        "deal": 1,
        "outcome": "showdown",
        "pot": "24",
        "awards": {},
        "refunds": {},
        "carried": "0",
        "rake": "30",
    }
    per_deal = _json(
        awards={}, net={"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "-17"}, rake="30", deals=[deal]
    )
    assert "rake-within-pot" in _names(check_json(Run(RULE_JSON, 0, per_deal, "")))


def _deal(number: int, award: str, rake: str) -> dict[str, object]:
    return {
        "deal": number,
        "pot": "24",
        "awards": {"Dee": award},
        "refunds": {},
        "carried": "0",
        "rake": rake,
    }


def test_catches_deals_add_up() -> None:
    net = {"Ann": "-2", "Bob": "-2", "Cy": "-22", "Dee": "16"}
    deals = [_deal(1, "19", "5"), _deal(2, "19", "5")]
    assert (
        check_json(Run(RULE_JSON, 0, _json(awards={"Dee": "38"}, net=net, rake="10", deals=deals), "")) == []
    )
    once = _json(awards={"Dee": "38"}, net={**net, "Dee": "21"}, rake="5", deals=deals)
    assert _names(check_json(Run(RULE_JSON, 0, once, ""))) == {"deals-add-up"}
    last = _json(awards={"Dee": "19"}, net=net, rake="10", deals=deals)
    assert _names(check_json(Run(RULE_JSON, 0, last, ""))) == {"deals-add-up"}


def test_catches_fmt_roundtrip() -> None:
    original = Run(RULE_JSON, 0, _json(), "")
    renumbered = Run(
        ("rule", "fmt.log", "--json"),
        0,
        _json(rulings=[{"line": 9, "event": "Dee bets 2", "decision": "bet-stands-as-call"}]),
        "",
    )
    assert fmt_roundtrip(original, renumbered) == []
    other = Run(("rule", "fmt.log", "--json"), 0, _json(outcome="uncontested"), "")
    assert _names(fmt_roundtrip(original, other)) == {"fmt-roundtrip"}
    refused = Run(("rule", "fmt.log", "--json"), 1, "", "fmt.log:2:1: bad")
    assert _names(fmt_roundtrip(original, refused)) == {"fmt-roundtrip"}


def test_catches_fmt_stable() -> None:
    fmt = Run(("fmt", "case.log"), 0, "seats: Ann, Bob\nAnn checks\n", "")
    check_ok = Run(("check", "fmt.log"), 0, "fmt.log: ok\n", "")
    check_bad = Run(("check", "fmt.log"), 1, "", "fmt.log:2:1: bad")
    same = Run(("fmt", "fmt.log"), 0, fmt.stdout, "")
    moved = Run(("fmt", "fmt.log"), 0, "seats: Ann, Bob\nAnn passes\n", "")
    assert fmt_stable(fmt, check_ok, same) == []
    assert _names(fmt_stable(fmt, check_bad, same)) == {"fmt-stable"}
    assert _names(fmt_stable(fmt, check_ok, moved)) == {"fmt-stable"}


def test_catches_compare_equals_rule() -> None:
    compare = Run(
        ("compare", "case.log", "--json"),
        0,
        json.dumps({"results": [json.loads(_json())], "disagreements": []}),
        "",
    )
    assert compare_equals_rule(compare, [Run(RULE_JSON, 0, _json(), "")]) == []
    other = Run(RULE_JSON, 0, _json(net={"Ann": "-1", "Bob": "-1", "Cy": "-12", "Dee": "14"}), "")
    assert _names(compare_equals_rule(compare, [other])) == {"compare-equals-rule"}
    assert _names(compare_equals_rule(compare, [Run(RULE_JSON, 1, "", "bad")])) == {"compare-equals-rule"}


def test_catches_no_emoji() -> None:
    text = ("rule", "case.log")
    assert _names(no_emoji(Run(text, 0, "note: ❌ Ann\n", ""), "note: :x: Ann")) == {"no-emoji"}
    assert no_emoji(Run(text, 0, "note: :x: Ann ♠\n", ""), "note: :x: Ann As") == []
    assert no_emoji(Run(text, 0, "note: ❌\n", ""), "note: ❌") == []


def test_catches_markup_literal() -> None:
    log = 'seats: "[bold]Zed", Bob\nnote: [red]loud[/red]\n'
    text = ("rule", "case.log")
    assert _names(markup_literal(Run(text, 0, "Zed wins 4\n", ""), log)) == {"markup-literal"}
    assert _names(markup_literal(Run(text, 0, "[bold]Zed wins 4\nnote: loud\n", ""), log)) == {
        "markup-literal"
    }
    assert markup_literal(Run(text, 0, "[bold]Zed wins 4\nnote: [red]loud[/red]\n", ""), log) == []
    assert markup_literal(Run(("rule", "case.log", "--json"), 0, "Zed", ""), log) == []


def test_markup_literal_is_not_fooled_by_the_programs_own_examples() -> None:
    # The long run's case 32603: `says "bet [red]5"` on a line never printed, and a hint's own
    # example (speech like `"bet 5"`) taken for the tag swallowed.
    log = 'seats: Ann, Bob\nAnn says "bet [red]5"\n'
    hint = 'case.log:1:1: a quote is not closed\n    hint: speech like `"bet 5"`\n'
    assert markup_literal(Run(("check", "case.log"), 1, "", hint), log) == []
    assert _names(markup_literal(Run(("check", "case.log"), 1, "", hint + 'Ann says "bet 5"\n'), log)) == {
        "markup-literal"
    }


def test_catches_lines_accounted() -> None:
    assert check_json(Run(RULE_JSON, 0, _json(), "")) == []
    ruled_elsewhere = [{"line": 15, "text": "Dee bets 2", "status": "applied", "reason": ""}]
    unexplained = [{"line": 15, "text": "Dee bets 2", "status": "ruled", "ruling": 0, "reason": "."},
                   {"line": 16, "text": "Dee calls", "status": "void", "reason": ""}]
    backwards = [{"line": 15, "text": "x", "status": "ruled", "ruling": 0, "reason": "."},
                 {"line": 12, "text": "y", "status": "applied", "reason": ""}]
    for lines in (ruled_elsewhere, unexplained, backwards, None):
        assert _names(check_json(Run(RULE_JSON, 0, _json(lines=lines), ""))) == {"lines-accounted"}, lines


def test_catches_deterministic(tmp_path: Path) -> None:
    one = Run(RULE_JSON, 0, _json(), "")
    two = Run(RULE_JSON, 0, _json(pot="25"), "")
    assert deterministic(one, one) == []
    assert _names(deterministic(one, two)) == {"deterministic"}
    assert digest([one], tmp_path) == digest([one], tmp_path) != digest([two], tmp_path)


def test_check_run_gathers_the_single_run_checkers() -> None:
    broken = Run(RULE_JSON, 0, _json(pot="1E+2", awards={"Dee": "-1"}), "❌")
    assert _names(check_run(broken, ":x:")) == {"json-amounts", "non-negative", "no-emoji"}
