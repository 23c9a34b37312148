"""The terminal report (rich): the answer first, the money explained, a panel per ruling, the settlement.

User text reaches rich only inside ``Text`` (never as markup); styling is given as styles.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from referee.events import HandLog
from referee.report.money import money_lines
from referee.report.words import NO_IRREGULARITIES, cite_in_words, headline, void_lines
from referee.ruling import Result, Ruling, money


def ruling_panel(ruling: Ruling, *, explain: bool = False) -> Panel:
    """One ruling: what was found and decided, why, the rule and its source in words."""
    body: list[RenderableType] = [
        Text.assemble(
            (f"{ruling.irregularity}", "bold"), " → ", (ruling.words, "bold cyan")
        ),
        Text(ruling.explanation),
        Text.assemble(
            ("rule ", "dim"), (ruling.rule, "green"), (f" — {ruling.summary}" if ruling.summary else "")
        ),
        Text.assemble(("source ", "dim"), cite_in_words(ruling)),
    ]
    if explain:
        if ruling.facts:
            facts = ", ".join(f"{key} = {value}" for key, value in ruling.facts)
            body.append(Text.assemble(("what the table knew: ", "dim"), facts))
        for check in ruling.tried:
            mark = "✓" if check.matched else "✗"
            style = "green" if check.matched else "dim"
            body.append(Text(f"  {mark} {check.rule}: {check.reason}", style=style))
    title = Text.assemble(("line ", "dim"), (str(ruling.line), "bold"), " · ", ruling.event)
    return Panel(Group(*body), title=title, title_align="left", expand=True)


def settlement_table(result: Result) -> Table:
    """Each player's chips in, chips back and net over the whole log."""
    table = Table(title=Text("Settlement", "table.title"), title_justify="left", expand=False)
    table.add_column("player", overflow="fold")
    table.add_column("put in", justify="right")
    table.add_column("got back", justify="right")
    table.add_column("net", justify="right")
    for name, net in result.net.items():
        put_in = result.put_in.get(name, Decimal(0))
        style = "green" if net > 0 else ("red" if net < 0 else "")
        table.add_row(
            Text(name), Text(money(put_in)), Text(money(put_in + net)), Text(money(net), style=style)
        )
    if result.carried:
        table.add_row(Text("pot carried"), None, None, Text(money(result.carried)))
    if result.rake:
        table.add_row(Text("rake"), None, None, Text(money(result.rake)))
    return table


def render(console: Console, log: HandLog, result: Result, *, explain: bool = False) -> None:
    """The hand at a glance and the money explained, a panel per ruling, then the settlement."""
    header = log.header
    game = header.game or "draw"
    seats = ", ".join(header.seats)
    console.print(
        Text.assemble(
            (f"{log.source}", "bold"),
            f" · {game} · rulebook ",
            (result.rulebook, "bold"),
        )
    )
    console.print(Text(f"Seats: {seats} (dealer {header.dealer or header.seats[-1]})"))
    last = " (the last deal's)" if len(result.deals) > 1 else ""
    console.print(Text.assemble(("Pot ", "dim"), money(_pot_shown(result)), last, " · ", headline(result)))
    for sentence in money_lines(result):
        console.print(Text(sentence))
    if result.rulings:
        console.print()
        for ruling in result.rulings:
            console.print(ruling_panel(ruling, explain=explain))
    elif result.clean:
        console.print(Text(NO_IRREGULARITIES, style="dim"))
    for sentence in void_lines(result):
        console.print(Text(sentence))
    if result.divergence is not None:
        d = result.divergence
        console.print(
            Text(f"From line {d.line} ({d.event}) the log leaves this rulebook's course: {d.explanation}")
        )
    console.print()
    console.print(settlement_table(result))


def _pot_shown(result: Result) -> Decimal:
    """The pot the headline speaks of: the last deal's (the whole file's is in the JSON)."""
    return result.deals[-1].pot if len(result.deals) > 1 else result.pot


def render_line(console: Console, text: str, line: int, results: list[Result]) -> None:
    """One line under each rulebook: the facts, the row that matched, the rows that did not."""
    console.print(Text.assemble(("line ", "dim"), (str(line), "bold"), "  ", text.strip()))
    for result in results:
        here = [r for r in result.rulings if r.line == line]
        console.print()
        console.print(Text(result.rulebook, style="bold underline"))
        if not here:
            notes = [a.note for a in result.actions if a.line == line and a.note]
            what = notes[0] if notes else "played by the rules"
            console.print(Text(f"  no irregularity here ({what})", style="dim"))
            continue
        for ruling in here:
            console.print(ruling_panel(ruling, explain=True))


def render_checks(console: Console, checks: Sequence[object]) -> None:
    """A pass/fail table of scenario checks, with the first difference of each failure."""
    from referee.scenarios import Check

    table = Table(title=Text("Scenarios", "table.title"), title_justify="left")
    table.add_column("scenario")
    table.add_column("rulebook")
    table.add_column("result")
    failed = 0
    for check in checks:
        assert isinstance(check, Check)
        if check.passed:
            table.add_row(Text(check.scenario), Text(check.rulebook), Text("pass", style="green"))
        else:
            failed += 1
            table.add_row(
                Text(check.scenario), Text(check.rulebook), Text(f"FAIL: {check.difference}", style="red")
            )
    console.print(table)
    console.print(Text(f"{len(checks) - failed} passed, {failed} failed"))
