"""The variant catalog and the effective game: what the engine plays by.

A game (the log's ``game:``) names a variant in ``rulebooks/games.yaml``. A variant fixes what
makes it that game (deck, ranking, wild cards, openers, draws) and may start from a ``base:``
variant. The settings the engine plays by are, each layer over the one before:

1. the defaults of :class:`~referee.rulebook.settings.GameSettings`;
2. the rulebook's ``game:`` — the table's customs (ante, betting, raise cap, the draw, ...);
3. the variant's ``game:``, its bases first — what makes the game this game;
4. the rulebook's ``variants: {<game>: ...}`` — where the rulebook's source changes that game.

Only the keys each layer writes count, so a variant that says nothing about the draw leaves the
rulebook's draw rule alone (the casino's four-card draw holds in its jacks-or-better game).
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Final

from referee.errors import Problem, RulebookError
from referee.rulebook.model import Catalog, RowSource, Rulebook, Variant
from referee.rulebook.settings import GameSettings

# The YAML reader, pydantic's validation and the problem wording are imported where they are used:
# a start that reads the catalog from the compiled cache (referee.rulebook.compiled) needs none.

CATALOG_FILE: Final = "rulebooks/games.yaml"

_catalog: list[Catalog] = []


def catalog() -> Catalog:
    """The bundled variant catalog (read once).

    Raises:
        RulebookError: the catalog does not validate (a packaging mistake; the tests catch it).
    """
    if not _catalog:
        from referee.rulebook import compiled

        cached = compiled.catalog()
        if cached is not None:
            _catalog.append(cached)
            return cached
        text = resources.files("referee.rulebooks").joinpath("games.yaml").read_text(encoding="utf-8")
        _catalog.append(parse_catalog(text, CATALOG_FILE))
    return _catalog[0]


def parse_catalog(text: str, file: str) -> Catalog:
    """A catalog from YAML text, with the same checks and messages as a rulebook."""
    from pydantic import ValidationError

    from referee.rulebook.problems import pydantic_problems, with_source
    from referee.rulebook.yamlsafe import parse_yaml

    parsed, problems = parse_yaml(text, file)
    if parsed is None:
        raise RulebookError(problems)
    lines = {file: parsed.lines}
    try:
        result = Catalog.model_validate(parsed.data)
    except ValidationError as error:
        raise RulebookError(
            with_source([*problems, *pydantic_problems(error, parsed.data, parsed.spot, Catalog)], lines)
        ) from None
    for name, variant in result.variants.items():
        spot = parsed.spot.child("variants")
        at = (spot.child(name) if spot else None) or parsed.spot
        if variant.base is not None and variant.base not in result.variants:
            problems.append(
                Problem(f"variant {name!r}: base {variant.base!r} is unknown", file, at.line, at.column)
            )
        if not variant.title:
            problems.append(Problem(f"variant {name!r} needs a title", file, at.line, at.column))
        if variant.source is RowSource.CITED and not variant.cite:
            problems.append(
                Problem(
                    f"variant {name!r} needs a cite (or source: silent and a fallback)",
                    file,
                    at.line,
                    at.column,
                )
            )
        if variant.source is RowSource.SILENT and not variant.fallback:
            problems.append(
                Problem(f"variant {name!r} is silent but names no fallback", file, at.line, at.column)
            )
    if problems:
        raise RulebookError(with_source(problems, lines))
    return result


def clear_cache() -> None:
    _catalog.clear()


def game_names(rulebook: Rulebook | None = None) -> list[str]:
    """Every game a log may name under ``rulebook``: the catalog's and the rulebook's own."""
    names = set(catalog().variants)
    if rulebook is not None:
        names |= set(rulebook.variants)
    return sorted(names)


def variant(name: str, rulebook: Rulebook | None = None) -> Variant:
    """The catalog's variant ``name`` (a rulebook's own game, when it adds one).

    Raises:
        RulebookError: no such game; the message suggests the nearest name.
    """
    found = catalog().variants.get(name)
    if found is None and rulebook is not None:
        found = rulebook.variants.get(name)
    if found is None:
        from referee.rulebook.problems import did_you_mean, join_hint

        known = game_names(rulebook)
        raise RulebookError(
            Problem(
                f"{name!r} is not a game the referee knows",
                "game",
                hint=join_hint(did_you_mean(name, known), "games: " + ", ".join(known)),
            )
        )
    return found


def refuse_unruled(name: str, rulebook: Rulebook | None = None) -> None:
    """Refuse a log of a game the referee does not rule at all (the catalog's ``refused:``).

    Raises:
        RulebookError: the game is refused, with the catalog's sentence saying why; or no such game.
    """
    why = variant(name, rulebook).refused
    if why:
        raise RulebookError(
            Problem(
                f"the referee does not rule {name!r}: {why}",
                "game",
                hint="games the referee rules: "
                + ", ".join(known for known in game_names(rulebook) if not variant(known, rulebook).refused),
            )
        )


def effective_game(rulebook: Rulebook, variant_name: str | None = None) -> GameSettings:
    """The complete settings for ``variant_name`` (default: the rulebook's ``default_game``).

    Raises:
        RulebookError: an unknown game, or a base chain that goes round in a circle.
    """
    name = variant_name or rulebook.default_game
    cached = rulebook._games.get(name)
    if isinstance(cached, GameSettings):
        return cached
    layers: list[dict[str, Any]] = [rulebook.game.model_dump(exclude_unset=True)]
    layers.extend(_variant_layers(name, rulebook, ()))
    merged: dict[str, Any] = {}
    for layer in layers:
        merged = _deep(merged, layer)
    settings = GameSettings.model_validate(merged)
    rulebook._games[name] = settings
    return settings


def _variant_layers(name: str, rulebook: Rulebook, seen: tuple[str, ...]) -> list[dict[str, Any]]:
    if name in seen:
        raise RulebookError(Problem("game bases go round in a circle: " + " → ".join((*seen, name)), "game"))
    own = catalog().variants.get(name)
    override = rulebook.variants.get(name)
    if own is None and override is None:
        variant(name, rulebook)  # raises with a suggestion
    base = (override.base if override else None) or (own.base if own else None)
    layers = _variant_layers(base, rulebook, (*seen, name)) if base else []
    for found in (own, override):
        if found is not None:
            layers.append(found.game.model_dump(exclude_unset=True))
    return layers


def _deep(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    result = dict(old)
    for key, value in new.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _deep(result[key], value)
        else:
            result[key] = value
    return result
