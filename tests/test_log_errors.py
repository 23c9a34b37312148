"""Problems with a log, in a player's words: where, what was expected, what to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import LogError, LogSyntaxError, Problem, RefereeError
from referee.log import MAX_PROBLEMS, parse_log, read_log

SEATED = "seats: Ann, Bob, Cy, Dee\ndealer: Dee\n"  # events start on line 3


def problems(text: str, kind: type[RefereeError] = RefereeError) -> list[Problem]:
    with pytest.raises(kind) as caught:
        parse_log(text, "hand.log")
    assert isinstance(caught.value, kind)
    assert caught.value.__context__ is None and caught.value.__cause__ is None
    return caught.value.problems


def only(text: str, kind: type[RefereeError] = RefereeError) -> Problem:
    (problem,) = problems(text, kind)
    return problem


# --- syntax: what was expected and the usual slips -------------------------------------------------


@pytest.mark.parametrize(
    ("line", "word", "hint"),
    [
        ("Bob bett 2", "bett", "did you mean `Bob bets 2`?"),
        ("Bob cals", "cals", "did you mean `Bob calls`?"),
        ("Bob foldz", "foldz", "did you mean `Bob folds`?"),
        ("Bob chekcs", "chekcs", "did you mean `Bob checks`?"),
        ("Bob raisse 4", "raisse", "did you mean `Bob raises 4`?"),
        ("Bob mukced", "mukced", "did you mean `Bob mucks`?"),
        ("Bob stya", "stya", "did you mean `Bob calls`? (`stay` means `calls`: Scarne's word for calling)"),
        ("Bob flahses K♥", "flahses", "did you mean `Bob exposes Kh`? (`flashes` means `exposes`)"),
        (
            "Bob kncoks",
            "kncoks",
            "did you mean `Bob checks`? (`knocks` means `checks`: a knock on the table before anyone bets)",
        ),
        ("Bob allin", "allin", "did you mean `Bob is all in`?"),
    ],
)
def test_a_verb_slip_gets_did_you_mean(line: str, word: str, hint: str) -> None:
    problem = only(SEATED + line, LogSyntaxError)
    assert problem.message == (
        f"`{word}` is not an action: "
        "expected an action such as `checks`, `bets 2`, `calls`, `raises 4`, `folds`"
    )
    assert problem.hint == hint
    assert (problem.file, problem.line, problem.column) == ("hand.log", 3, 5)
    assert problem.end_column == 5 + len(word)
    assert problem.source_line == line


def test_raises_without_an_amount() -> None:
    problem = only(SEATED + "Bob raises   # short", LogSyntaxError)
    assert (
        problem.message
        == "`raises` needs an amount: `raises 4` (call and 4 more) or `raises to 8` (8 in all)"
    )
    assert (problem.line, problem.column) == (3, 11)  # just after the last word, before the comment


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Bob bets", "`bets` needs an amount, like `bets 2`"),
        ("Cy opens", "`opens` needs an amount, like `opens 2` or `opens for 2`"),
        ("Bob raises to", "`raises to` needs the total, like `raises to 8`"),
        ("Bob posts", "`posts` needs which blind and how much, like `posts small blind 1`"),
        ("Bob posts big blind", "the blind needs an amount, like `posts big blind 2`"),
        ("Cy takes", "`takes` needs how many cards, like `takes 3`, or the cards, like `takes J♥ 5c`"),
        ("Cy asked for", "`asked for` needs how many cards, like `asked for 3`"),
        (
            "Cy changes his draw to",
            "`changes his draw to` needs the new number of cards, like `changes his draw to 2`",
        ),
    ],
)
def test_missing_amounts(line: str, message: str) -> None:
    assert only(SEATED + line, LogSyntaxError).message == message


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("Cy shows 1s Kd", 10, "'1s': '1' is not a rank (the ace is A)"),
        ("Cy shows Ax Kd", 10, "'Ax': 'x' is not a suit"),
        ("Cy is dealt As Kd 11c", 19, "'11c': '11' is not a rank"),
        ("dealer exposes Ax", 16, "'Ax': 'x' is not a suit"),
        ("Cy discards 8c 4h, draws Zz", 26, "'Zz': it is not a card"),
    ],
)
def test_a_bad_card_says_what_a_card_looks_like(line: str, column: int, message: str) -> None:
    problem = only(SEATED + line, LogSyntaxError)
    assert problem.message.startswith(message)
    assert "a card is a rank (2-9, T or 10, J, Q, K, A) and a suit" in problem.message
    assert problem.column == column


def test_header_line_after_events() -> None:
    problem = only(SEATED + "deal\nlimit: 2/4\n", LogSyntaxError)
    assert problem.message == "`limit:` is a header line, but the events started on line 3"
    assert problem.hint == "move it up with the other `key: value` lines, above the first event"
    assert (problem.line, problem.column, problem.end_column) == (4, 1, 6)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Cy looks at", "`looks at` needs what he looked at, like `looks at his cards`"),
        ("Cy peeked at his", "`peeked at his` needs what he looked at, like `peeked at his cards`"),
    ],
)
def test_a_look_needs_what_he_looked_at(line: str, message: str) -> None:
    assert only(SEATED + line, LogSyntaxError).message == message


def test_looking_at_discards_says_how_to_take_them_back() -> None:
    problem = only(SEATED + "Cy looks at his discards", LogSyntaxError)
    assert problem.message == (
        "unexpected `discards`: a player looks at the cards he holds, his hand or his draw"
    )
    assert problem.hint == "write `looks at his cards`; to take thrown cards back, `picks up his discards`"
    assert (problem.line, problem.column) == (3, 17)


def test_speech_needs_quotes() -> None:
    problem = only(SEATED + "Ann says bet 5", LogSyntaxError)
    assert problem.message == "the words said go in double quotes"
    assert problem.hint == 'like `Ann says "bet 5"`'


def test_unclosed_quote() -> None:
    problem = only(SEATED + 'Ann says "bet 5', LogSyntaxError)
    assert problem.message == "a quote is not closed"
    assert problem.column == 10


def test_one_event_per_line() -> None:
    problem = only(SEATED + "Ann checks Bob checks", LogSyntaxError)
    assert problem.message == "unexpected `Bob` after a complete event"
    assert problem.hint == "one event per line; put remarks after `#`"
    assert problem.column == 12


def test_a_word_that_starts_no_event() -> None:
    problem = only(SEATED + "dael", LogSyntaxError)
    assert problem.hint == "did you mean `deal`?"
    problem = only(SEATED + "@@@", LogSyntaxError)
    assert problem.message.startswith(
        "a line cannot start with `@@@`: expected an event such as `Ann checks`"
    )


def test_a_player_named_like_a_keyword_is_told_to_quote_the_name() -> None:
    problem = only("seats: Cut, Bob\nCut checks", LogSyntaxError)
    assert problem.hint == '`Cut` is also a word of the log language: write the name in quotes, `"Cut"`'


def test_a_comma_between_cards() -> None:
    problem = only(SEATED + "Cy discards 8c, 4h, draws 2", LogSyntaxError)
    assert problem.hint == "cards are separated by spaces; a comma only comes before `draws`"


def test_a_count_of_cards_with_too_many_digits() -> None:
    problem = only(SEATED + "Dee draws 1234567", LogSyntaxError)
    assert problem.message == "1234567 is not a number of cards"
    assert (problem.column, problem.end_column) == (11, 18)


def test_tab_indented_lines_keep_exact_columns() -> None:
    problem = only(SEATED + "\t  Bob bett 2", LogSyntaxError)
    assert problem.column == 8


def test_no_lark_names_in_any_message() -> None:
    lines = [
        "Bob bett 2", "Bob raises", "Cy shows 1s", "Ann says \"x", "@@", "limit: 2", "limit: 2/", "seats:",
        "Bob posts tiny blind 2", "card face up", "Bob is", "dealer exposes", "wrong dealer:", "Bob's",
        "Bob exposes Cy's", "ante: 4 by", "Bob 2", "title:", "game: a b",
    ]  # fmt: skip
    found = problems(SEATED + "deal\n" + "\n".join(lines))
    assert len(found) == len(lines)
    for problem in found:
        text = problem.render()
        for lark_word in ("Unexpected", "Token(", "__ANON", "$END", "Tree(", "<END-OF-FILE>", "Traceback"):
            assert lark_word not in text, text


# --- checks that need no rulebook ------------------------------------------------------------------


def test_unknown_player_with_did_you_mean() -> None:
    problem = only(SEATED + "Cyy checks", LogError)
    assert problem.message == "Cyy is not at the table"
    assert problem.hint == "did you mean Cy? The seats are Ann, Bob, Cy, Dee"
    assert (problem.line, problem.column, problem.end_column) == (3, 1, 4)


def test_unknown_player_in_the_middle_of_a_line() -> None:
    problem = only(SEATED + "dealer exposes Bbo's 7c", LogError)
    assert problem.message == "Bbo is not at the table"
    assert (problem.column, problem.end_column) == (16, 19)


def test_names_are_case_sensitive_but_the_hint_knows() -> None:
    assert only(SEATED + "ann checks", LogError).hint.startswith("did you mean Ann?")


def test_seat_listed_twice() -> None:
    problem = only("seats: Ann, Bob, Ann", LogError)
    assert problem.message == "Ann is seated twice"
    assert (problem.line, problem.column) == (1, 18)


def test_dealer_not_seated() -> None:
    problem = only("seats: Ann, Bob\ndealer: Bobby", LogError)
    assert problem.message == "the dealer, Bobby, is not seated"
    assert problem.hint.startswith("did you mean Bob?")
    assert (problem.line, problem.column) == (2, 9)


def test_stacks_name_someone_not_seated() -> None:
    problem = only("seats: Ann, Bob\nstacks: Ann 40, Zed 40", LogError)
    assert problem.message == "stacks name Zed, who is not seated"
    assert problem.column == 17


def test_the_same_card_twice_on_one_line() -> None:
    problem = only(SEATED + "Cy discards 7c 4h, draws 7♣", LogError)
    assert problem.message == "7c appears twice on this line"
    assert problem.column == 26


def test_unseen_cards_may_repeat() -> None:
    assert parse_log(SEATED + "Cy is dealt ?? ?? ?? ?? ??").events


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("Bob bets 0", "an amount of zero: a bet, ante or stack is more than nothing", 10),
        ("Bob raises to -4", "a negative amount (-4): amounts are never below zero", 15),
        ("Bob posts big blind 0.00", "an amount of zero: a bet, ante or stack is more than nothing", 21),
    ],
)
def test_zero_or_negative_amounts(line: str, message: str, column: int) -> None:
    problem = only(SEATED + line, LogError)
    assert (problem.message, problem.column) == (message, column)


def test_zero_in_the_header() -> None:
    found = problems("seats: Ann, Bob\nante: 0\nlimit: 0/4\nstacks: Ann 0, Bob 5\nrake: 0", LogError)
    assert [(p.line, p.column) for p in found] == [(2, 7), (3, 8), (4, 13)]


def test_spread_limit_upside_down() -> None:
    assert only("seats: Ann, Bob\nlimit: 5-1", LogError).hint == "write the least bet first: `limit: 1-5`"


def test_unknown_header_key_lists_the_known_ones() -> None:
    problem = only("seats: Ann, Bob\nstake: 40", LogError)
    assert problem.message == "unknown header key `stake`"
    assert problem.hint == (
        "did you mean `stacks:`? The header keys are title, game, rulebook, seats, dealer, ante, limit, "
        "stacks, rake; free text goes in `note: ...` or after `#`"
    )


def test_a_players_name_with_a_colon() -> None:
    assert (
        only(SEATED + "Ann: checks", LogError).hint
        == "if this is something Ann did, drop the colon: `Ann checks`"
    )


def test_a_suit_that_only_matches_when_case_is_folded() -> None:
    problem = only(SEATED + "Ann shows Aſ", LogSyntaxError)
    assert problem.message.startswith("'Aſ'")


def test_a_header_key_given_twice() -> None:
    problem = only("seats: Ann, Bob\ndealer: Ann\ndealer: Bob", LogError)
    assert problem.message == "`dealer:` is given twice (first on line 2)"


def test_no_seats_line() -> None:
    problem = only("dealer: Ann\ndeal\nAnn checks", LogError)
    assert problem.message == "the log has no `seats:` line, so nobody is at the table"
    assert problem.line == 0


# --- every problem, like a compiler ------------------------------------------------------------------


def test_every_problem_is_reported_in_line_order() -> None:
    text = SEATED + "Bob bett 2\nZed checks\nCy shows 1s\nfoo: bar\nDee bets 0\nAnn checks\n"
    found = problems(text, LogSyntaxError)
    assert [(p.line, p.message.split(":")[0]) for p in found] == [
        (3, "`bett` is not an action"),
        (4, "Zed is not at the table"),
        (5, "'1s'"),
        (6, "unknown header key `foo`"),
        (7, "an amount of zero"),
    ]


def test_only_sense_problems_make_a_log_error() -> None:
    with pytest.raises(LogError) as caught:
        parse_log(SEATED + "Zed checks\nDee bets 0")
    assert not isinstance(caught.value, LogSyntaxError)
    assert len(caught.value.problems) == 2


def test_at_most_twenty_problems() -> None:
    found = problems(SEATED + "Bob bett 2\n" * 100, LogSyntaxError)
    assert len(found) == MAX_PROBLEMS
    assert [p.line for p in found[:-1]] == list(range(3, 3 + MAX_PROBLEMS - 1))
    assert found[-1].message == f"more problems after line {MAX_PROBLEMS + 1} are not shown; fix these first"


def test_render_shows_file_line_column_caret_and_hint() -> None:
    problem = only(SEATED + "Bob bett 2", LogSyntaxError)
    assert problem.render() == (
        "hand.log:3:5: `bett` is not an action: expected an action such as `checks`, `bets 2`, `calls`, "
        "`raises 4`, `folds`\n"
        "    Bob bett 2\n"
        "        ^^^^\n"
        "    hint: did you mean `Bob bets 2`?"
    )


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.log"
    path.write_bytes(b"seats: Ann, Bob\ntitle: caf\xe9\n")
    with pytest.raises(LogSyntaxError) as caught:
        read_log(path)
    (problem,) = caught.value.problems
    assert problem.message == "the file is not UTF-8 text (byte 0xe9)"
    assert (problem.line, problem.column) == (2, 11)


def test_splitting_openers_without_the_cards_kept_is_told_the_whole_line() -> None:
    # The split is ruled on the openers kept aside (Replay._split_openers): a line that does not
    # name them is refused, with the whole line that names them for this player.
    problem = only(SEATED + "Ann splits her openers", LogSyntaxError)
    assert problem.message.startswith("`splits her openers` needs the openers kept aside")
    assert problem.hint == "write it in full, like `Ann splits openers, keeps Js Jd aside`"
