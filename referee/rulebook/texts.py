"""The five source texts' rule items, and reading a cite back to them.

The items are package data (``referee/rulebook/sources/<name>.yaml``): for each section of a text,
every item as the text numbers it or labels it, a one-line paraphrase and a scope. :func:`resolve`
reads a cite back to the items it reaches; :func:`find_section` and :func:`item_labels` are what
:mod:`referee.rulebook.cites` reads a cite's section and item with. :mod:`referee.rulebook.coverage`
lays a rulebook against them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum, unique
from importlib import resources
from typing import Any

from referee.errors import Problem, RulebookError
from referee.rulebook.vocabulary import MECHANISMS, Mechanism

SOURCES_PACKAGE = "referee.rulebook.sources"
SILENT = "silent: the row falls back on another source"


@unique
class Scope(StrEnum):
    """What kind of rule an item is."""

    PLAY = "play"
    """How a hand is played: deal, betting, draw, showdown, the game's settings."""
    IRREGULARITY = "irregularity"
    """What is done when something goes wrong."""
    OUT_OF_SCOPE = "out-of-scope"
    """Nothing the referee rules on (strategy, history, seating, ...); the item says why."""


@dataclass(frozen=True)
class Item:
    """One rule item of a source text."""

    file: str
    section: str
    item: str
    """The text's number (``5``) or a label (``paragraph 3, sentence 2``)."""
    rule: str
    """A one-line paraphrase."""
    scope: Scope
    reason: str = ""
    """Why an out-of-scope item is out of scope."""
    gap: str = ""
    """Why the referee does not play a rule item yet (what the log cannot say, or what is out of
    reach), shown where the coverage lists it as not covered."""
    played_by: tuple[Mechanism, ...] = ()
    """The engine's fixed mechanics that play the item (``played_by:``): it is covered with no row or
    setting, because there is no other way to play it here."""
    partly: str = ""
    """Why the rows that cite the item rule only part of it (``partly:``): what they leave out."""

    @property
    def label(self) -> str:
        """The item as a cite writes it: ``item 5`` for a numbered item, else the label."""
        return f"item {self.item}" if self.item.isdigit() else self.item

    @property
    def place(self) -> str:
        """``Misdeals, item 5``."""
        return f"{self.section}, {self.label}"

    @property
    def in_scope(self) -> bool:
        return self.scope is not Scope.OUT_OF_SCOPE


@dataclass(frozen=True)
class Section:
    """A heading of a source text (as the rulebooks cite it) and its items."""

    name: str
    items: tuple[Item, ...]
    also: tuple[str, ...] = ()
    """Other spellings the rulebooks use for a section the capture gives no heading."""


@dataclass(frozen=True)
class SourceText:
    """One source text's rule items."""

    file: str
    rulebook: str
    """The bundled rulebook it grounds."""
    title: str
    sections: tuple[Section, ...]

    def items(self) -> Iterator[Item]:
        for section in self.sections:
            yield from section.items


# --- the data ---------------------------------------------------------------------------------------

_texts: dict[str, SourceText] = {}
_cache: list[Callable[[], dict[str, SourceText] | None]] = []


def read_cached_texts_with(reader: Callable[[], dict[str, SourceText] | None]) -> None:
    """Read the texts first through ``reader`` (None: a miss), as
    :mod:`referee.rulebook.compiled` asks when it is imported; this module may not import it."""
    _cache[:] = [reader]


def source_texts() -> dict[str, SourceText]:
    """Every bundled source text's rule items, by source file name (read once).

    Raises:
        RulebookError: a data file does not read (a packaging mistake; the tests catch it).
    """
    if not _texts:
        # A ruling that cites its source names the item from these; a warm start reads them from
        # the compiled cache, where the bundled rulebooks are, instead of parsing five YAML files.
        cached = _cache[0]() if _cache else None
        _texts.update(cached if cached is not None else read_sources())
    return dict(_texts)


def read_sources() -> dict[str, SourceText]:
    """Every bundled source text parsed from its YAML file, by source file name.

    Raises:
        RulebookError: a data file does not read.
    """
    read: dict[str, SourceText] = {}
    folder = resources.files(SOURCES_PACKAGE)
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.name.endswith(".yaml"):
            text = parse_source(entry.read_text(encoding="utf-8"), entry.name)
            read[text.file] = text
    return read


def parse_source(text: str, name: str) -> SourceText:
    """A source's rule items from its YAML text.

    Raises:
        RulebookError: a missing key, an unknown scope, an out-of-scope item with no reason, or an
            item listed twice.
    """
    import yaml  # only when a source is parsed: a warm start reads the compiled cache

    data = yaml.safe_load(text)
    problems: list[Problem] = []

    def need(mapping: Any, key: str, where: str) -> str:
        value = mapping.get(key) if isinstance(mapping, dict) else None
        if value is None or str(value).strip() == "":
            problems.append(Problem(f"{where} needs {key}:", name))
            return ""
        return str(value).strip()

    file = need(data, "file", "the source")
    sections: list[Section] = []
    for raw in (data or {}).get("sections") or []:
        title = need(raw, "section", "a section")
        items: list[Item] = []
        for entry in raw.get("items") or []:
            where = f"section {title!r}, item {entry.get('item')!r}"
            scope_word = need(entry, "scope", where)
            try:
                scope = Scope(scope_word)
            except ValueError:
                problems.append(Problem(f"{where}: unknown scope {scope_word!r}", name))
                scope = Scope.PLAY
            reason = str(entry.get("reason") or "").strip()
            if scope is Scope.OUT_OF_SCOPE and not reason:
                problems.append(Problem(f"{where} is out of scope but gives no reason:", name))
            gap = str(entry.get("gap") or "").strip()
            if gap and scope is Scope.OUT_OF_SCOPE:
                problems.append(Problem(f"{where} is out of scope: it has a reason, not a gap", name))
            played_by = _mechanisms(entry.get("played_by"), where, name, problems)
            partly = str(entry.get("partly") or "").strip()
            if partly and scope is Scope.OUT_OF_SCOPE:
                problems.append(Problem(f"{where} is out of scope: it cannot be partly ruled", name))
            if played_by and (scope is Scope.OUT_OF_SCOPE or gap):
                problems.append(
                    Problem(f"{where}: an item the engine plays is neither out of scope nor a gap", name)
                )
            item = Item(
                file,
                title,
                need(entry, "item", where),
                need(entry, "rule", where),
                scope,
                reason,
                gap,
                played_by,
                partly,
            )
            if any(other.item == item.item for other in items):
                problems.append(Problem(f"{where} is listed twice", name))
            items.append(item)
        sections.append(Section(title, tuple(items), tuple(str(alias) for alias in raw.get("also") or [])))
    if problems:
        raise RulebookError(problems)
    return SourceText(file, need(data, "rulebook", "the source"), str(data.get("title", "")), tuple(sections))


def _mechanisms(value: Any, where: str, name: str, problems: list[Problem]) -> tuple[Mechanism, ...]:
    """``played_by:`` read as mechanisms: one name or a list of them."""
    if value is None:
        return ()
    found: list[Mechanism] = []
    for word in [value] if isinstance(value, str) else list(value) if isinstance(value, list) else [value]:
        try:
            found.append(Mechanism(str(word).strip()))
        except ValueError:
            known = ", ".join(member.value for member in Mechanism)
            problems.append(
                Problem(f"{where}: played_by {word!r} is not one of the engine's mechanisms: {known}", name)
            )
    return tuple(found)


def played_words(item: Item) -> str:
    """``played by the engine: five-cards-each (every player holds five cards ...)``."""
    return "played by the engine: " + "; ".join(
        f"{mechanism.value} ({MECHANISMS[mechanism].words})" for mechanism in item.played_by
    )


# --- reading a cite back to items -------------------------------------------------------------------

_FILE = re.compile(r"^(?P<file>\d{3}_[0-9a-f]+\.txt)\s*,?\s*(?P<rest>.*)$", re.S)
_PARENS = re.compile(r"\([^()]*\)")
_KIND = r"(?P<kind>items?|paragraphs?|bullets?|cases?|sentences?)"
_NUMBERED = re.compile(_KIND + r"\s+(?P<first>\d+)(?:\s*[-–]\s*(?P<last>\d+))?$", re.I)
_BARE = re.compile(r"(?P<first>\d+)(?:\s*[-–]\s*(?P<last>\d+))?$")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_ORDINAL = re.compile(r"(?P<nth>" + "|".join(_ORDINALS) + r")\s+" + _KIND + "$", re.I)
_SEPARATOR = re.compile(r"\s*,\s*|\s+and\s+")


@dataclass(frozen=True)
class Resolved:
    """What a cite reaches in one source text."""

    reaches: tuple[tuple[Item, bool], ...] = ()
    """Each item reached, and whether the cite names it exactly."""
    problems: tuple[str, ...] = ()
    """What the cite names that the text does not have."""
    names_source: bool = False
    """Whether the cite names this text at all."""


def is_silent(cite: str) -> bool:
    """A settings cite that says the source is silent (``silent; fallback: ...``)."""
    return cite.strip().lower().startswith("silent")


def resolve(cite: str, text: SourceText) -> Resolved:
    """The items of ``text`` that ``cite`` reaches (parts for other files are passed over)."""
    if is_silent(cite):
        return Resolved()
    reaches: dict[tuple[str, str], tuple[Item, bool]] = {}
    problems: list[str] = []
    names_source = False
    current = ""
    for part in _without_parens(cite).split(";"):
        part = part.strip()
        if match := _FILE.match(part):
            current, part = match["file"], match["rest"]
        if current != text.file:
            continue
        names_source = True
        place = part.split(":", 1)[0].strip().rstrip(".,")
        found, trouble = _resolve_place(place, text)
        problems.extend(trouble)
        for item, exact in found:
            key = (item.section, item.item)
            reaches[key] = (item, exact or reaches.get(key, (item, False))[1])
    return Resolved(tuple(reaches.values()), tuple(problems), names_source)


def _without_parens(text: str) -> str:
    while True:
        stripped = _PARENS.sub("", text)
        if stripped == text:
            return " ".join(text.split())
        text = stripped


def find_section(place: str, text: SourceText) -> tuple[Section, str] | None:
    """The section ``place`` starts with (the longest name that fits) and the rest of ``place``."""
    best: tuple[Section, str, int] | None = None
    lowered = _folded(place)
    for section in text.sections:
        for name in (section.name, *section.also):
            name_lower = _folded(name)
            fits = lowered == name_lower or lowered.startswith((name_lower + ",", name_lower + " "))
            if fits and (best is None or len(name) > best[2]):
                best = (section, place[len(name) :], len(name))
    return (best[0], best[1]) if best else None


def _folded(text: str) -> str:
    """Case and the typographic apostrophe of the captures aside (Player’s = player's)."""
    return text.replace("\u2019", "'").lower()


def _resolve_place(place: str, text: SourceText) -> tuple[list[tuple[Item, bool]], list[str]]:
    if not place:
        return [], [f"names {text.file} but no section"]
    found = find_section(place, text)
    if found is None:
        return [], [f"{text.file} has no section {place!r}"]
    section, rest = found
    if not rest.startswith(","):
        # Nothing after the name, or words that describe it ("Deal passed out 2 gives ..."): the
        # whole section.
        return _named(list(section.items)), []
    return _resolve_items(section, rest[1:].strip(), text)


def _named(inside: list[Item]) -> list[tuple[Item, bool]]:
    """The items a place holds, each with whether the place names it exactly: it is the only item
    there, or the only play or irregularity item (the rest being commentary, history, ...)."""
    rules = [item for item in inside if item.in_scope]
    return [(item, len(inside) == 1 or (item.in_scope and len(rules) == 1)) for item in inside]


def _resolve_items(
    section: Section, spec: str, text: SourceText
) -> tuple[list[tuple[Item, bool]], list[str]]:
    labels, leftovers = item_labels(section, spec)
    found: list[tuple[Item, bool]] = []
    problems: list[str] = []
    missing: list[str] = []
    for label in labels:
        inside = [item for item in section.items if _holds(label, item.item)]
        if not inside:
            missing.append(_as_cite(label))
        found.extend(_named(inside))
    if missing:
        problems.append(f"{section.name!r} has no {', '.join(missing)}")
    for leftover in leftovers:
        # "False openers, paragraph 1 and Wrong number of cards": a sibling heading.
        parent = section.name.rsplit(", ", 1)[0] if ", " in section.name else ""
        for guess in ([f"{parent}, {leftover}"] if parent else []) + [leftover]:
            if find_section(guess, text) is not None:
                more, trouble = _resolve_place(guess, text)
                found.extend(more)
                problems.extend(trouble)
                break
        else:
            problems.append(f"{section.name!r} has no {leftover!r}")
    return found, problems


def item_labels(section: Section, spec: str) -> tuple[list[str], list[str]]:
    """The item labels an item spec names (``items 2, 9 and 12`` → 2, 9, 12), and what it could not read."""
    known = {item.item.lower(): item.item for item in section.items}
    known.update({item.label.lower(): item.item for item in section.items})
    if spec.lower() in known:
        return [known[spec.lower()]], []
    labels: list[str] = []
    leftovers: list[str] = []
    kind = ""
    paragraph = ""
    for token in (token for token in _SEPARATOR.split(spec) if token):
        numbers: list[int] = []
        if match := _NUMBERED.match(token):
            kind = match["kind"].lower().rstrip("s")
            numbers = _span(match["first"], match["last"])
        elif (match := _BARE.match(token)) and kind:
            numbers = _span(match["first"], match["last"])
        elif match := _ORDINAL.match(token):
            kind = match["kind"].lower().rstrip("s")
            numbers = [_ORDINALS[match["nth"].lower()]]
        elif token.lower() in known:
            labels.append(known[token.lower()])
            kind = paragraph = ""
            continue
        else:
            leftovers.append(token)
            continue
        if kind == "sentence" and paragraph:
            # "paragraph 3, sentence 5" names the sentence, not the whole paragraph.
            if paragraph in labels:
                labels.remove(paragraph)
            labels.extend(f"{paragraph}, sentence {n}" for n in numbers)
            continue
        new = [str(n) if kind == "item" else f"{kind} {n}" for n in numbers]
        labels.extend(new)
        paragraph = new[0] if kind == "paragraph" and len(new) == 1 else ""
    return labels, leftovers


_MOST_IN_A_RANGE = 200
"""A range of places longer than any section of the sources (``sentences 1-10000...``): read as its
two ends, so the check says the far end is not in the source instead of listing every number."""


def _span(first: str, last: str | None) -> list[int]:
    start = int(first)
    end = int(last) if last else start
    if end - start > _MOST_IN_A_RANGE:
        return [start, end]
    return list(range(start, end + 1)) if end >= start else [start]


def _holds(label: str, item: str) -> bool:
    """Whether the place ``label`` names holds ``item`` (itself, or a sentence of that paragraph)."""
    label, item = label.lower(), item.lower()
    return item == label or item.startswith(label + ", ")


def _as_cite(label: str) -> str:
    return f"item {label}" if label.isdigit() else label
