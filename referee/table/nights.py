"""The hands of a night kept in the store, ruled for the night's ledger (:mod:`referee.night`).

Each hand is read and ruled as ``referee rule`` would its log (the rulebook its ``rulebook:`` line
names, on the table's shelf); a hand still being played counts with what it has come to so far
(its chips in the middle are "the pot" until it is won).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.ruling import Result
    from referee.store import Hand, Store
    from referee.table.shelf import Shelf


def hand_name(hand: Hand) -> str:
    """How a stored hand is named in the night's ledger and messages."""
    return f"hand {hand.id}"


def rule_stored_night(store: Store, night_id: int, shelf: Shelf) -> list[tuple[str, Result]]:
    """Every hand of the night, in the order they began, ruled: (its name, its result).

    Raises:
        RefereeError: a hand does not read (it was entered by hand into the file) or its rulebook
            cannot be had; the message names the hand.
    """
    from referee.engine import rule_log
    from referee.table.entry import read_entry

    ruled: list[tuple[str, Result]] = []
    for hand in store.hands_of(night_id):
        name = hand_name(hand)
        text = hand.text
        log = read_entry(text, shelf, name)
        ruled.append((name, rule_log(log, text, shelf.for_log(log, text, name))))
    return ruled
