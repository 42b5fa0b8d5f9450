"""Pages laid out for paper (`numbrix_curses.paper`: ``print --paper``, ``generate
--paper``), told apart from puzzle files so that reading one says what it is.

Such a page has no ``#`` before its words and draws boards side by side, so read as a
puzzle file it failed on its title, with the advice to start the line with ``#``; with that
taken, two boards side by side read as one wide board, a wrong puzzle where their numbers
did not clash. It is known by a line of column letters under one of its headings
(``1. 5x5 medium, 4 givens``, maybe a line of the puzzle's name between them), or by a
line of letters over two boards side by side (``A B C A B C``)."""
from __future__ import annotations

import re

#: a paper page's heading: the puzzle's number, then its size
_HEADING = re.compile(r"[0-9]+\. [0-9]+x[0-9]+\b")
#: the lines a heading takes before its board's letters (its name may take a line or two)
_HEADING_LINES = 4

#: what the reader says of such a text, as of a whole file (``FILE: is laid out ...``)
SAID = ("is laid out for paper (--paper), not a puzzle file: read the file it was printed "
        "from, or a booklet printed without --paper")


def laid_out_for_paper(text: str) -> bool:
    """Whether `text` is (or holds) a page laid out for paper."""
    # Both signs are a line of letters: only such lines are looked at, found by one search
    # (a look at every line of a file of megabytes took seconds, and a list of its lines)
    for found in _LETTER_LINES.finditer(text):
        start = found.start()
        for line in found.group().split("\n"):
            letters = _letters(line)
            if letters.count("A") > 1:
                return True
            if letters[:1] == ["A"] and any(
                    _HEADING.match(above) for above in _lines_above(text, start)):
                return True
            start += len(line) + 1
    return False


#: lines of capital letters and spaces only (a superset of those `_letters` takes: runs of
#: such lines, blank ones among them, are one match)
_LETTER_LINES = re.compile(r"^[^\S\n]*[A-Z][A-Z\s]*$", re.MULTILINE)


def _lines_above(text: str, start: int) -> list[str]:
    """The lines (at most `_HEADING_LINES`) right above the line that starts at `start`."""
    above: list[str] = []
    end = start - 1  # (the line end above it)
    while end >= 0 and len(above) < _HEADING_LINES:
        begin = text.rfind("\n", 0, end) + 1
        above.append(text[begin:end])
        end = begin - 1
    return above


def _letters(line: str) -> list[str]:
    """The column letters a line holds, when it holds only those (else none)."""
    words = line.split()
    if words and all(word.isascii() and word.isalpha() and word.isupper() for word in words):
        return words
    return []
