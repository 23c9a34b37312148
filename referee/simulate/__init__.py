"""Random legal hand logs (``referee simulate``): the corpus for property tests and benchmarks.

Every log is a clean hand — no irregularity — so the engine replays it with no rulings. The
generator drives the same state machine the replay uses (``referee.adjudicate.table``), one event at a time,
so both agree on whose turn it is and what a call costs. A log is deterministic for its seed and
its number: hand ``k`` of seed ``s`` is the same whatever ``count`` asked for it.

Besides the text, each hand keeps its header and events (for an irregularity injector: change
the events, then :func:`render`) and the simulator's own books (what each deal put in the pot).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.adjudicate.config import PlayConfig
from referee.adjudicate.ledger import Ledger
from referee.adjudicate.table import new_hand_state
from referee.cards import deck
from referee.events import AnteRule, HandLog, Limit, LimitKind, LogHeader
from referee.simulate.deal import DealPlayer, DealRecord

if TYPE_CHECKING:
    from referee.rulebook import GameSettings, Rulebook

ZERO: Final = Decimal(0)

GAMES: Final = (
    "draw",
    "jacks-or-better",
    "lowball",
    "deuce-to-seven",
    "bug",
    "deuces-wild",
    "pass-and-out",
    "stripped-32",
)
"""The catalog's games the simulator can deal (under a rulebook that plays them as the catalog does)."""
_GAME_WEIGHTS: Final = (4, 5, 2, 2, 1, 1, 1, 1)

NAMES: Final = (
    "Ann", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal",
    "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Big_Al", "Aunt May",
)  # fmt: skip
"""Players the simulator seats; "Aunt May" needs quotes in a log."""

MAX_DEALS: Final = 3
"""A log holds at most this many deals: the last one is always opened."""


class SimulationError(ValueError):
    """A game the simulator cannot deal (unknown, or played with something it does not model)."""


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """One generated log: its text, the header and events it was printed from, and the books."""

    number: int
    seed: int
    text: str
    header: LogHeader
    events: tuple[ev.Event, ...]
    config: PlayConfig
    """The knobs the hand was played by (the header's ante and limit included)."""
    deals: tuple[DealRecord, ...]
    put_in: Mapping[str, Decimal] = field(default_factory=dict)
    """Chips each player put in over the whole log."""

    @property
    def outcome(self) -> str:
        return self.deals[-1].outcome

    @property
    def carried(self) -> Decimal:
        """What is left in the middle when the log ends (only if its last deal was passed out)."""
        last = self.deals[-1]
        return last.pot if last.outcome == "passed-out" else ZERO

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(self.text.splitlines())

    def with_events(self, events: Sequence[ev.Event]) -> str:
        """The log's text with other events (the same header): for injecting an irregularity."""
        return render(self.header, events)


def render(header: LogHeader, events: Sequence[ev.Event]) -> str:
    """The canonical text of a log made of ``header`` and ``events``."""
    from referee.log.printer import format_log

    return format_log(HandLog(header, tuple(events)))


def simulate(
    count: int, seed: int, *, game: str | None = None, rulebook: str | Rulebook | None = None
) -> list[str]:
    """``count`` random legal hand logs as text, the same for the same arguments.

    ``game`` picks one game for every hand (default: a random one of :data:`GAMES` per hand).
    ``rulebook`` (a bundled id, a file, or a loaded rulebook) fixes the customs of clean play —
    raise cap, check-raise, who speaks first after the draw, ... — exactly as the engine reads
    them; by default the engine's default rulebook. A rulebook given by name is written in each
    log's header.

    Raises:
        SimulationError: an unknown game, one the simulator does not model, or a negative count.
        RulebookError: the rulebook cannot be loaded.
    """
    return [hand.text for hand in iter_hands(count, seed, game=game, rulebook=rulebook)]


def simulate_hands(
    count: int, seed: int, *, game: str | None = None, rulebook: str | Rulebook | None = None
) -> list[SimulatedHand]:
    """Like :func:`simulate`, with each hand's header, events and books."""
    return list(iter_hands(count, seed, game=game, rulebook=rulebook))


def iter_hands(
    count: int,
    seed: int,
    *,
    game: str | None = None,
    rulebook: str | Rulebook | None = None,
    start: int = 1,
) -> Iterator[SimulatedHand]:
    """The hands of :func:`simulate_hands`, one at a time (hand ``k`` depends only on ``seed`` and ``k``).

    ``start`` is the number of the first hand: ``iter_hands(1, s, start=k)`` makes hand ``k`` alone.
    """
    if count < 0:
        raise SimulationError(f"a count of hands is zero or more, not {count}")
    book = _load(rulebook)
    # The rulebook's id, never the path it was read from: a log names a bundled rulebook or a file
    # beside it, and ``-r FILE`` rules it by the same book.
    named = str(book.id) if isinstance(rulebook, str) else None
    if game is not None:
        plans, weights = [_plan(book, game)], [1]
    else:
        names = _playable(book)
        if not names:
            raise SimulationError(f"the simulator deals none of its games under {book.id} ({_why_not(book)})")
        plans = [_plan(book, name) for name in names]
        weights = [_GAME_WEIGHTS[GAMES.index(name)] for name in names]
    for number in range(start, start + count):
        rng = random.Random(f"referee-simulate:{seed}:{number}")
        plan = plans[0] if len(plans) == 1 else rng.choices(plans, weights)[0]
        yield _LogBuilder(rng, plan, number, seed, named).build()


def playable_games(rulebook: str | Rulebook | None = None) -> list[str]:
    """The games of :data:`GAMES` the simulator can deal under ``rulebook``."""
    return _playable(_load(rulebook))


# --- what a game is, under a rulebook ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Plan:
    """A game as the simulator deals it: the rulebook's effective settings for it."""

    game: str
    settings: GameSettings

    def config(self, header: LogHeader) -> PlayConfig:
        """The knobs of clean play for a log with this header, built as the engine builds them."""
        from referee.engine import play_config

        return play_config(self.settings, HandLog(header, ()), self.game)

    @property
    def shows_left_of_dealer(self) -> bool:
        return str(self.settings.showdown.order.value) == "left-of-dealer"


def _load(rulebook: str | Rulebook | None) -> Rulebook:
    from referee.rulebook import load_rulebook
    from referee.rulebook.load import DEFAULT_RULEBOOK

    if rulebook is None or isinstance(rulebook, str):
        return load_rulebook(rulebook or DEFAULT_RULEBOOK)
    return rulebook


def _playable(book: Rulebook) -> list[str]:
    names = []
    for name in GAMES:
        try:
            _plan(book, name)
        except SimulationError:
            continue
        names.append(name)
    return names


def _why_not(book: Rulebook) -> str:
    """Why the simulator cannot deal the first of its games under ``book``."""
    try:
        _plan(book, GAMES[0])
    except SimulationError as error:
        return str(error)
    return "no reason given"


def _plan(book: Rulebook, game: str) -> _Plan:
    from referee.errors import RulebookError
    from referee.rulebook import effective_game, game_names, variant

    known = game_names(book)
    if game not in known:
        raise SimulationError(f"{game!r} is not a game in the catalog")
    try:
        settings = effective_game(book, game)
    except RulebookError as error:
        raise SimulationError(f"{game!r}: {error}") from None
    reasons = _unmodelled(settings)
    if variant(game, book).not_modelled and game not in GAMES:
        reasons.append("parts of it the referee does not model")
    if reasons:
        raise SimulationError(
            f"the simulator does not deal {game} under {book.id}: it has {'; '.join(reasons)}"
        )
    return _Plan(game, settings)


def _unmodelled(settings: GameSettings) -> list[str]:
    """What in a game's settings the simulator cannot play cleanly."""
    reasons = []
    if str(settings.blinds.structure.value) != "none":
        reasons.append("blinds")
    if settings.hand_size != 5:
        reasons.append(f"{settings.hand_size}-card hands")
    if settings.draw.rounds != 1:
        reasons.append(f"{settings.draw.rounds} draws")
    if str(settings.openers.rule.value) == "progressive":
        reasons.append("progressive openers")
    if str(settings.showdown.to_win.value) != "anything":
        reasons.append("a minimum hand to win")
    if not settings.showdown.cards_speak:
        reasons.append("declarations at the showdown (cards do not speak)")
    if settings.showdown.opener_must_win_or_match:
        reasons.append("an opener who must win or match the pot")
    if str(settings.passed_out.switch_to.value) != "none":
        reasons.append("a passed-out deal played on as lowball")
    if settings.passed_out.ante_cap_deals is not None and settings.passed_out.ante_cap_deals < MAX_DEALS:
        reasons.append("a cap on antes after passed-out deals")
    if any(str(card.value) == "widow" for card in settings.wild_cards):
        reasons.append("a wild widow")
    betting = settings.betting
    # A jackpot limit only lets an opening bet be larger: the simulator's bets, within the table's
    # limit, are as clean under it.
    if betting.blind_opening or betting.doubling_raises:
        reasons.append("blind opening or doubling raises")
    return reasons


# --- one log ------------------------------------------------------------------------------------


class _LogBuilder:
    """Builds one log: the header, then deals until one is played out (at most MAX_DEALS)."""

    def __init__(self, rng: random.Random, plan: _Plan, number: int, seed: int, rulebook: str | None):
        self.rng = rng
        self.plan = plan
        self.number = number
        self.seed = seed
        self.pack = deck(str(plan.settings.deck.value))
        # Every hand is dealt and the stub keeps a card: the 32-card pack seats six at most; and
        # never more than the game seats (``most_players``: the 32-card game, five).
        most = min(7, (len(self.pack) - 1) // 5, plan.settings.most_players or 7)
        count = rng.choices(range(2, most + 1), weights=(2, 3, 4, 4, 3, 2)[: most - 1])[0]
        self.order = tuple(rng.sample(NAMES, count))
        self.dealer = rng.choice(self.order)
        ante, limit, stacks = self._stakes(count)
        self.header = LogHeader(
            seats=self.order,
            title=f"simulated hand {number}, seed {seed}",
            game=plan.game,
            rulebook=rulebook,
            dealer=self.dealer,
            ante=ante,
            limit=limit,
            stacks=tuple((name, stacks[name]) for name in self.order if name in stacks),
        )
        self.config = plan.config(self.header)
        self.stacks: dict[str, Decimal | None] = {name: stacks.get(name) for name in self.order}
        self.events: list[ev.Event] = []
        self.deals: list[DealRecord] = []

    def _stakes(self, players: int) -> tuple[AnteRule, Limit, dict[str, Decimal]]:
        rng = self.rng
        if rng.random() < 0.2:
            ante = AnteRule(Decimal(rng.choice((players, 2 * players, 5))), by_dealer=True)
        else:
            ante = AnteRule(Decimal(rng.choice((1, 1, 1, 2, 5))))
        kind = rng.choices(
            (LimitKind.FIXED, LimitKind.SPREAD, LimitKind.POT, LimitKind.TABLE_STAKES), weights=(4, 2, 2, 3)
        )[0]
        if kind is LimitKind.FIXED:
            low = Decimal(rng.choice((1, 2, 2, 5, 10)))
            limit = Limit(kind, low, low * 2)
        elif kind is LimitKind.SPREAD:
            limit = Limit(kind, Decimal(1), Decimal(rng.choice((5, 5, 10))))
        else:
            limit = Limit(kind)
        stacks: dict[str, Decimal] = {}
        if kind is LimitKind.TABLE_STAKES or (kind is LimitKind.POT and rng.random() < 0.5):
            # Enough for the antes of every deal, and short enough that someone is often all in.
            least = ante.amount * (MAX_DEALS + 1) + 2
            for name in self.order:
                top = 20 if rng.random() < 0.35 else 120
                stacks[name] = max(least, Decimal(rng.randint(6, top)))
        return ante, limit, stacks

    def build(self) -> SimulatedHand:
        dealer = self.dealer
        ledger = Ledger(self.order, self.stacks)
        put_in = dict.fromkeys(self.order, ZERO)
        for deal_number in range(1, MAX_DEALS + 1):
            if deal_number > 1:
                ledger.new_deal()  # the passed-out deal's antes stay in the middle
            state = new_hand_state(self.config, self.order, dealer, ledger)
            state.deal_number = deal_number
            if deal_number > 1:
                self.events.append(ev.NewDeal())
            player = DealPlayer(
                self.rng,
                state,
                self.pack,
                self.events,
                antes=deal_number == 1 or self.config.reante_when_passed,
                shows_left_of_dealer=self.plan.shows_left_of_dealer,
            )
            record = player.play(must_open=deal_number == MAX_DEALS)
            self.deals.append(record)
            for name, amount in record.contributions.items():
                put_in[name] += amount
            if record.outcome != "passed-out":
                break
            if self.config.dealer_moves_when_passed:
                dealer = state.players_from(dealer)[0]
        events = tuple(self.events)
        return SimulatedHand(
            number=self.number,
            seed=self.seed,
            text=render(self.header, events),
            header=self.header,
            events=events,
            config=self.config,
            deals=tuple(self.deals),
            put_in=put_in,
        )
