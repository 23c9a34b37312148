"""The log writer: one hand's facts in, the log text and the site's recorded result out.

A site module reads its own text and tells a ``HandBuilder`` what happened, one fact at a time
(``post``, ``bet``, ``discard``, ``collected``, ...). The builder keeps the books a referee would
keep (chips in this round, chips left, whose cards are known, which bets went uncalled), writes
the log in the log language, and gathers what the site recorded as the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType

from referee.cards import Card
from referee.importer.common import (
    ZERO,
    Award,
    Game,
    ImportedHand,
    Names,
    RecordedResult,
    SkipHand,
    Structure,
    amount_text,
    cards_text,
    frozen_amounts,
    longest_first,
)


@dataclass(slots=True)
class _Seat:
    number: int
    name: str
    stack: Decimal
    sitting_out: bool = False
    acted: bool = False
    listed_out: bool = False
    """The summary (or seat line) says this player was not dealt in."""


@dataclass(slots=True)
class _DrawLine:
    """A player's draw, written once the cards he received are known (or known to be unknown)."""

    player: str
    count: int
    discards: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    comment: str = ""


_Item = str | _DrawLine


class HandBuilder:
    """Collects one hand's facts from a site parser and writes the log and the recorded result."""

    def __init__(self, site: str, hand_id: str, source: str, line: int = 0) -> None:
        self.site = site
        self.hand_id = hand_id
        self.source = source
        self.line = line
        self.game: Game | None = None
        self.structure: Structure | None = None
        self.small_bet: Decimal | None = None
        self.big_bet: Decimal | None = None
        self.ante: Decimal | None = None
        self.button_seat: int | None = None
        self.button_name: str | None = None
        self.description = ""
        self.names = Names()
        self.warnings: list[str] = []
        self._seats: dict[str, _Seat] = {}
        self._items: list[_Item] = []
        self._dealt = False
        self._draws = 0
        self._in_draw = False
        self._in_showdown = False
        self._pending: dict[str, _DrawLine] = {}
        self._hero: str | None = None
        self._hero_cards: list[Card] | None = None
        self._in_round: dict[str, Decimal] = {}
        self._invested: dict[str, Decimal] = {}
        self._left: dict[str, Decimal] = {}
        self._bet = ZERO
        self._antes: dict[str, Decimal] = {}
        self._rounds: list[dict[str, Decimal]] = []
        self._folded: set[str] = set()
        self._returned: dict[str, Decimal] = {}
        self._awards: list[Award] = []
        self.total_pot: Decimal | None = None
        self.rake: Decimal | None = None
        self.main_pot: Decimal | None = None
        self.side_pots: tuple[Decimal, ...] = ()

    # -- the table ------------------------------------------------------------------------------

    def seat(self, number: int, name: str, stack: Decimal, sitting_out: bool = False) -> None:
        """A player in a seat with his chips; ``sitting_out`` when the site says so up front."""
        self._seats[name] = _Seat(number, name, stack, sitting_out=sitting_out)
        self.names.add(name)

    def seated(self) -> list[str]:
        """Site names of everyone listed in a seat, longest name first (for matching lines)."""
        return longest_first(list(self._seats))

    def not_dealt_in(self, name: str) -> None:
        """The summary says this player sat the hand out."""
        if name in self._seats:
            self._seats[name].listed_out = True

    def _actor(self, name: str) -> str:
        if name not in self._seats:
            raise SkipHand(f"{name!r} acts but has no seat")
        seat = self._seats[name]
        seat.acted = True
        self._left.setdefault(name, seat.stack)
        return self.names.written(name)

    def _dealt_in(self) -> list[_Seat]:
        seats = sorted(self._seats.values(), key=lambda s: s.number)
        return [s for s in seats if s.acted or not (s.sitting_out or s.listed_out)]

    # -- forced bets ----------------------------------------------------------------------------

    def _put_in(self, name: str, amount: Decimal, live: bool) -> str:
        """Move chips from a stack to the pot; returns '' or '  # all in'."""
        left = self._left[name]
        if amount > left:
            self.warnings.append(f"{name} puts in {amount} but has only {left} left")
        self._left[name] = left - amount
        self._invested[name] = self._invested.get(name, ZERO) + amount
        if live:
            self._in_round[name] = self._in_round.get(name, ZERO) + amount
            self._bet = max(self._bet, self._in_round[name])
        return "  # all in" if self._left[name] <= 0 else ""

    def antes(self, name: str, amount: Decimal, note: str = "", dead_blind: bool = False) -> None:
        written = self._actor(name)
        tail = self._put_in(name, amount, live=False)
        if not dead_blind:
            self._antes[name] = self._antes.get(name, ZERO) + amount
        self._items.append(f"{written} antes {amount_text(amount)}{tail}{note}")

    def post(self, name: str, kind: str, amount: Decimal) -> None:
        """A live forced bet; ``kind`` is ``small blind``, ``big blind``, ``blind`` or ``straddle``.

        ``blind`` is a live blind posted out of position (a new player posting in).
        """
        written = self._actor(name)
        tail = self._put_in(name, amount, live=True)
        self._items.append(f"{written} posts {kind} {amount_text(amount)}{tail}")

    def dead_blind(self, name: str, amount: Decimal) -> None:
        """A dead blind (it goes to the pot but does not count toward the poster's bet): an ante."""
        self.antes(name, amount, note="  # a dead blind", dead_blind=True)

    # -- the deal -------------------------------------------------------------------------------

    def deal(self) -> None:
        if not self._dealt:
            self._dealt = True
            self._items.append("deal")

    @property
    def dealt(self) -> bool:
        return self._dealt

    def dealt_to(self, name: str, cards: tuple[Card, ...]) -> None:
        """The hero's cards at the deal."""
        written = self._actor(name)
        self._hero = name
        if len(set(cards)) != len(cards):
            self.warnings.append(f"{name} is dealt the same card twice: {cards_text(cards)}")
            self._hero_cards = None
            return
        self._hero_cards = list(cards)
        self._items.append(f"{written} is dealt {cards_text(cards)}")

    # -- betting --------------------------------------------------------------------------------

    def _new_round(self) -> None:
        if self._in_round:
            self._rounds.append(self._in_round)
        self._in_round = {}
        self._bet = ZERO

    def _betting(self) -> None:
        if self._in_draw:
            self._close_draw()
            self._in_draw = False

    def check(self, name: str) -> None:
        written = self._actor(name)
        self._betting()
        self._items.append(f"{written} checks")

    def fold(self, name: str) -> None:
        written = self._actor(name)
        self._folded.add(name)
        if self._in_draw and name not in self._pending:
            pass  # a fold during the draw (out of chips or out of patience) is still a fold
        else:
            self._betting()
        self._items.append(f"{written} folds")

    def bet(self, name: str, amount: Decimal) -> None:
        """A bet of ``amount`` into an unopened round."""
        written = self._actor(name)
        self._betting()
        tail = self._put_in(name, amount, live=True)
        self._items.append(f"{written} bets {amount_text(amount)}{tail}")

    def raise_to(self, name: str, total: Decimal) -> None:
        """A raise to ``total`` chips in this round."""
        written = self._actor(name)
        self._betting()
        increment = total - self._in_round.get(name, ZERO)
        if increment <= 0:
            raise SkipHand(f"{name} raises to {total} but already has {self._in_round.get(name, ZERO)} in")
        tail = self._put_in(name, increment, live=True)
        self._items.append(f"{written} raises to {amount_text(total)}{tail}")

    def raise_by(self, name: str, increment: Decimal) -> None:
        """A raise of ``increment`` chips put in now (the call plus the raise)."""
        self.raise_to(name, self._in_round.get(name, ZERO) + increment)

    def call(self, name: str, amount: Decimal | None = None) -> None:
        """A call; ``amount`` is the chips the site says went in now (None: whatever the call is)."""
        written = self._actor(name)
        self._betting()
        owed = self._bet - self._in_round.get(name, ZERO)
        left = self._left[name]
        if amount is None:
            amount = min(owed, left)
        if owed <= 0:
            self.warnings.append(f"{name} calls {amount} with nothing to call")
        tail = self._put_in(name, amount, live=True)
        if amount == owed:
            self._items.append(f"{written} calls{tail}")
        elif tail:
            self._items.append(f"{written} calls {amount_text(amount)}{tail}")
        else:
            self.warnings.append(f"{name} calls {amount} where the call was {owed}")
            self._items.append(
                f"{written} calls {amount_text(amount)}  # the site's figure; the call was {owed}"
            )

    def call_to(self, name: str, total: Decimal) -> None:
        """A call that brings the player to ``total`` chips in this round."""
        self.call(name, total - self._in_round.get(name, ZERO))

    def chips_left(self, name: str) -> Decimal:
        """What ``name`` has left in front of him."""
        return self._left.get(name, self._seats[name].stack if name in self._seats else ZERO)

    def in_round(self, name: str) -> Decimal:
        return self._in_round.get(name, ZERO)

    @property
    def current_bet(self) -> Decimal:
        return self._bet

    # -- the draw -------------------------------------------------------------------------------

    def draw_round(self) -> None:
        """A street marker: the betting is over and a drawing round begins."""
        if self._in_draw and not self._pending:
            return  # the marker and the first discard both announce the same round
        game = self.game
        limit = game.draws if game else 1
        if self._draws >= limit:
            raise SkipHand(f"more drawing rounds than {game or 'the game'} has ({limit})")
        self._close_draw()
        self._draws += 1
        self._in_draw = True
        self._new_round()
        self._items.append("draw")

    def _draw_action(self, name: str) -> None:
        if not self._in_draw or name in self._pending:
            self.draw_round()

    def discard(self, name: str, count: int, cards: tuple[Card, ...] = ()) -> None:
        """``name`` throws ``count`` cards (named when the site shows them) and will draw as many."""
        self._draw_action(name)
        self._actor(name)
        line = _DrawLine(name, count)
        self._pending[name] = line
        self._items.append(line)
        if cards and len(cards) != count:
            self._hero_trouble(name, f"discards {count} cards but the site names {cards_text(cards)}")
        elif name != self._hero:
            line.discards = cards
        elif self._hero_cards is None:
            pass  # his cards went wrong earlier: counts only from here on
        elif all(card in self._hero_cards for card in cards):
            line.discards = cards  # when the site does not name them, what he receives will tell
        else:
            self._hero_trouble(name, f"discards {cards_text(cards)}, not all in his hand")

    def stand_pat(self, name: str) -> None:
        self.discard(name, 0)

    def received(self, name: str, kept: tuple[Card, ...], new: tuple[Card, ...]) -> None:
        """The hero's hand after his draw: the cards kept and the cards received."""
        line = self._pending.get(name)
        hand = self._hero_cards
        if line is None or line.count == 0 or hand is None or name != self._hero or line.received:
            return  # "Dealt to" after standing pat, or his cards are already unknown
        discards = line.discards or tuple(card for card in hand if card not in kept)
        expected = [card for card in hand if card not in discards]
        if (
            len(discards) != line.count
            or len(new) != line.count
            or sorted(kept, key=repr) != sorted(expected, key=repr)
        ):
            self._hero_trouble(name, f"keeps {cards_text(kept)} and receives {cards_text(new)}")
        elif set(new) & set(hand):
            self._hero_trouble(name, f"receives {cards_text(new)}, some already in his hand")
        else:
            line.discards, line.received = discards, new
            self._hero_cards = [*expected, *new]

    def new_hand(self, name: str, cards: tuple[Card, ...]) -> None:
        """The hero's whole hand after his draw (the site does not say which cards are new)."""
        hand = self._hero_cards
        if hand is None:
            return
        kept = tuple(card for card in cards if card in hand)
        new = tuple(card for card in cards if card not in hand)
        if name not in self._pending:
            self.discard(name, len(new))  # the site printed his new hand but not his discard
        self.received(name, kept, new)

    def dealt_count(self, name: str, count: int) -> None:
        """``Bob is dealt 2 cards`` after his discard: checks it against the discard."""
        line = self._pending.get(name)
        if line is not None and line.count != count:
            self.warnings.append(f"{name} discards {line.count} but is dealt {count}")
            line.count = count

    def _close_draw(self) -> None:
        """The drawing round is over: a hero draw nobody named leaves his cards unknown."""
        hero = self._hero
        line = self._pending.get(hero) if hero else None
        if hero and line is not None and line.count and not line.received and self._hero_cards is not None:
            self._hero_trouble(hero, f"draws {line.count} but the site does not say what he received")
        self._pending = {}

    def _hero_trouble(self, name: str, what: str) -> None:
        message = f"the site's record of {name}'s cards does not add up ({what}); the log gives counts only"
        self.warnings.append(message)
        if name == self._hero:
            self._hero_cards = None
        line = self._pending.get(name)
        if line is not None:
            line.discards = ()
            line.received = ()
            line.comment = "  # " + message

    def seat_numbers(self) -> dict[str, int]:
        """Site name -> seat number for everyone dealt in so far."""
        return {s.name: s.number for s in self._dealt_in()}

    def live_players(self) -> list[str]:
        """Site names of the dealt-in players who have not folded, in seat order."""
        return [s.name for s in self._dealt_in() if s.name not in self._folded]

    # -- showdown -------------------------------------------------------------------------------

    def showdown(self) -> None:
        if not self._in_showdown:
            self._close_draw()
            self._in_showdown = True
            self._in_draw = False
            self._items.append("showdown")

    @property
    def in_showdown(self) -> bool:
        return self._in_showdown

    def show(self, name: str, cards: tuple[Card, ...]) -> None:
        written = self._actor(name)
        if not self._in_showdown:
            self._items.append(f"# {written} shows {cards_text(cards)} (not at a showdown)")
            return
        hand = self._hero_cards
        if name == self._hero and hand is not None and sorted(cards, key=repr) != sorted(hand, key=repr):
            self.warnings.append(
                f"{name} shows {cards_text(cards)} but the draws left him {cards_text(hand)}"
            )
        self._items.append(f"{written} shows {cards_text(cards)}")

    def muck(self, name: str) -> None:
        written = self._actor(name)
        if self._in_showdown:
            self._items.append(f"{written} mucks")

    def comment(self, text: str) -> None:
        self._items.append(f"# {text}")

    # -- the result -----------------------------------------------------------------------------

    def returned(self, name: str, amount: Decimal) -> None:
        self._returned[name] = self._returned.get(name, ZERO) + amount

    def uncalled(self) -> dict[str, Decimal]:
        """The uncalled bets by the rule: in each round (the antes count as one), the excess of the
        most anyone put in over the next most goes back to him."""
        returns: dict[str, Decimal] = {}
        for chips in [self._antes, *self._rounds, self._in_round]:
            ranked = sorted(chips.items(), key=lambda item: item[1], reverse=True)
            if not ranked:
                continue
            top, most = ranked[0]
            excess = most - (ranked[1][1] if len(ranked) > 1 else ZERO)
            if excess > 0:
                returns[top] = returns.get(top, ZERO) + excess
        return returns

    def total_invested(self) -> Decimal:
        return sum(self._invested.values(), ZERO)

    def total_collected(self) -> Decimal:
        return sum((award.amount for award in self._awards), ZERO)

    def check_nets(self, nets: Mapping[str, Decimal]) -> None:
        """Compare the nets a site prints with collected + returned - invested."""
        collected: dict[str, Decimal] = {}
        for award in self._awards:
            collected[award.player] = collected.get(award.player, ZERO) + award.amount
        for name, net in nets.items():
            ours = (
                collected.get(self.names.log_name(name), ZERO)
                + self._returned.get(name, ZERO)
                - self._invested.get(name, ZERO)
            )
            if ours != net:
                self.warnings.append(f"the site says {name} nets {net}; its own figures give {ours}")

    def return_uncalled(self) -> None:
        """For sites that do not print them: record the uncalled bets the rule gives back."""
        for name, amount in self.uncalled().items():
            self.returned(name, amount)

    def collected(self, name: str, amount: Decimal, pot: str = "pot") -> None:
        self._awards.append(Award(self.names.log_name(name), amount, pot))

    def summary(
        self,
        total: Decimal,
        rake: Decimal,
        main: Decimal | None = None,
        sides: tuple[Decimal, ...] = (),
    ) -> None:
        self.total_pot = total
        self.rake = rake
        self.main_pot = main
        self.side_pots = sides

    # -- output ---------------------------------------------------------------------------------

    def _dealer(self, dealt_in: list[_Seat]) -> tuple[_Seat, str]:
        """The seat the log names as dealer, and a comment when it is not the button's own seat."""
        if self.button_name is not None:
            named = [s for s in dealt_in if s.name == self.button_name]
            if named:
                return named[0], ""
            seat = self._seats.get(self.button_name)
            if seat is None:
                raise SkipHand(f"the button {self.button_name!r} has no seat")
            button = seat.number
        elif self.button_seat is not None:
            button = self.button_seat
        else:
            raise SkipHand("the history does not say where the button is")
        at_button = [s for s in dealt_in if s.number == button]
        if at_button:
            return at_button[0], ""
        before = [s for s in dealt_in if s.number < button] or dealt_in
        dealer = before[-1]
        return dealer, (
            f"# the button was at seat {button}, where nobody was dealt in; "
            f"the dealer is the last player before it"
        )

    def _limit_text(self) -> str:
        if self.structure is Structure.POT:
            return "pot"
        if self.structure is Structure.NO_LIMIT:
            return "no-limit"
        if self.small_bet is None or self.big_bet is None:
            raise SkipHand("a fixed-limit game whose bet sizes the history does not give")
        return f"{amount_text(self.small_bet)}/{amount_text(self.big_bet)}"

    def build(self) -> ImportedHand:
        """The finished hand.

        Raises:
            SkipHand: the hand cannot be a log (nobody dealt in, no cards dealt, no result).
        """
        if self.game is None:
            raise SkipHand("the game is not known")
        if not self._dealt:
            raise SkipHand("no cards were dealt: the hand never started")
        dealt_in = self._dealt_in()
        if len(dealt_in) < 2:
            raise SkipHand("fewer than two players were dealt in")
        if self.total_pot is None or self.rake is None:
            raise SkipHand("the history has no result (no total pot)")
        if self.uncalled() != self._returned:
            printed, rule = _amounts(self._returned), _amounts(self.uncalled())
            self.warnings.append(f"uncalled bets returned {printed} where the rule gives {rule}")
        dealer, dealer_note = self._dealer(dealt_in)
        players = [s.name for s in dealt_in]
        written = {name: self.names.written(name) for name in players}
        header = [
            f"# {self.site} hand #{self.hand_id}{', ' + self.description if self.description else ''}",
            f"# imported by referee from {Path(self.source).name}",
        ]
        for log_name, site_name in self.names.aliases.items():
            if site_name in written:
                header.append(f"# {log_name} is the site's player {site_name!r}, a name the log cannot write")
        header += [
            f"title: {self.site} hand {self.hand_id}",
            f"game: {self.game.value}",
            f"seats: {', '.join(written[name] for name in players)}",
            f"dealer: {written[dealer.name]}",
        ]
        if dealer_note:
            header.append(dealer_note)
        if self.ante:
            header.append(f"ante: {amount_text(self.ante)}")
        header += [
            f"limit: {self._limit_text()}",
            "stacks: " + ", ".join(f"{written[s.name]} {amount_text(s.stack)}" for s in dealt_in),
            f"rake: {amount_text(self.rake)}",
            "",
        ]
        body = [self._render(item) for item in self._items]
        text = "\n".join([*header, *body]) + "\n"
        log_names = {name: self.names.log_name(name) for name in self._seats}
        collected: dict[str, Decimal] = {}
        for award in self._awards:
            collected[award.player] = collected.get(award.player, ZERO) + award.amount
        result = RecordedResult(
            total_pot=self.total_pot,
            rake=self.rake,
            collected=frozen_amounts(collected),
            returned=frozen_amounts({log_names.get(n, n): a for n, a in self._returned.items()}),
            invested=frozen_amounts({log_names[s.name]: self._invested.get(s.name, ZERO) for s in dealt_in}),
            awards=tuple(self._awards),
            main_pot=self.main_pot,
            side_pots=self.side_pots,
        )
        aliases = {log: site for log, site in self.names.aliases.items() if site in written}
        return ImportedHand(
            site=self.site,
            hand_id=self.hand_id,
            game=self.game,
            log=text,
            result=result,
            source=self.source,
            line=self.line,
            aliases=MappingProxyType(aliases),
            warnings=tuple(self.warnings),
        )

    def _render(self, item: _Item) -> str:
        if isinstance(item, str):
            return item
        who = self.names.written(item.player)
        if item.count == 0:
            text = f"{who} stands pat"
        elif item.discards and item.received:
            text = f"{who} discards {cards_text(item.discards)}, draws {cards_text(item.received)}"
        elif item.discards:
            text = f"{who} discards {cards_text(item.discards)}, draws {item.count}"
        else:
            text = f"{who} draws {item.count}"
        return text + item.comment


def _amounts(mapping: Mapping[str, Decimal]) -> str:
    return "{" + ", ".join(f"{name} {amount_text(amount)}" for name, amount in mapping.items()) + "}"
