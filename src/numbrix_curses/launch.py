"""The `numbrix` script's first moments (and `python -m numbrix_curses`'s): load the command
line, then run it.

Loading takes a few tenths of a second (argparse, numpy, the solver), before the command
line's own handling of Ctrl-C is in place: a Ctrl-C then printed the traceback of whatever
module was loading. Here it ends the program as a Ctrl-C does later, with one line and
status 130. So this module imports nothing of its own at the top.
"""
from __future__ import annotations

import sys
from typing import NoReturn

#: as `cli.common.EXIT_INTERRUPTED` and `cli.STOP_LINES` say it (not imported: see above)
_INTERRUPTED = 130
_INTERRUPTED_LINE = "numbrix: interrupted"


def entry() -> NoReturn:
    """Load and run the command line (`cli.entry`, which exits with the command's code)."""
    try:
        from numbrix_curses.cli import entry as run

        run()
    except KeyboardInterrupt:
        # (only before the command line took Ctrl-C over: from then on it says so itself)
        try:
            print(_INTERRUPTED_LINE, file=sys.stderr)
        except (OSError, ValueError):
            pass  # no stderr to say it on
        sys.exit(_INTERRUPTED)
