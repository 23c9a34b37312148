"""A cite as data: read once, when the rulebook loads, and said in words by one function.

A bundled row cites ``000_9f48e0cf725bf545.txt, Betting Out of Turn, item 3``: the source file, the
section heading (as the source's rule items name it, ``referee/rulebook/sources/*.yaml``), the item
(``item 3``, ``items 2, 9 and 12``, ``paragraph 3, sentence 2``), and optionally a quote or gloss in
parentheses or after a colon. A public rulebook is cited the same way by its name (``Robert's Rules
of Poker, Section 3 General Poker Rules, Irregularities: ...``). Anything else is a house's own words
(``house rule, March 2025``), shown as written.

:func:`parse_cite` reads the string into a :class:`Cite` (places: source, section, item, quote) and
raises :class:`CiteError` for one that does not read — a file name with a section the text does not
have, an item it lacks, a row naming a whole section of several items. ``rulebook check`` reports
that at the cite's line. A silent row's cite is the places of what it falls back on, resolved to the
end of the chain, with who is silent: "Pagat is silent here; Scarne, The Draw, paragraph 3, says: ...".
:meth:`Cite.words` is the one way a cite is printed; the file name appears only in :meth:`Cite.as_json`'s
``file``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

_FILE_NAME: Final = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
_FILE: Final = re.compile(r"^(?P<file>\d{3}_[0-9a-f]{16}\.txt)(?:\s*,\s*(?P<rest>.*))?$", re.DOTALL)
_SILENT: Final = re.compile(r"^(?:(?P<who>.+?) is )?silent; fallback: (?P<fallback>.+)$", re.DOTALL)

PUBLIC_SOURCES: Final = ("Robert's Rules of Poker", "Poker TDA Rules")
"""Public rulebooks a silent row may fall back on, cited as ``<name>, <section>, <item>``."""


class CiteError(ValueError):
    """A cite that does not read as source, section and item (the message says what is wrong)."""


@dataclass(frozen=True, slots=True)
class Place:
    """One place a cite points at."""

    source: str
    """Who says it: a bundled rulebook's name (``Scarne``), a public rulebook, or a house's own words."""
    section: str | None = None
    """The section heading (``Betting Out of Turn``); None for a house's words."""
    item: str | None = None
    """``item 3``, ``items 2, 9 and 12``, ``paragraph 2``; None for a house's words, or a game's whole
    section (only settings and games may cite a whole section)."""
    quote: str = ""
    """What the cite adds after the item: a quote or a gloss of it."""
    file: str | None = None
    """The bundled source file (``000_9f48e0cf725bf545.txt``); shown only in the JSON."""

    @property
    def house(self) -> bool:
        return self.section is None

    def where(self) -> str:
        """``Scarne, Betting Out of Turn, item 3``; a house's words as written."""
        return ", ".join(part for part in (self.source, self.section, self.item) if part)

    def words(self) -> str:
        return f"{self.where()} ({self.quote})" if self.quote and not self.house else self.where()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "source": self.source,
            "section": self.section,
            "item": self.item,
        }
        if self.quote:
            data["quote"] = self.quote
        if self.house:
            data["house"] = True
        return data


@dataclass(frozen=True, slots=True)
class Cite:
    """A cite read: the places a decision rests on, and for a silent row who is silent."""

    places: tuple[Place, ...]
    """The cited places; for a silent row, those of its fallback (followed to the end of a chain)."""
    silent: str | None = None
    """For a silent row: who is silent (``Pagat``); else None."""

    def words(self) -> str:
        """The cite as people read it — the one way every report prints a cite."""
        if self.silent is None:
            return "; ".join(place.words() for place in self.places)
        quotes = [place.quote for place in self.places if place.quote and not place.house]
        where = " and ".join(place.where() for place in self.places)
        if len(quotes) == 1 and len(self.places) == 1:
            return f"{self.silent} is silent here; {where}, says: {quotes[0]}"
        inner = "; ".join(place.words() for place in self.places)
        return f"{self.silent} is silent here; it follows {inner}"

    def as_json(self) -> dict[str, Any]:
        """``cites`` (each place), and for a silent row ``silent: true`` with who and what it follows."""
        data: dict[str, Any] = {"cites": [place.as_json() for place in self.places]}
        if self.silent is not None:
            data["silent"] = True
            data["silent_source"] = self.silent
            data["falls_back_on"] = "; ".join(place.words() for place in self.places)
        return data

    def files(self) -> set[str]:
        return {place.file for place in self.places if place.file}


_by_words: dict[str, Cite] = {}
"""Every cite said in words, by its words: a ruling carries the words, and its JSON reads them back."""


def register(cite: Cite, words: str) -> str:
    _by_words.setdefault(words, cite)
    return words


def say(cite: Cite) -> str:
    """The cite in words, remembered so that :func:`cite_json` can give its parts."""
    return register(cite, cite.words())


def cite_json(words: str) -> dict[str, Any]:
    """A ruling's cite as JSON fields, from the words it carries: ``cites`` and, for a silent row,
    ``silent``. Words no rulebook made (a ruling built elsewhere) are a house's own words."""
    cite = _by_words.get(words) or Cite((Place(words),))
    return cite.as_json()


# --- reading ------------------------------------------------------------------------------------------


def source_name(file: str) -> str | None:
    """``Scarne`` for Scarne's file: the bundled rulebook the source grounds, by name."""
    from referee.rulebook.texts import source_texts

    text = source_texts().get(file)
    return text.rulebook[:1].upper() + text.rulebook[1:] if text else None


def parse_cite(text: str, *, whole_section: bool = False) -> Cite:
    """Read a ``cite:`` (or a settings cite, or a fallback written as a cite) into its places.

    ``whole_section``: a place may name a section with no item (a game's description, a setting).

    Raises:
        CiteError: the cite names a source file with a section or item the text does not have, a
            row's cite names a whole section of several items, or a public rulebook with no section
            or item.
    """
    text = " ".join(text.split())
    silent = _SILENT.match(text)
    if silent:
        who = silent["who"] or ""
        cite = parse_cite(silent["fallback"], whole_section=whole_section)
        return Cite(cite.places, source_name(who) or who or "the source")
    if not text:
        raise CiteError("the cite is empty")
    places: list[Place] = []
    file = ""
    for piece in split_places(text):
        found = _FILE.match(piece)
        if found:
            file, rest = found["file"], (found["rest"] or "").strip()
            places.append(_source_place(file, rest, whole_section))
        elif piece.startswith(PUBLIC_SOURCES):
            places.append(_public_place(piece, whole_section))
            file = ""
        elif file:  # "000_….txt, Misdeals, item 12; Passing the Deal, paragraph 1": the same file
            places.append(_source_place(file, piece, whole_section))
        elif _FILE_NAME.search(piece):
            raise CiteError(
                f"{piece!r} names a source file, but not at its start: write <file>, <section>, <item>"
            )
        else:
            places.append(Place(piece))
    return Cite(tuple(places))


def split_places(text: str) -> list[str]:
    """The cite cut at ``; `` between places: never inside parentheses, and never inside a gloss
    after a colon unless a new source follows (a gloss may hold a ``;`` of its own)."""
    pieces, depth, start, glossed = [], 0, 0, False
    for index, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if char == ":" and depth == 0:
            glossed = True
        if char == ";" and depth == 0:
            after = text[index + 1 :].lstrip()
            if glossed and not (_FILE.match(after) or after.startswith(PUBLIC_SOURCES)):
                continue
            pieces.append(text[start:index])
            start, glossed = index + 1, False
    pieces.append(text[start:])
    return [piece.strip() for piece in pieces if piece.strip()]


def _gloss(text: str) -> tuple[str, str]:
    """``Misdeals, item 9 (a gloss)`` → (``Misdeals, item 9``, ``a gloss``); also ``…: a gloss``."""
    depth = 0
    for index, char in enumerate(text):
        if char == "(" and depth == 0:
            close = _closing(text, index)
            inside = text[index + 1 : close].strip()
            after = text[close + 1 :].strip().lstrip(":").strip()
            return text[:index].strip().rstrip(","), "; ".join(part for part in (inside, after) if part)
        if char == ":" and depth == 0:
            return text[:index].strip().rstrip(","), text[index + 1 :].strip()
        depth += (char == "(") - (char == ")")
    return text.strip().rstrip(","), ""


def _closing(text: str, start: int) -> int:
    depth = 0
    for index in range(start, len(text)):
        depth += (text[index] == "(") - (text[index] == ")")
        if depth == 0:
            return index
    raise CiteError(f"{text!r} opens a parenthesis it does not close")


def _source_place(file: str, rest: str, whole_section: bool) -> Place:
    from referee.rulebook.texts import find_section, item_labels, source_texts

    source = source_texts().get(file)
    if source is None:
        raise CiteError(f"{file} is not one of the five bundled source texts")
    name = source_name(file) or file
    where, quote = _gloss(rest)
    found = find_section(where, source)
    if found is None:
        raise CiteError(f"{name} ({file}) has no section {where!r}")
    section, spec = found
    spec = spec.strip()
    if not spec:
        in_scope = [item for item in section.items if item.in_scope] or list(section.items)
        if len(section.items) == 1 or len(in_scope) == 1:
            return Place(name, section.name, in_scope[0].label, quote, file)
        if whole_section:
            return Place(name, section.name, None, quote, file)
        known = ", ".join(item.label for item in section.items)
        raise CiteError(f"names the whole section {section.name!r} of {name}: name its item ({known})")
    if not spec.startswith(","):
        raise CiteError(f"{where!r}: after the section {section.name!r} comes {spec!r}, not an item")
    spec = spec[1:].strip()
    labels, leftovers = item_labels(section, spec)
    if leftovers:
        raise CiteError(f"{section.name!r} of {name} has no {', '.join(repr(x) for x in leftovers)}")
    missing = [label for label in labels if not any(_holds(label, item.item) for item in section.items)]
    if missing or not labels:
        raise CiteError(
            f"{section.name!r} of {name} has no {', '.join(_as_item(x) for x in missing) or spec}"
        )
    return Place(name, section.name, spec, quote, file)


def _holds(label: str, item: str) -> bool:
    label, item = label.lower(), item.lower()
    return item == label or item.startswith(label + ", ")


def _public_place(piece: str, whole_section: bool) -> Place:
    where, quote = _gloss(piece)
    source = next(name for name in PUBLIC_SOURCES if where.startswith(name))
    parts = [part.strip() for part in where[len(source) :].split(",") if part.strip()]
    if whole_section and len(parts) == 1:
        return Place(source, parts[0], None, quote)
    if len(parts) < 2:
        raise CiteError(f"{piece!r}: a public rulebook is cited as {source}, <section>, <item>")
    return Place(source, parts[0], ", ".join(parts[1:]), quote)


def setting_cite(path: str, cites: dict[str, str]) -> str:
    """The cite a rulebook's ``game.cite`` gives the setting at dotted ``path``: its own, else the
    nearest enclosing one's (``betting.raise_cap.raises`` falls back on ``betting.raise_cap``, then
    ``betting``); empty when none is cited."""
    while path:
        if path in cites:
            return cites[path]
        path = path.rpartition(".")[0]
    return ""


def setting_words(cite: str, own_source: str | None = None) -> str:
    """A settings cite (or a game's) in words; a malformed one as written, file names replaced."""
    if not cite:
        return ""
    try:
        parsed = parse_cite(cite, whole_section=True)
    except CiteError:
        return _FILE_NAME.sub(lambda found: source_name(found[0]) or "the source", cite)
    if parsed.silent == "the source" and own_source:
        parsed = Cite(parsed.places, own_source)
    return say(parsed)


def _as_item(label: str) -> str:
    return f"item {label}" if label.isdigit() else label
