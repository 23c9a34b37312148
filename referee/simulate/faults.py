"""Irregularities injected into simulated clean hands (``referee simulate --faults N``).

A clean hand from :mod:`referee.simulate` is taken apart into its events; one to three faults
from the detectors' catalogue (:class:`~referee.rulebook.vocabulary.Kind`) are put in at points
where a table could have made them — an action out of turn, a card the dealer flashes, a call a
chip short, a false opener, a fourth card drawn at jacks or better, a player who folded and acts
again, a misdeal called, a declaration, words instead of chips, a duplicate card, ... — and the
log is printed again in its canonical form. Each fault is named in a comment at the top of the
log (``# fault: out-of-turn at line 14: Dee bets before Bob``) so a reader knows what was put in.

Hand ``k`` of seed ``s`` with ``n`` faults is the same text whatever else was asked for: its
random choices come from ``random.Random(f"referee-faults:{s}:{n}:{k}")`` and the clean hand
``k`` of seed ``s``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.cards import Card, deck
from referee.events import LimitKind
from referee.rulebook.vocabulary import Kind
from referee.simulate import SimulatedHand, iter_hands, render

if TYPE_CHECKING:
    from referee.rulebook import Rulebook

ZERO: Final = Decimal(0)
MOST_FAULTS: Final = 3
"""The most faults ``--faults`` puts into one hand."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One irregularity put into a log: what, where, and in a few words."""

    name: str
    """The fault's id in :data:`FAULTS` (``out-of-turn``, ``short-call``, ...)."""
    kind: Kind | None
    """The irregularity the detectors should find there (None: a fault with no kind of its own)."""
    line: int
    """The line of the printed log that carries it."""
    detail: str
    """What was done, in a player's words (``Dee bets before Bob``)."""

    @property
    def comment(self) -> str:
        return f"# fault: {self.name} at line {self.line}: {self.detail}"


@dataclass(frozen=True, slots=True)
class FaultyHand:
    """A simulated hand with faults put in: its text, the faults, and the clean hand it came from."""

    number: int
    seed: int
    text: str
    faults: tuple[Fault, ...]
    """Each line that carries a fault (a fault may take two: a short call, then the refusal)."""
    clean: SimulatedHand
    injected: int = 0
    """How many faults were put in (fewer than asked when none fitted anywhere left)."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(fault.name for fault in self.faults)


class FaultError(ValueError):
    """A number of faults outside 1-3."""


def iter_faulty_hands(
    count: int,
    seed: int,
    faults: int,
    *,
    game: str | None = None,
    rulebook: str | Rulebook | None = None,
    only: Sequence[str] = (),
    start: int = 1,
) -> Iterator[FaultyHand]:
    """``count`` simulated hands with ``faults`` faults each (hand ``k`` depends only on its arguments).

    ``only`` limits the faults to those names of :data:`FAULTS` (default: all of them); ``start``
    is the number of the first hand (``count=1, start=k``: hand ``k`` alone).

    Raises:
        FaultError: ``faults`` is not 1, 2 or 3, or ``only`` names an unknown fault.
        SimulationError: as :func:`referee.simulate.iter_hands`.
    """
    if not 1 <= faults <= MOST_FAULTS:
        raise FaultError(f"a hand takes 1 to {MOST_FAULTS} faults, not {faults}")
    unknown = [name for name in only if name not in FAULTS]
    if unknown:
        raise FaultError(f"no fault named {', '.join(unknown)}; the faults are {', '.join(FAULTS)}")
    for hand in iter_hands(count, seed, game=game, rulebook=rulebook, start=start):
        rng = random.Random(f"referee-faults:{seed}:{faults}:{hand.number}")
        yield inject(hand, faults, rng, only=only)


def faulty_hands(
    count: int,
    seed: int,
    faults: int,
    *,
    game: str | None = None,
    rulebook: str | Rulebook | None = None,
    only: Sequence[str] = (),
) -> list[FaultyHand]:
    """:func:`iter_faulty_hands` as a list."""
    return list(iter_faulty_hands(count, seed, faults, game=game, rulebook=rulebook, only=only))


def inject(hand: SimulatedHand, faults: int, rng: random.Random, *, only: Sequence[str] = ()) -> FaultyHand:
    """``hand`` with up to ``faults`` faults put in (fewer when no fault fits anywhere left)."""
    names = list(only or FAULTS)
    events = list(hand.events)
    marked: list[tuple[ev.Event, str, str]] = []
    injected = 0
    for _ in range(faults):
        order = sorted(names, key=lambda name: rng.random() ** (1 / FAULTS[name].weight), reverse=True)
        table = _Table(hand, events, {id(event) for event, _, _ in marked})
        for name in order:
            made = FAULTS[name].make(table, rng)
            if made is not None:
                events = made.events
                marked = [
                    (made.replaced.get(id(event), event), label, detail) for event, label, detail in marked
                ]
                marked += [(event, name, detail) for event, detail in made.marks]
                injected += 1
                break
    return dataclasses.replace(_printed(hand, events, marked), injected=injected)


# --- printing -------------------------------------------------------------------------------------


def _printed(
    hand: SimulatedHand, events: list[ev.Event], marked: list[tuple[ev.Event, str, str]]
) -> FaultyHand:
    """The log's canonical text with a comment line per fault at the top, each naming its line."""
    where = {id(event): index for index, event in enumerate(events)}
    # A line number of its own for each event, so the printer never joins two onto one line: then
    # the events are the non-blank lines after the header's blank line, one each, in order.
    numbered = [dataclasses.replace(event, line=index + 1) for index, event in enumerate(events)]
    body = render(hand.header, numbered)
    printed = body.splitlines()
    after_header = printed.index("") + 1 if "" in printed else 0
    lines = [number + 1 for number in range(after_header, len(printed)) if printed[number]]
    found = sorted(
        ((lines[where[id(event)]] + len(marked), name, detail) for event, name, detail in marked),
        key=lambda item: item[0],
    )
    faults = tuple(Fault(name, FAULTS[name].kind, line, detail) for line, name, detail in found)
    text = "".join(fault.comment + "\n" for fault in faults) + body
    return FaultyHand(hand.number, hand.seed, text, faults, hand)


# --- what the table looked like before each event --------------------------------------------------

_BETTING: Final = (ev.Check, ev.Bet, ev.Open, ev.Call, ev.Raise, ev.Fold, ev.AllIn)
_CHIPS: Final = (ev.Bet, ev.Open, ev.Call, ev.Raise, ev.AllIn)


@dataclass(slots=True)
class _Moment:
    """The table just before one event (as the log tells it, not as a rulebook would rule it)."""

    deal: int
    phase: str
    """``before-deal``, ``deal``, ``first`` (betting before the draw), ``draw``, ``after`` (betting
    after the draw), ``showdown`` or ``over`` (the deal was won uncontested)."""
    live: tuple[str, ...]
    """Players who have not folded, in seat order."""
    bet: Decimal
    """The bet to call in this betting round."""
    paid: Mapping[str, Decimal]
    """What each player has put in during this betting round."""
    sure: bool
    """Whether ``bet`` and ``paid`` are known (no all-in, no table stakes, no speech)."""


@dataclass(slots=True)
class _Deal:
    start: int
    end: int
    """Index after the deal's last event."""
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    opener: str | None = None
    seen: set[Card] = field(default_factory=set)
    """Every card any event of the deal names."""


class _Table:
    """A hand's events, with the moment before each one and each deal's cards."""

    def __init__(self, hand: SimulatedHand, events: list[ev.Event], faulty: set[int]) -> None:
        self.hand = hand
        self.events = events
        self.faulty = faulty
        """Ids of events already put in as faults: no later fault changes them."""
        self.config = hand.config
        self.pack = deck(hand.config.deck)
        self.seats = hand.header.seats
        self.dealer = hand.header.dealer
        self.moments: list[_Moment] = []
        self.deals: list[_Deal] = []
        self._walk()

    def _walk(self) -> None:
        stacks = bool(self.hand.header.stacks)
        deal = _Deal(0, 0)
        self.deals.append(deal)
        phase, folded, bet, paid, sure = "before-deal", set[str](), ZERO, dict[str, Decimal](), not stacks
        for index, event in enumerate(self.events):
            # The moment before an event: a ``deal``, ``draw`` or ``showdown`` line starts its phase
            # after itself; the first bet of a round is already in the betting.
            if isinstance(event, _BETTING) and phase in ("deal", "draw"):
                phase = "first" if phase == "deal" else "after"
            live = tuple(name for name in self.seats if name not in folded)
            self.moments.append(_Moment(len(self.deals) - 1, phase, live, bet, dict(paid), sure))
            if isinstance(event, ev.NewDeal):
                deal.end = index
                deal = _Deal(index, 0)
                self.deals.append(deal)
                phase, folded, bet, paid, sure = "before-deal", set(), ZERO, {}, not stacks
            elif isinstance(event, ev.Deal):
                phase = "deal"
            elif isinstance(event, ev.DrawPhase):
                phase, bet, paid, sure = "draw", ZERO, {}, not stacks
            elif isinstance(event, ev.Showdown):
                phase = "showdown"
            deal.seen.update(_cards(event))
            if isinstance(event, ev.DealtCards):
                deal.dealt[event.player] = event.cards
            elif isinstance(event, ev.Open):
                deal.opener = event.player
            if isinstance(event, ev.Fold):
                folded.add(event.player)
                if len([name for name in self.seats if name not in folded]) == 1:
                    phase = "over"
            elif isinstance(event, ev.Open | ev.Bet):
                paid[event.player] = event.amount
                bet = max(bet, event.amount)
            elif isinstance(event, ev.Raise):
                paid[event.player] = event.amount if event.to else bet + event.amount
                bet = paid[event.player]
            elif isinstance(event, ev.Call):
                if event.amount is None:
                    paid[event.player] = bet
                else:
                    paid[event.player] = paid.get(event.player, ZERO) + event.amount
            elif isinstance(event, ev.AllIn | ev.Says):
                sure = False
        deal.end = len(self.events)

    # --- questions ---------------------------------------------------------------------------

    def deal_of(self, index: int) -> _Deal:
        return self.deals[self.moments[index].deal]

    def free(self, index: int) -> bool:
        """Whether the event at ``index`` is an original line a fault may change."""
        return id(self.events[index]) not in self.faulty

    def hand_at(self, player: str, index: int) -> tuple[Card, ...]:
        """What ``player`` holds before the event at ``index`` (his dealt cards, then his draw)."""
        deal = self.deal_of(index)
        cards = list(deal.dealt.get(player, ()))
        for event in self.events[deal.start : index]:
            if isinstance(event, ev.Draw) and event.player == player and event.discards and event.received:
                cards = [card for card in cards if card not in event.discards] + list(event.received)
        return tuple(cards)

    def stub(self, index: int) -> list[Card]:
        """Cards of the pack no event of this deal names (never dealt, never seen)."""
        seen = self.deal_of(index).seen
        return [card for card in self.pack if card not in seen]

    def indexes(self, *phases: str) -> list[int]:
        return [index for index, moment in enumerate(self.moments) if moment.phase in phases]

    def insert(self, index: int, *new: ev.Event) -> list[ev.Event]:
        return [*self.events[:index], *new, *self.events[index:]]

    def replace(self, index: int, *new: ev.Event) -> list[ev.Event]:
        return [*self.events[:index], *new, *self.events[index + 1 :]]


def _cards(event: ev.Event) -> tuple[Card, ...]:
    cards: list[Card] = []
    for name in ("cards", "discards", "received", "kept"):
        cards += getattr(event, name, ())
    card = getattr(event, "card", None)
    if isinstance(card, Card):
        cards.append(card)
    return tuple(cards)


# --- the faults -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Made:
    events: list[ev.Event]
    marks: list[tuple[ev.Event, str]]
    """The events that carry the fault, each with what was done there in a few words."""
    replaced: Mapping[int, ev.Event] = field(default_factory=dict)
    """Events changed in place (a card respelled through a hand), by the id of the one they replace."""


Maker = Callable[[_Table, random.Random], _Made | None]


@dataclass(frozen=True, slots=True)
class FaultSpec:
    """One entry of the catalogue: the kind it aims at, how often it is picked, and its maker."""

    kind: Kind | None
    weight: float
    make: Maker
    summary: str


def _pick(rng: random.Random, items: Sequence[int]) -> int | None:
    return rng.choice(items) if items else None


def _name(player: str) -> str:
    from referee.log.printer import format_name

    return format_name(player)


def out_of_turn(table: _Table, rng: random.Random) -> _Made | None:
    """A betting action moved ahead of the player (or two) whose turn it was."""
    events, moments = table.events, table.moments
    spots = []
    for index in range(1, len(events)):
        event = events[index]
        if not isinstance(event, _BETTING) or isinstance(event, ev.Fold) or not table.free(index):
            continue
        back = 1
        while (
            back <= 2
            and index - back >= 0
            and isinstance(events[index - back], _BETTING)
            and moments[index - back].phase == moments[index].phase
            and moments[index - back].deal == moments[index].deal
            and getattr(events[index - back], "player", None) != event.player
        ):
            spots.append((index, back))
            back += 1
    if not spots:
        return None
    index, back = rng.choice(spots)
    event = events[index]
    skipped = getattr(events[index - back], "player", "")
    moved = [*events[: index - back], event, *events[index - back : index], *events[index + 1 :]]
    return _Made(moved, [(event, f"{_name(event.player)} acts before {_name(skipped)}")])  # type: ignore[attr-defined]


def fold_out_of_turn(table: _Table, rng: random.Random) -> _Made | None:
    """A fold moved ahead of the player whose turn it was."""
    events, moments = table.events, table.moments
    spots = [
        index
        for index in range(1, len(events))
        if isinstance(events[index], ev.Fold)
        and table.free(index)
        and isinstance(events[index - 1], _BETTING)
        and moments[index - 1].phase == moments[index].phase
        and moments[index - 1].deal == moments[index].deal
        and getattr(events[index - 1], "player", None) != getattr(events[index], "player", None)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    event, before = events[index], events[index - 1]
    moved = [*events[: index - 1], event, before, *events[index + 1 :]]
    detail = f"{_name(event.player)} folds before {_name(before.player)}'s turn"  # type: ignore[attr-defined]
    return _Made(moved, [(event, detail)])


def draw_out_of_turn(table: _Table, rng: random.Random) -> _Made | None:
    """Two players' draws swapped: the second draws before the first."""
    events = table.events
    drawing = (ev.Draw, ev.StandPat)
    spots = [
        index
        for index in range(1, len(events))
        if isinstance(events[index], drawing)
        and isinstance(events[index - 1], drawing)
        and table.free(index)
        and getattr(events[index], "player", None) != getattr(events[index - 1], "player", None)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    event, before = events[index], events[index - 1]
    moved = [*events[: index - 1], event, before, *events[index + 1 :]]
    detail = f"{_name(event.player)} draws before {_name(before.player)}"  # type: ignore[attr-defined]
    return _Made(moved, [(event, detail)])


def _after_dealt(table: _Table) -> list[int]:
    """Indexes just after a ``deal`` line or a player's dealt cards, before the betting."""
    deals = table.indexes("before-deal", "deal")
    return [index + 1 for index in deals if isinstance(table.events[index], ev.Deal | ev.DealtCards)]


def exposed_by_dealer(table: _Table, rng: random.Random) -> _Made | None:
    """The dealer exposes a player's card while dealing."""
    spots = []
    for index in _after_dealt(table):
        for player, cards in table.deal_of(index - 1).dealt.items():
            if table.hand_at(player, index) and cards:
                spots.append((index, player))
    if not spots:
        return None
    index, player = rng.choice(spots)
    card = rng.choice(table.hand_at(player, index))
    event = ev.CardExposed("dealer", card, owner=player, by_dealer=True)
    return _Made(table.insert(index, event), [(event, f"the dealer exposes {_name(player)}'s {card!r}")])


def exposed_by_player(table: _Table, rng: random.Random) -> _Made | None:
    """A player in the hand shows one of his own cards during the betting."""
    spots = [
        (index, player)
        for index in table.indexes("first", "after")
        for player in table.moments[index].live
        if table.hand_at(player, index)
    ]
    if not spots:
        return None
    index, player = rng.choice(spots)
    card = rng.choice(table.hand_at(player, index))
    event = ev.CardExposed(player, card, owner=player)
    return _Made(table.insert(index, event), [(event, f"{_name(player)} exposes his {card!r}")])


def exposed_on_draw(table: _Table, rng: random.Random) -> _Made | None:
    """The dealer exposes a card he is serving a player on the draw."""
    spots = [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Draw) and event.received and table.free(index)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    draw = table.events[index]
    assert isinstance(draw, ev.Draw)
    card = rng.choice(draw.received)
    event = ev.CardExposed("dealer", card, owner=draw.player, by_dealer=True)
    detail = f"the dealer exposes {_name(draw.player)}'s {card!r} on the draw"
    return _Made(table.insert(index + 1, event), [(event, detail)])


def flashed_card(table: _Table, rng: random.Random) -> _Made | None:
    """The dealer flashes a card that belongs to nobody (from the stub), on the deal or the draw."""
    spots = [index for index in table.indexes("deal", "draw") if table.stub(index)]
    index = _pick(rng, spots)
    if index is None:
        return None
    card = rng.choice(table.stub(index))
    event = ev.CardExposed("dealer", card, by_dealer=True)
    return _Made(table.insert(index + 1, event), [(event, f"the dealer flashes {card!r} from the stub")])


def face_up_in_pack(table: _Table, rng: random.Random) -> _Made | None:
    """A card found face up in the pack, on the deal or the draw."""
    spots = [index for index in table.indexes("deal", "draw") if table.stub(index)]
    index = _pick(rng, spots)
    if index is None:
        return None
    card = rng.choice(table.stub(index))
    event = ev.CardFaceUpInPack(card)
    return _Made(table.insert(index + 1, event), [(event, f"{card!r} is found face up in the pack")])


def _owed(table: _Table, index: int) -> Decimal:
    moment = table.moments[index]
    event = table.events[index]
    return moment.bet - moment.paid.get(getattr(event, "player", ""), ZERO)


def _calls(table: _Table, least: Decimal) -> list[int]:
    """Plain calls (``Bob calls``) of at least ``least`` by a player with nothing in yet this round."""
    return [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Call)
        and event.amount is None
        and table.free(index)
        and table.moments[index].sure
        and table.moments[index].paid.get(event.player, ZERO) == 0
        and _owed(table, index) >= least
    ]


def short_call(table: _Table, rng: random.Random) -> _Made | None:
    """A call a chip (or more) short."""
    index = _pick(rng, _calls(table, Decimal(2)))
    if index is None:
        return None
    call = table.events[index]
    assert isinstance(call, ev.Call)
    owed = _owed(table, index)
    amount = Decimal(rng.randint(1, int(owed) - 1)) if owed == int(owed) else owed - 1
    event = ev.Call(call.player, amount)
    return _Made(table.replace(index, event), [(event, f"{_name(call.player)} calls {amount} of {owed}")])


def short_call_refused(table: _Table, rng: random.Random) -> _Made | None:
    """A short call, and the caller then refuses to make it good (at once or a few lines later)."""
    made = short_call(table, rng)
    if made is None:
        return None
    call = made.marks[0][0]
    assert isinstance(call, ev.Call)
    at = next(i for i, event in enumerate(made.events) if event is call)
    later = at + 1
    limit = min(len(made.events), at + 1 + rng.choice((0, 0, 1, 2, 3)))
    while later < limit and isinstance(made.events[later], _BETTING):
        later += 1
    refusal = ev.BetCompletion(call.player, completed=False)
    events = [*made.events[:later], refusal, *made.events[later:]]
    marks = [
        (call, made.marks[0][1]),
        (refusal, f"{_name(call.player)} does not complete"),
    ]
    return _Made(events, marks)


def check_facing_bet(table: _Table, rng: random.Random) -> _Made | None:
    """A player checks when there is a bet for him to call."""
    index = _pick(rng, _calls(table, Decimal(1)))
    if index is None:
        return None
    call = table.events[index]
    assert isinstance(call, ev.Call)
    event = ev.Check(call.player)
    detail = f"{_name(call.player)} checks facing a bet of {_owed(table, index)}"
    return _Made(table.replace(index, event), [(event, detail)])


def _limited_bets(table: _Table) -> list[int]:
    kind = table.config.limit.kind
    if kind not in (LimitKind.FIXED, LimitKind.SPREAD):
        return []
    return [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Bet | ev.Open) and table.free(index)
    ]


def short_bet(table: _Table, rng: random.Random) -> _Made | None:
    """At a fixed limit, an opening bet or a bet below the limit's size."""
    if table.config.limit.kind is not LimitKind.FIXED:
        return None
    index = _pick(rng, [i for i in _limited_bets(table) if getattr(table.events[i], "amount", ZERO) >= 2])
    if index is None:
        return None
    bet = table.events[index]
    assert isinstance(bet, ev.Bet | ev.Open)
    event = dataclasses.replace(bet, amount=bet.amount - 1)
    detail = f"{_name(bet.player)} bets {event.amount} where the limit's bet is {bet.amount}"
    return _Made(table.replace(index, event), [(event, detail)])


def over_limit(table: _Table, rng: random.Random) -> _Made | None:
    """A bet or opening above what a fixed or spread limit allows."""
    index = _pick(rng, _limited_bets(table))
    if index is None:
        return None
    bet = table.events[index]
    assert isinstance(bet, ev.Bet | ev.Open)
    limit = table.config.limit
    top = max(limit.high or ZERO, limit.top or ZERO, bet.amount)
    event = dataclasses.replace(bet, amount=top + rng.choice((1, 2, top)))
    detail = f"{_name(bet.player)} bets {event.amount}, over the limit"
    return _Made(table.replace(index, event), [(event, detail)])


def wrong_count_dealt(table: _Table, rng: random.Random) -> _Made | None:
    """``Bob was dealt 6 cards``: a hand of the wrong size, found on the deal."""
    return _wrong_count(table, rng, _after_dealt(table), dealt=True, when="")


def wrong_count_held(table: _Table, rng: random.Random) -> _Made | None:
    """``Bob has 4 cards``: found during the betting before the draw."""
    return _wrong_count(table, rng, table.indexes("first"), dealt=False, when=" before the draw")


def foul_hand(table: _Table, rng: random.Random) -> _Made | None:
    """``Bob has 6 cards`` after the draw: a foul hand."""
    return _wrong_count(table, rng, table.indexes("after", "showdown"), dealt=False, when=" after the draw")


def _wrong_count(
    table: _Table, rng: random.Random, indexes: Sequence[int], *, dealt: bool, when: str
) -> _Made | None:
    """A live player's hand one card off its size, said at one of ``indexes`` (the three wrong counts
    differ only in where the table finds it and how the line says it)."""
    spots = [(index, player) for index in indexes for player in table.moments[index].live]
    if not spots:
        return None
    index, player = rng.choice(spots)
    count = table.config.hand_size + rng.choice((1, -1))
    event = ev.WrongCardCount(player, count, dealt=dealt)
    said = f"{_name(player)} was dealt {count} cards" if dealt else f"{_name(player)} has {count} cards{when}"
    return _Made(table.insert(index, event), [(event, said)])


def _substitute(
    events: list[ev.Event], start: int, end: int, player: str, old: Card, new: Card
) -> tuple[list[ev.Event], dict[int, ev.Event]]:
    """``old`` is ``new`` in ``player``'s cards from ``start`` to ``end`` (his dealt hand, draw, shows).

    Returns the events and, by the id of each event changed, its replacement.
    """
    out = list(events)
    replaced: dict[int, ev.Event] = {}
    for index in range(start, end):
        event = out[index]
        if getattr(event, "player", None) != player and getattr(event, "owner", None) != player:
            continue
        changes: dict[str, object] = {}
        for name in ("cards", "discards", "kept"):
            cards = getattr(event, name, None)
            if isinstance(cards, tuple) and old in cards:
                changes[name] = tuple(new if card == old else card for card in cards)
        if getattr(event, "card", None) == old:
            changes["card"] = new
        if changes:
            out[index] = replaced[id(event)] = dataclasses.replace(event, **changes)  # type: ignore[arg-type]
    return out, replaced


def false_openers(table: _Table, rng: random.Random) -> _Made | None:
    """The opener's dealt hand changed so that it does not hold openers; his shows follow the change.

    If he does not show at the showdown, he shows his would-be openers after the deal.
    """
    from referee.hands import meets_requirement

    config = table.config
    if config.openers == "anything":
        return None
    choices = []
    for deal in table.deals:
        opener = deal.opener
        if opener is None or opener not in deal.dealt:
            continue
        at = next(
            i
            for i in range(deal.start, deal.end)
            if getattr(table.events[i], "player", None) == opener
            and isinstance(table.events[i], ev.DealtCards)
        )
        if not table.free(at):
            continue
        choices.append((deal, at))
    if not choices:
        return None
    deal, at = rng.choice(choices)
    opener = deal.opener
    assert opener is not None
    dealt = deal.dealt[opener]
    stub = [card for card in table.pack if card not in deal.seen]
    rng.shuffle(stub)
    for old in rng.sample(dealt, len(dealt)):
        for new in stub[:12]:
            hand = tuple(new if card == old else card for card in dealt)
            try:
                if meets_requirement(hand, config.openers, config.ranking):
                    continue
            except ValueError:
                continue
            events, replaced = _substitute(table.events, deal.start, deal.end, opener, old, new)
            marked = events[at]
            shows = [
                i
                for i in range(deal.start, deal.end)
                if isinstance(events[i], ev.Show | ev.ShowOpeners)
                and getattr(events[i], "player", None) == opener
            ]
            detail = f"{_name(opener)} opens without openers (dealt {new!r}, not {old!r})"
            marks: list[tuple[ev.Event, str]] = [(marked, detail)]
            if not shows:
                kept = tuple(card for card in hand if card != new) if new in hand else hand
                proof = ev.ShowOpeners(opener, kept[:2] if len(kept) >= 2 else kept)
                events = [*events[: deal.end], proof, *events[deal.end :]]
                marks.append((proof, f"{_name(opener)} shows what he opened on"))
            return _Made(events, marks, replaced)
    return None


def openers_not_shown(table: _Table, rng: random.Random) -> _Made | None:
    """The log never gives the opener's dealt cards, and he says he cannot show openers."""
    choices = [deal for deal in table.deals if deal.opener is not None]
    if table.config.openers == "anything" or not choices:
        return None
    deal = rng.choice(choices)
    opener = deal.opener
    assert opener is not None
    events = [
        event
        for index, event in enumerate(table.events)
        if not (
            deal.start <= index < deal.end
            and isinstance(event, ev.DealtCards)
            and event.player == opener
            and table.free(index)
        )
    ]
    end = deal.end - (len(table.events) - len(events))
    statement = ev.OpenersNotShown(opener)
    events = [*events[:end], statement, *events[end:]]
    return _Made(events, [(statement, f"{_name(opener)} cannot show openers (his deal is not in the log)")])


def over_draw(table: _Table, rng: random.Random) -> _Made | None:
    """A player draws one card more than the game's most (``Bob draws 4`` at jacks or better)."""
    most = min(table.config.max_draw, table.config.hand_size - 1)
    spots = [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Draw)
        and event.count == most
        and len(event.discards) == most
        and len(event.received) == most
        and table.free(index)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    draw = table.events[index]
    assert isinstance(draw, ev.Draw)
    kept = [card for card in table.hand_at(draw.player, index) if card not in draw.discards]
    stub = table.stub(index)
    if not kept or not stub:
        return None
    with_ace = table.config.max_draw_with_ace
    if with_ace is not None and with_ace > most:
        # Where an ace kept lets a player draw one more, the card he keeps must not be an ace (or joker).
        kept = [old for old in kept if not any(_ace(card) for card in kept if card != old)]
        if not kept:
            return None
    old, new = rng.choice(kept), rng.choice(stub)
    deal = table.deal_of(index)
    events, replaced = _substitute(table.events, index + 1, deal.end, draw.player, old, new)
    event = dataclasses.replace(
        draw, count=most + 1, discards=(*draw.discards, old), received=(*draw.received, new)
    )
    events[index] = event
    detail = f"{_name(draw.player)} draws {most + 1}, one more than the game allows"
    return _Made(events, [(event, detail)], replaced)


def _ace(card: Card) -> bool:
    """An ace or the joker (``As``, ``Jk``)."""
    return repr(card).startswith("A") or repr(card) == "Jk"


def acts_after_fold(table: _Table, rng: random.Random) -> _Made | None:
    """A player who folded checks, calls or shows later in the same deal."""
    spots = []
    for index, event in enumerate(table.events):
        if not isinstance(event, ev.Fold):
            continue
        deal = table.deal_of(index)
        for later in range(index + 2, deal.end + 1):
            phase = table.moments[later].phase if later < len(table.moments) else "over"
            if phase in ("first", "after", "showdown", "draw") and later < deal.end:
                spots.append((later, event.player))
    if not spots:
        return None
    at, player = rng.choice(spots)
    moment = table.moments[at]
    hand = table.hand_at(player, at)
    new: ev.Event
    if moment.phase == "showdown" and len(hand) == table.config.hand_size:
        new, what = ev.Show(player, hand), "shows"
    elif moment.phase == "draw":
        new, what = ev.StandPat(player), "stands pat"
    elif moment.bet > moment.paid.get(player, ZERO):
        new, what = ev.Call(player), "calls"
    else:
        new, what = ev.Check(player), "checks"
    return _Made(table.insert(at, new), [(new, f"{_name(player)} {what} after folding")])


def misdeal(table: _Table, rng: random.Random) -> _Made | None:
    """The table (or a player) calls a misdeal, and the log goes on as the hand was played."""
    spots = table.indexes("deal", "first", "draw")
    index = _pick(rng, spots)
    if index is None:
        return None
    live = table.moments[index + 1].live if index + 1 < len(table.moments) else table.moments[index].live
    caller = rng.choice((None, *live))
    event = ev.MisdealCalled(caller)
    who = "the table" if caller is None else _name(caller)
    return _Made(table.insert(index + 1, event), [(event, f"{who} calls a misdeal")])


_DECLARED: Final = (
    "nothing",
    "a pair",
    "two pair",
    "three of a kind",
    "a straight",
    "a flush",
    "a full house",
    "four of a kind",
)


def declaration(table: _Table, rng: random.Random) -> _Made | None:
    """A player declares a hand (rightly or not) just before he shows it."""
    spots = [
        index for index, event in enumerate(table.events) if isinstance(event, ev.Show) and table.free(index)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    show = table.events[index]
    assert isinstance(show, ev.Show)
    words = rng.choice(_DECLARED)
    event = ev.Declare(show.player, words)
    return _Made(table.insert(index, event), [(event, f"{_name(show.player)} declares {words}")])


def verbal_bet(table: _Table, rng: random.Random) -> _Made | None:
    """Words instead of chips (``Ann says "bet 5"``), or words before chips of another amount."""
    spots = [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Bet | ev.Open | ev.Raise | ev.Call) and table.free(index)
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    action = table.events[index]
    verb = {ev.Bet: "bet", ev.Open: "open", ev.Raise: "raise", ev.Call: "call"}[type(action)]
    amount = getattr(action, "amount", None)
    if isinstance(action, ev.Raise) and action.to:
        amount = None
    said = f"{verb} {amount}" if amount is not None else verb
    if rng.random() < 0.5:
        event = ev.Says(action.player, said)  # type: ignore[attr-defined]
        detail = f"{_name(action.player)} says {said!r} and puts no chips in"  # type: ignore[attr-defined]
        return _Made(table.replace(index, event), [(event, detail)])
    if amount is not None:
        said = f"{verb} {amount + rng.choice((1, 2))}"
    event = ev.Says(action.player, said)  # type: ignore[attr-defined]
    detail = f"{_name(action.player)} says {said!r}, then puts in chips"  # type: ignore[attr-defined]
    return _Made(table.insert(index, event), [(event, detail)])


def duplicate_card(table: _Table, rng: random.Random) -> _Made | None:
    """A second copy of a card in play is found."""
    spots = [
        index for index in table.indexes("first", "draw", "after", "showdown") if table.deal_of(index).dealt
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    deal = table.deal_of(index)
    player = rng.choice(sorted(deal.dealt))
    card = rng.choice(deal.dealt[player] or (rng.choice(table.pack),))
    event = ev.DuplicateCard(card)
    return _Made(table.insert(index, event), [(event, f"a second {card!r} is found")])


def wrong_dealer(table: _Table, rng: random.Random) -> _Made | None:
    """The wrong player dealt; it is noticed on the deal."""
    if table.dealer is None or len(table.seats) < 2:
        return None
    spots = _after_dealt(table)
    index = _pick(rng, spots)
    if index is None:
        return None
    player = rng.choice([name for name in table.seats if name != table.dealer])
    event = ev.WrongDealer(player)
    return _Made(table.insert(index, event), [(event, f"{_name(player)} dealt, not the dealer")])


def cut_problem(table: _Table, rng: random.Random) -> _Made | None:
    """The cut was not offered, not made, or showed a card."""
    spots = [index for index, event in enumerate(table.events) if isinstance(event, ev.Deal)]
    index = _pick(rng, spots)
    if index is None:
        return None
    problem = rng.choice(list(ev.CutProblem))
    event = ev.CutIrregularity(problem)
    return _Made(table.insert(index, event), [(event, str(problem.value))])


def draw_count_misstated(table: _Table, rng: random.Random) -> _Made | None:
    """Asked how many he drew, a player says a wrong number (or will not say)."""
    spots = [
        index
        for index, event in enumerate(table.events)
        if isinstance(event, ev.Draw | ev.StandPat) and table.moments[index].phase == "draw"
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    drawer = getattr(table.events[index], "player", "")
    others = [name for name in table.moments[index].live if name != drawer]
    if not others:
        return None
    drew = getattr(table.events[index], "count", 0)
    asked = ev.DrawCountAsked(rng.choice(others), drawer)
    answer: ev.Event
    if rng.random() < 0.25:
        answer, detail = ev.DrawCountRefused(drawer), f"{_name(drawer)} will not say how many he drew"
    else:
        said = rng.choice([n for n in range(0, 4) if n != drew])
        answer, detail = (
            ev.DrawCountAnswered(drawer, said),
            f"{_name(drawer)} says he drew {said}, not {drew}",
        )
    later = index + 1
    while later < len(table.events) and isinstance(table.events[later], ev.Draw | ev.StandPat):
        later += 1
    at = rng.choice((index + 1, later))
    return _Made(table.insert(at, asked, answer), [(answer, detail)])


def discards_retrieved(table: _Table, rng: random.Random) -> _Made | None:
    """A player takes back the cards he discarded."""
    spots = [
        index for index, event in enumerate(table.events) if isinstance(event, ev.Draw) and event.discards
    ]
    index = _pick(rng, spots)
    if index is None:
        return None
    player = getattr(table.events[index], "player", "")
    event = ev.DiscardsPickedUp(player)
    return _Made(table.insert(index + 1, event), [(event, f"{_name(player)} picks up his discards")])


def stake_changed(table: _Table, rng: random.Random) -> _Made | None:
    """At table stakes, a player puts money on the table (or takes some off) during a deal."""
    if not table.hand.header.stacks:
        return None
    spots = [
        (index, player)
        for index in table.indexes("first", "draw", "after")
        for player in table.moments[index].live
    ]
    if not spots:
        return None
    index, player = rng.choice(spots)
    added = rng.random() < 0.7
    amount = Decimal(rng.choice((5, 10, 20)))
    event = ev.StackChanged(player, amount, added=added)
    detail = f"{_name(player)} {'adds' if added else 'takes off'} {amount} during the deal"
    return _Made(table.insert(index, event), [(event, detail)])


def wrong_hand_count(table: _Table, rng: random.Random) -> _Made | None:
    """One hand too many (or too few) was dealt."""
    spots = _after_dealt(table)
    index = _pick(rng, spots)
    if index is None:
        return None
    count = len(table.seats) + rng.choice((1, -1))
    event = ev.HandsDealt(count=count)
    return _Made(
        table.insert(index, event), [(event, f"the dealer dealt {count} hands to {len(table.seats)}")]
    )


FAULTS: Final[Mapping[str, FaultSpec]] = {
    "out-of-turn": FaultSpec(
        Kind.OUT_OF_TURN, 4, out_of_turn, "a bet, call, raise or check before the player's turn"
    ),
    "fold-out-of-turn": FaultSpec(Kind.IMPROPER_FOLD, 1, fold_out_of_turn, "a fold before the player's turn"),
    "draw-out-of-turn": FaultSpec(
        Kind.DRAW_IRREGULARITY, 1, draw_out_of_turn, "a draw before the player's turn"
    ),
    "exposed-by-dealer": FaultSpec(
        Kind.EXPOSED_CARD, 2, exposed_by_dealer, "the dealer exposes a player's card"
    ),
    "exposed-by-player": FaultSpec(
        Kind.EXPOSED_CARD, 2, exposed_by_player, "a player shows one of his cards"
    ),
    "exposed-on-draw": FaultSpec(
        Kind.EXPOSED_CARD, 1, exposed_on_draw, "a card exposed as it is served on the draw"
    ),
    "flashed-card": FaultSpec(Kind.EXPOSED_CARD, 1, flashed_card, "the dealer flashes a card from the stub"),
    "face-up-in-pack": FaultSpec(Kind.CARD_FACE_UP_IN_PACK, 1, face_up_in_pack, "a card face up in the pack"),
    "short-call": FaultSpec(Kind.SHORT_BET, 3, short_call, "a call short of the bet"),
    "bet-not-completed": FaultSpec(
        Kind.BET_NOT_COMPLETED, 2, short_call_refused, "a short call never made good"
    ),
    "short-bet": FaultSpec(Kind.SHORT_BET, 1, short_bet, "a bet below a fixed limit's size"),
    "over-limit": FaultSpec(Kind.OVER_LIMIT, 2, over_limit, "a bet above a fixed or spread limit"),
    "check-facing-bet": FaultSpec(Kind.CHECK_FACING_BET, 1, check_facing_bet, "a check facing a bet"),
    "wrong-count-dealt": FaultSpec(
        Kind.WRONG_CARD_COUNT, 2, wrong_count_dealt, "a hand dealt the wrong size"
    ),
    "wrong-count-held": FaultSpec(
        Kind.WRONG_CARD_COUNT, 1, wrong_count_held, "a wrong hand found before the draw"
    ),
    "foul-hand": FaultSpec(Kind.FOUL_HAND, 1, foul_hand, "a wrong hand found after the draw"),
    "false-openers": FaultSpec(Kind.FALSE_OPENERS, 3, false_openers, "an opener who did not hold openers"),
    "openers-not-shown": FaultSpec(
        Kind.FALSE_OPENERS, 1, openers_not_shown, "an opener who cannot show openers"
    ),
    "over-draw": FaultSpec(Kind.DRAW_IRREGULARITY, 2, over_draw, "a draw over the game's most"),
    "acts-after-fold": FaultSpec(
        Kind.ACTS_AFTER_FOLDING, 2, acts_after_fold, "a player who folded acts again"
    ),
    "misdeal": FaultSpec(Kind.MISDEAL, 2, misdeal, "a misdeal called, and play going on"),
    "declaration": FaultSpec(Kind.MISDECLARED_HAND, 2, declaration, "a hand declared before it is shown"),
    "verbal-bet": FaultSpec(Kind.VERBAL_BET, 2, verbal_bet, "words instead of (or before) chips"),
    "duplicate-card": FaultSpec(Kind.IMPERFECT_PACK, 1, duplicate_card, "a duplicate card found"),
    "wrong-dealer": FaultSpec(Kind.WRONG_DEALER, 1, wrong_dealer, "the wrong player dealt"),
    "cut": FaultSpec(
        Kind.CUT_IRREGULARITY, 1, cut_problem, "a cut not offered, not made, or exposing a card"
    ),
    "draw-count-misstated": FaultSpec(
        Kind.DRAW_COUNT_MISSTATED, 1, draw_count_misstated, "a wrong answer to 'how many?'"
    ),
    "discards-retrieved": FaultSpec(Kind.DISCARDS_RETRIEVED, 1, discards_retrieved, "discards taken back"),
    "stake-changed": FaultSpec(
        Kind.STAKE_CHANGED_IN_HAND, 1, stake_changed, "money put on or off during a deal"
    ),
    "wrong-hand-count": FaultSpec(
        Kind.WRONG_HAND_COUNT, 1, wrong_hand_count, "a hand too many or too few dealt"
    ),
}
"""Every fault the injector puts in, by name."""


# --- a quiz: hands the rulebooks rule differently --------------------------------------------------


@dataclass(frozen=True, slots=True)
class Quiz:
    """A faulty hand and where the rulebooks asked part ways on it."""

    hand: FaultyHand
    sentences: tuple[str, ...]
    """Each disagreement in a sentence (``At line 15, scarne: ...; casino: ...``), in log order."""
    books: tuple[str, ...] = ()
    """The rulebooks asked, in the order asked."""

    @property
    def text(self) -> str:
        """The log, then the answers as comment lines (so the text is still a log)."""
        books = (
            self.books[0] if len(self.books) == 1 else ", ".join(self.books[:-1]) + " and " + self.books[-1]
        )
        answers = [f"# where {books} disagree:", *(f"#   {sentence}" for sentence in self.sentences)]
        return self.hand.text + "\n" + "\n".join(answers) + "\n"


@dataclass(frozen=True, slots=True)
class Skipped:
    """A faulty hand the quiz left out because the referee failed on it under a rulebook."""

    hand: FaultyHand
    rulebook: str
    error: str


def quizzes(hands: Iterator[FaultyHand], books: Sequence[Rulebook]) -> Iterator[Quiz | Skipped]:
    """Of ``hands``, those the rulebooks rule differently (different rulings or nets), in order.

    A hand a rulebook refuses (a game it does not rule) is passed over; one on which the referee
    fails with anything else is handed out as :class:`Skipped`, so a caller can say so.
    """
    from referee.compare import disagreements
    from referee.engine import rule_log
    from referee.errors import RefereeError
    from referee.log import parse_log

    names = tuple(str(book.id) for book in books)
    for hand in hands:
        log = parse_log(hand.text)
        results = []
        for book in books:
            try:
                results.append(rule_log(log, hand.text, book))
            except RefereeError:
                break
            except Exception as error:  # an engine failure is reported, not hidden
                yield Skipped(hand, str(book.id), f"{type(error).__name__}: {error}")
                break
        else:
            found = disagreements(results)
            if found:
                yield Quiz(hand, tuple(difference.sentence for difference in found), names)
