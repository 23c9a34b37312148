"""A row's ``cite`` read back into its parts, and said in words.

A bundled row cites ``000_9f48e0cf725bf545.txt, Betting Out of Turn, item 3``: the source file,
the section heading, the item. People read "Scarne, Betting Out of Turn, item 3": the file is named
by the bundled rulebook built from it (each bundled rulebook's ``source.file``; SOURCES.md lists the
five). A silent row's cite (``000_….txt is silent; fallback: casino:raise-cap/1 (002_….txt, Rules
for Draw High, item 1)``) keeps what is silent and what it falls back on. A house rule's own words
(``house rule, March 2025``) are shown as written.

Nothing here changes a cite: the JSON keeps the cite string as it was and adds the parts beside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

_FILE_NAME: Final = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
_FILE: Final = re.compile(r"^(?P<file>\d{3}_[0-9a-f]{16}\.txt)(?:,\s*(?P<rest>.*))?$", re.DOTALL)
_SILENT: Final = re.compile(r"^(?:(?P<who>.+?) is )?silent; fallback: (?P<fallback>.+)$", re.DOTALL)
_RULE_REF: Final = re.compile(r"^(?P<ref>[a-z0-9-]+:[a-z-]+/[A-Za-z0-9-]+) \((?P<resolved>.+)\)$", re.DOTALL)
_ITEM: Final = re.compile(
    r",\s*(?=(?:items?|paragraphs?|bullets?|cases?|first bullet|the paragraph|introduction)\b)"
)


@dataclass(frozen=True, slots=True)
class CitePart:
    """One place a cite points at: a source file's section and item, or a house's own words."""

    file: str | None
    """The source file (``000_9f48e0cf725bf545.txt``); None for free text such as a house rule."""
    section: str | None
    """The section heading (``Betting Out of Turn``), possibly with sub-headings."""
    item: str | None
    """``item 3``, ``items 2, 9 and 12``, ``paragraph 2``, ``introduction``; None for a whole section."""
    text: str
    """The part as written in the cite."""

    def words(self, names: dict[str, str]) -> str:
        """``Scarne, Betting Out of Turn, item 3``; free text as written."""
        if self.file is None:
            return _FILE_NAME.sub(lambda found: names.get(found[0], found[0]), self.text)
        name = names.get(self.file, self.file)
        return ", ".join(part for part in (name, self.section, self.item) if part)

    def as_json(self, names: dict[str, str]) -> dict[str, str | None]:
        return {
            "file": self.file,
            "source": names.get(self.file) if self.file else None,
            "section": self.section,
            "item": self.item,
        }


@dataclass(frozen=True, slots=True)
class Cite:
    """A cite read back: the places it names, and for a silent row what is silent and the fallback."""

    parts: tuple[CitePart, ...]
    """What the decision rests on: the cited places, or for a silent row its fallback's."""
    silent: str | None = None
    """For a silent row: who is silent (a source file or a rulebook's name); else None."""
    fallback: str | None = None
    """For a silent row: the fallback as written (``casino:raise-cap/1`` or a public rulebook)."""

    def files(self) -> list[str]:
        found = [self.silent] if self.silent and _FILE.match(self.silent) else []
        for part in self.parts:
            found.extend([part.file] if part.file else _FILE_NAME.findall(part.text))
        return found

    def rulebooks(self) -> list[str]:
        """The rulebook a silent row falls back on (``casino`` of ``casino:raise-cap/1``), if any."""
        return [self.fallback.split(":", 1)[0]] if self.fallback and ":" in self.fallback else []

    def words(self, names: dict[str, str]) -> str:
        """The cite as people read it, source files named by their rulebook."""
        cited = "; ".join(part.words(names) for part in self.parts)
        if self.fallback is None:
            return cited
        who = names.get(self.silent or "", self.silent or "the source")
        return f"{who} is silent; it falls back on {cited}"


def parse_cite(text: str) -> Cite:
    """Read a row's cite string (as :func:`referee.rulebook.decisions.citation` writes it)."""
    text = text.strip()
    silent = _SILENT.match(text)
    if silent:
        fallback = silent["fallback"].strip()
        ref = _RULE_REF.match(fallback)
        resolved = _parts(ref["resolved"] if ref else fallback)
        return Cite(resolved, silent["who"] or "", fallback)
    return Cite(_parts(text))


def _parts(text: str) -> tuple[CitePart, ...]:
    parts: list[CitePart] = []
    for piece in (p.strip() for p in text.split("; ")):
        if not piece:
            continue
        match = _FILE.match(piece)
        if match is None:
            parts.append(CitePart(None, None, None, piece))
            continue
        rest = (match["rest"] or "").strip()
        split = _ITEM.split(rest, maxsplit=1)
        section = split[0].strip() or None
        item = split[1].strip() if len(split) > 1 else None
        if section and _ITEM.match(", " + section):  # a cite of an item with no section heading
            section, item = None, section
        parts.append(CitePart(match["file"], section, item, piece))
    return tuple(parts)


_NAMES: dict[str, str] = {}


def source_names(files: Iterable[str], hints: Iterable[str] = ()) -> dict[str, str]:
    """Each source file the bundled rulebooks are built from, by the rulebook's name (``Scarne``).

    ``hints`` are rulebook ids likely to own the files (the ruling's rulebook and its lineage):
    they are looked at first, so a report loads no rulebook it did not already need.
    """
    wanted = [file for file in dict.fromkeys(files) if file not in _NAMES]
    if wanted:
        from referee.rulebook.load import bundled_rulebooks, load_rulebook

        bundled = bundled_rulebooks()
        for book_id in [*[h for h in hints if h in bundled], *bundled]:
            if all(file in _NAMES for file in wanted):
                break
            book = load_rulebook(book_id)
            if book.source is not None and book.source.file not in _NAMES:
                _NAMES[book.source.file] = book_id[:1].upper() + book_id[1:]
    return {file: _NAMES[file] for file in files if file in _NAMES}


def cite_words(text: str, hints: Iterable[str] = ()) -> str:
    """A cite string in words: ``Scarne, Betting Out of Turn, item 3``."""
    cite = parse_cite(text)
    return cite.words(source_names(cite.files(), [*hints, *cite.rulebooks()]))


def setting_cite(path: str, cites: dict[str, str]) -> str:
    """The cite a rulebook's ``game.cite`` gives the setting at dotted ``path``: its own, else the
    nearest enclosing one's (``betting.raise_cap.raises`` falls back on ``betting.raise_cap``, then
    ``betting``); empty when none is cited."""
    while path:
        if path in cites:
            return cites[path]
        path = path.rpartition(".")[0]
    return ""
