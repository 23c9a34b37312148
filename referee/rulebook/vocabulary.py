"""The closed vocabularies a rulebook is written in: irregularities, facts and remedies.

This module is the contract between the rulebooks and the adjudicator.

* An **irregularity kind** (:class:`Kind`) names what went wrong. The adjudicator picks exactly one
  kind per finding (see each member's docstring for which events map to it) and asks the
  rulebook's decision table for that kind.
* A **fact** (:class:`Fact`, specified in :data:`FACTS`) is one thing the table knew at the line
  where the irregularity came to light. Each fact has a type (yes/no, one of a few words, or a
  small count) and a docstring that says exactly how it is computed from the replay state. For
  each kind the adjudicator must supply every fact in :data:`KIND_FACTS` — no more, no fewer.
* A **remedy** (:class:`RemedyId`) is what a row decides. Each docstring says mechanically what
  it does to chips, cards and who is still in the hand; the parameters are closed too
  (the enums below, used by :mod:`referee.rulebook.model`). A remedy means the same whatever the
  irregularity: it acts on the finding's subject — the player, his card, his hand's count, or the
  betting action at issue. For an action, "the chips" are the chips the action put out: they are
  in the pot (out of turn, since he put them out; in turn, as he makes it), and the remedy says
  what they stand as — the player is brought to that total for the round, chips beyond it go
  back, and chips short of a call count toward it when he acts.

Nothing here imports pydantic, so the adjudicator can import the vocabulary cheaply.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Final

# --- irregularities ------------------------------------------------------------------------------


@unique
class Kind(StrEnum):
    """An irregularity: what the adjudicator found. One decision table per kind."""

    MISDEAL = "misdeal"
    """The table called a misdeal (``misdeal`` in the log) without a more specific irregularity;
    the table rules whether it stands and who deals again."""
    CUT_IRREGULARITY = "cut-irregularity"
    """``cut not offered``, ``deck not cut`` or ``card exposed in cut``."""
    EXPOSED_CARD = "exposed-card"
    """A card seen face up that should not have been, during the deal, the betting or the draw:
    the dealer exposes a player's card or his own, a player shows his own card, or the dealer
    flashes a card that belongs to nobody (``dealer exposes ...``, ``Bob exposes ...``)."""
    CARD_FACE_UP_IN_PACK = "card-face-up-in-pack"
    """A card found face up in the pack (``card face up in pack: 4h``), on the deal or the draw."""
    WRONG_CARD_COUNT = "wrong-card-count"
    """A player was dealt too many or too few cards on the deal, found before the draw starts
    (``Bob was dealt 6 cards``, or ``Bob has 4 cards`` before ``draw``). After the draw has
    started see draw-irregularity (the draw itself) and foul-hand (afterwards)."""
    IMPERFECT_PACK = "imperfect-pack"
    """A duplicate or missing card (``duplicate card found: 7c``)."""
    WRONG_DEALER = "wrong-dealer"
    """The wrong player dealt (``wrong dealer: Bob``)."""
    OUT_OF_TURN = "out-of-turn"
    """A bet, open, call, raise or check (or all-in) made out of turn. Decided when the turn
    comes round to the offender (or the round ends first): the facts describe that moment.
    A fold out of turn is improper-fold; a draw out of turn is draw-irregularity."""
    SHORT_BET = "short-bet"
    """A bet, call or raise (not all-in) with fewer chips than it needs: a call below the bet to
    be called, a bet below the minimum, a raise below a full raise."""
    OVER_LIMIT = "over-limit"
    """A bet or raise above what the limit allows (fixed, spread or pot limit, or the jackpot limit
    of ``game.betting.jackpot_limit``); also a bet or raise the game's customs allow this player
    none of at this moment: a raise after he checked when ``game.betting.check_raise`` is no, the
    big blind's raise when everyone only called and ``game.blinds.blind_may_raise`` is no, an open
    of a reopened pot by a player the ``pot-reopened`` remedy's ``eligible`` leaves out. The fact
    ``barred_by`` tells these apart; for them the most he may add is nothing."""
    RAISE_CAP = "raise-cap"
    """A raise beyond the game's raise cap (``game.betting.raise_cap``), as the engine counts it
    (including the heads-up exception the game sets)."""
    FALSE_OPENERS = "false-openers"
    """The opener turns out not to have held the openers the game requires (seen when he shows or
    declares his hand, or shows openers). Also reached through split-openers."""
    SPLIT_OPENERS = "split-openers"
    """The opener discarded part of his openers: decided when openers must be proven (he wins, or
    the showdown), from whether he announced it, kept the discards and can prove openers."""
    FOUL_HAND = "foul-hand"
    """A hand with the wrong number of cards found after the draw is over (at or before the
    showdown, or after the pot was collected)."""
    DRAW_IRREGULARITY = "draw-irregularity"
    """Something wrong in the draw: over the maximum, a draw out of turn (decided for the player
    who was skipped), discarded but not served, the wrong number served, a changed request, or
    discards that leave a wrong hand. Which one is the ``draw_problem`` fact."""
    DECK_EXHAUSTED = "deck-exhausted"
    """The stub runs out during the draw (counting the bottom-card rule of
    ``game.deck_exhaustion``)."""
    MISDECLARED_HAND = "misdeclared-hand"
    """A player declared a hand (``Bob declares two pair``) that is not what his cards show."""
    VERBAL_BET = "verbal-bet"
    """A spoken action (``Ann says "bet 5"``) with no chips put in yet."""
    IMPROPER_FOLD = "improper-fold"
    """A fold out of turn, or a fold when the player could have checked."""
    CHECK_FACING_BET = "check-facing-bet"
    """A player checks (passes) in turn when there is a bet for him to call."""
    WRONG_HAND_COUNT = "wrong-hand-count"
    """Too few or too many hands were dealt for the players in the deal (``dealer dealt 5
    hands`` at a table of four, ``a hand too many was dealt``). A hand of the wrong size is
    wrong-card-count."""
    BET_NOT_COMPLETED = "bet-not-completed"
    """A player who owes the rest of a short bet, call or raise (a ``must-complete`` ruling) does
    not make it good (``Bob does not complete``). The ``action`` fact is the short action."""
    DRAW_COUNT_MISSTATED = "draw-count-misstated"
    """A player says he drew a number of cards other than the number he was served (``Bob says
    he drew 2``), in answer to "how many did you draw?" or unasked; or, asked, he will not say
    (``Bob refuses to answer``: ``answered`` is no)."""
    DISCARDS_RETRIEVED = "discards-retrieved"
    """A player takes back cards he discarded or threw in (``Bob picks up his discards``)."""
    POT_DECLARED_OPEN = "pot-declared-open"
    """A player other than the opener declares the pot open (``Bob declares the pot open``), as
    the card room lets a player do after false openers."""
    ACTION_MISNAMED = "action-misnamed"
    """A player in turn names an action his chips do not make: a raise that adds nothing to the bet
    facing him (``raises to 4`` when the bet is 4), or a call with nothing to call. The ``action``
    fact is the action he named (raise or call)."""
    TOO_MANY_PLAYERS = "too-many-players"
    """More players are seated for a deal than the game seats (``game.most_players``): ruled at the
    deal's first line."""
    STAKE_CHANGED_IN_HAND = "stake-changed-in-hand"
    """A player puts money on the table or takes some off (``Ann adds 20``, ``Ann takes off 10``)
    while a deal is under way: after its antes (or its first card) and before its pot is settled.
    Between deals it is clean play (Scarne, Table Stakes, sentence 3)."""
    STAKE_BELOW_MINIMUM = "stake-below-minimum"
    """A player's stake on the table is below the agreed minimum (``game.stakes.minimum``) at a deal's
    first line: the log's stacks, after money put on or taken off between deals. Only where the log
    gives stacks and the house sets a minimum."""
    PLAYS_WHILE_SITTING_OUT = "plays-while-sitting-out"
    """A player who sits the deal out has a line that bets, opens, calls, raises, checks or goes all in
    in it: one barred after falsely declaring a pot open all in for the antes (casino, [Jacks or
    Better] item 5), one short of the table-stakes minimum (stake-below-minimum), or one out of a pot
    no hand qualified for (``showdown.no_qualifier.folded_players_out``). A fold changes nothing and
    is only noted."""
    ACTS_AFTER_FOLDING = "acts-after-folding"
    """A player whose hand is out of the deal — he folded, or it was ruled dead — has a later line
    that would play: he checks, bets, calls, raises, draws or shows. (A second fold changes nothing
    and is only noted; a player put out by passing under pass and out is back-in-after-passing.)"""
    BACK_IN_AFTER_PASSING = "back-in-after-passing"
    """Under pass and out (``game.betting.before_draw`` or ``after_draw: pass-and-out``), a player
    who passed and so dropped when the first bet came after him has a later line that would play:
    he calls, bets, raises, draws or shows."""
    PASSED_OVER = "passed-over"
    """The log moves on from a betting round (to the draw or the showdown) while a player still in
    the pot has not met the bet facing him: the table passed him over. (With nothing to call he
    has checked, which is no irregularity and is not ruled.)"""
    RAISES_OWN_RAISE = "raises-own-raise"
    """A player bets or raises again while his own bet or raise is the last one made and nobody has
    acted on it since: the turn has not come back to him."""


# --- fact value vocabularies ---------------------------------------------------------------------


@unique
class Phase(StrEnum):
    """Where the deal stood at the line where the irregularity came to light."""

    BEFORE_DEAL = "before-deal"
    """No card of this deal has been dealt yet (antes, blinds, shuffle and cut)."""
    DEAL = "deal"
    """The deal has begun but not every player has his full hand yet."""
    FIRST_BETTING = "first-betting"
    """Every player has his hand; the betting before the draw (up to the ``draw`` line)."""
    DRAW = "draw"
    """From a ``draw`` line until the first betting action after it (or ``showdown``)."""
    AFTER_DRAW_BETTING = "after-draw-betting"
    """The betting after a draw, up to ``showdown`` or the last bet being called or uncalled."""
    SHOWDOWN = "showdown"
    """From ``showdown`` (or the last call) until the pot has been awarded."""
    AFTER_POT_COLLECTED = "after-pot-collected"
    """The pot has been awarded (uncontested or at the showdown) before this line."""


@unique
class Party(StrEnum):
    """Who caused an exposure."""

    DEALER = "dealer"
    """The dealer, while dealing (the deal or the draw), or handling his own hand."""
    PLAYER = "player"
    """A player other than in the act of dealing."""
    NOBODY = "nobody"
    """No one: the card turned up by itself."""


@unique
class WhoseCard(StrEnum):
    """Whose hand an exposed card belongs to, seen from whoever exposed it."""

    OWN = "own"
    """The hand of whoever exposed it (a player showing his card; the dealer his own)."""
    OTHER_PLAYER = "other-player"
    """Another player's hand (including a card being dealt to him)."""
    NOBODY = "nobody"
    """No hand: flashed from the stub, the burn card, a card not yet dealt."""


@unique
class ExtraOrShort(StrEnum):
    """Too many cards or too few."""

    EXTRA = "extra"
    """More cards than the hand should hold (or than were asked for on the draw)."""
    SHORT = "short"
    """Fewer cards than the hand should hold (or than were asked for on the draw)."""
    NONE = "none"
    """Not a matter of count (the other draw problems)."""


@unique
class CutProblem(StrEnum):
    """What went wrong with the cut (events ``CutProblem``: ``cut not offered`` → not-offered ...)."""

    NOT_OFFERED = "not-offered"
    """``cut not offered``: the pack was not offered to the proper player to cut."""
    NOT_CUT = "not-cut"
    """``deck not cut``."""
    EXPOSED_IN_CUT = "exposed-in-cut"
    """``card exposed in cut``: a card shown in cutting or reuniting the packets."""


@unique
class BetAction(StrEnum):
    """A betting action, as the out-of-turn and short-bet facts name it."""

    BET = "bet"
    """A bet or an open into an unopened round (an all-in that does the same counts as a bet)."""
    CALL = "call"
    """Putting in chips to match the bet (an all-in for a call or less counts as a call)."""
    RAISE = "raise"
    """Calling and putting in more (an all-in above a call counts as a raise)."""
    CHECK = "check"
    """Passing without a bet to call."""


@unique
class PreviousBet(StrEnum):
    """At the out-of-turn player's proper turn: the bet then facing him against his chips."""

    NONE = "none"
    """Nobody between the skipped player and him (the skipped player included) has bet."""
    SMALLER = "smaller"
    """The bet to be called is smaller than what he put in out of turn."""
    EQUAL = "equal"
    """The bet to be called equals what he put in out of turn."""
    LARGER = "larger"
    """The bet to be called is larger (someone bet more or raised)."""


@unique
class DrawProblem(StrEnum):
    """Which draw irregularity it is."""

    OVER_MAX = "over-max"
    """A player asked for more cards than ``game.draw`` allows him."""
    OUT_OF_TURN = "out-of-turn"
    """A player let the player on his left draw before him; ruled for the skipped player."""
    DISCARDED_NOT_DRAWN = "discarded-not-drawn"
    """A player discarded and the next player was served before he drew (he forgot to draw)."""
    WRONG_NUMBER_GIVEN = "wrong-number-given"
    """The dealer gave a player more or fewer cards than he asked for."""
    CHANGED_REQUEST = "changed-request"
    """A player changed the number of cards he asked for."""
    SERVED_BEFORE_DISCARD = "served-before-discard"
    """The dealer served a player before he discarded, and his discard line came after (``Bob
    draws 2``, then ``Bob discards 9c 4d``): he did discard, late. Ruled at the discard line; a
    discard of another count than he was served leaves his hand the wrong size, which is ruled
    where the table finds out, as for ``discard-mismatch``."""
    DISCARD_MISMATCH = "discard-mismatch"
    """A player discarded a number of cards that, once served what he asked, leaves a hand of the
    wrong size. Ruled where the table finds out, when his cards are counted (``Cy has 4
    cards``) before the showdown; shown at the showdown it is a foul hand, and never shown or
    counted it is never ruled."""


@unique
class BarredBy(StrEnum):
    """What limits a bet or raise found over the limit."""

    LIMIT = "limit"
    """The betting limit (or the jackpot limit): he bet or raised more than it allows."""
    CHECK_RAISE = "check-raise"
    """He checked earlier in this betting round and the game bars check-raising."""
    BLIND_OPTION = "blind-option"
    """He is the big blind, everyone only called, and the game gives the blind no option to raise."""
    NOT_ELIGIBLE = "not-eligible"
    """He opened a reopened pot he may not open (he passed at his first turn; ``eligible: not-passed``)."""


@unique
class Declared(StrEnum):
    """A declaration against the hand the cards make."""

    HIGHER = "higher"
    """The player declared a better hand than his cards make."""
    LOWER = "lower"
    """The player declared a worse hand than his cards make."""


@unique
class BettingLimit(StrEnum):
    """The betting limit the log's ``limit:`` names (the words of ``referee.events.LimitKind``)."""

    FIXED = "fixed"
    """``2/4``: bets and raises of a fixed size."""
    SPREAD = "spread"
    """``1-5``: any bet between the two figures."""
    POT = "pot"
    """``pot``: up to the size of the pot."""
    NO_LIMIT = "no-limit"
    """``no-limit``: any amount up to the stack."""
    TABLE_STAKES = "table-stakes"
    """``table-stakes``: any amount up to what the player has on the table."""


@unique
class FactType(StrEnum):
    """The type of a fact's value."""

    BOOL = "bool"
    """``yes`` or ``no``."""
    ENUM = "enum"
    """One of a few words."""
    COUNT = "count"
    """A small whole number, 0 or more; conditions may say ``{at_least: n}`` or ``{at_most: n}``."""


@unique
class Fact(StrEnum):
    """A fact a ``when:`` condition can test (see :data:`FACTS` for type and computation)."""

    PHASE = "phase"
    POT_OPENED = "pot_opened"
    BETTING_STARTED = "betting_started"
    ACTIONS_TAKEN = "actions_taken"
    MISDEALS_BY_THIS_DEALER = "misdeals_by_this_dealer"
    CUT_PROBLEM = "cut_problem"
    CAUSED_BY = "caused_by"
    WHOSE_CARD = "whose_card"
    EXPOSED_IN_PHASE = "exposed_in_phase"
    EXPOSED_TO_THIS_HAND = "exposed_to_this_hand"
    TO_DEALER = "to_dealer"
    EXTRA_OR_SHORT = "extra_or_short"
    CARDS_OFF_BY = "cards_off_by"
    PLAYER_LOOKED = "player_looked"
    IS_DEALER = "is_dealer"
    ACTION = "action"
    PREVIOUS_BET_VS_OUT_OF_TURN = "previous_bet_vs_out_of_turn"
    ACTION_CHANGED = "action_changed"
    AT_LEAST_HALF = "at_least_half"
    CALLED = "called"
    OTHERS_REMAIN = "others_remain"
    RAISED = "raised"
    CALLERS = "callers"
    ANNOUNCED = "announced"
    DISCARDS_KEPT = "discards_kept"
    OPENERS_PROVEN = "openers_proven"
    DRAW_PROBLEM = "draw_problem"
    NEXT_PLAYER_SERVED = "next_player_served"
    DEALER_DRAWING = "dealer_drawing"
    PLAYER_DISCARDED = "player_discarded"
    CARDS_DEALT = "cards_dealt"
    OTHERS_ACTED_ON_IT = "others_acted_on_it"
    LATER_DRAW = "later_draw"
    ANYONE_LOOKED = "anyone_looked"
    CARDS_SPEAK = "cards_speak"
    DECLARED_VS_ACTUAL = "declared_vs_actual"
    IN_TURN = "in_turn"
    BET_FACING = "bet_facing"
    BARRED_BY = "barred_by"
    FIRST_BETTING_COMPLETE = "first_betting_complete"
    RAISED_SINCE_HE_ACTED = "raised_since_he_acted"
    BETTING_LIMIT = "betting_limit"
    IS_OPENER = "is_opener"
    PASSED_FIRST_TURN = "passed_first_turn"
    POT_REOPENED = "pot_reopened"
    ANSWER_OWED = "answer_owed"
    ANSWERED = "answered"
    ALL_IN_FOR_ANTES = "all_in_for_antes"


@dataclass(frozen=True, slots=True)
class FactSpec:
    """A fact's type, its allowed words (for an enum) and how the adjudicator computes it."""

    fact: Fact
    type: FactType
    doc: str
    """Exactly how the value is computed from the replay state at the line of discovery."""
    values: tuple[str, ...] = ()
    """The allowed words, for an enum fact."""
    enum: builtins.type[StrEnum] | None = None

    @property
    def name(self) -> str:
        return self.fact.value


def _bool(fact: Fact, doc: str) -> FactSpec:
    return FactSpec(fact, FactType.BOOL, doc)


def _count(fact: Fact, doc: str) -> FactSpec:
    return FactSpec(fact, FactType.COUNT, doc)


def _enum(fact: Fact, enum: type[StrEnum], doc: str) -> FactSpec:
    return FactSpec(fact, FactType.ENUM, doc, tuple(member.value for member in enum), enum)


# "The player" below is the player the irregularity is about: the offender for an action, the
# holder of the hand for cards (the skipped player for a draw out of turn).
_SPECS: Final = (
    _enum(
        Fact.PHASE,
        Phase,
        "Where the deal stood at the line of discovery: before-deal, deal, first-betting, draw, "
        "after-draw-betting, showdown or after-pot-collected (see Phase).",
    ),
    _bool(
        Fact.POT_OPENED,
        "yes when some player has made the opening bet (an open or a bet, not a blind) in the first "
        "betting round before this line.",
    ),
    _bool(
        Fact.BETTING_STARTED,
        "yes when any player has taken a betting action in turn (check, open, bet, call, raise, fold, "
        "all-in) since the deal; antes and blinds do not count. Stands in for 'has anyone looked at "
        "his hand', which a log cannot show.",
    ),
    _count(
        Fact.ACTIONS_TAKEN,
        "How many betting actions in turn (check, open, bet, call, raise, fold, all-in) have been taken "
        "since the deal, before this line; antes and blinds do not count.",
    ),
    _count(
        Fact.MISDEALS_BY_THIS_DEALER,
        "How many misdeals the current dealer has already made in a row on this pot, before this one "
        "(0 for his first).",
    ),
    _enum(Fact.CUT_PROBLEM, CutProblem, "Which cut irregularity: not-offered, not-cut or exposed-in-cut."),
    _enum(
        Fact.CAUSED_BY,
        Party,
        "Who exposed the card: dealer when the exposing line names the dealer (``dealer exposes``), "
        "player when it names a player, nobody when neither.",
    ),
    _enum(
        Fact.WHOSE_CARD,
        WhoseCard,
        "own when the card belongs to the hand of whoever exposed it (the dealer's own hand for the "
        "dealer), other-player when it belongs or was being dealt to another player, nobody when it "
        "belongs to no hand (flashed from the stub, burn card).",
    ),
    _count(
        Fact.EXPOSED_IN_PHASE,
        "How many cards have been exposed so far, counting this one, in the current stage: the deal "
        "(the deal and the betting before the draw) or the draw (since its ``draw`` line); exposures "
        "by anyone and cards found face up in the pack all count.",
    ),
    _count(
        Fact.EXPOSED_TO_THIS_HAND,
        "How many cards belonging or dealt to the same hand have been exposed so far in the current "
        "stage (deal or draw, as for exposed_in_phase), counting this one; 1 for the first.",
    ),
    _bool(
        Fact.TO_DEALER,
        "yes when the card would have gone to the dealer's own hand (the next card due in the deal or "
        "draw is the dealer's).",
    ),
    _enum(
        Fact.EXTRA_OR_SHORT,
        ExtraOrShort,
        "extra when the player holds (or was served) more cards than he should, short when fewer; none "
        "when the problem is not a count (draw problems other than wrong-number-given and "
        "discard-mismatch).",
    ),
    _count(
        Fact.CARDS_OFF_BY,
        "By how many cards the player's hand is off (1 for one card too many or too few); 0 when not a "
        "count.",
    ),
    _bool(
        Fact.PLAYER_LOOKED,
        "yes when the player looked at the cards in question. On the draw: a line such as `Cy looks at "
        "his cards` came after he was served and before the wrong number was called. On the deal: such a "
        "line, or any action since he received them (betting, discarding, drawing or standing pat "
        "stands in for looking).",
    ),
    _bool(Fact.IS_DEALER, "yes when the player is the dealer (the button)."),
    _enum(
        Fact.ACTION,
        BetAction,
        "The action at issue: bet (also an open), call, raise or check; an all-in counts as what it amounts "
        "to.",
    ),
    _enum(
        Fact.PREVIOUS_BET_VS_OUT_OF_TURN,
        PreviousBet,
        "Computed when the turn reaches the out-of-turn player: none when nobody acting in turn before "
        "him has bet, else the bet he must then call (made by players acting in turn) against the chips "
        "he put in out of turn: smaller, equal or larger.",
    ),
    _bool(
        Fact.ACTION_CHANGED,
        "yes when, between the out-of-turn action (or speech) and the player's proper turn, a player "
        "acting in turn bet or raised; checks, calls and folds do not change the action.",
    ),
    _bool(
        Fact.AT_LEAST_HALF,
        "For a short raise or bet: yes when the chips beyond a call (for a bet: the chips) are at least "
        "half of a full raise (of the minimum bet). no otherwise, and for a short call.",
    ),
    _bool(
        Fact.CALLED,
        "yes when at least one other player has put chips in to call or raise a bet of the offender "
        "(for false openers: the opening bet or any later bet of the opener) before this line.",
    ),
    _bool(
        Fact.OTHERS_REMAIN,
        "yes when at least one player other than the offender still holds a live hand at this line.",
    ),
    _bool(Fact.RAISED, "yes when someone has raised in the first betting round before this line."),
    _count(
        Fact.CALLERS,
        "How many players other than the opener called or raised the opening bet, before this line.",
    ),
    _bool(
        Fact.ANNOUNCED,
        "yes when the log has the opener's ``splits openers`` line at or before his discard.",
    ),
    _bool(
        Fact.DISCARDS_KEPT,
        "yes when the opener's split discards were kept aside (``splits openers, keeps ...`` names them, "
        "or his discards are named in the log and were not mixed).",
    ),
    _bool(
        Fact.OPENERS_PROVEN,
        "yes when the opener's hand plus the discards kept aside show the openers the game requires.",
    ),
    _enum(Fact.DRAW_PROBLEM, DrawProblem, "Which draw irregularity (see DrawProblem)."),
    _bool(
        Fact.NEXT_PLAYER_SERVED,
        "yes when a card of the draw has been dealt to the next active player after the player.",
    ),
    _bool(Fact.PLAYER_DISCARDED, "yes when the player has already discarded in this draw."),
    _bool(
        Fact.DEALER_DRAWING,
        "yes when the player served is the dealer, laying cards off the deck for himself (000 The Draw: "
        "he \"must take the exact number of cards laid off the deck for himself\").",
    ),
    _bool(
        Fact.CARDS_DEALT,
        "For a changed request: yes when the dealer had already dealt any card (the burn included) in "
        "answer to the first request.",
    ),
    _bool(
        Fact.OTHERS_ACTED_ON_IT,
        "For a changed request: yes when another player acted (bet, or said how many he draws) after "
        "the first request and before the change.",
    ),
    _bool(
        Fact.ANYONE_LOOKED,
        "yes when any player has looked at his hand: a line such as `Ann looks at her cards`, or any "
        "action (betting, discarding, drawing or standing pat stands in for looking). Scarne's "
        "Misdeals item 11: a wrong count is put right only \"before any one player has looked at his "
        "hand\".",
    ),
    _bool(
        Fact.LATER_DRAW,
        "yes in a draw after the first (a game of two draws), where the game's later draws may have "
        "their own most (``draw.later_max_cards``: 001 Two Draws, one or two cards).",
    ),
    _bool(
        Fact.CARDS_SPEAK,
        "The effective game's ``showdown.cards_speak`` for this log's game (yes: cards speak; no: players "
        "must declare).",
    ),
    _enum(
        Fact.DECLARED_VS_ACTUAL,
        Declared,
        "higher when the player declared a better hand than his cards make, lower when a worse one.",
    ),
    _bool(
        Fact.IN_TURN,
        "yes when it was the player's turn to act at this line.",
    ),
    _bool(
        Fact.BET_FACING,
        "yes when the player had a bet to call (he could not have checked) at this line (for an action "
        "out of turn: at the line where he took it).",
    ),
    _enum(
        Fact.BARRED_BY,
        BarredBy,
        "What the bet or raise is over: limit (the betting limit or the jackpot limit), check-raise (he "
        "checked earlier in this betting round and game.betting.check_raise is no), blind-option (he is "
        "the big blind in the first round, nobody has raised his blind, and game.blinds.blind_may_raise "
        "is no) or not-eligible (the pot was reopened after false openers, the remedy's eligible is "
        "not-passed, and he passed at his first turn). A bar comes before the limit: when one holds the "
        "most he may add is nothing, and the first of check-raise, blind-option, not-eligible is named.",
    ),
    _bool(
        Fact.FIRST_BETTING_COMPLETE,
        "yes when the action before the draw is complete: the draw has begun, or the pot is opened, two "
        "or more hands are still in and every one of them has acted on the last bet and matched it (all "
        "bets equalized). no while someone still has to act, and when only the offender is left.",
    ),
    _bool(
        Fact.RAISED_SINCE_HE_ACTED,
        "yes when the player had already acted in this betting round (checked, or put in chips beyond a "
        "blind) and the bet he now faces was made or raised after that action, so he may not know of it.",
    ),
    _enum(
        Fact.BETTING_LIMIT,
        BettingLimit,
        "The log's betting limit (its ``limit:`` header): fixed, spread, pot, no-limit or table-stakes.",
    ),
    _bool(
        Fact.IS_OPENER,
        "yes when the player made the opening bet of this deal (he is the opener, or was until his hand "
        "was ruled out).",
    ),
    _bool(
        Fact.PASSED_FIRST_TURN,
        "yes when the player passed (checked) at his first turn of the first betting round of this deal.",
    ),
    _bool(
        Fact.POT_REOPENED,
        "yes when a false opening was ruled void this deal (the pot-reopened remedy) and nobody has opened "
        "the pot since: it waits to be opened again.",
    ),
    _bool(
        Fact.ANSWER_OWED,
        "yes when \"how many did you draw?\" came while the draw was still on: the player has drawn and "
        "nobody has bet or checked since the draw began (with no question, at the answer). no once the "
        "betting after the draw has begun.",
    ),
    _bool(
        Fact.ALL_IN_FOR_ANTES,
        "yes when the player has no chips left behind and has put nothing into this deal's pot but his "
        "antes: he plays for the antes alone (002 Rules for Draw High, item 13).",
    ),
    _bool(
        Fact.ANSWERED,
        "yes when the player said a number (``says he drew 2``); no when he refused to answer.",
    ),
)

FACTS: Final[Mapping[Fact, FactSpec]] = MappingProxyType({spec.fact: spec for spec in _SPECS})
"""Every fact, with its type, allowed words and how it is computed."""

assert set(FACTS) == set(Fact)

COMMON_FACTS: Final = (Fact.PHASE, Fact.POT_OPENED, Fact.BETTING_STARTED, Fact.ACTIONS_TAKEN)
"""Facts the adjudicator supplies for every kind."""

_F = Fact
KIND_FACTS: Final[Mapping[Kind, tuple[Fact, ...]]] = MappingProxyType(
    {
        kind: COMMON_FACTS + extra
        for kind, extra in {
            Kind.MISDEAL: (_F.MISDEALS_BY_THIS_DEALER,),
            Kind.CUT_IRREGULARITY: (_F.CUT_PROBLEM,),
            Kind.EXPOSED_CARD: (_F.CAUSED_BY, _F.WHOSE_CARD, _F.EXPOSED_IN_PHASE, _F.EXPOSED_TO_THIS_HAND),
            Kind.CARD_FACE_UP_IN_PACK: (_F.EXPOSED_IN_PHASE, _F.EXPOSED_TO_THIS_HAND, _F.TO_DEALER),
            Kind.WRONG_CARD_COUNT: (
                _F.EXTRA_OR_SHORT,
                _F.CARDS_OFF_BY,
                _F.PLAYER_LOOKED,
                _F.IS_DEALER,
                _F.ANYONE_LOOKED,
            ),
            Kind.IMPERFECT_PACK: (),
            Kind.WRONG_DEALER: (),
            Kind.OUT_OF_TURN: (_F.ACTION, _F.PREVIOUS_BET_VS_OUT_OF_TURN, _F.ACTION_CHANGED, _F.BET_FACING),
            Kind.SHORT_BET: (_F.ACTION, _F.AT_LEAST_HALF),
            Kind.OVER_LIMIT: (_F.ACTION, _F.BARRED_BY),
            Kind.RAISE_CAP: (_F.BETTING_LIMIT,),
            Kind.FALSE_OPENERS: (
                _F.CALLED,
                _F.OTHERS_REMAIN,
                _F.RAISED,
                _F.CALLERS,
                _F.FIRST_BETTING_COMPLETE,
            ),
            Kind.SPLIT_OPENERS: (_F.ANNOUNCED, _F.DISCARDS_KEPT, _F.OPENERS_PROVEN),
            Kind.FOUL_HAND: (_F.EXTRA_OR_SHORT,),
            Kind.DRAW_IRREGULARITY: (
                _F.DRAW_PROBLEM,
                _F.EXTRA_OR_SHORT,
                _F.PLAYER_LOOKED,
                _F.NEXT_PLAYER_SERVED,
                _F.PLAYER_DISCARDED,
                _F.DEALER_DRAWING,
                _F.CARDS_DEALT,
                _F.OTHERS_ACTED_ON_IT,
                _F.LATER_DRAW,
            ),
            Kind.DECK_EXHAUSTED: (),
            Kind.MISDECLARED_HAND: (_F.CARDS_SPEAK, _F.DECLARED_VS_ACTUAL),
            Kind.VERBAL_BET: (_F.IN_TURN, _F.ACTION_CHANGED),
            Kind.IMPROPER_FOLD: (_F.IN_TURN, _F.BET_FACING),
            Kind.CHECK_FACING_BET: (_F.RAISED_SINCE_HE_ACTED,),
            Kind.WRONG_HAND_COUNT: (_F.EXTRA_OR_SHORT,),
            Kind.BET_NOT_COMPLETED: (_F.ACTION,),
            Kind.DRAW_COUNT_MISSTATED: (_F.ANSWER_OWED, _F.ANSWERED),
            Kind.DISCARDS_RETRIEVED: (_F.IS_OPENER,),
            Kind.POT_DECLARED_OPEN: (_F.PASSED_FIRST_TURN, _F.POT_REOPENED, _F.ALL_IN_FOR_ANTES),
            Kind.ACTION_MISNAMED: (_F.ACTION,),
            Kind.STAKE_CHANGED_IN_HAND: (),
            Kind.TOO_MANY_PLAYERS: (),
            Kind.STAKE_BELOW_MINIMUM: (),
            Kind.PLAYS_WHILE_SITTING_OUT: (),
            Kind.ACTS_AFTER_FOLDING: (),
            Kind.BACK_IN_AFTER_PASSING: (),
            Kind.RAISES_OWN_RAISE: (),
            Kind.PASSED_OVER: (),
        }.items()
    }
)
"""For each kind, the facts the adjudicator must supply (all of them) and rows may test."""

assert set(KIND_FACTS) == set(Kind)


# --- remedies ------------------------------------------------------------------------------------


@unique
class RemedyId(StrEnum):
    """What a row decides. A Ruling's ``decision`` is this id."""

    MISDEAL = "misdeal"
    """The deal is void: cards gathered, shuffled, cut and dealt again. Every bet of this deal goes
    back to whoever made it; antes stay in the pot (``antes: refund`` returns them too). The
    redeal is by the same dealer, the next dealer or the proper dealer (``redeal``); and when
    ``game.deal_passes_after_misdeals`` is reached the deal passes whatever ``redeal`` says."""
    PLAY_ON = "play-on"
    """Nothing changes: the deal and the cards stand and play continues (an exposed card stays in
    the hand it belongs to); an action at issue stands as made, as under bet-stands (a fold, in
    turn or not, is a fold); discards taken back are in the player's hand again."""
    CARD_DEAD = "card-dead"
    """The card is out of play (face up among the discards) and the player gets a replacement from
    the top of the pack: at once (``replace: immediately``) or after every other player has been
    served in this deal or draw (``replace: after-draw``). A card that belongs to no hand yet (face
    up in the pack) has nobody to replace it for: the deal goes on."""
    CARD_KEPT = "card-kept"
    """The player must take the card(s) as dealt and keep them in his hand (on a changed draw
    request: he must take the number first asked for)."""
    HAND_DEAD = "hand-dead"
    """The player is out of the pot: his cards are dead and he cannot win. His chips stay in the
    pot, those of the action at issue included (``chips: opening-bet-stays`` returns all his bets
    but the opening bet, when the action before the draw is not complete). An action at his turn
    was his action there: the turn passes. Play continues among the others; if one is left he
    wins."""
    HAND_STANDS = "hand-stands"
    """The hand plays as it is, with no correction: a player who did not draw plays without
    drawing (or drops), an action at issue stands as made, and a result found after the pot was
    collected is not reopened."""
    HAND_CORRECTED = "hand-corrected"
    """The count is put right and play goes on: ``from-pack`` — the dealer deals the missing
    cards from the top of the pack or puts the extra ones (the last dealt) back on top;
    ``discard-surplus`` — the player discards the extra cards face down; ``draw-missing`` — the
    player is dealt the missing cards at the draw (or at once if he is the dealer)."""
    BET_STANDS = "bet-stands"
    """The action stands as made: a bet as a bet, a call as a call, a raise as a raise, a check as
    a check. Out of turn, the chips stay and count at his proper turn, where he has no further
    choice; play goes back to the skipped player. Measured against the bet facing him then: chips
    beyond it stand as a bet or raise of that much, chips equal to it are a call as made, and chips
    short of it (someone bet more in between) count toward his call — he calls or drops at his
    turn. A check facing a bet counts for nothing; he acts at his turn."""
    BET_STANDS_AS_CALL = "bet-stands-as-call"
    """The chips count as a call at the player's proper turn. Chips beyond the call go back to
    him (for a short raise: he has called; with nothing to call it is a check). Chips short of
    the call count toward it: he calls or drops at his turn."""
    BET_STANDS_AS_RAISE = "bet-stands-as-raise"
    """The out-of-turn chips count, at his proper turn, as a call of the bet then facing him plus
    a raise of the difference (with no difference, as bet-stands: a call, or chips toward one)."""
    OPTIONS = "options"
    """The chips of the action stay in the pot; at his (proper) turn the player may drop (the chips
    stay in the pot; ``on_drop: chips-returned`` gives them back at once), call (the chips count
    toward the call) or call and raise."""
    BET_WITHDRAWN = "bet-withdrawn"
    """The chips go back to the player and the action counts for nothing (a fold or a check too);
    he acts freely at his proper turn."""
    WAITS_FOR_TURN = "waits-for-turn"
    """The action out of turn binds nothing and costs nothing: any chips of it go back, and the
    player acts at his proper turn as he chooses — with nothing to call he may check, bet or open;
    facing a bet made before his turn he may call or drop, not raise. If the log moves on at that
    turn with no line of his, a check he made out of turn is his check there."""
    RAISE_NOT_ALLOWED = "raise-not-allowed"
    """The action counts as no more than a call, and while the turn is his he may not raise. A
    check out of turn stands as a check if nobody has bet by his proper turn (later in the round
    he is free); if someone has, he may call or drop at that turn, not raise. A bet or raise stands
    as a call — as a check with nothing to call — and the chips beyond it go back to him (a raise
    over the cap, or one a custom bars)."""
    MUST_COMPLETE = "must-complete"
    """The player must bring his chips up to the full call, bet or raise: the chips go in and he
    owes the rest. His next line completes it (a call, bet or raise); if the log has him fold
    instead, his hand is dead and the chips he put in stay in the pot; if the log moves on without
    him, the engine adds the missing chips (as far as his stack allows)."""
    EXCESS_RETURNED = "excess-returned"
    """The chips beyond the most the player may put in go back to him; the bet or raise stands at
    that most: the limit, a call at a raise cap, and a call (a check with nothing to call) when a
    custom bars his bet or raise (``barred_by``)."""
    POT_CARRIED = "pot-carried"
    """The deal ends with no winner and the pot (after the returns the parameters name) stays for
    the next deal. ``offender_chips``: stay (all in the pot), returned-except-ante (he takes back
    his bets, his ante stays), opening-bet-stays, or uncalled-returned (he takes back only what
    nobody called); ``others_chips``: stay, or returned (the other players take back the bets they
    made this deal; antes stay)."""
    POT_REOPENED = "pot-reopened"
    """A false opening found before the draw: the opening is void and betting goes on from the
    offender's left, where ``eligible`` players may open. The offender is out (``offender: out``)
    or may stay by putting in new chips (``may-stay``: he cannot open it himself, and the chips he
    had in are forfeit, dead like antes); his chips stay in the pot (``offender_chips``). Other
    players' bets are returned (``others_chips: returned``) or stand if somebody opens
    (``stay-unless-nobody-opens``). If nobody opens (the round ends unopened, or the table moves
    on to the draw), the pot is carried to the next deal as pot-carried with the same chip rules:
    a pot nobody opened has no draw."""
    REFUND_ALL = "refund-all"
    """Play stops and the deal is void: every chip in the pot goes back to whoever put it in
    (antes included); the next deal is a fresh one with a good pack."""
    FORFEIT_POT = "forfeit-pot-to-best-legitimate-hand"
    """The offender's hand is dead and cannot win; all his chips stay in the pot. Play continues and
    the pot goes to the best hand among the others at the showdown (at once, if found at the
    showdown); if no other live hand remains, the pot is carried to the next deal."""
    SAME_AS = "same-as"
    """Rule it as the irregularity ``kind`` names: the adjudicator computes that kind's facts and
    asks its table (e.g. an unprovable split of openers is ruled as false openers)."""
    RESHUFFLE_DISCARDS = "reshuffle-discards"
    """Rebuild the stub as ``game.deck_exhaustion`` says (which discards, the bottom card),
    shuffle, cut and go on with the draw."""
    CARDS_SPEAK = "cards-speak"
    """The hand is ranked by its cards, whatever was declared."""
    DECLARATION_BINDS = "declaration-binds"
    """The player is held to his declaration: a hand declared worse than it is ranks as declared;
    a hand declared better than it is is dead."""
    VERBAL_BINDING = "verbal-binding"
    """The spoken action counts as made, for the amount spoken: the engine puts the chips in at the
    player's turn (words out of turn bind when his turn comes)."""
    VERBAL_IGNORED = "verbal-ignored"
    """The words count for nothing; the player acts at his turn as if he had said nothing."""
    DRAW_LIMITED = "draw-limited"
    """The player is served only the most cards ``game.draw`` allows him and plays on; if he
    discarded more, his hand is short and he is dealt up to the maximum only (his hand is then foul)."""
    DISCARDS_DEAD = "discards-dead"
    """Cards once discarded stay out of play: taking them back does not count, and the player's
    hand is what it was without them (play-on instead lets the cards taken back stand: they are in
    his hand again, to prove openers with)."""
    STAKE_DEFERRED = "stake-deferred"
    """Money put on or taken off the table during a deal counts from the next deal: in this deal
    the player plays with what he had, and the change is made once the deal is over. (play-on
    instead makes the change at once.)"""
    DECLARED_OPEN = "declared-open"
    """The pot counts as opened by the player who declared it open: he becomes the opener, must
    prove openers to win it, and the bets in the pot stand; betting goes on from where it was.
    Declared at his turn, the declaration is his opening: he puts in the opening bet that stood in
    the pot, every caller owes it, and the turn passes to his left."""


REMEDY_WORDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # What a remedy means, in the few words a report, a chat line or a sheet says it with; the
        # docstrings above are the full statement. Keyed by the remedy's word (a RemedyId reads as it).
        "misdeal": "misdeal: the cards are gathered and dealt again",
        "play-on": "play on",
        "card-dead": "the card is dead and replaced",
        "card-kept": "the player must keep the card",
        "hand-dead": "the hand is dead",
        "hand-stands": "the hand plays as it is",
        "hand-corrected": "the hand is put right and play goes on",
        "bet-stands": "the bet stands",
        "bet-stands-as-call": "the bet stands as a call",
        "bet-stands-as-raise": "the bet stands as a raise",
        "options": "the chips stay; he may drop, call or raise at his turn",
        "bet-withdrawn": "the bet is taken back",
        "raise-not-allowed": "no raise allowed: it counts as a call",
        "waits-for-turn": "no penalty: he acts at his own turn, but may not raise a bet made before it",
        "must-complete": "the bet must be completed",
        "excess-returned": "the chips over the limit go back",
        "pot-carried": "the pot stays for the next deal",
        "pot-reopened": "the opening is void and the pot may be opened again",
        "refund-all": "everyone gets back what they put in",
        "forfeit-pot-to-best-legitimate-hand": "the offender loses the pot to the best legitimate hand",
        "same-as": "ruled as another irregularity",
        "reshuffle-discards": "the discards are shuffled to finish the draw",
        "cards-speak": "the cards speak: the hand is what it shows",
        "declaration-binds": "the player is held to what he declared",
        "verbal-binding": "what he said binds him",
        "verbal-ignored": "the words count for nothing",
        "draw-limited": "he is served only as many cards as the draw allows",
        "discards-dead": "discards stay dead",
        "declared-open": "the pot counts as opened by the player who declared it",
        "stake-deferred": "the money counts only from the next deal",
    }
)
"""Each remedy in plain words (tests hold it to every ``RemedyId``)."""


# --- remedy parameters -----------------------------------------------------------------------------


@unique
class Redeal(StrEnum):
    """Who deals again after a misdeal."""

    SAME_DEALER = "same-dealer"
    """The player who just dealt shuffles and deals again (after a wrong dealer: he, not the player
    whose deal it was, and the button moves to him)."""
    NEXT_DEALER = "next-dealer"
    """The deal passes to the player on the dealer's left."""
    PROPER_DEALER = "proper-dealer"
    """The player whose turn it was to deal (the log's ``dealer:``); the same as same-dealer unless
    the wrong player dealt."""


@unique
class MisdealAntes(StrEnum):
    """What happens to the antes on a misdeal."""

    STAY = "stay"
    """The antes stay in the pot for the redeal."""
    REFUND = "refund"
    """The antes go back too; everyone antes again for the redeal."""


@unique
class Replace(StrEnum):
    """When a dead card is replaced."""

    IMMEDIATELY = "immediately"
    """The next card off the top, at once."""
    AFTER_DRAW = "after-draw"
    """After every other player has been served in this deal or draw."""


@unique
class HandChips(StrEnum):
    """What happens to a dead hand's chips."""

    STAY = "stay"
    """All his chips stay in the pot."""
    OPENING_BET_STAYS = "opening-bet-stays"
    """His ante and opening bet stay; his later bets go back to him."""


@unique
class Correction(StrEnum):
    """How a wrong card count is put right."""

    FROM_PACK = "from-pack"
    """The dealer deals the missing cards from the top, or puts the extra ones back on top."""
    DISCARD_SURPLUS = "discard-surplus"
    """The player discards the extra cards face down."""
    DRAW_MISSING = "draw-missing"
    """The player gets the missing cards at the draw."""


@unique
class OnDrop(StrEnum):
    """What happens to out-of-turn chips when the player then drops."""

    CHIPS_STAY = "chips-stay"
    """They stay in the pot."""
    CHIPS_RETURNED = "chips-returned"
    """They go back to him."""


@unique
class OffenderChips(StrEnum):
    """What the offender keeps when a pot is carried."""

    STAY = "stay"
    """All his chips stay in the pot."""
    RETURNED_EXCEPT_ANTE = "returned-except-ante"
    """He takes back his bets; his ante stays."""
    UNCALLED_RETURNED = "uncalled-returned"
    """He takes back the part of his bets nobody called (his bets beyond the most any other player
    bet this deal); his ante and every bet that was called stay."""
    OPENING_BET_STAYS = "opening-bet-stays"
    """He takes back his bets except the opening bet; ante and opening bet stay."""


@unique
class OthersChips(StrEnum):
    """What the other players take back when a pot is carried or reopened."""

    STAY = "stay"
    """Their chips stay in the pot."""
    RETURNED = "returned"
    """They take back the bets they made this deal (antes stay)."""
    STAY_UNLESS_NOBODY_OPENS = "stay-unless-nobody-opens"
    """Their bets stand if someone opens again; if nobody does they are returned."""


@unique
class Eligible(StrEnum):
    """Who may open a reopened pot."""

    NOT_PASSED = "not-passed"
    """Players who did not pass (check) at their first turn."""
    ANY_IN_TURN = "any-in-turn"
    """Any player, in turn from the offender's left, who holds openers."""


@unique
class Offender(StrEnum):
    """What becomes of the false opener when the pot is reopened."""

    OUT = "out"
    """His hand is dead."""
    MAY_STAY = "may-stay"
    """He may stay in by calling or raising with new chips."""


@unique
class Mechanism(StrEnum):
    """What the engine always plays, whatever the rulebook says: the fixed mechanics of draw poker.

    A source's rule item that states one of them (``played_by:`` in ``referee/rulebook/sources/``)
    is covered by the engine itself: there is no other way to play it here, so no setting offers a
    choice and no row decides it. :data:`MECHANISMS` says each in words and names scenarios that
    show it.
    """

    FIVE_CARDS_EACH = "five-cards-each"
    FIRST_TURN_LEFT_OF_DEALER = "first-turn-left-of-dealer"
    BETTING_IN_TURN = "betting-in-turn"
    BETTING_THEN_SHOWDOWN = "betting-then-showdown"
    BEST_HAND_WINS = "best-hand-wins"
    POT_LIMIT = "pot-limit"
    TABLE_STAKES = "table-stakes"
    MONEY_BETWEEN_DEALS = "money-between-deals"
    THREE_FIGURE_LIMIT = "three-figure-limit"
    OPENERS_KEPT_ON_REQUEST = "openers-kept-on-request"


@dataclass(frozen=True, slots=True)
class MechanismSpec:
    """A mechanism in words for players, and the scenarios (paths under ``scenarios/``) that show it."""

    mechanism: Mechanism
    words: str
    scenarios: tuple[str, ...]


MECHANISMS: Final[Mapping[Mechanism, MechanismSpec]] = MappingProxyType(
    {
        spec.mechanism: spec
        for spec in (
            MechanismSpec(
                Mechanism.FIVE_CARDS_EACH,
                "every player holds five cards (seven in seven-card draw); a hand found with more or "
                "fewer is a wrong card count, ruled by the rulebook",
                (
                    "deal-misdeal-11-extra-card-found-after-action",
                    "games/clean-showdown-two-pair-beats-queens",
                ),
            ),
            MechanismSpec(
                Mechanism.FIRST_TURN_LEFT_OF_DEALER,
                "before the draw the player on the dealer's left speaks first (the player left of the "
                "last blind when blinds are posted); anyone acting before his turn acts out of turn",
                ("games/design-example-out-of-turn-bet-stands-as-call",),
            ),
            MechanismSpec(
                Mechanism.BETTING_IN_TURN,
                "once a bet is made each player in turn folds, calls or raises, and the round ends when "
                "every player still in has put in the same amount",
                ("games/clean-showdown-two-pair-beats-queens", "games/check-raise-allowed"),
            ),
            MechanismSpec(
                Mechanism.BETTING_THEN_SHOWDOWN,
                "after the draw there is another betting round, then a showdown among the players "
                "still in; a bet nobody calls wins the pot without one",
                (
                    "games/clean-showdown-two-pair-beats-queens",
                    "games/uncontested-raise-gets-its-uncalled-part-back",
                ),
            ),
            MechanismSpec(
                Mechanism.BEST_HAND_WINS,
                "at the showdown the best hand under the game's ranking takes the pot; equal hands "
                "split it",
                ("games/clean-showdown-two-pair-beats-queens", "games/three-equal-straights-split-the-pot"),
            ),
            MechanismSpec(
                Mechanism.POT_LIMIT,
                "under the log's `limit: pot` a bet or raise may be as much as the pot after the call, "
                "and no more",
                ("games/pot-limit-raise-the-pot",),
            ),
            MechanismSpec(
                Mechanism.TABLE_STAKES,
                "with stacks on the table (the log's `stacks:`, and `limit: table-stakes`) a player may bet "
                "any or all of what he has in front of him, never more; with too little to call he may "
                "call with all he has (all in) and plays for the part of the pot he matched",
                ("stakes-tapped-out-buys-in-again",),
            ),
            MechanismSpec(
                Mechanism.MONEY_BETWEEN_DEALS,
                "between two deals of one log a player may put more money on the table (`Ann adds 20`, "
                "`Ann buys in for 30`) or take some off (`Ann takes off 10`): his stack changes, his net "
                "does not; during a deal the rulebook rules on it (stake-changed-in-hand)",
                ("stakes-tapped-out-buys-in-again", "stakes-added-during-a-deal"),
            ),
            MechanismSpec(
                Mechanism.THREE_FIGURE_LIMIT,
                "under the log's `limit: 1/2/4` the ante and the bets before the draw are the low figure, "
                "and after the draw a bet or raise is either the middle figure or the highest; anything "
                "else is over the limit or short, ruled by the rulebook's rows",
                ("limit-three-figures-between-the-middle-and-the-top",),
            ),
            MechanismSpec(
                Mechanism.OPENERS_KEPT_ON_REQUEST,
                "after `Bob asks Cy to keep his openers` the opener must show his opening hand once the "
                "pot is decided; thrown away unshown it proves nothing, and he is ruled as one who cannot "
                "show openers (the rulebook's false-openers rows)",
                ("ask-opener-to-keep-openers-mucks-them",),
            ),
        )
    }
)
assert set(MECHANISMS) == set(Mechanism)
