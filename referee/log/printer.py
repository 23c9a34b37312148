"""The canonical text of a hand log, as ``referee fmt`` prints it.

Choices: the header first, in the fixed order of :data:`~referee.log.words.HEADER_KEYS`, then one
blank line and the events, one per line, with a blank line before each new deal. Keywords in lower
case and in one spelling, the canonical word of the table of words
(:data:`~referee.log.words.VERBS`: ``checks`` not ``passed`` or ``knocks``, ``calls`` not ``sees``,
``is all in`` not ``goes all-in``). Events read from one line are printed on one line (``Bob exposes
Kh Qd``, ``Bob asks for 3, draws 2``). Cards in ASCII, ten as ``T`` (``As Th 9c``, ``Jk``, ``??``).
Amounts as plain decimals (``2``, ``0.25``; no ``$``, no cents). Names bare when they are one word
that is not a keyword, quoted otherwise. Comments are kept: a comment on its own line stays above
the line it preceded, an end-of-line comment stays at the end of its line after two spaces. Reading
the printed text gives back an equal log.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Final

from referee import money
from referee.cards import UNKNOWN, Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    BetCompletion,
    Call,
    CardExposed,
    CardFaceUpInPack,
    CardGiven,
    Check,
    Comment,
    CutIrregularity,
    Deal,
    DealtBy,
    DealtCards,
    Declare,
    Discard,
    DiscardsPickedUp,
    Draw,
    DrawCountAnswered,
    DrawCountAsked,
    DrawCountRefused,
    DrawPhase,
    DrawRequest,
    DrawRequestChanged,
    DuplicateCard,
    Event,
    Fold,
    HandLog,
    HandsDealt,
    Limit,
    LimitKind,
    LogHeader,
    LooksAtCards,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    OpenersKeepAsked,
    OpenersNotShown,
    Post,
    PostKind,
    PotCollected,
    PotDeclaredOpen,
    Raise,
    Reshuffle,
    Says,
    Show,
    Showdown,
    ShowOpeners,
    SplitOpeners,
    StackChanged,
    StandPat,
    SurplusReturned,
    Widow,
    WrongCardCount,
    WrongDealer,
)
from referee.log.tokens import NAME
from referee.log.words import HEADER_KEYS, KEYWORDS, VERBS


def format_log(log: HandLog) -> str:
    """The canonical text of ``log``, ending with a newline."""
    header = _header_entries(log.header)
    events = [
        (group[0].line, _format_group(group), isinstance(group[0], NewDeal)) for group in _lines(log.events)
    ]
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
    return quote(name)


def quote(text: str) -> str:
    """Text in quotes that read back as the same text: plain ones if they can be, else typographic ones."""
    if '"' not in text:
        return f'"{text}"'
    if "”" not in text:
        return f"“{text}”"
    return f"‘{text}’"


def format_amount(amount: Decimal) -> str:
    """An amount as the log writes it: the places it was written with (``2.50``), never an exponent."""
    return money.format_amount(amount, keep_places=True)


def format_cards(cards: tuple[Card, ...]) -> str:
    return " ".join(repr(card) for card in cards)


def format_line(events: tuple[Event, ...]) -> str:
    """Events read from one line, printed as that one line (``Bob exposes Kh Qd``)."""
    return _format_group(list(events))


def format_event(event: Event) -> str:
    """One event as a line of the log language (without a comment)."""
    return _EVENT_FORMATS[type(event)](event)


def _lines(events: tuple[Event, ...]) -> list[list[Event]]:
    """The events grouped as they are printed: those read from one line that print as one, together."""
    groups: list[list[Event]] = []
    for event in events:
        if groups and event.line > 0 and _joins(groups[-1], event):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups


def _joins(group: list[Event], event: Event) -> bool:
    """Whether ``event`` was read from the same line as ``group`` and prints on that line with it."""
    first = group[0]
    if first.line != event.line:
        return False
    if isinstance(first, CardExposed) and isinstance(event, CardExposed):
        return (first.by, first.owner, first.by_dealer) == (event.by, event.owner, event.by_dealer)
    return (
        len(group) == 1
        and isinstance(first, DrawRequest)
        and isinstance(event, Draw)
        and event.player == first.player
        and not event.discards
    )


def _format_group(group: list[Event]) -> str:
    if len(group) == 1:
        return format_event(group[0])
    first = group[0]
    if isinstance(first, CardExposed):
        return _exposed(first, tuple(event.card for event in group if isinstance(event, CardExposed)))
    draw = group[1]
    assert isinstance(first, DrawRequest) and isinstance(draw, Draw)
    drawn = format_cards(draw.received) if draw.received else str(draw.count)
    return f"{_verb(first.player, 'ask_for')} {first.count}, {VERBS['draw'].canonical} {drawn}"


def _verb(player: str, key: str) -> str:
    """``Ann checks``: the player's name and the canonical word of a verb."""
    return f"{format_name(player)} {VERBS[key].canonical}"


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
        top = "" if limit.top is None else f"/{format_amount(limit.top)}"
        return f"{_optional_amount(limit.low)}/{_optional_amount(limit.high)}{top}"
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
        return VERBS["everyone_antes"].canonical
    amount = f" {format_amount(event.amount)}" if event.amount is not None else ""
    return f"{_verb(event.player, 'ante')}{amount}"


_POST_WORDS: Final = {
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.BLIND: "blind",
    PostKind.STRADDLE: "straddle",
}


def _draw(event: Draw) -> str:
    drawn = format_cards(event.received) if event.received else str(event.count)
    if event.discards:
        discards = _verb(event.player, "discard")
        return f"{discards} {format_cards(event.discards)}, {VERBS['draw'].canonical} {drawn}"
    return f"{_verb(event.player, 'draw')} {drawn}"


def _exposed(event: CardExposed, cards: tuple[Card, ...] = ()) -> str:
    by = VERBS["dealer"].canonical if event.by_dealer else format_name(event.by)
    shown = format_cards(cards or (event.card,))
    verb = VERBS["expose"].canonical
    if event.owner is not None and (event.by_dealer or event.owner != event.by):
        return f"{by} {verb} {format_name(event.owner)}'s {shown}"
    return f"{by} {verb} {shown}"


def _call(event: Call) -> str:
    amount = f" {format_amount(event.amount)}" if event.amount is not None else ""
    return f"{_verb(event.player, 'call')}{amount}"


def _raise(event: Raise) -> str:
    to = "to " if event.to else ""
    total = f" to {format_amount(event.total)}" if event.total is not None else ""
    return f"{_verb(event.player, 'raise')} {to}{format_amount(event.amount)}{total}"


def _all_in(event: AllIn) -> str:
    amount = f" for {format_amount(event.amount)}" if event.amount is not None else ""
    return f"{_verb(event.player, 'all_in')}{amount}"


def _wrong_count(event: WrongCardCount) -> str:
    verb = "dealt_count" if event.dealt else "has"
    return f"{_verb(event.player, verb)} {event.count} card{'' if event.count == 1 else 's'}"


def _new_deal(event: NewDeal) -> str:
    return VERBS["redeal" if event.words.lower() == "redeal" else "new_deal"].canonical


def _misdeal(event: MisdealCalled) -> str:
    if event.player is None:
        return VERBS["misdeal"].canonical
    return _verb(event.player, "call_misdeal")


def _completion(event: BetCompletion) -> str:
    return f"{_verb(event.player, 'complete' if event.completed else 'not_complete')} his bet"


def _stack_changed(event: StackChanged) -> str:
    return f"{_verb(event.player, 'add_chips' if event.added else 'take_off')} {format_amount(event.amount)}"


def _hands(event: HandsDealt) -> str:
    dealer = f"{VERBS['dealer'].canonical} dealt"
    if event.count is not None:
        return f"{dealer} {event.count} hand{'' if event.count == 1 else 's'}"
    extra = abs(event.extra)
    hands = "a hand" if extra == 1 else f"{extra} hands"
    return f"{dealer} {hands} too {'many' if event.extra > 0 else 'few'}"


def _player(key: str, after: str = "") -> Callable[[Any], str]:
    return lambda event: _verb(event.player, key) + after


def _player_amount(key: str) -> Callable[[Any], str]:
    return lambda event: f"{_verb(event.player, key)} {format_amount(event.amount)}"


def _player_cards(key: str, field: str = "cards", after: str = "") -> Callable[[Any], str]:
    return lambda event: f"{_verb(event.player, key)}{after} {format_cards(getattr(event, field))}"


def _card_given(event: CardGiven) -> str:
    """``dealer gives Bob 9d``; cards nobody saw in words: ``a card``, ``2 more cards``."""
    given = f"{VERBS['dealer'].canonical} gives {format_name(event.player)}"
    if any(card != UNKNOWN for card in event.cards):
        return f"{given} {format_cards(event.cards)}"
    count = len(event.cards)
    return f"{given} a card" if count == 1 else f"{given} {count} more cards"


def _player_count(key: str, after: str = "") -> Callable[[Any], str]:
    return lambda event: f"{_verb(event.player, key)}{after} {event.count}"


_EVENT_FORMATS: Final[dict[type[Event], Callable[[Any], str]]] = {
    Antes: _antes,
    Post: lambda e: f"{_verb(e.player, 'post')} {_POST_WORDS[e.kind]} {format_amount(e.amount)}",
    Deal: lambda e: VERBS["deal"].canonical,
    DealtCards: _player_cards("dealt"),
    DealtBy: _player("deals"),
    Check: _player("check"),
    Bet: _player_amount("bet"),
    Open: lambda e: f"{_verb(e.player, 'open')} {format_amount(e.amount)}"
    + (f" with {e.claimed}" if e.claimed else ""),
    Call: _call,
    Raise: _raise,
    Fold: _player("fold"),
    AllIn: _all_in,
    BetCompletion: _completion,
    DrawPhase: lambda e: VERBS["draw_phase"].canonical,
    Discard: _player_cards("discard"),
    Draw: _draw,
    StandPat: _player("stand_pat"),
    DrawRequest: _player_count("ask_for"),
    DrawRequestChanged: _player_count("change", " his draw to"),
    DrawCountAsked: lambda e: f"{_verb(e.player, 'ask')} {format_name(e.asked)} how many he drew",
    DrawCountAnswered: lambda e: f"{_verb(e.player, 'say')} he drew {e.count}",
    DrawCountRefused: _player("refuse_answer"),
    StackChanged: _stack_changed,
    OpenersKeepAsked: lambda e: f"{_verb(e.player, 'ask')} {format_name(e.opener)} to keep his openers",
    DiscardsPickedUp: _player("pick_up", " his discards"),
    LooksAtCards: _player("look", " his cards"),
    Showdown: lambda e: VERBS["showdown"].canonical,
    Show: _player_cards("show"),
    Muck: _player("muck"),
    ShowOpeners: _player_cards("show", after=" openers"),
    OpenersNotShown: _player("not_show", " openers"),
    SplitOpeners: lambda e: (
        f"{_verb(e.player, 'split')} openers, {VERBS['keep'].canonical} {format_cards(e.kept)} aside"
    ),
    Declare: lambda e: f"{_verb(e.player, 'declare')} {e.words}",
    PotDeclaredOpen: _player("declare", " the pot open"),
    Says: lambda e: f"{_verb(e.player, 'say')} {quote(e.speech)}",
    CardExposed: _exposed,
    CardFaceUpInPack: lambda e: f"card face up in pack: {e.card!r}",
    Widow: lambda e: f"widow: {e.card!r}",
    CutIrregularity: lambda e: e.problem.value,
    WrongCardCount: _wrong_count,
    DuplicateCard: lambda e: f"duplicate card found: {e.card!r}",
    WrongDealer: lambda e: f"wrong dealer: {format_name(e.player)}",
    MisdealCalled: _misdeal,
    HandsDealt: _hands,
    NewDeal: _new_deal,
    Note: lambda e: f"note: {e.text}",
    PotCollected: lambda e: (
        VERBS["pot_collected"].canonical if e.player is None else _verb(e.player, "collect")
    ),
    SurplusReturned: _player_cards("return"),
    CardGiven: _card_given,
    Reshuffle: lambda e: VERBS["reshuffle"].canonical,
}
