"""Decision tables: first matching row wins, missing facts are the caller's bug, and the sources disagree."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from referee.rulebook import (
    FactsError,
    Kind,
    MissingTableError,
    decide,
    decide_chain,
    load_rulebook,
    load_text,
)
from referee.rulebook.vocabulary import KIND_FACTS, Phase

AFTER_OPEN = {"pot_opened": True, "betting_started": True, "actions_taken": 3}


def facts(kind: str, phase: str = "first-betting", **values: object) -> dict[str, object]:
    """The facts of ``kind``: common ones from the phase, then what the test says."""
    early = phase in ("before-deal", "deal")
    base: dict[str, object] = {
        "phase": phase,
        "pot_opened": not early,
        "betting_started": not early,
        "actions_taken": 0 if early else 3,
    }
    base.update(values)
    assert set(base) == {fact.value for fact in KIND_FACTS[Kind(kind)]}, "the test gives every fact"
    return base


def ruling(book: str, kind: str, given: Mapping[str, object]) -> tuple[str, str, dict[str, str]]:
    decision = decide(load_rulebook(book), kind, given)
    return decision.rule, decision.decision, decision.params


# --- how a table decides ----------------------------------------------------------------------------


def test_first_matching_row_decides_and_explains_the_rows_before() -> None:
    given = facts(
        "out-of-turn",
        action="bet",
        previous_bet_vs_out_of_turn="equal",
        action_changed=False,
        bet_facing=False,
    )
    decision = decide(load_rulebook("scarne"), "out-of-turn", given)
    assert decision.rule == "scarne:out-of-turn/4"
    assert decision.decision == "bet-stands-as-call"
    assert decision.cite == "Scarne, Betting Out of Turn, item 3"
    assert [str(miss) for miss in decision.tried] == [
        "scarne:out-of-turn/6: needs phase = after-draw-betting; here it is first-betting; "
        "needs action = check; here it is bet; needs bet_facing = yes; here it is no",
        "scarne:out-of-turn/1: needs action = check; here it is bet",
        "scarne:out-of-turn/2: needs previous_bet_vs_out_of_turn = none; here it is equal",
        "scarne:out-of-turn/3: needs previous_bet_vs_out_of_turn = smaller; here it is equal",
    ]
    assert decision.explain()[-1].startswith("matched scarne:out-of-turn/4: bet-stands-as-call — ")


def test_reasons_name_lists_and_counts() -> None:
    given = facts(
        "exposed-card",
        phase="draw",
        caused_by="player",
        whose_card="own",
        exposed_in_phase=1,
        exposed_to_this_hand=1,
    )
    decision = decide(load_rulebook("casino"), "exposed-card", given)
    assert decision.rule == "casino:exposed-card/4"
    assert decision.tried[0].reasons == (
        "needs phase to be one of deal, first-betting; here it is draw",
        "needs actions_taken at most 1; here it is 3",
        "needs caused_by = dealer; here it is player",
        "needs whose_card = nobody; here it is own",
        "needs exposed_in_phase at least 2; here it is 1",
    )


def test_a_silent_row_says_what_it_falls_back_on() -> None:
    given = facts(
        "out-of-turn",
        action="raise",
        previous_bet_vs_out_of_turn="none",
        action_changed=False,
        bet_facing=False,
    )
    decision = decide(load_rulebook("pagat"), "out-of-turn", given)
    assert decision.silent
    # One step: who is silent, then the place that decides (never the row id fallen back on).
    assert decision.cite == "Pagat is silent here; it follows Scarne, Betting Out of Turn, item 1"


def test_facts_accept_enum_members() -> None:
    given = facts("wrong-dealer", phase=Phase.DEAL)
    assert decide(load_rulebook("scarne"), Kind.WRONG_DEALER, given).rule == "scarne:wrong-dealer/1"


def test_missing_unknown_and_mistyped_facts_are_the_callers_bug() -> None:
    book = load_rulebook("scarne")
    with pytest.raises(FactsError) as caught:
        decide(
            book, "wrong-dealer", {"phase": "dael", "pot_opened": "no", "actions_taken": -1, "bettin": True}
        )
    assert caught.value.problems == [
        "missing betting_started",
        "'bettin' is not a fact of wrong-dealer (facts: actions_taken, betting_started, phase, pot_opened)",
        "phase must be one of before-deal, deal, first-betting, draw, after-draw-betting, showdown, "
        "after-pot-collected, not 'dael'",
        "pot_opened must be True or False, not 'no'",
        "actions_taken must be a whole number 0 or more, not -1",
    ]
    with pytest.raises(FactsError, match="not an irregularity kind"):
        decide(book, "exposed-cards", {})


def test_a_partial_rulebook_has_no_table_for_some_kinds() -> None:
    book = load_text(
        """
id: tiny
title: Tiny
status: partial
irregularities:
  wrong-dealer:
    - {id: 1, then: play-on, cite: house, summary: The deal stands.}
""",
        "tiny.yaml",
    )
    assert book.covers("wrong-dealer") and not book.covers("misdeal")
    with pytest.raises(MissingTableError, match="no table for 'misdeal'"):
        decide(book, "misdeal", facts("misdeal", misdeals_by_this_dealer=0))


def test_same_as_is_followed_to_the_table_it_names() -> None:
    split = facts(
        "split-openers", phase="showdown", announced=True, discards_kept=False, openers_proven=False
    )
    false = facts(
        "false-openers",
        phase="showdown",
        called=True,
        others_remain=True,
        raised=False,
        callers=1,
        first_betting_complete=True,
    )

    def facts_for(kind: Kind) -> dict[str, object]:
        return split if kind is Kind.SPLIT_OPENERS else false

    chain = decide_chain(load_rulebook("scarne"), "split-openers", facts_for)
    assert [(d.rule, d.decision) for d in chain] == [
        ("scarne:split-openers/1", "same-as"),
        ("scarne:false-openers/1", "forfeit-pot-to-best-legitimate-hand"),
    ]
    casino = decide_chain(load_rulebook("casino"), "split-openers", facts_for)
    assert [(d.rule, d.decision) for d in casino] == [
        ("casino:split-openers/1", "forfeit-pot-to-best-legitimate-hand")
    ]


def test_counts_compare() -> None:
    book = load_rulebook("casino")
    two = facts("misdeal", actions_taken=2, misdeals_by_this_dealer=0)
    one = facts("misdeal", actions_taken=1, misdeals_by_this_dealer=0)
    assert decide(book, "misdeal", two).decision == "play-on"
    assert decide(book, "misdeal", one).decision == "misdeal"


# --- where the sources disagree ----------------------------------------------------------------------


def test_dealer_exposes_a_players_card_on_the_deal() -> None:
    given = facts(
        "exposed-card",
        phase="deal",
        caused_by="dealer",
        whose_card="other-player",
        exposed_in_phase=1,
        exposed_to_this_hand=1,
    )
    assert ruling("scarne", "exposed-card", given)[:2] == ("scarne:exposed-card/5", "misdeal")
    assert ruling("casino", "exposed-card", given)[:2] == ("casino:exposed-card/2", "card-kept")
    assert ruling("bicycle", "exposed-card", given)[1] == "misdeal"  # silent: falls back on Scarne


def test_dealer_exposes_a_card_on_the_draw() -> None:
    first = facts(
        "exposed-card",
        phase="draw",
        caused_by="dealer",
        whose_card="other-player",
        exposed_in_phase=1,
        exposed_to_this_hand=1,
    )
    second = {**first, "exposed_in_phase": 2, "exposed_to_this_hand": 2}
    assert ruling("scarne", "exposed-card", first) == (
        "scarne:exposed-card/6",
        "card-dead",
        {"replace": "immediately"},
    )
    assert ruling("bicycle", "exposed-card", first)[:2] == ("bicycle:exposed-card/2", "card-kept")
    assert ruling("bicycle", "exposed-card", second) == (
        "bicycle:exposed-card/1",
        "card-dead",
        {"replace": "after-draw"},
    )
    assert ruling("casino", "exposed-card", first) == (
        "casino:exposed-card/3",
        "card-dead",
        {"replace": "after-draw"},
    )


def test_false_opener_nobody_called() -> None:
    given = facts(
        "false-openers",
        phase="first-betting",
        called=False,
        others_remain=False,
        raised=False,
        callers=0,
        first_betting_complete=False,
    )
    assert ruling("scarne", "false-openers", given) == (
        "scarne:false-openers/3",
        "pot-carried",
        # Scarne, False Openers item 1: "If no one stays, the opening bet remains in the pot".
        {"offender_chips": "opening-bet-stays", "others_chips": "stay"},
    )
    assert ruling("pagat", "false-openers", given)[2] == {"offender_chips": "stay", "others_chips": "stay"}
    # 003 case 2: nobody called, so the bets were never left unequal (case 4 needs others still in).
    assert ruling("parlour", "false-openers", given)[:2] == ("parlour:false-openers/3", "pot-carried")
    assert ruling("bicycle", "false-openers", given)[0] == "bicycle:false-openers/1"


def test_false_openers_found_before_the_draw() -> None:
    given = facts(
        "false-openers",
        phase="first-betting",
        called=True,
        others_remain=True,
        raised=False,
        callers=1,
        first_betting_complete=False,
    )
    assert ruling("scarne", "false-openers", given)[1] == "forfeit-pot-to-best-legitimate-hand"
    assert ruling("pagat", "false-openers", given)[1] == "forfeit-pot-to-best-legitimate-hand"
    assert ruling("bicycle", "false-openers", given)[2] == {
        "eligible": "not-passed",
        "offender": "out",
        "offender_chips": "stay",
        "others_chips": "returned",
    }
    assert ruling("casino", "false-openers", given)[2] == {
        "eligible": "not-passed",
        "offender": "out",
        "offender_chips": "opening-bet-stays",
        "others_chips": "stay-unless-nobody-opens",
    }
    assert ruling("parlour", "false-openers", given)[2] == {
        "eligible": "any-in-turn",
        "offender": "may-stay",
        "offender_chips": "stay",
        "others_chips": "returned",
    }
    raised = {**given, "raised": True, "callers": 2}
    assert ruling("casino", "false-openers", raised)[0] == "casino:false-openers/1"


def test_false_opener_left_alone_after_the_draw() -> None:
    given = facts(
        "false-openers",
        phase="after-draw-betting",
        called=True,
        others_remain=False,
        raised=False,
        callers=1,
        first_betting_complete=True,
    )
    # Scarne item 1 keeps the opening bet and every called bet; item 2 returns what nobody called.
    assert ruling("scarne", "false-openers", given)[2] == {
        "offender_chips": "uncalled-returned",
        "others_chips": "stay",
    }
    assert ruling("parlour", "false-openers", given)[2] == {
        "offender_chips": "stay",
        "others_chips": "returned",
    }
    assert ruling("bicycle", "false-openers", given)[2] == {
        "offender_chips": "stay",
        "others_chips": "returned",
    }


def test_bet_out_of_turn() -> None:
    unchanged = facts(
        "out-of-turn",
        action="bet",
        previous_bet_vs_out_of_turn="equal",
        action_changed=False,
        bet_facing=False,
    )
    raised = facts(
        "out-of-turn",
        action="bet",
        previous_bet_vs_out_of_turn="larger",
        action_changed=True,
        bet_facing=False,
    )
    assert ruling("scarne", "out-of-turn", unchanged)[1] == "bet-stands-as-call"
    assert ruling("casino", "out-of-turn", unchanged)[1] == "bet-stands"
    assert ruling("scarne", "out-of-turn", raised) == (
        "scarne:out-of-turn/5",
        "options",
        {"on_drop": "chips-stay"},
    )
    assert ruling("casino", "out-of-turn", raised)[1] == "bet-withdrawn"
    check = facts(
        "out-of-turn",
        action="check",
        previous_bet_vs_out_of_turn="none",
        action_changed=False,
        bet_facing=False,
    )
    # Scarne: the pass binds nothing, he acts at his turn; Robert's Rules: no bet or raise at it.
    assert ruling("scarne", "out-of-turn", check)[1] == "waits-for-turn"
    assert ruling("casino", "out-of-turn", check)[1] == "raise-not-allowed"
    after_a_bet = {**check, "phase": "after-draw-betting", "bet_facing": True}
    assert ruling("scarne", "out-of-turn", after_a_bet)[:2] == ("scarne:out-of-turn/6", "hand-dead")


def test_speaking_out_of_turn() -> None:
    given = facts("verbal-bet", in_turn=False, action_changed=False)
    assert ruling("scarne", "verbal-bet", given)[1] == "verbal-ignored"
    assert ruling("casino", "verbal-bet", given)[1] == "verbal-binding"


def test_a_short_hand_after_action() -> None:
    given = facts(
        "wrong-card-count",
        extra_or_short="short",
        cards_off_by=1,
        player_looked=True,
        is_dealer=False,
        anyone_looked=True,
    )
    assert ruling("scarne", "wrong-card-count", given)[1] == "misdeal"
    assert ruling("casino", "wrong-card-count", given) == (
        "casino:wrong-card-count/3",
        "hand-corrected",
        {"how": "draw-missing"},
    )
