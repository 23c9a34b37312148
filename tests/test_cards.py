"""Cards as players write them."""

import pytest

from referee.cards import (
    JOKER,
    STANDARD_52,
    STRIPPED_32,
    UNKNOWN,
    WITH_JOKER,
    Card,
    CardError,
    Rank,
    Suit,
    parse_cards,
)


@pytest.mark.parametrize(
    "text", ["As", "as", "AS", "a♠", "A♤", "A♠"]
)
def test_ace_of_spades_spellings(text: str) -> None:
    assert Card.parse(text) == Card(Rank.ACE, Suit.SPADES)


@pytest.mark.parametrize("text", ["10s", "Ts", "ts", "10♠", "T♤"])
def test_ten_spellings(text: str) -> None:
    assert Card.parse(text) == Card(Rank.TEN, Suit.SPADES)


def test_unicode_suits_all_four() -> None:
    assert parse_cards("2♥ 3♡ 4♦ 5♢ 6♣ 7♧") == parse_cards("2h 3h 4d 5d 6c 7c")


def test_joker_and_unknown() -> None:
    assert Card.parse("Jk") is JOKER
    assert Card.parse("Joker") is JOKER
    assert Card.parse("??") is UNKNOWN
    assert UNKNOWN.is_unknown and not JOKER.is_unknown


@pytest.mark.parametrize(
    ("text", "reason"),
    [("1s", "'1' is not a rank (the ace is A)"), ("Ax", "'x' is not a suit"), ("Zz", "not a card")],
)
def test_bad_cards_quote_the_text_and_say_what_a_card_is(text: str, reason: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    message = str(info.value)
    assert repr(text) in message and reason in message and "like As or 10♥" in message


def test_repr_is_the_notation_and_str_is_for_players() -> None:
    card = Card.parse("10♥")
    assert repr(card) == "Th"
    assert str(card) == "ten of hearts (Th)"
    assert card.symbol() == "10♥"


def test_decks() -> None:
    assert len(set(STANDARD_52)) == 52
    assert len(set(WITH_JOKER)) == 53 and JOKER in WITH_JOKER
    assert len(STRIPPED_32) == 32
    assert {c.rank for c in STRIPPED_32 if c.rank} == {r for r in Rank if r.number >= 7}
    assert sorted(c.index for c in STANDARD_52) == list(range(52))


def test_every_card_round_trips_through_its_notation() -> None:
    for card in WITH_JOKER:
        assert Card.parse(repr(card)) == card
        assert Card.parse(card.symbol()) == card
