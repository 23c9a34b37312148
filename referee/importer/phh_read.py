"""PHH (Poker Hand History, PokerKit's TOML format) as hand logs: ``referee import FILE.phh``.

Read with the standard library's ``tomllib``; a ``.phhs`` file (several hands, each a TOML table
with its own ``variant``) gives one log per hand.

Games: the standard's two draw games we play, ``N2L1D`` (no-limit 2-7 single draw, our
``deuce-to-seven``) and ``F2L3D`` (fixed-limit 2-7 triple draw, ``deuce-to-seven-triple``), and
the codes of our own that ``referee export --phh`` writes (``_FHI1D`` five-card draw high, ...;
see :mod:`referee.importer.phh_write`). Badugi (``FB``) and the flop and stud games are refused
with a clear message.

A file referee wrote (it has the ``_referee`` user field) carries each log line as the commentary
of its action. Those lines are taken back only when exporting them gives again exactly the
file's standard actions (the same actors, actions, cards and amounts); otherwise, and for every
other file, the log is rebuilt from the standard actions alone, and the file's commentaries
become ``#`` comments.

Amounts stay exact: floats are read with ``parse_float=Decimal``, so a TOML float's digits go
straight into a ``Decimal`` (``0.10`` stays ``0.10``); integers are integers. ``inf`` means an
unknown stack.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from referee.cards import Card, CardError
from referee.errors import Problem, RefereeError
from referee.importer.common import (
    ZERO,
    Game,
    HistoryError,
    ImportedHand,
    ImportReport,
    Names,
    RecordedResult,
    SkippedHand,
    amount_text,
    frozen_amounts,
)
from referee.importer.phh_write import MARK, STANDARD_CODES, ActionWriter, forced_bets
from referee.log.printer import format_cards
from referee.money import AmountError, parse_amount

SITE: Final = "PHH"

_OURS: Final = re.compile(r"_([FSPN])(HI|AL|A6|2L)([1-9][0-9]?)D")
"""The variant codes referee writes for games PHH has no code for."""

_DEFAULT_GAMES: Final = {
    ("HI", 1): "draw",
    ("AL", 1): "lowball",
    ("AL", 3): "lowball-triple",
    ("A6", 1): "ace-to-six",
    ("2L", 1): "deuce-to-seven",
    ("2L", 3): "deuce-to-seven-triple",
}
"""(family, draws) -> our game, for a code of our own that does not name the game (``_game``)."""

_OTHER_GAMES: Final = {
    "FB": "badugi",
    "FT": "Texas hold 'em",
    "NT": "Texas hold 'em",
    "NS": "short-deck hold 'em",
    "PO": "Omaha hold 'em",
    "FO/8": "Omaha hold 'em high/low",
    "F7S": "seven card stud",
    "F7S/8": "seven card stud high/low",
    "FR": "razz",
}

_GAME_FAMILY: Final = {
    ("HI", 1): Game.DRAW,
    ("2L", 1): Game.DEUCE_TO_SEVEN,
    ("2L", 3): Game.DEUCE_TO_SEVEN_TRIPLE,
    ("AL", 1): Game.LOWBALL,
    ("AL", 3): Game.LOWBALL_TRIPLE,
    ("A6", 1): Game.ACE_TO_SIX,
}

_UNKNOWN_STACK: Final = Decimal("Infinity")


class PhhError(RefereeError):
    """A PHH file or hand that cannot become a log."""


@dataclass(frozen=True, slots=True)
class Variant:
    """What a variant code means here."""

    code: str
    structure: str
    """``F`` fixed, ``S`` spread, ``P`` pot, ``N`` no-limit."""
    family: str
    draws: int
    standard: bool


def variant(code: str) -> Variant | str:
    """The variant a code names, or why it cannot be imported."""
    for (structure, family, draws), standard in STANDARD_CODES.items():
        if code == standard:
            return Variant(code, structure, family, draws, True)
    match = _OURS.fullmatch(code)
    if match:
        return Variant(code, match[1], match[2], int(match[3]), False)
    if code in _OTHER_GAMES:
        return f"the variant {code!r} is {_OTHER_GAMES[code]}, which referee does not rule"
    return f"{code!r} is not a PHH variant code referee knows"


# --- reading the file ---------------------------------------------------------------------------


def load(text: str, source: str) -> dict[str, Any]:
    """The TOML document, amounts exact.

    Raises:
        PhhError: the text is not TOML, with the line and column ``tomllib`` names.
    """
    from referee.inputs import InputError, check_nesting

    try:
        check_nesting(text, source, what="PHH file")
    except InputError as error:
        raise PhhError(error.problems) from None
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        place = re.search(r"\(at line (\d+), column (\d+)\)", message)
        reason = re.sub(r"\s*\(at (?:line \d+, column \d+|end of document)\)", "", message)
        line, column = (int(place[1]), int(place[2])) if place else (0, 0)
        lines = text.split("\n")
        if not place and "end of document" in message:  # point after the last thing written
            line = max((number for number, shown in enumerate(lines, start=1) if shown.strip()), default=0)
            column = len(lines[line - 1].rstrip()) + 1 if line else 0
        shown = lines[line - 1] if 0 < line <= len(lines) else ""
        raise PhhError(
            Problem(
                f"not valid TOML: {reason[:1].lower()}{reason[1:]}",
                source,
                line,
                column,
                shown,
                "a PHH file is TOML: key = value lines, strings in double quotes",
            )
        ) from None


def parse(text: str, source: str = "<phh>") -> ImportReport:
    """Every hand of a PHH (or ``.phhs``) text.

    Raises:
        HistoryError: not TOML, no hand in it, or (one hand) the hand cannot become a log.
    """
    try:
        document = load(text, source)
    except PhhError as error:
        raise HistoryError(list(error.problems)) from None
    if "variant" in document:
        try:
            hand = HandReader(document, text, source, 0, _stem(source)).read()
        except PhhError as error:
            raise HistoryError(list(error.problems)) from None
        return ImportReport(source, SITE, (hand,))
    hands: list[ImportedHand] = []
    skipped: list[SkippedHand] = []
    for key, table in document.items():
        if not isinstance(table, dict) or "variant" not in table:
            continue
        start = _table_line(text, key)
        try:
            hands.append(HandReader(table, text, source, start, key).read())
        except PhhError as error:
            problem = error.problems[0]
            skipped.append(SkippedHand(source, SITE, key, problem.message, problem.line))
    if not hands and not skipped:
        raise HistoryError(
            Problem(
                "no hand in this PHH file: it has no `variant` field",
                source,
                hint='PHH hands start with variant = "..."',
            )
        )
    return ImportReport(source, SITE, tuple(hands), tuple(skipped))


def _stem(source: str) -> str:
    return Path(source).stem if not source.startswith("<") else "1"


def _table_line(text: str, key: str) -> int:
    match = re.search(rf"^\s*\[\s*[\"']?{re.escape(key)}[\"']?\s*\]", text, re.M)
    return text.count("\n", 0, match.start()) + 1 if match else 0


# --- one hand -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _DrawItem:
    """A draw line, written once the cards served are known."""

    name: str
    count: int
    discards: tuple[Card, ...]
    received: tuple[Card, ...] | None = None

    def text(self) -> str:
        received = tuple(card for card in self.received or () if not card.is_unknown)
        if self.count == 0:
            return f"{self.name} stands pat"
        if len(received) != self.count:
            received = ()
        drawn = format_cards(received) if received else str(self.count)
        if self.discards:
            return f"{self.name} discards {format_cards(self.discards)}, draws {drawn}"
        return f"{self.name} draws {drawn}"


@dataclass(slots=True)
class HandReader:
    """One PHH hand (a TOML table) as a log."""

    fields: Mapping[str, Any]
    text: str
    source: str
    start: int
    hand_id: str
    warnings: list[str] = field(default_factory=list)
    names: Names = field(default_factory=Names)
    log_names: list[str] = field(default_factory=list)
    """The players as the log's events name them (unquoted), in PHH order."""

    # -- where things are, for messages ----------------------------------------------------------

    def where(self, needle: str) -> tuple[int, int, str]:
        """(line, column, the line) of ``needle``'s first place at or after the hand's start."""
        lines = self.text.split("\n")
        for number in range(max(self.start, 1), len(lines) + 1):
            column = lines[number - 1].find(needle)
            if column >= 0:
                return number, column + 1, lines[number - 1]
        return 0, 0, ""

    def fail(self, message: str, needle: str = "", hint: str = "") -> PhhError:
        line, column, shown = self.where(needle) if needle else (self.start, 0, "")
        end = column + len(needle) if column else 0
        return PhhError(Problem(message, self.source, line, column, shown, hint, end))

    def field_fail(self, key: str, message: str, hint: str = "") -> PhhError:
        match = re.search(rf"^\s*{re.escape(key)}\s*=", self.text[self._offset() :], re.M)
        needle = match.group(0).strip() if match else ""
        return self.fail(f"`{key}`: {message}", needle, hint)

    def _offset(self) -> int:
        if self.start <= 1:
            return 0
        return sum(len(line) + 1 for line in self.text.split("\n")[: self.start - 1])

    # -- fields ------------------------------------------------------------------------------------

    def amount(self, key: str, value: object, *, stack: bool = False) -> Decimal:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise self.field_fail(key, f"{value!r} is not an amount", "write a number, like 2 or 0.25")
        if isinstance(value, Decimal) and value.is_infinite() and value > 0 and stack:
            return _UNKNOWN_STACK
        try:
            return parse_amount(str(value) if isinstance(value, int) else format(value, "f"))
        except (AmountError, ValueError) as error:
            reason = error.reason if isinstance(error, AmountError) else str(error)
            raise self.field_fail(key, f"cannot use the amount {value}: {reason}") from None

    def amounts(self, key: str, count: int | None, *, stack: bool = False) -> list[Decimal]:
        values = self.fields.get(key)
        if not isinstance(values, list):
            raise self.field_fail(key, "missing or not a list", f"write {key} = [...]")
        if count is not None and len(values) != count:
            raise self.field_fail(key, f"has {len(values)} values for {count} players")
        return [self.amount(key, value, stack=stack) for value in values]

    def optional_amount(self, key: str) -> Decimal | None:
        return self.amount(key, self.fields[key]) if key in self.fields else None

    def string(self, key: str) -> str | None:
        value = self.fields.get(key)
        return value if isinstance(value, str) else None

    # -- the hand ----------------------------------------------------------------------------------

    def read(self) -> ImportedHand:
        code = self.fields.get("variant")
        if not isinstance(code, str):
            raise self.field_fail("variant", "missing or not a string")
        meaning = variant(code)
        if isinstance(meaning, str):
            raise self.field_fail("variant", meaning, "referee imports N2L1D, F2L3D and its own draw codes")
        stacks = self.amounts("starting_stacks", None, stack=True)
        count = len(stacks)
        if count < 2:
            raise self.field_fail("starting_stacks", "a hand needs at least two players")
        antes = self.amounts("antes", count)
        blinds = (
            self.amounts("blinds_or_straddles", count)
            if "blinds_or_straddles" in self.fields
            else [ZERO] * count
        )
        forced = (list(antes), list(blinds))  # as the file writes them
        if count == 2:  # PHH: "antes, blinds, and straddles are reverse-assigned for heads-up"
            antes.reverse()
            blinds.reverse()
        order = self.players(count)
        actions = self.fields.get("actions")
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise self.field_fail("actions", "missing or not a list of strings")
        body = None
        if MARK in self.fields:
            header = self.header(meaning, order, stacks, antes, ours=True)
            body = self.commentaries(header, actions, meaning.standard, forced)
            log = "\n".join([*header, "", *(body or [])]) + "\n"  # its lines were read already
        if body is None:
            header = self.header(meaning, order, stacks, antes, ours=False)
            body = self.rebuild(meaning, order, stacks, antes, blinds, actions)
            log = "\n".join([*header, "", *body]) + "\n"
            self.check_log(log)
        return ImportedHand(
            site=SITE,
            hand_id=str(self.fields.get("hand", self.hand_id)),
            game=_GAME_FAMILY.get((meaning.family, meaning.draws), Game.DRAW),
            log=log,
            result=self.recorded(self.log_names, stacks),
            source=self.source,
            line=self.start,
            aliases=MappingProxyType(dict(self.names.aliases)),
            warnings=tuple(self.warnings),
        )

    def players(self, count: int) -> list[str]:
        """The log names in PHH order (``p1`` first)."""
        names = self.fields.get("players")
        if names is None:
            names = [f"p{number}" for number in range(1, count + 1)]
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise self.field_fail("players", "not a list of names")
        if len(names) != count:
            raise self.field_fail("players", f"has {len(names)} names for {count} players")
        named = [name.strip() or f"p{number}" for number, name in enumerate(names, start=1)]
        if len(set(named)) != count:
            raise self.field_fail("players", "two players have the same name")
        self.log_names = [self.names.log_name(name) for name in named]
        return [self.names.written(name) for name in named]

    def seat_order(self, order: list[str]) -> list[str]:
        seats = self.fields.get("seats")
        if not isinstance(seats, list) or len(seats) != len(order):
            return order
        if not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in seats) or len(
            set(seats)
        ) != len(seats):
            self.warnings.append("the `seats` field is not one number per player; PHH order is used")
            return order
        return [name for _, name in sorted(zip(seats, order, strict=True))]

    def header(
        self, meaning: Variant, order: list[str], stacks: list[Decimal], antes: list[Decimal], *, ours: bool
    ) -> list[str]:
        """The log's header; ``ours`` takes referee's own ``_`` fields (the log's words) as well."""
        lines = [f"# imported by referee from {Path(self.source).name} (PHH, variant {meaning.code})"]
        for log_name, name in self.names.aliases.items():
            lines.append(f"# {log_name} is the file's player {name!r}, a name the log cannot write")
        title = self.string("_title") if ours else None
        if title is None and not ours:
            parts = [str(self.fields[key]) for key in ("event", "hand") if key in self.fields]
            title = " hand ".join(parts) if parts else None
        if title:  # one line, and no `#`, which would start a comment in the log
            lines.append(f"title: {' '.join(title.replace('#', 'No. ').split())}")
        default = _DEFAULT_GAMES.get((meaning.family, meaning.draws))
        game = (
            default if meaning.standard else (self.string("_game") or default)
        )  # a standard code is one game
        if game is None:
            raise self.field_fail("variant", f"no game of ours is {meaning.code!r}", 'add `_game = "..."`')
        lines.append(f"game: {game}")
        rulebook = self.string("_rulebook") if ours else None
        if rulebook:
            lines.append(f"rulebook: {rulebook}")
        seated = self.seat_order(order)
        lines.append(f"seats: {', '.join(seated)}")
        if not (ours and self.fields.get("_no_dealer_line") is True):
            lines.append(f"dealer: {order[-1]}")
        ante = self.string("_ante") if ours else self.ante_rule(antes)
        if ante:
            lines.append(f"ante: {ante}")
        lines.append(f"limit: {self.limit(meaning)}")
        chips = dict(zip(order, stacks, strict=True))
        known = [(name, chips[name]) for name in seated if chips[name].is_finite()]
        if known:
            lines.append("stacks: " + ", ".join(f"{name} {amount_text(stack)}" for name, stack in known))
        rake = self.optional_amount("_rake") if ours else None
        if rake is not None:
            lines.append(f"rake: {amount_text(rake)}")
        return lines

    @staticmethod
    def ante_rule(antes: list[Decimal]) -> str | None:
        """``ante: X`` when everyone antes the same, ``X by dealer`` when only the dealer antes."""
        if antes[0] > 0 and len(set(antes)) == 1:
            return amount_text(antes[0])
        if antes[-1] > 0 and not any(antes[:-1]):
            return f"{amount_text(antes[-1])} by dealer"
        return None

    def limit(self, meaning: Variant) -> str:
        ours = self.string("_limit") if MARK in self.fields else None
        if meaning.structure == "F":
            small = self.optional_amount("small_bet")
            big = self.optional_amount("big_bet")
            if small is None or big is None:
                raise self.field_fail("small_bet", "a fixed-limit game needs small_bet and big_bet")
            fixed = f"{amount_text(small)}/{amount_text(big)}"
            # A three-figure limit (``1/2/4``) has no PHH form beyond its two first figures; our own
            # field keeps the third.
            if ours is not None and (ours in (fixed, amount_text(small)) or ours.startswith(fixed + "/")):
                return ours
            return fixed
        if meaning.structure == "S":
            low, high = self.optional_amount("small_bet"), self.optional_amount("big_bet")
            if low is None or high is None:
                raise self.field_fail(
                    "small_bet", "a spread-limit game needs small_bet and big_bet (least and most)"
                )
            return f"{amount_text(low)}-{amount_text(high)}"
        if meaning.structure == "P":
            return "pot"
        return ours if ours in ("no-limit", "table-stakes") else "no-limit"

    # -- the actions --------------------------------------------------------------------------------

    def commentaries(
        self,
        header: list[str],
        actions: list[str],
        spec_order: bool,
        forced: tuple[list[Decimal], list[Decimal]],
    ) -> list[str] | None:
        """The log lines a referee file carries, or None when they do not give back its actions."""
        from referee.log import parse_log

        lines: list[str] = []
        for action in actions:
            body, mark, comment = action.partition("#")
            if mark and comment.strip():
                lines.append(comment.strip())
            elif not body.split():
                continue
            elif body.split()[:2] != ["d", "dh"]:
                self.disagree("an action has no log line as its commentary")
                return None
        text = "\n".join([*header, "", *lines]) + "\n"
        try:
            log = parse_log(text, self.source)
        except RefereeError as error:
            self.disagree(f"a commentary is not a log line ({error.problems[0].message})")
            return None
        if forced_bets(log, tuple(self.log_names)) != forced:
            self.disagree("the antes or blinds of the file are not those its log lines post")
            return None
        stacks = dict(log.header.stacks)
        dealt = [action.split() for action in actions if action.split()[:2] == ["d", "dh"]]
        size = len(dealt[0][3].partition("#")[0]) // 2 if dealt and len(dealt[0]) > 3 else 5
        walker = ActionWriter(tuple(self.log_names), size, stacks, spec_order=spec_order)
        for event in log.events:
            walker.event(event)
        again = walker.finish()
        if len(again) != len(actions):
            self.disagree(f"the file has {len(actions)} actions, its log lines make {len(again)}")
            return None
        for number, (mine, theirs) in enumerate(zip(again, actions, strict=True), start=1):
            if not _same_action(mine, theirs):
                self.disagree(f"action {number} is {theirs.strip()!r}, its log line makes {mine!r}")
                return None
        return [line for line in text.split("\n")[len(header) + 1 :] if line]

    def disagree(self, why: str) -> None:
        self.warnings.append(f"{why}; the log is rebuilt from the standard actions alone")

    def rebuild(
        self,
        meaning: Variant,
        order: list[str],
        stacks: list[Decimal],
        antes: list[Decimal],
        blinds: list[Decimal],
        actions: list[str],
    ) -> list[str]:
        return _Rebuild(self, meaning, order, stacks, antes, blinds).run(actions)

    def check_log(self, log: str) -> None:
        from referee.log import parse_log

        try:
            parse_log(log, f"{self.source} (as a log)")
        except RefereeError as error:
            first = error.problems[0]
            raise PhhError(
                Problem(
                    f"the hand does not make a log referee can read: {first.message}", self.source, self.start
                )
            ) from None

    def recorded(self, order: list[str], stacks: list[Decimal]) -> RecordedResult:
        """What the file says the hand came to: ``winnings`` and ``finishing_stacks`` when it has them."""
        collected: dict[str, Decimal] = {}
        invested: dict[str, Decimal] = {}
        if "winnings" in self.fields:
            won = self.amounts("winnings", len(order))
            collected = {name: amount for name, amount in zip(order, won, strict=True)}
        if "finishing_stacks" in self.fields and all(stack.is_finite() for stack in stacks):
            finishing = self.amounts("finishing_stacks", len(order))
            for name, start, end in zip(order, stacks, finishing, strict=True):
                invested[name] = collected.get(name, ZERO) - (end - start)
        total = sum(collected.values(), ZERO)
        return RecordedResult(
            total_pot=total,
            rake=ZERO,
            collected=frozen_amounts(collected),
            returned=frozen_amounts({}),
            invested=frozen_amounts(invested),
        )


def _same_action(mine: str, theirs: str) -> bool:
    """Two action strings say the same: the same words before the commentary (amounts by value)."""
    a, b = mine.partition("#")[0].split(), theirs.partition("#")[0].split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        try:
            if Decimal(x) != Decimal(y):
                return False
        except ArithmeticError:
            return False
    return mine.partition("#")[2].strip() == theirs.partition("#")[2].strip()


@dataclass(slots=True)
class _Rebuild:
    """A log from the standard actions alone: the lines a log needs, the books a check or call needs."""

    reader: HandReader
    meaning: Variant
    order: list[str]
    stacks: list[Decimal]
    antes: list[Decimal]
    blinds: list[Decimal]
    lines: list[str | _DrawItem] = field(default_factory=list)
    in_round: dict[str, Decimal] = field(default_factory=dict)
    bet: Decimal = ZERO
    draws: int = 0
    drawing: bool = False
    pending: dict[str, _DrawItem] = field(default_factory=dict)
    dealt: set[str] = field(default_factory=set)
    acted: bool = False
    showdown: bool = False
    hands: dict[str, list[Card]] = field(default_factory=dict)

    def run(self, actions: list[str]) -> list[str]:
        self.forced()
        for action in actions:
            self.action(action)
        return [line.text() if isinstance(line, _DrawItem) else line for line in self.lines]

    def forced(self) -> None:
        if self.reader.ante_rule(self.antes):
            self.lines.append("antes")
        else:
            self.lines += [
                f"{name} antes {amount_text(ante)}"
                for name, ante in zip(self.order, self.antes, strict=True)
                if ante
            ]
        posting = list(zip(self.order, self.blinds, strict=True))
        if len(posting) == 2:
            posting.reverse()  # heads up the dealer (button) posts the small blind first
        kinds = iter(["small blind", "big blind"])
        posted = [(name, amount) for name, amount in posting if amount > 0]
        if len(posted) == 1:
            kinds = iter(["big blind"])
        for name, amount in posted:
            self.lines.append(f"{name} posts {next(kinds, 'straddle')} {amount_text(amount)}")
            self.in_round[name] = amount
            self.bet = max(self.bet, amount)
        self.lines.append("deal")

    def fail(self, action: str, message: str, hint: str = "") -> PhhError:
        return self.reader.fail(f"the action {action.strip()!r}: {message}", action.strip(), hint)

    def player(self, action: str, label: str) -> str:
        match = re.fullmatch(r"p(\d+)", label)
        if not match or not 1 <= int(match[1]) <= len(self.order):
            raise self.fail(
                action, f"{label!r} is not a player here", f"players are p1 to p{len(self.order)}"
            )
        return self.order[int(match[1]) - 1]

    def cards(self, action: str, text: str) -> tuple[Card, ...]:
        if len(text) % 2:
            raise self.fail(
                action, f"{text!r} is not cards", "cards are two characters each, like AsKd or ??"
            )
        try:
            return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))
        except CardError as error:
            raise self.fail(action, str(error)) from None

    def action(self, action: str) -> None:
        body, _, comment = action.partition("#")
        words = body.split()
        comment = comment.strip()
        if not words:
            if comment:
                self.lines.append(f"# {comment}")
            return
        if words[0] == "d":
            self.dealer(action, words)
        else:
            self.act(action, words)
        if comment:
            self.lines.append(f"# {comment}")

    def dealer(self, action: str, words: list[str]) -> None:
        if words[1:2] == ["db"]:
            raise self.fail(action, "a board card: draw games have no board")
        if words[1:2] != ["dh"] or len(words) != 4:
            raise self.fail(action, "not a dealing action", "write d dh pN cards")
        name = self.player(action, words[2])
        cards = self.cards(action, words[3])
        item = self.pending.get(name)
        if item is not None and item.received is None:
            if len(cards) != item.count:
                raise self.fail(action, f"{name} discarded {item.count} but is served {len(cards)}")
            item.received = cards
            self.hands[name] = [c for c in self.hands.get(name, []) if c not in item.discards] + list(cards)
            return
        if self.acted or name in self.dealt:
            raise self.fail(action, f"cards for {name} that nobody asked for")
        self.dealt.add(name)
        self.hands[name] = list(cards)
        if any(not card.is_unknown for card in cards):
            self.lines.append(f"{name} is dealt {format_cards(cards)}")

    def act(self, action: str, words: list[str]) -> None:
        name = self.player(action, words[0])
        verb, args = (words[1] if len(words) > 1 else ""), words[2:]
        self.acted = True
        if verb in ("f", "cc", "cbr"):
            self.drawing = False
            mine = self.in_round.get(name, ZERO)
            if verb == "f":
                self.lines.append(f"{name} folds")
            elif verb == "cc":
                self.lines.append(f"{name} {'checks' if self.bet <= mine else 'calls'}")
                self.in_round[name] = max(mine, self.bet)
            else:
                if len(args) != 1:
                    raise self.fail(action, "cbr takes one amount", "write pN cbr 6")
                try:
                    to = parse_amount(args[0])
                except AmountError as error:
                    raise self.fail(action, error.reason, error.hint) from None
                if to <= self.bet:
                    raise self.fail(
                        action, f"{amount_text(to)} is no more than the bet of {amount_text(self.bet)}"
                    )
                if self.bet == 0:
                    self.lines.append(f"{name} bets {amount_text(to - mine)}")
                else:
                    self.lines.append(f"{name} raises to {amount_text(to)}")
                self.in_round[name], self.bet = to, to
            return
        if verb == "sd":
            if not self.drawing:
                if self.draws >= self.meaning.draws:
                    raise self.fail(action, f"more drawing rounds than the game's {self.meaning.draws}")
                self.draws += 1
                self.drawing = True
                self.pending = {}
                self.in_round, self.bet = {}, ZERO
                self.lines.append("draw")
            thrown = self.cards(action, args[0]) if args else ()
            known = tuple(card for card in thrown if not card.is_unknown)
            item = _DrawItem(name, len(thrown), known if len(known) == len(thrown) else ())
            if not thrown:
                item.received = ()
            self.pending[name] = item
            self.lines.append(item)
            return
        if verb == "sm":
            if not self.showdown:
                self.showdown = True
                self.lines.append("showdown")
            if not args:
                self.lines.append(f"{name} mucks")
                return
            shown = tuple(self.hands.get(name, ())) if args[0] == "-" else self.cards(action, args[0])
            self.lines.append(f"{name} shows {format_cards(shown)}")
            return
        if verb == "pb":
            raise self.fail(action, "a bring-in: draw games have none")
        raise self.fail(action, f"{verb!r} is not a PHH action", "actions are f, cc, cbr, sd, sm")
