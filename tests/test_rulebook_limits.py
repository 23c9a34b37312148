"""Hardened rulebook loading: hard limits, names that may not lead anywhere, rulebooks with holes.

Whatever a rulebook file holds and whatever a log's ``rulebook:`` line names, loading ends in a
rulebook or in a ``RulebookError`` that names file, line and column, says what was expected and
gives a hint — never a traceback, never a crash of the YAML parser, and never a line of a file the
name was not allowed to lead to.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.errors import Problem, RulebookError
from referee.rulebook import decide, load_rulebook, load_text
from referee.rulebook.decisions import NoRuleError
from referee.rulebook.load import bundled_rulebooks, check_file, rulebook_for_log
from referee.rulebook.model import MissingTableError, Rulebook
from referee.rulebook.vocabulary import Kind
from referee.rulebook.yamlsafe import (
    MAX_ALIASES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_KEY_CHARS,
    MAX_NODES,
    MAX_SCALAR_CHARS,
    parse_yaml,
)

SECRET = "TOP-SECRET-CONTENT-7d3f"
"""Written into files a name must not lead to: it must never appear in any message."""

HAND = """\
# Dee bets out of turn: the rulebook is asked about out-of-turn.
game: jacks-or-better
rulebook: {rulebook}
seats: Ann, Bob, Cy, Dee
dealer: Dee
ante: 1
limit: 2/4

antes
deal
Ann checks
Dee bets 2
Bob checks
Cy opens 2
Dee calls
Ann folds
Bob folds
"""

PARTIAL = """\
id: tiny
title: Tiny house rules
status: partial
irregularities:
  wrong-dealer:
    - {id: 1, then: play-on, cite: house rule, summary: The deal stands.}
"""


def refused(load: object, *args: object, **kwargs: object) -> Problem:
    """The one problem a load is refused with (and it says where and gives a hint)."""
    assert callable(load)
    with pytest.raises(RulebookError) as caught:
        load(*args, **kwargs)
    problems = caught.value.problems
    assert len(problems) == 1, caught.value.render()
    assert SECRET not in caught.value.render()
    return problems[0]


def problem_in(text: str, file: str = "house.yaml") -> Problem:
    return refused(load_text, text, file)


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command line in a fresh interpreter, so a crash would show as its exit code."""
    return subprocess.run(
        [sys.executable, "-c", "from referee.cli import main; main()", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


# --- hard limits ----------------------------------------------------------------------------------


def nested(depth: int) -> str:
    return "id: x\ntitle: " + "[" * depth + "]" * depth + "\n"


def test_nesting_up_to_the_limit_reads() -> None:
    parsed, problems = parse_yaml("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n", "deep.yaml")
    assert parsed is not None and not problems


def test_nesting_past_the_limit_is_refused_where_it_is_crossed() -> None:
    problem = problem_in(nested(MAX_DEPTH + 1))
    assert problem.message == f"values nested more than {MAX_DEPTH} deep"
    assert (problem.file, problem.line, problem.column) == (
        "house.yaml",
        2,
        7 + MAX_DEPTH,
    )  # the root mapping is the first level
    assert "indentation" in problem.hint and problem.source_line.startswith("title: [[[")


def test_block_nesting_past_the_limit_is_refused() -> None:
    text = (
        "id: x\ntitle: T\ngame:\n"
        + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(80))
        + "  " * 41
        + "x\n"
    )
    problem = problem_in(text)
    assert problem.message == f"values nested more than {MAX_DEPTH} deep"
    assert (problem.line, problem.column) == (3 + MAX_DEPTH, 1 + MAX_DEPTH)  # under `game:`, level 2


def test_a_hundred_thousand_brackets_on_many_lines_are_refused_in_process() -> None:
    """No recursion runs before the depth is checked: this used to be a RecursionError or a segfault."""
    problem = problem_in("id: x\ntitle:\n" + " [\n" * 100_000)
    assert problem.message == f"values nested more than {MAX_DEPTH} deep"
    assert (problem.line, problem.column) == (2 + MAX_DEPTH, 2)


def test_too_many_values_without_aliases() -> None:
    text = "id: x\ntitle: T\nsilent_on:\n" + "- a\n" * (MAX_NODES + 1)
    problem = problem_in(text)
    assert problem.message.startswith("the file holds 50,00")
    assert f"a rulebook holds at most {MAX_NODES:,}" in problem.message
    assert "is this a rulebook?" in problem.hint


def test_too_many_aliases() -> None:
    text = "id: x\ntitle: &t T\nsilent_on:\n" + "- *t\n" * (MAX_ALIASES + 1)
    problem = problem_in(text)
    assert problem.message == f"more than {MAX_ALIASES:,} aliases (*name)"
    assert (problem.line, problem.column) == (4 + MAX_ALIASES, 3)


def test_an_alias_bomb_is_refused_after_bounded_work() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    problem = problem_in("\n".join(lines) + "\n")
    assert "through its aliases (an alias bomb?)" in problem.message
    assert problem.line == 5  # a4 is the first value past 50,000: 111,111 values


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: &a [*a]\n", "an alias refers to the value that contains it"),
        ("a: *nothing\n", "the alias *nothing names no anchor written before it"),
        ("a: &x 1\nb: &x 2\n", "the anchor &x is defined twice (first on line 1)"),
    ],
)
def test_odd_aliases(text: str, message: str) -> None:
    assert problem_in(text).message == message


def test_a_value_too_long() -> None:
    body = "".join("    " + "x" * 99 + "\n" for _ in range(MAX_SCALAR_CHARS // 100 + 1))
    problem = problem_in("id: x\ntitle: T\nsilent_on:\n  - |\n" + body)
    assert problem.message.startswith("a value of 10,1")
    assert problem.message.endswith(f"holds at most {MAX_SCALAR_CHARS:,}")
    assert (problem.line, problem.column) == (4, 5)


def test_a_key_too_long_is_no_plain_word() -> None:
    problem = problem_in(PARTIAL + "k" * (MAX_KEY_CHARS + 1) + ": 1\n")
    assert (problem.message, problem.line, problem.column) == ("a key must be a plain word", 7, 1)


def test_a_number_too_long() -> None:
    digits = "9" * (MAX_INT_DIGITS + 1)
    problem = problem_in(f"id: x\ntitle: T\ngame:\n  draw:\n    max_cards: {digits}\n")
    assert (
        problem.message == f"a number of {MAX_INT_DIGITS + 1} digits; a number in a rulebook has at most 20"
    )
    assert (problem.line, problem.column) == (5, 16)
    assert "quote it if it is text" in problem.hint


def test_a_number_of_twenty_digits_reads() -> None:
    parsed, problems = parse_yaml("a: " + "9" * MAX_INT_DIGITS + "\nb: -0x" + "f" * 20 + "\n", "n.yaml")
    assert parsed is not None and not problems
    assert parsed.data == {"a": int("9" * 20), "b": -int("f" * 20, 16)}


@pytest.mark.parametrize("value", ["0b_", "0x_", "!!int ''", "!!int ten", "!!float x"])
def test_a_number_yaml_cannot_read(value: str) -> None:
    problem = problem_in(PARTIAL + f"default_game: {value}\n")
    assert "reads as a number but is not one" in problem.message
    assert (problem.line, problem.column) == (7, 15)


def test_a_file_too_large(tmp_path: Path) -> None:
    house = tmp_path / "huge.yaml"
    house.write_text("id: x\ntitle: T\nsilent_on:\n" + ("- " + "y" * 98 + "\n") * 11_000)
    problem = refused(load_rulebook, str(house))
    assert "larger than 1 MB" in problem.message and problem.file == str(house)
    assert "larger than 1,024 KB" in problem_in(house.read_text()).message


def test_control_characters_in_a_rulebook(tmp_path: Path) -> None:
    house = tmp_path / "nul.yaml"
    house.write_bytes(b"id: x\ntitle: T\x00x\n")
    problem = refused(load_rulebook, str(house))
    assert (problem.message, problem.line, problem.column) == (
        "a control character (U+0000) is not text",
        2,
        9,
    )
    assert problem_in("id: x\ntitle: T\x1bx\n").message == "a control character (U+001B) is not text"


def test_a_lone_surrogate_in_a_text_rulebook() -> None:
    problem = problem_in("id: x\ntitle: a\udc80b\n")
    assert (problem.message, problem.line, problem.column) == ("a character that is not text (U+DC80)", 2, 9)


WORDS = "[ ] { } , : - ? & * ~ yes 0b_ 0x1F --- id title extends scarne ../x.yaml irregularities misdeal"
TOKENS = [*WORDS.split(), ", ", ": ", "- ", "? ", "\n", "\n  ", " ", "&a ", "&b ", "*a", "*b", "!!int "]
TOKENS += ["!!str ", "!x ", "!!python/object:os.system ", "<<: ", "1" * 25, "'q'", '"\\0"', "|\n  t"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=80))
def test_any_arrangement_of_yaml_pieces_is_a_rulebook_or_a_rulebook_error(pieces: list[str]) -> None:
    try:
        load_text("".join(pieces), "any.yaml")
    except RulebookError as error:
        assert error.problems and all(
            problem.message and problem.file == "any.yaml" for problem in error.problems
        )


def test_every_bundled_rulebook_is_well_inside_every_limit() -> None:
    """A canary: the limits are far above what a real rulebook needs."""
    from importlib import resources

    for name in [*bundled_rulebooks(), "games"]:
        text = resources.files("referee.rulebooks").joinpath(f"{name}.yaml").read_text(encoding="utf-8")
        parsed, problems = parse_yaml(text, f"{name}.yaml")
        assert parsed is not None and not problems
        assert len(text) < 100_000


# --- the deepest inputs, through the real command line ---------------------------------------------

DEEP = {
    "flow-one-line.yaml": "a: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "flow-many-lines.yaml": "a:\n" + " [\n" * 100_000 + " ]\n" * 100_000,
    "mappings-many-lines.yaml": "a:\n" + " {a:\n" * 100_000 + " 1\n" + " }\n" * 100_000,
    "dashes-one-line.yaml": "- " * 100_000 + "x\n",
    "dashes-many-lines.yaml": ("- " * 1_900 + "x\n") * 2,
    "block-mappings.yaml": "".join(" " * i + f"k{i}:\n" for i in range(1_400)) + " " * 1_400 + "x\n",
    "block-mappings-past-1mb.yaml": "".join(" " * i + f"k{i}:\n" for i in range(2_000)),
}


@pytest.fixture(scope="module")
def deep_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("deep")
    for name, text in DEEP.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_deep_nesting_exits_1_with_a_message_never_a_crash(deep_folder: Path) -> None:
    result = run_cli("rulebook", "check", *DEEP, cwd=deep_folder)
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr + result.stdout
    for name in DEEP:
        assert f"{name}: 1 problem" in result.stderr, result.stderr[-3000:]
    messages = result.stderr
    assert f"flow-many-lines.yaml:{1 + MAX_DEPTH}:2: values nested more than {MAX_DEPTH} deep" in messages
    assert f"mappings-many-lines.yaml:{1 + MAX_DEPTH}:2: values nested more than" in messages
    assert f"block-mappings.yaml:{MAX_DEPTH + 1}:{MAX_DEPTH + 1}: values nested more than" in messages
    assert f"dashes-many-lines.yaml:1:{2 * MAX_DEPTH + 1}: values nested more than" in messages
    assert "flow-one-line.yaml:1:4001: line 1 is 200,003 characters long" in messages
    assert "dashes-one-line.yaml:1:4001: line 1 is 200,001 characters long" in messages
    assert "block-mappings-past-1mb.yaml: the rulebook is larger than 1 MB" in messages


def test_deep_nesting_under_rule_exits_1(deep_folder: Path) -> None:
    (deep_folder / "hand.log").write_text(HAND.format(rulebook="scarne"), encoding="utf-8")
    for name in ("flow-many-lines.yaml", "block-mappings.yaml"):  # the same loader as `rulebook check`
        result = run_cli("rule", "hand.log", "-r", name, cwd=deep_folder)
        assert result.returncode == 1, (name, result.returncode, result.stderr[-2000:])
        assert f"{name}:" in result.stderr and "Traceback" not in result.stderr


def test_the_yaml_reader_itself_survives_any_depth(deep_folder: Path) -> None:
    """Past the text limits (as a caller that skips them would be): still a message, no crash.

    The behaviour is pinned, not the wording: which of our limits or the YAML library's own
    nesting guard (PyYAML 6.0.4 has one) speaks first is the library's business.
    """
    script = (
        "import sys; from pathlib import Path; from referee.rulebook.yamlsafe import parse_yaml\n"
        "for name in sys.argv[1:]:\n"
        "    parsed, problems = parse_yaml(Path(name).read_text(), name, checked=True)\n"
        "    print(parsed is None, len(problems), problems[0].render().splitlines()[0][:200])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, *DEEP],
        capture_output=True,
        text=True,
        cwd=deep_folder,
        timeout=120,
    )
    assert result.returncode == 0, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(DEEP), result.stdout[-2000:]
    for name, line in zip(DEEP, lines, strict=True):
        # no value, one problem, and its line names the file, line and column, then says what
        assert re.fullmatch(rf"True 1 {re.escape(name)}:\d+:\d+: \S.*", line), line


# --- what a name written in a file may lead to ----------------------------------------------------


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """``tmp/house/`` for house rules and logs, ``tmp/secret/`` beside it with files never to be read."""
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "secret.yaml").write_text(f"{SECRET}: 1\n")
    (secret / "secret").write_text(f"{SECRET}\n")
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "friday.yaml").write_text("id: friday\ntitle: Friday\nextends: scarne\n")
    (folder / "saturday.yml").write_text("id: saturday\ntitle: Saturday\nextends: casino\n")
    (folder / "outside.yaml").symlink_to(secret / "secret.yaml")
    (folder / "sub").mkdir()
    (folder / "sub" / "x.yaml").write_text(f"{SECRET}: 1\n")
    return folder


def child(folder: Path, extends: str) -> Path:
    path = folder / "ours.yaml"
    path.write_text(f'id: ours\ntitle: Ours\nextends: "{extends}"\n')
    return path


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            "../secret/secret.yaml",
            "extends names the path '../secret/secret.yaml'; only a file in the same folder",
        ),
        ("../secret/secret", "extends names the path '../secret/secret'"),
        ("../../../../../../../../etc/passwd", "extends names the path '../../../../../../../../etc/passwd'"),
        ("sub/x.yaml", "extends names the path 'sub/x.yaml'"),
        ("./friday.yaml", "extends names the path './friday.yaml'"),
        ("..", "extends names the path '..'"),
        (".friday.yaml", "extends names the path '.friday.yaml'"),
        ("sub\\\\x.yaml", "extends names the path 'sub\\\\x.yaml'"),
        ("C:friday.yaml", "extends names the path 'C:friday.yaml'"),
        (
            "outside.yaml",
            "extends names 'outside.yaml', a link to a file outside the folder of this rulebook",
        ),
        ("fri day", "extends names 'fri day', which is not a file name"),
        ("a\\0b.yaml", "extends names 'a\\x00b.yaml', which holds a NUL character; no rulebook name does"),
        ("a\\eb.yaml", "extends names 'a\\x1bb.yaml', which holds the character U+001B"),
        ("x" * 101, "extends names a rulebook of 101 characters"),
        ("sunday", "extends names 'sunday', which is not a bundled rulebook, and there is no sunday.yaml or"),
        ("sub", "extends names 'sub', which is not a bundled rulebook, and there is no sub.yaml or sub.yml"),
    ],
)
def test_extends_may_name_only_a_bundled_rulebook_or_a_file_beside_it(
    house: Path, written: str, message: str
) -> None:
    problem = refused(load_rulebook, str(child(house, written)))
    assert message in problem.message
    assert (Path(problem.file).name, problem.line, problem.column) == ("ours.yaml", 3, 10)
    assert problem.source_line.startswith("extends: ")
    assert "`extends:` names a bundled rulebook (bicycle, casino, pagat, parlour, scarne)" in problem.hint
    assert "or a .yaml file in the same folder as this rulebook" in problem.hint


def test_an_absolute_path_is_refused(house: Path) -> None:
    written = str(house.parent / "secret" / "secret.yaml")
    problem = refused(load_rulebook, str(child(house, written)))
    assert problem.message.startswith("extends names the path '/")


@pytest.mark.parametrize(
    ("written", "lineage"), [("friday.yaml", "friday"), ("friday", "friday"), ("saturday", "saturday")]
)
def test_extends_a_file_beside_it_by_name_with_or_without_yaml(
    house: Path, written: str, lineage: str
) -> None:
    book = load_rulebook(str(child(house, written)))
    assert book.lineage[:2] == ("ours", lineage)


def test_a_link_to_a_file_in_the_same_folder_is_fine(house: Path) -> None:
    (house / "alias.yaml").symlink_to(house / "friday.yaml")
    assert load_rulebook(str(child(house, "alias.yaml"))).lineage == ("ours", "friday", "scarne")


def test_a_bundled_name_wins_over_a_file_of_that_name(house: Path) -> None:
    (house / "casino.yaml").write_text(f"{SECRET}: 1\n")
    assert load_rulebook(str(child(house, "casino"))).lineage == ("ours", "casino")


def test_a_link_that_goes_round_in_a_circle(house: Path) -> None:
    (house / "loop1.yaml").symlink_to(house / "loop2.yaml")
    (house / "loop2.yaml").symlink_to(house / "loop1.yaml")
    problem = refused(load_rulebook, str(child(house, "loop1.yaml")))
    assert (
        problem.message
        == "extends names 'loop1.yaml', which is a link that leads nowhere or goes round in a circle"
    )
    problem = refused(load_rulebook, str(house / "loop1.yaml"))
    assert (
        "Too many levels of symbolic links" in problem.message or "goes round in a circle" in problem.message
    )


def test_extends_round_in_a_circle_through_a_link(house: Path) -> None:
    (house / "a.yaml").write_text("id: a\ntitle: A\nextends: b.yaml\n")
    (house / "b.yaml").symlink_to(house / "a.yaml")
    problem = refused(load_rulebook, str(house / "a.yaml"))
    assert problem.message == "extends goes round in a circle: a.yaml → b.yaml (the same file as a.yaml)"
    assert "must not extend the other" in problem.hint


def test_a_chain_too_long(tmp_path: Path) -> None:
    for index in range(15):
        (tmp_path / f"r{index}.yaml").write_text(f"id: r{index}\ntitle: R\nextends: r{index + 1}.yaml\n")
    (tmp_path / "r15.yaml").write_text("id: r15\ntitle: R\nextends: scarne\n")
    problem = refused(load_rulebook, str(tmp_path / "r0.yaml"))
    assert problem.message == "more than 12 rulebooks extend one another"


def test_a_bundled_name_or_a_file_in_a_text_rulebook_only_with_a_folder(house: Path) -> None:
    text = "id: ours\ntitle: Ours\nextends: friday.yaml\n"
    problem = problem_in(text)
    assert problem.message == (
        "extends names 'friday.yaml', which is not a bundled rulebook "
        "(a rulebook given as text has no folder to read another from)"
    )
    assert load_text(text, "ours.yaml", folder=house).lineage == ("ours", "friday", "scarne")


def test_a_path_typed_by_the_user_may_be_anywhere(house: Path) -> None:
    (house.parent / "secret" / "mine.yaml").write_text("id: mine\ntitle: Mine\nextends: scarne\n")
    assert load_rulebook(str(house.parent / "secret" / "mine.yaml")).id == "mine"


def test_odd_names_typed_by_the_user(tmp_path: Path) -> None:
    problem = refused(load_rulebook, "house\x00.yaml")
    assert problem.message == "'house\\x00.yaml' cannot name a rulebook: it holds a NUL character"
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "nowhere.yaml")
    problem = refused(load_rulebook, str(tmp_path / "dangling.yaml"))
    assert "a link that leads nowhere or goes round in a circle" in problem.message
    problem = refused(load_rulebook, str(tmp_path))
    assert "is a folder, not a rulebook file" in problem.message


# --- choosing the rulebook for a log ---------------------------------------------------------------


def for_log(name: str | None, folder: Path | None, override: str | None = None) -> Rulebook:
    text = HAND.format(rulebook=name)
    return rulebook_for_log(name, override, folder, log_file="hand.log", line=3, column=1, log_text=text)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("../secret/secret.yaml", "the log's `rulebook:` line names the path '../secret/secret.yaml'"),
        ("../../../../../../../../etc/hostname", "the log's `rulebook:` line names the path '../../../"),
        (
            "outside.yaml",
            "the log's `rulebook:` line names 'outside.yaml', a link to a file outside the folder",
        ),
        (
            "secret",
            "the log's `rulebook:` line names 'secret', which is not a bundled rulebook, and there is no",
        ),
        ("sub/x.yaml", "the log's `rulebook:` line names the path 'sub/x.yaml'"),
    ],
)
def test_a_logs_rulebook_line_may_name_only_a_bundled_rulebook_or_a_file_beside_it(
    house: Path, written: str, message: str
) -> None:
    problem = refused(for_log, written, house)
    assert problem.message.startswith(message)
    assert (problem.file, problem.line, problem.column) == ("hand.log", 3, 11)
    assert problem.end_column == 11 + len(written)
    assert problem.source_line == f"rulebook: {written}"
    assert "or a .yaml file in the same folder as this log" in problem.hint


def test_an_absolute_path_in_a_log_is_refused(house: Path) -> None:
    written = str(house.parent / "secret" / "secret.yaml")
    assert refused(for_log, written, house).message.startswith("the log's `rulebook:` line names the path")


def test_a_log_from_standard_input_names_only_bundled_rulebooks(house: Path) -> None:
    problem = refused(for_log, "friday.yaml", None)
    assert problem.message == (
        "the log's `rulebook:` line names 'friday.yaml', which is not a bundled rulebook "
        "(a log read from standard input can name only a bundled rulebook)"
    )
    assert "give a house-rule file with -r FILE" in problem.hint
    assert for_log("casino", None).id == "casino"


def test_the_rulebook_for_a_log(house: Path) -> None:
    assert for_log("friday", house).id == "friday"
    assert for_log("saturday.yml", house).id == "saturday"
    assert for_log("pagat", house).id == "pagat"
    assert for_log(None, None).id == "scarne"
    mine = house.parent / "secret" / "mine.yaml"
    mine.write_text("id: mine\ntitle: Mine\nextends: bicycle\n")
    assert for_log("../secret/secret.yaml", None, override=str(mine)).id == "mine"
    assert for_log("friday", None, override="parlour").id == "parlour"


def test_a_house_file_beside_the_log_is_named_as_the_log_was(
    house: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (house / "broken.yaml").write_text("id: broken\ntitle: B\nextends: scarne\ngame: {draw: {max_card: 4}}\n")
    monkeypatch.chdir(house.parent)
    text = HAND.format(rulebook="broken")
    with pytest.raises(RulebookError) as caught:
        rulebook_for_log("broken", None, house, log_file="house/hand.log", line=3, column=1, log_text=text)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line) == (os.path.join("house", "broken.yaml"), 4)


def test_rule_never_reads_what_a_logs_rulebook_line_points_outside(house: Path) -> None:
    (house / "hand.log").write_text(HAND.format(rulebook="../secret/secret.yaml"), encoding="utf-8")
    result = CliRunner().invoke(app, ["rule", str(house / "hand.log")])
    assert result.exit_code == 1
    assert SECRET not in result.output
    assert "names the path '../secret/secret.yaml'" in result.output


# --- rulebooks with holes -------------------------------------------------------------------------


def test_a_partial_rulebook_loads_for_show_but_not_for_play(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(PARTIAL)
    assert load_rulebook(str(tmp_path / "tiny.yaml")).covers("wrong-dealer")
    problem = refused(load_rulebook, str(tmp_path / "tiny.yaml"), for_play=True)
    assert problem.message.startswith(
        "this rulebook (status: partial) has no table for misdeal, cut-irregularity,"
    )
    assert problem.message.endswith(
        f"{list(Kind)[-1].value}: the referee could not rule a hand where one of them happens"
    )
    assert "wrong-dealer" not in problem.message
    assert (problem.line, problem.column, problem.source_line) == (4, 1, "irregularities:")
    assert problem.hint == (
        "add `extends: scarne` (or another bundled rulebook) to take the missing tables from, "
        "or a table for each of them"
    )


def test_one_missing_table_is_named_in_the_hint(tmp_path: Path) -> None:
    tables = "".join(
        f"  {kind.value}:\n    - {{id: 1, then: play-on, cite: house rule, summary: Play on.}}\n"
        for kind in Kind
        if kind is not Kind.MISDEAL
    )
    (tmp_path / "almost.yaml").write_text(
        f"id: almost\ntitle: Almost\nstatus: partial\nirregularities:\n{tables}"
    )
    problem = refused(load_rulebook, str(tmp_path / "almost.yaml"), for_play=True)
    assert problem.message == (
        "this rulebook (status: partial) has no table for misdeal: "
        "the referee could not rule a hand where it happens"
    )
    assert problem.hint == (
        "add `extends: scarne` (or another bundled rulebook) to take the missing tables from, "
        "or a table for `misdeal`"
    )


def test_rulebook_check_reports_the_holes(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(PARTIAL)
    problem = refused(check_file, tmp_path / "tiny.yaml")
    assert "has no table for misdeal" in problem.message
    result = CliRunner().invoke(app, ["rulebook", "check", str(tmp_path / "tiny.yaml")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "tiny.yaml:4:1: this rulebook (status: partial) has no table for misdeal" in result.output
    (tmp_path / "whole.yaml").write_text("id: whole\ntitle: Whole\nstatus: partial\nextends: scarne\n")
    assert check_file(tmp_path / "whole.yaml").startswith(f"whole, {len(Kind)} irregularities")


def test_a_rulebook_with_a_hole_is_refused_before_play(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(PARTIAL)
    problem = refused(for_log, "tiny", tmp_path)
    assert "has no table for misdeal" in problem.message
    problem = refused(for_log, None, None, override=str(tmp_path / "tiny.yaml"))
    assert "has no table for misdeal" in problem.message


def test_a_hole_met_during_play_is_a_plain_error_not_a_crash(tmp_path: Path) -> None:
    """Even when a partial rulebook is loaded without for_play, a hand never crashes on its hole."""
    from referee.engine import rule_log
    from referee.log import parse_log

    book = load_text(PARTIAL, "tiny.yaml")
    text = HAND.format(rulebook="scarne")
    with pytest.raises(NoRuleError) as caught:
        rule_log(parse_log(text, "hand.log"), text, book)
    assert isinstance(caught.value, RulebookError) and isinstance(caught.value, MissingTableError)
    (problem,) = caught.value.problems
    assert problem.message.startswith("this rulebook has no rule for out-of-turn")
    assert problem.hint.startswith("add `extends: scarne` or a table for `out-of-turn`")
    with pytest.raises(MissingTableError, match="no table for 'misdeal'"):
        decide(
            book,
            "misdeal",
            {
                "phase": "deal",
                "pot_opened": False,
                "betting_started": False,
                "actions_taken": 0,
                "misdeals_by_this_dealer": 0,
            },
        )


def test_rule_with_a_partial_rulebook_exits_1(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(PARTIAL)
    (tmp_path / "hand.log").write_text(HAND.format(rulebook="scarne"))
    result = CliRunner().invoke(app, ["rule", str(tmp_path / "hand.log"), "-r", str(tmp_path / "tiny.yaml")])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "no rule for out-of-turn" in result.output or "has no table for misdeal" in result.output
