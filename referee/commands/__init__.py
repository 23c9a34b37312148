"""Command groups of the ``referee`` command line, one module each."""
