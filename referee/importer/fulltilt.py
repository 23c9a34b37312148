"""Full Tilt text hand histories: five-card draw, 2-7 single and triple draw, A-5 triple draw.

A hand starts ``Full Tilt Poker Game #N:`` (older files: ``FullTiltPoker``) with the table, stakes
and game on one line (``$0.10/$0.20 Ante $0.05 - No Limit 2-7 Single Draw``), lists
``Seat N: name ($X)``, the antes and blinds (``posts the small blind of $X``), then
``The button is in seat #N``, ``*** HOLE CARDS ***``, actions as ``name verb ...`` (no colon),
``*** DRAW ***`` or ``*** FIRST DRAW ***`` ..., where each discard is followed later by
``name is dealt N cards``, ``*** SHOW DOWN ***``, ``name wins the pot ($X)`` and a summary.
Files are often UTF-16.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from referee.importer.builder import HandBuilder
from referee.importer.common import (
    AMOUNT,
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

SITE: Final = "FullTilt"

START: Final = re.compile(r"^\s*Full ?Tilt ?Poker Game #\d+:")
_HAND_ID: Final = re.compile(r"Game #(\d+):")

_GAMES: Final = {
    "5 Card Draw": Game.DRAW,
    "2-7 Single Draw": Game.DEUCE_TO_SEVEN,
    "2-7 Triple Draw": Game.DEUCE_TO_SEVEN_TRIPLE,
    "A-5 Single Draw": Game.LOWBALL,
    "A-5 Triple Draw": Game.LOWBALL_TRIPLE,
}
_STRUCTURES: Final = {
    "No Limit": Structure.NO_LIMIT,
    "NL": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT,
    "PL": Structure.POT,
    "Limit": Structure.FIXED,
    "FL": Structure.FIXED,
}
_GAME_PART: Final = re.compile(r"^(?:(No Limit|Pot Limit|Limit|NL|PL|FL) )?(.+)$")
_STAKES_PART: Final = re.compile(rf"^({AMOUNT})/({AMOUNT})(?: Ante ({AMOUNT}))?$")
_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \(({AMOUNT})\)(.*)$")
_BUTTON: Final = re.compile(r"^The button is in seat #(\d+)$")
_DEALT: Final = re.compile(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
_UNCALLED: Final = re.compile(rf"^Uncalled bet of ({AMOUNT}) returned to (.+)$")
_WINS: Final = re.compile(rf"^(?:wins|ties for) the ((?:main |side )?pot(?: #?\d+)?) \(({AMOUNT})\)")
_TOTAL: Final = re.compile(rf"^Total pot ({AMOUNT})(?P<pots>.*?)\s*\|\s*Rake ({AMOUNT})")
_MAIN: Final = re.compile(rf"Main pot ({AMOUNT})")
_SIDE: Final = re.compile(rf"Side pot(?: #?\d+)? ({AMOUNT})")
_SUMMARY_SEAT: Final = re.compile(r"^Seat (\d+): ")

_ALL_IN: Final = r"(?:,? and is all in)?"
_ANTE: Final = re.compile(rf"^antes ({AMOUNT}){_ALL_IN}$")
_POST: Final = re.compile(
    rf"^posts (the small blind of|the big blind of|a dead small blind of|) ?({AMOUNT}){_ALL_IN}$"
)
_CALL: Final = re.compile(rf"^calls ({AMOUNT}){_ALL_IN}$")
_BET: Final = re.compile(rf"^bets ({AMOUNT}){_ALL_IN}$")
_RAISE: Final = re.compile(rf"^raises to ({AMOUNT}){_ALL_IN}$")
_DISCARD: Final = re.compile(r"^discards (\d+) cards?(?: \[([^\]]*)\])?$")
_IS_DEALT: Final = re.compile(r"^is dealt (\d+) cards?$")
_PAT: Final = re.compile(r"^stands pat(?: on \[[^\]]*\])?$")
_SHOWS: Final = re.compile(r"^shows \[([^\]]*)\]")
_IGNORED_ACTS: Final = re.compile(
    r"^(?:has \d+ seconds left to act|has requested TIME|has been disconnected|has reconnected|"
    r"is sitting out|has returned|sits down|stands up|adds .*|is feeling .*|shows \[.*\] .*on the .*|"
    r"has timed out|leaves the table|seat #\d+ .*)$"
)
_IGNORED_LINES: Final = re.compile(r"^(?:Duration \d+.*|\*+ # \d+ \*+|.+ sits down|.+ stands up)$")


def parse(text: str, source: str) -> ImportReport:
    """Every hand in a Full Tilt file: the ones that import and the ones that don't, with why."""
    return run_hands(SITE, source, split_hands(text, START), parse_hand, _HAND_ID)


def _header(builder: HandBuilder, first: str) -> None:
    """Reads game, structure, stakes and ante from the first line."""
    body = first.split(":", 1)[1].strip()
    if body.endswith("(partial)"):
        raise SkipHand("the site kept only part of this hand (partial)")
    parts = [part.strip() for part in body.split(" - ")]
    stakes: re.Match[str] | None = None
    game: Game | None = None
    structure = Structure.FIXED
    named = ""
    for part in parts:
        if stakes is None and (found := _STAKES_PART.match(part)):
            stakes = found
            continue
        kind = _GAME_PART.match(part)
        if kind is None:
            continue
        if kind.group(2) in _GAMES:
            game = _GAMES[kind.group(2)]
            structure = _STRUCTURES[kind.group(1) or "Limit"]
            named = part
        elif "Badugi" in kind.group(2) or "Badacey" in kind.group(2) or "Badeucey" in kind.group(2):
            raise SkipHand(f"{part} is not supported (referee rules five-card draw and lowball draw games)")
    if game is None:
        raise SkipHand(f"not a draw game referee supports: {body}")
    if stakes is None:
        raise SkipHand("the stakes are not in the header")
    builder.game, builder.structure = game, structure
    builder.description = f"{named} ({stakes.group(0)})"
    if stakes.group(3):
        builder.ante = parse_amount(stakes.group(3))
    if structure is Structure.FIXED:
        builder.small_bet, builder.big_bet = parse_amount(stakes.group(1)), parse_amount(stakes.group(2))


def parse_hand(lines: list[str], source: str, start: int) -> ImportedHand:
    """One Full Tilt hand.

    Raises:
        SkipHand: the hand cannot be a log; the reason says why.
    """
    first = lines[0].strip()
    match = _HAND_ID.search(first)
    builder = HandBuilder(SITE, match.group(1) if match else "?", source, start)
    _header(builder, first)
    _Reader(builder).read(lines[1:])
    return builder.build()


class _Reader(LineReader):
    """Walks one hand's lines and feeds the builder."""

    def __init__(self, builder: HandBuilder) -> None:
        self.builder = builder
        self.section = "seats"
        self.names: list[str] = []
        self.small_blind_posted = False
        self.big_blind_posted = False

    def line(self, line: str) -> None:
        b = self.builder
        if line.startswith("*** "):
            self.marker(line)
            return
        if self.section == "summary":
            self.summary(line)
            return
        if self.section == "seats" and (seat := _SEAT.match(line)):
            out = "sitting out" in seat.group(4)
            b.seat(int(seat.group(1)), seat.group(2), parse_amount(seat.group(3)), sitting_out=out)
            self.names = b.seated()
            return
        if button := _BUTTON.match(line):
            b.button_seat = int(button.group(1))
            return
        if dealt := _DEALT.match(line):
            cards = parse_card_list(dealt.group(2))
            if dealt.group(3) is None:
                b.dealt_to(dealt.group(1), cards)
            else:
                b.received(dealt.group(1), cards, parse_card_list(dealt.group(3)))
            return
        if uncalled := _UNCALLED.match(line):
            b.returned(uncalled.group(2), parse_amount(uncalled.group(1)))
            return
        actor = split_actor(line, self.names, " ")
        if actor is not None:
            self.action(*actor)
            return
        if split_actor(line, self.names, ": ") is not None or _IGNORED_LINES.match(line):
            return  # chat, or table chatter
        b.warnings.append(f"line not understood: {line!r}")

    def marker(self, line: str) -> None:
        b = self.builder
        if line.startswith("*** HOLE CARDS"):
            self.section = "play"
            b.deal()
        elif re.match(r"^\*\*\* (?:FIRST |SECOND |THIRD )?DRAW \*\*\*", line):
            b.draw_round()
        elif line.startswith("*** SHOW DOWN"):
            b.showdown()
        elif line.startswith("*** SUMMARY"):
            self.section = "summary"
        else:
            b.warnings.append(f"street not understood: {line!r}")

    def action(self, name: str, act: str) -> None:
        b = self.builder
        if ante := _ANTE.match(act):
            b.antes(name, parse_amount(ante.group(1)))
        elif post := _POST.match(act):
            self.post(name, post.group(1), parse_amount(post.group(2)))
        elif act == "folds":
            b.fold(name)
        elif act == "checks":
            b.check(name)
        elif call := _CALL.match(act):
            b.call(name, parse_amount(call.group(1)))
        elif bet := _BET.match(act):
            b.bet(name, parse_amount(bet.group(1)))
        elif raise_ := _RAISE.match(act):
            b.raise_to(name, parse_amount(raise_.group(1)))
        elif discard := _DISCARD.match(act):
            cards = parse_card_list(discard.group(2)) if discard.group(2) else ()
            b.discard(name, int(discard.group(1)), cards)
        elif dealt := _IS_DEALT.match(act):
            b.dealt_count(name, int(dealt.group(1)))
        elif _PAT.match(act):
            b.stand_pat(name)
        elif shows := _SHOWS.match(act):
            b.show(name, parse_card_list(shows.group(1)))
        elif act == "mucks":
            b.muck(name)
        elif wins := _WINS.match(act):
            b.collected(name, parse_amount(wins.group(2)), wins.group(1))
        elif _IGNORED_ACTS.match(act):
            pass
        else:
            b.warnings.append(f"action not understood: {name} {act}")

    def post(self, name: str, kind: str, amount: Decimal) -> None:
        b = self.builder
        if kind == "a dead small blind of":
            b.dead_blind(name, amount)
        elif kind == "the small blind of" and not self.small_blind_posted and not self.big_blind_posted:
            self.small_blind_posted = True
            b.post(name, "small blind", amount)
        elif kind == "the big blind of" and not self.big_blind_posted:
            self.big_blind_posted = True
            b.post(name, "big blind", amount)
        else:
            b.post(name, "blind", amount)  # a live blind posted out of position (a new player)

    def summary(self, line: str) -> None:
        b = self.builder
        if total := _TOTAL.match(line):
            pots = total.group("pots")
            main = _MAIN.search(pots)
            sides = tuple(parse_amount(side) for side in _SIDE.findall(pots))
            b.summary(
                parse_amount(total.group(1)),
                parse_amount(total.group(3)),
                parse_amount(main.group(1)) if main else None,
                sides,
            )
            return
        seat = _SUMMARY_SEAT.match(line)
        if seat is None:
            return
        rest = line[seat.end() :]
        for name in self.names:
            if rest.startswith(name) and re.match(r"^(?: \([^)]*\))* is sitting out$", rest[len(name) :]):
                b.not_dealt_in(name)
