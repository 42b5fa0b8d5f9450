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
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if _letters(line).count("A") > 1:
            return True
        if _HEADING.match(line) and any(
                _letters(below)[:1] == ["A"] for below in lines[i + 1 : i + 1 + _HEADING_LINES]):
            return True
    return False


def _letters(line: str) -> list[str]:
    """The column letters a line holds, when it holds only those (else none)."""
    words = line.split()
    if words and all(word.isascii() and word.isalpha() and word.isupper() for word in words):
        return words
    return []
