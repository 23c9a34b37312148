"""``referee rulebook list / show / check / diff / new / schema`` as a user runs them."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from referee.cli import app
from referee.rulebook import bundled_rulebooks, load_rulebook
from referee.rulebook.schema import rulebook_schema
from referee.rulebook.vocabulary import Fact, Kind, RemedyId

runner = CliRunner()
FRIDAY = str(resources.files("referee.rulebooks.examples").joinpath("friday-night.yaml"))
BUNDLED = Path(str(resources.files("referee.rulebooks")))


def run(*args: str) -> Any:
    result = runner.invoke(app, ["rulebook", *args])
    assert "Traceback" not in result.output
    return result


def test_list_counts_cited_and_fallback_kinds() -> None:
    result = run("list")
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.output.splitlines() if line.strip()}
    for name in bundled_rulebooks():
        assert name in lines and "complete" in lines[name]
    # Every kind has a table; all but four are ruled by a row citing Scarne (the raise cap, a wrong
    # answer to "how many did you draw?", play by a player sitting out and coming back in after
    # passing under pass and out follow a fallback; too many players cites Scarne's "up to ten
    # players may play"; a pot declared open is Scarne's False Openers item 1, cited, not fallen
    # back on).
    cited = len(Kind) - 4
    assert re.search(rf"scarne\s.*complete\s+{cited}\s+4\s", result.output.replace("\n", " "))
    assert ".txt" not in result.output


def test_show_prints_rules_with_citations() -> None:
    result = run("show", "scarne")
    assert result.exit_code == 0, result.output
    assert "scarne:exposed-card/3" in result.output
    assert "Exposed Cards on the Draw, item 2" in result.output


def test_show_json() -> None:
    result = run("show", "bicycle", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["id"] == "bicycle" and len(data["irregularities"]) == len(Kind)
    first = data["irregularities"]["exposed-card"][0]
    assert first["rule"] == "bicycle:exposed-card/1"
    assert first["then"] == {"remedy": "card-dead", "replace": "after-draw"}
    assert first["cite"] == "Bicycle, Laws of Draw Poker, Card exposed, sentences 1-2"
    assert first["cites"] == [
        {
            "file": "004_7408ae36b5f3553f.txt",
            "source": "Bicycle",
            "section": "Laws of Draw Poker, Card exposed",
            "item": "sentences 1-2",
        }
    ]


def test_show_markdown_is_a_house_rules_sheet() -> None:
    result = run("show", "casino", "--markdown")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Casino card-room Draw Poker")
    assert "### Exposed card" in result.stdout
    assert (
        '**card-kept** — "Any card that is exposed by the dealer before the draw must be kept": the '
        "player it was dealt to keeps it, the second or third as much as the first"
    ) in result.stdout


def test_show_a_house_file_as_written_and_effective() -> None:
    own = json.loads(run("show", FRIDAY, "--json").stdout)
    full = json.loads(run("show", FRIDAY, "--json", "--effective").stdout)
    assert set(own["irregularities"]) == {"exposed-card", "raise-cap"}
    assert own["irregularities"]["exposed-card"][0]["rule"] == "friday-night:exposed-card/5"
    assert len(full["irregularities"]) == len(Kind)
    assert full["lineage"] == ["friday-night", "scarne"]
    assert full["game"]["betting"]["raise_cap"] == {"raises": 3, "heads_up_unlimited": True}


def test_show_an_unknown_rulebook() -> None:
    result = run("show", "scarn")
    assert result.exit_code == 1
    assert "'scarn' is neither a bundled rulebook nor a file" in result.output
    assert "did you mean 'scarne'?" in result.output


def test_check_good_files() -> None:
    files = [str(BUNDLED / f"{name}.yaml") for name in bundled_rulebooks()]
    result = run("check", *files, str(BUNDLED / "games.yaml"), FRIDAY)
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok (") == len(files) + 2


def test_check_takes_a_bundled_rulebook_by_name() -> None:
    result = run("check", *bundled_rulebooks())
    assert result.exit_code == 0, result.output
    for name in bundled_rulebooks():
        assert f"{name}: ok ({name}, " in result.output
    refused = run("check", "scarn")
    assert refused.exit_code == 1
    assert "scarn is not a rulebook file" in refused.output


def test_check_a_bad_file_among_good_ones(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "id: bad\ntitle: Bad\nextends: scarne\nirregularities:\n  misdeal:\n    - {id: 2, then: misdael}\n"
    )
    result = run("check", FRIDAY, str(bad))
    assert result.exit_code == 1
    assert "friday-night.yaml: ok" in result.output
    assert f"{bad}:6:" in result.output and "did you mean 'misdeal'?" in result.output


def test_diff_says_where_two_rulebooks_rule_differently() -> None:
    result = run("diff", "scarne", "casino")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert (
        "out-of-turn: when action in bet, call, raise and previous_bet_vs_out_of_turn = larger and "
        "action_changed = yes, scarne rules options (scarne:out-of-turn/5) but casino rules bet-withdrawn "
        "(casino:out-of-turn/2)."
    ) in text
    assert "draw.max_cards (in jacks-or-better): scarne says 3, casino says 4." in text


def test_diff_json_and_identical_rulebooks() -> None:
    result = run("diff", "scarne", FRIDAY, "--json")
    data = json.loads(result.stdout)
    assert data["irregularities"]["misdeal"] == []
    assert any(
        "friday-night rules card-dead (replace: after-draw)" in s
        for s in data["irregularities"]["exposed-card"]
    )
    same = json.loads(run("diff", "parlour", "parlour", "--json").stdout)
    assert same["game"] == [] and not any(same["irregularities"].values())


def test_new_writes_a_skeleton_that_validates(tmp_path: Path) -> None:
    out = tmp_path / "thursday.yaml"
    result = run("new", "thursday", "--extends", "bicycle", "-o", str(out))
    assert result.exit_code == 0, result.output
    book = load_rulebook(str(out))
    assert book.id == "thursday" and book.lineage == ("thursday", "bicycle")
    assert run("check", str(out)).exit_code == 0
    again = run("new", "thursday", "--extends", "bicycle", "-o", str(out))
    assert again.exit_code == 1 and "already exists" in again.output
    printed = run("new", "thursday", "--extends", "scarne")
    assert printed.exit_code == 0 and printed.stdout.startswith("# yaml-language-server: $schema=")


def test_new_skeleton_examples_validate_when_uncommented(tmp_path: Path) -> None:
    text = run("new", "thursday", "--extends", "scarne").stdout
    uncommented = re.sub(r"^([ ]+)# ", r"\1", text, flags=re.MULTILINE)
    path = tmp_path / "thursday.yaml"
    path.write_text(uncommented)
    book = load_rulebook(str(path))
    assert book.table("exposed-card")[0].id == "house-1"


def test_new_extends_a_house_file_beside_it_by_its_bare_name(tmp_path: Path) -> None:
    base = tmp_path / "friday.yaml"
    assert run("new", "friday", "--extends", "scarne", "-o", str(base)).exit_code == 0
    out = tmp_path / "saturday.yaml"
    result = run("new", "saturday", "--extends", str(base), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "extends: friday.yaml" in out.read_text()
    assert load_rulebook(str(out)).lineage == ("saturday", "friday", "scarne")
    (tmp_path / "elsewhere").mkdir()
    away = run("new", "sunday", "--extends", str(base), "-o", str(tmp_path / "elsewhere" / "sunday.yaml"))
    assert away.exit_code == 1 and "same folder" in away.output


def test_new_refuses_a_bad_name_or_base() -> None:
    assert run("new", "Our Rules", "--extends", "scarne").exit_code == 1
    result = run("new", "ours", "--extends", "scarn")
    assert result.exit_code == 1 and "did you mean 'scarne'?" in result.output


def test_schema_is_the_models_schema(tmp_path: Path) -> None:
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema == rulebook_schema()
    defs = schema["$defs"]
    assert set(defs["Irregularities"]["properties"]) == {kind.value for kind in Kind}
    assert set(defs["When"]["properties"]) == {fact.value for fact in Fact}
    remedies = {
        ref["$ref"].rsplit("/", 1)[1] for ref in defs["Row"]["properties"]["then"]["anyOf"][1]["oneOf"]
    }
    assert len(remedies) == len(RemedyId)
    out = tmp_path / "rulebook.schema.json"
    assert run("schema", "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text()) == schema


@pytest.mark.parametrize("name", [*bundled_rulebooks(), "friday-night"])
def test_bundled_files_validate_against_the_schema(name: str) -> None:
    path = Path(FRIDAY) if name == "friday-night" else BUNDLED / f"{name}.yaml"
    schema = rulebook_schema()
    assert validate(yaml.safe_load(path.read_text()), schema, schema) == []


def test_the_schema_rejects_what_the_loader_rejects() -> None:
    schema = rulebook_schema()
    bad = {
        "id": "x",
        "title": "X",
        "irregularities": {"misdeal": [{"id": 1, "then": "misdael", "summary": "s"}]},
    }
    assert validate(bad, schema, schema)
    typo = {"id": "x", "titel": "X"}
    assert validate(typo, schema, schema)


def validate(value: Any, node: dict[str, Any], root: dict[str, Any], path: str = "") -> list[str]:
    """A small JSON Schema checker for the keywords the rulebook schema uses."""
    if "$ref" in node:
        return validate(value, root["$defs"][node["$ref"].rsplit("/", 1)[1]], root, path)
    if "anyOf" in node:
        return (
            [] if any(not validate(value, sub, root, path) for sub in node["anyOf"]) else [f"{path}: anyOf"]
        )
    if "oneOf" in node:
        good = sum(not validate(value, sub, root, path) for sub in node["oneOf"])
        return [] if good == 1 else [f"{path}: oneOf matched {good}"]
    errors = []
    kinds = node.get("type")
    python = {
        "string": str,
        "integer": int,
        "boolean": bool,
        "array": list,
        "object": dict,
        "null": type(None),
    }
    if kinds is not None:
        allowed = [kinds] if isinstance(kinds, str) else kinds
        ok = any(
            isinstance(value, python[k]) and not (k == "integer" and isinstance(value, bool)) for k in allowed
        )
        if not ok:
            return [f"{path}: not {kinds}"]
    if "enum" in node and value not in node["enum"]:
        errors.append(f"{path}: {value!r} not in enum")
    if "const" in node and value != node["const"]:
        errors.append(f"{path}: {value!r} != {node['const']!r}")
    if "pattern" in node and isinstance(value, str) and not re.search(node["pattern"], value):
        errors.append(f"{path}: pattern")
    if "minimum" in node and isinstance(value, int) and value < node["minimum"]:
        errors.append(f"{path}: minimum")
    if isinstance(value, dict):
        properties = node.get("properties", {})
        for key in node.get("required", []):
            if key not in value:
                errors.append(f"{path}.{key}: required")
        for key, item in value.items():
            if key in properties:
                errors += validate(item, properties[key], root, f"{path}.{key}")
            elif node.get("additionalProperties") is False:
                errors.append(f"{path}.{key}: not allowed")
            elif isinstance(node.get("additionalProperties"), dict):
                errors += validate(item, node["additionalProperties"], root, f"{path}.{key}")
    if isinstance(value, list) and "items" in node:
        for index, item in enumerate(value):
            errors += validate(item, node["items"], root, f"{path}[{index}]")
    return errors
