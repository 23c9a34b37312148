"""The sentences every report shares: the verdict, a decision and its rule in words.

A remedy is said with the rulebook vocabulary's one table of words
(:data:`referee.rulebook.vocabulary.REMEDY_WORDS`), never as its slug; a cite names its source by
the rulebook built from it ("Scarne, Betting Out of Turn, item 3"), never by the file name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Final

from referee.money import format_signed
from referee.rulebook.vocabulary import REMEDY_WORDS
from referee.ruling import DealSummary, Outcome, Result, Ruling, money

DECISION_WORDS: Final[Mapping[str, str]] = REMEDY_WORDS
"""Each remedy in words (the vocabulary's table, under the name earlier reports used)."""


def decision_words(decision: str) -> str:
    """A remedy as players say it: ``the bet stands as a call``."""
    return REMEDY_WORDS.get(str(decision), str(decision).replace("-", " "))


def irregularity_words(kind: str) -> str:
    """An irregularity's name in words: ``out of turn``."""
    return str(kind).replace("-", " ")


def cite_in_words(ruling: Ruling) -> str:
    """The ruling's cite as people read it: ``Scarne, Betting Out of Turn, item 3`` (a ruling carries
    its cite in words, made by :meth:`referee.rulebook.cites.Cite.words`, the one way a cite is said)."""
    return ruling.cite


def names(items: Iterable[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    listed = list(items)
    if not listed:
        return "nobody"
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def signed(value: Decimal) -> str:
    """``+13``, ``-1``, ``0`` (:func:`referee.money.format_signed`)."""
    return format_signed(value)


def nets(net: Mapping[str, Decimal]) -> str:
    """``Ann -1, Bob -1, Dee +13``."""
    return ", ".join(f"{name} {signed(value)}" for name, value in net.items())


def headline(result: Result) -> str:
    """One sentence: how the hand ended and who won what."""
    outcome = result.outcome
    if outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) and result.awards:
        last = result.deals[-1] if len(result.deals) > 1 else None
        awards = last.awards if last is not None else result.awards
        parts = []
        for name, amount in awards.items():
            hand = result.winners_hands.get(name)
            with_hand = f" with {hand}" if hand and outcome is Outcome.SHOWDOWN else ""
            parts.append(f"{name} wins {money(amount)}{with_hand}")
        how = "at the showdown" if outcome is Outcome.SHOWDOWN else "uncontested"
        return f"{'; '.join(parts)} ({how})."
    if outcome is Outcome.MISDEAL:
        return "Misdeal: the hand is dealt again."
    if outcome is Outcome.PASSED_OUT:
        return f"Nobody opened: {money(result.carried)} stays in the pot for the next deal."
    if outcome is Outcome.POT_CARRIED:
        return f"Nobody wins this deal: {money(result.carried)} stays in the pot for the next deal."
    pot = result.deals[-1].pot if result.deals else result.pot
    return f"The log stops mid-hand with {money(pot)} in the pot; nobody has won it yet."


def deal_result(deal: DealSummary) -> str:
    """What one deal came to, for a file of several: ``Ann wins 12 (at the showdown).``."""
    outcome = deal.outcome
    if outcome in (Outcome.SHOWDOWN, Outcome.UNCONTESTED) and deal.awards:
        won = "; ".join(f"{name} wins {money(amount)}" for name, amount in deal.awards.items())
        how = "at the showdown" if outcome is Outcome.SHOWDOWN else "uncontested"
        return f"{won} ({how})."
    if outcome is Outcome.MISDEAL:
        return "misdeal; the hand is dealt again."
    if outcome is Outcome.PASSED_OUT:
        return f"nobody opened; {money(deal.carried)} stays in the pot."
    if outcome is Outcome.POT_CARRIED:
        return f"nobody wins; {money(deal.carried)} stays in the pot."
    return f"the log stops mid-hand with {money(deal.pot)} in the pot."


NO_IRREGULARITIES: Final = "No irregularities: the hand was played by the rules."
"""Said only when no line was ruled on and none was void (``Result.clean``)."""


def void_lines(result: Result) -> list[str]:
    """The lines that did not play, each with why; a run of lines with one reason is said once:
    ``Line 18 (Dee calls) is void: Dee folded at line 13.``, ``Lines 14-22 are void: ...``."""
    runs: list[tuple[int, int, str, str]] = []
    for outcome in result.void:
        reason = outcome.reason.rstrip(".") or "the deal was over"
        if reason.split(" ", 1)[0].rstrip("'s") not in result.net:
            reason = reason[:1].lower() + reason[1:]  # mid-sentence, unless it starts with a name
        if runs and runs[-1][2] == reason:
            runs[-1] = (runs[-1][0], outcome.line, reason, "")
        else:
            runs.append((outcome.line, outcome.line, reason, outcome.text))
    sentences = []
    for first, last, reason, text in runs:
        where = f"Line {first} ({text}) is" if first == last else f"Lines {first}-{last} are"
        sentences.append(f"{where} void: {reason}.")
    return sentences
