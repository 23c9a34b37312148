"""Every play and irregularity item of the five source texts is cited by a row or setting, or is a
known gap here with its reason; and ``referee rulebook coverage`` as a user runs it.

KNOWN_GAPS only shrinks: an item that nothing cites and is not listed fails the test (add a row, a
setting's cite, or a line here saying why not yet), and a listed item that something now cites
fails it too (delete its line). Items out of scope say why in the source data
(``referee/rulebook/sources/<name>.yaml``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import RulebookError
from referee.rulebook.coverage import (
    Scope,
    SourceText,
    coverage,
    parse_source,
    resolve,
    source_texts,
)
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.rulebook.vocabulary import MECHANISMS, Mechanism

SOURCES = Path(__file__).resolve().parents[2] / "shared" / "sources"

_GAP = "the item's `gap:` in referee/rulebook/sources/ says why, and `referee rulebook coverage` shows it"
KNOWN_GAPS: dict[tuple[str, str, str], str] = {
    # Reached before only by whole-section cites (issue 24): now that a cite names its item, these show.
    ("bicycle", "Laws of Draw Poker, The Draw", "paragraph 2, sentence 1"): _GAP,
}

# Cites of a rulebook's own source that name a section or item the text does not have (a spelling the
# rulebook's other rows do not use). Like KNOWN_GAPS this only shrinks: fix the cite, delete the line.
CITE_MISMATCHES: dict[tuple[str, str], str] = {}

runner = CliRunner()


def text_of(rulebook: str) -> SourceText:
    return next(text for text in source_texts().values() if text.rulebook == rulebook)


# --- the data ---------------------------------------------------------------------------------------


def test_every_bundled_rulebook_has_its_sources_rule_items() -> None:
    texts = source_texts()
    assert len(texts) == 5
    for name in bundled_rulebooks():
        book = load_rulebook(name)
        assert book.source is not None and book.source.file in texts, name
        assert texts[book.source.file].rulebook == name


@pytest.mark.skipif(not (SOURCES / "SOURCES.md").is_file(), reason="the source texts are not beside the repo")
def test_the_five_texts_are_the_ones_sources_md_lists() -> None:
    listed = set(re.findall(r"^\| (\d{3}_[0-9a-f]+\.txt) \|", (SOURCES / "SOURCES.md").read_text(), re.M))
    assert listed == set(source_texts())


@pytest.mark.skipif(not SOURCES.is_dir(), reason="the source texts are not beside the repo")
@pytest.mark.parametrize("file", sorted(source_texts()))
def test_every_heading_named_is_in_the_text(file: str) -> None:
    """Section names are the text's headings; names the rows invent for a capture's missing heading
    start with "the" or "[", and a lower-case part names a place inside a heading."""
    words = " ".join((SOURCES / file).read_text(encoding="utf-8").split()).lower().replace("\u2019", "'")
    for section in source_texts()[file].sections:
        if section.name.startswith(("the ", "[")):
            continue
        for part in section.name.split(", "):
            if part[:1].isupper() or part[:1].isdigit():
                assert part.lower() in words, (
                    f"{file}: heading {part!r} of {section.name!r} is not in the text"
                )


@pytest.mark.parametrize("file", sorted(source_texts()))
def test_numbered_items_run_one_to_n(file: str) -> None:
    for section in source_texts()[file].sections:
        numbers = [int(item.item) for item in section.items if item.item.isdigit()]
        assert numbers == list(range(1, len(numbers) + 1)), section.name


@pytest.mark.parametrize("file", sorted(source_texts()))
def test_every_item_can_be_cited_exactly(file: str) -> None:
    text = source_texts()[file]
    for item in text.items():
        resolved = resolve(f"{file}, {item.place} (a note)", text)
        assert not resolved.problems, (item.place, resolved.problems)
        assert [(found.section, found.item, exact) for found, exact in resolved.reaches] == [
            (item.section, item.item, True)
        ], item.place


def test_every_out_of_scope_item_says_why() -> None:
    for text in source_texts().values():
        for item in text.items():
            assert item.rule
            assert (item.scope is Scope.OUT_OF_SCOPE) == bool(item.reason), item.place


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("sections: [{section: A, items: [{item: 1, rule: r, scope: play}]}]", "needs file"),
        (
            "file: f.txt\nrulebook: x\nsections: [{section: A, items: [{item: 1, rule: r, scope: fun}]}]",
            "scope",
        ),
        (
            "file: f.txt\nrulebook: x\nsections: "
            "[{section: A, items: [{item: 1, rule: r, scope: out-of-scope}]}]",
            "reason",
        ),
        (
            "file: f.txt\nrulebook: x\nsections: [{section: A, items: "
            "[{item: 1, rule: r, scope: play}, {item: 1, rule: s, scope: play}]}]",
            "twice",
        ),
        (
            "file: f.txt\nrulebook: x\nsections: "
            "[{section: A, items: [{item: 1, rule: r, scope: out-of-scope, reason: why, gap: g}]}]",
            "not a gap",
        ),
    ],
)
def test_a_bad_data_file_is_refused(body: str, message: str) -> None:
    with pytest.raises(RulebookError, match=message):
        parse_source(body, "bad.yaml")


# --- reading cites ----------------------------------------------------------------------------------


def reached(cite: str, rulebook: str = "scarne") -> list[tuple[str, str, bool]]:
    resolved = resolve(cite, text_of(rulebook))
    return [(item.section, item.item, exact) for item, exact in resolved.reaches]


SCARNE = "000_9f48e0cf725bf545.txt"


def test_a_list_of_items_reaches_each() -> None:
    assert reached(f"{SCARNE}, Misdeals, items 2, 9 and 12 (a note)") == [
        ("Misdeals", "2", True),
        ("Misdeals", "9", True),
        ("Misdeals", "12", True),
    ]
    assert [item for _, item, _ in reached(f"{SCARNE}, The Ante, items 1-2")] == ["1", "2"]
    assert [item for _, item, _ in reached(f"{SCARNE}, Betting Out of Turn, introduction and item 4")] == [
        "introduction",
        "4",
    ]


def test_a_section_or_paragraph_reaches_what_it_holds_broadly() -> None:
    draw = reached(f"{SCARNE}, The Draw, paragraph 3 (too many: discard)")
    assert len(draw) == 6 and not any(exact for _, _, exact in draw)
    assert reached(f"{SCARNE}, The Draw, paragraph 3, sentence 5") == [
        ("The Draw", "paragraph 3, sentence 5", True)
    ]
    # A section holding one item names it exactly.
    assert reached(f"{SCARNE}, Splitting Openers") == [("Splitting Openers", "paragraph 1", True)]


def test_silent_cites_and_other_files_reach_nothing() -> None:
    assert reached(f"silent; fallback: {SCARNE}, Misdeals, item 1") == []
    other = resolve("004_7408ae36b5f3553f.txt, Laws of Draw Poker, Card exposed", text_of("scarne"))
    assert other.reaches == () and not other.names_source


def test_a_later_part_may_leave_the_file_out() -> None:
    pagat = "001_843632f2e2ba4270.txt"
    found = reached(
        f"{pagat}, Ante, Deal and First Betting Round, paragraph 3; Second Betting Round, paragraph 3",
        "pagat",
    )
    assert [(section, item) for section, item, _ in found] == [
        ("Ante, Deal and First Betting Round", "paragraph 3"),
        ("Second Betting Round", "paragraph 3"),
    ]


def test_ordinals_siblings_and_other_spellings() -> None:
    bicycle = "004_7408ae36b5f3553f.txt"
    assert reached(f"{bicycle}, Laws of Draw Poker, Draw out of turn, third paragraph", "bicycle") == [
        ("Laws of Draw Poker, Draw out of turn", "paragraph 3", True)
    ]
    sibling = reached(
        f"{bicycle}, Laws of Draw Poker, False openers, paragraph 1 and Wrong number of cards", "bicycle"
    )
    assert {section for section, _, _ in sibling} == {
        "Laws of Draw Poker, False openers",
        "Laws of Draw Poker, Wrong number of cards",
    }
    assert reached(f"{bicycle}, the Lowball section (after the draw)", "bicycle")


def test_a_place_the_text_does_not_have_is_a_problem() -> None:
    text = text_of("scarne")
    assert resolve(f"{SCARNE}, Misdeals, item 13", text).problems == ("'Misdeals' has no item 13",)
    assert "no section" in resolve(f"{SCARNE}, Tapping Out", text).problems[0]


# --- the bundled rulebooks against their sources -------------------------------------------------------


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_every_rule_item_is_covered_or_a_known_gap(name: str) -> None:
    cover = coverage(load_rulebook(name))
    gaps = {(name, item.section, item.item) for item in cover.not_covered()}
    known = {key for key in KNOWN_GAPS if key[0] == name}
    new = sorted(gaps - known)
    stale = sorted(known - gaps)
    assert not new, (
        "rule items no row or setting cites (add a row, a cite, or a line to KNOWN_GAPS): "
        + "; ".join(f"{section}, {item}" for _, section, item in new)
    )
    assert not stale, "now cited, delete from KNOWN_GAPS: " + "; ".join(
        f"{section}, {item}" for _, section, item in stale
    )


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_every_cite_of_the_own_source_names_what_the_text_has(name: str) -> None:
    cover = coverage(load_rulebook(name))
    wrong = {(name, loose.by): loose.why for loose in cover.problems}
    known = {key for key in CITE_MISMATCHES if key[0] == name}
    new = sorted(set(wrong) - known)
    assert not new, "cites naming what the source does not have: " + "; ".join(
        f"{by}: {wrong[(name, by)]}" for _, by in new
    )
    assert not known - set(wrong), f"now matching, delete from CITE_MISMATCHES: {sorted(known - set(wrong))}"


def test_every_known_gap_is_a_play_or_irregularity_item() -> None:
    for (name, section, label), reason in KNOWN_GAPS.items():
        assert reason
        items = {(item.section, item.item): item for item in text_of(name).items()}
        assert (section, label) in items, (name, section, label)
        assert items[(section, label)].in_scope, (name, section, label)
        if reason == _GAP:
            assert items[(section, label)].gap, (name, section, label)


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_a_gap_in_the_data_is_on_an_item_nothing_cites_and_users_see_it(name: str) -> None:
    """An item's `gap:` says why the referee does not play it yet: stale once something cites it."""
    cover = coverage(load_rulebook(name))
    gaps = [entry.item for entry in cover.items if entry.item.gap]
    for entry in cover.items:
        assert not (entry.item.gap and entry.covered), f"{entry.item.place} is cited now: drop its gap"
    listing = run(name, "--json") if gaps else None
    if listing is not None:
        shown = {(item["section"], item["item"]): item for item in json.loads(listing.output)["items"]}
        for item in gaps:
            entry = shown[(item.section, item.item)]
            assert entry["status"] in ("not covered", "broad") and entry["why"] == item.gap


# --- the command ---------------------------------------------------------------------------------------


def run(*args: str) -> Any:
    result = runner.invoke(app, ["rulebook", "coverage", *args])
    assert "Traceback" not in result.output
    return result


def test_coverage_of_all_five_counts_per_source() -> None:
    result = run()
    assert result.exit_code == 0, result.output
    for name in bundled_rulebooks():
        assert re.search(rf"^{name}(\s+\d+){{9}}\s*$", result.output, re.M), name
    assert ".txt" not in result.output
    payload = json.loads(run("--json").output)
    assert [entry["rulebook"] for entry in payload["rulebooks"]] == bundled_rulebooks()
    for entry in payload["rulebooks"]:
        text = next(text for text in source_texts().values() if text.rulebook == entry["rulebook"])
        assert sum(entry["counts"].values()) == len(list(text.items()))


def test_coverage_of_one_rulebook_lists_every_item() -> None:
    payload = json.loads(run("scarne", "--json").output)
    text = text_of("scarne")
    assert payload["file"] == text.file
    assert [(entry["section"], entry["item"]) for entry in payload["items"]] == [
        (item.section, item.item) for item in text.items()
    ]
    misdeal_5 = next(e for e in payload["items"] if e["section"] == "Misdeals" and e["item"] == "5")
    assert "scarne:exposed-card/5" in misdeal_5["rows"]
    assert payload["counts"]["not covered"] == sum(e["status"] == "not covered" for e in payload["items"])

    result = run("scarne")
    assert result.exit_code == 0, result.output
    for words in ("Misdeals", "covered", "rows: scarne:exposed-card/5"):
        assert words in " ".join(result.output.split())
    assert ".txt" not in result.output


def test_coverage_of_a_house_rulebook_shows_its_text_as_written(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: house\ntitle: '[bold]House[/bold]'\nextends: scarne\n"
        "source: {file: 000_9f48e0cf725bf545.txt, edition: '[red]ours[/red]'}\n"
        "irregularities:\n  misdeal:\n    - id: 9\n      before: 1\n      when: {pot_opened: yes}\n"
        "      then: play-on\n      cite: '000_9f48e0cf725bf545.txt, Misdeals, item [b]99[/b]'\n"
        "      summary: A house row.\n",
        encoding="utf-8",
    )
    result = run(str(house))
    # A cite that does not read is refused when the rulebook loads, its text shown as written.
    assert result.exit_code == 1, result.output
    assert "'Misdeals' of Scarne has no 'item [b]99[/b]'" in " ".join(result.output.split())


def test_a_rulebook_whose_text_has_no_items_is_refused_plainly(tmp_path: Path) -> None:
    house = tmp_path / "other.yaml"
    house.write_text(
        "id: other\ntitle: Other\nextends: scarne\nsource: {file: our-notes.txt, edition: notes}\n",
        encoding="utf-8",
    )
    result = run(str(house))
    assert result.exit_code == 1
    assert "our-notes.txt" in result.output and "hint:" in result.output


# --- the engine's fixed mechanics ---------------------------------------------------------------------

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_every_mechanism_named_has_words_and_a_scenario_that_shows_it() -> None:
    from referee import scenarios

    items = [item for text in source_texts().values() for item in text.items()]
    named = {mechanism for item in items for mechanism in item.played_by}
    assert named == set(Mechanism), "a mechanism no source item names is not needed"
    for mechanism in named:
        spec = MECHANISMS[mechanism]
        assert spec.words and spec.scenarios, mechanism
        for name in spec.scenarios:
            log, expected = SCENARIOS / f"{name}.log", SCENARIOS / f"{name}.yaml"
            assert log.is_file() and expected.is_file(), (mechanism, name)
            scenario = scenarios.load(expected)
            assert scenario.expect, (mechanism, name)
            book = next(iter(scenario.expect))
            (check,) = scenarios.run(scenario, [book])
            assert check.passed, (mechanism, name, check.difference)


def test_an_item_played_by_the_engine_is_covered_and_shown() -> None:
    cover = coverage(load_rulebook("scarne"))
    entry = next(e for e in cover.items if e.item.section == "The Deal" and e.item.item == "paragraph 1")
    assert entry.item.played_by == (Mechanism.FIVE_CARDS_EACH,) and entry.covered and not entry.by
    assert cover.counts()["played_by_engine"] >= 1
    payload = json.loads(run("scarne", "--json").output)
    deal = next(e for e in payload["items"] if e["section"] == "The Deal")
    assert deal["status"] == "played by the engine" and "five-cards-each" in deal["why"]
    shown = " ".join(run("scarne").output.split())
    assert "played by the engine: five-cards-each (every player holds five cards" in shown


@pytest.mark.parametrize(
    ("played_by", "message"),
    [("dealing-backwards", "not one of the engine's mechanisms"), ("[best-hand-wins]", "")],
)
def test_played_by_names_a_mechanism(played_by: str, message: str) -> None:
    item = f"{{item: 1, rule: r, scope: play, played_by: {played_by}}}"
    body = f"file: f.txt\nrulebook: x\nsections: [{{section: A, items: [{item}]}}]"
    if message:
        with pytest.raises(RulebookError, match=message):
            parse_source(body, "bad.yaml")
    else:
        (item,) = parse_source(body, "good.yaml").items()
        assert item.played_by == (Mechanism.BEST_HAND_WINS,)
        with pytest.raises(RulebookError, match="neither out of scope nor a gap"):
            parse_source(body.replace("scope: play", "scope: out-of-scope, reason: why"), "bad.yaml")
