"""The engine: a log and a rulebook in, rulings and a settlement out.

The hand in progress (``table``), the chips (``ledger``), finding irregularities, the rulebook's
decision and its remedy, the showdown and the settlement live here; ``referee.replay`` walks a log
through them.
"""
