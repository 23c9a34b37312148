"""One log under several rulebooks: where they agree, and where they do not.

The log is parsed once and replayed per rulebook. A disagreement is a line the rulebooks rule
differently (or that only some of them rule on), or a player's net that differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from referee.events import HandLog
from referee.money import format_signed
from referee.ruling import Result, Ruling, money

if TYPE_CHECKING:
    from referee.inputs import Group, Source
    from referee.rulebook.model import Rulebook


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One point on which the rulebooks part ways."""

    line: int | None
    """The log line, or None for a difference in the settlement."""
    what: str
    """The event as written, or ``net``/``carried``."""
    by_rulebook: dict[str, str]
    """Each rulebook's answer in a few words."""
    sentence: str

    def as_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "what": self.what,
            "by_rulebook": self.by_rulebook,
            "sentence": self.sentence,
        }


def rulebooks_to_compare(
    log: HandLog, option: str | None, source: Source, group: Group | None = None
) -> list[Rulebook]:
    """The rulebooks ``compare`` and ``explain`` rule a log under.

    ``option`` (``-r a,b,...``, typed by the user) names them, bundled names or any files. Without
    it: every bundled rulebook, and the log's own house rulebook when its ``rulebook:`` line names
    one (resolved as ``rule`` resolves it: a bundled name or a file next to the log), else the
    group file's (``referee.toml``: ``house`` or ``rulebook``) when it names one.

    Raises:
        RulebookError: a rulebook cannot be loaded, or the log's line names one it may not.
    """
    from referee.rulebook.load import bundled_rulebooks, load_rulebook, rulebook_for_log

    if option:
        names = [name.strip() for name in option.split(",") if name.strip()]
        return [load_rulebook(name, for_play=True) for name in names]
    books = [load_rulebook(name, for_play=True) for name in bundled_rulebooks()]
    own = log.header.rulebook
    if own and own not in bundled_rulebooks():
        line, column = log.header.position("rulebook")
        books.append(
            rulebook_for_log(
                own, None, source.folder, log_file=source.name, line=line, column=column, log_text=source.text
            )
        )
    elif not own and group is not None and group.rulebook and group.rulebook[0] not in bundled_rulebooks():
        name, line = group.rulebook
        house = rulebook_for_log(
            name, None, group.folder, log_file=group.name, line=line, column=1, log_text=group.text
        )
        books.append(house)
    return books


def rule_everywhere(log: HandLog, text: str, books: Sequence[Rulebook]) -> list[Result]:
    """Replay the parsed ``log`` under each rulebook in ``books``."""
    from referee.engine import rule_log

    return [rule_log(log, text, book) for book in books]


def rulings_by_line(result: Result) -> dict[int, list[Ruling]]:
    """The result's rulings grouped by log line, each line's in the order they were made."""
    by_line: dict[int, list[Ruling]] = {}
    for ruling in result.rulings:
        by_line.setdefault(ruling.line, []).append(ruling)
    return by_line


def disagreements(results: list[Result]) -> list[Disagreement]:
    """Lines ruled differently, then settlements that differ, in log order."""
    found: list[Disagreement] = []
    by_line = [rulings_by_line(result) for result in results]
    lines = sorted({line for rulings in by_line for line in rulings})
    for line in lines:
        answers: dict[str, str] = {}
        said: dict[str, str] = {}
        event = ""
        for result, rulings in zip(results, by_line, strict=True):
            here = rulings.get(line, [])
            answers[result.rulebook] = "; ".join(_answer(r) for r in here) if here else "no ruling"
            said[result.rulebook] = line_words(here)
            event = event or next((r.event for r in here), "")
        if len(set(said.values())) > 1:
            found.append(Disagreement(line, event, answers, _line_sentence(line, said)))
    names = list(dict.fromkeys(name for result in results for name in result.net))
    nets = {result.rulebook: result for result in results}
    differing = [n for n in names if len({result.net.get(n, Decimal(0)) for result in results}) > 1]
    if differing:
        answers = {
            book: ", ".join(f"{n} {format_signed(res.net.get(n, Decimal(0)))}" for n in differing)
            for book, res in nets.items()
        }
        found.append(Disagreement(None, "net", answers, _net_sentence(results, differing)))
    carried = {result.rulebook: money(result.carried) for result in results}
    if len(set(carried.values())) > 1:
        parts = [
            f"{_names(books)} {'carry' if len(books) > 1 else 'carries'} {amount}"
            for amount, books in _grouped(carried)
        ]
        sentence = "Into the next deal: " + "; ".join(parts) + "."
        found.append(Disagreement(None, "carried", carried, sentence))
    return found


def _answer(ruling: Ruling) -> str:
    return f"{ruling.decision} ({ruling.rule})"


def line_words(rulings: Sequence[Ruling]) -> str:
    """What a rulebook decided at one line, in words (``nothing to rule on`` for no ruling)."""
    if not rulings:
        return "nothing to rule on"
    return ", then ".join(r.words for r in rulings)


def _names(books: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return books[0] if len(books) == 1 else ", ".join(books[:-1]) + " and " + books[-1]


def _grouped(answers: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Rulebooks grouped by the answer they give, in first-seen order."""
    groups: dict[str, list[str]] = {}
    for book, answer in answers.items():
        groups.setdefault(answer, []).append(book)
    return list(groups.items())


def _line_sentence(line: int, said: dict[str, str]) -> str:
    """``At line 15, bicycle and scarne: the bet stands as a call; casino: the bet is taken back.``"""
    parts = [f"{_names(books)}: {words}" for words, books in _grouped(said)]
    return f"At line {line}, " + "; ".join(parts) + "."


def _net_sentence(results: list[Result], players: list[str]) -> str:
    answers = {
        result.rulebook: ", ".join(f"{n} {format_signed(result.net[n])}" for n in players if n in result.net)
        for result in results
    }
    parts = [f"under {_names(books)} {nets}" for nets, books in _grouped(answers)]
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]
