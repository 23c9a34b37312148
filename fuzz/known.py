"""The failure classes the fuzz suite has found, each as its smallest reproducer (``--shrink``).

Every entry failed an invariant at commit 57a94ea (the issue "Hardened: no input crashes it");
``tests/test_fuzz.py`` runs each through every command, so a class that comes back fails a test
named after it. Log entries are written as ``case.log`` (next to ``house.yaml``), rulebook entries
as ``case.yaml`` and ruled with ``ruled.log -r case.yaml``, next to the links every rulebook case
has (``loop.yaml`` → itself, ``a.yaml`` ↔ ``b.yaml``, ``etc.yaml`` → ``/etc``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fuzz.corpus import Kind, good_rulebooks, scenario_logs
from fuzz.mutate import BOOK_FILE, HOUSE_FILE, LINKS, LOG_FILE, PARENT_FILE, RULED_LOG, Case


@dataclass(frozen=True, slots=True)
class Known:
    """One failure class: what it broke, and the smallest input that showed it."""

    kind: Kind
    data: bytes
    found: str
    """The invariant that failed and how, at 57a94ea."""


def _two_deals_with_rake() -> bytes:
    scenario = next(seed for seed in scenario_logs() if "equal-bet-stands-as-call" in seed.name).data
    header, antes, play = scenario.partition(b"antes\n")
    return header.replace(b"ante: 1\n", b"ante: 1\nrake: 5\n") + antes + play + b"new deal\n" + antes + play


KNOWN: Final[dict[str, Known]] = {
    "invalid-utf8-log": Known(
        "log",
        b"seats: Ann, Bob\n\xf4\x90\x80\x80\n",
        "no-traceback: UnicodeDecodeError in rule, compare and explain",
    ),
    "amount-past-28-digits-in-settlement": Known(
        "log",
        b"seats: Dee\nlimit: 2/12345678901234567890123456789\n",
        "no-traceback: decimal.InvalidOperation (DivisionImpossible) in settle.chip_unit",
    ),
    "rake-larger-than-the-pot": Known(
        "log",
        b"seats: Ann, Bob, Cy, Dee\nrake: 1000\nCy bets 4\nBob opens 2\nDee folds\nAnn folds\n"
        b"showdown\nCy shows 6d\nBob shows 4c\n",
        "non-negative: awards.Cy = -980; rake-within-pot: rake 1000 > pot 20",
    ),
    "huge-rake-rounded": Known(
        "log",
        b"seats: Ann, Bob, Cy, Dee\nante: 1\nrake: 99999999999999999999999999999\nantes\nCy folds\n"
        b"Dee folds\nshowdown\nAnn shows 2s\nBob shows K\xe2\x99\xa0\n",
        "books-balance: sum(net) + carried + rake = 1 (29 digits rounded to 28)",
    ),
    "ante-past-28-digits-rounded": Known(
        "log",
        b"seats: Ann, P27, P28, P29, P30\nante: 99999999999999999999999999.25\nantes\n",
        "books-balance: sum(net) + carried = -0.25 (silently rounded)",
    ),
    "rake-over-two-deals": Known(
        "log",
        _two_deals_with_rake(),
        "books-balance: the rake of the second deal is left out of the books",
    ),
    "emoji-code-in-a-log-line": Known(
        "log",
        b"antes\n:x:\n",
        "no-emoji: `:x:` printed as ❌ by check, rule, compare, explain and fmt",
    ),
    "emoji-code-as-a-name": Known(
        "log",
        b'":x:",\n',
        "no-emoji: `:x:` printed as ❌ in every command's output",
    ),
    "rulebook-line-outside-the-folder": Known(
        "log",
        b"seats: Ann, Bob\nrulebook: ../../../../../../../../etc/passwd\n",
        "no-emoji: /etc/passwd is read as a rulebook and its lines (root:x:0:0) printed as root❌0:0",
    ),
    "unknown-game-passes-check": Known(
        "log",
        b"game: bug:\nseats: Dee\n",
        "check-rule-agree: check says ok, rule refuses (game: 'bug:' is not a game the referee knows);"
        " also `game: JACKS-OR-BETTER`",
    ),
    "widow-in-a-32-card-game": Known(
        "log",
        b"game: stripped-32\nseats: Flo\nwidow: 5c\n",
        "no-traceback: RankingError (the 32-card game is played without a joker or wild cards)",
    ),
    "rulebook-nested-over-many-lines": Known(
        "rulebook",
        b"id: x\ntitle: y\ngame:\n" + b" [\n" * 5000 + b" ]\n" * 5000,
        "no-traceback: RecursionError in yamlsafe.spot (100,000 deep on one line: libyaml segfaults)",
    ),
    "rulebook-integer-of-5000-digits": Known(
        "rulebook",
        b"1" + b"0" * 5000 + b"\n",
        "no-traceback: ValueError (int from text past 4300 digits) in yamlsafe.scalar",
    ),
    "rulebook-tagged-integer-over-lines": Known(
        "rulebook",
        b'id: x\ntitle: y\ndeal_passes_after_misdeals: !!int "1'
        + b"0" * 999
        + b"\\\n"
        + (b"  " + b"0" * 1000 + b"\\\n") * 4
        + b'  0"\n',
        "no-traceback: ValueError (int from text past 4300 digits) in yamlsafe.scalar",
    ),
    "extends-a-symlink-loop": Known(
        "rulebook", b"extends: loop.yaml\n", "no-traceback: RuntimeError (symlink loop) in load._parent"
    ),
    "extends-a-nul-byte": Known(
        "rulebook", b'extends: "\\0x.yaml"\n', "no-traceback: ValueError (embedded null byte) in load._parent"
    ),
    "extends-a-name-too-long": Known(
        "rulebook",
        b"extends: " + b"a" * 300 + b".yaml\n",
        "no-traceback: OSError (File name too long) in load._parent",
    ),
    "extends-through-a-link-outside": Known(
        "rulebook",
        b"extends: etc.yaml/passwd\n",
        "no-emoji: /etc/passwd read through a link and printed with ❌ (rulebook check, show, rule)",
    ),
    "rulebook-without-irregularities": Known(
        "rulebook",
        b"id: tiny\ntitle: A\nstatus: partial\n",
        "no-traceback: MissingTableError in model.table (rule -r; rulebook check says nothing)",
    ),
}
"""Every failure class found, by name."""


def known_case(name: str) -> Case:
    """The case of ``KNOWN[name]``, with the files around it that fuzz cases of its kind have."""
    known = KNOWN[name]
    house = next(book for book in good_rulebooks() if book.name.endswith("friday-night.yaml")).data
    if known.kind == "log":
        return Case(0, 0, "log", f"known:{name}", (), ((LOG_FILE, known.data), (HOUSE_FILE, house)))
    ruled = next(seed for seed in scenario_logs() if "equal-bet-stands-as-call" in seed.name).data
    parent = next(book for book in good_rulebooks() if book.name.endswith("scarne.yaml")).data
    files = ((BOOK_FILE, known.data), (RULED_LOG, ruled), (PARENT_FILE, parent))
    return Case(0, 0, "rulebook", f"known:{name}", (), files, LINKS)
