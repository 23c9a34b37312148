"""Replay a hand log through the hand in progress, rule on what goes wrong, and settle.

The replay walks the events in order: detect → the rulebook decides → apply → Ruling. Clean play
moves the table; anything irregular becomes a :class:`~referee.adjudicate.detect.Finding` — what
happened, and what the table knew at that moment — which the rulebook's decision table turns
into a ``Ruling``; the remedy's one handler (``referee.adjudicate.remedies.HANDLERS``) then
applies it to the finding's subject and the replay carries on. A replay always finishes:
nothing a log says raises.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Final, TypeVar, cast

from referee import events as ev
from referee.adjudicate import remedies, settling, table_acts, variants
from referee.adjudicate.config import PlayConfig
from referee.adjudicate.detect import (
    Finding,
    antes,
    asking,
    betting,
    blind,
    comeback,
    dealing,
    drawing,
    keeping,
    seating,
    showing,
    stakes,
)
from referee.adjudicate.detect.finding import FactValue
from referee.adjudicate.ledger import Ledger, Move
from referee.adjudicate.remedies import pots
from referee.adjudicate.remedies.betting import complete_now
from referee.adjudicate.settle import chip_unit
from referee.adjudicate.table import (
    BEFORE_DEAL,
    BETTING,
    DEAL,
    DRAW,
    OVER,
    Phase,
    Seat,
    new_hand_state,
    none_unknown,
)
from referee.adjudicate.verdict import Judge, Verdict
from referee.adjudicate.wording import sentence
from referee.cards import Card
from referee.log.tokens import comment_start
from referee.money import exact
from referee.rulebook.vocabulary import Fact, Kind, RemedyId
from referee.ruling import (
    Action,
    DealSummary,
    Divergence,
    LineOutcome,
    LineStatus,
    Outcome,
    Result,
    Ruling,
)

ZERO = Decimal(0)
# The walk's hottest checks compare the phase with BETTING, DRAW, OVER... imported from the table
# rather than read as ``Phase.OVER``: an enum member read through its class is slow in Python 3.11.
# The same for the moves every ante and bet pays with.
_ANTE, _BLIND, _BET = Move.ANTE, Move.BLIND, Move.BET


E = TypeVar("E", bound=ev.Event)


LineHandler = Callable[["Replay", ev.Event], None]
"""What the walk does with one line of a given event class."""


def _on(kind: type[E], handler: Callable[[Replay, E], None]) -> tuple[type[ev.Event], LineHandler]:
    """An entry of the walk's table: events are dispatched by their exact class, so ``handler``
    only ever sees a ``kind``."""
    return kind, cast(LineHandler, handler)


def _looks(
    kind: type[E], detector: Callable[[Replay, E], Iterator[Finding]]
) -> tuple[type[ev.Event], LineHandler]:
    """An entry of the walk's table for a line a detector reads: what it finds is decided and
    applied by the walk (``Replay.detect``)."""

    def handler(r: Replay, event: E) -> None:
        r.detect(detector(r, event))

    return _on(kind, handler)


NOT_RULED_YET = "the referee does not rule on this line yet"
"""The note on a line of a kind the replay has no handler for (a newer log language)."""


class Replay:
    """One log under one rulebook (``referee.engine.rule_log`` builds and runs one)."""

    def __init__(self, log: ev.HandLog, config: PlayConfig, judge: Judge, text: str = "") -> None:
        self.log = log
        self.base_config = config
        """The rulebook's rules of play; a deal's own (``config``) may differ for that deal."""
        self.judge = judge
        self.text = text
        self._lines: list[str] | None = None
        self._takes: list[int] | None = None
        """Lines of the log that say the pot was taken, and lines that begin a deal (read once)."""
        self._deals: list[int] = []
        header = log.header
        given = dict(header.stacks)
        stacks: dict[str, Decimal | None] = {name: given.get(name) for name in header.seats}
        self.ledger = Ledger(header.seats, stacks)
        """Every chip of the log moves here, and only here."""
        self.state = new_hand_state(config, header.seats, header.dealer or header.seats[-1], self.ledger)
        self.rulings: list[Ruling] = []
        self.actions: list[Action] = []
        self.notes: list[tuple[ev.Event, str]] = []
        self.unruled_lines: list[Action] = []
        """Lines that read but that the referee does not rule on, with why (reported, not dropped)."""
        self.voided: dict[int, tuple[ev.Event, str]] = {}
        """Event (by identity) → the event, kept alive so its identity is never reused, and why it
        does not play (its first reason): every void line is reported."""
        self.winners_hands: dict[str, str] = {}
        self.unit = chip_unit(_amounts(log))
        self.deck = _pack(config.deck)
        """The pack this game is dealt from: a card outside it means an imperfect pack."""
        self.whole_pack = _has_every_natural(self.deck)
        """Every card with a rank and a suit is in this pack (any but the stripped 32-card one)."""
        self.drawn: dict[tuple[int, int, str], int] = {}
        """(deal, draw, player) → how many cards he was served on that draw (0 standing pat)."""
        self.line_event: ev.Event | None = None
        """The line being walked."""
        self.seats_checked = 0
        """The deal whose players were last checked against the most the game seats."""
        self.stakes_checked = 0
        """The deal whose stakes were last measured against the agreed minimum."""
        self.barred: set[str] = set()
        """Players who falsely declared a pot open while all in for the antes: out of the deals that
        follow until someone else wins a legally opened pot (002 [Jacks or Better], item 5)."""
        self.sitting_out: set[str] = set()
        """Players out of the coming deal (Trips to Win: they folded when nobody qualified)."""
        self.passed_in_a_row = 0
        """Deals in a row nobody opened (the progressive ladder climbs with it)."""
        self.divergence: Divergence | None = None
        self.after_no_qualifier = False
        """The deal before this one ended with no hand qualified (it decides who antes)."""
        self.after_opener_matched = False
        """The deal before this one ended with the opener's new pot: nobody antes for it."""
        self.deal_summaries: list[DealSummary] = []
        self._deal_start: tuple[dict[str, Decimal], dict[str, Decimal], Decimal] = ({}, {}, ZERO)
        self._deal_start_net: dict[str, Decimal] = {}
        """Awards, refunds and rake when the current deal began (its own share is the difference)."""

    @property
    def config(self) -> PlayConfig:
        """The rules of play for the deal in progress (Jacks Back or a wild widow changes them
        for one deal): the deal's own, so a new deal starts from the rulebook's again."""
        return self.state.config

    # --- the walk -----------------------------------------------------------------------------

    def run(self) -> Result:
        """Walk the log and settle. Every amount is bounded, so the arithmetic is exact: under
        :func:`referee.money.exact` a step that would round raises instead of losing a chip."""
        with exact():
            self._walk()
            if self.state.pass_out_waits:
                self._pass_out_now()
            if self.state.awaiting_show is not None:
                settling.collect_unshown(self)
            if self.state.awaiting_openers is not None:
                self._pay_waiting_opener()
            return self._finish()

    def walk(self) -> None:
        """Walk every line (detect → decide → apply) and stop where the log stops, without
        finishing: what still waits on the table (an out-of-turn action for its turn, an opener
        to show his openers) is left waiting. For entry at the table, which asks what can happen
        next; :meth:`run` walks and then finishes."""
        with exact():
            self._walk()

    def _walk(self) -> None:
        for event in self.log.events:
            if keeping.owes_openers(self, event):
                self.detect(keeping.thrown_unshown(self, event))
                continue
            if self.stakes_checked != self.state.deal_number and not isinstance(
                event, ev.Note | ev.NewDeal | ev.StackChanged
            ):
                # Money put on or taken off the table before the deal's first line counts already.
                self.stakes_checked = self.state.deal_number
                self.detect(stakes.below_minimum(self, event))
            if self.seats_checked != self.state.deal_number and not isinstance(
                event, ev.Note | ev.NewDeal | ev.StackChanged
            ):
                # After the stakes: a player whose stake is under the minimum sits this deal out.
                self.seats_checked = self.state.deal_number
                self.detect(seating.too_many_players(self, event))
            if self.state.pass_out_waits and not isinstance(event, ev.PotDeclaredOpen | ev.Note):
                self._pass_out_now()
            if self.state.awaiting_show is not None and not isinstance(event, _SHOWDOWN_LINES):
                settling.collect_unshown(self)
            if self.state.awaiting_proof is not None and not (
                isinstance(event, ev.Show | ev.Note)
                and getattr(event, "player", None) in (None, self.state.awaiting_proof)
            ):
                settling.proof_not_shown(self)
            if self.state.awaiting_openers is not None and not self._proves_openers(event):
                self._pay_waiting_opener()
            if self.state.made_up and not isinstance(event, _BETTING_LINES):
                self.state.made_up.clear()  # the round is over: a refusal can no longer be heard
            if self.state.completing:
                # The log moved on without him: the table made up his short bet (as a dealer asks for
                # it before the action goes on). Until the round ends, his refusal is still heard.
                state = self.state
                for name in [n for n in state.completing if getattr(event, "player", None) != n]:
                    seat = state.seats[name]
                    state.made_up[name] = (state.short_actions.get(name), seat.put_in_round + seat.credit)
                    complete_now(self, name)
            if self.state.waiting_check and not isinstance(event, ev.Note):
                self._waiting_checks_stand(getattr(event, "player", None))
            if self.state.phase is OVER and not isinstance(
                event, ev.NewDeal | ev.Note | ev.DuplicateCard | ev.Antes | ev.StackChanged | ev.PotCollected
            ):
                if self._foul_before_collected(event):
                    # The pot is still on the table: the hand is ruled as at the showdown, which
                    # is decided again (the line is played below).
                    settling.reopen_showdown(self)
                else:
                    if isinstance(
                        event, ev.Show | ev.Muck | ev.Showdown | ev.WrongCardCount | ev.Declare
                    ) and self.state.outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED):
                        self._late_show(event)
                        continue
                    if self.state.outcome is Outcome.MISDEAL and isinstance(event, _PLAY_PAST_MISDEAL):
                        # The table did not gather the cards: it played the deal on. Its next deal
                        # then follows the table's course (see _new_deal), never the referee's redeal.
                        self.state.played_past_misdeal = True
                        why = "after the misdeal" if not self.state.void_reason else self.state.void_reason
                        self.diverge(event, f"the table played the deal on, though it was over ({why})")
                    self.void(event, self.state.void_reason or "the deal was over")
                    continue
            handler = _LINES.get(type(event))
            if handler is None:
                self.unruled(event, NOT_RULED_YET)
                continue
            self.line_event = event
            self.state.line = event.line
            handler(self, event)
            if self.state.pending:
                self._resolve_pending()

    def _waiting_checks_stand(self, speaker: str | None) -> None:
        """A check out of turn that waited for the player's turn: his own line is his action there;
        any other line means the log moved on without him, so the check he made is his check."""
        state = self.state
        for name in sorted(self.state.waiting_check):
            self.state.waiting_check.discard(name)
            if name == speaker or state.phase is not Phase.BETTING or state.expected_actor() != name:
                continue
            if state.can_check(name):
                state.check(name)
                self.after_action()

    def _proves_openers(self, event: ev.Event) -> bool:
        """The waiting opener shows his openers (or his hand) now, says he cannot, or takes back his
        discards to show them."""
        proving = ev.ShowOpeners | ev.Show | ev.Note | ev.OpenersNotShown | ev.DiscardsPickedUp
        return (
            isinstance(event, proving)
            and getattr(event, "player", self.state.awaiting_openers) == self.state.awaiting_openers
        )

    def _pay_waiting_opener(self) -> None:
        winner, self.state.awaiting_openers = self.state.awaiting_openers, None
        if winner is None or not self._may_take_pot(winner):
            return
        seat = self.state.seats[winner]
        if self.state.openers_owed_at is not None and seat.cards and seat.cards_known:
            # The log moved on without his proof, yet he must show openers to take the pot: what
            # the log knows he held is what the table saw then (a false opener never wins).
            self.detect(showing.check_openers(self, self.state.openers_owed_at, winner, list(seat.cards)))
            if not self._may_take_pot(winner):
                return
        self.state.openers_proven.add(winner)
        settling.award_uncontested(self, winner)

    def _may_take_pot(self, name: str) -> bool:
        return self.state.phase is not Phase.OVER and self.state.seats[name].in_hand

    # --- findings -----------------------------------------------------------------------------

    def rule(self, finding: Finding) -> Verdict:
        """Ask the rulebook about one finding and record the ruling.

        A ``same-as`` row sends the finding to the table of the kind it names, with that kind's
        facts; the ruling is that table's.
        """
        verdict = self.judge.decide(finding.kind, finding.facts)
        if verdict.remedy is RemedyId.SAME_AS and finding.facts_for is not None:
            other = verdict.params.get("kind", "")
            if other and other != finding.kind:
                kind = Kind(other)
                return self.rule(replace(finding, kind=kind, facts=finding.facts_for(kind), facts_for=None))
        self.rulings.append(
            Ruling(
                line=finding.line,
                event=self.text_of(finding.event),
                irregularity=finding.kind,
                decision=verdict.remedy,
                rule=verdict.rule,
                cite=verdict.cite,
                explanation=sentence(finding.explain(verdict)),
                facts=_fact_words(finding.facts),
                tried=verdict.tried,
                summary=verdict.summary,
                headline=(finding.headline(verdict) or "") if finding.headline is not None else "",
            )
        )
        return verdict

    def detect(self, findings: Iterator[Finding] | Generator[Finding, None, bool]) -> bool:
        """Decide and apply, in order, each finding a detector gives: detect → decide → apply.

        A detector only looks: it yields what it finds and the walk asks the rulebook and applies
        the remedy's one handler before the detector goes on, so whatever it looks at next is the
        table as ruled. A finding that ``stands`` (nothing left to put right) is ruled, not
        applied. True when something was found (or the detector says the line was dealt with).
        """
        found = False
        while True:
            try:
                finding = next(findings)
            except StopIteration as done:
                return found or bool(done.value)
            found = True
            if finding.stands:
                self.rule(finding)
            else:
                self.adjudicate(finding)

    def adjudicate(self, finding: Finding) -> Verdict:
        """Rule on a finding, then apply the remedy to its subject: detect → decide → apply."""
        verdict = self.rule(finding)
        walked, self.state.line = self.state.line, finding.line
        try:
            # A hand the remedy takes out is dated by the ruling's line, where the report shows it.
            remedies.apply(self, finding, verdict)
        finally:
            self.state.line = walked
        return verdict

    def play_on(self) -> None:
        """A hand was ruled out of the pot: play continues among the others. If one is left he
        wins, if none the pot stays, and at the showdown the pot is settled once every live hand
        has been shown. A draw line is served to the end first (it settles this when it is done).
        """
        if self.state.serving_draw:
            return
        self.after_action()
        if self.state.phase is Phase.SHOWDOWN:
            settling.maybe_settle_showdown(self)

    def maybe_settle_showdown(self) -> None:
        """Settle once every live hand at the showdown has been shown (``settling``)."""
        settling.maybe_settle_showdown(self)

    # --- helpers ------------------------------------------------------------------------------

    def pot_taken_later(self, line: int) -> bool:
        """The log says, after ``line`` and before the next deal, that the pot was taken
        (``Ann takes the pot``): until that line the decided pot has not been collected. A log
        that never says so is read as the pot collected when it was won."""
        if self._takes is None:
            self._takes = [e.line for e in self.log.events if isinstance(e, ev.PotCollected)]
            self._deals = [e.line for e in self.log.events if isinstance(e, ev.NewDeal)]
        if not self._takes:
            return False
        take = bisect.bisect_right(self._takes, line)
        if take == len(self._takes):
            return False
        deal = bisect.bisect_right(self._deals, line)
        return deal == len(self._deals) or self._deals[deal] > self._takes[take]

    def raw_line(self, line: int) -> str:
        """Line ``line`` of the log exactly as written ("" past its end)."""
        if self._lines is None:
            self._lines = self.text.splitlines()
        return self._lines[line - 1] if 0 < line <= len(self._lines) else ""

    def complete_owed(self, names: Iterable[str]) -> None:
        """Make up, now, the short bets of ``names`` that a ``must-complete`` ruling left owing."""
        for name in names:
            complete_now(self, name)

    def text_of(self, event: ev.Event) -> str:
        """The line as written, comment and surrounding blanks removed."""
        if self._lines is None:
            self._lines = self.text.splitlines()  # only lines with something to say are needed
        if 0 < event.line <= len(self._lines):
            line = self._lines[event.line - 1]
            if "#" not in line:  # most lines: no comment to look for (a character-by-character scan)
                return line.strip()
            start = comment_start(line)
            return (line if start < 0 else line[:start]).strip()
        return type(event).__name__

    def diverge(self, event: ev.Event, why: str) -> None:
        """Say once where the log starts to follow a course this rulebook would not have taken.

        From there on the replay follows the log as the table played it; what follows from the
        referee's own remedy is never ruled as a new irregularity.
        """
        if self.divergence is None:
            self.divergence = Divergence(event.line, self.text_of(event), sentence(why) + ".")

    def note(self, event: ev.Event, note: str) -> None:
        # Only lines the referee has something to say about are kept (and worded at the end).
        if note:
            self.notes.append((event, note))

    def unruled(self, event: ev.Event, why: str) -> None:
        """A line that reads but that the referee does not rule on: said in the result, never dropped."""
        self.void(event, why)
        self.unruled_lines.append(Action(event.line, self.text_of(event), sentence(why) + "."))

    def void(self, event: ev.Event, why: str) -> None:
        """The line does not play: it changes nothing, and the result says so with ``why`` (in a
        player's words). A line a player did on purpose that cannot play is ruled on instead."""
        self.voided.setdefault(id(event), (event, why))
        self.note(event, f"void: {why}")

    def _line_outcomes(self, rulings: Sequence[Ruling]) -> tuple[LineOutcome, ...]:
        """Every event line of the log with what it did: ruled (a ruling at that line), void (none
        of its events played) or applied, in order; one entry a line.

        Written for speed (it runs over every line of every log): the events come in line order,
        so a line's events are consecutive (events out of line order are sorted at the end, and a
        line met twice apart keeps its first entry); a line without ``#`` needs no comment scan."""
        first_ruling: dict[int, int] = {}
        for index, ruling in enumerate(rulings):
            first_ruling.setdefault(ruling.line, index)
        notes: dict[int, str] = {}
        for event, note in self.notes:
            if not note.startswith("void"):
                notes.setdefault(event.line, note)
        if self._lines is None:
            self._lines = self.text.splitlines()
        source = self._lines
        count = len(source)
        voided = self.voided
        applied, ruled, void_status = LineStatus.APPLIED, LineStatus.RULED, LineStatus.VOID
        outcomes: list[LineOutcome] = []
        last = -1
        for event in self.log.events:
            line = event.line
            why = voided[id(event)][1] if voided and id(event) in voided else None
            if line == last:
                # Another event of the same line: the line is void only if none of them played.
                if why is None and outcomes[-1].status is void_status:
                    outcomes[-1] = outcomes[-1]._replace(status=applied, reason=notes.get(line, ""))
                continue
            if line <= 0:
                continue
            last = line
            if line <= count:
                text = source[line - 1]
                if "#" in text:
                    start = comment_start(text)
                    text = text if start < 0 else text[:start]
                text = text.strip()
            else:
                text = type(event).__name__
            at = first_ruling.get(line)
            if at is not None:
                outcomes.append(LineOutcome(line, text, ruled, rulings[at].explanation, at))
            elif why is not None:
                outcomes.append(LineOutcome(line, text, void_status, sentence(why) + "."))
            else:
                outcomes.append(LineOutcome(line, text, applied, notes.get(line, "")))
        if any(a.line >= b.line for a, b in itertools.pairwise(outcomes)):
            # A log's events out of line order: sorted, one entry a line (the first met).
            firsts: dict[int, LineOutcome] = {}
            for outcome in outcomes:
                firsts.setdefault(outcome.line, outcome)
            return tuple(sorted(firsts.values(), key=lambda outcome: outcome.line))
        return tuple(outcomes)

    def known(self, name: str) -> bool:
        return name in self.state.seats

    def enter_betting(self) -> bool:
        """Move into a betting round if the log has reached one; False when none can start."""
        state = self.state
        if state.phase is BETTING:
            return True  # the commonest answer, asked on every betting line
        if state.phase in (BEFORE_DEAL, DEAL):
            state.dealt = True
            state.round_index = 0
            state.start_first_round()
            return True
        if state.phase is DRAW:
            self.end_draw()
            if state.round_index == 0:
                self.state.first_round_bet = state.current_bet
            state.round_index = state.draw_index
            state.start_round()
            self.state.absorb.clear()
            self.state.waiting_check.clear()
            return True
        return False  # the showdown, or the deal is over

    # --- chips --------------------------------------------------------------------------------

    def pay(
        self, name: str, amount: Decimal, *, betting: bool = True, ante: bool = False, blind: bool = False
    ) -> Decimal:
        move = _ANTE if ante else _BLIND if blind else _BET
        return self.state.pay(name, amount, betting=betting, move=move)

    def give_back(self, name: str, amount: Decimal) -> None:
        """Chips leave the pot to the player who put them in (a withdrawn or returned bet)."""
        if amount <= ZERO:
            return
        self.state.refund(name, amount)

    def bet_to(self, name: str, total: Decimal) -> None:
        """Bring ``name`` up to ``total`` this round, spending his credit first."""
        seat = self.state.seats[name]
        credit = seat.credit
        if credit:
            # Chips already in the pot from an out-of-turn bet now count in this round.
            seat.put_in_round += credit
            seat.credit = ZERO
            if seat.put_in_round > total:
                # More than the action needs: the rest goes back now, and he has exactly ``total`` in.
                self.give_back(name, seat.put_in_round - total)
                seat.put_in_round = total
        self.state.bet_to(name, total)

    def call(self, name: str) -> None:
        seat = self.state.seats[name]
        stack = seat.stack
        self.bet_to(
            name,
            self.state.current_bet
            if stack is None
            else min(self.state.current_bet, seat.put_in_round + seat.credit + stack),
        )
        if self.state.round_index == 0 and self.state.opened and name != self.state.opener:
            self.state.callers.add(name)

    def bet(self, event: ev.Event, name: str, total: Decimal) -> None:
        """A bet or raise bringing ``name`` to ``total`` this round (an ``opens`` line names him opener)."""
        state = self.state
        opening = state.round_index == 0 and not state.opened
        dropped = len(state.dropped_by_passing)
        self.bet_to(name, total)
        out = state.dropped_by_passing[dropped:]
        cap = self.config.raise_cap
        if cap is not None and state.bets_this_round >= cap and len(state.live()) > 2:
            state.capped_multiway = True
        if opening and state.opened and state.opener == name:
            self.state.opening_amount = state.current_bet
            self.state.reopen_returns.clear()  # the pot is open again: bets left standing count
        if isinstance(event, ev.Open) and state.round_index == 0 and state.opener is None:
            state.opener = name
            state.opened = True
        # Pass and out: those who passed before the first bet have dropped (004 Pass and Out).
        self.note(
            event,
            f"pass and out: {', '.join(out)} passed and {'is' if len(out) == 1 else 'are'} out"
            if out
            else "",
        )

    # --- antes and blinds ---------------------------------------------------------------------

    def _antes(self, event: ev.Antes) -> None:
        state = self.state
        if state.phase is Phase.OVER:
            self.note(event, "for the next deal")
            return
        if event.player is not None:
            amount = event.amount if event.amount is not None else self.config.ante
            self.pay(event.player, amount, betting=False, ante=True)
        elif self.after_no_qualifier and not self.config.reante_when_no_qualifier:
            self.note(event, "no new antes after a pot no hand qualified for, under this rulebook")
            return
        elif self.after_opener_matched:
            # Diablo: "The deal then passes to the left (with no new antes) and the game is played
            # for this new pot" (001, the section after Wild Widow).
            self.note(event, "no new antes: this deal is played for the pot the beaten opener put up")
            return
        elif self.passed_in_a_row and not self.config.reante_when_passed:
            self.note(event, "no new antes after a passed-out deal under this rulebook")
            return
        elif self.config.ante_cap_deals is not None and self.passed_in_a_row >= self.config.ante_cap_deals:
            self.note(event, f"no antes: {self.config.ante_cap_deals} deals in a row were passed out")
            return
        elif self.config.ante_by_dealer:
            self.pay(state.dealer, self.config.ante, betting=False, ante=True)
        else:
            ante = self.config.ante
            for name in state.order:
                if name not in self.sitting_out and not state.seats[name].stake_short:
                    state.pay(name, ante, betting=False, move=_ANTE)  # self.pay(..., ante=True), once a seat
        self.note(event, "")

    def _post(self, event: ev.Post) -> None:
        if variants.lowball_blind_posted(self, event):
            return
        self.pay(event.player, event.amount, betting=True, blind=True)
        self.state.blind_posters.append(event.player)
        if event.kind in (ev.PostKind.BIG_BLIND, ev.PostKind.STRADDLE):
            self.state.action_blind = event.player
        if self.config.blind_opening and not self.state.opened:
            # The first hand's blind is the opening bet (004, blind opening).
            self.state.opened = True
            self.state.opener = event.player
            self.state.opening_amount = event.amount
        self.note(event, "")

    # --- the deal -----------------------------------------------------------------------------

    def _deal(self, event: ev.Event) -> None:
        state = self.state
        state.phase = Phase.DEAL
        state.dealt = True
        state.cards_out += self.config.hand_size * len(state.order)
        self.note(event, "")

    def _dealt(self, event: ev.DealtCards) -> None:
        state = self.state
        if state.phase is BEFORE_DEAL:
            state.phase = DEAL
            state.dealt = True
            state.cards_out += self.config.hand_size * len(state.order)
        # What state.give does for an empty hand, without the call: five to eight lines a deal.
        seat = state.seats[event.player]
        seat.cards = list(event.cards)
        seat.cards_known = none_unknown(seat.cards)
        self.track_cards(event, event.player, event.cards)
        self.note(event, "")
        if len(event.cards) != self.config.hand_size:
            self.detect(dealing.wrong_count(self, event, event.player, len(event.cards)))

    def track_cards(self, event: ev.Event, where: str, cards: tuple[Card, ...]) -> None:
        """Remember where each natural card is; a card in two places is an imperfect pack."""
        seen = self.state.seen_cards
        whole_pack = self.whole_pack
        for card in cards:
            if card.rank is None:  # the joker, or a card nobody saw
                if card.is_joker and card not in self.deck:
                    self.detect(
                        dealing.imperfect_pack(self, event, card, f"{card.symbol()} is not in this pack")
                    )
                    if self.state.phase is Phase.OVER:
                        return
                continue
            # One lookup records where a card first met is (a card's hash is computed in Python).
            # From a whole pack any card may come: met now or seen here before, nothing to say.
            if whole_pack:
                previous: str | None = seen.setdefault(card, where)
                if previous == where:
                    continue
            else:
                size = len(seen)
                previous = seen.setdefault(card, where)
                if len(seen) != size:  # met now: it must be in this pack
                    if card in self.deck:
                        continue
                    del seen[card]
                    previous = None
                elif previous == where:
                    continue  # seen here before, and so known to be in the pack
            if not whole_pack and card not in self.deck:
                self.detect(dealing.imperfect_pack(self, event, card, f"{card.symbol()} is not in this pack"))
                if self.state.phase is Phase.OVER:
                    return
                continue
            if previous == "dead" and where != "dead":
                # The referee's own remedy put this card out of play; the table played on with it.
                # That is the log leaving this rulebook's course, not a second card of that name.
                self.diverge(event, f"{card.symbol()} was ruled out of play, but the table played on with it")
            elif previous is not None:
                self.detect(dealing.imperfect_pack(self, event, card, f"{card.symbol()} is in two places"))
                if self.state.phase is Phase.OVER:
                    return
            seen[card] = where

    # --- betting ------------------------------------------------------------------------------

    def _action(self, event: ev.Event) -> None:
        state = self.state
        name = getattr(event, "player", "")
        if isinstance(event, ev.Check) and state.phase is DRAW and state.next_to_draw() == name:
            # A rap on the table in his turn to draw is "the declaration of a pat hand that does not
            # want to draw any cards" (002 Rules for Draw High, item 9): it is no check.
            self._stand_pat(ev.StandPat(name, line=event.line, column=event.column))
            self.note(event, "a rap in his turn to draw: he stands pat")
            return
        seat = state.seats[name]
        if not seat.in_hand and state.phase is not OVER:
            # Asked before the betting round is entered: a line of a player out of the pot moves
            # nothing, not even the draw on to the betting.
            self.detect(comeback.plays_when_out(self, event, name))
            return
        if not self.enter_betting():
            self.void(event, "no betting round is open here")
            return
        if isinstance(event, ev.Raise):
            betting.raise_figures(self, event)
        expected = state.expected_actor()
        if name in self.state.absorb:
            self.state.absorb.discard(name)
            if expected != name:
                self.note(event, "already counted by the ruling above")
                return
        if state.last_actor == name and self.detect(comeback.raises_himself(self, event, name)):
            return  # (the last to act again: the only way to raise one's own raise)
        if expected is None:
            self.void(event, "the betting round was already over")
            return
        if name != expected:
            betting.out_of_turn(self, event, name)
            return
        if self.detect(blind.lowball_blind_not_posted(self, event, name)):
            self.after_action()
            return
        self.state.completing.pop(name, None)
        seat.no_raise = seat.no_raise and isinstance(event, ev.Raise)
        self.detect(betting.in_turn_action(self, event, name))
        # A bar on raising lasts for the turn it was imposed on.
        seat.no_raise = False
        self.after_action()

    def _fold(self, event: ev.Fold) -> None:
        state = self.state
        name = event.player
        if state.phase in (BEFORE_DEAL, DEAL, DRAW):
            self.enter_betting()
        seat = state.seats[name]
        if not seat.in_hand:
            since = f" at line {seat.out_line}" if seat.out_line else ""
            self.void(event, f"{name} was already out of the pot{since}")
            return
        expected = state.expected_actor()
        in_turn = expected == name or state.phase is not BETTING
        facing = state.to_call(name) > ZERO or (in_turn and variants.folds_for_the_blind(self, name))
        if not in_turn or not facing:
            self.detect(betting.improper_fold(self, event, name, in_turn=in_turn, facing=facing))
        else:
            # In turn: in a betting round that means his turn has come (expected_actor, just asked).
            self.fold(name, at_turn=state.phase is BETTING)
            self.note(event, "")
        self.after_action()

    def fold(self, name: str, *, at_turn: bool | None = None) -> None:
        """``name`` folds; ``at_turn`` says whether it is his turn in a betting round, when the
        caller has just found out (else it is asked here)."""
        seat = self.state.seats[name]
        self.state.completing.pop(name, None)
        pending = self.state.pending.pop(name, None)
        if pending is not None and seat.credit:
            seat.credit = ZERO  # his out-of-turn chips stay in the pot
        if at_turn is None:
            at_turn = self.state.phase is BETTING and self.state.expected_actor() == name
        if at_turn:
            self.state.fold(name)
        else:
            seat.in_hand = False
            seat.folded = True
            seat.out_line = seat.out_line or self.state.line

    def after_action(self) -> None:
        """End the deal when one player is left; end a round nobody opened."""
        state = self.state
        if state.phase is OVER:
            return
        # How many are still in, and who, counted in place: this runs after every action.
        count = 0
        last = ""
        for seat in state.seats.values():
            if seat.in_hand:
                count += 1
                last = seat.name
        if count == 1 and state.dealt:
            settling.last_player_standing(self, last)
            return
        if not count and state.dealt:
            settling.carry(self, "everyone is out of the pot")
            return
        if (
            state.phase is BETTING
            and state.round_index == 0
            and not state.opened
            and not state.blind_posters
            and not self.state.pending
            and state.round_complete()
        ):
            if any(
                antes.all_in_for_antes(self, name) and not state.seats[name].acted for name in state.live()
            ):
                self.state.pass_out_waits = True  # a player all in for the antes may still declare it open
                return
            settling.pass_out(self)

    def _pass_out_now(self) -> None:
        """The log moved on and nobody all in for the antes declared the pot open: passed out."""
        self.state.pass_out_waits = False
        state = self.state
        if state.phase is BETTING and state.round_index == 0 and not state.opened:
            settling.pass_out(self)

    def _resolve_pending(self) -> None:
        """Rule on out-of-turn actions whose offender's proper turn has come (or passed)."""
        if not self.state.pending:
            return
        state = self.state
        for name in list(self.state.pending):
            if state.phase is not BETTING:
                self.detect(betting.decide_out_of_turn(self, name))
                continue
            expected = state.expected_actor()
            if expected == name or expected is None or not state.seats[name].in_hand:
                self.detect(betting.decide_out_of_turn(self, name))
            elif not state.seats[name].can_act and self._turn_passed(name, expected):
                # All in by his out-of-turn chips, he is never the one to act: his proper turn is
                # when the action reaches his seat, and it has.
                self.detect(betting.decide_out_of_turn(self, name))

    def _turn_passed(self, name: str, expected: str) -> bool:
        """Going round from the last player to act, the action reaches ``name``'s seat before the
        player now to act (so his proper turn has come)."""
        last = self.state.last_actor
        if last is None:
            return False
        for other in self.state.players_from(last):
            if other == name:
                return True
            if other == expected:
                return False
        return False

    # --- the draw -----------------------------------------------------------------------------

    def _draw_phase(self, event: ev.Event) -> None:
        state = self.state
        if state.phase is Phase.DRAW:
            self.end_draw()
        if state.phase is Phase.BETTING and variants.pack_too_short(self):
            # All for One: too few cards for everyone to draw one; the showdown comes next.
            self.note(event, f"only {len(self.deck) - state.cards_out} cards are left: no more drawing")
            return
        if pots.still_unopened(self):
            pots.nobody_reopened(self, event)  # a reopened pot nobody opened: no draw
            return
        if state.phase in (Phase.BETTING, Phase.DEAL, Phase.BEFORE_DEAL, Phase.DRAW):
            self.note(event, "")
            if self.state.pending:
                for name in list(self.state.pending):
                    self.detect(betting.decide_out_of_turn(self, name))
            self.detect(betting.passed_over(self, event))  # the round left unfinished: nobody half in the pot
            if self.deal_over():
                # Those rulings ended the deal (nobody opened, or one player left): there is no draw.
                self.void(event, self.state.void_reason or "the deal was over")
                return
            state.phase = Phase.DRAW
            state.draw_index += 1
            state.served_this_draw = []
            self.state.discarded_waiting = {}
            self.state.served_first = {}
            self.state.skipped_on_draw = set()
            return
        self.note(event, "")

    def deal_over(self) -> bool:
        """The deal has ended (settled, carried or void): only a new deal follows."""
        return self.state.phase is OVER

    def end_draw(self) -> None:
        """Players the log does not mention on the draw stood pat."""
        state = self.state
        for name in state.live():
            seat = state.seats[name]
            if seat.drew < state.draw_index:
                seat.drew = state.draw_index

    def _draw(self, event: ev.Draw) -> None:
        if not self.state.seats[event.player].in_hand:
            # Out of the pot (folded, dead, or dropped by passing under pass and out).
            self.detect(comeback.plays_when_out(self, event, event.player))
            return
        self.state.serving_draw = True
        try:
            self.detect(drawing.draw(self, event))
        finally:
            self.state.serving_draw = False
        self.after_action()

    def _discard(self, event: ev.Discard) -> None:
        seat = self.state.seats[event.player]
        if not seat.in_hand and self.state.phase is not OVER:
            self.detect(comeback.plays_when_out(self, event, event.player))
            return
        if self._late_discard(event, seat):
            return
        if self._throws_back_surplus(event, seat):
            return
        for card in event.cards:
            if card in seat.cards:
                seat.cards.remove(card)
        seat.discarded.extend(event.cards)
        for card in event.cards:
            if card.is_natural:
                self.state.seen_cards[card] = "discards"
        self.state.discarded_waiting[event.player] = event
        self.note(event, "")

    def _late_discard(self, event: ev.Discard, seat: Seat) -> bool:
        """The discard of a draw he was already served (``drawing.late_discard``): ruled, then his
        discards come out of the hand he held before the cards came. A count other than he was
        served leaves his hand the wrong size, ruled where the table finds out (as for
        ``Cy discards 9c 7d 4s, draws 2``). False when the line is no such discard."""
        state = self.state
        first = state.served_first.get(event.player)
        if first is None:
            return False
        kept = drawing.late_hand(self, event, first)
        if kept is None or not self.detect(drawing.late_discard(self, event)):
            return False
        del state.served_first[event.player]
        if not seat.in_hand:
            return True  # the ruling took his hand out: nothing is left to mend
        # The cards of the draw sit after what was left of his hand (``replace_cards`` adds them last).
        seat.cards = kept + seat.cards[len(first.before) - first.count :]
        seat.cards_known = none_unknown(seat.cards)
        # The draw wrote his discards as unknown cards: these are they.
        seat.discarded[first.discarded_at : first.discarded_at + first.count] = list(event.cards)
        for card in event.cards:
            if card.is_natural:
                state.seen_cards[card] = "discards"
        if len(event.cards) != first.count:
            seat.miscounted = True
            self.note(
                event,
                f"{event.player} threw {len(event.cards)} cards and took {first.count}, so he holds "
                f"{len(seat.cards)}; nothing more is ruled until his hand is shown or counted",
            )
        return True

    def _throws_back_surplus(self, event: ev.Discard, seat: Seat) -> bool:
        """A discard by a player already served on this draw who holds too many cards, his own
        discards having left him more than a hand: it is no new discard waiting for cards but the
        surplus thrown back, and here the table learns he held too many (the rulebook's draw rows
        for discards that make a hand incorrect rule it). False when that is not the case."""
        state = self.state
        name = event.player
        size = self.config.hand_size
        if state.phase is not DRAW or not state.served(name) or len(seat.cards) <= size:
            return False
        named = [card for card in event.cards if card in seat.cards]
        # The cards he throws go last, so a correction by discarding the surplus throws those.
        seat.cards = [card for card in seat.cards if card not in named] + named
        if not self.detect(drawing.miscount_found(self, event, name, len(seat.cards))):
            return False
        for card in named:
            if card not in seat.cards:
                seat.discarded.append(card)
                if card.is_natural:
                    state.seen_cards[card] = "discards"
        return True

    def _stand_pat(self, event: ev.StandPat) -> None:
        state = self.state
        if state.phase is not Phase.DRAW:
            self.note(event, "")
            return
        if not state.seats[event.player].in_hand:
            self.detect(comeback.plays_when_out(self, event, event.player))
            return
        expected = state.next_to_draw()
        state.seats[event.player].drew = state.draw_index
        state.served_this_draw.append(event.player)
        state.draw_moves.append(event.player)
        self.drawn[(state.deal_number, state.draw_index, event.player)] = 0
        self.note(event, "" if expected in (None, event.player) else "stood pat out of turn")

    # --- the showdown -------------------------------------------------------------------------

    def _showdown(self, event: ev.Event) -> None:
        state = self.state
        if state.phase is Phase.DRAW:
            self.end_draw()
        if self.state.pending:
            for name in list(self.state.pending):
                self.detect(betting.decide_out_of_turn(self, name))
        self.detect(betting.passed_over(self, event))
        if self.deal_over():
            self.void(event, self.state.void_reason or "the deal was over")  # those rulings ended it
            return
        state.phase = Phase.SHOWDOWN
        self.note(event, "")
        settling.maybe_settle_showdown(self)

    def _foul_before_collected(self, event: ev.Event) -> bool:
        """A live hand shown (or counted) with the wrong number of cards after the showdown was
        decided, while its pot waits on the table for the line that takes it."""
        state = self.state
        if state.award_waits is None or state.outcome is not Outcome.SHOWDOWN:
            return False
        if isinstance(event, ev.Show):
            count = len(event.cards)
        elif isinstance(event, ev.WrongCardCount):
            count = event.count
        else:
            return False
        seat = state.seats.get(event.player)
        return count != self.config.hand_size and seat is not None and seat.in_hand

    def _late_show(self, event: ev.Event) -> None:
        """Found after the pot was awarded: a foul or misdeclared hand is ruled on (too late,
        most rulebooks say), anything else is only noted."""
        if isinstance(event, ev.Show) and len(event.cards) != self.config.hand_size:
            self.detect(showing.foul_hand(self, event, event.player, len(event.cards), collected=True))
            return
        if isinstance(event, ev.WrongCardCount) and event.count != self.config.hand_size:
            self.detect(showing.foul_hand(self, event, event.player, event.count, collected=True))
            return
        if isinstance(event, ev.Declare):
            self.state.declared[event.player] = event
            self.detect(showing.check_declaration(self, event.player))
            return
        if isinstance(event, ev.Show):
            seat = self.state.seats[event.player]
            seat.cards, seat.shown = list(event.cards), True
            seat.cards_known = all(not c.is_unknown for c in event.cards)
            self.detect(showing.check_declaration(self, event.player))
        self.note(event, "after the pot was awarded")

    def _muck(self, event: ev.Muck) -> None:
        state = self.state
        seat = state.seats[event.player]
        seat.in_hand = False
        seat.folded = True
        seat.out_line = seat.out_line or event.line
        self.note(event, "")
        live = state.live()
        if len(live) == 1:
            settling.last_player_standing(self, live[0])
        else:
            settling.maybe_settle_showdown(self)

    def _split_openers(self, event: ev.SplitOpeners) -> None:
        self.state.seats[event.player].split_kept = event.kept
        self.note(event, "")

    def _declare(self, event: ev.Declare) -> None:
        self.state.declared[event.player] = event
        self.note(event, "")
        self.detect(showing.check_declaration(self, event.player))

    # --- irregular facts ----------------------------------------------------------------------

    def _duplicate(self, event: ev.DuplicateCard) -> None:
        state = self.state
        if state.phase is Phase.OVER and state.outcome not in (Outcome.SHOWDOWN, Outcome.UNCONTESTED):
            self.void(event, state.void_reason or "the deal was over")
            return
        self.detect(
            dealing.imperfect_pack(self, event, event.card, f"a second {event.card.symbol()} was found")
        )

    def _end_deal_summary(self) -> None:
        """Record what the deal now ending did: its outcome, pot, rake, awards and refunds."""
        awards, refunds, rake = self._deal_start
        state = self.state
        outcome = state.outcome or Outcome.UNFINISHED
        won = state.last_split is not None and outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED)
        # Every settlement of the deal counts (its rake came out of all of them), not the last alone.
        pot = state.paid_out if won else state.pot()
        pots = state.last_pots if won else ()
        net_now = self.ledger.net()
        self.deal_summaries.append(
            DealSummary(
                number=len(self.deal_summaries) + 1,
                outcome=outcome,
                pot=pot,
                rake=self.ledger.rake - rake,
                awards=_difference(self.ledger.awards, awards),
                refunds=_difference(self.ledger.refunds, refunds),
                carried=self.ledger.pot(),
                pots=pots,
                uncalled=dict(state.last_split.refunds) if state.last_split is not None and won else {},
                odd_chip=str(self.config.odd_chip) if any(p.odd_chips for p in pots) else "",
                net={name: value - self._deal_start_net.get(name, ZERO) for name, value in net_now.items()},
            )
        )
        self._deal_start = (dict(self.ledger.awards), dict(self.ledger.refunds), self.ledger.rake)
        self._deal_start_net = net_now

    def _new_deal(self, event: ev.NewDeal) -> None:
        settling.collect(self)  # a decided pot the log never said was taken is paid as the deal ends
        for name, amount in self.state.reopen_returns.items():
            self.give_back(name, amount)  # nobody opened the reopened pot: their bets come back
        self.state.reopen_returns.clear()
        state = self.state
        if state.phase is not Phase.OVER:
            self.note(event, "the deal before was not finished; its pot stays in the middle")
        else:
            self.note(event, "")
        config = variants.next_deal_config(self)
        antes.bar_false_declarer(self)
        self._end_deal_summary()
        self.after_no_qualifier = state.no_qualifier
        self.after_opener_matched = state.opener_matched
        if state.outcome is Outcome.MISDEAL and state.played_past_misdeal and event.words != "redeal":
            # The table played the misdealt deal out and wrote a new deal, not a redeal: the deal
            # passed as after any played deal, and the log's next lines were played that way.
            moves = True
        elif self.state.outcome is Outcome.MISDEAL:
            moves = self.state.next_dealer_after_misdeal
        elif self.state.outcome is Outcome.PASSED_OUT:
            moves = config.dealer_moves_when_passed
        else:
            moves = True
        dealer = state.players_from(state.dealer)[0] if moves else state.dealer
        self.ledger.new_deal()  # an unfinished deal's chips stay in the middle
        fresh = new_hand_state(config, state.order, dealer, self.ledger)
        variants.seat_sitting_out(self, fresh)
        antes.seat_barred(self, fresh)
        fresh.deal_number = state.deal_number + 1
        fresh.misdeals_by_dealer = 0 if moves else state.misdeals_by_dealer
        self.state = fresh

    def _finish(self) -> Result:
        state = self.state
        if self.state.pending:
            for name in list(self.state.pending):
                self.detect(betting.decide_out_of_turn(self, name))
        settling.collect(self)
        # An unfinished deal's pot belongs to nobody yet: it is reported as carried, so the books
        # still balance.
        outcome = self.state.outcome or Outcome.UNFINISHED
        self._end_deal_summary()
        if len(self.deal_summaries) > 1:
            # Several deals: every chip that stayed in the middle over the file, a carried pot
            # counted once (what was won, raked or is still carried), so ``pot`` never depends on
            # which deal came last; each deal's own pot is in ``deals``.
            pot = sum(self.ledger.awards.values(), ZERO) + self.ledger.rake + self.ledger.pot()
        elif self.state.last_split is not None and outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED):
            pot = self.state.paid_out
        else:
            pot = state.pot()
        rulings = sorted(self.rulings, key=lambda r: r.line)
        return Result(
            rulebook=self.judge.name,
            rulings=tuple(rulings),
            outcome=outcome,
            pot=pot,
            awards=dict(sorted(self.ledger.awards.items())),
            refunds=dict(sorted(self.ledger.refunds.items())),
            carried=self.ledger.pot(),
            net=self.ledger.net(),
            put_in=dict(self.ledger.put_in),
            rake=self.ledger.rake,
            deals=tuple(self.deal_summaries),
            divergence=self.divergence,
            unruled=tuple(self.unruled_lines),
            actions=tuple(
                sorted(
                    [*self.actions, *(Action(e.line, self.text_of(e), note) for e, note in self.notes)],
                    key=lambda a: a.line,
                )
            ),
            winners_hands=self.winners_hands,
            stakes={name: amount for name, amount in sorted(self.ledger.brought.items()) if amount},
            lines=self._line_outcomes(rulings),
        )


def _wrong_count_line(r: Replay, event: ev.WrongCardCount) -> None:
    if not event.dealt and r.detect(drawing.miscount_found(r, event, event.player, event.count)):
        return  # his own discards left him miscounted on the draw; found here
    r.detect(dealing.wrong_count(r, event, event.player, event.count))


def _note_line(r: Replay, event: ev.Note) -> None:
    r.note(event, "")  # free text: it decides nothing


_SHOWDOWN_LINES: Final = (
    ev.Show,
    ev.Muck,
    ev.Declare,
    ev.WrongCardCount,
    ev.ShowOpeners,
    ev.OpenersNotShown,
    ev.DuplicateCard,
    ev.Note,
)
"""Lines that belong to the showdown: while they come, a pot left to one unshown hand waits."""

_BETTING_LINES: Final = (
    ev.Check,
    ev.Bet,
    ev.Open,
    ev.Call,
    ev.Raise,
    ev.Fold,
    ev.AllIn,
    ev.Says,
    ev.BetCompletion,
    ev.Note,
)
"""Lines of a betting round in progress: while they come, a short bet the rule says must be completed
stays owed (Scarne, Betting: "Should he fail to do so, his hand is dead")."""

_PLAY_PAST_MISDEAL: Final = (*ev.PLAYER_ACTIONS, ev.Showdown, ev.Show)
"""Lines that are play: after a deal ruled a misdeal, one of them means the table played it on."""

_LINES: dict[type[ev.Event], LineHandler] = dict(
    [
        _on(ev.Antes, Replay._antes),
        _on(ev.Post, Replay._post),
        _on(ev.Deal, Replay._deal),
        _on(ev.DealtCards, Replay._dealt),
        _on(ev.Widow, variants.wild_widow),
        _on(ev.Check, Replay._action),
        _on(ev.Bet, Replay._action),
        _on(ev.Open, Replay._action),
        _on(ev.Call, Replay._action),
        _on(ev.Raise, Replay._action),
        _on(ev.AllIn, Replay._action),
        _on(ev.Fold, Replay._fold),
        _on(ev.DrawPhase, Replay._draw_phase),
        _on(ev.Draw, Replay._draw),
        _on(ev.DrawRequest, drawing.request),
        _looks(ev.DrawRequestChanged, drawing.request_changed),
        _on(ev.Discard, Replay._discard),
        _on(ev.StandPat, Replay._stand_pat),
        _on(ev.Showdown, Replay._showdown),
        _looks(ev.Show, showing.show),
        _on(ev.Muck, Replay._muck),
        _looks(ev.ShowOpeners, showing.show_openers),
        _on(ev.SplitOpeners, Replay._split_openers),
        _on(ev.Declare, Replay._declare),
        _looks(ev.Says, betting.speech),
        _looks(ev.CardExposed, dealing.exposed),
        _looks(ev.CardFaceUpInPack, dealing.face_up_in_pack),
        _looks(ev.CutIrregularity, dealing.cut),
        _on(ev.WrongCardCount, _wrong_count_line),
        _on(ev.DuplicateCard, Replay._duplicate),
        _looks(ev.WrongDealer, dealing.wrong_dealer),
        _looks(ev.MisdealCalled, dealing.misdeal_called),
        _on(ev.NewDeal, Replay._new_deal),
        _on(ev.Note, _note_line),
        _looks(ev.DealtBy, dealing.dealt_by),
        _looks(ev.HandsDealt, dealing.hands_dealt),
        _looks(ev.BetCompletion, betting.bet_completion),
        _on(ev.DrawCountAsked, asking.count_asked),
        _looks(ev.DrawCountAnswered, asking.count_answered),
        _looks(ev.DrawCountRefused, asking.count_refused),
        _looks(ev.StackChanged, stakes.stack_changed),
        _looks(ev.DiscardsPickedUp, drawing.discards_picked_up),
        _on(ev.LooksAtCards, drawing.looks_at_cards),
        _looks(ev.OpenersNotShown, showing.openers_not_shown),
        _looks(ev.PotDeclaredOpen, antes.pot_declared_open),
        _on(ev.OpenersKeepAsked, keeping.keep_asked),
    ]
)
"""The walk's table: each event class and what its line does. A class missing here (a newer log
language) is noted as not ruled on yet, never dropped silently."""
_LINES.update(table_acts.LINES)  # the pot taken, a hand's count put right, a reshuffle (issue 23)


@functools.cache
@functools.cache
def _pack(name: str) -> frozenset[Card]:
    from referee.cards import DECKS

    return frozenset(DECKS.get(name, DECKS["standard"]))


@functools.cache
def _has_every_natural(pack: frozenset[Card]) -> bool:
    from referee.cards import STANDARD_52

    return pack.issuperset(STANDARD_52)


def _fact_words(facts: Mapping[Fact, FactValue]) -> tuple[tuple[str, str], ...]:
    """A ruling's facts in words, in the order of their names.

    A long log asks the same question line after line: its words are made once and shared. The
    key holds each value's type, so that True and 1 (equal, and hashed alike) stay apart.
    """
    key = (tuple(facts), tuple(map(type, facts.values())), tuple(facts.values()))
    words = _FACT_WORDS.get(key)
    if words is None:
        # A count that grows line by line (exposures) asks anew each time: the names' order is
        # still shared, and each value is worded in place (bool has no subclass to miss).
        order = _FACT_ORDER.get(key[0])
        if order is None:
            if len(_FACT_ORDER) >= 4096:
                _FACT_ORDER.clear()
            order = _FACT_ORDER[key[0]] = tuple((fact, str(fact)) for fact in sorted(key[0]))
        words = tuple(
            [
                (name, ("yes" if value else "no") if value.__class__ is bool else str(value))
                for fact, name in order
                for value in (facts[fact],)
            ]
        )
        if len(_FACT_WORDS) >= 4096:
            _FACT_WORDS.clear()
        _FACT_WORDS[key] = words
    return words


_FACT_WORDS: dict[
    tuple[tuple[Fact, ...], tuple[type, ...], tuple[FactValue, ...]], tuple[tuple[str, str], ...]
] = {}
"""The words of the facts of questions asked before, by the facts (a bound on its memory)."""
_FACT_ORDER: dict[tuple[Fact, ...], tuple[tuple[Fact, str], ...]] = {}
"""Each set of facts asked about, in the order of their names, with the names."""


def _difference(now: Mapping[str, Decimal], before: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """What each player gained in ``now`` since ``before`` (players with nothing new left out)."""
    return {
        name: amount - before.get(name, ZERO)
        for name, amount in sorted(now.items())
        if amount != before.get(name, ZERO)
    }


def _amounts(log: ev.HandLog) -> list[Decimal]:
    found: list[Decimal] = [amount for _, amount in log.header.stacks]
    if log.header.ante:
        found.append(log.header.ante.amount)
    if log.header.limit:
        found.extend(a for a in (log.header.limit.low, log.header.limit.high) if a is not None)
    for event in log.events:
        amount = getattr(event, "amount", None)
        if isinstance(amount, Decimal):
            found.append(amount)
    return found
