"""Moved to :mod:`referee.log.printer`; kept for older imports."""

from __future__ import annotations

from referee.log.printer import format_event, format_log, format_name

__all__ = ["format_event", "format_log", "format_name"]
