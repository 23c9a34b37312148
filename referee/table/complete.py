"""Completing a line as it is typed, from the grammar itself.

The text before the word being typed goes to Lark's interactive LALR parser (the same grammar
``referee check`` reads with, :func:`referee.log.grammar.tree_parser`), which says which
terminals it accepts next. A keyword terminal is offered as its own word; a name as the seated
players; a card as the cards of the deck; an amount or a count as the figures the caller
suggests. So the completion never offers a word the language would refuse, and never misses one
it would take.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Final

from referee.log.printer import format_name

RANKS: Final = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: Final = ("s", "h", "d", "c")
DECK: Final = tuple(rank + suit for rank in RANKS for suit in SUITS)
MAX_COMPLETIONS: Final = 250
_ORDER: Final = {"NAME": 0, "STRING": 1, "CARD_CODE": 2, "AMOUNT": 3, "COUNT": 4}
"""Which values come first when several kinds may stand next: names, then cards, then figures."""
# The word being typed: everything after the last space or punctuation that ends a word.
_PARTIAL: Final = re.compile(r"[^\s,:\"“”‘]*$")
_WORD: Final = re.compile(r"^[^\W\d]\w*$|^[^\w\s]$|^[a-z-]+$")


def completions(
    line: str,
    seats: Sequence[str] = (),
    *,
    amounts: Iterable[str] = (),
    counts: Iterable[str] = ("1", "2", "3", "4", "5"),
    cards: Iterable[str] = DECK,
    first: Iterable[str] = (),
) -> list[str]:
    """Words that may come next at the end of ``line``, starting with what is typed of the word.

    ``first`` are words to offer before the rest when they fit (the likely moves' words).
    Empty when the text before the word does not read.
    """
    typed = partial_word(line)
    before = line[: len(line) - len(typed)]
    accepted = accepted_terminals(before)
    values: list[str] = []
    keywords: list[str] = []
    for terminal in sorted(accepted, key=lambda name: (_ORDER.get(name, len(_ORDER)), name)):
        literal = _literal(terminal)
        if literal is not None:
            keywords.append(literal)
        else:
            values.extend(_values_for(terminal, seats, amounts, counts, cards))
    lowered = typed.lower()
    likely = list(dict.fromkeys(first))
    words = [*likely, *values, *sorted(keywords)]
    ordered = [
        word
        for word in dict.fromkeys(words)
        if word.lower().startswith(lowered)
        and word != typed
        and (word not in likely or word in words[len(likely) :])
    ]
    return ordered[:MAX_COMPLETIONS]


def partial_word(line: str) -> str:
    """The word being typed at the end of ``line`` (empty after a space or a comma)."""
    partial = _PARTIAL.search(line)
    return partial.group(0) if partial else ""


def accepted_terminals(text: str) -> set[str]:
    """The terminals the grammar takes after ``text`` (a line's beginning); empty when it does not read."""
    from referee.log.grammar import tree_parser

    try:
        interactive: Any = tree_parser().parse_interactive(text)
        interactive.exhaust_lexer()
        return set(interactive.accepts())
    except Exception:  # Lark raises several kinds here; each means "the text before does not read"
        return set()


def _values_for(
    terminal: str,
    seats: Sequence[str],
    amounts: Iterable[str],
    counts: Iterable[str],
    cards: Iterable[str],
) -> list[str]:
    if terminal in ("NAME", "STRING"):
        quoted = terminal == "STRING"
        return [format_name(name) for name in seats if (" " in name or not name.isidentifier()) == quoted]
    if terminal == "CARD_CODE":
        return list(cards)
    if terminal == "AMOUNT":
        return list(amounts)
    if terminal == "COUNT":
        return list(counts)
    return []


def _literal(terminal: str) -> str | None:
    """The word a keyword terminal stands for (``BETS`` → ``bets``), or None for a pattern."""
    from referee.log.grammar import tree_parser

    for definition in tree_parser().terminals:
        if definition.name == terminal:
            pattern = definition.pattern
            if type(pattern).__name__ == "PatternStr":
                value = str(pattern.value)
                return value if _WORD.match(value) or value in (":", ",", "/", "-") else None
            return None
    return None
