"""The night's store (referee.store): hands and lines kept in SQLite, versions that refuse a stale
write, the schema made and migrated by the program, and a file that survives a killed writer."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from referee.store import FILE_NAME, SCHEMA_VERSION, Stale, StoreError, open_store

HEADER = ["seats: Ann, Bob", "dealer: Bob"]


def test_a_hand_keeps_its_lines_in_order_with_their_time_and_who(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    night = store.tonight()
    hand = store.new_hand(night.id, HEADER, "phone aa")
    version = store.add_line(hand.id, hand.version, "antes", "phone bb")
    store.add_line(hand.id, version, "deal", "terminal")
    kept = store.hand(hand.id)
    assert kept.text == "seats: Ann, Bob\ndealer: Bob\nantes\ndeal\n"
    assert [line.who for line in kept.lines] == ["phone aa", "phone aa", "phone bb", "terminal"]
    assert [line.number for line in kept.lines] == [1, 2, 3, 4]
    assert kept.version == 2
    assert store.tonight() == night  # the same night goes on


def test_a_write_on_an_old_version_is_refused_and_nothing_is_lost(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    hand = store.new_hand(store.tonight().id, HEADER, "a")
    store.add_line(hand.id, 0, "antes", "phone 1")
    with pytest.raises(Stale) as stale:
        store.add_line(hand.id, 0, "deal", "phone 2")  # phone 2 had not seen the antes
    assert stale.value.current == 1
    with pytest.raises(Stale):
        store.undo(hand.id, 0)
    assert store.hand(hand.id).text.endswith("dealer: Bob\nantes\n")


def test_undo_marks_the_line_dropped_and_keeps_the_header(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    hand = store.new_hand(store.tonight().id, HEADER, "a")
    version = store.add_line(hand.id, 0, "antes", "a")
    version = store.undo(hand.id, version, keep=2)
    version = store.undo(hand.id, version, keep=2)
    assert store.hand(hand.id).text == "seats: Ann, Bob\ndealer: Bob\n"
    store.add_line(hand.id, version, "deal", "a")
    # Line 3 was said, then taken back: it is kept, marked dropped.
    assert [line.number for line in store.hand(hand.id).lines] == [1, 2, 4]
    dropped = store.connection().execute("SELECT text FROM lines WHERE dropped IS NOT NULL").fetchall()
    assert dropped == [("antes",)]


def test_the_file_is_in_wal_mode_and_its_schema_has_a_version(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    db = store.connection()
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    store.close()
    again = open_store(tmp_path)  # opening again migrates nothing and keeps everything
    assert again.connection().execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_file_that_is_not_a_store_or_is_newer_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"this is no database" * 100)
    with pytest.raises(StoreError, match="is not a referee store"):
        open_store(tmp_path)
    newer = tmp_path / "newer"
    newer.mkdir()
    with sqlite3.connect(newer / FILE_NAME) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer than this referee"):
        open_store(newer)


def test_table_codes_are_random_and_nights_are_found_only_by_their_code(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    codes = {store.new_night().code for _ in range(50)}
    assert len(codes) == 50 and all(len(code) == 10 for code in codes)
    night = store.nights()[0]
    assert store.night_by_code(night.code) == night


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from referee.store import open_store
    store = open_store(Path(sys.argv[1]))
    hand = store.new_hand(store.tonight().id, ["seats: Ann, Bob", "dealer: Bob"], "w")
    version = hand.version
    print("ready", flush=True)
    while True:
        version = store.add_line(hand.id, version, 'Ann says "' + "x" * 200 + '"', "w")
    """
)


def test_the_file_checks_after_its_writer_is_killed_mid_write(tmp_path: Path) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(10)
    store = open_store(tmp_path)
    assert store.integrity() == "ok"
    (hand,) = store.hands_of(store.tonight().id)
    assert hand.version == len(hand.lines) - 2 > 0  # every committed line is there, and only those
