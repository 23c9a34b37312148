"""Merge Network XML hand histories: five-card draw, 2-7 and A-5 triple draw.

A file is a ``<description type="2-7 Lowball" stakes="Limit $1/$2"/>`` (given once, for every game
after it) and ``<game id=...>`` elements. A game lists ``<player seat= nickname= balance=
dealtin=>`` with ``<players dealer=seat>``, then ``<round id=...>`` elements (``BLINDS``,
``PRE_FIRST_DRAW``, ``FIRST_DRAW``, ``POST_FIRST_DRAW``, ..., ``SHOWDOWN``, ``END_OF_GAME``) of
``<event type= player=seat amount=>`` and ``<cards type=HOLE|DRAW_DRAWN_CARDS|SHOWN|MUCKED>``.
Raises give the total for the round (since September 2010), calls and all-ins the chips put in.
Merge prints no rake and no uncalled bets: a winner's amount includes his own uncalled bet, so
the importer works the uncalled bets out by the rule and takes them out of the collections.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from typing import Final

from referee.importer.builder import HandBuilder
from referee.importer.common import (
    ZERO,
    Game,
    ImportedHand,
    ImportReport,
    SkipHand,
    SkippedHand,
    Structure,
    parse_amount,
    parse_card_list,
)

SITE: Final = "Merge"

_GAMES: Final = {
    "5-Draw": Game.DRAW,
    "2-7 Lowball": Game.DEUCE_TO_SEVEN_TRIPLE,
    "A-5 Lowball": Game.LOWBALL_TRIPLE,
}
_STRUCTURES: Final = (
    ("Half Pot Limit", None),
    ("No Limit", Structure.NO_LIMIT),
    ("Pot Limit", Structure.POT),
    ("Limit", Structure.FIXED),
)
_PIECE: Final = re.compile(r"<description\b[^>]*/>|<game\b.*?</game>", re.DOTALL)
_STAKES: Final = re.compile(r"\$?([\d.]+)/\$?([\d.]+)")
_RAISE_TO_SINCE: Final = "20100908000000"
"""Merge raises name the total for the round from this date; before it, the raise on top of the call."""


def parse(text: str, source: str) -> ImportReport:
    """Every game in a Merge file: the ones that import and the ones that don't, with why."""
    description: ET.Element | None = None
    imported: list[ImportedHand] = []
    skipped: list[SkippedHand] = []
    for match in _PIECE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        piece = match.group(0)
        id_match = re.search(r'<game id="([^"]+)"', piece)
        hand_id = id_match.group(1) if id_match else f"at line {line}"
        try:
            element = ET.fromstring(piece)
        except ET.ParseError as error:
            skipped.append(SkippedHand(source, SITE, hand_id, f"not well-formed XML: {error}", line))
            continue
        if element.tag == "description":
            description = element
            continue
        try:
            imported.append(parse_game(element, description, source, line))
        except SkipHand as skip:
            skipped.append(SkippedHand(source, SITE, hand_id, skip.reason, line))
    return ImportReport(source, SITE, tuple(imported), tuple(skipped))


def _header(builder: HandBuilder, description: ET.Element | None) -> None:
    if description is None:
        raise SkipHand("no <description> before the game says what game it is")
    kind = description.get("type", "")
    stakes = description.get("stakes", "")
    if kind not in _GAMES:
        raise SkipHand(
            f"{kind or 'this game'} is not supported (referee rules five-card draw and lowball draw games)"
        )
    structure = next((found for name, found in _STRUCTURES if stakes.startswith(name)), None)
    if structure is None:
        raise SkipHand(f"the betting structure {stakes!r} is not supported")
    amounts = _STAKES.search(stakes)
    if amounts is None:
        raise SkipHand(f"the stakes {stakes!r} are not readable")
    builder.game, builder.structure = _GAMES[kind], structure
    builder.description = f"{kind} {stakes}"
    if structure is Structure.FIXED:
        builder.small_bet, builder.big_bet = parse_amount(amounts.group(1)), parse_amount(amounts.group(2))


def parse_game(game: ET.Element, description: ET.Element | None, source: str, line: int) -> ImportedHand:
    """One Merge game.

    Raises:
        SkipHand: the game cannot be a log; the reason says why.
    """
    builder = HandBuilder(SITE, game.get("id", "?"), source, line)
    _header(builder, description)
    _Reader(builder, game).read()
    return builder.build()


class _Reader:
    """Walks one game's rounds and feeds the builder."""

    def __init__(self, builder: HandBuilder, game: ET.Element) -> None:
        self.builder = builder
        self.game = game
        self.seats: dict[str, str] = {}
        self.raise_to = game.get("starttime", _RAISE_TO_SINCE) >= _RAISE_TO_SINCE
        self.winners: list[tuple[str, Decimal, str]] = []

    def name(self, seat: str | None) -> str:
        if seat is None or seat not in self.seats:
            raise SkipHand(f"an event names seat {seat}, where nobody sits")
        return self.seats[seat]

    def read(self) -> None:
        b = self.builder
        players = self.game.find("players")
        if players is None:
            raise SkipHand("no <players>")
        for player in players.findall("player"):
            seat, name = player.get("seat", ""), player.get("nickname", "")
            self.seats[seat] = name
            b.seat(int(seat), name, parse_amount(player.get("balance", "0")), player.get("dealtin") != "true")
        b.button_seat = int(players.get("dealer", "-1"))
        rounds = self.game.findall("round")
        if any(r.get("id") == "GAME_CANCELLED" for r in rounds):
            raise SkipHand("the site cancelled the hand")
        hole = self.game.find("round/cards[@type='HOLE']")
        for round_ in rounds:
            self.round(round_, hole)
        self.finish()

    def round(self, round_: ET.Element, hole: ET.Element | None) -> None:
        b = self.builder
        kind = round_.get("id", "")
        cards = {c.get("player", ""): c for c in round_.findall("cards")}
        if kind not in ("BLINDS", "END_OF_GAME") and not b.dealt:
            b.deal()
            if hole is not None:
                b.dealt_to(self.name(hole.get("player")), parse_card_list(hole.get("cards", "")))
        if kind.endswith("_DRAW") and not kind.startswith("POST_") and not kind.startswith("PRE_"):
            b.draw_round()
        elif kind == "SHOWDOWN":
            b.showdown()
        for event in round_.findall("event"):
            self.event(event, cards)
        drawn = [c for c in round_.findall("cards") if c.get("type") == "DRAW_DRAWN_CARDS"]
        for found in drawn:
            b.new_hand(self.name(found.get("player")), parse_card_list(found.get("cards", "")))
        for winner in round_.findall("winner"):
            self.winners.append(
                (
                    self.name(winner.get("player")),
                    parse_amount(winner.get("amount", "0")),
                    winner.get("uncalled", ""),
                )
            )

    def event(self, event: ET.Element, cards: dict[str, ET.Element]) -> None:
        b = self.builder
        kind = event.get("type", "")
        if kind in ("CHAT", "SIT_OUT", "RECONNECTED", "DISCONNECTED", "LEAVE", "PLAYER_OUT"):
            return
        name = self.name(event.get("player"))
        amount = parse_amount(event.get("amount", "0"))
        if kind == "SMALL_BLIND":
            b.post(name, "small blind", amount)
        elif kind == "BIG_BLIND":
            b.post(name, "big blind", amount)
        elif kind == "INITIAL_BLIND":
            b.post(name, "blind", amount)
        elif kind == "RETURN_BLIND":
            live = min(amount, b.current_bet or amount)
            if amount > live:
                b.dead_blind(name, amount - live)
            b.post(name, "blind", live)
        elif kind == "ANTE":
            b.antes(name, amount)
        elif kind == "FOLD":
            b.fold(name)
        elif kind == "CHECK":
            b.check(name)
        elif kind == "CALL":
            b.call(name, amount)
        elif kind == "BET":
            b.bet(name, amount)
        elif kind in ("RAISE", "COMPLETE"):
            b.raise_to(name, amount if self.raise_to else b.current_bet + amount)
        elif kind == "ALL_IN":
            self.all_in(name, amount)
        elif kind == "DRAW":
            b.discard(name, int(event.get("text", "0")))
        elif kind == "SHOW":
            self.show(name, cards)
        elif kind == "MUCK":
            b.muck(name)
        else:
            b.warnings.append(f"event not understood: {kind} by {name}")

    def all_in(self, name: str, amount: Decimal) -> None:
        """ALL_IN gives the chips put in now: a bet, a raise or a call, by how it compares."""
        b = self.builder
        total = b.in_round(name) + amount
        if b.current_bet == 0:
            b.bet(name, amount)
        elif total > b.current_bet:
            b.raise_to(name, total)
        else:
            b.call(name, amount)

    def show(self, name: str, cards: dict[str, ET.Element]) -> None:
        found = cards.get(self.seat_of(name))
        if found is not None and found.get("type") == "SHOWN":
            self.builder.show(name, parse_card_list(found.get("cards", "")))

    def seat_of(self, name: str) -> str:
        return next((seat for seat, seated in self.seats.items() if seated == name), "")

    def finish(self) -> None:
        """Merge's winners include their own uncalled bets: take those out, and the rest is the pot."""
        b = self.builder
        uncalled = b.uncalled()
        for name, amount in uncalled.items():
            b.returned(name, amount)
        left = dict(uncalled)
        for name, amount, flag in self.winners:
            if flag == "true":
                continue  # an uncalled bet the site names as such: the rule has it already
            back = min(left.get(name, ZERO), amount)
            left[name] = left.get(name, ZERO) - back
            if amount > back:
                b.collected(name, amount - back)
        if any(left.values()):
            b.warnings.append(
                f"the winners' amounts do not hold the uncalled bets the rule gives back {left}"
            )
        total = b.total_invested() - sum(uncalled.values(), ZERO)
        rake = total - b.total_collected()
        if rake < 0:
            b.warnings.append(f"the winners collect {b.total_collected()}, more than the pot of {total}")
        b.summary(total, rake)
