"""Reading words said aloud (``Ann says "I open for 3"``) into a typed :class:`~referee.events.Speech`.

Players speak as at the table: ``I open for 3``, ``bet 3``, ``call``, ``raise 2``, ``raise to
8``, ``I'm out``, ``pat``, ``I'll play these``, ``give me three``, ``draw 3``, ``I drew 2``. The
verbs are the log's own (every tense and synonym of :data:`referee.log.words.VERBS`), plus the
few things only said aloud (:data:`~referee.log.words.SPOKEN`). Words it cannot read exactly
give None: the reader then notes the line instead of guessing.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from referee.events import Speech, SpeechAction
from referee.log.tokens import AMOUNT, read_amount
from referee.log.words import (
    CARD_WORDS,
    KEYS_BY_PHRASE,
    LONGEST_PHRASE,
    NUMBERS,
    SPOKEN,
    SPOKEN_FILLERS,
    SPOKEN_FILLERS_AFTER,
    UNITS,
)
from referee.money import AmountError

__all__ = ["read_speech"]

ACTIONS: Final[dict[str, SpeechAction]] = {
    "check": SpeechAction.CHECK,
    "bet": SpeechAction.BET,
    "open": SpeechAction.OPEN,
    "call": SpeechAction.CALL,
    "raise": SpeechAction.RAISE,
    "fold": SpeechAction.FOLD,
    "all_in": SpeechAction.ALL_IN,
    "draw": SpeechAction.DRAW,
    "ask_for": SpeechAction.DRAW,
    "stand_pat": SpeechAction.STAND_PAT,
    "answer": SpeechAction.DREW,
}
"""The verbs of the table a player may say aloud, and what saying one amounts to."""

_WITH_AMOUNT: Final = frozenset({SpeechAction.BET, SpeechAction.OPEN, SpeechAction.CALL, SpeechAction.RAISE})
_WITH_COUNT: Final = frozenset({SpeechAction.DRAW, SpeechAction.DREW})
_PUNCTUATION: Final = '.,!?;:"“”‘’()'
_LONGEST_SPOKEN: Final = max(
    len(phrase.split()) for phrase in (*SPOKEN, *SPOKEN_FILLERS, *SPOKEN_FILLERS_AFTER)
)
_POLITE: Final = frozenset({"please", "thanks", "thank you"})


def read_speech(speech: str) -> Speech | None:
    """What the words amount to, or None when they cannot be read exactly.

    >>> read_speech("I open for 3")
    Speech(action=<SpeechAction.OPEN: 'open'>, amount=Decimal('3'), to=False, total=None, count=None)
    >>> read_speech("give me three").count, read_speech("I'll play these").action.value
    (3, 'stand-pat')
    >>> read_speech("nice hand") is None
    True
    """
    words = _words(speech)
    found = _spoken(words)
    if found is None:
        words = _drop(words, SPOKEN_FILLERS)
        found = _spoken(words) or _verb(words)
    if found is None:
        return _bare_count(words)
    key, rest = found
    action = ACTIONS.get(key)
    return None if action is None else _with_rest(action, _drop(rest, SPOKEN_FILLERS_AFTER))


def _words(speech: str) -> list[str]:
    """The speech in lower case, word by word, without punctuation around the words."""
    cleaned = (word.strip(_PUNCTUATION) for word in speech.replace("’", "'").lower().split())
    words = [word for word in cleaned if word]
    while words and words[-1] in _POLITE:
        words.pop()
    return words


def _drop(words: list[str], fillers: tuple[str, ...]) -> list[str]:
    """``words`` without the fillers they start with."""
    dropped = True
    while dropped and words:
        dropped = False
        for size in range(min(_LONGEST_SPOKEN, len(words)), 0, -1):
            if " ".join(words[:size]) in fillers:
                words, dropped = words[size:], True
                break
    return words


def _spoken(words: list[str]) -> tuple[str, list[str]] | None:
    for size in range(min(_LONGEST_SPOKEN, len(words)), 0, -1):
        key = SPOKEN.get(" ".join(words[:size]))
        if key is not None:
            return key, words[size:]
    return None


def _verb(words: list[str]) -> tuple[str, list[str]] | None:
    for size in range(min(LONGEST_PHRASE, len(words)), 0, -1):
        keys = KEYS_BY_PHRASE.get(tuple(words[:size]))
        if keys:
            spoken = [key for key in keys if key in ACTIONS]
            return (spoken or keys)[0], words[size:]
    return None


def _with_rest(action: SpeechAction, rest: list[str]) -> Speech | None:
    """The speech for ``action`` followed by ``rest``, or None when ``rest`` does not fit it."""
    if not rest:
        return None if action is SpeechAction.DREW else Speech(action)
    if action in _WITH_COUNT:
        count = _count(rest)
        return None if count is None else Speech(action, count=count)
    if action not in _WITH_AMOUNT:
        return None
    if action is SpeechAction.RAISE and rest[0] == "to":
        total = _amount(rest[1:])
        return None if total is None else Speech(action, total, to=True)
    if "to" in rest and action is SpeechAction.RAISE:
        at = rest.index("to")
        amount, total = _amount(rest[:at]), _amount(rest[at + 1 :])
        return None if amount is None or total is None else Speech(action, amount, total=total)
    amount = _amount(rest)
    return None if amount is None else Speech(action, amount)


def _amount(words: list[str]) -> Decimal | None:
    """An amount said as ``3``, ``$3``, ``three`` or ``3 chips``; None for anything else."""
    if words and words[0] == "by":
        words = words[1:]
    if len(words) == 2 and words[1] in UNITS:
        words = words[:1]
    if len(words) != 1:
        return None
    word = words[0]
    if word in NUMBERS:
        return Decimal(NUMBERS[word])
    if not AMOUNT.fullmatch(word):
        return None
    try:
        amount = read_amount(word)
    except AmountError:
        return None
    return amount if amount > 0 else None


def _count(words: list[str]) -> int | None:
    """A number of cards said as ``3``, ``three``, ``3 cards`` or ``a card``; None for anything else."""
    if len(words) == 2 and words[1] in CARD_WORDS:
        if words[0] in ("a", "one"):
            return 1
        words = words[:1]
    if len(words) != 1:
        return None
    word = words[0]
    if word in NUMBERS:
        return NUMBERS[word]
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 2 else None


def _bare_count(words: list[str]) -> Speech | None:
    """A number on its own (``three``, ``2 cards``): the answer to the dealer's "how many?"."""
    count = _count(words)
    return None if count is None else Speech(SpeechAction.DRAW, count=count)
