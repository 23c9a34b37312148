"""Syntax errors in a player's words: what Lark found wrong with a line, turned into a Problem.

Lark says which terminals it expected; a player wants to read "expected an action such as
`checks`, `bets 2`, `folds`" and, for a word the log does not know, what to write instead. Every
suggestion is a word of the table of words (:mod:`referee.log.words`), shown with what it means
(`sees` means `calls`); spelling distance is measured only among those words, never to an
unrelated verb. Nothing from Lark leaves this module.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable
from typing import Any, Final

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from referee.cards import Card, CardError
from referee.errors import Problem
from referee.events import Event
from referee.log.tokens import comment_start, shorten
from referee.log.words import (
    HEADER_KEYS,
    KEYS_BY_PHRASE,
    KEYWORDS,
    LONGEST_PHRASE,
    SLIPS,
    UNITS,
    VERBS,
    entry,
)

# What each terminal looks like, as an example a player can copy.
_SHOWN: Final[dict[str, str]] = {
    "NAME": "a player's name",
    "OUT_OF_TURN": "`out of turn`",
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
_LINE_KEYS: Final = frozenset(
    {
        "everyone_antes",
        "deal",
        "draw_phase",
        "showdown",
        "misdeal",
        "redeal",
        "new_deal",
        "dealer",
        "pot_collected",
        "reshuffle",
    }
)
"""The table's phrases that start a line; every other verb follows a player's name."""
_ACTION_WORDS: Final = sorted(
    {
        " ".join(phrase)
        for phrase, keys in KEYS_BY_PHRASE.items()
        if set(keys) - _LINE_KEYS and "’" not in " ".join(phrase)
    }
)
"""Every spelling of a verb that follows a name: the only words an unknown verb is compared with."""
_EVENT_STARTS: Final = sorted(
    {" ".join(phrase) for phrase, keys in KEYS_BY_PHRASE.items() if set(keys) & _LINE_KEYS}
    | {"card", "cut", "deck", "duplicate", "wrong", "note", "widow"}
)
"""Every way a line that names no player first may start."""
_NEEDS: Final[dict[str, str]] = {
    "to": "`raises to` needs the total, like `raises to 8`",
    "blind": "the blind needs an amount, like `posts big blind 2`",
    "straddle": "the straddle needs an amount, like `posts straddle 4`",
}
"""What must follow a word that is not a verb, for a line that stops after it."""
_ENDS: Final = frozenset({"$END", "<END-OF-FILE>", "_STOP"})
_TRAILING: Final = frozenset(
    {
        "AGAIN",
        "ON",
        "AT",
        "BEFORE",
        "AFTER",
        "DURING",
        "WHILE",
        "TO",
        "INTO",
        "BEHIND",
        "IT",
        "MORE",
        "_OUT_OF_TURN",
    }
)
"""The words that may end any event (`on the draw`, `again`): they do not make a line incomplete."""
_WORD_AT: Final = re.compile(r"[^\s,]+|,")
_AMOUNT_LIKE: Final = re.compile(r"-?[$£€]?\d[\d,.]*[c¢€£]?(?![^\s#])")
_AMOUNT_HINT: Final = (
    "write an amount like `2`, `0.25`, `$5`, `£5`, `5€`, `25c` or `1,000` (commas between thousands only)"
)
_LONGEST_WORD: Final = 40
_CARD_HINT: Final = "write cards like `As`, `Td` or `10♥`, the joker as `Jk`, an unseen card as `??`"


def syntax_problem(
    error: UnexpectedInput, text: str, line: int, source: str, seats: Collection[str] = ()
) -> Problem:
    """Explain why ``text`` (one line, number ``line``) is not in the log language."""
    column, found, expected = _where(error, text)
    start = _word_start(text, column)
    if found != "$END" and start < column and (accepted := _accepted_before(text, start)):
        # The lexer read a keyword off the front of a longer word (`bett` as `bet` and `t`):
        # the word as a whole is what does not fit.
        column, found, expected = start, "", accepted
    word = _word_at(text, column) if found != "$END" else ""
    code = _code(text).rstrip()
    if found == "$END" and "POSSESSIVE" in expected and len(code.split()) > 1:
        # `dealer exposes Ax`: a bad card read as the name of the card's owner.
        last = code.split()[-1]
        try:
            Card.parse(last)
        except CardError as card_error:
            hint = f"for a player's card write the owner first: `{last}'s 7c`"
            start = len(code) - len(last) + 1
            return Problem(str(card_error), source, line, start, text, hint, len(code) + 1)
    message, hint = _explain(text, column, shorten(word, _LONGEST_WORD), found, expected, seats)
    if found != "$END" and (whole := whole_line(text, column, seats)):
        # The nearest line that reads, in full, in its canonical words, with what the word put
        # in means (`stay` means `calls`).
        suggestion, changed = whole
        gloss = _gloss(changed)
        hint = f"did you mean `{suggestion}`?" + (f" ({gloss})" if gloss else "")
    else:
        hint = _whole_or_nothing(hint, text, column if found != "$END" else 0, seats)
    end = column + max(1, min(len(word), _LONGEST_WORD))
    return Problem(message, source, line, column, text, hint, end)


_ONE_WORD: Final = re.compile(r"did you mean `([^`]*)`\?(?: \([^)]*\))?")


def _whole_or_nothing(hint: str, text: str, column: int, seats: Collection[str]) -> str:
    """A hint naming one word (did you mean `posted`?) only as the whole line it makes, or not at all.

    The word is put in place of the one at ``column``; when the line then reads, the hint names
    that line in full and canonical words; else the suggestion is dropped (the message has said
    what was expected), so no hint ever names a word that does not make the line read.
    """
    found = _ONE_WORD.search(hint)
    if found is None:
        return hint
    word = found.group(1)
    if _reads(word, seats) is not None:
        return hint  # the suggestion is itself a whole line (`misdeal`)
    code = _code(text).rstrip()
    start = _word_start(code, column) - 1 if column else 0
    match = _WORD_AT.match(code, start) if column else None  # at the end of the line: no word to put in
    if match is not None:
        printed = _reads(code[:start] + word + code[match.end() :], seats)
        if printed is not None:
            gloss = _gloss(word)
            whole = f"did you mean `{printed}`?" + (f" ({gloss})" if gloss else "")
            return hint[: found.start()] + whole + hint[found.end() :]
    return (hint[: found.start()] + hint[found.end() :]).strip()


_MOST_TRIED: Final = 40
"""At most this many repaired lines are read for one hint (a hint is made only for a line in error)."""
_VOCABULARY: Final = sorted(
    {" ".join(phrase) for phrase in KEYS_BY_PHRASE if "’" not in " ".join(phrase)}
    | {word for word in KEYWORDS if "’" not in word}
    | set(SLIPS.values())
)
"""Every word a repaired line may take in place of one it does not know: words of the table only."""


def whole_line(text: str, column: int, seats: Collection[str] = ()) -> tuple[str, str] | None:
    """The nearest line to ``text`` that reads, in canonical form, and the word put in; or None.

    The word at ``column`` is replaced by the nearest words of the table (or a seated name), or
    dropped; a name before a card gets its ``'s``. Each repaired line is read by the grammar, and
    only one that reads, names only seated players and prints back to a line that reads again is
    ever suggested.
    """
    code = _code(text).rstrip()
    index = column - 1
    if not 0 <= index < len(code):
        return None
    start = _word_start(code, column) - 1
    match = _WORD_AT.match(code, start)
    if match is None:
        return None
    word = match.group()
    before, after = code[:start], code[match.end() :]
    tries: list[tuple[str, str]] = []
    if len(word) <= _LONGEST_WORD:
        pool = [*_VOCABULARY, *seats]
        nearest = difflib.get_close_matches(word.lower(), pool, n=6, cutoff=0.6)
        best = _likeness(word, nearest[0]) if nearest else 0.0
        # Only the nearest words: a line made to read with a word further off means something else.
        tries += [(before + near + after, near) for near in nearest if _likeness(word, near) >= best - 0.05]
    if before.rstrip() and before.split()[-1] in seats:
        tries.append((before.rstrip() + "'s " + word + after, "'s"))
    tries.append(((before.rstrip() + " " + after.lstrip()).strip(), ""))
    for candidate, changed in tries[:_MOST_TRIED]:
        printed = _reads(candidate, seats)
        if printed is not None:
            return printed, changed
    return None


def _likeness(word: str, near: str) -> float:
    return difflib.SequenceMatcher(None, word.lower(), near).ratio()


def _reads(line: str, seats: Collection[str]) -> str | None:
    """``line`` printed canonically, when it reads as events naming only seated players; else None."""
    from referee.log.grammar import parser
    from referee.log.printer import format_line

    try:
        result = parser().parse(line)
    except Exception:  # any line that does not read is simply not suggested
        return None
    found: tuple[object, ...] = result if isinstance(result, tuple) else (result,)
    events = tuple(event for event in found if isinstance(event, Event))
    if not events or len(events) != len(found):
        return None  # a header line, or nothing
    if seats and any(_named(event) - set(seats) for event in events):
        return None
    printed = format_line(events)
    try:
        parser().parse(printed)
    except Exception:  # never suggest a line that would not itself read
        return None
    return printed


def _named(event: Event) -> set[str]:
    names = {getattr(event, field, None) for field in ("player", "owner", "asked", "opener")}
    by = getattr(event, "by", None)
    if by != "dealer":
        names.add(by)
    return {name for name in names if isinstance(name, str)}


def _gloss(word: str) -> str:
    verb = entry(word) if word else None
    return verb.gloss(word) if verb is not None else ""


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


def _word_start(text: str, column: int) -> int:
    """The column where the word holding ``column`` starts."""
    index = column - 1
    while 0 < index <= len(text) and (text[index - 1].isalnum() or text[index - 1] in "_'’-"):
        index -= 1
    return index + 1


def _accepted_before(text: str, column: int) -> set[str]:
    """What the parser would take at ``column`` of ``text``, reading only what comes before it."""
    from referee.log.grammar import parser

    try:
        interactive: Any = parser().parse_interactive(text[: column - 1])
        interactive.exhaust_lexer()
        return set(interactive.accepts())
    except Exception:  # the text before does not read either: keep Lark's own account
        return set()


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
    if word[:1] in ("“", "‘") and {"“": "”", "‘": "’"}[word[0]] not in text[column:]:
        return "a quote is not closed", "close it: a name like `“Aunt May”` or speech like `“bet 5”`"
    if "AMOUNT" in expected and (amount := _AMOUNT_LIKE.match(text, column - 1)):
        return f"`{shorten(amount.group(), _LONGEST_WORD)}` is not an amount", _AMOUNT_HINT
    if "CHECKS" in expected:
        return _explain_action(before, word, found, seats)
    if found == "$END" and (needs := _needs(before)):
        return needs, _example_line(before, needs, seats)
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
    if all(name in _ENDS or name.lower() in UNITS or name in _TRAILING for name in expected):
        return (
            f"unexpected `{word}` after a complete event",
            "one event per line; put remarks after `#`",
        )
    if {"HAND", "DRAW"} <= expected and word.lower() in ("discards", "discard"):
        # `Bob looks at his discards`: a look is at the cards he holds; thrown cards come back
        # with their own line.
        return (
            f"unexpected `{word}`: a player looks at the cards he holds, his hand or his draw",
            "write `looks at his cards`; to take thrown cards back, `picks up his discards`",
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
    return f"`{word}` is not an action: expected {actions}", _verb_hint(word)


def _verb_hint(word: str) -> str:
    """What the player may have meant by ``word`` where a verb stands: a word of the table, glossed."""
    lowered = word.lower()
    if lowered in SLIPS:
        return f"did you mean `{SLIPS[lowered]}`?"
    close = _closest(lowered, _ACTION_WORDS)
    if not close:
        return ""
    verb = entry(close)
    gloss = verb.gloss(close) if verb is not None else ""
    return f"did you mean `{close}`?" + (f" ({gloss})" if gloss else "")


def _needs(before: list[str]) -> str:
    """What must follow the words a line stops after, or an empty string.

    The verb they end with says (`bets` needs an amount); else the last word (`raises to` needs
    the total); else the verb they hold (`changes his draw to` needs the new number).
    """
    lowered = [word.lower().replace("’", "'") for word in before]
    for size in range(min(LONGEST_PHRASE, len(lowered)), 0, -1):
        needs = _verb_needs(lowered[-size:])
        if needs:
            phrase = " ".join(before[-size:])
            return f"`{phrase}` needs {needs.format(word=phrase)}"
    last = lowered[-1] if lowered else ""
    if last in _NEEDS and (
        last != "to" or (len(lowered) > 1 and "raise" in KEYS_BY_PHRASE.get((lowered[-2],), ()))
    ):
        return _NEEDS[last]
    for start in range(1, len(lowered) - 1):
        for size in range(min(LONGEST_PHRASE, len(lowered) - start), 0, -1):
            needs = _verb_needs(lowered[start : start + size])
            if needs:
                said = " ".join(before[start:])
                return f"`{said}` needs {needs.format(word=' '.join(before[start : start + size]))}"
    return ""


_LIKE: Final = re.compile(r"like `([^`]*)`")


def _example_line(before: list[str], needs: str, seats: Collection[str]) -> str:
    """For a line a verb leaves unfinished after other words (`Ann splits her openers`), the whole
    line the table's example makes for this player, when it reads; else nothing (the message said)."""
    example = _LIKE.search(needs)
    if example is None or len(before) < 2 or not needs.startswith(f"`{before[1]} "):
        return ""
    printed = _reads(f"{before[0]} {example.group(1)}", seats)
    return f"write it in full, like `{printed}`" if printed is not None else ""


def _verb_needs(words: list[str]) -> str:
    keys = KEYS_BY_PHRASE.get(tuple(words), ())
    return next((VERBS[key].needs for key in keys if VERBS[key].needs), "")


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
        # `.` that ends a line, a word with a mark in it, a number word: nothing worth listing
        if name in ("_STOP", "<END-OF-FILE>") or name.startswith(("_W", "__ANON", "NUM_")):
            continue
        name = name.lstrip("_")
        if name in _ACTIONS:
            shown.append(f"`{_ACTIONS[name]}`")
        elif name in _SHOWN:
            shown.append(_SHOWN[name])
        elif name.lower().replace("_", "-") in KEYWORDS or name.lower() in KEYWORDS:
            shown.append(f"`{name.lower().replace('_', '-')}`")
        else:
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
    elif re.fullmatch(r"wrong[-_]?dealer", key, re.IGNORECASE):
        hint = "a wrong dealer is an event, written in two words among the events: `wrong dealer: Bob`"
    else:
        close = _closest(key.lower(), HEADER_KEYS)
        hint = f"did you mean `{close}:`? " if close else ""
        hint += f"The header keys are {', '.join(HEADER_KEYS)}; free text goes in `note: ...` or after `#`"
    return Problem(
        f"unknown header key `{shorten(key)}`", source, line, column, text, hint, column + len(key)
    )
