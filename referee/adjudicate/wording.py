"""Small wording helpers shared by the rulings' explanations and the replay's notes."""

from __future__ import annotations

from decimal import Decimal

from referee.money import format_amount


def chips(value: Decimal) -> str:
    """``1 chip``, ``2 chips``, ``0.5 chips``."""
    return f"{format_amount(value)} chip" + ("" if value == 1 else "s")


def sentence(text: str) -> str:
    """A ruling's explanation as a sentence: a capital first letter (names stay as written)."""
    return text[:1].upper() + text[1:] if text else text
