"""Serving the page with uvicorn, with limits a page open to a home network needs.

uvicorn reads a request's headers for as long as the client cares to send them, and an idle
connection is closed only once a response went out. Here a connection whose request headers have
not all arrived within :data:`HEADER_SECONDS` is closed (each request's, the first included);
h11 holds at most :data:`MAX_HEADER_BYTES` of a request still being read; an idle keep-alive
connection is closed after :data:`KEEP_ALIVE_SECONDS`; and at most :data:`MAX_CONNECTIONS` are
served at once. A body that never comes is the app's to time out (``referee.web.app.BODY_SECONDS``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Final

from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    from starlette.types import ASGIApp

HEADER_SECONDS: Final = 10.0
KEEP_ALIVE_SECONDS: Final = 5
MAX_HEADER_BYTES: Final = 16 * 1024
MAX_CONNECTIONS: Final = 100
GRACE_SECONDS: Final = 3
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1"})


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request headers are slower than
    :data:`HEADER_SECONDS`."""

    header_seconds: float = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._reading_headers():
            self._start_header_timer()  # a new request began: its headers have their own time
        else:
            self._stop_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._stop_header_timer()  # idle until the next request: the keep-alive timeout holds

    def _reading_headers(self) -> bool:
        """Bytes of a request have come, and its headers are not complete yet."""
        between = self.cycle is None or self.cycle.response_complete
        return between and bool(self.conn.trailing_data[0])

    def _start_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()


def run(app: ASGIApp, host: str, port: int) -> None:
    """Serve ``app`` until Ctrl+C, with the limits above."""
    import uvicorn

    uvicorn.run(
        app,
        host=host,
        port=port,
        http=TimedH11Protocol,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        limit_concurrency=MAX_CONNECTIONS,
        log_level="warning",
        server_header=False,
        # A live page's stream may be open when the server stops: give it a moment, then go.
        timeout_graceful_shutdown=GRACE_SECONDS,
    )


def is_open_to_others(host: str) -> bool:
    """Does listening on ``host`` let other computers in?"""
    return host not in LOOPBACK and not host.startswith("127.")
