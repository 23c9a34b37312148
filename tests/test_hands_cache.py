"""Hand tables kept in the user's cache folder rank every hand exactly as freshly built ones."""

from pathlib import Path

import pytest

from referee.hands import PRESETS, evaluate
from referee.hands import table as table_module
from referee.simulate import simulate_hands


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["high", "bug", "deuces-wild", "stripped-32", "ace-to-five", "special-hands"]
)
def test_cached_tables_rank_like_built_ones(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ranking = PRESETS[name]
    monkeypatch.setattr(table_module, "_CACHE", {})
    built = table_module.tables_for(ranking)  # builds and writes the cache
    assert list(tmp_path.rglob("hand-tables-*.pickle")), "the cache file was written"
    monkeypatch.setattr(table_module, "_CACHE", {})
    loaded = table_module.tables_for(ranking)  # reads it back
    assert loaded is not built
    assert [(v.strength, v.category, v.ranks, v.name) for v in loaded.values] == [
        (v.strength, v.category, v.ranks, v.name) for v in built.values
    ]
    for hand in simulate_hands(20, 5):
        for cards in hand.deals[-1].dealt.values():
            cards = tuple(c for c in cards if c in ranking.deck)
            if len(cards) == 5:
                assert loaded.evaluate(cards) == built.evaluate(cards) == evaluate(cards, ranking)


def test_an_unreadable_cache_file_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ranking = PRESETS["high"]
    path = table_module._cache_path(ranking)
    assert path is not None
    path.write_bytes(b"not a pickle")
    monkeypatch.setattr(table_module, "_CACHE", {})
    assert table_module.tables_for(ranking).values[-1].category.value == "straight-flush"
