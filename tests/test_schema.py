"""The rulebook JSON Schema, checked by a real validator reading YAML as editors read it (1.2).

yaml-language-server and check-jsonschema read YAML 1.2, where ``yes``/``no``/``on``/``off`` are
words, not booleans; the referee reads 1.1, where they are booleans. Every bundled rulebook and
every YAML example in the README and docs/ must validate under 1.2 as well as load in the referee.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.rulebook import load_text
from referee.rulebook.schema import YES_NO_WORDS, rulebook_schema
from tests.helpers import documentation

jsonschema = pytest.importorskip("jsonschema", reason="the test extra installs jsonschema")
ruamel_yaml = pytest.importorskip("ruamel.yaml", reason="the test extra installs ruamel.yaml")

ROOT = Path(__file__).parent.parent
RULEBOOKS = ROOT / "referee" / "rulebooks"
BUNDLED = sorted(p for p in RULEBOOKS.rglob("*.yaml") if p.name != "games.yaml")
README_YAML = re.findall(r"^```yaml\n(.*?)^```", documentation(), re.M | re.S)
"""Every YAML example of the README and docs/ (docs/rulebooks.md has the house-rules file)."""


def yaml12(text: str) -> Any:
    """The document as an editor reads it: YAML 1.2 (ruamel's default)."""
    return ruamel_yaml.YAML(typ="safe", pure=True).load(io.StringIO(text))


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = rulebook_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(validator: Any, text: str) -> list[str]:
    """Every error, with those inside ``anyOf`` branches (where a table's row errors end up)."""
    found, stack = [], list(validator.iter_errors(yaml12(text)))
    while stack:
        error = stack.pop()
        found.append(f"{list(error.absolute_path)}: {error.message}")
        stack.extend(error.context or ())
    return found


def test_the_reader_is_yaml_1_2() -> None:
    """Otherwise the tests below would not test what editors do."""
    assert yaml12("a: yes\nb: off\nc: true\n") == {"a": "yes", "b": "off", "c": True}


def test_there_are_rulebooks_and_readme_examples_to_check() -> None:
    assert len(BUNDLED) >= 6
    assert README_YAML


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_rulebook_validates_under_yaml_1_2(validator: Any, path: Path) -> None:
    assert errors(validator, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("index", range(len(README_YAML)))
def test_every_readme_example_validates_and_loads(validator: Any, index: int) -> None:
    text = README_YAML[index]
    assert errors(validator, text) == []
    assert load_text(text, "README.md").tables()


HOUSE = """\
id: house
title: House rules
extends: scarne
game:
  betting: {check_raise: no}
irregularities:
  misdeal:
    - {id: 1, remove: yes}
  wrong-dealer:
    - id: 9
      when: {pot_opened: on, betting_started: off}
      then: play-on
      cite: house rule
      summary: Once the pot is opened the wrong dealer's deal stands.
"""


def test_yes_no_words_validate_and_mean_yes_and_no(validator: Any) -> None:
    assert errors(validator, HOUSE) == []
    book = load_text(HOUSE, "house.yaml")
    assert [row.id for row in book.table("misdeal")] == ["2"], "remove: yes dropped Scarne's row 1"
    row = next(row for row in book.table("wrong-dealer") if row.id == "9")
    assert row.when.pot_opened is True
    assert row.when.betting_started is False


@pytest.mark.parametrize("word", YES_NO_WORDS)
def test_each_yes_no_word_the_schema_accepts_the_referee_reads_as_yes_or_no(word: str) -> None:
    text = f"id: h\ntitle: H\nextends: scarne\ngame:\n  betting: {{check_raise: {word}}}\n"
    assert load_text(text, "h.yaml").game.betting is not None


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (HOUSE.replace("then: play-on", "then: play-onn"), "then"),
        (HOUSE.replace("betting_started: off", "betting_started: maybe"), "betting_started"),
        (HOUSE.replace("remove: yes", "remove: perhaps"), "remove"),
        (HOUSE.replace("summary:", "sumary:"), "sumary"),
        (HOUSE.replace("      then: play-on\n", ""), "'then' is a required property"),
    ],
)
def test_the_schema_still_refuses_mistakes(validator: Any, text: str, where: str) -> None:
    found = errors(validator, text)
    assert found
    assert any(where in error for error in found), found


def test_the_command_prints_the_same_schema() -> None:
    result = CliRunner().invoke(app, ["rulebook", "schema"])
    assert result.exit_code == 0
    assert json.loads(result.output) == rulebook_schema()
