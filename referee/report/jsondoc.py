"""The JSON contract (DESIGN.md, docs/json.md): byte-identical for the same log and rulebook."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.ruling import Result

if TYPE_CHECKING:
    from referee.compare import Disagreement


def to_json(result: Result) -> str:
    """``referee rule LOG --json``."""
    return json.dumps(result.as_json(), indent=2, ensure_ascii=False) + "\n"


def comparison_json(results: Sequence[Result], differences: Sequence[Disagreement]) -> str:
    """``referee compare LOG --json``: one result per rulebook, then the disagreements."""
    data = {
        "results": [result.as_json() for result in results],
        "disagreements": [d.as_json() for d in differences],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
