"""PokerStars text hand histories: five-card draw, 2-7 single and triple draw.

A hand starts ``PokerStars Game #N:`` (or ``Hand #N:``), names the button in the ``Table`` line,
lists ``Seat N: name ($X in chips)``, then the posts, ``*** DEALING HANDS ***``, the actions as
``name: verb ...``, street markers for triple draw (single draw has none: the first discard
starts the draw), ``*** SHOW DOWN ***``, the collections and a ``*** SUMMARY ***``.
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

SITE: Final = "PokerStars"

START: Final = re.compile(r"^PokerStars (?:Zoom )?(?:Game|Hand) #\d+:")
_HAND_ID: Final = re.compile(r"(?:Game|Hand) #(\d+):")

_GAMES: Final = (
    ("5 Card Draw", Game.DRAW),
    ("Single Draw 2-7 Lowball", Game.DEUCE_TO_SEVEN),
    ("Triple Draw 2-7 Lowball", Game.DEUCE_TO_SEVEN_TRIPLE),
    ("Single Draw A-5 Lowball", Game.LOWBALL),
    ("Triple Draw A-5 Lowball", Game.LOWBALL_TRIPLE),
)
_STRUCTURES: Final = (
    ("No Limit", Structure.NO_LIMIT),
    ("Pot Limit", Structure.POT),
    ("Limit", Structure.FIXED),
)
_GAME_TEXT: Final = re.compile(
    r"(?P<game>[A-Za-z0-9' -]+?) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\b"
)
_STAKES: Final = re.compile(rf"\(({AMOUNT})/({AMOUNT})(?: [A-Z]{{3}})?\)")
_BUTTON: Final = re.compile(r"^Table '.*' .*Seat #(\d+) is the button")
_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \(({AMOUNT}) in chips(?:, [^)]*)?\)(.*)$")
_DEALT: Final = re.compile(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
_UNCALLED: Final = re.compile(rf"^Uncalled bet \(({AMOUNT})\) returned to (.+)$")
_COLLECTED: Final = re.compile(rf"^(.+?) collected ({AMOUNT}) from ((?:main |side )?pot(?:-\d+)?)$")
_TOTAL: Final = re.compile(rf"^Total pot ({AMOUNT})(?P<pots>.*?)\s*\|\s*Rake ({AMOUNT})")
_MAIN: Final = re.compile(rf"Main pot ({AMOUNT})")
_SIDE: Final = re.compile(rf"Side pot(?:-\d+)? ({AMOUNT})")

_POST: Final = re.compile(
    rf"^posts (small blind|big blind|small & big blinds|the ante) ({AMOUNT})(?: and is all-in)?$"
)
_CALL: Final = re.compile(rf"^calls ({AMOUNT})(?: and is all-in)?$")
_BET: Final = re.compile(rf"^bets ({AMOUNT})(?: and is all-in)?$")
_RAISE: Final = re.compile(rf"^raises ({AMOUNT}) to ({AMOUNT})(?: and is all-in)?$")
_DISCARD: Final = re.compile(r"^discards (\d+) cards?(?: \[([^\]]*)\])?$")
_PAT: Final = re.compile(r"^stands pat(?: on \[[^\]]*\])?$")
_SHOWS: Final = re.compile(r"^shows \[([^\]]*)\]")
_IGNORED_ACTS: Final = re.compile(
    r"^(?:doesn't show hand|is sitting out|sits out|is disconnected|is connected|"
    r"has timed out|has returned|leaves the table|joins the table.*|will be allowed to play.*|"
    r"was removed from the table.*|said, .*|folds \[.*\]|shows hand)$"
)
_IGNORED_LINES: Final = re.compile(
    r"^(?:Betting is capped|.*: sits out|.*: is sitting out|"
    r".* (?:joins the table at seat #\d+|leaves the table|"
    r"will be allowed to play after the button|was removed from the table for failing to post|"
    r"has timed out|has returned|is sitting out|is disconnected|is connected|said, \".*\"|"
    r"finished the tournament.*|wins the tournament.*|has timed out while disconnected|"
    r"re-buys and receives.*|takes the add-on.*))$"
)


def parse(text: str, source: str) -> ImportReport:
    """Every hand in a PokerStars file: the ones that import and the ones that don't, with why."""
    return run_hands(SITE, source, split_hands(text, START), parse_hand, _HAND_ID)


def _game(first: str) -> tuple[Game, Structure, str]:
    for match in _GAME_TEXT.finditer(first):
        name = match.group("game").split(" USD ")[-1].split(", ")[-1].strip()
        for text, game in _GAMES:
            if name.endswith(text):
                structure = dict(_STRUCTURES).get(match.group("limit"), Structure.FIXED)
                return game, structure, name
        if "Badugi" in name or "Badacey" in name or "Badeucey" in name:
            raise SkipHand(f"{name} is not supported (referee rules five-card draw and lowball draw games)")
    raise SkipHand(f"not a draw game referee supports: {first.split(':', 1)[-1].strip()}")


def parse_hand(lines: list[str], source: str, start: int) -> ImportedHand:
    """One PokerStars hand.

    Raises:
        SkipHand: the hand cannot be a log; the reason says why.
    """
    first = lines[0]
    match = _HAND_ID.search(first)
    hand_id = match.group(1) if match else "?"
    builder = HandBuilder(SITE, hand_id, source, start)
    game, structure, name = _game(first)
    builder.game, builder.structure = game, structure
    builder.description = first.split(":", 1)[1].strip().split(" - ")[0].strip()
    stakes = _STAKES.search(first, first.find(name))
    if stakes is None:
        raise SkipHand("the stakes are not in the header")
    small, big = parse_amount(stakes.group(1)), parse_amount(stakes.group(2))
    if structure is Structure.FIXED:
        builder.small_bet, builder.big_bet = small, big
    _Reader(builder, big).read(lines[1:])
    return builder.build()


class _Reader(LineReader):
    """Walks one hand's lines and feeds the builder."""

    def __init__(self, builder: HandBuilder, big: Decimal) -> None:
        self.builder = builder
        self.big = big
        self.section = "seats"
        self.names: list[str] = []
        self.big_blind_posted = False
        self.small_blind_posted = False

    def line(self, line: str) -> None:
        b = self.builder
        if line == "Hand cancelled":
            raise SkipHand("the site cancelled the hand")
        if line == "The deck is reshuffled":
            b.comment("the deck is reshuffled: the discards so far go back into the stub")
            return
        if line.startswith("*** "):
            self.marker(line)
            return
        if self.section == "summary":
            self.summary(line)
            return
        if self.section == "seats" and (seat := _SEAT.match(line)):
            tail = seat.group(4)
            out = "sitting out" in tail or "out of hand" in tail
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
        if collected := _COLLECTED.match(line):
            b.collected(collected.group(1), parse_amount(collected.group(2)), collected.group(3))
            return
        actor = split_actor(line, self.names, ": ")
        if actor is not None:
            self.action(*actor)
            return
        if _IGNORED_LINES.match(line):
            return
        b.warnings.append(f"line not understood: {line!r}")

    def marker(self, line: str) -> None:
        b = self.builder
        if line.startswith(("*** DEALING HANDS", "*** HOLE CARDS")):
            self.section = "play"
            b.deal()
        elif "DRAW ***" in line:
            self.section = "play"
            b.draw_round()
        elif line.startswith("*** SHOW DOWN"):
            b.showdown()
        elif line.startswith("*** SUMMARY"):
            self.section = "summary"
        else:
            b.warnings.append(f"street not understood: {line!r}")

    def action(self, name: str, act: str) -> None:
        b = self.builder
        if post := _POST.match(act):
            self.post(name, post.group(1), parse_amount(post.group(2)))
        elif act == "folds" or act.startswith("folds ["):
            b.fold(name)
        elif act == "checks":
            b.check(name)
        elif call := _CALL.match(act):
            b.call(name, parse_amount(call.group(1)))
        elif bet := _BET.match(act):
            b.bet(name, parse_amount(bet.group(1)))
        elif raise_ := _RAISE.match(act):
            b.raise_to(name, parse_amount(raise_.group(2)))
        elif discard := _DISCARD.match(act):
            cards = parse_card_list(discard.group(2)) if discard.group(2) else ()
            b.discard(name, int(discard.group(1)), cards)
        elif _PAT.match(act):
            b.stand_pat(name)
        elif shows := _SHOWS.match(act):
            b.show(name, parse_card_list(shows.group(1)))
        elif act in ("mucks hand", "mucks"):
            b.muck(name)
        elif _IGNORED_ACTS.match(act):
            pass
        else:
            b.warnings.append(f"action not understood: {name}: {act}")

    def post(self, name: str, kind: str, amount: Decimal) -> None:
        b = self.builder
        if kind == "the ante":
            b.antes(name, amount)
            b.ante = max(b.ante or amount, amount)
        elif kind == "small & big blinds":
            # A returning player posts both: the small blind is dead, the big blind live.
            live = min(self.big_blind(), amount)
            if amount > live:
                b.dead_blind(name, amount - live)
            b.post(name, "blind", live)
        elif kind == "small blind" and not self.small_blind_posted and not self.big_blind_posted:
            self.small_blind_posted = True
            b.post(name, "small blind", amount)
        elif kind == "big blind" and not self.big_blind_posted:
            self.big_blind_posted = True
            b.post(name, "big blind", amount)
        else:
            b.post(name, "blind", amount)  # a second blind: a new player posting in out of position

    def big_blind(self) -> Decimal:
        builder = self.builder
        if builder.structure is Structure.FIXED and builder.small_bet is not None:
            return builder.small_bet
        return self.big

    def summary(self, line: str) -> None:
        if total := _TOTAL.match(line):
            pots = total.group("pots")
            main = _MAIN.search(pots)
            sides = tuple(parse_amount(side) for side in _SIDE.findall(pots))
            self.builder.summary(
                parse_amount(total.group(1)),
                parse_amount(total.group(3)),
                parse_amount(main.group(1)) if main else None,
                sides,
            )
