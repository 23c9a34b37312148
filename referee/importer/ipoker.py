"""Boss Media (iPoker-style) XML hand histories: five-card draw.

Each hand is a ``<HISTORY ID= GAME="GAME_FCD" LIMIT="FL|PL|NL" STAKES="2.00/4.00">`` with
``<PLAYER NAME= SEAT= AMOUNT= STATE= DEALER="Y|N">``, then ``<ACTION>`` elements in order:
``HAND_BLINDS`` (``KIND="HAND_SB|HAND_BB"``), ``HAND_DEAL`` (five ``<CARD LINK=>``, ``b`` for a
card not seen), ``ACTION_FOLD|CHECK|CALL|BET|RAISE|ALLIN``, ``HAND_BOARD`` (the pot at the draw),
``CHANGECARD`` (``COUNT`` cards changed; the hand after the draw), and a closing ``<SHOWDOWN
POT= RAKE=>`` with a ``<RESULT PLAYER= WIN=>`` (and the cards) for the players still in.
Calls and raises give the player's total for the round. ``POT`` is after rake; uncalled bets
are not printed and follow from the betting.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Final

from referee.cards import Card, Rank, Suit
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
)

SITE: Final = "Boss"

_GAMES: Final = {"GAME_FCD": Game.DRAW}
_STRUCTURES: Final = {"FL": Structure.FIXED, "PL": Structure.POT, "NL": Structure.NO_LIMIT}
_HISTORY: Final = re.compile(r"<HISTORY\b.*?</HISTORY>", re.DOTALL)
_SUITS: Final = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
_RANKS: Final = (Rank.ACE, *(Rank.from_number(n) for n in range(2, 14)))
_MUCK: Final = "$(STR_G_MUCK)"


def card(link: str) -> Card | None:
    """``LINK`` 0-51 -> the card: diamonds, clubs, hearts, spades, each ace to king. ``b``: unseen."""
    if not link.isdigit() or not 0 <= int(link) < 52:
        return None
    suit, rank = divmod(int(link), 13)
    return Card(_RANKS[rank], _SUITS[suit])


def _cards(element: ET.Element) -> tuple[Card, ...] | None:
    """The cards under an element, or None when any of them is not seen."""
    found = [card(c.get("LINK", "")) for c in element.findall("CARD")]
    if not found or any(c is None for c in found):
        return None
    return tuple(c for c in found if c is not None)


def parse(text: str, source: str) -> ImportReport:
    """Every hand in a Boss Media XML file: the ones that import and the ones that don't, with why."""
    imported: list[ImportedHand] = []
    skipped: list[SkippedHand] = []
    for match in _HISTORY.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        id_match = re.search(r'<HISTORY ID="([^"]+)"', match.group(0))
        hand_id = id_match.group(1) if id_match else f"at line {line}"
        try:
            imported.append(parse_history(ET.fromstring(match.group(0)), source, line))
        except ET.ParseError as error:
            skipped.append(SkippedHand(source, SITE, hand_id, f"not well-formed XML: {error}", line))
        except SkipHand as skip:
            skipped.append(SkippedHand(source, SITE, hand_id, skip.reason, line))
    return ImportReport(source, SITE, tuple(imported), tuple(skipped))


def parse_history(history: ET.Element, source: str, line: int) -> ImportedHand:
    """One Boss Media hand.

    Raises:
        SkipHand: the hand cannot be a log; the reason says why.
    """
    b = HandBuilder(SITE, history.get("ID", "?"), source, line)
    game, limit = history.get("GAME", ""), history.get("LIMIT", "")
    if game not in _GAMES:
        raise SkipHand(
            f"{game or 'this game'} is not supported (referee rules five-card draw and lowball draw games)"
        )
    if limit not in _STRUCTURES:
        raise SkipHand(f"the betting structure {limit!r} is not supported")
    b.game, b.structure = _GAMES[game], _STRUCTURES[limit]
    stakes = history.get("STAKES", "")
    b.description = f"{limit} five-card draw {stakes} {history.get('TABLECURRENCY', '')}".strip()
    if b.structure is Structure.FIXED:
        low, _, high = stakes.partition("/")
        b.small_bet, b.big_bet = parse_amount(low), parse_amount(high)
    _Reader(b, history).read()
    return b.build()


class _Reader:
    def __init__(self, builder: HandBuilder, history: ET.Element) -> None:
        self.builder = builder
        self.history = history

    def read(self) -> None:
        b = self.builder
        for player in self.history.findall("PLAYER"):
            name, state = player.get("NAME", ""), player.get("STATE", "")
            if state == "STATE_EMPTY":
                continue
            b.seat(
                int(player.get("SEAT", "0")),
                name,
                parse_amount(player.get("AMOUNT", "0")),
                state != "STATE_PLAYING",
            )
            if player.get("DEALER") == "Y":
                b.button_name = name
        dealt = {a.get("PLAYER", "") for a in self.history.findall("ACTION[@TYPE='HAND_DEAL']")}
        for name in b.seated():
            if name not in dealt:
                b.not_dealt_in(name)
        for action in self.history.findall("ACTION"):
            self.action(action)
        showdown = self.history.find("SHOWDOWN")
        if showdown is None:
            raise SkipHand("the hand has no result (no <SHOWDOWN>)")
        self.finish(showdown)

    def action(self, action: ET.Element) -> None:
        b = self.builder
        kind, name = action.get("TYPE", ""), action.get("PLAYER", "")
        value = parse_amount(action.get("VALUE", "0") or "0")
        if kind == "HAND_BLINDS":
            blind = action.get("KIND", "")
            if blind == "HAND_SB":
                b.post(name, "small blind", value)
            elif blind == "HAND_BB":
                b.post(name, "big blind", value)
            elif blind == "HAND_DEAD":
                b.dead_blind(name, value)
            else:
                b.post(name, "blind", value)
        elif kind == "HAND_ANTE":
            b.antes(name, value)
        elif kind == "HAND_DEAL":
            b.deal()
            cards = _cards(action)
            if cards is not None:
                b.dealt_to(name, cards)
        elif kind == "HAND_BOARD":
            self.check_pot(action)
        elif kind == "CHANGECARD":
            self.change(name, action)
        elif kind == "ACTION_FOLD":
            b.fold(name)
        elif kind == "ACTION_CHECK":
            b.check(name)
        elif kind == "ACTION_CALL":
            b.call_to(name, value)
        elif kind == "ACTION_BET":
            b.bet(name, value)
        elif kind == "ACTION_RAISE":
            b.raise_to(name, value)
        elif kind == "ACTION_ALLIN":
            self.all_in(name)
        else:
            b.warnings.append(f"action not understood: {kind} by {name}")

    def change(self, name: str, action: ET.Element) -> None:
        b = self.builder
        count = int(action.get("COUNT", "0"))
        b.discard(name, count)
        cards = _cards(action)
        if cards is not None:
            b.new_hand(name, cards)

    def all_in(self, name: str) -> None:
        """An all-in: everything left, as a bet, a raise or a call by how it compares."""
        b = self.builder
        left = b.chips_left(name)
        total = b.in_round(name) + left
        if b.current_bet == 0:
            b.bet(name, left)
        elif total > b.current_bet:
            b.raise_to(name, total)
        else:
            b.call(name, left)

    def check_pot(self, board: ET.Element) -> None:
        pot = board.get("POT")
        if pot and parse_amount(pot) != self.builder.total_invested():
            self.builder.warnings.append(
                f"the site's pot at the draw is {pot}; the betting puts {self.builder.total_invested()} in"
            )

    def finish(self, showdown: ET.Element) -> None:
        b = self.builder
        results = showdown.findall("RESULT")
        live = b.live_players()
        if len(live) > 1:
            b.showdown()
            for result in results:
                name = result.get("PLAYER", "")
                if name not in live:
                    continue
                cards = _cards(result)
                if result.get("HAND") == _MUCK or cards is None:
                    b.muck(name)
                else:
                    b.show(name, cards)
        for result in results:
            won = parse_amount(result.get("WIN", "0") or "0")
            if won > 0:
                b.collected(result.get("PLAYER", ""), won)
        b.return_uncalled()
        rake = parse_amount(showdown.get("RAKE", "0") or "0")
        pot = parse_amount(showdown.get("POT", "0") or "0") + rake
        sides = tuple(
            parse_amount(value) for key in ("LEFTPOT", "RIGHTPOT") if (value := showdown.get(key, ""))
        )
        main = showdown.get("MAINPOT", "")
        b.summary(pot, rake, parse_amount(main) if main else None, sides)  # as printed: after rake
        if pot != b.total_invested() - sum(b.uncalled().values(), ZERO):
            b.warnings.append(f"the site's pot {pot} is not what the betting left in")
