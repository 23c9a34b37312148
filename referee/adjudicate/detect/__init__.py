"""Detect: an event and the hand in progress → a typed :class:`Finding` with its facts.

Each detector moves the table as clean play would, and where the line is irregular builds the
finding — the kind, the facts as the table knew them at that line, the subject a remedy acts on,
and the wording of the ruling — and hands it to ``Replay.detect``: the rulebook decides, the
remedy's handler applies. By stage: ``dealing`` (cut, dealer, counts, the pack, exposed cards),
``betting`` (out of turn, short, over the limit or cap, folds, speech), ``drawing`` (the draw)
and ``showing`` (openers, foul hands, declarations).
"""

from referee.adjudicate.detect.finding import Act, FactValue, Finding, Serving, Subject, Wager

__all__ = ["Act", "FactValue", "Finding", "Serving", "Subject", "Wager"]
