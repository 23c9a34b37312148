"""Fuzzing the whole command line: seeds, mutators, invariants and the long run.

In the spirit of python-chess's ``fuzz/`` folder: every case is a mutated hand log or rulebook,
run through every command in-process, and every result is held to the invariants of
``fuzz/invariants.py``. ``python fuzz/run.py --cases 100000 --seed 0 --jobs 2`` is the long run;
``tests/test_fuzz.py`` is a short one.
"""
