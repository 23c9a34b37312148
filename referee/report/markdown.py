"""A Markdown report to keep or share: the answer, the money explained, the rulings, the settlement."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from referee.events import HandLog
from referee.report.money import money_lines
from referee.report.words import NO_IRREGULARITIES, cite_in_words, headline, irregularity_words, void_lines
from referee.ruling import Result, money


def to_markdown(log: HandLog, result: Result) -> str:
    """The report as Markdown. Text a player wrote (names, the title, the lines quoted) is escaped:
    it reads as written and never becomes markup, HTML or a link."""
    lines = [
        f"# {_text(log.header.title or log.source)}",
        "",
        f"**Rulebook:** {_text(result.rulebook)} · **Game:** {_text(log.header.game or 'draw')} · "
        f"**Pot:** {money(result.deals[-1].pot if len(result.deals) > 1 else result.pot)}",
        "",
        _text(headline(result)),
        "",
    ]
    explained = money_lines(result)
    if explained:
        lines += [
            *(
                ("  - " if sentence.startswith("  ") else "- ") + _text(sentence.strip())
                for sentence in explained
            ),
            "",
        ]
    if result.rulings:
        lines += ["## Rulings", ""]
        for ruling in result.rulings:
            lines += [
                f"- **Line {ruling.line}** {_code(ruling.event)} — "
                f"*{irregularity_words(ruling.irregularity)}*: "
                f"{_text(ruling.words)}. {_text(ruling.explanation)} "
                f"({_text(cite_in_words(ruling))}; rule {_text(ruling.rule)})",
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
    """Text for a Markdown table cell: a ``|`` in a name would end the cell (escaped with the rest)."""
    return _text(text)


_MARKUP: Final = frozenset("\\`*<>&|")
"""Characters that may start HTML, a code span, emphasis or end a table cell; each is written with
a backslash, which CommonMark reads as the character itself. ``[text](url)`` loses its ``(``'s
meaning the same way; a bracket alone, an emoji code or a name's ``_`` stay as written."""


def _text(text: str) -> str:
    """``text`` as Markdown that shows exactly ``text``.

    >>> print(_text("<script>x</script> [a](b) [bold]Ann[/bold]"))
    \\<script\\>x\\</script\\> [a]\\(b) [bold]Ann[/bold]
    """
    if not any(char in _MARKUP for char in text) and "](" not in text:
        return text
    return "".join("\\" + char if char in _MARKUP else char for char in text).replace("](", "]\\(")


def _code(text: str) -> str:
    """``text`` as an inline code span, fenced by more backticks than it holds in a row."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
