"""A ranking: which hand beats which, as a rulebook's game section names it.

A ranking is a small frozen value built from plain strings, so a rulebook can build one from its
YAML fields (``Ranking(base="high", wild_ranks={"2"})``) and two equal rankings share one set of
lookup tables. The tables themselves are built on first use, never at import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import StrEnum, unique
from functools import cached_property
from typing import TYPE_CHECKING, Final

from referee.cards import RANKS, STANDARD_52, STRIPPED_32, WITH_JOKER, Card, Rank, Suit
from referee.hands.categories import (
    ACE_TO_FIVE_ORDER,
    DEUCE_TO_SEVEN_ORDER,
    HIGH_ORDER,
    SPECIAL_HANDS,
    STRIPPED_ORDER,
    Category,
)

if TYPE_CHECKING:
    from referee.hands.fast import Evaluate, FastTables
    from referee.hands.table import Tables


@unique
class Base(StrEnum):
    """The family of a ranking: what wins before any joker, wild card or special hand."""

    HIGH = "high"
    """The standard high-hand ranking."""
    ACE_TO_FIVE = "ace-to-five"
    """Lowball: the ace is low, straights and flushes do not count, A-2-3-4-5 is best."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """Lowball: the ace is high only, straights and flushes count against, 7-5-4-3-2 is best."""
    ACE_TO_SIX = "ace-to-six"
    """Lowball: the ace is always low, straights and flushes count against, 6-4-3-2-A is best (004
    Lowball: "In some games 6-4-3-2-A is the lowest possible hand")."""
    STRIPPED_32 = "stripped-32"
    """The 32-card deck: a flush beats a full house, A-7-8-9-10 is a straight, suits break ties."""

    @property
    def is_low(self) -> bool:
        """True for the lowball rankings."""
        return self in (Base.ACE_TO_FIVE, Base.DEUCE_TO_SEVEN, Base.ACE_TO_SIX)


@unique
class JokerRule(StrEnum):
    """What the joker does, when the deck has one."""

    NONE = "none"
    """No joker in the deck."""
    BUG = "bug"
    """An ace, or any card that completes a straight, flush or straight flush. In lowball, the
    lowest card not already in the hand (ace-to-five), or the card that makes the best low
    (deuce-to-seven, where the lowest card missing could make a straight)."""
    WILD = "wild"
    """Any card the holder names."""


class RankingError(ValueError):
    """A ranking that cannot be built: an unknown name, or a combination no game plays."""


class UnknownRankingError(KeyError):
    """A ranking name that is not one of the presets; the message lists the known names."""

    def __str__(self) -> str:
        # KeyError's own str() quotes its argument; a player should read a sentence.
        return str(self.args[0]) if self.args else "unknown ranking"


def _rank_spellings() -> dict[str, Rank]:
    table: dict[str, Rank] = {}
    for rank in RANKS:
        for spelling in (rank.value, rank.word, rank.plural):
            table[spelling.lower()] = rank
    table.update({"10": Rank.TEN, "two": Rank.TWO, "twos": Rank.TWO, "three": Rank.THREE})
    table["threes"] = Rank.THREE
    return table


_RANK_SPELLINGS: Final = _rank_spellings()


def _as_set(value: AbstractSet[str] | Iterable[str] | str) -> frozenset[str]:
    # A single string is one item ("deuces", "2"), or a comma-separated list from a command line.
    if isinstance(value, str):
        return frozenset(piece.strip() for piece in value.split(",") if piece.strip())
    return frozenset(value)


def _as_bool(value: object, name: str) -> bool:
    # bool("no") is True: read the words a YAML file or a command line may hold instead.
    if isinstance(value, bool):
        return value
    words = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
    if isinstance(value, str) and value.strip().lower() in words:
        return words[value.strip().lower()]
    raise RankingError(f"{name} is true or false, not {value!r}")


def _parse_rank(text: str) -> Rank:
    rank = _RANK_SPELLINGS.get(str(text).strip().lower())
    if rank is None:
        raise RankingError(
            f"{text!r} is not a rank; write a rank as 2-9, T or 10, J, Q, K, A, or as a word (deuces)"
        )
    return rank


def _choose(value: str, allowed: type[StrEnum], what: str) -> str:
    # YAML authors write `round_the_corner_straight` or `Deuce to Seven` as often as the key.
    text = "-".join(str(value).strip().lower().replace("_", " ").split())
    try:
        return allowed(text)
    except ValueError:
        known = ", ".join(member.value for member in allowed)
        raise RankingError(f"{value!r} is not a {what}; the {what}s are: {known}") from None


@dataclass(frozen=True)
class Ranking:
    """How hands are ranked: the base ranking, the joker, wild cards, special hands, hand size.

    Every field takes a plain string, set of strings, bool or int, as a rulebook's YAML gives it;
    ``__post_init__`` checks them and stores the canonical values.

    Raises:
        RankingError: an unknown base, joker rule, rank or special hand, or a combination no game
            in the sources plays (special hands in lowball, wild cards in the 32-card deck, ...).
    """

    base: str = Base.HIGH
    """``high``, ``ace-to-five``, ``ace-to-six``, ``deuce-to-seven`` or ``stripped-32``."""
    joker: str = JokerRule.NONE
    """``none`` (no joker in the deck), ``bug`` or ``wild``."""
    wild_ranks: AbstractSet[str] = frozenset()
    """Ranks whose every card is wild: ``{"2"}`` for deuces wild; words work too (``{"deuces"}``)."""
    one_eyed_jacks: bool = False
    """The jack of spades and the jack of hearts, drawn in profile, are wild."""
    special_hands: AbstractSet[str] = frozenset()
    """Any of ``skip-straight``, ``round-the-corner-straight``, ``bobtail`` (high hands only)."""
    hand_size: int = 5
    """Cards a player holds; above five, his best five of them play (seven-card draw)."""
    # Set once the tables are built, for the inline path of `evaluate`; a plain instance
    # attribute (not a property) because reading it is on the path of every evaluation.
    _fast: FastTables | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        base = Base(_choose(self.base, Base, "ranking base"))
        joker = JokerRule(_choose(self.joker, JokerRule, "joker rule"))
        wild = frozenset(_parse_rank(rank) for rank in _as_set(self.wild_ranks))
        special = frozenset(
            Category(_choose(name, _SpecialHandName, "special hand")) for name in _as_set(self.special_hands)
        )
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "joker", joker)
        object.__setattr__(self, "wild_ranks", wild)
        object.__setattr__(self, "special_hands", special)
        object.__setattr__(self, "one_eyed_jacks", _as_bool(self.one_eyed_jacks, "one_eyed_jacks"))
        self._check(base, joker, wild, special)

    def _check(
        self, base: Base, joker: JokerRule, wild: frozenset[Rank], special: frozenset[Category]
    ) -> None:
        if not isinstance(self.hand_size, int) or not 5 <= self.hand_size <= 10:
            raise RankingError(f"a hand is 5 to 10 cards (the best five play); got {self.hand_size!r}")
        if special and base is not Base.HIGH:
            raise RankingError(f"special hands are high hands; they do not apply to {base.value}")
        if Category.BOBTAIL in special and (joker is not JokerRule.NONE or wild or self.one_eyed_jacks):
            raise RankingError("the bobtail is played without a joker or wild cards (004, Special Hands)")
        if base is Base.STRIPPED_32 and (joker is not JokerRule.NONE or wild or self.one_eyed_jacks):
            raise RankingError(
                "the 32-card game is played without a joker or wild cards (001, 32-Card Poker)"
            )

    @classmethod
    def named(cls, name: str) -> Ranking:
        """The preset called ``name`` (``high``, ``bug``, ``deuces-wild``, ...; see :data:`PRESETS`).

        Raises:
            UnknownRankingError: a KeyError whose message lists the known names.
        """
        preset = PRESETS.get(name.strip().lower())
        if preset is None:
            known = ", ".join(PRESETS)
            shown = name if len(name) <= 40 else name[:39] + "…"  # a typed name may be any length
            raise UnknownRankingError(f"{shown!r} is not a ranking; the rankings are: {known}")
        return preset

    # -- what the ranking implies -------------------------------------------------------------

    @property
    def is_low(self) -> bool:
        """True for lowball: the hand a high player would call worst wins."""
        return Base(self.base).is_low

    @property
    def deck(self) -> tuple[Card, ...]:
        """The pack this ranking is played with: 32 cards, 52, or 52 and the joker."""
        if self.base is Base.STRIPPED_32:
            return STRIPPED_32
        return STANDARD_52 if self.joker is JokerRule.NONE else WITH_JOKER

    def is_wild(self, card: Card) -> bool:
        """True when ``card`` is fully wild here (the joker counts only under ``joker: wild``)."""
        if card.is_joker:
            return self.joker is JokerRule.WILD
        if card.rank in self.wild_ranks:
            return True
        return self.one_eyed_jacks and card.rank is Rank.JACK and card.suit in (Suit.SPADES, Suit.HEARTS)

    @property
    def categories(self) -> tuple[Category, ...]:
        """The categories a hand can fall in under this ranking, best first."""
        base = Base(self.base)
        wild = bool(self.wild_ranks) or self.one_eyed_jacks or self.joker is JokerRule.WILD
        if base is Base.STRIPPED_32:
            return STRIPPED_ORDER
        if base is Base.ACE_TO_FIVE:
            return ACE_TO_FIVE_ORDER[:-1]
        if base in (Base.DEUCE_TO_SEVEN, Base.ACE_TO_SIX):
            return DEUCE_TO_SEVEN_ORDER[:-1]

        def possible(category: Category) -> bool:
            if category is Category.FIVE_OF_A_KIND:
                return wild
            if category is Category.FIVE_ACES:
                return not wild and self.joker is JokerRule.BUG
            return category not in SPECIAL_HANDS or category in self.special_hands

        return tuple(category for category in HIGH_ORDER if possible(category))

    def describe(self) -> str:
        """The ranking in words: ``"high hands, deuces wild"``."""
        parts = [_BASE_WORDS[Base(self.base)]]
        if self.joker is JokerRule.BUG:
            parts.append(_LOW_JOKER.get(Base(self.base), "the joker as the bug"))
        elif self.joker is JokerRule.WILD:
            parts.append("the joker wild")
        for rank in sorted((Rank(rank) for rank in self.wild_ranks), key=lambda rank: rank.number):
            parts.append(f"{rank.plural} wild")
        if self.one_eyed_jacks:
            parts.append("one-eyed jacks wild")
        if self.special_hands:
            names = [category.words + "s" for category in HIGH_ORDER if category in self.special_hands]
            parts.append("with " + " and ".join(names))
        if self.hand_size > 5:
            parts.append(f"best five of {_NUMBER_WORDS.get(self.hand_size, str(self.hand_size))}")
        return ", ".join(parts)

    # A ranking is an immutable value: copies are the ranking itself, and pickles leave the
    # tables behind (they are rebuilt, or found in the cache, on first use).
    def __copy__(self) -> Ranking:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Ranking:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        fields = (self.base, self.joker, self.wild_ranks, self.one_eyed_jacks, self.special_hands)
        return Ranking, (*fields, self.hand_size)

    @cached_property
    def _lazy(self) -> Evaluate:
        # The few hands of one log are graded as they come rather than reading every value of the
        # ranking first (a cold start's showdown); see referee.hands.lazy.
        return _BUILDERS[0].lazy_evaluator(self)

    @cached_property
    def _tables(self) -> Tables:
        # Built once per distinct ranking, on first use (never at import).
        tables = _BUILDERS[0].tables_for(self)
        object.__setattr__(self, "_fast", tables.fast)
        return tables


@dataclass(frozen=True, slots=True)
class Builders:
    """What builds a ranking's lookup tables and its lazy grader.

    Those modules (:mod:`referee.hands.table`, :mod:`referee.hands.lazy`) import this one for
    :class:`Ranking` and :class:`Base`, so this one cannot import them: the package
    (:mod:`referee.hands`, always imported before any of its modules) hands them in through
    :func:`provide` before anything can ask a ranking for its tables.
    """

    tables_for: Callable[[Ranking], Tables]
    lazy_evaluator: Callable[[Ranking], Evaluate]


_BUILDERS: list[Builders] = []


def provide(builders: Builders) -> None:
    """Say what builds the tables (called once, by :mod:`referee.hands`)."""
    _BUILDERS[:] = [builders]


@unique
class _SpecialHandName(StrEnum):
    SKIP_STRAIGHT = Category.SKIP_STRAIGHT.value
    ROUND_THE_CORNER_STRAIGHT = Category.ROUND_THE_CORNER_STRAIGHT.value
    BOBTAIL = Category.BOBTAIL.value


assert {Category(name) for name in _SpecialHandName} == SPECIAL_HANDS

_LOW_JOKER: Final = {
    Base.ACE_TO_FIVE: "the joker as the lowest card missing",
    Base.DEUCE_TO_SEVEN: "the joker as the card that makes the best low",
    Base.ACE_TO_SIX: "the joker as the card that makes the best low",
}

_NUMBER_WORDS: Final = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

_BASE_WORDS: Final = {
    Base.HIGH: "high hands",
    Base.ACE_TO_FIVE: "ace-to-five lowball",
    Base.DEUCE_TO_SEVEN: "deuce-to-seven lowball",
    Base.ACE_TO_SIX: "ace-to-six lowball",
    Base.STRIPPED_32: "the 32-card stripped deck",
}

PRESETS: Final[dict[str, Ranking]] = {
    "high": Ranking(),
    "bug": Ranking(joker="bug"),
    "joker-wild": Ranking(joker="wild"),
    "deuces-wild": Ranking(wild_ranks={"2"}),
    "one-eyed-jacks": Ranking(one_eyed_jacks=True),
    "special-hands": Ranking(special_hands={"skip-straight", "round-the-corner-straight", "bobtail"}),
    "stripped-32": Ranking(base="stripped-32"),
    "ace-to-five": Ranking(base="ace-to-five"),
    "ace-to-five-joker": Ranking(base="ace-to-five", joker="bug"),
    "deuce-to-seven": Ranking(base="deuce-to-seven"),
    "ace-to-six": Ranking(base="ace-to-six"),
    "best-five-of-seven": Ranking(hand_size=7),
}
"""The named rankings: ``Ranking.named("deuces-wild")``. A game catalog adds its own on top."""
