"""Safe YAML for rulebooks: plain data, every position kept, nothing surprising let through.

The text is composed by a loader derived from PyYAML's safe loader (the libyaml one when
available) and turned into plain Python data by our own walk, which

* refuses tags that would build objects (``!!python/object``, ``!!binary``, custom ``!tags``),
* refuses duplicate keys, naming both lines (``yaml.safe_load`` silently keeps the last one),
* counts nodes as it expands aliases, so an alias bomb is refused after a bounded amount of work,
* records where every key and value was written (a :class:`Spot` tree parallel to the data),
  so a later error can name file, line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

import yaml

from referee.errors import Problem

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class RulebookLoader(_Base):  # type: ignore[misc]
    """PyYAML's safe loader; only ``compose`` is used, construction is ours."""


MAX_NODES: Final = 50_000
"""Values a document may expand to, aliases counted every time they are used (a bundled rulebook
has a few thousand)."""
MAX_DEPTH: Final = 40
MAX_BYTES: Final = 2_000_000

_STR: Final = "tag:yaml.org,2002:str"
_INT: Final = "tag:yaml.org,2002:int"
_FLOAT: Final = "tag:yaml.org,2002:float"
_BOOL: Final = "tag:yaml.org,2002:bool"
_NULL: Final = "tag:yaml.org,2002:null"
_SEQ: Final = "tag:yaml.org,2002:seq"
_MAP: Final = "tag:yaml.org,2002:map"
_MERGE: Final = "tag:yaml.org,2002:merge"
_TRUE: Final = frozenset({"yes", "true", "on", "y"})
_PLAIN_INT: Final = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_ALIAS: Final = re.compile(r"\*[^\s,\]}]")


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


class _TooBig(Exception):
    def __init__(self, problem: Problem) -> None:
        self.problem = problem


class _Walker:
    def __init__(self, file: str, lines: list[str], loader: Any) -> None:
        self.file = file
        self.lines = lines
        self.loader = loader
        self.problems: list[Problem] = []

    def problem(self, message: str, line: int, column: int, hint: str = "", end: int = 0) -> Problem:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Problem(message, self.file, line, column, source, hint, end)

    def spot(self, node: yaml.Node) -> Spot:
        start, end = node.start_mark, node.end_mark
        end_column = end.column + 1 if end.line == start.line and end.column > start.column else 0
        return Spot(self.file, start.line + 1, start.column + 1, end_column)

    def check_size(self, root: yaml.Node) -> None:
        """Refuse a document that expands too far, before expanding it.

        Sizes are computed once per node (aliases share nodes), so an alias bomb costs as little
        as its text; a recursive alias is refused too.
        """
        sizes: dict[int, int] = {}
        open_nodes: set[int] = set()

        def size(node: yaml.Node, depth: int) -> int:
            key = id(node)
            if key in sizes:
                return sizes[key]
            if key in open_nodes:
                spot = self.spot(node)
                raise _TooBig(
                    self.problem("an alias refers to the value that contains it", spot.line, spot.column)
                )
            if depth > MAX_DEPTH:
                spot = self.spot(node)
                raise _TooBig(
                    self.problem(f"values nested more than {MAX_DEPTH} deep", spot.line, spot.column)
                )
            open_nodes.add(key)
            total = 1
            if isinstance(node, yaml.SequenceNode):
                total += sum(size(item, depth + 1) for item in node.value)
            elif isinstance(node, yaml.MappingNode):
                total += sum(1 + size(value, depth + 1) for _, value in node.value)
            open_nodes.discard(key)
            sizes[key] = total
            return total

        if size(root, 0) <= MAX_NODES:
            return
        node = root
        while True:  # point at the innermost value that is still too big: where the aliases pile up
            children = (
                node.value
                if isinstance(node, yaml.SequenceNode)
                else [value for _, value in node.value]
                if isinstance(node, yaml.MappingNode)
                else []
            )
            big = [child for child in children if sizes[id(child)] > MAX_NODES]
            if not big:
                break
            node = big[0]
        spot = self.spot(node)
        raise _TooBig(
            self.problem(
                f"the document expands to {sizes[id(root)]:,} values through its aliases (an alias bomb?); "
                f"at most {MAX_NODES:,} are allowed",
                spot.line,
                spot.column,
                "write the values out instead of nesting aliases (*name) inside anchors",
            )
        )

    def walk(self, node: yaml.Node, depth: int) -> tuple[object, Spot]:
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node), self.spot(node)
        if isinstance(node, yaml.SequenceNode):
            return self.sequence(node, depth)
        assert isinstance(node, yaml.MappingNode)
        return self.mapping(node, depth)

    def bad_tag(self, node: yaml.Node) -> None:
        spot = self.spot(node)
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        builds = "builds a Python object" if "python/" in tag else "is not plain data"
        self.problems.append(
            self.problem(
                f"the tag {tag} {builds}; a rulebook holds only text, numbers, yes/no, lists and mappings",
                spot.line,
                spot.column,
                "remove the tag",
            )
        )

    def scalar(self, node: yaml.ScalarNode) -> object:
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == _BOOL:
            return value.lower() in _TRUE
        if tag == _NULL:
            return None
        if tag == _INT:
            return int(value) if _PLAIN_INT.fullmatch(value) else self.loader.construct_object(node)
        if tag == _FLOAT:
            return self.loader.construct_object(node)
        self.bad_tag(node)
        return value

    def sequence(self, node: yaml.SequenceNode, depth: int) -> tuple[object, Spot]:
        spot = self.spot(node)
        if node.tag != _SEQ:
            self.bad_tag(node)
        items: list[object] = []
        kids: dict[Any, Spot] = {}
        for index, item in enumerate(node.value):
            value, kid = self.walk(item, depth + 1)
            items.append(value)
            kids[index] = kid
        spot.kids = kids
        return items, spot

    def mapping(self, node: yaml.MappingNode, depth: int) -> tuple[object, Spot]:
        spot = self.spot(node)
        if node.tag != _MAP:
            self.bad_tag(node)
        result: dict[str, object] = {}
        kids: dict[Any, Spot] = {}
        for key_node, value_node in node.value:
            key_spot = self.spot(key_node)
            if key_node.tag == _MERGE:
                self.problems.append(
                    self.problem(
                        "merge keys (<<) are not supported in rulebooks",
                        key_spot.line,
                        key_spot.column,
                        "use `extends:` to start from another rulebook, or write the keys out",
                    )
                )
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (_STR, _INT, _BOOL, _NULL):
                self.problems.append(
                    self.problem(
                        "a key must be a plain word", key_spot.line, key_spot.column, "write `name: value`"
                    )
                )
                continue
            key = key_node.value
            if key_node.tag != _STR:
                self.problems.append(
                    self.problem(
                        f"the key {key!r} reads as "
                        f"{'yes/no' if key_node.tag == _BOOL else 'a number or null'}, not a word",
                        key_spot.line,
                        key_spot.column,
                        f'quote it: "{key}":',
                    )
                )
                continue
            if key in result:
                first = kids[key]
                self.problems.append(
                    self.problem(
                        f"duplicate key {key!r}: "
                        f"first at line {first.key_line}, again at line {key_spot.line}",
                        key_spot.line,
                        key_spot.column,
                        "keep one of them (YAML would silently use the last)",
                        key_spot.column + len(key),
                    )
                )
                continue
            value, kid = self.walk(value_node, depth + 1)
            kid.key_line, kid.key_column = key_spot.line, key_spot.column
            result[key] = value
            kids[key] = kid
        spot.kids = kids
        return result, spot


def parse_yaml(text: str, file: str) -> tuple[Parsed | None, list[Problem]]:
    """Plain data and spots for ``text``, or the problems that stop it being read.

    Problems that leave the document readable (a bad tag, a duplicate key) come back alongside
    the data, so a caller can report them together with validation problems.
    """
    lines = text.splitlines()
    if len(text) > MAX_BYTES:
        return None, [
            Problem(f"the file is larger than {MAX_BYTES:,} bytes; a rulebook is a few dozen KB", file)
        ]
    loader = RulebookLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, [
                Problem("the file is empty", file, hint="a rulebook starts with `id:` and `title:` lines")
            ]
        walker = _Walker(file, lines, loader)
        if _ALIAS.search(text):  # without an alias the document cannot expand beyond its text
            walker.check_size(node)
        data, spot = walker.walk(node, 0)
    except yaml.MarkedYAMLError as error:
        return None, [_syntax_problem(error, file, lines)]
    except yaml.YAMLError as error:
        return None, [Problem(f"not valid YAML: {error}", file)]
    except _TooBig as too_big:
        return None, [too_big.problem]
    finally:
        loader.dispose()
    return Parsed(data, spot, lines), walker.problems


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
