"""numbrix-curses: Numbrix in the terminal (game, generator, solver)."""

__version__ = "0.1.0"
