"""Coverage of the sources: which rule items of a rulebook's source text its rows and settings cite.

The five source texts' rule items are package data (``referee/rulebook/sources/<name>.yaml``): for
each section of a text, every item as the text numbers it (``1``, ``2``, ...) or labels it where it
does not (``paragraph 3``, ``sentence 2``, ``paragraph 3, sentence 5``, ``case 4``, ``introduction``),
a one-line paraphrase and a scope (``play``, ``irregularity``, or ``out-of-scope`` with a reason).

A ``cite:`` is free text (``000_….txt, Misdeals, items 2, 9 and 12 (…)``); :func:`resolve` reads it
back to items: the file, the longest section name the rest starts with, then the item spec. A cite
*reaches* every item inside the place it names: a section with no item reaches all of the section's
items, ``paragraph 3`` reaches the sentences of paragraph 3. It names an item *exactly* when that
place holds no other item, so a broad cite is shown as one.

:func:`coverage` lays a rulebook against its source: every item with the rows and settings that
reach it, the items nothing reaches, the rows that cite nothing in their own source (silent rows
and cites that match no item), and every cite that names something the source does not have.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any

from referee.errors import Problem, RulebookError
from referee.rulebook.texts import (  # the source texts' items: re-exported for coverage's readers
    SILENT,
    SOURCES_PACKAGE,
    Item,
    Resolved,
    Scope,
    Section,
    SourceText,
    _resolve_place,
    _without_parens,
    find_section,
    is_silent,
    item_labels,
    parse_source,
    played_words,
    resolve,
    source_texts,
)

__all__ = [
    "SILENT",
    "SOURCES_PACKAGE",
    "Item",
    "Resolved",
    "Scope",
    "Section",
    "SourceText",
    "find_section",
    "is_silent",
    "item_labels",
    "parse_source",
    "played_words",
    "resolve",
    "source_texts",
]

if TYPE_CHECKING:
    from rich.console import RenderableType

    from referee.rulebook.model import Rulebook, Variant


# --- a rulebook against its source --------------------------------------------------------------------


@dataclass(frozen=True)
class Citer:
    """A row or setting that cites."""

    name: str
    """``scarne:misdeal/2``, ``game.ante``, ``games.yaml jacks-or-better``."""
    cite: str
    row: bool = False


@dataclass(frozen=True)
class Reached:
    """One citer reaching one item."""

    by: str
    exact: bool


@dataclass(frozen=True)
class ItemCoverage:
    item: Item
    by: tuple[Reached, ...]

    @property
    def covered(self) -> bool:
        """Cited by a row or setting, or played by the engine's fixed mechanics."""
        return bool(self.by) or bool(self.item.played_by)

    @property
    def exact(self) -> bool:
        return any(reached.exact for reached in self.by)


@dataclass(frozen=True)
class Loose:
    """A row citing nothing in its own source, or a cite naming what the source does not have."""

    by: str
    cite: str
    why: str


@dataclass(frozen=True)
class Coverage:
    rulebook: str
    source: SourceText
    items: tuple[ItemCoverage, ...]
    citing_nothing: tuple[Loose, ...]
    """Rows that reach no item of their own source: silent rows, and cites that match nothing."""
    problems: tuple[Loose, ...] = field(default=())
    """Every row or setting cite naming a section or item the source does not have."""

    def not_covered(self) -> list[Item]:
        """Play and irregularity items no row or setting cites."""
        return [entry.item for entry in self.items if entry.item.in_scope and not entry.covered]

    def counts(self) -> dict[str, int]:
        in_scope = [entry for entry in self.items if entry.item.in_scope]
        return {
            "items": len(self.items),
            "in_scope": len(in_scope),
            "covered": sum(entry.covered for entry in in_scope),
            "covered_exactly": sum(entry.exact for entry in in_scope),
            "not_covered": sum(not entry.covered for entry in in_scope),
            "played_by_engine": sum(bool(entry.item.played_by) and not entry.by for entry in in_scope),
            "out_of_scope": len(self.items) - len(in_scope),
            "rows_citing_nothing": len(self.citing_nothing),
        }


def source_of(book: Rulebook) -> SourceText:
    """The rule items of the text ``book`` follows.

    Raises:
        RulebookError: the rulebook names no source, or one whose rule items are not bundled.
    """
    texts = source_texts()
    file = book.source.file if book.source else ""
    if file not in texts:
        known = ", ".join(f"{text.file} ({text.rulebook})" for text in texts.values())
        said = f"follows {file!r}" if file else "names no source file"
        raise RulebookError(
            Problem(
                f"rulebook {book.id!r} {said}, and only the five bundled texts have their rule items listed",
                book.file or book.id,
                hint=f"coverage works for rulebooks whose source: file: is one of {known}",
            )
        )
    return texts[file]


def citers(book: Rulebook) -> Iterator[Citer]:
    """Every row and setting of ``book`` with a cite, and the cited games of the catalog."""
    from referee.rulebook.games import catalog
    from referee.rulebook.model import RowSource

    for kind, rows in book.tables().items():
        for row in rows:
            cited = row.source is RowSource.CITED
            yield Citer(book.rule_id(kind, row), (row.cite or "") if cited else "", row=True)
    yield from _setting_citers("game", book.game.cite)
    yield from _variant_citers("game", book.variants.items())
    yield from _variant_citers("games.yaml", catalog().variants.items())


def _setting_citers(prefix: str, cites: dict[str, str]) -> Iterator[Citer]:
    for key, cite in cites.items():
        if not is_silent(cite):
            yield Citer(f"{prefix}.{key}", cite)


def _variant_citers(prefix: str, variants: Iterable[tuple[str, Variant]]) -> Iterator[Citer]:
    for name, variant in variants:
        if variant.cite:
            yield Citer(f"{prefix} {name}", variant.cite)
        yield from _setting_citers(f"{prefix} {name}: game", variant.game.cite)


def coverage(book: Rulebook) -> Coverage:
    """``book``'s rows and settings laid against the rule items of its source.

    Raises:
        RulebookError: see :func:`source_of`.
    """
    from referee.rulebook.decisions import citation

    text = source_of(book)
    by_item: dict[tuple[str, str], list[Reached]] = {(item.section, item.item): [] for item in text.items()}
    nothing: list[Loose] = []
    problems: list[Loose] = []
    rows = {book.rule_id(kind, row): (kind, row) for kind, rows in book.tables().items() for row in rows}
    for citer in citers(book):
        if citer.row and not citer.cite:
            kind, row = rows[citer.name]
            nothing.append(Loose(citer.name, citation(book, kind, row), SILENT))
            continue
        resolved = resolve(citer.cite, text)
        for item, exact in resolved.reaches:
            by_item[(item.section, item.item)].append(Reached(citer.name, exact))
        for problem in resolved.problems:
            problems.append(Loose(citer.name, citer.cite, problem))
        if citer.row and not resolved.reaches:
            why = "; ".join(resolved.problems) or f"cites no part of {text.file}"
            nothing.append(Loose(citer.name, citer.cite, why))
    items = tuple(ItemCoverage(item, tuple(by_item[(item.section, item.item)])) for item in text.items())
    return Coverage(book.id, text, items, tuple(nothing), tuple(problems))


def to_json(cover: Coverage) -> dict[str, Any]:
    """The coverage as plain data (``referee rulebook coverage NAME --json``)."""
    return {
        "rulebook": cover.rulebook,
        "source": cover.source.file,
        "counts": cover.counts(),
        "items": [
            {
                "section": entry.item.section,
                "item": entry.item.item,
                "rule": entry.item.rule,
                "scope": entry.item.scope.value,
                **({"reason": entry.item.reason} if entry.item.reason else {}),
                "cited_by": [{"by": reached.by, "exact": reached.exact} for reached in entry.by],
                **(
                    {"played_by": [mechanism.value for mechanism in entry.item.played_by]}
                    if entry.item.played_by
                    else {}
                ),
            }
            for entry in cover.items
        ],
        "not_covered": [
            {
                "section": item.section,
                "item": item.item,
                "rule": item.rule,
                **({"gap": item.gap} if item.gap else {}),
            }
            for item in cover.not_covered()
        ],
        "rows_citing_nothing": [
            {"rule": loose.by, "cite": loose.cite, "why": loose.why} for loose in cover.citing_nothing
        ],
        "cite_problems": [
            {"by": loose.by, "cite": loose.cite, "problem": loose.why} for loose in cover.problems
        ],
    }


def summary_json(cover: Coverage) -> dict[str, Any]:
    return {"rulebook": cover.rulebook, "source": cover.source.file, "counts": cover.counts()}


# --- for the terminal -------------------------------------------------------------------------------
# Every text from a rulebook or the data reaches rich inside Text, never as markup.


def summary(covers: Iterable[Coverage]) -> list[RenderableType]:
    """One line per rulebook: its source's items covered, not covered and out of scope."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("rulebook", no_wrap=True)
    table.add_column("source", no_wrap=True)
    for header in (
        "items",
        "covered",
        "named\nexact-\nly",
        "by\nengine",
        "not\ncov-\nered",
        "out\nof\nscope",
        "rows\nciting\nnothing",
    ):
        table.add_column(header, justify="right", no_wrap=True)
    for cover in covers:
        counts = cover.counts()
        table.add_row(
            Text(cover.rulebook),
            Text(cover.source.file),
            *(
                Text(str(counts[key]))
                for key in (
                    "items",
                    "covered",
                    "covered_exactly",
                    "played_by_engine",
                    "not_covered",
                    "out_of_scope",
                    "rows_citing_nothing",
                )
            ),
        )
    note = Text(
        "covered: play and irregularity items some row or setting cites, or the engine plays as its fixed "
        "mechanics; named exactly: by a cite naming that item, not only its section or paragraph; by the "
        "engine: covered by the fixed mechanics alone. `referee rulebook coverage NAME` lists them.",
        "dim",
    )
    return [table, note]


def detail(cover: Coverage) -> list[RenderableType]:
    """Every item with what cites it, then the gaps, the rows citing nothing, and cite problems."""
    from rich.padding import Padding
    from rich.text import Text

    counts = cover.counts()
    out: list[RenderableType] = [
        Text.assemble((cover.rulebook, "bold"), f" follows {cover.source.file}: {cover.source.title}"),
        Text(
            f"{counts['in_scope']} play and irregularity items: {counts['covered']} covered "
            f"({counts['covered_exactly']} named exactly, {counts['played_by_engine']} played by the "
            f"engine alone), {counts['not_covered']} not covered; {counts['out_of_scope']} out of scope."
        ),
    ]
    previous = ""
    for entry in cover.items:
        item = entry.item
        if item.section != previous:
            out.append(Text(item.section, "bold"))
            previous = item.section
        out.append(
            Padding(
                Text.assemble((item.label, "bold"), f"  [{item.scope.value}]  ", item.rule),
                (0, 0, 0, 2),
                expand=False,
            )
        )
        if not item.in_scope:
            under = Text(f"why: {item.reason}", "dim")
        elif entry.by or item.played_by:
            lines = [played_words(item)] if item.played_by else []
            if entry.by:
                lines.insert(0, "cited by: " + ", ".join(_by(reached) for reached in entry.by))
            under = Text("\n".join(lines), "green")
        else:
            under = Text(f"NOT COVERED: {item.gap or 'no row or setting cites it'}", "bold red")
        out.append(Padding(under, (0, 0, 0, 6), expand=False))
    out.append(Text("(broad): the cite names the item's whole section or paragraph, not the item.", "dim"))
    out += _listing(
        "not covered",
        [
            f"{item.place}: {item.rule}" + (f" (why: {item.gap})" if item.gap else "")
            for item in cover.not_covered()
        ],
    )
    silent = [loose.by for loose in cover.citing_nothing if loose.why == SILENT]
    out += _listing(
        f"rows citing nothing in {cover.source.file}",
        ([f"silent, with a fallback ({len(silent)}): {', '.join(silent)}"] if silent else [])
        + [f"{loose.by}: {loose.why}" for loose in cover.citing_nothing if loose.why != SILENT],
        count=len(cover.citing_nothing),
    )
    out += _listing(
        "cites naming what the source does not have", [f"{loose.by}: {loose.why}" for loose in cover.problems]
    )
    return out


def _by(reached: Reached) -> str:
    return reached.by if reached.exact else f"{reached.by} (broad)"


def _listing(title: str, lines: list[str], count: int | None = None) -> list[RenderableType]:
    from rich.padding import Padding
    from rich.text import Text

    if not lines:
        return [Text(f"{title}: none", "bold")]
    shown = len(lines) if count is None else count
    return [
        Text(f"{title} ({shown}):", "bold"),
        *(Padding(Text(line), (0, 0, 0, 2), expand=False) for line in lines),
    ]


# --- what the rows decide, and what the scenarios show ------------------------------------------------


@unique
class Status(StrEnum):
    """How far the referee rules an item of its source, strongest first."""

    COVERED = "covered"
    """A row cites the item itself, and a scenario that pins the item's sentence rules with that row."""
    PARTLY = "partly"
    """Rows cite the item itself, but rule only part of it (the source data says what is left)."""
    NOT_PINNED = "cited, not pinned"
    """A row cites the item itself, but no scenario pinning the item rules with that row."""
    SETTING = "by a setting"
    """Only a game setting or a game of the catalog cites the item itself (no decision row)."""
    ENGINE = "played by the engine"
    """The engine's fixed mechanics play it (``played_by:``); no row or setting names it."""
    BROAD = "broad"
    """Only cites of its whole section or paragraph reach it: nothing names the item."""
    NOT_COVERED = "not covered"
    """Nothing cites it."""
    REFUSED = "refused game"
    """An item of a game the catalog refuses to rule (out of scope, reported apart)."""
    OUT_OF_SCOPE = "out of scope"
    """Strategy, history, seating...: nothing to rule (the data says why)."""


RANK: dict[Status, int] = {
    Status.COVERED: 6,
    Status.PARTLY: 5,
    Status.SETTING: 4,
    Status.ENGINE: 4,
    Status.NOT_PINNED: 3,
    Status.BROAD: 2,
    Status.NOT_COVERED: 1,
}
"""How strong each in-scope status is: the suite fails when an item's rank drops below its baseline."""


@dataclass(frozen=True)
class ScenarioUse:
    """One scenario ruled under a rulebook: its ``pins:`` sentence and the rows it ruled with."""

    name: str
    pins: str
    rows: frozenset[str]


@dataclass(frozen=True)
class ItemStatus:
    """One item's status and the evidence for it."""

    item: Item
    status: Status
    rows: tuple[str, ...]
    """Rows citing the item itself."""
    broad: tuple[str, ...]
    """Rows and settings reaching it only through its whole section or paragraph."""
    settings: tuple[str, ...]
    """Settings and catalog games citing the item itself."""
    scenarios: tuple[str, ...]
    """Scenarios pinning the item that rule with one of ``rows``."""
    pinned_by: tuple[str, ...]
    """Every scenario whose ``pins:`` names the item (ruling with its rows or not)."""

    @property
    def why(self) -> str:
        item = self.item
        if self.status is Status.OUT_OF_SCOPE:
            return item.reason
        if self.status is Status.PARTLY:
            return item.partly
        if self.status is Status.ENGINE:
            return played_words(item)
        return item.gap


def pinned_items(pins: str, text: SourceText) -> set[tuple[str, str]]:
    """The items a scenario's ``pins:`` names exactly (``000 Misdeals, item 11: "..."``; places are
    cut at ``;`` and at ``against``, each naming its text by number or going on in the last one)."""
    found: set[tuple[str, str]] = set()
    current = ""
    for chunk in re.split(r";|\bagainst\b|\bversus\b", _without_parens(_unquoted(" ".join(pins.split())))):
        chunk = chunk.strip()
        number = re.match(r"(\d{3})(?:_[0-9a-f]+\.txt)?,?\s+(.*)$", chunk, re.S)
        if number:
            current, chunk = _file_for(number[1], text), number[2]
        elif re.match(r"(Robert|Poker TDA|the )", chunk):
            current = ""
        if current != text.file or not chunk:
            continue
        place = chunk.split(":", 1)[0].strip().rstrip(".,")
        reached, _ = _resolve_place(place, text)
        found.update((item.section, item.item) for item, exact in reached if exact)
    return found


def _file_for(prefix: str, text: SourceText) -> str:
    for file in source_texts():
        if file.startswith(prefix + "_"):
            return file
    return prefix


def _unquoted(text: str) -> str:
    """Quoted source text left out, so a quote's own ``;`` or ``:`` does not cut the place."""
    return re.sub(r"\"[^\"]*\"|“[^”]*”", "", text)


def statuses(book: Rulebook, uses: Iterable[ScenarioUse]) -> list[ItemStatus]:
    """Each item of ``book``'s source with its status: what cites it (rows exactly, or broadly, or
    settings), and which scenarios pin it and rule with a row citing it."""
    from referee.rulebook.games import catalog

    cover = coverage(book)
    text = cover.source
    rows = {name for name, _ in _row_citers(book)}
    refused: set[tuple[str, str]] = set()
    for variant in catalog().variants.values():
        if variant.refused and variant.cite:
            refused.update(
                (item.section, item.item) for item, exact in resolve(variant.cite, text).reaches if exact
            )
    pins = [(use, pinned_items(use.pins, text)) for use in uses]
    found: list[ItemStatus] = []
    for entry in cover.items:
        item = entry.item
        key = (item.section, item.item)
        exact_rows = tuple(r.by for r in entry.by if r.exact and r.by in rows)
        settings = tuple(r.by for r in entry.by if r.exact and r.by not in rows)
        broad = tuple(r.by for r in entry.by if not r.exact)
        pinned_by = tuple(use.name for use, keys in pins if key in keys)
        scenarios = tuple(use.name for use, keys in pins if key in keys and use.rows & set(exact_rows))
        if key in refused:
            status = Status.REFUSED
        elif not item.in_scope:
            status = Status.OUT_OF_SCOPE
        elif exact_rows and item.partly:
            status = Status.PARTLY
        elif exact_rows and scenarios:
            status = Status.COVERED
        elif exact_rows:
            status = Status.NOT_PINNED
        elif settings:
            status = Status.SETTING
        elif item.played_by:
            status = Status.ENGINE
        elif broad:
            status = Status.BROAD
        else:
            status = Status.NOT_COVERED
        found.append(ItemStatus(item, status, exact_rows, broad, settings, scenarios, pinned_by))
    return found


def _row_citers(book: Rulebook) -> Iterator[tuple[str, str]]:
    for citer in citers(book):
        if citer.row:
            yield citer.name, citer.cite


def status_counts(found: Iterable[ItemStatus]) -> dict[str, int]:
    counts = {status.value: 0 for status in Status}
    for entry in found:
        counts[entry.status.value] += 1
    return counts


def statuses_json(book: Rulebook, found: list[ItemStatus]) -> dict[str, Any]:
    """``referee rulebook coverage NAME --json``: per item its status, rows, scenarios and why."""
    text = source_of(book)
    return {
        "rulebook": book.id,
        "file": text.file,
        "source": text.title,
        "counts": status_counts(found),
        "items": [
            {
                "section": entry.item.section,
                "item": entry.item.item,
                "rule": entry.item.rule,
                "scope": entry.item.scope.value,
                "status": entry.status.value,
                "rows": list(entry.rows),
                "scenarios": list(entry.scenarios),
                "pinned_by": list(entry.pinned_by),
                "broad": list(entry.broad),
                "settings": list(entry.settings),
                **({"why": entry.why} if entry.why else {}),
            }
            for entry in found
        ],
    }


def statuses_summary(books: list[tuple[str, str, list[ItemStatus]]]) -> list[RenderableType]:
    """One line per rulebook: how many items have each status."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("rulebook", no_wrap=True)
    shown = [status for status in Status]
    for status in shown:
        table.add_column(status.value.replace(" ", "\n"), justify="right")
    for name, _title, found in books:
        counts = status_counts(found)
        table.add_row(Text(name), *(Text(str(counts[status.value])) for status in shown))
    note = Text(
        "covered: a row cites the item itself and a scenario pinning the item's sentence rules with that "
        "row; partly: such rows rule only part of it (the data says what); cited, not pinned: no scenario "
        "pins it and rules with the row; broad: only a whole section or paragraph is cited; refused game "
        "and out of scope are not counted against the rulebook. `referee rulebook coverage NAME` lists "
        "every item.",
        "dim",
    )
    return [table, note]


def statuses_detail(name: str, title: str, found: list[ItemStatus]) -> list[RenderableType]:
    """Every item with its status, the rows citing it and the scenarios pinning it."""
    from rich.padding import Padding
    from rich.text import Text

    counts = status_counts(found)
    out: list[RenderableType] = [
        Text.assemble((name, "bold"), f" follows {title}"),
        Text(", ".join(f"{count} {status}" for status, count in counts.items() if count)),
    ]
    previous = ""
    styles = {Status.COVERED: "green", Status.PARTLY: "yellow", Status.NOT_COVERED: "bold red"}
    for entry in found:
        item = entry.item
        if item.section != previous:
            out.append(Text(item.section, "bold"))
            previous = item.section
        out.append(
            Padding(
                Text.assemble(
                    (item.label, "bold"),
                    "  ",
                    (entry.status.value, styles.get(entry.status, "")),
                    "  ",
                    item.rule,
                ),
                (0, 0, 0, 2),
                expand=False,
            )
        )
        lines = []
        if entry.rows:
            lines.append("rows: " + ", ".join(entry.rows))
        if entry.scenarios:
            lines.append("scenarios: " + ", ".join(entry.scenarios))
        elif entry.pinned_by:
            lines.append("pinned by (not ruling with its rows): " + ", ".join(entry.pinned_by))
        if entry.settings:
            lines.append("settings: " + ", ".join(entry.settings))
        if entry.broad:
            lines.append("broad: " + ", ".join(entry.broad))
        if entry.why:
            lines.append(f"why: {entry.why}")
        if lines:
            out.append(Padding(Text("\n".join(lines), "dim"), (0, 0, 0, 6), expand=False))
    return out
