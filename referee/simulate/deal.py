"""Playing one simulated deal: antes, the deal, betting, the draw, betting, the showdown.

The player drives the same state machine the replay uses (``referee.adjudicate.table``), one event at a
time, and applies each event exactly as the replay does, so the two agree on whose turn it is and
what a call costs. What each player chooses comes from :mod:`referee.simulate.play`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from referee import events as ev
from referee.adjudicate.table import HandState, Phase
from referee.cards import Card
from referee.hands import Ranking, meets_requirement
from referee.simulate.play import bet_choices, choose_discards, most_all_in, raise_choices, strength

ZERO: Final = Decimal(0)
MAX_DRAW: Final = 3
"""Most cards a simulated player draws, whatever the game would allow."""
_LEAST_BET: Final = Decimal(1)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """The simulator's books for one deal of a log."""

    dealer: str
    outcome: str
    """``showdown``, ``uncontested`` or ``passed-out`` (the pot is carried to the next deal)."""
    carried_in: Decimal
    """Chips left in the middle by earlier deals of the log."""
    contributions: Mapping[str, Decimal]
    """What each player put in during this deal (antes and bets)."""
    pot: Decimal
    """Everything in the middle when the deal ended: ``carried_in`` plus the contributions."""
    dealt: Mapping[str, tuple[Card, ...]]
    """The five cards each player was dealt."""
    hands: Mapping[str, tuple[Card, ...]]
    """What each player held when the deal ended (after his draw, if he drew)."""
    live: tuple[str, ...]
    """Who was still contesting the pot at the end, in showdown order when there was one."""
    stub: int
    """Cards never dealt (the stub left after the draw)."""


# --- the deal ------------------------------------------------------------------------------------


class DealPlayer:
    """Plays one deal on a fresh state, appending its events to ``events``."""

    def __init__(
        self,
        rng: random.Random,
        state: HandState,
        pack: Sequence[Card],
        events: list[ev.Event],
        *,
        antes: bool,
        shows_left_of_dealer: bool = False,
    ) -> None:
        self.rng = rng
        self.config = state.config
        self.ranking: Ranking = state.config.ranking
        self.state = state
        self.pack = pack
        self.events = events
        self.antes = antes
        self.shows_left_of_dealer = shows_left_of_dealer
        self.strength: dict[str, float] = {}
        self.checked: set[str] = set()
        """Who checked in the current round (for a rulebook without check-raise)."""
        self.aggressor: str | None = None
        """Who bet or raised last in the current round."""
        self.stub: list[Card] = []
        self.dealt: dict[str, tuple[Card, ...]] = {}

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    # --- the deal -----------------------------------------------------------------------------

    def play(self, *, must_open: bool) -> DealRecord:
        state = self.state
        if self.antes:
            self.emit(ev.Antes())
            if self.config.ante_by_dealer:
                state.pay(state.dealer, self.config.ante, betting=False)
            else:
                for name in state.order:
                    state.pay(name, self.config.ante, betting=False)
        self._deal_cards(must_open)
        state.round_index = 0
        state.start_first_round()
        self._betting(must_open=must_open)
        if not state.opened:
            return self._record("passed-out")
        if len(state.live()) > 1:
            self._draw()
            state.round_index = state.draw_index
            state.start_round()
            self._begin_round()
            if sum(1 for name in state.live() if state.seats[name].can_act) > 1:
                self._betting(must_open=False)
        if len(state.live()) == 1:
            return self._record("uncontested")
        return self._showdown()

    def _deal_cards(self, must_open: bool) -> None:
        state = self.state
        order = list(state.players_from(state.dealer))
        size = self.config.hand_size
        cards = list(self.pack)
        for _ in range(200):
            self.rng.shuffle(cards)
            hands = {name: cards[seat :: len(order)][:size] for seat, name in enumerate(order)}
            if not must_open or any(self._may_open(hand) for hand in hands.values()):
                break
        self.stub = cards[size * len(order) :]
        state.phase = Phase.DEAL
        state.dealt = True
        self.emit(ev.Deal())
        for name in order:
            self.dealt[name] = tuple(hands[name])
            state.give(name, list(hands[name]))
            self.strength[name] = strength(hands[name], self.ranking)
            self.emit(ev.DealtCards(name, tuple(hands[name])))

    def _may_open(self, cards: Sequence[Card]) -> bool:
        return self.config.openers == "anything" or meets_requirement(
            cards, self.config.openers, self.ranking
        )

    # --- betting ------------------------------------------------------------------------------

    def _begin_round(self) -> None:
        self.checked = set()
        self.aggressor = None

    def _betting(self, *, must_open: bool) -> None:
        self._begin_round()
        state = self.state
        while (name := state.expected_actor()) is not None:
            event = self._choose(name, must_open)
            self._apply(event)
            self.emit(event)

    def _apply(self, event: ev.Event) -> None:
        """Move the state as the replay does for the same event."""
        state = self.state
        if isinstance(event, ev.Check):
            self.checked.add(event.player)
            state.check(event.player)
        elif isinstance(event, ev.Bet | ev.Open):
            state.bet_to(event.player, state.seats[event.player].put_in_round + event.amount)
            if isinstance(event, ev.Open):
                state.opener, state.opened = event.player, True
            self.aggressor = event.player
        elif isinstance(event, ev.Raise):
            state.bet_to(event.player, event.amount if event.to else state.current_bet + event.amount)
            self.aggressor = event.player
        elif isinstance(event, ev.AllIn):
            seat = state.seats[event.player]
            before = state.current_bet
            state.bet_to(event.player, seat.put_in_round + (seat.stack or ZERO))
            if state.current_bet > before:
                self.aggressor = event.player
        elif isinstance(event, ev.Call):
            state.call(event.player)
        elif isinstance(event, ev.Fold):
            state.fold(event.player)

    def _choose(self, name: str, must_open: bool) -> ev.Event:
        state, rng, config = self.state, self.rng, self.config
        seat = state.seats[name]
        owed = state.current_bet - seat.put_in_round
        others = any(s.can_act for other, s in state.seats.items() if other != name)
        feel = self.strength[name] + rng.uniform(-0.2, 0.2)
        if owed <= ZERO:
            unopened = state.round_index == 0 and not state.opened
            if unopened and not self._may_open(seat.cards):
                return ev.Check(name)
            chance = (1.0 if must_open else 0.45 + 0.4 * feel) if unopened else 0.1 + 0.7 * feel
            if others and rng.random() < chance:
                bet = self._bet(name, feel, opening=unopened)
                if bet is not None:
                    return bet
            return ev.Check(name)
        if config.pass_and_out and state.round_index == 0 and seat.checked_before_open:
            return ev.Fold(name)
        may_raise = (
            others
            and state.bets_this_round < (config.raise_cap or 5)
            and (config.check_raise or name not in self.checked)
        )
        if may_raise and feel > 0.45 and rng.random() < 0.3 + 0.4 * feel:
            raised = self._raise(name, feel)
            if raised is not None:
                return raised
        fold_chance = 0.55 if feel < 0.25 else 0.2 if feel < 0.45 else 0.03
        if rng.random() < fold_chance:
            return ev.Fold(name)
        if seat.stack is not None and seat.stack <= owed:
            return ev.AllIn(name)
        if rng.random() < 0.15:
            return ev.Call(name, state.to_call(name))
        return ev.Call(name)

    def _pick(self, options: Sequence[Decimal], feel: float) -> Decimal:
        index = int(max(0.0, min(0.999, feel + self.rng.uniform(-0.3, 0.3))) * len(options))
        return options[index]

    def _bet(self, name: str, feel: float, *, opening: bool) -> ev.Event | None:
        state = self.state
        seat = state.seats[name]
        choices = bet_choices(state, name, _LEAST_BET)
        all_in = None
        if seat.stack is not None:
            choices = [amount for amount in choices if amount < seat.stack]
            all_in = most_all_in(state, name, _LEAST_BET)
        options: list[Decimal] = list(choices)
        if all_in is not None:
            options.append(all_in - seat.put_in_round)
        if not options:
            return None
        amount = self._pick(options, feel)
        if opening and self.config.openers != "anything":
            return ev.Open(name, amount)  # all in or not, the opening bet claims openers
        if all_in is not None and amount == all_in - seat.put_in_round:
            return ev.AllIn(name)
        return ev.Bet(name, amount)

    def _raise(self, name: str, feel: float) -> ev.Event | None:
        state = self.state
        seat = state.seats[name]
        owed = state.current_bet - seat.put_in_round
        choices = raise_choices(state, name, _LEAST_BET)
        all_in = None
        if seat.stack is not None:
            choices = [amount for amount in choices if owed + amount < seat.stack]
            total = most_all_in(state, name, _LEAST_BET)
            all_in = total - state.current_bet if total is not None and total > state.current_bet else None
        options: list[Decimal] = list(choices)
        if all_in is not None:
            options.append(all_in)
        if not options:
            return None
        amount = self._pick(options, feel)
        if all_in is not None and amount == all_in:
            return ev.AllIn(name)
        if self.rng.random() < 0.1:
            return ev.Raise(name, state.current_bet + amount, to=True)
        return ev.Raise(name, amount)

    # --- the draw -----------------------------------------------------------------------------

    def _draw(self) -> None:
        state = self.state
        state.phase = Phase.DRAW
        state.draw_index += 1
        self.emit(ev.DrawPhase())
        most = min(MAX_DRAW, self.config.max_draw)
        while (name := state.next_to_draw()) is not None:
            seat = state.seats[name]
            # The last card of the stub is never dealt, so no rulebook sees the pack run out.
            room = min(most, len(self.stub) - 1)
            thrown = choose_discards(seat.cards, self.ranking, self.rng, room)
            if thrown and name == state.opener and self.config.openers != "anything":
                # The opener keeps his openers (breaking them is an irregularity to declare):
                # if the draw would leave him without, he stands pat instead.
                final = [card for card in seat.cards if card not in thrown] + self.stub[: len(thrown)]
                if not self._may_open(final):
                    thrown = []
            if thrown:
                received = self.stub[: len(thrown)]
                del self.stub[: len(thrown)]
                state.replace_cards(name, thrown, len(thrown), received)
                self.emit(ev.Draw(name, len(received), tuple(thrown), tuple(received)))
                self.strength[name] = strength(seat.cards, self.ranking)
            else:
                self.emit(ev.StandPat(name))
            seat.drew = state.draw_index

    # --- the end ------------------------------------------------------------------------------

    def _showdown(self) -> DealRecord:
        state = self.state
        self.emit(ev.Showdown())
        state.phase = Phase.SHOWDOWN
        live = state.live()
        first = self.aggressor if self.aggressor in live else state.opener
        if first not in live or self.shows_left_of_dealer:
            first = live[0]
        order = [first, *(name for name in state.players_from(first) if name in live and name != first)]
        for name in order:
            seat = state.seats[name]
            seat.shown = True
            self.emit(ev.Show(name, tuple(seat.cards)))
        return self._record("showdown", order)

    def _record(self, outcome: str, live: Sequence[str] | None = None) -> DealRecord:
        state = self.state
        state.phase = Phase.OVER
        return DealRecord(
            dealer=state.dealer,
            outcome=outcome,
            carried_in=state.dead_money,
            contributions={name: seat.put_in for name, seat in state.seats.items()},
            pot=state.pot(),
            dealt=self.dealt,
            hands={name: tuple(seat.cards) for name, seat in state.seats.items()},
            live=tuple(live if live is not None else state.live()),
            stub=len(self.stub),
        )
