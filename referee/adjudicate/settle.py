"""Pot settlement: uncalled bets, side pots, exact splits and odd chips.

Everything is a Decimal. The pot is cut into layers by how much each player put in (the side
pots of table stakes); each layer goes to the best live hand among those who put in that much.
A layer nobody live put into joins the layer below it; an uncalled top bet goes back.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from operator import itemgetter
from typing import Protocol, TypeVar

from referee.money import QUANTUM, exact

ZERO = Decimal(0)
_ONE = Decimal(1)


class Comparable(Protocol):
    def __lt__(self, other: object, /) -> bool: ...


K = TypeVar("K", bound=Comparable)


@dataclass(frozen=True, slots=True)
class PotShare:
    """One pot (the main pot or a side pot) and who took it."""

    amount: Decimal
    eligible: tuple[str, ...]
    """Live players who put in enough to win this pot, in seat order."""
    winners: tuple[str, ...]
    """Who took it (several on a tie); empty when it stays for the next deal."""
    shares: dict[str, Decimal] = field(default_factory=dict)
    """Each winner's share, in the odd-chip order (the first named has any odd chip)."""


@dataclass(frozen=True, slots=True)
class Split:
    """How one deal's pot was divided."""

    awards: dict[str, Decimal]
    """What each winner took from the pot."""
    refunds: dict[str, Decimal]
    """Chips handed back: uncalled bets, or everything after an imperfect pack."""
    pots: tuple[PotShare, ...]
    carried: Decimal = ZERO
    """What nobody won; it stays in the middle for the next deal."""


def chip_unit(amounts: Sequence[Decimal]) -> Decimal:
    """The smallest chip the log uses: 1 when every amount is whole, 0.25 for quarters, ...

    >>> chip_unit([Decimal("2"), Decimal("0.25")])
    Decimal('0.25')
    >>> chip_unit([Decimal("4"), Decimal("10")])
    Decimal('1')
    """
    unit = Decimal(1)
    # Each amount once, in the order first met: a unit only ever gets finer by a factor that keeps
    # every amount it divided divisible, so an amount seen again changes nothing. Nor does a whole
    # amount written without places (every unit, 1/10ⁿ or 1/(4·10ⁿ), divides it): most logs have
    # only those, and need no arithmetic at all.
    fractional = [amount for amount in dict.fromkeys(amounts) if not amount.same_quantum(_ONE)]
    if not fractional:
        return unit
    with exact():
        for amount in fractional:
            while amount % unit:
                # A quarter is a chip of its own; an amount that is no multiple of it falls to cents.
                unit = Decimal("0.25") if unit == 1 and amount % Decimal("0.25") == 0 else unit / 10
                if unit % QUANTUM:
                    # Finer than any amount can be written: the millionth, of which every amount is
                    # a whole number, is the chip.
                    return QUANTUM
    return unit


class OddChipsKept(list[str]):
    """Winners in odd-chip order, marked to keep the odd chips for the next pot
    (``showdown.odd_chip: next-pot``): :func:`divide` hands out only the even shares, and the ledger
    carries what the pot still holds, so ``sum(net) + carried + rake == 0`` holds as ever."""


def divide(amount: Decimal, winners: Sequence[str], unit: Decimal) -> dict[str, Decimal]:
    """Split ``amount`` evenly among ``winners``; odd chips one each to the first in the list, or
    none to anyone when ``winners`` is :class:`OddChipsKept` (they stay for the next pot).

    The caller orders ``winners`` by the rulebook's odd-chip rule.

    >>> divide(Decimal(7), ["Ann", "Bob"], Decimal(1))
    {'Ann': Decimal('4'), 'Bob': Decimal('3')}
    >>> divide(Decimal(7), OddChipsKept(["Ann", "Bob"]), Decimal(1))
    {'Ann': Decimal('3'), 'Bob': Decimal('3')}
    """
    if not winners:
        return {}
    with exact():
        # Whole chips and whole shares of them: integer division, so nothing is ever rounded.
        chips = amount // unit
        each, odd = divmod(chips, len(winners))
        shares = dict.fromkeys(winners, each * unit)
        if isinstance(winners, OddChipsKept):
            return shares  # the odd chips, and any part of a chip, stay in the middle
        for name in winners[: int(odd)]:
            shares[name] += unit
        left = amount - chips * unit
        if left:
            # Less than a chip remains (an amount finer than the unit): it goes with the first winner.
            shares[winners[0]] += left
    return shares


def split_pot(
    contributions: Mapping[str, Decimal],
    live: Sequence[str],
    strength: Callable[[str], K] | None,
    odd_chip_order: Callable[[Sequence[str]], list[str]],
    unit: Decimal,
    dead_money: Decimal = ZERO,
    antes: Mapping[str, Decimal] | None = None,
    shares: Mapping[str, Decimal] | None = None,
) -> Split:
    """Divide one deal's pot among the live players.

    ``contributions`` is what each player put in this deal (antes, blinds, bets), ``live`` the
    players still holding a hand that can win, in seat order. ``strength`` ranks a live player's
    hand (greater wins); ``None`` means the pot is uncontested and goes to the only live player.
    ``dead_money`` came from earlier deals and belongs to the main pot. ``antes`` are dead chips
    inside the contributions: they are never an uncalled bet to hand back. ``shares`` is each
    player's chips in the middle since the pot was last won (carried deals included): a live hand
    that put in nothing past the antes plays for the part of that dead money it matched.
    """
    # Antes are dead chips of the main pot: they are neither a layer of a side pot nor an
    # uncalled bet to hand back.
    dead = antes or {}
    # One pass: the antes added up as sum(..., ZERO) adds them, and each player's chips beyond them.
    antes_total = ZERO
    beyond: dict[str, Decimal] = {}
    for name, amount in contributions.items():
        ante = dead.get(name, ZERO)
        antes_total += ante
        if amount - ante > ZERO:
            beyond[name] = amount - ante
    dead_money += antes_total
    contributions = beyond
    refunds: dict[str, Decimal] = {}
    live_set = set(live)
    ordered = sorted(contributions.items(), key=itemgetter(1), reverse=True)
    if ordered and ordered[0][0] in live_set:
        top_name, top = ordered[0]
        second = ordered[1][1] if len(ordered) > 1 else ZERO
        if top > second:
            refunds[top_name] = top - second
            contributions = {**contributions, top_name: second}

    if not live:
        total = sum(contributions.values(), ZERO) + dead_money
        return Split({}, refunds, (PotShare(total, (), ()),) if total else (), carried=total)

    layers = _layers(contributions, live, dead_money)
    layers = _antes_alone(layers, contributions, live, shares or {})
    awards: dict[str, Decimal] = {}
    pots: list[PotShare] = []
    ranks: dict[str, K] = {}
    for amount, eligible in layers:
        winners = _best(eligible, strength, ranks)
        shares = divide(amount, odd_chip_order(winners), unit)
        for name, share in shares.items():
            awards[name] = awards.get(name, ZERO) + share
        pots.append(PotShare(amount, tuple(eligible), tuple(winners), shares))
    return Split(awards, refunds, tuple(pots))


def _layers(
    contributions: Mapping[str, Decimal], live: Sequence[str], dead_money: Decimal
) -> list[tuple[Decimal, list[str]]]:
    """(amount, eligible live players) per pot, main pot first.

    One pass up the distinct amounts put in: the layer from one level to the next holds that step
    from everyone who put in at least the next level, so many all-ins cost no more than sorting.
    """
    levels = sorted(set(contributions.values()))
    # Per amount: how many stopped there, and its finest decimal places.
    stopped_at: dict[Decimal, tuple[int, int]] = {}
    for amount in contributions.values():
        count, places = stopped_at.get(amount, (0, 0))
        stopped_at[amount] = (count + 1, min(places, _places(amount)))
    # Each live player by how many levels he reached: an int compares faster than a Decimal.
    reached = {level: number for number, level in enumerate(levels, 1)}
    live_reach = [(name, reached.get(contributions.get(name, ZERO), 0)) for name in live]
    layers: list[tuple[Decimal, list[str]]] = []
    previous = ZERO
    reaching = len(contributions)
    finest = 0
    for number, level in enumerate(levels, 1):
        count, places = stopped_at[level]
        finest = min(finest, places)
        above = reaching - count
        # Written with as many decimal places as adding every player's part would give ("3.00").
        places = min(finest, _places(previous), _places(level) if above else 0)
        amount = (level - previous) * reaching + _zero(places)
        reaching = above
        eligible = [name for name, reach in live_reach if reach >= number]
        if eligible and layers and layers[-1][1] == eligible:
            # The same hands contest this step as the one below: it is the same pot, and it is
            # divided once (two steps divided apart could give the same winner two odd chips).
            layers[-1] = (layers[-1][0] + amount, eligible)
        elif eligible:
            layers.append((amount, eligible))
        elif layers:
            # Only dead hands put this much in: their chips stay with the pot below.
            layers[-1] = (layers[-1][0] + amount, layers[-1][1])
        else:
            layers.append((amount, []))
        previous = level
    if not layers:
        layers.append((ZERO, list(live)))
    if not layers[0][1]:
        # Nobody live put anything in at all (a freeroll of dead money): every live hand plays for it.
        layers[0] = (layers[0][0], list(live))
    main_amount, main_eligible = layers[0]
    layers[0] = (main_amount + dead_money, main_eligible)
    return [(amount, eligible) for amount, eligible in layers if amount > 0]


def _antes_alone(
    layers: list[tuple[Decimal, list[str]]],
    contributions: Mapping[str, Decimal],
    live: Sequence[str],
    shares: Mapping[str, Decimal],
) -> list[tuple[Decimal, list[str]]]:
    """Cut the dead money of the main pot for live hands all in for the antes.

    A live hand that put in no bet while others did is all in for the antes: it plays for just
    the antes, and for the part of carried antes it matched (002 Rules for Draw High, item 13) -
    from each player as much as its own share, the usual side-pot cut taken over the pot's life.
    """
    alone = [name for name in live if not contributions.get(name)]
    if not alone or not layers or not shares or len(alone) == len(live):
        return layers
    main_amount, main_eligible = layers[0]
    floors: list[tuple[Decimal, list[str]]] = []
    taken = below = ZERO
    for level in sorted({shares.get(name, ZERO) for name in alone}):
        reach = sum((min(share, level) for share in shares.values()), ZERO)
        amount = min(reach - below, main_amount - taken)
        below = reach
        eligible = [name for name in live if name not in alone or shares.get(name, ZERO) >= level]
        if amount > 0:
            floors.append((amount, eligible))
            taken += amount
    if not taken:
        return layers
    rest = [(main_amount - taken, main_eligible)] if main_amount > taken else []
    return floors + rest + layers[1:]


@functools.cache
def _zero(places: int) -> Decimal:
    """Zero written with ``places`` decimal places (``places`` is the exponent: -2 for ``0.00``)."""
    return Decimal((0, (0,), places))


def _places(amount: Decimal) -> int:
    """The exponent of ``amount`` as written: -2 for ``3.00``, 0 for ``3``."""
    if amount.same_quantum(_ONE):
        return 0  # the commonest amount, whole chips, told without building the digits' tuple
    exponent = amount.as_tuple().exponent
    return exponent if isinstance(exponent, int) else 0


def _best(eligible: Sequence[str], strength: Callable[[str], K] | None, ranks: dict[str, K]) -> list[str]:
    """The best live hands among ``eligible``; ``ranks`` keeps each hand's rank from pot to pot."""
    if strength is None or len(eligible) == 1:
        return list(eligible[:1])
    for name in eligible:
        if name not in ranks:
            ranks[name] = strength(name)
    best = max(ranks[name] for name in eligible)
    return [name for name in eligible if not ranks[name] < best]
