"""Rendering a result for people: the terminal (rich), JSON, and Markdown.

Player names, quoted speech, file names and citations come from files a player wrote, so they
reach rich only inside ``rich.text.Text`` (never as a markup string): ``[bold]Ann`` and ``:x:``
are shown as written on any console. Styling is ours, given as styles, never as markup.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from referee.events import HandLog
from referee.ruling import Outcome, Result, Ruling, money

if TYPE_CHECKING:
    from referee.compare import Disagreement

DECISION_WORDS = {
    "misdeal": "misdeal: the cards are gathered and dealt again",
    "play-on": "play on",
    "card-dead": "the card is dead and replaced",
    "card-kept": "the player must keep the card",
    "hand-dead": "the hand is dead",
    "bet-stands": "the bet stands",
    "bet-stands-as-call": "the bet stands as a call",
    "bet-stands-as-raise": "the bet stands as a raise",
    "bet-withdrawn": "the bet is taken back",
    "raise-not-allowed": "no raise allowed",
    "must-complete": "the bet must be completed",
    "pot-carried": "the pot stays for the next deal",
    "refund-all": "everyone gets back what they put in",
}


def to_json(result: Result) -> str:
    """The JSON contract, byte-identical for the same log and rulebook."""
    return json.dumps(result.as_json(), indent=2, ensure_ascii=False) + "\n"


def headline(result: Result) -> str:
    """One sentence: how the hand ended and who won what."""
    outcome = result.outcome
    if outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) and result.awards:
        parts = []
        for name, amount in result.awards.items():
            hand = result.winners_hands.get(name)
            with_hand = f" with {hand}" if hand and outcome is Outcome.SHOWDOWN else ""
            parts.append(f"{name} wins {money(amount)}{with_hand}")
        how = "at the showdown" if outcome is Outcome.SHOWDOWN else "uncontested"
        return f"{'; '.join(parts)} ({how})."
    if outcome is Outcome.MISDEAL:
        return "Misdeal: the hand is dealt again."
    if outcome is Outcome.PASSED_OUT:
        return f"Nobody opened: {money(result.carried)} stays in the pot for the next deal."
    if outcome is Outcome.POT_CARRIED:
        return f"Nobody wins this deal: {money(result.carried)} stays in the pot for the next deal."
    return f"The log stops mid-hand with {money(result.pot)} in the pot; nobody has won it yet."


def ruling_panel(ruling: Ruling, *, explain: bool = False) -> Panel:
    decision = DECISION_WORDS.get(ruling.decision, ruling.decision)
    body: list[RenderableType] = [
        Text.assemble((f"{ruling.irregularity}", "bold"), " → ", (decision, "bold cyan")),
        Text(ruling.explanation),
        Text.assemble(
            ("rule ", "dim"), (ruling.rule, "green"), (f" — {ruling.summary}" if ruling.summary else "")
        ),
        Text.assemble(("source ", "dim"), ruling.cite),
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
    table = Table(title=Text("Settlement", "table.title"), title_justify="left", expand=False)
    table.add_column("player")
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
    """The hand at a glance, a panel per ruling, then the settlement."""
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
    console.print(Text.assemble(("Pot ", "dim"), money(result.pot), " · ", headline(result)))
    if result.rulings:
        console.print()
        for ruling in result.rulings:
            console.print(ruling_panel(ruling, explain=explain))
    else:
        console.print(Text("No irregularities: the hand was played by the rules.", style="dim"))
    for sentence in void_lines(result):
        console.print(Text(sentence, style="dim"))
    if result.divergence is not None:
        d = result.divergence
        console.print(
            Text(f"From line {d.line} ({d.event}) the log leaves this rulebook's course: {d.explanation}")
        )
    for line in result.unruled:
        console.print(Text(f"Line {line.line} ({line.text}) is not ruled on: {line.note}", style="dim"))
    console.print()
    console.print(settlement_table(result))


def void_lines(result: Result) -> list[str]:
    """Runs of lines that count for nothing, e.g. "Lines 14-22 are void: after the misdeal."."""
    runs: list[tuple[int, int, str]] = []
    for action in result.actions:
        if not action.note.startswith("void"):
            continue
        reason = action.note.removeprefix("void").lstrip(": ") or "the deal was over"
        if runs and runs[-1][2] == reason:
            runs[-1] = (runs[-1][0], action.line, reason)
        else:
            runs.append((action.line, action.line, reason))
    sentences = []
    for first, last, reason in runs:
        where = f"Line {first} is" if first == last else f"Lines {first}-{last} are"
        sentences.append(f"{where} void: {reason}.")
    return sentences


def to_markdown(log: HandLog, result: Result) -> str:
    """A report a group chat can read."""
    lines = [
        f"# {log.header.title or log.source}",
        "",
        f"**Rulebook:** {result.rulebook} · **Game:** {log.header.game or 'draw'} · "
        f"**Pot:** {money(result.pot)}",
        "",
        headline(result),
        "",
    ]
    if result.rulings:
        lines += ["## Rulings", ""]
        for ruling in result.rulings:
            decision = DECISION_WORDS.get(ruling.decision, ruling.decision)
            lines += [
                f"- **Line {ruling.line}** `{ruling.event}` — *{ruling.irregularity}*: {decision}. "
                f"{ruling.explanation} ({ruling.rule}; {ruling.cite})",
            ]
        lines.append("")
    lines += ["## Settlement", "", "| player | put in | net |", "|---|---:|---:|"]
    for name, net in result.net.items():
        lines.append(f"| {_cell(name)} | {money(result.put_in.get(name, Decimal(0)))} | {money(net)} |")
    if result.carried:
        lines.append(f"| pot carried | | {money(result.carried)} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a ``|`` in a name would end the cell."""
    return text.replace("|", "\\|")


def render_comparison(
    console: Console, log: HandLog, results: Sequence[Result], differences: Sequence[Disagreement]
) -> None:
    """Rulebooks as columns: each ruled line, each player's net, the pot carried; then sentences."""
    from referee.compare import rulings_by_line

    # The answer first: the heading and the sentences, then the table that backs them.
    console.print(Text(f"{log.source} under {len(results)} rulebooks", "bold"), soft_wrap=True)
    sentences = [d.sentence for d in differences]
    if sentences:
        for sentence in sentences:
            console.print(Text(f"• {sentence}"))
    else:
        console.print(Text("All these rulebooks agree on this hand.", style="green"))
    console.print()
    table = Table()
    table.add_column("line")
    for result in results:
        table.add_column(Text(result.rulebook))
    disputed = {d.line for d in differences if d.line is not None}
    by_line = [rulings_by_line(result) for result in results]
    lines = sorted({line for rulings in by_line for line in rulings})
    for line in lines:
        event = next(rulings[line][0].event for rulings in by_line if line in rulings)
        cells = [Text(f"{line} {event}")]
        for rulings in by_line:
            words = "; ".join(r.decision for r in rulings.get(line, ())) or "—"
            cells.append(Text(words, style="bold yellow" if line in disputed else ""))
        table.add_row(*cells)
    table.add_row(Text("outcome", style="dim"), *(Text(str(result.outcome)) for result in results))
    names = list(dict.fromkeys(name for result in results for name in result.net))
    for name in names:
        values = [money(result.net.get(name, Decimal(0))) for result in results]
        style = "bold yellow" if len(set(values)) > 1 else ""
        table.add_row(Text(f"net {name}"), *(Text(v, style=style) for v in values))
    carried = [money(result.carried) for result in results]
    table.add_row(
        Text("pot carried"),
        *(Text(v, style="bold yellow" if len(set(carried)) > 1 else "") for v in carried),
    )
    console.print(table)


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
