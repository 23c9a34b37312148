"""The night's store: every hand entered at the table, kept in one SQLite file.

A *night* is an evening at one table; it has a random *table code* (the only way into its pages)
and holds *hands*. A hand is a log entered one line at a time: each line is kept with the time it
was entered and who entered it (a phone, the terminal), and ``undo`` marks a line dropped rather
than deleting it, so the store remembers what was said and taken back. A hand's *version* counts
its changes: a write that names an older version is refused (:class:`Stale`), so a phone that
missed a line cannot enter one on top of a hand it has not seen.

The file is SQLite through the standard library (``sqlite3``), in WAL mode (readers do not wait
for the writer; a write survives a killed process once committed). Each write is one
``BEGIN IMMEDIATE`` transaction: one writer at a time, the others wait up to
:data:`BUSY_SECONDS`. The schema is created, and migrated from an older version, by
:func:`open_store` (``PRAGMA user_version`` holds the schema's version). Connections are one per
thread, so the web page's worker threads each read and write on their own.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final

FILE_NAME: Final = "referee.sqlite3"
SCHEMA_VERSION: Final = 1
BUSY_SECONDS: Final = 5.0
"""How long a write waits for another writer before it gives up."""
CODE_ALPHABET: Final = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits that cannot be misread for one another (no i, l, o, 0, 1)."""
CODE_LENGTH: Final = 10
"""31^10 ≈ 8·10^14 codes: a neighbour cannot guess one."""
NIGHT_HOURS: Final = 12
"""A night begun less than this long ago is continued by ``serve`` and ``live``."""

_MIGRATIONS: Final = (
    # version 1: nights, hands, lines.
    """
    CREATE TABLE nights (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        started TEXT NOT NULL
    );
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        night INTEGER NOT NULL REFERENCES nights(id),
        started TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX hands_by_night ON hands(night, id);
    CREATE TABLE lines (
        id INTEGER PRIMARY KEY,
        hand INTEGER NOT NULL REFERENCES hands(id),
        number INTEGER NOT NULL,
        text TEXT NOT NULL,
        entered TEXT NOT NULL,
        who TEXT NOT NULL,
        dropped TEXT,
        UNIQUE (hand, number)
    );
    """,
)


class StoreError(Exception):
    """The store's file cannot be opened or is not a referee store."""


class Stale(Exception):
    """A write named a version of the hand that is no longer the current one."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the hand is at version {current}")
        self.current = current


class NotFound(Exception):
    """No such night or hand (or not under that table code)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line entered into a hand."""

    number: int
    text: str
    entered: str
    """When, as an ISO 8601 UTC time."""
    who: str


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand as the store holds it: its lines still in the log, in order."""

    id: int
    night: int
    started: str
    version: int
    lines: tuple[Line, ...]

    @property
    def text(self) -> str:
        """The log, as ``referee rule`` reads it."""
        return "".join(f"{line.text}\n" for line in self.lines)


@dataclass(frozen=True, slots=True)
class Night:
    id: int
    code: str
    started: str


def default_folder() -> Path:
    """The user's data directory for referee (``~/.local/share/referee`` on Linux)."""
    from platformdirs import user_data_path

    return user_data_path("referee", appauthor=False)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Store:
    """The store in ``path``; one connection per thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()

    def connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = _connect(self.path)
            self._local.connection = connection
        return connection

    def close(self) -> None:
        """Close this thread's connection (others close when their thread ends)."""
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        connection = self.connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    # --- nights -------------------------------------------------------------------------------------

    def new_night(self) -> Night:
        started = now()
        with self._write() as db:
            code = new_code()
            cursor = db.execute("INSERT INTO nights (code, started) VALUES (?, ?)", (code, started))
            assert cursor.lastrowid is not None
            return Night(cursor.lastrowid, code, started)

    def tonight(self, hours: int = NIGHT_HOURS) -> Night:
        """The night begun within the last ``hours`` (the latest), or a new one."""
        since = (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="milliseconds")
        row = (
            self.connection()
            .execute(
                "SELECT id, code, started FROM nights WHERE started >= ? ORDER BY id DESC LIMIT 1", (since,)
            )
            .fetchone()
        )
        return Night(*row) if row else self.new_night()

    def night(self, night_id: int, code: str | None = None) -> Night:
        """The night ``night_id`` (under ``code``, when given).

        Raises:
            NotFound: no such night, or its code is another.
        """
        row = (
            self.connection()
            .execute("SELECT id, code, started FROM nights WHERE id = ?", (night_id,))
            .fetchone()
        )
        if row is None or (code is not None and not secrets.compare_digest(row[1], code)):
            raise NotFound(f"no night {night_id}")
        return Night(*row)

    def night_by_code(self, code: str) -> Night:
        """Raises: NotFound: no night has that code."""
        row = (
            self.connection()
            .execute("SELECT id, code, started FROM nights WHERE code = ?", (code,))
            .fetchone()
        )
        if row is None:
            raise NotFound("no such table")
        return Night(*row)

    def nights(self) -> list[Night]:
        rows = self.connection().execute("SELECT id, code, started FROM nights ORDER BY id").fetchall()
        return [Night(*row) for row in rows]

    def hands_of(self, night_id: int) -> list[Hand]:
        ids = self.connection().execute("SELECT id FROM hands WHERE night = ? ORDER BY id", (night_id,))
        return [self.hand(row[0]) for row in ids.fetchall()]

    # --- hands --------------------------------------------------------------------------------------

    def new_hand(self, night_id: int, header: list[str], who: str) -> Hand:
        """A hand of the night ``night_id`` whose first lines are ``header`` (already checked)."""
        stamp = now()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO hands (night, started, version) VALUES (?, ?, 0)", (night_id, stamp)
            )
            hand_id = cursor.lastrowid
            assert hand_id is not None
            db.executemany(
                "INSERT INTO lines (hand, number, text, entered, who) VALUES (?, ?, ?, ?, ?)",
                [(hand_id, number, text, stamp, who) for number, text in enumerate(header, 1)],
            )
        return self.hand(hand_id)

    def hand(self, hand_id: int, night_id: int | None = None) -> Hand:
        """The hand ``hand_id`` (of the night ``night_id``, when given).

        Raises:
            NotFound: no such hand in that night.
        """
        db = self.connection()
        row = db.execute("SELECT id, night, started, version FROM hands WHERE id = ?", (hand_id,)).fetchone()
        if row is None or (night_id is not None and row[1] != night_id):
            raise NotFound(f"no hand {hand_id}")
        lines = db.execute(
            "SELECT number, text, entered, who FROM lines WHERE hand = ? AND dropped IS NULL ORDER BY number",
            (hand_id,),
        ).fetchall()
        return Hand(row[0], row[1], row[2], row[3], tuple(Line(*line) for line in lines))

    def version(self, hand_id: int) -> int:
        """The hand's version (-1 when there is no such hand): a cheap check for the live pages."""
        row = self.connection().execute("SELECT version FROM hands WHERE id = ?", (hand_id,)).fetchone()
        return -1 if row is None else int(row[0])

    def add_line(self, hand_id: int, version: int, text: str, who: str) -> int:
        """Add ``text`` (already checked against the hand at ``version``); the new version.

        Raises:
            Stale: the hand is no longer at ``version``.
            NotFound: no such hand.
        """
        with self._write() as db:
            self._bump(db, hand_id, version)
            (last,) = db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM lines WHERE hand = ?", (hand_id,)
            ).fetchone()
            db.execute(
                "INSERT INTO lines (hand, number, text, entered, who) VALUES (?, ?, ?, ?, ?)",
                (hand_id, last + 1, text, now(), who),
            )
        return version + 1

    def undo(self, hand_id: int, version: int, keep: int = 0) -> int:
        """Drop the hand's last line still in the log (never one of its first ``keep``); the new version.

        Raises:
            Stale: the hand is no longer at ``version``.
            NotFound: no such hand.
        """
        with self._write() as db:
            self._bump(db, hand_id, version)
            live = db.execute(
                "SELECT number FROM lines WHERE hand = ? AND dropped IS NULL ORDER BY number DESC LIMIT 1",
                (hand_id,),
            ).fetchone()
            (count,) = db.execute(
                "SELECT COUNT(*) FROM lines WHERE hand = ? AND dropped IS NULL", (hand_id,)
            ).fetchone()
            if live is not None and count > keep:
                db.execute(
                    "UPDATE lines SET dropped = ? WHERE hand = ? AND number = ?", (now(), hand_id, live[0])
                )
        return version + 1

    def _bump(self, db: sqlite3.Connection, hand_id: int, version: int) -> None:
        cursor = db.execute(
            "UPDATE hands SET version = version + 1 WHERE id = ? AND version = ?", (hand_id, version)
        )
        if cursor.rowcount != 1:
            row = db.execute("SELECT version FROM hands WHERE id = ?", (hand_id,)).fetchone()
            if row is None:
                raise NotFound(f"no hand {hand_id}")
            raise Stale(int(row[0]))

    def integrity(self) -> str:
        """``PRAGMA integrity_check``'s answer (``ok`` when the file is sound)."""
        rows = self.connection().execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(row[0]) for row in rows)


def open_store(folder: Path | None = None) -> Store:
    """The store in ``folder`` (default: the user's data directory), created or migrated as needed.

    Raises:
        StoreError: the folder cannot be made, or the file is not a store this version reads.
    """
    folder = folder if folder is not None else default_folder()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise StoreError(f"cannot make the folder {folder}: {error.strerror or error}") from None
    store = Store(folder / FILE_NAME)
    try:
        _migrate(store.connection())
    except sqlite3.DatabaseError as error:
        store.close()
        raise StoreError(f"{folder / FILE_NAME} is not a referee store ({error})") from None
    return store


def _connect(path: Path) -> sqlite3.Connection:
    # Autocommit mode (isolation_level None): the writes open their own BEGIN IMMEDIATE.
    connection = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=True)
    connection.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode: a commit survives the process being killed (not a power cut mid-write).
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def _migrate(connection: sqlite3.Connection) -> None:
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"schema version {version} is newer than this referee's {SCHEMA_VERSION}")
    if version == SCHEMA_VERSION:
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()  # another process may have migrated
        for step in range(version, SCHEMA_VERSION):
            for statement in _MIGRATIONS[step].split(";"):
                if statement.strip():
                    connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
