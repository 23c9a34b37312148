"""The walk as a detector sees it: what a detector may read and the moves of clean play it may
make, and nothing that decides.

A detector reads one line against the deal's state and yields a
:class:`~referee.adjudicate.detect.Finding` for anything irregular; the walk (``Replay.detect``)
asks the rulebook and applies the remedy's one handler before the detector goes on. Deciding and
applying are left out of this protocol on purpose — no ``detect``, ``adjudicate`` or ``rule`` —
so the type checker holds every detector to looking (detect → decide → apply, in one place).
Detectors name this protocol, never the walk's class, so the detectors never import the walk.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Protocol

from referee import events as ev
from referee.adjudicate.config import PlayConfig
from referee.adjudicate.ledger import Ledger
from referee.adjudicate.table import HandState
from referee.cards import Card
from referee.ruling import Action


class Walk(Protocol):
    """One log's walk under one rulebook, as the detectors use it."""

    # --- what a detector reads ------------------------------------------------------------------

    @property
    def state(self) -> HandState:
        """The deal in progress (replaced whole at a new deal)."""

    @property
    def config(self) -> PlayConfig:
        """The rules of play in force (Jacks Back may switch the game for one deal)."""

    @property
    def ledger(self) -> Ledger:
        """Every chip of the log."""

    @property
    def log(self) -> ev.HandLog: ...

    @property
    def text(self) -> str:
        """The log as written."""

    @property
    def deck(self) -> frozenset[Card]:
        """The cards of this game's pack."""

    @property
    def drawn(self) -> dict[tuple[int, int, str], int]:
        """Cards served on each (deal, draw, player)."""

    @property
    def barred(self) -> set[str]:
        """Players who sit out until someone else wins a legally opened pot."""

    @property
    def sitting_out(self) -> set[str]:
        """Players who sit this deal out."""

    @property
    def passed_in_a_row(self) -> int:
        """Deals passed out in a row before this one."""

    @property
    def actions(self) -> list[Action]:
        """What the walk did that no ruling says (reported with the result)."""

    def raw_line(self, line: int) -> str:
        """Line ``line`` of the log exactly as written ("" past its end)."""

    # --- what a detector says about a line ------------------------------------------------------

    def note(self, event: ev.Event, note: str) -> None: ...

    def unruled(self, event: ev.Event, why: str) -> None: ...

    def void(self, event: ev.Event, why: str) -> None: ...

    def diverge(self, event: ev.Event, why: str) -> None: ...

    def track_cards(self, event: ev.Event, where: str, cards: tuple[Card, ...]) -> None: ...

    # --- the moves of clean play ----------------------------------------------------------------

    def pay(
        self, name: str, amount: Decimal, *, betting: bool = True, ante: bool = False, blind: bool = False
    ) -> Decimal: ...

    def give_back(self, name: str, amount: Decimal) -> None: ...

    def call(self, name: str) -> None: ...

    def bet(self, event: ev.Event, name: str, total: Decimal) -> None: ...

    def complete_owed(self, names: Iterable[str]) -> None:
        """Make up, now, the short bets of ``names`` that a ``must-complete`` ruling left owing."""

    def enter_betting(self) -> bool: ...

    def end_draw(self) -> None: ...

    def after_action(self) -> None: ...

    def maybe_settle_showdown(self) -> None: ...
