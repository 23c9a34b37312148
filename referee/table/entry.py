"""A line checked before it joins the log, with the messages ``referee check`` gives.

The log being entered is plain text; a line is added only when the whole log still reads (the
same reader, the same header-name checks as ``check``). Sizes are bounded so a page or a prompt
can never be made to hold more than a hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Final

from referee.errors import LogError, Problem, RefereeError

if TYPE_CHECKING:
    from referee.events import HandLog
    from referee.table.shelf import Shelf

_ONE_WORD: Final = re.compile(r"[^\W\d]\w*")
MAX_LINES: Final = 300
"""Lines a log entered at the table may hold (a long hand with several deals has about 80)."""
MAX_LINE_CHARS: Final = 300
"""Characters a line may hold (a long speech, a note)."""
MAX_LOG_CHARS: Final = 40_000
"""Characters a whole log may hold (a pasted log)."""


def size_problem(text: str, source: str = "<table>") -> Problem | None:
    """A problem when ``text`` is longer than a log entered at the table may be."""
    if len(text) > MAX_LOG_CHARS:
        return Problem(
            f"the log has {len(text):,} characters; a log entered here holds at most {MAX_LOG_CHARS:,}",
            source,
            hint="rule a longer log with `referee rule` on a computer",
        )
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return Problem(
            f"the log has {len(lines):,} lines; a log entered here holds at most {MAX_LINES}",
            source,
            hint="split the evening into one log per hand",
        )
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            return Problem(
                f"line {number} has {len(line):,} characters; a line holds at most {MAX_LINE_CHARS}",
                source,
                number,
                hint="shorten the line (a note or a speech can be said in fewer words)",
            )
    return None


def read_entry(text: str, shelf: Shelf, source: str = "<table>") -> HandLog:
    """The log as ``check`` reads it: the language, then its ``game:`` and ``rulebook:`` names.

    Raises:
        LogSyntaxError, LogError: every problem, as ``referee check`` reports it.
    """
    from referee.log import check_header_names, parse_log
    from referee.rulebook.load import DEFAULT_RULEBOOK

    if (too_big := size_problem(text, source)) is not None:
        raise LogError(too_big)
    log = parse_log(text, source)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    named = check_header_names(log, lines, shelf.names(), _games_under(shelf), DEFAULT_RULEBOOK)
    if named:
        raise LogError(named)
    return log


def add_line(text: str, line: str, shelf: Shelf, source: str = "<table>") -> tuple[str, list[Problem]]:
    """``text`` with ``line`` added, or ``text`` unchanged and the problems the line brings.

    Problems on other lines (a log pasted whole) are reported too, the new line's first.
    """
    line = line.strip()
    if not line:
        return text, []
    if "\n" in line or "\r" in line:
        return text, [Problem("one line at a time, please", source, hint="enter each line on its own")]
    joined = (text if not text or text.endswith("\n") else text + "\n") + line + "\n"
    try:
        read_entry(joined, shelf, source)
    except RefereeError as error:
        number = joined.count("\n")
        mine = [p for p in error.problems if p.line == number]
        return text, mine or error.problems
    return joined, []


def header_line(key: str, value: str) -> str:
    """A header line from what was typed in a form or at a prompt.

    Player names that are not one word (``Aunt May``, ``<b>``) are quoted, as the language wants.
    """
    if key in ("seats", "dealer"):
        names = [name.strip() for name in re.split(r"[,\n]", value) if name.strip()]
        value = ", ".join(_written_name(name) for name in names)
    return f"{key}: {value.strip()}"


def _written_name(name: str) -> str:
    if _ONE_WORD.fullmatch(name) or (len(name) > 1 and name[0] == name[-1] == '"'):
        return name
    return '"' + name.replace('"', "'") + '"'


def drop_last_line(text: str) -> str:
    """``text`` without its last line that says something (``undo``)."""
    lines = text.splitlines()
    while lines and not lines[-1].split("#", 1)[0].strip():
        lines.pop()
    if lines:
        lines.pop()
    return "".join(f"{line}\n" for line in lines)


def _games_under(shelf: Shelf) -> Callable[[str], Collection[str] | None]:
    """The games a log may name under a rulebook (the catalog's and the rulebook's own)."""

    def games(rulebook: str) -> Collection[str] | None:
        from referee.rulebook.games import catalog

        try:
            book = shelf.load(rulebook)
        except RefereeError:
            return None
        return list(dict.fromkeys([*catalog().variants, *book.variants]))

    return games
