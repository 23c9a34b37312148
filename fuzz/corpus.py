"""The seeds every fuzz case starts from: real logs, simulated logs and the bundled rulebooks.

Seeds are read from the source tree and from the library (``referee.simulate``), never from the
network, and always in the same order, so case ``k`` of seed ``s`` is the same on every machine.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final, Literal

ROOT: Final = Path(__file__).resolve().parent.parent
"""The repository: ``scenarios/`` and ``tests/rulebooks_broken/`` are read from here."""

SIMULATED_HANDS: Final = 60
"""How many simulated logs join the scenarios (seed 0 of ``referee simulate``)."""

SIMULATION_SEED: Final = 0

Kind = Literal["log", "rulebook"]


@dataclass(frozen=True, slots=True)
class Seed:
    """One starting text: where it came from and its bytes."""

    name: str
    """``scenarios/NAME.log``, ``simulate:7``, ``rulebooks/scarne.yaml``, ..."""
    kind: Kind
    data: bytes


@functools.cache
def log_seeds() -> tuple[Seed, ...]:
    """Every ``scenarios/*.log``, then the simulator's logs (several deals, all-ins, every game)."""
    from referee.simulate import simulate

    seeds = [
        Seed(f"scenarios/{path.name}", "log", path.read_bytes())
        for path in sorted((ROOT / "scenarios").glob("*.log"))
    ]
    for number, text in enumerate(simulate(SIMULATED_HANDS, SIMULATION_SEED), start=1):
        seeds.append(Seed(f"simulate:{SIMULATION_SEED}:{number}", "log", text.encode("utf-8")))
    return tuple(seeds)


@functools.cache
def rulebook_seeds() -> tuple[Seed, ...]:
    """The bundled rulebooks and the game catalog, the example house rules, and the broken test books."""
    bundled = resources.files("referee.rulebooks")
    seeds = [
        Seed(f"rulebooks/{entry.name}", "rulebook", entry.read_bytes())
        for entry in sorted(bundled.iterdir(), key=lambda entry: entry.name)
        if entry.name.endswith(".yaml")
    ]
    examples = bundled.joinpath("examples")
    seeds.extend(
        Seed(f"rulebooks/examples/{entry.name}", "rulebook", entry.read_bytes())
        for entry in sorted(examples.iterdir(), key=lambda entry: entry.name)
        if entry.name.endswith(".yaml")
    )
    seeds.extend(
        Seed(f"tests/rulebooks_broken/{path.name}", "rulebook", path.read_bytes())
        for path in sorted((ROOT / "tests" / "rulebooks_broken").glob("*.yaml"))
    )
    return tuple(seeds)


@functools.cache
def good_rulebooks() -> tuple[Seed, ...]:
    """Rulebooks that load as they are: bundled ones and the example (parents for ``extends:``)."""
    return tuple(seed for seed in rulebook_seeds() if seed.name.startswith("rulebooks/"))


@functools.cache
def scenario_logs() -> tuple[Seed, ...]:
    """The scenario logs alone: the log a rulebook case is ruled on."""
    return tuple(seed for seed in log_seeds() if seed.name.startswith("scenarios/"))
