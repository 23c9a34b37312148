"""Decision tables: the first row whose conditions hold decides, and we can say why.

``decide(rulebook, kind, facts)`` checks that the adjudicator supplied exactly the facts the
kind needs (a missing or misspelt fact is a bug in the engine, raised as :class:`FactsError`,
never a silent non-match), walks the rows in order and returns a :class:`Decision`: the row,
its full rule id, citation, summary and remedy, and for ``--explain`` every earlier row with
the reason it did not match ("needs pot_opened = yes; here it is no").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from referee.errors import Problem, RulebookError
from referee.rulebook.cites import Cite, CiteError, Place, parse_cite, say, source_name
from referee.rulebook.model import Count, MissingTableError, RemedyBase, Row, RowSource, Rulebook, SameAs
from referee.rulebook.vocabulary import FACTS, KIND_FACTS, Fact, FactType, Kind

_YES_NO: Final = {True: "yes", False: "no"}


class FactsError(ValueError):
    """The adjudicator asked with missing, unknown or mistyped facts (a bug in the caller)."""

    def __init__(self, kind: Kind | str, problems: list[str]) -> None:
        self.kind = kind
        self.problems = problems
        super().__init__(f"facts for {kind}: " + "; ".join(problems))


class NoRuleError(RulebookError, MissingTableError):
    """A hand met an irregularity the rulebook has no table for (a partial rulebook).

    A :class:`~referee.errors.RulebookError`, so the command line says so plainly and exits 1;
    also a :class:`~referee.rulebook.model.MissingTableError`, for callers that look for that.
    Loading a rulebook ``for_play`` refuses such a rulebook before any hand is ruled by it.
    """

    def __init__(self, rulebook: Rulebook, kind: Kind) -> None:
        self.kind = kind
        super().__init__(
            Problem(
                f"this rulebook has no rule for {kind.value}: rulebook {rulebook.id!r} has no table for "
                f"{kind.value!r} (it is partial), so the referee cannot rule this hand by it",
                rulebook.file or rulebook.id,
                hint=f"add `extends: scarne` or a table for `{kind.value}`; "
                "`referee rulebook check` lists every table it lacks",
            )
        )


@dataclass(frozen=True, slots=True)
class Miss:
    """A row that was tried and did not match."""

    rule: str
    reasons: tuple[str, ...]
    """One per condition that failed: ``needs pot_opened = yes; here it is no``."""

    def __str__(self) -> str:
        return f"{self.rule}: " + "; ".join(self.reasons)


@dataclass(frozen=True, slots=True)
class Decision:
    """What a rulebook's table decides for one finding."""

    rulebook: str
    """The rulebook asked."""
    kind: Kind
    rule: str
    """Full rule id of the matching row: ``scarne:exposed-card/3``."""
    row: Row
    remedy: RemedyBase
    cite: str
    """The row's citation, or for a silent row: what its source is silent on and what it falls back on."""
    summary: str
    silent: bool
    facts: Mapping[str, object] = field(repr=False)
    tried: tuple[Miss, ...] = field(default=(), repr=False)
    """Every row before the match, with why it did not match."""

    @property
    def decision(self) -> str:
        """The remedy id, as a Ruling reports it."""
        return self.remedy.id.value

    @property
    def params(self) -> dict[str, str]:
        return self.remedy.params()

    def explain(self) -> list[str]:
        """Lines for ``--explain``: the facts, the rows that did not match, the row that did."""
        facts = ", ".join(f"{name} = {_show(value)}" for name, value in self.facts.items())
        lines = [f"facts: {facts}"]
        lines.extend(f"not {miss}" for miss in self.tried)
        lines.append(f"matched {self.rule}: {self.decision} — {self.summary}")
        return lines


Test = tuple[Fact, Callable[[object], bool], str]


def decide(
    rulebook: Rulebook, kind: Kind | str, facts: Mapping[str, object], *, exact_facts: bool = True
) -> Decision:
    """The first row of ``rulebook``'s ``kind`` table whose conditions hold for ``facts``.

    With ``exact_facts=False`` the decision's ``facts`` may be those of an earlier question that
    no row of the table can tell from this one (the same values of every fact a row tests; counts
    that no row tests may differ): its row, rule, cite and every reason are this question's. The
    engine asks so, and reads no facts back: a log of 100,000 exposed cards asks one question
    with its count of exposures growing, and the table never looks at that count.

    Raises:
        FactsError: ``kind`` is unknown, or ``facts`` lacks one the kind needs (see
            :data:`~referee.rulebook.vocabulary.KIND_FACTS`), has an unknown one, or a value of
            the wrong type or outside the fact's words.
        NoRuleError: a partial rulebook has no table for ``kind`` (a ``MissingTableError`` and a
            ``RulebookError``).
    """
    kind = _kind(kind)
    book = _book(rulebook)
    # The same facts always meet the same rows: a decision is made once per rulebook and question.
    # The key holds each value's type, so that True and 1 (equal, and hashed alike) stay apart.
    if exact_facts:
        key: tuple[object, ...] = (kind, True, *[(name, type(value), value) for name, value in facts.items()])
    else:
        # A count no row tests is kept only as valid or not, so check_facts still sees a bad one.
        untested = book.untested(rulebook, kind)
        key = (
            kind,
            False,
            *[
                (name, type(value), value >= 0 if name in untested and type(value) is int else value)
                for name, value in facts.items()
            ],
        )
    try:
        known = book.decided.get(key)
    except TypeError:  # a value that cannot be hashed is no fact's value: check_facts says why
        return _decide(rulebook, book, kind, facts)
    if known is None:
        known = _decide(rulebook, book, kind, facts)
        if len(book.decided) >= _MOST_DECIDED:
            book.decided.clear()
        book.decided[key] = known
    return known


_MOST_DECIDED: Final = 4096
"""Decisions a rulebook remembers: its questions are a few flags and words, and counts that a long
log of one irregularity makes grow (bounded)."""


class _Book:
    """What deciding by one rulebook reuses: each table's rows ready to test, and decisions made."""

    __slots__ = ("_untested", "decided", "rulebook", "tables")

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook
        """Kept, so that the identity this is filed under is never another rulebook's."""
        self.tables: dict[Kind, tuple[_PlannedRow, ...]] = {}
        self.decided: dict[tuple[object, ...], Decision] = {}
        self._untested: dict[Kind, frozenset[str]] = {}

    def untested(self, rulebook: Rulebook, kind: Kind) -> frozenset[str]:
        """The facts of ``kind`` that no row of its table tests (none, for a table it lacks)."""
        found = self._untested.get(kind)
        if found is None:
            tested = (
                {fact for row in rulebook.table(kind) for fact in row.when.conditions()}
                if rulebook.covers(kind)
                else set(KIND_FACTS[kind])
            )
            found = self._untested[kind] = frozenset(
                fact.value for fact in KIND_FACTS[kind] if fact not in tested
            )
        return found


_PlannedRow = tuple[Row, tuple["Test", ...], str, str]
"""A row, its compiled conditions, its full id and its cite as a ruling shows it."""
_BOOKS: dict[int, _Book] = {}


def _book(rulebook: Rulebook) -> _Book:
    book = _BOOKS.get(id(rulebook))
    if book is None or book.rulebook is not rulebook:
        if len(_BOOKS) >= 64:  # rulebooks loaded in a long-running page, each once: keep a few
            _BOOKS.clear()
        book = _BOOKS[id(rulebook)] = _Book(rulebook)
    return book


def _planned(rulebook: Rulebook, book: _Book, kind: Kind) -> tuple[_PlannedRow, ...]:
    rows = book.tables.get(kind)
    if rows is None:
        rows = book.tables[kind] = tuple(
            (row, _tests(row), *_row_words(rulebook, kind, row)) for row in rulebook.table(kind)
        )
    return rows


def _decide(rulebook: Rulebook, book: _Book, kind: Kind, facts: Mapping[str, object]) -> Decision:
    values = check_facts(kind, facts)
    tried: list[Miss] = []
    if not rulebook.covers(kind):
        raise NoRuleError(rulebook, kind)
    for row, tests, rule, cite in _planned(rulebook, book, kind):
        failed = [(fact, need) for fact, holds, need in tests if not holds(values[fact])]
        if failed:
            reasons = tuple([f"{need}; here it is {_show(values[fact])}" for fact, need in failed])
            tried.append(Miss(rule, reasons))
            continue
        return Decision(
            rulebook.id,
            kind,
            rule,
            row,
            row.then,
            cite,
            row.summary,
            row.source is RowSource.SILENT,
            {name: values[fact] for fact, name in _NAMES[kind]},
            tuple(tried),
        )
    raise AssertionError(f"{rulebook.id}:{kind} has no default row")  # validation guarantees one


_NAMES: Final = {kind: tuple((fact, fact.value) for fact in facts) for kind, facts in KIND_FACTS.items()}
"""Each kind's facts with their names (an enum member's value is read through a slow descriptor)."""


def _row_words(rulebook: Rulebook, kind: Kind, row: Row) -> tuple[str, str]:
    """The row's full id and its cite as a ruling shows it (a house's own setting cite first),
    made once per rulebook and row."""
    key = (kind, row.id)
    words = rulebook._row_words.get(key)
    if words is None:
        words = (
            rulebook.rule_id(kind, row),
            _house_words(house_setting_cite(rulebook, kind, row)) or citation(rulebook, kind, row),
        )
        rulebook._row_words[key] = words
    return words


def _house_words(cite: str) -> str:
    return say(parse_cite(cite, whole_section=True)) if cite else ""


def decide_chain(
    rulebook: Rulebook, kind: Kind | str, facts_for: Callable[[Kind], Mapping[str, object]]
) -> tuple[Decision, ...]:
    """Decide, following ``same-as`` remedies to the kind they name (validation forbids circles).

    ``facts_for(kind)`` computes the facts of each kind asked; the last decision is the one to apply.
    """
    decisions = [decide(rulebook, kind, facts_for(_kind(kind)))]
    while isinstance(decisions[-1].remedy, SameAs) and len(decisions) <= len(Kind):
        target = decisions[-1].remedy.kind
        decisions.append(decide(rulebook, target, facts_for(target)))
    return tuple(decisions)


def check_facts(kind: Kind, facts: Mapping[str, object]) -> dict[Fact, object]:
    """The facts as the table reads them; every problem with them at once.

    Raises:
        FactsError: as for :func:`decide`.
    """
    values = _facts_as_read(kind, facts)
    return values if values is not None else _check_facts(kind, facts)


def _facts_as_read(kind: Kind, facts: Mapping[str, object]) -> dict[Fact, object] | None:
    """The facts as the table reads them when every one is there and well typed; else None."""
    specs = _SPECS_OF_KIND[kind]
    if len(facts) != len(specs):
        return None
    values: dict[Fact, object] = {}
    for fact, name, fact_type, words in specs:
        value = facts.get(name, _MISSING)
        if fact_type is FactType.BOOL:
            if value.__class__ is not bool:
                return None
        elif fact_type is FactType.COUNT:
            if value.__class__ is not int or value < 0:
                return None
        else:
            value = str(value)
            if value not in words:
                return None
        values[fact] = value
    return values


_MISSING: Final = object()
_SPECS_OF_KIND: Final = {
    kind: tuple((fact, fact.value, FACTS[fact].type, frozenset(FACTS[fact].values)) for fact in needed)
    for kind, needed in KIND_FACTS.items()
}
"""Each kind's facts as ``check_facts`` reads them: the fact, its name, its type, its words."""


def _check_facts(kind: Kind, facts: Mapping[str, object]) -> dict[Fact, object]:
    needed = KIND_FACTS[kind]
    problems = [f"missing {fact.value}" for fact in needed if fact.value not in facts]
    names = {fact.value for fact in needed}
    problems.extend(
        f"{name!r} is not a fact of {kind.value} (facts: {', '.join(sorted(names))})"
        for name in facts
        if name not in names
    )
    values: dict[Fact, object] = {}
    for fact in needed:
        if fact.value not in facts:
            continue
        value = facts[fact.value]
        spec = FACTS[fact]
        if spec.type is FactType.BOOL and not isinstance(value, bool):
            problems.append(f"{fact.value} must be True or False, not {value!r}")
        elif spec.type is FactType.COUNT and (
            isinstance(value, bool) or not isinstance(value, int) or value < 0
        ):
            problems.append(f"{fact.value} must be a whole number 0 or more, not {value!r}")
        elif spec.type is FactType.ENUM and str(value) not in spec.values:
            problems.append(f"{fact.value} must be one of {', '.join(spec.values)}, not {value!r}")
        elif spec.type is FactType.ENUM:
            value = str(value)
        values[fact] = value
    if problems:
        raise FactsError(kind, problems)
    return values


def citation(rulebook: Rulebook, kind: Kind, row: Row) -> str:
    """The row's cite in words (the one way it is printed): see :func:`cite_of`."""
    return say(cite_of(rulebook, kind, row))


def cite_of(rulebook: Rulebook, kind: Kind, row: Row) -> Cite:
    """The row's cite read into places; for a silent row, the places of what it falls back on
    (a row id followed to the row that cites), with who is silent: the source of the rulebook that
    wrote the row.

    Raises:
        CiteError: the cite, or the fallback written as a cite, does not read (``rulebook check``
            reports it at the row; a loaded rulebook's rows all read).
    """
    key = (id(rulebook), kind, row.id)
    found = _cites.get(key)
    if found is not None and found[0] is row:
        return found[1]
    if row.source is RowSource.CITED:
        cite = parse_cite(row.cite or "")
    else:
        fallback = (row.fallback or "").strip()
        places = _reference_places(fallback, set())
        if places is None:
            places = parse_cite(fallback).places
        cite = Cite(places, _source_name(rulebook, rulebook.origin(kind, row)))
    _cites[key] = (row, cite)
    return cite


_cites: dict[tuple[int, Kind, str], tuple[Row, Cite]] = {}


SETTINGS_OF_KIND: Final[dict[Kind, tuple[str, ...]]] = {Kind.RAISE_CAP: ("betting.raise_cap",)}
"""The game settings that make a finding of this kind what it is (the cap makes a raise one too many)."""


def house_setting_cite(rulebook: Rulebook, kind: Kind, row: Row) -> str:
    """The cite of a setting this rulebook itself writes when it, not the inherited row, decides.

    A house file that sets ``betting.raise_cap`` and keeps Scarne's raise-cap row is ruled by its
    own cap: the ruling cites the house's ``game.cite`` for that setting, not the row's source.
    Empty when the row is the rulebook's own, or it writes none of the kind's settings with a cite.
    """
    if rulebook.origin(kind, row) == rulebook.id:
        return ""
    own = rulebook._own_game
    cites = own.get("cite")
    for path in SETTINGS_OF_KIND.get(kind, ()):
        written: object = own
        for key in path.split("."):
            written = written.get(key) if isinstance(written, dict) else None
        # Only the house's own cite of a setting it wrote: an inherited cite speaks of another value.
        if written is not None and isinstance(cites, dict) and isinstance(cites.get(path), str):
            return str(cites[path])
    return ""


def _source_name(rulebook: Rulebook, origin: str) -> str:
    """Who is silent: the source of the rulebook that wrote the row, by name (``Scarne``)."""
    book = rulebook
    if origin != rulebook.id:
        from referee.rulebook.load import bundled_rulebooks, load_rulebook

        if origin not in bundled_rulebooks():
            return origin
        book = load_rulebook(origin)
    file = book.source.file if book.source else ""
    return source_name(file) or book.title


def _reference_places(fallback: str, seen: set[str]) -> tuple[Place, ...] | None:
    """The places behind ``scarne:misdeal/2`` (a bundled row, followed through its own fallback),
    or None when the fallback is not a row id."""
    from referee.rulebook.checks import RULE_REF
    from referee.rulebook.load import bundled_rulebooks, load_rulebook

    match = RULE_REF.fullmatch(fallback)
    if match is None or match["book"] not in bundled_rulebooks() or match["kind"] not in set(Kind):
        return None
    if fallback in seen:
        raise CiteError(f"the fallback {fallback} comes back to itself")
    target = load_rulebook(match["book"])
    kind = Kind(match["kind"])
    rows = [row for row in target.table(kind) if row.id == match["row"]] if target.covers(kind) else []
    if not rows:
        raise CiteError(f"the fallback {fallback} names no row of {match['book']}")
    row = rows[0]
    if row.source is RowSource.CITED:
        return parse_cite(row.cite or "").places
    inner = (row.fallback or "").strip()
    places = _reference_places(inner, seen | {fallback})
    return places if places is not None else parse_cite(inner).places


def _kind(kind: Kind | str) -> Kind:
    if type(kind) is Kind:  # the engine's own question: the enum's lookup is not needed
        return kind
    try:
        return Kind(kind)
    except ValueError:
        raise FactsError(
            kind, [f"{kind!r} is not an irregularity kind ({', '.join(k.value for k in Kind)})"]
        ) from None


_compiled: dict[int, tuple[Row, tuple[Test, ...]]] = {}
"""Compiled conditions by row identity (the row is kept alongside, so its id is never reused)."""


def _tests(row: Row) -> tuple[Test, ...]:
    found = _compiled.get(id(row))
    if found is None:
        found = (row, tuple(_test(fact, condition) for fact, condition in row.when.conditions().items()))
        _compiled[id(row)] = found
    return found[1]


def _test(fact: Fact, condition: object) -> Test:
    name = fact.value
    if isinstance(condition, bool):
        return fact, lambda value: value is condition, f"needs {name} = {_YES_NO[condition]}"
    if isinstance(condition, list):
        allowed = frozenset(str(item) for item in condition)
        words = ", ".join(str(item) for item in condition)
        need = f"needs {name} = {words}" if len(condition) == 1 else f"needs {name} to be one of {words}"
        return fact, lambda value: value in allowed, need
    if isinstance(condition, StrEnum):
        word = str(condition)
        return fact, lambda value: value == word, f"needs {name} = {word}"
    if isinstance(condition, Count):
        low, high = condition.at_least, condition.at_most
        parts = [f"at least {low}" if low is not None else "", f"at most {high}" if high is not None else ""]
        need = f"needs {name} " + " and ".join(part for part in parts if part)
        return (
            fact,
            lambda value: _within(value, low, high),
            need,
        )
    assert isinstance(condition, int)
    return fact, lambda value: value == condition, f"needs {name} = {condition}"


def _within(value: object, low: int | None, high: int | None) -> bool:
    assert isinstance(value, int)
    return (low is None or value >= low) and (high is None or value <= high)


def _show(value: object) -> str:
    if isinstance(value, bool):
        return _YES_NO[value]
    return str(value)
