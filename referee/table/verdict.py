"""The verdict on a hand entered at the table: who wins what, the ruling that matters, and the
same hand under every other rulebook.

The rulings come from :func:`referee.engine.rule_log` and the comparison from
:mod:`referee.compare` (imported when needed); this module only chooses what to say first. The
sentences are the reports' own (:mod:`referee.report.words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.report import words as report_words
from referee.ruling import Result, Ruling

if TYPE_CHECKING:
    from referee.compare import Disagreement
    from referee.events import HandLog
    from referee.rulebook.model import Rulebook
    from referee.table.shelf import Shelf


@dataclass(frozen=True, slots=True)
class Verdict:
    """A hand ruled under its own rulebook, and compared with the others."""

    rulebook: str
    title: str
    """The rulebook's title (``Scarne on Poker``)."""
    headline: str
    """Who wins what, in one sentence."""
    key: Ruling | None
    """The one ruling that matters (None when there was no irregularity)."""
    key_source: str
    """Where the key ruling comes from, in words."""
    result: Result
    others: tuple[Result, ...]
    """The same hand under every other rulebook."""
    disagreements: tuple[Disagreement, ...]
    summary: str
    """A few lines for the group chat."""

    def decision_words(self, ruling: Ruling) -> str:
        return ruling.words


def rule_hand(log: HandLog, text: str, shelf: Shelf) -> Verdict:
    """Rule the hand under its rulebook and under every other one on the shelf's bundled list.

    Raises:
        RulebookError: the log's rulebook cannot be had, or does not know the log's game.
    """
    from referee.compare import disagreements, rule_everywhere
    from referee.engine import rule_log

    book = shelf.for_log(log, text)
    result = rule_log(log, text, book)
    others = [shelf.load(name) for name in shelf.bundled() if name != str(book.id)]
    other_results = rule_everywhere(log, text, others)
    differences = disagreements([result, *other_results])
    key = key_ruling(result, {d.line for d in differences if d.line is not None})
    headline = report_words.headline(result)
    return Verdict(
        rulebook=str(book.id),
        title=book.title,
        headline=headline,
        key=key,
        key_source=report_words.cite_in_words(key) if key is not None else "",
        result=result,
        others=tuple(other_results),
        disagreements=tuple(differences),
        summary=_summary(book, headline, key, differences),
    )


def key_ruling(result: Result, disputed: set[int]) -> Ruling | None:
    """The ruling that matters: one the rulebooks disagree on, that changes play, the earliest."""
    if not result.rulings:
        return None
    ranked = sorted(
        result.rulings,
        key=lambda r: (r.line not in disputed, str(r.decision) == "play-on", r.line),
    )
    return ranked[0]


def _summary(book: Rulebook, headline: str, key: Ruling | None, differences: list[Disagreement]) -> str:
    lines = [f"Ruled by {book.title}: {headline}"]
    if key is not None:
        said = key.words
        lines.append(f"Line {key.line} ({key.event}): {said}. {key.explanation}")
    lines.extend(d.sentence for d in differences[:3])
    return "\n".join(lines)
