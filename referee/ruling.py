"""What a replay hands out: rulings on irregularities, and the result of the whole log."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from typing import NamedTuple

from referee.money import format_amount
from referee.rulebook.vocabulary import Kind, RemedyId


@unique
class Outcome(StrEnum):
    """How the log ended (the JSON contract's ``outcome``)."""

    SHOWDOWN = "showdown"
    """Two or more hands were shown and the best took the pot."""
    UNCONTESTED = "uncontested"
    """Everyone else dropped; the last player took the pot without showing."""
    MISDEAL = "misdeal"
    """The last deal was a misdeal and the log ends there."""
    PASSED_OUT = "passed-out"
    """Nobody opened; the antes stay for the next deal."""
    POT_CARRIED = "pot-carried"
    """The pot stays in the middle for the next deal (false openers nobody called, ...)."""
    UNFINISHED = "unfinished"
    """The log stops mid-hand: rulings so far, the pot as it stands, no awards."""


@dataclass(frozen=True, slots=True)
class RowCheck:
    """A decision-table row that was tried, for ``--explain``."""

    rule: str
    matched: bool
    reason: str
    """Why it did not match ("needs pot opened = yes; here it is no"), or its summary."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """One irregularity, the decision the rulebook makes of it, and the rule that says so."""

    line: int
    event: str
    """The log line as written (without its comment)."""
    irregularity: Kind
    """What was found (a ``StrEnum``: it reads and serialises as its word, ``out-of-turn``)."""
    decision: RemedyId
    """The remedy the row decided (``bet-stands``), applied to the hand."""
    rule: str
    """The row's full id, e.g. ``scarne:exposed-card/3``."""
    cite: str
    """Source file, section and item; or what a silent source falls back on."""
    explanation: str
    """One sentence in plain words: what happens now at the table."""
    facts: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """What the table knew at that moment, as (fact, value) for ``--explain``."""
    tried: tuple[RowCheck, ...] = field(default=(), compare=False)
    """The rows consulted in order, the last being the one that matched."""
    summary: str = field(default="", compare=False)
    """The rule's own one-sentence paraphrase."""
    headline: str = ""
    """What the decision did here, in a few words, where the remedy's own words would not say it
    (a call of nothing that "counts as a check"); empty: the remedy's words are the headline."""

    @property
    def words(self) -> str:
        """The ruling's headline: what the decision applied did, in a player's words."""
        from referee.rulebook.vocabulary import REMEDY_WORDS

        return self.headline or REMEDY_WORDS.get(str(self.decision), str(self.decision).replace("-", " "))

    def as_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "event": self.event,
            "irregularity": self.irregularity,
            "decision": self.decision,
            "rule": self.rule,
            "cite": self.cite,
            "explanation": self.explanation,
            "headline": self.words,
            **cite_fields(self.cite, self.rule),
        }


@dataclass(frozen=True, slots=True)
class Action:
    """A line of the log as the replay understood it, for the terminal report."""

    line: int
    text: str
    note: str = ""
    """What the referee made of it when that is not obvious ("void: after the misdeal")."""


@unique
class LineStatus(StrEnum):
    """What one event line of the log did (the JSON contract's ``lines[].status``)."""

    APPLIED = "applied"
    """It changed the replay as written."""
    RULED = "ruled"
    """A ruling at that line decides what it does."""
    VOID = "void"
    """It does not play; the line's ``reason`` says why, in a player's words."""


class LineOutcome(NamedTuple):
    """One event line of the log and what became of it: nothing a player did is left out.

    A named tuple, not a frozen dataclass: a replay makes one for every line of the log, and a
    frozen dataclass's ``__init__`` (a guarded ``setattr`` per field) made them a quarter of the
    replay's time."""

    line: int
    text: str
    status: LineStatus
    reason: str = ""
    """For a void line, why it does not play; for a ruled one, the ruling's explanation; for an
    applied one, what the referee made of it when that is not obvious (else empty)."""
    ruling: int | None = None
    """For a ruled line, the index of its (first) ruling in ``rulings``."""

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "line": self.line,
            "text": self.text,
            "status": str(self.status),
            "reason": self.reason,
        }
        if self.ruling is not None:
            data["ruling"] = self.ruling
        return data


@dataclass(frozen=True, slots=True)
class Divergence:
    """The line from which the log follows a course the rulebook would not have taken.

    A remedy changes the hand (a card ruled dead, a bet withdrawn) while the table, not knowing
    the ruling, played on as it did; the log goes on as played and is read in the light of the
    remedy, never as a new irregularity.
    """

    line: int
    event: str
    explanation: str

    def as_json(self) -> dict[str, object]:
        return {"line": self.line, "event": self.event, "explanation": self.explanation}


@dataclass(frozen=True, slots=True)
class PotSummary:
    """One pot of a deal (the main pot, or a side pot of table stakes): who played for it, who took it."""

    amount: Decimal
    """What was in it, after the house's rake."""
    contested_by: tuple[str, ...]
    """The live players who put in enough to win it, in seat order."""
    winners: tuple[str, ...]
    shares: dict[str, Decimal]
    """What each winner took from it."""
    odd_chips: dict[str, Decimal] = field(default_factory=dict)
    """A split that did not come out even: who got the chips beyond an even share, and how many."""

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "amount": money(self.amount),
            "contested_by": list(self.contested_by),
            "winners": list(self.winners),
        }
        if self.odd_chips:
            data["odd_chips"] = {name: money(value) for name, value in self.odd_chips.items()}
        return data


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One deal of a log that holds several: how it ended and who got what in it."""

    number: int
    outcome: Outcome
    pot: Decimal
    rake: Decimal
    awards: dict[str, Decimal]
    refunds: dict[str, Decimal]
    carried: Decimal
    """What this deal left in the middle for the next."""
    pots: tuple[PotSummary, ...] = ()
    """How the pot was divided, main pot first (empty when nobody won this deal)."""
    uncalled: dict[str, Decimal] = field(default_factory=dict)
    """Bets nobody called, handed back (part of ``refunds``)."""
    odd_chip: str = ""
    """The ``showdown.odd_chip`` setting that placed this deal's odd chips (empty when none was odd)."""
    net: dict[str, Decimal] = field(default_factory=dict)
    """Each player's gain or loss over this deal (chips left in the middle count as lost)."""

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "deal": self.number,
            "outcome": str(self.outcome),
            "pot": money(self.pot),
            "awards": {name: money(value) for name, value in self.awards.items()},
            "refunds": {name: money(value) for name, value in self.refunds.items()},
            "carried": money(self.carried),
        }
        if self.rake:
            data["rake"] = money(self.rake)
        if self.pots:
            data["pots"] = [pot.as_json() for pot in self.pots]
        if self.net:
            data["net"] = {name: money(value) for name, value in self.net.items()}
        return data


@dataclass(frozen=True, slots=True)
class Result:
    """Everything ``referee rule`` reports for one log under one rulebook."""

    rulebook: str
    rulings: tuple[Ruling, ...]
    outcome: Outcome
    pot: Decimal
    """Everything that went into the middle over the whole log (carried pots included once)."""
    awards: dict[str, Decimal]
    refunds: dict[str, Decimal]
    carried: Decimal
    net: dict[str, Decimal]
    """Each player's gain or loss over the whole log; ``sum(net) + carried + rake == 0``."""
    put_in: dict[str, Decimal] = field(default_factory=dict)
    rake: Decimal = Decimal(0)
    """The house's cut over every deal (an imported online hand's ``rake:``, taken per deal won)."""
    deals: tuple[DealSummary, ...] = ()
    """Each deal's own result, in order (one entry for a log of one deal)."""
    divergence: Divergence | None = None
    unruled: tuple[Action, ...] = ()
    """Lines that read but that the referee does not rule on, each with why."""
    actions: tuple[Action, ...] = ()
    winners_hands: dict[str, str] = field(default_factory=dict)
    """For each winner at a showdown, the hand in words."""
    stakes: dict[str, Decimal] = field(default_factory=dict)
    """Money each player put on the table (below zero: took off) during the log, table stakes. It
    changes his stack, not his net: ``sum(net) + carried + rake == 0`` is about play alone."""
    lines: tuple[LineOutcome, ...] = ()
    """Every event line of the log, in order, with what it did (applied, ruled or void)."""

    @property
    def void(self) -> tuple[LineOutcome, ...]:
        """The lines that did not play."""
        return tuple(line for line in self.lines if line.status is LineStatus.VOID)

    @property
    def clean(self) -> bool:
        """No ruling and no void line: only then is the hand "played by the rules"."""
        return not self.rulings and not self.void

    def as_json(self) -> dict[str, object]:
        """The JSON contract of DESIGN.md; amounts as exact decimal strings."""
        data: dict[str, object] = {
            "rulebook": self.rulebook,
            "rulings": [ruling.as_json() for ruling in self.rulings],
            "outcome": str(self.outcome),
            "pot": money(self.pot),
            "awards": {name: money(value) for name, value in self.awards.items()},
            "refunds": {name: money(value) for name, value in self.refunds.items()},
            "carried": money(self.carried),
            "net": {name: money(value) for name, value in self.net.items()},
        }
        if self.rake:
            data["rake"] = money(self.rake)
        if self.stakes:
            data["stakes"] = {name: money(value) for name, value in self.stakes.items()}
        if self.divergence is not None:
            data["divergence"] = self.divergence.as_json()
        if self.unruled:
            data["unruled"] = [
                {"line": line.line, "event": line.text, "why": line.note} for line in self.unruled
            ]
        if len(self.deals) > 1:
            data["deals"] = [deal.as_json() for deal in self.deals]
        elif self.deals:
            pots = self.deals[0].pots
            if len(pots) > 1 or any(len(pot.winners) > 1 for pot in pots):
                # One deal with side pots or a split pot: how it was divided (several deals: in ``deals``).
                data["pots"] = [pot.as_json() for pot in pots]
        data["lines"] = [line.as_json() for line in self.lines]
        return data


def cite_fields(cite: str, rule: str) -> dict[str, object]:
    """The cite's parts beside its words: ``cite_words`` (the same words as ``cite``, kept for
    readers of the older contract) and ``cites``, each place with its ``file`` (the only place a
    source file is named), ``source``, ``section``, ``item`` and any ``quote``; a silent row adds
    ``silent: true``, who is silent and what the row falls back on."""
    from referee.rulebook.cites import cite_json

    return {"cite_words": cite, **cite_json(cite)}


def money(value: Decimal) -> str:
    """An amount as players say it (``24``, ``0.25``, ``-11``); kept here for the modules that import it.

    The one formatter is :func:`referee.money.format_amount`.
    """
    return format_amount(value)
