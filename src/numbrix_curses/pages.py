"""Text on printed pages: the page's size, lines packed onto pages with form feeds between
them, and text measured and broken by the columns it takes (a wide character takes two).

Both layouts of a booklet use these: `booklet` (a puzzle file too) and `paper` (for paper
only); what goes on the lines is theirs.
"""
from __future__ import annotations

import textwrap
import unicodedata
from typing import Sequence

PAGE_WIDTH = 80
#: lines per printed page: 66 fit a US letter or A4 sheet at 6 lines per inch; a few are
#: left for the printer's margins
PAGE_LINES = 60
FORM_FEED = "\f"


def paginate(blocks: Sequence[list[str]], first_page_used: int) -> list[str]:
    """Blocks packed onto pages, a blank line between blocks, a form feed between pages;
    the first page has `first_page_used` lines taken already (a title)."""
    lines: list[str] = []
    used = first_page_used
    for block in blocks:
        need = len(block) + (1 if used else 0)
        # (a page that goes on to another ends in the blank line before the form feed: it
        # must fit too, or the sheet runs over by a line and an empty one comes out)
        if used and used + need > PAGE_LINES - 1:
            # the blank line keeps the blocks apart for the reader (a form feed alone on
            # a line would do too, but would start the new sheet with an empty line)
            lines.append("")
            lines.append(FORM_FEED + block[0])
            lines.extend(block[1:])
            used = len(block)
            continue
        if used:
            lines.append("")
        lines.extend(block)
        used += need
    return lines


def titled(heads: Sequence[list[str]], blocks: Sequence[list[str]]) -> list[str]:
    """A title block over `blocks` packed onto pages (`paginate`), kept on one page with the
    first block: a title alone on the first sheet, the first puzzle on the next, wasted a
    sheet and looked like a misprint.

    `heads` are the title block's forms, fullest first, each shorter than the one before (the
    rules cut short, then left out): the first that leaves room for the first block and the
    blank line between them heads the first page. Where none does, the fullest one does,
    and the first block goes on after it only if it is taller than a page on its own (it
    runs over a sheet wherever it starts); a block that fits a page alone but not under
    even the title's own lines starts the next page, as it is never split to keep the title
    company (the one first page left to the title block: a title of two lines or more over
    a boxed 25-row board with five lines of metadata).
    """
    fullest = list(heads[0])
    if not blocks:
        return fullest
    first = len(blocks[0])
    for head in heads:
        if len(head) + 1 + first <= PAGE_LINES - 1:  # (as in `paginate`)
            return list(head) + paginate(blocks, len(head))
    if first > PAGE_LINES - 1:
        return fullest + [""] + blocks[0] + paginate(blocks[1:], len(fullest) + 1 + first)
    return fullest + paginate(blocks, len(fullest))


def columns(text: str) -> int:
    """The columns `text` takes on a page: two for a wide character (CJK, full-width), none
    for a combining mark, which stands on the letter before it (macOS writes an accented
    letter of a file's name as its letter and the accent: "e" and U+0301 for "é")."""
    if text.isascii():
        return len(text)
    return sum(char_columns(c) for c in text)


def char_columns(char: str) -> int:
    """The columns one character takes: see `columns`."""
    if unicodedata.category(char) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def padded(text: str, width: int) -> str:
    """`text` followed by spaces to `width` columns (as `str.ljust`, which counts
    characters: a wide one would push what stands right of it out of line)."""
    return text + " " * max(0, width - columns(text))


def wrap(text: str, width: int) -> list[str]:
    """`text` broken into lines of at most `width` columns, between words where it can be
    (as `textwrap.wrap`, which counts characters: a title in Japanese printed half as wide
    again as the page)."""
    if columns(text) == len(text):
        return textwrap.wrap(text, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if columns(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for char in word:  # (a word wider than the line is broken where it must be)
            if columns(line + char) > width:
                lines.append(line)
                line = ""
            line += char
    return lines + [line] if line else lines
