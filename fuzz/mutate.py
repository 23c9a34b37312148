"""Seeded, deterministic mutators for hand logs and rulebooks, and the cases made from them.

Case ``k`` of seed ``s`` is built from ``random.Random(f"referee-fuzz:{s}:{k}")`` alone, so a
failure is reproduced from its two numbers (``python fuzz/run.py --show K --seed S``) on any
machine, whatever else ran before it.

Text mutators work on a list of lines; byte mutators (random bytes, invalid UTF-8, NUL,
truncation, line endings) run last, on the encoded file.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from fuzz.corpus import Kind, Seed, good_rulebooks, log_seeds, rulebook_seeds, scenario_logs

LOG_FILE: Final = "case.log"
BOOK_FILE: Final = "case.yaml"
RULED_LOG: Final = "ruled.log"
"""The scenario log a rulebook case is ruled on (``rule ruled.log -r case.yaml``)."""
HOUSE_FILE: Final = "house.yaml"
"""The example house rules, next to every log case (a header may say ``rulebook: house.yaml``)."""
PARENT_FILE: Final = "parent.yaml"
"""Another rulebook next to a rulebook case, for ``extends: parent.yaml``."""

LINKS: Final = (("loop.yaml", "loop.yaml"), ("a.yaml", "b.yaml"), ("b.yaml", "a.yaml"), ("etc.yaml", "/etc"))
"""Symbolic links next to every rulebook case: a loop, a pair of loops, a way out of the folder."""

RULEBOOK_SHARE: Final = 0.2
"""The share of cases that fuzz a rulebook rather than a log."""
UNCHANGED_SHARE: Final = 0.04
"""The share of cases run on a seed as it is: a clean log must pass every invariant."""

Lines = list[str]
TextMutator = Callable[[Lines, random.Random], Lines]
ByteMutator = Callable[[bytes, random.Random], bytes]


@dataclass(frozen=True, slots=True)
class Case:
    """One fuzz case: the files of a folder, which one is fuzzed, and how it was made."""

    seed: int
    number: int
    kind: Kind
    origin: str
    """The seed it started from (``scenarios/NAME.log``, ``simulate:0:7``, ``rulebooks/scarne.yaml``)."""
    mutations: tuple[str, ...]
    files: tuple[tuple[str, bytes], ...]
    """File name and bytes; the first is the fuzzed file (``case.log`` or ``case.yaml``)."""
    links: tuple[tuple[str, str], ...] = ()
    """Symbolic links to make next to the files: name and target."""

    @property
    def main(self) -> str:
        return self.files[0][0]

    @property
    def data(self) -> bytes:
        return self.files[0][1]

    @property
    def text(self) -> str:
        """The fuzzed file as a referee would see it if it decoded leniently."""
        return self.data.decode("utf-8", errors="replace")


def make_case(seed: int, number: int) -> Case:
    """Case ``number`` of ``seed``: a mutated log (most cases) or a mutated rulebook."""
    rng = random.Random(f"referee-fuzz:{seed}:{number}")
    if rng.random() < RULEBOOK_SHARE:
        return _rulebook_case(seed, number, rng)
    return _log_case(seed, number, rng)


def _log_case(seed: int, number: int, rng: random.Random) -> Case:
    origin = rng.choice(log_seeds())
    house = next(book for book in good_rulebooks() if book.name.endswith("friday-night.yaml"))
    if rng.random() < UNCHANGED_SHARE:
        return Case(seed, number, "log", origin.name, (), ((LOG_FILE, origin.data), (HOUSE_FILE, house.data)))
    names, data = mutate(origin, rng, LOG_TEXT_MUTATORS, LOG_BYTE_MUTATORS)
    return Case(seed, number, "log", origin.name, names, ((LOG_FILE, data), (HOUSE_FILE, house.data)))


def _rulebook_case(seed: int, number: int, rng: random.Random) -> Case:
    origin = rng.choice(rulebook_seeds())
    ruled = rng.choice(scenario_logs())
    parent = rng.choice([book for book in good_rulebooks() if book.name != "rulebooks/games.yaml"])
    files: list[tuple[str, bytes]] = [(RULED_LOG, ruled.data), (PARENT_FILE, parent.data)]
    if rng.random() < UNCHANGED_SHARE:
        return Case(seed, number, "rulebook", origin.name, (), ((BOOK_FILE, origin.data), *files), LINKS)
    names, data = mutate(origin, rng, BOOK_TEXT_MUTATORS, BOOK_BYTE_MUTATORS)
    return Case(seed, number, "rulebook", origin.name, names, ((BOOK_FILE, data), *files), LINKS)


def mutate(
    origin: Seed,
    rng: random.Random,
    text_mutators: dict[str, TextMutator],
    byte_mutators: dict[str, ByteMutator],
) -> tuple[tuple[str, ...], bytes]:
    """Apply one to five mutators to ``origin``; returns their names, in order, and the bytes."""
    count = rng.choice((1, 1, 1, 1, 2, 2, 3, 5))
    chosen = [rng.choice([*text_mutators, *byte_mutators]) for _ in range(count)]
    chosen.sort(key=lambda name: name in byte_mutators)  # text first: bytes may not decode after
    lines = origin.data.decode("utf-8").split("\n")
    for name in chosen:
        if name in text_mutators:
            lines = text_mutators[name](lines, rng) or [""]
    data = "\n".join(lines).encode("utf-8", errors="surrogatepass")
    for name in chosen:
        if name in byte_mutators:
            data = byte_mutators[name](data, rng)
    return tuple(chosen), data


# --- values -----------------------------------------------------------------------------------------

EXTREME_AMOUNTS: Final = (
    "999999999999999",
    "999999999999999.999999",
    "500000000000000",
    "123456789012345.678901",
    "0.000001",
    "0.000003",
    "0.333333",
    "1",
    "7",
    "0.5",
    "$999999999999999",
    "99c",
    "1c",
)
"""Amounts a log may hold, at the edges: the largest, the smallest, the most digits."""

AMOUNTS: Final = (
    "1" + "0" * 30,
    "99999999999999999999999999.25",
    "0.0000001",
    "-5",
    "-0",
    "0",
    "0.00",
    "1e5",
    "1E-7",
    "NaN",
    "Infinity",
    "sNaN",
    "1_000",
    "٣",
    "1" + "0" * 28,
    "9" * 29,
    "12345678901234567890123456789",
    "9" * 1000,
    "1000000000000000",
    "1.",
    ".5",
    "$1000000000000000000000000000",
    "3c",
    "1/3",
    "1e400",
    "0x10",
    "+7",
    "2.50",
)
"""Amounts no table plays with: huge, tiny, negative, zero, exponents, NaN, other digits."""


def _amount(rng: random.Random) -> str:
    return rng.choice(EXTREME_AMOUNTS if rng.random() < 0.6 else AMOUNTS)


NAMES: Final = (
    "[bold]Zed",
    "Q[red]uinn",
    "[link=https://example.com]Vic[/link]",
    "[/]",
    "[red]",
    ":x:",
    ":smile:",
    "Rex:pile_of_poo:",
    "Zoë",
    "名前",
    "O'Neil",
    'Sam "the man"',
    "Bob",
    "Ann",
    "x" * 60,
    "\\[bold]Wes",
    "Al:",
    "seats",
    "dealer",
    "antes",
    "Jk",
    "As",
    "10",
    "#x",
    "A\u200bB",
    "\u202eRTL",
    "Aunt May",
    "",
)
"""Player names with rich markup, emoji codes, quotes, unicode, keywords and cards."""

HEADER_LINES: Final = (
    "rake: 1000",
    "rake: 0.5",
    "rake: -1",
    "rake: 0",
    "rake: 99999999999999999999999999999",
    "rulebook: /etc/hostname",
    "rulebook: ../x",
    "rulebook: ../../../../../../../../etc/passwd",
    "rulebook: .",
    "rulebook: /",
    "rulebook: casino",
    "rulebook: SCARNE",
    "rulebook: case.log",
    "rulebook: house.yaml",
    "rulebook: nope",
    "rulebook:",
    "game: lowball",
    "game: nope",
    "game: seven-card-draw",
    "game: wild-widow",
    "game: deuces-wild",
    "game: double-draw",
    "ante: 1e5",
    "ante: 0",
    "ante: 5 by dealer",
    "ante: 99999999999999999999999999999",
    "limit: 0/0",
    "limit: 5/1",
    "limit: no-limit",
    "limit: pot",
    "limit: table-stakes",
    "limit: 1-99999999999999999999999999999",
    "seats:",
    "seats: Ann",
    "dealer: Nobody",
    "title: [bold]x[/bold] :x:",
    "title: " + "t" * 3000,
    "stacks: Ann 0",
    "stacks: Ann -5",
    "pot: 5",
)
"""Header lines: a rake, rulebooks that are files (some outside the folder), odd games and stakes."""

MARKUP_LINES: Final = (
    "note: [bold]loud[/bold] :x: [red]",
    "# [link=https://example.com]click[/link] :thumbs_up:",
    '{name} says "[bold]bet 5[/bold] :smile:"',
    '{name} says "bet [red]5"',
    "note: \\[escaped] and [/]",
    "note: [bold unclosed",
    "note: :pile_of_poo: :red_heart-emoji:",
    "note: \x1b[31mred\x1b[0m",
)
"""Free text with rich markup, emoji codes and an escape sequence."""

WRONG_VALUES: Final = (
    "[1, 2]",
    "{a: 1}",
    "yes",
    "null",
    '"3"',
    "-1",
    "1e400",
    ".nan",
    "-.inf",
    "9" * 40,
    "1" + "0" * 5000,
    "!!python/object/apply:os.system ['true']",
    "!!binary aGVsbG8=",
    "!!set {a, b}",
    "!!timestamp 2001-12-14",
    "2001-12-14",
    "~",
    "''",
    "*nope",
    "!custom x",
    '"[bold]boom[/bold] :x:"',
    "0x1F",
    "0o17",
    "1_000",
)
"""Values of the wrong type or shape for any rulebook key."""

EXTENDS: Final = (
    "../../../../../../../../etc/passwd",
    "/etc/hostname",
    "/etc/passwd",
    "..",
    ".",
    "case.yaml",
    "parent.yaml",
    "./parent.yaml",
    "loop.yaml",
    "a.yaml",
    "etc.yaml",
    "etc.yaml/passwd",
    "sub/../parent.yaml",
    "scarne",
    "SCARNE",
    "nope",
    "[scarne]",
    "''",
    "~",
    "scarne.yaml",
    "/dev/null",
    "a" * 300 + ".yaml",
    '"\\0x.yaml"',
    "ruled.log",
    "{id: x}",
)
"""``extends:`` targets: escapes from the folder, itself, symbolic link loops, wrong types."""

_AMOUNT: Final = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
_CARD: Final = re.compile(r"(?<!\w)(10|[2-9TJQKAtjqka])([shdcSHDC♠♥♦♣])(?!\w)")
_SEATS: Final = re.compile(r"^\s*seats\s*:(.*)$", re.IGNORECASE)
_HEADER: Final = re.compile(r"^\s*(#.*)?$|^\s*[A-Za-z-]+\s*:")
_DEALING: Final = re.compile(r"^\s*(antes|deal)\b", re.IGNORECASE)
_SCALAR: Final = re.compile(r"^(\s*(?:- )?[\w.-]+:\s+)(\S.*)$")
_KEY_BLOCK: Final = re.compile(r"^(\s*)(?:- )?[\w.-]+:\s*(#.*)?$")
_NUMBER: Final = re.compile(r"(?<![\w.])\d+(?![\w.])")


# --- lines --------------------------------------------------------------------------------------------


def _row(lines: Lines, rng: random.Random) -> int:
    return rng.randrange(len(lines)) if lines else 0


def delete_line(lines: Lines, rng: random.Random) -> Lines:
    row = _row(lines, rng)
    return lines[:row] + lines[row + 1 :]


def duplicate_line(lines: Lines, rng: random.Random) -> Lines:
    row = _row(lines, rng)
    return lines[: row + 1] + lines[row:]


def swap_lines(lines: Lines, rng: random.Random) -> Lines:
    lines = list(lines)
    one, two = _row(lines, rng), _row(lines, rng)
    if lines:
        lines[one], lines[two] = lines[two], lines[one]
    return lines


def garble_chars(lines: Lines, rng: random.Random) -> Lines:
    """Delete, duplicate or replace a few characters."""
    lines = list(lines)
    for _ in range(rng.randint(1, 4)):
        row = _row(lines, rng)
        if not lines:
            break
        line = lines[row]
        col = rng.randint(0, len(line))
        choice = rng.randrange(3)
        if choice == 0:
            lines[row] = line[:col] + line[col + 1 :]
        elif choice == 1:
            lines[row] = line[:col] + line[col : col + 1] + line[col:]
        else:
            lines[row] = line[:col] + rng.choice("xX9 :,\"'#$.-/♠\t[]") + line[col + 1 :]
    return lines


def splice(lines: Lines, rng: random.Random) -> Lines:
    """Lines of another log, pasted in somewhere."""
    other = rng.choice(log_seeds()).data.decode("utf-8").split("\n")
    start = rng.randrange(len(other))
    piece = other[start : start + rng.randint(1, 8)]
    row = _row(lines, rng)
    return lines[:row] + piece + lines[row:]


def long_line(lines: Lines, rng: random.Random) -> Lines:
    """A line past any sensible length."""
    row = _row(lines, rng)
    filler = rng.choice(("note: " + "x" * 5000, "Ann bets " + "9" * 4100, "# " + "♠" * 4500))
    return [*lines[:row], filler, *lines[row:]]


# --- logs ---------------------------------------------------------------------------------------------


def change_amounts(lines: Lines, rng: random.Random) -> Lines:
    """One amount, or every copy of one amount, becomes huge, tiny, negative, an exponent, NaN, ..."""
    spots = [(row, match) for row, line in enumerate(lines) for match in _AMOUNT.finditer(line)]
    if not spots:
        return lines
    lines = list(lines)
    row, match = rng.choice(spots)
    new = _amount(rng)
    if rng.random() < 0.3:
        old = re.compile(rf"(?<![\w.]){re.escape(match.group())}(?![\w.])")
        return [old.sub(new, line) for line in lines]
    line = lines[row]
    lines[row] = line[: match.start()] + new + line[match.end() :]
    return lines


def _seats(lines: Lines) -> list[str]:
    """The names written on the ``seats:`` line, as written (quotes kept)."""
    for line in lines:
        if match := _SEATS.match(line):
            return [name.strip() for name in match.group(1).split("#")[0].split(",") if name.strip()]
    return []


def _spell(name: str, rng: random.Random) -> str:
    if re.fullmatch(r"\w+", name) and rng.random() < 0.5:
        return name
    return f'"{name}"' if rng.random() < 0.85 else name


def rename_player(lines: Lines, rng: random.Random) -> Lines:
    """A player becomes ``[bold]Zed``, ``:x:``, ``名前``, a keyword, another player, ..."""
    seats = _seats(lines)
    if not seats:
        return lines
    old = rng.choice(seats)
    new = _spell(rng.choice(NAMES), rng)
    pattern = re.compile(re.escape(old) if old.startswith('"') else rf'(?<![\w"]){re.escape(old)}(?![\w"])')
    return [pattern.sub(lambda _: new, line) for line in lines]


def _respell(match: re.Match[str], rng: random.Random, style: int | None = None) -> str:
    rank, suit = match.group(1), match.group(2)
    symbols = dict(zip("shdc", "♠♥♦♣", strict=True))
    letters = {symbol: letter for letter, symbol in symbols.items()}
    suit = letters.get(suit, suit.lower())
    if style is None:
        style = rng.choice((0, 0, 1, 1, 2, 3, 4, 4, 5, 6))
    if style == 0:
        return rank.upper() + suit
    if style == 1:
        return rank.upper() + symbols[suit]
    if style == 2:
        return rank.lower() + symbols[suit]
    if style == 3:
        return rank + suit.upper()
    if style == 4:
        return {"10": "T", "T": "10", "t": "10"}.get(rank, rank) + suit
    if style == 5:
        return rank + symbols[suit] + "\ufe0f"
    return rank + {"s": "♤", "h": "♡", "d": "♢", "c": "♧"}[suit]


def respell_cards(lines: Lines, rng: random.Random) -> Lines:
    """Cards in another spelling: ``As`` ↔ ``A♠`` ↔ ``a♠``, ``10s`` ↔ ``Ts``, ``A♠️``, ``A♤``."""
    if rng.random() < 0.5:  # one spelling for the whole log
        style = rng.choice((0, 1, 2, 3, 4, 5, 6)) if rng.random() < 0.2 else rng.choice((0, 1, 2, 3, 4))
        return [_CARD.sub(lambda match: _respell(match, rng, style), line) for line in lines]
    lines = list(lines)
    row = _row(lines, rng)
    if lines:
        lines[row] = _CARD.sub(lambda match: _respell(match, rng), lines[row])
    return lines


def header_line(lines: Lines, rng: random.Random) -> Lines:
    """A header line such as ``rake: 1000`` or ``rulebook: /etc/hostname``, in or after the header."""
    end = next((row for row, line in enumerate(lines) if not _HEADER.match(line)), len(lines))
    row = rng.randint(0, min(end + 1, len(lines)))
    new = rng.choice(HEADER_LINES)
    key = new.split(":")[0]
    if rng.random() < 0.5:  # replace the header's own line for that key, if there is one
        for index, line in enumerate(lines[:end]):
            if line.strip().lower().startswith(key + ":"):
                return [*lines[:index], new, *lines[index + 1 :]]
    return [*lines[:row], new, *lines[row:]]


def new_deals(lines: Lines, rng: random.Random) -> Lines:
    """The hand played again after ``new deal`` (or ``redeal``), one to five more times."""
    start = next((row for row, line in enumerate(lines) if _DEALING.match(line)), None)
    if start is None:
        return lines
    body = [line for line in lines[start:] if line.strip()]
    more: Lines = []
    for _ in range(rng.randint(1, 5)):
        more += [rng.choice(("new deal", "new deal", "redeal", "misdeal\nredeal")), *body]
    return lines + more


def all_in_table(lines: Lines, rng: random.Random) -> Lines:
    """Up to forty seats, stacks from a chip to 10^27, and many players all in."""
    seats = _seats(lines)
    extra = [f"P{index}" for index in range(rng.randint(0, 36))]
    everyone = seats + extra
    if not everyone:
        return lines
    sizes = ("0.01", "1", "3", "40", "1000000", "999999999999999", "0.000001")
    odd = rng.choice(everyone) if rng.random() < 0.3 else None  # one stack of any amount at all
    stacks = ", ".join(f"{name} {_amount(rng) if name == odd else rng.choice(sizes)}" for name in everyone)
    out: Lines = []
    for line in lines:
        key = line.strip().lower()
        if key.startswith("seats:"):
            out.append("seats: " + ", ".join(everyone))
        elif key.startswith("stacks:"):
            continue
        else:
            out.append(line)
    header_end = next((row for row, line in enumerate(out) if _DEALING.match(line)), len(out))
    out.insert(header_end, "stacks: " + stacks)
    deal = next((row for row, line in enumerate(out) if line.strip().lower() == "deal"), len(out) - 1)
    shoving = [name for name in everyone if rng.random() < 0.8]
    verbs: tuple[str, ...] = ("{} is all in", "{} is all in", "{} goes all in", "{} bets 1000000", "{} calls")
    if rng.random() < 0.1:
        verbs = ("{} goes all-in",)  # as DESIGN.md writes it
    return out[: deal + 1] + [rng.choice(verbs).format(name) for name in shoving] + out[deal + 1 :]


def markup_text(lines: Lines, rng: random.Random) -> Lines:
    """A note, comment or speech with rich markup and emoji codes."""
    seats = _seats(lines) or ["Ann"]
    new = rng.choice(MARKUP_LINES).format(name=rng.choice(seats))
    row = rng.randint(0, len(lines))
    if new.startswith("#") and lines and rng.random() < 0.5:  # as a trailing comment
        row = _row(lines, rng)
        return [*lines[:row], lines[row] + "  " + new, *lines[row + 1 :]]
    return [*lines[:row], new, *lines[row:]]


def shout(lines: Lines, rng: random.Random) -> Lines:
    """Keywords in capitals (names kept: they are case-sensitive), or words spaced by tabs."""
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        row = _row(lines, rng)
        if not lines:
            break
        if rng.random() < 0.7:
            lines[row] = re.sub(r"\b[a-z][a-z-]*\b", lambda match: match.group().upper(), lines[row])
        else:
            lines[row] = lines[row].replace(" ", "  \t")
    return lines


IRREGULAR_EVENTS: Final = (
    "dealer exposes {p}'s {c}",
    "dealer exposes {c}",
    "{p} exposes {c}",
    "card face up in pack: {c}",
    "cut not offered",
    "deck not cut",
    "card exposed in cut",
    "{p} was dealt 6 cards",
    "{p} was dealt 4 cards",
    "{p} has 4 cards",
    "duplicate card found: {c}",
    '{p} says "bet {a}"',
    '{p} says "call"',
    '{p} says "raise {a}"',
    '{p} says "fold"',
    "{p} splits openers, keeps {c} {c} aside",
    "{p} shows openers {c} {c}",
    "{p} declares two pair",
    "{p} declares a straight flush",
    "misdeal",
    "redeal",
    "new deal",
    "{p} posts big blind {a}",
    "{p} posts small blind {a}",
    "{p} posts straddle {a}",
    "{p} is all in",
    "{p} mucks",
    "widow: {c}",
    "note: {p} left the table",
)
"""Irregular facts as the log language writes them ({p} a player, {c} a card, {a} an amount)."""

ACTIONS: Final = (
    "{p} bets {a}",
    "{p} raises {a}",
    "{p} raises to {a}",
    "{p} calls",
    "{p} calls {a}",
    "{p} folds",
    "{p} checks",
    "{p} opens {a}",
    "{p} draws {n}",
    "{p} discards {c} {c}, draws {c} {c}",
    "{p} discards {c}, draws {n}",
    "{p} stands pat",
    "{p} shows {c} {c} {c} {c} {c}",
    "{p} shows {c} {c} {c} {c} {c} {c}",
    "{p} is dealt {c} {c} {c} {c} {c}",
    "draw",
    "showdown",
    "antes",
    "deal",
)
"""Ordinary actions, for anyone, at any moment."""

CARDS: Final = (*(rank + suit for rank in "23456789TJQKA" for suit in "shdc"), "Jk", "??")


def _fill(template: str, lines: Lines, rng: random.Random) -> str:
    seats = _seats(lines) or ["Ann"]
    amount = rng.choice(("1", "2", "4", "5", "10", "0.5", "3")) if rng.random() < 0.85 else _amount(rng)
    text = template.replace("{p}", rng.choice(seats)).replace("{a}", amount)
    text = text.replace("{n}", rng.choice(("0", "1", "2", "3", "4", "5", "6")))
    while "{c}" in text:
        text = text.replace("{c}", rng.choice(CARDS), 1)
    return text


def _after_header(lines: Lines, rng: random.Random) -> int:
    start = next((row for row, line in enumerate(lines) if _DEALING.match(line)), len(lines))
    return rng.randint(min(start + 1, len(lines)), len(lines))


def irregular_event(lines: Lines, rng: random.Random) -> Lines:
    """An irregular fact (exposed card, misdeal, short deal, speech, split openers, ...) somewhere in play."""
    row = _after_header(lines, rng)
    return [*lines[:row], _fill(rng.choice(IRREGULAR_EVENTS), lines, rng), *lines[row:]]


def random_action(lines: Lines, rng: random.Random) -> Lines:
    """One to three ordinary actions by anyone, in or out of turn, somewhere in play."""
    for _ in range(rng.randint(1, 3)):
        row = _after_header(lines, rng)
        lines = [*lines[:row], _fill(rng.choice(ACTIONS), lines, rng), *lines[row:]]
    return lines


# --- rulebooks ----------------------------------------------------------------------------------------


def wrong_value(lines: Lines, rng: random.Random) -> Lines:
    """A ``key: value`` gets a list, a mapping, a tag, a date, NaN, a 5000-digit integer, ..."""
    rows = [row for row, line in enumerate(lines) if _SCALAR.match(line)]
    if not rows:
        return lines
    lines = list(lines)
    row = rng.choice(rows)
    match = _SCALAR.match(lines[row])
    assert match is not None
    lines[row] = match.group(1) + rng.choice(WRONG_VALUES)
    return lines


def huge_integer(lines: Lines, rng: random.Random) -> Lines:
    """A number becomes 10^30, 10^400 or 10^5000 (past Python's int-from-text limit)."""
    spots = [(row, match) for row, line in enumerate(lines) for match in _NUMBER.finditer(line)]
    if not spots:
        return [*lines, f"deal_passes_after_misdeals: 1{'0' * 5000}"]
    lines = list(lines)
    row, match = rng.choice(spots)
    if rng.random() < 0.25:  # 5000 digits over short lines: an explicit tag, escaped line breaks
        digits = ["1" + "0" * 999] + ["0" * 1000] * 4
        tagged = ['!!int "' + digits[0] + "\\"] + ["  " + part + "\\" for part in digits[1:-1]]
        tagged.append("  " + digits[-1] + '"')
        head = lines[row][: match.start()]
        return [*lines[:row], head + tagged[0], *tagged[1:], *lines[row + 1 :]]
    new = "1" + "0" * rng.choice((30, 400, 5000))
    lines[row] = lines[row][: match.start()] + new + lines[row][match.end() :]
    return lines


def deep_nesting(lines: Lines, rng: random.Random) -> Lines:
    """A value nested 50 to 100,000 deep — on one line, over many short lines, or as blocks."""
    depth = rng.choice((50, 500, 5000, 100_000))
    key = rng.choice(("game", "irregularities", "deep", "source", "silent_on"))
    style = rng.randrange(4)
    kept = [line for line in lines if not line.startswith(key + ":")]
    if style == 3:  # one bracket per line: no line is long, however deep it goes
        return [*kept, f"{key}:", *([" ["] * depth), *([" ]"] * depth)]
    if style == 0:
        value = "[" * depth + "]" * depth
    elif style == 1:
        value = "{a: " * depth + "1" + "}" * depth
    else:
        depth = min(depth, 500)
        nested = [" " * (2 * level) + "a:" for level in range(1, depth)]
        block = [f"{key}:", *nested, " " * (2 * depth) + "b: 1"]
        return kept + block
    return [*kept, f"{key}: {value}"]


def set_extends(lines: Lines, rng: random.Random) -> Lines:
    """``extends:`` names ``../../etc/passwd``, itself, a symbolic link loop, a directory, ..."""
    new = "extends: " + rng.choice(EXTENDS)
    for row, line in enumerate(lines):
        if line.startswith("extends:"):
            return [*lines[:row], new, *lines[row + 1 :]]
    row = next((row for row, line in enumerate(lines) if line.startswith("id:")), 0)
    return [*lines[: row + 1], new, *lines[row + 1 :]]


def _blocks(lines: Lines) -> list[tuple[int, int]]:
    """(first, past-last) rows of every ``key:`` line that opens a nested block."""
    found = []
    for row, line in enumerate(lines):
        match = _KEY_BLOCK.match(line)
        if not match:
            continue
        indent = len(match.group(1))
        end = row + 1
        while end < len(lines) and (
            not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
        ):
            end += 1
        found.append((row, end))
    return found


def remove_table(lines: Lines, rng: random.Random) -> Lines:
    """A section, table or row removed with everything under it."""
    blocks = _blocks(lines)
    if not blocks:
        return lines
    first, end = rng.choice(blocks)
    return lines[:first] + lines[end:]


def duplicate_key(lines: Lines, rng: random.Random) -> Lines:
    """A key written twice: one line, or a whole block."""
    blocks = _blocks(lines)
    if blocks and rng.random() < 0.5:
        first, end = rng.choice(blocks)
        return lines[:end] + lines[first:end] + lines[end:]
    rows = [row for row, line in enumerate(lines) if _SCALAR.match(line)]
    if not rows:
        return lines
    row = rng.choice(rows)
    return lines[: row + 1] + lines[row:]


ANCHOR_SNIPPETS: Final = (
    ["x_anchor: &a {raises: 3}", "game: {betting: {raise_cap: *a}}"],
    ["base: &b", "  ante: {method: each-player}", "game:", "  <<: *b"],
    ["loop: &l [*l]"],
    ["loop: &l {self: *l}", "game: *l"],
    ["game: *undefined"],
    ["a: &a [x, x, x, x, x, x, x, x, x]", "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]",
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]", "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]",
     "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]", "silent_on: [*e, *e, *e, *e, *e, *e, *e, *e, *e]"],
    ["id: &i scarne", "title: *i"],
    ["---", "id: second-document"],
    ["%YAML 1.1", "---"],
)  # fmt: skip


def anchors(lines: Lines, rng: random.Random) -> Lines:
    """Anchors and aliases: shared values, merge keys, self-reference, a bomb, several documents."""
    snippet = list(rng.choice(ANCHOR_SNIPPETS))
    if snippet[0].startswith("%"):
        return snippet + lines
    row = rng.choice((0, len(lines), rng.randint(0, len(lines))))
    return lines[:row] + snippet + lines[row:]


BOOK_MARKUP: Final = (
    '"[bold]Boom[/bold] the :x: card"',
    '"[red]Friday[/red] :smile:"',
    "'[link=https://example.com]Vic[/link] rules'",
    '"a \\[escaped] tag and [/] a closing one"',
    '"[bold unclosed :pile_of_poo:"',
)
"""Text for a rulebook's titles, summaries and citations, with rich markup and emoji codes."""


def markup_value(lines: Lines, rng: random.Random) -> Lines:
    """A ``title:``, ``summary:``, ``cite:`` or ``edition:`` with rich markup and emoji codes."""
    rows = [
        row
        for row, line in enumerate(lines)
        if re.match(r"^\s*(- )?(title|summary|cite|edition|fallback):\s+\S", line)
    ]
    if not rows:
        return lines
    lines = list(lines)
    for row in rng.sample(rows, min(len(rows), rng.randint(1, 3))):
        match = _SCALAR.match(lines[row])
        if match:
            lines[row] = match.group(1) + rng.choice(BOOK_MARKUP)
    return lines


def tabs(lines: Lines, rng: random.Random) -> Lines:
    """Indentation by tabs, or shifted by one space."""
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        row = _row(lines, rng)
        if lines:
            stripped = lines[row].lstrip(" ")
            pad = len(lines[row]) - len(stripped)
            lines[row] = ("\t" * (pad // 2) if rng.random() < 0.5 else " " * (pad + 1)) + stripped
    return lines


def flip_section(lines: Lines, rng: random.Random) -> Lines:
    """A whole section (``game:``, ``irregularities:``, a table) becomes a scalar or a list."""
    blocks = _blocks(lines)
    if not blocks:
        return lines
    first, end = rng.choice(blocks)
    key = lines[first].split(":")[0]
    return [*lines[:first], f"{key}: {rng.choice(('3', '[]', 'null', '[a, b]', 'yes', '{}'))}", *lines[end:]]


# --- bytes --------------------------------------------------------------------------------------------

BYTE_SNIPPETS: Final = (
    b"\x00",
    b"\xff",
    b"\xfe\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\x1b[31m",
    b"\r",
    b"\x0b",
    b"\x0c",
    b"\x7f",
    b"\xe2\x80\xa8",
    b"\xc2\x85",
    b"\x80\x80",
    b"\xf4\x90\x80\x80",
)


def random_bytes(data: bytes, rng: random.Random) -> bytes:
    """Bytes that are not text: NUL, invalid UTF-8, escape sequences, stray BOMs."""
    for _ in range(rng.randint(1, 4)):
        spot = rng.randint(0, len(data))
        piece = rng.choice(BYTE_SNIPPETS) if rng.random() < 0.7 else bytes([rng.randrange(256)])
        data = data[:spot] + piece + data[spot:]
    return data


def truncate(data: bytes, rng: random.Random) -> bytes:
    """The file cut off anywhere: mid-line, mid-word, mid-character."""
    return data[: rng.randint(0, len(data))]


def line_endings(data: bytes, rng: random.Random) -> bytes:
    """Windows or old Mac line endings, or a byte-order mark in front."""
    choice = rng.randrange(3)
    if choice == 0:
        return data.replace(b"\n", b"\r\n")
    if choice == 1:
        return data.replace(b"\n", b"\r")
    return b"\xef\xbb\xbf" + data


LOG_TEXT_MUTATORS: Final[dict[str, TextMutator]] = {
    "delete_line": delete_line,
    "duplicate_line": duplicate_line,
    "swap_lines": swap_lines,
    "garble_chars": garble_chars,
    "splice": splice,
    "long_line": long_line,
    "change_amounts": change_amounts,
    "change_amounts_2": change_amounts,
    "rename_player": rename_player,
    "respell_cards": respell_cards,
    "header_line": header_line,
    "header_line_2": header_line,
    "new_deals": new_deals,
    "all_in_table": all_in_table,
    "markup_text": markup_text,
    "shout": shout,
    "irregular_event": irregular_event,
    "irregular_event_2": irregular_event,
    "irregular_event_3": irregular_event,
    "random_action": random_action,
    "random_action_2": random_action,
}
"""Log mutators by name (a second name doubles the weight of the ones the issue is about)."""

LOG_BYTE_MUTATORS: Final[dict[str, ByteMutator]] = {
    "random_bytes": random_bytes,
    "truncate": truncate,
    "line_endings": line_endings,
}

BOOK_TEXT_MUTATORS: Final[dict[str, TextMutator]] = {
    "delete_line": delete_line,
    "duplicate_line": duplicate_line,
    "swap_lines": swap_lines,
    "garble_chars": garble_chars,
    "wrong_value": wrong_value,
    "wrong_value_2": wrong_value,
    "huge_integer": huge_integer,
    "deep_nesting": deep_nesting,
    "set_extends": set_extends,
    "set_extends_2": set_extends,
    "remove_table": remove_table,
    "duplicate_key": duplicate_key,
    "anchors": anchors,
    "tabs": tabs,
    "flip_section": flip_section,
    "markup_value": markup_value,
}
"""Rulebook mutators by name."""

BOOK_BYTE_MUTATORS: Final[dict[str, ByteMutator]] = {
    "random_bytes": random_bytes,
    "truncate": truncate,
    "line_endings": line_endings,
}


def describe(case: Case) -> str:
    """One line: the case, its seed file and its mutators."""
    how = ", ".join(case.mutations) or "unchanged"
    return f"case {case.number} (seed {case.seed}): {case.kind} {case.origin} · {how}"


def all_mutators() -> Sequence[str]:
    """Every mutator name, for the long run's header."""
    names = [*LOG_TEXT_MUTATORS, *LOG_BYTE_MUTATORS, *BOOK_TEXT_MUTATORS]
    return sorted({re.sub(r"_[0-9]$", "", name) for name in names})
