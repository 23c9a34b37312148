"""``compare`` on the terminal: the disagreements in sentences first, then the table that backs them.

Every cell is shown whole at any width: decisions are said in words (no slug too long for a
column), cells wrap rather than being cut, and when the console is too narrow for a column per
rulebook each rulebook gets a block of its own instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from referee.events import HandLog
from referee.report.words import names, signed
from referee.ruling import Result, money

if TYPE_CHECKING:
    from referee.compare import Disagreement

COLUMN_WIDTH = 16
"""The narrowest a rulebook's column may be before the comparison is stacked by rulebook."""

_DIFFERS = "bold yellow"


def render_comparison(
    console: Console, log: HandLog, results: Sequence[Result], differences: Sequence[Disagreement]
) -> None:
    """The heading and the sentences, then the side-by-side table (or a block per rulebook)."""
    console.print(Text(f"{log.source} under {len(results)} rulebooks", "bold"))
    if differences:
        for difference in differences:
            console.print(Text(f"• {difference.sentence}"))
    else:
        console.print(Text("All these rulebooks agree on this hand.", style="green"))
    console.print()
    rows = _rows(results, differences)
    if console.width >= COLUMN_WIDTH * (len(results) + 1):
        console.print(_table(results, rows))
    else:
        _blocks(console, results, rows)


Row = tuple[str, list[str], bool]
"""What a row is about, each rulebook's answer, and whether they differ."""


def _rows(results: Sequence[Result], differences: Sequence[Disagreement]) -> list[Row]:
    from referee.compare import line_words, rulings_by_line

    disputed = {d.line for d in differences if d.line is not None}
    by_line = [rulings_by_line(result) for result in results]
    rows: list[Row] = []
    for line in sorted({line for rulings in by_line for line in rulings}):
        event = next(rulings[line][0].event for rulings in by_line if line in rulings)
        words = [line_words(rulings.get(line, ())) for rulings in by_line]
        rows.append((f"line {line} · {event}", words, line in disputed))
    outcomes = [str(result.outcome) for result in results]
    rows.append(("outcome", outcomes, len(set(outcomes)) > 1))
    for name in dict.fromkeys(name for result in results for name in result.net):
        values = [signed(result.net.get(name, Decimal(0))) for result in results]
        rows.append((f"net {name}", values, len(set(values)) > 1))
    carried = [money(result.carried) for result in results]
    if any(result.carried for result in results):
        rows.append(("pot carried", carried, len(set(carried)) > 1))
    return rows


def _table(results: Sequence[Result], rows: list[Row]) -> Table:
    table = Table()
    table.add_column("", overflow="fold")
    for result in results:
        table.add_column(Text(result.rulebook), overflow="fold")
    for what, answers, differ in rows:
        style = _DIFFERS if differ else ""
        table.add_row(Text(what), *(Text(answer, style=style) for answer in answers))
    return table


def _blocks(console: Console, results: Sequence[Result], rows: list[Row]) -> None:
    """A block per answer: the rulebooks that answer every row alike, then each row and its answer.

    The two columns of a block wrap on their own, so every answer is shown whole at any width.
    """
    groups: dict[tuple[str, ...], list[str]] = {}
    for index, result in enumerate(results):
        groups.setdefault(tuple(answers[index] for _, answers, _ in rows), []).append(result.rulebook)
    for number, (answers, books) in enumerate(groups.items()):
        if number:
            console.print()
        console.print(Text(names(books), style="bold underline"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(overflow="fold", style="dim", max_width=max(console.width // 2, 12))
        grid.add_column(overflow="fold")
        for (what, _, differ), answer in zip(rows, answers, strict=True):
            grid.add_row(Text(what), Text(answer, style=_DIFFERS if differ else ""))
        console.print(Padding(grid, (0, 0, 0, 2), expand=False))
