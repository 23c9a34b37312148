"""Opening and winning requirements, and whether an opener could have held his openers.

Requirements are written as rulebooks and game catalogs write them:

- ``anything``: no minimum (001 "Five Card Draw Poker", California or Guts).
- ``jacks-or-better``: "any hand that beats a pair of tens is sufficient" (001 "Jacks or Better");
  progressive jackpots raise it to ``queens-or-better``, ``kings-or-better``, ``aces-or-better``
  (any rank works: ``tens-or-better``).
- ``trips-to-win``: "a hand at least as good as three of a kind to win the pot" (001 "Trips to
  Win"); ``trips-or-better`` is the same minimum.

The minimum is a hand under the game's own ranking, so the bug's ace-joker is a pair of aces and a
deuce with a jack is a pair of jacks where deuces are wild.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import Final

from referee.cards import RANKS, Card, Rank, Suit
from referee.hands.categories import Category
from referee.hands.checks import HandError
from referee.hands.evaluation import evaluate
from referee.hands.ranking import Ranking
from referee.hands.value import HandValue

ANYTHING: Final = "anything"
_TRIPS: Final = ("trips-to-win", "trips-or-better", "three-of-a-kind-or-better")
_PAIRS: Final = {f"{rank.plural}-or-better": rank for rank in RANKS}


class RequirementError(ValueError):
    """A requirement that is not one of the known forms, or one that makes no sense in lowball."""


def _explain_unknown(requirement: str) -> str:
    return (
        f"{requirement!r} is not a requirement; write anything, jacks-or-better, queens-or-better, "
        "kings-or-better, aces-or-better (or any rank: tens-or-better) or trips-to-win"
    )


_MINIMUMS: dict[tuple[Ranking, str], HandValue | None] = {}


def minimum(requirement: str, ranking: Ranking) -> HandValue | None:
    """The weakest hand that meets ``requirement`` under ``ranking``; None for ``anything``.

    Raises:
        RequirementError: an unknown requirement, or a high-hand minimum in a lowball ranking.
    """
    text = requirement.strip().lower()
    key = (ranking, text)
    if key not in _MINIMUMS:
        _MINIMUMS[key] = _find_minimum(text, ranking)
    return _MINIMUMS[key]


def _find_minimum(text: str, ranking: Ranking) -> HandValue | None:
    if text == ANYTHING:
        return None
    rank: Rank | None = None
    if text in _TRIPS:
        wanted = Category.THREE_OF_A_KIND
    elif text in _PAIRS:
        wanted, rank = Category.PAIR, _PAIRS[text]
    else:
        raise RequirementError(_explain_unknown(text))
    if ranking.is_low:
        raise RequirementError(f"{text} is a high-hand requirement; {ranking.describe()} plays for low")
    # Built from a few candidate hands rather than the full table of values: checking openers
    # must not cost a cold start the building of every hand class (tests compare the two).
    value = _weakest_built(wanted, rank, ranking)
    if value is None:
        raise RequirementError(f"no hand in {ranking.describe()} is {text.replace('-', ' ')}")
    return value


def minimum_from_table(wanted: Category, rank: Rank | None, ranking: Ranking) -> HandValue | None:
    """The weakest hand of ``wanted`` (topped by ``rank``) read off the full table: the reference."""
    for value in ranking._tables.values:  # weakest first
        if value.category is wanted and (rank is None or value.ranks[0] is rank):
            return value
    return None


_SUIT_ORDER: Final = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
"""Weakest suit first for the 32-card tie-break (hearts > diamonds > clubs > spades)."""


def _weakest_built(wanted: Category, rank: Rank | None, ranking: Ranking) -> HandValue | None:
    """The weakest pair of ``rank`` (or weakest three of a kind): the group in the weakest suits,
    the lowest natural kickers; a handful of kicker choices are evaluated and the least kept."""
    pack = set(ranking.deck)

    def naturals(of: Rank) -> list[Card]:
        return [c for suit in _SUIT_ORDER if (c := Card(of, suit)) in pack and not ranking.is_wild(c)]

    count = 2 if wanted is Category.PAIR else 3
    group_ranks = [rank] if rank is not None else [r for r in RANKS if len(naturals(r)) >= 3]
    # Suits decide ties only in the 32-card ranking: there every suit choice is tried.
    suits_matter = ranking.base == "stripped-32"
    best: HandValue | None = None
    for group_rank in group_ranks:
        cards = naturals(group_rank)
        groups = list(combinations(cards, count)) if suits_matter else [tuple(cards[:count])]
        spare = [r for r in RANKS if r is not group_rank and naturals(r)][:7]
        for group in groups:
            if len(group) < count:
                continue
            for kicker_ranks in combinations(spare, 5 - count):
                for kickers in _kicker_choices(kicker_ranks, group, naturals, suits_matter):
                    value = evaluate((*group, *kickers), ranking)
                    if value.category is wanted and value.ranks[0] is group_rank:
                        best = value if best is None or value < best else best
        if best is not None:
            return best
    return best


def _kicker_choices(
    ranks: tuple[Rank, ...],
    group: tuple[Card, ...],
    naturals: Callable[[Rank], list[Card]],
    every_suit: bool,
) -> list[tuple[Card, ...]]:
    """Kickers of these ranks: off-suit ones (no flush or four-flush by accident), or all suits."""
    if every_suit:
        return [tuple(choice) for choice in product(*(naturals(r) for r in ranks))]
    used = {c.suit for c in group}
    kickers = []
    for kicker_rank in ranks:
        options = sorted(naturals(kicker_rank), key=lambda c: (c.suit in used, _SUIT_ORDER.index(c.suit)))
        kickers.append(options[0])
        used.add(options[0].suit)
    return [tuple(kickers)]


def meets_requirement(cards: Sequence[Card], requirement: str, ranking: Ranking) -> bool:
    """True when the hand is at least the requirement's minimum (``anything`` always is).

    Raises:
        RequirementError: as :func:`minimum`.
        HandError: as :func:`~referee.hands.evaluate`.
    """
    least = minimum(requirement, ranking)
    value = evaluate(cards, ranking)
    return least is None or value >= least


def opening_hand(
    final_cards: Sequence[Card], discards: Sequence[Card], requirement: str, ranking: Ranking
) -> tuple[Card, ...] | None:
    """A hand the opener could have held that meets ``requirement``, or None if none could.

    The opener's first hand was his discards plus those of his final cards he kept; which final
    cards he drew is not known, so every choice is tried (002 items 9-10: a player who declares he
    is splitting "could not possibly have had openers when your final hand is compared with your
    discards" loses the pot; keeping the ace and the joker of A♠ Jk K♠ Q♠ 10♣ keeps openers).

    Raises:
        HandError: discards that are also in the final hand, more discards than a hand holds, an
            unseen card in the final hand, or cards that cannot be ranked.
        RequirementError: as :func:`minimum`.
    """
    final, thrown = tuple(final_cards), tuple(discards)
    kept = ranking.hand_size - len(thrown)
    if kept < 0:
        raise HandError(f"{len(thrown)} discards, but a hand is only {ranking.hand_size} cards")
    if kept > len(final):
        raise HandError(f"the final hand has {len(final)} cards; the opener kept {kept} of his first hand")
    if any(card.is_unknown for card in final + thrown):
        raise HandError("cannot tell what the opener held: a card in his hand or discards is unseen (??)")
    both = set(final) & set(thrown)
    if both:
        shown = " ".join(repr(card) for card in sorted(both, key=lambda card: card.index))
        raise HandError(f"{shown} cannot be both in the final hand and among the discards")
    least = minimum(requirement, ranking)
    for held in combinations(final, kept):
        first = held + thrown
        if least is None or evaluate(first, ranking) >= least:
            return first
    return None


def could_have_opened(
    final_cards: Sequence[Card], discards: Sequence[Card], requirement: str, ranking: Ranking
) -> bool:
    """True when some first hand (his discards plus part of his final hand) met ``requirement``.

    Raises:
        HandError, RequirementError: as :func:`opening_hand`.
    """
    return opening_hand(final_cards, discards, requirement, ranking) is not None
