"""What the scenarios show of a rulebook: each scenario's ``pins:`` and the rows it rules with.

``referee rulebook coverage`` counts an item covered only when a scenario pinning the item's
sentence rules with a row citing it; this rules each scenario that expects the rulebook and notes
the rows its rulings came from. It lives outside :mod:`referee.rulebook`, which never runs the engine.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import RefereeError
from referee.rulebook.coverage import ScenarioUse


def scenario_uses(folder: Path, book: str) -> tuple[ScenarioUse, ...]:
    """Every scenario under ``folder`` that expects the bundled rulebook ``book``, ruled by it.

    A scenario whose log does not read is passed over (the scenario run reports it); a missing
    folder gives nothing, so every cited item shows as not pinned.
    """
    from referee import scenarios
    from referee.engine import rule_log
    from referee.inputs import read_source
    from referee.log import parse_log
    from referee.rulebook.load import load_rulebook

    if not folder.is_dir():
        return ()
    rulebook = load_rulebook(book)
    uses: list[ScenarioUse] = []
    for path in scenarios.find(folder):
        try:
            scenario = scenarios.load(path)
            if book not in scenario.expect:
                continue
            text = read_source(scenario.log_path).text
            result = rule_log(parse_log(text, str(scenario.log_path)), text, rulebook)
        except RefereeError:
            continue
        uses.append(ScenarioUse(scenario.name, scenario.pins, frozenset(r.rule for r in result.rulings)))
    return tuple(uses)
