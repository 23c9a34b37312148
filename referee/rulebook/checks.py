"""Checks a rulebook must pass beyond its shape: the ones that make decision tables decide.

Every table ends with a default row and has nothing after it; row ids are unique; a row tests
only facts its kind supplies; a cited row has a citation and a silent row a fallback; a
``complete`` rulebook covers every kind; ``same-as`` never goes round in a circle; games and
setting citations name things that exist.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from referee.errors import Problem
from referee.rulebook.cites import CiteError, parse_cite
from referee.rulebook.contract import contract_problems
from referee.rulebook.model import Count, Row, RowSource, Rulebook, SameAs, Status
from referee.rulebook.problems import did_you_mean, join_hint
from referee.rulebook.settings import GameSettings, setting_paths
from referee.rulebook.vocabulary import KIND_FACTS, Kind
from referee.rulebook.yamlsafe import Spot

if TYPE_CHECKING:
    from referee.rulebook.load import Doc

RULE_REF = re.compile(r"^(?P<book>[a-z0-9][a-z0-9-]*):(?P<kind>[a-z-]+)/(?P<row>[A-Za-z0-9][A-Za-z0-9_.-]*)")
"""A fallback that names another rulebook's row: ``scarne:misdeal/2``."""


def rulebook_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    """Everything wrong with a validated rulebook, each at the key it is about."""
    problems: list[Problem] = []
    for kind in Kind:
        rows = book.irregularities.get(kind)
        if rows is not None:
            problems.extend(_table_problems(kind, rows, doc))
    problems.extend(_coverage_problems(book, doc))
    problems.extend(_same_as_cycles(book, doc))
    problems.extend(_game_problems(book, doc))
    problems.extend(_written_cite_problems(book, doc))
    problems.extend(contract_problems(book, doc))
    return problems


_CITE_HINT = (
    "write <source file>, <section heading>, <item> (e.g. 000_9f48e0cf725bf545.txt, Misdeals, item 5), "
    "a gloss in parentheses after it; `referee rulebook coverage NAME` lists each text's sections and items"
)


def _written_cite_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    """Every cite read as data: a row's ``cite:`` and a ``fallback:`` written as a cite (not a row
    id) must name a section and item the source has; a setting's cite a section it has. A silent
    row's fallback written as a cite must not be the rulebook's own source (a book that speaks is
    cited, not fallen back on)."""
    own = book.source.file if book.source else ""
    problems: list[Problem] = []
    for kind in Kind:
        for index, row in enumerate(book.irregularities.get(kind) or []):
            here = ("irregularities", kind.value, index)
            if row.source is RowSource.CITED and row.cite:
                problems.extend(_one_cite(row.cite, (*here, "cite"), doc, whole_section=False))
                continue
            fallback = (row.fallback or "").strip()
            if row.source is not RowSource.SILENT or not fallback or RULE_REF.fullmatch(fallback):
                continue
            found = _one_cite(fallback, (*here, "fallback"), doc, whole_section=False)
            problems.extend(found)
            if not found and own and own in parse_cite(fallback).files():
                problems.append(_self_fallback(doc, (*here, "fallback"), row.id))
    for key, cite in book.game.cite.items():
        problems.extend(_one_cite(cite, ("game", "cite", key), doc, whole_section=True))
    return problems


def _one_cite(cite: str, path: tuple[Any, ...], doc: Doc, *, whole_section: bool) -> list[Problem]:
    try:
        parse_cite(cite, whole_section=whole_section)
    except CiteError as error:
        return [doc.problem(path, f"the cite does not read: {error}", _CITE_HINT, key=False)]
    return []


def _self_fallback(doc: Doc, path: tuple[Any, ...], row_id: str) -> Problem:
    return doc.problem(
        path,
        f"row {row_id!r} says its source is silent, then falls back on that same source",
        "a book that speaks to it is cited: write `cite:` (with `by analogy: ...` in parentheses "
        "where it speaks only by analogy) and drop `source: silent`",
        key=False,
    )


def _table_problems(kind: Kind, rows: list[Row], doc: Doc) -> list[Problem]:
    at = ("irregularities", kind.value)
    if not rows:
        return [
            doc.problem(at, f"the {kind.value} table has no rows", "end it with a default row: `when: {}`")
        ]
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    allowed = KIND_FACTS[kind]
    names = [fact.value for fact in allowed]
    for index, row in enumerate(rows):
        here = (*at, index)
        if row.id in seen:
            problems.append(_duplicate_problem(kind.value, row.id, (*at, seen[row.id]), (*here,), doc))
        seen.setdefault(row.id, index)
        for fact, condition in row.when.conditions().items():
            where = (*here, "when", fact.value)
            if fact not in allowed:
                problems.append(
                    doc.problem(
                        where,
                        f"{kind.value} rulings do not know the fact {fact.value!r}",
                        join_hint(
                            did_you_mean(fact.value, names),
                            "facts for " + kind.value + ": " + ", ".join(names),
                        ),
                    )
                )
            problems.extend(_condition_problems(condition, where, doc))
        problems.extend(_source_problems(row, here, doc))
        if isinstance(row.then, SameAs) and row.then.kind is kind:
            problems.append(
                doc.problem((*here, "then"), f"same-as {kind.value} would ask this table again", key=False)
            )
    defaults = [index for index, row in enumerate(rows) if row.when.is_default]
    if defaults and defaults[0] != len(rows) - 1:
        first = defaults[0]
        never = ", ".join(row.id for row in rows[first + 1 :])
        problems.append(
            doc.problem(
                (*at, first + 1, "id"),
                f"row {rows[first + 1].id!r} of {kind.value} can never match: row {rows[first].id!r} "
                f"before it has no conditions (rows that can never match: {never})",
                "move the row without conditions to the end",
            )
        )
    if not rows[-1].when.is_default:
        problems.append(
            doc.problem(
                (*at, len(rows) - 1, "id"),
                f"the {kind.value} table has no default row: its last row ({rows[-1].id!r}) has conditions",
                "end the table with a row that has `when: {}` (or no `when:`), "
                "for every case the rows above miss",
            )
        )
    return problems


def _duplicate_problem(
    kind: str, row_id: str, first: tuple[Any, ...], again: tuple[Any, ...], doc: Doc
) -> Problem:
    """A row id written twice in one merged table, said where the author of this rulebook wrote it.

    After merging, one of the two rows may have come from the rulebook this one extends; the
    author can only fix their own file, so the problem points there when either row is theirs.
    """
    first_spot, again_spot = doc.spot_at((*first, "id"), True), doc.spot_at((*again, "id"), True)
    at, other = (
        (again, first_spot)
        if again_spot.file == doc.file or first_spot.file != doc.file
        else (
            first,
            again_spot,
        )
    )
    where = f"line {other.line}" if other.file == doc.file else f"{other.file}, line {other.line}"
    return doc.problem(
        (*at, "id"),
        f"duplicate row id {row_id!r} in {kind}: it is also the id of the row at {where}",
        "give each row its own id; to change an inherited row, write it once with that row's id",
    )


def duplicate_row_problems(data: object, spot: Spot) -> list[Problem]:
    """Row ids written twice in one table of one file, found before any merging.

    Merging would let the second row silently replace the first (the way a house rule replaces an
    inherited row), so a duplicate is looked for in each file as its author wrote it, and reported
    at the second one, in that file.
    """
    tables = data.get("irregularities") if isinstance(data, dict) else None
    tables_spot = spot.child("irregularities")
    if not isinstance(tables, dict) or tables_spot is None:
        return []
    problems = []
    for kind, rows in tables.items():
        table_spot = tables_spot.child(kind)
        if not isinstance(rows, list) or table_spot is None:
            continue
        seen: dict[str, Spot] = {}
        for index, row in enumerate(rows):
            row_id = row.get("id") if isinstance(row, dict) else None
            if isinstance(row_id, bool) or not isinstance(row_id, int | str):
                continue
            row_spot = table_spot.child(index)
            id_spot = row_spot.child("id") if row_spot is not None else None
            if id_spot is None:
                continue
            first = seen.setdefault(str(row_id), id_spot)
            if first is not id_spot:
                problems.append(
                    Problem(
                        f"duplicate row id {str(row_id)!r} in {kind}: row {str(row_id)!r} is already "
                        f"written at line {first.line}",
                        id_spot.file,
                        id_spot.key_line or id_spot.line,
                        id_spot.key_column or id_spot.column,
                        "",
                        "give each row its own id; to change an inherited row, write it once with that "
                        "row's id",
                    )
                )
    return problems


def _condition_problems(condition: object, where: tuple[Any, ...], doc: Doc) -> list[Problem]:
    if isinstance(condition, list) and not condition:
        return [doc.problem(where, "an empty list of values never matches", "name at least one value")]
    if isinstance(condition, Count):
        if condition.at_least is None and condition.at_most is None:
            return [doc.problem(where, "a count condition needs at_least or at_most", "e.g. {at_least: 2}")]
        if (
            condition.at_least is not None
            and condition.at_most is not None
            and condition.at_least > condition.at_most
        ):
            return [doc.problem(where, "at_least is larger than at_most: the condition never matches")]
    return []


def _source_problems(row: Row, here: tuple[Any, ...], doc: Doc) -> list[Problem]:
    if row.source is RowSource.CITED:
        problems = []
        if not (row.cite or "").strip():
            problems.append(
                doc.problem(
                    (*here, "id"),
                    f"row {row.id!r} has no citation",
                    "add `cite: <source file>, <section heading>, item <n>`, "
                    "or `source: silent` and `fallback: ...`",
                )
            )
        if row.fallback:
            problems.append(
                doc.problem(
                    (*here, "fallback"),
                    "a fallback is only for rows whose source is silent",
                    "add `source: silent`",
                )
            )
        return problems
    if not (row.fallback or "").strip():
        return [
            doc.problem(
                (*here, "source"),
                f"row {row.id!r} says its source is silent but names no fallback",
                "add `fallback: <public rulebook, section>` "
                "or another rulebook's row id such as scarne:misdeal/2",
            )
        ]
    return []


def _coverage_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    if book.status is not Status.COMPLETE or doc.parent_failed:
        return []
    missing = [kind.value for kind in Kind if not book.irregularities.get(kind)]
    if not missing:
        return []
    path: tuple[Any, ...] = ("irregularities",) if "irregularities" in doc.data else ("status",)
    return [
        doc.problem(
            path,
            f"status is complete but there is no table for: {', '.join(missing)}",
            "add the tables (rows with `source: silent` and a `fallback:` where your source says nothing), "
            "or write `status: partial`",
        )
    ]


def missing_table_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    """A partial rulebook's holes: every irregularity a hand could meet that it has no table for.

    The referee asks a table for every kind of the vocabulary, so a rulebook that is to rule hands
    needs them all (its own or inherited through ``extends:``). A complete rulebook is held to this
    by the coverage check already; this is for ``status: partial``, when it is to be played.
    """
    if book.status is not Status.PARTIAL or doc.parent_failed:
        return []
    missing = [kind.value for kind in Kind if not book.irregularities.get(kind)]
    if not missing:
        return []
    path: tuple[Any, ...] = ("irregularities",) if "irregularities" in doc.data else ("status",)
    one = len(missing) == 1
    tables = f"a table for `{missing[0]}`" if one else "a table for each of them"
    base = (
        "a complete rulebook" if len(book.lineage) > 1 else "`extends: scarne` (or another bundled rulebook)"
    )
    return [
        doc.problem(
            path,
            f"this rulebook (status: partial) has no table for {', '.join(missing)}: "
            f"the referee could not rule a hand where {'it' if one else 'one of them'} happens",
            f"add {base} to take the missing tables from, or {tables}",
        )
    ]


def _same_as_cycles(book: Rulebook, doc: Doc) -> list[Problem]:
    edges: dict[Kind, set[Kind]] = {}
    for kind, rows in book.tables().items():
        for row in rows:
            if isinstance(row.then, SameAs):
                edges.setdefault(kind, set()).add(row.then.kind)
    problems = [
        doc.problem(
            ("irregularities", kind.value), f"same-as {target.value}, but there is no {target.value} table"
        )
        for kind, targets in edges.items()
        for target in targets
        if not book.covers(target) and book.status is Status.PARTIAL
    ]
    for start in edges:
        stack: list[tuple[Kind, tuple[Kind, ...]]] = [(start, (start,))]
        seen: set[Kind] = set()
        while stack:
            node, trail = stack.pop()
            for target in edges.get(node, ()):
                if target == start and len(trail) > 1:
                    problems.append(
                        doc.problem(
                            ("irregularities", start.value),
                            "same-as goes round in a circle: " + " → ".join(k.value for k in (*trail, start)),
                        )
                    )
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, (*trail, target)))
    return list(dict.fromkeys(problems))


def _game_problems(book: Rulebook, doc: Doc) -> list[Problem]:
    from referee.rulebook.games import catalog

    problems = _cite_problems(book.game, ("game",), doc)
    known = set(catalog().variants) | set(book.variants)
    for name, variant in book.variants.items():
        at = ("variants", name)
        if name not in catalog().variants and not variant.title:
            problems.append(
                doc.problem(
                    at,
                    f"{name!r} is not a game in the catalog",
                    join_hint(
                        did_you_mean(name, sorted(catalog().variants)),
                        "to add a new game, give it a `title:` (and a `base:` game to start from)",
                    ),
                )
            )
        if variant.base is not None and variant.base not in known:
            problems.append(
                doc.problem(
                    (*at, "base"),
                    f"base game {variant.base!r} is unknown",
                    did_you_mean(variant.base, known),
                    False,
                )
            )
        problems.extend(_cite_problems(variant.game, (*at, "game"), doc))
    if book.default_game not in known:
        problems.append(
            doc.problem(
                ("default_game",),
                f"default_game {book.default_game!r} is not a known game",
                join_hint(did_you_mean(book.default_game, known), "games: " + ", ".join(sorted(known))),
                key=False,
            )
        )
    return problems


def _cite_problems(game: GameSettings, at: tuple[Any, ...], doc: Doc) -> list[Problem]:
    paths = setting_paths()
    return [
        doc.problem(
            (*at, "cite", key),
            f"game.cite names {key!r}, which is not a setting",
            join_hint(
                did_you_mean(key, sorted(paths)), "use a dotted setting path such as betting.raise_cap"
            ),
        )
        for key in game.cite
        if key not in paths
    ]
