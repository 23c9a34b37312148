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


# --- the store: a hand begun here goes on on a phone, and back ------------------------------------


def drive_stored(folder: Path, keys: str, hand: int | None = None, width: int = 80) -> list[str]:
    from referee.store import open_store

    printed: list[str] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        LiveSession(None, Shelf(), store=open_store(folder), hand=hand, input=pipe, output=DummyOutput(),
                    echo=printed.append, width=width).run()  # fmt: skip
    return printed


def test_the_hand_is_kept_in_the_store_for_a_phone_to_go_on_with(tmp_path: Path) -> None:
    from referee.store import open_store

    printed = drive_stored(tmp_path, typed(*HEADER, "antes", "deal", "Ann checks", "undo"))
    assert "Kept as hand 1 of night 1: a phone at the table can open it too." in printed
    store = open_store(tmp_path)
    hand = store.hand(1)
    assert hand.text == HEADER_TEXT + "antes\ndeal\n"
    assert {line.who for line in hand.lines} == {"terminal"}
    store.add_line(1, hand.version, "Ann checks", "phone ab")  # a phone goes on with it
    printed = drive_stored(tmp_path, typed("Bob checks"), hand=1)
    assert printed[0] == "Continuing hand 1."
    assert store.hand(1).text.endswith("deal\nAnn checks\nBob checks\n")


def test_a_line_a_phone_entered_meanwhile_is_read_before_the_next(tmp_path: Path) -> None:
    from referee.store import open_store

    drive_stored(tmp_path, typed(*HEADER, "antes", "deal"))
    store = open_store(tmp_path)
    session = LiveSession(None, Shelf(), store=store, hand=1, echo=lambda text: None)
    kept = store.hand(1)
    session.text, session.version = kept.text, kept.version
    store.add_line(1, kept.version, "Ann checks", "phone ab")
    session._add("Bob checks")
    assert store.hand(1).text.endswith("deal\nAnn checks\nBob checks\n")


def test_done_shows_the_nets_and_wraps_at_words(tmp_path: Path) -> None:
    lines = ["antes", "deal", "Ann checks", "Dee bets 2", "Bob folds", "Cy folds", "Ann folds"]
    printed = drive_stored(tmp_path, typed(*HEADER, *lines, "done"), width=40)
    assert "Nets: Ann -1, Bob -1, Cy -1, Dee +3" in " ".join(printed).replace("\n  ", " ")
    for text in printed[printed.index("") :]:
        for row in text.splitlines():
            assert len(row) <= 40 or " " not in row.strip(), row  # wrapped, never cut mid-word
    words = {word for text in printed for word in text.split()}
    assert "Scarne" in " ".join(printed) and "Sc" not in words


def test_a_ruling_changed_by_a_later_line_says_what_changed() -> None:
    from types import SimpleNamespace

    printed: list[str] = []
    session = LiveSession(None, Shelf(), echo=printed.append, width=200)
    session.text = "x\n" * 20
    session.shown = {10: "RULING, line 10 (Dee bets 2): out-of-turn — the bet stands. Because. [r1]"}
    void = SimpleNamespace(line=10, event="Dee bets 2", irregularity="out-of-turn", words="the bet is void",
                           explanation="Bob had not acted.", rule="r2")  # fmt: skip
    session._rulings(SimpleNamespace(result=SimpleNamespace(rulings=(void,))))  # type: ignore[arg-type]
    assert printed == [
        "RULING CHANGED, line 10: was the bet stands; now:",
        "RULING, line 10 (Dee bets 2): out-of-turn — the bet is void. Bob had not acted. [r2]",
    ]
    printed.clear()
    session._rulings(SimpleNamespace(result=SimpleNamespace(rulings=(void,))))  # type: ignore[arg-type]
    assert printed == []  # printed once, not again
    session._rulings(SimpleNamespace(result=SimpleNamespace(rulings=())))  # type: ignore[arg-type]
    assert printed == ["RULING WITHDRAWN, line 10: the bet is void"]


def test_a_long_hint_wraps_instead_of_being_cut() -> None:
    from referee.errors import Problem
    from referee.live.session import _problem_text

    problem = Problem(
        "`betz` is not an action", "<live>", hint="an action is one of " + ", ".join(["checks"] * 20)
    )
    text = _problem_text(problem, 50)
    assert len(text.splitlines()) > 3 and all(len(row) <= 50 for row in text.splitlines())
    assert text.count("checks") == 20


def test_a_hand_the_store_lacks_is_a_clear_message(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    result = CliRunner().invoke(app, ["live", "--data", str(tmp_path), "--hand", "9"])
    assert result.exit_code == 1, result.output
    assert "there is no hand 9 in" in result.output and "Traceback" not in result.output
