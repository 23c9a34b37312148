"""Deal remedies: the deal is void and dealt again (misdeal), or stopped with every chip back (refund-all)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from referee.adjudicate.table import Phase
from referee.rulebook.vocabulary import MisdealAntes, Redeal
from referee.ruling import Outcome

if TYPE_CHECKING:
    from referee.adjudicate.detect import Finding
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.verdict import Verdict

ZERO = Decimal(0)


def misdeal(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``misdeal``: void the deal; bets go back, antes stay (``antes: refund``: they go back too);
    the redeal by the rulebook's dealer.

    The subject's ``dealt_by`` is who actually dealt when it was not the player whose deal it was
    (a wrong dealer): ``redeal: same-dealer`` has him deal again, ``proper-dealer`` the header's dealer.
    """
    state = r.state
    refund_antes = verdict.params.get("antes") == MisdealAntes.REFUND
    ledger = r.ledger
    for name, seat in state.seats.items():
        back = seat.put_in if refund_antes else seat.put_in - ledger.forced_in(name)
        if seat.credit:
            seat.credit = ZERO
        if back > ZERO:
            r.give_back(name, back)
    ledger.carry_deal()  # the antes (and blinds) stay in the middle for the redeal
    if refund_antes:
        for name in ledger.players:
            share = ledger.share(name)
            if share > ZERO and ledger.carried >= share:
                ledger.refund(name, share)
    state.misdeals_by_dealer += 1
    redeal = verdict.params.get("redeal", Redeal.SAME_DEALER)
    passes = r.config.deal_passes_after_misdeals
    passed_on = passes is not None and state.misdeals_by_dealer >= passes
    r.state.next_dealer_after_misdeal = redeal == Redeal.NEXT_DEALER or passed_on
    r.state.outcome = Outcome.MISDEAL
    r.state.void_reason = "after the misdeal"
    state.phase = Phase.OVER
    r.state.pending.clear()
    dealt_by = finding.subject.dealt_by
    moved = dealt_by is not None and dealt_by != state.dealer and not r.state.next_dealer_after_misdeal
    if moved and redeal == Redeal.SAME_DEALER and dealt_by is not None:
        # The player who dealt deals again, from his own seat: the button moves to him.
        state.dealer = dealt_by


def refund_all(r: Replay, finding: Finding, verdict: Verdict) -> None:
    """``refund-all``: play stops; every chip in the pot goes back to whoever put it in."""
    state = r.state
    for name, seat in state.seats.items():
        seat.credit = ZERO
        r.ledger.refund(name, r.ledger.share(name))
    r.ledger.carry_deal()  # nothing of this deal is left once everyone has his chips back
    r.state.outcome = Outcome.MISDEAL
    r.state.void_reason = "play was stopped and every chip given back"
    state.phase = Phase.OVER
    r.state.pending.clear()
