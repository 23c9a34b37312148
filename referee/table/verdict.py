"""The verdict on a hand entered at the table: who wins what, the ruling that matters, and the
same hand under every other rulebook.

The rulings come from :func:`referee.engine.rule_log` and the comparison from
:mod:`referee.compare` (imported when needed); this module only chooses what to say first and
says it in sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.money import format_amount
from referee.ruling import Outcome, Result, Ruling

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
        return decision_words(str(ruling.decision))


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
    headline = headline_of(result)
    return Verdict(
        rulebook=str(book.id),
        title=book.title,
        headline=headline,
        key=key,
        key_source=source_words(key, book) if key is not None else "",
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


def headline_of(result: Result) -> str:
    """How the hand ended and who won what, in one sentence."""
    outcome = result.outcome
    if outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) and result.awards:
        parts = []
        for name, amount in result.awards.items():
            hand = result.winners_hands.get(name)
            with_hand = f" with {hand}" if hand and outcome is Outcome.SHOWDOWN else ""
            parts.append(f"{name} wins {format_amount(amount)}{with_hand}")
        how = "at the showdown" if outcome is Outcome.SHOWDOWN else "uncontested"
        return f"{'; '.join(parts)} ({how})."
    if outcome is Outcome.MISDEAL:
        return "Misdeal: the hand is dealt again."
    if outcome is Outcome.PASSED_OUT:
        return f"Nobody opened: {format_amount(result.carried)} stays in the pot for the next deal."
    if outcome is Outcome.POT_CARRIED:
        return f"Nobody wins this deal: {format_amount(result.carried)} stays in the pot for the next deal."
    return f"The hand is not finished: {format_amount(result.pot)} in the pot, nobody has won it yet."


def source_words(ruling: Ruling, book: Rulebook) -> str:
    """Where a ruling comes from, in words: the rulebook's title for its source file, then the
    section and item (``Scarne's Draw Poker, Betting Out of Turn, item 1``)."""
    cite = ruling.cite
    source = book.source
    if source is not None and cite.startswith(source.file):
        # What follows the file: ", Betting Out of Turn, item 1" or " is silent; fallback: ...".
        return book.title + cite[len(source.file) :]
    return cite


def decision_words(decision: str) -> str:
    """A decision id in a player's words (``bet-stands`` → ``the bet stands``)."""
    from referee.report import DECISION_WORDS

    return str(DECISION_WORDS.get(decision, decision.replace("-", " ")))


def _summary(book: Rulebook, headline: str, key: Ruling | None, differences: list[Disagreement]) -> str:
    lines = [f"Ruled by {book.title}: {headline}"]
    if key is not None:
        lines.append(f"Line {key.line} ({key.event}): {decision_words(str(key.decision))}. {key.explanation}")
    lines.extend(d.sentence for d in differences[:3])
    return "\n".join(lines)
