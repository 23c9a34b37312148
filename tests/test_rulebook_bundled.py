"""The bundled rulebooks: valid, complete, every row cited or with a stated fallback, faithful copies."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from referee.rulebook import bundled_rulebooks, load_rulebook
from referee.rulebook.checks import RULE_REF
from referee.rulebook.games import catalog, effective_game
from referee.rulebook.load import reference_problems
from referee.rulebook.model import RowSource, Status
from referee.rulebook.vocabulary import Kind

SOURCES = {
    "scarne": "000_9f48e0cf725bf545.txt",
    "pagat": "001_843632f2e2ba4270.txt",
    "casino": "002_ed95452695db4d97.txt",
    "parlour": "003_356b9d0ab090d824.txt",
    "bicycle": "004_7408ae36b5f3553f.txt",
}
BOOKS = sorted(SOURCES)
PUBLIC_FALLBACKS = ("Robert's Rules of Poker, ", "Poker TDA Rules, ")


def test_the_five_rulebooks_are_bundled() -> None:
    assert bundled_rulebooks() == BOOKS


@pytest.mark.parametrize("name", BOOKS)
def test_bundled_rulebook_validates_with_its_source(name: str) -> None:
    book = load_rulebook(name)
    assert book.id == name and book.status is Status.COMPLETE
    assert book.source is not None and book.source.file == SOURCES[name]
    assert book.silent_on, "say what the source does not cover"
    assert reference_problems(book) == []


@pytest.mark.parametrize("name", BOOKS)
def test_every_kind_is_covered(name: str) -> None:
    book = load_rulebook(name)
    assert [kind for kind in Kind if not book.covers(kind)] == []


@pytest.mark.parametrize("name", BOOKS)
def test_every_row_cites_its_source_or_states_a_fallback(name: str) -> None:
    book = load_rulebook(name)
    for kind, rows in book.tables().items():
        assert rows[-1].when.is_default, f"{name}:{kind} ends with a default row"
        for row in rows:
            rule = book.rule_id(kind, row)
            assert row.summary.endswith("."), rule
            if row.source is RowSource.CITED:
                assert row.cite and row.cite.startswith(SOURCES[name] + ", "), rule
                assert not row.fallback, rule
            else:
                fallback = row.fallback or ""
                assert (
                    RULE_REF.match(fallback)
                    or fallback.startswith(PUBLIC_FALLBACKS)
                    or re.match(r"\d{3}_[0-9a-f]{16}\.txt, ", fallback)
                ), f"{rule}: {fallback!r} names no public rulebook, bundled source or bundled row"


@pytest.mark.parametrize("name", BOOKS)
def test_every_game_setting_cites_or_falls_back(name: str) -> None:
    book = load_rulebook(name)
    written = book.game.model_dump(exclude_unset=True)
    groups = {key for key in written if key != "cite"}
    cited = {key.split(".")[0] for key in book.game.cite}
    assert groups <= cited, f"settings without a citation: {groups - cited}"


def _copied_rows() -> list[tuple[str, Kind, str, str]]:
    found = []
    for name in BOOKS:
        book = load_rulebook(name)
        for kind, rows in book.tables().items():
            for row in rows:
                match = RULE_REF.match(row.fallback or "")
                if row.source is RowSource.SILENT and match and match.group(0) == row.fallback:
                    found.append((name, kind, row.id, row.fallback))
    return found


@pytest.mark.parametrize(("name", "kind", "row_id", "reference"), _copied_rows())
def test_a_fallback_row_rules_as_the_row_it_names(name: str, kind: Kind, row_id: str, reference: str) -> None:
    """A row that falls back on another rulebook's row must say the same thing as that row."""
    match = RULE_REF.match(reference)
    assert match is not None
    mine = next(row for row in load_rulebook(name).table(kind) if row.id == row_id)
    target_book = load_rulebook(match["book"])
    theirs = next(row for row in target_book.table(match["kind"]) if row.id == match["row"])
    assert mine.then == theirs.then
    if match["kind"] == kind.value and not mine.when.is_default:
        # The conditions are the same or narrower: every case this row takes, the other row takes too.
        # (A default row may stand for a narrower row: the rows above it took the other cases.)
        ours, others = mine.when.conditions(), theirs.when.conditions()
        for fact, condition in others.items():
            assert fact in ours, f"{fact} is not tested"
            assert _values(ours[fact]) <= _values(condition), fact


def _values(condition: object) -> set[str]:
    items = condition if isinstance(condition, list) else [condition]
    return {str(item) for item in items}


def test_row_ids_are_stable() -> None:
    """Rulings cite rows by id; these ids are a contract. Add rows with new ids, never renumber."""
    book = load_rulebook("scarne")
    assert [row.id for row in book.table("exposed-card")] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    # Row 6 (a pass facing a bet after the draw) came in before row 1: a new id, none renumbered.
    assert [row.id for row in book.table("out-of-turn")] == ["6", "1", "2", "3", "4", "5"]
    assert [row.id for row in book.table("false-openers")] == ["1", "2", "3", "4"]
    assert book.rule_id("out-of-turn", book.table("out-of-turn")[1]) == "scarne:out-of-turn/1"


def test_the_catalog_holds_the_design_games() -> None:
    names = set(catalog().variants)
    assert {
        "draw",
        "jacks-or-better",
        "progressive",
        "trips-to-win",
        "bug",
        "deuces-wild",
        "wild-widow",
        "jacks-back",
        "lowball",
        "deuce-to-seven",
        "stripped-32",
        "seven-card-draw",
        "double-draw",
    } <= names


@pytest.mark.parametrize("name", BOOKS)
def test_every_game_plays_under_every_rulebook(name: str) -> None:
    book = load_rulebook(name)
    for game in catalog().variants:
        settings = effective_game(book, game)
        assert settings.hand_size in (5, 7)


def test_the_example_house_rules_are_short_and_valid() -> None:
    path = resources.files("referee.rulebooks.examples").joinpath("friday-night.yaml")
    assert len(path.read_text(encoding="utf-8").splitlines()) < 20
    book = load_rulebook(str(path))
    assert book.lineage == ("friday-night", "scarne")
    assert reference_problems(book) == []


def test_every_ranking_a_rulebook_can_name_is_a_ranking_the_hands_know() -> None:
    from referee.hands import PRESETS
    from referee.rulebook.settings import Ranking as RankingName

    assert {name.value for name in RankingName} <= set(PRESETS)
