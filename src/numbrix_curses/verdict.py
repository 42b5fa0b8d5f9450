"""What a solve can say of a puzzle: the `Status` enum.

It lives apart from the solver so that the app and the command line can name a verdict
without importing the search (which they load only when they first solve something).
"""
from __future__ import annotations

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
