"""The table core: what can happen next, completion from the grammar, lines checked as entered."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest

from referee.errors import LogSyntaxError, RefereeError
from referee.log import parse_log
from referee.rulebook.games import effective_game
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.table.complete import accepted_terminals, completions
from referee.table.entry import MAX_LINES, add_line, drop_last_line, header_line, read_entry
from referee.table.next import MoveKind, Next, what_next
from referee.table.shelf import Shelf

HEADER = "game: draw\nseats: Ann, Bob, Cy, Dee\ndealer: Dee\nante: 1\nlimit: 2/4\n"


def next_of(text: str, rulebook: str = "scarne") -> Next:
    return what_next(parse_log(text), text, load_rulebook(rulebook, for_play=True))


def lines(upcoming: Next) -> list[str]:
    return [move.line for move in upcoming.moves]


# --- whose turn, and what he may do ----------------------------------------------------------------


def test_before_the_deal_the_antes_and_the_deal_come_next() -> None:
    upcoming = next_of(HEADER)
    assert upcoming.turn is None
    assert upcoming.stage == "before the deal"
    assert lines(upcoming) == ["antes", "deal"]


def test_after_the_deal_the_player_left_of_the_dealer_may_check_or_bet_the_limit() -> None:
    upcoming = next_of(HEADER + "antes\ndeal\n")
    assert upcoming.turn == "Ann"
    assert lines(upcoming) == ["Ann checks", "Ann bets 2"]
    assert upcoming.pot == Decimal(4)


def test_facing_a_bet_a_player_may_call_raise_or_fold() -> None:
    upcoming = next_of(HEADER + "antes\ndeal\nAnn bets 2\n")
    assert upcoming.turn == "Bob"
    assert upcoming.to_call == Decimal(2)
    assert lines(upcoming) == ["Bob calls", "Bob raises 2", "Bob folds"]
    assert [move.kind for move in upcoming.moves] == [MoveKind.CALL, MoveKind.RAISE, MoveKind.FOLD]


def test_a_game_with_openers_offers_to_open_rather_than_bet() -> None:
    upcoming = next_of(HEADER.replace("game: draw", "game: jacks-or-better") + "antes\ndeal\n")
    assert lines(upcoming) == ["Ann checks", "Ann opens 2"]


def test_a_bet_out_of_turn_is_ruled_at_once_and_the_skipped_player_still_acts() -> None:
    upcoming = next_of(HEADER + "antes\ndeal\nAnn checks\nDee bets 2\n")
    assert [ruling.irregularity for ruling in upcoming.result.rulings] == ["out-of-turn"]
    assert upcoming.result.rulings[0].line == 9
    assert upcoming.turn == "Bob"


def test_after_the_betting_the_draw_offers_standing_pat_and_draws_up_to_the_rulebooks_most() -> None:
    text = HEADER + "antes\ndeal\nAnn bets 2\nBob calls\nCy folds\nDee folds\n"
    assert lines(next_of(text)) == ["draw"]
    for name in bundled_rulebooks():
        most = effective_game(load_rulebook(name, for_play=True), "draw").draw.max_cards
        upcoming = next_of(text + "draw\n", name)
        assert upcoming.turn == "Ann"
        plain = [m.line for m in upcoming.moves if "ace" not in m.label]
        assert plain == ["Ann stands pat", *(f"Ann draws {n}" for n in range(1, min(most, 5) + 1))], name


def test_at_the_showdown_each_live_player_shows_or_mucks() -> None:
    text = (
        HEADER + "antes\ndeal\nAnn bets 2\nBob calls\nCy folds\nDee folds\ndraw\nAnn draws 1\nBob draws 2\n"
    )
    text += "Ann checks\nBob checks\n"
    assert lines(next_of(text)) == ["showdown"]
    upcoming = next_of(text + "showdown\n")
    assert [(m.line, m.complete) for m in upcoming.moves if m.kind is MoveKind.SHOW] == [
        ("Ann shows ", False),
        ("Bob shows ", False),
    ]


def test_spread_limit_amounts_stay_within_the_spread() -> None:
    upcoming = next_of(HEADER.replace("2/4", "1-5") + "antes\ndeal\n")
    amounts = [Decimal(m.line.rsplit(" ", 1)[1]) for m in upcoming.moves if m.kind is MoveKind.BET]
    assert amounts[0] == 1 and amounts[-1] == 5
    assert all(1 <= amount <= 5 for amount in amounts)


@pytest.mark.parametrize("rulebook", bundled_rulebooks())
def test_no_raise_is_offered_once_the_raise_cap_is_reached(rulebook: str) -> None:
    book = load_rulebook(rulebook, for_play=True)
    cap = effective_game(book, "draw").betting.raise_cap.raises
    if cap is None:
        # A book with no cap of its own: the house on it that allows three raises a round.
        house = Path(__file__).resolve().parents[1] / "scenarios" / "house" / "rulebooks"
        book = load_rulebook(str(house / f"raise-cap-{rulebook}.yaml"), for_play=True)
        cap = effective_game(book, "draw").betting.raise_cap.raises
        assert cap == 3
    text = HEADER + "antes\ndeal\nAnn bets 2\n"
    order = ["Bob", "Cy", "Dee", "Ann"]
    for index in range(cap):
        text += f"{order[index % 4]} raises 2\n"
    upcoming = what_next(parse_log(text), text, book)
    assert upcoming.turn is not None
    assert lines(upcoming)[0].endswith("calls")
    assert not [m for m in upcoming.moves if m.kind is MoveKind.RAISE]
    assert not upcoming.result.rulings


def test_jacks_back_turned_to_lowball_offers_the_blind_where_the_house_plays_it() -> None:
    """``passed_out.lowball_blind``: the player left of the dealer owes the blind; posting it (then
    the others call it) or folding are the clean moves, not a check."""
    folder = Path(__file__).resolve().parents[1] / "scenarios" / "games"
    text = (folder / "jacks-back-lowball-blind-and-its-option.log").read_text(encoding="utf-8")
    cut = text[: text.index("Ann posts blind 2")]
    house = load_rulebook(str(folder / "rulebooks" / "jacks-back-lowball-blind.yaml"), for_play=True)
    upcoming = what_next(parse_log(cut), cut, house)
    assert upcoming.turn == "Ann"
    assert lines(upcoming) == ["Ann posts blind 2", "Ann folds"]
    assert upcoming.moves[0].kind is MoveKind.BLIND
    posted = cut + "Ann posts blind 2\n"
    after = what_next(parse_log(posted), posted, house)
    assert after.turn == "Bob" and after.to_call == Decimal(2)
    assert not after.result.rulings
    assert lines(next_of(cut, "pagat"))[0] == "Ann checks"  # pagat as written: no blind


def test_irregular_events_are_always_offered() -> None:
    upcoming = next_of(HEADER + "antes\ndeal\n")
    assert any(m.line == "misdeal" and m.complete for m in upcoming.irregular)
    assert any(m.line.startswith("dealer exposes Ann's") for m in upcoming.irregular)


@pytest.mark.parametrize("rulebook", bundled_rulebooks())
def test_every_move_offered_is_clean_play(rulebook: str) -> None:
    """Walking hands by the moves offered never brings a ruling and never a refused line."""
    shelf = Shelf()
    chance = random.Random(f"moves-{rulebook}")
    for _ in range(6):
        text = HEADER.replace("2/4", chance.choice(["2/4", "1-5", "pot", "no-limit"]))
        text = text.replace("ante: 1\n", f"ante: 1\nrulebook: {rulebook}\n")
        for _ in range(40):
            upcoming = next_of(text, rulebook)
            ready = [m for m in upcoming.moves if m.complete]
            if upcoming.over or not ready:
                break
            move = chance.choice(ready)
            text, problems = add_line(text, move.line, shelf)
            assert not problems, (move.line, problems)
        result = next_of(text, rulebook).result
        assert not result.rulings, (text, result.rulings)


@pytest.mark.slow
def test_every_scenario_cut_short_anywhere_says_what_comes_next() -> None:
    """A log may stop at any line (the dispute is often the last one): the core never fails."""
    shelf = Shelf()
    walked = 0
    for path in sorted((Path(__file__).parent.parent / "scenarios").glob("*.log")):
        text = path.read_text(encoding="utf-8")
        try:
            book = shelf.for_log(read_entry(text, shelf), text)
        except RefereeError:
            continue  # a scenario ruled by a house file: not on the bundled shelf
        lines = text.splitlines(keepends=True)
        for stop in [*range(1, len(lines), 3), len(lines)]:
            part = "".join(lines[:stop])
            try:
                log = read_entry(part, shelf)
            except RefereeError:
                continue  # cut inside the header
            upcoming = what_next(log, part, book)
            assert upcoming.turn is None or upcoming.turn in log.header.seats
            walked += 1
    assert walked > 500


# --- completion from the grammar -------------------------------------------------------------------


def test_completion_offers_the_verbs_the_grammar_takes_after_a_name() -> None:
    words = completions("Ann b", ["Ann", "Bob"])
    assert {"bets", "bet"} <= set(words)
    assert all(word.lower().startswith("b") for word in words)


def test_completion_offers_names_cards_and_amounts_where_they_stand() -> None:
    assert completions("", ["Ann", "Bob", "Aunt May"])[:3] == ["Ann", "Bob", '"Aunt May"']
    assert "As" in completions("Ann discards A", ["Ann"])
    assert completions("Ann bets ", ["Ann"], amounts=["2", "4"])[:2] == ["2", "4"]


def test_completion_puts_the_likely_words_first() -> None:
    assert completions("Ann ", ["Ann"], first=["checks", "bets"])[:2] == ["checks", "bets"]


def test_completion_is_empty_after_text_the_grammar_refuses() -> None:
    assert completions("Ann flibbers ", ["Ann"]) == []


def test_every_completed_word_reads_as_the_grammar_says() -> None:
    """No drift: each word offered, once typed, leaves a line the parser still reads."""
    for start in ("", "Ann ", "Ann bets ", "dealer exposes ", "Ann stands ", "seats: Ann, "):
        for word in completions(start, ["Ann", "Bob"], amounts=["2"]):
            assert accepted_terminals(start + word + " ") or _reads(start + word), (start, word)


def _reads(line: str) -> bool:
    try:
        parse_log("seats: Ann, Bob\n" + line + "\n")
    except RefereeError:
        return False
    return True


# --- lines checked as they are entered -------------------------------------------------------------


def test_a_bad_line_is_refused_with_the_message_check_gives() -> None:
    text, problems = add_line(HEADER, "Ann betz 2", Shelf())
    assert text == HEADER
    with pytest.raises(LogSyntaxError) as error:
        parse_log(HEADER + "Ann betz 2\n", "<table>")
    assert [p.message for p in problems] == [p.message for p in error.value.problems]
    assert problems[0].line == 6


def test_a_good_line_joins_the_log_and_undo_drops_it() -> None:
    text, problems = add_line(HEADER, "antes", Shelf())
    assert not problems and text == HEADER + "antes\n"
    assert drop_last_line(text) == HEADER


def test_header_lines_quote_names_of_more_than_one_word() -> None:
    assert header_line("seats", "Aunt May, Bob, <b>") == 'seats: "Aunt May", Bob, "<b>"'
    assert header_line("dealer", "Aunt May") == 'dealer: "Aunt May"'
    assert header_line("limit", " 2/4 ") == "limit: 2/4"
    text = ""
    for line in (header_line("seats", "Aunt May, Bob"), header_line("dealer", "Aunt May")):
        text, problems = add_line(text, line, Shelf())
        assert not problems
    assert read_entry(text, Shelf()).header.seats == ("Aunt May", "Bob")


def test_an_unknown_player_is_refused() -> None:
    _, problems = add_line(HEADER + "antes\n", "Zed bets 2", Shelf())
    assert problems and "Zed" in problems[0].message


def test_a_log_longer_than_a_hand_is_refused() -> None:
    with pytest.raises(RefereeError, match="at most"):
        read_entry(HEADER + "antes\n" * MAX_LINES, Shelf())


# --- house rulebooks by name ------------------------------------------------------------------------


def test_house_rulebooks_in_the_folder_are_named_and_loaded(tmp_path: Path) -> None:
    (tmp_path / "friday.yaml").write_text("id: friday\ntitle: Friday\nextends: scarne\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a rulebook", encoding="utf-8")
    shelf = Shelf(tmp_path)
    assert shelf.house() == ["friday"]
    assert str(shelf.load("friday").id) == "friday"
    text, problems = add_line(HEADER, "rulebook: friday", shelf)
    assert not problems
    assert str(shelf.for_log(read_entry(text, shelf), text).id) == "friday"


def test_a_name_may_not_lead_out_of_the_folder(tmp_path: Path) -> None:
    inside = tmp_path / "house"
    inside.mkdir()
    (tmp_path / "secret.yaml").write_text("id: secret\ntitle: S\nextends: scarne\n", encoding="utf-8")
    shelf = Shelf(inside)
    for name in ("../secret", "/etc/passwd", "../secret.yaml"):
        with pytest.raises(RefereeError):
            shelf.load(name)
    assert Shelf().house() == []
