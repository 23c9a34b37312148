"""The fault injector's properties, the known failure classes, and the long run.

Every hand of ``referee simulate --faults N`` (``referee/simulate/faults.py``) is ruled under a
rulebook — every bundled one and the example house books, in turn — and held to:

* ``parses``: the injected log reads (a log that does not is a bug in the injector);
* ``no-traceback``: ruling it raises nothing but a ``RefereeError``;
* ``books-balance``: ``sum(net) + carried + rake == 0`` exactly;
* ``deterministic``: the same text gives byte-identical JSON twice;
* ``out-only-by-fold``: a player leaves a deal only by folding (or mucking) or by a ruling whose
  decision takes him out (hand dead, forfeit, ...) or ends the deal (misdeal, refund-all, the pot
  carried or reopened). A player who did neither and shows later is still in: the deal is not won
  "uncontested" over him, and at a showdown he contests the main pot;
* ``award-after-shows``: the pot is awarded only after the last show line, or when one player is
  left: no show of a player still in is "after the pot was awarded" while another is still in;
* ``lines``: ``rule --json``'s ``lines`` has one entry per event line, in order, each ``applied``,
  ``ruled`` (exactly the lines with rulings) or ``void`` with a reason, its text the line as written.

``python -m fuzz.faults --hands 100000`` is the long run: it prints how long it took and every
failure class, each shrunk to its smallest log (with :func:`fuzz.shrink._ddmin`, the suite's
delta debugging). The classes known today are :data:`KNOWN`, each with its smallest log under
``tests/data/faults/``; ``tests/test_faults.py`` lets exactly those fail.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from referee import events as ev
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.adjudicate.config import PlayConfig
    from referee.rulebook.model import Rulebook
    from referee.ruling import Result

ROOT: Final = Path(__file__).resolve().parent.parent
KNOWN_DIR: Final = ROOT / "tests" / "data" / "faults"
BUNDLED: Final = ("scarne", "bicycle", "casino", "pagat", "parlour")
HOUSE_BOOKS: Final = tuple(sorted((ROOT / "rulebooks" / "examples").glob("*.yaml")))

PROPERTIES: Final[dict[str, str]] = {
    "parses": "the injected log reads (else the injector is wrong)",
    "no-traceback": "ruling raises nothing but a RefereeError",
    "books-balance": "sum(net) + carried + rake == 0",
    "deterministic": "the same log gives byte-identical JSON twice",
    "out-only-by-fold": "a player leaves only by a fold or a ruling that takes him out",
    "award-after-shows": "the pot is awarded only after the last show line, or when one player is left",
    "lines": "rule --json's lines: one per event line, in order, applied/ruled/void",
}

OUT_DECISIONS: Final = frozenset(
    {"hand-dead", "forfeit-pot-to-best-legitimate-hand", "declaration-binds", "draw-limited"}
)
"""Decisions that can take the player a ruling is about out of the deal."""
DEAL_ENDING: Final = frozenset({"misdeal", "refund-all", "pot-carried", "pot-reopened"})
"""Decisions that end (or reopen) the deal for everyone: no claim about who is in holds after them."""
AWARDED: Final = re.compile(r"after the pot was awarded|pot was already settled")


@dataclass(frozen=True, slots=True)
class Failure:
    """A property that did not hold for one log under one rulebook."""

    prop: str
    key: str
    """What makes two failures one class (``out-only-by-fold: uncontested after false-openers``)."""
    detail: str
    rulebook: str

    def __str__(self) -> str:
        return f"{self.prop} [{self.key}] under {self.rulebook}: {self.detail}"


# --- the rulebooks --------------------------------------------------------------------------------


@cache
def rulebooks() -> tuple[Rulebook, ...]:
    """Every bundled rulebook, then the example house books."""
    from referee.rulebook.load import load_rulebook

    return tuple(load_rulebook(name, for_play=True) for name in (*BUNDLED, *map(str, HOUSE_BOOKS)))


def rulebook_named(name: str) -> Rulebook:
    return next(book for book in rulebooks() if str(book.id) == name)


# --- the checks -----------------------------------------------------------------------------------


def check_log(text: str, book: Rulebook, *, unruled: Counter[str] | None = None) -> list[Failure]:
    """Every property that ``text`` ruled under ``book`` breaks (empty: all hold).

    ``unruled`` counts, by their reason with names and numbers taken out, the lines the referee
    read but did not rule on: not a failure (they are reported), but the engine's to-do list.
    """
    from referee.engine import rule_log
    from referee.log import parse_log
    from referee.report.jsondoc import to_json

    name = str(book.id)
    try:
        log = parse_log(text)
    except RefereeError as error:
        return [Failure("parses", "parses", str(error).splitlines()[0], name)]
    try:
        result = rule_log(log, text, book)
        again = rule_log(log, text, book)
    except RefereeError:
        return []
    except Exception as error:
        where = _where(error)
        detail = f"{type(error).__name__}: {error} at {where}"
        return [Failure("no-traceback", f"{type(error).__name__} at {where}", detail, name)]
    one, two = to_json(result), to_json(again)
    if unruled is not None:
        unruled.update(_shape(line.note) for line in result.unruled)
    failures = []
    if one != two:
        failures.append(Failure("deterministic", "deterministic", "two rulings of one log differ", name))
    import json

    data = json.loads(one)
    failures += books_balance(data, name)
    config = _config(log, book)
    failures += out_only_by_fold(log, result, name, config)
    failures += folded_never_wins(log, result, name, config)
    failures += award_after_shows(log, result, name, config)
    failures += lines_contract(text, log, data, name)
    return failures


def _shape(note: str) -> str:
    """A reason with the particulars taken out, so that like reasons count together."""
    note = re.sub(r"\b[A-Z][\w]*\b", "NAME", note)
    return re.sub(r"\d+(\.\d+)?", "N", note)


def _config(log: ev.HandLog, book: Rulebook) -> PlayConfig:
    from referee.engine import play_config
    from referee.rulebook.games import effective_game

    game = log.header.game or str(book.default_game)
    return play_config(effective_game(book, game), log, game)


def _where(error: BaseException) -> str:
    """The innermost frame in ``referee/`` that raised: ``adjudicate/replay.py in _show``."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if "/referee/" in frame.filename]
    if not frames:
        return "?"
    frame = frames[-1]
    return f"{frame.filename.split('/referee/')[-1]} in {frame.name}"


def books_balance(data: dict[str, Any], name: str) -> list[Failure]:
    total = sum((Decimal(value) for value in data["net"].values()), Decimal(0))
    total += Decimal(data["carried"]) + Decimal(data.get("rake", "0"))
    if total == 0:
        return []
    return [Failure("books-balance", "books-balance", f"sum(net) + carried + rake = {total}", name)]


@dataclass(frozen=True, slots=True)
class _DealLines:
    """One deal of a log as written: its events (with lines), and who left it at which line."""

    events: tuple[ev.Event, ...]
    left: tuple[tuple[str, int], ...]
    """(player, line) of each fold, muck, and check where a check is a drop (pass and out)."""

    @property
    def first(self) -> int:
        return self.events[0].line if self.events else 0

    @property
    def last(self) -> int:
        return self.events[-1].line if self.events else 0

    def folded_before(self, player: str, line: int) -> bool:
        return any(name == player and at < line for name, at in self.left)

    def shows(self) -> list[ev.Show]:
        return [event for event in self.events if isinstance(event, ev.Show)]


def _deals(log: ev.HandLog, config: PlayConfig | None = None) -> list[_DealLines]:
    deals: list[list[ev.Event]] = [[]]
    for event in log.events:
        if isinstance(event, ev.NewDeal):
            deals.append([])
        deals[-1].append(event)
    return [_DealLines(tuple(events), _left(events, config)) for events in deals]


def _left(events: list[ev.Event], config: PlayConfig | None) -> tuple[tuple[str, int], ...]:
    drew = False
    left = []
    for event in events:
        drew = drew or isinstance(event, ev.DrawPhase)
        passing = config is not None and (config.pass_and_out_after if drew else config.pass_and_out)
        if isinstance(event, ev.Fold | ev.Muck) or (isinstance(event, ev.Check) and passing):
            left.append((event.player, event.line))
    return tuple(left)


def _mentions(text: str, player: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(player)}(?![\w])", text) is not None


class _Who:
    """Who is still in a deal at a line, as the log and the rulings tell it."""

    def __init__(self, log: ev.HandLog, result: Result, deal: _DealLines) -> None:
        self.deal = deal
        self.seats = log.header.seats
        self.rulings = [r for r in result.rulings if deal.first <= r.line <= deal.last]
        self.ends = any(str(r.decision) in DEAL_ENDING for r in self.rulings)
        """A ruling ended or reopened the deal: who is in is the engine's to say."""

    def ruled_out_before(self, player: str, line: int) -> bool:
        return any(
            str(r.decision) in OUT_DECISIONS
            and r.line <= line
            and (_mentions(r.event, player) or _mentions(r.explanation, player))
            for r in self.rulings
        )

    def still_in(self, player: str, line: int) -> bool:
        """Neither folded nor ruled out before ``line``."""
        return not self.deal.folded_before(player, line) and not self.ruled_out_before(player, line)

    def never_out(self, player: str) -> bool:
        """Neither folded nor ruled out anywhere in the deal."""
        return self.still_in(player, self.deal.last + 1)

    def in_at(self, line: int) -> list[str]:
        return [name for name in self.seats if self.still_in(name, line)]


def out_only_by_fold(
    log: ev.HandLog, result: Result, name: str, config: PlayConfig | None = None
) -> list[Failure]:
    """No deal is won uncontested over a player still in who shows; at a showdown he contests."""
    deals = _deals(log, config)
    if len(deals) != len(result.deals):
        return []
    failures = []
    for deal, summary in zip(deals, result.deals, strict=True):
        who = _Who(log, result, deal)
        if who.ends:
            continue
        showing = [show.player for show in deal.shows() if who.never_out(show.player)]
        showing = list(dict.fromkeys(showing))
        outcome = str(summary.outcome)
        if (outcome == "uncontested" and len(showing) >= 2) or (
            outcome == "uncontested" and showing and showing[0] not in summary.awards
        ):
            failures.append(
                Failure(
                    "out-only-by-fold",
                    f"uncontested over a player who shows, {_cause(who, showing)}",
                    f"deal {summary.number} is won uncontested, but {', '.join(showing)} never folded, "
                    "was never ruled out, and showed",
                    name,
                )
            )
        elif outcome == "showdown" and summary.pots:
            contesting = summary.pots[0].contested_by
            missing = [player for player in showing if player not in contesting]
            if missing:
                failures.append(
                    Failure(
                        "out-only-by-fold",
                        f"left out of the showdown, {_cause(who, missing)}",
                        f"deal {summary.number}: {', '.join(missing)} never folded, was never ruled out, "
                        f"showed, and does not contest the main pot ({', '.join(contesting)})",
                        name,
                    )
                )
    return failures


ACTION_KINDS: Final = frozenset(
    {"out-of-turn", "check-facing-bet", "verbal-bet", "improper-fold", "action-misnamed", "short-bet"}
    | {"over-limit", "raise-cap", "bet-not-completed", "plays-while-sitting-out"}
)
"""Irregularities about a player's own betting action: the likeliest to set him on the way out."""


def _cause(who: _Who, players: Sequence[str]) -> str:
    """The class of a player left out: the first ruling on one of his betting actions, else the first
    ruling on a line that names him (``after out-of-turn/options``) — what set him on the way out,
    not what the log did after."""
    named = [r for r in who.rulings if any(_mentions(r.event, player) for player in players)]
    ruling = next((r for r in named if str(r.irregularity) in ACTION_KINDS), named[0] if named else None)
    if ruling is None:
        return "no ruling names him"
    return f"after {ruling.irregularity}/{ruling.decision}"


def _before(who: _Who, line: int) -> str:
    """The class of a pot awarded early: the last ruling at or before ``line``."""
    earlier = [ruling for ruling in who.rulings if ruling.line <= line]
    if not earlier:
        return "with no ruling"
    return f"after {earlier[-1].irregularity}/{earlier[-1].decision}"


def folded_never_wins(
    log: ev.HandLog, result: Result, name: str, config: PlayConfig | None = None
) -> list[Failure]:
    """A player who folded (a plain fold: no ruling at its line) takes no award in that deal."""
    deals = _deals(log, config)
    if len(deals) != len(result.deals):
        return []
    ruled = {ruling.line for ruling in result.rulings}
    # A fold made after the pot was settled is void: the player may have won before it.
    void = {action.line for action in result.actions if action.note.startswith("void")}
    failures = []
    for deal, summary in zip(deals, result.deals, strict=True):
        who = _Who(log, result, deal)
        if who.ends:
            continue
        for player, line in deal.left:
            if line not in ruled | void and summary.awards.get(player, Decimal(0)) > 0:
                failures.append(
                    Failure(
                        "out-only-by-fold",
                        f"a player who folded wins, {_cause(who, [player])}",
                        f"deal {summary.number}: {player} folded at line {line} and is awarded "
                        f"{summary.awards[player]}",
                        name,
                    )
                )
                break
    return failures


def award_after_shows(
    log: ev.HandLog, result: Result, name: str, config: PlayConfig | None = None
) -> list[Failure]:
    """A show of a player still in is never 'after the pot was awarded' while two or more are in."""
    notes = {action.line: action.note for action in result.actions}
    late_rulings = {r.line for r in result.rulings if dict(r.facts).get("phase") == "after-pot-collected"}
    failures = []
    for deal in _deals(log, config):
        who = _Who(log, result, deal)
        if who.ends:
            continue
        for show in deal.shows():
            late = AWARDED.search(notes.get(show.line, "")) or show.line in late_rulings
            if not late or not who.never_out(show.player):
                continue
            still = who.in_at(show.line)
            # Players still in who have not shown yet at this line: the pot could not be awarded.
            if len(still) >= 2:
                failures.append(
                    Failure(
                        "award-after-shows",
                        f"pot awarded before the shows, {_before(who, show.line)}",
                        f"line {show.line}: {show.player}'s show comes after the pot was awarded, "
                        f"while {', '.join(still)} were still in",
                        name,
                    )
                )
                break
    return failures


def lines_contract(text: str, log: ev.HandLog, data: dict[str, Any], name: str) -> list[Failure]:
    """The ``lines`` entry of DESIGN.md's contract (its absence is a failure too)."""
    lines = data.get("lines")
    if not isinstance(lines, list):
        return [Failure("lines", "lines: missing from the JSON", "no lines list", name)]
    failures = []
    written = sorted({event.line for event in log.events if event.line > 0})
    given = [entry.get("line") for entry in lines]
    if given != written:
        missing = sorted(set(written) - set(given))
        extra = sorted({line for line in given if isinstance(line, int)} - set(written))
        failures.append(
            Failure("lines", "lines: not one entry per event line", f"missing {missing}, extra {extra}", name)
        )
    ruled = {ruling["line"] for ruling in data["rulings"]}
    source = text.splitlines()
    for entry in lines:
        status, line, reason = entry.get("status"), entry.get("line"), entry.get("reason", "")
        if status not in ("applied", "ruled", "void"):
            failures.append(Failure("lines", "lines: unknown status", f"line {line}: {status!r}", name))
        elif (status == "ruled") != (line in ruled):
            failures.append(
                Failure("lines", "lines: ruled status and rulings disagree", f"line {line}: {status}", name)
            )
        elif status == "void" and not reason:
            failures.append(Failure("lines", "lines: void without a reason", f"line {line}", name))
        if (
            isinstance(line, int)
            and 1 <= line <= len(source)
            and entry.get("text", "").strip() not in source[line - 1]
        ):
            failures.append(
                Failure("lines", "lines: text is not the line", f"line {line}: {entry.get('text')!r}", name)
            )
    return failures


# --- the known classes ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Known:
    """A failure class the engine has today: what it breaks, where it was found, and its smallest log."""

    name: str
    prop: str
    key: str
    """The class (:attr:`Failure.key`) it is."""
    rulebook: str
    """The rulebook its smallest log fails under."""
    found: tuple[int, int]
    """(seed, hand) of the injected hand it was first found in (:func:`cases`)."""
    wrong: str
    """What the engine did wrong, in a sentence."""
    fixed: str = ""
    """How the engine was put right; a fixed class excuses nothing and its log is a regression test."""

    @property
    def path(self) -> Path:
        return KNOWN_DIR / f"{self.name}.log"

    def matches(self, failure: Failure) -> bool:
        return (failure.prop, failure.key) == (self.prop, self.key)


PASSED_OVER_FIX: Final = (
    "passed-over: a player the table moves on from with a bet still to meet is ruled, and has called"
)

KNOWN: Final[tuple[Known, ...]] = (
    Known(
        "dropped-after-out-of-turn-options",
        "out-only-by-fold",
        "left out of the showdown, after out-of-turn/options",
        "bicycle",
        (0, 1345),
        "an action out of turn ruled `options` (at his turn he may drop, call or raise) leaves the player "
        "with no line at his proper turn; the engine then drops him from the deal with no fold and no "
        "ruling that says so, and though he draws and shows later he does not contest the pot (the lines "
        "after his turn are ruled out of turn as if the turn were still his). Scarne, pagat, parlour, "
        "bicycle and friday-night alike.",
        fixed=PASSED_OVER_FIX,
    ),
    Known(
        "dropped-after-out-of-turn-bet-withdrawn",
        "out-only-by-fold",
        "left out of the showdown, after out-of-turn/bet-withdrawn",
        "casino",
        (0, 1886),
        "an action out of turn ruled `bet-withdrawn` (his chips come back and he acts freely in turn) "
        "leaves the player with no line at his proper turn; the engine drops him from the deal with no "
        "fold and no ruling, and though he draws and shows later he does not contest the pot.",
        fixed=PASSED_OVER_FIX,
    ),
    Known(
        "dropped-after-check-facing-bet-withdrawn",
        "out-only-by-fold",
        "left out of the showdown, after check-facing-bet/bet-withdrawn",
        "casino",
        (0, 29168),
        "a check facing a bet ruled `bet-withdrawn` ('the check does not count and the turn stays with "
        "him'); when the log moves on without another line of his, the engine drops him with no fold and "
        "no ruling, and though he draws and shows later he does not contest the pot.",
        fixed=PASSED_OVER_FIX,
    ),
    Known(
        "uncontested-after-out-of-turn-all-in-stands",
        "out-only-by-fold",
        "uncontested over a player who shows, after out-of-turn/bet-stands",
        "friday-night",
        (0, 86405),
        "an all-in out of turn ruled `bet-stands` ('stands as that bet when the turn comes') is not in "
        "front of the player after the all-in player's turn: his `calls` is ruled a call with nothing to "
        "call (action-misnamed, a check), the check passes him out (pass and out), and the deal is won "
        "uncontested by the all-in player though the caller never folded and shows.",
        fixed="an all-in player's out-of-turn action is decided when the action reaches his seat",
    ),
    Known(
        "awarded-before-shows-after-call-counted-as-check",
        "award-after-shows",
        "pot awarded before the shows, after action-misnamed/bet-stands-as-call",
        "friday-night",
        (0, 86405),
        "the same hand: the pot is awarded at the call the engine counts as a check, before the draw and "
        "before both players show; every line after it is void ('the pot was already settled').",
        fixed="an all-in player's out-of-turn action is decided when the action reaches his seat",
    ),
)
"""Every failure class found, each with its smallest log; a fixed one is a regression test only."""


def known_class(failure: Failure) -> Known | None:
    """The class not yet fixed that ``failure`` is (a fixed class excuses nothing)."""
    return next((known for known in KNOWN if not known.fixed and known.matches(failure)), None)


def _book_option(name: str) -> str:
    if name in BUNDLED:
        return name
    return str(next(path for path in HOUSE_BOOKS if path.stem == name).relative_to(ROOT))


def write_known(known: Known) -> str:
    """Shrink the hand ``known`` was found in and write its smallest log, with comments saying why."""
    seed, number = known.found
    case = next(cases(1, seed, number))
    book = rulebook_named(known.rulebook)
    failure = next(f for f in check_log(case.text, book) if known.matches(f))
    small = shrink(case.text, book, failure)
    again = next(f for f in check_log(small, book) if known.matches(f))
    wrapped = textwrap.wrap(f"engine: {known.wrong}", 100, subsequent_indent="  ")
    head = [
        f"# {known.prop} fails under {known.rulebook}: {again.detail}",
        *(f"# {line}" for line in wrapped),
        f"# class: {known.key}",
        f"# found: hand {number} of seed {seed} ({case.faults} faults), python -m fuzz.faults --write-known",
        f"# see it: referee rule {known.path.relative_to(ROOT)} -r {_book_option(known.rulebook)}",
        f"rulebook: {known.rulebook}" if known.rulebook in BUNDLED else "",
    ]
    text = "\n".join(line for line in head if line) + "\n" + small
    KNOWN_DIR.mkdir(parents=True, exist_ok=True)
    known.path.write_text(text, encoding="utf-8")
    return text


# --- shrinking ------------------------------------------------------------------------------------


STRUCTURE: Final = frozenset({"antes", "deal", "draw", "showdown", "new deal"})
"""Lines the shrinker keeps, with the header: the shape of the hand, so the smallest log still reads
as a hand (without its antes a pot is empty and the failure is another one)."""


def shrink(text: str, book: Rulebook, failure: Failure) -> str:
    """The fewest event lines of ``text`` that still fail as ``failure`` does (same property, same class).

    The header and the lines of :data:`STRUCTURE` stay; whole lines only go: dropping words would
    drop cards from a show and make a foul hand of it, a new irregularity rather than a smaller case.
    """
    from fuzz.shrink import _ddmin

    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    kept = [i for i, line in enumerate(lines) if _is_header(line) or line in STRUCTURE]
    # Line numbers as bytes: fuzz.shrink._ddmin works on lists of bytes.
    movable = [str(i).encode() for i in range(len(lines)) if i not in kept]

    def text_of(chosen: list[bytes]) -> str:
        rows = sorted([*kept, *map(int, chosen)])
        return "\n".join(lines[i] for i in rows) + "\n"

    def fails(chosen: list[bytes]) -> bool:
        return any(
            (found.prop, found.key) == (failure.prop, failure.key)
            for found in check_log(text_of(chosen), book)
        )

    if not fails(movable):
        return text
    return text_of(_ddmin(movable, fails))


def _is_header(line: str) -> bool:
    key = line.split(":", 1)[0]
    return ":" in line and key in (
        "title",
        "game",
        "rulebook",
        "seats",
        "dealer",
        "ante",
        "limit",
        "stacks",
        "rake",
    )


# --- running many -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Case:
    """One injected hand and the rulebook it is played and ruled under."""

    number: int
    seed: int
    faults: int
    book: Rulebook
    text: str


def cases(count: int, seed: int, start: int = 1) -> Iterator[Case]:
    """Injected hands ``start`` to ``start + count - 1``: hand ``k`` has ``1 + k % 3`` faults and is
    played and ruled under rulebook ``k % len(rulebooks())`` (its customs for the clean play, its rules
    for the faults). Hand ``k`` depends only on ``seed`` and ``k``."""
    from referee.simulate.faults import iter_faulty_hands

    books = rulebooks()
    for number in range(start, start + count):
        book, faults = books[number % len(books)], 1 + number % 3
        hand = next(iter_faulty_hands(1, seed, faults, rulebook=book, start=number))
        yield Case(number, seed, faults, book, hand.text)


def run(
    count: int,
    seed: int,
    *,
    report: Callable[[str], None] = print,
    unruled: Counter[str] | None = None,
) -> dict[str, list[tuple[Case, Failure]]]:
    """Check ``count`` cases; the failures by class (``prop: key``)."""
    found: dict[str, list[tuple[Case, Failure]]] = {}
    started = time.perf_counter()
    for case in cases(count, seed):
        for failure in check_log(case.text, case.book, unruled=unruled):
            found.setdefault(f"{failure.prop}: {failure.key}", []).append((case, failure))
        if case.number % 5000 == 0:
            report(f"{case.number} hands, {time.perf_counter() - started:.0f}s, {len(found)} failure classes")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-shrink", action="store_true", help="report failures without shrinking them")
    parser.add_argument("--save", type=Path, help="write each class's smallest log into this folder")
    parser.add_argument("--write-known", action="store_true", help="(re)write tests/data/faults/ from KNOWN")
    args = parser.parse_args(argv)
    if args.write_known:
        for known in KNOWN:
            print(f"== {known.path.relative_to(ROOT)}\n{write_known(known)}")
        return 0
    started = time.perf_counter()
    unruled: Counter[str] = Counter()
    found = run(args.hands, args.seed, unruled=unruled)
    seconds = time.perf_counter() - started
    total = sum(len(items) for items in found.values())
    rate = args.hands / seconds
    print(f"{args.hands} injected hands (seed {args.seed}) in {seconds:.1f}s ({rate:.0f} hands/s)")
    print(f"{total} failures in {len(found)} classes")
    unknown = 0
    for name, items in sorted(found.items(), key=lambda item: -len(item[1])):
        case, failure = items[0]
        klass = known_class(failure)
        unknown += klass is None
        label = f"known: {klass.name}" if klass else "NEW"
        print(f"\n== {name} — {len(items)} cases ({label})")
        print(
            f"   first: hand {case.number} (seed {case.seed}, {case.faults} faults) under {failure.rulebook}"
        )
        print(f"   {failure.detail}")
        print(f"   all: {', '.join(f'{c.number}/{f.rulebook}' for c, f in items[:40])}")
        if not args.no_shrink:
            small = shrink(case.text, case.book, failure)
            if args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
                note = f"# {failure.prop} fails under {failure.rulebook}: {failure.detail}\n"
                note += f"# rulebook: {failure.rulebook}\n"
                (args.save / f"{slug}.log").write_text(note + small, encoding="utf-8")
            print("   smallest log:")
            print("".join(f"     {line}\n" for line in small.splitlines()), end="")
    if unruled:
        print(f"\nlines read but not ruled on (reported, not failures): {sum(unruled.values())}")
        for reason, count in unruled.most_common(15):
            print(f"  {count:6d}  {reason}")
    counts = Counter(failure.prop for items in found.values() for _, failure in items)
    print(f"\nby property: {dict(counts)}; {unknown} class(es) not in KNOWN")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
