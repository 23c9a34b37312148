"""The night's ledger: every deal of the evening, each player's total, the fewest payments that settle it.

The logs are ruled one by one (a file may hold several deals); each deal's net comes from the
engine's own books (:attr:`referee.ruling.DealSummary.net`), so the night adds up exactly what
``rule`` says of each file. Amounts stay exact Decimals.

Settling up: a set of payments settles the night when every player ends at zero. Group the players
whose payments touch each other: each such group sums to zero and needs at least one payment fewer
than it has members, so the fewest payments is the number of players owed or owing, less the
largest number of groups summing to zero they can be cut into. Finding that cut is NP-hard in
general (it contains subset-sum); for up to :data:`EXHAUSTIVE_PLAYERS` players owed or owing it is
found exhaustively (a dynamic program over the 2^n subsets) and the payments are the fewest
possible. Past that the payments come from matching the largest debt with the largest credit:
never more than one payment fewer than the players, and the result says it is not proven fewest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from referee.ruling import DealSummary, Result

ZERO: Final = Decimal(0)
EXHAUSTIVE_PLAYERS: Final = 14
"""Up to this many players owed or owing, the payments are proven the fewest (2^14 subsets)."""
POT: Final = "the pot"
"""Who holds the chips still in the middle when a file ends with a pot nobody won."""
HOUSE: Final = "the house"
"""Who holds the rake of imported online hands."""


@dataclass(frozen=True, slots=True)
class NightDeal:
    """One deal of the evening: the file it is in, its number there, and what it came to."""

    file: str
    rulebook: str
    deal: DealSummary


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount``."""

    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Night:
    """The evening's ledger."""

    deals: tuple[NightDeal, ...]
    totals: dict[str, Decimal]
    """Each player's net over the night, in the order they first sat down."""
    left_in_pot: Decimal
    """Chips still in the middle at the end of the logs (a pot nobody won); they count as lost."""
    rake: Decimal
    payments: tuple[Payment, ...]
    fewest: bool
    """True when the payments are proven the fewest possible (exhaustive search)."""


def build_night(ruled: Sequence[tuple[str, Result]]) -> Night:
    """The night of these ruled logs, in the order given: (file name, its result)."""
    deals: list[NightDeal] = []
    totals: dict[str, Decimal] = {}
    left = ZERO
    rake = ZERO
    for name, result in ruled:
        for deal in result.deals:
            deals.append(NightDeal(name, result.rulebook, deal))
        for player, value in result.net.items():
            totals[player] = totals.get(player, ZERO) + value
        left += result.carried
        rake += result.rake
    balances = dict(totals)
    if left:
        balances[POT] = left
    if rake:
        balances[HOUSE] = rake
    payments, fewest = settle_up(balances)
    return Night(tuple(deals), totals, left, rake, tuple(payments), fewest)


def settle_up(balances: Mapping[str, Decimal]) -> tuple[list[Payment], bool]:
    """Payments that bring every balance to zero (positive: is owed), and whether they are proven fewest.

    Raises:
        ValueError: the balances do not add up to zero (nobody could settle them).
    """
    if sum(balances.values(), ZERO) != 0:
        raise ValueError(f"the balances add up to {sum(balances.values(), ZERO)}, not 0")
    people = [(name, value) for name, value in balances.items() if value != 0]
    # A fixed order (largest amounts first, then by name) so the same night gives the same payments.
    people.sort(key=lambda item: (-abs(item[1]), item[0]))
    if len(people) > EXHAUSTIVE_PLAYERS:
        return _match(people), False
    payments: list[Payment] = []
    for group in _zero_groups([value for _, value in people]):
        payments.extend(_match([people[i] for i in group]))
    return payments, True


def _zero_groups(values: Sequence[Decimal]) -> list[list[int]]:
    """The most groups summing to zero the (non-zero) ``values`` can be cut into, as index lists.

    ``best[mask]`` is the most zero-sum groups a chain of subsets ending at ``mask`` passes: adding
    one member at a time, a group closes each time the running subset sums to zero. The best
    chain's zero-sum subsets cut the whole into that many zero-sum groups, and no cut has more.
    """
    count = len(values)
    if count == 0:
        return []
    full = (1 << count) - 1
    sums = [ZERO] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    # Walk the best chain back from the whole set, noting where a group closes.
    closes = []
    mask = full
    while mask:
        if sums[mask] == 0:
            closes.append(mask)
        want = best[mask] - (1 if sums[mask] == 0 else 0)
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] == want:
                mask ^= bit
                break
    groups = []
    for outer, inner in zip(closes, [*closes[1:], 0], strict=True):
        part = outer & ~inner
        groups.append([i for i in range(count) if part >> i & 1])
    return groups


def _match(people: Sequence[tuple[str, Decimal]]) -> list[Payment]:
    """Settle a zero-sum group: the largest debt pays the largest credit, until all are square.

    Each payment squares at least one of the two (the last squares both), so a group of k needs
    at most k - 1 payments.
    """
    owing = sorted(((-v, n) for n, v in people if v < 0), key=lambda item: (-item[0], item[1]))
    owed = sorted(((v, n) for n, v in people if v > 0), key=lambda item: (-item[0], item[1]))
    payments: list[Payment] = []
    while owing and owed:
        debt, payer = owing[0]
        credit, payee = owed[0]
        amount = min(debt, credit)
        payments.append(Payment(payer, payee, amount))
        owing = _after(owing, debt - amount, payer)
        owed = _after(owed, credit - amount, payee)
    return payments


def _after(queue: list[tuple[Decimal, str]], left: Decimal, name: str) -> list[tuple[Decimal, str]]:
    """The queue with its first entry's amount now ``left`` (dropped at zero), largest first again."""
    rest = queue[1:]
    if left > 0:
        rest.append((left, name))
        rest.sort(key=lambda item: (-item[0], item[1]))
    return rest


def night_json(night: Night) -> dict[str, object]:
    """The night as JSON: amounts as exact decimal strings."""
    from referee.money import format_amount as money

    data: dict[str, object] = {
        "deals": [
            {
                "file": entry.file,
                "rulebook": entry.rulebook,
                **entry.deal.as_json(),
                "net": {name: money(value) for name, value in entry.deal.net.items()},
            }
            for entry in night.deals
        ],
        "totals": {name: money(value) for name, value in night.totals.items()},
        "left_in_pot": money(night.left_in_pot),
        "payments": [{"from": p.payer, "to": p.payee, "amount": money(p.amount)} for p in night.payments],
        "fewest": night.fewest,
    }
    if night.rake:
        data["rake"] = money(night.rake)
    return data
