"""The input boundary: every file and every text a command reads comes in through here.

A log or a rulebook is read as bytes, held to a size limit, decoded as UTF-8 (a byte-order
mark is fine) and checked for characters no text file has; anything else becomes a ``Problem``
naming the file, line and column, never a traceback. ``-`` means standard input.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from referee.errors import Problem, RefereeError

MAX_LOG_BYTES: Final = 16 * 1024 * 1024
"""A night of several thousand deals is a few megabytes; past 16 MB a file is not a hand log."""
MAX_RULEBOOK_BYTES: Final = 1024 * 1024
"""The largest bundled rulebook is about 60 KB."""
MAX_HISTORY_BYTES: Final = 64 * 1024 * 1024
"""An online site's hand-history file: tens of thousands of hands."""
MAX_LINE_CHARS: Final = 4000
"""One event per line: a line this long is not one."""
MAX_LINES: Final = 400_000

STDIN: Final = "-"


class InputError(RefereeError):
    """A file that cannot be taken in as text: unreadable, too large, not UTF-8."""


@dataclass(frozen=True, slots=True)
class Source:
    """A text that was read: its name as the user gave it, its folder and its text."""

    name: str
    """How problems name it: the path as given, or ``<stdin>``."""
    text: str
    folder: Path | None
    """The folder it lives in, where files it names (a house rulebook) are looked for; None for stdin."""


def read_source(
    path: str | os.PathLike[str],
    *,
    what: str = "log",
    max_bytes: int = MAX_LOG_BYTES,
) -> Source:
    """Read ``path`` (or standard input for ``-``) as text, or raise ``InputError``.

    ``what`` names the kind of file in messages ("log", "rulebook").
    """
    name, data, folder = read_bytes(path, what=what, max_bytes=max_bytes)
    return Source(name, decode(data, name, what=what, max_bytes=max_bytes), folder)


def read_bytes(
    path: str | os.PathLike[str], *, what: str = "log", max_bytes: int = MAX_LOG_BYTES
) -> tuple[str, bytes, Path | None]:
    """The name to show, at most ``max_bytes + 1`` bytes, and the folder of ``path`` (``-``: stdin).

    Reading one byte past the limit lets the caller say the file is too large without reading
    all of a huge one.
    """
    name = os.fspath(path)
    if name == STDIN:
        return "<stdin>", sys.stdin.buffer.read(max_bytes + 1), None
    if "\x00" in name:
        raise InputError(Problem(f"cannot read {name!r}: a file name cannot hold a NUL character", name))
    file = Path(name)
    try:
        if file.is_dir():
            raise InputError(
                Problem(f"{name} is a folder, not a {what} file", name, hint=f"name the {what} file itself")
            )
        with file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        missing = Problem("there is no such file", name, hint="check the spelling and the folder")
        raise InputError(missing) from None
    except OSError as error:
        raise InputError(Problem(f"cannot read it: {error.strerror or error}", name)) from None
    return name, data, file.resolve().parent


def too_large(name: str, what: str, max_bytes: int) -> InputError:
    """The error for a file past its size limit."""
    return InputError(
        Problem(
            f"the {what} is larger than {_size(max_bytes)}, the most the referee reads",
            name,
            hint="split it into several files" if what in ("log", "hand history") else "",
        )
    )


def decode(data: bytes, name: str, *, what: str = "log", max_bytes: int = MAX_LOG_BYTES) -> str:
    """``data`` as text, or an ``InputError`` saying where and why it is not a text file."""
    if len(data) > max_bytes:
        raise too_large(name, what, max_bytes)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _position(data, error.start)
        raise InputError(
            Problem(
                f"the {what} is not UTF-8 text (byte 0x{data[error.start]:02x})",
                name,
                line,
                column,
                hint=f"save the {what} as UTF-8 (in most editors: Save As, Encoding: UTF-8)",
            )
        ) from None
    check_text(text, name, what=what)
    return text


def check_text(text: str, name: str, *, what: str = "log") -> None:
    """Refuse a text that is no text file: NUL and other control characters, endless lines."""
    problems: list[Problem] = []
    lines = text.split("\n")
    if len(lines) > MAX_LINES:
        raise InputError(
            Problem(f"the {what} has {len(lines):,} lines; the referee reads at most {MAX_LINES:,}", name)
        )
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE_CHARS:
            problems.append(
                Problem(
                    f"line {number} is {len(line):,} characters long; "
                    f"a line holds at most {MAX_LINE_CHARS:,}",
                    name,
                    number,
                    MAX_LINE_CHARS + 1,
                    hint="one event per line" if what == "log" else "break it over several lines",
                )
            )
        elif bad := _control(line):
            column, char = bad
            problems.append(
                Problem(
                    f"a control character (U+{ord(char):04X}) is not text",
                    name,
                    number,
                    column,
                    line.replace(char, " "),
                    hint=f"is this a {what} file? Save it as plain text",
                )
            )
        if len(problems) >= 20:
            break
    if problems:
        raise InputError(problems)


_ALLOWED_CONTROLS: Final = frozenset("\t\r\n\f\v")


def _control(line: str) -> tuple[int, str] | None:
    if line.isprintable():
        return None
    for column, char in enumerate(line, 1):
        if (ord(char) < 32 or ord(char) == 127) and char not in _ALLOWED_CONTROLS:
            return column, char
    return None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a byte offset."""
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def _size(count: int) -> str:
    return f"{count // (1024 * 1024)} MB" if count >= 1024 * 1024 else f"{count // 1024} KB"


# --- the group file ----------------------------------------------------------------------------------

GROUP_FILE: Final = "referee.toml"
"""The group's defaults, in the folder of the logs: players, stakes, ante, game, rulebooks."""
MAX_GROUP_BYTES: Final = 64 * 1024

GROUP_KEYS: Final = {
    "players": "seats",
    "stakes": "limit",
    "ante": "ante",
    "game": "game",
}
"""Group-file keys that give a log header's default, and the header key each one fills."""
GROUP_RULEBOOK_KEYS: Final = ("rulebook", "house")
"""``rulebook``: the default rulebook; ``house``: the group's house rulebook (a file beside it), used
instead of ``rulebook``."""


@dataclass(frozen=True, slots=True)
class Group:
    """A ``referee.toml``: header lines a log may leave out, and the rulebook to rule by.

    Each default is kept as the header line a log would have (``seats: Ann, Bob``), with the line
    of the group file it came from, so the log's own grammar reads it and a problem points there.
    """

    name: str
    """The file as problems name it."""
    folder: Path
    text: str
    header: dict[str, tuple[str, int]]
    """Header key → (the line as a log would write it, its line in the group file)."""
    rulebook: tuple[str, int] | None = None
    """The rulebook to rule by (``house`` if given, else ``rulebook``) and its line."""


def find_group(folder: Path | None) -> Group | None:
    """The group file in ``folder``, read and checked; None when there is none (or for stdin).

    Raises:
        InputError: it cannot be read, is not TOML, or holds a key or value it may not.
    """
    if folder is None:
        return None
    path = folder / GROUP_FILE
    if not path.is_file():
        return None
    name, data, _ = read_bytes(path, what="group file", max_bytes=MAX_GROUP_BYTES)
    return read_group(decode(data, name, what="group file", max_bytes=MAX_GROUP_BYTES), name, folder)


def read_group(text: str, name: str, folder: Path) -> Group:
    """A group file's text, read.

    Raises:
        InputError: not TOML, an unknown key, or a value of the wrong kind.
    """
    import tomllib
    from decimal import Decimal

    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        line, column = _toml_position(str(error))
        raise InputError(
            Problem(
                f"the group file is not TOML: {str(error).split(' (at ')[0]}",
                name,
                line,
                column,
                hint='write one `key = value` per line, e.g. `players = ["Ann", "Bob"]` and `stakes = "2/4"`',
            )
        ) from None
    lines = text.split("\n")
    problems: list[Problem] = []
    header: dict[str, tuple[str, int]] = {}
    rulebooks: dict[str, tuple[str, int]] = {}
    for key, value in data.items():
        line = _key_line(lines, key)
        if key in GROUP_KEYS:
            written = _header_value(key, value)
            if written is None:
                hint = _GROUP_HINTS[key]
                problems.append(Problem(f"`{key}` cannot be {value!r}", name, line, 1, hint=hint))
            else:
                header[GROUP_KEYS[key]] = (f"{GROUP_KEYS[key]}: {written}", line)
        elif key in GROUP_RULEBOOK_KEYS:
            if isinstance(value, str) and value.strip():
                rulebooks[key] = (value.strip(), line)
            else:
                hint = _GROUP_HINTS[key]
                problems.append(Problem(f"`{key}` must name a rulebook", name, line, 1, hint=hint))
        else:
            from difflib import get_close_matches

            known = [*GROUP_KEYS, *GROUP_RULEBOOK_KEYS]
            near = get_close_matches(key, known, n=1)
            hint = f"did you mean `{near[0]}`?" if near else "the keys are " + ", ".join(known)
            problems.append(Problem(f"unknown key `{key}` in the group file", name, line, 1, hint=hint))
    if problems:
        raise InputError(problems)
    return Group(name, folder, text, header, rulebooks.get("house") or rulebooks.get("rulebook"))


_GROUP_HINTS: Final = {
    "players": 'the players in clockwise order: `players = ["Ann", "Bob", "Cy"]`',
    "stakes": 'the limit as a log writes it: `stakes = "2/4"`, `"1-5"`, `"pot"` or `"table-stakes"`',
    "ante": "each player's ante: `ante = 1`, or `ante = \"4 by dealer\"`",
    "game": 'a game from the catalog: `game = "jacks-or-better"`',
    "rulebook": 'a bundled rulebook or a .yaml file in this folder: `rulebook = "scarne"`',
    "house": 'the house rulebook, a .yaml file in this folder: `house = "friday.yaml"`',
}


def _header_value(key: str, value: object) -> str | None:
    """The value as a log's header line writes it, or None when it cannot be one."""
    from decimal import Decimal

    if key == "players":
        names = [part.strip() for part in value.split(",")] if isinstance(value, str) else value
        if not isinstance(names, list) or not names:
            return None
        if not all(isinstance(n, str) and n.strip() for n in names):
            return None
        return ", ".join(_quoted(n.strip()) for n in names)
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, str) and value.strip() and "\n" not in value:
        return value.strip()
    return None


def _quoted(name: str) -> str:
    """A name as a log writes it: one word as it is, anything else in quotes."""
    return name if name.replace("_", "").replace("-", "").isalnum() else '"' + name.replace('"', "") + '"'


def _key_line(lines: list[str], key: str) -> int:
    """The line where ``key = ...`` is written (0 when it cannot be told)."""
    for number, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if stripped.startswith(key) and stripped[len(key) :].lstrip().startswith("="):
            return number
    return 0


def _toml_position(message: str) -> tuple[int, int]:
    """(line, column) from tomllib's ``(at line 3, column 7)``."""
    import re

    match = re.search(r"at line (\d+), column (\d+)", message)
    return (int(match[1]), int(match[2])) if match else (0, 0)
