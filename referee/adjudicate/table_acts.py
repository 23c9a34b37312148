"""What the table did that the log may say (issue 23): the pot taken, a card handed back, a missing card
given, the discards reshuffled.

Each line is either the table carrying out what the referee already ruled (the count of a hand put
right after it was found wrong: a note on the line), or the first the log says of a fault (a card
handed back means the hand held one too many: ruled as a wrong count at that line), or a course the
referee would not take (the pot taken by another than its winner: a divergence). None is silent.

The replay calls these from one place: its table of lines takes :data:`LINES`. They are line
handlers, not detectors: what a detector finds here is decided and applied by the walk
(``Replay.detect``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, cast

from referee import events as ev
from referee.adjudicate import settling
from referee.adjudicate.detect import betting, dealing, drawing
from referee.adjudicate.table import Phase
from referee.ruling import Outcome

if TYPE_CHECKING:
    from referee.adjudicate.replay import Replay


def pot_collected(r: Replay, event: ev.PotCollected) -> None:
    """``Ann takes the pot``: the table paid the pot out. The referee's award decides who gets it;
    a taker who is not its winner is where the log leaves the referee's course. A pot decided
    before this line waited for it: it is paid now."""
    settling.collect(r)
    state = r.state
    if state.phase is not Phase.OVER:
        r.diverge(event, "the pot was taken before the deal was decided")
        r.void(event, "the deal is not decided yet, so the pot is nobody's to take")
        return
    split = state.last_split
    if state.outcome not in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) or split is None:
        r.diverge(event, "the pot was taken, though nobody won this deal")
        r.void(event, state.void_reason or "nobody won this deal")
        return
    winners = sorted(name for name, amount in split.awards.items() if amount > 0)
    named = " and ".join(winners) or "nobody"
    if event.player is not None and event.player not in winners:
        r.diverge(event, f"{event.player} took the pot, which the referee awards to {named}")
        r.note(event, f"{event.player} took the pot; it is {named}'s")
        return
    r.note(event, f"the pot is collected ({named})")


def surplus_returned(r: Replay, event: ev.SurplusReturned) -> None:
    """``Bob returns 4♣``: his hand held more than its due. Found here, it is a wrong count ruled at
    this line; found before (``Bob was dealt 6 cards``), this is the count being put right."""
    _count_put_right(r, event, event.player, r.config.hand_size + len(event.cards))


def card_given(r: Replay, event: ev.CardGiven) -> None:
    """``dealer gives Bob another card``: his hand held fewer than its due; as for a card handed back."""
    _count_put_right(r, event, event.player, r.config.hand_size - len(event.cards))


def reshuffle(r: Replay, event: ev.Reshuffle) -> None:
    """``the discards are shuffled``: on the draw, checked against the rulebook's deck-exhausted row
    (``drawing.reshuffle_written``); at any other time it is a shuffle the referee has no rule for,
    and the line says so."""
    if r.state.phase is Phase.DRAW:
        r.detect(drawing.reshuffle_written(r, event))  # the rulebook's deck-exhausted row decides
        return
    r.unruled(event, "a reshuffle of the discards belongs to the draw; here the referee has no rule for it")


def said(r: Replay, event: ev.Says) -> None:
    """Words said aloud on the draw that ask for cards (``"give me three"``) or change the number
    asked for (``"make it two"``) are that request, or that change, ruled as if written out
    (``Bob asks for 3`` / ``Bob changes his draw to 2``); every other speech is the betting's."""
    meaning = event.meaning
    drawing_words = meaning is not None and meaning.action is ev.SpeechAction.DRAW and meaning.count
    if r.state.phase is Phase.DRAW and meaning is not None and drawing_words:
        count = meaning.count or 0
        place = {"line": event.line, "column": event.column}
        if (r.state.coming_draw(), event.player) in r.state.draw_requests:
            r.detect(drawing.request_changed(r, ev.DrawRequestChanged(event.player, count, **place)))
        else:
            drawing.request(r, ev.DrawRequest(event.player, count, **place))
        r.note(event, f"{event.player} asks for {count} in words")
        return
    if drawing_words and event.speech.lower().lstrip().startswith("make"):
        # "Make it 4" at the betting is a raise to 4, not the draw: said so rather than misread.
        r.unruled(event, f"“{event.speech}” changes a draw, and no draw is being served here")
        return
    r.detect(betting.speech(r, event))


def _count_put_right(r: Replay, event: ev.Event, player: str, held: int) -> None:
    found = _count_found_before(r, event, player)
    if found is not None:
        r.note(event, f"{player}'s count is put right (found on line {found.line})")
        return
    r.detect(dealing.wrong_count(r, event, player, held))


def _count_found_before(r: Replay, event: ev.Event, player: str) -> ev.Event | None:
    """The line of this deal before ``event`` that said ``player`` held the wrong number, if any."""
    found: ev.Event | None = None
    for earlier in r.log.events:
        if earlier is event:
            return found
        if isinstance(earlier, ev.NewDeal):
            found = None
        elif isinstance(earlier, ev.WrongCardCount) and earlier.player == player:
            found = earlier
        elif isinstance(earlier, ev.SurplusReturned | ev.CardGiven) and earlier.player == player:
            found = None  # put right already: a second card handed back is a new finding
    return None


_Handler = Callable[["Replay", ev.Event], None]

LINES: Final[tuple[tuple[type[ev.Event], _Handler], ...]] = (
    (ev.PotCollected, cast(_Handler, pot_collected)),
    (ev.SurplusReturned, cast(_Handler, surplus_returned)),
    (ev.CardGiven, cast(_Handler, card_given)),
    (ev.Reshuffle, cast(_Handler, reshuffle)),
    (ev.Says, cast(_Handler, said)),  # before betting.speech: words that ask for cards on the draw
)
"""Each event class of this module and its handler, for the replay's table of lines."""
