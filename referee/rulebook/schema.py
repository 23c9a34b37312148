"""The JSON Schema of a rulebook file, generated from the same models that validate it.

The closed vocabularies appear as enums (irregularity kinds as properties, facts as properties of
``when``, remedies as a discriminated ``oneOf``), so an editor completes and checks a rulebook as it
is typed. Two things pydantic cannot see are added here:

* the ``then: play-on`` shorthand;
* yes and no as rulebooks write them. The referee reads YAML 1.1, where ``yes``, ``no``, ``on``
  and ``off`` are booleans; editors (yaml-language-server, check-jsonschema) read YAML 1.2, where
  they are words. A rulebook is written for poker players, and ``pot_opened: yes`` is how the
  bundled rulebooks and the README say it, so every yes/no setting accepts ``true``/``false`` and
  those words: the file validates the same in an editor as in ``referee rulebook check``, and
  the referee gives the words the same meaning whichever YAML reads them.
"""

from __future__ import annotations

from typing import Any, Final

from referee.rulebook.model import Rulebook
from referee.rulebook.vocabulary import RemedyId

SCHEMA_ID: Final = "https://referee.invalid/rulebook.schema.json"

YES_NO_WORDS: Final = tuple(
    spelling for word in ("yes", "no", "on", "off") for spelling in (word, word.capitalize(), word.upper())
)
"""The words YAML 1.1 reads as booleans and YAML 1.2 as text (``true``/``false`` are booleans in both)."""

_YES_NO: Final[dict[str, Any]] = {
    "anyOf": [
        {"type": "boolean"},
        {"type": "string", "enum": list(YES_NO_WORDS), "description": "yes or no, written as a word."},
    ]
}


def rulebook_schema() -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for rulebook YAML files."""
    schema = Rulebook.model_json_schema(by_alias=True, mode="validation")
    row = schema["$defs"]["Row"]["properties"]
    then = row["then"]
    description = then.pop("description", "")
    row["then"] = {
        "description": description,
        "anyOf": [
            {
                "type": "string",
                "enum": [remedy.value for remedy in RemedyId],
                "description": "A remedy with its defaults.",
            },
            then,
        ],
    }
    _removal_rows(schema["$defs"]["Row"])
    schema = _plain(schema)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **schema}


def _removal_rows(row: dict[str, Any]) -> None:
    """``{id: 3, remove: yes}`` drops an inherited row: it needs no ``then:`` and no ``summary:``."""
    required = row.get("required", [])
    row["required"] = [key for key in required if key not in ("then", "summary")]
    says_yes = [word for word in YES_NO_WORDS if word.lower() in ("yes", "on")]
    row["if"] = {
        "properties": {"remove": {"anyOf": [{"const": True}, {"enum": says_yes}]}},
        "required": ["remove"],
    }
    row["then"] = {}
    row["else"] = {"required": [key for key in required if key in ("then", "summary")]}


def _plain(node: Any) -> Any:
    """The schema with yes/no words accepted wherever a boolean is, and no empty default mappings.

    A default such as ``when: {phase: null, pot_opened: null, ...}`` would be offered by an editor
    as text to insert; the models' defaults are "nothing written", so they are left out.
    """
    if isinstance(node, list):
        return [_plain(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "boolean":
        rest = {key: value for key, value in node.items() if key != "type"}
        return {**rest, **_YES_NO}
    out = {key: _plain(value) for key, value in node.items()}
    default = out.get("default")
    if isinstance(default, dict) and all(value is None for value in default.values()):
        del out["default"]
    return out
