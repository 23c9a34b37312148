"""Commands: ``rule`` — the rulings and settlement for one hand log."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from referee.commands._common import console, err_console, friendly_errors


def rule(
    log: Annotated[
        Path, typer.Argument(help="The hand log, as the hand actually happened (- reads standard input).")
    ],
    rulebook: Annotated[
        str | None,
        typer.Option(
            "--rulebook",
            "-r",
            help="A bundled rulebook (scarne, bicycle, casino, pagat, parlour) or a house-rule "
            "YAML file. Default: the log's `rulebook:` line, else scarne.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show the facts and the rule rows behind each ruling.")
    ] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print a Markdown report for a group chat.")
    ] = False,
    html: Annotated[bool, typer.Option("--html", help="Print an HTML report.")] = False,
) -> None:
    """Rule on every irregularity in LOG and settle the pot, citing the rule for each decision."""
    from referee.engine import not_modelled, rule_log
    from referee.inputs import read_source
    from referee.log import parse_log
    from referee.report import render, to_json, to_markdown
    from referee.rulebook.load import rulebook_for_log

    with friendly_errors():
        source = read_source(log)
        text = source.text
        hand = parse_log(text, source.name)
        line, column = hand.header.position("rulebook")
        book = rulebook_for_log(
            hand.header.rulebook,
            rulebook,
            source.folder,
            log_file=source.name,
            line=line,
            column=column,
            log_text=text,
        )
        result = rule_log(hand, text, book)
    for missing in not_modelled(book, hand):
        err_console.print(f"note: the referee does not model {missing}; it plays this hand as draw poker.")
    out = console()
    if as_json:
        out.file.write(to_json(result))
        return
    if markdown:
        out.file.write(to_markdown(hand, result))
        return
    if html:
        import io

        recording = console(record=True, file=io.StringIO(), width=100)
        render(recording, hand, result, explain=explain)
        out.file.write(recording.export_html(inline_styles=True))
        return
    render(out, hand, result, explain=explain)


def _books(option: str | None) -> list[str]:
    from referee.rulebook.load import bundled_rulebooks

    if not option:
        return bundled_rulebooks()
    return [name.strip() for name in option.split(",") if name.strip()]


def compare(
    log: Annotated[Path, typer.Argument(help="The hand log (- reads standard input).")],
    rulebooks: Annotated[
        str | None,
        typer.Option(
            "--rulebooks",
            "-r",
            help="Comma-separated rulebooks or house-rule files. Default: every bundled rulebook, "
            "and the log's own house rulebook when its rulebook: line names one.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print results and disagreements as JSON.")] = False,
) -> None:
    """Rule LOG under several rulebooks side by side and point out where they disagree."""
    import json

    from referee.compare import disagreements, rule_everywhere, rulebooks_to_compare
    from referee.inputs import read_source
    from referee.log import parse_log
    from referee.report import render_comparison

    with friendly_errors():
        source = read_source(log)
        text = source.text
        hand = parse_log(text, source.name)
        results = rule_everywhere(hand, text, rulebooks_to_compare(hand, rulebooks, source))
    differences = disagreements(results)
    out = console()
    if as_json:
        data = {
            "results": [result.as_json() for result in results],
            "disagreements": [d.as_json() for d in differences],
        }
        out.file.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return
    render_comparison(out, hand, results, differences)


def explain(
    log: Annotated[Path, typer.Argument(help="The hand log (- reads standard input).")],
    line: Annotated[int, typer.Option("--line", "-n", help="The log line to explain.")],
    rulebooks: Annotated[
        str | None,
        typer.Option("--rulebooks", "-r", help="Comma-separated rulebooks. Default: every bundled one."),
    ] = None,
) -> None:
    """Everything about one line of LOG under each rulebook: facts, the row that matched, the rest."""
    from referee.compare import rule_everywhere, rulebooks_to_compare
    from referee.inputs import read_source
    from referee.log import parse_log
    from referee.report import render_line

    with friendly_errors():
        source = read_source(log)
        text = source.text
        hand = parse_log(text, source.name)
        results = rule_everywhere(hand, text, rulebooks_to_compare(hand, rulebooks, source))
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        err_console.print(
            Text(f"{source.name} has lines 1 to {len(lines)}; there is no line {line}."), soft_wrap=True
        )
        raise typer.Exit(code=1)
    render_line(console(), lines[line - 1], line, results)


def scenarios(
    folder: Annotated[Path, typer.Argument(help="A folder of scenarios (NAME.log + NAME.yaml).")] = Path(
        "scenarios"
    ),
    rulebooks: Annotated[
        str | None, typer.Option("--rulebooks", "-r", help="Only these rulebooks (comma-separated).")
    ] = None,
) -> None:
    """Run dispute scenarios and report which rulings match their expectations."""
    from referee import scenarios as sc
    from referee.report import render_checks

    checks: list[sc.Check] = []
    with friendly_errors():
        for path in sc.find(folder):
            checks.extend(sc.run(sc.load(path), _books(rulebooks) if rulebooks else None))
    render_checks(console(), checks)
    if not checks or any(not check.passed for check in checks):
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    """Add ``rule``, ``compare``, ``explain`` and ``scenarios`` to the ``referee`` app."""
    app.command(name="rule")(rule)
    app.command(name="compare")(compare)
    app.command(name="explain")(explain)
    app.command(name="scenarios")(scenarios)
