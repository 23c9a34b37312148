"""Play goes on: nothing changes (play-on), or the row sends the finding to another table (same-as)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.adjudicate.remedies.betting import stand_as_made

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay, Verdict


def play_on(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``play-on``: nothing changes — the deal and the cards stand (an exposed card stays in its
    hand), an action at issue stands as made (a fold too), and discards taken back stay taken back."""
    from referee.adjudicate.remedies.cards import retrieval_stands

    stand_as_made(r, finding)
    retrieval_stands(r, finding)


def same_as(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``same-as``: ``Replay.rule`` asks the named kind's table and applies that row's remedy, so
    this is reached only where a finding cannot be ruled as another kind (which ``rulebook check``
    refuses): nothing to apply."""
