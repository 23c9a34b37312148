"""The adjudication pipeline: detect → the rulebook decides → apply → Ruling, typed end to end.

Every remedy id has exactly one handler, and the handler's docstring names the remedy it applies;
the engine asks the rulebook in kinds and facts and hears back remedy ids (the vocabulary's enums,
never loose strings); a line the replay has no handler for is noted, never dropped; and a remedy
means the same thing whatever irregularity it answers.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from pathlib import Path

import pytest

from referee import engine, events, scenarios
from referee.adjudicate.detect import FactValue
from referee.adjudicate.remedies import HANDLERS
from referee.adjudicate.replay import NOT_RULED_YET
from referee.adjudicate.verdict import Verdict
from referee.engine import rule_log
from referee.log import parse_log
from referee.rulebook.load import load_rulebook
from referee.rulebook.vocabulary import KIND_FACTS, Fact, Kind, RemedyId
from referee.ruling import money
from tests.helpers import rule

ROOT = Path(__file__).resolve().parents[1]
ENGINE = [*sorted((ROOT / "referee" / "adjudicate").rglob("*.py")), ROOT / "referee" / "engine.py"]


# --- the registry -------------------------------------------------------------------------------


def test_every_remedy_id_has_exactly_one_handler() -> None:
    assert set(HANDLERS) == set(RemedyId)
    handlers = list(HANDLERS.values())
    assert len({id(handler) for handler in handlers}) == len(handlers), "one handler serves two remedies"


@pytest.mark.parametrize("remedy", list(RemedyId))
def test_a_handler_says_which_remedy_it_applies(remedy: RemedyId) -> None:
    doc = HANDLERS[remedy].__doc__ or ""
    assert f"``{remedy.value}``" in doc.split(":")[0], f"{HANDLERS[remedy].__name__}: {doc[:60]!r}"


# --- typed end to end ----------------------------------------------------------------------------


def test_the_engine_asks_in_kinds_and_facts_and_hears_remedy_ids() -> None:
    """Over every scenario: each question is a Kind with exactly its facts, each value a yes/no, a
    count or a vocabulary word; each answer and each ruling carries the enums themselves."""
    asked: list[Kind] = []

    class CheckingJudge(engine.RulebookJudge):
        def decide(self, kind: Kind, facts: Mapping[Fact, FactValue]) -> Verdict:
            assert type(kind) is Kind
            assert all(type(fact) is Fact for fact in facts)
            assert set(facts) == set(KIND_FACTS[kind]), kind
            assert all(isinstance(value, bool | int | StrEnum) for value in facts.values()), facts
            verdict = super().decide(kind, facts)
            assert type(verdict.remedy) is RemedyId
            asked.append(kind)
            return verdict

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "RulebookJudge", CheckingJudge)
        for path in scenarios.find(ROOT / "scenarios"):
            scenario = scenarios.load(path)
            text = scenario.log_path.read_text(encoding="utf-8")
            log = parse_log(text, str(scenario.log_path))
            for book in scenario.expect:
                result = rule_log(log, text, load_rulebook(scenarios.rulebook_for(scenario, book)))
                for ruling in result.rulings:
                    assert type(ruling.irregularity) is Kind and type(ruling.decision) is RemedyId
    assert len(set(asked)) > 15, "the scenarios reach most kinds"


def _literals(path: Path) -> list[tuple[int, str]]:
    """String constants in a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    # An attribute docstring is a bare string right after an assignment.
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            statements = getattr(node, field, None)
            for statement in statements if isinstance(statements, list) else ():
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    docstrings.add(id(statement.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


@pytest.mark.parametrize("path", ENGINE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_kind_remedy_or_fact_is_spelled_as_a_string_in_the_engine(path: Path) -> None:
    words = {member.value for enum in (Kind, RemedyId, Fact) for member in enum}
    found = [f"line {line}: {text!r}" for line, text in _literals(path) if text in words]
    assert not found, "use the vocabulary's Kind, RemedyId or Fact: " + ", ".join(found)


# --- lines the replay does not know --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Unheard(events.Event):
    """An event class the replay has never heard of (a newer log language)."""


def test_a_line_with_no_handler_is_noted_as_not_ruled_yet() -> None:
    text = (ROOT / "scenarios" / "games" / "clean-showdown-two-pair-beats-queens.log").read_text(
        encoding="utf-8"
    )
    log = parse_log(text)
    line = log.events[1].line
    heard = replace(log, events=(log.events[0], _Unheard(line=line), *log.events[1:]))
    result = rule_log(heard, text, load_rulebook("scarne"))
    assert any(action.line == line and action.note == f"void: {NOT_RULED_YET}" for action in result.actions)
    data = result.as_json()
    assert data.pop("unruled") == [
        {"line": line, "event": result.unruled[0].text, "why": "The referee does not rule on this line yet."}
    ]
    assert data == rule_log(log, text, load_rulebook("scarne")).as_json()


# --- one meaning per remedy ----------------------------------------------------------------------

CAPPED = """game: jacks-or-better
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Ann opens 2
Bob raises 2
Cy raises 2
Ann calls
Bob calls
draw
Ann draws 1
Bob draws 1
Cy draws 1
Ann checks
Bob checks
Cy checks
showdown
Ann shows J♣ J♦ J♥ 6h 3c
Bob shows A♠ A♥ A♦ 9d 2s
Cy shows K♠ K♥ K♦ 7h 2c
"""


def _house(tmp_path: Path, name: str, kind: str, row: str, game: str = "") -> str:
    """Scarne with row 1 of ``kind``'s table replaced (``row``: its ``when`` and ``then``)."""
    house = tmp_path / f"{name}.yaml"
    house.write_text(
        f"id: {name}\ntitle: House\nextends: scarne\n{game}irregularities:\n  {kind}:\n"
        f"    - {{id: 1, {row}, source: silent, fallback: a test, summary: A house rule.}}\n",
        encoding="utf-8",
    )
    return str(house)


@pytest.mark.parametrize("remedy", ["raise-not-allowed", "bet-stands-as-call", "excess-returned"])
def test_at_a_raise_cap_the_most_a_raise_may_be_is_a_call(tmp_path: Path, remedy: str) -> None:
    """A cap of one raise: Cy's second raise is over it. Each remedy in its own words: no raise (a
    call), the chips count as a call, the chips beyond the most allowed — a call — go back. Each
    pot: antes 3 + 4 each."""
    book = _house(
        tmp_path, remedy, "raise-cap", f"then: {remedy}", "game: {betting: {raise_cap: {raises: 1}}}\n"
    )
    result = rule(CAPPED, book)
    assert [(r.line, r.irregularity, r.decision) for r in result.rulings] == [(10, "raise-cap", remedy)]
    assert result.pot == 15 and result.awards == {"Bob": Decimal(15)}


FOLD_OUT_OF_TURN = """game: draw
seats: Ann, Bob, Cy
dealer: Cy
ante: 1
limit: 2/4
antes
deal
Bob folds
Ann bets 2
Cy calls
draw
Ann draws 1
Cy draws 1
Ann bets 4
Cy calls
showdown
Ann shows A♠ A♥ A♦ 9d 2s
Cy shows K♠ K♥ K♦ 7h 2c
"""


def test_play_on_for_a_fold_out_of_turn_lets_the_fold_stand(tmp_path: Path) -> None:
    """Nothing changes: Bob's fold counts as made, out of turn or not; he is out and Ann wins 15."""
    result = rule(
        FOLD_OUT_OF_TURN, _house(tmp_path, "fold", "improper-fold", "when: {in_turn: no}, then: play-on")
    )
    assert [(r.line, r.decision) for r in result.rulings] == [(8, "play-on")]
    assert result.awards == {"Ann": Decimal(15)}
    assert {name: money(net) for name, net in result.net.items()} == {"Ann": "8", "Bob": "-1", "Cy": "-7"}


def test_bet_withdrawn_for_a_fold_out_of_turn_leaves_him_in(tmp_path: Path) -> None:
    """The fold counts for nothing: Bob is still in when his turn comes (and checks it through)."""
    text = FOLD_OUT_OF_TURN.replace("Ann bets 2\nCy calls\n", "Ann checks\nBob checks\nCy checks\n")
    result = rule(
        text, _house(tmp_path, "withdrawn", "improper-fold", "when: {in_turn: no}, then: bet-withdrawn")
    )
    assert [(r.line, r.decision) for r in result.rulings] == [(8, "bet-withdrawn")]
    assert not any(action.line == 10 and "no longer in the hand" in action.note for action in result.actions)
