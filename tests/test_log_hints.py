"""Hints that give the whole line (issue 23): a line that does not read is told the nearest line that
does, in full and in canonical words, and never a line that would not itself read.

``tests/data/misses.txt`` holds lines players got wrong with the line the hint must give; and every
line of the corpus (``tests/data/phrasings.txt``) with a slip typed into it gets hints that read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.errors import LogError, LogSyntaxError
from referee.log import parse_log
from tests.test_phrasings import HEADER, PAIRS, SEPARATOR

MISSES = Path(__file__).parent / "data" / "misses.txt"
_LINE = re.compile(r"did you mean `([^`]*)`\?")


def _misses() -> list[tuple[str, str]]:
    pairs = []
    for raw in MISSES.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            wrong, suggested = raw.split(SEPARATOR)
            pairs.append((wrong, suggested))
    return pairs


def _hint(line: str) -> str | None:
    """The first problem's hint for a line, or None when the line reads."""
    try:
        parse_log(HEADER + line)
    except (LogSyntaxError, LogError) as error:
        return error.problems[0].hint
    return None


def _reads(line: str) -> bool:
    try:
        parse_log(HEADER + line)
    except (LogSyntaxError, LogError):
        return False
    return True


@pytest.mark.parametrize(("wrong", "suggested"), _misses(), ids=[wrong for wrong, _ in _misses()])
def test_a_line_that_does_not_read_is_told_the_whole_line(wrong: str, suggested: str) -> None:
    hint = _hint(wrong)
    assert hint is not None, f"{wrong!r} reads"
    found = _LINE.match(hint)
    whole = found.group(1) if found and " " in found.group(1) else "-"
    assert whole == suggested, hint
    for suggestion in _LINE.findall(hint):
        assert _reads(suggestion), (wrong, hint)  # a word alone is never suggested unless it reads
    if suggested != "-":
        assert _reads(suggested)


def test_the_misses_are_many_and_most_get_a_whole_line() -> None:
    misses = _misses()
    assert len(misses) >= 35
    assert sum(suggested != "-" for _, suggested in misses) >= 35


def _slipped(line: str) -> str:
    """``line`` with two letters of its longest word swapped: the commonest typing slip."""
    words = line.split(" ")
    longest = max(range(len(words)), key=lambda index: (words[index].isalpha(), len(words[index])))
    word = words[longest]
    if len(word) < 4:
        return line
    middle = len(word) // 2
    words[longest] = word[: middle - 1] + word[middle] + word[middle - 1] + word[middle + 1 :]
    return " ".join(words)


@pytest.mark.parametrize("natural", [natural for natural, _ in PAIRS])
def test_every_hint_for_a_slipped_corpus_line_reads(natural: str) -> None:
    slipped = _slipped(natural)
    hint = _hint(slipped)
    if hint is None:
        return  # the slip made another word of the language (or none at all)
    for suggestion in _LINE.findall(hint):
        assert _reads(suggestion), (slipped, hint)  # one word too: it must make a line that reads
