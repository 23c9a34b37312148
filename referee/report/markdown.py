"""A Markdown report to keep or share: the answer, the money explained, the rulings, the settlement."""

from __future__ import annotations

from decimal import Decimal

from referee.events import HandLog
from referee.report.money import money_lines
from referee.report.words import NO_IRREGULARITIES, cite_in_words, headline, irregularity_words, void_lines
from referee.ruling import Result, money


def to_markdown(log: HandLog, result: Result) -> str:
    """The report as Markdown; user text in table cells is kept from ending the cell."""
    lines = [
        f"# {log.header.title or log.source}",
        "",
        f"**Rulebook:** {result.rulebook} · **Game:** {log.header.game or 'draw'} · "
        f"**Pot:** {money(result.deals[-1].pot if len(result.deals) > 1 else result.pot)}",
        "",
        headline(result),
        "",
    ]
    explained = money_lines(result)
    if explained:
        lines += [
            *(
                f"- {sentence.strip()}" if not sentence.startswith("  ") else f"  - {sentence.strip()}"
                for sentence in explained
            ),
            "",
        ]
    if result.rulings:
        lines += ["## Rulings", ""]
        for ruling in result.rulings:
            lines += [
                f"- **Line {ruling.line}** `{ruling.event}` — *{irregularity_words(ruling.irregularity)}*: "
                f"{ruling.words}. {ruling.explanation} "
                f"({cite_in_words(ruling)}; rule {ruling.rule})",
            ]
        lines.append("")
    elif result.clean:
        lines += [NO_IRREGULARITIES, ""]
    void = void_lines(result)
    if void:
        lines += ["## Lines that did not play", "", *(f"- {_cell(sentence)}" for sentence in void), ""]
    lines += ["## Settlement", "", "| player | put in | net |", "|---|---:|---:|"]
    for name, net in result.net.items():
        lines.append(f"| {_cell(name)} | {money(result.put_in.get(name, Decimal(0)))} | {money(net)} |")
    if result.carried:
        lines.append(f"| pot carried | | {money(result.carried)} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a ``|`` in a name would end the cell."""
    return text.replace("|", "\\|")
