"""Loading rulebooks: safe YAML, ``extends:`` merging, validation, and errors that say where.

``load_rulebook("scarne")`` gives a bundled rulebook (cached in-process); ``load_rulebook(path)``
reads a file. Either way the result is fully merged along its ``extends:`` chain.
``rulebook_for_log(...)`` chooses the rulebook a log is ruled by (``-r``, else the log's
``rulebook:`` line, else scarne) and refuses one with a hole in it.

What a name may lead to. A path the user types (``-r path/to/house.yaml``, ``rulebook check``) is
the user's own choice and may be any readable file. A name written *inside* a file — a rulebook's
``extends:``, a log's ``rulebook:`` line — may name only a bundled rulebook or a ``.yaml`` file in
the same folder as the file that names it: a plain file name (``friday.yaml``, or ``friday`` for
``friday.yaml`` / ``friday.yml``), no folders, no ``..``, no absolute path, not a link to a file
outside that folder. Anything else is refused with a message that says what was written and what
is allowed, and never opens (so never shows) the file it points at. A log read from standard input
(typed at the table, pasted into a web page) may name only a bundled rulebook.

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
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from referee.errors import Problem, RulebookError
from referee.inputs import MAX_RULEBOOK_BYTES, InputError, Source, decode, read_source
from referee.rulebook.model import Rulebook
from referee.rulebook.vocabulary import Kind

if TYPE_CHECKING:
    from referee.rulebook.yamlsafe import Parsed, Spot

# The YAML reader, pydantic's validation and the problem wording are imported where a rulebook is
# read from its YAML: a start that finds every bundled rulebook in the compiled cache
# (referee.rulebook.compiled) needs none of them.

BUNDLED_PACKAGE: Final = "referee.rulebooks"
EXAMPLES_PACKAGE: Final = "referee.rulebooks.examples"
CATALOG_FILE: Final = "games.yaml"
MAX_EXTENDS: Final = 12
DEFAULT_RULEBOOK: Final = "scarne"
"""The rulebook a log is ruled by when neither ``-r`` nor its ``rulebook:`` line names one."""
MAX_NAME_CHARS: Final = 100
"""A rulebook name or file name written in a file (``extends:``, a log's ``rulebook:``)."""
_FILE_NAME: Final = re.compile(r"\w[\w.+-]*")
_SUFFIXES: Final = (".yaml", ".yml")
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
        from referee.rulebook.problems import locate

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


def load_rulebook(name_or_path: str, *, for_play: bool = False) -> Rulebook:
    """A bundled rulebook by id, or a rulebook file by path, merged along its ``extends:`` chain.

    The path is the user's own choice (typed on the command line) and may lead anywhere; the
    ``extends:`` inside the file may not (see the module docstring). With ``for_play`` a partial
    rulebook that lacks a table for some irregularity is refused, as ``rulebook check`` refuses
    it: ruling a hand by it could meet an irregularity it has no rule for.

    Raises:
        RulebookError: the file cannot be read, is not valid YAML or does not validate; every
            problem found, each with file, line, key path and a hint.
    """
    if bad := _odd_character(name_or_path):
        raise RulebookError(
            Problem(
                f"{_shown(name_or_path)} cannot name a rulebook: it holds {bad}",
                _shown(name_or_path),
                hint="give a bundled rulebook (" + ", ".join(bundled_rulebooks()) + ") or a YAML file",
            )
        )
    if name_or_path in bundled_rulebooks():
        return _bundled(name_or_path, for_play=for_play)
    path = Path(name_or_path)
    if os.path.lexists(path):
        # The reading says what is wrong with a folder, a pipe, a device or a broken link.
        if not path.is_dir():
            _refuse_foreign(path)
        doc = read_file(path, ())
        return _referring(build(doc, for_play=for_play), doc)
    from referee.rulebook.problems import did_you_mean, join_hint

    if path.suffix in _SUFFIXES or os.sep in name_or_path or "/" in name_or_path:
        raise RulebookError(
            Problem(f"no such file: {name_or_path}", name_or_path, hint="check the spelling and the folder")
        )
    raise RulebookError(
        Problem(
            f"{name_or_path!r} is neither a bundled rulebook nor a file",
            name_or_path,
            hint=join_hint(
                did_you_mean(name_or_path, bundled_rulebooks()), "bundled: " + ", ".join(bundled_rulebooks())
            ),
        )
    )


def rulebook_for_log(
    header_name: str | None,
    override: str | None,
    log_folder: Path | None,
    *,
    log_file: str = "<log>",
    line: int = 0,
    column: int = 0,
    log_text: str = "",
) -> Rulebook:
    """The rulebook to rule a log by: ``-r`` wins, then the log's ``rulebook:`` line, then scarne.

    ``override`` (``-r``) was typed by the user and may be any path. ``header_name`` was written in
    the log, which may have been typed at the table or pasted into a web page: it may name only a
    bundled rulebook or a ``.yaml`` file in ``log_folder``, the folder the log was read from
    (None for standard input: then only a bundled rulebook). ``log_file``, ``line``, ``column``
    (where the ``rulebook:`` line is; ``LogHeader.position("rulebook")``) and ``log_text`` let a
    refusal point at that line. The rulebook is loaded ``for_play``: one with a hole is refused.

    Raises:
        RulebookError: the name is refused, or the rulebook cannot be loaded or has a hole.
    """
    if override:
        return load_rulebook(override, for_play=True)
    if not header_name:
        return load_rulebook(DEFAULT_RULEBOOK, for_play=True)
    target = check_rulebook_name(
        header_name, log_folder, log_file=log_file, line=line, column=column, log_text=log_text
    )
    if isinstance(target, str):
        return _bundled(target, for_play=True)
    shown = target
    if not log_file.startswith("<"):  # name it as the log was named (relative, as the user typed it)
        beside = Path(log_file).parent / target.name
        if os.path.realpath(beside) == os.path.realpath(target):
            shown = beside
    return build(read_file(shown, ()), for_play=True)


def check_rulebook_name(
    header_name: str,
    log_folder: Path | None,
    *,
    log_file: str = "<log>",
    line: int = 0,
    column: int = 0,
    log_text: str = "",
) -> str | Path:
    """The bundled id or the file a log's (or a group file's) rulebook name leads to, unread; the
    arguments are those of :func:`rulebook_for_log`.

    Raises:
        RulebookError: the name is refused, at its line.
    """
    texts = log_text.splitlines()
    source = texts[line - 1] if 0 < line <= len(texts) else ""
    start = source.find(header_name, max(column - 1, 0) + len("rulebook")) if source else -1
    at, end = (start + 1, start + 1 + len(header_name)) if start >= 0 else (column, 0)
    try:
        return resolve_name(header_name, _Referrer.log(log_folder))
    except _Refused as refused:
        raise RulebookError(Problem(refused.message, log_file, line, at, source, refused.hint, end)) from None


def check_file(path: Path) -> str:
    """Check a rulebook file — or the game catalog — and say what it holds.

    A rulebook is checked as ``referee rule`` would take it (``for_play``): a partial one that
    lacks a table for an irregularity is reported, with every kind it lacks.

    Raises:
        RulebookError: every problem found, as for :func:`load_rulebook`, plus fallbacks that name
            a bundled row that does not exist.
    """
    from referee.rulebook.games import parse_catalog
    from referee.rulebook.yamlsafe import parse_yaml

    if os.fspath(path) != "-":
        path = _bundled_file(path)
        _refuse_foreign(path)
    source = _read_source(path)
    parsed, _ = parse_yaml(source.text, source.name, checked=True)
    if (
        parsed is not None
        and isinstance(parsed.data, dict)
        and "variants" in parsed.data
        and "id" not in parsed.data
    ):
        catalog = parse_catalog(source.text, source.name)
        return f"a game catalog of {len(catalog.variants)} games"
    if source.folder is None:  # standard input: no folder to read a parent from
        identity, referrer = f"text:{source.name}", _Referrer.rulebook(None, text=True)
    else:
        identity, referrer = f"file:{os.path.realpath(path)}", _Referrer.rulebook(path.parent)
    doc = _resolve(_parse(source.text, source.name, checked=True), source.name, identity, (), referrer)
    book = build(doc, for_play=True)
    if problems := reference_problems(book, doc):
        raise RulebookError(problems)
    rows = sum(len(rows) for rows in book.tables().values())
    return f"{book.id}, {len(book.tables())} irregularities, {rows} rows"


def reference_problems(book: Rulebook, doc: Doc | None = None) -> list[Problem]:
    """Fallbacks that name another rulebook's row (``scarne:misdeal/2``) must name one that exists.

    Kept out of loading (bundled rulebooks refer to each other); ``referee rulebook check`` and the
    tests run it. It lives here, beside the loading it asks of other rulebooks, so that the checks
    (:mod:`referee.rulebook.checks`, which loading runs) never import loading. Given the rulebook's
    merged document, each problem points at the row's ``fallback:`` (file, line and column, with the
    line as written), as every other rulebook error does.
    """
    from referee.rulebook.checks import RULE_REF
    from referee.rulebook.model import RowSource
    from referee.rulebook.problems import with_source

    def problem(kind: Kind, index: int, message: str, hint: str = "") -> Problem:
        if doc is None:
            return Problem(message, book.file, hint=hint)
        return doc.problem(("irregularities", kind.value, index, "fallback"), message, hint, key=False)

    problems = []
    for kind, rows in book.tables().items():
        for index, row in enumerate(rows):
            match = RULE_REF.match(row.fallback or "")
            if row.source is not RowSource.SILENT or match is None:
                continue
            name, ref_kind, ref_row = match["book"], match["kind"], match["row"]
            where = f"{book.rule_id(kind, row)}: fallback {match.group(0)}"
            if name == book.id:
                problems.append(
                    problem(
                        kind,
                        index,
                        f"{where} names a row of this same rulebook: a book is never silent and its own "
                        "source at once",
                        "cite the source there (source: cited, cite: ...), or fall back on another "
                        "book's row",
                    )
                )
                continue
            if name not in bundled_rulebooks() and name not in book.lineage:
                problems.append(problem(kind, index, f"{where} names no bundled rulebook"))
                continue
            target = book if name in book.lineage else load_rulebook(name)
            if ref_kind not in set(Kind) or not target.covers(ref_kind):
                problems.append(problem(kind, index, f"{where}: {name} has no {ref_kind} table"))
                continue
            if ref_row not in {r.id for r in target.table(ref_kind)}:
                problems.append(problem(kind, index, f"{where}: {name} has no row {ref_row} in {ref_kind}"))
    return problems if doc is None else with_source(problems, doc.lines)



def load_text(text: str, file: str = "<rulebook>", *, folder: Path | None = None) -> Rulebook:
    """A rulebook from YAML text.

    Its ``extends:`` may name a bundled rulebook, or — only when ``folder`` is given — a ``.yaml``
    file in ``folder``; a text has no folder of its own to read from.
    """
    doc = _resolve(_parse(text, file), file, f"text:{file}", (), _Referrer.rulebook(folder, text=True))
    return _referring(build(doc), doc)


def _referring(book: Rulebook, doc: Doc) -> Rulebook:
    """A house rulebook whose fallback names a bundled row that does not exist is refused where it
    is loaded, as ``rulebook check`` refuses it: its rulings could not say what they fall back on."""
    if problems := reference_problems(book, doc):
        raise RulebookError(problems)
    return book


def bundled_doc(name: str, chain: tuple[str, ...] = ()) -> Doc:
    """The merged document of a bundled rulebook (cached). It may extend only bundled rulebooks."""
    if name not in _docs:
        file = f"rulebooks/{name}.yaml"
        data = resources.files(BUNDLED_PACKAGE).joinpath(f"{name}.yaml").read_bytes()
        try:
            text = decode(data, file, what="rulebook", max_bytes=MAX_RULEBOOK_BYTES)
        except InputError as error:
            raise RulebookError(error.problems) from None
        _docs[name] = _resolve(
            _parse(text, file, checked=True), file, f"bundled:{name}", chain, _Referrer.bundled()
        )
    return _docs[name]


def read_file(path: Path, chain: tuple[str, ...]) -> Doc:
    """The merged document of a rulebook file; its ``extends:`` may name files in its own folder."""
    source = _read_source(path)
    return _resolve(
        _parse(source.text, source.name, checked=True),
        source.name,
        f"file:{os.path.realpath(path)}",
        chain,
        _Referrer.rulebook(path.parent),
    )


def build(doc: Doc, *, for_play: bool = False) -> Rulebook:
    """Validate a merged document into a Rulebook, or raise every problem found.

    With ``for_play``, a partial rulebook that lacks a table for some irregularity is refused too.
    """
    from pydantic import ValidationError

    from referee.rulebook.checks import missing_table_problems, rulebook_problems
    from referee.rulebook.problems import pydantic_problems, with_source

    problems = list(doc.problems)
    book: Rulebook | None = None
    try:
        book = Rulebook.model_validate(doc.data)
    except ValidationError as error:
        problems.extend(pydantic_problems(error, doc.data, doc.spot, Rulebook))
    if book is not None:
        kinds = {kind.value: kind for kind in Kind}
        book._origins = {
            (kinds[kind], row_id): origin for (kind, row_id), origin in doc.origins.items() if kind in kinds
        }
        book._lineage = doc.lineage
        book._file = doc.file
        book._own_game = doc.own_game
        book._own_keys = doc.own_keys
        problems.extend(rulebook_problems(book, doc))
        if for_play:
            problems.extend(missing_table_problems(book, doc))
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


def clear_cache() -> None:
    """Forget bundled rulebooks loaded so far (for benchmarks and tests)."""
    from referee.rulebook import compiled

    _docs.clear()
    _books.clear()
    _names.clear()
    compiled.forget()
    from referee.rulebook import games

    games.clear_cache()


# --- reading and merging ------------------------------------------------------------------------------


def _bundled(name: str, *, for_play: bool = False) -> Rulebook:
    if name not in _books:
        from referee.rulebook import compiled

        cached = compiled.book(name)
        if cached is not None:
            _books[name] = cached
        else:
            _compile_bundled()
        if name not in _books:
            _books[name] = build(bundled_doc(name))  # raises, naming what is wrong with it
    book = _books[name]
    if for_play and not all(book.covers(kind) for kind in Kind):
        build(bundled_doc(name), for_play=True)  # raises, naming what is missing
    return book


def _compile_bundled() -> None:
    """Build every bundled rulebook and, when all of them build, keep them (and the catalog) in
    the user's cache for the next start (:mod:`referee.rulebook.compiled`)."""
    from referee.rulebook import compiled
    from referee.rulebook.games import catalog
    from referee.rulebook.texts import read_sources

    built: dict[str, Rulebook] = {}
    for each in bundled_rulebooks():
        try:
            built[each] = _books.get(each) or build(bundled_doc(each))
        except RulebookError:
            continue  # the one asked for is built again by the caller, which raises its problems
    _books.update(built)
    if len(built) == len(bundled_rulebooks()):
        try:
            texts = read_sources()
        except RulebookError:
            return  # a packaging mistake, raised where a cite asks for the texts; nothing is kept
        compiled.store(built, catalog(), texts)


def _bundled_file(path: Path) -> Path:
    """``rulebook check scarne``: a bundled rulebook's name (no such file here) is its shipped file."""
    name = os.fspath(path)
    if path.suffix or path.exists() or name not in bundled_rulebooks():
        return path
    # A Traversable, which os.fspath is not typed to take; str() gives the same path.
    return Path(str(resources.files(BUNDLED_PACKAGE).joinpath(f"{name}.yaml")))


def _refuse_foreign(path: Path) -> None:
    """A file not named as a rulebook (``-r /etc/passwd``) is refused unread: a problem in it would
    print its lines."""
    if path.suffix.lower() not in _SUFFIXES:
        raise RulebookError(
            Problem(
                f"{path} is not a rulebook file: a rulebook is a .yaml or .yml file",
                str(path),
                hint="give a bundled rulebook (" + ", ".join(bundled_rulebooks()) + ") or a .yaml file",
            )
        )


def _read_source(path: Path) -> Source:
    """A rulebook file's text, held to the limits of :mod:`referee.inputs`."""
    try:
        return read_source(path, what="rulebook", max_bytes=MAX_RULEBOOK_BYTES)
    except InputError as error:
        raise RulebookError(error.problems) from None


def _parse(text: str, file: str, *, checked: bool = False) -> tuple[Parsed, list[Problem]]:
    from referee.rulebook.problems import with_source
    from referee.rulebook.yamlsafe import parse_yaml

    parsed, problems = parse_yaml(text, file, checked=checked)
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
    referrer: _Referrer,
) -> Doc:
    parsed, problems = parsed_and_problems
    data: dict[str, Any] = parsed.data  # type: ignore[assignment]
    for section in _SECTIONS:  # an empty section (only comments under it) is no section
        if section in data and data[section] is None:
            del data[section]
    own_id = str(data.get("id", "?"))
    own_game = data.get("game")
    from referee.rulebook.checks import duplicate_row_problems

    doc = Doc(data, parsed.spot, file, {file: parsed.lines}, {}, (own_id,), list(problems))
    doc.problems.extend(duplicate_row_problems(data, parsed.spot))
    doc.own_game = own_game if isinstance(own_game, dict) else {}
    doc.own_keys = frozenset(data)
    extends = data.get("extends")
    if extends is None:
        _root_rows(doc, own_id)
        return doc
    parent = _parent(doc, extends, identity, chain, referrer)
    if parent is None:
        _root_rows(doc, own_id)
        doc.parent_failed = True
        return doc
    return _merge(parent, doc, own_id)


def _parent(
    doc: Doc, extends: object, identity: str, chain: tuple[str, ...], referrer: _Referrer
) -> Doc | None:
    """The merged parent, or None after recording why it cannot be had."""
    where = ("extends",)
    chain = (*chain, identity)
    if not isinstance(extends, str) or not extends.strip():
        doc.problems.append(
            doc.problem(
                where, "extends takes a bundled rulebook id or a file name", referrer.allowed(), key=False
            )
        )
        return None
    if len(chain) > MAX_EXTENDS:
        doc.problems.append(
            doc.problem(where, f"more than {MAX_EXTENDS} rulebooks extend one another", key=False)
        )
        return None
    try:
        target = resolve_name(extends, referrer)
    except _Refused as refused:
        doc.problems.append(doc.problem(where, refused.message, refused.hint, key=False))
        return None
    step = f"bundled:{target}" if isinstance(target, str) else f"file:{os.path.realpath(target)}"
    if step in chain:
        names = [os.path.basename(link.split(":", 1)[1]) for link in chain]
        last = os.path.basename(step.split(":", 1)[1])
        written = extends if last == extends else f"{extends} (the same file as {last})"
        doc.problems.append(
            doc.problem(
                where,
                "extends goes round in a circle: " + " → ".join([*names, written]),
                "one of these files must not extend the other",
                key=False,
            )
        )
        return None
    if isinstance(target, str):
        return bundled_doc(target, chain)
    return read_file(target, chain)


# --- what a name written in a file may lead to ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Referrer:
    """Who wrote a rulebook name, and so where the name may lead."""

    says: str
    """How messages name what was written: ``extends`` or ``the log's `rulebook:` line``."""
    place: str
    """``this rulebook`` or ``this log``."""
    folder: Path | None
    """Where a file it names may be; None: only bundled rulebooks."""
    why_not_files: str = ""
    """Why, when ``folder`` is None."""

    @classmethod
    def rulebook(cls, folder: Path | None, *, text: bool = False) -> _Referrer:
        why = "a rulebook given as text has no folder to read another from" if text else ""
        return cls("extends", "this rulebook", folder, why)

    @classmethod
    def bundled(cls) -> _Referrer:
        return cls("extends", "this rulebook", None, "a bundled rulebook can only extend another bundled one")

    @classmethod
    def log(cls, folder: Path | None) -> _Referrer:
        why = "a log read from standard input can name only a bundled rulebook"
        return cls("the log's `rulebook:` line", "this log", folder, "" if folder is not None else why)

    def allowed(self) -> str:
        bundled = ", ".join(bundled_rulebooks())
        key = "`extends:`" if self.says == "extends" else "`rulebook:`"
        if self.folder is None:
            files = "; give a house-rule file with -r FILE" if self.place == "this log" else ""
            return f"{key} names a bundled rulebook ({bundled}){files}"
        return (
            f"{key} names a bundled rulebook ({bundled}) or a .yaml file in the same folder as {self.place}"
        )


class _Refused(Exception):
    """A name written in a file that may not be followed: what to say, and what is allowed."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


def resolve_name(name: str, referrer: _Referrer) -> str | Path:
    """A bundled rulebook's id, or the path of a ``.yaml`` file in ``referrer.folder``.

    Never opens a file: it only looks at names and at where links lead.

    Raises:
        _Refused: anything else, with the message and the hint.
    """
    shown, says, allowed = _shown(name), referrer.says, referrer.allowed()
    if bad := _odd_character(name):
        raise _Refused(f"{says} names {shown}, which holds {bad}; no rulebook name does", allowed)
    if len(name) > MAX_NAME_CHARS:
        raise _Refused(
            f"{says} names a rulebook of {len(name):,} characters; no rulebook name is so long", allowed
        )
    if name in bundled_rulebooks():
        return name
    from referee.rulebook.problems import did_you_mean, join_hint

    if referrer.folder is None:
        reason = f" ({referrer.why_not_files})" if referrer.why_not_files else ""
        raise _Refused(
            f"{says} names {shown}, which is not a bundled rulebook{reason}",
            join_hint(did_you_mean(name, bundled_rulebooks()), allowed),
        )
    if (
        "/" in name
        or "\\" in name
        or os.sep in name
        or name.startswith(".")
        or os.path.isabs(name)
        or ":" in name
    ):
        raise _Refused(
            f"{says} names the path {shown}; only a file in the same folder as {referrer.place} "
            "may be named, by its name alone (no folders, no `..`)",
            allowed,
        )
    if not _FILE_NAME.fullmatch(name):
        raise _Refused(
            f"{says} names {shown}, which is not a file name",
            join_hint("use letters, digits, '-', '_' and '.'", allowed),
        )
    folder = referrer.folder
    names = [name] if name.endswith(_SUFFIXES) else [name + suffix for suffix in _SUFFIXES]
    for candidate in names:
        path = folder / candidate
        if path.is_file():
            if os.path.dirname(os.path.realpath(path)) != os.path.realpath(folder):
                raise _Refused(
                    f"{says} names {shown}, a link to a file outside the folder of {referrer.place}",
                    join_hint("copy the rulebook into this folder", allowed),
                )
            if _hard_links(path) > 1:
                # Another name of the same file may be anywhere: the folder cannot vouch for it.
                raise _Refused(
                    f"{says} names {shown}, a file with other names elsewhere (a hard link)",
                    join_hint("copy the rulebook into this folder", allowed),
                )
            return path
        if os.path.lexists(path):
            what = "a folder" if path.is_dir() else "not a file the referee reads"
            if os.path.islink(path) and not path.exists():
                what = "a link that leads nowhere or goes round in a circle"
            raise _Refused(f"{says} names {shown}, which is {what}", allowed)
    nearby = [entry.name for entry in _yaml_files(folder)]
    raise _Refused(
        f"{says} names {shown}, which is not a bundled rulebook, and there is no "
        f"{' or '.join(names)} in the folder of {referrer.place}",
        join_hint(did_you_mean(name, [*bundled_rulebooks(), *nearby]), allowed),
    )


def _hard_links(path: Path) -> int:
    """How many names the file ``path`` has (1 for a file of its own; 0 when it cannot be told)."""
    try:
        return path.stat().st_nlink
    except OSError:
        return 0


def _yaml_files(folder: Path) -> list[os.DirEntry[str]]:
    """Up to a few hundred .yaml files in ``folder``, for "did you mean" (never read)."""
    try:
        with os.scandir(folder) as entries:
            return [
                entry for _, entry in zip(range(500), entries, strict=False) if entry.name.endswith(_SUFFIXES)
            ]
    except OSError:
        return []


def _odd_character(name: str) -> str:
    """``a NUL character`` or ``the character U+001B`` when ``name`` holds one no name has."""
    for char in name:
        if char == "\x00":
            return "a NUL character"
        if not char.isprintable() and char != " ":
            return f"the character U+{ord(char):04X}"
    return ""


def _shown(name: str) -> str:
    """A name as written, quoted and escaped, cut short when long."""
    return repr(name if len(name) <= 60 else name[:57] + "...")


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
    from referee.rulebook.yamlsafe import Spot

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
    from referee.rulebook.yamlsafe import Spot

    return Spot(spot.file, spot.line, spot.column, spot.end_column, spot.key_line, spot.key_column, kids)


def _default_position(merged: list[tuple[Any, Spot]]) -> int:
    """Just before the inherited default row, if the table ends with one."""
    if merged and _is_default(merged[-1][0]):
        return len(merged) - 1
    return len(merged)
