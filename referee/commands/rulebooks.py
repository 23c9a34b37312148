"""Commands: ``referee rulebook list / show / check / diff / new / schema``.

The rulebook library (pydantic and friends) is imported inside each command, so ``referee --help``
stays quick.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated

import typer

from referee.commands._common import console, err_console, friendly_errors, print_file_problems

rulebook_app = typer.Typer(
    name="rulebook",
    help="Author and inspect rulebooks: list, show, check, diff, new, schema, coverage.",
    no_args_is_help=True,
)

NameArgument = Annotated[
    str,
    typer.Argument(
        help="A bundled rulebook id (scarne, bicycle, casino, pagat, parlour) or a YAML file.", metavar="NAME"
    ),
]
EffectiveOption = Annotated[
    bool, typer.Option("--effective", help="Show the rulebook merged with everything it extends.")
]
OutputOption = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write to this file instead of printing.", dir_okay=False),
]


def register(app: typer.Typer) -> None:
    """Add the ``rulebook`` sub-app to the `referee` app."""
    app.add_typer(rulebook_app, name="rulebook")


@rulebook_app.command("list")
def list_command() -> None:
    """The bundled rulebooks: id, title, status, and irregularities cited versus fallen back on.

    "cited" counts the irregularities with at least one row that cites the rulebook's own source;
    "fallback" those its source is silent on, ruled by a stated fallback.
    """
    from rich.table import Table
    from rich.text import Text

    from referee.rulebook.load import bundled_rulebooks, load_rulebook
    from referee.rulebook.model import RowSource

    # The source is the title's; its file name is for the JSON alone (`rulebook show NAME --json`).
    table = Table("id", "title", "status", "cited", "fallback", box=None, pad_edge=False)
    with friendly_errors():
        for name in bundled_rulebooks():
            book = load_rulebook(name)
            tables = book.tables()
            cited = sum(any(row.source is RowSource.CITED for row in rows) for rows in tables.values())
            table.add_row(
                book.id,
                book.title,
                book.status.value,
                str(cited),
                str(len(tables) - cited),
            )
    out = console()
    out.print(table)
    out.print(
        Text("cited / fallback: irregularities ruled by a row citing the source / only by fallbacks.", "dim")
    )


@rulebook_app.command("show")
def show_command(
    name: NameArgument,
    effective: EffectiveOption = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a tree.")] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print it in Markdown (with --sheet: the sheet in Markdown).")
    ] = False,
    sheet: Annotated[
        bool,
        typer.Option(
            "--sheet",
            help="One printable page in plain words: the game as sentences and what this house does "
            "about each irregularity (Markdown; --html for a web page).",
        ),
    ] = False,
    as_html: Annotated[bool, typer.Option("--html", help="With --sheet: the sheet as a web page.")] = False,
) -> None:
    """A rulebook as a tree of rules with their citations (or JSON, or a Markdown listing).

    With --sheet: the house-rules sheet for the table, everything the rulebook adds up to in plain
    words, the house's own rules marked. Without --effective, a rulebook that extends another shows
    only what its own file writes (a sheet always shows everything).
    """
    from referee.commands._common import one_format

    one_format(json=as_json, markdown=markdown and not sheet, html=as_html, sheet=sheet and as_json)
    if as_html and not sheet:
        err_console.print("Usage error: --html is for the sheet: referee rulebook show NAME --sheet --html")
        raise typer.Exit(code=2)
    from referee.report import rulebook as render
    from referee.rulebook.load import load_rulebook

    with friendly_errors():
        book = load_rulebook(name)
        full = effective or len(book.lineage) == 1
        if sheet:
            from referee.report.rulebook_sheet import build_sheet, sheet_markdown
            from referee.report.sheet import sheet_html

            built = build_sheet(book)
            typer.echo(sheet_html(built) if as_html else sheet_markdown(built), nl=False)
        elif as_json:
            typer.echo(render.to_json_text(book, full))
        elif markdown:
            typer.echo(render.to_markdown(book, full), nl=False)
        else:
            console().print(render.show_tree(book, full))


@rulebook_app.command("check")
def check_command(
    files: Annotated[list[Path], typer.Argument(help="Rulebook YAML files to check.", metavar="FILE")],
) -> None:
    """Check rulebook files: `FILE: ok`, or every problem with file, line, key path and a hint.

    Exits 1 when any file has a problem. The game catalog (games.yaml) is checked as a catalog.
    """
    from referee.errors import RefereeError
    from referee.rulebook.load import check_file

    failed = 0
    out = console()
    for path in files:
        try:
            what = check_file(path)
        except RefereeError as error:
            failed += 1
            print_file_problems(path, error)
        else:
            out.print(f"{path}: ok ({what})", soft_wrap=True)
    if failed:
        raise typer.Exit(code=1)


@rulebook_app.command("diff")
def diff_command(
    a: Annotated[str, typer.Argument(help="A rulebook id or file.", metavar="A")],
    b: Annotated[str, typer.Argument(help="Another rulebook id or file.", metavar="B")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of sentences.")] = False,
) -> None:
    """Where two rulebooks rule differently: game settings, then, for each irregularity, every
    combination of the facts either table tests on which their remedies differ."""
    from rich.text import Text

    from referee.report import rulebook as render
    from referee.rulebook.load import load_rulebook
    from referee.rulebook.vocabulary import Kind

    with friendly_errors():
        left, right = load_rulebook(a), load_rulebook(b)
        games = render.diff_games(left, right)
        kinds = [render.diff_kind(left, right, kind) for kind in Kind]
    if as_json:
        payload = {
            "a": left.id,
            "b": right.id,
            "game": games,
            "irregularities": {diff.kind.value: list(diff.sentences) for diff in kinds},
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    out = console()
    out.print(Text.assemble((left.id, "bold"), " and ", (right.id, "bold")))
    out.print(Text.assemble(("game", "bold"), "" if games else ": the same settings"))
    for sentence in games:
        out.print(f"  {sentence}", soft_wrap=True)
    same = [diff.kind.value for diff in kinds if not diff.sentences]
    for diff in kinds:
        if diff.sentences:
            out.print(Text(diff.kind.value, "bold"))
            for sentence in diff.sentences:
                out.print(f"  {sentence}", soft_wrap=True)
    if same:
        out.print(Text(f"the same remedy in every case: {', '.join(same)}", "dim"), soft_wrap=True)


@rulebook_app.command("new")
def new_command(
    name: Annotated[
        str, typer.Argument(help="The new rulebook's id (lowercase, digits, hyphens).", metavar="NAME")
    ],
    extends: Annotated[
        str, typer.Option("--extends", help="The rulebook to start from: a bundled id or a file.")
    ],
    output: OutputOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file if it exists.")] = False,
) -> None:
    """Write a commented house-rules skeleton that extends BASE and validates as it stands."""
    from referee.errors import Problem, RulebookError
    from referee.report import rulebook as render
    from referee.rulebook.load import load_rulebook

    with friendly_errors():
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
            raise RulebookError(
                Problem(
                    f"{name!r} is not a usable rulebook id",
                    "NAME",
                    hint="use lowercase letters, digits and hyphens",
                )
            )
        base = load_rulebook(extends)
        written = _extends_as_written(extends, output)
        text = render.skeleton(name, written, base)
        if output is None:
            typer.echo(text, nl=False)
            return
        if output.exists() and not force:
            raise RulebookError(
                Problem(f"{output} already exists", str(output), hint="use --force to overwrite it")
            )
        output.write_text(text, encoding="utf-8")
    err_console.print(f"wrote {output}", soft_wrap=True)


def _extends_as_written(extends: str, output: Path | None) -> str:
    """What the new file's ``extends:`` says: a bundled id as given, a file by its bare name.

    ``extends:`` may name only a bundled rulebook or a file in the same folder as the rulebook
    that names it, so a base given as a file must sit beside the new one.
    """
    from referee.errors import Problem, RulebookError
    from referee.rulebook.load import bundled_rulebooks

    if extends in bundled_rulebooks():
        return extends
    base = Path(extends)
    folder = (output.parent if output is not None else Path.cwd()).resolve()
    if base.resolve().parent != folder:
        raise RulebookError(
            Problem(
                f"{extends} is not in the folder the new rulebook goes to ({folder})",
                "--extends",
                hint="extends: names a bundled rulebook or a file in the same folder; "
                "write the new rulebook beside its base (-o)",
            )
        )
    return base.name


@rulebook_app.command("coverage")
def coverage_command(
    name: Annotated[
        str | None,
        typer.Argument(
            help="A bundled rulebook id or a YAML file; all five bundled ones if left out.",
            metavar="RULEBOOK",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    scenarios: Annotated[
        Path,
        typer.Option("--scenarios", help="The scenarios that show each row ruling (NAME.log + NAME.yaml)."),
    ] = Path("scenarios"),
) -> None:
    """Every rule item of a rulebook's source text and how far the referee rules it: covered only when
    a row cites the item itself and a scenario pinning the item's sentence rules with that row. With
    no RULEBOOK: the count of each status for every bundled rulebook."""
    from referee.pinned import scenario_uses
    from referee.rulebook import coverage
    from referee.rulebook.load import bundled_rulebooks, load_rulebook

    with friendly_errors():
        names = [name] if name else bundled_rulebooks()
        books = [load_rulebook(each) for each in names]
        found = [
            (
                book,
                coverage.statuses(
                    book, scenario_uses(scenarios, book.id) if book.id in bundled_rulebooks() else ()
                ),
            )
            for book in books
        ]
    if as_json:
        each = [coverage.statuses_json(book, items) for book, items in found]
        payload = (
            each[0] if name else {"rulebooks": [{k: v for k, v in e.items() if k != "items"} for e in each]}
        )
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    out = console()
    titled = [(book.id, coverage.source_of(book).title, items) for book, items in found]
    for shown in coverage.statuses_detail(*titled[0]) if name else coverage.statuses_summary(titled):
        out.print(shown)


@rulebook_app.command("schema")
def schema_command(output: OutputOption = None) -> None:
    """The JSON Schema of a rulebook file, for editors (# yaml-language-server: $schema=...)."""
    from referee.rulebook.schema import rulebook_schema

    text = json.dumps(rulebook_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    with friendly_errors():
        output.write_text(text, encoding="utf-8")
    err_console.print(f"wrote {output}", soft_wrap=True)
