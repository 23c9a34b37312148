"""Syntax errors in a player's words: what Lark found wrong with a line, turned into a Problem.

Lark says which terminals it expected; a player wants to read "expected an action such as
`checks`, `bets 2`, `folds`" and, for the usual slips, what to write instead (`Bob bet 2` →
did you mean `bets`?). Nothing from Lark leaves this module.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable
from typing import Final

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from referee.cards import Card, CardError
from referee.errors import Problem
from referee.logwords import HEADER_KEYS, KEYWORDS, comment_start, shorten

# What each terminal looks like, as an example a player can copy.
_SHOWN: Final[dict[str, str]] = {
    "NAME": "a player's name",
    "STRING": 'a name in quotes like "Aunt May"',
    "CARD_CODE": "a card like `As`, `10♥`, `Jk` or `??`",
    "AMOUNT": "an amount like `2`, `0.25` or `$5`",
    "COUNT": "a number of cards like `3`",
    "WORD": "a name like `jacks-or-better`",
    "TEXT": "some words",
    "POSSESSIVE": "`'s`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "SLASH": "`/`",
    "MINUS": "`-`",
    "$END": "the end of the line",
}
_ACTIONS: Final[dict[str, str]] = {
    "CHECKS": "checks",
    "BETS": "bets 2",
    "CALLS": "calls",
    "RAISES": "raises 4",
    "FOLDS": "folds",
    "OPENS": "opens 2",
    "IS": "is all in",
    "DRAWS": "draws 1",
    "DISCARDS": "discards 8c 4h, draws 2",
    "STANDS": "stands pat",
    "SHOWS": "shows As Ad 7c 7d 2s",
    "MUCKS": "mucks",
}
_ACTION_WORDS: Final = (
    "checks passes bets opens calls raises folds drops is goes antes posts discards draws stands "
    "shows mucks splits declares says exposes was has"
).split()
_EVENT_STARTS: Final = (
    "antes deal draw showdown misdeal redeal new dealer card cut deck duplicate wrong note"
).split()
# The usual slips: the bare verb a player writes for the word the log wants.
_SLIPS: Final[dict[str, str]] = {
    "bet": "bets",
    "call": "calls",
    "check": "checks",
    "pass": "passes",
    "fold": "folds",
    "drop": "drops",
    "raise": "raises",
    "reraises": "raises",
    "open": "opens",
    "ante": "antes",
    "post": "posts",
    "show": "shows",
    "muck": "mucks",
    "discard": "discards",
    "draw": "draws",
    "stand": "stands pat",
    "stays": "stands pat",
    "pat": "stands pat",
    "declare": "declares",
    "say": "says",
    "expose": "exposes",
    "split": "splits openers",
    "allin": "is all in",
    "all-in": "is all in",
    "shoves": "is all in",
    "completes": "calls",
    "limps": "calls",
    "checked": "checks",
    "called": "calls",
    "bet2": "bets 2",
    "folded": "folds",
    "raised": "raises",
}
_NEEDS_AMOUNT: Final[dict[str, str]] = {
    "bets": "`bets` needs an amount, like `bets 2`",
    "opens": "`opens` needs an amount, like `opens 2`",
    "raises": "`raises` needs an amount: `raises 4` (call and 4 more) or `raises to 8` (8 in all)",
    "to": "`raises to` needs the total, like `raises to 8`",
    "posts": "say which blind and how much, like `posts small blind 1`",
    "blind": "the blind needs an amount, like `posts big blind 2`",
    "straddle": "the straddle needs an amount, like `posts straddle 4`",
}
_WORD_AT: Final = re.compile(r"[^\s,]+|,")
_LONGEST_WORD: Final = 40
_CARD_HINT: Final = "write cards like `As`, `Td` or `10♥`, the joker as `Jk`, an unseen card as `??`"


def syntax_problem(
    error: UnexpectedInput, text: str, line: int, source: str, seats: Collection[str] = ()
) -> Problem:
    """Explain why ``text`` (one line, number ``line``) is not in the log language."""
    column, found, expected = _where(error, text)
    word = _word_at(text, column) if found != "$END" else ""
    code = _code(text).rstrip()
    if found == "$END" and "POSSESSIVE" in expected and code.split():
        # `dealer exposes Ax`: a bad card read as the name of the card's owner.
        last = code.split()[-1]
        try:
            Card.parse(last)
        except CardError as card_error:
            hint = f"for a player's card write the owner first: `{last}'s 7c`"
            start = len(code) - len(last) + 1
            return Problem(str(card_error), source, line, start, text, hint, len(code) + 1)
    message, hint = _explain(text, column, shorten(word, _LONGEST_WORD), found, expected, seats)
    end = column + max(1, min(len(word), _LONGEST_WORD))
    return Problem(message, source, line, column, text, hint, end)


def _where(error: UnexpectedInput, text: str) -> tuple[int, str, set[str]]:
    """(column, the kind of thing found, what was expected) from a Lark error."""
    end = len(_code(text).rstrip()) + 1
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            return end, "$END", _accepted(error, error.expected)
        return int(error.column), error.token.type, _accepted(error, error.expected)
    if isinstance(error, UnexpectedCharacters):
        return int(error.column), "", _accepted(error, error.allowed)
    if isinstance(error, UnexpectedEOF):  # Lark gives no position here: the end of the line is it
        return end, "$END", _accepted(error, error.expected)
    return 1, "", set()


def _accepted(error: UnexpectedInput, expected: Collection[str]) -> set[str]:
    """What the parser would take where it stopped.

    Lark's ``expected`` comes from the lexer state, which LALR shares between contexts (after a
    name, the actions are "expected" even in `seats:`); the interactive parser knows exactly.
    """
    interactive = getattr(error, "interactive_parser", None)
    if interactive is not None:
        try:
            accepted = set(interactive.accepts())
        except Exception:  # a value that fails to build while the parser looks ahead
            accepted = set()
        if accepted:
            return accepted
    return set(expected)


def _code(text: str) -> str:
    """The line without its comment."""
    start = comment_start(text)
    return text if start < 0 else text[:start]


def _word_at(text: str, column: int) -> str:
    match = _WORD_AT.match(text, column - 1)
    return match.group() if match else ""


def _explain(
    text: str, column: int, word: str, found: str, expected: set[str], seats: Collection[str]
) -> tuple[str, str]:
    before = _code(text)[: column - 1].split()
    previous = before[-1].lower() if before else ""
    if "CARD_CODE" in expected and found not in {"$END", "CARD_CODE"}:
        try:
            Card.parse(word)
        except CardError as error:
            return str(error), _CARD_HINT
    if word.startswith('"') and word.count('"') == 1 and '"' not in text[column:]:
        return "a quote is not closed", 'close it: a name like `"Aunt May"` or speech like `"bet 5"`'
    if "CHECKS" in expected:
        return _explain_action(before, word, found, seats)
    if found == "$END" and previous in _NEEDS_AMOUNT:
        return _NEEDS_AMOUNT[previous], ""
    if "STRING" in expected and "NAME" not in expected:
        return "the words said go in double quotes", 'like `Ann says "bet 5"`'
    if "TITLE" in expected:
        return _explain_line_start(word, found, seats)
    if found == "$END":
        return f"the line stops too soon: expected {_choices(expected)}", ""
    if previous.endswith(",") and "DRAWS" in expected:
        return (
            f"unexpected `{word}` after the comma",
            "cards are separated by spaces; a comma only comes before `draws`",
        )
    if expected <= {"$END", "<END-OF-FILE>"}:
        return (
            f"unexpected `{word}` after a complete event",
            "one event per line; put remarks after `#`",
        )
    return f"unexpected `{word}`: expected {_choices(expected)}", _keyword_name_hint(before, word, seats)


def _explain_action(before: list[str], word: str, found: str, seats: Collection[str]) -> tuple[str, str]:
    player = shorten(" ".join(before), _LONGEST_WORD) or "the player"
    actions = "an action such as `checks`, `bets 2`, `calls`, `raises 4`, `folds`"
    if found == "$END":
        hint = ""
        if len(before) == 1 and (close := _closest(player.lower(), _EVENT_STARTS)):
            hint = f"did you mean `{close}`?"
        elif seats and player.strip('"') not in seats and player.lower() not in KEYWORDS:
            hint = _not_seated_hint(player, seats)
        return f"expected {actions} after `{player}`", hint
    slip = _SLIPS.get(word.lower()) or _closest(word.lower(), _ACTION_WORDS)
    hint = f"did you mean `{slip}`?" if slip else ""
    return f"`{word}` is not an action: expected {actions}", hint


def _explain_line_start(word: str, found: str, seats: Collection[str]) -> tuple[str, str]:
    events = "`Ann checks`, `deal`, `draw`, `showdown`, `misdeal` or a header line `key: value`"
    if found == "$END":
        return f"expected an event such as {events}", ""
    close = _closest(word.lower(), _EVENT_STARTS)
    hint = f"did you mean `{close}`?" if close else ""
    return f"a line cannot start with `{word}`: expected an event such as {events}", hint


def _keyword_name_hint(before: list[str], word: str, seats: Collection[str]) -> str:
    """`Cut checks` where a player is called Cut: the name reads as a keyword unless quoted."""
    if len(before) != 1:
        return ""
    first = before[0]
    if first.lower() in KEYWORDS and any(first.lower() == seat.lower() for seat in seats):
        return f'`{first}` is also a word of the log language: write the name in quotes, `"{first}"`'
    if first.lower() in KEYWORDS and word.lower() in _ACTION_WORDS:
        return f'if {first} is a player, write the name in quotes: `"{first}" {word}`'
    return ""


def _not_seated_hint(player: str, seats: Collection[str]) -> str:
    close = _closest(player, seats)
    if close:
        return f"did you mean {close}?"
    listed = ", ".join(dict.fromkeys(seats))
    return f"`{player}` is not at the table (seats: {listed}) and no event starts with it"


def _closest(word: str, choices: Iterable[str]) -> str:
    if len(word) > _LONGEST_WORD:
        return ""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return matches[0] if matches else ""


def _choices(expected: set[str]) -> str:
    shown = []
    for name in sorted(expected):
        if name in _ACTIONS:
            shown.append(f"`{_ACTIONS[name]}`")
        elif name in _SHOWN:
            shown.append(_SHOWN[name])
        elif name.lower().replace("_", "-") in KEYWORDS or name.lower() in KEYWORDS:
            shown.append(f"`{name.lower().replace('_', '-')}`")
        elif name.startswith("__ANON"):
            continue
        elif name != "<END-OF-FILE>":
            shown.append(name.lower())
    if not shown:
        return "nothing more"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def unknown_key_problem(
    key: str, text: str, line: int, column: int, source: str, seats: Collection[str] = ()
) -> Problem:
    """``foo: bar`` in the header: say which keys there are."""
    if key in seats:
        hint = f"if this is something {key} did, drop the colon: `{key} checks`"
    else:
        close = _closest(key.lower(), HEADER_KEYS)
        hint = f"did you mean `{close}:`? " if close else ""
        hint += f"The header keys are {', '.join(HEADER_KEYS)}; free text goes in `note: ...` or after `#`"
    return Problem(
        f"unknown header key `{shorten(key)}`", source, line, column, text, hint, column + len(key)
    )
