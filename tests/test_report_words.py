"""The words reports use: every remedy has them, and every bundled cite reads back into its parts."""

from __future__ import annotations

import pytest

from referee.rulebook.cites import cite_words, parse_cite
from referee.rulebook.decisions import citation
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.rulebook.vocabulary import REMEDY_WORDS, RemedyId

NAMES = {"scarne": "Scarne", "bicycle": "Bicycle", "casino": "Casino", "pagat": "Pagat", "parlour": "Parlour"}


def test_every_remedy_has_words() -> None:
    assert set(REMEDY_WORDS) == {remedy.value for remedy in RemedyId}
    assert all(words and "-" not in words.split(":")[0] for words in REMEDY_WORDS.values())


@pytest.mark.parametrize(
    ("cite", "words"),
    [
        ("000_9f48e0cf725bf545.txt, Betting Out of Turn, item 3", "Scarne, Betting Out of Turn, item 3"),
        ("000_9f48e0cf725bf545.txt, Misdeals, items 2, 9 and 12", "Scarne, Misdeals, items 2, 9 and 12"),
        ("003_356b9d0ab090d824.txt, False openers, case 3", "Parlour, False openers, case 3"),
        (
            "004_7408ae36b5f3553f.txt, Laws of Draw Poker, Card exposed",
            "Bicycle, Laws of Draw Poker, Card exposed",
        ),
        (
            "000_9f48e0cf725bf545.txt is silent; fallback: casino:raise-cap/1 "
            "(002_ed95452695db4d97.txt, Rules for Draw High, item 1)",
            "Scarne is silent; it falls back on Casino, Rules for Draw High, item 1",
        ),
        ("house rule, March 2025", "house rule, March 2025"),
    ],
)
def test_cites_in_words(cite: str, words: str) -> None:
    assert cite_words(cite) == words


def test_the_parts_keep_file_section_and_item() -> None:
    [part] = parse_cite("000_9f48e0cf725bf545.txt, Betting Out of Turn, introduction and item 1").parts
    assert (part.file, part.section, part.item) == (
        "000_9f48e0cf725bf545.txt",
        "Betting Out of Turn",
        "introduction and item 1",
    )


@pytest.mark.parametrize("book", bundled_rulebooks())
def test_no_bundled_cite_shows_a_file_name_in_words(book: str) -> None:
    rulebook = load_rulebook(book)
    for kind, rows in rulebook.tables().items():
        for row in rows:
            cite = citation(rulebook, kind, row)
            words = cite_words(cite, [book])
            assert ".txt" not in words, (rulebook.rule_id(kind, row), words)
            parsed = parse_cite(cite)
            assert parsed.parts, cite
            for part in parsed.parts:
                if part.file:
                    assert part.section or part.item, cite
    assert NAMES[book] in cite_words(f"{rulebook.source.file}, X" if rulebook.source else "")
