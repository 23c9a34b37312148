"""What a rulebook says about one finding, and the rulebook as the engine asks it.

Its own module so that detectors, remedies and the walk all name a decision without importing
one another: the walk asks the ``Judge``, a remedy's handler reads the ``Verdict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from referee.adjudicate.detect.finding import FactValue
from referee.rulebook.vocabulary import Fact, Kind, RemedyId
from referee.ruling import RowCheck


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a rulebook's decision table says about one finding."""

    remedy: RemedyId
    """The decision: the remedy its handler applies."""
    rule: str
    cite: str
    summary: str
    params: Mapping[str, str] = field(default_factory=dict)
    """The row's remedy parameters, as written (``chips: opening-bet-stays``)."""
    tried: tuple[RowCheck, ...] = ()


class Judge(Protocol):
    """The rulebook, as the replay sees it."""

    @property
    def name(self) -> str: ...

    def decide(self, kind: Kind, facts: Mapping[Fact, FactValue]) -> Verdict: ...
