"""The house-rules sheet: one printable page that says in words what a rulebook does.

``referee rulebook show NAME --sheet`` prints it (Markdown, or ``--html`` a page to print). It is
for the players at the table, not for the rulebook's author: the game as sentences ("Every player
antes."), then each irregularity, grouped by when it happens, with what this house does — each
row's one-line summary, the remedy in words, and where it comes from ("Scarne, Betting Out of
Turn, item 3"; "house rule, March 2025"). Rows written by a house file are marked as the house's.

The sheet is built as plain data (:class:`Sheet`) and then written out as Markdown or HTML, so
both say the same (the HTML page is :mod:`referee.report.sheet`); every piece of text from the
rulebook file is escaped in HTML. It lives with the other wording (:mod:`referee.report`): the
rulebook package says what a rulebook is, never how it reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from referee.rulebook.cites import setting_cite, setting_words, source_name
from referee.rulebook.decisions import citation
from referee.rulebook.model import RemedyBase, Row, Rulebook, SameAs
from referee.rulebook.vocabulary import REMEDY_WORDS, Kind

GROUPS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (
        "The shuffle and the deal",
        (
            "misdeal",
            "cut-irregularity",
            "wrong-dealer",
            "imperfect-pack",
            "card-face-up-in-pack",
            "exposed-card",
            "wrong-card-count",
            "wrong-hand-count",
            "too-many-players",
        ),
    ),
    (
        "Betting",
        (
            "out-of-turn",
            "short-bet",
            "bet-not-completed",
            "over-limit",
            "raise-cap",
            "verbal-bet",
            "check-facing-bet",
            "action-misnamed",
            "improper-fold",
            "stake-changed-in-hand",
            "stake-below-minimum",
            "plays-while-sitting-out",
            "acts-after-folding",
            "back-in-after-passing",
            "raises-own-raise",
            "passed-over",
        ),
    ),
    ("The draw", ("draw-irregularity", "draw-count-misstated", "discards-retrieved", "deck-exhausted")),
    (
        "Openers and the showdown",
        ("pot-declared-open", "false-openers", "split-openers", "foul-hand", "misdeclared-hand"),
    ),
)
"""Irregularities by when they happen at the table; a kind not listed here goes under "Other"."""


@dataclass(frozen=True, slots=True)
class SheetRow:
    summary: str
    ruling: str
    cite: str
    house: bool
    """Written by the house file itself (not inherited from the rulebook it extends)."""


@dataclass(frozen=True, slots=True)
class SheetKind:
    name: str
    rows: tuple[SheetRow, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    about: tuple[str, ...]
    """Who the rulebook is: id, what it extends, its source, the game played by default."""
    game: tuple[tuple[str, str], ...]
    """(sentence, where it comes from) for each setting the rulebook writes."""
    groups: tuple[tuple[str, tuple[SheetKind, ...]], ...]
    silent_on: tuple[str, ...]


def build_sheet(book: Rulebook) -> Sheet:
    """The sheet of a rulebook as played: everything it adds up to, inherited rows included."""
    from referee.rulebook.games import catalog

    hints = list(book.lineage)
    about = [f"Rulebook {book.id}"]
    if len(book.lineage) > 1:
        about.append("house rules on top of " + " and ".join(book.lineage[1:]))
    if book.source is not None:
        about.append(f"source: {book.source.edition}")
    variant = book.variants.get(book.default_game) or catalog().variants.get(book.default_game)
    game_name = variant.title if variant is not None and variant.title else book.default_game
    about.append(f"played as {game_name} unless a hand log names another game")
    house_cites = book._own_game.get("cite", {}) if len(book.lineage) > 1 else {}
    game = []
    for path, value in _settings(book.game.model_dump(mode="json", exclude_unset=True)):
        sentence = setting_sentence(path, value)
        if sentence is None:
            continue
        cite = setting_cite(path, dict(book.game.cite))
        house = setting_cite(path, dict(house_cites)) != ""
        cite_text = setting_words(cite, _source_of(book))
        marked = house and cite_text and not cite_text.lower().startswith("house")
        game.append((sentence, ("house rule: " if marked else "") + cite_text))
    tables = book.tables()
    groups: list[tuple[str, tuple[SheetKind, ...]]] = []
    listed: set[str] = set()
    for heading, kinds in (*GROUPS, ("Other", tuple(k.value for k in Kind))):
        shown = []
        for value in kinds:
            if value in listed or value not in {kind.value for kind in tables}:
                continue
            listed.add(value)
            kind = Kind(value)
            shown.append(
                SheetKind(kind_words(kind), tuple(_row(book, kind, row, hints) for row in tables[kind]))
            )
        if shown:
            groups.append((heading, tuple(shown)))
    return Sheet(book.title, tuple(about), tuple(game), tuple(groups), tuple(book.silent_on))


def _row(book: Rulebook, kind: Kind, row: Row, hints: list[str]) -> SheetRow:
    house = len(book.lineage) > 1 and book.origin(kind, row) == book.id
    return SheetRow(row.summary.strip(), remedy_words(row.then), citation(book, kind, row), house)


def _source_of(book: Rulebook) -> str | None:
    """Who a settings cite's bare ``silent`` speaks of: the rulebook's source, by name."""
    return source_name(book.source.file) if book.source else None


def kind_words(kind: Kind) -> str:
    """``Exposed card``, ``Out of turn``."""
    return kind.value.replace("-", " ").capitalize()


# --- remedies in words -------------------------------------------------------------------------------

_PARAMETER_WORDS: Final[dict[tuple[str, str], str]] = {
    ("redeal", "same-dealer"): "the same dealer deals again",
    ("redeal", "next-dealer"): "the next dealer deals",
    ("redeal", "proper-dealer"): "the player whose deal it was deals",
    ("antes", "stay"): "the antes stay in the pot",
    ("antes", "refund"): "the antes go back",
    ("replace", "immediately"): "replaced at once",
    ("replace", "after-draw"): "replaced after the draw",
    ("chips", "stay"): "his chips stay in the pot",
    ("chips", "opening-bet-stays"): "his chips go back except the opening bet",
    ("how", "from-pack"): "from the pack",
    ("how", "discard-surplus"): "by discarding the extra cards",
    ("how", "draw-missing"): "by drawing the missing cards",
    ("on_drop", "chips-stay"): "if he drops, his chips stay in the pot",
    ("on_drop", "chips-returned"): "if he drops, his chips go back",
    ("offender_chips", "stay"): "the offender's chips stay in the pot",
    ("offender_chips", "returned-except-ante"): "the offender's chips go back except his ante",
    ("offender_chips", "opening-bet-stays"): "the offender's opening bet stays in the pot",
    ("others_chips", "stay"): "the others' chips stay in the pot",
    ("others_chips", "returned"): "the others' chips go back",
    ("others_chips", "stay-unless-nobody-opens"): "the others' chips stay unless nobody opens",
    ("eligible", "not-passed"): "only players who have not passed may open",
    ("eligible", "any-in-turn"): "anyone may open in turn",
    ("offender", "out"): "the false opener is out",
    ("offender", "may-stay"): "the false opener may stay in",
}


def remedy_words(remedy: RemedyBase) -> str:
    """The remedy as a player says it, with each parameter that changes it: ``misdeal: ...; the
    next dealer deals``. Parameters left at their default are part of the plain words already."""
    words = REMEDY_WORDS.get(remedy.id.value, remedy.id.value.replace("-", " "))
    if isinstance(remedy, SameAs):
        return f"ruled as {kind_words(remedy.kind).lower()}"
    model = type(remedy)
    extra = []
    for name, value in remedy.params().items():
        field = model.model_fields.get(name)
        if field is not None and not field.is_required() and str(field.default) == value:
            continue
        extra.append(
            _PARAMETER_WORDS.get((name, value), f"{name.replace('_', ' ')}: {value.replace('-', ' ')}")
        )
    return "; ".join([words, *extra])


# --- the game in sentences ----------------------------------------------------------------------------


def _settings(data: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, object]]:
    """(dotted path, value) for each setting written; ``raise_cap`` stays one value (it is one rule)."""
    for key, value in data.items():
        path = f"{prefix}{key}"
        if key == "cite":
            continue
        if isinstance(value, dict) and path != "betting.raise_cap":
            yield from _settings(value, path + ".")
        else:
            yield path, value


_ENUM_SENTENCES: Final[dict[str, dict[object, str]]] = {
    "deck": {
        "standard": "The pack is 52 cards.",
        "joker": "The pack is 52 cards and the joker.",
        "stripped-32": "The pack is 32 cards, sevens up to aces.",
    },
    "ranking": {
        "high": "Hands rank as usual, high hand wins.",
        "bug": "The joker is the bug: an ace, or a card that completes a straight or a flush.",
        "joker-wild": "The joker is wild.",
        "deuces-wild": "Deuces are wild; five of a kind is the top hand.",
        "stripped-32": "With 32 cards a flush beats a full house.",
        "ace-to-five": "Lowball, ace to five: aces are low, straights and flushes do not count.",
        "deuce-to-seven": "Lowball, deuce to seven: aces are high, straights and flushes count against.",
        "ace-to-six": "Lowball, ace to six: aces are low, straights and flushes count against.",
    },
    "openers.rule": {
        "anything": "Any hand may open.",
        "jacks-or-better": "It takes a pair of jacks or better to open.",
        "progressive": "The openers go up after each deal nobody opens.",
    },
    "ante.method": {"each-player": "Every player antes.", "dealer": "The dealer antes for everyone."},
    "blinds.structure": {
        "none": "There are no blinds.",
        "one-blind": "One player posts a blind.",
        "small-and-big": "There is a small and a big blind.",
    },
    "betting.before_draw": {
        "pass-and-back-in": "Before the draw a player may check and still call or raise later.",
        "pass-and-out": "Before the draw a player who passes is out of the hand.",
    },
    "betting.after_draw": {
        "pass-and-back-in": "After the draw a player may check and still call or raise later.",
        "pass-and-out": "After the draw a player who passes is out of the hand.",
    },
    "betting.after_draw_limit": {
        "same": "The betting limit is the same after the draw.",
        "double": "The betting limit doubles after the draw.",
    },
    "betting.first_after_draw": {
        "opener": "After the draw the opener speaks first.",
        "left-of-dealer": "After the draw the first player left of the dealer speaks first.",
    },
    "betting.min_raise": {
        "previous-bet": "A raise must be at least the bet before it.",
        "limit-minimum": "A raise may be any amount between the limits.",
    },
    "draw.five_cards": {
        "not-allowed": "Nobody may draw five cards.",
        "at-once": "A player may draw all five cards.",
        "four-then-one": "A player who wants five cards gets four, then one more after the others.",
    },
    "showdown.order": {
        "last-aggressor": "At the showdown the last player to bet or raise shows first.",
        "left-of-dealer": "At the showdown the first player left of the dealer shows first.",
    },
    "showdown.odd_chip": {
        "left-of-dealer": "The odd chip of a split pot goes to the first winner left of the dealer.",
        "high-card": "The odd chip of a split pot goes to the winner with the highest card.",
        "next-pot": "The odd chip of a split pot stays for the next pot.",
    },
    "showdown.to_win": {
        "anything": "Any hand may win.",
        "three-of-a-kind": "It takes three of a kind to win the pot.",
    },
    "passed_out.next_dealer": {
        "next": "When nobody opens, the deal passes to the next player.",
        "same": "When nobody opens, the same dealer deals again.",
    },
    "passed_out.switch_to": {
        "none": "When nobody opens, the next deal is the same game.",
        "ace-to-five": "When nobody opens, the same cards are played as lowball.",
    },
    "deck_exhaustion.bottom_card": {
        "dealt": "When the pack runs out the bottom card may be dealt.",
        "not-dealt": "When the pack runs out the bottom card is not dealt.",
    },
}

_YES_NO_SENTENCES: Final[dict[str, tuple[str, str]]] = {
    "blinds.straddle": ("The next player may straddle.", "No straddles."),
    "blinds.blind_may_raise": (
        "The big blind may raise when everyone has only called.",
        "The big blind may not raise when everyone has only called.",
    ),
    "betting.check_raise": (
        "Check-raising is allowed.",
        "No check-raising: a player who checked may not raise.",
    ),
    "betting.blind_opening": (
        "The first player must open blind and the next must raise.",
        "Nobody has to open blind.",
    ),
    "betting.doubling_raises": ("A raise may double the bet before it.", "A raise may not double the bet."),
    "betting.opening_raise": (
        "The pot may be opened for the minimum or with a raise; the opening raise counts toward the cap.",
        "The opening bet is the minimum.",
    ),
    "betting.after_draw_min_doubles": (
        "After the draw a bet is at least twice the last bet of the first round.",
        "",
    ),
    "betting.jackpot_limit": (
        "After a deal nobody opened, the opening bet may be as much as the antes in the pot.",
        "No jackpot limit on the opening bet.",
    ),
    "draw.one_or_all": ("At the draw a player stands pat, changes one card, or changes all five.", ""),
    "draw.rotate_first_drawer": ("Each draw starts one seat further left.", ""),
    "draw.left_of_big_blind": ("The draw starts with the player left of the big blind.", ""),
    "draw.until_pack_runs_out": ("Drawing goes on until the pack runs short.", ""),
    "showdown.cards_speak": (
        "The cards speak: a hand is what it shows, whatever its owner calls it.",
        "Players must declare their hands; a hand is what its owner says it is.",
    ),
    "showdown.no_qualifier.folded_players_out": (
        "When no hand qualifies, players who folded before the draw sit out the next deal for this pot.",
        "",
    ),
    "showdown.no_qualifier.ante_again": ("When no hand qualifies, the players still in ante again.", ""),
    "showdown.opener_must_win_or_match": (
        "An opener who loses pays a new pot as big as the one just won.",
        "",
    ),
    "passed_out.lowball_check_raise": (
        "",
        "In the lowball part of a passed-out deal, a player who checked may not raise.",
    ),
    "passed_out.lowball_blind": (
        "When the game turns to lowball, the player left of the dealer must post a blind, the least "
        "bet the limit allows; the round begins left of him.",
        "",
    ),
    "passed_out.ante_again": (
        "When nobody opens, everyone antes again.",
        "When nobody opens, nobody antes again.",
    ),
}


def setting_sentence(path: str, value: object) -> str | None:
    """One game setting as a sentence; None for a setting that says nothing worth a line."""
    if path in _ENUM_SENTENCES:
        return _ENUM_SENTENCES[path].get(value) or f"{_path_words(path)}: {_value_words(value)}."
    if path in _YES_NO_SENTENCES:
        yes, no = _YES_NO_SENTENCES[path]
        return (yes if value else no) or None
    if path == "betting.raise_cap" and isinstance(value, dict):
        raises = value.get("raises")
        if raises is None:
            return "There is no limit on the number of raises."
        sentence = f"A bet may be raised at most {raises} time{'s' if raises != 1 else ''} in a round"
        if value.get("heads_up_unlimited"):
            sentence += ", with no limit once only two players are left"
        return sentence + "."
    if path == "draw.max_cards":
        return f"A player may draw up to {value} cards."
    if path == "draw.max_with_ace" and value is not None:
        return f"A player who shows an ace may draw up to {value} cards."
    if path == "draw.rounds":
        draws = "is one draw" if value == 1 else f"are {value} draws"
        return f"There {draws}, each followed by a round of betting."
    if path == "draw.later_max_cards" and value is not None:
        return f"In the later draws a player may draw up to {value} cards."
    if path == "hand_size":
        return (
            "Each player holds five cards."
            if value == 5
            else f"Each player holds {value} cards; the best five play."
        )
    if path == "deal_passes_after_misdeals" and value is not None:
        return f"After {value} misdeals in a row by one dealer, the deal passes to the left."
    if path == "stakes.minimum" and value is not None:
        return f"A player needs at least {value} on the table to play a deal."
    if path == "showdown.opener_match_cap" and value is not None:
        return f"The new pot a beaten opener must put up is at most {value}."
    if path == "passed_out.ante_cap_deals" and value is not None:
        return f"Antes stop after {value} deals in a row that nobody opens."
    if path == "deck_exhaustion.exclude":
        items = [str(item).replace("-", " ") + "'s" for item in value] if isinstance(value, list) else []
        if not items:
            return "When the pack runs out, all the discards are shuffled to finish the draw."
        kept_out = " and ".join(items)
        return f"When the pack runs out, the discards are shuffled to finish the draw, except the {kept_out}."
    if path in ("wild_cards", "special_hands"):
        if not value:
            return None
        listed = (
            ", ".join(str(item).replace("-", " ") for item in value) if isinstance(value, list) else value
        )
        return f"{'Wild cards' if path == 'wild_cards' else 'Special hands'}: {listed}."
    if path == "openers.ladder" and isinstance(value, list):
        return "The openers go " + ", then ".join(str(item) for item in value) + "."
    if value is None:
        return None
    return f"{_path_words(path)}: {_value_words(value)}."


def _path_words(path: str) -> str:
    return path.replace(".", ", ").replace("_", " ").capitalize()


def _value_words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value_words(item) for item in value) or "none"
    return str(value).replace("-", " ")


# --- writing it out -----------------------------------------------------------------------------------------


def sheet_markdown(sheet: Sheet) -> str:
    """The sheet as Markdown: headings, one bullet per rule, cites in italics."""
    out = [f"# {_md(sheet.title)}", "", _md(" · ".join(sheet.about)) + ".", ""]
    if sheet.game:
        out += ["## How we play", ""]
        out += [f"- {_md(sentence)}" + (f" *({_md(cite)})*" if cite else "") for sentence, cite in sheet.game]
        out.append("")
    out += [
        "## When something goes wrong",
        "",
        "Under each irregularity, the first case that fits decides.",
        "",
    ]
    for heading, kinds in sheet.groups:
        out += [f"### {_md(heading)}", ""]
        for kind in kinds:
            out.append(f"**{_md(kind.name)}**")
            out.append("")
            for row in kind.rows:
                mark = "**House rule:** " if row.house else ""
                out.append(f"- {mark}{_md(row.summary)} → *{_md(row.ruling)}.* ({_md(row.cite)})")
            out.append("")
    if sheet.silent_on:
        out += (
            ["## What the source does not cover", ""] + [f"- {_md(item)}" for item in sheet.silent_on] + [""]
        )
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    """Text from a rulebook file, with the characters Markdown would act on escaped."""
    out = []
    for char in text:
        if char in "\\`*_[]<>#|":
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)
