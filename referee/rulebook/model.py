"""The rulebook model: who it is, the game it plays, and one decision table per irregularity.

Pydantic v2 models, frozen, unknown keys refused. The same models give the JSON Schema
(``referee rulebook schema``) so an editor can complete and check a rulebook as it is typed.

A decision table is an ordered list of rows ``{id, when, then, summary, cite}``; the first row
whose ``when`` conditions all hold decides, and the last row has no conditions (the default).
A row whose source says nothing has ``source: silent`` and ``fallback:`` naming what it falls
back on — a public rulebook by section, or another bundled rulebook's row (``scarne:misdeal/2``).
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    WithJsonSchema,
)

from referee.rulebook.settings import GameSettings, Strict
from referee.rulebook.vocabulary import (
    FACTS,
    BarredBy,
    BetAction,
    BettingLimit,
    Correction,
    CutProblem,
    Declared,
    DrawProblem,
    Eligible,
    ExtraOrShort,
    Fact,
    HandChips,
    Kind,
    MisdealAntes,
    Offender,
    OffenderChips,
    OnDrop,
    OthersChips,
    Party,
    Phase,
    PreviousBet,
    Redeal,
    RemedyId,
    Replace,
    WhoseCard,
)

SLUG = r"^[a-z0-9][a-z0-9-]*$"
Slug = Annotated[str, Field(pattern=SLUG, max_length=60)]


def _id_text(value: object) -> object:
    """Row ids may be written as numbers; they are kept as text (``scarne:exposed-card/3``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


RowId = Annotated[
    str,
    BeforeValidator(_id_text),
    Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", max_length=40),
    WithJsonSchema({"type": ["integer", "string"], "description": "A stable row id: 1, 2, ... or a word."}),
]


# --- conditions --------------------------------------------------------------------------------


class Count(Strict):
    """A condition on a count: ``{at_least: 2}``, ``{at_most: 0}`` or both."""

    at_least: int | None = Field(default=None, ge=0)
    at_most: int | None = Field(default=None, ge=0)


CountCond = int | Count


def _doc(fact: Fact) -> str:
    return FACTS[fact].doc


class When(Strict):
    """The conditions of a row: each written fact must hold (all of them). Empty: the default row.

    An enum fact takes one word or a list (any of them); a yes/no fact takes yes or no; a count
    takes a number (exactly) or ``{at_least: n}`` / ``{at_most: n}``.
    """

    phase: Phase | list[Phase] | None = Field(default=None, description=_doc(Fact.PHASE))
    pot_opened: bool | None = Field(default=None, description=_doc(Fact.POT_OPENED))
    betting_started: bool | None = Field(default=None, description=_doc(Fact.BETTING_STARTED))
    actions_taken: CountCond | None = Field(default=None, description=_doc(Fact.ACTIONS_TAKEN))
    misdeals_by_this_dealer: CountCond | None = Field(
        default=None, description=_doc(Fact.MISDEALS_BY_THIS_DEALER)
    )
    cut_problem: CutProblem | list[CutProblem] | None = Field(
        default=None, description=_doc(Fact.CUT_PROBLEM)
    )
    caused_by: Party | list[Party] | None = Field(default=None, description=_doc(Fact.CAUSED_BY))
    whose_card: WhoseCard | list[WhoseCard] | None = Field(default=None, description=_doc(Fact.WHOSE_CARD))
    exposed_in_phase: CountCond | None = Field(default=None, description=_doc(Fact.EXPOSED_IN_PHASE))
    exposed_to_this_hand: CountCond | None = Field(default=None, description=_doc(Fact.EXPOSED_TO_THIS_HAND))
    to_dealer: bool | None = Field(default=None, description=_doc(Fact.TO_DEALER))
    extra_or_short: ExtraOrShort | list[ExtraOrShort] | None = Field(
        default=None, description=_doc(Fact.EXTRA_OR_SHORT)
    )
    cards_off_by: CountCond | None = Field(default=None, description=_doc(Fact.CARDS_OFF_BY))
    player_looked: bool | None = Field(default=None, description=_doc(Fact.PLAYER_LOOKED))
    is_dealer: bool | None = Field(default=None, description=_doc(Fact.IS_DEALER))
    action: BetAction | list[BetAction] | None = Field(default=None, description=_doc(Fact.ACTION))
    previous_bet_vs_out_of_turn: PreviousBet | list[PreviousBet] | None = Field(
        default=None, description=_doc(Fact.PREVIOUS_BET_VS_OUT_OF_TURN)
    )
    action_changed: bool | None = Field(default=None, description=_doc(Fact.ACTION_CHANGED))
    at_least_half: bool | None = Field(default=None, description=_doc(Fact.AT_LEAST_HALF))
    called: bool | None = Field(default=None, description=_doc(Fact.CALLED))
    others_remain: bool | None = Field(default=None, description=_doc(Fact.OTHERS_REMAIN))
    raised: bool | None = Field(default=None, description=_doc(Fact.RAISED))
    callers: CountCond | None = Field(default=None, description=_doc(Fact.CALLERS))
    announced: bool | None = Field(default=None, description=_doc(Fact.ANNOUNCED))
    discards_kept: bool | None = Field(default=None, description=_doc(Fact.DISCARDS_KEPT))
    openers_proven: bool | None = Field(default=None, description=_doc(Fact.OPENERS_PROVEN))
    draw_problem: DrawProblem | list[DrawProblem] | None = Field(
        default=None, description=_doc(Fact.DRAW_PROBLEM)
    )
    next_player_served: bool | None = Field(default=None, description=_doc(Fact.NEXT_PLAYER_SERVED))
    dealer_drawing: bool | None = Field(default=None, description=_doc(Fact.DEALER_DRAWING))
    player_discarded: bool | None = Field(default=None, description=_doc(Fact.PLAYER_DISCARDED))
    cards_dealt: bool | None = Field(default=None, description=_doc(Fact.CARDS_DEALT))
    others_acted_on_it: bool | None = Field(default=None, description=_doc(Fact.OTHERS_ACTED_ON_IT))
    later_draw: bool | None = Field(default=None, description=_doc(Fact.LATER_DRAW))
    anyone_looked: bool | None = Field(default=None, description=_doc(Fact.ANYONE_LOOKED))
    cards_speak: bool | None = Field(default=None, description=_doc(Fact.CARDS_SPEAK))
    declared_vs_actual: Declared | list[Declared] | None = Field(
        default=None, description=_doc(Fact.DECLARED_VS_ACTUAL)
    )
    in_turn: bool | None = Field(default=None, description=_doc(Fact.IN_TURN))
    bet_facing: bool | None = Field(default=None, description=_doc(Fact.BET_FACING))
    barred_by: BarredBy | list[BarredBy] | None = Field(default=None, description=_doc(Fact.BARRED_BY))
    is_opener: bool | None = Field(default=None, description=_doc(Fact.IS_OPENER))
    passed_first_turn: bool | None = Field(default=None, description=_doc(Fact.PASSED_FIRST_TURN))
    pot_reopened: bool | None = Field(default=None, description=_doc(Fact.POT_REOPENED))
    answer_owed: bool | None = Field(default=None, description=_doc(Fact.ANSWER_OWED))
    answered: bool | None = Field(default=None, description=_doc(Fact.ANSWERED))
    all_in_for_antes: bool | None = Field(default=None, description=_doc(Fact.ALL_IN_FOR_ANTES))
    first_betting_complete: bool | None = Field(default=None, description=_doc(Fact.FIRST_BETTING_COMPLETE))
    raised_since_he_acted: bool | None = Field(default=None, description=_doc(Fact.RAISED_SINCE_HE_ACTED))
    betting_limit: BettingLimit | list[BettingLimit] | None = Field(
        default=None, description=_doc(Fact.BETTING_LIMIT)
    )

    def conditions(self) -> dict[Fact, object]:
        """The written conditions, in vocabulary order."""
        written = [name for name in self.model_fields_set if getattr(self, name) is not None]
        return {Fact(name): getattr(self, name) for name in sorted(written, key=_FACT_ORDER.__getitem__)}

    @property
    def is_default(self) -> bool:
        return not any(getattr(self, name) is not None for name in self.model_fields_set)


assert set(When.model_fields) == {fact.value for fact in Fact}
_FACT_ORDER = {fact.value: index for index, fact in enumerate(Fact)}


# --- remedies ------------------------------------------------------------------------------------


class RemedyBase(Strict):
    """A remedy and its parameters. ``remedy`` is the id a Ruling reports as its decision."""

    @property
    def id(self) -> RemedyId:
        word: str = getattr(self, "remedy")  # noqa: B009 - each subclass declares it as a Literal
        return RemedyId(word)

    def params(self) -> dict[str, str]:
        """Every parameter as text (defaults included), for rulings and display."""
        return {name: str(value) for name, value in self if name != "remedy"}


class Misdeal(RemedyBase):
    """The deal is void and dealt again; bets of this deal return (see RemedyId.MISDEAL)."""

    remedy: Literal["misdeal"]
    redeal: Redeal = Field(
        default=Redeal.SAME_DEALER, description="same-dealer, next-dealer or proper-dealer."
    )
    antes: MisdealAntes = Field(default=MisdealAntes.STAY, description="stay or refund.")


class PlayOn(RemedyBase):
    """Nothing changes; play continues."""

    remedy: Literal["play-on"]


class CardDead(RemedyBase):
    """The card is out of play and replaced."""

    remedy: Literal["card-dead"]
    replace: Replace = Field(default=Replace.IMMEDIATELY, description="immediately or after-draw.")


class CardKept(RemedyBase):
    """The player must take the card(s)."""

    remedy: Literal["card-kept"]


class HandDead(RemedyBase):
    """The player is out; his chips stay (or all but the opening bet go back)."""

    remedy: Literal["hand-dead"]
    chips: HandChips = Field(default=HandChips.STAY, description="stay or opening-bet-stays.")


class HandStands(RemedyBase):
    """The hand plays as it is; a finished result stands."""

    remedy: Literal["hand-stands"]


class HandCorrected(RemedyBase):
    """The card count is put right."""

    remedy: Literal["hand-corrected"]
    how: Correction = Field(
        default=Correction.FROM_PACK, description="from-pack, discard-surplus or draw-missing."
    )


class BetStands(RemedyBase):
    """The out-of-turn action stands as made."""

    remedy: Literal["bet-stands"]


class BetStandsAsCall(RemedyBase):
    """The chips count as a call; any excess goes back."""

    remedy: Literal["bet-stands-as-call"]


class BetStandsAsRaise(RemedyBase):
    """The out-of-turn chips count as a call and a raise."""

    remedy: Literal["bet-stands-as-raise"]


class Options(RemedyBase):
    """The out-of-turn player may drop, call or raise at his proper turn."""

    remedy: Literal["options"]
    on_drop: OnDrop = Field(default=OnDrop.CHIPS_STAY, description="chips-stay or chips-returned.")


class BetWithdrawn(RemedyBase):
    """The chips go back; the action counts for nothing."""

    remedy: Literal["bet-withdrawn"]


class WaitsForTurn(RemedyBase):
    """The action out of turn binds nothing; he acts at his proper turn (no raise of a bet made before it)."""

    remedy: Literal["waits-for-turn"]


class RaiseNotAllowed(RemedyBase):
    """No raise for the rest of the round (a capped raise stands as a call)."""

    remedy: Literal["raise-not-allowed"]


class MustComplete(RemedyBase):
    """The short bet must be brought up to the full amount."""

    remedy: Literal["must-complete"]


class ExcessReturned(RemedyBase):
    """Chips beyond the limit go back; the bet stands at the limit."""

    remedy: Literal["excess-returned"]


class PotCarried(RemedyBase):
    """No winner this deal; the pot stays for the next one."""

    remedy: Literal["pot-carried"]
    offender_chips: OffenderChips = Field(
        default=OffenderChips.STAY,
        description="stay, returned-except-ante, opening-bet-stays or uncalled-returned.",
    )
    others_chips: OthersChips = Field(default=OthersChips.STAY, description="stay or returned.")


class PotReopened(RemedyBase):
    """A false opening before the draw is void; eligible players may open."""

    remedy: Literal["pot-reopened"]
    eligible: Eligible = Field(default=Eligible.NOT_PASSED, description="not-passed or any-in-turn.")
    offender: Offender = Field(default=Offender.OUT, description="out or may-stay.")
    offender_chips: OffenderChips = Field(
        default=OffenderChips.STAY, description="stay or opening-bet-stays."
    )
    others_chips: OthersChips = Field(
        default=OthersChips.RETURNED, description="returned or stay-unless-nobody-opens."
    )


class RefundAll(RemedyBase):
    """Every chip goes back to whoever put it in."""

    remedy: Literal["refund-all"]


class ForfeitPot(RemedyBase):
    """The offender cannot win; the best other hand takes the pot."""

    remedy: Literal["forfeit-pot-to-best-legitimate-hand"]


class SameAs(RemedyBase):
    """Rule it as another irregularity."""

    remedy: Literal["same-as"]
    kind: Kind = Field(description="The irregularity whose table decides.")


class ReshuffleDiscards(RemedyBase):
    """Rebuild the stub from the discards as the game section says."""

    remedy: Literal["reshuffle-discards"]


class CardsSpeak(RemedyBase):
    """The hand is ranked by its cards."""

    remedy: Literal["cards-speak"]


class DeclarationBinds(RemedyBase):
    """The player is held to his declaration."""

    remedy: Literal["declaration-binds"]


class VerbalBinding(RemedyBase):
    """The spoken action counts as made."""

    remedy: Literal["verbal-binding"]


class VerbalIgnored(RemedyBase):
    """The words count for nothing."""

    remedy: Literal["verbal-ignored"]


class DrawLimited(RemedyBase):
    """The player is served only the maximum draw."""

    remedy: Literal["draw-limited"]


class DiscardsDead(RemedyBase):
    """Discards taken back stay out of play."""

    remedy: Literal["discards-dead"]


class StakeDeferred(RemedyBase):
    """Money put on or taken off the table during a deal counts from the next deal."""

    remedy: Literal["stake-deferred"]


class DeclaredOpen(RemedyBase):
    """The pot counts as opened by the player who declared it."""

    remedy: Literal["declared-open"]


REMEDY_MODELS: dict[RemedyId, type[RemedyBase]] = {
    RemedyId.MISDEAL: Misdeal,
    RemedyId.PLAY_ON: PlayOn,
    RemedyId.CARD_DEAD: CardDead,
    RemedyId.CARD_KEPT: CardKept,
    RemedyId.HAND_DEAD: HandDead,
    RemedyId.HAND_STANDS: HandStands,
    RemedyId.HAND_CORRECTED: HandCorrected,
    RemedyId.BET_STANDS: BetStands,
    RemedyId.BET_STANDS_AS_CALL: BetStandsAsCall,
    RemedyId.BET_STANDS_AS_RAISE: BetStandsAsRaise,
    RemedyId.OPTIONS: Options,
    RemedyId.BET_WITHDRAWN: BetWithdrawn,
    RemedyId.RAISE_NOT_ALLOWED: RaiseNotAllowed,
    RemedyId.WAITS_FOR_TURN: WaitsForTurn,
    RemedyId.MUST_COMPLETE: MustComplete,
    RemedyId.EXCESS_RETURNED: ExcessReturned,
    RemedyId.POT_CARRIED: PotCarried,
    RemedyId.POT_REOPENED: PotReopened,
    RemedyId.REFUND_ALL: RefundAll,
    RemedyId.FORFEIT_POT: ForfeitPot,
    RemedyId.SAME_AS: SameAs,
    RemedyId.RESHUFFLE_DISCARDS: ReshuffleDiscards,
    RemedyId.CARDS_SPEAK: CardsSpeak,
    RemedyId.DECLARATION_BINDS: DeclarationBinds,
    RemedyId.VERBAL_BINDING: VerbalBinding,
    RemedyId.VERBAL_IGNORED: VerbalIgnored,
    RemedyId.DRAW_LIMITED: DrawLimited,
    RemedyId.DISCARDS_DEAD: DiscardsDead,
    RemedyId.DECLARED_OPEN: DeclaredOpen,
    RemedyId.STAKE_DEFERRED: StakeDeferred,
}
assert set(REMEDY_MODELS) == set(RemedyId)


def _shorthand(value: object) -> object:
    """``then: play-on`` is short for ``then: {remedy: play-on}``."""
    if isinstance(value, str):
        return {"remedy": value}
    return value


Remedy = Annotated[
    Misdeal
    | PlayOn
    | CardDead
    | CardKept
    | HandDead
    | HandStands
    | HandCorrected
    | BetStands
    | BetStandsAsCall
    | BetStandsAsRaise
    | Options
    | BetWithdrawn
    | RaiseNotAllowed
    | WaitsForTurn
    | MustComplete
    | ExcessReturned
    | PotCarried
    | PotReopened
    | RefundAll
    | ForfeitPot
    | SameAs
    | ReshuffleDiscards
    | CardsSpeak
    | DeclarationBinds
    | VerbalBinding
    | VerbalIgnored
    | DrawLimited
    | DiscardsDead
    | DeclaredOpen
    | StakeDeferred,
    Field(discriminator="remedy"),
    BeforeValidator(_shorthand),
]


# --- rows and tables --------------------------------------------------------------------------------


@unique
class RowSource(StrEnum):
    """Whether the rulebook's own source speaks to a row."""

    CITED = "cited"
    """The source says so; ``cite:`` names file, section and item."""
    SILENT = "silent"
    """The source says nothing; ``fallback:`` names what the row follows instead."""


class Row(Strict):
    """One row of a decision table."""

    id: RowId = Field(description="Stable id; the full rule id is <rulebook>:<kind>/<id>. Never renumber.")
    when: When = Field(
        default=When.model_construct(),
        description="Conditions, all of which must hold; {} for the default row.",
    )
    then: Remedy = Field(description="The remedy: an id, or {remedy: id, <parameter>: <value>, ...}.")
    summary: str = Field(min_length=1, description="One sentence in plain words for a poker player.")
    cite: str | None = Field(
        default=None, description="Source file, section heading and item, e.g. '000_….txt, Misdeals, item 5'."
    )
    source: RowSource = Field(default=RowSource.CITED, description="cited (the default) or silent.")
    fallback: str | None = Field(
        default=None,
        description="For source: silent — what the row falls back on: a public rulebook by section, "
        "or a row id.",
    )
    before: RowId | None = Field(
        default=None, description="In a rulebook that extends another: insert before this row id."
    )
    after: RowId | None = Field(
        default=None, description="In a rulebook that extends another: insert after this row id."
    )
    remove: bool = Field(
        default=False, description="In a rulebook that extends another: drop the inherited row with this id."
    )


Table = list[Row]


def _table(kind: Kind) -> Any:
    return Field(default=None, alias=kind.value, description=f"Decision table for {kind.value}.")


class Irregularities(Strict):
    """One decision table per irregularity kind, written under the kind's name."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=False)

    misdeal: Table | None = _table(Kind.MISDEAL)
    cut_irregularity: Table | None = _table(Kind.CUT_IRREGULARITY)
    exposed_card: Table | None = _table(Kind.EXPOSED_CARD)
    card_face_up_in_pack: Table | None = _table(Kind.CARD_FACE_UP_IN_PACK)
    wrong_card_count: Table | None = _table(Kind.WRONG_CARD_COUNT)
    imperfect_pack: Table | None = _table(Kind.IMPERFECT_PACK)
    wrong_dealer: Table | None = _table(Kind.WRONG_DEALER)
    out_of_turn: Table | None = _table(Kind.OUT_OF_TURN)
    short_bet: Table | None = _table(Kind.SHORT_BET)
    over_limit: Table | None = _table(Kind.OVER_LIMIT)
    raise_cap: Table | None = _table(Kind.RAISE_CAP)
    false_openers: Table | None = _table(Kind.FALSE_OPENERS)
    split_openers: Table | None = _table(Kind.SPLIT_OPENERS)
    foul_hand: Table | None = _table(Kind.FOUL_HAND)
    draw_irregularity: Table | None = _table(Kind.DRAW_IRREGULARITY)
    deck_exhausted: Table | None = _table(Kind.DECK_EXHAUSTED)
    misdeclared_hand: Table | None = _table(Kind.MISDECLARED_HAND)
    verbal_bet: Table | None = _table(Kind.VERBAL_BET)
    improper_fold: Table | None = _table(Kind.IMPROPER_FOLD)
    check_facing_bet: Table | None = _table(Kind.CHECK_FACING_BET)
    wrong_hand_count: Table | None = _table(Kind.WRONG_HAND_COUNT)
    bet_not_completed: Table | None = _table(Kind.BET_NOT_COMPLETED)
    draw_count_misstated: Table | None = _table(Kind.DRAW_COUNT_MISSTATED)
    discards_retrieved: Table | None = _table(Kind.DISCARDS_RETRIEVED)
    pot_declared_open: Table | None = _table(Kind.POT_DECLARED_OPEN)
    action_misnamed: Table | None = _table(Kind.ACTION_MISNAMED)
    stake_changed_in_hand: Table | None = _table(Kind.STAKE_CHANGED_IN_HAND)
    too_many_players: Table | None = _table(Kind.TOO_MANY_PLAYERS)
    stake_below_minimum: Table | None = _table(Kind.STAKE_BELOW_MINIMUM)
    plays_while_sitting_out: Table | None = _table(Kind.PLAYS_WHILE_SITTING_OUT)
    acts_after_folding: Table | None = _table(Kind.ACTS_AFTER_FOLDING)
    back_in_after_passing: Table | None = _table(Kind.BACK_IN_AFTER_PASSING)
    raises_own_raise: Table | None = _table(Kind.RAISES_OWN_RAISE)
    passed_over: Table | None = _table(Kind.PASSED_OVER)

    def get(self, kind: Kind) -> list[Row] | None:
        table: list[Row] | None = getattr(self, kind.value.replace("-", "_"))
        return table


assert {info.alias for info in Irregularities.model_fields.values()} == {kind.value for kind in Kind}


# --- who it is ---------------------------------------------------------------------------------------


class SourceInfo(Strict):
    """The text a rulebook follows."""

    file: str = Field(min_length=1, description="The source file (e.g. 000_9f48e0cf725bf545.txt) or a name.")
    edition: str = Field(min_length=1, description="What the text is: author, title, edition or capture.")
    url: str | None = Field(default=None, description="Where it can be read, if public.")


@unique
class Status(StrEnum):
    """How much of the vocabulary a rulebook covers."""

    COMPLETE = "complete"
    """Every irregularity kind has a table (cited or with stated fallbacks)."""
    PARTIAL = "partial"
    """Some kinds have no table; the referee cannot rule on them under this rulebook."""


class Variant(Strict):
    """A game in the catalog (``rulebooks/games.yaml``) or a rulebook's override of one."""

    title: str | None = Field(default=None, description="The game's name as players say it.")
    summary: str | None = Field(default=None, description="One sentence: what makes it this game.")
    base: Slug | None = Field(default=None, description="The variant this one starts from.")
    cite: str | None = Field(default=None, description="Source file and section describing the game.")
    source: RowSource = Field(default=RowSource.CITED, description="cited, or silent (then fallback).")
    fallback: str | None = Field(
        default=None, description="For source: silent — where the game is described instead."
    )
    game: GameSettings = Field(
        default=GameSettings.model_construct(), description="The settings that make the game."
    )
    not_modelled: list[str] = Field(
        default_factory=list, description="Parts of the game the referee does not play."
    )
    refused: str | None = Field(
        default=None,
        description="Why the referee rules no hand of this game at all: a log naming it is refused "
        "with this sentence.",
    )


class Catalog(Strict):
    """The variant catalog."""

    variants: dict[Slug, Variant]


class Rulebook(Strict):
    """A rulebook: who it is, the game it plays, and its decision tables."""

    id: Slug = Field(description="Short id used in rule ids (scarne:exposed-card/3).")
    title: str = Field(min_length=1, description="Its name.")
    source: SourceInfo | None = Field(default=None, description="The text it follows.")
    extends: str | None = Field(
        default=None,
        description="A bundled rulebook id, or the name of a .yaml file in the same folder, "
        "whose rules this one starts from.",
    )
    status: Status = Field(
        default=Status.COMPLETE, description="complete (every kind has a table) or partial."
    )
    silent_on: list[str] = Field(default_factory=list, description="What the source does not cover.")
    default_game: Slug = Field(default="draw", description="The variant played when a log names no game.")
    game: GameSettings = Field(
        default=GameSettings.model_construct(), description="Table customs: only the keys written count."
    )
    variants: dict[Slug, Variant] = Field(
        default_factory=dict, description="Per-game overrides of the catalog, or new games."
    )
    irregularities: Irregularities = Field(
        default=Irregularities.model_construct(), description="The decision tables."
    )

    _origins: dict[tuple[Kind, str], str] = PrivateAttr(default_factory=dict)
    _lineage: tuple[str, ...] = PrivateAttr(())
    _file: str = PrivateAttr("")
    _games: dict[str, Any] = PrivateAttr(default_factory=dict)
    _own_game: dict[str, Any] = PrivateAttr(default_factory=dict)
    _own_keys: frozenset[str] = PrivateAttr(frozenset())
    _row_words: dict[tuple[Kind, str], tuple[str, str]] = PrivateAttr(default_factory=dict)
    """(kind, row id) → the row's full id and its cite as a ruling shows it, made once: a decision
    asks for them on every irregular line (and a row's id for every row it passes over)."""

    # --- reading the tables ---

    def covers(self, kind: Kind | str) -> bool:
        return bool(self.irregularities.get(Kind(kind)))

    def table(self, kind: Kind | str) -> list[Row]:
        """The rows for ``kind``, in order.

        Raises:
            MissingTableError: a partial rulebook with no table for this kind.
        """
        rows = self.irregularities.get(Kind(kind))
        if not rows:
            raise MissingTableError(
                f"rulebook {self.id!r} has no table for {Kind(kind).value!r} (it is partial)"
            )
        return rows

    def tables(self) -> dict[Kind, list[Row]]:
        """Every table, in vocabulary order."""
        return {kind: rows for kind in Kind if (rows := self.irregularities.get(kind))}

    def origin(self, kind: Kind, row: Row) -> str:
        """The id of the rulebook that wrote this row (a parent's id for an inherited row)."""
        return self._origins.get((kind, row.id), self.id)

    def rule_id(self, kind: Kind | str, row: Row) -> str:
        """``<rulebook>:<kind>/<row id>``, naming the rulebook that wrote the row."""
        kind = Kind(kind)
        return f"{self.origin(kind, row)}:{kind.value}/{row.id}"

    @property
    def lineage(self) -> tuple[str, ...]:
        """This rulebook's id and those it extends, nearest first."""
        return self._lineage or (self.id,)

    @property
    def file(self) -> str:
        """Where it was loaded from (``bundled:scarne`` or a path)."""
        return self._file


class MissingTableError(LookupError):
    """A partial rulebook has no decision table for the irregularity asked about."""
