"""Commands: ``rule`` — the rulings and settlement for one hand log."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.commands._common import console, err_console, friendly_errors

if TYPE_CHECKING:
    from referee.commands._common import LogInput


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
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the report as Markdown.")] = False,
    html: Annotated[
        bool, typer.Option("--html", help="Print the report as a web page (it fits a phone's screen).")
    ] = False,
    chat: Annotated[
        bool, typer.Option("--chat", help="Print a few plain lines to paste into a group chat.")
    ] = False,
) -> None:
    """Rule on every irregularity in LOG and settle the pot, citing the rule for each decision.

    LOG may be a stream of hands as `referee simulate` prints them (a `# --- hand K` line before
    each): each hand is ruled on its own, in order; with --json the results come as one JSON array.
    """
    from referee.commands._common import one_format, read_log_inputs

    one_format(json=as_json, markdown=markdown, html=html, chat=chat)
    with friendly_errors():
        hands = read_log_inputs(log)
    if len(hands) == 1:
        _rule_one(hands[0][1], rulebook, as_json, explain, markdown, html, chat)
        return
    if as_json:
        typer.echo("[")
    for index, (number, read) in enumerate(hands):
        if as_json:
            _rule_one(read, rulebook, as_json, explain, markdown, html, chat, last=index == len(hands) - 1)
            continue
        typer.echo(f"{'' if index == 0 else chr(10)}# --- hand {number}")
        _rule_one(read, rulebook, as_json, explain, markdown, html, chat)
    if as_json:
        typer.echo("]")


def _rule_one(
    read: LogInput,
    rulebook: str | None,
    as_json: bool,
    explain: bool,
    markdown: bool,
    html: bool,
    chat: bool,
    *,
    last: bool | None = None,
) -> None:
    """Rule one hand and print its report; ``last`` set: one element of a JSON array (a comma after
    all but the last)."""
    from referee.commands._common import rulebook_for_input, started
    from referee.engine import not_modelled, rule_log

    with friendly_errors():
        hand = read.log
        book = rulebook_for_input(read, rulebook)
        started()
        result = rule_log(hand, read.source.text, book)
    for missing in not_modelled(book, hand):
        err_console.print(f"note: the referee does not model {missing}; it plays this hand as draw poker.")
    # Text formats go straight to standard output: rich is imported only for the terminal report.
    if as_json:
        from referee.report.jsondoc import to_json

        document = to_json(result)
        if last is not None and not last:
            document = document.rstrip("\n") + ",\n"
        typer.echo(document, nl=False)
    elif markdown:
        from referee.report.markdown import to_markdown

        typer.echo(to_markdown(hand, result), nl=False)
    elif html:
        from referee.report.html import to_html

        typer.echo(to_html(hand, result), nl=False)
    elif chat:
        from referee.report.chat import to_chat

        typer.echo(to_chat(hand, result), nl=False)
    else:
        from referee.report.terminal import render

        render(console(), hand, result, explain=explain)


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
    from referee.commands._common import read_log_input, started
    from referee.compare import disagreements, rule_everywhere, rulebooks_to_compare

    with friendly_errors():
        read = read_log_input(log)
        hand = read.log
        books = rulebooks_to_compare(hand, rulebooks, read.source, read.group)
        started()
        results = rule_everywhere(hand, read.source.text, books)
    differences = disagreements(results)
    out = console()
    if as_json:
        from referee.report.jsondoc import comparison_json

        out.file.write(comparison_json(results, differences))
        return
    from referee.report.compare import render_comparison

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
    from referee.commands._common import read_log_input
    from referee.compare import rule_everywhere, rulebooks_to_compare
    from referee.report.terminal import render_line

    with friendly_errors():
        read = read_log_input(log)
        source, text, hand = read.source, read.source.text, read.log
        results = rule_everywhere(hand, text, rulebooks_to_compare(hand, rulebooks, source, read.group))
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        err_console.print(
            f"{source.name} has lines 1 to {len(lines)}; there is no line {line}.", soft_wrap=True
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
    from referee.report.terminal import render_checks

    checks: list[sc.Check] = []
    with friendly_errors():
        found = sc.find(folder)
        for path in found:
            checks.extend(sc.run(sc.load(path), _books(rulebooks) if rulebooks else None))
        if not checks:
            raise sc.nothing_ran(folder, found, _books(rulebooks) if rulebooks else None)
    for log in sc.lone_logs(folder) if found else ():
        # the console reads no markup, so a file name is printed as written
        note = f"note: {log} has no {log.stem}.yaml beside it, so it is not a scenario"
        err_console.print(note, soft_wrap=True)
    render_checks(console(), checks)
    if not checks or any(not check.passed for check in checks):
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    """Add ``rule``, ``compare``, ``explain`` and ``scenarios`` to the ``referee`` app."""
    app.command(name="rule")(rule)
    app.command(name="compare")(compare)
    app.command(name="explain")(explain)
    app.command(name="scenarios")(scenarios)
