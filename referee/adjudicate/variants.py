"""Hooks for the games whose mechanics differ, not only their data.

Most variants are data (the game catalog: deck, ranking, openers, draws). These few change how a
deal runs, and the replay calls them at the moment their rule bites:

* Wild Widow — the widow card makes the rest of its rank wild for the deal (:func:`wild_widow`);
* Jacks Back — when nobody opens, the same hands are played as ace-to-five lowball
  (:func:`jacks_back`), under some clubs' rule with a blind from the player left of the dealer
  (:func:`lowball_blind_posted`, :func:`lowball_blind_not_posted`, :func:`folds_for_the_blind`);
* progressive openers — each deal passed out in a row raises (then lowers) what it takes to open
  (:func:`next_deal_config`, with Jacks Back's switch undone);
* Trips to Win — a pot no hand qualifies for stays, and those who folded sit out the next deal
  (:func:`qualifies`, :func:`sit_out_after_no_qualifier`, :func:`seat_sitting_out`);
* the opener must win (Diablo) — a beaten opener matches the pot for the next deal
  (:func:`opener_matches_the_pot`);
* All for One — no more drawing once the pack holds fewer cards than players in the hand
  (:func:`pack_too_short`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.config import PlayConfig, ladder_step
from referee.adjudicate.detect.finding import Act, Finding, Subject, Wager, facts, worded
from referee.adjudicate.table import Phase
from referee.money import format_amount
from referee.rulebook.settings import Deck
from referee.rulebook.vocabulary import Fact, Kind, RemedyId
from referee.ruling import Action, Outcome

ZERO = Decimal(0)

if TYPE_CHECKING:
    from referee.adjudicate.replay import Replay
    from referee.adjudicate.table import HandState
    from referee.adjudicate.walk import Walk


def wild_widow(r: Replay, event: ev.Widow) -> None:
    """Wild Widow: the other three cards of the face-up card's rank are wild this deal."""
    from referee.hands.ranking import RankingError

    rank = event.card.rank
    note = f"{rank.plural if rank else 'nothing'} are wild"
    if rank is not None:
        ranking = r.config.ranking
        try:
            wild = replace(ranking, wild_ranks={*(str(w) for w in ranking.wild_ranks), rank.value})
        except RankingError:
            note = "nothing is wild: this game is played without wild cards"  # the 32-card game (001)
        else:
            r.state.config = replace(r.config, ranking=wild)
    r.track_cards(event, "widow", (event.card,))
    r.note(event, note)


def jacks_back(r: Replay) -> bool:
    """Jacks Back: nobody opened, so the same hands are played as ace-to-five lowball (once a deal).

    Returns whether the switch was made (otherwise the deal is passed out).
    """
    if not r.config.switch_to_lowball or r.state.switched:
        return False
    from referee.hands import Ranking

    r.state.switched = True
    joker = "wild" if r.config.deck is Deck.JOKER else "none"
    lowball = replace(Ranking.named("ace-to-five"), joker=joker)
    # "After the draw there is another betting round, begun by the first active player to
    # dealer's left" (001 Jacks Back, paragraph 3): the low round has no opener to speak first.
    # "Some play that check-raising is not allowed in the Lowball part" (paragraph 6).
    r.state.config = replace(
        r.config,
        ranking=lowball,
        openers="anything",
        opener_speaks_first=False,
        check_raise=r.config.check_raise and r.config.lowball_check_raise,
    )
    r.state.start_round()
    r.state.round_index = 0
    said = "nobody opened: the same hands are played as ace-to-five lowball"
    due = r.state.first_to_act() if r.config.lowball_blind else None
    if due is not None:
        # "when the game changes to Lowball the player to dealer's left must place a 'blind' bet"
        # (paragraph 5): until he posts it (or passes, or folds) the round waits on him.
        r.state.blind_due = due
        said += f"; {due} must post a blind of {format_amount(lowball_blind_size(r, due))}"
    r.actions.append(Action(0, "", said))
    return True


def lowball_blind_size(r: Walk, name: str) -> Decimal:
    """The blind the lowball part asks for. The page names no size; the blind stands in for the
    opening bet nobody made, so it is the least bet the limit allows (a fixed limit's low bet, a
    spread limit's least), or the ante where the limit names no least bet (no limit, pot limit)."""
    least, _most = r.state.bet_bounds(name)
    return least if least is not None and least > ZERO else r.config.ante


def lowball_blind_posted(r: Replay, event: ev.Post) -> bool:
    """``Ann posts blind 2`` from the player who owes the lowball blind: it is the round's bet, the
    round begins left of him, and, as a big blind, he may raise when the action comes back to him
    though nobody raised (paragraph 5: "The player who placed the blind may raise after everyone
    else has acted even if nobody did more than call"; ``blinds.blind_may_raise`` governs it)."""
    state = r.state
    name = event.player
    if r.state.blind_due != name or state.phase is not Phase.BETTING or not state.seats[name].in_hand:
        return False
    r.state.blind_due = None
    r.pay(name, event.amount, betting=True, blind=True)
    state.blind_posters.append(name)
    state.action_blind = name
    state.current_bet = state.seats[name].put_in_round
    state.bets_this_round = 1 if state.current_bet else 0
    state.last_raise = state.current_bet
    r.note(event, "the lowball blind: the round's bet")
    r.after_action()
    return True


def lowball_blind_not_posted(r: Walk, event: ev.Event, name: str) -> Generator[Finding, None, bool]:
    """The player who owes the lowball blind acts at his turn without posting it.

    A pass is a check facing the bet the club's rule asks of him (check-facing-bet, as the rulebook
    rules it); returns True when that was ruled. A bet, call or raise is his own action and is
    played as made (a bet in place of the blind leaves him no option at the end).
    """
    if r.state.blind_due != name:
        return False
    if not isinstance(event, ev.Check):
        r.state.blind_due = None
        return False
    state = r.state
    seat = state.seats[name]
    owed = format_amount(lowball_blind_size(r, name))

    explain = worded(
        f"{name} had to post the lowball blind of {owed} and checked instead",
        {
            RemedyId.HAND_DEAD: "that is a fold: the hand is dead and the chips stay in the pot.",
            RemedyId.BET_WITHDRAWN: "the check does not count, and he must still post the blind or fold.",
        },
    )

    finding = Finding(
        Kind.CHECK_FACING_BET,
        event,
        facts(state, {Fact.RAISED_SINCE_HE_ACTED: False}),
        Subject(player=name, wager=Wager(Act.CHECK, seat.put_in_round, event)),
        explain,
    )
    yield finding
    if not seat.in_hand or state.expected_actor() != name:
        r.state.blind_due = None
    r.note(event, "a pass instead of the blind: folded" if not seat.in_hand else "")
    return True


def folds_for_the_blind(r: Replay, name: str) -> bool:
    """He folds rather than post the lowball blind he owes: a fold facing a bet, not an improper one."""
    if r.state.blind_due != name:
        return False
    r.state.blind_due = None
    return True


def next_deal_config(r: Replay) -> PlayConfig:
    """The rules of play for the coming deal: the rulebook's own (a Jacks Back switch or a wild
    widow lasted one deal), with the progressive ladder moved on."""
    if r.state.outcome is Outcome.PASSED_OUT:
        r.passed_in_a_row += 1
    elif r.state.outcome is not Outcome.MISDEAL:
        r.passed_in_a_row = 0
    config = r.base_config
    if config.openers_ladder:
        step = ladder_step(config.openers_ladder, r.passed_in_a_row, config.ladder_after_top)
        config = replace(config, openers=f"{step}-or-better")
    return config


def qualifies(r: Replay, value: object) -> bool:
    """Trips to Win: does a shown hand's value meet what it takes to win the pot?"""
    requirement = r.config.win_requirement
    if not requirement:
        return True
    from referee.adjudicate.showdown import meets

    return meets(r.config, value, requirement)


def sit_out_after_no_qualifier(r: Replay) -> None:
    """Trips to Win: no hand qualified, so those who folded sit out the next deal (001)."""
    if r.config.folded_out_when_nobody_qualifies:
        r.sitting_out = {name for name, seat in r.state.seats.items() if not seat.in_hand}


def seat_sitting_out(r: Replay, fresh: HandState) -> None:
    """Keep out of the coming deal those who sit it out (only after a carried pot)."""
    if r.state.outcome is not Outcome.POT_CARRIED:
        r.sitting_out = set()
    for name in r.sitting_out:
        fresh.seats[name].in_hand = False
        fresh.seats[name].folded = True


def opener_matches_the_pot(r: Replay, opener: str | None, live: list[str], pot: Decimal) -> None:
    """Diablo: the beaten opener puts up a new pot the size of the one just won, or the house's limit
    on it when that is less (001, the section after Wild Widow, paragraph 2, sentence 2)."""
    if not r.config.opener_must_win_or_match or opener not in live or r.state.last_split is None:
        return
    if opener in r.state.last_split.awards:
        return
    cap = r.config.opener_match_cap
    capped = cap is not None and cap < pot
    amount = r.ledger.match(opener, cap if cap is not None and capped else pot)
    r.state.opener_matched = True
    limit = f" (the new pot is limited to {format_amount(cap)})" if cap is not None and capped else ""
    r.actions.append(
        Action(0, "", f"{opener} opened and lost: {opener} puts {amount} into the next pot{limit}")
    )


def pack_too_short(r: Walk) -> bool:
    """All for One: fewer cards left than players in the hand, so no more drawing (001)."""
    left = len(r.deck) - r.state.cards_out
    return r.config.until_pack_runs_out and left < len(r.state.live())
