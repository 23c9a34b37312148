"""OnGame text hand histories: five-card draw.

A hand runs from ``***** History for hand R5-... *****`` to ``***** End of hand ... *****``. The
``Table:`` line names structure, game and stakes (``LIMIT FIVE_CARD_DRAW $0.05/$0.10``);
``Button: seat N``; ``Seat N: name ($X)`` for everyone in the round; posts as
``name posts small blind ($X)``; ``Dealing to Hero: [Tc, 9h, ...]``; actions as ``name verb``,
raises as ``raises $by to $total``; the draw as ``name changed N cards`` with the hero's whole new
hand on ``New hand for Hero: [...]``. Streets are separated by ``---`` (not always). OnGame
prints no showdown and no uncalled bets: the summary shows the cards of whoever showed, and
the uncalled bets follow from the betting.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from referee.cards import Card
from referee.importer.builder import HandBuilder
from referee.importer.common import (
    AMOUNT,
    ZERO,
    Game,
    ImportedHand,
    ImportReport,
    LineReader,
    SkipHand,
    Structure,
    parse_amount,
    parse_card_list,
    run_hands,
    split_actor,
    split_hands,
)

SITE: Final = "OnGame"

START: Final = re.compile(r"^\*{5} History for hand \S+ \*{5}")
_HAND_ID: Final = re.compile(r"History for hand (\S+)")

_GAMES: Final = {"FIVE_CARD_DRAW": Game.DRAW}
_STRUCTURES: Final = {"LIMIT": Structure.FIXED, "POT_LIMIT": Structure.POT, "NO_LIMIT": Structure.NO_LIMIT}
_TABLE: Final = re.compile(rf"^Table: .*\((\w+) (\w+) ({AMOUNT})/({AMOUNT}),")
_BUTTON: Final = re.compile(r"^Button: seat (\d+)$")
_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \(({AMOUNT})\)$")
_DEALT: Final = re.compile(r"^Dealing to (.+?): \[([^\]]*)\]$")
_NEW_HAND: Final = re.compile(r"^New hand for (.+?): \[([^\]]*)\]$")
_POT: Final = re.compile(rf"^(Main pot|Side pot(?: \d+)?): ({AMOUNT}) won by (.+)$")
_WINNER: Final = re.compile(rf"^(.+?) \(({AMOUNT})\)$")
_RAKE: Final = re.compile(rf"^Rake taken: ({AMOUNT})$")
_RESULT: Final = re.compile(
    rf"^Seat (\d+): (.+?) \(({AMOUNT})\)"
    rf"(?:, net: (?P<sign>[+-]?)(?P<net>{AMOUNT}))?(?:, \[(?P<cards>[^\]]*)\].*)?$"
)

_ALL_IN: Final = r"(?: \[all in\])?"
_POST: Final = re.compile(rf"^posts (small blind|big blind|dead blind) \(({AMOUNT})\){_ALL_IN}$")
_CALL: Final = re.compile(rf"^calls ({AMOUNT}){_ALL_IN}$")
_BET: Final = re.compile(rf"^bets ({AMOUNT}){_ALL_IN}$")
_RAISE: Final = re.compile(rf"^raises ({AMOUNT}) to ({AMOUNT}){_ALL_IN}$")
_CHANGED: Final = re.compile(r"^changed (\d+) cards?$")
_IGNORED_LINES: Final = re.compile(
    r"^(?:---|Dealing pocket cards|Summary:|Start hand: .*|User: .*|Players in round: \d+|"
    r"\*{5} End of hand .*)$"
)


def parse(text: str, source: str) -> ImportReport:
    """Every hand in an OnGame file: the ones that import and the ones that don't, with why."""
    return run_hands(SITE, source, split_hands(text, START), parse_hand, _HAND_ID)


def parse_hand(lines: list[str], source: str, start: int) -> ImportedHand:
    """One OnGame hand.

    Raises:
        SkipHand: the hand cannot be a log; the reason says why.
    """
    match = _HAND_ID.search(lines[0])
    builder = HandBuilder(SITE, match.group(1) if match else "?", source, start)
    reader = _Reader(builder)
    reader.read(lines[1:])
    reader.finish()
    return builder.build()


class _Reader(LineReader):
    """Walks one hand's lines and feeds the builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.builder = builder
        self.names: list[str] = []
        self.section = "seats"
        self.blinds_posted = 0
        self.shown: dict[str, tuple[Card, ...]] = {}
        self.nets: dict[str, Decimal] = {}
        self.pots: list[Decimal] = []

    def line(self, line: str) -> None:
        b = self.builder
        if line == "Summary:":
            self.section = "summary"
            return
        if self.section == "summary":
            self.summary(line)
            return
        if table := _TABLE.match(line):
            self.table(table)
        elif button := _BUTTON.match(line):
            b.button_seat = int(button.group(1))
        elif self.section == "seats" and (seat := _SEAT.match(line)):
            b.seat(int(seat.group(1)), seat.group(2), parse_amount(seat.group(3)))
            self.names = b.seated()
        elif line == "Dealing pocket cards":
            self.section = "play"
            b.deal()
        elif dealt := _DEALT.match(line):
            b.deal()
            b.dealt_to(dealt.group(1), parse_card_list(dealt.group(2)))
        elif new_hand := _NEW_HAND.match(line):
            b.new_hand(new_hand.group(1), parse_card_list(new_hand.group(2)))
        elif (actor := split_actor(line, self.names, " ")) is not None:
            self.action(*actor)
        elif not _IGNORED_LINES.match(line):
            b.warnings.append(f"line not understood: {line!r}")

    def table(self, table: re.Match[str]) -> None:
        b = self.builder
        structure, game = table.group(1), table.group(2)
        if game not in _GAMES:
            raise SkipHand(f"{game.replace('_', ' ').lower()} is not a game referee supports")
        if structure not in _STRUCTURES:
            raise SkipHand(f"unknown betting structure {structure}")
        b.game, b.structure = _GAMES[game], _STRUCTURES[structure]
        b.description = (
            f"{structure.replace('_', ' ').lower()} five-card draw ({table.group(3)}/{table.group(4)})"
        )
        if b.structure is Structure.FIXED:
            b.small_bet, b.big_bet = parse_amount(table.group(3)), parse_amount(table.group(4))

    def action(self, name: str, act: str) -> None:
        b = self.builder
        if post := _POST.match(act):
            self.post(name, post.group(1), parse_amount(post.group(2)))
        elif act == "folds":
            b.fold(name)
        elif act == "checks":
            b.check(name)
        elif call := _CALL.match(act):
            b.call(name, parse_amount(call.group(1)))
        elif bet := _BET.match(act):
            amount = parse_amount(bet.group(1))
            if b.current_bet > 0:
                b.raise_to(name, amount)
            else:
                b.bet(name, amount)
        elif raise_ := _RAISE.match(act):
            b.raise_to(name, parse_amount(raise_.group(2)))
        elif changed := _CHANGED.match(act):
            b.discard(name, int(changed.group(1)))
        else:
            b.warnings.append(f"action not understood: {name} {act}")

    def post(self, name: str, kind: str, amount: Decimal) -> None:
        """OnGame calls both blinds "big blind" when they are equal: the order tells them apart."""
        b = self.builder
        if kind == "dead blind":
            b.dead_blind(name, amount)
            return
        self.blinds_posted += 1
        if self.blinds_posted == 1 and (kind == "small blind" or self.is_small_blind_seat(name)):
            b.post(name, "small blind", amount)
        elif self.blinds_posted <= 2 and kind == "big blind":
            b.post(name, "big blind", amount)
        else:
            b.post(name, "blind", amount)

    def is_small_blind_seat(self, name: str) -> bool:
        """Is ``name`` in the small blind's seat (left of the button; the button itself heads-up)?"""
        b = self.builder
        seats = b.seat_numbers()
        button = b.button_seat
        if button is None or name not in seats:
            return False
        if len(seats) == 2:
            return seats[name] == button
        order = sorted(seats.values())
        after = [n for n in order if n > button] + [n for n in order if n <= button]
        return seats[name] == after[0]

    def summary(self, line: str) -> None:
        b = self.builder
        if pot := _POT.match(line):
            self.pots.append(parse_amount(pot.group(2)))
            label = pot.group(1).lower()
            for winner in pot.group(3).split(", "):
                found = _WINNER.match(winner.strip())
                if found is None:
                    raise SkipHand(f"cannot read the winners of {line!r}")
                b.collected(found.group(1), parse_amount(found.group(2)), label)
        elif rake := _RAKE.match(line):
            main = self.pots[0] if self.pots else None
            b.summary(sum(self.pots, ZERO), parse_amount(rake.group(1)), main, tuple(self.pots[1:]))
        elif result := _RESULT.match(line):
            name = result.group(2)
            if result.group("net") is not None:
                net = parse_amount(result.group("net"))
                self.nets[name] = -net if result.group("sign") == "-" else net
            if result.group("cards"):
                self.shown[name] = parse_card_list(result.group("cards"))
        elif not line.startswith("*****"):
            b.warnings.append(f"summary line not understood: {line!r}")

    def finish(self) -> None:
        """Write the showdown OnGame leaves out and the uncalled bets it does not print."""
        b = self.builder
        live = b.live_players()
        if len(live) > 1:
            b.showdown()  # in the order the summary lists them; whoever shows no cards mucked
            for name in [*(n for n in self.shown if n in live), *(n for n in live if n not in self.shown)]:
                if name in self.shown:
                    b.show(name, self.shown[name])
                else:
                    b.muck(name)
        b.return_uncalled()
        b.check_nets(self.nets)
