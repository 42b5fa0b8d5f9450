"""A puzzle's ``# key: value`` lines: those over its grid (and between its size line and
its first row) are its metadata, keys lower-cased, each at most once."""
from __future__ import annotations

import re

from numbrix_curses import MAX_METADATA_CHARS
from numbrix_curses.puzzle import ParseError, cut_short


# Vertical tabs and form feeds pass the control check (they are whitespace between cells), and
# so do Unicode's line and paragraph separators; in a metadata value each run of them reads as
# one space, as the writers write it, so a puzzle read, written and read again keeps its
# metadata.
_PAGE_BREAKS = re.compile("[\x0b\x0c\u2028\u2029]+")
# "# key: value" with a one-word key of at most `MAX_KEY_CHARS`; a colon followed by "//" is
# a web address in a comment ("# see http://..."), not metadata. (A longer word before a
# colon is a comment too: a key of 9,998 characters read, and the writers' "# KEY: " made
# a line longer than the reader takes.)
MAX_KEY_CHARS = 64
METADATA_LINE = re.compile(
    r"^[^\S\n]*#[^\S\n]*([A-Za-z][A-Za-z0-9_\-]{0,%d})[^\S\n]*:(?!//)(.*)$" % (MAX_KEY_CHARS - 1),
    re.MULTILINE,
)


def header_metadata(header: str, first_line: int, filename: str) -> dict[str, str]:
    """The ``# key: value`` lines of a block's `header` (the comments before its grid).

    A key given twice is an error rather than one silently winning: two ``# id:`` lines in
    one block are most often two puzzles' headers run together, or an edit that left the
    old value behind, and either way the reader cannot know which one was meant.
    """
    metadata: dict[str, str] = {}
    first_given: dict[str, int] = {}
    # (lines counted on from the last match: counting from the header's start each time
    # took minutes over a header of 600,000 lines)
    line, counted = first_line, 0
    for m in METADATA_LINE.finditer(header):
        key = m.group(1).lower()
        line += header.count("\n", counted, m.start())
        counted = m.start()
        if key in first_given:
            col = m.start(1) - (header.rfind("\n", 0, m.start(1)) + 1) + 1
            raise ParseError(
                filename, line, col,
                f"repeated {cut_short(key)!r} (first given on line {first_given[key]})",
            )
        first_given[key] = line
        col = m.start(2) - (header.rfind("\n", 0, m.start(2)) + 1) + 1
        metadata[key] = _value(key, m.group(2), filename, line, col)
    return metadata


def _value(key: str, text: str, filename: str, line: int, col: int) -> str:
    """The value of a ``# key: value`` line (`text`, at `line`:`col`), page breaks made
    spaces; one too long to write back is an error."""
    value = _PAGE_BREAKS.sub(" ", text).strip()
    if len(value) > MAX_METADATA_CHARS:
        raise ParseError(
            filename, line, col,
            f"the {cut_short(key)!r} is {len(value):,} characters long; at most "
            f"{MAX_METADATA_CHARS:,} (a line the commands write about the puzzle must "
            "read back)",
        )
    return value


def metadata_in_grid(
    lines: list[str], first_line: int, first_row: int, metadata: dict[str, str],
    filename: str, notes: list[tuple[int, str]] | None,
) -> dict[str, str]:
    """`metadata` with the ``# key: value`` lines between a grid's size line and its first
    row added (they still come before the grid: "3x3", "# id: a", rows); one among or
    under the rows is not the puzzle's, and goes into `notes`. Both were dropped without a
    word, and `play --puzzle a` then found no such puzzle."""
    metadata = dict(metadata)
    for k, line in enumerate(lines):
        match = METADATA_LINE.match(line)
        if match is None:
            continue
        number, key = first_line + k, match.group(1).lower()
        if number >= first_row:
            if notes is not None:
                notes.append((number, f"{cut_short(line.strip())!r} among or under a grid's "
                                      "rows is not read; put it above the grid"))
        elif key in metadata:
            raise ParseError(filename, number, line.find("#") + 1,
                             f"repeated {cut_short(key)!r} (given above the size line too)")
        else:
            # (held to the same length as above the size line: it was let through here)
            metadata[key] = _value(key, match.group(2), filename, number, match.start(2) + 1)
    return metadata
