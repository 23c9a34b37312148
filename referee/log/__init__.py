"""The log language: reading a hand log into typed events, checking it, and printing it back.

``parse_log`` / ``read_log`` read a log (:mod:`referee.log.reader`); ``format_log`` prints its
canonical form (:mod:`referee.log.printer`); ``read_speech`` reads words said aloud
(:mod:`referee.log.speech`); ``check_header_names`` checks ``game:`` and ``rulebook:`` against
names the caller knows (:mod:`referee.log.checks`); ``render_note`` prints a note of the log.
The table of words every part reads is :mod:`referee.log.words`. Importing this package does not
import Lark: the grammar is built on the first line that needs it.
"""

from __future__ import annotations

from referee.errors import Problem
from referee.events import HandLog
from referee.log.checks import check_header_names
from referee.log.reader import MAX_PROBLEMS, parse_log, read_log
from referee.log.speech import read_speech

__all__ = [
    "MAX_PROBLEMS",
    "check_header_names",
    "format_log",
    "parse_log",
    "read_log",
    "read_speech",
    "render_note",
]


def format_log(log: HandLog) -> str:
    """The canonical text of a log (see :mod:`referee.log.printer`)."""
    from referee.log.printer import format_log as _format

    return _format(log)


def render_note(note: Problem) -> str:
    """A note as ``check`` prints it: ``file:line:col: note: message``, the line with a caret, the hint."""
    return Problem(f"note: {note.message}", note.file, note.line, note.column, note.source_line, note.hint,
                   note.end_column).render()  # fmt: skip
