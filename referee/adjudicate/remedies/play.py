"""Play goes on: nothing changes (play-on), the row sends the finding to another table (same-as), or
money put on the table during a deal waits for the next one (stake-deferred)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.adjudicate.remedies.betting import stand_as_made

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict


def play_on(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``play-on``: nothing changes — the deal and the cards stand (an exposed card stays in its
    hand), an action at issue stands as made (a fold too), and discards taken back stay taken back."""
    from referee.adjudicate.remedies.cards import retrieval_stands

    stand_as_made(r, finding)
    retrieval_stands(r, finding)
    if finding.subject.stake is not None and finding.player is not None:
        r.ledger.change_stake(finding.player, finding.subject.stake)  # the change stands, now


def stake_deferred(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``stake-deferred``: the money put on (or taken off) the table counts from the next deal; in
    this one he plays with what he had."""
    if finding.subject.stake is not None and finding.player is not None:
        r.ledger.defer_stake(finding.player, finding.subject.stake)


def same_as(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``same-as``: ``Replay.rule`` asks the named kind's table and applies that row's remedy, so
    this is reached only where a finding cannot be ruled as another kind (which ``rulebook check``
    refuses): nothing to apply."""
