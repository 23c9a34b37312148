"""Moved to :mod:`referee.log.fast`; kept for older imports."""

from __future__ import annotations

from referee.log.fast import CARD_WORDS_READ as CARD_WORDS
from referee.log.fast import HEADER_KEY, fast_line

__all__ = ["CARD_WORDS", "HEADER_KEY", "fast_line"]
