"""Broken rulebooks: each gives its exact message with file, line and a hint — never a traceback."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import RulebookError
from referee.rulebook import load_rulebook, load_text

BROKEN = Path(__file__).parent / "rulebooks_broken"

# file name, (file the problem is in, line, column, message, a piece of the hint)
CASES: dict[str, tuple[str, int, int, str, str]] = {
    "unknown_key": (
        "unknown_key.yaml",
        2,
        1,
        "unknown key 'titel' in the top level",
        "did you mean 'title'?",
    ),
    "wrong_type": ("wrong_type.yaml", 6, 16, "game.draw.max_cards takes a whole number, not 'three'", ""),
    "unknown_fact": (
        "unknown_fact.yaml",
        7,
        14,
        "unknown fact 'pot_opend' in irregularities.wrong-dealer[id house-1].when",
        "did you mean 'pot_opened'?; "
        "facts for wrong-dealer: phase, pot_opened, betting_started, actions_taken",
    ),
    "fact_of_another_kind": (
        "fact_of_another_kind.yaml",
        7,
        14,
        "misdeal rulings do not know the fact 'caused_by'",
        "facts for misdeal: phase, pot_opened, betting_started, actions_taken, misdeals_by_this_dealer",
    ),
    "unknown_fact_value": (
        "unknown_fact_value.yaml",
        7,
        21,
        "'dael' is not allowed for irregularities.exposed-card[id house-1].when.phase",
        "did you mean 'deal'?",
    ),
    "unknown_remedy": (
        "unknown_remedy.yaml",
        7,
        13,
        "unknown remedy 'refund-al' in irregularities.imperfect-pack[id 2].then",
        "did you mean 'refund-all'?",
    ),
    "bad_remedy_parameter": (
        "bad_remedy_parameter.yaml",
        7,
        39,
        "'nxt-dealer' is not allowed for irregularities.misdeal[id 2].then.redeal",
        "did you mean 'next-dealer'?; one of: same-dealer, next-dealer, proper-dealer",
    ),
    "unknown_remedy_parameter": (
        "unknown_remedy_parameter.yaml",
        8,
        33,
        "the remedy 'card-dead' has no parameter 'replce'",
        "did you mean 'replace'?; its parameters: replace",
    ),
    "missing_default_row": (
        "missing_default_row.yaml",
        6,
        7,
        "the wrong-dealer table has no default row: its last row ('1') has conditions",
        "`when: {}`",
    ),
    "row_after_default": (
        "row_after_default.yaml",
        10,
        7,
        "row '2' of wrong-dealer can never match: row '1' before it has no conditions "
        "(rows that can never match: 2)",
        "move the row without conditions to the end",
    ),
    "duplicate_row_id": (
        "duplicate_row_id.yaml",
        11,
        7,
        "duplicate row id '1' in wrong-dealer: row '1' is already written at line 6",
        "give each row its own id",
    ),
    "missing_citation": ("missing_citation.yaml", 6, 7, "row '2' has no citation", "source: silent"),
    "silent_without_fallback": (
        "silent_without_fallback.yaml",
        8,
        7,
        "row '2' says its source is silent but names no fallback",
        "scarne:misdeal/2",
    ),
    "missing_then": (
        "missing_then.yaml",
        6,
        7,
        "irregularities.verbal-bet[id 2] needs the key 'then'",
        "a remedy id",
    ),
    "unknown_kind": (
        "unknown_kind.yaml",
        5,
        3,
        "unknown irregularity 'exposed-cards'",
        "did you mean 'exposed-card'?",
    ),
    "wrong_kind_of_table": (
        "wrong_kind_of_table.yaml",
        6,
        5,
        "irregularities.misdeal takes a list",
        "- item",
    ),
    "incomplete": (
        "incomplete.yaml",
        3,
        1,
        "status is complete but there is no table for: misdeal, cut-irregularity, exposed-card, "
        "card-face-up-in-pack, wrong-card-count, imperfect-pack, out-of-turn, short-bet, over-limit, "
        "raise-cap, "
        "false-openers, split-openers, foul-hand, draw-irregularity, deck-exhausted, misdeclared-hand, "
        "verbal-bet, improper-fold",
        "status: partial",
    ),
    "cycle_a": (
        "cycle_b.yaml",
        3,
        10,
        "extends goes round in a circle: cycle_a.yaml → cycle_b.yaml → cycle_a.yaml",
        "",
    ),
    "duplicate_key": (
        "duplicate_key.yaml",
        4,
        1,
        "duplicate key 'title': first at line 2, again at line 4",
        "silently",
    ),
    "bad_syntax": (
        "bad_syntax.yaml",
        6,
        26,
        "YAML syntax: did not find expected ',' or '}' at the end of the file (while parsing a flow mapping)",
        "",
    ),
    "alias_bomb": (
        "alias_bomb.yaml",
        6,
        9,
        "the document expands to 1,234,575 values through its aliases (an alias bomb?); "
        "at most 50,000 are allowed",
        "aliases",
    ),
    "python_tag": (
        "python_tag.yaml",
        2,
        8,
        "the tag !!python/object/apply:os.system builds a Python object; "
        "a rulebook holds only text, numbers, yes/no, lists and mappings",
        "remove the tag",
    ),
    "unknown_extends": (
        "unknown_extends.yaml",
        3,
        10,
        "extends names 'scarn', which is not a bundled rulebook",
        "did you mean 'scarne'?",
    ),
    "extends_missing_file": (
        "extends_missing_file.yaml",
        3,
        10,
        "extends names the path './no-such-base.yaml'; only a file in the same folder",
        "a .yaml file in the same folder as this rulebook",
    ),
    "insert_before_unknown_row": (
        "insert_before_unknown_row.yaml",
        7,
        7,
        "there is no row 9 in misdeal to insert before",
        "rows: 1, 2",
    ),
    "directive_without_extends": (
        "directive_without_extends.yaml",
        6,
        15,
        "'before' acts on an inherited row, but there is no inherited misdeal table",
        "remove it",
    ),
    "bad_id": ("bad_id.yaml", 1, 5, "'Our Rules' is not a usable rulebook id", "lowercase"),
    "not_a_mapping": ("not_a_mapping.yaml", 1, 1, "a rulebook is a mapping of `key: value` lines", "id:"),
}


def test_every_fixture_has_a_case() -> None:
    names = {path.stem for path in BROKEN.glob("*.yaml")}
    assert names - {"cycle_b"} == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_rulebook_says_what_and_where(name: str) -> None:
    file, line, column, message, hint = CASES[name]
    with pytest.raises(RulebookError) as caught:
        load_rulebook(str(BROKEN / f"{name}.yaml"))
    problems = caught.value.problems
    assert len(problems) == 1, caught.value.render()
    problem = problems[0]
    assert Path(problem.file).name == file
    assert message in problem.message
    assert (problem.line, problem.column) == (line, column), problem.render()
    assert hint in problem.hint
    if problem.line:
        assert problem.source_line, "the excerpt shows the line as written"


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_command_reports_without_traceback(name: str) -> None:
    result = CliRunner().invoke(app, ["rulebook", "check", str(BROKEN / f"{name}.yaml")])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"{CASES[name][0]}:{CASES[name][1]}:" in result.output


def test_all_problems_are_reported_together() -> None:
    text = """\
id: house
title: House rules
extends: scarne
irregularities:
  misdeal:
    - id: 2
      when: {pot_opend: yes}
      then: {remedy: misdael}
      cite: house rule
      summary: x
  verbal-bet:
    - id: 1
      when: {in_turn: maybe}
      then: verbal-binding
      summary: y
"""
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    messages = [problem.message for problem in caught.value.problems]
    assert messages == [
        "unknown fact 'pot_opend' in irregularities.misdeal[id 2].when",
        "unknown remedy 'misdael' in irregularities.misdeal[id 2].then",
        "irregularities.verbal-bet[id 1].when.in_turn takes yes or no, not 'maybe'",
    ]
    assert [problem.line for problem in caught.value.problems] == [7, 8, 13]


def test_problems_in_a_parent_file_name_that_file(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "id: base\ntitle: Base\nextends: scarne\ngame: {draw: {max_card: 4}}\n"
    )
    (tmp_path / "house.yaml").write_text("id: house\ntitle: House\nextends: base.yaml\n")
    with pytest.raises(RulebookError) as caught:
        load_rulebook(str(tmp_path / "house.yaml"))
    (problem,) = caught.value.problems
    assert Path(problem.file).name == "base.yaml" and problem.line == 4
    assert problem.message == "unknown key 'max_card' in game.draw"
    assert "did you mean 'max_cards'?" in problem.hint


def test_a_missing_file_or_name() -> None:
    with pytest.raises(RulebookError, match="neither a bundled rulebook nor a file") as caught:
        load_rulebook("scarn")
    assert "did you mean 'scarne'?" in caught.value.problems[0].hint
    with pytest.raises(RulebookError, match="no such file"):
        load_rulebook("nowhere/house.yaml")


def test_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.yaml").write_text("# nothing yet\n")
    with pytest.raises(RulebookError, match="the file is empty"):
        load_rulebook(str(tmp_path / "empty.yaml"))


@pytest.mark.parametrize(
    "text",
    [
        "id: x\ntitle: [1, 2\n",
        "\t- a\n",
        "id: x\n---\nid: y\n",
        "a: &a [*a]\n",
        "a: " + "[" * 200 + "]" * 200 + "\n",
        "? [a, b]\n: c\n",
        "id: !!binary aGVsbG8=\n",
        "x: *nothing\n",
        "yes: 1\n",
        "id: x\n<<: {title: t}\n",
    ],
)
def test_odd_yaml_never_raises_anything_but_a_rulebook_error(text: str) -> None:
    with pytest.raises(RulebookError) as caught:
        load_text(text, "odd.yaml")
    assert caught.value.problems and all(p.file == "odd.yaml" for p in caught.value.problems)


FRIDAY_TEXT = (Path(__file__).parents[1] / "rulebooks" / "examples" / "friday-night.yaml").read_text()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mangled_house_file_never_raises_anything_else(data: st.DataObject) -> None:
    """Whatever an editor does to a house file, loading it ends in a rulebook or a RulebookError."""
    text = FRIDAY_TEXT
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 12))
        pieces = ["", " ", "\n", ":", "- ", "{", "]", "&a ", "*a", "!!str ", "yes", "9"]
        insert = data.draw(st.sampled_from(pieces))
        text = text[:at] + insert + text[at + cut :]
    try:
        load_text(text, "mangled.yaml")
    except RulebookError as error:
        assert error.problems and all(problem.message for problem in error.problems)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_rulebook_or_a_rulebook_error(text: str) -> None:
    with contextlib.suppress(RulebookError):
        load_text(text, "any.yaml")


def test_a_row_whose_then_was_lost_says_so_though_another_key_holds_a_remedy() -> None:
    """Found by the mangling test: ``{id: raise-not-allowed, ...}`` (the ``id: 1, then:`` cut out)
    has a remedy under a valid key. That key is no misspelt ``then`` (it has no problem of its own),
    so the missing ``then`` is still reported, with file, line and hint, never an empty error."""
    text = FRIDAY_TEXT.replace("{id: 1, then: raise-not-allowed,", "{id: raise-not-allowed,", 1)
    assert text != FRIDAY_TEXT
    with pytest.raises(RulebookError) as caught:
        load_text(text, "mangled.yaml")
    [problem] = caught.value.problems
    assert "needs the key 'then'" in problem.message
    assert problem.file == "mangled.yaml" and problem.line == 17
    assert "then:" in problem.hint


_DANGLING = """\
id: dangling
extends: pagat
irregularities:
  foul-hand:
    - id: 2
      then: {remedy: hand-dead, chips: stay}
      source: silent
      fallback: "FALLBACK"
      summary: A hand of more or fewer than five cards at the showdown is foul.
"""


@pytest.mark.parametrize(
    ("fallback", "message"),
    [
        # The fuzz run's case 6175: a fallback naming a bundled row that does not exist broke
        # `rule -r` and `rulebook show` with a traceback while `rulebook check` refused the file.
        (
            "scarne:foul-hand/1000000000000000000000000000000",
            "scarne has no row 1000000000000000000000000000000",
        ),
        # A book silent and its own source at once (issue 24): refused, not printed as a row id.
        ("dangling:foul-hand/2", "names a row of this same rulebook"),
        ("dangling:foul-hand/1", "names a row of this same rulebook"),
    ],
)
def test_a_fallback_that_cannot_be_followed_is_refused_wherever_the_book_is_read(
    tmp_path: Path, fallback: str, message: str
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(_DANGLING.replace("FALLBACK", fallback), encoding="utf-8")
    scenario = (
        Path(__file__).parents[1]
        / "scenarios"
        / "show-foul-hand-counted-before-the-pot-is-taken-hand-dead.log"
    )
    runner = CliRunner()
    for args in (
        ["rulebook", "check", str(house)],
        ["rulebook", "show", str(house)],
        ["rule", str(scenario), "-r", str(house)],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.output and "Traceback" not in result.output, (args, result.output)
        # Like every other rulebook error: file:line:column of the row's fallback, and the line.
        assert f"{house}:8:17: " in result.output, (args, result.output)
        assert f'fallback: "{fallback}"' in result.output, (args, result.output)
    with pytest.raises(RulebookError) as raised:
        load_text(house.read_text(encoding="utf-8"), str(house))
    [problem] = raised.value.problems
    assert (problem.file, problem.line, problem.column) == (str(house), 8, 17)
    assert problem.source_line.strip() == f'fallback: "{fallback}"'


def test_a_fallback_refusal_points_at_the_row_in_the_parent_file_it_was_written_in(tmp_path: Path) -> None:
    """A row inherited from a house parent is refused at the parent's line, not the child's."""
    (tmp_path / "parent.yaml").write_text(
        _DANGLING.replace("FALLBACK", "scarne:foul-hand/99").replace("id: dangling", "id: parent"),
        encoding="utf-8",
    )
    child = tmp_path / "child.yaml"
    child.write_text("id: child\nextends: parent.yaml\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["rulebook", "check", str(child)])
    assert result.exit_code == 1, result.output
    assert f"{tmp_path / 'parent.yaml'}:8:17: " in result.output, result.output
    assert "scarne has no row 99 in foul-hand" in result.output


def test_a_cite_with_a_range_past_any_section_is_a_check_error_not_a_crash(tmp_path: Path) -> None:
    # The long fuzz run's case 8586: "sentences 1-1000...0" listed every number and overflowed.
    house = tmp_path / "house.yaml"
    far = "1" + "0" * 400
    text = _DANGLING.replace('source: silent\n      fallback: "FALLBACK"', "source: cited\n      cite: CITE")
    cite = f'"004_7408ae36b5f3553f.txt, Laws of Draw Poker, Showing openers, sentences 1-{far}"'
    house.write_text(text.replace("CITE", cite), encoding="utf-8")
    result = CliRunner().invoke(app, ["rulebook", "check", str(house)])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert far in result.output  # the far end is named as not in the source
