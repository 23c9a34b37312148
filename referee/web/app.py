"""``referee serve``: the page for phones at the table (Starlette, Jinja2 templates, no account).

The page keeps no state: the log being entered travels in the form (a hidden field), each
request replays it on the engine and answers with a whole page, so a phone that loses the
connection loses nothing, and nothing is written on the server. Everything shown is escaped by
the templates (autoescape); request bodies and logs are bounded with a clear message; the page
loads nothing from elsewhere (no CDN) and runs no inline script (a Content-Security-Policy
says so).
"""

from __future__ import annotations

import functools
import importlib.resources
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import parse_qs

import anyio
import anyio.to_thread
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.errors import Problem, RefereeError
from referee.table.entry import (
    MAX_LOG_CHARS,
    add_line,
    drop_last_line,
    header_line,
    read_entry,
    size_problem,
)
from referee.table.shelf import Shelf

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.events import HandLog

MAX_BODY_BYTES: Final = 64 * 1024
"""A form holds a log of at most 40,000 characters; anything bigger is refused before it is read."""
MAX_SEATS: Final = 10
ENGINE_SECONDS: Final = 10.0
"""The most one request may keep the engine busy: past it the page says so (a log the referee cannot
rule in that time is no hand played at a table)."""
ENGINE_THREADS: Final = 4
"""Requests ruled at once, each in a worker thread: the event loop never runs the engine, so one
heavy paste cannot hold up the home page."""
BODY_SECONDS: Final = 10.0
"""The most a request body may take to arrive (a body declared and never sent is no form)."""
_LOG: Final = logging.getLogger("referee.web")
_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
    "script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


class TooBig(Exception):
    """A request body over :data:`MAX_BODY_BYTES`."""


class TooSlow(Exception):
    """A request body that did not arrive within :data:`BODY_SECONDS`."""


def create_app(shelf: Shelf | None = None) -> Starlette:
    """The web app; ``shelf`` says which rulebooks may be named (bundled only by default)."""
    shelf = shelf or Shelf()
    templates = Environment(
        loader=PackageLoader("referee.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.globals.update(money=_money, signed=_signed, cards=_cards, words=_words)
    pages = _Pages(shelf, templates)
    static = str(importlib.resources.files("referee.web") / "static")
    routes = [
        Route("/", pages.home, methods=["GET"]),
        Route("/start", pages.start, methods=["POST"]),
        Route("/add", pages.add, methods=["POST"]),
        Route("/paste", pages.paste, methods=["POST"]),
        Route("/verdict", pages.verdict, methods=["POST"]),
        Route("/download", pages.download, methods=["POST"]),
        Route("/complete", pages.complete, methods=["POST"]),
        Route("/rulebook/{name}", pages.rulebook, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=static), name="static"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(_SafeHeaders)])


class _SafeHeaders:
    """Adds :data:`_HEADERS` to every response (an ASGI middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in _HEADERS.items():
                    if key not in headers:
                        headers[key] = value
            await send(message)

        await self.app(scope, receive, with_headers)


async def read_form(request: Request) -> dict[str, str]:
    """A URL-encoded form, read up to :data:`MAX_BODY_BYTES` (never more).

    Raises:
        TooBig: the body is longer.
        TooSlow: the body did not arrive within :data:`BODY_SECONDS`.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise TooBig
    body = bytearray()
    try:
        with anyio.fail_after(BODY_SECONDS):
            async for chunk in request.stream():
                body.extend(chunk)
                if len(body) > MAX_BODY_BYTES:
                    raise TooBig
    except TimeoutError:
        raise TooSlow from None
    try:
        fields = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True, max_num_fields=40)
    except ValueError:  # more fields than any form of the page has
        raise TooBig from None
    # A browser sends every line break of a form field as CRLF: the page's logs are read as LF.
    return {key: values[-1].replace("\r\n", "\n") for key, values in fields.items()}


class _Pages:
    """The request handlers: read the form, ask the table core, render a template."""

    def __init__(self, shelf: Shelf, templates: Environment) -> None:
        self.shelf = shelf
        self.templates = templates
        self.threads = anyio.CapacityLimiter(ENGINE_THREADS)

    # --- rendering ------------------------------------------------------------------------------

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        template = self.templates.get_template(name)
        return HTMLResponse(template.render(rulebooks=self.shelf.names(), **context), status_code=status)

    def problems(self, problems: list[Problem], status: int = 400, **context: Any) -> HTMLResponse:
        return self.page("problem.html", status, problems=problems, **context)

    async def form(self, request: Request) -> dict[str, str] | HTMLResponse:
        try:
            return await read_form(request)
        except TooBig:
            message = Problem(
                f"that is more than a hand: the page takes at most {MAX_BODY_BYTES // 1024} KB at a time",
                "<page>",
                hint=f"a log entered here holds at most {MAX_LOG_CHARS:,} characters",
            )
            return self.problems([message], 413)
        except TooSlow:
            late = f"the form did not arrive within {BODY_SECONDS:g} seconds"
            slow = Problem(late, "<page>", hint="send it again")
            return self.problems([slow], 408)

    async def engine(self, work: Callable[..., Response], *args: Any) -> Response:
        """``work(*args)`` in a worker thread, within :data:`ENGINE_SECONDS`: the event loop goes on
        serving other requests meanwhile. Whatever goes wrong inside is the page's clear error
        page, never a server error."""
        try:
            with anyio.fail_after(ENGINE_SECONDS):
                return await anyio.to_thread.run_sync(
                    functools.partial(work, *args), limiter=self.threads, abandon_on_cancel=True
                )
        except TimeoutError:
            slow = Problem(
                f"the referee could not rule this within {ENGINE_SECONDS:g} seconds",
                "<page>",
                hint="a hand played at a table is ruled in well under a second: is this log one?",
            )
            return self.problems([slow], 422)
        except Exception as error:  # a crafted input must never get a server error
            _LOG.exception("the engine failed on a request")
            failed = Problem(
                f"the referee cannot rule this log ({type(error).__name__})",
                "<page>",
                hint="check the log's lines; if they are right, please report it",
            )
            return self.problems([failed], 422)

    # --- pages ----------------------------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        from referee.rulebook.games import catalog

        return self.page("setup.html", games=list(catalog().variants), values={}, errors=[])

    async def start(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        return await self.engine(self._start, form)

    def _start(self, form: dict[str, str]) -> Response:
        header, errors = self._header(form)
        if errors:
            from referee.rulebook.games import catalog

            return self.page("setup.html", 400, games=list(catalog().variants), values=form, errors=errors)
        return self._hand(header, "", [])

    async def add(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        return await self.engine(self._add, form)

    def _add(self, form: dict[str, str]) -> Response:
        text = form.get("log", "")
        if (problem := size_problem(text)) is not None:
            return self.problems([problem], 413)
        if form.get("undo"):
            return self._hand(drop_last_line(text), "", [])
        if prefill := form.get("prefill"):
            return self._hand(text, prefill, [])
        line = form.get("move") or form.get("line", "")
        new_text, problems = add_line(text, line, self.shelf)
        return self._hand(new_text, line if problems else "", problems)

    async def paste(self, request: Request) -> Response:
        return await self._rule_posted(request, "pasted log")

    async def verdict(self, request: Request) -> Response:
        return await self._rule_posted(request)

    async def _rule_posted(self, request: Request, source: str | None = None) -> Response:
        """The posted form's log, read and ruled; ``source`` names it in messages (the entry
        page's own log keeps read_entry's name)."""
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        return await self.engine(self._rule_text, form.get("log", ""), source)

    def _rule_text(self, text: str, source: str | None) -> Response:
        try:
            log = read_entry(text, self.shelf) if source is None else read_entry(text, self.shelf, source)
        except RefereeError as error:
            return self.problems(error.problems, log=text)
        return self._verdict(log, text)

    async def download(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        text = form.get("log", "")
        if (problem := size_problem(text)) is not None:
            return self.problems([problem], 413)
        return PlainTextResponse(
            text, headers={"Content-Disposition": 'attachment; filename="hand.log"'}, media_type="text/plain"
        )

    async def complete(self, request: Request) -> Response:
        """Words that may come next on the line being typed (for the field's suggestions)."""
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return JSONResponse([], status_code=413)
        answer = await self.engine(self._complete, form.get("log", ""), form.get("line", "")[:300])
        return answer if isinstance(answer, JSONResponse) else JSONResponse([])

    def _complete(self, text: str, line: str) -> Response:
        from referee.table.complete import completions, partial_word

        try:
            log = read_entry(text, self.shelf)
        except RefereeError:
            return JSONResponse([])
        words = completions(line, log.header.seats)
        typed = line[: len(line) - len(partial_word(line))]
        return JSONResponse([typed + word for word in words[:20]])

    async def rulebook(self, request: Request) -> Response:
        """The house-rules sheet of a rulebook (:mod:`referee.report.rulebook_sheet`), as a page to print."""
        return await self.engine(self._sheet, str(request.path_params["name"]))

    def _sheet(self, name: str) -> Response:
        try:
            book = self.shelf.load(name)
        except RefereeError as error:
            return self.problems(error.problems, 404)
        from referee.report.rulebook_sheet import build_sheet

        return self.page("rulebook.html", sheet=build_sheet(book))

    # --- helpers --------------------------------------------------------------------------------

    def _header(self, form: dict[str, str]) -> tuple[str, list[Problem]]:
        """The header lines the setup form describes, each checked as a line of the log."""
        seats = [name.strip() for name in re.split(r"[,\n]", form.get("seats", "")) if name.strip()]
        errors: list[Problem] = []
        if not 2 <= len(seats) <= MAX_SEATS:
            errors.append(
                Problem(f"a hand needs 2 to {MAX_SEATS} players", "seats", hint="Ann, Bob, Cy, Dee")
            )
            return "", errors
        dealer = form.get("dealer", "").strip() or seats[-1]
        lines = [header_line("seats", ", ".join(seats)), header_line("dealer", dealer)]
        for key in ("game", "rulebook", "ante", "limit"):
            value = form.get(key, "").strip()
            if value:
                lines.append(header_line(key, value))
        text = ""
        for line in lines:
            text, problems = add_line(text, line, self.shelf, "setup")
            errors.extend(problems)
        return text, errors

    def _hand(self, text: str, field: str, problems: list[Problem]) -> HTMLResponse:
        from referee.table.next import what_next

        try:
            log = read_entry(text, self.shelf)
            book = self.shelf.for_log(log, text)
            upcoming = what_next(log, text, book)
        except RefereeError as error:
            return self.problems(error.problems, log=text)
        status = 400 if problems else 200
        lines = [line for line in text.splitlines() if line.strip()]
        return self.page(
            "hand.html", status, log=text, lines=lines, next=upcoming, field=field, problems=problems,
            book=book, header=log.header,
        )  # fmt: skip

    def _verdict(self, log: HandLog, text: str) -> HTMLResponse:
        from referee.table.verdict import rule_hand

        try:
            verdict = rule_hand(log, text, self.shelf)
        except RefereeError as error:
            return self.problems(error.problems, log=text)
        return self.page("verdict.html", log=text, verdict=verdict, header=log.header)


# --- words for the templates ------------------------------------------------------------------------


def _money(amount: object) -> str:
    from decimal import Decimal

    from referee.money import format_amount

    return format_amount(amount if isinstance(amount, Decimal) else Decimal(str(amount or 0)))


def _signed(amount: object) -> str:
    text = _money(amount)
    return text if text.startswith("-") or text == "0" else f"+{text}"


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol() for card in cards)


def _words(decision: object) -> str:
    from referee.report.words import decision_words

    return decision_words(str(decision))
