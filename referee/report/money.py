"""The money explained: pots and who contests them, odd chips, uncalled bets, deal after deal.

Every sentence is built from the result's own figures (:class:`referee.ruling.DealSummary` and
its :class:`~referee.ruling.PotSummary`), so what the report says is what the books hold.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from referee.report.words import deal_result, names, nets
from referee.ruling import DealSummary, PotSummary, Result, money

ODD_CHIP_WORDS: Final = {
    "left-of-dealer": "the first winner clockwise from the dealer's left",
    "high-card": "the winner holding the highest card by suit",
    "next-pot": "the odd chip stays for the next deal",
}
"""How each ``showdown.odd_chip`` setting places an odd chip."""


def money_lines(result: Result) -> list[str]:
    """Sentences about the money, deal by deal; empty when the headline already says it all."""
    deals = result.deals
    if len(deals) <= 1:
        return deal_money(deals[0]) if deals else []
    lines: list[str] = []
    running: dict[str, Decimal] = dict.fromkeys(result.net, Decimal(0))
    for deal in deals:
        for name, value in deal.net.items():
            running[name] = running.get(name, Decimal(0)) + value
        lines.append(f"Deal {deal.number}: {deal_result(deal)}")
        lines.extend(f"  {sentence}" for sentence in deal_money(deal))
        lines.append(f"  Running total: {nets(running)}.")
    return lines


def deal_money(deal: DealSummary) -> list[str]:
    """One deal's pots (named, with who contests each), odd chips, bets handed back."""
    sentences: list[str] = []
    count = len(deal.pots)
    for number, pot in enumerate(deal.pots):
        if count > 1 or len(pot.winners) > 1:
            sentences.append(_pot_sentence(pot, number, count))
        for name, chips in pot.odd_chips.items():
            rule = ODD_CHIP_WORDS.get(deal.odd_chip, deal.odd_chip)
            what = "the odd chip" if chips == 1 else f"{money(chips)} odd"
            sentences.append(
                f"{name} gets {what} of {_pot_name(number, count)}: it goes to {rule} "
                f"(showdown.odd_chip: {deal.odd_chip})."
            )
        kept = pot.amount - sum(pot.shares.values(), Decimal(0))
        if kept > 0 and pot.winners:
            what = "the odd chip" if kept == 1 else f"{money(kept)} odd"
            sentences.append(
                f"{what[:1].upper()}{what[1:]} of {_pot_name(number, count)} stays in the middle for the "
                "next deal (showdown.odd_chip: next-pot)."
            )
    for name, amount in deal.uncalled.items():
        sentences.append(f"Nobody called {name}'s last {money(amount)}: it goes back to {name}.")
    returned = {
        name: amount - deal.uncalled.get(name, Decimal(0))
        for name, amount in deal.refunds.items()
        if amount - deal.uncalled.get(name, Decimal(0)) > 0
    }
    if returned:
        back = ", ".join(f"{name} {money(amount)}" for name, amount in returned.items())
        sentences.append(f"Handed back to the players who put it in: {back}.")
    return sentences


def _pot_name(number: int, count: int) -> str:
    """``the pot``; or ``the main pot``, ``the side pot`` (one) or ``side pot 1``, ``side pot 2``."""
    if count == 1:
        return "the pot"
    if number == 0:
        return "the main pot"
    return "the side pot" if count == 2 else f"side pot {number}"


def _pot_sentence(pot: PotSummary, number: int, count: int) -> str:
    name = _pot_name(number, count)
    name = name[:1].upper() + name[1:]
    contested = f", contested by {names(pot.contested_by)}" if count > 1 else ""
    if len(pot.winners) == 1:
        return f"{name} of {money(pot.amount)}{contested}: {pot.winners[0]} wins it."
    shares = ", ".join(f"{who} {money(pot.shares[who])}" for who in pot.winners)
    return f"{name} of {money(pot.amount)}{contested}: split between {names(pot.winners)} ({shares})."
