"""The fuzz classes issue 26 found and ``fuzz/mutate.py`` never made (``fuzz/stress.py``): short
stacks over several deals, nested TOML, special files, and ``simulate`` under every book.

A few cases of each run by default; ``-m slow`` runs thousands (the run to make before a release:
``pytest -m slow tests/test_fuzz_stress.py``).
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

import pytest

from fuzz.stress import (
    books_to_simulate,
    long_one_kind_log,
    money_problems,
    nested_toml,
    rng_for,
    rule_money,
    short_stack_log,
    special_files,
)
from referee.errors import RefereeError
from referee.rulebook.load import bundled_rulebooks

BOOKS = bundled_rulebooks()


def _short_stacks(seed: int, count: int, first: int = 0) -> None:
    found = []
    for number in range(first, first + count):
        text = short_stack_log(rng_for(seed, number))
        for book in BOOKS:
            found += [f"case {seed}:{number} under {book}: {problem}" for problem in rule_money(text, book)]
    assert not found, "\n".join(found[:10])


def test_short_stacks_over_several_deals_keep_the_books() -> None:
    # Case 0:346 is the "a settlement of 23 from a pot of 22" before ad9672e.
    _short_stacks(0, 12, first=340)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_short_stacks_over_several_deals_keep_the_books_long(seed: int) -> None:
    _short_stacks(seed, 500)


def test_money_problems_are_caught() -> None:
    deal = {"deal": 2, "pot": "0", "rake": "1", "carried": "0", "net": {}}
    data = {"net": {"Ann": "-1"}, "pot": "2", "carried": "0", "rake": "1", "deals": [deal]}
    assert money_problems(data) == ["deal 2: pot 0, rake 1, carried 0"]
    assert money_problems({**data, "rake": "0", "deals": []}) == ["the books are out by -1"]


def _long_logs(seed: int, count: int) -> None:
    found = []
    for number in range(count):
        text = long_one_kind_log(rng_for(seed, number))
        for book in ("scarne", "casino"):
            found += [f"case {seed}:{number} under {book}: {problem}" for problem in rule_money(text, book)]
    assert not found, "\n".join(found[:10])


def test_long_logs_of_one_line_kind_keep_the_books() -> None:
    _long_logs(0, 4)


@pytest.mark.slow
def test_long_logs_of_one_line_kind_keep_the_books_long() -> None:
    _long_logs(1, 60)


def _nested(seed: int, count: int, tmp_path: Path) -> None:
    from referee.importer.phh_read import parse
    from referee.inputs import read_group

    for number in range(count):
        kind, text = nested_toml(rng_for(seed, number))
        with contextlib.suppress(RefereeError):  # a clear error; anything else (RecursionError) fails
            read_group(text, "referee.toml", tmp_path) if kind == "group" else parse(text, "deep.phh")


def test_nested_toml_is_a_clear_error_or_read(tmp_path: Path) -> None:
    _nested(0, 60, tmp_path)


@pytest.mark.slow
def test_nested_toml_is_a_clear_error_or_read_long(tmp_path: Path) -> None:
    _nested(1, 3000, tmp_path)


def _answers_soon(work: object) -> BaseException | None:
    """Run ``work()`` in a thread: what it raised, or fail if it is still waiting after 20 s."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            work()  # type: ignore[operator]
        except BaseException as error:  # reported below
            raised.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), "still waiting on a special file"
    return raised[0] if raised else None


def test_special_files_are_refused_at_once_wherever_a_file_is_read(tmp_path: Path) -> None:
    from referee.importer import read_file as read_history
    from referee.inputs import read_source
    from referee.log import read_log
    from referee.rulebook.load import load_rulebook

    readers = {
        "log": read_source,
        "library log": read_log,
        "rulebook": load_rulebook,
        "history": read_history,
    }
    for what, path in special_files(tmp_path):
        for reader_name, reader in readers.items():
            raised = _answers_soon(lambda reader=reader, path=path: reader(str(path)))
            assert isinstance(raised, RefereeError), (what, reader_name, path, raised)
            assert "leads nowhere" not in str(raised) or "link" in what, (what, reader_name, raised)


@pytest.mark.parametrize("book", books_to_simulate(), ids=lambda book: Path(book).stem)
def test_simulate_under_every_book_makes_clean_logs(book: str) -> None:
    from referee.engine import rule_log
    from referee.log import parse_log
    from referee.rulebook.load import load_rulebook
    from referee.simulate import simulate

    loaded = load_rulebook(book)
    for text in simulate(8, 26, rulebook=book):
        result = rule_log(parse_log(text, "simulated.log"), text, loaded)
        assert not result.rulings, text
        assert sum(result.net.values()) + result.carried + result.rake == 0
