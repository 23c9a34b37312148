"""Exact amounts: the one parser (with bounds), the one formatter, and arithmetic that never rounds.

Chips are counted in exact decimals, never floats. An amount has at most 15 digits before the
point and at most 6 after it: up to 999,999,999,999,999.999999. Fifteen whole digits is more
than any table, house or site will see (a thousand trillion); six places reach a millionth of
a unit, finer than any currency. Within these bounds an amount has at most 21 significant
digits; the sum of 400,000 of the largest has 27, a product of two such sums 54, and
:data:`MONEY_CONTEXT` keeps 60, so the referee's arithmetic never has to round. Under
:func:`exact` any result that would have to is an error instead of a quiet rounding.

Bounds are on the value: leading zeros before the point and trailing zeros after it do not
count (``007`` is 7, ``1.5000000`` is 1.5). No exponent (``1e3``), no ``NaN`` or ``Infinity``,
no thousands separators, and no sign unless the caller asks for one.
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from decimal import (
    ROUND_HALF_EVEN,
    Context,
    Decimal,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    localcontext,
)
from typing import Final

__all__ = [
    "AMOUNT_HINT",
    "MAX_AMOUNT",
    "MAX_PLACES",
    "MAX_WHOLE_DIGITS",
    "MONEY_CONTEXT",
    "QUANTUM",
    "AmountError",
    "exact",
    "format_amount",
    "format_signed",
    "parse_amount",
]

MAX_WHOLE_DIGITS: Final = 15
"""Digits an amount may have before the point."""
MAX_PLACES: Final = 6
"""Digits an amount may have after the point."""
QUANTUM: Final = Decimal(1).scaleb(-MAX_PLACES)
"""The finest amount there is: 0.000001. Every amount is a whole number of these."""
MAX_AMOUNT: Final = Decimal("999999999999999.999999")
"""The largest amount: 15 nines before the point and 6 after."""
_TOO_LARGE: Final = Decimal(10) ** MAX_WHOLE_DIGITS
AMOUNT_HINT: Final = f"amounts go up to 999,999,999,999,999 with at most {MAX_PLACES} decimal places"
"""What to tell a player whose amount is out of bounds."""
_FORMS_HINT: Final = "write an amount in digits, like `2`, `0.25`, `$5` or `25c` (no exponent, no commas)"

MONEY_CONTEXT: Final = Context(
    prec=60,
    rounding=ROUND_HALF_EVEN,
    traps=[InvalidOperation, DivisionByZero, Overflow, Inexact],
)
"""Arithmetic on amounts: wide enough for any sum or product of bounded amounts, and any result
that would have to be rounded raises :class:`decimal.Inexact` instead (an ArithmeticError)."""

# Digits, an optional fraction, then the forms players write: `$5`, `25c`. ASCII digits only, as in
# the grammar (`\d` would read `٣` and full-width `３` as amounts).
_AMOUNT_TEXT: Final = re.compile(
    r"(-?)(?:\$([0-9]+(?:\.[0-9]+)?|\.[0-9]+)|([0-9]+(?:\.[0-9]+)?|\.[0-9]+)([cC]?))"
)


class AmountError(ValueError):
    """Text that is not an amount, or an amount out of bounds. ``str()`` says why; ``hint`` what to do."""

    def __init__(self, reason: str, hint: str = AMOUNT_HINT) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


def parse_amount(text: str, *, signed: bool = False) -> Decimal:
    """An amount as written (``2``, ``0.25``, ``$5``, ``25c``) as an exact Decimal.

    The places written are kept (``2.50`` stays ``Decimal('2.50')``) up to :data:`MAX_PLACES`;
    beyond that only zeros may follow, and they are dropped.

    >>> parse_amount("25c"), parse_amount("$5"), parse_amount("1.50")
    (Decimal('0.25'), Decimal('5'), Decimal('1.50'))
    >>> parse_amount("-1.5", signed=True)
    Decimal('-1.5')
    >>> parse_amount("999999999999999.999999")
    Decimal('999999999999999.999999')

    Raises:
        AmountError: the text is not an amount (``1e3``, ``NaN``, ``1,000``), has a sign when
            ``signed`` is false, or is out of bounds (16 digits before the point, 7 after).
    """
    match = _AMOUNT_TEXT.fullmatch(text)
    if match is None:
        raise AmountError(f"{_quote(text)} is not an amount", _FORMS_HINT)
    sign, dollars, digits, cents = match.groups()
    if sign and not signed:
        raise AmountError(f"a negative amount ({_quote(text)}): amounts are never below zero", "")
    # Decimal() of a string is always exact, whatever the context; the cents shift is exact too.
    value = Decimal(dollars if dollars is not None else digits)
    written = value.as_tuple()
    assert isinstance(written.exponent, int)  # the pattern admits only finite numbers
    exponent = written.exponent - 2 if cents else written.exponent
    if cents:
        value = Decimal((0, written.digits, exponent))
    if value >= _TOO_LARGE:
        raise AmountError(f"{_quote(text)} is too large for an amount")
    if exponent < -MAX_PLACES:
        if MONEY_CONTEXT.remainder(value, QUANTUM):
            raise AmountError(f"{_quote(text)} has more than {MAX_PLACES} decimal places")
        value = value.quantize(QUANTUM, context=MONEY_CONTEXT)
    # copy_negate, unlike unary minus, never consults the context.
    return value.copy_negate() if sign else value


def format_amount(amount: Decimal, *, keep_places: bool = False) -> str:
    """An amount as plain digits: exact, never an exponent, never ``-0``.

    By default without needless zeros, as players say it (``24``, ``0.25``, ``-11``);
    ``keep_places`` keeps the places the amount was written with (``2.50``), as a log writes it.

    >>> format_amount(Decimal("2.50")), format_amount(Decimal("2.50"), keep_places=True)
    ('2.5', '2.50')
    >>> format_amount(Decimal("1E+3")), format_amount(Decimal("-0.00")), format_amount(Decimal("1E-6"))
    ('1000', '0', '0.000001')

    Raises:
        ValueError: the amount is not a finite number (NaN or Infinity), which no parsed amount is.
    """
    if not amount.is_finite():
        raise ValueError(f"{amount} is not an amount")
    if not amount:
        amount = amount.copy_abs()
    # Formatting with no precision given is exact: it never consults the context.
    text = format(amount, "f")
    if not keep_places and "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_signed(amount: Decimal) -> str:
    """A gain or loss as a table says it: ``+13``, ``-1``, ``0`` (the one signed formatter).

    >>> format_signed(Decimal("13")), format_signed(Decimal("-1.50")), format_signed(Decimal("-0"))
    ('+13', '-1.5', '0')
    """
    text = format_amount(amount)
    return text if text.startswith("-") or text == "0" else f"+{text}"


def exact() -> AbstractContextManager[Context]:
    """A ``with`` block in which decimal arithmetic is :data:`MONEY_CONTEXT`: exact, or it raises.

    >>> with exact():
    ...     Decimal("999999999999999.999999") * 400_000
    Decimal('399999999999999999999.600000')
    >>> with exact():
    ...     Decimal(1) / 3
    Traceback (most recent call last):
    decimal.Inexact: [<class 'decimal.Inexact'>]
    """
    return localcontext(MONEY_CONTEXT)


def _quote(text: str, limit: int = 30) -> str:
    """The amount as written, cut short when it runs on."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
