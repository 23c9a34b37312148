"""The only place chips move: every ante, bet, hand-back, refund, award, rake and carry.

Each movement is a named ``Move`` from a player to the middle or from the middle to a player (or
to the house), written once as an ``Entry``. Everything else — what a player has put into this
deal (for side pots and the pot limit), what he has behind (table stakes), the pot, what carries
to the next deal, each player's net — is read from the ledger, never kept beside it. So the books
balance by construction: ``sum(net) + carried + rake == 0`` for any log of any number of deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from enum import StrEnum, unique
from typing import Final, NamedTuple

ZERO = Decimal(0)


@unique
class Move(StrEnum):
    """How chips moved."""

    ANTE = "ante"
    """Player → middle: an ante, dead money of this deal (never an uncalled bet)."""
    BLIND = "blind"
    """Player → middle: a blind or straddle; a live bet that stays in on a misdeal."""
    BET = "bet"
    """Player → middle: a bet, raise, call or a short bet's completion."""
    MATCH = "match"
    """Player → the next deal's pot: an opener who lost matches the pot (Diablo)."""
    RETURN = "return"
    """Middle → player, this deal's chips: a bet withdrawn, an excess handed back."""
    UNCALLED = "uncalled"
    """Middle → player at settlement: the part of a bet nobody called."""
    REFUND = "refund"
    """Middle → player: chips given back when play stops (imperfect pack, a misdeal's antes)."""
    AWARD = "award"
    """Middle → a winner."""
    RAKE = "rake"
    """Middle → the house (an imported online hand)."""
    CARRY = "carry"
    """This deal's chips stay in the middle for the next deal (a record, no chips leave)."""
    STAKE_ADDED = "stake-added"
    """The player's own money → his stack on the table (table stakes, between deals); no pot."""
    STAKE_TAKEN = "stake-taken"
    """His stack on the table → his pocket (table stakes, between deals); no pot."""


# Read once: in Python 3.11 every read of a member through its enum class (``Move.BET``) goes
# through EnumType's slow __getattr__ hook, and ``pay`` runs for every chip.
_BET: Final = Move.BET
_ANTE: Final = Move.ANTE
_BLIND: Final = Move.BLIND


class Entry(NamedTuple):
    """One movement of chips (a named tuple: thousands are written per log, and a tuple is the
    cheapest immutable record)."""

    deal: int
    move: Move
    player: str | None
    """Who paid or received; None for the house (rake) or the whole table (carry)."""
    amount: Decimal


_new_tuple = tuple.__new__


class Ledger:
    """The chips of one log, over all its deals."""

    def __init__(self, players: Iterable[str], stacks: Mapping[str, Decimal | None] | None = None) -> None:
        self.players = tuple(players)
        start = stacks or {}
        self._start: dict[str, Decimal | None] = {name: start.get(name) for name in self.players}
        self.table_stakes = any(amount is not None for amount in self._start.values())
        """Some player's stack is known (else ``stack`` is None for everyone, and need not be asked)."""
        self.entries: list[Entry] = []
        self.deal = 1
        self._in_deal = dict.fromkeys(self.players, ZERO)
        self._forced = dict.fromkeys(self.players, ZERO)
        self._antes = dict.fromkeys(self.players, ZERO)
        self._share = dict.fromkeys(self.players, ZERO)
        self.carried = ZERO
        """Chips in the middle from earlier deals of this log."""
        self.put_in = dict.fromkeys(self.players, ZERO)
        """What each player has put in over the whole log, less what was handed back as a return."""
        self.got_back = dict.fromkeys(self.players, ZERO)
        self.awards: dict[str, Decimal] = {}
        self.refunds: dict[str, Decimal] = {}
        """Uncalled bets and refunds (what the report shows as handed back)."""
        self.rake = ZERO
        self.brought: dict[str, Decimal] = {}
        """Money each player put on the table (or, below zero, took off) during the log: it changes
        his stack, never his net, which is what play won or lost."""
        self._deferred: list[tuple[str, Decimal]] = []
        """Stack changes that wait for the next deal (``stake-deferred``)."""

    # --- what the ledger says -----------------------------------------------------------------

    def stack(self, name: str) -> Decimal | None:
        """Chips behind; None when the log gives no stacks (no table-stakes limit)."""
        start = self._start.get(name)
        if start is None:
            return None
        return start + self.brought.get(name, ZERO) - self.put_in[name] + self.got_back[name]

    def in_deal(self, name: str) -> Decimal:
        """Chips ``name`` has in this deal's pot (antes, blinds, bets)."""
        return self._in_deal[name]

    def contributions(self) -> dict[str, Decimal]:
        """This deal's chips by player, for side pots (players with none left out)."""
        return {name: amount for name, amount in self._in_deal.items() if amount}

    def forced_in(self, name: str) -> Decimal:
        """Antes and blinds ``name`` put in this deal (they stay in the pot on a misdeal)."""
        return self._forced[name]

    def forced_total(self) -> Decimal:
        return sum(self._forced.values(), ZERO)

    def dead_antes(self) -> dict[str, Decimal]:
        """This deal's antes by player: dead chips of the main pot, never an uncalled bet."""
        return {name: amount for name, amount in self._antes.items() if amount}

    def share(self, name: str) -> Decimal:
        """``name``'s chips in the middle not yet won or given back, carried pots included."""
        return self._share[name]

    def shares(self) -> dict[str, Decimal]:
        """Every player's chips in the middle not yet won or given back, carried pots included."""
        return dict(self._share)

    def pot(self) -> Decimal:
        """Everything in the middle now, carried chips included."""
        return self.carried + sum(self._in_deal.values(), ZERO)

    def net(self) -> dict[str, Decimal]:
        return {name: self.got_back[name] - self.put_in[name] for name in self.players}

    # --- moves --------------------------------------------------------------------------------

    def pay(self, name: str, amount: Decimal, move: Move = Move.BET) -> Decimal:
        """``name`` puts chips into this deal's pot; at most what he has behind. Returns what he paid."""
        # Compared by identity: an enum's hash is computed in Python, and this runs for every chip.
        if move is not _BET and move is not _ANTE and move is not _BLIND:
            raise ValueError(f"{move} is not a payment into this deal's pot")
        if self.table_stakes:  # no stacks given, none to ask for: this runs for every chip paid
            stack = self.stack(name)
            if stack is not None and stack < amount:  # min(amount, stack), without min's cost
                amount = stack
        if amount <= ZERO:
            return ZERO
        # Entry(...) without the named tuple's Python-level __new__: one payment per betting line.
        self.entries.append(_new_tuple(Entry, (self.deal, move, name, amount)))
        self.put_in[name] += amount
        self._in_deal[name] += amount
        self._share[name] += amount
        if move is not _BET:
            self._forced[name] += amount
            if move is _ANTE:
                self._antes[name] += amount
        return amount

    def hand_back(self, name: str, amount: Decimal) -> None:
        """Chips of this deal go back to the player who put them in (a withdrawn bet, an excess)."""
        if amount <= ZERO:
            return
        amount = min(amount, self._in_deal[name])
        self._record(Move.RETURN, name, amount)
        self.put_in[name] -= amount
        self._in_deal[name] -= amount
        self._share[name] -= amount
        self._keep_forced_within(name)

    def refund(self, name: str, amount: Decimal) -> None:
        """Chips already in the middle (carried ones included) go back to ``name`` when play stops."""
        if amount <= ZERO:
            return
        from_deal = min(amount, self._in_deal[name])
        from_middle = min(amount - from_deal, self.carried)
        amount = from_deal + from_middle  # never more than the middle holds
        if amount <= ZERO:
            return
        self._in_deal[name] -= from_deal
        self._keep_forced_within(name)
        self.carried -= from_middle
        self._record(Move.REFUND, name, amount)
        self.got_back[name] += amount
        self.refunds[name] = self.refunds.get(name, ZERO) + amount
        self._share[name] = max(ZERO, self._share[name] - amount)

    def match(self, name: str, amount: Decimal) -> Decimal:
        """``name`` puts chips straight into the next deal's pot (Diablo); at most what he has."""
        stack = self.stack(name)
        if stack is not None:
            amount = min(amount, stack)
        if amount <= ZERO:
            return ZERO
        self._record(Move.MATCH, name, amount)
        self.put_in[name] += amount
        self.carried += amount
        return amount

    def change_stake(self, name: str, amount: Decimal) -> None:
        """``name`` puts ``amount`` on the table (below zero: takes it off). Not a move of any pot:
        his stack changes, his net does not."""
        if not amount:
            return
        move = Move.STAKE_ADDED if amount > ZERO else Move.STAKE_TAKEN
        self._record(move, name, abs(amount))
        self.brought[name] = self.brought.get(name, ZERO) + amount

    def defer_stake(self, name: str, amount: Decimal) -> None:
        """A stack change made when the next deal begins (:meth:`new_deal`)."""
        self._deferred.append((name, amount))

    def carry_deal(self) -> None:
        """Nobody takes this deal's chips: they join what carries to the next deal."""
        total = sum(self._in_deal.values(), ZERO)
        if total:
            self._record(Move.CARRY, None, total)
        self.carried += total
        self._clear_deal()

    def settle(
        self, awards: Mapping[str, Decimal], uncalled: Mapping[str, Decimal], rake: Decimal = ZERO
    ) -> Decimal:
        """Pay out this deal: uncalled bets back, the rake to the house, the rest to the winners.

        What the pot holds beyond that stays in the middle for the next deal; returns that amount.
        Nobody's chips remain unsettled afterwards.
        """
        pot = self.pot()
        for name, amount in uncalled.items():
            if amount:
                self._record(Move.UNCALLED, name, amount)
                self.got_back[name] += amount
                self.refunds[name] = self.refunds.get(name, ZERO) + amount
        if rake:
            self._record(Move.RAKE, None, rake)
            self.rake += rake
        for name, amount in awards.items():
            if amount:
                self._record(Move.AWARD, name, amount)
                self.got_back[name] += amount
                self.awards[name] = self.awards.get(name, ZERO) + amount
        paid = sum(uncalled.values(), ZERO) + rake + sum(awards.values(), ZERO)
        if paid > pot:
            raise ValueError(f"a settlement of {paid} from a pot of {pot}")
        self.carried = pot - paid
        self._clear_deal()
        self._share = dict.fromkeys(self.players, ZERO)
        return self.carried

    def new_deal(self) -> None:
        """The next deal of the same log: what carries stays, this deal's counts start again."""
        if any(self._in_deal.values()):
            self.carry_deal()
        self.deal += 1
        self._forced = dict.fromkeys(self.players, ZERO)
        self._antes = dict.fromkeys(self.players, ZERO)
        deferred, self._deferred = self._deferred, []
        for name, amount in deferred:
            self.change_stake(name, amount)

    def _clear_deal(self) -> None:
        """This deal's chips have left its pot (won, or carried): none of them is this deal's any more.

        Its antes and blinds go with them: counted again as this deal's dead chips, a chip carried
        into the middle would be paid out twice if play went on in the same deal.
        """
        self._in_deal = dict.fromkeys(self.players, ZERO)
        self._forced = dict.fromkeys(self.players, ZERO)
        self._antes = dict.fromkeys(self.players, ZERO)

    def _keep_forced_within(self, name: str) -> None:
        """Chips went back to ``name``: his antes and blinds in this deal are no more than he has in it."""
        left = self._in_deal[name]
        if self._forced[name] > left:
            self._forced[name] = left
        if self._antes[name] > left:
            self._antes[name] = left

    def _record(self, move: Move, player: str | None, amount: Decimal) -> None:
        self.entries.append(Entry(self.deal, move, player, amount))
