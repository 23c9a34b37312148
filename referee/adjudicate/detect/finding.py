"""A finding: one irregularity, the facts the table knew at its line, and what a remedy acts on.

The detectors build a :class:`Finding` at the line where the table sees the irregularity; the
rulebook's decision table reads its ``kind`` and ``facts``; the remedy's handler acts on its
``subject`` — the same handler whatever the kind, so a remedy means what its vocabulary docstring
says and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.table import HandState, Phase
from referee.cards import Card
from referee.rulebook import vocabulary as vocab
from referee.rulebook.vocabulary import BetAction, Fact, Kind, PreviousBet

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict

ZERO = Decimal(0)

FactValue = bool | int | str
"""A fact's value: yes/no, a count, or one of its words (a vocabulary ``StrEnum`` member)."""


@unique
class Act(StrEnum):
    """A betting action as the table saw it."""

    BET = "bet"
    """A bet or an open (an all-in that does the same counts as a bet)."""
    CALL = "call"
    """Chips to match the bet."""
    RAISE = "raise"
    """A call and more."""
    CHECK = "check"
    """A pass with nothing put in."""
    FOLD = "fold"
    """Giving up the hand."""

    @property
    def fact(self) -> BetAction:
        """The ``action`` fact's word (a fold has none: it is never an out-of-turn or short action)."""
        return BetAction(self.value)


@dataclass(frozen=True, slots=True)
class Wager:
    """A betting action a finding is about: what it was, and what it would come to.

    A remedy decides what the action *stands as*: the handler brings the player to some total for
    this round (a call, the limit, the bet as made) or leaves him to act again.
    """

    act: Act
    total: Decimal
    """What the action as made brings the player's chips this round to."""
    event: ev.Event
    """The line of the action (an ``opens`` line names the opener)."""
    in_turn: bool = True
    """Made at the player's turn, so it is his action at that turn (a fold or a dead hand passes it)."""
    restated: bool = False
    """The log writes the action again at his proper turn (out of turn, or spoken): once the remedy
    has made it, that line is already counted."""
    spoken: bool = False
    """Words with no chips (``says "bet 5"``): they bind only at the player's turn."""
    most: Decimal | None = None
    """The most the action may bring him to: the limit, a call at a raise cap, a call (or check)
    when a bar leaves him no raise. None when no limit is at issue."""
    full: Decimal | None = None
    """The full amount a short action must reach (the call, the minimum bet or raise)."""


@dataclass(slots=True)
class Serving:
    """A draw being served: how many cards the player gets (a remedy may cut it to the most allowed)."""

    count: int
    """Cards to be served."""
    most: int
    """The most the game allows him."""
    thrown: int
    """Cards he discarded."""


@dataclass(frozen=True, slots=True)
class Subject:
    """What a remedy acts on: the player, his card, his action, his hand's count."""

    player: str | None = None
    """The offender, or the holder of the hand or card at issue (None for the whole deal)."""
    card: Card | None = None
    """The card at issue (an exposed card, a card outside the pack)."""
    wager: Wager | None = None
    """The betting action at issue."""
    held: int | None = None
    """Cards in the player's hand, for a wrong count."""
    counted: bool = False
    """The cards he holds were counted off the pack as they were served (a draw's cards); otherwise
    the pack was counted for a correct hand."""
    dealt_by: str | None = None
    """Who dealt, when it was not the player whose deal it was."""
    declared: int | None = None
    """The category the player declared (1 high card .. 10 five of a kind)."""
    serving: Serving | None = None
    """The draw being served."""
    requested: int | None = None
    """The number of cards the player first asked for, when he changed his request."""
    retrieved: tuple[Card, ...] = ()
    """Discards the player took back (``picks up his discards``): unknown cards for those the log
    does not name."""
    stake: Decimal | None = None
    """Money the player put on the table (below zero: took off) during a deal."""
    before_antes: bool = False
    """Ruled at a deal's first line, before anyone antes: a hand ruled dead sits the deal out and
    puts no ante in."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One irregularity as the table saw it at its line."""

    kind: Kind
    event: ev.Event
    """The line the ruling is on."""
    facts: Mapping[Fact, FactValue]
    """Every fact the kind's table tests, as the table knew it at that line."""
    subject: Subject
    explain: Callable[[Verdict], str] = field(compare=False, repr=False)
    """The ruling's explanation, worded for the remedy the rulebook chose."""
    facts_for: Callable[[Kind], Mapping[Fact, FactValue]] | None = field(
        default=None, compare=False, repr=False
    )
    """The facts of another kind, for a ``same-as`` row (only where the contract allows one)."""
    headline: Callable[[Verdict], str | None] | None = field(default=None, compare=False, repr=False)
    """The ruling's headline where the remedy's own few words would say less than what it does
    here (``bet-stands-as-call`` with nothing to call: "it counts as a check"); None keeps them."""
    stands: bool = False
    """Found when nothing is left to put right (the pot collected, the round it belonged to over):
    the rulebook rules on it and the ruling is reported, but no remedy is applied."""

    @property
    def line(self) -> int:
        return self.event.line

    @property
    def player(self) -> str | None:
        return self.subject.player


# --- facts ---------------------------------------------------------------------------------------


def phase_fact(state: HandState, *, collected: bool = False) -> vocab.Phase:
    """The vocabulary's phase word for where the deal stands."""
    if state.award_waits is not None:
        return vocab.Phase.SHOWDOWN  # decided, but the pot is still on the table
    if collected or state.phase is Phase.OVER:
        return vocab.Phase.AFTER_POT_COLLECTED
    if state.phase is Phase.BEFORE_DEAL:
        return vocab.Phase.BEFORE_DEAL
    if state.phase is Phase.DEAL:
        return vocab.Phase.DEAL
    if state.phase is Phase.DRAW:
        return vocab.Phase.DRAW
    if state.phase is Phase.SHOWDOWN:
        return vocab.Phase.SHOWDOWN
    return vocab.Phase.FIRST_BETTING if state.round_index == 0 else vocab.Phase.AFTER_DRAW_BETTING


def worded(what: str, words: Mapping[vocab.RemedyId, str]) -> Callable[[Verdict], str]:
    """A finding's explanation: ``what`` happened, then the words for the remedy the rulebook chose
    (``"{what}; {words}"``), or the deciding row's own summary for a remedy with no words here."""

    def explain(verdict: Verdict) -> str:
        said = words.get(verdict.remedy)
        return f"{what}: {verdict.summary}" if said is None else f"{what}; {said}"

    return explain


def facts(state: HandState, specific: Mapping[Fact, FactValue]) -> dict[Fact, FactValue]:
    """The facts every kind gets, from the state at this line, then the kind's own (which win)."""
    return {
        Fact.PHASE: phase_fact(state),
        Fact.POT_OPENED: state.opened,
        Fact.BETTING_STARTED: state.anyone_acted,
        Fact.ACTIONS_TAKEN: state.actions_taken,
        **specific,
    }


def exposure_stage(state: HandState) -> str:
    """``deal`` up to the draw, ``draw`` from it: the stages exposures are counted in."""
    return "draw" if state.draw_index > 0 else "deal"


def compare_bet(facing: Decimal, chips: Decimal) -> PreviousBet:
    """previous_bet_vs_out_of_turn: the bet to call then, against the out-of-turn chips."""
    if facing <= ZERO:
        return PreviousBet.NONE
    if facing < chips:
        return PreviousBet.SMALLER
    if facing == chips:
        return PreviousBet.EQUAL
    return PreviousBet.LARGER


def at_least_half(extra: Decimal, full: Decimal | None) -> bool:
    """A short bet or raise of at least half a full one (card-room completion rule)."""
    return full is not None and full > ZERO and extra * 2 >= full
