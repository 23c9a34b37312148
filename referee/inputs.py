"""The input boundary: every file and every text a command reads comes in through here.

A log or a rulebook is read as bytes, held to a size limit, decoded as UTF-8 (a byte-order
mark is fine) and checked for characters no text file has; anything else becomes a ``Problem``
naming the file, line and column, never a traceback. ``-`` means standard input.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final

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
    all of a huge one. Only a regular file is read: a pipe, a device or a socket is refused at
    once, never waited on.
    """
    name = os.fspath(path)
    if name == STDIN:
        return "<stdin>", sys.stdin.buffer.read(max_bytes + 1), None
    if "\x00" in name:
        raise InputError(Problem(f"cannot read {name!r}: a file name cannot hold a NUL character", name))
    file = Path(name)
    with _open_regular(name, what) as handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as error:
            raise InputError(Problem(f"cannot read it: {error.strerror or error}", name)) from None
    return name, data, file.resolve().parent


_OPEN_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a pipe with no writer opens at once instead of waiting for one
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _open_regular(name: str, what: str) -> BinaryIO:
    """``name`` opened for reading if it is a regular file; otherwise an ``InputError`` saying what it is.

    The kind of file is asked of the open file itself, so it cannot change between the question
    and the reading.
    """
    try:
        descriptor = os.open(name, _OPEN_FLAGS)
    except FileNotFoundError:
        if os.path.lexists(name):
            raise InputError(_nowhere(name, what)) from None
        missing = Problem("there is no such file", name, hint="check the spelling and the folder")
        raise InputError(missing) from None
    except IsADirectoryError:
        raise InputError(_folder(name, what)) from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise InputError(_nowhere(name, what)) from None
        raise InputError(Problem(f"cannot read it: {error.strerror or error}", name)) from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(_folder(name, what))
        if not stat.S_ISREG(info.st_mode):
            noun = what if what.endswith("file") else f"{what} file"
            raise InputError(
                Problem(
                    f"{name} is {_kind(info.st_mode)}, not a {noun}: the referee reads only files",
                    name,
                    hint=f"name the {noun} itself",
                )
            )
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a player's words."""
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _nowhere(name: str, what: str) -> Problem:
    return Problem(
        f"cannot read {name}: it is a link that leads nowhere or goes round in a circle",
        name,
        hint=f"point the link at the {what} file, or give the file itself",
    )


def _folder(name: str, what: str) -> Problem:
    noun = what if what.endswith("file") else f"{what} file"
    return Problem(f"{name} is a folder, not a {noun}", name, hint=f"name the {noun} itself")


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
    if not os.path.lexists(path):
        return None  # anything of that name is read, and refused if it is no file (a pipe, a folder)
    _refuse_foreign_group(path, folder)
    name, data, _ = read_bytes(path, what="group file", max_bytes=MAX_GROUP_BYTES)
    return read_group(decode(data, name, what="group file", max_bytes=MAX_GROUP_BYTES), name, folder)


MAX_TOML_DEPTH: Final = 32
"""Arrays and inline tables nested deeper than this are no group file or hand history (``tomllib``
reads them by recursion, and a few hundred end it)."""


def _refuse_foreign_group(path: Path, folder: Path) -> None:
    """Refuse a group file that is another folder's file under this folder's name: a link out of
    the folder, or a file with other names (a hard link; the folder cannot vouch for it). Nobody
    named it, so nothing of it is read or shown.

    Raises:
        InputError: naming the file and why, never its content.
    """
    name = os.fspath(path)
    leads = os.path.dirname(os.path.realpath(name)) if os.path.islink(name) and os.path.exists(name) else None
    if leads is not None and leads != os.path.realpath(folder):
        raise InputError(
            Problem(
                f"{name} is a link to a file outside the folder of the log",
                name,
                hint="copy the group file into this folder, or remove the link",
            )
        )
    try:
        links = os.stat(name).st_nlink
    except OSError:
        return  # read_bytes says what is wrong with it
    if links > 1 and stat.S_ISREG(os.stat(name).st_mode):
        raise InputError(
            Problem(
                f"{name} has other names elsewhere (a hard link): the folder cannot vouch for it",
                name,
                hint="copy the group file into this folder",
            )
        )


def check_nesting(text: str, name: str, *, what: str, most: int = MAX_TOML_DEPTH) -> None:
    """Refuse a TOML text whose arrays and inline tables nest deeper than ``most``, before it is parsed.

    Brackets inside strings and comments do not count.

    Raises:
        InputError: naming the line and column where the nesting went too deep.
    """
    depth = line = 1
    column = 0
    index, end = 0, len(text)
    while index < end:
        char = text[index]
        if char == "\n":
            line, column = line + 1, index + 1
        elif char == "#":
            newline = text.find("\n", index)
            index = end if newline < 0 else newline
            continue
        elif char in "\"'":
            quote = text[index : index + 3] if text.startswith(char * 3, index) else char
            index = _string_end(text, index + len(quote), quote)
            continue
        elif char in "[{":
            depth += 1
            if depth > most + 1:
                raise InputError(
                    Problem(
                        f"the {what} nests arrays or tables more than {most} deep",
                        name,
                        line,
                        index - column + 1,
                        hint=f"is this a {what}? Its values are nested a few levels at most",
                    )
                )
        elif char in "]}":
            depth = max(1, depth - 1)
        index += 1


def _string_end(text: str, start: int, quote: str) -> int:
    """Where the string opened by ``quote`` before ``start`` ends (after its closing quote)."""
    index = start
    while True:
        found = text.find(quote, index)
        if found < 0:
            return len(text)
        if quote[0] == '"':
            backslashes = 0
            while found - backslashes - 1 >= start and text[found - backslashes - 1] == "\\":
                backslashes += 1
            if backslashes % 2:
                index = found + 1
                continue
        if len(quote) == 1 and "\n" in text[start:found]:
            return text.index("\n", start)  # a one-line string left open: TOML's reader will say so
        return found + len(quote)


def read_group(text: str, name: str, folder: Path) -> Group:
    """A group file's text, read.

    Raises:
        InputError: not TOML, an unknown key, or a value of the wrong kind.
    """
    import tomllib
    from decimal import Decimal

    check_nesting(text, name, what="group file")
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


# --- files written -----------------------------------------------------------------------------------

_WRITE_FLAGS: Final = (
    os.O_WRONLY
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)  # the last part of the name may not be a symbolic link
    | getattr(os, "O_NONBLOCK", 0)  # nor a pipe nobody reads, waited on for ever
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class OutputError(RefereeError):
    """A file the referee was asked to write and will not (a link, a pipe) or cannot."""


def write_file(path: Path, text: str, *, what: str = "file") -> None:
    """Write ``text`` (UTF-8) to ``path``, a regular file of its own: never through a symbolic link
    or into a file with other names (a hard link), a pipe or a device.

    Raises:
        OutputError: naming the file and why.
    """
    name = os.fspath(path)
    if os.path.islink(name):
        raise OutputError(_link_out(name, what))
    try:
        descriptor = os.open(name, _WRITE_FLAGS, 0o666)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OutputError(_link_out(name, what)) from None
        if error.errno == errno.ENXIO:
            raise OutputError(Problem(f"{name} is a pipe: the referee writes only files", name)) from None
        raise OutputError(Problem(f"cannot write {name}: {error.strerror or error}", name)) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            kind = _kind(info.st_mode)
            raise OutputError(Problem(f"{name} is {kind}: the referee writes only files", name))
        if info.st_nlink > 1:
            raise OutputError(
                Problem(
                    f"{name} has other names elsewhere (a hard link): writing it would change them too",
                    name,
                    hint=f"remove it, or write the {what} under another name",
                )
            )
        os.ftruncate(descriptor, 0)
        data = text.encode("utf-8")
        while data:
            data = data[os.write(descriptor, data) :]
    except OSError as error:
        raise OutputError(Problem(f"cannot write {name}: {error.strerror or error}", name)) from None
    finally:
        os.close(descriptor)


def _link_out(name: str, what: str) -> Problem:
    return Problem(
        f"{name} is a symbolic link: the referee does not write through links",
        name,
        hint=f"remove the link, or write the {what} under another name",
    )
