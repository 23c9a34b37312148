"""Asking "how many did you draw?": the question, the answer and a refusal to answer.

Every text that speaks of it sets a time limit: the casino rules (002, Draw High item 7) until "there
has been action after the draw", Pagat (001, The Draw, paragraph 4) until "the second round of
betting begins", Bicycle (004, Laws, The Draw) "before the first player in turn bets or checks in
the final betting interval". The finding says whether the question came inside that limit
(``answer_owed``) and whether he answered at all (``answered``); the rulebook rules on both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from referee import events as ev
from referee.adjudicate.detect.finding import Finding, Subject, facts
from referee.adjudicate.table import Phase
from referee.rulebook.vocabulary import Fact, Kind, RemedyId

if TYPE_CHECKING:
    from referee.adjudicate.verdict import Verdict
    from referee.adjudicate.walk import Walk


def cards_drawn(r: Walk, name: str) -> int | None:
    """How many cards ``name`` was served on the last draw he has had this deal (0 standing pat,
    or when the log moved on without serving him); None before he has drawn at all."""
    state = r.state
    last = min(state.draw_index, state.seats[name].drew)
    if last <= 0:
        return None
    return r.drawn.get((state.deal_number, last, name), 0)


def _draw_still_on(r: Walk) -> bool:
    """Nobody has bet or checked since the last draw began: the answer is owed."""
    return r.state.phase is Phase.DRAW


def count_asked(r: Walk, event: ev.DrawCountAsked) -> None:
    """``Ann asks Bob how many he drew``: kept, with whether it came in time, for the answer."""
    r.state.draw_questions[event.asked] = event.player
    r.state.question_in_time[event.asked] = _draw_still_on(r)
    if cards_drawn(r, event.asked) is None:
        r.note(event, f"{event.asked} has not drawn yet")
        return
    if not _draw_still_on(r):
        r.note(event, "asked after the betting after the draw began: no answer is owed")
        return
    r.note(event, "")


def count_answered(r: Walk, event: ev.DrawCountAnswered) -> Iterator[Finding]:
    """``Bob says he drew 2``: checked against what he was served; a wrong answer is ruled."""
    name = event.player
    drew = cards_drawn(r, name)
    asker, owed = _question(r, name)
    if drew is None:
        r.unruled(event, f"{name} has not drawn yet, so there is no draw to tell")
        return
    if drew == event.count:
        r.note(event, "")
        return
    asked = f"asked by {asker}, " if asker else ""
    what = f"{asked}{name} answered {event.count}, but {name} drew {drew}"
    yield from _rule(r, event, name, owed, answered=True, what=what)


def count_refused(r: Walk, event: ev.DrawCountRefused) -> Iterator[Finding]:
    """``Bob refuses to answer``: ruled by whether the question came while an answer was owed."""
    name = event.player
    asker, owed = _question(r, name)
    if cards_drawn(r, name) is None:
        r.unruled(event, f"{name} has not drawn yet, so there is no draw to tell")
        return
    if asker is None:
        r.unruled(event, f"nobody asked {name} how many cards {name} drew")
        return
    what = f"asked by {asker}, {name} would not say how many cards were drawn"
    yield from _rule(r, event, name, owed, answered=False, what=what)


def _question(r: Walk, name: str) -> tuple[str | None, bool]:
    """Who asked ``name`` (None when nobody did), and whether an answer was owed: the question came
    in time, or, unasked, he speaks in time."""
    asker = r.state.draw_questions.pop(name, None)
    in_time = r.state.question_in_time.pop(name, None)
    return asker, _draw_still_on(r) if in_time is None else in_time


def _rule(r: Walk, event: ev.Event, name: str, owed: bool, *, answered: bool, what: str) -> Iterator[Finding]:
    specific = {Fact.ANSWER_OWED: owed, Fact.ANSWERED: answered}
    finding = Finding(
        Kind.DRAW_COUNT_MISSTATED, event, facts(r.state, specific), Subject(player=name), _explain(what, owed)
    )
    yield finding


def _explain(what: str, owed: bool) -> Callable[[Verdict], str]:
    def explain(v: Verdict) -> str:
        if v.remedy is not RemedyId.PLAY_ON:
            return f"{what}: {v.summary}"
        if not owed:
            return f"{what}; the betting after the draw had begun, so no answer was owed and play goes on."
        return f"{what}; an answer was owed, but the questioner has no redress and play goes on."

    return explain
