"""What the table did, told in the log (issue 23): the pot taken, a card handed back, a missing card
given, the discards reshuffled. Each line is ruled, noted or void with why: never silent."""

from __future__ import annotations

from referee.engine import rule_log
from referee.log import parse_log
from referee.rulebook.load import load_rulebook
from referee.ruling import LineStatus, Result

HEADER = "game: draw\nseats: Ann, Bob, Cy\ndealer: Cy\nante: 1\nlimit: 2/4\n\nantes\ndeal\n"
SHOWDOWN = """Ann is dealt As Ad Kc Kd 4s
Bob is dealt 9s 9h 4c 3d 2c
Ann bets 2
Bob calls
Cy folds
draw
Ann draws 1
Bob draws 3
Ann bets 4
Bob calls
showdown
Ann shows As Ad Kc Kd 4s
Bob shows 9s 9h 4c 3d 2c
"""


def _rule(events: str, book: str = "scarne") -> Result:
    text = HEADER + events
    return rule_log(parse_log(text), text, load_rulebook(book))


def _last(result: Result) -> tuple[LineStatus, str]:
    line = result.lines[-1]
    return line.status, line.reason


def test_the_winner_taking_the_pot_is_noted() -> None:
    result = _rule(SHOWDOWN + "Ann takes the pot\n")
    assert _last(result) == (LineStatus.APPLIED, "the pot is collected (Ann)")
    assert result.divergence is None


def test_another_taking_the_pot_is_where_the_log_leaves_the_referees_course() -> None:
    result = _rule(SHOWDOWN + "Bob rakes in the pot\n")
    assert result.divergence is not None
    assert result.divergence.line == len((HEADER + SHOWDOWN).splitlines()) + 1
    assert "Bob took the pot, which the referee awards to Ann" in result.divergence.explanation
    assert _last(result)[1] == "Bob took the pot; it is Ann's"


def test_the_pot_taken_before_the_deal_is_decided_is_void_with_why() -> None:
    result = _rule("Ann is dealt As Ad Kc Kd 4s\nAnn bets 2\nthe pot is collected\n")
    assert _last(result) == (LineStatus.VOID, "The deal is not decided yet, so the pot is nobody's to take.")


def test_a_card_handed_back_unannounced_is_a_wrong_count_ruled_there() -> None:
    result = _rule("Bob throws back 4♣\nAnn checks\n")
    (ruling,) = result.rulings
    assert ruling.line == 9 and ruling.irregularity == "wrong-card-count"
    assert "Bob was dealt 6 cards instead of 5" in ruling.explanation


def test_a_missing_card_given_unannounced_is_a_short_count_ruled_there() -> None:
    result = _rule("dealer gives Cy another card\nAnn checks\n")
    (ruling,) = result.rulings
    assert "Cy was dealt 4 cards instead of 5" in ruling.explanation


def test_a_card_handed_back_after_the_count_was_found_puts_it_right() -> None:
    result = _rule("Bob was dealt 6 cards\nBob returns 4c\nAnn checks\n")
    assert len(result.rulings) == 1
    assert result.lines[3].status is LineStatus.APPLIED
    assert result.lines[3].reason == "Bob's count is put right (found on line 9)"


def test_a_reshuffle_while_the_stub_serves_is_told_the_books_are_silent_and_elsewhere_is_not_ruled() -> None:
    # Three players leave 37 cards in the stub: no book reshuffles before the pack is exhausted
    # (deck-exhausted), and none rules a reshuffle made early; the line is void and says so.
    on_draw = _rule("Ann bets 2\nBob calls\nCy folds\ndraw\nthe discards are shuffled\nAnn draws 1\n")
    early = on_draw.lines[6]
    assert early.status is LineStatus.VOID
    assert early.reason.startswith("The stub still held 37 cards")
    assert "silent on a reshuffle made before" in early.reason
    assert not on_draw.rulings
    before = _rule("reshuffle\nAnn bets 2\n")
    assert before.lines[2].status is LineStatus.VOID
    assert "belongs to the draw" in before.lines[2].reason


DRAW = "Ann bets 2\nBob calls\nCy folds\ndraw\nAnn draws 1\n"


def test_words_said_on_the_draw_ask_for_cards_and_make_it_two_changes_the_request() -> None:
    result = _rule(DRAW + 'Bob says "give me three"\nBob says "make it two"\nBob draws 2\n')
    asked, changed = result.lines[7], result.lines[8]
    assert (asked.status, asked.reason) == (LineStatus.APPLIED, "Bob asks for 3 in words")
    assert changed.status is LineStatus.RULED
    (ruling,) = result.rulings
    assert ruling.irregularity == "draw-irregularity"
    assert "changed the number of cards asked for from 3 to 2" in ruling.explanation


def test_make_it_said_at_the_betting_is_not_read_as_the_draw() -> None:
    result = _rule('Ann bets 2\nBob says "make it four"\n')
    assert result.lines[-1].status is LineStatus.VOID
    assert "no draw is being served here" in result.lines[-1].reason


def test_a_reshuffle_written_when_the_pack_ran_out_is_the_books_course() -> None:
    # scenarios/draw-reshuffle-written-when-the-pack-runs-out: with the bottom card dealt (Scarne)
    # the reshuffle line itself is ruled by deck-exhausted/1; where it is never dealt (Bicycle) the
    # pack ran out on Fay's draw, ruled there, and the reshuffle line is noted.
    from pathlib import Path

    path = Path(__file__).parent.parent / "scenarios" / "draw-reshuffle-written-when-the-pack-runs-out.log"
    text = path.read_text(encoding="utf-8")
    scarne = rule_log(parse_log(text), text, load_rulebook("scarne"))
    (ruling,) = scarne.rulings
    assert (ruling.line, ruling.rule) == (30, "scarne:deck-exhausted/1")
    bicycle = rule_log(parse_log(text), text, load_rulebook("bicycle"))
    assert [r.line for r in bicycle.rulings] == [29]
    noted = next(line for line in bicycle.lines if line.line == 30)
    assert noted.status is LineStatus.APPLIED
    assert "reshuffled when the pack ran out, as ruled above" in noted.reason
