"""Every dispute scenario in scenarios/, under every rulebook it names."""

from pathlib import Path

import pytest

from referee import scenarios

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"
CASES = [
    pytest.param(path, book, id=f"{path.stem}[{book}]")
    for path in scenarios.find(FOLDER)
    for book in scenarios.load(path).expect
]


@pytest.mark.parametrize(("path", "book"), CASES)
def test_scenario(path: Path, book: str) -> None:
    (check,) = scenarios.run(scenarios.load(path), [book])
    assert check.passed, "\n".join((f"{check.scenario} under {book}: {check.difference}", *check.details))


def test_there_are_scenarios_for_every_bundled_rulebook() -> None:
    from referee.rulebook.load import bundled_rulebooks

    covered = {book for _, book in (case.values for case in CASES)}
    assert set(bundled_rulebooks()) <= covered
