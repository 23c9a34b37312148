"""The words of the log: every verb and fixed phrase, with its tenses and the table's synonyms.

This module is data. Players tell a hand in their own words (``Ann bet 2``, ``Bob sees``, ``Cy
stays``, ``dealer flashed Bob's 8h``); each entry of :data:`VERBS` lists the word ``fmt`` prints
(``canonical``), the other tenses and spellings of the same word (``forms``, read without
comment) and the table's other words for it (``synonyms``, each with a gloss a hint can show:
"`sees` means `calls`"). Everything that reads words reads them here:

* the grammar: ``grammar/hand.lark`` names a word rule ``_v_<key>`` where a verb stands, and
  :func:`grammar_rules` writes those rules from this table when the grammar is loaded;
* the fast path (``referee.log.fast``) looks the same words up in :data:`PHRASES`;
* the printer writes ``VERBS[key].canonical``;
* the hints suggest only words of this table, with their gloss (``referee.log.errors``);
* the speech reader (``referee.log.speech``) knows a verb said aloud by the same spellings.

A phrase of several words (``stood pat``) matches any spacing. A word with an apostrophe
(``can't``) is also read with a typographic one (``can’t``). Importing this module imports
nothing but the standard library.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final


@dataclass(frozen=True, slots=True)
class Verb:
    """One verb or fixed phrase of the log, and every way the table says it."""

    canonical: str
    """The word ``fmt`` prints (``checks``, ``stands pat``, ``is all in``)."""
    forms: tuple[str, ...] = ()
    """Other tenses and spellings of the same word (``check``, ``checked``): read silently."""
    synonyms: Mapping[str, str] = field(default_factory=dict)
    """The table's other words for it, each with a short gloss for hints (``""`` for none)."""
    needs: str = ""
    """What must follow, for a line that stops after the verb; ``{word}`` is the word as written."""

    def words(self) -> Iterator[str]:
        """Every spelling: the canonical one, the forms, the synonyms."""
        yield self.canonical
        yield from self.forms
        yield from self.synonyms

    def gloss(self, word: str) -> str:
        """What a table word means, for a hint (`` `sees` means `calls` ``); empty for a plain form."""
        word = word.lower().replace("’", "'")
        if word not in self.synonyms:
            return ""
        note = self.synonyms[word]
        return f"`{word}` means `{self.canonical}`" + (f": {note}" if note else "")


_AMOUNT: Final = "an amount, like `{word} 2`"
_CARDS: Final = "the cards, like `{word} As Kd`"
_KNOCK: Final = "a knock on the table before anyone bets"
_RAP: Final = "a rap on the table before anyone bets"
_SCARNE_CALL: Final = "Scarne's word for calling"
_PUT_IN: Final = "chips put in; the replay makes them the bet, call or raise they amount to there"
_TOSS: Final = "cards thrown away on the draw"
_OUT: Final = "out of the pot: a fold"
_WON: Final = "the pot taken; who wins it is the referee's to say, and a pot taken by another is reported"

VERBS: Final[dict[str, Verb]] = {
    # --- the deal -------------------------------------------------------------------------------
    "ante": Verb("antes", ("ante", "anted", "antes up", "anted up")),
    "post": Verb(
        "posts",
        ("post", "posted"),
        {"puts up": "", "put up": ""},
        needs="which blind and how much, like `{word} small blind 1`",
    ),
    "dealt": Verb(
        "is dealt",
        ("was dealt",),
        {"got": "", "gets": "", "received": "", "receives": "", "was given": "", "is given": ""},
        needs="the cards, like `{word} As Kd 7c 7d 2s`",
    ),
    "dealt_count": Verb(
        "was dealt",
        ("is dealt",),
        {"got": "", "gets": "", "received": "", "receives": "", "was given": "", "is given": ""},
        needs="how many cards, like `{word} 6 cards`",
    ),
    "has": Verb("has", ("had", "holds", "held", "is holding"), needs="how many cards, like `{word} 4 cards`"),
    "deals": Verb(
        "deals",
        ("dealt", "is dealing", "deals next", "dealt next"),  # `deals again`: `again` ends any line
        {"takes the deal": "", "took the deal": ""},
    ),
    # --- betting --------------------------------------------------------------------------------
    "check": Verb(
        "checks",
        ("check", "checked", "just checks", "just checked"),
        {
            "passes": "",
            "pass": "",
            "passed": "",
            "knocks": _KNOCK,
            "knock": _KNOCK,
            "knocked": _KNOCK,
            "raps": _RAP,
            "rap": _RAP,
            "rapped": _RAP,
        },
    ),
    "bet": Verb(
        "bets",
        ("bet", "bets out", "bet out"),
        {
            "leads": "the first bet of a round",
            "led": "the first bet of a round",
            "puts in": _PUT_IN,
            "put in": _PUT_IN,
        },
        needs=_AMOUNT,
    ),
    "open": Verb(
        "opens",
        ("open", "opened"),
        {"cracks": "opening the pot", "cracked": "opening the pot"},
        needs="an amount, like `{word} 2` or `{word} for 2`",
    ),
    "call": Verb(
        "calls",
        ("call", "called", "just calls", "just called", "only calls", "only called"),
        {
            "sees": "",
            "see": "",
            "saw": "",
            "stays": _SCARNE_CALL,
            "stay": _SCARNE_CALL,
            "stayed": _SCARNE_CALL,
            "stays in": "",
            "stayed in": "",
            "plays": _SCARNE_CALL,
            "played": _SCARNE_CALL,
            "comes in": "",
            "came in": "",
            "limps": "a call of the blind",
            "limped": "a call of the blind",
            "limps in": "a call of the blind",
            "limped in": "a call of the blind",
        },
    ),
    "raise": Verb(
        "raises",
        ("raise", "raised", "re-raises", "reraises", "re-raised", "reraised", "re-raise", "reraise"),
        {"bumps": "", "bump": "", "bumped": "", "ups": "", "upped": ""},
        needs="an amount: `{word} 4` (call and 4 more) or `{word} to 8` (8 in all)",
    ),
    "make_it": Verb(
        "makes it",
        ("made it", "make it"),
        needs="the bet it makes in all, like `{word} 8` (a raise to 8)",
    ),
    "fold": Verb(
        "folds",
        ("fold", "folded"),
        {
            "drops": "",
            "drop": "",
            "dropped": "",
            "drops out": "",
            "dropped out": "",
            "throws in": "",
            "threw in": "",
            "gives up": "",
            "gave up": "",
            "goes out": _OUT,
            "went out": _OUT,
            "is out": _OUT,
            "was out": _OUT,
        },
    ),
    "all_in": Verb(
        "is all in",
        ("is all-in", "goes all in", "goes all-in", "went all in", "went all-in", "was all in", "was all-in"),
        {
            "shoves": "",
            "shoved": "",
            "moves all in": "",
            "moved all in": "",
            "moves in": "",
            "moved in": "",
            "pushes": "",
            "pushed": "",
        },
    ),
    "complete": Verb(
        "completes",
        ("completed", "complete"),
        {
            "makes up": "completing his bet",
            "made up": "completing his bet",
            "makes good": "",
            "made good": "",
        },
    ),
    "not_complete": Verb(
        "does not complete",
        (
            "doesn't complete",
            "did not complete",
            "didn't complete",
            "will not complete",
            "won't complete",
            "cannot complete",
            "can't complete",
            "fails to complete",
            "failed to complete",
            "refuses to complete",
            "refused to complete",
        ),
    ),
    # --- the draw -------------------------------------------------------------------------------
    "discard": Verb(
        "discards",
        ("discard", "discarded"),
        {
            "throws away": "",
            "threw away": "",
            "tosses": _TOSS,
            "tossed": _TOSS,
            "toss": _TOSS,
            "tosses away": _TOSS,
            "tossed away": _TOSS,
        },
        needs=_CARDS,
    ),
    "draw": Verb(
        "draws",
        ("draw", "drew"),
        {"takes": "", "take": "", "took": ""},
        needs="how many cards, like `{word} 3`, or the cards, like `{word} J♥ 5c`",
    ),
    "given": Verb(
        "gets",
        ("got", "get"),
        {"receives": "", "received": "", "is given": "", "was given": ""},
        needs="how many cards he got, like `{word} 2`",
    ),
    "stand_pat": Verb(
        "stands pat",
        ("stand pat", "stood pat", "standing pat", "is pat", "was pat"),
        {
            "stays pat": "",
            "stayed pat": "",
            "plays pat": "",
            "played pat": "",
            "stands": "",
            "stood": "",
            "draws none": "",
            "drew none": "",
            "takes none": "",
            "took none": "",
        },
    ),
    "ask_for": Verb(
        "asks for",
        ("asked for", "ask for"),
        {"wants": "", "wanted": "", "requests": "", "requested": ""},
        needs="how many cards, like `{word} 3`",
    ),
    "change": Verb(
        "changes",
        ("changed", "change"),
        {"corrects": "", "corrected": ""},
        needs="the new number of cards, like `{word} his draw to 2`",
    ),
    "pick_up": Verb(
        "picks up",
        ("picked up", "picks", "picked"),
        {"takes back": "", "took back": "", "retrieves": "", "retrieved": ""},
        needs="what he picked up, like `{word} his discards` or `{word} his draw`",
    ),
    "look": Verb(
        "looks at",
        ("looked at", "look at", "looking at"),
        {"peeks at": "", "peeked at": "", "glances at": "", "glanced at": ""},
        needs="what he looked at, like `{word} his cards`",
    ),
    # --- showing and speaking -------------------------------------------------------------------
    "show": Verb(
        "shows",
        ("show", "showed", "shown"),
        {
            "turns over": "",
            "turned over": "",
            "tables": "",
            "tabled": "",
            "lays down": "",
            "laid down": "",
            "shows down": "",
            "showed down": "",
        },
        needs=_CARDS,
    ),
    "muck": Verb("mucks", ("muck", "mucked"), {"throws away his hand": "", "threw away his hand": ""}),
    "split": Verb(
        "splits",
        ("split", "splitting"),
        {"breaks": "", "broke": ""},
        needs="the openers kept aside, like `{word} openers, keeps J♠ J♦ aside`",
    ),
    "keep": Verb("keeps", ("keep", "kept", "keeping"), {"puts": "", "put": "", "putting": ""}, needs=_CARDS),
    "declare": Verb(
        "declares",
        ("declare", "declared"),
        {"announces": "", "announced": ""},
        needs="the words, like `{word} two pair`",
    ),
    "say": Verb("says", ("say", "said"), needs='the words in double quotes, like `{word} "bet 5"`'),
    "answer": Verb("answers", ("answered", "answer"), needs="how many cards he drew, like `{word} 2`"),
    "ask": Verb("asks", ("asked", "ask"), needs="whom and what, like `{word} Bob how many he drew`"),
    "refuse_answer": Verb(
        "refuses to answer",
        (
            "refused to answer",
            "refuse to answer",
            "does not answer",
            "doesn't answer",
            "did not answer",
            "didn't answer",
            "will not answer",
            "won't answer",
        ),
        {"will not say": "", "won't say": "", "would not say": "", "wouldn't say": ""},
    ),
    # --- money on the table between deals (table stakes) ---------------------------------------
    "add_chips": Verb(
        "adds",
        ("add", "added"),
        {
            "tops up": "",
            "topped up": "",
            "buys in for": "",
            "bought in for": "",
            "rebuys for": "",
            "rebought for": "",
            "puts on the table": "",
            "put on the table": "",
        },
        needs="how much he put on the table, like `{word} 20`",
    ),
    "take_off": Verb(
        "takes off",
        ("took off", "take off"),
        {"removes": "", "removed": "", "cashes out": "", "cashed out": "", "pulls off": "", "pulled off": ""},
        needs="how much he took off the table, like `{word} 10`",
    ),
    "not_show": Verb(
        "cannot show",
        (
            "can not show",
            "can't show",
            "could not show",
            "couldn't show",
            "fails to show",
            "failed to show",
            "does not show",
            "doesn't show",
            "did not show",
            "didn't show",
        ),
        {
            "has no": "",
            "had no": "",
            "does not have": "",
            "doesn't have": "",
            "did not have": "",
            "didn't have": "",
        },
        needs="`openers`, like `{word} openers`",
    ),
    # --- the pot, and cards put right (issue 23) ------------------------------------------------
    "collect": Verb(
        "collects the pot",
        ("collected the pot", "collect the pot"),
        {
            "takes the pot": "",
            "took the pot": "",
            "takes down the pot": "",
            "took down the pot": "",
            "rakes in the pot": "",
            "raked in the pot": "",
            "scoops the pot": "",
            "scooped the pot": "",
            "rakes the pot": "",
            "raked the pot": "",
            "takes it down": "",
            "took it down": "",
            "takes in the pot": "",
            "took in the pot": "",
            "drags the pot": "",
            "dragged the pot": "",
            "drags in the pot": "",
            "dragged in the pot": "",
            "wins the pot": _WON,
            "won the pot": _WON,
        },
    ),
    "return": Verb(
        "returns",
        ("returned", "return"),
        {
            "throws back": "a card over his due handed back",
            "threw back": "a card over his due handed back",
            "gives back": "a card over his due handed back",
            "gave back": "a card over his due handed back",
            "hands back": "a card over his due handed back",
            "handed back": "a card over his due handed back",
        },
        needs="the card handed back, like `{word} 4♣`",
    ),
    # --- irregular facts ------------------------------------------------------------------------
    "expose": Verb(
        "exposes",
        ("expose", "exposed"),
        {"flashes": "", "flash": "", "flashed": "", "turns up": "", "turned up": ""},
        needs="the card, like `{word} K♥` or `{word} Bob's K♥`",
    ),
    "call_misdeal": Verb("calls a misdeal", ("calls misdeal", "called a misdeal", "called misdeal")),
    # --- lines that name no player first ---------------------------------------------------------
    "dealer": Verb("dealer", ("the dealer",)),
    "everyone_antes": Verb("antes", ("everyone antes", "everybody antes", "everyone anted", "all ante")),
    "deal": Verb("deal", ("the deal",)),
    "draw_phase": Verb("draw", ("the draw",)),
    "showdown": Verb("showdown", ("the showdown",)),
    "misdeal": Verb(
        "misdeal",
        (
            "a misdeal",
            "misdeal called",
            "misdeal declared",
            "it's a misdeal",
            "dealer misdealt",
            "the dealer misdealt",
            "dealer misdeals",
            "the dealer misdeals",
        ),
    ),
    "redeal": Verb("redeal", ("re-deal",)),
    "new_deal": Verb("new deal", ("a new deal", "new hand", "a new hand", "next hand", "the next hand")),
    "pot_collected": Verb(
        "the pot is collected",
        (
            "pot collected",
            "pot is collected",
            "the pot was collected",
            "the pot is taken",
            "the pot was taken",
        ),
    ),
    "reshuffle": Verb(
        "reshuffle",
        (
            "reshuffled",
            "the discards are shuffled",
            "the discards were shuffled",
            "the discards are reshuffled",
            "the discards were reshuffled",
            "discards shuffled",
            "discards reshuffled",
        ),
    ),
}
"""Every verb and fixed phrase, by the key its grammar word rule ``_v_<key>`` is named after."""

NUMBERS: Final[dict[str, int]] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
"""Numbers written as words: a number of cards (``draws three``) or an amount (``bets two``)."""

UNITS: Final = ("chips", "chip", "dollars", "dollar", "bucks", "buck", "pounds", "pound", "euros", "euro")
"""Words that may follow an amount and add nothing to it (``bets 2 chips``)."""

CARD_WORDS: Final = ("cards", "card")
"""The word that may follow a number of cards (``draws 3 cards``)."""

HIS: Final = ("his", "her", "their", "the")
"""Words that may stand before a thing a player owns (``shows his openers``, ``folds his hand``)."""

PRONOUNS: Final = ("he", "she", "they")
"""Who drew, in ``Ann asks Bob how many he drew`` and ``Bob says he drew 2``."""

DREW: Final = ("drew", "took", "got", "draws", "takes", "gets")
"""What a player did at the draw, in the question ``how many he drew`` and its answer."""

POT_OPEN: Final = (
    "the pot open",
    "the pot opened",
    "pot open",
    "pot opened",
    "it open",
    "it opened",
    "the pot is open",
    "open",
    "opened",
)
"""After ``declares``: words that declare the pot open (casino, source 002, [Jacks or Better] item 2)."""

HAND_NAMES: Final = (
    ("five of a kind", 10),
    ("five aces", 10),
    ("straight flush", 9),
    ("royal", 9),
    ("four of a kind", 8),
    ("quads", 8),
    ("fours", 8),
    ("full house", 7),
    ("full", 7),
    ("boat", 7),
    ("flush", 6),
    ("straight", 5),
    ("three of a kind", 4),
    ("trips", 4),
    ("set", 4),
    ("two pair", 3),
    ("pair", 2),
    ("high", 1),
    ("nothing", 1),
)
"""Words that name a hand in a declaration (``Bob declares two pair``), with the category each
names: 1 (high card) .. 10 (five of a kind). See :func:`declared_rank`."""


RANKS_SAID: Final = (
    "aces", "kings", "queens", "jacks", "tens", "nines", "eights", "sevens", "sixes", "fives", "fours",
    "threes", "treys", "deuces", "twos",
)  # fmt: skip
"""A rank as a declaration counts it (``three tens``, ``aces up``)."""
COUNTED: Final = {"two": 2, "three": 4, "four": 8, "five": 10}
"""The category named by so many of one rank (``three tens`` is three of a kind)."""


def declared_rank(words: str) -> int | None:
    """The category a declaration names (the highest, when it names several), or None when it names none.

    >>> declared_rank("two pair, kings up"), declared_rank("three tens"), declared_rank("the nuts")
    (3, 4, None)
    >>> declared_rank("kings"), declared_rank("seven low")
    (2, 1)
    """
    text = words.lower()
    found = [rank for phrase, rank in HAND_NAMES if phrase in text]
    said = re.findall(r"[a-z]+", text)
    for first, second in itertools.pairwise(said):
        if second in RANKS_SAID and first in COUNTED:
            found.append(COUNTED[first])
        elif first in RANKS_SAID and second == "up":
            found.append(3)
    if not found and any(word in RANKS_SAID for word in said):
        found.append(2)  # `kings`: a rank said alone is a pair of it
    if not found and LOW_SAID.search(text):
        found.append(1)  # `seven low`: a lowball hand, no pair, named by its highest card
    return max(found, default=None)


LOW_SAID: Final = re.compile(
    r"\b(?:[2-9]|10|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)[- ]low\b"
)
"""A lowball hand named by its highest card (``seven low``, ``8-low``)."""


MISDEAL_DECLARED: Final = ("a misdeal", "misdeal")
"""After ``declares``: words that call a misdeal."""

HEADER_KEYS: Final = ("title", "game", "rulebook", "seats", "dealer", "ante", "limit", "stacks", "rake")
"""The header keys, in the order the canonical form writes them."""

SLIPS: Final[dict[str, str]] = {
    "allin": "is all in",
    "all-in": "is all in",
    "pat": "stands pat",
    "stand": "stands pat",
    "openers": "shows openers",
    "shove": "is all in",
}
"""Words that are no verb of the log but that players write for one: the hint names the verb."""

SPOKEN: Final[dict[str, str]] = {
    "i'm out": "fold",
    "im out": "fold",
    "out": "fold",
    "i'm in": "call",
    "im in": "call",
    "in": "call",
    "all in": "all_in",
    "all-in": "all_in",
    "i'm all in": "all_in",
    "pat": "stand_pat",
    "i'm pat": "stand_pat",
    "play these": "stand_pat",
    "i'll play these": "stand_pat",
    "keep these": "stand_pat",
    "i'll keep these": "stand_pat",
    "none": "stand_pat",
    "no cards": "stand_pat",
    "give me": "draw",
    "make it": "draw",
    "make that": "draw",
    "gimme": "draw",
    "i'll take": "draw",
    "i drew": "answer",
    "i took": "answer",
    "i got": "answer",
    "drew": "answer",
    "took": "answer",
    "got": "answer",
}
"""Words said aloud that are no verb of the log: what each amounts to (a key of :data:`VERBS`)."""

SPOKEN_FILLERS: Final = (
    "i",
    "i'll",
    "i will",
    "i'm going to",
    "i am going to",
    "let me",
    "i'd like to",
    "i want to",
    "ok",
    "okay",
    "well",
    "and",
    "then",
)
"""Words a player may say before the action, which add nothing (``I'll call``)."""

SPOKEN_FILLERS_AFTER: Final = ("it", "you", "that", "me", "the pot", "by", "for")
"""Words between the spoken verb and its amount, which add nothing (``raise it 2``, ``open for 3``)."""


def spellings(word: str) -> tuple[str, ...]:
    """A word as the log reads it: with a typographic apostrophe too when it has one."""
    return (word, word.replace("'", "’")) if "'" in word else (word,)


def _keys_by_phrase() -> dict[tuple[str, ...], tuple[str, ...]]:
    table: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key, verb in VERBS.items():
        for written in verb.words():
            for spelling in spellings(written):
                phrase = tuple(spelling.split())
                if key not in table.get(phrase, ()):
                    table[phrase] = (*table.get(phrase, ()), key)
    return table


KEYS_BY_PHRASE: Final = _keys_by_phrase()
"""Every spelling of every verb, as a tuple of lower-case words, to the keys it belongs to.

Most belong to one key; a few to two (``got`` is ``dealt`` and ``given``), which the grammar
tells apart by what follows.
"""

PHRASES: Final = {phrase: keys[0] for phrase, keys in KEYS_BY_PHRASE.items() if len(keys) == 1}
"""The spellings that belong to one key only, to that key."""

LONGEST_PHRASE: Final = max(len(phrase) for phrase in KEYS_BY_PHRASE)
"""The most words any spelling has."""


def entry(word: str) -> Verb | None:
    """The entry a spelling belongs to (the first, when it belongs to several), or None."""
    keys = KEYS_BY_PHRASE.get(tuple(word.lower().replace("’", "'").split()))
    return VERBS[keys[0]] if keys else None


def table_words() -> list[str]:
    """Every word and phrase of the table, for "did you mean" (nothing else is ever suggested)."""
    return sorted({" ".join(phrase) for phrase in KEYS_BY_PHRASE if "’" not in " ".join(phrase)})


_OTHER_KEYWORDS: Final = """
    title game rulebook seats ante by limit pot no-limit table-stakes stacks rake
    small big blind straddle widow openers aside card face up in pack deck cut not offered exposed
    duplicate found wrong note to for a hands hand were too many few how back discards discard bet
    call raise draw request his and but it keep
    own of an ace king queen jack deuce trey spades spade hearts heart diamonds diamond clubs club
    jackpot again on at before after during while dealing first second last opening round betting
    showdown throws threw throw extra gives gave give hands handed deals dealt another missing more
    reshuffles reshuffled shuffles shuffled with
    behind into there are is was were away by
"""


def _keywords() -> frozenset[str]:
    found = set(_OTHER_KEYWORDS.split())
    for phrase in KEYS_BY_PHRASE:
        found.update(phrase)
    for group in (NUMBERS, UNITS, CARD_WORDS, HIS, PRONOUNS, DREW):
        found.update(group)
    return frozenset(found)


KEYWORDS: Final = _keywords()
"""Every keyword of the language, lower case (a test checks this against the grammar).

A bare word that is one of these is read as the keyword where the keyword may stand, so names
like these are written in quotes.
"""


def _terminal(part: str, marked: dict[str, str]) -> str:
    """A word as the grammar writes it: a keyword, or a terminal of its own when it holds a mark.

    A word like ``re-deal`` or ``it's`` is not a NAME, so where a name may stand the lexer would
    read ``re`` as one; such a word gets a terminal of a higher priority that wins there.
    """
    if part.isalpha():
        return f'"{part}"i'
    return marked.setdefault(part, f"_W{len(marked)}")


def _alternatives(words: Iterator[str] | tuple[str, ...], marked: dict[str, str]) -> str:
    spelled = dict.fromkeys(
        " ".join(_terminal(part, marked) for part in spelling.split())
        for word in words
        for spelling in spellings(word)
    )
    return "\n    | ".join(spelled)


def grammar_rules() -> str:
    """The word rules the grammar names (``_v_check: "checks"i | "check"i | ...``), from this table.

    Also the number words (a terminal each, so the parser keeps which one it was), the units,
    the card words, the possessives, the pronouns and the words for drawing.
    """
    marked: dict[str, str] = {}
    rules = ["// --- generated from referee/log/words.py when the grammar is loaded ----------------------"]
    rules += [f"_v_{key}: {_alternatives(verb.words(), marked)}" for key, verb in VERBS.items()]
    rules.append("number_word: " + " | ".join(f"NUM_{name.upper()}" for name in NUMBERS))
    rules += [f'NUM_{name.upper()}: "{name}"i' for name in NUMBERS]
    rules.append(f"_unit: {_alternatives(UNITS, marked)}")
    rules.append(f"_card_word: {_alternatives(CARD_WORDS, marked)}")
    rules.append(f"_his: {_alternatives(HIS, marked)}")
    rules.append(f"_pronoun: {_alternatives(PRONOUNS, marked)}")
    rules.append(f"_drew: {_alternatives(DREW, marked)}")
    rules += [f"{name}.2: /{re.escape(part)}(?![\\w'’-])/i" for part, name in marked.items()]
    return "\n".join(rules) + "\n"
