"""Words players write, round two (issue 23): what cannot be an event is said so, with what to write.

The lines that read are in ``tests/data/phrasings.txt`` with the line each one means; here are the
lines that read as words but can be no event, and the notes and hints around them.
"""

from __future__ import annotations

import pytest

from referee.errors import LogSyntaxError
from referee.log import parse_log
from referee.log.words import declared_rank

HEADER = "seats: Ann, Bob, Cy, Dee\ndealer: Dee\n"


def _problem(text: str) -> tuple[str, str]:
    with pytest.raises(LogSyntaxError) as caught:
        parse_log(HEADER + text)
    (problem,) = caught.value.problems
    return problem.message, problem.hint


@pytest.mark.parametrize(
    ("line", "said"), [("Bob shows an ace", "an ace"), ("Bob flashes a seven", "a seven")]
)
def test_a_rank_with_no_suit_is_refused_with_the_card_to_write(line: str, said: str) -> None:
    message, hint = _problem(line)
    assert message.startswith(f"`{said}` names a rank but not its suit")
    assert "`Bob shows A♠`" in hint


@pytest.mark.parametrize("line", ["Bob shows one of hearts", "Bob shows the 12 of clubs"])
def test_a_number_that_is_no_rank_is_refused(line: str) -> None:
    message, _ = _problem(line)
    assert "is no rank" in message


def test_the_jackpot_limit_is_refused_by_name_with_the_limits_there_are() -> None:
    message, hint = _problem("limit: jackpot\nantes")
    assert message == "the jack pot limit is not one the referee can follow yet"
    assert "`limit: pot`" in hint


def test_a_dealer_line_after_the_first_deal_is_told_to_write_who_deals() -> None:
    message, hint = _problem("antes\nnew deal\ndealer: Bob")
    assert message.startswith("`dealer:` is a header line")
    assert hint == "the dealer of a later deal is an event: write `Bob deals`"
    assert parse_log(HEADER + "antes\nnew deal\nBob deals").events[-1].player == "Bob"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("words", "rank"),
    [("kings", 2), ("a pair of kings", 2), ("seven low", 1), ("8-low", 1), ("the nuts", None)],
)
def test_a_declaration_names_the_hand_it_says(words: str, rank: int | None) -> None:
    assert declared_rank(words) == rank
    log = parse_log(HEADER + f"Bob declares {words}")
    assert bool(log.notes) == (rank is None)  # only a declaration that names no hand is noted


def test_the_words_after_an_event_do_not_make_it_two_events() -> None:
    message, _ = _problem("Ann checks Bob checks")
    assert message == "unexpected `Bob` after a complete event"


def test_an_opening_said_with_its_openers_but_no_bet_is_told_the_line_to_write() -> None:
    message, hint = _problem("Ann opened with a pair of tens")
    assert message.startswith("how much did the opener bet?")
    assert hint == "write the bet with the openers, like `Ann opens 2 with a pair of tens`"
