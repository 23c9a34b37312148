"""Irregularities of the draw: a player skipped or served out of turn, discarded and not served,
over the most he may draw, served the wrong number, discards that do not match, and the pack
running out."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate import variants
from referee.adjudicate.detect.finding import FactValue, Finding, Serving, Subject, facts, worded
from referee.adjudicate.table import Phase, ServedFirst
from referee.cards import UNKNOWN, Card, Rank
from referee.rulebook.vocabulary import DrawProblem, ExtraOrShort, Fact, Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk

_ACE = Rank.ACE


def draw(r: Walk, event: ev.Draw) -> Iterator[Finding]:
    state = r.state
    name = event.player
    seat = state.seats[name]
    if state.phase is not Phase.DRAW:
        if (
            state.phase is Phase.BETTING
            and state.round_complete()
            and state.draw_index < r.config.draws
            and not variants.pack_too_short(r)
        ):
            state.phase = Phase.DRAW
            state.draw_index += 1
            state.served_this_draw = []
        else:
            r.note(event, "not during a draw")
            return
    _settle_earlier_replacements(r)
    if (yield from _serves_fifth_card(r, event)):
        return
    expected = state.next_to_draw()
    limit = _max_draw(r, seat.cards, event)
    deck_left = _stub_left(r)
    findings = False
    if (
        expected is not None
        and expected != name
        and seat.drew < state.draw_index
        and expected not in r.state.skipped_on_draw
    ):
        skipped = expected
        r.state.skipped_on_draw.add(skipped)
        what = f"{name} drew before {skipped}"
        yield (
            Finding(
                Kind.DRAW_IRREGULARITY,
                event,
                facts(state, draw_facts(r, skipped, DrawProblem.OUT_OF_TURN)),
                Subject(player=skipped),
                lambda v: _draw_explanation(v, what, skipped),
            )
        )
        findings = True
        r.state.discarded_waiting.pop(skipped, None)
    waiting = r.state.discarded_waiting.pop(name, None)
    for other in list(r.state.discarded_waiting):
        if other != name:
            r.state.discarded_waiting.pop(other)
            specific = {
                **draw_facts(r, other, DrawProblem.DISCARDED_NOT_DRAWN),
                Fact.NEXT_PLAYER_SERVED: True,
            }
            # Ruled at this draw, where the table finds him passed over: at his own discard line
            # nothing had gone wrong yet.
            yield (
                Finding(
                    Kind.DRAW_IRREGULARITY,
                    event,
                    facts(state, specific),
                    Subject(player=other),
                    draw_explainer(other, f"{other} discarded and was not served"),
                )
            )
            findings = True
    count = event.count
    size = r.config.hand_size
    if r.config.one_or_all and count not in (0, 1, size):
        limit = 1  # All for One: one card or all five
    elif r.config.one_or_all and count == size:
        still_to_draw = [n for n in state.live() if n != name and state.seats[n].drew < state.draw_index]
        if deck_left - count < len(still_to_draw):
            limit = 1  # five new cards would leave someone still to draw without one
    if count > limit:
        # What he threw: the cards the line names, or those a discard line took; a bare count names
        # none, and the dealer "must wait until the player discards a like number" (Scarne, The
        # Draw), so he throws what he is served.
        thrown = len(event.discards) or (len(waiting.cards) if waiting else limit)
        serving = Serving(count, limit, thrown)
        specific = {
            **draw_facts(r, name, DrawProblem.OVER_MAX),
            Fact.EXTRA_OR_SHORT: ExtraOrShort.EXTRA,
            Fact.PLAYER_DISCARDED: True,
        }
        yield (
            Finding(
                Kind.DRAW_IRREGULARITY,
                event,
                facts(state, specific),
                Subject(player=name, serving=serving),
                _over_max_explainer(name, count, limit, thrown),
                headline=lambda v: (
                    "he is served only the most allowed; his hand is short and dead"
                    if v.remedy is RemedyId.DRAW_LIMITED and thrown > limit
                    else None
                ),
            )
        )
        findings = True
        count = serving.count
    if count > deck_left:
        yield from _pack_check(r, event, name, count, f"the pack ran out on {name}'s draw")
        findings = True
    discards = list(event.discards) or (list(waiting.cards) if waiting else [])
    received = list(event.received)[:count]
    if not discards and count:
        # Served with no discard written yet: a discard line of his later in this draw is its late
        # discard (late_discard), read against the hand he had before these cards came.
        state.served_first[name] = ServedFirst(
            state.draw_index, count, tuple(seat.cards), tuple(received), len(seat.discarded)
        )
    if waiting is not None and not event.discards:
        # The discards were already taken out by the Discard line.
        state.give(name, received if received else [UNKNOWN] * count)
    else:
        state.replace_cards(name, discards, count, received)
    owed = r.state.owed_cards.pop(name, 0)
    thrown = len(event.discards) or (len(waiting.cards) if waiting else 0)
    if r.config.five_four_then_one and not owed and thrown == size and count == size - 1:
        # Five cards are served four at once and the fifth after everyone else (002 item 5).
        state.fifth_owed[name] = 1
        owed = -1
    if event.discards and len(event.discards) + owed != count and not findings:
        # He was served what he asked for; his discards went face down. The table learns that his
        # hand is the wrong size only when it is shown or counted, and it is ruled there
        # (miscount_found, showing.foul_hand); until then he plays on and his bets are bets.
        seat.miscounted = True
        r.note(
            event,
            f"{name} threw {len(event.discards)} cards and took {count}, so {name} holds {len(seat.cards)}; "
            "nothing is ruled until his hand is shown or counted",
        )
    key = (state.draw_index, name)
    if key in state.held_to_request and state.draw_requests[key] != event.count:
        # A ruling held him to the number he first asked for; the table served him otherwise.
        asked = state.draw_requests[key]
        r.diverge(event, f"{name} was held to the {asked} cards first asked for, but drew {event.count}")
    r.track_cards(event, name, event.received)
    state.cards_out += count
    seat.drew = state.draw_index
    r.drawn[(state.deal_number, state.draw_index, name)] = count
    state.served_this_draw.append(name)
    state.draw_moves.append(name)
    r.note(event, "the fifth card comes after everyone else has drawn" if name in state.fifth_owed else "")
    yield from _replace_after_draw(r, event)
    r.after_action()


def miscount_found(r: Walk, event: ev.Event, name: str, count: int) -> Generator[Finding, None, bool]:
    """``Cy has 4 cards`` said of a player whose own discards left him the wrong number on the draw,
    before the showdown: the table finds out here, and the rulebook's draw rows for discards that
    make a hand incorrect (``discard-mismatch``) rule it now. False when this is not such a case
    (the dealer's miscount, the deal, or the showdown, where a wrong hand is a foul hand)."""
    state = r.state
    seat = state.seats.get(name)
    if (
        seat is None
        or not seat.miscounted
        or not seat.in_hand
        or count == r.config.hand_size
        or state.draw_index == 0
        or state.phase not in (Phase.DRAW, Phase.BETTING)
    ):
        return False
    seat.miscounted = False
    extra = count > r.config.hand_size
    specific = {
        **draw_facts(r, name, DrawProblem.DISCARD_MISMATCH),
        Fact.EXTRA_OR_SHORT: ExtraOrShort.EXTRA if extra else ExtraOrShort.SHORT,
        Fact.PLAYER_DISCARDED: True,
    }
    thrown = "fewer" if extra else "more"
    what = f"{name} holds {count} cards, having thrown {thrown} cards than were asked for"
    yield (
        Finding(
            Kind.DRAW_IRREGULARITY,
            event,
            facts(state, specific),
            # The cards he holds were counted off the pack as they were served.
            Subject(player=name, held=count, counted=True),
            lambda v: _draw_explanation(v, what, name),
        )
    )
    return True


def late_discard(r: Walk, event: ev.Discard) -> Iterator[Finding]:
    """``Bob discards 9c 4d`` after ``Bob draws 2`` on the same draw, with no discard of his
    written before: the dealer served him before he threw (Scarne, 000 The Draw, paragraph 2: "The
    dealer must wait until the player discards a like number before dealing the new cards"; Pagat,
    001 The Draw, paragraph 2; Bicycle, 004 Principal Forms, paragraph 3: "the player must always
    discard before taking any new cards"). It is the discard of that draw, made late, not a second
    discard waiting for cards: the rulebook rules it (``served-before-discard``), and the walk then
    takes the cards out of the hand he held before the draw (``Replay._late_discard``). Nothing is
    found when the line is no such discard: he threw a card the log says he was just given, or one
    he never held."""
    state = r.state
    name = event.player
    first = state.served_first.get(name)
    if first is None or late_hand(r, event, first) is None:
        return
    count = first.count
    cards = " ".join(card.symbol() for card in event.cards)
    what = f"{name} was served {count} {'card' if count == 1 else 'cards'} before he discarded {cards}"
    specific = {**draw_facts(r, name, DrawProblem.SERVED_BEFORE_DISCARD), Fact.PLAYER_DISCARDED: True}
    yield Finding(
        Kind.DRAW_IRREGULARITY,
        event,
        facts(state, specific),
        Subject(player=name),
        lambda v: _draw_explanation(v, what, name),
    )


def late_hand(r: Walk, event: ev.Discard, first: ServedFirst) -> list[Card] | None:
    """What is left of the hand he held before the draw once ``event``'s cards are out of it, or
    None when the discard cannot be that draw's late discard."""
    seat = r.state.seats[event.player]
    if (
        r.state.phase is not Phase.DRAW
        or first.draw_index != r.state.draw_index
        or not event.cards
        # What was left of his hand comes first (``replace_cards`` puts the draw's cards last).
        or len(seat.cards) < len(first.before) - first.count
    ):
        return None
    kept = list(first.before)
    for card in event.cards:
        if card in first.received:
            return None  # he threw a card he was just given: not the discard the draw waited for
        if card in kept:
            kept.remove(card)
        elif UNKNOWN in kept:
            kept.remove(UNKNOWN)  # his hand as dealt was not written: one of its unknown cards
        else:
            return None
    return kept


def request(r: Walk, event: ev.DrawRequest) -> None:
    """``Bob asks for 3``: what the table heard him ask for, for the draw now or next."""
    state = r.state
    key = (state.coming_draw(), event.player)
    state.draw_requests[key] = event.count
    state.request_moment.setdefault(key, (len(state.draw_moves), state.actions_taken))
    state.draw_moves.append(event.player)
    r.note(event, "")


def request_changed(r: Walk, event: ev.DrawRequestChanged) -> Iterator[Finding]:
    """``Bob changes his draw to 2``: the rulebook says whether the change stands (draw-irregularity,
    changed-request), by whether his cards were already dealt and whether others acted on it."""
    state = r.state
    name = event.player
    key = (state.coming_draw(), name)
    first = state.draw_requests.get(key)
    dealt = state.served(name)
    moves, actions = state.request_moment.get(key, (len(state.draw_moves), state.actions_taken))
    # Another player asked for his cards, was served or bet since the first request.
    others_acted = any(other != name for other in state.draw_moves[moves:]) or state.actions_taken > actions
    state.draw_requests[key] = event.count
    specific = {
        **draw_facts(r, name, DrawProblem.CHANGED_REQUEST),
        Fact.CARDS_DEALT: dealt,
        Fact.OTHERS_ACTED_ON_IT: others_acted,
    }
    was = f" from {first}" if first is not None else ""
    what = f"{name} changed the number of cards asked for{was} to {event.count}"
    yield (
        Finding(
            Kind.DRAW_IRREGULARITY,
            event,
            facts(state, specific),
            Subject(player=name, requested=first),
            lambda v: _draw_explanation(v, what, name),
        )
    )


def hold_to_request(r: Walk, name: str, first: int) -> None:
    """The player must take the number of cards he first asked for (``card-kept`` on a change)."""
    state = r.state
    key = (state.coming_draw(), name)
    state.draw_requests[key] = first
    state.held_to_request.add(key)


def _serves_fifth_card(r: Walk, event: ev.Draw) -> Generator[Finding, None, bool]:
    """``Ann draws 1`` once she has been served four of a five-card draw: the fifth card."""
    state = r.state
    name = event.player
    owed = state.fifth_owed.get(name, 0)
    if not owed or event.discards or event.count != owed or state.seats[name].drew < state.draw_index:
        return False
    del state.fifth_owed[name]
    # "If the last player wishes to draw five new cards, four are dealt right away, and a card is
    # burned before the player receives a fifth card" (002 Rules for Draw High, item 5): nobody was
    # served between his four and his fifth.
    burn = 1 if state.draw_moves and state.draw_moves[-1] == name else 0
    yield from _pack_check(r, event, name, owed + burn, f"the pack ran out on {name}'s fifth card")
    state.cards_out += burn
    received = list(event.received)[:owed]
    state.give(name, received or [UNKNOWN] * owed)
    r.track_cards(event, name, event.received)
    state.cards_out += owed
    key = (state.deal_number, state.draw_index, name)
    r.drawn[key] = r.drawn.get(key, 0) + owed
    r.note(event, "the fifth card of a five-card draw" + (", after a burn card" if burn else ""))
    yield from _replace_after_draw(r, event)
    return True


def _stub_left(r: Walk) -> int:
    """Cards the stub can still deal (the bottom card kept back unless the book deals it)."""
    return len(r.deck) - r.state.cards_out - (0 if r.config.bottom_card_dealt else 1)


def _deck_exhausted(r: Walk, event: ev.Event, name: str, what: str) -> Finding:
    """The pack has run out with ``name`` to serve: the book's deck-exhausted row rules it."""
    return Finding(
        Kind.DECK_EXHAUSTED,
        event,
        facts(r.state, {}),
        Subject(player=name),
        lambda v: f"{what}; {v.summary or v.remedy}",
    )


def _pack_check(r: Walk, event: ev.Event, name: str, count: int, what: str) -> Iterator[Finding]:
    """Rule on the pack running out before ``count`` more cards can be dealt to ``name``."""
    if count > _stub_left(r):
        yield _deck_exhausted(r, event, name, what)


def reshuffle_written(r: Walk, event: ev.Reshuffle) -> Iterator[Finding]:
    """``reshuffle`` on the draw, checked against the rulebook's deck-exhausted row.

    Every book reshuffles the discards only when the stub cannot serve the draw (000 item 1: "should
    the pack become exhausted"; 004 The Draw, paragraph 3: "if the pack exclusive of this card does
    not suffice"), keeping out the discards it excludes. Written when the stub has run out with a
    player still to draw, it is that course: ruled by the book's row, whose remedy rebuilds the
    stub from the discards it lets in (a kept-out card dealt later is then an imperfect pack).
    Written while the stub still holds cards, no book has a rule for it: the line says so and the
    referee goes on serving from the stub.
    """
    state = r.state
    left = _stub_left(r)
    if left > 0:
        if any(seat.reshuffled for seat in state.seats.values()):
            r.note(event, "the discards were reshuffled when the pack ran out, as ruled above")
            return
        cards = "card" if left == 1 else "cards"
        r.unruled(
            event,
            f"the stub still held {left} {cards}: the books reshuffle the discards only when the pack "
            "is exhausted on the draw (deck-exhausted) and are silent on a reshuffle made before; "
            "the draw is served from the stub",
        )
        return
    waiting = state.next_to_draw()
    if waiting is None:
        r.unruled(event, "the pack is used up but nobody is left to draw: there is nothing to reshuffle for")
        return
    yield _deck_exhausted(r, event, waiting, f"the pack had run out with {waiting} still to draw")


def _replace_after_draw(r: Walk, event: ev.Event) -> Iterator[Finding]:
    """Once everyone has been served, dead cards of this draw are replaced (``replace: after-draw``)."""
    state = r.state
    if not state.replacements_owed or state.next_to_draw() is not None:
        return
    for _, owner in [item for item in state.replacements_owed if item[0] == state.draw_index]:
        yield from _pack_check(r, event, owner, 1, f"the pack ran out replacing {owner}'s dead card")
        state.cards_out += 1
    state.replacements_owed = [item for item in state.replacements_owed if item[0] != state.draw_index]


def _settle_earlier_replacements(r: Walk) -> None:
    """Dead cards of an earlier draw that ended without the log serving everyone: replaced by now."""
    state = r.state
    earlier = [item for item in state.replacements_owed if item[0] < state.draw_index]
    if earlier:
        state.cards_out += len(earlier)
        state.replacements_owed = [item for item in state.replacements_owed if item[0] >= state.draw_index]


def _max_draw(r: Walk, cards: list[Card], event: ev.Draw) -> int:
    if r.config.later_max_draw is not None and r.state.draw_index > 1:
        return r.config.later_max_draw  # the draws after the first (001 Two Draws: one or two)
    most = r.config.hand_size if r.config.five_card_draw else r.config.max_draw
    with_ace = r.config.max_draw_with_ace
    if with_ace is not None:
        # Cards compared by index (what Card.__eq__ compares) and the rank by identity: no
        # Python-level call per card on every draw.
        thrown = {card.index for card in event.discards}
        if any(c.rank is _ACE for c in cards if c.index not in thrown):
            most = max(most, with_ace)
    return most


def draw_facts(r: Walk, name: str, problem: DrawProblem) -> dict[Fact, FactValue]:
    """The draw-irregularity facts for the player ``name`` (the skipped one, for a draw out of turn)."""
    state = r.state
    seat = state.seats[name]
    return {
        Fact.DRAW_PROBLEM: problem,
        Fact.EXTRA_OR_SHORT: ExtraOrShort.NONE,
        # "Before he has looked at any of the cards" (004, Wrong number of cards): the cards of
        # this draw, which only a line such as `Cy looks at his cards` after his draw can show.
        Fact.PLAYER_LOOKED: state.draw_index > 0 and seat.looked_at == state.draw_index,
        Fact.NEXT_PLAYER_SERVED: bool(state.served_this_draw) and state.served_this_draw[-1] != name,
        Fact.PLAYER_DISCARDED: name in r.state.discarded_waiting or bool(seat.discarded),
        # The dealer serving himself "must take the exact number of cards laid off the deck for
        # himself" (000 The Draw, paragraph 3): nobody is there to put his count right.
        Fact.DEALER_DRAWING: name == state.dealer,
        # Whether his cards were dealt matters only to a changed request, which says so itself.
        Fact.CARDS_DEALT: False,
        Fact.OTHERS_ACTED_ON_IT: False,
        # A draw after the first, where the game's later most applies (the limit above reads the same).
        Fact.LATER_DRAW: state.draw_index > 1,
    }


def _over_max_explainer(name: str, count: int, limit: int, thrown: int) -> Callable[[Verdict], str]:
    """An over-the-maximum draw: served the most allowed, he plays on — unless he threw more cards
    than that, which leaves his hand short (the remedy's words: his hand is then foul)."""
    what = f"{name} drew {count} cards where {limit} is the most"

    def explain(verdict: Verdict) -> str:
        if verdict.remedy is RemedyId.DRAW_LIMITED and thrown > limit:
            return (
                f"{what}; only {limit} {'is' if limit == 1 else 'are'} served, and having thrown {thrown}, "
                f"{name} holds too few cards: the hand is foul and dead."
            )
        if verdict.remedy is RemedyId.DRAW_LIMITED:
            return f"{what}; only {limit} {'is' if limit == 1 else 'are'} served, and {name} plays on."
        return _draw_explanation(verdict, what, name)

    return explain


def draw_explainer(holder: str, what: str) -> Callable[[Verdict], str]:
    return lambda verdict: _draw_explanation(verdict, what, holder)


def _draw_explanation(verdict: Verdict, what: str, holder: str) -> str:
    words = {
        RemedyId.HAND_DEAD: f"{what}; {holder}'s hand is dead.",
        RemedyId.HAND_STANDS: f"{what}; the hands stand as they are.",
        RemedyId.PLAY_ON: f"{what}; play goes on.",
        RemedyId.DRAW_LIMITED: f"{what}; only the most the rules allow are served.",
        RemedyId.CARD_KEPT: f"{what}; the cards as dealt must be kept.",
        RemedyId.HAND_CORRECTED: f"{what}; the count is put right.",
        RemedyId.MISDEAL: f"{what}; it is a misdeal.",
    }
    return words.get(verdict.remedy, f"{what}: {verdict.summary}")


# --- looking at the cards -------------------------------------------------------------------------


def looks_at_cards(r: Walk, event: ev.LooksAtCards) -> None:
    """``Cy looks at his cards``: once served on this draw he has looked at the cards of his draw, so
    a wrong number called after this line was not called "before he has looked at any of the cards"
    (Bicycle, 004 Wrong number of cards), and the rulebook rules it with ``player_looked: yes``.
    Before the draw he looks at his hand as dealt (``player_looked`` of a wrong count on the deal)."""
    state = r.state
    name = event.player
    seat = state.seats[name]
    if not seat.in_hand:
        r.note(event, f"{name} is no longer in the hand; nothing turns on what he looks at")
        return
    served = r.drawn.get((state.deal_number, state.draw_index, name), 0)
    if state.draw_index and seat.drew >= state.draw_index and served:
        seat.looked_at = state.draw_index
        r.note(event, f"{name} has looked at the cards of his draw")
    elif not state.draw_index:
        seat.looked_at = 0
        r.note(event, f"{name} has looked at his hand")
    else:
        # Before his cards of this draw came, or standing pat: there is no new card to have seen.
        r.note(event, f"{name} looks at his hand; no card of this draw has reached him")


# --- discards taken back --------------------------------------------------------------------------


def discards_picked_up(r: Walk, event: ev.DiscardsPickedUp) -> Iterator[Finding]:
    """``Bob picks up his discards``: the rulebook says whether cards once thrown may come back (to
    prove openers, say) or stay out of play."""
    state = r.state
    name = event.player
    seat = state.seats[name]
    retrieved = tuple(seat.discarded[seat.reshuffled :])
    if not retrieved and not seat.folded:
        r.unruled(event, f"{name} has no discards to pick up")
        return
    what = f"{name} took back his {'discards' if retrieved else 'thrown-in hand'}"

    explain = worded(
        what,
        {
            RemedyId.DISCARDS_DEAD: "cards once discarded cannot be taken back, so they stay out of play.",
            RemedyId.PLAY_ON: "that is allowed, and the cards count again (to prove openers).",
        },
    )

    finding = Finding(
        Kind.DISCARDS_RETRIEVED,
        event,
        facts(state, {Fact.IS_OPENER: name == state.opener}),
        Subject(player=name, retrieved=retrieved),
        explain,
    )
    yield finding
