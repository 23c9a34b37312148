"""Rendering a result for people: one module per way of showing it.

* :mod:`.words` — the sentences every format shares: the verdict, a decision and a cite in words;
* :mod:`.money` — the money explained: pots and who contests them, odd chips, uncalled bets, deals;
* :mod:`.terminal` — the rich terminal report (``rule``, ``explain``, ``scenarios``);
* :mod:`.compare` — ``compare`` on the terminal: the disagreements first, then the table;
* :mod:`.jsondoc` — the JSON contract;
* :mod:`.markdown` and :mod:`.html` — a report to keep or share; :mod:`.chat` — lines for a group chat.

Player names, quoted speech, file names and citations come from files a player wrote, so they reach
rich only inside ``rich.text.Text`` (never as a markup string) and HTML only escaped.

The names below are found in their modules when first asked for, so ``rule --json`` never imports
rich's tables to print JSON.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "DECISION_WORDS": "words",
    "decision_words": "words",
    "headline": "words",
    "to_json": "jsondoc",
    "comparison_json": "jsondoc",
    "render": "terminal",
    "ruling_panel": "terminal",
    "settlement_table": "terminal",
    "void_lines": "words",
    "render_line": "terminal",
    "render_checks": "terminal",
    "render_comparison": "compare",
    "to_markdown": "markdown",
    "to_html": "html",
    "to_chat": "chat",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.report' has no attribute {name!r}")
    return getattr(importlib.import_module(f"referee.report.{module}"), name)
