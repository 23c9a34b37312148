"""The installed package carries every subpackage, the grammar and the bundled rulebooks."""

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[1]


def test_every_folder_of_code_is_a_package_that_installation_finds() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = set(find_packages(where=str(ROOT), include=config["packages"]["find"]["include"]))
    with_code = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "referee").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert with_code <= found, f"folders of code without __init__.py: {sorted(with_code - found)}"


def test_the_grammar_and_rulebooks_are_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for package, patterns in data.items():
        folder = ROOT.joinpath(*package.split("."))
        for pattern in patterns:
            assert list(folder.glob(pattern)), f"{package}: nothing matches {pattern}"
    assert (ROOT / "referee" / "grammar" / "hand.lark").is_file()
