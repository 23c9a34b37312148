"""The mistakes people make writing house rules get plain-words messages in their own file.

Each file under ``rulebooks_broken/mistakes/`` holds one typical mistake: a key indented one
step off, a misspelt key, a row id written twice. The problem must name the author's file, line
and column, say what is wrong in words, and hint at the fix — never a raw YAML parser message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import RulebookError
from referee.rulebook import load_rulebook

MISTAKES = Path(__file__).parent / "rulebooks_broken" / "mistakes"

# file, (line, column, message, hint)
CASES: dict[str, tuple[int, int, str, str]] = {
    "cite_indented_too_little": (
        8,
        6,
        "`cite:` does not line up with the other keys of its row",
        "indent `cite:` by 6 spaces, like `then:` on line 7",
    ),
    "summary_indented_too_much": (
        9,
        9,
        "`summary:` does not line up with the other keys of its row",
        "indent `summary:` by 6 spaces, like `cite:` on line 8",
    ),
    "cite_under_the_dash": (
        10,
        5,
        "`cite:` does not line up with the other keys of its row",
        "indent `cite:` by 6 spaces, like `then:` on line 9",
    ),
    "remedy_misspelt": (
        8,
        14,
        "unknown key 'remdy' in irregularities.misdeal[id 7].then",
        "did you mean 'remedy'? write `{remedy: misdeal, ...}`",
    ),
    "then_misspelt_as_remedy": (
        7,
        7,
        "unknown key 'remdy' in irregularities.raise-cap[id 1]: a row's remedy is written under `then:`",
        "did you mean `then: raise-not-allowed`?",
    ),
    "summary_misspelt": (
        9,
        7,
        "unknown key 'sumary' in irregularities.raise-cap[id 1]",
        "did you mean 'summary'?",
    ),
    "duplicate_row_id_in_house_rules": (
        11,
        7,
        "duplicate row id '7' in misdeal: row '7' is already written at line 6",
        "give each row its own id",
    ),
    "duplicate_row_id_twice_inherited": (
        10,
        7,
        "duplicate row id '2' in misdeal: row '2' is already written at line 6",
        "to change an inherited row, write it once",
    ),
    "extends_house_with_duplicate": (
        7,
        8,
        "duplicate row id '1' in raise-cap: row '1' is already written at line 6",
        "give each row its own id",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_typical_mistake_is_said_in_words_where_it_was_made(name: str) -> None:
    line, column, message, hint = CASES[name]
    with pytest.raises(RulebookError) as caught:
        load_rulebook(str(MISTAKES / f"{name}.yaml"))
    problems = caught.value.problems
    assert len(problems) == 1, caught.value.render()
    problem = problems[0]
    assert Path(problem.file).name == f"{name}.yaml", "reported in the author's own file"
    assert (problem.line, problem.column, problem.message) == (line, column, message), problem.render()
    assert hint in problem.hint
    assert "YAML syntax" not in problem.message
    assert problem.source_line.strip()


def test_a_row_key_at_the_level_of_the_tables_says_where_it_belongs() -> None:
    with pytest.raises(RulebookError) as caught:
        load_rulebook(str(MISTAKES / "summary_at_table_level.yaml"))
    by_line = {problem.line: problem for problem in caught.value.problems}
    assert by_line[9].message.startswith("unknown irregularity 'summary'")
    assert "`summary:` belongs to a row: indent it" in by_line[9].hint


def test_the_house_file_it_extends_is_fine() -> None:
    """The duplicate is the nephew's, so the base file it extends loads."""
    assert load_rulebook(str(MISTAKES / "base_house.yaml")).id == "base-house"


def test_a_mapping_key_indented_too_far_outside_rows() -> None:
    from referee.rulebook import load_text

    text = "id: house\ntitle: House\ngame:\n  betting:\n    check_raise: yes\n      raise_cap: {raises: 3}\n"
    with pytest.raises(RulebookError) as caught:
        load_text(text, "house.yaml")
    [problem] = caught.value.problems
    assert (problem.line, problem.column) == (6, 7)
    assert problem.message == "`raise_cap:` is indented more than `check_raise:` above it"
    assert "indent `raise_cap:` by 4 spaces, like `check_raise:` on line 5" in problem.hint


def test_other_syntax_errors_keep_the_parser_words() -> None:
    from referee.rulebook import load_text

    with pytest.raises(RulebookError) as caught:
        load_text("id: house\ntitle: [House\n", "house.yaml")
    assert caught.value.problems[0].message.startswith("YAML syntax:")


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_prints_it_with_file_line_and_column(name: str) -> None:
    line, column, message, _ = CASES[name]
    result = CliRunner().invoke(app, ["rulebook", "check", str(MISTAKES / f"{name}.yaml")])
    assert result.exit_code == 1
    assert f"{name}.yaml:{line}:{column}: {message}" in result.output
    assert "Traceback" not in result.output
