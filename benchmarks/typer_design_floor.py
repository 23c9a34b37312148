"""The one-command typer app, after importing only what the design requires of any `rule`.

`referee rule` must print with rich (the design card's package for terminal output) and speaks the
vocabulary of frozen dataclasses and enums the code rules ask for: the log's events, the rulebook's
enums, the cards. This script imports exactly those, and nothing of the engine, the rulebook loader
or pydantic's models, then runs ``typer_one_command.py``'s app. No ``rule`` can start faster than
this; ``cold_start.py`` prints it beside the goal so the goal can be judged against it. It starts
as ``referee rule`` does: the dataclass methods read from the kept table (``referee.codecache``),
the garbage collector off while it imports and on, the start frozen, before the app runs.

    python benchmarks/typer_design_floor.py scenarios/some.log
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from referee import codecache

gc.disable()
codecache.install()

import rich.console  # noqa: E402  (after the start above, as in referee rule)
import rich.panel  # noqa: E402
import rich.table  # noqa: E402

import referee.cards  # noqa: E402
import referee.events  # noqa: E402
import referee.rulebook.vocabulary  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from typer_one_command import app  # noqa: E402  (the floor app itself, after the imports above)

assert rich.console and rich.panel and rich.table  # imported for their cost, not used
assert referee.cards and referee.events and referee.rulebook.vocabulary

if __name__ == "__main__":
    gc.freeze()
    gc.enable()
    app()
