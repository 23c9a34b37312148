"""Safe YAML for rulebooks: plain data, every position kept, nothing surprising let through.

The text is read as PyYAML's stream of parse events (the libyaml parser when available; it keeps
its own stack, so no nesting breaks it) and turned into plain Python data by one loop of our own
with an explicit stack — no recursive composer runs, so no nesting can overflow Python's stack or
crash the C one. On the way the loop

* holds every rulebook to hard limits: nesting depth, values (aliases counted every time they
  are used, so an alias bomb is refused after a bounded amount of work), aliases, the length of
  a value and the digits of a number — each refused at the line and column where it was crossed,
* refuses tags that would build objects (``!!python/object``, ``!!binary``, custom ``!tags``),
* refuses duplicate keys, naming both lines (``yaml.safe_load`` silently keeps the last one),
* records where every key and value was written (a :class:`Spot` tree parallel to the data),
  so a later error can name file, line and column.

The text-level limits (size, control characters, line length) are those of
:mod:`referee.inputs`, applied here too so a text that did not come from a file is held to them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import yaml

from referee.errors import Problem
from referee.inputs import MAX_RULEBOOK_BYTES, InputError, check_text

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class RulebookLoader(_Base):  # type: ignore[misc]
    """PyYAML's safe loader; only its parser (the events) is used, building the data is ours."""


MAX_DEPTH: Final = 64
"""Lists and mappings inside one another (a bundled rulebook is 6 deep)."""
MAX_NODES: Final = 50_000
"""Values a document may expand to, aliases counted every time they are used (a bundled rulebook
has about a thousand)."""
MAX_ALIASES: Final = 1_000
"""Uses of ``*name`` (the bundled rulebooks use none)."""
MAX_SCALAR_CHARS: Final = 10_000
"""Characters in one value (the longest summary in a bundled rulebook is under 300)."""
MAX_KEY_CHARS: Final = 100
"""Characters in one key (keys are words such as ``raise_cap``)."""
MAX_INT_DIGITS: Final = 20
"""Digits in a number (Python refuses to read one of more than 4,300; no rule needs more than a few)."""
MAX_BYTES: Final = MAX_RULEBOOK_BYTES

_STR: Final = "tag:yaml.org,2002:str"
_INT: Final = "tag:yaml.org,2002:int"
_FLOAT: Final = "tag:yaml.org,2002:float"
_BOOL: Final = "tag:yaml.org,2002:bool"
_NULL: Final = "tag:yaml.org,2002:null"
_SEQ: Final = "tag:yaml.org,2002:seq"
_MAP: Final = "tag:yaml.org,2002:map"
_MERGE: Final = "tag:yaml.org,2002:merge"
_KEY_TAGS: Final = frozenset({_STR, _INT, _BOOL, _NULL})
_TRUE: Final = frozenset({"yes", "true", "on", "y"})
_PLAIN_INT: Final = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_RESOLVERS: Final[dict[Any, list[tuple[str, re.Pattern[str]]]]] = RulebookLoader.yaml_implicit_resolvers
_ANY_FIRST: Final = tuple(_RESOLVERS.get(None, ()))
_SCALAR: Final = yaml.ScalarEvent
_DOCUMENT_END: Final = yaml.DocumentEndEvent


@dataclass(slots=True)
class Spot:
    """Where a value was written, and where its children were (by key or list index)."""

    file: str
    line: int
    """1-based."""
    column: int
    """1-based."""
    end_column: int = 0
    key_line: int = 0
    """For a mapping entry: where its key was written."""
    key_column: int = 0
    kids: dict[Any, Spot] | None = None

    def at_key(self) -> Spot:
        """The same spot, pointing at the key rather than the value (when there is one)."""
        if not self.key_line:
            return self
        return Spot(self.file, self.key_line, self.key_column, 0)

    def child(self, key: object) -> Spot | None:
        return self.kids.get(key) if self.kids else None


@dataclass(slots=True)
class Parsed:
    """A document as plain data, with its spots and the text lines for excerpts."""

    data: object
    spot: Spot
    lines: list[str] = field(default_factory=list)


def parse_yaml(text: str, file: str, *, checked: bool = False) -> tuple[Parsed | None, list[Problem]]:
    """Plain data and spots for ``text``, or the problems that stop it being read.

    Problems that leave the document readable (a bad tag, a duplicate key, a number too long)
    come back alongside the data, so a caller can report them together with validation problems.
    A crossed limit stops reading: it comes back alone, with no data. ``checked`` says the text
    came through :func:`referee.inputs.decode` already (size, control characters, line length).
    """
    if not checked and (problems := _text_problems(text, file)):
        return None, problems
    lines = text.splitlines()
    reader = _Reader(file, lines, RulebookLoader(text))
    try:
        root = reader.read()
    except yaml.MarkedYAMLError as error:
        return None, [_syntax_problem(error, file, lines)]
    except yaml.YAMLError as error:
        return None, [Problem(f"not valid YAML: {error}", file)]
    except _Stop as stop:
        return None, [stop.problem]
    finally:
        reader.loader.dispose()
    if root is None:
        return None, [
            Problem("the file is empty", file, hint="a rulebook starts with `id:` and `title:` lines")
        ]
    data, spot = root
    return Parsed(data, spot, lines), reader.problems


def _text_problems(text: str, file: str) -> list[Problem]:
    """What :func:`referee.inputs.decode` would refuse, for a text that did not come from a file."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as error:  # a lone surrogate: only a caller's own string holds one
        line = text.count("\n", 0, error.start) + 1
        column = error.start - text.rfind("\n", 0, error.start)
        return [
            Problem(
                f"a character that is not text (U+{ord(text[error.start]):04X})",
                file,
                line,
                column,
                hint="is this a rulebook file? Save it as UTF-8 text",
            )
        ]
    if size > MAX_BYTES:
        return [
            Problem(
                f"the rulebook is larger than {MAX_BYTES // 1024:,} KB, the most the referee reads",
                file,
                hint="a house-rules file is usually a few lines: `extends: scarne` and what it changes",
            )
        ]
    try:
        check_text(text, file, what="rulebook")
    except InputError as error:
        return error.problems
    return []


# --- the reader -------------------------------------------------------------------------------------


class _Stop(Exception):
    """A limit was crossed, or the document cannot be read: one problem, and reading stops."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


@dataclass(slots=True)
class _Open:
    """A list or mapping being read."""

    is_map: bool
    spot: Spot | None
    """None once the document is past the value limit (only counting then)."""
    skip: bool
    """Read only to be thrown away: nothing built, nothing reported (a value under a refused key)."""
    replayed: bool
    """Read again through an alias: already counted."""
    items: list[object] = field(default_factory=list)
    entries: dict[str, object] = field(default_factory=dict)
    kids: dict[Any, Spot] = field(default_factory=dict)
    anchor: str | None = None
    first: int = 0
    """Where its start event is in the record of events (for an anchor)."""
    size: int = 1
    """Values it holds, itself included, aliases expanded."""
    expect_key: bool = True
    """For a mapping: the next value read is a key."""
    key: str | None = None
    """For a mapping: the key waiting for its value; None when that value is to be thrown away."""
    key_line: int = 0
    key_column: int = 0


@dataclass(frozen=True, slots=True)
class _Anchor:
    first: int
    """Its events in the record, first to last."""
    last: int
    size: int
    is_scalar: bool


class _Reader:
    """Plain data and spots from parse events, with an explicit stack and every limit checked."""

    def __init__(self, file: str, lines: list[str], loader: Any) -> None:
        self.file = file
        self.lines = lines
        self.loader = loader
        self.problems: list[Problem] = []
        self.stack: list[_Open] = []
        self.root: tuple[object, Spot] | None = None
        self.record: list[Any] = []
        """The events read while an anchor was open, so an alias can read its anchor's events again."""
        self.anchors: dict[str, _Anchor] = {}
        self.open_anchors: dict[str, int] = {}
        self.anchor_lines: dict[str, int] = {}
        self.total = 0
        """Values read so far, aliases expanded."""
        self.aliases = 0
        self.counting = False
        """Past the value limit: nothing more is built, only counted, to say how big it is."""
        self.too_big: Spot | None = None
        """The innermost value found too big (the first to close past the limit)."""

    # --- the stream ---

    def read(self) -> tuple[object, Spot] | None:
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()  # document start
        record, stack, file, get_event = self.record, self.stack, self.file, loader.get_event
        while True:
            event = get_event()
            cls = type(event)
            if cls is _DOCUMENT_END:
                break
            if self.open_anchors:  # an anchor's first event records itself (see check_anchor)
                record.append(event)
            # The common case inline (a plain value, no anchor, in a list or mapping being built);
            # everything else — anchors, aliases, values thrown away, limits — in the methods below.
            if cls is not _SCALAR or event.anchor is not None or not stack or self.total >= MAX_NODES:
                self.node_event(event, False, None)
                continue
            parent, value = stack[-1], event.value
            if parent.skip or len(value) > MAX_SCALAR_CHARS:
                self.scalar(event, False)
                continue
            tag = event.tag
            if tag is None or tag == "!":
                tag = _resolve(value) if event.implicit[0] else _STR
            start = event.start_mark
            if parent.is_map and parent.expect_key:
                if tag != _STR or len(value) > MAX_KEY_CHARS or value in parent.entries:
                    self.scalar(event, False)
                    continue
                parent.key, parent.key_line, parent.key_column = value, start.line + 1, start.column + 1
                parent.expect_key = False
            elif parent.is_map and parent.key is None:
                self.scalar(event, False)
                continue
            else:
                end = event.end_mark
                end_column = end.column + 1 if end.line == start.line and end.column > start.column else 0
                spot = Spot(file, start.line + 1, start.column + 1, end_column)
                data = value if tag == _STR else self.construct(tag, value, event, spot)
                if parent.is_map:
                    spot.key_line, spot.key_column = parent.key_line, parent.key_column
                    parent.entries[parent.key] = data  # type: ignore[index]
                    parent.kids[parent.key] = spot
                    parent.key, parent.expect_key = None, True
                else:
                    parent.kids[len(parent.items)] = spot
                    parent.items.append(data)
            self.total += 1
            parent.size += 1
        if not loader.check_event(yaml.StreamEndEvent):
            extra = loader.get_event()
            raise _Stop(
                self.problem(
                    "YAML syntax: expected a single document in the stream (but found another document)",
                    extra.start_mark.line + 1,
                    extra.start_mark.column + 1,
                    "a rulebook is one document: remove the extra `---`",
                )
            )
        if self.counting:
            self.refuse_size()
        return self.root

    def replay(self, anchor: _Anchor, mark: Any) -> None:
        """Read an anchor's events again where the alias stands (nested aliases too, no recursion)."""
        feeds: list[Iterator[Any]] = [iter(self.record[anchor.first : anchor.last + 1])]
        while feeds:
            event = next(feeds[-1], None)
            if event is None:
                feeds.pop()
            elif type(event) is yaml.AliasEvent:
                target = self.anchors[str(event.anchor)]
                if self.skipping(target.is_scalar):
                    self.deliver(None, None, _NULL, target.is_scalar, 0)
                else:
                    feeds.append(iter(self.record[target.first : target.last + 1]))
            else:
                self.node_event(event, True, mark)

    # --- one event ---

    def node_event(self, event: Any, replayed: bool, alias_mark: Any) -> None:
        cls = type(event)
        if cls is yaml.ScalarEvent:
            self.scalar(event, replayed)
        elif cls is yaml.MappingStartEvent or cls is yaml.SequenceStartEvent:
            self.start(event, cls is yaml.MappingStartEvent, replayed, alias_mark)
        elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
            self.end(event)
        else:
            self.alias(event)

    def skipping(self, is_scalar: bool) -> bool:
        """Whether the next value read is thrown away (only counted)."""
        if self.counting:
            return True
        if not self.stack:
            return False
        parent = self.stack[-1]
        if parent.skip:
            return True
        if not parent.is_map:
            return False
        if parent.expect_key:
            return not is_scalar  # a list or mapping as a key is refused: no need to build it
        return parent.key is None

    def scalar(self, event: Any, replayed: bool) -> None:
        value: str = event.value
        start = event.start_mark
        if not replayed:
            self.total += 1
            if len(value) > MAX_SCALAR_CHARS:
                raise _Stop(
                    self.problem(
                        f"a value of {len(value):,} characters; a value in a rulebook holds at most "
                        f"{MAX_SCALAR_CHARS:,}",
                        start.line + 1,
                        start.column + 1,
                        "a summary or a citation is a sentence or two: shorten it",
                    )
                )
            if event.anchor is not None:
                self.check_anchor(event)
                index = len(self.record) - 1
                self.anchors[event.anchor] = _Anchor(index, index, 1, True)
            if self.total > MAX_NODES:
                self.counting = True
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolve(value) if event.implicit[0] else _STR
        size = 0 if replayed else 1
        if self.skipping(True):
            self.deliver(None, None, tag, True, size, value)
            return
        end = event.end_mark
        end_column = end.column + 1 if end.line == start.line and end.column > start.column else 0
        spot = Spot(self.file, start.line + 1, start.column + 1, end_column)
        parent = self.stack[-1] if self.stack else None
        if tag == _STR or (parent is not None and parent.is_map and parent.expect_key):
            self.deliver(value, spot, tag, True, size, value)
        else:
            self.deliver(self.construct(tag, value, event, spot), spot, tag, True, size, value)

    def start(self, event: Any, is_map: bool, replayed: bool, alias_mark: Any) -> None:
        mark = alias_mark or event.start_mark
        if len(self.stack) >= MAX_DEPTH:
            raise _Stop(
                self.problem(
                    f"values nested more than {MAX_DEPTH} deep",
                    mark.line + 1,
                    mark.column + 1,
                    "a rulebook is a few levels deep (game: betting: raise_cap:); "
                    "check the brackets and the indentation",
                )
            )
        if not replayed:
            self.total += 1
        skip = self.skipping(False)
        start = event.start_mark
        spot = None if self.counting else Spot(self.file, start.line + 1, start.column + 1)
        opened = _Open(is_map, spot, skip, replayed)
        if spot is not None:
            spot.kids = opened.kids
            tag = event.tag
            if not skip and tag is not None and tag != "!" and tag != (_MAP if is_map else _SEQ):
                self.bad_tag(tag, spot)
        if not replayed and event.anchor is not None:
            self.check_anchor(event)
            opened.anchor, opened.first = event.anchor, len(self.record) - 1
            self.open_anchors[event.anchor] = opened.first
        if not replayed and self.total > MAX_NODES:
            self.counting = True
        self.stack.append(opened)

    def end(self, event: Any) -> None:
        closed = self.stack.pop()
        spot = closed.spot
        if spot is not None:
            end = event.end_mark
            if end.line + 1 == spot.line and end.column + 1 > spot.column:
                spot.end_column = end.column + 1
        if closed.anchor is not None:
            del self.open_anchors[closed.anchor]
            self.anchors[closed.anchor] = _Anchor(closed.first, len(self.record) - 1, closed.size, False)
        if self.counting and self.too_big is None and closed.size > MAX_NODES:
            self.too_big = spot
        data = closed.entries if closed.is_map else closed.items
        self.deliver(data, spot, "", False, 0 if closed.replayed else closed.size)

    def alias(self, event: Any) -> None:
        name, mark = event.anchor, event.start_mark
        if name in self.open_anchors:
            raise _Stop(
                self.problem("an alias refers to the value that contains it", mark.line + 1, mark.column + 1)
            )
        target = self.anchors.get(name)
        if target is None:
            raise _Stop(
                self.problem(
                    f"the alias *{name} names no anchor written before it",
                    mark.line + 1,
                    mark.column + 1,
                    f"write `&{name}` on a value above, or remove the alias",
                )
            )
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise _Stop(
                self.problem(
                    f"more than {MAX_ALIASES:,} aliases (*name)",
                    mark.line + 1,
                    mark.column + 1,
                    "write the values out instead of repeating them through aliases",
                )
            )
        self.total += target.size
        if self.total > MAX_NODES:
            self.counting = True  # refused before it is expanded: the work stays bounded
        if self.skipping(target.is_scalar):
            self.deliver(None, None, _NULL, target.is_scalar, target.size)
            return
        parent = self.stack[-1] if self.stack else None
        self.replay(target, mark)
        if parent is not None:
            parent.size += target.size

    # --- bookkeeping ---

    def check_anchor(self, event: Any) -> None:
        """Refuse an anchor name used twice (which value would an alias mean?); else start recording."""
        anchor, mark = event.anchor, event.start_mark
        line = self.anchor_lines.get(anchor)
        if line is None:
            if not self.open_anchors:  # not recorded yet: nothing was being recorded
                self.record.append(event)
            self.anchor_lines[anchor] = mark.line + 1
            return
        raise _Stop(
            self.problem(
                f"the anchor &{anchor} is defined twice (first on line {line})",
                mark.line + 1,
                mark.column + 1,
                "give each anchor its own name",
            )
        )

    def refuse_size(self) -> None:
        spot = self.too_big or Spot(self.file, 1, 1)
        if self.aliases:
            message = (
                f"the document expands to {self.total:,} values through its aliases (an alias bomb?); "
                f"at most {MAX_NODES:,} are allowed"
            )
            hint = "write the values out instead of nesting aliases (*name) inside anchors"
        else:
            message = f"the file holds {self.total:,} values; a rulebook holds at most {MAX_NODES:,}"
            hint = "a bundled rulebook holds about a thousand; is this a rulebook?"
        raise _Stop(self.problem(message, spot.line, spot.column, hint))

    def deliver(
        self, data: object, spot: Spot | None, tag: str, is_scalar: bool, size: int, raw: str = ""
    ) -> None:
        """Hand a finished value to the list or mapping it belongs to."""
        if not self.stack:
            if spot is not None and not self.counting:
                self.root = (data, spot)
            return
        parent = self.stack[-1]
        parent.size += size
        if parent.skip or self.counting:
            if parent.is_map:
                parent.expect_key = not parent.expect_key
            return
        if not parent.is_map:
            assert spot is not None
            parent.kids[len(parent.items)] = spot
            parent.items.append(data)
            return
        if parent.expect_key:
            parent.expect_key = False
            parent.key = self.take_key(parent, spot, tag, is_scalar, raw)
            if spot is not None:
                parent.key_line, parent.key_column = spot.line, spot.column
            return
        parent.expect_key = True
        key = parent.key
        if key is None:
            return
        assert spot is not None
        spot.key_line, spot.key_column = parent.key_line, parent.key_column
        parent.entries[key] = data
        parent.kids[key] = spot
        parent.key = None

    def take_key(self, parent: _Open, spot: Spot | None, tag: str, is_scalar: bool, key: str) -> str | None:
        """The key, or None (after saying why) when its value is to be thrown away."""
        where = spot or parent.spot
        assert where is not None
        if tag == _MERGE:
            self.add(
                "merge keys (<<) are not supported in rulebooks",
                where,
                "use `extends:` to start from another rulebook, or write the keys out",
            )
            return None
        if not is_scalar or tag not in _KEY_TAGS or len(key) > MAX_KEY_CHARS:
            self.add("a key must be a plain word", where, "write `name: value`")
            return None
        if tag != _STR:
            what = "yes/no" if tag == _BOOL else "a number or null"
            self.add(f"the key {key!r} reads as {what}, not a word", where, f'quote it: "{key}":')
            return None
        if key in parent.entries:
            first = parent.kids[key]
            self.problems.append(
                self.problem(
                    f"duplicate key {key!r}: first at line {first.key_line}, again at line {where.line}",
                    where.line,
                    where.column,
                    "keep one of them (YAML would silently use the last)",
                    where.column + len(key),
                )
            )
            return None
        return key

    # --- values ---

    def construct(self, tag: str, value: str, event: Any, spot: Spot) -> object:
        if tag == _BOOL:
            return value.lower() in _TRUE
        if tag == _NULL:
            return None
        if tag == _INT:
            digits = _digits(value)
            if digits > MAX_INT_DIGITS:
                self.add(
                    f"a number of {digits:,} digits; a number in a rulebook has at most {MAX_INT_DIGITS}",
                    spot,
                    "write a smaller number, or quote it if it is text",
                )
                return value
            if _PLAIN_INT.fullmatch(value):
                return int(value)
        if tag in (_INT, _FLOAT):
            node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark)
            try:
                return self.loader.construct_object(node)
            except (ValueError, ArithmeticError, IndexError):  # `!!int x`, `!!int ''`, `0b_`
                self.add(f"{value!r} reads as a number but is not one", spot, "quote it if it is text")
                return value
        self.bad_tag(tag, spot)
        return value

    def bad_tag(self, tag: str, spot: Spot) -> None:
        tag = tag.replace("tag:yaml.org,2002:", "!!")
        builds = "builds a Python object" if "python/" in tag else "is not plain data"
        self.add(
            f"the tag {tag} {builds}; a rulebook holds only text, numbers, yes/no, lists and mappings",
            spot,
            "remove the tag",
        )

    def add(self, message: str, spot: Spot, hint: str = "") -> None:
        self.problems.append(self.problem(message, spot.line, spot.column, hint))

    def problem(self, message: str, line: int, column: int, hint: str = "", end: int = 0) -> Problem:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Problem(message, self.file, line, column, source, hint, end)


_resolved: dict[str, str] = {}


def _resolve(value: str) -> str:
    """The tag YAML gives a plain (unquoted) scalar: int, float, bool, null, ... or text."""
    tag = _resolved.get(value)
    if tag is not None:
        return tag
    tag = _STR
    for candidate, pattern in (*_RESOLVERS.get(value[0] if value else "", ()), *_ANY_FIRST):
        if pattern.match(value):
            tag = candidate
            break
    if len(value) <= 40 and len(_resolved) < 5_000:  # keys and short words come back again and again
        _resolved[value] = tag
    return tag


def _digits(value: str) -> int:
    body = value.lstrip("+-").replace("_", "")
    if body[:2].lower() in ("0x", "0o", "0b"):
        body = body[2:]
    return len(body.replace(":", ""))


def _syntax_problem(error: yaml.MarkedYAMLError, file: str, lines: list[str]) -> Problem:
    mark = error.problem_mark or error.context_mark
    what = error.problem or "not valid YAML"
    context = f" ({error.context})" if error.context else ""
    line = mark.line + 1 if mark else 0
    column = mark.column + 1 if mark else 0
    if line > len(lines) and lines:  # the end of the file: point at its last line
        line = len(lines)
        column = len(lines[-1]) + 1
        what += " at the end of the file"
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    if "\t" not in source:
        from referee.rulebook.indentation import indentation_problem  # only when a file fails to read

        if (indented := indentation_problem(what, file, lines, line)) is not None:
            return indented
    hint = ""
    if "tab" in what.lower() or "\t" in source:
        hint = "indent with spaces, not tabs"
    elif "mapping values are not allowed" in what:
        hint = "put a space after each colon and quote text that contains ': '"
    elif "could not find expected ':'" in what:
        hint = "each line is `key: value`; check the indentation of this line and the one before"
    elif "expected a single document" in what:
        hint = "a rulebook is one document: remove the extra `---`"
    return Problem(f"YAML syntax: {what}{context}", file, line, column, source, hint)
