"""Clean hands replayed and settled exactly, amounts worked out by hand in each docstring."""

from decimal import Decimal
from pathlib import Path

import pytest

from referee.engine import rule_log
from referee.log import parse_log
from referee.report import to_json
from referee.rulebook.load import load_rulebook
from referee.ruling import Outcome, Result, money

HANDS = Path(__file__).parent / "hands"


def rule(name: str, rulebook: str = "scarne") -> Result:
    text = (HANDS / name).read_text(encoding="utf-8")
    return rule_log(parse_log(text, name), text, load_rulebook(rulebook))


def nets(result: Result) -> dict[str, str]:
    return {name: money(value) for name, value in result.net.items()}


def test_design_example_out_of_turn_bet_stands_as_call() -> None:
    """Antes 4, Cy opens 2 and Dee's 2 count as her call (8), then 4 + 8 after the draw: 24.

    Dee's out-of-turn 2 equals Cy's open, so under Scarne (Betting Out of Turn, item 3) it stands
    as her call and her later `calls` adds nothing.
    """
    result = rule("design_example.log")
    assert result.outcome is Outcome.SHOWDOWN
    assert result.pot == 24
    assert result.awards == {"Dee": Decimal(24)}
    assert nets(result) == {"Ann": "-1", "Bob": "-1", "Cy": "-11", "Dee": "13"}
    assert [(r.line, r.irregularity, r.decision) for r in result.rulings] == [
        (15, "out-of-turn", "bet-stands-as-call")
    ]


def test_clean_showdown_two_pair_beats_queens() -> None:
    """Antes 3, 2 + 2 before the draw, 4 + 4 after: Bob's kings up take 15."""
    result = rule("clean_showdown.log")
    assert result.rulings == ()
    assert result.outcome is Outcome.SHOWDOWN
    assert result.awards == {"Bob": Decimal(15)}
    assert nets(result) == {"Ann": "-1", "Bob": "8", "Cy": "-7"}
    assert result.winners_hands["Bob"] == "two pair, kings and fives"


def test_uncontested_raise_gets_its_uncalled_part_back() -> None:
    """Antes 3, Bob bets 3, Cy raises 3 (6 in); both fold: Cy's uncalled 3 come back, he wins 9."""
    result = rule("uncontested.log")
    assert result.outcome is Outcome.UNCONTESTED
    assert result.refunds == {"Cy": Decimal(3)}
    assert result.awards == {"Cy": Decimal(9)}
    assert nets(result) == {"Ann": "-1", "Bob": "-4", "Cy": "5"}


def test_split_pot_odd_chip_to_first_winner_left_of_dealer() -> None:
    """Antes 3 and 2 + 2: 7 split between equal straights; Ann (left of the dealer) gets 4."""
    result = rule("split_pot.log")
    assert result.awards == {"Ann": Decimal(4), "Bob": Decimal(3)}
    assert nets(result) == {"Ann": "1", "Bob": "0", "Cy": "-1"}


def test_side_pot_short_all_in_wins_only_the_main_pot() -> None:
    """Ann is all in for 5: the main pot 15 to her aces, the side pot 30 to Bob's kings."""
    result = rule("side_pot.log")
    assert result.awards == {"Ann": Decimal(15), "Bob": Decimal(30)}
    assert nets(result) == {"Ann": "10", "Bob": "10", "Cy": "-20"}


@pytest.mark.parametrize("name", sorted(p.name for p in HANDS.glob("*.log")))
def test_books_balance_and_output_is_deterministic(name: str) -> None:
    first, second = rule(name), rule(name)
    assert sum(first.net.values(), Decimal(0)) + first.carried + first.rake == 0
    assert to_json(first) == to_json(second)


def test_source_003_worked_example_pot_is_31() -> None:
    """003's five-player example: dealer antes 5, 2 + 2 + 2 before the draw, 5 + 10 + 5 after.

    Player 3's straight flush takes 31. The source says "a profit of 18"; that holds only if each
    of the five players anted 1 (he put in 13). With the dealer anteing all 5, as the same text
    says, he put in 12 and his profit is 19. Both readings are pinned here.
    """
    dealer_antes = rule("parlour_worked_example.log", "parlour")
    assert dealer_antes.pot == 31 and dealer_antes.awards == {"Player3": Decimal(31)}
    assert nets(dealer_antes)["Player3"] == "19"
    each_antes = rule("parlour_worked_example_each_antes.log", "parlour")
    assert each_antes.pot == 31
    assert nets(each_antes) == {
        "Player1": "-3",
        "Player2": "-13",
        "Player3": "18",
        "Player4": "-1",
        "Player5": "-1",
    }


VARIANTS = [
    # (log, winner, pot): every amount worked out by hand from the log's antes and bets.
    ("deuces_wild.log", "Ann", 22),  # five sevens (three and two deuces) beat a king-high straight flush
    ("lowball.log", "Ann", 15),  # the wheel beats 6-4-3-2-A at ace-to-five
    ("deuce_to_seven.log", "Bob", 14),  # 7-5-4-3-2 beats 8-6-4-3-2
    ("bug.log", "Ann", 14),  # four aces and the joker: five aces beat a straight flush
    ("stripped.log", "Ann", 14),  # in the 32-card deck a flush beats a full house
    ("seven_card.log", "Bob", 14),  # best five of seven: trip kings beat aces and sevens
]


@pytest.mark.parametrize(("name", "winner", "pot"), VARIANTS)
def test_variant_showdown(name: str, winner: str, pot: int) -> None:
    result = rule(name)
    assert result.rulings == ()
    assert result.outcome is Outcome.SHOWDOWN
    assert result.pot == pot
    assert result.awards == {winner: Decimal(pot)}


def test_progressive_second_deal_needs_queens_and_jacks_are_false_openers() -> None:
    """Deal 1 is passed out (antes 3 carried); deal 2 needs queens, Bob opens 2 on jacks, all drop.

    Scarne (False Openers, item 2): his uncalled bet comes back and the antes (6) stay for the next
    deal.
    """
    result = rule("progressive.log", "scarne")
    assert [(r.line, r.irregularity, r.decision) for r in result.rulings] == [
        (19, "false-openers", "pot-carried")
    ]
    assert nets(result) == {"Ann": "-2", "Bob": "-2", "Cy": "-2"}
    assert result.carried == 6


def test_jacks_back_plays_the_passed_hands_for_low() -> None:
    """Nobody opens on jacks, so the same hands play ace-to-five: Ann's 6-4 low takes 15."""
    result = rule("jacks_back.log", "pagat")
    assert result.rulings == () and result.awards == {"Ann": Decimal(15)}


def test_diablo_beaten_opener_matches_the_pot() -> None:
    """Bob opens and loses a 6-chip pot to Ann's full house: he puts 6 into the next pot."""
    result = rule("diablo.log", "pagat")
    assert result.awards == {"Ann": Decimal(6)}
    assert nets(result) == {"Ann": "3", "Bob": "-9"}
    assert result.carried == 6


def test_trips_to_win_without_trips_the_pot_stays() -> None:
    """Antes 3, open 2 and a call: 7 chips, and neither jacks nor two pair is three of a kind."""
    result = rule("trips_to_win.log")
    assert result.outcome is Outcome.POT_CARRIED and result.awards == {}
    assert result.carried == 7
    assert nets(result) == {"Ann": "-3", "Bob": "-3", "Cy": "-1"}


def test_passed_out_deal_carries_the_antes_and_the_next_dealer_deals() -> None:
    """Antes 3 carried; Bob deals the second deal, so Cy speaks first and wins 6 with 2 uncalled."""
    result = rule("passed_out.log")
    assert result.outcome is Outcome.UNCONTESTED
    assert result.awards == {"Cy": Decimal(6)} and result.refunds == {"Cy": Decimal(2)}
    assert nets(result) == {"Ann": "-2", "Bob": "-2", "Cy": "4"}


def test_dealer_ante_is_dead_money_never_an_uncalled_bet() -> None:
    """The dealer antes 3 each deal (6 in all); Ann's open and Bob's call make 10; her last 4 come back."""
    result = rule("dealer_ante_passed.log")
    assert result.rulings == ()
    assert result.awards == {"Ann": Decimal(10)} and result.refunds == {"Ann": Decimal(4)}
    assert nets(result) == {"Ann": "5", "Bob": "-2", "Cy": "-3"}


def test_three_equal_straights_split_the_pot() -> None:
    """Antes 4 and four calls of 2: 12, four each to the three nine-high straights."""
    result = rule("three_way_split.log")
    assert result.awards == {"Ann": Decimal(4), "Bob": Decimal(4), "Cy": Decimal(4)}
    assert nets(result) == {"Ann": "1", "Bob": "1", "Cy": "1", "Dee": "-3"}


def test_two_all_ins_make_three_pots() -> None:
    """All in for 4 and 10; Cy and Dee put in 20: pots of 16 (Ann), 18 (Bob) and 20 (Cy)."""
    result = rule("two_side_pots.log")
    assert result.awards == {"Ann": Decimal(16), "Bob": Decimal(18), "Cy": Decimal(20)}
    assert nets(result) == {"Ann": "12", "Bob": "8", "Cy": "0", "Dee": "-20"}


def test_pot_limit_raise_of_the_pot() -> None:
    """Antes 3, Ann bets 3; the pot after Bob's call is 9, so he may raise to 12; all fold."""
    result = rule("pot_limit.log")
    assert result.rulings == ()
    assert result.awards == {"Bob": Decimal(9)} and result.refunds == {"Bob": Decimal(9)}
    assert nets(result) == {"Ann": "-4", "Bob": "5", "Cy": "-1"}


def test_blinds_and_straddle_set_the_order() -> None:
    """Blinds 1 and 2, straddle 4: Dee speaks first and calls; after the draw Cy's 8 are uncalled."""
    result = rule("blinds_straddle.log")
    assert result.rulings == ()
    assert result.awards == {"Cy": Decimal(11)} and result.refunds == {"Cy": Decimal(8)}
    assert nets(result) == {"Ann": "-1", "Bob": "-2", "Cy": "7", "Dee": "-4"}


def test_spread_limit_bets_and_raises() -> None:
    """Antes 3; 1, raise to 4, two calls (15); after the draw 5 and a call: Bob's flush takes 25."""
    result = rule("spread_limit.log", "casino")
    assert result.rulings == ()
    assert result.awards == {"Bob": Decimal(25)}
    assert nets(result) == {"Ann": "-10", "Bob": "15", "Cy": "-5"}


def test_double_draw_has_three_betting_rounds() -> None:
    """Antes 2, then 2 + 2, 4 + 4 and 4 + 4: 22 to Bob's straight flush."""
    result = rule("double_draw.log", "pagat")
    assert result.rulings == () and result.awards == {"Bob": Decimal(22)}


def test_triple_draw_small_bets_twice_then_big_bets() -> None:
    """Blinds 0.50 and 1; Cy raises to 2 and Bob calls (4.50); 1 + 1, then 2 + 2 twice: 14.50."""
    result = rule("triple_draw_2_7.log", "casino")
    assert result.rulings == ()
    assert result.awards == {"Cy": Decimal("14.5")}
    assert nets(result) == {"Ann": "-0.5", "Bob": "-7", "Cy": "7.5"}


def test_a_muck_at_the_showdown_leaves_the_shown_hand_the_winner() -> None:
    result = rule("muck_at_showdown.log")
    assert result.outcome is Outcome.SHOWDOWN and result.awards == {"Ann": Decimal(14)}


def test_the_bug_is_not_fully_wild() -> None:
    """Four kings and the joker are four kings with an ace: four aces win the 14."""
    result = rule("bug_not_wild.log")
    assert result.awards == {"Bob": Decimal(14)}


def test_a_joker_in_a_standard_pack_is_an_imperfect_pack() -> None:
    """Scarne, Misdeals item 8: play stops and everyone takes back what he put in."""
    result = rule("joker_in_standard_pack.log")
    assert [(r.irregularity, r.decision) for r in result.rulings] == [("imperfect-pack", "refund-all")]
    assert result.refunds == {"Ann": Decimal(3), "Bob": Decimal(3)}
    assert nets(result) == {"Ann": "0", "Bob": "0"}


def test_check_raise_is_allowed() -> None:
    """Antes 2, 2 + 2, then 4, raise to 8 and a call: Ann's full house takes 22."""
    result = rule("check_raise.log")
    assert result.rulings == () and result.awards == {"Ann": Decimal(22)}
    assert nets(result) == {"Ann": "11", "Bob": "-11"}


def test_a_short_all_in_call_leaves_the_rest_uncalled() -> None:
    """Bob has 3 left after his ante and calls all in: 8 in the pot, Ann's other 7 come back."""
    result = rule("short_all_in_call.log")
    assert result.rulings == ()
    assert result.refunds == {"Ann": Decimal(7)} and result.awards == {"Bob": Decimal(8)}
    assert nets(result) == {"Ann": "-4", "Bob": "4"}


def test_a_losing_dealers_ante_goes_to_the_winner() -> None:
    """Cy antes 3 for the table, then 2 + 2 and 4 + 4: Ann's trips take all 15 (PokerKit agrees)."""
    result = rule("dealer_ante_loses.log")
    assert result.awards == {"Ann": Decimal(15)} and result.refunds == {}
    assert nets(result) == {"Ann": "9", "Bob": "0", "Cy": "-9"}


def test_wild_widow_makes_the_other_three_of_its_rank_wild() -> None:
    """The 7♥ is the widow: Ann's 7♣ 7♠ are wild, so K K K and two sevens are five kings."""
    result = rule("wild_widow.log", "pagat")
    assert result.rulings == () and result.awards == {"Ann": Decimal(14)}
    assert result.winners_hands["Ann"] == "five kings"


def test_english_poker_raises_may_double_the_bet() -> None:
    """Ann's blind 2 opens; Bob raises to 4 and Cy doubles to 8 (a 4-chip raise at 2/4); pot 26."""
    result = rule("english_doubling.log", "bicycle")
    assert result.rulings == ()
    assert nets(result) == {"Ann": "-2", "Bob": "-12", "Cy": "14"}


def test_without_doubling_the_same_raise_is_over_the_limit() -> None:
    text = (HANDS / "english_doubling.log").read_text(encoding="utf-8").replace("english-poker", "draw")
    result = rule_log(parse_log(text), text, load_rulebook("bicycle"))
    assert [(r.line, r.irregularity) for r in result.rulings] == [(9, "over-limit")]


def test_all_for_one_draws_again_and_again() -> None:
    """Antes 3 and three calls of 2 (9); after the first draw 4 and a call (17); a second draw,
    begun one seat further left (Cy), then checks: Ann's trips take 17."""
    result = rule("all_for_one.log", "pagat")
    assert result.rulings == () and result.awards == {"Ann": Decimal(17)}
    assert nets(result) == {"Ann": "10", "Bob": "-3", "Cy": "-7"}


def test_all_for_one_allows_one_card_or_all_five_only() -> None:
    text = (HANDS / "all_for_one.log").read_text(encoding="utf-8").replace("Bob draws 5", "Bob draws 2")
    result = rule_log(parse_log(text), text, load_rulebook("pagat"))
    assert [(r.irregularity, r.facts_dict()["draw_problem"]) for r in result.rulings] == [
        ("draw-irregularity", "over-max")
    ]


def test_the_card_room_caps_antes_at_three_passed_deals() -> None:
    """Three deals passed out (9 in antes); the casino rules take no fourth ante, Scarne does."""
    casino = rule("ante_cap.log", "casino")
    assert casino.awards == {"Ann": Decimal(9)}
    assert nets(casino) == {"Ann": "6", "Bob": "-3", "Cy": "-3"}
    scarne = rule("ante_cap.log", "scarne")
    assert scarne.awards == {"Ann": Decimal(12)}
    assert nets(scarne) == {"Ann": "8", "Bob": "-4", "Cy": "-4"}


def test_trips_to_win_those_who_folded_sit_out_the_next_deal() -> None:
    """7 stays after nobody shows trips; Cy folded, so only Ann and Bob ante (9) and play: 21 to Bob."""
    result = rule("trips_next_deal.log")
    assert result.rulings == () and result.awards == {"Bob": Decimal(21)}
    assert nets(result) == {"Ann": "-10", "Bob": "11", "Cy": "-1"}


def test_out_of_turn_chips_beyond_the_call_come_back(tmp_path: Path) -> None:
    """A house rule where an out-of-turn bet always stands as a call: Dee's 4 face Cy's open of 2,
    so 2 count as her call and 2 go back. Pot: antes 4 + 2 + 2 = 8, and Dee put in 3 in all."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: house\ntitle: Out of turn is a call\nextends: scarne\nirregularities:\n  out-of-turn:\n"
        "    - {id: 1, remove: yes}\n    - {id: 2, remove: yes}\n    - {id: 3, remove: yes}\n"
        "    - {id: 4, remove: yes}\n"
        "    - {id: 5, then: bet-stands-as-call, cite: house rule, summary: It counts as a call.}\n",
        encoding="utf-8",
    )
    text = (HANDS / "out_of_turn_excess.log").read_text(encoding="utf-8")
    result = rule_log(parse_log(text), text, load_rulebook(str(house)))
    assert [(r.line, r.decision) for r in result.rulings] == [(10, "bet-stands-as-call")]
    assert result.pot == 8 and result.awards == {"Dee": Decimal(8)}
    # The 2 went back at her turn, not as an uncalled bet at the end.
    assert result.refunds == {} and result.put_in["Dee"] == 3
    assert nets(result) == {"Ann": "-1", "Bob": "-1", "Cy": "-3", "Dee": "5"}
