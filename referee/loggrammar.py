"""Moved to :mod:`referee.log.grammar`; kept for older imports."""

from __future__ import annotations

from referee.log.grammar import ToEvents, grammar_text, parser, tree_parser

__all__ = ["ToEvents", "grammar_text", "parser", "tree_parser"]
