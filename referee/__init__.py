"""referee: a house-rules referee for Draw Poker."""

__version__ = "0.1.0"
