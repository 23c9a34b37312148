"""The kept code of dataclass methods (referee.codecache): a class made from the table is the class
``dataclass`` makes, a file that is not the table is ignored, and the table is written only when
Python writes bytecode."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee import codecache


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A table file of this test's own, nothing kept in this process, and ``dataclasses`` as it was
    afterwards."""
    path = tmp_path / "__pycache__" / "dataclass-methods.test.marshal"
    monkeypatch.setattr(codecache, "table_file", lambda: path)
    monkeypatch.setattr(codecache, "_kept", {})
    monkeypatch.setattr(codecache, "_codes", {})
    monkeypatch.setattr(codecache, "_added", [])
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    had = vars(dataclasses).get("exec")
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    yield path
    if had is None:
        vars(dataclasses).pop("exec", None)
    else:
        dataclasses.exec = had  # type: ignore[attr-defined]


def make() -> type[Any]:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Base:
        line: int = dataclasses.field(default=0, compare=False, repr=False, kw_only=True)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Bet(Base):
        player: str
        amount: Decimal | None = None

    return Bet


def behaviour(cls: type[Any]) -> tuple[Any, ...]:
    one, other = cls("Ann", Decimal("2"), line=3), cls("Ann", Decimal("2"), line=9)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.player = "Bob"
    with pytest.raises(TypeError):
        cls()
    return (
        repr(one),
        one == other,
        hash(one) == hash(other),
        one == cls("Bob"),
        one.line,
        [(each.name, each.compare, each.repr, each.kw_only) for each in dataclasses.fields(cls)],
        repr(dataclasses.replace(one, player="Cy")),
    )


def test_a_class_made_from_the_table_is_the_class_dataclass_makes(table: Path) -> None:
    plain = behaviour(make())
    codecache.install()
    compiled = behaviour(make())
    assert codecache._added  # compiled here, to be kept
    codecache._write()
    assert table.is_file()
    codecache._kept.clear()
    codecache._codes.clear()
    codecache._kept.update(codecache._read())
    assert codecache._kept
    assert behaviour(make()) == compiled
    assert not codecache._added  # every method came from the table
    assert plain == compiled


@pytest.mark.parametrize("content", [b"", b"not a table", b"referee dataclass methods\0" + b"\0" * 40])
def test_a_file_that_is_not_the_table_is_ignored(table: Path, content: bytes) -> None:
    table.parent.mkdir()
    table.write_bytes(content)
    assert codecache._read() == {}
    codecache.install()
    assert behaviour(make())[1] is True


def test_an_entry_that_does_not_read_is_compiled_again(table: Path) -> None:
    codecache.install()
    make()
    codecache._write()
    kept = codecache._read()
    codecache._kept.clear()
    codecache._codes.clear()
    codecache._kept.update({source: b"\xff not marshal" for source in kept})
    assert behaviour(make())[1] is True
    assert codecache._added  # compiled afresh


def test_no_table_is_written_without_bytecode(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    codecache.install()
    make()
    codecache._write()
    assert not table.exists()


def test_install_leaves_another_replacement_alone(table: Path) -> None:
    def theirs(*arguments: Any) -> None:
        exec(*arguments)

    dataclasses.exec = theirs  # type: ignore[attr-defined]
    codecache.install()
    assert vars(dataclasses)["exec"] is theirs


def test_a_warm_rule_compiles_no_dataclass_method(tmp_path: Path) -> None:
    # Two runs in fresh processes writing bytecode: the second finds every method in the table.
    scenarios = Path(__file__).resolve().parent.parent / "scenarios"
    log = scenarios / "bet-out-of-turn-equal-bet-stands-as-call.log"
    table = tmp_path / "table.marshal"
    code = (
        "import sys, pathlib\n"
        "from referee import codecache\n"
        f"codecache.table_file = lambda: pathlib.Path({str(table)!r})\n"
        "sys.dont_write_bytecode = False\n"
        "from referee.cli import main\n"
        f"sys.argv = ['referee', 'rule', {str(log)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(len(codecache._added), len(codecache._codes), file=sys.stderr)\n"
    )
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert first.stdout == second.stdout
    added, used = (int(each) for each in first.stderr.split()[-2:])
    assert added > 100 and used == added
    added, used = (int(each) for each in second.stderr.split()[-2:])
    assert added == 0 and used > 100

