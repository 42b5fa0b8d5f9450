"""numbrix-curses: Numbrix in the terminal (game, generator, solver)."""

import re

__version__ = "0.1.0"

# The board sides every part accepts (the model, the readers, the generator's options). Here
# rather than in `puzzle`, which pulls in numpy: `numbrix --help` needs them, and not numpy.
MIN_SIDE = 1
MAX_SIDE = 30
#: the longest metadata value (an id, say) a puzzle file may give: what the commands write
#: back about a puzzle (its id in a booklet's heading) must fit the readers' longest line
MAX_METADATA_CHARS = 2000
#: half a character (a lone surrogate): no file can be written with one, yet text handed in
#: may hold one (a paste, JSON's "\ud800", a save edited by hand)
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# A puzzle's difficulties, easiest first, and where the generator may put its givens: the
# values of `deduce.Difficulty` and `patterns.Pattern` (a test holds them equal), here for
# the same reason, and so that the menus and options list them from one place.
DIFFICULTIES = ("easy", "medium", "hard", "fiendish")
PATTERNS = ("random", "symmetric", "border")
