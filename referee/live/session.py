"""``referee live``: a hand entered a line at a time in the terminal, ruled as it goes.

The header is asked for first (players, dealer, game, rulebook, ante, limit), then one line at a
time. Tab completes from the grammar and the likely moves (:mod:`referee.table`); Enter refuses
a line that does not read, with the message ``referee check`` gives; ``undo`` drops the last
line; a ruling is printed the moment the line that causes it is entered; the log file is
rewritten after every line, so nothing is lost if the terminal closes. Text from the log is
printed as plain text (prompt_toolkit's plain strings; never markup).
"""

from __future__ import annotations

import os
import tempfile
import textwrap
from collections.abc import Callable, Iterable
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Final

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, WordCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.validation import ValidationError, Validator

from referee.errors import Problem, RefereeError
from referee.table.entry import add_line, drop_last_line, header_line, read_entry

if TYPE_CHECKING:
    from referee.ruling import Ruling
    from referee.store import Store
    from referee.table.next import Next
    from referee.table.shelf import Shelf

COMMANDS: Final = ("undo", "done", "help")
HELP: Final = (
    "Type what happened, one line at a time (Tab completes; the likely moves come first).\n"
    "  undo   drop the last line\n"
    "  done   rule the hand and stop (Ctrl+D does the same)\n"
)


class LiveSession:
    """One hand entered at the terminal into the file ``path``."""

    def __init__(
        self,
        path: Path | None,
        shelf: Shelf,
        *,
        store: Store | None = None,
        hand: int | None = None,
        input: Input | None = None,
        output: Output | None = None,
        echo: Callable[[str], None] = print,
        width: int | None = None,
    ) -> None:
        self.path = path
        self.shelf = shelf
        self.store = store
        self.hand = hand
        """The hand's id in the store (None until the header is entered, or without a store)."""
        self.version = 0
        self.echo = echo
        self.width = width
        self.text = ""
        self.shown: dict[int, str] = {}
        """The ruling printed for each line, as printed: a line ruled again otherwise is a change."""
        self.prompts: PromptSession[str] = PromptSession(input=input, output=output)

    @property
    def source(self) -> str:
        """How messages name the log: its file, or the hand in the store."""
        if self.path is not None:
            return str(self.path)
        return f"hand {self.hand}" if self.hand is not None else "<live>"

    def columns(self) -> int:
        """The terminal's width, for wrapping what is printed (80 when it cannot be told)."""
        if self.width is not None:
            return self.width
        try:
            return max(40, self.prompts.output.get_size().columns)
        except Exception:  # an output that has no size (a pipe): the usual width
            return 80

    # --- the whole session ----------------------------------------------------------------------

    def run(self) -> None:
        """Ask for the header (or continue the file), then lines until ``done`` or Ctrl+D.

        Raises:
            RefereeError: the file to continue does not read.
            OSError: the file cannot be written.
        """
        if self.store is not None and self.hand is not None:
            kept = self.store.hand(self.hand)
            self.text, self.version = kept.text, kept.version
            read_entry(self.text, self.shelf, self.source)
            self._save()
            self.echo(f"Continuing hand {self.hand}.")
            self._rulings(self._next())
        elif self.path is not None and self.path.exists() and self.path.stat().st_size:
            from referee.inputs import read_source

            self.text = read_source(self.path).text
            read_entry(self.text, self.shelf, self.source)
            self.echo(f"Continuing {self.path}.")
            self._keep_new_hand()
            self._rulings(self._next())
        else:
            try:
                self._ask_header()
            except EOFError:
                self.echo("Stopped before the hand began.")
                return
            self._keep_new_hand()
        self.echo(HELP)
        while True:
            upcoming = self._next()
            self.echo(_status(upcoming))
            try:
                line = self.prompts.prompt(
                    "> ",
                    completer=_LineCompleter(self, upcoming),
                    complete_while_typing=False,
                    validator=_LineValidator(self),
                    validate_while_typing=False,
                )
            except EOFError:
                break
            except KeyboardInterrupt:
                continue
            word = line.strip().lower()
            if word == "done":
                break
            if word == "help":
                self.echo(HELP)
                continue
            if word == "undo":
                self._undo()
                continue
            if not line.strip():
                continue
            self._add(line)
            self._rulings(self._next())
        self._verdict()

    # --- the store: the hand a phone at the table sees too ------------------------------------------

    def _keep_new_hand(self) -> None:
        """Put the hand into the store (tonight's night), so a phone can go on with it."""
        if self.store is None or self.hand is not None:
            return
        night = self.store.tonight()
        kept = self.store.new_hand(
            night.id, [line for line in self.text.splitlines() if line.strip()], "terminal"
        )
        self.hand, self.version = kept.id, kept.version
        self.echo(f"Kept as hand {self.hand} of night {night.id}: a phone at the table can open it too.")

    def _catch_up(self) -> bool:
        """Read the hand again from the store; True when a phone changed it meanwhile."""
        if self.store is None or self.hand is None:
            return False
        kept = self.store.hand(self.hand)
        if kept.version == self.version:
            return False
        self.text, self.version = kept.text, kept.version
        self._save()
        self.echo("The hand changed on a phone; here it is as it stands now.")
        return True

    def _add(self, line: str) -> None:
        from referee.store import Stale

        self._catch_up()
        text, problems = add_line(self.text, line, self.shelf, self.source)
        if problems:  # a phone's line came first and this one no longer reads: say so, keep nothing
            self.echo(_problem_text(problems[0], self.columns()))
            return
        if self.store is not None and self.hand is not None:
            try:
                self.version = self.store.add_line(self.hand, self.version, text.splitlines()[-1], "terminal")
            except Stale:
                self._catch_up()
                self.echo("Not entered: enter the line again if it still stands.")
                return
        self.text = text
        self._save()

    def _undo(self) -> None:
        from referee.store import Stale

        if self._catch_up():
            self.echo("Nothing dropped: undo again if the last line is still the one to drop.")
            return
        if self.store is not None and self.hand is not None:
            try:
                self.version = self.store.undo(self.hand, self.version, keep=_header_lines(self.text))
            except Stale:
                self._catch_up()
                return
            self.text = self.store.hand(self.hand).text
        else:
            self.text = drop_last_line(self.text)
        self._save()
        self.echo("Dropped the last line.")

    # --- the header -----------------------------------------------------------------------------

    def _ask_header(self) -> None:
        from referee.rulebook.games import catalog

        seats = self._ask("Players, clockwise (Ann, Bob, Cy): ", "seats", None, ())
        names = [name.strip() for name in seats.split(",")]
        self._ask(f"Dealer [{names[-1]}]: ", "dealer", names[-1], names)
        ruled = [name for name, game in catalog().variants.items() if not game.refused]
        self._ask("Game [draw]: ", "game", "draw", ruled)
        self._ask("Rulebook [scarne]: ", "rulebook", "scarne", self.shelf.names())
        self._ask("Ante [1]: ", "ante", "1", ())
        self._ask("Limit [2/4]: ", "limit", "2/4", ("2/4", "1-5", "pot", "no-limit", "table-stakes"))

    def _ask(self, question: str, key: str, default: str | None, choices: Iterable[str]) -> str:
        """One header line, asked until it reads; returns the value."""
        while True:
            try:
                value = self.prompts.prompt(question, completer=WordCompleter(list(choices))).strip()
            except KeyboardInterrupt:
                continue
            value = value or (default or "")
            if not value:
                self.echo("Please give a value.")
                continue
            text, problems = add_line(self.text, header_line(key, value), self.shelf, self.source)
            if problems:
                self.echo(_problem_text(problems[0], self.columns()))
                continue
            self.text = text
            self._save()
            return value

    # --- after each line ------------------------------------------------------------------------

    def _next(self) -> Next:
        from referee.table.next import what_next

        log = read_entry(self.text, self.shelf, self.source)
        return what_next(log, self.text, self.shelf.for_log(log, self.text, self.source))

    def _rulings(self, upcoming: Next) -> None:
        """Print the rulings not printed yet (an irregularity is ruled on the line it is entered),
        and a line ruled otherwise than printed (a later line changed it) as a change."""
        now: dict[int, list[Ruling]] = {}
        for ruling in upcoming.result.rulings:
            now.setdefault(ruling.line, []).append(ruling)
        for line, rulings in now.items():
            text = "\n".join(_ruling_text(ruling) for ruling in rulings)
            before = self.shown.get(line)
            if before == text:
                continue
            self.shown[line] = text
            if before is None:
                self.echo(_wrap(text, self.columns()))
            else:
                self.echo(_wrap(f"RULING CHANGED, line {line}: was {_gist(before)}; now:", self.columns()))
                self.echo(_wrap(text, self.columns()))
        for line in [line for line in self.shown if line not in now and line <= self.text.count("\n")]:
            self.echo(_wrap(f"RULING WITHDRAWN, line {line}: {_gist(self.shown.pop(line))}", self.columns()))
        for line in [line for line in self.shown if line > self.text.count("\n")]:
            del self.shown[line]  # the line was undone

    def _verdict(self) -> None:
        from referee.table.verdict import rule_hand

        if not self.text.strip():
            return
        try:
            log = read_entry(self.text, self.shelf, self.source)
            verdict = rule_hand(log, self.text, self.shelf)
        except RefereeError as error:
            self.echo(error.render())
            return
        from referee.report.words import signed

        width = self.columns()
        self.echo("")
        for paragraph in verdict.summary.splitlines():
            self.echo(_wrap(paragraph, width))
        nets = ", ".join(
            f"{name} {signed(verdict.result.net.get(name, Decimal(0)))}" for name in log.header.seats
        )
        self.echo(_wrap(f"Nets: {nets}", width))
        if self.path is not None:
            self.echo(f"The log is in {self.path}.")
        if self.hand is not None:
            self.echo(f"The hand is kept as hand {self.hand}.")

    def _save(self) -> None:
        """Write the log as it stands: to a new file beside it, then moved over it (never half written)."""
        if self.path is None:
            return
        folder = self.path.parent
        handle, temporary = tempfile.mkstemp(prefix=".live-", suffix=".log", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(self.text)
            os.replace(temporary, self.path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise

    def check(self, line: str) -> list[Problem]:
        """The problems ``line`` would bring to the log (none for a command or an empty line)."""
        if not line.strip() or line.strip().lower() in COMMANDS:
            return []
        _, problems = add_line(self.text, line, self.shelf, self.source)
        return problems


class _LineValidator(Validator):
    """Enter refuses a line that does not read, showing the message ``check`` gives."""

    def __init__(self, session: LiveSession) -> None:
        self.session = session

    def validate(self, document: Document) -> None:
        problems = self.session.check(document.text)
        if problems:
            problem = problems[0]
            column = (
                max(0, min(len(document.text), problem.column - 1)) if problem.column else len(document.text)
            )
            message = problem.message + (f" (hint: {problem.hint})" if problem.hint else "")
            # Wrapped to the terminal, not cut at its edge: the toolbar shows every line of it.
            raise ValidationError(cursor_position=column, message=_wrap(message, self.session.columns()))


class _LineCompleter(Completer):
    """The likely moves as whole lines, then the words the grammar takes next."""

    def __init__(self, session: LiveSession, upcoming: Next) -> None:
        self.session = session
        self.upcoming = upcoming

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        from referee.table.complete import completions, partial_word

        text = document.text_before_cursor
        lowered = text.lower()
        offered: set[str] = set()
        for move in (*self.upcoming.moves, *self.upcoming.irregular):
            if move.line.lower().startswith(lowered) and move.line != text:
                offered.add(move.line)
                yield Completion(move.line, start_position=-len(text), display_meta=move.label)
        seats = self.upcoming.players
        amounts = [m.line.rsplit(" ", 1)[-1] for m in self.upcoming.moves if m.line[-1:].isdigit()]
        first = [m.line.split(" ")[1] for m in self.upcoming.moves if " " in m.line]
        word = partial_word(text)
        for candidate in completions(text, [p.name for p in seats], amounts=amounts, first=first):
            if candidate not in offered:
                yield Completion(candidate, start_position=-len(word))
        for command in COMMANDS:
            if command.startswith(lowered) and lowered:
                yield Completion(command, start_position=-len(text))


def _status(upcoming: Next) -> str:
    from referee.money import format_amount

    who = f"{upcoming.turn} to act" if upcoming.turn else ("the hand is over" if upcoming.over else "")
    call = f", {format_amount(upcoming.to_call)} to call" if upcoming.to_call else ""
    moves = " · ".join(move.line for move in upcoming.moves[:8])
    head = f"[{upcoming.stage}, pot {format_amount(upcoming.pot)}] {who}{call}".rstrip()
    return f"{head}\n  next: {moves}" if moves else head


def _ruling_text(ruling: Ruling) -> str:

    return (
        f"RULING, line {ruling.line} ({ruling.event}): {ruling.irregularity} — "
        f"{ruling.words}. {ruling.explanation} [{ruling.rule}]"
    )


def _problem_text(problem: Problem, width: int = 80) -> str:
    text = _wrap(problem.message, width)
    if problem.hint:
        text += "\n" + textwrap.fill(
            f"hint: {problem.hint}", width, initial_indent="    ", subsequent_indent="      ",
            break_long_words=False, break_on_hyphens=False,
        )  # fmt: skip
    return text


def _wrap(text: str, width: int) -> str:
    """``text`` wrapped at word boundaries to ``width`` columns (a word is never cut)."""
    return "\n".join(
        textwrap.fill(part, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
        for part in text.split("\n")
    )


def _gist(text: str) -> str:
    """The decision of a printed ruling: its text after the irregularity's name, before the reason."""
    head = text.split("\n", 1)[0]
    _, _, decision = head.partition(" — ")
    return (decision or head).split(". ", 1)[0]


def _header_lines(text: str) -> int:
    count = 0
    for line in text.splitlines():
        if ":" not in line.split(" ", 1)[0]:
            break
        count += 1
    return count
