"""Entering a hand at the table: what can happen next, and the shelf of rulebooks to rule it by.

:mod:`referee.table.next` reads a partial log and says whose turn it is, what that player may do,
what the table knows and the rulings so far (by replaying the log on the engine, never a second
engine); :mod:`referee.table.complete` completes names, verbs and cards from the grammar itself;
:mod:`referee.table.shelf` finds rulebooks by name (bundled, or a house folder given at start);
:mod:`referee.table.entry` checks a line before it joins the log; :mod:`referee.table.verdict`
says who wins what and compares the rulebooks. ``referee serve`` (the phone page,
:mod:`referee.web`) and ``referee live`` (the terminal, :mod:`referee.live`) are built on these.
"""
