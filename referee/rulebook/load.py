"""Loading rulebooks: safe YAML, ``extends:`` merging, validation, and errors that say where.

``load_rulebook("scarne")`` gives a bundled rulebook (cached in-process); ``load_rulebook(path)``
reads a file. Either way the result is fully merged along its ``extends:`` chain.

How a rulebook that ``extends:`` another is merged with it:

* ``id``, ``title``, ``source``, ``status``, ``silent_on``, ``default_game``: the child's value
  replaces the parent's when the child writes one.
* ``game`` and ``variants``: merged key by key, as deep as the child writes (a list, such as
  ``wild_cards``, is replaced whole); ``game.cite`` entries add up.
* ``irregularities``: table by table, row by row. A child row whose ``id`` the parent has
  replaces that row in place; a new id is inserted just before the parent's default row — or
  where ``before: <id>`` / ``after: <id>`` says; ``{id: 3, remove: yes}`` drops row 3. Inherited
  rows keep the parent's rule ids (``scarne:exposed-card/3``), so a ruling names who wrote it.

Every problem names the file, line and key path, says what is allowed and suggests the nearest
word; all problems found are raised together in one :class:`~referee.errors.RulebookError`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from pydantic import ValidationError

from referee.errors import Problem, RulebookError
from referee.rulebook.model import Rulebook
from referee.rulebook.problems import did_you_mean, join_hint, locate, pydantic_problems
from referee.rulebook.vocabulary import Kind
from referee.rulebook.yamlsafe import Parsed, Spot, parse_yaml

BUNDLED_PACKAGE: Final = "referee.rulebooks"
EXAMPLES_PACKAGE: Final = "referee.rulebooks.examples"
CATALOG_FILE: Final = "games.yaml"
MAX_EXTENDS: Final = 12
_DIRECTIVES: Final = ("before", "after", "remove")
_SECTIONS: Final = ("game", "variants", "irregularities", "silent_on")


@dataclass(slots=True)
class Doc:
    """A rulebook as merged plain data, before validation, with where everything was written."""

    data: dict[str, Any]
    spot: Spot
    file: str
    """The file this rulebook itself came from (display name)."""
    lines: dict[str, list[str]] = field(default_factory=dict)
    """Text lines of every file merged in, for excerpts."""
    origins: dict[tuple[str, str], str] = field(default_factory=dict)
    """(kind, row id) → id of the rulebook that wrote the row."""
    lineage: tuple[str, ...] = ()
    problems: list[Problem] = field(default_factory=list)
    """Problems found so far that do not stop validation (duplicate keys, bad tags, merging)."""
    own_game: dict[str, Any] = field(default_factory=dict)
    """The ``game:`` section as this file writes it (before merging), for ``show``."""
    own_keys: frozenset[str] = frozenset()
    """The top-level keys this file writes."""
    parent_failed: bool = False
    """``extends:`` named something that could not be had; coverage is then not judged."""

    def spot_at(self, path: tuple[Any, ...], key: bool = False) -> Spot:
        _, spot, _ = locate(path, self.data, self.spot)
        return spot.at_key() if key else spot

    def problem(self, path: tuple[Any, ...], message: str, hint: str = "", key: bool = True) -> Problem:
        spot = self.spot_at(path, key)
        return Problem(message, spot.file, spot.line, spot.column, "", hint)


_docs: dict[str, Doc] = {}
_books: dict[str, Rulebook] = {}
_names: list[str] = []


# --- public ----------------------------------------------------------------------------------------


def bundled_rulebooks() -> list[str]:
    """Ids of the rulebooks shipped with the package, sorted."""
    if not _names:
        folder = resources.files(BUNDLED_PACKAGE)
        _names.extend(
            sorted(
                entry.name.removesuffix(".yaml")
                for entry in folder.iterdir()
                if entry.name.endswith(".yaml") and entry.name != CATALOG_FILE
            )
        )
    return list(_names)


def load_rulebook(name_or_path: str) -> Rulebook:
    """A bundled rulebook by id, or a rulebook file by path, merged along its ``extends:`` chain.

    Raises:
        RulebookError: the file cannot be read, is not valid YAML or does not validate; every
            problem found, each with file, line, key path and a hint.
    """
    if name_or_path in bundled_rulebooks():
        return _bundled(name_or_path)
    path = Path(name_or_path)
    if path.is_file():
        return build(read_file(path, ()))
    if path.suffix in (".yaml", ".yml") or os.sep in name_or_path or "/" in name_or_path:
        raise RulebookError(Problem(f"no such file: {name_or_path}", name_or_path))
    raise RulebookError(
        Problem(
            f"{name_or_path!r} is neither a bundled rulebook nor a file",
            name_or_path,
            hint=join_hint(
                did_you_mean(name_or_path, bundled_rulebooks()), "bundled: " + ", ".join(bundled_rulebooks())
            ),
        )
    )


def check_file(path: Path) -> str:
    """Check a rulebook file — or the game catalog — and say what it holds.

    Raises:
        RulebookError: every problem found, as for :func:`load_rulebook`, plus fallbacks that name
            a bundled row that does not exist.
    """
    from referee.rulebook.checks import reference_problems
    from referee.rulebook.games import parse_catalog

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RulebookError(Problem(f"cannot read the file: {error}", str(path))) from None
    parsed, _ = parse_yaml(text, str(path))
    if (
        parsed is not None
        and isinstance(parsed.data, dict)
        and "variants" in parsed.data
        and "id" not in parsed.data
    ):
        catalog = parse_catalog(text, str(path))
        return f"a game catalog of {len(catalog.variants)} games"
    book = load_rulebook(str(path))
    if problems := reference_problems(book):
        raise RulebookError(problems)
    rows = sum(len(rows) for rows in book.tables().values())
    return f"{book.id}, {len(book.tables())} irregularities, {rows} rows"


def load_text(text: str, file: str = "<rulebook>") -> Rulebook:
    """A rulebook from YAML text; ``extends:`` may name bundled rulebooks (paths are relative to ``.``)."""
    return build(_resolve(_parse(text, file), file, f"text:{file}", (), Path(".")))


def bundled_doc(name: str, chain: tuple[str, ...] = ()) -> Doc:
    """The merged document of a bundled rulebook (cached)."""
    if name not in _docs:
        text = resources.files(BUNDLED_PACKAGE).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
        file = f"rulebooks/{name}.yaml"
        _docs[name] = _resolve(_parse(text, file), file, f"bundled:{name}", chain, None)
    return _docs[name]


def read_file(path: Path, chain: tuple[str, ...]) -> Doc:
    """The merged document of a rulebook file."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RulebookError(Problem("the file is not UTF-8 text", str(path))) from None
    except OSError as error:
        raise RulebookError(Problem(f"cannot read the file: {error.strerror or error}", str(path))) from None
    return _resolve(_parse(text, str(path)), str(path), f"file:{path.resolve()}", chain, path.parent)


def build(doc: Doc) -> Rulebook:
    """Validate a merged document into a Rulebook, or raise every problem found."""
    from referee.rulebook.checks import rulebook_problems

    problems = list(doc.problems)
    book: Rulebook | None = None
    try:
        book = Rulebook.model_validate(doc.data)
    except ValidationError as error:
        problems.extend(pydantic_problems(error, doc.data, doc.spot, Rulebook))
    if book is not None:
        book._origins = {
            (Kind(kind), row_id): origin
            for (kind, row_id), origin in doc.origins.items()
            if kind in set(Kind)
        }
        book._lineage = doc.lineage
        book._file = doc.file
        book._own_game = doc.own_game
        book._own_keys = doc.own_keys
        problems.extend(rulebook_problems(book, doc))
    if problems:
        raise RulebookError(with_source(_first_at_each_spot(problems), doc.lines))
    assert book is not None
    return book


def _first_at_each_spot(problems: list[Problem]) -> list[Problem]:
    """One problem per place: a bad tag makes its value fail validation too; say it once."""
    seen: set[tuple[str, int, int]] = set()
    kept = []
    for problem in problems:
        where = (problem.file, problem.line, problem.column)
        if problem.line and where in seen:
            continue
        seen.add(where)
        kept.append(problem)
    return kept


def with_source(problems: list[Problem], lines: dict[str, list[str]]) -> list[Problem]:
    """Fill in each problem's source line (for the excerpt), sorted by file and line."""
    filled = []
    for problem in problems:
        text = lines.get(problem.file, [])
        source = text[problem.line - 1] if 0 < problem.line <= len(text) else problem.source_line
        filled.append(
            Problem(
                problem.message,
                problem.file,
                problem.line,
                problem.column,
                source,
                problem.hint,
                problem.end_column,
            )
        )
    unique = list(dict.fromkeys(filled))
    return sorted(unique, key=lambda p: (p.file, p.line, p.column))


def clear_cache() -> None:
    """Forget bundled rulebooks loaded so far (for benchmarks and tests)."""
    _docs.clear()
    _books.clear()
    _names.clear()
    from referee.rulebook import games

    games.clear_cache()


# --- reading and merging ------------------------------------------------------------------------------


def _bundled(name: str) -> Rulebook:
    if name not in _books:
        _books[name] = build(bundled_doc(name))
    return _books[name]


def _parse(text: str, file: str) -> tuple[Parsed, list[Problem]]:
    parsed, problems = parse_yaml(text, file)
    if parsed is None:
        raise RulebookError(problems)
    if not isinstance(parsed.data, dict):
        raise RulebookError(
            with_source(
                [
                    Problem(
                        "a rulebook is a mapping of `key: value` lines",
                        file,
                        parsed.spot.line,
                        parsed.spot.column,
                        hint="start with `id: my-rules` and `title: ...`",
                    )
                ],
                {file: parsed.lines},
            )
        )
    return parsed, problems


def _resolve(
    parsed_and_problems: tuple[Parsed, list[Problem]],
    file: str,
    identity: str,
    chain: tuple[str, ...],
    folder: Path | None,
) -> Doc:
    parsed, problems = parsed_and_problems
    data: dict[str, Any] = parsed.data  # type: ignore[assignment]
    for section in _SECTIONS:  # an empty section (only comments under it) is no section
        if section in data and data[section] is None:
            del data[section]
    own_id = str(data.get("id", "?"))
    own_game = data.get("game")
    doc = Doc(data, parsed.spot, file, {file: parsed.lines}, {}, (own_id,), list(problems))
    doc.own_game = own_game if isinstance(own_game, dict) else {}
    doc.own_keys = frozenset(data)
    extends = data.get("extends")
    if extends is None:
        _root_rows(doc, own_id)
        return doc
    parent = _parent(doc, extends, identity, chain, folder)
    if parent is None:
        _root_rows(doc, own_id)
        doc.parent_failed = True
        return doc
    return _merge(parent, doc, own_id)


def _parent(
    doc: Doc, extends: object, identity: str, chain: tuple[str, ...], folder: Path | None
) -> Doc | None:
    """The merged parent, or None after recording why it cannot be had."""
    where = ("extends",)
    chain = (*chain, identity)
    if not isinstance(extends, str) or not extends.strip():
        doc.problems.append(
            doc.problem(where, "extends takes a bundled rulebook id or a file path", key=False)
        )
        return None
    if len(chain) > MAX_EXTENDS:
        doc.problems.append(
            doc.problem(where, f"more than {MAX_EXTENDS} rulebooks extend one another", key=False)
        )
        return None
    is_path = extends.endswith((".yaml", ".yml")) or "/" in extends or os.sep in extends
    if not is_path:
        target = f"bundled:{extends}"
        if extends not in bundled_rulebooks():
            doc.problems.append(
                doc.problem(
                    where,
                    f"extends names {extends!r}, which is not a bundled rulebook",
                    join_hint(
                        did_you_mean(extends, bundled_rulebooks()),
                        "bundled: " + ", ".join(bundled_rulebooks()) + "; or give a path ending in .yaml",
                    ),
                    key=False,
                )
            )
            return None
    elif folder is None:
        doc.problems.append(
            doc.problem(where, "a bundled rulebook can only extend another bundled one", key=False)
        )
        return None
    else:
        path = folder / extends
        target = f"file:{path.resolve()}"
        if not path.is_file():
            doc.problems.append(
                doc.problem(where, f"extends names {str(path)!r}, which does not exist", key=False)
            )
            return None
    if target in chain:
        names = [step.split(":", 1)[1] for step in (*chain, target)]
        doc.problems.append(
            doc.problem(
                where,
                "extends goes round in a circle: " + " → ".join(os.path.basename(n) for n in names),
                "one of these files must not extend the other",
                key=False,
            )
        )
        return None
    if not is_path:
        return bundled_doc(extends, chain)
    assert folder is not None
    return read_file(folder / extends, chain)


def _norm_id(value: object) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    return str(value) if isinstance(value, int | str) else None


def _is_default(row: object) -> bool:
    return isinstance(row, dict) and not row.get("when")


def _root_rows(doc: Doc, own_id: str) -> None:
    """Rows of a rulebook that extends nothing: record origins, refuse merge directives."""
    tables = doc.data.get("irregularities")
    table_spots = doc.spot.child("irregularities")
    if not isinstance(tables, dict) or table_spots is None:
        return
    for kind, rows in tables.items():
        if isinstance(rows, list):
            _root_table(kind, rows, table_spots.child(kind) or table_spots, own_id, doc.origins, doc.problems)


def _merge(parent: Doc, child: Doc, child_id: str) -> Doc:
    data = dict(parent.data)
    kids = dict(parent.spot.kids or {})
    origins = dict(parent.origins)
    problems = [*parent.problems, *child.problems]
    for key, value in child.data.items():
        spot = child.spot.kids[key] if child.spot.kids else child.spot
        old = data.get(key)
        if key in ("game", "variants") and isinstance(value, dict) and isinstance(old, dict):
            data[key], kids[key] = _deep(old, kids[key], value, spot)
        elif key == "irregularities" and isinstance(value, dict) and isinstance(old, dict):
            data[key], kids[key] = _merge_tables(
                old, kids[key], value, spot, child, child_id, origins, problems
            )
        else:
            data[key] = value
            kids[key] = spot
    merged_spot = Spot(child.file, child.spot.line, child.spot.column, kids=kids)
    return Doc(
        data,
        merged_spot,
        child.file,
        {**parent.lines, **child.lines},
        origins,
        (child_id, *parent.lineage),
        problems,
        child.own_game,
        child.own_keys,
        parent.parent_failed,
    )


def _deep(
    old: dict[str, Any], old_spot: Spot, new: dict[str, Any], new_spot: Spot
) -> tuple[dict[str, Any], Spot]:
    """Child mapping over parent mapping, key by key, as deep as both are mappings."""
    data = dict(old)
    kids = dict(old_spot.kids or {})
    for key, value in new.items():
        spot = new_spot.kids[key] if new_spot.kids else new_spot
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key], kids[key] = _deep(data[key], kids[key], value, spot)
        else:
            data[key] = value
            kids[key] = spot
    return data, _like(new_spot, kids)


def _merge_tables(
    old: dict[str, Any],
    old_spot: Spot,
    new: dict[str, Any],
    new_spot: Spot,
    child: Doc,
    child_id: str,
    origins: dict[tuple[str, str], str],
    problems: list[Problem],
) -> tuple[dict[str, Any], Spot]:
    data = dict(old)
    kids = dict(old_spot.kids or {})
    for kind, rows in new.items():
        table_spot = new_spot.kids[kind] if new_spot.kids else new_spot
        parent_rows = data.get(kind)
        if not isinstance(rows, list) or not isinstance(parent_rows, list):
            data[kind] = rows
            kids[kind] = table_spot
            if isinstance(rows, list):
                _root_table(kind, rows, table_spot, child_id, origins, problems)
            continue
        parent_spot = kids[kind]
        merged: list[tuple[Any, Spot]] = [
            (row, parent_spot.child(i) or parent_spot) for i, row in enumerate(parent_rows)
        ]
        for index, row in enumerate(rows):
            spot = table_spot.child(index) or table_spot
            _merge_row(kind, row, spot, merged, child_id, origins, problems)
        data[kind] = [row for row, _ in merged]
        kids[kind] = _like(table_spot, {i: spot for i, (_, spot) in enumerate(merged)})
    return data, _like(new_spot, kids)


def _root_table(
    kind: str,
    rows: list[Any],
    spot: Spot,
    book_id: str,
    origins: dict[tuple[str, str], str],
    problems: list[Problem],
) -> None:
    """A table with nothing inherited under it: taken whole; merge directives have nothing to act on."""
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        if (row_id := _norm_id(row.get("id"))) is not None:
            origins[(kind, row_id)] = book_id
        for directive in _DIRECTIVES:
            if directive in row:
                at = (spot.child(index) or spot).child(directive) or spot
                problems.append(
                    Problem(
                        f"{directive!r} acts on an inherited row, but there is no inherited {kind} table",
                        at.file,
                        at.key_line or at.line,
                        at.key_column or at.column,
                        "",
                        "remove it, or extend a rulebook that has the table",
                    )
                )


def _merge_row(
    kind: str,
    row: Any,
    spot: Spot,
    merged: list[tuple[Any, Spot]],
    child_id: str,
    origins: dict[tuple[str, str], str],
    problems: list[Problem],
) -> None:
    row_id = _norm_id(row.get("id")) if isinstance(row, dict) else None
    if row_id is None:
        merged.insert(_default_position(merged), (row, spot))  # validation will say what is wrong
        return
    ids = [_norm_id(existing.get("id")) if isinstance(existing, dict) else None for existing, _ in merged]
    index = ids.index(row_id) if row_id in ids else None

    def report(key: str, message: str, hint: str) -> None:
        at = spot.child(key) or spot
        problems.append(
            Problem(message, at.file, at.key_line or at.line, at.key_column or at.column, "", hint)
        )

    known = "rows: " + ", ".join(i for i in ids if i is not None)
    if row.get("remove") is True:
        if index is None:
            report("remove", f"there is no inherited row {row_id!r} in {kind} to remove", known)
        else:
            del merged[index]
            origins.pop((kind, row_id), None)
        return
    clean = {key: value for key, value in row.items() if key not in _DIRECTIVES}
    target_key = "before" if "before" in row else "after" if "after" in row else None
    origins[(kind, row_id)] = child_id
    if target_key is None:
        if index is not None:
            merged[index] = (clean, spot)
        else:
            merged.insert(_default_position(merged), (clean, spot))
        return
    if index is not None:
        del merged[index]
        ids.pop(index)
    target = _norm_id(row[target_key])
    if target not in ids:
        report(target_key, f"there is no row {row[target_key]!r} in {kind} to insert {target_key}", known)
        merged.insert(_default_position(merged), (clean, spot))
        return
    position = ids.index(target) + (1 if target_key == "after" else 0)
    merged.insert(position, (clean, spot))


def _like(spot: Spot, kids: dict[Any, Spot]) -> Spot:
    """``spot`` with other children."""
    return Spot(spot.file, spot.line, spot.column, spot.end_column, spot.key_line, spot.key_column, kids)


def _default_position(merged: list[tuple[Any, Spot]]) -> int:
    """Just before the inherited default row, if the table ends with one."""
    if merged and _is_default(merged[-1][0]):
        return len(merged) - 1
    return len(merged)
