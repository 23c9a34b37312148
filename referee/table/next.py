"""What can happen next: from a partial log, whose turn it is and what that player may do.

The log is replayed on the engine (the same :class:`~referee.adjudicate.replay.Replay` that
``referee rule`` runs); the hand state it leaves says where the deal stands. The moves offered
are clean play by the rulebook's game and the log's limit — check, bet or open with the amounts
the limit allows, call, raise (not past the raise cap, not a check-raise where the rulebook bars
it), fold, draw up to the most the game allows, stand pat — each as the canonical log line the
printer writes. Irregular events are always allowed (the entry records what really happened);
:data:`IRREGULAR` lists the common ones as lines to fill in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Final

from referee import events as ev
from referee.adjudicate.replay import Replay
from referee.adjudicate.table import Phase
from referee.cards import Card
from referee.log.printer import format_event, format_name
from referee.ruling import Outcome, Result

if TYPE_CHECKING:
    from referee.rulebook.model import Rulebook

ZERO: Final = Decimal(0)
MAX_AMOUNTS: Final = 4
"""Amounts offered for a bet or a raise (the limit's least and most, and a few between)."""


@unique
class MoveKind(StrEnum):
    """What a move does, for a page to style and a test to find it."""

    ANTES = "antes"
    DEAL = "deal"
    CHECK = "check"
    OPEN = "open"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"
    ALL_IN = "all-in"
    DRAW = "draw"
    STAND_PAT = "stand-pat"
    DRAW_PHASE = "draw-phase"
    SHOWDOWN = "showdown"
    SHOW = "show"
    MUCK = "muck"
    NEW_DEAL = "new-deal"
    IRREGULAR = "irregular"
    BLIND = "blind"


@dataclass(frozen=True, slots=True)
class Move:
    """One thing that may be entered next, as the line the log would hold."""

    kind: MoveKind
    line: str
    """The log line (``Ann bets 2``); when ``complete`` is False, its start (``Ann shows ``)."""
    label: str
    """Short words for a button (``bet 2``)."""
    complete: bool = True
    """False when the line needs more words (cards) before it can be entered."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the table sees him now."""

    name: str
    status: str
    """``in``, ``folded``, ``dead``, ``all in`` or ``out``."""
    put_in: Decimal
    """Chips he has put into this deal's pot (antes, blinds, bets)."""
    this_round: Decimal
    """Chips he has put in during the betting round under way."""
    drew: bool
    """He has been served (or stood pat) on the draw under way or done."""
    shown: tuple[Card, ...]
    """The cards he showed at the showdown; empty when he has shown none."""


@dataclass(frozen=True, slots=True)
class Next:
    """Where a partial log stands, and what may be entered after it."""

    stage: str
    """Where the deal stands, in words (``betting before the draw``)."""
    turn: str | None
    """Whose turn it is; None between rounds, before the deal and when the hand is over."""
    moves: tuple[Move, ...]
    """The likely (clean) moves, the player's whose turn it is first."""
    irregular: tuple[Move, ...]
    """Irregular events, always allowed: lines to fill in."""
    pot: Decimal
    current_bet: Decimal
    """What each player must have put in this round to stay."""
    to_call: Decimal
    """What the player whose turn it is must add to stay (0 when he may check)."""
    opener: str | None
    players: tuple[PlayerView, ...]
    deal: int
    """Which deal of the log this is (a log may run across several)."""
    result: Result
    """The rulings so far and the settlement as the log stands."""

    @property
    def over(self) -> bool:
        return self.result.outcome is not Outcome.UNFINISHED


def what_next(log: ev.HandLog, text: str, rulebook: Rulebook) -> Next:
    """Replay ``log`` (read from ``text``) under ``rulebook`` and say what may come next.

    Raises:
        RulebookError: the log names a game the rulebook does not know.
    """
    from referee.engine import RulebookJudge, play_config
    from referee.rulebook.games import effective_game, refuse_unruled

    game = log.header.game or str(rulebook.default_game)
    refuse_unruled(game, rulebook)
    config = play_config(effective_game(rulebook, game), log, game)
    probe = Replay(log, config, RulebookJudge(rulebook), text)
    probe.walk()
    # The table is read where the log stops, before the end of the replay rules on what is
    # still pending (an out-of-turn bet waits for the skipped player); the look-ahead steps the
    # hand on, so the rulings and settlement come from a run of their own.
    table = _read_table(probe)
    result = Replay(log, config, RulebookJudge(rulebook), text).run()
    return replace(table, result=result)


# --- where the deal stands ----------------------------------------------------------------------


def _read_table(replay: Replay) -> Next:
    """Where the hand stands as the log stops, and what may come next (the result left empty)."""
    state = replay.state
    turn, moves = _look_ahead(replay, replay.state.outcome)
    betting = state.phase is Phase.BETTING
    return Next(
        stage=_stage(replay),
        turn=turn,
        moves=tuple(moves),
        irregular=irregular_moves(replay.log.header.seats, turn),
        pot=state.pot(),
        current_bet=state.current_bet if betting else ZERO,
        to_call=state.to_call(turn) if turn is not None and betting else ZERO,
        opener=state.opener,
        players=tuple(_player(replay, name) for name in state.order),
        deal=state.deal_number,
        result=_EMPTY,
    )


def _look_ahead(replay: Replay, outcome: Outcome | None) -> tuple[str | None, list[Move]]:
    """Whose turn it is and the clean moves. The replay is this call's own, so it may step on."""
    state = replay.state
    if state.phase is Phase.OVER:
        if outcome in (Outcome.PASSED_OUT, Outcome.POT_CARRIED, Outcome.MISDEAL):
            return None, [_move(MoveKind.NEW_DEAL, ev.NewDeal(), "new deal")]
        return None, []
    if state.phase is Phase.BEFORE_DEAL:
        moves = []
        anted = any(seat.put_in > ZERO for seat in state.seats.values())
        if replay.log.header.ante is not None and not anted:
            moves.append(_move(MoveKind.ANTES, ev.Antes(), "antes"))
        return None, [*moves, _move(MoveKind.DEAL, ev.Deal(), "deal")]
    if state.phase is Phase.SHOWDOWN:
        return _showdown_moves(replay)
    if state.phase is Phase.DRAW:
        drawer = state.next_to_draw()
        if drawer is not None:
            return drawer, _draw_moves(replay, drawer)
    replay.enter_betting()  # the deal done, or everyone served: the next betting round begins
    actor = state.expected_actor()
    if actor is not None:
        return actor, _betting_moves(replay, actor)
    if state.round_index < replay.config.draws and len(state.live()) > 1:
        return None, [_move(MoveKind.DRAW_PHASE, ev.DrawPhase(), "the draw")]
    return None, [_move(MoveKind.SHOWDOWN, ev.Showdown(), "showdown")]


_EMPTY: Final = Result("", (), Outcome.UNFINISHED, ZERO, {}, {}, ZERO, {})


def _stage(replay: Replay) -> str:
    state = replay.state
    draws = replay.config.draws
    if state.phase is Phase.BETTING:
        if state.round_index == 0:
            return "betting before the draw"
        return "betting after the draw" if draws == 1 else f"betting after draw {state.round_index}"
    if state.phase is Phase.DRAW:
        return "the draw" if draws == 1 else f"draw {state.draw_index}"
    return {
        Phase.BEFORE_DEAL: "before the deal",
        Phase.DEAL: "the deal",
        Phase.SHOWDOWN: "the showdown",
        Phase.OVER: "the hand is over",
    }[state.phase]


def _player(replay: Replay, name: str) -> PlayerView:
    state = replay.state
    seat = state.seats[name]
    status = (
        "dead" if seat.dead else "folded" if seat.folded else "all in" if seat.all_in else
        "in" if seat.in_hand else "out"
    )  # fmt: skip
    return PlayerView(
        name=name,
        status=status,
        put_in=seat.put_in,
        this_round=seat.put_in_round if state.phase is Phase.BETTING else ZERO,
        drew=seat.drew >= max(1, state.draw_index) if state.draw_index else False,
        shown=tuple(seat.cards) if seat.shown else (),
    )


# --- the moves ----------------------------------------------------------------------------------


def _move(kind: MoveKind, event: ev.Event, label: str) -> Move:
    return Move(kind, format_event(event), label)


def _betting_moves(replay: Replay, name: str) -> list[Move]:
    state = replay.state
    config = replay.config
    seat = state.seats[name]
    to_call = state.to_call(name)
    behind = seat.stack
    least, most = replay.state.bet_bounds(name)
    moves: list[Move] = []
    if replay.state.blind_due == name:
        # Jacks Back turned to lowball in a house that plays the blind (passed_out.lowball_blind):
        # he owes it, and the clean moves are to post it or to fold.
        from referee.adjudicate.variants import lowball_blind_size

        blind = lowball_blind_size(replay, name)
        post = ev.Post(name, ev.PostKind.BLIND, blind)
        return [
            _move(MoveKind.BLIND, post, f"post the blind ({_money(blind)})"),
            _move(MoveKind.FOLD, ev.Fold(name), "fold"),
        ]
    if to_call <= ZERO:
        moves.append(_move(MoveKind.CHECK, ev.Check(name), "check"))
        opening = state.round_index == 0 and not state.opened and config.openers != "anything"
        for amount in _amounts(least, most, replay.unit, behind):
            if opening:
                moves.append(_move(MoveKind.OPEN, ev.Open(name, amount), f"open {_money(amount)}"))
            else:
                moves.append(_move(MoveKind.BET, ev.Bet(name, amount), f"bet {_money(amount)}"))
    else:
        moves.append(_move(MoveKind.CALL, ev.Call(name), f"call {_money(to_call)}"))
        if _may_raise(replay, name):
            room = None if behind is None else behind - to_call
            for amount in _amounts(least, most, replay.unit, room):
                moves.append(_move(MoveKind.RAISE, ev.Raise(name, amount), f"raise {_money(amount)}"))
        moves.append(_move(MoveKind.FOLD, ev.Fold(name), "fold"))
    if behind is not None and behind > ZERO:
        moves.append(_move(MoveKind.ALL_IN, ev.AllIn(name), f"all in ({_money(behind)})"))
    return moves


def _may_raise(replay: Replay, name: str) -> bool:
    """A raise is clean play: no bar on this player, the cap not reached, no barred check-raise."""
    state = replay.state
    config = replay.config
    seat = state.seats[name]
    if seat.no_raise or (seat.checked_round and not config.check_raise):
        return False
    cap = config.raise_cap
    if cap is None or state.bets_this_round < cap:
        return True
    heads_up = len(state.live()) == 2
    return heads_up and not config.cap_heads_up and not state.capped_multiway


def _amounts(
    least: Decimal | None, most: Decimal | None, unit: Decimal, room: Decimal | None
) -> list[Decimal]:
    """A few amounts the limit allows: the least, the most, and round figures between."""
    low = least if least is not None and least > ZERO else unit
    if most is None:
        choices = [low, low * 2, low * 5, low * 10]
    elif most <= low:
        # Pot limit with little in the pot: the pot is the most (nothing at all when it is empty).
        choices = [most] if most > ZERO else []
    else:
        # Whole chips only (the replay's arithmetic is exact: no division that would round).
        step = unit * max(1, int((most - low) // unit) // (MAX_AMOUNTS - 1))
        choices = [low + step * index for index in range(MAX_AMOUNTS - 1)] + [most]
        choices = [amount for amount in choices if amount <= most]
    if room is not None:
        choices = [amount for amount in choices if amount <= room]
    return sorted(dict.fromkeys(choices))[:MAX_AMOUNTS]


def _draw_moves(replay: Replay, name: str) -> list[Move]:
    state = replay.state
    config = replay.config
    most = config.max_draw
    if state.draw_index > 1 and config.later_max_draw is not None:
        most = config.later_max_draw
    moves = [_move(MoveKind.STAND_PAT, ev.StandPat(name), "stand pat")]
    for count in range(1, min(most, config.hand_size) + 1):
        moves.append(_move(MoveKind.DRAW, ev.Draw(name, count), f"draw {count}"))
    with_ace = config.max_draw_with_ace
    if with_ace is not None and state.draw_index <= 1:
        for count in range(most + 1, min(with_ace, config.hand_size) + 1):
            moves.append(_move(MoveKind.DRAW, ev.Draw(name, count), f"draw {count} (keeping an ace)"))
    return moves


def _showdown_moves(replay: Replay) -> tuple[str | None, list[Move]]:
    state = replay.state
    waiting = [name for name in state.live() if not state.seats[name].shown]
    moves: list[Move] = []
    for name in waiting:
        moves.append(Move(MoveKind.SHOW, f"{format_name(name)} shows ", f"{name} shows…", complete=False))
    for name in waiting:
        moves.append(_move(MoveKind.MUCK, ev.Muck(name), f"{name} mucks"))
    return (waiting[0] if waiting else None), moves


def irregular_moves(seats: Sequence[str], turn: str | None) -> tuple[Move, ...]:
    """The common irregular events as lines to fill in, about the player whose turn it is."""
    who = format_name(turn or (seats[0] if seats else "Ann"))
    return tuple(
        Move(MoveKind.IRREGULAR, line.format(who=who), label.format(who=who), complete=line == "misdeal")
        for line, label in IRREGULAR
    )


IRREGULAR: Final = (
    ("dealer exposes {who}'s ", "the dealer flashed a card of {who}'s"),
    ("{who} exposes ", "{who} showed a card"),
    ("card face up in pack: ", "a card face up in the pack"),
    ("{who} was dealt 6 cards", "{who} has the wrong number of cards"),
    ('{who} says "', "{who} said something"),
    ("duplicate card found: ", "two of the same card"),
    ("misdeal", "misdeal called"),
)
"""(line to fill in, words for a button); ``{who}`` is the player whose turn it is."""


def _money(amount: Decimal) -> str:
    from referee.money import format_amount

    return format_amount(amount)
