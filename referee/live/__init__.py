"""``referee live``: a hand entered line by line in the terminal (prompt_toolkit, the ``web`` extra)."""
