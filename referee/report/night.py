"""``referee night`` on the terminal: every deal, each player's total, the payments that settle it."""

from __future__ import annotations

from decimal import Decimal

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.night import Night
from referee.report.words import deal_result, names, signed
from referee.ruling import money


def render_night(console: Console, night: Night) -> None:
    """The answer first (who pays whom), then the deals that back it, then each player's total."""
    files = list(dict.fromkeys(entry.file for entry in night.deals))
    books = list(dict.fromkeys(entry.rulebook for entry in night.deals))
    console.print(
        Text(
            f"The night: {len(night.deals)} deal{'s' if len(night.deals) != 1 else ''} in "
            f"{len(files)} log{'s' if len(files) != 1 else ''}, ruled by {names(books)}",
            style="bold",
        )
    )
    console.print(Text("To settle up:" if night.payments else "Everyone is square: nobody pays anybody."))
    for payment in night.payments:
        console.print(Text(f"  {payment.payer} pays {payment.payee} {money(payment.amount)}"))
    if night.payments:
        count = f"{len(night.payments)} payment{'s' if len(night.payments) != 1 else ''}"
        proof = (
            f"{count}: the fewest that settle it"
            if night.fewest
            else f"{count} that settle it; with this many players they are not proven the fewest"
        )
        console.print(Text(f"  ({proof})", style="dim"))
    if night.left_in_pot:
        console.print(
            Text(
                f"{money(night.left_in_pot)} is still in the pot at the end of the night; nobody has won it."
            )
        )
    console.print()
    players = list(night.totals)
    table = Table(title=Text("Deal by deal", "table.title"), title_justify="left")
    table.add_column("deal", overflow="fold")
    table.add_column("result", overflow="fold")
    for player in players:
        table.add_column(Text(player), justify="right", overflow="fold")
    running = dict.fromkeys(players, Decimal(0))
    several = {entry.file for entry in night.deals if entry.deal.number > 1}
    for entry in night.deals:
        deal = entry.deal
        for name, value in deal.net.items():
            running[name] = running.get(name, Decimal(0)) + value
        where = f"{entry.file} #{deal.number}" if entry.file in several else entry.file
        table.add_row(
            Text(where),
            Text(deal_result(deal).rstrip(".")),
            *(Text(signed(deal.net[p]) if p in deal.net else "") for p in players),
        )
    table.add_row(
        Text("total", style="bold"),
        Text(""),
        *(
            Text(
                signed(night.totals[p]),
                style="green" if night.totals[p] > 0 else "red" if night.totals[p] < 0 else "",
            )
            for p in players
        ),
    )
    console.print(table)


def night_csv(night: Night) -> str:
    """The night as CSV: one row per deal (its file, number, rulebook, result, each player's net),
    then the totals and the payments. Amounts are exact decimal strings; the same night gives the
    same bytes."""
    import csv
    import io

    from referee.money import format_amount as money

    players = list(night.totals)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["deal", "number", "rulebook", "result", *map(_cell, players)])
    for entry in night.deals:
        deal = entry.deal
        writer.writerow(
            [_cell(entry.file), deal.number, entry.rulebook, _cell(deal_result(deal).rstrip(".")),
             *(money(deal.net[p]) if p in deal.net else "" for p in players)]
        )  # fmt: skip
    writer.writerow(["total", "", "", "", *(money(night.totals[p]) for p in players)])
    for payment in night.payments:
        writer.writerow(
            ["payment", "", "", _cell(f"{payment.payer} pays {payment.payee}"), money(payment.amount)]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """A player's words in a CSV cell: a spreadsheet must not read ``=...`` as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
