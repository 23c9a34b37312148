"""Hand tables kept in the user's cache folder rank every hand exactly as freshly built ones.

Each side runs in a fresh interpreter, as a player's next ``referee`` command would (with its own
hash seed): the first finds no cache, builds the tables and writes them; the next reads them back.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

RANK_HANDS = """
import sys
from itertools import combinations, islice
from referee.hands import PRESETS, evaluate
from referee.hands.table import tables_for

ranking = PRESETS[sys.argv[1]]
for value in tables_for(ranking).values:
    print(value.strength, value.category, [str(rank) for rank in value.ranks], value.name)
for cards in islice(combinations(ranking.deck, 5), 0, None, 9973):
    print(*cards, evaluate(cards, ranking).strength)
"""
"""Every value of the ranking's table, then the strength of every 9973rd hand of its pack."""


def ranked(name: str, cache: Path, seed: int = 0) -> str:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONHASHSEED": str(seed)}
    done = subprocess.run(
        [sys.executable, "-c", RANK_HANDS, name], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def cache_files(cache: Path) -> dict[Path, int]:
    """Each hand-table file in the cache folder, with when it was last written."""
    return {path: path.stat().st_mtime_ns for path in cache.rglob("hand-tables-*.marshal")}


@pytest.mark.slow
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the cache folder follows XDG_CACHE_HOME")
@pytest.mark.parametrize(
    "name",
    [
        "high",
        "bug",
        "deuces-wild",
        "stripped-32",
        "ace-to-five",
        # Its set of special hands once named the cache file in hash-seed order: another seed,
        # another file, and the tables built again every run.
        "special-hands",
    ],
)
def test_cached_tables_rank_like_built_ones(name: str, tmp_path: Path) -> None:
    built = ranked(name, tmp_path)  # no cache yet: builds and writes it
    written = cache_files(tmp_path)
    assert written and all(path.stat().st_size > 0 for path in written), "the cache was written"
    loaded = ranked(name, tmp_path, seed=1)  # reads it back
    assert cache_files(tmp_path) == written, "read, not built again"
    assert loaded == built != ""


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the cache folder follows XDG_CACHE_HOME")
def test_an_unreadable_cache_file_is_rebuilt(tmp_path: Path) -> None:
    built = ranked("high", tmp_path)
    assert "straight-flush" in built
    for path in cache_files(tmp_path):
        path.write_bytes(b"not a marshal file")
    assert ranked("high", tmp_path, seed=1) == built
    assert all(path.read_bytes() != b"not a marshal file" for path in cache_files(tmp_path)), "written back"
