"""What a solve can say of a puzzle: the `Status` enum, and the words each verdict is said
in, by where it is said.

It lives apart from the solver so that the app and the command line can name a verdict
without importing the search (which they load only when they first solve something). The
words are kept by the enum, not by each screen or command, so one verdict's words are
found, and changed, together.
"""
from __future__ import annotations

import re
from enum import Enum


class Status(str, Enum):
    """A solve's verdict. A `str` too, so it goes into JSON as its word."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    TIMEOUT = "timeout"
    SOLVED = "solved"  # one solution found with limit=1; uniqueness not examined

    def __str__(self) -> str:
        # The word, in f-strings and print too (a str-mixin Enum prints "Status.UNIQUE").
        return self.value

    __format__ = str.__format__


#: what a puzzle without one solution has, after "the puzzle has" (a booklet's note in
#: place of its solution, a hint's refusal)
HAS = {Status.MULTIPLE: "more than one solution", Status.NONE: "no solution"}
#: what a solve that ended without a verdict says of itself
OUT_OF_TIME = "the solver ran out of time"
#: the solver replay's verdict ("Done: unique solution, 2,839 steps in 0.1 s")
REPLAY_WORDS = {
    Status.UNIQUE: "unique solution",
    **HAS,
    Status.TIMEOUT: "out of time",
    Status.SOLVED: "solved",
}
#: a typed-in puzzle's check, on the panel's Check row (a status not here says its word)
CHECK_WORDS = {
    Status.UNIQUE: "unique",
    Status.MULTIPLE: "several solutions",
    Status.NONE: "no solution",
    Status.TIMEOUT: "undecided",
}
#: a file's list, of a puzzle the check found is no proper one (in the best time's column)
LIST_WORDS = {Status.MULTIPLE: "not unique", Status.NONE: "no solution"}
#: the same, shorter, for a line too long for the screen
LIST_WORDS_SHORT = {Status.MULTIPLE: "several", Status.NONE: "none"}
#: the same, as short as "none", for the narrowest screens (at 26 columns "several" did not
#: fit and the line said nothing of a puzzle with more than one solution)
LIST_WORDS_SHORTEST = {Status.MULTIPLE: "many", Status.NONE: "none"}


#: the solver's reasons for no solution (see `solver.solve`), each with its shorter form
#: for a status bar with no room for the whole: the numbers kept, the rule in fewer words
_SHORT_REASONS = (
    (re.compile(r"(\d+) and (\d+) are given but not next to each other"),
     r"\1 and \2 not side by side"),
    (re.compile(r"(\d+) stands on the wrong checkerboard colour\b.*"), r"\1 on the wrong colour"),
    (re.compile(r"(\d+) cannot stand where it is given"), r"\1 cannot stand there"),
)


def short_reason(reason: str) -> str:
    """The solver's `reason` for no solution in fewer words ("8 and 9 not side by side"),
    or "" where it has no shorter form."""
    for pattern, short in _SHORT_REASONS:
        if pattern.fullmatch(reason):
            return pattern.sub(short, reason)
    return ""


def no_solution_wordings(reason: str, then: str = "") -> tuple[str, ...]:
    """Shorter wordings of a verdict of no solution that ends with `then` (what to change,
    "f: swap the 9 at D4 and the 10 at C4.", or nothing), longest first: with the solver's
    `reason` whole, in fewer words (`short_reason`), then without it. `reason` may be
    ""."""
    short = short_reason(reason)
    tail = f" {then}" if then else ""
    return tuple(dict.fromkeys(filter(None, (
        f"No solution: {reason}.{tail}" if reason else "",
        f"No solution: {short}.{tail}" if short else "",
        f"No solution.{tail}"))))
