"""The compiled rulebook cache (referee.rulebook.compiled): a warm start reads back exactly what a
build makes, and a stale, corrupt, foreign or unwritable cache is rebuilt, never trusted."""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.rulebook import compiled
from referee.rulebook.games import catalog
from referee.rulebook.load import bundled_rulebooks, clear_cache, load_rulebook
from referee.rulebook.model import Rulebook


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of this test's own, and nothing read in this process yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    clear_cache()
    yield tmp_path / "referee"
    clear_cache()


def facts(book: Rulebook) -> tuple[Any, ...]:
    """Everything a rulebook holds, its private attributes too."""
    return (
        book.model_dump(mode="json", by_alias=True),
        book.model_fields_set,
        dict(book.__pydantic_private__ or {}),
    )


def fresh() -> dict[str, tuple[Any, ...]]:
    clear_cache()
    return {name: facts(load_rulebook(name)) for name in bundled_rulebooks()}


def test_a_warm_load_is_the_built_rulebook(cache: Path) -> None:
    built = {name: facts(load_rulebook(name)) for name in bundled_rulebooks()}  # builds, then stores
    built_catalog = catalog().model_dump(mode="json")
    file = compiled.cache_file()
    assert file is not None and file.is_file()
    clear_cache()
    warm = {}
    for name in bundled_rulebooks():
        cached = compiled.book(name)
        assert isinstance(cached, Rulebook)  # read from the file, not built
        warm[name] = facts(load_rulebook(name))
    assert warm == built
    clear_cache()
    assert compiled.catalog() is not None
    assert catalog().model_dump(mode="json") == built_catalog


def _rewrite(file: Path, change: Any) -> None:
    stored = marshal.loads(file.read_bytes())
    change(stored)
    file.write_bytes(marshal.dumps(stored))


def _flip_a_byte(stored: dict[str, Any]) -> None:
    digest, data = stored["books"]["scarne"]
    middle = len(data) // 2
    stored["books"]["scarne"] = (digest, data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1 :])


def _stale_key(stored: dict[str, Any]) -> None:
    stored["key"] = "0" * 64


MARKER = "ran-a-command"


def _foreign_name(stored: dict[str, Any]) -> None:
    # A pickle that would run a command (touch a file beside the cache): the unpickler must refuse
    # the name, whatever the digest says.
    data = b"cos\nsystem\n(S'touch \"$XDG_CACHE_HOME/" + MARKER.encode() + b"\"'\ntR."
    stored["books"]["scarne"] = (hashlib.sha256(data).hexdigest(), data)


def _not_a_rulebook(stored: dict[str, Any]) -> None:
    data = pickle.dumps({"id": "scarne"})
    stored["books"]["scarne"] = (hashlib.sha256(data).hexdigest(), data)


@pytest.mark.parametrize("change", [_flip_a_byte, _stale_key, _foreign_name, _not_a_rulebook])
def test_a_bad_cache_is_rebuilt(cache: Path, change: Any) -> None:
    expected = fresh()
    file = compiled.cache_file()
    assert file is not None and file.is_file()
    _rewrite(file, change)
    clear_cache()
    assert compiled.book("scarne") is None  # refused as it is
    assert not (cache.parent / MARKER).exists()
    assert fresh() == expected
    clear_cache()
    assert isinstance(compiled.book("scarne"), Rulebook)  # and written again


@pytest.mark.parametrize("content", [b"", b"not marshal at all", b"\x00" * 100])
def test_a_file_that_is_not_a_cache_is_rebuilt(cache: Path, content: bytes) -> None:
    expected = fresh()
    file = compiled.cache_file()
    assert file is not None
    file.write_bytes(content)
    assert fresh() == expected


def test_the_unpickler_names_only_the_rulebooks_classes() -> None:
    import io

    for module, name in [("os", "system"), ("builtins", "eval"), ("referee.rulebook.model", "__builtins__")]:
        with pytest.raises(pickle.UnpicklingError):
            compiled._Models(io.BytesIO(b"")).find_class(module, name)
    assert compiled._Models(io.BytesIO(b"")).find_class("referee.rulebook.model", "Rulebook") is Rulebook


def test_no_cache_folder_still_loads(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = fresh()
    monkeypatch.setattr(compiled, "cache_file", lambda: None)
    assert fresh() == expected


def test_an_unwritable_cache_folder_still_loads(cache: Path) -> None:
    expected = fresh()
    file = compiled.cache_file()
    assert file is not None
    file.unlink()
    cache.chmod(0o500)
    try:
        assert fresh() == expected
    finally:
        cache.chmod(0o700)


def test_the_key_follows_the_bundled_files(monkeypatch: pytest.MonkeyPatch) -> None:
    before = compiled.key()
    monkeypatch.setattr(compiled, "_FORMAT", -1)
    assert compiled.key() != before


def test_a_warm_start_reads_no_yaml_and_builds_no_validator(cache: Path) -> None:
    fresh()  # fills this test's cache
    code = (
        "import sys\n"
        "from referee.rulebook.load import load_rulebook\n"
        "from referee.rulebook.games import catalog\n"
        "from referee.rulebook.model import Rulebook\n"
        "book = load_rulebook('pagat', for_play=True); catalog()\n"
        "print(book.id, 'yaml' in sys.modules, 'referee.rulebook.checks' in sys.modules,\n"
        "      Rulebook.__pydantic_complete__)\n"
    )
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache.parent)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    )
    assert done.stdout.split() == ["pagat", "False", "False", "False"]


def test_the_source_texts_come_back_as_parsed(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.rulebook import texts

    fresh()  # builds the books and stores the texts beside them
    parsed = texts.read_sources()
    clear_cache()
    assert compiled.texts() == parsed  # read from the file, not parsed
    monkeypatch.setattr(texts, "_texts", {})
    assert texts.source_texts() == parsed


def test_a_refused_texts_entry_is_parsed_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.rulebook import texts

    fresh()
    file = compiled.cache_file()
    assert file is not None

    def foreign(stored: dict[str, Any]) -> None:
        data = pickle.dumps({"001.txt": {"not": "a source text"}})
        stored["texts"] = (hashlib.sha256(data).hexdigest(), data)

    _rewrite(file, foreign)
    clear_cache()
    assert compiled.texts() is None
    monkeypatch.setattr(texts, "_texts", {})
    assert texts.source_texts() == texts.read_sources()


def test_a_ruling_that_cites_its_source_reads_no_yaml(cache: Path) -> None:
    fresh()  # fills this test's cache
    scenarios = Path(__file__).resolve().parent.parent / "scenarios"
    log = scenarios / "bet-out-of-turn-equal-bet-stands-as-call.log"
    code = (
        "import sys\n"
        "from referee.cli import main\n"
        f"sys.argv = ['referee', 'rule', {str(log)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('yaml' in sys.modules, 'referee.rulebook.texts' in sys.modules, file=sys.stderr)\n"
    )
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache.parent)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment)
    assert done.stderr.split()[-2:] == ["False", "True"]
