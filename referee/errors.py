"""The project's own exceptions: bad input that a player or rulebook author can fix.

Irregularities in play are never exceptions (they are rulings). These are for text that cannot
be read: a log that does not parse, a rulebook that does not validate. Each problem knows where
it is, so the command line can print ``file:line:column``, the line, and a caret under it.
"""

from __future__ import annotations

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
        """The line as written with a caret under the problem; empty when there is no line."""
        if not self.source_line:
            return ""
        text = self.source_line.rstrip("\r\n").expandtabs(4)
        if not self.column:
            return f"    {text}"
        width = max(1, (self.end_column or self.column + 1) - self.column)
        return f"    {text}\n    {' ' * (self.column - 1)}{'^' * width}"

    def render(self) -> str:
        """``file:line:col: message``, the excerpt, and the hint, as plain text."""
        parts = [f"{self.location()}: {self.message}"]
        if excerpt := self.excerpt():
            parts.append(excerpt)
        if self.hint:
            parts.append(f"    hint: {self.hint}")
        return "\n".join(parts)


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
