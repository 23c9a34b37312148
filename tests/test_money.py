"""Money stays exact: amounts have bounds, out-of-bounds amounts are log problems, nothing rounds."""

from __future__ import annotations

import json
from decimal import Decimal as D
from decimal import Inexact
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from typer.testing import CliRunner

from referee.adjudicate.settle import chip_unit, divide
from referee.cli import app
from referee.errors import LogSyntaxError
from referee.importer.common import SkipHand
from referee.importer.common import parse_amount as parse_site_amount
from referee.log import format_log, parse_log
from referee.log.fast import fast_line
from referee.log.grammar import parser
from referee.log.tokens import LineSlip
from referee.money import (
    AMOUNT_HINT,
    MAX_AMOUNT,
    MONEY_CONTEXT,
    QUANTUM,
    AmountError,
    exact,
    format_amount,
    parse_amount,
)
from referee.ruling import money

runner = CliRunner()

HEADER = "seats: Ann, Bob\ndealer: Bob\n"
BOUNDED = st.decimals(min_value=-MAX_AMOUNT, max_value=MAX_AMOUNT, places=6, allow_nan=False)
"""Every amount the bounds allow (signed), written with six places or fewer."""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def heads_up(ante: str, bet: str, stacks: str = "") -> str:
    """Ann bets, Bob calls, Ann's trips beat Bob's nothing."""
    stacks_line = f"stacks: {stacks}\n" if stacks else ""
    return (
        f"{HEADER}ante: {ante}\nlimit: no-limit\n{stacks_line}antes\ndeal\n"
        f"Ann bets {bet}\nBob calls\nshowdown\nAnn shows As Ad Ac Kd Qs\nBob shows 2s 3d 4c 5d 7s\n"
    )


# --- the parser's bounds -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("999999999999999", D("999999999999999")),
        ("999999999999999.999999", MAX_AMOUNT),
        ("0.000001", QUANTUM),
        ("$999999999999999.999999", MAX_AMOUNT),
        ("99999999999999999.9999c", MAX_AMOUNT),
        ("0.0001c", QUANTUM),
        ("000000000000000000001", D(1)),  # leading zeros are not digits of the amount
        ("1.50000000000", D("1.5")),  # nor are trailing zeros after the sixth place
        ("2.50", D("2.50")),
    ],
)
def test_amounts_at_the_limit_are_accepted(written: str, value: D) -> None:
    assert parse_amount(written) == value


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("1000000000000000", "1000000000000000 is too large for an amount"),
        ("999999999999999.9999999", "999999999999999.9999999 has more than 6 decimal places"),
        ("0.0000001", "0.0000001 has more than 6 decimal places"),
        ("0.00001c", "0.00001c has more than 6 decimal places"),
        ("100000000000000000c", "100000000000000000c is too large for an amount"),
        ("1" + "0" * 28, "10000000000000000000000000000 is too large for an amount"),
        ("1" + "0" * 40, "10000000000000000000000000000… is too large for an amount"),
    ],
)
def test_amounts_one_past_the_limit_are_refused(written: str, reason: str) -> None:
    with pytest.raises(AmountError) as refused:
        parse_amount(written)
    assert str(refused.value) == reason
    assert refused.value.hint == AMOUNT_HINT


@pytest.mark.parametrize(
    "written",
    ["1e3", "1E-2", "NaN", "nan", "Infinity", "-inf", "sNaN", "1,000", "1_000", " 5", "", "$", "2c5"],
)
def test_exponents_nan_infinity_and_separators_are_not_amounts(written: str) -> None:
    with pytest.raises(AmountError, match="is not an amount"):
        parse_amount(written)
    assert issubclass(AmountError, ValueError)


def test_a_sign_only_where_the_caller_allows_one() -> None:
    with pytest.raises(AmountError, match=r"a negative amount \(-2\)"):
        parse_amount("-2")
    assert parse_amount("-2", signed=True) == D(-2)
    with pytest.raises(AmountError, match="too large"):
        parse_amount("-1000000000000000", signed=True)


def test_the_hint_names_the_bounds() -> None:
    assert AMOUNT_HINT.startswith("amounts go up to 999,999,999,999,999 with at most 6 decimal places")


# --- the formatter -------------------------------------------------------------------------------


@given(BOUNDED)
def test_parse_format_parse_is_the_identity_and_never_an_exponent(amount: D) -> None:
    for keep_places in (False, True):
        text = format_amount(amount, keep_places=keep_places)
        assert "e" not in text.lower()
        assert amount < 0 or not text.startswith("-")  # never `-0`
        again = parse_amount(text, signed=True)
        assert again == amount
        assert format_amount(again, keep_places=keep_places) == text


@pytest.mark.parametrize(
    ("amount", "said", "written"),
    [
        (D("2.50"), "2.5", "2.50"),
        (D("1E+3"), "1000", "1000"),
        (D("-0.00"), "0", "0.00"),
        (D("0.000001"), "0.000001", "0.000001"),
        (
            D("99999999999999999999999999.25"),
            "99999999999999999999999999.25",
            "99999999999999999999999999.25",
        ),
        (D("-11"), "-11", "-11"),
    ],
)
def test_format_is_exact(amount: D, said: str, written: str) -> None:
    assert format_amount(amount) == said == money(amount)
    assert format_amount(amount, keep_places=True) == written


def test_format_refuses_what_is_not_a_number() -> None:
    with pytest.raises(ValueError, match="not an amount"):
        format_amount(D("NaN"))


# --- the exact context ---------------------------------------------------------------------------


def test_exact_raises_instead_of_rounding() -> None:
    with exact(), pytest.raises(Inexact):
        D(1) / 3


def test_a_long_log_of_the_largest_amounts_adds_up_exactly() -> None:
    # 400,000 lines, each the largest amount: the total still fits with room to spare.
    with exact():
        total = MAX_AMOUNT * 400_000 + MAX_AMOUNT
        assert total == sum((MAX_AMOUNT for _ in range(400_001)), D(0))
        assert total * MAX_AMOUNT > 0  # a product of two totals' worth of digits is exact too
    assert MONEY_CONTEXT.prec >= 2 * len(str(total).replace(".", ""))


# --- the log: `check` and `rule` report out-of-bounds amounts where they are -------------------


@pytest.mark.parametrize(
    ("log", "line", "column", "reason"),
    [
        (heads_up("1", "1000000000000000"), 7, 10, "1000000000000000 is too large for an amount"),
        (heads_up("1", "0.0000001"), 7, 10, "0.0000001 has more than 6 decimal places"),
        (heads_up("1", "$1000000000000000"), 7, 10, "$1000000000000000 is too large for an amount"),
        (heads_up("0.0000001", "2"), 3, 7, "0.0000001 has more than 6 decimal places"),
        (heads_up("1", "2", "Ann 40, Bob 1000000000000000"), 5, 21, "1000000000000000 is too large"),
        (HEADER + "limit: 2/1000000000000000\n", 3, 10, "1000000000000000 is too large"),
        (HEADER + "limit: 1 - 1000000000000000\n", 3, 12, "1000000000000000 is too large"),
        (HEADER + "rake: 0.00000001\n", 3, 7, "0.00000001 has more than 6 decimal places"),
        (HEADER + "Bob calls 100000000000000000c\n", 3, 11, "100000000000000000c is too large"),
        (HEADER + '"Ann" raises to 1000000000000000  # a comment\n', 3, 17, "1000000000000000 is too large"),
    ],
)
def test_out_of_bounds_amounts_are_problems_for_check_and_rule(
    tmp_path: Path, log: str, line: int, column: int, reason: str
) -> None:
    path = tmp_path / "big.log"
    path.write_text(log, encoding="utf-8")
    for command in (["check", str(path)], ["rule", str(path)], ["rule", str(path), "--json"]):
        code, out, err = run(*command)
        assert code == 1, (command, out, err)
        assert f"{path}:{line}:{column}: {reason}" in err, (command, err)
        assert f"hint: {AMOUNT_HINT}" in err
        assert "Traceback" not in out + err


def test_ten_to_the_28_is_a_clear_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "huge.log"
    path.write_text(heads_up("1", "1" + "0" * 28), encoding="utf-8")
    for command in ("check", "rule"):
        code, out, err = run(command, str(path))
        assert code == 1
        assert f"{path}:7:10: 10000000000000000000000000000 is too large for an amount" in err
        assert "    Ann bets 10000000000000000000000000000\n             " + "^" * 29 in err
        assert "Traceback" not in out + err and "InvalidOperation" not in out + err


def test_the_problem_underlines_the_amount() -> None:
    with pytest.raises(LogSyntaxError) as caught:
        parse_log(heads_up("1", "0.0000001"), "hand.log")
    [problem] = caught.value.problems
    assert (problem.line, problem.column, problem.end_column) == (7, 10, 19)
    assert problem.hint == AMOUNT_HINT


@pytest.mark.parametrize(
    "line",
    [
        "Ann bets 1000000000000000",
        "Ann bets 0.0000001",
        "Ann raises to 1000000000000000",
        "Ann calls 100000000000000000c",
        "Ann antes $1000000000000000",
        "stacks: Ann 40, Bob 1000000000000000",
        "limit: 1/1000000000000000",
        "limit: 1 - 0.0000001",
        "ante: 1000000000000000 by dealer",
        "rake: 1000000000000000",
        "Ann bets 999999999999999.999999",
        "Ann bets 0.000001",
        "Ann raises to 0.0001c",
    ],
)
def test_the_fast_path_and_the_grammar_agree_on_bounds(line: str) -> None:
    fast = fast_line(line, 1, 1)
    try:
        slow: object = parser().parse(line)
    except LineSlip as slip:
        assert fast is None
        assert slip.hint == AMOUNT_HINT
        underlined = line[slip.column - 1 : slip.column - 1 + slip.width]
        assert underlined in line.replace("/", " ").split()
        with pytest.raises(AmountError):
            parse_amount(underlined, signed=True)
    except UnexpectedInput:  # pragma: no cover - every line here is in the language
        pytest.fail(f"the grammar does not read {line!r}")
    else:
        assert fast is not None and fast == slow


@given(BOUNDED.map(abs), st.sampled_from(["Ann bets {}", "Ann raises to {}", "stacks: Ann {}", "rake: {}"]))
def test_every_bounded_amount_reads_the_same_both_ways(amount: D, template: str) -> None:
    line = template.format(format_amount(amount, keep_places=True))
    fast = fast_line(line, 1, 1)
    assert fast is not None and fast == parser().parse(line)


# --- exact settlement ------------------------------------------------------------------------------


def rule_json(tmp_path: Path, log: str) -> dict[str, object]:
    path = tmp_path / "hand.log"
    path.write_text(log, encoding="utf-8")
    code, out, err = run("rule", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_many_significant_digits_come_back_exactly(tmp_path: Path) -> None:
    # 21 significant digits per amount (15 + 6), 22 in the pot: more than a float holds.
    ante, bet = D("0.000001"), D("123456789012345.678901")
    stack = MAX_AMOUNT
    data = rule_json(tmp_path, heads_up(str(ante), str(bet), f"Ann {stack}, Bob {stack}"))
    with exact():
        pot = 2 * (ante + bet)
        assert data["pot"] == format_amount(pot) == "246913578024691.357804"
        assert data["awards"] == {"Ann": "246913578024691.357804"}
        assert data["net"] == {"Ann": format_amount(ante + bet), "Bob": format_amount(-(ante + bet))}


def test_the_largest_stacks_all_in_settle_exactly(tmp_path: Path) -> None:
    log = heads_up("0.000001", str(MAX_AMOUNT - QUANTUM), f"Ann {MAX_AMOUNT}, Bob {MAX_AMOUNT}")
    data = rule_json(tmp_path, log)
    assert data["pot"] == "1999999999999999.999998"
    assert data["net"] == {"Ann": "999999999999999.999999", "Bob": "-999999999999999.999999"}


def test_millionths_settle_exactly_in_a_three_way_split(tmp_path: Path) -> None:
    # Antes of a millionth from four players and four calls of a millionth: a pot of 8 millionths
    # split three ways is 3 + 3 + 2 millionths, nothing lost and nothing made up.
    log = (
        "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 0.000001\nlimit: 0.000001/0.000002\n"
        "antes\ndeal\nAnn bets 0.000001\nBob calls\nCy calls\nDee calls\ndraw\n"
        "Ann stands pat\nBob stands pat\nCy stands pat\nDee draws 3\n"
        "Ann checks\nBob checks\nCy checks\nDee checks\nshowdown\n"
        "Ann shows 5c 6d 7h 8s 9c\nBob shows 5d 6c 7s 8h 9d\n"
        "Cy shows 5h 6s 7d 8c 9h\nDee shows Ac Kd Qh 2s 3c\n"
    )
    data = rule_json(tmp_path, log)
    awards = data["awards"]
    assert isinstance(awards, dict)
    assert data["pot"] == "0.000008"
    assert sorted(awards.values()) == ["0.000002", "0.000003", "0.000003"]
    net = data["net"]
    assert isinstance(net, dict)
    assert sum(D(value) for value in net.values()) == 0
    assert net["Dee"] == "-0.000002"


def test_the_chip_is_never_finer_than_a_millionth() -> None:
    assert chip_unit([D("0.25"), D("0.000001")]) == QUANTUM
    assert chip_unit([D("0.25"), D("0.000025")]) == D("0.000025")
    assert chip_unit([D(1), D("0.000003")]) == QUANTUM
    assert chip_unit([MAX_AMOUNT, D(2)]) == QUANTUM
    assert chip_unit([D("999999999999999"), D(4)]) == D(1)


@given(BOUNDED.map(abs), st.integers(1, 9), st.sampled_from([QUANTUM, D("0.01"), D("0.25"), D(1)]))
def test_a_divided_pot_adds_up_to_the_pot(amount: D, winners: int, unit: D) -> None:
    names = [f"P{index}" for index in range(winners)]
    shares = divide(amount, names, unit)
    with exact():
        assert sum(shares.values(), D(0)) == amount
        assert max(shares.values()) - min(shares.values()) <= unit + amount % unit


# --- the printer and the importer --------------------------------------------------------------------


def test_fmt_writes_the_amounts_back_as_written() -> None:
    log = parse_log(heads_up("0.000001", "123456789012345.678901", f"Ann {MAX_AMOUNT}, Bob 2.50"))
    text = format_log(log)
    assert "stacks: Ann 999999999999999.999999, Bob 2.50\n" in text
    assert "Ann bets 123456789012345.678901\n" in text
    assert parse_log(text) == log


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("$1,500.50", D("1500.50")),
        ("€2", D(2)),
        ("999,999,999,999,999.999999", MAX_AMOUNT),
        ("-3 USD", D(-3)),
    ],
)
def test_site_amounts_go_through_the_one_parser(written: str, value: D) -> None:
    assert parse_site_amount(written) == value


@pytest.mark.parametrize("written", ["$1,000,000,000,000,000", "0.0000001", "1e5", "NaN"])
def test_site_amounts_out_of_bounds_skip_the_hand(written: str) -> None:
    with pytest.raises(SkipHand) as skipped:
        parse_site_amount(written)
    assert written in skipped.value.reason or "not an amount" in skipped.value.reason
