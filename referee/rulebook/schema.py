"""The JSON Schema of a rulebook file, generated from the same models that validate it.

The closed vocabularies appear as enums (irregularity kinds as properties, facts as properties of
``when``, remedies as a discriminated ``oneOf``), so an editor completes and checks a rulebook as it
is typed. The one thing pydantic cannot see is the ``then: play-on`` shorthand; it is added here.
"""

from __future__ import annotations

from typing import Any

from referee.rulebook.model import Rulebook
from referee.rulebook.vocabulary import RemedyId

SCHEMA_ID = "https://referee.invalid/rulebook.schema.json"


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
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **schema}
