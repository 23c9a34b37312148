"""The words reports use: every remedy has them, and every bundled cite reads back into its parts."""

from __future__ import annotations

import re

import pytest

from referee.rulebook.checks import RULE_REF
from referee.rulebook.cites import CiteError, parse_cite
from referee.rulebook.decisions import citation, cite_of
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.rulebook.vocabulary import REMEDY_WORDS, RemedyId

FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
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
            "004_7408ae36b5f3553f.txt, Laws of Draw Poker, Card exposed, sentences 1-2",
            "Bicycle, Laws of Draw Poker, Card exposed, sentences 1-2",
        ),
        (
            "000_9f48e0cf725bf545.txt, The Draw, paragraph 3, sentences 1 and 3 (he must take what he asked "
            "for; too few: he has fouled his hand)",
            "Scarne, The Draw, paragraph 3, sentences 1 and 3 (he must take what he asked for; too few: he "
            "has fouled his hand)",
        ),
        (
            "000_9f48e0cf725bf545.txt is silent; fallback: "
            "002_ed95452695db4d97.txt, Rules for Draw High, item 1",
            "Scarne is silent here; it follows Casino, Rules for Draw High, item 1",
        ),
        (
            "silent; fallback: Robert's Rules of Poker, Section 3 General Poker Rules, Irregularities: "
            "a card flashed by the dealer is replaced",
            "the source is silent here; Robert's Rules of Poker, Section 3 General Poker Rules, "
            "Irregularities, says: a card flashed by the dealer is replaced",
        ),
        ("house rule, March 2025", "house rule, March 2025"),
    ],
)
def test_cites_in_words(cite: str, words: str) -> None:
    assert parse_cite(cite).words() == words


def test_the_parts_keep_source_section_item_and_quote() -> None:
    [place] = parse_cite(
        "000_9f48e0cf725bf545.txt, Betting Out of Turn, introduction and item 1 (a gloss; with a semicolon)"
    ).places
    assert (place.file, place.source, place.section, place.item, place.quote) == (
        "000_9f48e0cf725bf545.txt",
        "Scarne",
        "Betting Out of Turn",
        "introduction and item 1",
        "a gloss; with a semicolon",
    )


@pytest.mark.parametrize(
    ("cite", "wrong"),
    [
        ("000_9f48e0cf725bf545.txt, Misdeals, item 13", "has no item 13"),
        ("000_9f48e0cf725bf545.txt, Showdown", "names the whole section 'Showdown'"),
        ("000_9f48e0cf725bf545.txt, Misdeeds, item 1", "has no section 'Misdeeds, item 1'"),
        ("000_9f48e0cf725bf545.txt, Misdeals, items 6 and 7 by analogy", "has no '7 by analogy'"),
        ("Robert's Rules of Poker, Misdeals", "a public rulebook is cited as"),
        ("as 000_9f48e0cf725bf545.txt says", "not at its start"),
        ("009_9f48e0cf725bf545.txt, Misdeals, item 1", "not one of the five bundled source texts"),
    ],
)
def test_a_malformed_cite_says_what_is_wrong(cite: str, wrong: str) -> None:
    with pytest.raises(CiteError, match=re.escape(wrong)):
        parse_cite(cite)


@pytest.mark.parametrize("book", bundled_rulebooks())
def test_every_bundled_row_cites_a_source_section_and_item(book: str) -> None:
    """Each place a row rests on names its source, section and item; a silent row is one step (who is
    silent, then the place that decides), never a chain, never a raw row id, never itself."""
    rulebook = load_rulebook(book)
    own = NAMES[book]
    for kind, rows in rulebook.tables().items():
        for row in rows:
            cite = cite_of(rulebook, kind, row)
            words = citation(rulebook, kind, row)
            where = (rulebook.rule_id(kind, row), words)
            assert FILE_NAME.search(words) is None, where
            assert RULE_REF.search(words) is None, where
            assert words.count("is silent") <= 1, where
            assert cite.places, where
            for place in cite.places:
                assert place.source and place.section and place.item, where
            if cite.silent is not None and rulebook.origin(kind, row) == book:
                assert cite.silent == own, where
                assert own not in {place.source for place in cite.places}, where
