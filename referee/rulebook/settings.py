"""The game section: every setting of clean play a rulebook or a variant can fix.

One model serves three places: a rulebook's ``game:``, a variant in ``rulebooks/games.yaml``
and a rulebook's ``variants:`` overrides. In each, only the keys written count (pydantic's
``exclude_unset``); :func:`referee.rulebook.games.effective_game` layers them over the defaults
below into the complete settings the engine plays by. Each field's description names the
bundled source that speaks of it: 000 Scarne, 001 the rules page (pagat), 002 the casino rules,
003 the card-games book (parlour), 004 Bicycle.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum, unique
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """Frozen, and unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False, defer_build=True)


@unique
class Deck(StrEnum):
    """The pack."""

    STANDARD = "standard"
    """52 cards (000 item 2; 001 Players and Cards)."""
    JOKER = "joker"
    """52 cards and the joker (001 Five Card Draw with a Bug; 002 The Joker)."""
    STRIPPED_32 = "stripped-32"
    """Sevens up to aces, 32 cards (001 32-Card Poker)."""


@unique
class Ranking(StrEnum):
    """How hands rank (the names ``referee.hands`` knows)."""

    HIGH = "high"
    """Standard high hands."""
    BUG = "bug"
    """High hands; the joker is a bug: an ace, or completes a straight or flush (001; 002 The Joker)."""
    JOKER_WILD = "joker-wild"
    """High hands; the joker is fully wild."""
    DEUCES_WILD = "deuces-wild"
    """High hands; the four deuces are wild, five of a kind is top (001 Deuces Wild)."""
    STRIPPED_32 = "stripped-32"
    """32-card ranking: a flush beats a full house, A-7-8-9-10 is a straight, suits break ties."""
    ACE_TO_FIVE = "ace-to-five"
    """Lowball: aces low, straights and flushes do not count, 5-4-3-2-A is best (004 Lowball); with
    the joker deck the joker is the lowest card not in the hand (001 Jacks Back)."""
    DEUCE_TO_SEVEN = "deuce-to-seven"
    """Lowball: aces high, straights and flushes count against, 7-5-4-3-2 is best."""
    ACE_TO_SIX = "ace-to-six"
    """Lowball: aces low, straights and flushes count against, 6-4-3-2-A is best (004 Lowball: "In
    some games 6-4-3-2-A is the lowest possible hand")."""


@unique
class WildCard(StrEnum):
    """Extra wild cards on top of the ranking."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    ONE_EYED_JACKS = "one-eyed-jacks"
    """J♠ and J♥ (001 Deuces Wild: 'one-eyed jacks wild')."""
    WIDOW = "widow"
    """The other three cards of the rank of a card dealt face up to the table (001 Wild Widow)."""


@unique
class SpecialHand(StrEnum):
    """Hands outside the traditional list (004 Special Hands)."""

    SKIP_STRAIGHT = "skip-straight"
    """Alternate sequence (Q-10-8-6-4): beats three of a kind, loses to a straight."""
    ROUND_THE_CORNER_STRAIGHT = "round-the-corner-straight"
    """A sequence through the ace (3-2-A-K-Q)."""
    BOBTAIL = "bobtail"
    """An open-ended four-straight or a four-flush: beats a pair, loses to two pair."""


@unique
class OpenersRule(StrEnum):
    """What the opening bet requires."""

    ANYTHING = "anything"
    """No minimum (001 Five Card Draw Poker; 004 Standard Draw Poker)."""
    JACKS_OR_BETTER = "jacks-or-better"
    """A hand at least as good as a pair of jacks (000 Openers; 001; 002 Jacks or Better item 1)."""
    PROGRESSIVE = "progressive"
    """The minimum climbs the ladder after each deal nobody opens (001 Jacks or Better, last ¶)."""


@unique
class Pair(StrEnum):
    """A minimum pair on the progressive ladder."""

    JACKS = "jacks"
    QUEENS = "queens"
    KINGS = "kings"
    ACES = "aces"


@unique
class AfterTop(StrEnum):
    """Where a progressive ladder goes after its top step is passed out too."""

    STEP_DOWN = "step-down"
    """Back down a step at a time (001: 'then back to kings, queens, jacks and so on')."""
    STAY = "stay"
    """Stay at the top until someone opens."""
    RESTART = "restart"
    """Back to the bottom step."""


@unique
class AnteMethod(StrEnum):
    """Who antes."""

    EACH_PLAYER = "each-player"
    """Every player antes the same (000 The Ante item 1; 004 The Ante)."""
    DEALER = "dealer"
    """The dealer antes for everyone (000 item 2, dealer's edge; 003 worked example; 004)."""


@unique
class BlindStructure(StrEnum):
    """Forced bets instead of or besides the ante (001, blinds and straddles)."""

    NONE = "none"
    ONE_BLIND = "one-blind"
    """The player left of the dealer bets blind."""
    SMALL_AND_BIG = "small-and-big"
    """A small and a big blind (001 Seven Card Draw Poker)."""


@unique
class PassRule(StrEnum):
    """May a player check and come back in (004 Principal Forms of Draw Poker)?"""

    PASS_AND_BACK_IN = "pass-and-back-in"
    """Check when no bet is made, and still call or raise later."""
    PASS_AND_OUT = "pass-and-out"
    """Bet at least the minimum or drop when there is no bet before you."""


@unique
class AfterDrawLimit(StrEnum):
    """The fixed-limit bet after the draw, when the log gives one figure."""

    SAME = "same"
    DOUBLE = "double"
    """Twice the bet before the draw (001 Second Betting Round; 002 introduction)."""


@unique
class FirstAfterDraw(StrEnum):
    """Who speaks first after the draw."""

    OPENER = "opener"
    """The opener, or the next active player clockwise if he has folded (000; 001; 002)."""
    LEFT_OF_DEALER = "left-of-dealer"
    """The first active player left of the dealer (004 Lowball; 001 Seven Card Draw)."""


@unique
class FiveCardDraw(StrEnum):
    """Whether and how a player may replace all five cards."""

    NOT_ALLOWED = "not-allowed"
    AT_ONCE = "at-once"
    """Five cards at once (001 Drawing more than three cards; 004 'a fresh hand')."""
    FOUR_THEN_ONE = "four-then-one"
    """Four at once and the fifth after everyone else has drawn (002 Draw High item 5)."""


@unique
class ShowdownOrder(StrEnum):
    """Who shows first."""

    LAST_AGGRESSOR = "last-aggressor"
    """The last player to bet or raise; if everybody checked, the opener (000; 001)."""
    LEFT_OF_DEALER = "left-of-dealer"
    """Clockwise from the first active player left of the dealer."""


@unique
class OddChip(StrEnum):
    """Who gets the odd chip of a split pot."""

    LEFT_OF_DEALER = "left-of-dealer"
    """The first winner clockwise from the dealer (Robert's Rules of Poker, Section 3, Ties)."""
    HIGH_CARD = "high-card"
    """The winner with the highest card by suit."""
    NEXT_POT = "next-pot"
    """It stays in the pot for the next deal."""


@unique
class ToWin(StrEnum):
    """The least hand that may take the pot."""

    ANYTHING = "anything"
    THREE_OF_A_KIND = "three-of-a-kind"
    """Trips to win (001 Jacks or Better, Trips to Win)."""


@unique
class Exclusion(StrEnum):
    """Discards left out of the rebuilt stub when the pack runs out."""

    OPENER = "opener"
    """The opener's discards, if kept separate (004 Laws, The Draw)."""
    DRAWING_PLAYER = "drawing-player"
    """The discards of the player being served and of any player yet to draw (004)."""


@unique
class BottomCard(StrEnum):
    """May the dealer deal the last card of the pack on the draw?"""

    DEALT = "dealt"
    NOT_DEALT = "not-dealt"
    """No: it goes into the rebuilt stub (004 Laws, The Draw)."""


@unique
class SwitchTo(StrEnum):
    """What a passed-out deal becomes."""

    NONE = "none"
    """The cards are thrown in and dealt again."""
    ACE_TO_FIVE = "ace-to-five"
    """Players keep their cards and play the deal as ace-to-five lowball (001 Jacks Back; 003 Deal
    passed out 2)."""


@unique
class NextDealer(StrEnum):
    """Who deals after a passed-out deal."""

    NEXT = "next"
    """The deal (the button) passes to the left (000; 001; 002; 003)."""
    SAME = "same"


class Openers(Strict):
    """What it takes to open (000 Openers; 001 Jacks or Better; 002 Jacks or Better item 1)."""

    rule: OpenersRule = Field(
        default=OpenersRule.ANYTHING, description="anything, jacks-or-better or progressive."
    )
    ladder: list[Pair] = Field(
        default=[Pair.JACKS, Pair.QUEENS, Pair.KINGS, Pair.ACES],
        description="Progressive only: the minimum pair after 0, 1, 2, ... passed-out deals (001).",
    )
    after_top: AfterTop = Field(
        default=AfterTop.STEP_DOWN, description="Progressive only: after the top step (001)."
    )
    shown_to_win: bool = Field(
        default=True,
        description="An opener left alone in the pot is paid only once he shows his openers, so false "
        "openers can still come to light (000 Player's Turn of Play; 002 Jacks or Better item 3; 003; "
        "004 Showing openers). No: he takes the pot at once without showing.",
    )


class Ante(Strict):
    """Who antes (000 The Ante; 004 The Ante; 003 worked example). The log's ``ante:`` wins."""

    method: AnteMethod = Field(default=AnteMethod.EACH_PLAYER, description="each-player or dealer.")


class Blinds(Strict):
    """Blind bets and straddles (001 the blinds paragraph; 001 Seven Card Draw Poker)."""

    structure: BlindStructure = Field(
        default=BlindStructure.NONE, description="none, one-blind or small-and-big."
    )
    straddle: bool = Field(
        default=False, description="The next player may straddle (twice the blind), and re-straddle."
    )
    blind_may_raise: bool = Field(
        default=True, description="The largest blind may check or raise when everyone has only called (001)."
    )


class RaiseCap(Strict):
    """How many raises a round allows (001 a bet and four raises; 002 Draw High item 1)."""

    raises: int | None = Field(
        default=None, ge=0, description="Raises allowed after the bet; none means no cap."
    )
    heads_up_unlimited: bool = Field(
        default=False,
        description="No cap once only two players are left (Robert's Rules of Poker, Section 3, Betting "
        "and Raising).",
    )


@unique
class MinRaise(StrEnum):
    """The least a bet or raise may be under a spread limit (``1-5``)."""

    PREVIOUS_BET = "previous-bet"
    """At least the bet or raise before it (card rooms)."""
    LIMIT_MINIMUM = "limit-minimum"
    """Any amount between the limits (000 Optional Betting Limits: "any amount between both limits")."""


class Betting(Strict):
    """Betting customs (004 Principal Forms of Draw Poker; 000; 001; 002)."""

    before_draw: PassRule = Field(default=PassRule.PASS_AND_BACK_IN, description="Before the draw (004).")
    after_draw: PassRule = Field(default=PassRule.PASS_AND_BACK_IN, description="After the draw (004).")
    check_raise: bool = Field(
        default=True, description="A player who checked may raise later in the round (002 item 2)."
    )
    raise_cap: RaiseCap = Field(default=RaiseCap.model_construct(), description="The raise cap.")
    after_draw_limit: AfterDrawLimit = Field(
        default=AfterDrawLimit.SAME,
        description="The fixed bet after the draw when the log gives one figure (001; 002).",
    )
    first_after_draw: FirstAfterDraw = Field(
        default=FirstAfterDraw.OPENER,
        description="Who speaks first after the draw (000; 001; 002; 004 Lowball).",
    )
    blind_opening: bool = Field(
        default=False,
        description="The first hand must open blind and the next must raise (004 Standard Draw Poker).",
    )
    doubling_raises: bool = Field(
        default=False, description="A raise may double the preceding bet (004, English or Australian Poker)."
    )
    opening_raise: bool = Field(
        default=False,
        description="Under a fixed limit the opening bet may be the minimum or the minimum and one raise "
        "(002 Rules of Draw Poker Games: \"open for the minimum, or open with a raise\"); the opening raise "
        "counts toward the raise cap.",
    )
    min_raise: MinRaise = Field(
        default=MinRaise.PREVIOUS_BET,
        description="Under a spread limit, the least a raise may add: the previous bet, or the "
        "limit's minimum (000).",
    )
    jackpot_limit: bool = Field(
        default=False,
        description="After a passed-out deal, the opening bet may be up to the antes in the pot "
        "(000 Optional Betting Limits, Jack Pot).",
    )
    after_draw_min_doubles: bool = Field(
        default=False,
        description="Under a spread, pot or no limit, the first bet after the draw must be at least "
        "twice the last bet of the first round (001 Seven Card Draw Poker, paragraph 4).",
    )


class DrawRules(Strict):
    """The draw (000 The Draw; 001 The Draw, Drawing more than three cards, Two Draws; 002 items 5-6;
    004 Principal Forms, Double Draw)."""

    max_cards: int = Field(default=3, ge=0, le=7, description="Most cards a player may draw (000; 001; 004).")
    max_with_ace: int | None = Field(
        default=None, ge=0, le=7, description="Most cards when the player shows an ace (004: four)."
    )
    five_cards: FiveCardDraw = Field(
        default=FiveCardDraw.NOT_ALLOWED,
        description="Whether and how all five may be replaced (001; 002 item 5).",
    )
    rounds: int = Field(
        default=1,
        ge=1,
        le=30,
        description="Number of draws, each followed by a betting round (001; 004; 001 All for One: "
        "as many as the pack allows).",
    )
    later_max_cards: int | None = Field(
        default=None, ge=0, le=7, description="Most cards in the draws after the first (001 Two Draws: two)."
    )
    one_or_all: bool = Field(
        default=False,
        description="A player stands pat, exchanges one card, or exchanges all five; the pack must "
        "leave every later player in the round one card (001 All for One, restriction 1).",
    )
    rotate_first_drawer: bool = Field(
        default=False,
        description="Each draw begins one seat further left than the one before (001 All for One).",
    )
    left_of_big_blind: bool = Field(
        default=False,
        description="In a game with blinds the draw begins with the player left of the big blind, "
        "not the dealer's left (001 Seven Card Draw Poker, paragraph 3).",
    )
    until_pack_runs_out: bool = Field(
        default=False,
        description="Drawing stops once fewer cards are left than players in the hand; then the "
        "showdown (001 All for One, restriction 2).",
    )


class NoQualifier(Strict):
    """When no hand qualifies to win (001 Trips to Win)."""

    folded_players_out: bool = Field(
        default=True,
        description="Players who folded before the draw are out of the next deal for this pot (001).",
    )
    ante_again: bool = Field(default=True, description="The players still in ante again (001).")


class Showdown(Strict):
    """The showdown (000 Showdown, The Betting after the Draw; 001 Second Betting Round)."""

    cards_speak: bool = Field(
        default=True, description="Cards speak; no means players must declare (000; 001 Deuces Wild)."
    )
    order: ShowdownOrder = Field(
        default=ShowdownOrder.LAST_AGGRESSOR, description="Who shows first (000; 001)."
    )
    odd_chip: OddChip = Field(
        default=OddChip.LEFT_OF_DEALER, description="Who gets the odd chip of a split pot."
    )
    to_win: ToWin = Field(
        default=ToWin.ANYTHING, description="The least hand that may win (001 Trips to Win)."
    )
    no_qualifier: NoQualifier = Field(
        default=NoQualifier.model_construct(), description="When no hand qualifies (001)."
    )
    opener_must_win_or_match: bool = Field(
        default=False,
        description="If the opener loses, he pays a new pot equal to the one just won (001, the paragraph "
        "after Wild Widow).",
    )
    opener_match_cap: Decimal | None = Field(
        default=None,
        gt=0,
        description="The most a beaten opener puts up as the new pot, in chips; none: the whole pot just "
        "won (001, the section after Wild Widow, paragraph 2: 'Some put a limit on the size of the new "
        "pot').",
    )


class PassedOut(Strict):
    """When nobody opens (000 Player's Turn of Play; 001; 002 Jacks or Better item 1; 003 Deal passed
    out 1 and 2)."""

    next_dealer: NextDealer = Field(default=NextDealer.NEXT, description="Who deals next.")
    ante_again: bool = Field(
        default=True, description="Everyone (or the dealer, by the ante method) antes again."
    )
    ante_cap_deals: int | None = Field(
        default=None,
        ge=1,
        description="Antes stop after this many consecutive deals (002: most games allow three).",
    )
    switch_to: SwitchTo = Field(
        default=SwitchTo.NONE, description="Keep the cards and play lowball (001 Jacks Back)."
    )
    lowball_check_raise: bool = Field(
        default=True,
        description="In the lowball part of a passed-out deal a player who checked may raise later in the "
        "round, as betting.check_raise allows; no: check-raising is barred there (001 Jacks Back, "
        "paragraph 6).",
    )
    lowball_blind: bool = Field(
        default=False,
        description="When the game turns to lowball, the first player left of the dealer must post a blind "
        "and the round begins left of him; the blind is the round's bet, and he may raise when the action "
        "comes back to him though nobody raised (as blinds.blind_may_raise allows). The blind is the least "
        "bet the limit allows (a fixed limit's low bet), or the ante when the limit names none: it stands "
        "in for the opening bet nobody made. A pass instead of the blind is a check facing a bet (001 "
        "Jacks Back, paragraph 5: some clubs' rule).",
    )


class DeckExhaustion(Strict):
    """When the pack runs out on the draw (000 item 1; 001 The Draw; 004 Laws, The Draw)."""

    bottom_card: BottomCard = Field(
        default=BottomCard.DEALT, description="Whether the last card may be dealt (004)."
    )
    exclude: list[Exclusion] = Field(
        default_factory=list,
        description="Discards left out of the rebuilt stub (004); the rest are reshuffled.",
    )


class Stakes(Strict):
    """Table stakes: the money each player has on the table (000 Optional Betting Limits, Table Stakes
    or Freeze-Out)."""

    minimum: Decimal | None = Field(
        default=None,
        gt=0,
        description="The least stake a player may play a deal with, in chips: at each deal's first line a "
        "player whose stake (the log's stacks, after money put on or taken off between deals) is below it "
        "is a stake-below-minimum irregularity, ruled by the rulebook. None: no minimum (000 Table Stakes "
        "or Freeze-Out, sentence 1: 'not less than a minimum agreed on beforehand' — the house agrees it).",
    )


SETTING_GROUPS: tuple[str, ...] = (
    "openers",
    "ante",
    "blinds",
    "betting",
    "draw",
    "showdown",
    "passed_out",
    "deck_exhaustion",
    "stakes",
)


class GameSettings(Strict):
    """Everything of clean play a rulebook or a variant can fix. Every field has a default."""

    deck: Deck = Field(default=Deck.STANDARD, description="standard, joker or stripped-32.")
    ranking: Ranking = Field(default=Ranking.HIGH, description="How hands rank.")
    wild_cards: list[WildCard] = Field(
        default_factory=list, description="Extra wild cards: ranks (2 ... A), one-eyed-jacks, widow (001)."
    )
    special_hands: list[SpecialHand] = Field(
        default_factory=list,
        description="skip-straight, round-the-corner-straight, bobtail (004 Special Hands).",
    )
    hand_size: Literal[5, 7] = Field(
        default=5, description="Cards a player holds; with 7 the best five play (001)."
    )
    openers: Openers = Field(default=Openers.model_construct(), description="What it takes to open.")
    ante: Ante = Field(default=Ante.model_construct(), description="Who antes.")
    blinds: Blinds = Field(default=Blinds.model_construct(), description="Blinds and straddles.")
    betting: Betting = Field(default=Betting.model_construct(), description="Betting customs.")
    draw: DrawRules = Field(default=DrawRules.model_construct(), description="The draw.")
    showdown: Showdown = Field(default=Showdown.model_construct(), description="The showdown.")
    passed_out: PassedOut = Field(default=PassedOut.model_construct(), description="When nobody opens.")
    deck_exhaustion: DeckExhaustion = Field(
        default=DeckExhaustion.model_construct(), description="When the pack runs out."
    )
    stakes: Stakes = Field(
        default=Stakes.model_construct(), description="Table stakes: the money on the table."
    )
    deal_passes_after_misdeals: int | None = Field(
        default=None,
        ge=1,
        description="After this many misdeals in a row by one dealer the deal passes left, "
        "whatever a misdeal row says (000 Misdeals: two).",
    )
    most_players: int | None = Field(
        default=None,
        ge=2,
        le=20,
        description="The most players the game seats; a deal with more at the table is a too-many-players "
        "irregularity, ruled by the rulebook (001 Players and Cards: seven or eight at most; 001 32-Card "
        "Poker: five). None: no limit but the pack.",
    )
    cite: dict[str, str] = Field(
        default_factory=dict,
        description="Where each setting comes from: a setting's dotted path (e.g. betting.raise_cap) to its "
        "citation, or to 'silent; fallback: ...'.",
    )


def setting_paths() -> frozenset[str]:
    """Every dotted path a ``cite:`` key may name: groups, their fields, and top-level fields."""
    paths: set[str] = set()
    for name, info in GameSettings.model_fields.items():
        if name == "cite":
            continue
        paths.add(name)
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            for sub, sub_info in annotation.model_fields.items():
                paths.add(f"{name}.{sub}")
                inner = sub_info.annotation
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    paths.update(f"{name}.{sub}.{leaf}" for leaf in inner.model_fields)
    return frozenset(paths)
