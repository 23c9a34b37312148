"""`referee live`, driven through prompt_toolkit's pipe input."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("prompt_toolkit", reason="live entry needs the web extra: pip install 'referee[web]'")

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.live.session import LiveSession, _LineCompleter
from referee.table.shelf import Shelf

ENTER = "\r"
CLEAR = "\x05\x15"  # Ctrl+E, Ctrl+U: to the end of the line, then wipe it (after a refused line)
HEADER = ["Ann, Bob, Cy, Dee", "", "", "", "", ""]  # the players, then every default
HEADER_TEXT = "seats: Ann, Bob, Cy, Dee\ndealer: Dee\ngame: draw\nrulebook: scarne\nante: 1\nlimit: 2/4\n"


def drive(path: Path, keys: str, shelf: Shelf | None = None) -> list[str]:
    """Run a session on ``keys`` (then the end of input) and return what it printed."""
    printed: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        LiveSession(path, shelf or Shelf(), input=pipe, output=DummyOutput(), echo=printed.append).run()
    return printed


def typed(*lines: str) -> str:
    return "".join(line + ENTER for line in lines)


def test_the_header_is_asked_for_and_the_log_is_saved_as_it_grows(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    drive(path, typed(*HEADER, "antes", "deal"))
    assert path.read_text(encoding="utf-8") == HEADER_TEXT + "antes\ndeal\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.log"]  # no leftovers beside it


def test_a_ruling_appears_the_moment_the_irregularity_is_entered(tmp_path: Path) -> None:
    printed = drive(tmp_path / "hand.log", typed(*HEADER, "antes", "deal", "Ann checks", "Dee bets 2"))
    ruling = next(i for i, text in enumerate(printed) if text.startswith("RULING"))
    assert "line 10 (Dee bets 2): out-of-turn" in printed[ruling]
    assert printed[ruling + 1].startswith("[betting before the draw, pot 6] Bob to act")


def test_enter_refuses_a_bad_line_and_keeps_it_out_of_the_log(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    drive(path, typed(*HEADER, "antes", "deal") + "Ann betz 2" + ENTER + CLEAR + typed("Ann checks"))
    assert path.read_text(encoding="utf-8").endswith("deal\nAnn checks\n")
    assert "betz" not in path.read_text(encoding="utf-8")


def test_the_refusal_gives_the_message_check_gives(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    drive(path, typed(*HEADER, "antes"))
    session = LiveSession(path, Shelf())
    session.text = path.read_text(encoding="utf-8")
    problems = session.check("Ann betz 2")
    assert problems and problems[0].message.startswith("`betz` is not an action")
    assert session.check("undo") == [] and session.check("Ann checks") == []


def test_undo_drops_the_last_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    printed = drive(path, typed(*HEADER, "antes", "deal", "Ann checks", "undo", "Ann bets 2"))
    assert path.read_text(encoding="utf-8").endswith("deal\nAnn bets 2\n")
    assert "Dropped the last line." in printed


def test_a_bad_header_value_is_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    printed = drive(path, typed("Ann, Bob", "Zed", "Bob", "", "", "", ""))
    assert any("Zed" in text for text in printed)
    assert path.read_text(encoding="utf-8").startswith("seats: Ann, Bob\ndealer: Bob\n")


def test_an_existing_log_is_continued(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    path.write_text(HEADER_TEXT + "antes\ndeal\nAnn checks\nDee bets 2\n", encoding="utf-8")
    printed = drive(path, typed("Bob calls", "done"))
    assert printed[0] == f"Continuing {path}."
    assert any(text.startswith("RULING, line 10") for text in printed)
    assert path.read_text(encoding="utf-8").endswith("Dee bets 2\nBob calls\n")
    assert any(text.startswith("Ruled by Scarne") for text in printed)


def test_completion_offers_the_moves_then_the_grammars_words(tmp_path: Path) -> None:
    path = tmp_path / "hand.log"
    drive(path, typed(*HEADER, "antes", "deal"))
    session = LiveSession(path, Shelf())
    session.text = path.read_text(encoding="utf-8")
    completer = _LineCompleter(session, session._next())
    offered = [c.text for c in completer.get_completions(Document("Ann "), CompleteEvent())]
    assert offered[:2] == ["Ann checks", "Ann bets 2"]
    assert "raises" in offered  # the grammar's words follow, whatever is legal now
    cards = [c.text for c in completer.get_completions(Document("Ann discards Q"), CompleteEvent())]
    assert cards[:4] == ["Qs", "Qh", "Qd", "Qc"]
