"""Reading hand logs: text in the log language → a :class:`~referee.events.HandLog`.

The language is line oriented, so a log is read a line at a time: blank and comment-only lines
are skipped, the commonest event lines take a fast path (:mod:`referee.log.fast`) and every other
line goes to the LALR parser built from ``grammar/hand.lark`` (:mod:`referee.log.grammar`). A
line that does not read becomes a problem and reading goes on, like a compiler, so one run
reports every problem in the file (up to :data:`MAX_PROBLEMS`). Then the checks that need no
rulebook run (:mod:`referee.log.checks`). A line that reads but that the referee cannot act on
(words said aloud that mean no action it knows) becomes a note on the log: never an error, and
never silently dropped.

Raises :class:`~referee.errors.LogSyntaxError` when some text is not in the language and
:class:`~referee.errors.LogError` when it reads but does not make sense.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Final, TypeVar

from referee.cards import CardError
from referee.errors import LogError, LogSyntaxError, Problem
from referee.events import AnteRule, Comment, Declare, Event, HandLog, Limit, LogHeader, Note, Says
from referee.log.checks import check_log
from referee.log.fast import HEADER_KEY, fast_event, fast_key_line, fast_line
from referee.log.tokens import HeaderItem, LineSlip, comment_start, shorten
from referee.log.words import HEADER_KEYS, declared_rank

__all__ = ["HAND_SEPARATOR", "MAX_PROBLEMS", "parse_log", "read_log", "split_hands"]

HAND_SEPARATOR: Final = re.compile(r"^# --- hand ([0-9]{1,9})[ \t]*$", re.MULTILINE)
"""The comment line ``referee simulate`` prints before each hand: ``# --- hand 3``."""


def split_hands(text: str) -> list[tuple[int, str]]:
    """The hands of a stream of logs (``referee simulate`` printed): each hand's number and its text.

    A hand starts at its ``# --- hand K`` line and runs to the next one. Each hand's text keeps the
    stream's line numbers (the lines before it are left blank), so a problem or a ruling names the
    line of the stream. A text with no such line is one hand, numbered 0. Lines before the first
    separator that are not blank or comments are a hand of their own, numbered 0.
    """
    starts = [(match.start(), int(match.group(1))) for match in HAND_SEPARATOR.finditer(text)]
    if not starts:
        return [(0, text)]
    hands: list[tuple[int, str]] = []
    head = text[: starts[0][0]]
    if any(line.strip() and not line.lstrip().startswith("#") for line in head.splitlines()):
        hands.append((0, head))
    for index, (start, number) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(text)
        hands.append((number, "\n" * text.count("\n", 0, start) + text[start:end]))
    return hands


MAX_PROBLEMS: Final = 20
"""At most this many problems are reported; the last says when there were more."""
_MAY_NEED_A_NOTE: Final = (Says, Declare)
"""Events ``_add_event`` may add a note for (words that are no action, a declaration naming no hand)."""

_EVENT_KEYS: Final = frozenset({"note", "widow"})
_T = TypeVar("_T")


def parse_log(text: str, source: str = "<log>", defaults: Mapping[str, object] | None = None) -> HandLog:
    """Read a hand log.

    ``source`` names the file in problems. A UTF-8 byte-order mark and CRLF line ends are fine.
    ``defaults`` are header values (as :func:`read_header` reads them: a group's ``referee.toml``)
    for the keys the log's own header does not give: the log's header wins.

    Raises:
        LogSyntaxError: some lines are not in the log language (every such problem, up to 20,
            plus any other problem found on the lines that read).
        LogError: every line reads, but the log does not make sense (an unknown player, a
            dealer who is not seated, no ``seats:`` line, ...).
    """
    return _Reader(source, defaults).read(text)


def read_header(text: str, source: str) -> dict[str, object]:
    """Header lines alone (``seats: Ann, Bob``, ``limit: 2/4``): each key and its value, read.

    For header defaults written elsewhere (a group file): they are read by the log's own grammar,
    so they mean exactly what they would in a log.

    Raises:
        LogSyntaxError: a line is not a header line of the language (problems name ``source``).
    """
    reader = _Reader(source)
    for number, raw in enumerate(text.split("\n"), start=1):
        code = raw.lstrip(" \t\f")
        if code:
            reader._read_line(raw, code, number, len(raw) - len(code) + 1)
    problems = reader.syntax + reader.other
    for event in reader.events:
        problems.append(Problem("this is an event, not a header line", source, event.line, 1))
    if problems:
        raise LogSyntaxError(reader._sorted(problems))
    return dict(reader.header)


def read_log(path: str | os.PathLike[str]) -> HandLog:
    """Read a hand log from a file.

    Raises:
        InputError: the file cannot be read, is no regular file (a pipe, a device) or is too large.
        LogSyntaxError: the file is not UTF-8 text, or not in the log language.
        LogError: as for :func:`parse_log`.
    """
    from referee.inputs import MAX_LOG_BYTES, read_bytes, too_large

    source = os.fspath(path)
    _, data, _ = read_bytes(source, what="log", max_bytes=MAX_LOG_BYTES)
    if len(data) > MAX_LOG_BYTES:
        raise too_large(source, "log", MAX_LOG_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        problem = Problem(
            f"the file is not UTF-8 text (byte 0x{data[error.start]:02x})",
            source,
            line,
            column,
            hint="save the log as UTF-8",
        )
        raise LogSyntaxError(problem) from None
    return parse_log(text, source)


_PARSED: dict[str, Event | HeaderItem | tuple[Event, ...]] = {}
"""What the grammar read from a line, by the line's text: the grammar's reading is a function of
the text alone (its caller puts in the line and column), and a long log of one irregularity says
the same few lines over and over (a grammar reading costs about 40 us, a look-up well under one;
bounded, and only readings that succeeded)."""
_MOST_PARSED: Final = 4096
_LONGEST_PARSED: Final = 200
"""Longer lines are not remembered: the readings kept stay under a megabyte (a page serves for days)."""


class _Reader:
    """Reads one log; collects its header, events, comments, problems and notes."""

    def __init__(self, source: str, defaults: Mapping[str, object] | None = None) -> None:
        self.source = source
        self.defaults = defaults or {}
        self.header: dict[str, object] = {}
        self.positions: list[tuple[str, int, int]] = []
        self.events: list[Event] = []
        self.comments: list[Comment] = []
        self.notes: list[Problem] = []
        self.syntax: list[Problem] = []
        self.other: list[Problem] = []
        self.first_event_line = 0

    def read(self, text: str) -> HandLog:
        if text.startswith("\ufeff"):
            text = text[1:]
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for number, raw in enumerate(lines, start=1):
            if (self.syntax or self.other) and len(self.syntax) + len(self.other) > MAX_PROBLEMS:
                break
            code = raw.lstrip(" \t\f")
            if not code:
                continue
            column = len(raw) - len(code) + 1
            if code[0] == "#":
                self.comments.append(Comment(code.rstrip(), number))
                continue
            if "#" not in code:
                # The commonest line, read here without the calls around it: no comment, and the
                # fast path reads it (what ``_read_line`` does first, for any line).
                result: Event | HeaderItem | None = fast_event(code, number, column)
                if result is None and ":" in code:
                    result = fast_key_line(code, number, column)
                if isinstance(result, Event):
                    if isinstance(result, _MAY_NEED_A_NOTE):
                        self._add_event(result, raw)  # it may need a note
                        continue
                    # What _add_event does for any other event, without the call.
                    if not self.first_event_line and not isinstance(result, Note):
                        self.first_event_line = result.line
                    self.events.append(result)
                    continue
                if isinstance(result, HeaderItem):
                    self._add_header(result, raw, number, column)
                    continue
                # The fast path found nothing on this line: the grammar decides (not asked again).
                self._read_line(raw, code, number, column, quick=False)
                continue
            self._read_line(raw, code, number, column)
        for key, value in self.defaults.items():
            self.header.setdefault(key, value)  # the log's own header line wins
        log = self._log()
        problems = self.syntax + self.other
        if len(problems) <= MAX_PROBLEMS:
            problems += check_log(log, lines)
        if problems:
            raise (LogSyntaxError if self.syntax else LogError)(self._sorted(problems))
        return log

    def _read_line(self, raw: str, code: str, number: int, column: int, *, quick: bool = True) -> None:
        """Read one line; ``quick`` False: the fast path already read this very ``code`` (a line
        with no comment) and found nothing."""
        if "#" in code:
            comment = comment_start(code)
            if comment >= 0:
                self.comments.append(Comment(code[comment:].rstrip(), number, trailing=True))
                # Outside quotes a `#` always starts a comment, as in the grammar.
                code = code[:comment]
        result: Event | HeaderItem | tuple[Event, ...] | None = (
            fast_line(code, number, column) if quick else None
        )
        if result is None:
            if ":" in code and (key := HEADER_KEY.match(code)):
                name = key.group(1)
                if name.lower() not in HEADER_KEYS and name.lower() not in _EVENT_KEYS:
                    from referee.log.errors import unknown_key_problem

                    seats = self._seats()
                    self.other.append(unknown_key_problem(name, raw, number, column, self.source, seats))
                    return
            result = self._parse_line(raw, number)
            if isinstance(result, Event):
                result = dataclasses.replace(result, line=number, column=column)
            elif isinstance(result, tuple):
                result = tuple(dataclasses.replace(event, line=number, column=column) for event in result)
        if isinstance(result, HeaderItem):
            self._add_header(result, raw, number, column)
        elif isinstance(result, Event):
            self._add_event(result, raw)
        elif result is not None:
            for event in result:
                self._add_event(event, raw)

    def _parse_line(self, raw: str, number: int) -> Event | HeaderItem | tuple[Event, ...] | None:
        """What a line states, or None after recording why it does not read."""
        from lark.exceptions import UnexpectedInput

        from referee.log.grammar import parser

        known = _PARSED.get(raw)
        if known is not None:
            return known
        try:
            result = parser().parse(raw)
            assert isinstance(result, Event | HeaderItem | tuple)
            if len(raw) <= _LONGEST_PARSED:
                if len(_PARSED) >= _MOST_PARSED:
                    _PARSED.clear()
                _PARSED[raw] = result
            return result
        except UnexpectedInput as error:
            from referee.log.errors import syntax_problem

            self.syntax.append(syntax_problem(error, raw, number, self.source, self._seats()))
        except LineSlip as slip:
            self.syntax.append(
                Problem(
                    slip.message, self.source, number, slip.column, raw, slip.hint, slip.column + slip.width
                )
            )
        except CardError as error:  # a letter that only matches a suit when case is ignored
            self.syntax.append(Problem(str(error), self.source, number, 0, raw))
        return None

    def _seats(self) -> tuple[str, ...]:
        seats = self.header.get("seats", ())
        assert isinstance(seats, tuple)
        return seats

    def _add_event(self, event: Event, raw: str) -> None:
        if not self.first_event_line and not isinstance(event, Note):
            self.first_event_line = event.line
        if isinstance(event, Says) and event.meaning is None:
            self.notes.append(self._unread_speech(event, raw))
        elif isinstance(event, Declare) and declared_rank(event.words) is None:
            self.notes.append(self._no_hand_named(event, raw))
        self.events.append(event)

    def _no_hand_named(self, event: Declare, raw: str) -> Problem:
        """A note for a declaration that names no hand: nothing for cards to speak against."""
        code = raw[: comment_start(raw)] if comment_start(raw) >= 0 else raw
        end = len(code.rstrip()) + 1
        # The declared words are the line's last words (spacing made single when read).
        spans = [match.start() + 1 for match in re.finditer(r"\S+", code)]
        count = len(event.words.split())
        start = spans[-count] if 0 < count <= len(spans) else event.column
        return Problem(
            f'{shorten(event.player)} declares "{shorten(event.words)}", which names no hand, so it '
            "changes nothing",
            self.source,
            event.line,
            start,
            raw,
            f"name the hand declared, like `{shorten(event.player)} declares two pair`",
            end,
        )

    def _unread_speech(self, event: Says, raw: str) -> Problem:
        """A note for words said aloud that mean no action the referee knows."""
        code = raw[: comment_start(raw)] if comment_start(raw) >= 0 else raw
        start = max(code.find('"'), code.find("“"))
        column, end = (start + 1, len(code.rstrip()) + 1) if start >= 0 else (event.column, 0)
        return Problem(
            f'{shorten(event.player)}\'s words "{shorten(event.speech)}" are kept, but they are no action '
            "the referee can read, so they change nothing",
            self.source,
            event.line,
            column,
            raw,
            'if they were an action, say which: like `says "bet 5"`, `says "call"`, `says "fold"`, '
            '`says "pat"` or `says "give me three"`; or write what happened, like '
            f"`{shorten(event.player)} bets 5`",
            end,
        )

    def _add_header(self, item: HeaderItem, raw: str, number: int, column: int) -> None:
        end = column + len(item.key)
        if self.first_event_line:
            self.syntax.append(
                Problem(
                    f"`{item.key}:` is a header line, but the events started on line {self.first_event_line}",
                    self.source,
                    number,
                    column,
                    raw,
                    f"the dealer of a later deal is an event: write `{_name(item.value)} deals`"
                    if item.key == "dealer" and isinstance(item.value, str)
                    else "move it up with the other `key: value` lines, above the first event",
                    end,
                )
            )
        elif item.key in self.header:
            first = dict((key, line) for key, line, _ in self.positions)[item.key]
            self.other.append(
                Problem(
                    f"`{item.key}:` is given twice (first on line {first})",
                    self.source,
                    number,
                    column,
                    raw,
                    "keep one of them",
                    end,
                )
            )
        else:
            self.header[item.key] = item.value
            self.positions.append((item.key, number, column))

    def _log(self) -> HandLog:
        values = self.header
        seats = values.get("seats", ())
        stacks = values.get("stacks", ())
        assert isinstance(seats, tuple) and isinstance(stacks, tuple)
        header = LogHeader(
            seats=seats,
            title=_optional(values, "title", str),
            game=_optional(values, "game", str),
            rulebook=_optional(values, "rulebook", str),
            dealer=_optional(values, "dealer", str),
            ante=_optional(values, "ante", AnteRule),
            limit=_optional(values, "limit", Limit),
            stacks=stacks,
            rake=_optional(values, "rake", Decimal),
            positions=tuple(self.positions),
        )
        return HandLog(
            header, tuple(self.events), self.source, comments=tuple(self.comments), notes=tuple(self.notes)
        )

    def _sorted(self, problems: list[Problem]) -> list[Problem]:
        problems.sort(key=lambda problem: (problem.line, problem.column))
        if len(problems) <= MAX_PROBLEMS:
            return problems
        shown = problems[: MAX_PROBLEMS - 1]
        more = Problem(
            f"more problems after line {shown[-1].line} are not shown; fix these first",
            self.source,
        )
        return [*shown, more]


def _name(player: str) -> str:
    from referee.log.printer import format_name

    return format_name(player)


def _optional(values: dict[str, object], key: str, kind: type[_T]) -> _T | None:
    value = values.get(key)
    assert value is None or isinstance(value, kind)
    return value
