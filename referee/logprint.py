"""The canonical text of a hand log, as ``referee fmt`` prints it.

Choices: the header first, in the fixed order of :data:`~referee.logwords.HEADER_KEYS`, then
one blank line and the events, one per line, with a blank line before each new deal. Keywords
in lower case and in one spelling (``checks`` not ``passes``, ``folds`` not ``drops``, ``is all
in``). Cards in ASCII, ten as ``T`` (``As Th 9c``, ``Jk``, ``??``). Amounts as plain decimals
(``2``, ``0.25``; no ``$``, no cents). Names bare when they are one word that is not a keyword,
quoted otherwise. Comments are kept: a comment on its own line stays above the line it preceded,
an end-of-line comment stays at the end of its line after two spaces. Reading the printed text
gives back an equal log.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final

from referee import money
from referee.cards import Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    Call,
    CardExposed,
    CardFaceUpInPack,
    Check,
    Comment,
    CutIrregularity,
    Deal,
    DealtCards,
    Declare,
    Discard,
    Draw,
    DrawPhase,
    DuplicateCard,
    Event,
    Fold,
    HandLog,
    Limit,
    LimitKind,
    LogHeader,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    Post,
    PostKind,
    Raise,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StandPat,
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.logfast import NAME
from referee.logwords import HEADER_KEYS, KEYWORDS


def format_log(log: HandLog) -> str:
    """The canonical text of ``log``, ending with a newline."""
    header = _header_entries(log.header)
    events = [(event.line, format_event(event), isinstance(event, NewDeal)) for event in log.events]
    comments = _Comments(log.comments, [line for line, _, _ in header] + [line for line, _, _ in events])
    out = [comment.text for comment in comments.preamble]
    for line, text, _ in header:
        out += comments.above(line)
        out.append(comments.after(line, text))
    if header and events:
        out.append("")
    for line, text, new_deal in events:
        above = comments.above(line)
        if new_deal and out and out[-1] != "":
            out.append("")
        out += above
        out.append(comments.after(line, text))
    out += [comment.text for comment in comments.rest]
    return "\n".join(out) + "\n"


def format_name(name: str) -> str:
    """A player's name as the log writes it: bare if it can be, else in quotes."""
    if NAME.fullmatch(name) and name.lower() not in KEYWORDS:
        return name
    return f'"{name}"'


def format_amount(amount: Decimal) -> str:
    """An amount as the log writes it: the places it was written with (``2.50``), never an exponent."""
    return money.format_amount(amount, keep_places=True)


def format_cards(cards: tuple[Card, ...]) -> str:
    return " ".join(repr(card) for card in cards)


def format_event(event: Event) -> str:
    """One event as a line of the log language (without a comment)."""
    return _EVENT_FORMATS[type(event)](event)


# --- the header ---------------------------------------------------------------------------------


def _header_entries(header: LogHeader) -> list[tuple[int, str, bool]]:
    values: dict[str, str | None] = {
        "title": header.title,
        "game": header.game,
        "rulebook": header.rulebook,
        "seats": ", ".join(format_name(seat) for seat in header.seats) if header.seats else None,
        "dealer": format_name(header.dealer) if header.dealer is not None else None,
        "ante": _ante(header.ante) if header.ante is not None else None,
        "limit": _limit(header.limit) if header.limit is not None else None,
        "stacks": ", ".join(f"{format_name(name)} {format_amount(amount)}" for name, amount in header.stacks)
        or None,
        "rake": format_amount(header.rake) if header.rake is not None else None,
    }
    return [
        (header.position(key)[0], f"{key}: {value}", False)
        for key in HEADER_KEYS
        if (value := values[key]) is not None
    ]


def _ante(ante: AnteRule) -> str:
    return format_amount(ante.amount) + (" by dealer" if ante.by_dealer else "")


def _limit(limit: Limit) -> str:
    if limit.kind is LimitKind.FIXED:
        return f"{_optional_amount(limit.low)}/{_optional_amount(limit.high)}"
    if limit.kind is LimitKind.SPREAD:
        return f"{_optional_amount(limit.low)}-{_optional_amount(limit.high)}"
    return limit.kind.value


def _optional_amount(amount: Decimal | None) -> str:
    return "?" if amount is None else format_amount(amount)


# --- comments -------------------------------------------------------------------------------------


class _Comments:
    """Puts each comment back next to the line it was written with."""

    def __init__(self, comments: tuple[Comment, ...], lines: list[int]) -> None:
        placed = sorted(line for line in lines if line > 0)
        first, last = (placed[0], placed[-1]) if placed else (0, 0)
        own_line = [comment for comment in comments if not comment.trailing]
        self.preamble = [comment for comment in own_line if comment.line < first or not placed]
        self.rest = [comment for comment in own_line if placed and comment.line > last]
        self.trailing = {comment.line: comment.text for comment in comments if comment.trailing}
        self._above: dict[int, list[Comment]] = {}
        for comment in own_line:
            if placed and first < comment.line < last:
                target = next(line for line in placed if line > comment.line)
                self._above.setdefault(target, []).append(comment)

    def above(self, line: int) -> list[str]:
        return [comment.text for comment in self._above.pop(line, [])] if line > 0 else []

    def after(self, line: int, text: str) -> str:
        comment = self.trailing.pop(line, None) if line > 0 else None
        return f"{text}  {comment}" if comment else text


# --- events ---------------------------------------------------------------------------------------


def _antes(event: Antes) -> str:
    if event.player is None:
        return "antes"
    amount = f" {format_amount(event.amount)}" if event.amount is not None else ""
    return f"{format_name(event.player)} antes{amount}"


_POST_WORDS: Final = {
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.BLIND: "blind",
    PostKind.STRADDLE: "straddle",
}


def _draw(event: Draw) -> str:
    drawn = format_cards(event.received) if event.received else str(event.count)
    if event.discards:
        return f"{format_name(event.player)} discards {format_cards(event.discards)}, draws {drawn}"
    return f"{format_name(event.player)} draws {drawn}"


def _exposed(event: CardExposed) -> str:
    by = "dealer" if event.by_dealer else format_name(event.by)
    if event.owner is not None and (event.by_dealer or event.owner != event.by):
        return f"{by} exposes {format_name(event.owner)}'s {event.card!r}"
    return f"{by} exposes {event.card!r}"


def _call(event: Call) -> str:
    amount = f" {format_amount(event.amount)}" if event.amount is not None else ""
    return f"{format_name(event.player)} calls{amount}"


def _raise(event: Raise) -> str:
    to = "to " if event.to else ""
    return f"{format_name(event.player)} raises {to}{format_amount(event.amount)}"


def _wrong_count(event: WrongCardCount) -> str:
    verb = "was dealt" if event.dealt else "has"
    return f"{format_name(event.player)} {verb} {event.count} card{'' if event.count == 1 else 's'}"


def _new_deal(event: NewDeal) -> str:
    return "redeal" if event.words.lower() == "redeal" else "new deal"


def _player(verb: str) -> Callable[[Any], str]:
    return lambda event: f"{format_name(event.player)} {verb}"


def _player_amount(verb: str) -> Callable[[Any], str]:
    return lambda event: f"{format_name(event.player)} {verb} {format_amount(event.amount)}"


def _player_cards(verb: str, field: str = "cards") -> Callable[[Any], str]:
    return lambda event: f"{format_name(event.player)} {verb} {format_cards(getattr(event, field))}"


_EVENT_FORMATS: Final[dict[type[Event], Callable[[Any], str]]] = {
    Antes: _antes,
    Post: lambda e: f"{format_name(e.player)} posts {_POST_WORDS[e.kind]} {format_amount(e.amount)}",
    Deal: lambda e: "deal",
    DealtCards: _player_cards("is dealt"),
    Check: _player("checks"),
    Bet: _player_amount("bets"),
    Open: _player_amount("opens"),
    Call: _call,
    Raise: _raise,
    Fold: _player("folds"),
    AllIn: _player("is all in"),
    DrawPhase: lambda e: "draw",
    Discard: _player_cards("discards"),
    Draw: _draw,
    StandPat: _player("stands pat"),
    Showdown: lambda e: "showdown",
    Show: _player_cards("shows"),
    Muck: _player("mucks"),
    ShowOpeners: _player_cards("shows openers"),
    SplitOpeners: lambda e: f"{format_name(e.player)} splits openers, keeps {format_cards(e.kept)} aside",
    Declare: lambda e: f"{format_name(e.player)} declares {e.words}",
    Says: lambda e: f'{format_name(e.player)} says "{e.speech}"',
    CardExposed: _exposed,
    CardFaceUpInPack: lambda e: f"card face up in pack: {e.card!r}",
    Widow: lambda e: f"widow: {e.card!r}",
    CutIrregularity: lambda e: e.problem.value,
    WrongCardCount: _wrong_count,
    DuplicateCard: lambda e: f"duplicate card found: {e.card!r}",
    WrongDealer: lambda e: f"wrong dealer: {format_name(e.player)}",
    MisdealCalled: lambda e: "misdeal",
    NewDeal: _new_deal,
    Note: lambda e: f"note: {e.text}",
}
