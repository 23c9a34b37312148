"""Three to five plain lines to paste into a group chat: the verdict, the rule in words, the nets."""

from __future__ import annotations

from referee.events import HandLog
from referee.report.words import (
    NO_IRREGULARITIES,
    cite_in_words,
    headline,
    irregularity_words,
    nets,
    void_lines,
)
from referee.ruling import Result, money


def to_chat(log: HandLog, result: Result) -> str:
    """Plain text, no markup: it reads the same in any chat app."""
    title = log.header.title or log.source
    lines = [f"{title} (rulebook {result.rulebook}): {headline(result)}"]
    if result.rulings:
        first = result.rulings[0]
        more = len(result.rulings) - 1
        lines.append(
            f"Line {first.line}, {first.event} ({irregularity_words(first.irregularity)}): "
            f"{first.words}. {first.explanation}"
        )
        cited = cite_in_words(first)
        rule = f"{first.summary.rstrip('.')} ({cited})." if first.summary else f"{cited}."
        lines.append(
            f"Rule: {rule}"
            + (f" And {more} more ruling{'s' if more > 1 else ''}: see the full report." if more else "")
        )
    elif result.clean:
        lines.append(NO_IRREGULARITIES)
    lines.extend(void_lines(result))
    deals = f" over {len(result.deals)} deals" if len(result.deals) > 1 else ""
    lines.append(f"Net{deals}: {nets(result.net)}.")
    if result.carried:
        lines.append(f"Still in the pot for the next deal: {money(result.carried)}.")
    return "\n".join(lines) + "\n"
