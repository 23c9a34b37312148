"""The engine: a log and a rulebook in, rulings and a settlement out.

``replay`` walks the events: detect → the rulebook decides → apply → Ruling.

* ``table`` — the hand in progress: seats, the button, whose turn it is, the cards known;
* ``config`` — the knobs of clean play (``PlayConfig``), from the rulebook's game and the log;
* ``ledger`` — the only place chips move: ante, bet, refund, award, carry, rake;
* ``detect`` — event + table → a typed ``Finding``: its kind, the facts as the table knew them,
  the subject a remedy acts on;
* ``remedies`` — exactly one handler per remedy id (``HANDLERS``), grouped by family;
* ``variants`` — hooks for the games whose mechanics differ (Wild Widow, Jacks Back, progressive
  openers, Trips to Win, the opener-must-win game, All for One);
* ``showdown`` — hands as the engine needs them (strength, openers, declared categories).

The settlement's pot division is ``referee.adjudicate.settle``.
"""
