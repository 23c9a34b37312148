"""Issue 24's promise, over every scenario under every bundled rulebook: the cites people read never
show a source's file name, never chain one silence into another, never have a book fall back on
itself; and every JSON cite names its source.

Every format a person reads is rendered — the terminal report (with ``--explain``), ``explain``'s
view of each ruled line, Markdown, HTML and chat — and so are each rulebook's sheet, ``rulebook
show`` tree and Markdown, and ``rulebook coverage``.
"""

from __future__ import annotations

import io
import json
import re
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console

from referee.engine import rule_log
from referee.inputs import read_source
from referee.log import parse_log
from referee.report.chat import to_chat
from referee.report.html import to_html
from referee.report.markdown import to_markdown
from referee.report.terminal import render, render_line
from referee.rulebook.load import bundled_rulebooks, load_rulebook
from referee.ruling import Result

ROOT = Path(__file__).resolve().parents[1]
LOGS = sorted((ROOT / "scenarios").rglob("*.log"))
FILE_NAME = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
CHAINED = re.compile(r"is silent\b[^\n]*\bis silent", re.IGNORECASE)
NAMES = {"scarne": "Scarne", "bicycle": "Bicycle", "casino": "Casino", "pagat": "Pagat", "parlour": "Parlour"}


def wrong_in(text: str) -> list[str]:
    """What a text people read must not say."""
    found = [f"a source file's name {match}" for match in FILE_NAME.findall(text)]
    found += [f"a chain of silences: {match}" for match in CHAINED.findall(text)]
    for name in NAMES.values():
        if re.search(rf"\b{name} is silent\b[^\n;]*;[^\n]*?\b{name}, ", text):
            found.append(f"{name} falls back on itself")
    return found


@cache
def ruled(log_path: Path, book: str) -> tuple[str, Result] | None:
    text = read_source(log_path).text
    try:
        log = parse_log(text, str(log_path))
    except Exception:  # scenarios of logs that do not read pin the error, not a cite
        return None
    return text, rule_log(log, text, load_rulebook(book))


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, no_color=True, emoji=False), out


def shown_for(path: Path, text: str, result: Result) -> dict[str, str]:
    """Every text a person reads of one result: the reports, and ``explain`` of its first rulings."""
    log = parse_log(text, str(path))
    screen, out = console()
    render(screen, log, result, explain=True)
    shown = {
        "terminal": out.getvalue(),
        "markdown": to_markdown(log, result),
        "html": to_html(log, result),
        "chat": to_chat(log, result),
    }
    lines = text.splitlines()
    for ruling in result.rulings[:3]:
        screen, out = console()
        render_line(screen, lines[ruling.line - 1], ruling.line, [result])
        shown[f"explain line {ruling.line}"] = out.getvalue()
    return shown


@pytest.mark.parametrize("book", bundled_rulebooks())
def test_no_report_shows_a_file_name_a_chain_or_a_book_falling_back_on_itself(book: str) -> None:
    problems: list[str] = []
    for path in LOGS:
        found = ruled(path, book)
        if found is None:
            continue
        text, result = found
        shown = shown_for(path, text, result)
        for where, said in shown.items():
            problems.extend(f"{path.name} under {book}, {where}: {wrong}" for wrong in wrong_in(said))
        for ruling in json.loads(json.dumps(result.as_json()))["rulings"]:
            problems.extend(f"{path.name} under {book}, JSON: {wrong}" for wrong in wrong_in(ruling["cite"]))
            for cite in ruling["cites"]:
                if not cite["source"]:
                    problems.append(f"{path.name} under {book}, JSON: a cite with no source {cite}")
                if cite["file"] and not (cite["section"] and cite["item"]):
                    problems.append(f"{path.name} under {book}, JSON: a cite with no section or item {cite}")
            if ruling.get("silent") is not None:
                assert ruling["silent"] is True and ruling["falls_back_on"], ruling
    assert not problems, "\n".join(problems[:20])


def test_every_scenario_log_was_ruled() -> None:
    """The sweep above is not empty: nearly every scenario's log reads and is ruled."""
    assert len(LOGS) > 200
    assert sum(ruled(path, "scarne") is not None for path in LOGS) > 200


@pytest.mark.parametrize("book", bundled_rulebooks())
def test_no_rulebook_view_shows_a_file_name_a_chain_or_a_book_falling_back_on_itself(book: str) -> None:
    from typer.testing import CliRunner

    from referee.cli import app

    runner = CliRunner()
    problems: list[str] = []
    for args in (
        [],
        ["--effective"],
        ["--markdown"],
        ["--sheet"],
        ["--sheet", "--html"],
    ):
        result = runner.invoke(app, ["rulebook", "show", book, *args], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        problems.extend(
            f"rulebook show {book} {' '.join(args)}: {wrong}" for wrong in wrong_in(result.output)
        )
    assert not problems, "\n".join(problems[:20])
