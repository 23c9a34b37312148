"""Moved to :mod:`referee.log.tokens` and :mod:`referee.log.words`; kept for older imports."""

from __future__ import annotations

from referee.log.tokens import HeaderItem, LineSlip, comment_start, parse_count, shorten, words
from referee.log.words import HEADER_KEYS, KEYWORDS

__all__ = [
    "HEADER_KEYS",
    "KEYWORDS",
    "HeaderItem",
    "LineSlip",
    "comment_start",
    "parse_count",
    "shorten",
    "words",
]
