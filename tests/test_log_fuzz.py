"""Whatever text comes in, reading it ends in a log or in LogSyntaxError/LogError: never anything else.

In the spirit of python-chess ``fuzz/pgn.py``: mutate the example logs, feed random bytes and
junk, and check that reading finishes, problems render, and a log that reads prints and reads back.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import LogError, LogSyntaxError
from referee.events import Check, DealtCards
from referee.log import MAX_PROBLEMS, format_log, parse_log, read_log
from tests.helpers import short_and_full

EXAMPLES_DIR = Path(__file__).parent / "data" / "examples"
EXAMPLES = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES_DIR.glob("*.log"))]
MUTATIONS = [
    "delete line",
    "duplicate line",
    "swap lines",
    "delete char",
    "duplicate char",
    "garble char",
    "insert",
]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_anything(text: str) -> None:
    """Read ``text``; only the log's own errors may come out, and a log that reads round-trips."""
    try:
        log = parse_log(text, "fuzz.log")
    except (LogSyntaxError, LogError) as error:
        assert 1 <= len(error.problems) <= MAX_PROBLEMS
        for problem in error.problems:
            assert problem.render()
        return
    again = parse_log(format_log(log), "fuzz.log")
    assert (again.header, again.events) == (log.header, log.events)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """An example log with lines and characters deleted, duplicated, swapped or garbled."""
    lines = draw(st.sampled_from(EXAMPLES)).split("\n")
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(MUTATIONS))
        row = draw(st.integers(0, len(lines) - 1))
        line = lines[row]
        col = draw(st.integers(0, len(line)))
        if kind == "delete line" and len(lines) > 1:
            del lines[row]
        elif kind == "duplicate line":
            lines.insert(row, line)
        elif kind == "swap lines":
            other = draw(st.integers(0, len(lines) - 1))
            lines[row], lines[other] = lines[other], line
        elif kind == "delete char":
            lines[row] = line[:col] + line[col + 1 :]
        elif kind == "duplicate char":
            lines[row] = line[:col] + line[col : col + 1] + line[col:]
        elif kind == "garble char":
            lines[row] = line[:col] + draw(st.characters(exclude_categories=["Cs"])) + line[col + 1 :]
        else:
            lines[row] = line[:col] + draw(st.text(max_size=6)) + line[col:]
    return draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines)


@short_and_full(100, 300)
def test_mutated_examples(cases: int) -> None:
    @settings(FUZZ, max_examples=cases)
    @given(mutated())
    def reads(text: str) -> None:
        read_anything(text)

    reads()


@FUZZ
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    read_anything(text)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "bytes.log"


@FUZZ
@given(data=st.binary(max_size=300))
def test_random_bytes_from_a_file(scratch: Path, data: bytes) -> None:
    scratch.write_bytes(data)
    try:
        log = read_log(scratch)
    except (LogSyntaxError, LogError) as error:
        assert all(problem.render() for problem in error.problems)
    else:
        assert log.source == str(scratch)


def test_a_megabyte_of_junk() -> None:
    rng = random.Random(12)
    alphabet = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789♠♥♦♣?#:,'\"$.-/\t\n\n\n"
    junk = "".join(rng.choice(alphabet) for _ in range(1_000_000))
    read_anything(junk)
    read_anything(EXAMPLES[0] + junk)


def test_a_megabyte_on_one_line() -> None:
    rng = random.Random(7)
    line = "".join(rng.choice("abc def 2 3s ,:'\"#") for _ in range(1_000_000))
    read_anything(line)
    read_anything("seats: Ann, Bob\nAnn declares " + line)
    read_anything("seats: Ann, Bob\nAnn " + "x" * 1_000_000)
    read_anything('seats: Ann, Bob\n"' + "Ann" * 300_000 + '" checks')


def test_a_hundred_thousand_line_log() -> None:
    header = "seats: Ann, Bob, Cy, Dee\ndealer: Dee\n"
    body = "Ann checks\nBob bets 2\nCy is dealt As Kd ?? ?? 7c\nDee raises to 8\n" * 25_000
    log = parse_log(header + body)
    assert len(log.events) == 100_000
    assert log.events[-4] == Check("Ann")
    assert isinstance(log.events[-2], DealtCards)
    assert log.events[-1].line == 100_002


def test_a_hundred_thousand_bad_lines_stop_early() -> None:
    try:
        parse_log("seats: Ann\n" + "Ann bett 2\n" * 100_000)
    except LogSyntaxError as error:
        assert len(error.problems) == MAX_PROBLEMS
    else:
        raise AssertionError("expected problems")
