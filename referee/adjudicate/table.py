"""The hand state machine: seats, the button, whose turn it is, the pot, and the cards.

One mutable object owns the deal in progress. It knows the mechanics of clean play — who acts
next, what a call costs, when a betting round is over — and answers questions the replay asks
to spot irregularities (``expected_actor``, ``to_call``, ``can_check``). It never decides what an
irregularity means: that is the rulebook's job, applied by the replay through ``referee.adjudicate.remedies``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from operator import attrgetter
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.adjudicate.config import PlayConfig
from referee.adjudicate.ledger import Ledger, Move
from referee.cards import UNKNOWN, Card
from referee.events import LimitKind
from referee.rulebook.settings import MinRaise
from referee.ruling import Outcome

if TYPE_CHECKING:
    from referee.adjudicate.detect.betting import Pending
    from referee.adjudicate.detect.finding import Act
    from referee.adjudicate.settle import Split
    from referee.ruling import PotSummary

ZERO = Decimal(0)
# Read on every bet: an enum member read through its class is slow in Python 3.11.
_FIXED, _SPREAD, _POT = LimitKind.FIXED, LimitKind.SPREAD, LimitKind.POT


@unique
class Phase(StrEnum):
    """Where the deal stands."""

    BEFORE_DEAL = "before-deal"
    """Antes and the cut; no cards out yet."""
    DEAL = "deal"
    """Cards are going round; nobody has acted."""
    BETTING = "betting"
    """A betting round (``round_index`` says which: 0 is before the first draw)."""
    DRAW = "draw"
    """Players discard and are served in turn."""
    SHOWDOWN = "showdown"
    """Hands are being shown."""
    OVER = "over"
    """The deal is settled or void; only a new deal follows."""


# The members the hot checks compare with, read once. Python 3.11's EnumType has a __getattr__, so
# every ``Phase.BETTING`` read goes through a slow attribute hook (several times a global's cost),
# and the replay asks for the phase on every line.
BEFORE_DEAL: Final = Phase.BEFORE_DEAL
DEAL: Final = Phase.DEAL
BETTING: Final = Phase.BETTING
DRAW: Final = Phase.DRAW
SHOWDOWN: Final = Phase.SHOWDOWN
OVER: Final = Phase.OVER
_BET: Final = Move.BET
_ANTE: Final = Move.ANTE


@dataclass(frozen=True, slots=True)
class ServedFirst:
    """A draw served before the player's discards were written (``Bob draws 2`` with no discard
    named): what his hand was and where his discards went, so that a later ``Bob discards ...`` of
    this draw is read as its late discard (000 The Draw, paragraph 2: the dealer "must wait until
    the player discards a like number before dealing the new cards"), not a new discard unserved."""

    draw_index: int
    """The draw he was served on."""
    count: int
    """The cards he was served."""
    before: tuple[Card, ...]
    """His hand just before the cards came."""
    received: tuple[Card, ...]
    """The cards the log says he was given (empty for a bare count)."""
    discarded_at: int
    """Where the draw's unnamed discards start in his ``discarded`` list."""


@dataclass(slots=True)
class Seat:
    """One player's situation in the current deal."""

    name: str
    ledger: Ledger = field(repr=False, compare=False)
    """Where this player's chips are counted (his stack and what he has in the pot are read there)."""
    cards: list[Card] = field(default_factory=list)
    """What the log says the player holds; ``??`` for cards nobody saw."""
    in_hand: bool = True
    """Still contesting the pot (not folded, not dead, was dealt in)."""
    folded: bool = False
    dead: bool = False
    all_in: bool = False
    put_in_round: Decimal = ZERO
    """Chips put in during the current betting round (blinds count in the first)."""
    acted: bool = False
    """Has acted since the last bet or raise in this round."""
    checked_before_open: bool = False
    drew: int = 0
    """Draw rounds this player has completed."""
    discarded: list[Card] = field(default_factory=list)
    cards_known: bool = False
    """The log told us exactly what the player holds (no ``??``)."""
    no_raise: bool = False
    """Barred from raising this round (checked out of turn, under some rulebooks)."""
    shown: bool = False
    credit: Decimal = ZERO
    """Chips already in the pot that count toward this player's next action (an out-of-turn bet
    left standing)."""
    forced: str | None = None
    """The action an out-of-turn bet now stands as (``call``, ``raise``, ``bet``), if the rule
    leaves him no choice."""
    passed_first_turn: bool = False
    """Checked at his first turn before the pot was opened (may not reopen a false opening)."""
    checked_round: bool = False
    """Checked in the current betting round (a later raise is a check-raise)."""
    reshuffled: int = 0
    """How many of his discards have gone back into the stub."""
    split_kept: tuple[Card, ...] | None = None
    """Openers kept aside when he announced a split."""
    miscounted: bool = False
    """His own discards left him the wrong number of cards once served what he asked for: the
    table learns it only when his hand is shown or counted, and the rulebook rules it there."""
    stake_short: bool = False
    """Sits this deal out: his stake was below the agreed minimum at its first line (stakes.minimum)."""
    looked_at: int | None = None
    """The draw whose cards he has looked at (``Cy looks at his cards`` once served on it): 0 for
    his hand as dealt, None when no line says he looked."""
    out_line: int = 0
    """The log line at which he left the pot (folded, dropped by passing, hand ruled dead); 0 while in."""
    dropped_by_passing: bool = False
    """Out because he passed and the first bet came after him, under pass and out."""
    passed_line: int = 0
    """The log line of his last check in this betting round (where a pass-and-out drop began)."""

    @property
    def stack(self) -> Decimal | None:
        """Chips behind; None when the log gives no stacks (no table-stakes limit)."""
        ledger = self.ledger
        # Asked several times on every betting line; most logs give no stacks at all.
        return ledger.stack(self.name) if ledger.table_stakes else None

    @property
    def put_in(self) -> Decimal:
        """Chips put into this deal's pot (antes, blinds, bets)."""
        return self.ledger.in_deal(self.name)

    @property
    def can_act(self) -> bool:
        """Still has decisions to make in a betting round."""
        return self.in_hand and not self.all_in


@dataclass(slots=True)
class HandState:
    """One deal in progress, plus what carries over between deals of the same log."""

    config: PlayConfig
    seats: dict[str, Seat]
    order: tuple[str, ...]
    """Everyone seated, clockwise."""
    dealer: str
    phase: Phase = Phase.BEFORE_DEAL
    round_index: int = 0
    """0 for the betting before the first draw, 1 after it, ..."""
    draw_index: int = 0
    """How many draw rounds have begun."""
    current_bet: Decimal = ZERO
    """The total each player must have put in this round to stay."""
    bets_this_round: int = 0
    """The bet plus raises made so far this round (for the raise cap)."""
    last_raise: Decimal = ZERO
    """Size of the last bet or raise this round (the least a re-raise may add, no-limit)."""
    last_actor: str | None = None
    last_aggressor: str | None = None
    opener: str | None = None
    opened: bool = False
    ledger: Ledger = field(default_factory=lambda: Ledger(()), repr=False)
    """The chips of the whole log (this deal's pot, stacks, what carried in)."""
    deal_number: int = 1
    misdeals_by_dealer: int = 0
    """Misdeals in a row by the current dealer (000: two in a row and the deal passes)."""
    dealt: bool = False
    anyone_acted: bool = False
    actions_taken: int = 0
    """Betting actions taken in turn since the deal (antes and blinds do not count)."""
    raised_first_round: bool = False
    capped_multiway: bool = False
    """The round reached the raise cap with three or more players in: it stays capped heads-up."""
    callers: set[str] = field(default_factory=set)
    """Players other than the opener who called or raised the opening bet."""
    exposed: dict[str, int] = field(default_factory=dict)
    """Exposures so far per stage (``deal`` or ``draw``)."""
    exposed_to: dict[tuple[str, str], int] = field(default_factory=dict)
    """Exposures so far per (stage, hand)."""
    served_this_draw: list[str] = field(default_factory=list)
    """Players served on the current draw, in order."""
    cards_out: int = 0
    """Cards dealt off the pack this deal (deal and draw), for deck exhaustion."""
    blind_posters: list[str] = field(default_factory=list)
    """Who posted blinds this deal, in order."""
    action_blind: str | None = None
    """The big blind or straddle the first betting round starts after, when the log names one."""
    _rotations: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    seen_cards: dict[Card, str] = field(default_factory=dict)
    """Every natural card the log has placed this deal, and where (for conservation)."""
    draw_requests: dict[tuple[int, str], int] = field(default_factory=dict)
    """Cards each player asked for, by (draw, player): what the table heard him ask."""
    held_to_request: set[tuple[int, str]] = field(default_factory=set)
    """Requests a ruling holds the player to (he may not change them)."""
    draw_moves: list[str] = field(default_factory=list)
    """Who asked for cards or was served, in order: what others may have acted on."""
    request_moment: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)
    """When each first request was made: (draw moves so far, betting actions so far)."""
    ineligible_openers: set[str] = field(default_factory=set)
    """Players who may not open a pot reopened after false openers (they passed at their first turn)."""
    dropped_by_passing: list[str] = field(default_factory=list)
    """Players out because they passed and someone then bet, under pass-and-out."""
    fifth_owed: dict[str, int] = field(default_factory=dict)
    """Cards still owed on a five-card draw served four and then one (002 Draw High item 5)."""
    replacements_owed: list[tuple[int, str]] = field(default_factory=list)
    """(draw, player): dead cards on the draw to be replaced after everyone else is served."""
    line: int = 0
    """The log line being walked (what a player's leaving the pot is dated by)."""

    # --- what the rulings of this deal left pending (the walk keeps none of its own) -------------
    pending: dict[str, Pending] = field(default_factory=dict)
    """Out-of-turn actions waiting for their player's proper turn, to be ruled there."""
    skipped_on_draw: set[str] = field(default_factory=set)
    """Players already ruled on as skipped in the current draw."""
    owed_cards: dict[str, int] = field(default_factory=dict)
    """Cards a short-dealt player is to receive with his draw (card-room rule)."""
    made_up: dict[str, tuple[Act | None, Decimal]] = field(default_factory=dict)
    """Short bets the engine made up when the log moved on (what the action was, and his chips in
    the round before): his refusal later in the same round is still ruled, the made-up chips
    going back to him first (Scarne, Betting: "Should he fail to do so, his hand is dead")."""
    completing: dict[str, Decimal] = field(default_factory=dict)
    """Players who made a short bet the rule says they must complete, with the total owed."""
    short_actions: dict[str, Act] = field(default_factory=dict)
    """What each player in ``completing`` made short (a bet, call or raise)."""
    draw_questions: dict[str, str] = field(default_factory=dict)
    """Player asked "how many did you draw?" → who asked, until he answers."""
    question_in_time: dict[str, bool] = field(default_factory=dict)
    """Player asked "how many did you draw?" → whether the question came while an answer was owed."""
    reopened: bool = False
    """A false opening was ruled void this deal (pot-reopened): the pot may be opened again."""
    absorb: set[str] = field(default_factory=set)
    """Players whose next line this round restates an action the referee already applied."""
    waiting_check: set[str] = field(default_factory=set)
    """Players whose check out of turn waits at their proper turn (``waits-for-turn``): a line of
    theirs is their action there; if the log moves on without one, the check is."""
    declared: dict[str, ev.Declare] = field(default_factory=dict)
    """Each player's declaration of his hand (``Bob declares two pair``), the last one."""
    discarded_waiting: dict[str, ev.Discard] = field(default_factory=dict)
    """Discard lines of the current draw still waiting for their cards."""
    served_first: dict[str, ServedFirst] = field(default_factory=dict)
    """Players of the current draw served before any discard of theirs was written."""
    declared_caps: dict[str, int] = field(default_factory=dict)
    """Players held to a declaration worse than their cards: the category they declared."""
    reopen_returns: dict[str, Decimal] = field(default_factory=dict)
    """Bets to hand back if nobody opens a reopened pot (card-room false openers)."""
    openers_proven: set[str] = field(default_factory=set)
    """Openers already checked (shown or proven) this deal."""
    opening_amount: Decimal = ZERO
    """The opening bet of this deal (it may stay in the pot when the opener is false)."""
    forfeited: dict[str, Decimal] = field(default_factory=dict)
    """Bets of this deal forfeited to the pot by a player still in it (a false opener who may
    stay with new chips): dead chips like antes, never an uncalled bet to hand back."""
    pass_out_waits: bool = False
    """Nobody opened, but a player all in for the antes has yet to speak: he may still declare
    the pot open (002 [Jacks or Better] item 5), so the deal is passed out only at the next line
    that is not his declaration (or at the end of the log)."""
    winning_words: dict[str, str] = field(default_factory=dict)
    """The showdown's winners' hands in words (reported once the pot is paid)."""
    award_waits: Split | None = None
    """The deal is decided but the log takes the pot at a later line: until then it has not been
    collected, and it is paid there (or when the deal ends)."""
    awaiting_show: str | None = None
    """The showdown left one live hand, not yet shown: the pot is his, but it is collected only
    once the showdown's lines are read (his own show may still be foul)."""
    keep_asked: dict[str, str] = field(default_factory=dict)
    """Opener asked to keep his opening hand and show it after the pot → who asked."""
    declared_for_antes: str | None = None
    """This deal's pot was declared open by this player, all in for the antes."""
    switched: bool = False
    """Jacks Back: nobody opened, and this deal's hands are being played for low."""
    no_qualifier: bool = False
    """This deal's pot stays because no hand qualified to win it (it decides who antes next)."""
    opener_matched: bool = False
    """Diablo: this deal's beaten opener put up a new pot the size of the one just won."""
    blind_due: str | None = None
    """Jacks Back under some clubs' rule: who must post the lowball blind before the round goes on."""

    # --- how the deal ends ----------------------------------------------------------------------
    outcome: Outcome | None = None
    """How this deal ended, once it has (None while it goes on)."""
    last_split: Split | None = None
    """How this deal's pot was divided, once it was won."""
    paid_out: Decimal = ZERO
    """What this deal's settlements took from the middle (pots won, rake included): its pot."""
    last_pots: tuple[PotSummary, ...] = ()
    """Each pot of this deal as the report shows it, once it was won."""
    void_reason: str = ""
    """Why lines after the deal ended do not play ("the pot was already settled")."""
    next_dealer_after_misdeal: bool = False
    """This deal was ruled a misdeal that passes the deal to the next dealer."""
    played_past_misdeal: bool = False
    """The deal was ruled a misdeal and the log played it on (its play lines were void)."""
    awaiting_openers: str | None = None
    """An opener left alone in the pot, to be paid once he shows openers."""
    openers_owed_at: ev.Event | None = None
    """The line that left him alone: where he must show them to take the pot."""
    awaiting_proof: str | None = None
    """Trips to Win: the last player left, paid only once he shows a hand good enough to win."""
    first_round_bet: Decimal = ZERO
    """The bet the first betting round of this deal ended at (Seven Card Draw's minimum after it)."""
    serving_draw: bool = False
    """A draw line is being served: a hand ruled dead on it is settled once the line is done."""

    # --- who ----------------------------------------------------------------------------------

    def players_from(self, start_after: str) -> tuple[str, ...]:
        """Everyone seated, clockwise, starting with the player after ``start_after``."""
        rotation = self._rotations.get(start_after)
        if rotation is None:
            index = self.order.index(start_after) + 1
            rotation = self.order[index:] + self.order[:index]
            self._rotations[start_after] = rotation
        return rotation

    def live(self) -> list[str]:
        """Players still contesting the pot, clockwise from the dealer's left."""
        seats = self.seats
        # The rotation read straight from the cache: asked after every action.
        rotation = self._rotations.get(self.dealer) or self.players_from(self.dealer)
        return [name for name in rotation if seats[name].in_hand]

    def first_to_act(self) -> str | None:
        """Who speaks first in the current betting round."""
        if self.round_index == 0 and self.blind_posters:
            # With blinds, the player left of the biggest blind (a straddle counts) speaks first.
            start = self.biggest_blind()
        elif (
            self.round_index > 0
            and self.config.opener_speaks_first
            and self.opener
            and not self.blind_posters
        ):
            # In a blind game nobody "opens": after the draw the first player left of the button speaks.
            if self.seats[self.opener].can_act:
                return self.opener
            start = self.opener
        else:
            start = self.dealer
        return next((n for n in self.players_from(start) if self.seats[n].can_act), None)

    def biggest_blind(self) -> str:
        """The big blind (or straddle); failing that, the biggest blind, the last clockwise on a tie.

        A blind posted out of position by a player coming into the game does not move the action.
        """
        if self.action_blind is not None:
            return self.action_blind
        seating = list(self.players_from(self.dealer))
        return max(self.blind_posters, key=lambda n: (self.seats[n].put_in_round, seating.index(n)))

    def expected_actor(self) -> str | None:
        """Whose turn it is now in a betting round, or None when the round is complete."""
        if self.phase is not BETTING:
            return None
        if self.round_complete():
            return None
        start = self.last_actor
        if start is None:
            return self.first_to_act()
        seats = self.seats
        bet = self.current_bet
        for name in self.players_from(start):
            seat = seats[name]
            # ``seat.can_act``, written out: this runs for every betting line.
            if seat.in_hand and not seat.all_in and (not seat.acted or seat.put_in_round < bet):
                return name
        return None

    def round_complete(self) -> bool:
        """Everyone still in has acted and matched the bet (or is all in)."""
        bet = self.current_bet
        in_hand = actors = 0
        last: Seat | None = None
        done = True
        for seat in self.seats.values():
            if not seat.in_hand:
                continue
            in_hand += 1
            if seat.all_in:
                continue
            actors += 1
            last = seat
            if done and not (seat.acted and seat.put_in_round >= bet):
                done = False
        if not actors or in_hand <= 1:
            return True
        if actors == 1 and last is not None and last.put_in_round >= bet:
            # Nobody is left to bet against him: everyone else still in is all in.
            return True
        return done

    def next_to_draw(self) -> str | None:
        """Who is served next on the draw: clockwise from the dealer's left, the dealer last."""
        if self.phase is not DRAW:
            return None
        start = self.dealer
        if self.config.draw_left_of_big_blind and self.blind_posters:
            start = self.biggest_blind()
        if self.config.rotate_first_drawer and self.draw_index > 1:
            # Each draw is begun by the player left of the one who began the draw before.
            start = self.players_from(self.dealer)[(self.draw_index - 2) % len(self.order)]
        for name in self.players_from(start):
            seat = self.seats[name]
            if seat.in_hand and seat.drew < self.draw_index:
                return name
        return None

    # --- the draw ---------------------------------------------------------------------------

    def coming_draw(self) -> int:
        """The draw now being served, or the next one when no draw is under way."""
        return self.draw_index if self.phase is Phase.DRAW else self.draw_index + 1

    def served(self, name: str) -> bool:
        """``name`` has been given his cards in the draw now under way."""
        return self.phase is Phase.DRAW and name in self.served_this_draw

    # --- what things cost ---------------------------------------------------------------------

    def to_call(self, name: str) -> Decimal:
        """Chips ``name`` must add to stay in (capped by his stack under table stakes)."""
        seat = self.seats[name]
        owed = self.current_bet - seat.put_in_round
        if owed <= ZERO:  # max(ZERO, owed): `max` and `min` of Decimals cost several comparisons
            owed = ZERO
        stack = seat.stack
        return owed if stack is None or owed <= stack else stack

    def bet_bounds(self, name: str) -> tuple[Decimal | None, Decimal | None]:
        """(least, most) a bet or raise may add above the current bet, by the limit."""
        state = self
        limit = self.config.limit
        if limit.kind is _FIXED:
            size = self.config.bet_size(state.round_index)
            if limit.top is not None and state.round_index >= self.config.small_bet_rounds:
                # Three figures (`1/2/4`): after the draw a bet is the middle figure or the highest
                # (000 Optional Betting Limits, Variation in betting limit); betting's detector rules
                # an amount between the two as over the middle one.
                return size, limit.top
            if self.opening_with_raise_allowed and size is not None:
                # "Players in turn may check, open for the minimum, or open with a raise" (002 Rules of
                # Draw Poker Games): the opening bet is one bet or two.
                return size, 2 * size
            if self.config.doubling_raises and state.current_bet > ZERO and size is not None:
                return size, max(size, state.current_bet)  # a raise may double the bet before it
            return size, size
        doubled = ZERO
        if self.config.after_draw_min_doubles and state.round_index > 0 and state.current_bet == ZERO:
            # "if anyone wishes to bet, the minimum is twice the amount of the final bet in the first
            # betting round" (001 Seven Card Draw Poker, paragraph 4).
            doubled = 2 * self.first_round_bet
        if limit.kind is _SPREAD:
            least = limit.low
            if state.current_bet > ZERO and self.config.min_raise is MinRaise.PREVIOUS_BET:
                least = max(limit.low or ZERO, state.last_raise)
            if doubled > (least or ZERO):
                least = doubled if limit.high is None else min(doubled, limit.high)
            return least, limit.high
        if limit.kind is _POT:
            pot_after_call = state.pot() + state.to_call(name)
            return (max(state.last_raise, doubled) or None), pot_after_call
        return (max(state.last_raise, doubled) or None), None

    @property
    def opening_with_raise_allowed(self) -> bool:
        """The next bet opens the pot before the draw, and the rulebook lets it open with a raise."""
        return (
            self.config.opening_raise
            and self.round_index == 0
            and not self.opened
            and self.current_bet == ZERO
        )

    def can_check(self, name: str) -> bool:
        return self.seats[name].put_in_round >= self.current_bet

    @property
    def dead_money(self) -> Decimal:
        """Chips carried in from earlier deals of this log."""
        return self.ledger.carried

    def pot(self) -> Decimal:
        """Everything in the middle now, carried pots included."""
        return self.ledger.pot()

    @property
    def pot_collected(self) -> bool:
        """The deal was won and its pot has left the table: paid when it was won, or at the line
        that took it (``award_waits`` holds a decided pot still on the table)."""
        return (
            self.phase is Phase.OVER
            and self.outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED)
            and self.award_waits is None
        )

    def dead_chips(self) -> dict[str, Decimal]:
        """This deal's dead chips by player: antes, and bets forfeited by a player still in."""
        dead = self.ledger.dead_antes()
        for name, amount in self.forfeited.items():
            dead[name] = dead.get(name, ZERO) + amount
        return dead

    def contributions(self) -> dict[str, Decimal]:
        return self.ledger.contributions()

    # --- chips --------------------------------------------------------------------------------

    def pay(self, name: str, amount: Decimal, *, betting: bool = True, move: Move | None = None) -> Decimal:
        """Move chips from ``name``'s stack to the pot; returns what was actually paid.

        Under table stakes a player pays at most what he has and is then all in. ``move`` says
        what the chips are (an ante when not betting, else a bet, unless given).
        """
        seat = self.seats[name]
        paid = self.ledger.pay(name, amount, move or (_BET if betting else _ANTE))
        # Stacks asked for only when the log gives some; `is not None` before comparing, since None
        # compared with a Decimal costs an abstract-class check.
        stack = seat.stack if self.ledger.table_stakes else None
        if stack is not None and stack == ZERO and (betting or paid > ZERO):
            # An ante can take a short stack's last chip: he is all in for the antes.
            seat.all_in = True
        if betting:
            seat.put_in_round += paid
        return paid

    def refund(self, name: str, amount: Decimal) -> None:
        """Hand chips back from the pot (a withdrawn bet)."""
        seat = self.seats[name]
        self.ledger.hand_back(name, amount)
        seat.put_in_round = max(ZERO, seat.put_in_round - amount)
        if seat.stack is not None:
            seat.all_in = False

    # --- betting ------------------------------------------------------------------------------

    def start_round(self) -> None:
        self.phase = BETTING
        self.current_bet = ZERO
        self.bets_this_round = 0
        self.last_raise = ZERO
        self.last_actor = None
        self.last_aggressor = None
        self.capped_multiway = False
        for seat in self.seats.values():
            seat.put_in_round = ZERO
            seat.acted = False
            seat.no_raise = False
            seat.checked_round = False

    def start_first_round(self) -> None:
        """The betting before the draw; blinds already posted count as this round's bets."""
        blinds = {name: seat.put_in_round for name, seat in self.seats.items()}
        self.start_round()
        for name, amount in blinds.items():
            self.seats[name].put_in_round = amount
        if self.blind_posters:
            self.current_bet = max(blinds.values(), default=ZERO)
            self.bets_this_round = 1 if self.current_bet else 0
            self.last_raise = self.current_bet

    def check(self, name: str) -> None:
        seat = self.seats[name]
        if not self.opened and self.round_index == 0:
            seat.checked_before_open = True
            if not seat.acted:
                seat.passed_first_turn = True
        seat.acted = True
        seat.checked_round = True
        seat.passed_line = self.line
        self._acted(name)

    def pass_and_out(self) -> bool:
        """Does a pass with no bet before it drop the player in this round (004 Pass and Out)?"""
        return self.config.pass_and_out if self.round_index == 0 else self.config.pass_and_out_after

    def bet_to(self, name: str, total: Decimal) -> Decimal:
        """``name`` puts in enough to have ``total`` in this round: a bet, raise or call."""
        seat = self.seats[name]
        owed = total - seat.put_in_round
        paid = self.pay(name, owed if owed > ZERO else ZERO)
        if seat.put_in_round > self.current_bet and self.current_bet == ZERO and self.pass_and_out():
            self._passers_drop(name)
        if seat.put_in_round > self.current_bet:
            raise_size = seat.put_in_round - self.current_bet
            full = raise_size >= self.last_raise or not seat.all_in
            # An opening with a raise is a bet and a raise: the raise counts toward the cap ("a bet
            # and four raises", 002 Rules for Draw High, item 1).
            opening_raise = self.opening_with_raise_allowed and self._over_one_bet(raise_size)
            self.current_bet = seat.put_in_round
            self.last_aggressor = name
            if full:
                if raise_size > self.last_raise:
                    self.last_raise = raise_size
                self.bets_this_round += 2 if opening_raise else 1
                for other in self.seats.values():
                    if other is not seat:
                        other.acted = False
            # A short all-in raise does not reopen the betting: those who acted only owe the extra.
            if self.round_index == 0:
                if not self.opened:
                    self.opened = True
                    self.opener = name
                else:
                    if self.bets_this_round > 1 + (1 if self.blind_posters else 0):
                        self.raised_first_round = True
                    if name != self.opener:
                        self.callers.add(name)
        seat.acted = True
        self._acted(name)
        return paid

    def _over_one_bet(self, amount: Decimal) -> bool:
        """Under a fixed limit, more than this round's one bet."""
        if self.config.limit.kind is not _FIXED:
            return False
        size = self.config.bet_size(self.round_index)
        return size is not None and amount > size

    def _passers_drop(self, bettor: str) -> None:
        """Pass and out: the first bet of the round puts out everyone who passed before it."""
        for name, seat in self.seats.items():
            if name != bettor and seat.in_hand and seat.checked_round:
                seat.in_hand = False
                seat.folded = True
                seat.dropped_by_passing = True
                seat.out_line = seat.passed_line or self.line
                self.dropped_by_passing.append(name)

    def call(self, name: str) -> Decimal:
        seat = self.seats[name]
        if self.round_index == 0 and self.opened and self.to_call(name) > ZERO and name != self.opener:
            self.callers.add(name)
        paid = self.pay(name, self.to_call(name))
        seat.acted = True
        self._acted(name)
        return paid

    def fold(self, name: str) -> None:
        seat = self.seats[name]
        seat.in_hand = False
        seat.folded = True
        seat.out_line = seat.out_line or self.line
        seat.acted = True
        self._acted(name)

    def kill(self, name: str) -> None:
        """The hand is dead: out of the pot, chips already in stay there."""
        seat = self.seats[name]
        seat.in_hand = False
        seat.dead = True
        seat.out_line = seat.out_line or self.line

    def count_action(self, name: str) -> None:
        """``name`` has taken his action at his turn (a dead hand at his turn passes it)."""
        self._acted(name)

    def _acted(self, name: str) -> None:
        self.last_actor = name
        self.anyone_acted = True
        self.actions_taken += 1

    # --- cards --------------------------------------------------------------------------------

    def give(self, name: str, cards: list[Card]) -> None:
        seat = self.seats[name]
        seat.cards.extend(cards)
        seat.cards_known = none_unknown(seat.cards)

    def replace_cards(self, name: str, discards: list[Card], count: int, received: list[Card]) -> None:
        """The draw: out go ``discards`` (or ``count`` unnamed cards), in come ``received``."""
        seat = self.seats[name]
        out = list(discards)
        # Cards found by their index (what Card.__eq__ compares), without a Python-level __eq__
        # for every card passed over.
        held = list(map(_INDEX, seat.cards))
        for card in out:
            index = card.index if card.index in held else -1 if -1 in held else None
            if index is not None:
                position = held.index(index)
                del held[position]
                del seat.cards[position]
        missing = count - len(out) if not out else 0
        for _ in range(max(0, missing)):
            # The log does not say which cards went: whatever he held becomes unknown.
            if seat.cards:
                seat.cards.pop()
            out.append(UNKNOWN)
        if missing > 0:
            seat.cards = [UNKNOWN if not c.is_unknown else c for c in seat.cards]
        seat.discarded.extend(out)
        for card in out:
            if card.rank is not None:  # card.is_natural, without the property's call
                self.seen_cards[card] = "discards"
        seat.cards.extend(received if received else [UNKNOWN] * count)
        seat.cards_known = none_unknown(seat.cards)


_INDEX: Final = attrgetter("index")


def none_unknown(cards: list[Card]) -> bool:
    """None of ``cards`` is ``??`` (index -1): a card's index read in C, with no Python-level call
    per card."""
    return -1 not in map(_INDEX, cards)


def new_hand_state(config: PlayConfig, order: tuple[str, ...], dealer: str, ledger: Ledger) -> HandState:
    """A deal about to begin; ``ledger`` holds the log's chips (and what earlier deals carried)."""
    seats = {name: Seat(name=name, ledger=ledger) for name in order}
    return HandState(config=config, seats=seats, order=order, dealer=dealer, ledger=ledger)
