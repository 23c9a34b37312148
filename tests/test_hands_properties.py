"""Properties of every ranking, checked on random hands against a deliberately naive reference.

The reference below shares no code with ``referee.hands``: it reads the rules straight off the
sources, card by card. A wild card is tried as every card of the deck (a duplicate card is allowed
only for five of a kind); the bug as every ace, or as any card when the result is a straight, flush
or straight flush. Slow, but obviously right; the tables must agree with it on every hand.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import SUITS, Card, Rank, Suit, parse_cards
from referee.hands import Category, HandValue, Ranking, evaluate

RANKINGS = {
    "deuces-and-joker-wild": Ranking(wild_ranks={"2"}, joker="wild"),
    "deuces-wild-and-the-bug": Ranking(wild_ranks={"2"}, joker="bug"),
    "bug-with-special-straights": Ranking(
        joker="bug", special_hands={"skip-straight", "round-the-corner-straight"}
    ),
    "sevens-wild-deuce-to-seven": Ranking(base="deuce-to-seven", wild_ranks={"7"}),
}
"""Rankings no preset names, built as a rulebook would build them."""

PRESET_NAMES = (
    "high",
    "bug",
    "joker-wild",
    "deuces-wild",
    "one-eyed-jacks",
    "special-hands",
    "stripped-32",
    "ace-to-five",
    "ace-to-five-joker",
    "deuce-to-seven",
)

HIGH_ORDER = [
    "five-of-a-kind",
    "five-aces",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "skip-straight",
    "round-the-corner-straight",
    "three-of-a-kind",
    "two-pair",
    "bobtail",
    "pair",
    "high-card",
]
STRIPPED_ORDER = [
    "straight-flush",
    "four-of-a-kind",
    "flush",
    "full-house",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "pair",
    "high-card",
]
LOW_ORDER = [
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "full-house",
    "four-of-a-kind",
    "five-of-a-kind",
]
DEUCE_TO_SEVEN_ORDER = [
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "five-of-a-kind",
]
SUIT_STRENGTH = {"s": 0, "c": 1, "d": 2, "h": 3}

Plain = tuple[int, str]  # (rank 2..14, suit letter)


def _groups(ranks: list[int]) -> tuple[list[int], list[int]]:
    counted = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    return [rank for rank, _ in counted], [count for _, count in counted]


def _straight_top(ranks: list[int], ace_low_as: int | None) -> int:
    distinct = set(ranks)
    if len(distinct) != 5:
        return 0
    for top in range(14, 4, -1):
        if distinct == set(range(top - 4, top + 1)):
            return top
    if ace_low_as is not None and 14 in distinct:
        lowered = (distinct - {14}) | {ace_low_as}
        top = max(lowered)
        if lowered == set(range(top - 4, top + 1)):
            return top
    return 0


def _natural(cards: list[Plain], ranking: Ranking) -> tuple[str, tuple[int, ...]]:
    """Category and deciding ranks of five concrete cards (no wild cards) under the ranking."""
    ranks = [rank for rank, _ in cards]
    suits = Counter(suit for _, suit in cards)
    if ranking.base == "ace-to-five":
        order, shape = _groups([1 if rank == 14 else rank for rank in ranks])
        names = {(1, 1, 1, 1, 1): "high-card", (2, 1, 1, 1): "pair", (2, 2, 1): "two-pair"}
        names.update({(3, 1, 1): "three-of-a-kind", (3, 2): "full-house", (4, 1): "four-of-a-kind"})
        return names.get(tuple(shape), "five-of-a-kind"), tuple(order)
    stripped = ranking.base == "stripped-32"
    ace_low = None if ranking.base == "deuce-to-seven" else (6 if stripped else 1)
    order, shape = _groups(ranks)
    flush = len(suits) == 1
    top = _straight_top(ranks, ace_low)
    special = ranking.special_hands
    if shape[0] == 5:
        bug_only = ranking.joker == "bug" and not ranking.wild_ranks and not ranking.one_eyed_jacks
        return ("five-aces" if bug_only and order[0] == 14 else "five-of-a-kind"), (order[0],)
    if top and flush:
        return "straight-flush", (top,)
    if shape[0] == 4:
        return "four-of-a-kind", tuple(order)
    if shape[:2] == [3, 2]:
        return "full-house", tuple(order)
    if flush:
        return "flush", tuple(order)
    if top:
        return "straight", (top,)
    if len(order) == 5:
        for as_ace in (14, 1):
            spaced = sorted((as_ace if rank == 14 else rank for rank in ranks), reverse=True)
            if "skip-straight" in special and all(spaced[i] - spaced[i + 1] == 2 for i in range(4)):
                return "skip-straight", (spaced[0],)
        corners = {frozenset({11, 12, 13, 14, 2}): 2, frozenset({12, 13, 14, 2, 3}): 3}
        corners[frozenset({13, 14, 2, 3, 4})] = 4
        if "round-the-corner-straight" in special and frozenset(ranks) in corners:
            return "round-the-corner-straight", (corners[frozenset(ranks)],)
    if shape[0] == 3:
        return "three-of-a-kind", tuple(order)
    if shape[:2] == [2, 2]:
        return "two-pair", tuple(order)
    if "bobtail" in special:
        four_flush = max(suits.values()) == 4
        open_ended = any({low, low + 1, low + 2, low + 3} <= set(ranks) for low in range(2, 11))
        if four_flush or open_ended:
            return "bobtail", tuple(sorted(ranks, reverse=True))
    if shape[0] == 2:
        return "pair", tuple(order)
    return "high-card", tuple(order)


def _key(cards: list[Plain], ranking: Ranking) -> tuple[tuple[int, ...], str]:
    """A comparable key (bigger wins) and the category, for five concrete cards."""
    category, ranks = _natural(cards, ranking)
    if ranking.base == "ace-to-five":
        return (len(LOW_ORDER) - LOW_ORDER.index(category), *(-rank for rank in ranks)), category
    if ranking.base == "deuce-to-seven":
        position = len(DEUCE_TO_SEVEN_ORDER) - DEUCE_TO_SEVEN_ORDER.index(category)
        return (position, *(-rank for rank in ranks)), category
    order = STRIPPED_ORDER if ranking.base == "stripped-32" else HIGH_ORDER
    key = (len(order) - order.index(category), *ranks)
    if ranking.base == "stripped-32":
        # 001: "the suit of the highest card in the combination": the best suit among the cards
        # of the top rank (the ten of A-7-8-9-10), for hands that can otherwise tie.
        if category in ("straight-flush", "flush", "straight", "two-pair", "pair", "high-card"):
            deciding = ranks[0]
            key = (*key, max(SUIT_STRENGTH[suit] for rank, suit in cards if rank == deciding))
        else:
            key = (*key, 0)
    return key, category


def _stand_ins(ranking: Ranking) -> list[Plain]:
    low_rank = 7 if ranking.base == "stripped-32" else 2
    return [(rank, suit) for rank in range(low_rank, 15) for suit in "shdc"]


def reference(hand: list[Card], ranking: Ranking) -> tuple[tuple[int, ...], str]:
    """The naive value of five cards: every stand-in tried for each wild card and the bug."""
    naturals: list[Plain] = []
    wild: list[str] = []
    for card in hand:
        if card.is_joker:
            low = ranking.is_low
            wild.append("wild" if ranking.joker == "wild" or low else "bug")
        elif ranking.is_wild(card):
            wild.append("wild")
        else:
            assert card.rank is not None and card.suit is not None
            naturals.append((card.rank.number, card.suit.value))
    if not wild:
        return _key(naturals, ranking)
    best: tuple[tuple[int, ...], str] | None = None
    for stand_ins in product(_stand_ins(ranking), repeat=len(wild)):
        cards = naturals + list(stand_ins)
        distinct = len(set(cards)) == 5
        key, category = _key(cards, ranking)
        if not distinct and category not in ("five-of-a-kind", "five-aces"):
            continue
        for kind, (rank, _) in zip(wild, stand_ins, strict=True):
            if (
                kind == "bug"
                and rank != 14
                and category
                not in {
                    "straight",
                    "flush",
                    "straight-flush",
                    "skip-straight",
                    "round-the-corner-straight",
                }
            ):
                break
        else:
            if best is None or key > best[0]:
                best = (key, category)
    assert best is not None
    return best


@st.composite
def hands(draw: st.DrawFn, ranking: Ranking) -> list[Card]:
    """Five cards of the ranking's deck, with up to two wild cards (the reference tries every
    card for each, so three would be slow) and often one or two."""
    deck = list(ranking.deck)
    wild = [card for card in deck if card.is_joker or ranking.is_wild(card)]
    natural = [card for card in deck if card not in wild]
    count = draw(st.integers(0, min(2, len(wild))))
    chosen = draw(st.permutations(wild))[:count] + draw(st.permutations(natural))[: 5 - count]
    return draw(st.permutations(chosen))


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(data=st.data(), name=st.sampled_from(PRESET_NAMES + tuple(RANKINGS)))
def test_agrees_with_the_naive_reference(data: st.DataObject, name: str) -> None:
    ranking = RANKINGS.get(name) or Ranking.named(name)
    some = [data.draw(hands(ranking)) for _ in range(4)]
    values = [evaluate(hand, ranking) for hand in some]
    keys = [reference(hand, ranking) for hand in some]
    for value, (_, category) in zip(values, keys, strict=True):
        assert value.category.value == category
    for i in range(len(some)):
        for j in range(len(some)):
            assert _sign(values[i], values[j]) == _sign(keys[i][0], keys[j][0]), (some[i], some[j])


@settings(max_examples=150, deadline=None)
@given(data=st.data(), name=st.sampled_from(PRESET_NAMES))
def test_the_order_is_total_and_consistent(data: st.DataObject, name: str) -> None:
    ranking = Ranking.named(name)
    a, b, c = (evaluate(data.draw(hands(ranking)), ranking) for _ in range(3))
    assert sum([a < b, a == b, a > b]) == 1
    assert (a <= b) == (not a > b) and (a >= b) == (not a < b)
    assert (a == b) == (a.strength == b.strength) and (a != b) == (a.strength != b.strength)
    if a == b:
        assert hash(a) == hash(b) and a.category is b.category and a.name == b.name
    if a <= b <= c:
        assert a <= c
    assert max(a, b) >= a and max(a, b) >= b


def _permute_suits(hand: list[Card], mapping: dict[Suit, Suit]) -> list[Card]:
    return [card if card.suit is None else Card(card.rank, mapping[card.suit]) for card in hand]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), name=st.sampled_from(PRESET_NAMES))
def test_suits_matter_only_where_a_rule_says(data: st.DataObject, name: str) -> None:
    """Renaming the suits never changes a hand's value; in the 32-card deck it may change only
    the suit tie-break. One-eyed jacks need the spade and heart jacks to stay one-eyed."""
    ranking = Ranking.named(name)
    hand = data.draw(hands(ranking))
    order = data.draw(st.permutations(SUITS))
    mapping = dict(zip(SUITS, order, strict=True))
    if ranking.one_eyed_jacks and {mapping[Suit.SPADES], mapping[Suit.HEARTS]} != {Suit.SPADES, Suit.HEARTS}:
        mapping = {Suit.SPADES: Suit.HEARTS, Suit.HEARTS: Suit.SPADES, Suit.DIAMONDS: Suit.CLUBS}
        mapping[Suit.CLUBS] = Suit.DIAMONDS
    before, after = evaluate(hand, ranking), evaluate(_permute_suits(hand, mapping), ranking)
    if ranking.base == "stripped-32":
        assert (before.category, before.ranks) == (after.category, after.ranks)
    else:
        assert before == after


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_unsuited_hands_ignore_their_suits(data: st.DataObject) -> None:
    """High hands whose cards are not all one suit are worth the same whatever their suits."""
    ranking = Ranking.named("high")
    hand = data.draw(hands(ranking))
    suits = data.draw(st.lists(st.sampled_from(SUITS), min_size=5, max_size=5))
    assert all(card.rank is not None for card in hand)
    moved = [Card(card.rank, suit) for card, suit in zip(hand, suits, strict=True)]
    if len({card.suit for card in hand}) > 1 and len(set(suits)) > 1 and len(set(moved)) == 5:
        assert evaluate(hand, ranking) == evaluate(moved, ranking)


@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(Ranking.named("high").deck).map(lambda deck: deck[:7]))
def test_best_five_of_seven_is_the_best_subset(cards: list[Card]) -> None:
    seven = Ranking.named("best-five-of-seven")
    best = max(evaluate(subset, seven) for subset in combinations(cards, 5))
    assert evaluate(cards, seven) == best
    assert evaluate(cards, seven).name == best.name


def test_reference_reads_the_sources_the_same_way() -> None:
    """A few of the sources' own examples through the reference, so that it is checked too."""
    bug = Ranking.named("bug")
    assert reference(list(parse_cards("9c 9d 7h 7s Jk")), bug)[1] == "two-pair"
    assert reference(list(parse_cards("As Ah Ad Ac Jk")), bug)[1] == "five-aces"
    assert (
        reference(list(parse_cards("A♥ K♥ J♥ 4♥ 2♥")), bug)[0]
        > reference(list(parse_cards("A♠ 10♠ 9♠ 8♠ Jk")), bug)[0]
    )
    assert reference(list(parse_cards("Ah 9h 6h 3h Kc")), Ranking.named("special-hands"))[1] == "bobtail"
    assert isinstance(evaluate(parse_cards("As Ks Qs Js Ts"), Ranking.named("high")), HandValue)
    assert Rank.ACE.number == 14 and Category.FLUSH.value == "flush"
