"""A ruled hand log as PHH, the Poker Hand History format (PokerKit's TOML): ``referee export LOG --phh``.

What goes where:

* The standard fields say what PHH can say: the variant code, antes, blinds, bet sizes, starting
  stacks, the players (``players``, ``seats``) and the ``actions``. PHH orders players from the
  dealer's left round to the dealer (the button), so ``p1`` is left of the dealer; ``seats`` keeps
  each player's place in the log's own ``seats:`` line.
* Every line of the log goes into ``actions``, in log order: as a standard action with the log's
  own line as its commentary (``"p2 cbr 6 # Bob raises 4"``), or, when PHH has no notation for it
  (``antes``, ``deal``, ``draw``, ``showdown``, a blind, a new deal, every irregular fact), as a
  no-op holding only the commentary (``"# antes"``). The spec allows both; a PHH reader plays the
  standard part, ``referee import`` gives the log back line for line.
* What PHH cannot carry at all goes into ``_``-prefixed user fields, which the spec reserves for
  such extensions: the log's game, limit, title, rulebook and rake, the original log (``_log``) and
  the hand as ruled (``_ruled_by``, ``_rulings``, ``_outcome``, ``_net``).

Variant codes: only ``N2L1D`` (no-limit 2-7 single draw) and ``F2L3D`` (fixed-limit 2-7 triple
draw) of the standard are draw games we play. Every other hand gets a code of our own that starts
with ``_`` and says so in the file's opening comment: ``_`` + the structure (``F`` fixed, ``S``
spread, ``P`` pot, ``N`` no-limit) + the ranking family (``HI`` high, ``AL`` ace-to-five, ``A6``
ace-to-six, ``2L`` deuce-to-seven) + the number of draws + ``D``. Five-card draw (high) at fixed
limit is ``_FHI1D``.
A log of several deals (a pot carried to a new deal) has no PHH form and always gets our own code.

Amounts stay exact: an amount with no decimal places is written as a TOML integer (``25``), any
other as a TOML float literal with exactly the digits the log has (``0.25``, ``2.50``). TOML keeps
the literal's text, and ``referee import`` reads floats with ``tomllib``'s ``parse_float=Decimal``,
so the digits go straight into a ``Decimal`` and no binary float ever holds an amount (PokerKit
reads PHH the same way). An unknown starting stack is ``inf`` (the spec's ``null`` is not TOML;
PokerKit's own examples use infinity).

PHH's ``min_bet``, which a log does not have, is written as the least bet or raise the hand needed
(or the big blind, if less). Hole cards are dealt ``p1`` first, as the spec asks, under a standard
code, and in the log's order under our own (a dealer who moves between deals deals from his left).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.cards import Card
from referee.events import HandLog, LimitKind
from referee.log.printer import format_event
from referee.money import format_amount

if TYPE_CHECKING:
    from referee.rulebook.model import Rulebook
    from referee.ruling import Result

ZERO: Final = Decimal(0)

STANDARD_CODES: Final = {("N", "2L", 1): "N2L1D", ("F", "2L", 3): "F2L3D"}
"""(structure, ranking family, draws) -> the PHH standard code, for the two draw games it has."""

STRUCTURES: Final = {
    LimitKind.FIXED: "F",
    LimitKind.SPREAD: "S",
    LimitKind.POT: "P",
    LimitKind.NO_LIMIT: "N",
    LimitKind.TABLE_STAKES: "N",
}
"""Our ``limit:`` kinds -> the structure letter of a variant code (table stakes is PHH's no-limit)."""

FAMILIES: Final = {
    "high": "HI",
    "stripped-32": "HI",
    "ace-to-five": "AL",
    "ace-to-six": "A6",
    "deuce-to-seven": "2L",
}
"""The base of a ranking -> the family letters of a variant code."""

MARK: Final = "_referee"
"""The user field that marks a file written by referee: its commentaries are log lines."""


@dataclass(frozen=True, slots=True)
class Shape:
    """What decides the variant code: structure, family, draws, and whether PHH's game is ours exactly."""

    structure: str
    family: str
    draws: int
    plain: bool
    """A standard deck, five cards, no wild card or joker: the game PHH means by its code."""
    hand_size: int = 5

    def code(self, deals: int) -> str:
        standard = STANDARD_CODES.get((self.structure, self.family, self.draws))
        if standard and self.plain and deals == 1:
            return standard
        return f"_{self.structure}{self.family}{self.draws}D"


def shape_of(log: HandLog, rulebook: Rulebook) -> Shape:
    """The variant's shape under ``rulebook`` (its game settings decide ranking, draws and hand size)."""
    from referee.engine import ranking_for
    from referee.rulebook.games import effective_game

    game = log.header.game or str(rulebook.default_game)
    settings = effective_game(rulebook, game)
    ranking = ranking_for(settings)
    limit = log.header.limit
    structure = STRUCTURES[limit.kind] if limit else "N"
    plain = (
        str(settings.deck.value) == "standard"
        and settings.hand_size == 5
        and not ranking.wild_ranks
        and str(ranking.joker) == "none"
        and not ranking.one_eyed_jacks
        and not ranking.special_hands
    )
    return Shape(structure, FAMILIES[str(ranking.base)], settings.draw.rounds, plain, settings.hand_size)


# --- TOML text -----------------------------------------------------------------------------------


def toml_amount(amount: Decimal) -> str:
    """An exact TOML number: an integer when the amount has no places, else a float literal of its digits."""
    if not amount.is_finite():
        return "inf" if amount > 0 else "-inf"
    return format_amount(amount, keep_places=True)


_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_TO_ESCAPE: Final = {
    **{code: f"\\u{code:04X}" for code in [*range(0x20), 0x7F]},
    **{ord(char): escape for char, escape in _ESCAPES.items()},
}
"""What a TOML basic string may not hold as is: quote, backslash, control characters."""
_PLAIN: Final = re.compile(r'[^"\\\x00-\x1f\x7f]*')


def toml_string(text: str, *, multiline: bool = False) -> str:
    """A TOML basic string that reads back as ``text`` (multi-line keeps its newlines readable)."""
    if not multiline:
        body = text if _PLAIN.fullmatch(text) else text.translate(_TO_ESCAPE)
        return f'"{body}"'
    body = "\n".join(line.translate(_TO_ESCAPE) for line in text.split("\n"))
    return f'"""\n{body}"""'


def _array(items: Iterable[str], *, one_per_line: bool = False) -> str:
    values = list(items)
    if one_per_line:
        return "[\n" + "".join(f"  {value},\n" for value in values) + "]"
    return "[" + ", ".join(values) + "]"


def _table(pairs: Sequence[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{key} = {value}" for key, value in pairs) + "}"


# --- the actions ---------------------------------------------------------------------------------


def cards_text(cards: Sequence[Card]) -> str:
    """PHH card notation: two characters a card, no separator (``AsKd??``)."""
    return "".join(repr(card) for card in cards)


@dataclass(slots=True)
class ActionWriter:
    """Turns the log's events into PHH action strings, keeping the books a cbr amount needs."""

    order: tuple[str, ...]
    hand_size: int
    stacks: dict[str, Decimal]
    spec_order: bool = True
    """Deal hole cards from ``p1`` round, as the spec asks; else in the log's order (our own codes),
    so that a log whose dealer moves between deals reads back line for line."""
    out: list[str] = field(default_factory=list)
    in_round: dict[str, Decimal] = field(default_factory=dict)
    bet: Decimal = ZERO
    left: dict[str, Decimal] = field(default_factory=dict)
    dealing: bool = False
    dealt: dict[str, str] = field(default_factory=dict)
    to_serve: list[str] = field(default_factory=list)
    increments: list[Decimal] = field(default_factory=list)
    """Every bet and raise size, for the least ``min_bet`` that makes the hand legal."""

    def __post_init__(self) -> None:
        self.left = dict(self.stacks)

    def p(self, player: str) -> str:
        return f"p{self.order.index(player) + 1}"

    def noop(self, line: str) -> None:
        self.out.append(f"# {line}")

    def act(self, action: str, line: str) -> None:
        self.out.append(f"{action} # {line}")

    def flush_deal(self) -> None:
        if self.dealing:
            players = self.order if self.spec_order else (*self.dealt, *self.order)
            for player in dict.fromkeys(players):
                shown = self.dealt.get(player)
                self.out.append(shown or f"d dh {self.p(player)} {'??' * self.hand_size}")
            self.dealing, self.dealt = False, {}

    def flush_draw(self) -> None:
        self.out.extend(self.to_serve)
        self.to_serve = []

    def new_round(self) -> None:
        self.in_round, self.bet = {}, ZERO

    def put(self, player: str, to: Decimal, *, forced: bool = False) -> None:
        added = to - self.in_round.get(player, ZERO)
        if player in self.left:
            self.left[player] -= added
        self.in_round[player] = to
        if to > self.bet:
            if not forced:
                self.increments.append(to - self.bet)
            self.bet = to

    def event(self, event: ev.Event) -> None:
        line = format_event(event)
        if self.dealing and not isinstance(event, ev.DealtCards):
            self.flush_deal()
        if isinstance(event, ev.Check | ev.Call | ev.Bet | ev.Open | ev.Raise | ev.AllIn | ev.Fold):
            self.flush_draw()
            self.betting(event, line)
        elif isinstance(event, ev.Deal):
            self.noop(line)
            self.dealing, self.dealt = True, {}
        elif isinstance(event, ev.DealtCards) and self.dealing and event.player not in self.dealt:
            self.dealt[event.player] = f"d dh {self.p(event.player)} {cards_text(event.cards)} # {line}"
        elif isinstance(event, ev.Post):
            self.noop(line)
            self.put(event.player, self.in_round.get(event.player, ZERO) + event.amount, forced=True)
        elif isinstance(event, ev.DrawPhase | ev.NewDeal):
            self.flush_draw()
            self.noop(line)
            self.new_round()
            if isinstance(event, ev.NewDeal):
                self.left = dict(self.stacks)
        elif isinstance(event, ev.StandPat):
            self.act(f"{self.p(event.player)} sd", line)
        elif isinstance(event, ev.Draw):
            who = self.p(event.player)
            if event.count == 0:
                self.act(f"{who} sd", line)
                return
            thrown = event.discards if len(event.discards) == event.count else ()
            self.act(f"{who} sd {cards_text(thrown) or '??' * event.count}", line)
            received = event.received if len(event.received) == event.count else ()
            self.to_serve.append(f"d dh {who} {cards_text(received) or '??' * event.count}")
        elif isinstance(event, ev.Showdown):
            self.flush_draw()
            self.noop(line)
        elif isinstance(event, ev.Show):
            self.flush_draw()
            self.act(f"{self.p(event.player)} sm {cards_text(event.cards)}", line)
        elif isinstance(event, ev.Muck):
            self.act(f"{self.p(event.player)} sm", line)
        else:
            self.noop(line)  # antes, notes, and every irregular fact: PHH has no notation for them

    def betting(self, event: ev.Event, line: str) -> None:
        if isinstance(event, ev.Fold):
            self.act(f"{self.p(event.player)} f", line)
            return
        assert isinstance(event, ev.Check | ev.Call | ev.Bet | ev.Open | ev.Raise | ev.AllIn)
        player = event.player
        mine = self.in_round.get(player, ZERO)
        to = cbr_total(event, mine, self.bet, self.left.get(player))
        if to is None or to <= self.bet:
            self.act(f"{self.p(player)} cc", line)
            if not isinstance(event, ev.Check):
                self.put(player, to if to is not None else self.bet)
            return
        self.act(f"{self.p(player)} cbr {toml_amount(to)}", line)
        self.put(player, to)

    def finish(self) -> list[str]:
        self.flush_deal()
        self.flush_draw()
        return self.out


def cbr_total(event: ev.Event, mine: Decimal, bet: Decimal, left: Decimal | None) -> Decimal | None:
    """What the player has in the round after ``event`` (PHH's ``cbr`` amount); None for a check.

    ``mine`` is what he had in the round before, ``bet`` the most anyone has, ``left`` his stack
    (None when the log does not give stacks). The importer checks a commentary by the same sums.
    """
    if isinstance(event, ev.Bet | ev.Open):
        return mine + event.amount
    if isinstance(event, ev.Raise):
        if event.total is not None:
            return event.total
        return event.amount if event.to else bet + event.amount
    if isinstance(event, ev.Call):
        return bet if event.amount is None else min(bet, mine + event.amount)
    if isinstance(event, ev.AllIn):
        if event.amount is not None:
            return mine + event.amount
        return bet if left is None else mine + left
    return None


# --- the file ------------------------------------------------------------------------------------


def deals_in(log: HandLog) -> int:
    return 1 + sum(isinstance(event, ev.NewDeal) for event in log.events)


def phh_order(log: HandLog) -> tuple[str, ...]:
    """The players as PHH numbers them: the dealer's left first, the dealer (the button) last."""
    seats = log.header.seats
    dealer = seats.index(log.header.dealer) if log.header.dealer in seats else len(seats) - 1
    return seats[dealer + 1 :] + seats[: dealer + 1]


def forced_bets(log: HandLog, order: tuple[str, ...]) -> tuple[list[Decimal], list[Decimal]]:
    """The first deal's antes and blinds, each in PHH's order (heads up, reversed as PHH assigns them)."""
    antes = dict.fromkeys(order, ZERO)
    blinds = dict.fromkeys(order, ZERO)
    rule = log.header.ante
    for event in log.events:
        if isinstance(event, ev.NewDeal):
            break
        if isinstance(event, ev.Antes):
            amount = event.amount if event.amount is not None else (rule.amount if rule else ZERO)
            if event.player is not None:
                antes[event.player] += amount
            elif rule and rule.by_dealer:
                antes[order[-1]] += amount
            else:
                for player in order:
                    antes[player] += amount
        elif isinstance(event, ev.Post):
            blinds[event.player] += event.amount
    ante_list, blind_list = [antes[p] for p in order], [blinds[p] for p in order]
    if len(order) == 2:  # PHH: "antes, blinds, and straddles are reverse-assigned for heads-up"
        ante_list.reverse()
        blind_list.reverse()
    return ante_list, blind_list


def to_phh(log: HandLog, text: str, rulebook: Rulebook, result: Result | None = None) -> str:
    """``log`` (its ``text`` as written) as PHH TOML text, with the rulings of ``rulebook``.

    ``result`` is the ruled result when the caller has it already.
    """
    from referee.engine import play_config, rule_log
    from referee.rulebook.games import effective_game

    if result is None:
        result = rule_log(log, text, rulebook)
    header = log.header
    shape = shape_of(log, rulebook)
    deals = deals_in(log)
    code = shape.code(deals)
    order = phh_order(log)
    stacks = {name: amount for name, amount in header.stacks}
    game = header.game or str(rulebook.default_game)
    config = play_config(effective_game(rulebook, game), log, game)
    walker = ActionWriter(order, shape.hand_size, stacks, spec_order=not code.startswith("_"))
    for event in log.events:
        walker.event(event)
    actions = walker.finish()
    antes, blinds = forced_bets(log, order)

    lines = [
        f"# {header.title}" if header.title else "# A hand of draw poker",
        *_opening(code, shape, deals, result),
    ]
    lines.append(f"variant = {toml_string(code)}")
    lines.append(f"antes = {_array(map(toml_amount, antes))}")
    lines.append(f"blinds_or_straddles = {_array(map(toml_amount, blinds))}")
    limit = config.limit
    if shape.structure in ("F", "S"):
        low = limit.low if limit.low is not None else ZERO
        high = limit.high if limit.high is not None else low
        lines.append(f"small_bet = {toml_amount(low)}")
        lines.append(f"big_bet = {toml_amount(high)}")
    if shape.structure in ("N", "P", "S"):
        lines.append(f"min_bet = {toml_amount(_min_bet(blinds, antes, walker.increments, limit.low))}")
    starting = [stacks.get(name, Decimal("Infinity")) for name in order]
    lines.append(f"starting_stacks = {_array(map(toml_amount, starting))}")
    lines.append(f"actions = {_array(map(toml_string, actions), one_per_line=True)}")
    lines.append(f"players = {_array(toml_string(name) for name in order)}")
    lines.append(f"seats = {_array(str(header.seats.index(name) + 1) for name in order)}")
    lines.append(f"seat_count = {len(order)}")
    if result.outcome != "unfinished":
        winnings = [result.awards.get(name, ZERO) for name in order]
        lines.append(f"winnings = {_array(map(toml_amount, winnings))}")
        if len(stacks) == len(order):
            finishing = [stacks[name] + result.net.get(name, ZERO) for name in order]
            lines.append(f"finishing_stacks = {_array(map(toml_amount, finishing))}")
    lines += _user_fields(log, text, rulebook, result, order)
    return "\n".join(lines) + "\n"


def _opening(code: str, shape: Shape, deals: int, result: Result) -> list[str]:
    lines = ["# Written by referee, a house-rules referee for draw poker, in PHH (Poker Hand History)."]
    if code.startswith("_"):
        if deals > 1:
            why = f"a PHH hand is one deal, and this log has {deals} (the pot carried from deal to deal)"
        elif not shape.plain:
            why = "PHH has no code for this game's pack, wild cards or hand size"
        elif shape.family == "HI":
            why = "PHH has no code for five-card draw (high)"
        elif shape.family == "AL":
            why = "PHH has no code for ace-to-five lowball draw"
        elif shape.family == "A6":
            why = "PHH has no code for ace-to-six lowball draw"
        else:
            why = "PHH's 2-7 codes are no-limit single draw (N2L1D) and fixed-limit triple draw (F2L3D)"
        lines += [
            f"# NOT STANDARD: the variant code {code!r} is referee's own, not part of the PHH standard:",
            f"# {why}.",
        ]
    lines.append("# Each action's commentary is the log's own line; `referee import` reads the log back.")
    if result.rulings:
        count = len(result.rulings)
        lines += [
            f"# This hand has {count} irregularit{'y' if count == 1 else 'ies'}: the actions say what"
            " happened at the table,",
            "# which a PHH reader will not rule; the rulings are in _rulings.",
        ]
    return lines


def _min_bet(
    blinds: list[Decimal], antes: list[Decimal], increments: list[Decimal], low: Decimal | None
) -> Decimal:
    """PHH's ``min_bet``, which a log does not have: the least bet or raise made, or the big blind,
    or the spread's least bet, or the ante; 1 when there is none of them."""
    candidates = [amount for amount in increments if amount > 0]
    big = max(blinds)
    if big > 0:
        candidates.append(big)
    if low is not None and low > 0:
        candidates.append(low)
    if not candidates:
        candidates = [amount for amount in antes if amount > 0] or [Decimal(1)]
    return min(candidates)


def _user_fields(
    log: HandLog, text: str, rulebook: Rulebook, result: Result, order: tuple[str, ...]
) -> list[str]:
    from referee import __version__

    header = log.header
    lines = [f"{MARK} = {toml_string(__version__)}"]
    if header.title:
        lines.append(f"_title = {toml_string(header.title)}")
    if header.game:
        lines.append(f"_game = {toml_string(header.game)}")
    if header.rulebook:
        lines.append(f"_rulebook = {toml_string(header.rulebook)}")
    if header.limit:
        lines.append(f"_limit = {toml_string(_limit_text(header.limit))}")
    if header.rake is not None:
        lines.append(f"_rake = {toml_amount(header.rake)}")
    if header.ante:
        lines.append(f"_ante = {toml_string(_ante_text(header.ante))}")
    if header.dealer is None:
        lines.append("_no_dealer_line = true")
    lines.append(f"_ruled_by = {toml_string(result.rulebook)}")
    lines.append(f"_outcome = {toml_string(str(result.outcome))}")
    lines.append(f"_net = {_array(toml_amount(result.net.get(name, ZERO)) for name in order)}")
    if result.carried:
        lines.append(f"_carried = {toml_amount(result.carried)}")
    rulings = [
        _table(
            [
                ("line", str(ruling.line)),
                ("event", toml_string(ruling.event)),
                ("irregularity", toml_string(str(ruling.irregularity))),
                ("decision", toml_string(str(ruling.decision))),
                ("rule", toml_string(ruling.rule)),
                ("cite", toml_string(ruling.cite)),
                ("explanation", toml_string(ruling.explanation)),
            ]
        )
        for ruling in result.rulings
    ]
    lines.append(f"_rulings = {_array(rulings, one_per_line=bool(rulings))}")
    lines.append(f"_log = {toml_string(text, multiline=True)}")
    return lines


def _limit_text(limit: ev.Limit) -> str:
    def amount(value: Decimal | None) -> str:
        return format_amount(value, keep_places=True) if value is not None else ""

    if limit.kind is LimitKind.FIXED:
        text = amount(limit.low) + (f"/{amount(limit.high)}" if limit.high is not None else "")
        return text + (f"/{amount(limit.top)}" if limit.top is not None else "")
    if limit.kind is LimitKind.SPREAD:
        return f"{amount(limit.low)}-{amount(limit.high)}"
    return str(limit.kind.value)


def _ante_text(ante: ev.AnteRule) -> str:
    return format_amount(ante.amount, keep_places=True) + (" by dealer" if ante.by_dealer else "")
