"""``python -m referee``: the same command line as ``referee`` (and ``python -X importtime -m
referee rule LOG`` to see what a start imports)."""

from referee.cli import main

if __name__ == "__main__":
    main()
