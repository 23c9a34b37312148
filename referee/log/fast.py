"""A fast path for the commonest lines, giving exactly what the grammar gives.

Most of a log is ``Ann checks``, ``Cy bets 2``, ``Dee draws 1``, ``Cy is dealt ...`` and plain
header lines (``seats: Ann, Bob``, ``limit: 2/4``), in any tense and any of the table's words
(``Ann bet 2``, ``Bob sees``, ``Cy stood pat``). Reading them by splitting on spaces and
looking the verb up in the table of words (:data:`referee.log.words.PHRASES`) is several
times quicker than running the LALR parser, and the parser stays the definition: this module
only answers for lines it is sure about (plain words, no quotes or comments) and returns None
for everything else, which then goes to the grammar. ``tests/test_log_fast.py`` checks on
generated lines that whenever it answers, the grammar accepts the line and builds the equal
event.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from referee.cards import Card
from referee.events import (
    AllIn,
    AnteRule,
    Antes,
    Bet,
    Call,
    CardExposed,
    Check,
    Deal,
    DealtCards,
    Discard,
    Draw,
    DrawPhase,
    Event,
    Fold,
    Limit,
    LimitKind,
    MisdealCalled,
    Muck,
    NewDeal,
    Note,
    Open,
    PotCollected,
    Raise,
    Reshuffle,
    Says,
    Show,
    Showdown,
    Speech,
    StandPat,
)
from referee.log.speech import read_speech
from referee.log.tokens import AMOUNT, MAX_COUNT_DIGITS, NAME, HeaderItem, game_name, read_amount, words
from referee.log.words import CARD_WORDS, KEYS_BY_PHRASE, KEYWORDS, NUMBERS, UNITS
from referee.money import AmountError, parse_amount

__all__ = [
    "AMOUNT",
    "CARD_WORDS_READ",
    "HEADER_KEY",
    "NAME",
    "fast_event",
    "fast_header",
    "fast_key_line",
    "fast_line",
]

_COUNT: Final = re.compile(rf"[0-9]{{1,{MAX_COUNT_DIGITS}}}")  # ASCII digits, as the grammar's
# Anything but plain words separated by spaces or tabs is left to the grammar; so are the marks
# that end a sentence (`.`, `!`) and the quotes and apostrophes.
#
# Each pattern is one character class, which `re` scans about twice as fast as the alternation
# ``[^\S \t\f]|[...]`` it stands for: OTHER_SPACE is every character ``\s`` matches but a space, a
# tab and a form feed (tests/test_log_fast.py checks this over every code point).
OTHER_SPACE: Final = "\n\v\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_LEFT_TO_GRAMMAR: Final = re.compile(f"[{OTHER_SPACE}\"#:'’‘“”!]")


def _card_words() -> dict[str, Card]:
    """Every way to write a card as one word, in any letter case."""
    table: dict[str, Card] = {}
    spellings = ["??", "jk", "joker"]
    spellings += [rank + suit for rank in "23456789tjqka" for suit in "shdc♠♥♦♣♤♡♢♧"]
    spellings += ["10" + suit for suit in "shdc♠♥♦♣♤♡♢♧"]
    for spelling in spellings:
        card = Card.parse(spelling)
        for letters in itertools.product(*({c.lower(), c.upper()} for c in spelling)):
            table["".join(letters)] = card
    return table


CARD_WORDS_READ: Final = _card_words()
"""Card spellings the grammar's CARD_CODE reads as a whole word (a test checks each one)."""
_CARD_OF_WORD: Final = CARD_WORDS_READ.__getitem__

_LINE_EVENTS: Final[dict[str, Callable[..., Event]]] = {
    "everyone_antes": Antes,
    "deal": Deal,
    "draw_phase": DrawPhase,
    "showdown": Showdown,
    "misdeal": MisdealCalled,
    "redeal": lambda line, column: NewDeal("redeal", line=line, column=column),
    "new_deal": lambda line, column: NewDeal("new deal", line=line, column=column),
    "pot_collected": PotCollected,
    "reshuffle": Reshuffle,
}
"""Lines that are a fixed phrase of the table and nothing else, by the phrase's key."""
_LINE_KEYS: Final = frozenset({*_LINE_EVENTS, "dealer"})
"""The table's phrases that start a line rather than follow a name."""
_BARE: Final[dict[str, Callable[..., Event]]] = {
    "check": Check,
    "fold": Fold,
    "call": Call,
    "muck": Muck,
    "ante": Antes,
    "stand_pat": StandPat,
    "all_in": AllIn,
    "collect": PotCollected,
}
"""Verbs that make a whole event after a name, by key."""
_WITH_AMOUNT: Final[dict[str, Callable[..., Event]]] = {
    "bet": Bet,
    "open": Open,
    "call": Call,
    "raise": Raise,
    "ante": Antes,
}
"""Verbs followed by an amount, by key."""
_UNITS: Final = frozenset(UNITS)
_CARD_WORD: Final = frozenset(CARD_WORDS)


_PLAIN_AMOUNTS: Final[dict[str, Decimal]] = {}
"""Plain-digit words already read, and their amounts: a log says the same few amounts over and over,
and the same digits always read as the same (immutable) Decimal."""


def _amount(word: str) -> Decimal | None:
    """The amount a word is, or None: not an amount, or one out of bounds, which the grammar reports."""
    known = _PLAIN_AMOUNTS.get(word)
    if known is not None:
        return known
    try:
        if word.isdecimal() and word.isascii():  # plain digits, the commonest amount
            amount = parse_amount(word)
            if len(_PLAIN_AMOUNTS) < 4096:
                _PLAIN_AMOUNTS[word] = amount
            return amount
        return read_amount(word) if AMOUNT.fullmatch(word) else None
    except AmountError:
        return None


def _cards(words: list[str]) -> tuple[Card, ...] | None:
    # Every word looked up in C, no Python-level step per card (nor a Card.__eq__, which
    # comparing a card with None would call); a word that is no card is the rare case.
    try:
        cards = tuple(map(_CARD_OF_WORD, words))
    except KeyError:
        return None
    return cards or None


def _count(words: list[str]) -> int | None:
    """``3``, ``3 cards``, ``three``, ``three cards``; None for anything else."""
    if len(words) == 2 and words[1].lower() in _CARD_WORD:
        words = words[:1]
    if len(words) != 1:
        return None
    word = words[0]
    if _COUNT.fullmatch(word) and word.isascii():
        return int(word)
    return NUMBERS.get(word.lower())


_NOT_AFTER_A_NAME: Final = frozenset({*_LINE_KEYS, "given", "keep"})
"""Verbs that never follow a name directly: they start a line, or follow another verb."""


def _player_verbs() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for phrase, keys in KEYS_BY_PHRASE.items():
        after_name = {key for key in keys if key not in _NOT_AFTER_A_NAME}
        if after_name == {"dealt", "dealt_count"}:
            table[phrase] = "dealt"  # `is dealt`: the fast path reads it only before cards
        elif after_name:
            table[phrase] = after_name.pop() if len(after_name) == 1 else ""
    return table


_PLAYER_VERBS: Final = _player_verbs()
"""Every spelling of a verb that follows a name, to its key; to ``""`` when two verbs share it."""


def _line_phrases() -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for phrase, keys in KEYS_BY_PHRASE.items():
        starting = [key for key in keys if key in _LINE_KEYS]
        if len(starting) == 1 and starting[0] in _LINE_EVENTS:
            table[phrase] = starting[0]
    return table


_LINE_PHRASES: Final = _line_phrases()
"""Every spelling of a line that is a fixed phrase and nothing else, to its key."""
_SECOND_WORDS: Final = {
    first: frozenset(phrase[1] for phrase in _PLAYER_VERBS if phrase[0] == first and len(phrase) > 1)
    for first in {phrase[0] for phrase in _PLAYER_VERBS}
}
"""For each first word of a verb, the second words of its spellings of more than one word."""
_LONGEST_FROM: Final = {
    first: max(len(phrase) for phrase in _PLAYER_VERBS if phrase[0] == first) for first in _SECOND_WORDS
}
"""For each first word of a verb, the most words a spelling starting with it has."""
_ONE_WORD: Final = {phrase[0]: (key, 1) for phrase, key in _PLAYER_VERBS.items() if len(phrase) == 1}
"""What ``_verb`` answers for each verb of one word (made once: most lines name one)."""


def _verb(words: list[str]) -> tuple[str, int] | None:
    """The key of the verb after a name that ``words`` start with (the longest spelling), and its length.

    The key is empty for a spelling two verbs share (``got``): the grammar tells them apart.
    """
    if not words:
        return None
    first = words[0].lower()
    seconds = _SECOND_WORDS.get(first)
    if seconds is None:
        return None
    if len(words) == 1 or words[1].lower() not in seconds:  # one word, the commonest case
        return _ONE_WORD.get(first)
    lowered = tuple(map(str.lower, words[: _LONGEST_FROM[first]]))  # in C, no generator
    for size in range(len(lowered), 0, -1):
        key = _PLAYER_VERBS.get(lowered[:size])
        if key is not None:
            return key, size
    return None


HEADER_KEY: Final = re.compile(r"([^\W\d][\w-]*)[ \t\f]*:")
"""``key:`` at the start of a line, the key one word: a header line, or a slip for one."""


def fast_line(code: str, line: int, column: int) -> Event | HeaderItem | None:
    """The event or header item on a line, or None when the grammar must decide.

    ``code`` is the line without its leading spaces and its comment; ``column`` is where it starts.
    """
    event = fast_event(code, line, column)
    if event is not None or ":" not in code:
        return event
    return fast_key_line(code, line, column)


def fast_key_line(code: str, line: int, column: int) -> HeaderItem | Event | None:
    """A ``key: value`` line (a header line or a note), or None when the grammar must decide."""
    key = HEADER_KEY.match(code)
    if key is None:
        return None
    name = key.group(1).lower()
    if name == "note":
        return _note(code[key.end() :], line, column)
    return fast_header(name, code[key.end() :])


def fast_event(code: str, line: int, column: int) -> Event | None:
    """The event on a line of plain words, or None when the grammar must decide.

    ``code`` is the line without its leading spaces; ``column`` is where it starts.
    """
    if code.startswith('"'):
        return _quoted_player_event(code, line, column)
    if '"' in code:
        return _speech(code, line, column)
    if _LEFT_TO_GRAMMAR.search(code):
        return None
    parts = code.split()
    if not parts:
        return None
    first = parts[0].lower()
    if first in KEYWORDS:
        if first == "dealer" or (first == "the" and len(parts) > 2 and parts[1].lower() == "dealer"):
            exposed = _dealer_exposes(parts[1 if first == "dealer" else 2 :], line, column)
            if exposed is not None:
                return exposed
        words = (first,) if len(parts) == 1 else tuple(map(str.lower, parts))
        key = _LINE_PHRASES.get(words)
        return _LINE_EVENTS[key](line=line, column=column) if key is not None else None
    if len(parts) < 2 or not _is_name(parts[0]):
        return None
    return _player_event(parts[0], parts[1:], line, column)


def _dealer_exposes(rest: list[str], line: int, column: int) -> Event | None:
    """``dealer exposes 7c`` (a card from the pack, one card, nothing after it): the line a long
    log of flashed cards repeats; anything else after ``dealer`` goes to the grammar."""
    for size in (1, 2):
        if len(rest) == size + 1 and "expose" in KEYS_BY_PHRASE.get(tuple(map(str.lower, rest[:size])), ()):
            card = CARD_WORDS_READ.get(rest[size])
            if card is None:
                return None
            return CardExposed("dealer", card, owner=None, by_dealer=True, line=line, column=column)
    return None


_NAMES: Final[set[str]] = set()
"""Words already found to be names: a log names its few players on almost every line (bounded)."""


def _is_name(word: str) -> bool:
    """``NAME.fullmatch(word)``, remembered for the words that are names."""
    if word in _NAMES:
        return True
    if NAME.fullmatch(word) is None:
        return False
    if len(_NAMES) < 4096:
        _NAMES.add(word)
    return True


def _speech(code: str, line: int, column: int) -> Event | None:
    """``Ann says "bet 5"``: a name, a word for saying, and the words in plain quotes ending the line."""
    start = code.find('"')
    end = code.find('"', start + 1)
    if end < 0 or code[end + 1 :].strip(" \t\f") or _LEFT_TO_GRAMMAR.search(code, 0, start):
        return None
    parts = code[:start].split()
    if len(parts) < 2 or not NAME.fullmatch(parts[0]) or parts[0].lower() in KEYWORDS:
        return None
    if _verb(parts[1:]) != ("say", len(parts) - 1):
        return None
    speech = code[start + 1 : end]
    return Says(parts[0], speech, meaning=_meaning(speech), line=line, column=column)


def _meaning(speech: str) -> Speech | None:
    """``read_speech(speech)``, remembered: a table says the same few things all night (bounded).
    A ``Speech`` is frozen, so the one reading is shared."""
    if speech in _MEANINGS:
        return _MEANINGS[speech]
    meaning = read_speech(speech)
    if len(speech) <= _LONGEST_REMEMBERED:
        if len(_MEANINGS) >= 4096:
            _MEANINGS.clear()
        _MEANINGS[speech] = meaning
    return meaning


_MEANINGS: dict[str, Speech | None] = {}
_LONGEST_REMEMBERED: Final = 200


def _quoted_player_event(code: str, line: int, column: int) -> Event | None:
    """``"Aunt May" checks``: a quoted name, then plain words (anything else to the grammar)."""
    end = code.find('"', 1)
    if end < 0:
        return None
    name, rest = words(code[1:end]), code[end + 1 :]
    if not name or not rest[:1].isspace() or _LEFT_TO_GRAMMAR.search(rest):
        return None
    parts = rest.split()
    if not parts:
        return None
    return _player_event(name, parts, line, column)


def _player_event(player: str, parts: list[str], line: int, column: int) -> Event | None:
    """``parts`` after the player's name: a verb of the table and what follows it."""
    found = _verb(parts)
    if found is None:
        return None
    key, size = found
    rest = parts[size:]
    if not key:
        return None
    if key == "dealt":
        cards = _cards(rest)
        return None if cards is None else DealtCards(player, cards, line=line, column=column)
    if not rest:
        bare = _BARE.get(key)
        return bare(player, line=line, column=column) if bare is not None else None
    if key in _WITH_AMOUNT:
        return _with_amount(player, key, rest, line, column)
    if key == "draw":
        return _draw(player, (), rest, line, column)
    if key == "discard":
        return _discard(player, rest, line, column)
    if key == "show":
        cards = _cards(rest)
        return None if cards is None else Show(player, cards, line=line, column=column)
    return None


_BEFORE_AMOUNT: Final[dict[str, frozenset[tuple[str, ...]]]] = {
    "bet": frozenset({("for",)}),
    "open": frozenset({("it",), ("for",), ("it", "for")}),
    "call": frozenset({("it",), ("for",), ("it", "for")}),
    "raise": frozenset({("it",), ("by",), ("it", "by")}),
    "ante": frozenset(),
}
"""The words the grammar allows between each verb and its amount (``opens it for 2``)."""


def _with_amount(player: str, key: str, rest: list[str], line: int, column: int) -> Event | None:
    """``bets 2``, ``bets 2 chips``, ``opens for 2``, ``raises it to 8``, ``sees it``; None otherwise."""
    if len(rest) == 1:
        # One word after the verb, the commonest case: the amount, or ``it`` after a call.
        word = rest[0]
        if key == "call" and word.lower() == "it":
            return Call(player, line=line, column=column)
        amount = _amount(word)
        return None if amount is None else _WITH_AMOUNT[key](player, amount, line=line, column=column)
    lowered = list(map(str.lower, rest[:3]))
    if key == "call" and lowered == ["it"] and len(rest) == 1:
        return Call(player, line=line, column=column)
    if key == "raise" and lowered[: len(rest) - 1] in (["to"], ["it", "to"]):
        amount = _amount(rest[-1])
        return None if amount is None else Raise(player, amount, to=True, line=line, column=column)
    for size in (2, 1):
        if tuple(lowered[:size]) in _BEFORE_AMOUNT[key] and len(rest) > size:
            rest = rest[size:]
            break
    if len(rest) == 2 and rest[1].lower() in _UNITS:
        rest = rest[:1]
    if len(rest) != 1:
        return None
    amount = _amount(rest[0])
    return None if amount is None else _WITH_AMOUNT[key](player, amount, line=line, column=column)


def _draw(player: str, discards: tuple[Card, ...], rest: list[str], line: int, column: int) -> Event | None:
    count = _count(rest)
    if count is not None:
        return Draw(player, count, discards=discards, line=line, column=column)
    received = _cards(rest)
    if received is None:
        return None
    return Draw(player, len(received), discards=discards, received=received, line=line, column=column)


def _discard(player: str, rest: list[str], line: int, column: int) -> Event | None:
    """``discards CARDS``, optionally followed by ``[,] [and] draws COUNT|CARDS``."""
    for index, word in enumerate(rest):
        if word == ",":
            head, tail = rest[:index], rest[index + 1 :]
            break
        if word.endswith(","):
            head, tail = [*rest[:index], word[:-1]], rest[index + 1 :]
            break
        if word not in CARD_WORDS_READ:
            head, tail = rest[:index], rest[index:]
            break
    else:
        cards = _cards(rest)
        return None if cards is None else Discard(player, cards, line=line, column=column)
    discards = _cards(head)
    if tail and tail[0].lower() == "and":
        tail = tail[1:]
    found = _verb(tail)
    if discards is None or found is None or found[0] != "draw":
        return None
    return _draw(player, discards, tail[found[1] :], line, column)


# --- header lines ---------------------------------------------------------------------------------

_NOTE_LEFT_TO_GRAMMAR: Final = re.compile(f"[{OTHER_SPACE}#]")


def _note(value: str, line: int, column: int) -> Event | None:
    """``note: free words``; anything but plain words and spaces goes to the grammar."""
    if _NOTE_LEFT_TO_GRAMMAR.search(value):
        return None
    text = words(value)
    return Note(text, line=line, column=column) if text else None


_HEADER_LEFT_TO_GRAMMAR: Final = re.compile(f"[{OTHER_SPACE}\"#'’‘“”]")


_QUOTES_LEFT_TO_GRAMMAR: Final = re.compile(f"[{OTHER_SPACE}#'’‘“”]")
_NAMED_KEYS: Final = frozenset({"seats", "dealer", "stacks"})
"""Header keys whose names may be quoted (``seats: "Aunt May", Bob``): read here in plain quotes."""


def fast_header(key: str, value: str) -> HeaderItem | None:
    """The header item for ``key: value`` (``key`` in lower case), or None when the grammar must decide."""
    if _HEADER_LEFT_TO_GRAMMAR.search(value):
        if key not in _NAMED_KEYS or _QUOTES_LEFT_TO_GRAMMAR.search(value):
            return None
        # Names in plain double quotes are common (`"Aunt May"`); the same reading as the grammar's.
        read_quoted = _QUOTED_VALUES[key]
        quoted = read_quoted(value)
        return None if quoted is None else HeaderItem(key, quoted)
    read = _HEADER_VALUES.get(key)
    if read is None:
        return None
    result = read(value)
    return None if result is None else HeaderItem(key, result)


def _one_word(value: str) -> str | None:
    parts = value.split()
    return parts[0] if len(parts) == 1 and "," not in parts[0] and ":" not in parts[0] else None


def _game(value: str) -> str | None:
    return game_name(value) or None


def _text(value: str) -> str | None:
    return words(value) or None


def _name(value: str) -> str | None:
    name = value.strip(" \t\f")
    return name if NAME.fullmatch(name) else None


def _seats(value: str) -> tuple[str, ...] | None:
    names = tuple(_name(part) for part in value.split(","))
    return None if None in names else names  # type: ignore[return-value]  # no None left


def _ante(value: str) -> AnteRule | None:
    parts = value.split()
    amount = _amount(parts[0]) if parts else None
    if amount is None:
        return None
    if len(parts) == 1:
        return AnteRule(amount)
    if len(parts) == 3 and parts[1].lower() == "by" and parts[2].lower() == "dealer":
        return AnteRule(amount, by_dealer=True)
    return None


def _header_amount(value: str) -> Decimal | None:
    return _amount(value.strip(" \t\f"))


_NAMED_LIMITS: Final = {
    "pot": LimitKind.POT,
    "no-limit": LimitKind.NO_LIMIT,
    "table-stakes": LimitKind.TABLE_STAKES,
}


def _limit(value: str) -> Limit | None:
    stripped = value.strip(" \t\f")
    named = _NAMED_LIMITS.get(stripped.lower())
    if named is not None:
        return Limit(named)
    for separator, kind in (("/", LimitKind.FIXED), ("-", LimitKind.SPREAD)):
        parts = stripped.split(separator)
        if len(parts) == 2:
            low, high = _amount(parts[0].strip(" \t\f")), _amount(parts[1].strip(" \t\f"))
            return None if low is None or high is None else Limit(kind, low, high)
    return None


def _stacks(value: str) -> tuple[tuple[str, Decimal], ...] | None:
    stacks = []
    for part in value.split(","):
        pieces = part.split()
        if len(pieces) != 2 or not NAME.fullmatch(pieces[0]):
            return None
        # Right after a name the grammar's lexer takes `10c` for a card (`dealer deals Bob 10c`),
        # so such a stack is the grammar's to refuse.
        amount = _amount(pieces[1]) if pieces[1] not in CARD_WORDS_READ else None
        if amount is None:
            return None
        stacks.append((pieces[0], amount))
    return tuple(stacks)


def _quoted_or_name(text: str) -> str | None:
    """One name: a plain name, or words in plain double quotes (spacing made single), never empty."""
    text = text.strip(" \t\f")
    if text.startswith('"'):
        inner = text[1:-1] if len(text) >= 2 and text.endswith('"') else '"'
        if '"' in inner:
            return None
        name = words(inner)
        return name or None
    return text if NAME.fullmatch(text) else None


def _split_quoted(value: str) -> list[str] | None:
    """``value`` split at the commas outside plain double quotes; None when a quote is left open."""
    parts, start, inside = [], 0, False
    for index, char in enumerate(value):
        if char == '"':
            inside = not inside
        elif char == "," and not inside:
            parts.append(value[start:index])
            start = index + 1
    if inside:
        return None
    parts.append(value[start:])
    return parts


def _quoted_seats(value: str) -> tuple[str, ...] | None:
    parts = _split_quoted(value)
    if parts is None:
        return None
    names = tuple(_quoted_or_name(part) for part in parts)
    return None if None in names else names  # type: ignore[return-value]  # no None left


def _quoted_stacks(value: str) -> tuple[tuple[str, Decimal], ...] | None:
    parts = _split_quoted(value)
    if parts is None:
        return None
    stacks = []
    for part in parts:
        head, _, amount_text = part.strip(" \t\f").rpartition(" ")
        name = _quoted_or_name(head) if head else None
        amount = _amount(amount_text) if name is not None and amount_text not in CARD_WORDS_READ else None
        if name is None or amount is None:
            return None
        stacks.append((name, amount))
    return tuple(stacks)


_QUOTED_VALUES: Final[dict[str, Callable[[str], object]]] = {
    "seats": _quoted_seats,
    "dealer": _quoted_or_name,
    "stacks": _quoted_stacks,
}

_HEADER_VALUES: Final[dict[str, Callable[[str], object]]] = {
    "title": _text,
    "game": _game,
    "rulebook": _one_word,
    "seats": _seats,
    "dealer": _name,
    "ante": _ante,
    "limit": _limit,
    "stacks": _stacks,
    "rake": _header_amount,
}
