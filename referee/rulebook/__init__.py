"""Rulebooks as data: the vocabulary, the model, loading, decision tables and the game catalog.

What the rest of the referee calls::

    from referee.rulebook import load_rulebook, effective_game, decide

    book = load_rulebook("scarne")                 # or a path; merged along extends:
    game = effective_game(book, "jacks-or-better") # GameSettings the engine plays by
    decision = decide(book, "exposed-card", facts) # the first matching row and its remedy

Importing this package is cheap; the pydantic models load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.rulebook.vocabulary import FACTS, KIND_FACTS, Fact, Kind, RemedyId

if TYPE_CHECKING:
    from referee.rulebook.decisions import Decision, FactsError, Miss, NoRuleError, decide, decide_chain
    from referee.rulebook.games import effective_game, game_names, variant
    from referee.rulebook.load import bundled_rulebooks, load_rulebook, load_text, rulebook_for_log
    from referee.rulebook.model import MissingTableError, Row, Rulebook, Variant
    from referee.rulebook.settings import GameSettings

__all__ = [
    "FACTS",
    "KIND_FACTS",
    "Decision",
    "Fact",
    "FactsError",
    "GameSettings",
    "Kind",
    "Miss",
    "MissingTableError",
    "NoRuleError",
    "RemedyId",
    "Row",
    "Rulebook",
    "Variant",
    "bundled_rulebooks",
    "decide",
    "decide_chain",
    "effective_game",
    "game_names",
    "load_rulebook",
    "load_text",
    "rulebook_for_log",
    "variant",
]

_LAZY = {
    "Decision": "decisions",
    "FactsError": "decisions",
    "Miss": "decisions",
    "decide": "decisions",
    "decide_chain": "decisions",
    "NoRuleError": "decisions",
    "effective_game": "games",
    "game_names": "games",
    "variant": "games",
    "bundled_rulebooks": "load",
    "load_rulebook": "load",
    "load_text": "load",
    "rulebook_for_log": "load",
    "MissingTableError": "model",
    "Row": "model",
    "Rulebook": "model",
    "Variant": "model",
    "GameSettings": "settings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.rulebook' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"referee.rulebook.{module}"), name)
