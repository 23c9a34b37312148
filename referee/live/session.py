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
from collections.abc import Callable, Iterable
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
        path: Path,
        shelf: Shelf,
        *,
        input: Input | None = None,
        output: Output | None = None,
        echo: Callable[[str], None] = print,
    ) -> None:
        self.path = path
        self.shelf = shelf
        self.echo = echo
        self.text = ""
        self.shown: set[tuple[int, str]] = set()
        """Rulings already printed, by (line, rule)."""
        self.prompts: PromptSession[str] = PromptSession(input=input, output=output)

    # --- the whole session ----------------------------------------------------------------------

    def run(self) -> None:
        """Ask for the header (or continue the file), then lines until ``done`` or Ctrl+D.

        Raises:
            RefereeError: the file to continue does not read.
            OSError: the file cannot be written.
        """
        if self.path.exists() and self.path.stat().st_size:
            from referee.inputs import read_source

            self.text = read_source(self.path).text
            read_entry(self.text, self.shelf, str(self.path))
            self.echo(f"Continuing {self.path}.")
            self._rulings(self._next())
        else:
            try:
                self._ask_header()
            except EOFError:
                self.echo("Stopped before the hand began.")
                return
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
                self.text = drop_last_line(self.text)
                self._save()
                self.echo("Dropped the last line.")
                continue
            if not line.strip():
                continue
            self.text, _ = add_line(self.text, line, self.shelf, str(self.path))
            self._save()
            self._rulings(self._next())
        self._verdict()

    # --- the header -----------------------------------------------------------------------------

    def _ask_header(self) -> None:
        from referee.rulebook.games import catalog

        seats = self._ask("Players, clockwise (Ann, Bob, Cy): ", "seats", None, ())
        names = [name.strip() for name in seats.split(",")]
        self._ask(f"Dealer [{names[-1]}]: ", "dealer", names[-1], names)
        self._ask("Game [draw]: ", "game", "draw", list(catalog().variants))
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
            text, problems = add_line(self.text, header_line(key, value), self.shelf, str(self.path))
            if problems:
                self.echo(_problem_text(problems[0]))
                continue
            self.text = text
            self._save()
            return value

    # --- after each line ------------------------------------------------------------------------

    def _next(self) -> Next:
        from referee.table.next import what_next

        log = read_entry(self.text, self.shelf, str(self.path))
        return what_next(log, self.text, self.shelf.for_log(log, self.text, str(self.path)))

    def _rulings(self, upcoming: Next) -> None:
        """Print the rulings not printed yet (an irregularity is ruled on the line it is entered)."""
        for ruling in upcoming.result.rulings:
            key = (ruling.line, ruling.rule)
            if key not in self.shown:
                self.shown.add(key)
                self.echo(_ruling_text(ruling))

    def _verdict(self) -> None:
        from referee.table.verdict import rule_hand

        if not self.text.strip():
            return
        try:
            log = read_entry(self.text, self.shelf, str(self.path))
            verdict = rule_hand(log, self.text, self.shelf)
        except RefereeError as error:
            self.echo(error.render())
            return
        self.echo("")
        self.echo(verdict.summary)
        self.echo(f"The log is in {self.path}.")

    def _save(self) -> None:
        """Write the log as it stands: to a new file beside it, then moved over it (never half written)."""
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
        _, problems = add_line(self.text, line, self.shelf, str(self.path))
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
            raise ValidationError(cursor_position=column, message=message)


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


def _problem_text(problem: Problem) -> str:
    return problem.message + (f"\n    hint: {problem.hint}" if problem.hint else "")
