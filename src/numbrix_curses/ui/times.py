"""How the screens say a time: a game's clock and best times (`format_duration`), and how
long a solver took (`solver_time`). Words only, no curses: the menu, the lists, the play,
type-in and replay screens share them."""
from __future__ import annotations


def format_duration(seconds: float) -> str:
    """`m:ss`, or `h:mm:ss` from an hour on."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def solver_time(seconds: float) -> str:
    """A solver's time as the screens say it: "0.25 s", or "under 0.01 s" (not "0.00 s",
    which reads as no time at all)."""
    return "under 0.01 s" if seconds < 0.005 else f"{seconds:.2f} s"
