"""numbrix-curses: Numbrix in the terminal (game, generator, solver)."""

__version__ = "0.1.0"

# The board sides every part accepts (the model, the readers, the generator's options). Here
# rather than in `puzzle`, which pulls in numpy: `numbrix --help` needs them, and not numpy.
MIN_SIDE = 1
MAX_SIDE = 30
