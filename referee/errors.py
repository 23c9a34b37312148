"""The project's own exceptions: bad input that a player or rulebook author can fix.

Irregularities in play are never exceptions (they are rulings). These are for text that cannot
be read: a log that does not parse, a rulebook that does not validate. Each problem knows where
it is, so the command line can print ``file:line:column``, the line, and a caret under it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input file, with where it is and what would fix it."""

    message: str
    """What is wrong, in a player's words."""
    file: str = "<input>"
    line: int = 0
    """1-based; 0 when the problem belongs to the whole file."""
    column: int = 0
    """1-based; 0 when it belongs to the whole line."""
    source_line: str = ""
    """The offending line as written, for the excerpt."""
    hint: str = ""
    """What to write instead, when we can tell."""
    end_column: int = 0
    """Where the underline stops (exclusive); 0 underlines one character."""

    def location(self) -> str:
        if self.line and self.column:
            return f"{self.file}:{self.line}:{self.column}"
        if self.line:
            return f"{self.file}:{self.line}"
        return self.file

    def excerpt(self) -> str:
        r"""The line as written with a caret under the problem; empty when there is no line.

        The caret goes under the problem as a terminal shows the line: tabs are spaces to the next
        multiple of 4, a wide character (中, 👍) takes two cells, a combining accent none.

        >>> print(Problem("here", line=1, column=5, source_line="a\tb c").excerpt())
            a   b c
                  ^
        """
        if not self.source_line:
            return ""
        text, starts = _on_screen(self.source_line.rstrip("\r\n"))
        if not self.column:
            return f"    {text}"
        first = _cell(starts, self.column)
        end = self.end_column if self.end_column > self.column else self.column + 1
        width = max(1, _cell(starts, end) - first)
        return f"    {text}\n    {' ' * first}{'^' * width}"

    def render(self) -> str:
        """``file:line:col: message``, the excerpt, and the hint, as plain text."""
        parts = [f"{self.location()}: {self.message}"]
        if excerpt := self.excerpt():
            parts.append(excerpt)
        if self.hint:
            parts.append(f"    hint: {self.hint}")
        return "\n".join(parts)


TAB_SIZE = 4


def _on_screen(line: str) -> tuple[str, list[int]]:
    """``line`` as it is printed, and the screen cell where each of its characters starts.

    Tabs become spaces; control characters, which a terminal would act on or drop, become U+FFFD.
    The list has one more entry than ``line`` has characters: the width of the whole line.
    """
    shown: list[str] = []
    starts: list[int] = []
    cell = 0
    for char in line:
        starts.append(cell)
        if char == "\t":
            spaces = TAB_SIZE - cell % TAB_SIZE
            shown.append(" " * spaces)
            cell += spaces
            continue
        if unicodedata.category(char) == "Cc":
            char = "\ufffd"
        shown.append(char)
        cell += _width(char)
    starts.append(cell)
    return "".join(shown), starts


def _width(char: str) -> int:
    """Screen cells a character takes: 2 for wide (CJK, most emoji), 0 for combining marks."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _cell(starts: list[int], column: int) -> int:
    """The screen cell of 1-based ``column``; past the end of the line, one cell per column."""
    index = max(0, column - 1)
    if index < len(starts):
        return starts[index]
    return starts[-1] + index - (len(starts) - 1)


class RefereeError(Exception):
    """Input the referee cannot use. Carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem) -> None:
        self.problems: list[Problem] = problems if isinstance(problems, list) else [problems]
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(problem.render() for problem in self.problems)


class LogSyntaxError(RefereeError):
    """A hand log that does not follow the log language."""


class LogError(RefereeError):
    """A hand log that reads but does not make sense (an unknown player, a dealer not seated)."""


class RulebookError(RefereeError):
    """A rulebook file that cannot be loaded: bad YAML, an unknown key, a missing default row."""
