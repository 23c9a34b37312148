"""``referee serve``: the page for phones at the table (Starlette, Jinja2 templates, no account).

Every hand is kept in the night's store (:mod:`referee.store`), so a page is an address a phone
can go back to: a form posts, the answer is a 303 to the page it changed, and Back, reload or a
restarted server show the same hand. Each request replays the hand's log on the engine in a
worker thread, within a time limit. A line is written with the hand's version the page showed:
a phone that missed another's line is told the hand changed instead of losing its own or
writing over it. The pages of a hand follow it live (server-sent events). Every page is under
the night's random table code; without it there is nothing. Everything shown is escaped by the
templates (autoescape); request bodies and logs are bounded with a clear message; the page loads
nothing from elsewhere (no CDN) and runs no inline script (a Content-Security-Policy says so).
"""

from __future__ import annotations

import functools
import importlib.resources
import logging
import re
import secrets
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import parse_qs, urlencode

import anyio
import anyio.to_thread
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.errors import Problem, RefereeError
from referee.store import Hand, Night, NotFound, Stale, Store
from referee.table.complete import RANKS
from referee.table.entry import (
    MAX_LINE_CHARS,
    MAX_LOG_CHARS,
    add_line,
    header_line,
    read_entry,
    size_problem,
)
from referee.table.shelf import Shelf

if TYPE_CHECKING:
    from referee.cards import Card
    from referee.events import HandLog
    from referee.ruling import DealSummary

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


def create_app(store: Store, shelf: Shelf | None = None) -> Starlette:
    """The web app on ``store``; ``shelf`` says which rulebooks may be named (bundled only by default).

    Every page is under a night's table code (``/{code}/...``): a path without a code the store
    knows is a plain 404, the same as a page that does not exist.
    """
    shelf = shelf or Shelf()
    templates = Environment(
        loader=PackageLoader("referee.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.globals.update(money=_money, signed=_signed, cards=_cards, words=_words, deal_words=_deal_words)
    templates.filters["ticks"] = _ticks
    pages = _Pages(shelf, templates, store)
    routes = [
        Route("/{code}/", pages.home, methods=["GET"]),
        Route("/{code}/hands", pages.new_hand, methods=["POST"]),
        Route("/{code}/hands/{id:int}", pages.hand, methods=["GET"]),
        Route("/{code}/hands/{id:int}.log", pages.hand_log, methods=["GET"]),
        Route("/{code}/hands/{id:int}/lines", pages.add, methods=["POST"]),
        Route("/{code}/hands/{id:int}/undo", pages.undo, methods=["POST"]),
        Route("/{code}/hands/{id:int}/ruling", pages.ruling, methods=["GET"]),
        Route("/{code}/hands/{id:int}/events", pages.events, methods=["GET"]),
        Route("/{code}/nights/{id:int}", pages.night, methods=["GET"]),
        Route("/{code}/nights/{id:int}.csv", pages.night_csv, methods=["GET"]),
        Route("/{code}/paste", pages.paste, methods=["POST"]),
        Route("/{code}/verdict", pages.verdict, methods=["POST"]),
        Route("/{code}/download", pages.download, methods=["POST"]),
        Route("/{code}/complete", pages.complete, methods=["POST"]),
        Route("/{code}/rulebook/{name}", pages.rulebook, methods=["GET"]),
        Route("/{code}/static/{name}", pages.static, methods=["GET"]),
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


class _Changes:
    """Which hands changed, for the live pages: one event per hand, set when a line goes in.

    Lives on the event loop; a worker thread reports a change through
    :func:`anyio.from_thread.run_sync`. Writes by another process (``referee live``) are seen by
    the live pages' poll of the hand's version instead.
    """

    def __init__(self) -> None:
        self.events: dict[int, anyio.Event] = {}

    def event(self, hand_id: int) -> anyio.Event:
        if hand_id not in self.events:
            self.events[hand_id] = anyio.Event()
        return self.events[hand_id]

    def changed(self, hand_id: int) -> None:
        event = self.events.pop(hand_id, None)
        if event is not None:
            event.set()


class _Pages:
    """The request handlers: read the form, ask the table core and the store, render a template."""

    def __init__(self, shelf: Shelf, templates: Environment, store: Store) -> None:
        self.shelf = shelf
        self.templates = templates
        self.store = store
        self.threads = anyio.CapacityLimiter(ENGINE_THREADS)
        self.changes = _Changes()
        self.codes: set[str] = set()
        """Table codes already found in the store (a night's code never changes)."""
        folder = importlib.resources.files("referee.web") / "static"
        self.assets = {name: (folder / name).read_bytes() for name in _ASSETS}

    # --- rendering ------------------------------------------------------------------------------

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        template = self.templates.get_template(name)
        return HTMLResponse(template.render(rulebooks=self.shelf.names(), **context), status_code=status)

    def problems(self, problems: list[Problem], status: int = 400, **context: Any) -> HTMLResponse:
        return self.page("problem.html", status, problems=problems, **context)

    async def form(self, request: Request) -> dict[str, str] | HTMLResponse:
        root = _root(request)
        try:
            return await read_form(request)
        except TooBig:
            message = Problem(
                f"that is more than a hand: the page takes at most {MAX_BODY_BYTES // 1024} KB at a time",
                "<page>",
                hint=f"a log entered here holds at most {MAX_LOG_CHARS:,} characters",
            )
            return self.problems([message], 413, root=root)
        except TooSlow:
            late = f"the form did not arrive within {BODY_SECONDS:g} seconds"
            slow = Problem(late, "<page>", hint="send it again")
            return self.problems([slow], 408, root=root)

    async def engine(self, work: Callable[..., Response], *args: Any) -> Response:
        """``work(*args)`` in a worker thread, within :data:`ENGINE_SECONDS`: the event loop goes on
        serving other requests meanwhile. Whatever goes wrong inside is the page's clear error
        page, never a server error; a night or hand that is not there (or not under the code) is
        a plain 404."""
        root = f"/{args[0]}" if args and isinstance(args[0], str) else "/"
        try:
            with anyio.fail_after(ENGINE_SECONDS):
                return await anyio.to_thread.run_sync(
                    functools.partial(work, *args), limiter=self.threads, abandon_on_cancel=True
                )
        except NotFound:
            return _not_found()
        except TimeoutError:
            slow = Problem(
                f"the referee could not rule this within {ENGINE_SECONDS:g} seconds",
                "<page>",
                hint="a hand played at a table is ruled in well under a second: is this log one?",
            )
            return self.problems([slow], 422, root=root)
        except Exception as error:  # a crafted input must never get a server error
            _LOG.exception("the engine failed on a request")
            failed = Problem(
                f"the referee cannot rule this log ({type(error).__name__})",
                "<page>",
                hint="check the log's lines; if they are right, please report it",
            )
            return self.problems([failed], 422, root=root)

    def night_of(self, code: str) -> Night:
        """The night whose table code is ``code`` (in a worker thread).

        Raises:
            NotFound: no night has it.
        """
        night = self.store.night_by_code(code)
        self.codes.add(code)
        return night

    async def known(self, code: str) -> bool:
        if code in self.codes:
            return True
        try:
            await anyio.to_thread.run_sync(self.night_of, code, limiter=self.threads)
        except NotFound:
            return False
        return True

    # --- the table's home: a new hand, the night's hands, a pasted log ---------------------------

    async def home(self, request: Request) -> Response:
        code = request.path_params["code"]
        address = f"{request.url.scheme}://{request.url.netloc}/{code}/"
        return _phone(request, await self.engine(self._home, code, address, {}, []))

    def _home(self, code: str, address: str, values: dict[str, str], errors: list[Problem]) -> Response:
        night = self.night_of(code)
        hands = self.store.hands_of(night.id)
        return self.page(
            "setup.html", 400 if errors else 200, root=f"/{code}", games=_games(), values=values,
            errors=errors, night=night, hands=[(hand.id, _seats_line(hand)) for hand in hands],
            address=address, qr=_qr(address),
        )  # fmt: skip

    async def new_hand(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        code = request.path_params["code"]
        address = f"{request.url.scheme}://{request.url.netloc}/{code}/"
        return _phone(request, await self.engine(self._new_hand, code, form, _who(request), address))

    def _new_hand(self, code: str, form: dict[str, str], who: str, address: str) -> Response:
        night = self.night_of(code)
        header, errors = self._header(form)
        if errors:
            return self._home(code, address, form, errors)
        hand = self.store.new_hand(night.id, [line for line in header.splitlines() if line.strip()], who)
        return _see(f"/{code}/hands/{hand.id}")

    # --- one hand ---------------------------------------------------------------------------------

    async def hand(self, request: Request) -> Response:
        query = request.query_params
        # A refused line comes back to be shown with its message: a little past the longest line
        # allowed, so a line too long is still told it is.
        prefill = query.get("line", "")[: MAX_LINE_CHARS * 4]
        tried = query.get("try", "")[: MAX_LINE_CHARS * 4]
        stale = query.get("stale") == "1"
        code, hand_id = request.path_params["code"], request.path_params["id"]
        answer = await self.engine(self._hand_page, code, hand_id, prefill, tried, stale)
        return _phone(request, answer)

    def _hand_page(self, code: str, hand_id: int, prefill: str, tried: str, stale: bool) -> Response:
        night = self.night_of(code)
        hand = self.store.hand(hand_id, night.id)
        problems: list[Problem] = []
        if tried and not stale:
            _, problems = add_line(hand.text, tried, self.shelf)
        return self._render_hand(code, hand, tried or prefill, problems, stale)

    async def add(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        code, hand_id = request.path_params["code"], request.path_params["id"]
        answer = await self.engine(self._add, code, hand_id, form, _who(request))
        if answer.status_code == 303:
            self.changes.changed(hand_id)
        return _phone(request, answer)

    def _add(self, code: str, hand_id: int, form: dict[str, str], who: str) -> Response:
        night = self.night_of(code)
        hand = self.store.hand(hand_id, night.id)
        line = (form.get("move") or form.get("line", "")).strip()
        target = f"/{code}/hands/{hand_id}"
        if _version(form) != hand.version:
            return _see(target, line=line, stale="1")
        if not line:
            return _see(target)
        joined, problems = add_line(hand.text, line, self.shelf)
        if problems:
            return _see(target, **{"try": line})
        try:
            self.store.add_line(hand.id, hand.version, joined.splitlines()[-1], who)
        except Stale:
            return _see(target, line=line, stale="1")
        return _see(target)

    async def undo(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        code, hand_id = request.path_params["code"], request.path_params["id"]
        answer = await self.engine(self._undo, code, hand_id, form)
        if answer.status_code == 303:
            self.changes.changed(hand_id)
        return answer

    def _undo(self, code: str, hand_id: int, form: dict[str, str]) -> Response:
        night = self.night_of(code)
        hand = self.store.hand(hand_id, night.id)
        target = f"/{code}/hands/{hand_id}"
        try:
            self.store.undo(hand.id, _version(form), keep=_header_count(hand.text))
        except Stale:
            return _see(target, stale="1")
        return _see(target)

    async def hand_log(self, request: Request) -> Response:
        code, hand_id = request.path_params["code"], request.path_params["id"]
        return await self.engine(self._hand_log, code, hand_id)

    def _hand_log(self, code: str, hand_id: int) -> Response:
        hand = self.store.hand(hand_id, self.night_of(code).id)
        # The version too, for a script that adds lines (a write names the version it saw).
        return PlainTextResponse(
            hand.text, media_type="text/plain; charset=utf-8", headers={"X-Hand-Version": str(hand.version)}
        )

    async def ruling(self, request: Request) -> Response:
        code, hand_id = request.path_params["code"], request.path_params["id"]
        return await self.engine(self._ruling, code, hand_id)

    def _ruling(self, code: str, hand_id: int) -> Response:
        hand = self.store.hand(hand_id, self.night_of(code).id)
        try:
            log = read_entry(hand.text, self.shelf)
        except RefereeError as error:
            return self.problems(error.problems, root=f"/{code}", log=hand.text)
        return self._verdict(code, log, hand.text, hand.id)

    async def events(self, request: Request) -> Response:
        """The hand's version each time it changes (server-sent events), for a page to refresh.

        The stream ends after :data:`STREAM_SECONDS` (the browser opens a new one by itself), so a
        server that stops never waits long for it.
        """
        code, hand_id = request.path_params["code"], request.path_params["id"]
        found = await self.engine(self._event_check, code, hand_id)
        if found.status_code != 200:
            return found
        store = self.store

        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            last = -2
            deadline = anyio.current_time() + STREAM_SECONDS
            while anyio.current_time() < deadline:
                changed = self.changes.event(hand_id)
                version = await anyio.to_thread.run_sync(store.version, hand_id)
                if version != last:
                    yield f"data: {version}\n\n"
                    last = version
                with anyio.move_on_after(POLL_SECONDS):
                    await changed.wait()

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
        )

    def _event_check(self, code: str, hand_id: int) -> Response:
        self.store.hand(hand_id, self.night_of(code).id)
        return Response(status_code=200)

    # --- the night ---------------------------------------------------------------------------------

    async def night(self, request: Request) -> Response:
        code, night_id = request.path_params["code"], request.path_params["id"]
        return await self.engine(self._night, code, night_id, False)

    async def night_csv(self, request: Request) -> Response:
        code, night_id = request.path_params["code"], request.path_params["id"]
        return await self.engine(self._night, code, night_id, True)

    def _night(self, code: str, night_id: int, as_csv: bool) -> Response:
        from referee.night import build_night
        from referee.report.night import night_csv as to_csv
        from referee.table.nights import rule_stored_night

        night = self.store.night(night_id, code)
        try:
            ledger = build_night(rule_stored_night(self.store, night.id, self.shelf))
        except RefereeError as error:
            return self.problems(error.problems, root=f"/{code}")
        if as_csv:
            return Response(
                to_csv(ledger), media_type="text/csv; charset=utf-8",
                headers={"Content-Disposition": f'attachment; filename="night-{night.id}.csv"'},
            )  # fmt: skip
        return self.page(
            "night.html", root=f"/{code}", night=night, ledger=ledger, players=list(ledger.totals)
        )

    # --- a pasted log -------------------------------------------------------------------------------

    async def paste(self, request: Request) -> Response:
        return await self._rule_posted(request, "pasted log")

    async def verdict(self, request: Request) -> Response:
        return await self._rule_posted(request)

    async def _rule_posted(self, request: Request, source: str | None = None) -> Response:
        """The posted form's log, read and ruled; ``source`` names it in messages."""
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        return await self.engine(self._rule_text, request.path_params["code"], form.get("log", ""), source)

    def _rule_text(self, code: str, text: str, source: str | None) -> Response:
        self.night_of(code)
        try:
            log = read_entry(text, self.shelf) if source is None else read_entry(text, self.shelf, source)
        except RefereeError as error:
            return self.problems(error.problems, root=f"/{code}", log=text)
        return self._verdict(code, log, text, None)

    async def download(self, request: Request) -> Response:
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return form
        code = request.path_params["code"]
        if not await self.known(code):
            return _not_found()
        text = form.get("log", "")
        if (problem := size_problem(text)) is not None:
            return self.problems([problem], 413, root=f"/{code}")
        return PlainTextResponse(
            text, headers={"Content-Disposition": 'attachment; filename="hand.log"'}, media_type="text/plain"
        )

    async def complete(self, request: Request) -> Response:
        """Words that may come next on the line being typed (for the field's suggestions)."""
        form = await self.form(request)
        if isinstance(form, HTMLResponse):
            return JSONResponse([], status_code=413)
        hand = form.get("hand", "")
        if not hand.isdigit():
            return JSONResponse([])
        code = request.path_params["code"]
        answer = await self.engine(self._complete, code, int(hand), form.get("line", "")[:MAX_LINE_CHARS])
        return answer if isinstance(answer, JSONResponse) or answer.status_code == 404 else JSONResponse([])

    def _complete(self, code: str, hand_id: int, line: str) -> Response:
        from referee.table.complete import completions, partial_word

        hand = self.store.hand(hand_id, self.night_of(code).id)
        try:
            log = read_entry(hand.text, self.shelf)
        except RefereeError:
            return JSONResponse([])
        words = completions(line, log.header.seats)
        typed = line[: len(line) - len(partial_word(line))]
        return JSONResponse([typed + word for word in words[:20]])

    async def rulebook(self, request: Request) -> Response:
        """The house-rules sheet of a rulebook (:mod:`referee.report.rulebook_sheet`), as a page to print."""
        return await self.engine(self._sheet, request.path_params["code"], str(request.path_params["name"]))

    def _sheet(self, code: str, name: str) -> Response:
        self.night_of(code)
        try:
            book = self.shelf.load(name)
        except RefereeError as error:
            return self.problems(error.problems, 404, root=f"/{code}")
        from referee.report.rulebook_sheet import build_sheet

        return self.page("rulebook.html", root=f"/{code}", sheet=build_sheet(book))

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in self.assets or not await self.known(request.path_params["code"]):
            return _not_found()
        return Response(
            self.assets[name], media_type=_ASSETS[name], headers={"Cache-Control": "max-age=3600"}
        )

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

    def _render_hand(
        self, code: str, hand: Hand, field: str, problems: list[Problem], stale: bool
    ) -> Response:
        from referee.table.complete import accepted_terminals
        from referee.table.next import IRREGULAR, irregular_moves, what_next

        text = hand.text
        try:
            log = read_entry(text, self.shelf)
            book = self.shelf.for_log(log, text)
            upcoming = what_next(log, text, book)
        except RefereeError as error:
            return self.problems(error.problems, root=f"/{code}", log=text)
        seats = log.header.seats
        # The shortcuts about a player, for every player (not only the one to act); then the table's.
        about = [("{who}" in line) for line, _ in IRREGULAR]
        per_player = [
            (name, [m for m, his in zip(irregular_moves(seats, name), about, strict=True) if his])
            for name in seats
        ]
        table = [m for m, his in zip(irregular_moves(seats, None), about, strict=True) if not his]
        return self.page(
            "hand.html", 400 if problems else 200, root=f"/{code}", hand=hand, lines=hand.lines,
            next=upcoming, field=field, problems=problems, stale=stale, book=book, header=log.header,
            picker=bool(field) and "CARD_CODE" in accepted_terminals(field), ranks=RANKS, suits=_SUITS,
            irregular_for=per_player, irregular_table=table, many=len(seats) > STACK_ABOVE,
        )  # fmt: skip

    def _verdict(self, code: str, log: HandLog, text: str, hand_id: int | None) -> HTMLResponse:
        from referee.table.verdict import rule_hand

        try:
            verdict = rule_hand(log, text, self.shelf)
        except RefereeError as error:
            return self.problems(error.problems, root=f"/{code}", log=text)
        return self.page(
            "verdict.html", root=f"/{code}", log=text, verdict=verdict, header=log.header, hand_id=hand_id,
            many=len(log.header.seats) > STACK_ABOVE,
        )  # fmt: skip


_ASSETS: Final = {
    "app.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}
_SUITS: Final = (("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣"))
STACK_ABOVE: Final = 4
"""Above this many players a table of players' columns is shown as a card per row instead."""
STREAM_SECONDS: Final = 25.0
POLL_SECONDS: Final = 2.0
"""How often a live page's stream looks at the hand's version in the file (another process's
lines, ``referee live``'s); a line entered on this server is sent at once."""
PHONE_COOKIE: Final = "referee_phone"


def _not_found() -> Response:
    return PlainTextResponse("Not Found", status_code=404)


def _root(request: Request) -> str:
    code = request.path_params.get("code", "")
    return f"/{code}" if code else ""


def _see(path: str, **query: str) -> Response:
    """303 See Other: the browser GETs ``path`` next, so Back and reload never post again."""
    target = path + ("?" + urlencode(query) if query else "")
    return RedirectResponse(target, status_code=303)


def _version(form: dict[str, str]) -> int:
    value = form.get("version", "")
    return int(value) if value.isdigit() and len(value) < 12 else -1


def _who(request: Request) -> str:
    """Who entered a line: the phone's own random id (a cookie :func:`_phone` gives it)."""
    phone = request.cookies.get(PHONE_COOKIE, "")
    if not re.fullmatch(r"[0-9a-f]{16}", phone):
        phone = request.scope.setdefault("referee.phone", secrets.token_hex(8))
    return f"phone {phone[:8]}"


def _phone(request: Request, response: Response) -> Response:
    """Give a phone its id the first time it comes (so its lines say which phone entered them)."""
    if not re.fullmatch(r"[0-9a-f]{16}", request.cookies.get(PHONE_COOKIE, "")):
        phone = request.scope.setdefault("referee.phone", secrets.token_hex(8))
        response.set_cookie(PHONE_COOKIE, phone, max_age=400 * 86400, httponly=True, samesite="strict")
    return response


def _header_count(text: str) -> int:
    """Header lines at the top of a log (``seats: ...``): ``undo`` never takes them away."""
    count = 0
    for line in text.splitlines():
        if not re.match(r"^[a-z]+:", line):
            break
        count += 1
    return count


def _seats_line(hand: Hand) -> str:
    for line in hand.lines:
        if line.text.startswith("seats:"):
            return line.text.removeprefix("seats:").strip()
    return ""


def _games() -> list[str]:
    """The games a hand may be set up with: the catalog's, less those it refuses to rule."""
    from referee.rulebook.games import catalog

    return [name for name, game in catalog().variants.items() if not game.refused]


def _qr(address: str) -> Markup:
    """The table's address as a QR code (inline SVG drawn by segno; no text of the address in it)."""
    try:
        import segno
    except ImportError:  # the web extra brings it; without it the address is shown as text only
        return Markup("")
    svg = segno.make(address, error="m").svg_inline(scale=4, dark="#14532d", omitsize=True)
    return Markup(svg)  # segno's own drawing: paths and numbers, no user text


# --- words for the templates ------------------------------------------------------------------------


def _money(amount: object) -> str:
    from decimal import Decimal

    from referee.money import format_amount

    return format_amount(amount if isinstance(amount, Decimal) else Decimal(str(amount or 0)))


def _signed(amount: object) -> str:
    from decimal import Decimal

    from referee.money import format_signed

    return format_signed(amount if isinstance(amount, Decimal) else Decimal(str(amount or 0)))


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol() for card in cards)


def _deal_words(deal: DealSummary) -> str:
    from referee.report.words import deal_result

    return deal_result(deal)


def _words(decision: object) -> str:
    from referee.report.words import decision_words

    return decision_words(str(decision))


def _ticks(text: object) -> Markup:
    """A message's `quoted words` as code, the rest as text: no raw backticks on the page.

    Every part is escaped; only the ``<code>`` tags are the page's own.
    """
    parts = str(text).split("`")
    if len(parts) % 2 == 0:  # an odd backtick: no pairs to trust, show the text as it is
        return Markup(escape(str(text)))
    return Markup("").join(
        Markup("<code>{}</code>").format(part) if index % 2 else escape(part)
        for index, part in enumerate(parts)
    )
