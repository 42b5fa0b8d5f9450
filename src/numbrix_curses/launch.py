"""The `numbrix` script's first moments (and `python -m numbrix_curses`'s): load the command
line, then run it.

Loading takes a few tenths of a second (argparse, numpy, the solver), before the command
line's own handling of Ctrl-C is in place: a Ctrl-C then printed the traceback of whatever
module was loading. Here it ends the program as a Ctrl-C does later, with one line and
status 130. So this module imports nothing of its own at the top.
"""
from __future__ import annotations

import os
import sys
from typing import NoReturn

#: as `cli.common.EXIT_INTERRUPTED` and `cli.STOP_LINES` say it (not imported: see above)
_INTERRUPTED = 130
_INTERRUPTED_LINE = "numbrix: interrupted"
#: as `cli.common.EXIT_BAD_INPUT` and `cli.main` say a lack of memory
_NO_MEMORY = 2
_NO_MEMORY_LINE = "numbrix: out of memory (a limit set with ulimit, or too little free)"
#: the least address space numpy loads in with one OpenBLAS thread: below about 90 MB its
#: OpenBLAS says `OpenBLAS error: Memory allocation still failed` and ends the process with
#: status 1, before any handler of ours can say it (above, up to 130 MB or so, a
#: MemoryError comes, which `cli.main` says as this line)
_LEAST_ADDRESS_SPACE = 100 * 2**20


def entry() -> NoReturn:
    """Load and run the command line (`cli.entry`, which exits with the command's code)."""
    # numpy's OpenBLAS starts a thread per core as it loads, each with buffers of its own.
    # Nothing here does linear algebra, and the search's forked processes want no threads
    # behind them: one thread starts every command 50 ms sooner in 50 MB less. (Set
    # whatever the environment says: the memory check below counts one thread, and a
    # user's OPENBLAS_NUM_THREADS=4 brought OpenBLAS's own error back.)
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    if _address_space_below(_LEAST_ADDRESS_SPACE):
        _say(_NO_MEMORY_LINE)
        sys.exit(_NO_MEMORY)
    try:
        from numbrix_curses.cli import entry as run

        run()
    except KeyboardInterrupt:
        # (only before the command line took Ctrl-C over: from then on it says so itself)
        _say(_INTERRUPTED_LINE)
        sys.exit(_INTERRUPTED)


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass  # no stderr to say it on


def _address_space_below(least: int) -> bool:
    """Whether a limit on this process's address space (`ulimit -v`) is under `least` bytes
    (never, where the system has no such limit)."""
    try:
        import resource
    except ImportError:
        return False  # (Windows)
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return soft != resource.RLIM_INFINITY and soft < least
