"""Loading: extends merging row by row, game settings layered, bundled rulebooks cached."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RulebookError
from referee.rulebook import effective_game, load_rulebook, load_text
from referee.rulebook.games import game_names, variant
from referee.rulebook.settings import FiveCardDraw, OpenersRule, Ranking, SwitchTo
from referee.rulebook.vocabulary import Kind

HOUSE = """\
id: house
title: House rules
extends: scarne
game:
  betting: {raise_cap: {raises: 3}}
irregularities:
  exposed-card:
    - id: 5
      when: {caused_by: dealer, whose_card: other-player, phase: [deal, first-betting]}
      then: {remedy: card-dead, replace: after-draw}
      cite: house rule
      summary: Replaced after the deal; no misdeal.
    - id: house-1
      when: {whose_card: nobody, phase: deal}
      then: play-on
      cite: house rule
      summary: A flashed card with no owner is ignored on the deal.
    - id: house-0
      before: 1
      when: {caused_by: nobody}
      then: play-on
      cite: house rule
      summary: A card nobody exposed plays.
    - {id: 8, remove: yes}
    - id: default
      then: hand-stands
      cite: house rule
      summary: Anything else stands.
  misdeal:
    - id: house-2
      after: 1
      when: {misdeals_by_this_dealer: {at_least: 2}}
      then: {remedy: misdeal, redeal: next-dealer}
      cite: house rule
      summary: A third misdeal passes the deal.
"""


def test_a_child_replaces_inserts_moves_and_removes_rows() -> None:
    book = load_text(HOUSE, "house.yaml")
    rows = book.table("exposed-card")
    assert [row.id for row in rows] == ["house-0", "1", "2", "3", "4", "5", "6", "7", "house-1", "default"]
    assert [book.rule_id("exposed-card", row) for row in rows[4:6]] == [
        "scarne:exposed-card/4",
        "house:exposed-card/5",
    ]
    assert rows[5].then.params() == {"replace": "after-draw"}
    assert [row.id for row in book.table("misdeal")] == ["1", "house-2", "2"]
    assert book.lineage == ("house", "scarne")


def test_a_child_overrides_game_settings_key_by_key() -> None:
    book = load_text(HOUSE, "house.yaml")
    game = effective_game(book)
    assert game.betting.raise_cap.raises == 3
    assert game.betting.first_after_draw.value == "opener"  # inherited from scarne
    assert game.openers.rule is OpenersRule.JACKS_OR_BETTER  # scarne's default game


def test_extends_a_file_in_the_same_folder(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(HOUSE)
    (tmp_path / "ours.yaml").write_text(
        "id: ours\ntitle: Ours\nextends: base.yaml\n"
        "irregularities:\n  raise-cap:\n"
        "    - {id: 1, then: bet-stands-as-call, cite: ours, summary: A call.}\n"
    )
    book = load_rulebook(str(tmp_path / "ours.yaml"))
    assert book.lineage == ("ours", "house", "scarne")
    assert book.rule_id("exposed-card", book.table("exposed-card")[0]) == "house:exposed-card/house-0"
    assert book.rule_id("raise-cap", book.table("raise-cap")[0]) == "ours:raise-cap/1"
    assert book.file.endswith("ours.yaml")


def test_the_merged_result_is_what_show_effective_prints() -> None:
    from referee.report.rulebook import to_json

    book = load_text(HOUSE, "house.yaml")
    own = to_json(book, effective=False)
    full = to_json(book, effective=True)
    assert set(own["irregularities"]) == {"exposed-card", "misdeal"}
    assert len(full["irregularities"]) == len(Kind)
    assert own["game"] == {"betting": {"raise_cap": {"raises": 3}}}


def test_bundled_rulebooks_are_cached() -> None:
    assert load_rulebook("scarne") is load_rulebook("scarne")


def test_variant_layers() -> None:
    casino = load_rulebook("casino")
    scarne = load_rulebook("scarne")
    jacks = effective_game(casino, "jacks-or-better")
    assert jacks.openers.rule is OpenersRule.JACKS_OR_BETTER
    assert (jacks.draw.max_cards, jacks.draw.five_cards) == (
        4,
        FiveCardDraw.FOUR_THEN_ONE,
    )  # the casino's draw
    diablo = effective_game(scarne, "diablo")
    assert (diablo.ranking, diablo.draw.max_cards, diablo.showdown.opener_must_win_or_match) == (
        Ranking.DEUCES_WILD,
        2,
        True,
    )
    assert effective_game(scarne, "jacks-back").passed_out.switch_to is SwitchTo.ACE_TO_FIVE
    assert effective_game(scarne, "deuces-wild").showdown.cards_speak is True
    assert effective_game(load_rulebook("pagat"), "deuces-wild").showdown.cards_speak is False
    assert effective_game(load_rulebook("pagat"), "double-draw").draw.later_max_cards == 2
    assert effective_game(load_rulebook("bicycle"), "double-draw").draw.later_max_cards is None
    assert effective_game(scarne, "seven-card-draw").hand_size == 7


def test_a_rulebook_can_add_a_game() -> None:
    book = load_text(
        HOUSE.replace(
            "irregularities:",
            "variants:\n  one-eyed:\n    title: One-eyed jacks\n    base: jacks-or-better\n"
            "    game: {wild_cards: [one-eyed-jacks]}\nirregularities:",
            1,
        ),
        "house.yaml",
    )
    assert "one-eyed" in game_names(book)
    game = effective_game(book, "one-eyed")
    assert [card.value for card in game.wild_cards] == ["one-eyed-jacks"]
    assert game.openers.rule is OpenersRule.JACKS_OR_BETTER


def test_an_unknown_game_suggests_the_nearest() -> None:
    with pytest.raises(RulebookError) as caught:
        effective_game(load_rulebook("scarne"), "jacks-or-beter")
    assert "did you mean 'jacks-or-better'?" in caught.value.problems[0].hint
    with pytest.raises(RulebookError):
        variant("nope")


def test_an_unknown_game_in_a_rulebook() -> None:
    with pytest.raises(RulebookError) as caught:
        load_text("id: h\ntitle: H\nextends: scarne\ndefault_game: lowbal\n", "h.yaml")
    (problem,) = caught.value.problems
    assert problem.message == "default_game 'lowbal' is not a known game" and problem.line == 4
    assert "did you mean 'lowball'?" in problem.hint


def test_game_citations_name_settings() -> None:
    with pytest.raises(RulebookError) as caught:
        load_text("id: h\ntitle: H\nextends: scarne\ngame:\n  cite: {betting.raise_caps: x}\n", "h.yaml")
    (problem,) = caught.value.problems
    assert problem.message == "game.cite names 'betting.raise_caps', which is not a setting"
    assert "did you mean 'betting.raise_cap'?" in problem.hint


def test_empty_sections_are_allowed() -> None:
    book = load_text("id: h\ntitle: H\nextends: scarne\ngame:\n  # nothing yet\nirregularities:\n", "h.yaml")
    assert book.table("misdeal") == load_rulebook("scarne").table("misdeal")
