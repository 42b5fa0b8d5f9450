"""How the program ends: its exit codes, the one line each stop by a signal says, and the
saying of a line on a stderr that may be gone.

Imported by the script's first moments (`launch`, before anything heavy has loaded), by the
command line and by the app, so it imports nothing of the project and nothing heavy. (The
codes and lines were kept in three places, held equal by tests.)
"""
from __future__ import annotations

import sys

EXIT_OK = 0
#: several solutions, or none (check, solve)
EXIT_NOT_UNIQUE = 1
#: bad input, a bad option, no terminal for the app, out of memory
EXIT_BAD_INPUT = 2
EXIT_TIMEOUT = 3
#: a bug: a crash report is written to the state directory
EXIT_INTERNAL_ERROR = 70
#: as a shell reports a death by SIGINT (Ctrl-C)
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

#: what the program says when each signal that stops it (`workers.STOP_SIGNALS`) does; each
#: but SIGINT ends it with status 128 + its number
STOP_LINE_OF_NAME = {
    "SIGINT": "numbrix: interrupted",
    "SIGTERM": "numbrix: stopped (SIGTERM)",
    "SIGHUP": "numbrix: hung up",  # (not on Windows)
    "SIGQUIT": "numbrix: quit (Ctrl-\\)",  # (nor this)
    "SIGBREAK": "numbrix: stopped (Ctrl-Break)",  # (Windows only)
}
NO_MEMORY_LINE = "numbrix: out of memory (a limit set with ulimit, or too little free)"


def say(line: str) -> None:
    """One line on stderr, which may be closed or a terminal that is gone."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass  # no stderr to say it on
