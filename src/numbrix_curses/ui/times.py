"""How the screens say a time: a game's clock and best times (`format_duration`), and how
long a solver took (`solver_time`), a day and its time (`day_and_time`). Words only, no
curses: the menu, the lists, the play, type-in and replay screens share them."""
from __future__ import annotations

import time

#: the months as the screens name them, English whatever the locale, as every other word on
#: the screen (`%b` follows the locale the app takes its characters from)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


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


def day_and_time(when: time.struct_time, seconds: bool = False) -> str:
    """"3 Dec 08:53" (`seconds`: "3 Dec 08:53:07"), the day without a leading zero, as the
    games under way say "3 Nov"."""
    clock = f"{when.tm_hour:02d}:{when.tm_min:02d}" + (f":{when.tm_sec:02d}" if seconds else "")
    return f"{when.tm_mday} {MONTHS[when.tm_mon - 1]} {clock}"
