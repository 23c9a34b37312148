"""Several imported hands as one log: one header, then the deals, each after a ``new deal`` line.

That is what the log language allows for several deals in one file (../DESIGN.md, "A log file may
hold several deals"): the header (seats, game, limit, ante, stacks, rake) is written once, before
the first event, and every later deal is played from what the deals before it left. So hands
join only where each hand's own header is what the hand before leaves: the same seats, game,
limit, ante and rake; the button one seat on (``new deal`` moves it so); and every stack what the
site's record of the hand before leaves it. Hands that cannot join are refused with the reason;
``referee import -o DIR`` writes them one log per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from referee.errors import Problem
from referee.events import AnteRule, Limit, LimitKind, LogHeader
from referee.importer.common import HistoryError, ImportedHand
from referee.log import parse_log
from referee.money import format_amount

NEW_DEAL = "new deal"
"""The line that starts each deal after the first."""


def join(hands: Sequence[ImportedHand], source: str = "<history>") -> str:
    """The hands as one log, in file order; a single hand is its own log, unchanged.

    Raises:
        HistoryError: two hands in a row cannot share one log (the first such pair is named).
    """
    if len(hands) == 1:
        return hands[0].log
    headers = [parse_log(hand.log, hand.file_name).header for hand in hands]
    for index in range(1, len(hands)):
        before, after = hands[index - 1], hands[index]
        why = _cannot_follow(before, headers[index - 1], headers[index])
        if why:
            raise HistoryError(
                Problem(
                    f"{after.site} hand #{after.hand_id} cannot follow hand #{before.hand_id} in one log: "
                    + why,
                    file=source,
                    line=after.line,
                    hint="a log has one header for all its deals; write one log per hand with "
                    "`referee import FILE --out DIR`",
                )
            )
    parts = [_first(hands[0], headers[0], hands)]
    for hand, header in zip(hands[1:], headers[1:], strict=True):
        parts.append(f"{NEW_DEAL}\n{_rest(hand, header)}")
    return "\n".join(parts)


def _cannot_follow(before: ImportedHand, first: LogHeader, second: LogHeader) -> str:
    """Why the hand with header ``second`` cannot be the next deal after ``before``; "" if it can."""
    for name, a, b in (
        ("seats", first.seats, second.seats),
        ("game", first.game, second.game),
        ("limit", first.limit, second.limit),
        ("ante", first.ante, second.ante),
        ("rake", first.rake, second.rake),
    ):
        if a != b:
            return f"the {name} differs ({_words(a)}, then {_words(b)})"
    seats = first.seats
    if first.dealer in seats and second.dealer in seats:
        moved = seats[(seats.index(first.dealer) + 1) % len(seats)]
        if second.dealer != moved:
            return f"the button went to {second.dealer}, not one seat on to {moved}"
    elif first.dealer != second.dealer:
        return "the dealer is not known"
    left = {name: stack + before.result.net.get(name, Decimal(0)) for name, stack in first.stacks}
    for name, stack in second.stacks:
        if name in left and left[name] != stack:
            return (
                f"{name} starts with {format_amount(stack)} where the hand before left him "
                f"{format_amount(left[name])}"
            )
    return ""


def _words(value: object) -> str:
    """A header value in the words of the log (``0.50/1``, ``Ann, Bob``, ``none``)."""
    if value is None:
        return "none"
    if isinstance(value, Limit):
        if value.low is not None and value.high is not None:
            sep = "/" if value.kind is LimitKind.FIXED else "-"
            return f"{format_amount(value.low)}{sep}{format_amount(value.high)}"
        return value.kind.value
    if isinstance(value, AnteRule):
        return format_amount(value.amount) + (" by dealer" if value.by_dealer else "")
    if isinstance(value, tuple):
        return ", ".join(str(item) for item in value)
    if isinstance(value, Decimal):
        return format_amount(value)
    return str(value)


def _first(hand: ImportedHand, header: LogHeader, hands: Sequence[ImportedHand]) -> str:
    """The first hand whole, its title naming every hand of the log."""
    lines = hand.log.splitlines()
    title = f"{hand.site} hands {hands[0].hand_id} to {hands[-1].hand_id} ({len(hands)} deals)"
    for _, line, _ in header.positions:
        if lines[line - 1].lstrip().lower().startswith("title"):
            lines[line - 1] = f"title: {title}"
    return "\n".join(lines) + "\n"


def _rest(hand: ImportedHand, header: LogHeader) -> str:
    """A later hand: its opening comments (which hand it is), then its events."""
    lines = hand.log.splitlines()
    end = max((line for _, line, _ in header.positions), default=0)
    comments = [line for line in lines[:end] if line.startswith("#") and "imported by referee" not in line]
    events = lines[end:]
    while events and not events[0].strip():
        events.pop(0)
    return "\n".join([*comments, *events]) + "\n"
