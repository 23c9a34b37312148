"""Hand rankings, one test per rule the sources state (file and section in each docstring)."""

from __future__ import annotations

import copy
import pickle

import pytest

from referee.cards import Card, parse_cards
from referee.hands import (
    PRESETS,
    Category,
    HandError,
    HandValue,
    Ranking,
    RankingError,
    UnknownRankingError,
    best_five,
    compare,
    evaluate,
    winners,
)

HIGH = Ranking.named("high")
BUG = Ranking.named("bug")
JOKER_WILD = Ranking.named("joker-wild")
DEUCES = Ranking.named("deuces-wild")
ONE_EYED = Ranking.named("one-eyed-jacks")
SPECIAL = Ranking.named("special-hands")
STRIPPED = Ranking.named("stripped-32")
ACE_TO_FIVE = Ranking.named("ace-to-five")
ACE_TO_FIVE_JOKER = Ranking.named("ace-to-five-joker")
DEUCE_TO_SEVEN = Ranking.named("deuce-to-seven")
SEVEN_CARD = Ranking.named("best-five-of-seven")


def value(text: str, ranking: Ranking = HIGH) -> HandValue:
    return evaluate(parse_cards(text), ranking)


def beats(a: str, b: str, ranking: Ranking = HIGH) -> bool:
    return value(a, ranking) > value(b, ranking)


# -- high hands ---------------------------------------------------------------------------------


def test_high_categories_in_order() -> None:
    hands = [
        "As Ks Qs Js Ts",
        "9c 9d 9h 9s 2c",
        "Kc Kd Kh 4s 4c",
        "Ah Jh 8h 6h 2h",
        "6c 5d 4h 3s 2c",
        "7c 7d 7h Ks 2c",
        "Kc Kd 4h 4s 2c",
        "Jc Jd 8h 5s 2c",
        "Ac Qd 8h 5s 2c",
    ]
    values = [value(hand) for hand in hands]
    assert values == sorted(values, reverse=True)
    assert [v.category for v in values] == list(HIGH.categories)


def test_wheel_is_the_lowest_straight() -> None:
    assert value("5s 4d 3c 2h Ah").category is Category.STRAIGHT
    assert beats("6s 5d 4c 3h 2s", "5s 4d 3c 2h Ah")
    assert value("5s 4d 3c 2h Ah").name == "five-high straight"


def test_exact_ties_ignore_suits() -> None:
    assert value("As Ad Kc Kd 4s") == value("Ah Ac Kh Ks 4d")
    assert compare(parse_cards("As Ad Kc Kd 4s"), parse_cards("Ah Ac Kh Ks 4d"), HIGH) == 0
    assert winners([parse_cards("As Ad Kc Kd 4s"), parse_cards("Ah Ac Kh Ks 4d")], HIGH) == (0, 1)


def test_kickers_decide_pairs() -> None:
    assert beats("Jc Jd Ah 5s 2c", "Js Jh Kh Qs Tc")
    assert winners([parse_cards("Jc Jd Ah 5s 2c"), parse_cards("Js Jh Kh Qs Tc")], HIGH) == (0,)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("As Ad Kc Kd 4s", "two pair, aces and kings"),
        ("Kc Kd 4h 4s 9c", "two pair, kings and fours"),
        ("Kh Qh Jh Th 9h", "king-high straight flush"),
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("Jc Jd 8h 5s 2c", "a pair of jacks"),
        ("Kc Kd Kh 4s 4c", "kings full of fours"),
        ("9c 9d 9h 9s 2c", "four nines"),
        ("7c 7d 7h Ks 2c", "three sevens"),
        ("Ah Jh 8h 6h 2h", "ace-high flush"),
        ("Ac Qd 8h 5s 2c", "ace-queen high"),
    ],
)
def test_names(text: str, name: str) -> None:
    assert value(text).name == name
    assert str(value(text)) == name


# -- the bug: 001 "Five Card Draw with a Bug", 002 "The Joker" -----------------------------------


def test_bug_pairs_make_two_pair_with_an_ace_kicker() -> None:
    """001: "9-9-7-7-joker is not a full house but two pairs with an ace kicker"."""
    bugged = value("9c 9d 7h 7s Jk", BUG)
    assert bugged.category is Category.TWO_PAIR
    assert bugged == value("9c 9d 7h 7s Ac", BUG)


def test_bug_is_an_ace() -> None:
    assert value("As Jk 8h 5c 2d", BUG) == value("As Ah 8h 5c 2d", BUG)
    assert value("Ks Jk 8h 5c 2d", BUG).name == "ace-king high"


def test_bug_completes_straights_and_flushes() -> None:
    assert value("9s 8d 6c 5h Jk", BUG).name == "nine-high straight"
    assert value("Ks Qs Js Ts Jk", BUG).name == "royal flush"
    assert value("9s 8s 7s 5s Jk", BUG).category is Category.STRAIGHT_FLUSH


def test_five_aces_beat_a_straight_flush() -> None:
    """001: "the highest hand is five aces: A-A-A-A-joker. This beats a straight flush"."""
    five = value("As Ah Ad Ac Jk", BUG)
    assert five.category is Category.FIVE_ACES
    assert five.name == "five aces"
    assert five > value("Ah Kh Qh Jh Th", BUG)


def test_bug_in_a_flush_is_the_highest_card_missing() -> None:
    """001 and 002 item 3: A♥ K♥ J♥ 4♥ 2♥ beats A♠ 10♠ 9♠ 8♠ + joker (the joker is the K♠)."""
    assert beats("A♥ K♥ J♥ 4♥ 2♥", "A♠ 10♠ 9♠ 8♠ Jk", BUG)
    assert value("A♠ 10♠ 9♠ 8♠ Jk", BUG) == value("A♠ K♠ 10♠ 9♠ 8♠", BUG)


def test_bug_is_not_fully_wild() -> None:
    """002 item 2: "The joker may be used only as an ace, or to complete a straight, flush, or
    straight flush (Thus it is not a completely wild card.)"."""
    assert value("Kc Kd Kh 4s Jk", BUG).category is Category.THREE_OF_A_KIND
    assert value("Kc Kd Kh 4s Jk", JOKER_WILD).category is Category.FOUR_OF_A_KIND


# -- wild cards: 001 "Deuces Wild", "Wild Widow" ---------------------------------------------------


def test_five_of_a_kind_tops_a_straight_flush() -> None:
    five = value("Ks Kh Kd 2c 2s", DEUCES)
    assert five.category is Category.FIVE_OF_A_KIND
    assert five.name == "five kings"
    assert five > value("Ah Kh Qh Jh Th", DEUCES)


def test_a_wild_card_cannot_duplicate_a_natural_card_in_a_flush() -> None:
    """001: "if you have a natural ace, you can not use a wild card as a second ace"."""
    assert value("A♥ 9♥ 7♥ 4♥ 2♣", DEUCES) == value("A♥ K♥ 9♥ 7♥ 4♥", DEUCES)
    assert beats("A♠ K♠ J♠ 7♠ 4♠", "A♥ 9♥ 7♥ 4♥ 2♣", DEUCES)


def test_deuces_wild_make_the_best_hand() -> None:
    assert value("2c 2d 2h 2s 9c", DEUCES).name == "five nines"
    assert value("2c 2d 2h 2s Ac", DEUCES).name == "five aces"
    assert value("2c 9d 8h 7s 4c", DEUCES).name == "a pair of nines"
    assert value("2c 9d 8h 7s 5c", DEUCES).name == "nine-high straight"


def test_any_rank_can_be_wild() -> None:
    """001: "you one can play with fives wild, or with one-eyed jacks wild"; Wild Widow sets the
    wild rank during the deal."""
    fives = Ranking(wild_ranks={"fives"})
    assert value("5c Ad Ah As Kc", fives).category is Category.FOUR_OF_A_KIND
    assert value("2c Ad Ah As Kc", fives).category is Category.THREE_OF_A_KIND
    assert Ranking(wild_ranks={"5"}) == fives


def test_one_eyed_jacks() -> None:
    assert ONE_EYED.is_wild(Card.parse("Js")) and ONE_EYED.is_wild(Card.parse("Jh"))
    assert not ONE_EYED.is_wild(Card.parse("Jd"))
    assert value("Js Ad Ah As Kc", ONE_EYED).category is Category.FOUR_OF_A_KIND
    assert value("Jd Ad Ah As Kc", ONE_EYED).category is Category.THREE_OF_A_KIND


def test_joker_wild() -> None:
    assert value("As Ah Ad Ac Jk", JOKER_WILD).name == "five aces"
    assert value("As Ah Ad Ac Jk", JOKER_WILD).category is Category.FIVE_OF_A_KIND


# -- 32-card poker: 001 "32-Card Poker" ----------------------------------------------------------


def test_stripped_flush_beats_a_full_house_and_loses_to_four_of_a_kind() -> None:
    flush = value("Ah Jh 9h 8h 7h", STRIPPED)
    assert flush > value("Ac Ad As Kc Kd", STRIPPED)
    assert flush < value("7c 7d 7h 7s 8c", STRIPPED)


def test_stripped_ace_seven_eight_nine_ten_is_the_lowest_straight() -> None:
    low = value("As 7d 8c 9h Tc", STRIPPED)
    assert low.category is Category.STRAIGHT
    assert low.name.startswith("ten-high straight")
    assert value("7d 8c 9h Tc Js", STRIPPED) > low
    assert low > value("Ac Ad Ah 8c 7d", STRIPPED)


def test_stripped_suit_of_the_pair_breaks_the_tie() -> None:
    """001: "the pair containing the heart will win (the suits of the kickers don't count)"."""
    assert beats("Ah As Kc Qc Jc", "Ad Ac Kh Qh Jh", STRIPPED)
    assert value("Ah As Kc Qc Jc", STRIPPED).name == "a pair of aces (ace of hearts)"


def test_stripped_suits_order_hearts_diamonds_clubs_spades() -> None:
    hands = ["Ah Kc Jd 9s 8c", "Ad Kc Jh 9s 8c", "Ac Kh Jd 9s 8h", "As Kh Jd 9h 8c"]
    values = [value(hand, STRIPPED) for hand in hands]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == 4


def test_stripped_suits_only_split_otherwise_equal_hands() -> None:
    assert beats("As Kc Jd 9s 7c", "Ah Qc Jd 9s 8c", STRIPPED)


# -- lowball: 004 "Lowball", 001 "Jacks Back" ----------------------------------------------------


def test_ace_to_five_wheel_is_best_and_straights_flushes_do_not_count() -> None:
    wheel = value("5h 4h 3h 2h Ah", ACE_TO_FIVE)
    assert wheel.category is Category.HIGH_CARD
    assert wheel.name == "five-four low (5-4-3-2-A)"
    assert wheel > value("6s 4d 3c 2h As", ACE_TO_FIVE)
    assert wheel == value("5s 4d 3c 2h Ac", ACE_TO_FIVE)


def test_ace_to_five_aces_are_the_lowest_pair() -> None:
    """001: "A-A-2-3-4 is a pair, so it is worse than any hand without a pair, but better than
    any other pair since aces are low"."""
    aces = value("As Ad 2c 3h 4s", ACE_TO_FIVE)
    assert aces < value("Ks Qd Jc 9h 8s", ACE_TO_FIVE)
    assert aces > value("2s 2d 3c 4h 5s", ACE_TO_FIVE)


def test_ace_to_five_names() -> None:
    assert value("7s 5d 4c 3h 2s", ACE_TO_FIVE).name == "seven-five low (7-5-4-3-2)"
    assert value("As Ad 2c 3h 4s", ACE_TO_FIVE).name == "a pair of aces (A-A-4-3-2)"


def test_lowball_joker_is_the_lowest_card_missing() -> None:
    """001 "Jacks Back": "it represents the lowest card not already present"."""
    assert value("As 2d 3c 4h Jk", ACE_TO_FIVE_JOKER) == value("As 2d 3c 4h 5s", ACE_TO_FIVE_JOKER)
    assert value("2d 3c 4h 6s Jk", ACE_TO_FIVE_JOKER) == value("Ac 2d 3c 4h 6s", ACE_TO_FIVE_JOKER)
    assert value("As 2d 2c 3h Jk", ACE_TO_FIVE_JOKER) == value("As 2d 2c 3h 4s", ACE_TO_FIVE_JOKER)


def test_deuce_to_seven() -> None:
    best = value("7s 5d 4c 3h 2s", DEUCE_TO_SEVEN)
    assert best.name == "seven-five low (7-5-4-3-2)"
    assert best > value("8s 5d 4c 3h 2s", DEUCE_TO_SEVEN)
    # The ace is high only, so A-2-3-4-5 is an ace-high hand, not a straight ...
    ace_high = value("As 5d 4c 3h 2s", DEUCE_TO_SEVEN)
    assert ace_high.category is Category.HIGH_CARD
    assert ace_high < value("Ks Qd Jc 9h 8s", DEUCE_TO_SEVEN)
    # ... and straights and flushes count against the hand.
    assert value("6s 5d 4c 3h 2s", DEUCE_TO_SEVEN).category is Category.STRAIGHT
    assert value("6s 5d 4c 3h 2s", DEUCE_TO_SEVEN) < value("2s 2d Ac Kh Qs", DEUCE_TO_SEVEN)
    assert value("7s 5s 4s 3s 2s", DEUCE_TO_SEVEN) < value("As Ad Ac Kh Qs", DEUCE_TO_SEVEN)
    assert value("7s 5s 4s 3s 2s", DEUCE_TO_SEVEN) > value("As Ad Ac Kh Ks", DEUCE_TO_SEVEN)


def test_deuce_to_seven_joker_avoids_the_straight() -> None:
    """The lowest card missing from 3-4-5-6 is the deuce, which would make a straight: the joker
    plays as the eight instead (the sources are silent on deuce-to-seven with a joker)."""
    joker = Ranking(base="deuce-to-seven", joker="bug")
    assert value("3s 4d 5c 6h Jk", joker) == value("8s 6h 5c 4d 3s", joker)


# -- special hands: 004 "Special Hands" ----------------------------------------------------------


def test_skip_straight_beats_three_of_a_kind_and_loses_to_a_straight() -> None:
    skip = value("Qs Td 8c 6h 4s", SPECIAL)
    assert skip.category is Category.SKIP_STRAIGHT
    assert skip.name == "queen-high skip straight"
    assert skip > value("As Ad Ac Kh Qs", SPECIAL)
    assert skip < value("6s 5d 4c 3h 2s", SPECIAL)
    assert value("9s 7d 5c 3h As", SPECIAL).category is Category.SKIP_STRAIGHT
    assert value("Qs Td 8c 6h 4s", HIGH).category is Category.HIGH_CARD


def test_round_the_corner_order_from_the_source() -> None:
    """004: "5, 4, 3, 2, A beats 4, 3, 2, A, K, which beats 3, 2, A, K, Q"; and "when both skip
    straights and round-the-corner straights are played, the skip straight ranks higher"."""
    order = ["5s 4d 3c 2h As", "4s 3d 2c As Kh", "3s 2d As Kc Qh", "2s As Kd Qc Jh"]
    values = [value(hand, SPECIAL) for hand in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 4
    assert [v.category for v in values[1:]] == [Category.ROUND_THE_CORNER_STRAIGHT] * 3
    assert values[2].name == "round-the-corner straight, queen to trey"
    assert value("Qs Td 8c 6h 4s", SPECIAL) > values[1]
    assert values[3] > value("As Ad Ac Kh Qs", SPECIAL)


def test_bobtail_beats_a_pair_and_loses_to_two_pair() -> None:
    four_flush = value("Ah 9h 6h 3h Kc", SPECIAL)
    open_ended = value("8s 7d 6c 5h Kc", SPECIAL)
    for bobtail in (four_flush, open_ended):
        assert bobtail.category is Category.BOBTAIL
        assert bobtail > value("As Ad Kc Qh Js", SPECIAL)
        assert bobtail < value("3s 3d 2c 2h 4s", SPECIAL)


def test_inside_and_one_ended_straights_are_not_bobtails() -> None:
    """004: A-K-Q-J is not a bobtail (only the 10 fills it), nor 9-8-6-5 (only the 7)."""
    assert value("As Kd Qc Jh 3s", SPECIAL).category is Category.HIGH_CARD
    assert value("9s 8d 6c 5h Ks", SPECIAL).category is Category.HIGH_CARD
    assert value("As 2d 3c 4h 9s", SPECIAL).category is Category.HIGH_CARD
    assert value("2s 3d 4c 5h 9s", SPECIAL).category is Category.BOBTAIL


def test_special_hands_switch_one_by_one() -> None:
    skip_only = Ranking(special_hands={"skip-straight"})
    assert value("Qs Td 8c 6h 4s", skip_only).category is Category.SKIP_STRAIGHT
    assert value("3s 2d As Kc Qh", skip_only).category is Category.HIGH_CARD
    assert value("Ah 9h 6h 3h Kc", skip_only).category is Category.HIGH_CARD
    assert skip_only.categories.count(Category.BOBTAIL) == 0


# -- best five of seven: 001 "Seven Card Draw" ---------------------------------------------------


def test_best_five_of_seven() -> None:
    cards = parse_cards("As Ks Qs Js 2s 3d Tc")
    assert evaluate(cards, SEVEN_CARD).name == "ace-high flush"
    assert best_five(cards, SEVEN_CARD) == parse_cards("As Ks Qs Js 2s")
    assert evaluate(parse_cards("As Ks Qs Js 2s"), SEVEN_CARD).name == "ace-high flush"
    assert value("Ah Ad Ac 2c 2d 7h 8h", SEVEN_CARD).name == "aces full of deuces"


# -- errors a player can act on ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ranking", "message"),
    [
        ("As Ad Kc Kd", HIGH, "a hand is five cards in high hands; As Ad Kc Kd is 4 cards"),
        ("As Ad Kc Kd 4s 5s", HIGH, "is 6 cards"),
        ("As Ad Kc Kd 4s 5s 6s 7s", SEVEN_CARD, "five to 7 cards"),
        ("As Ad Kc Kd ??", HIGH, "?? is a card nobody saw"),
        ("As Ad Kc Kd Jk", HIGH, "there is no joker in high hands"),
        ("As Ad Kc Kd 2s", STRIPPED, "2♠ is not in the deck of the 32-card stripped deck"),
        ("As As As As As", HIGH, "A♠ appears twice"),
    ],
)
def test_bad_hands_raise_a_clear_value_error(text: str, ranking: Ranking, message: str) -> None:
    with pytest.raises(HandError, match=message.replace("?", r"\?")) as caught:
        evaluate(parse_cards(text), ranking)
    assert isinstance(caught.value, ValueError)


def test_not_cards() -> None:
    with pytest.raises(HandError, match="is not a card"):
        evaluate(["As", "Kd", "Qc", "Jh", "Ts"], HIGH)  # type: ignore[list-item]


# -- rankings ------------------------------------------------------------------------------------


def test_rankings_build_from_plain_strings() -> None:
    ranking = Ranking(base="HIGH", joker="Bug", wild_ranks=["deuces"], special_hands="skip-straight")
    assert ranking.base == "high" and ranking.joker == "bug"
    assert ranking.wild_ranks == frozenset({"2"})
    assert ranking.special_hands == frozenset({"skip-straight"})
    assert ranking == Ranking(joker="bug", wild_ranks={"2"}, special_hands={"skip-straight"})
    assert hash(ranking) == hash(Ranking(joker="bug", wild_ranks={"2"}, special_hands={"skip-straight"}))
    # YAML spellings: underscores and spaces, yes/no.
    yaml_like = Ranking(base="Deuce to Seven", one_eyed_jacks="yes")  # type: ignore[arg-type]
    assert yaml_like == Ranking(base="deuce-to-seven", one_eyed_jacks=True)
    assert Ranking(special_hands=["round_the_corner_straight"]).special_hands == {"round-the-corner-straight"}
    with pytest.raises(RankingError, match="one_eyed_jacks is true or false, not 'maybe'"):
        Ranking(one_eyed_jacks="maybe")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"base": "razz"}, "'razz' is not a ranking base; the ranking bases are: high, ace-to-five"),
        ({"joker": "maybe"}, "not a joker rule"),
        ({"wild_ranks": {"1"}}, "'1' is not a rank"),
        ({"special_hands": {"blaze"}}, "'blaze' is not a special hand"),
        ({"base": "ace-to-five", "special_hands": {"bobtail"}}, "special hands are high hands"),
        ({"special_hands": {"bobtail"}, "joker": "wild"}, "bobtail is played without a joker"),
        ({"base": "stripped-32", "joker": "bug"}, "32-card game is played without a joker"),
        ({"hand_size": 4}, "a hand is 5 to 10 cards"),
    ],
)
def test_rankings_refuse_what_no_game_plays(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RankingError, match=message):
        Ranking(**fields)  # type: ignore[arg-type]


def test_named_rankings() -> None:
    assert Ranking.named("deuces-wild") == Ranking(wild_ranks={"2"})
    assert Ranking.named("Bug") is PRESETS["bug"]
    with pytest.raises(UnknownRankingError) as caught:
        Ranking.named("razz")
    assert isinstance(caught.value, KeyError)
    assert str(caught.value).startswith("'razz' is not a ranking; the rankings are: high, bug, joker-wild")


def test_describe() -> None:
    assert DEUCES.describe() == "high hands, deuces wild"
    assert ACE_TO_FIVE_JOKER.describe() == "ace-to-five lowball, the joker as the lowest card missing"
    assert Ranking(base="deuce-to-seven", joker="bug").describe().endswith("the card that makes the best low")
    assert SEVEN_CARD.describe() == "high hands, best five of seven"
    assert SPECIAL.describe() == (
        "high hands, with skip straights and round-the-corner straights and bobtails"
    )


def test_values_of_equal_rankings_compare_and_different_rankings_refuse() -> None:
    twin = Ranking(wild_ranks={"deuces"})
    assert value("Ks Kh Kd 2c 2s", twin) == value("Ks Kh Kd 2c 2s", DEUCES)
    assert value("Ks Kh Kd 2c 2s", twin) is value("Ks Kh Kd 2c 2s", DEUCES)
    with pytest.raises(TypeError, match="cannot compare a hand ranked as high hands"):
        _ = value("As Ad Kc Kd 4s") < value("As Ad Kc Kd 4s", ACE_TO_FIVE)
    assert value("As Ad Kc Kd 4s") != value("As Ad Kc Kd 4s", ACE_TO_FIVE)


def test_rankings_and_values_copy_and_pickle() -> None:
    deuces = Ranking(wild_ranks={"2"})
    five_kings = value("Ks Kh Kd 2c 2s", deuces)
    assert copy.deepcopy(deuces) is deuces and copy.copy(deuces) is deuces
    again = pickle.loads(pickle.dumps(deuces))
    assert again == deuces and again is not deuces
    assert pickle.loads(pickle.dumps(five_kings)) is five_kings
    assert value("Ks Kh Kd 2c 2s", again) == five_kings


def test_categories_per_ranking() -> None:
    assert HIGH.categories[0] is Category.STRAIGHT_FLUSH and len(HIGH.categories) == 9
    assert BUG.categories[0] is Category.FIVE_ACES
    assert DEUCES.categories[0] is Category.FIVE_OF_A_KIND
    assert ACE_TO_FIVE.categories[0] is Category.HIGH_CARD
    assert STRIPPED.categories.index(Category.FLUSH) < STRIPPED.categories.index(Category.FULL_HOUSE)
    assert len(SPECIAL.categories) == 12
