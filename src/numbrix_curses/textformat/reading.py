"""Reading puzzles: a file's bytes, or a text handed in, to puzzles (`read_puzzles`,
`parse_puzzles`), JSON handed on to `jsonformat`, and how a puzzle is named to a user."""
from __future__ import annotations

import json
import os
import re
import sys
from typing import Callable

from numbrix_curses.atomic import descriptor_named
from numbrix_curses.jsonformat import parse_json_puzzles
from numbrix_curses.puzzle import ParseError, Puzzle
from numbrix_curses.readfile import NotRegularFile, is_named_pipe, read_regular_file
from numbrix_curses.textformat.blocks import parse_blocks
from numbrix_curses.textformat.decoding import decode_puzzle_bytes
from numbrix_curses.textformat.errors import RaggedTabs, SplitBoard
from numbrix_curses.textformat.limits import (
    MAX_FILE_BYTES,
    MAX_PUZZLES,
    TOO_LARGE,
    check_text,
    is_json,
    json_under_comments,
    opens_as_grid,
)
from numbrix_curses.textformat.paperpages import SAID as PAPER_PAGE
from numbrix_curses.textformat.paperpages import laid_out_for_paper
from numbrix_curses.textformat.rows import (
    ascii_separators,
    separator_hint_left_out,
    translated_outside_comments,
)
from numbrix_curses.textformat.tabs import placed_in_tabs, tab_rows_kept


def parse_puzzles(
    text: str, filename: str = "<string>", notes: list[tuple[int, str]] | None = None,
    *, cancel_check: Callable[[], None] | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> list[Puzzle]:
    """Every puzzle in `text`, in order. Raises `ParseError` on the first problem.

    A text with no puzzle at all (empty, or comments only) is an error too: whoever hands
    us a puzzle file expects at least one puzzle in it. What reads but may not be what
    was meant goes into `notes`, when given, as (line, text), for the caller to warn of:
    a header that names a puzzle (``# id: x``) with no grid under it (its grid deleted, or
    `solve`'s answer "none" read back), which names nothing; a first row of a board two
    columns wide that could be its size line (see `misread.two_wide_size_note`).

    `cancel_check`, when given, is called between puzzles and may raise to stop the read (a
    `jobs.CancelToken.check`: the app reads a large file beside its loop, and Esc stops it).
    `progress`, when given, is told between puzzles how many have been read so far and
    what fraction of the text is behind the read, from 0 up (the page the app shows
    meanwhile says it). A text read again another way (see below) starts again from 0.
    """
    text = check_text(text, filename)
    puzzles = _parse_checked(text, filename, notes, cancel_check, progress)
    if notes is not None:
        clashes = _label_clashes(puzzles, text, filename)
        if clashes:
            notes[:] = sorted(notes + clashes)
    return puzzles


def _parse_checked(
    text: str, filename: str, notes: list[tuple[int, str]] | None,
    cancel_check: Callable[[], None] | None, progress: Callable[[int, float], None] | None,
) -> list[Puzzle]:
    """The puzzles of a checked text, JSON or the text format (see `parse_puzzles`)."""
    if is_json(text):
        if not opens_as_grid(text):
            return parse_json_puzzles(text, filename, MAX_PUZZLES, cancel_check, progress)
        # A board whose first row starts with "[" ("[1] . [3]", its givens boxed, or
        # "[[1 0 3]" over " [0 0 0]", as numpy prints an array) is read as a board where
        # it is not JSON, its brackets as spaces: it was "'. [3]' after the JSON value is
        # not JSON". Where neither reads, the board's error is said, and why it was not
        # JSON.
        try:
            return parse_json_puzzles(text, filename, MAX_PUZZLES, cancel_check, progress)
        except ParseError as error:
            json_error = error
        try:
            return _parse_text(text, filename, notes, cancel_check, progress)
        except ParseError as error:
            raise ParseError(
                filename, error.line, error.col,
                f"{error.message}; nor is the file JSON ({json_error.line}:{json_error.col}: "
                f"{json_error.message})",
            ) from None
    return _parse_text(text, filename, notes, cancel_check, progress)


#: brackets as spaces, character for character (so that an error's column stays the line's)
_NO_BRACKETS = str.maketrans("[]", "  ")


#: blank lines and comments, then a line starting with a bracket
_BRACKET_FIRST = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*\[")


def _brackets_blanked(text: str) -> str:
    """`text` with the brackets of its lines that are no comments made spaces, where its
    first line that is no comment starts with one; else `text`."""
    if not _BRACKET_FIRST.match(text):
        return text
    return translated_outside_comments(text, _NO_BRACKETS)


def _parse_text(
    text: str, filename: str, notes: list[tuple[int, str]] | None,
    cancel_check: Callable[[], None] | None, progress: Callable[[int, float], None] | None,
) -> list[Puzzle]:
    """The puzzles of a checked text read as the text format (see `parse_puzzles`)."""
    commented = json_under_comments(text)
    if commented:
        raise ParseError(filename, commented, 1, "JSON holds no comments: take out the lines "
                         "starting with # above it")
    # (rows in brackets, "[[1 0 3]" over " [0 0 0]", as numpy prints an array, read with
    # their brackets as spaces: see `_parse_checked`)
    text = _brackets_blanked(text)
    if laid_out_for_paper(text):
        # (said of the whole file: read on, it failed on its title, or read two boards
        # side by side as one, see `paperpages`)
        raise ParseError(filename, 0, 0, PAPER_PAGE)
    # A spreadsheet's row of empty cells is a line of tabs only, which reads as a blank line
    # and splits its board, or is lost at its top or bottom: read as a row first where it
    # lies beside rows of as many tabs (a line of tabs between two boards still parts them
    # where the two do not read as one).
    # (cells parted by full-width commas, "１，．，３", as a spreadsheet export of a page
    # set in Chinese or Japanese writes them, read as those parted by ASCII ones; and the
    # line that names a CSV file's separator for Excel, "sep=;", a comment)
    text = separator_hint_left_out(ascii_separators(text))
    joined = tab_rows_kept(text)
    if joined is None:
        try:
            return parse_blocks(text, filename, notes, cancel_check, progress)
        except ParseError as error:
            joined_error = error
    else:
        try:
            return parse_blocks(joined, filename, notes, cancel_check, progress)
        except ParseError as error:
            joined_error = placed_in_tabs(error, text)
        try:
            return parse_blocks(text, filename, notes, cancel_check, progress)
        except ParseError:
            # Neither reads: the slip is in the board the rows of tabs belong to (a number
            # given twice, say), not in boards cut apart at them, which would blame it on
            # a blank line that is not there.
            pass
    # A line of tabs beside rows of other counts of them is a row copied short or long,
    # when the board read so has that for its fault: said so, not as a blank line that
    # splits a board (only that error: one of a board's own, a number twice, stands).
    # (looked for only where it would be said: another pass over the whole text)
    ragged = tab_rows_kept(text, any_count=True) if isinstance(joined_error, SplitBoard) else None
    if ragged is not None and ragged != joined:
        try:
            parse_blocks(ragged, filename, cancel_check=cancel_check)
        except RaggedTabs as error:
            raise error from None
        except ParseError:
            pass  # (a fault of another kind: the question of a split board stands)
    raise joined_error from None


def read_puzzles(
    path: str, notes: list[tuple[int, str]] | None = None, pipes: bool = False,
    *, cancel_check: Callable[[], None] | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> list[Puzzle]:
    """Every puzzle in the file at `path` ("-" reads standard input); what to warn of goes
    into `notes` (see `parse_puzzles`).

    Any failure, from a missing file to a bad cell, is a `ParseError`; file-level problems
    have line 0 and render as ``FILE: message``. A path that is not a regular file (a
    directory, a named pipe, a device) is refused before anything is read from it; with
    `pipes` (the command line, where `<(command)` names one), a pipe that something writes
    to is read as standard input is, and one that nothing writes to is refused at once.
    `cancel_check`, `progress`: see `parse_puzzles`.
    """
    filename = "<stdin>" if path == "-" else str(path)
    if not filename:
        raise ParseError("''", 0, 0, "an empty name names no file")
    try:
        if path == "-":
            # Read one byte past the limit so an endless stream is refused, not swallowed.
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                data = stream.read(MAX_FILE_BYTES + 1)
            else:  # stdin replaced by a text stream (embedding, tests)
                data = sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8", "surrogateescape")
        else:
            # Only a regular file (or a pipe with a writer, where asked for): a named pipe
            # or a device would hang or never end.
            data = read_regular_file(path, MAX_FILE_BYTES, pipes)
            if not data and is_named_pipe(path) and descriptor_named(str(path)) is None:
                # (said so rather than "file is empty": a writer started a moment after
                # the command finds nobody reading, and waits for good. A pipe the shell
                # passed open, /dev/fd/63 of `<(command)` or /dev/stdin, had its writer
                # already: one that ended having written nothing left an empty file)
                # (the pipe as standard input needs "-" for FILE: `numbrix check < PIPE`
                # asks for a FILE)
                raise ParseError(filename, 0, 0, "is a named pipe nothing wrote to (a "
                                 "writer starts first, or `- < PIPE` for FILE, as standard "
                                 "input, waits for one)")
            if len(data) > MAX_FILE_BYTES and os.path.isfile(path):
                # (said before what the bytes are: a file's size is known, a stream's,
                # <(cat /dev/zero) say, not)
                raise ParseError(filename, 0, 0, TOO_LARGE)
    except NotRegularFile as err:
        raise ParseError(filename, 0, 0, f"is {err.kind}, not a puzzle file") from None
    except IsADirectoryError:
        raise ParseError(filename, 0, 0, "is a directory, not a puzzle file") from None
    except FileNotFoundError:
        raise ParseError(filename, 0, 0, "no such file") from None
    except PermissionError:
        raise ParseError(filename, 0, 0, "permission denied") from None
    except OSError as err:
        reason = err.strerror or str(err)
        raise ParseError(filename, 0, 0, f"cannot read: {reason}") from None
    except ValueError:  # open() refuses a name with a NUL character in it
        raise ParseError(filename, 0, 0, "not a usable file name") from None
    text = decode_puzzle_bytes(data, filename)
    del data  # (let go before the text is read: as large as the text, up to 16 MiB more)
    return parse_puzzles(text, filename, notes, cancel_check=cancel_check, progress=progress)


def puzzle_label(puzzle: Puzzle, filename: str, index: int) -> str:
    """How to name a puzzle to a user: its `id` metadata, else ``FILE#INDEX`` (1-based)."""
    return puzzle.id or f"{filename}#{index}"


def _label_clashes(puzzles: list[Puzzle], text: str, filename: str) -> list[tuple[int, str]]:
    """A note (line, text) for each id written as the name `puzzle_label` gives another
    puzzle of the file, one with no id (``# id: week.txt#1`` on puzzle 3 of week.txt, whose
    puzzle 1 has none): the two would be named alike in what the commands print, and
    ``--puzzle week.txt#1`` takes the one with the id."""
    unnamed = {k for k, puzzle in enumerate(puzzles, start=1) if not puzzle.id}
    if not unnamed:
        return []
    # (the name as the commands print it, and its base name, as the app shows it)
    names = {filename, os.path.basename(filename)}
    found = []
    for index, puzzle in enumerate(puzzles, start=1):
        name, hash_, number = (puzzle.id or "").rpartition("#")
        if not (hash_ and name in names and number.isascii() and number.isdigit()
                and len(number) <= 9):
            continue
        other = int(number)
        if other in unnamed and other != index:
            found.append((_id_line(text, puzzle.id), (
                f"puzzle {index}'s id {puzzle.id!r} is also how puzzle {other} (no id) is "
                "named; give one of them an id of its own")))
    return found


def _id_line(text: str, ident: str) -> int:
    """The line (from 1) where `text` gives the id `ident`: a ``# id:`` line, or a JSON
    record's ``"id"``; 1 where it is not found so."""
    # (in JSON as `generate` writes it, or with its letters past ASCII as they are)
    quoted = "|".join(re.escape(json.dumps(ident, ensure_ascii=ascii))
                      for ascii in (True, False))
    found = re.search(rf"^[ \t]*#[ \t]*id[ \t]*:[ \t]*{re.escape(ident)}[ \t]*$|"
                      rf'"id"\s*:\s*(?:{quoted})', text, re.MULTILINE | re.IGNORECASE)
    return text.count("\n", 0, found.start()) + 1 if found is not None else 1
