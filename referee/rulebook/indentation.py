"""A YAML syntax error that is really a key indented one space too many or too few, in plain words.

YAML says "did not find expected '-' indicator" or "mapping values are not allowed here"; the
reader (:mod:`referee.rulebook.yamlsafe`) asks here, when a file fails to read, which key to move.
Apart from :mod:`referee.rulebook.problems` (validation's wording), which reads the YAML's spots,
so that neither module imports the other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.errors import Problem

_KEY_LINE = re.compile(r"^(?P<indent> *)(?P<dash>- +)?(?P<key>[A-Za-z_][\w.-]*) *:(?P<rest>.*)$")
_LOOK_BACK = 40
"""Lines looked at above a YAML error for the row it belongs to (a row is a handful of lines)."""


@dataclass(frozen=True, slots=True)
class _KeyLine:
    number: int
    """1-based."""
    column: int
    """1-based column of the key."""
    key: str
    item: bool
    """It starts a list item (``- id: 3``)."""
    opens: bool
    """``key:`` with nothing after it: the lines below, indented more, are its value."""


def _key_line(number: int, text: str) -> _KeyLine | None:
    match = _KEY_LINE.match(text.rstrip())
    if match is None:
        return None
    column = len(match["indent"]) + len(match["dash"] or "") + 1
    rest = match["rest"].split(" #", 1)[0].strip()
    return _KeyLine(number, column, match["key"], bool(match["dash"]), not rest)


def indentation_problem(what: str, file: str, lines: list[str], line: int) -> Problem | None:
    """A plain-words problem for a key that does not line up with its row, or None.

    YAML says "did not find expected '-' indicator" or "mapping values are not allowed here" for
    a ``cite:`` or ``summary:`` indented one space too many or too few. Looking back from the
    line YAML stopped at to the start of the list item (``- id: 3``), the first key of the item
    that does not start in the column of the item's first key is the one to move.
    """
    if not any(
        phrase in what
        for phrase in (
            "expected '-' indicator",
            "expected key",
            "mapping values are not allowed",
            "expected ':'",
        )
    ):
        return None
    keys: list[_KeyLine] = []
    for number in range(line, max(0, line - _LOOK_BACK), -1):
        if not 0 < number <= len(lines):
            continue
        text = lines[number - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        found = _key_line(number, text)
        if found is None:
            continue
        keys.append(found)
        if found.item or found.column == 1:
            break
    keys.reverse()
    if not keys:
        return None
    start = keys[0]
    if not start.item:  # not in a list item: compare the line with the key line above it
        if len(keys) < 2:
            return None
        above, here = keys[-2], keys[-1]
        if above.opens or here.column <= above.column:
            return None
        return _misaligned(file, lines, here, above, in_row=False)
    opened_at, aligned = 0, start
    for here in keys[1:]:
        if opened_at and here.column > opened_at:
            continue  # inside a key's own block (`when:` written over several lines)
        opened_at = here.column if here.opens and here.column == start.column else 0
        if here.column != start.column:
            return _misaligned(file, lines, here, aligned, in_row=True)
        aligned = here
    return None


def _misaligned(file: str, lines: list[str], here: _KeyLine, model: _KeyLine, *, in_row: bool) -> Problem:
    spaces = model.column - 1
    like = (
        f"`{model.key}:` after the `- ` on line {model.number}"
        if model.item
        else (f"`{model.key}:` on line {model.number}")
    )
    if in_row:
        message = f"`{here.key}:` does not line up with the other keys of its row"
        hint = f"the keys of one row start in the same column: indent `{here.key}:` by {spaces} "
    else:
        message = f"`{here.key}:` is indented more than `{model.key}:` above it"
        hint = f"keys side by side start in the same column: indent `{here.key}:` by {spaces} "
    return Problem(
        message,
        file,
        here.number,
        here.column,
        lines[here.number - 1],
        hint + f"space{'s' if spaces != 1 else ''}, like {like}",
        here.column + len(here.key) + 1,
    )
