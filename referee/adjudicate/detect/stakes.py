"""Money on the table: a player puts more on (``Ann adds 20``) or takes some off (``Ann takes off 10``),
and the least a player may play a deal with (``game.stakes.minimum``).

Scarne (000, Optional Betting Limits, Table Stakes or Freeze-Out): "A player may increase or
decrease the amount he has on the table, but only after a showdown and before the next deal", and
"after the tapping-out hand, the player may continue playing by putting more money on the table".
Between deals the change is clean play and the ledger makes it at once; while a deal is under way
it is an irregularity the rulebook rules on. Either way it moves no pot: the player's stack
changes, his net (what play won or lost) does not.

"Each player puts up a certain amount of money on the table, but not less than a minimum agreed on
beforehand" (same paragraph, sentence 1): at each deal's first line, a player whose stake is below the
house's minimum is a finding the rulebook rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Finding, Subject, facts, worded
from referee.adjudicate.table import Phase
from referee.money import format_amount
from referee.rulebook.vocabulary import Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk

ZERO = Decimal(0)


def deal_under_way(r: Walk) -> bool:
    """A deal has begun (a card dealt, or an ante or blind in) and its pot is not settled yet."""
    state = r.state
    if state.phase is Phase.OVER:
        return False
    return state.phase is not Phase.BEFORE_DEAL or r.ledger.forced_total() > ZERO


def stack_changed(r: Walk, event: ev.StackChanged) -> Iterator[Finding]:
    name = event.player
    stack = r.ledger.stack(name)
    amount = event.amount if event.added else -event.amount
    words = f"{format_amount(event.amount)} {'on' if event.added else 'off'} the table"
    if stack is None:
        why = f"the log gives no stack for {name} (`stacks:` in the header): money on the table is not kept"
        r.unruled(event, why)
        return
    if not event.added and event.amount > stack:
        r.unruled(event, f"{name} has only {format_amount(stack)} on the table")
        return
    if not deal_under_way(r):
        r.ledger.change_stake(name, amount)
        now = r.ledger.stack(name)
        r.note(event, f"{name} now has {format_amount(now or ZERO)} on the table")
        return
    what = f"{name} put {words}" if event.added else f"{name} took {words}"
    what += " during a deal"

    explain = worded(
        what,
        {
            RemedyId.STAKE_DEFERRED: (
                "it counts only from the next deal, and in this one he plays with what he had."
            ),
            RemedyId.PLAY_ON: "the change stands at once.",
        },
    )

    finding = Finding(
        Kind.STAKE_CHANGED_IN_HAND, event, facts(r.state, {}), Subject(player=name, stake=amount), explain
    )
    yield finding


def below_minimum(r: Walk, event: ev.Event) -> Iterator[Finding]:
    """At a deal's first line (money put on or taken off the table before it already counted): rule on
    each player whose stake is below the agreed minimum. Players already sitting the deal out are
    not asked; without stacks in the log there is no stake to measure."""
    least = r.config.stake_minimum
    if least is None:
        return
    for name in r.state.order:
        stake = r.ledger.stack(name)
        if stake is None or stake >= least or name in r.sitting_out:
            continue
        what = (
            f"{name} has {format_amount(stake)} on the table, less than the agreed minimum of "
            f"{format_amount(least)}"
        )

        def explain(v: Verdict, what: str = what, name: str = name) -> str:
            if v.remedy is RemedyId.HAND_DEAD:
                return f"{what}; {name} sits this deal out (no ante, no cards) until the stake is brought up."
            if v.remedy is RemedyId.PLAY_ON:
                return f"{what}; {name} plays the deal with what is on the table."
            return f"{what}: {v.summary}"

        subject = Subject(player=name, before_antes=True)
        yield Finding(Kind.STAKE_BELOW_MINIMUM, event, facts(r.state, {}), subject, explain)
