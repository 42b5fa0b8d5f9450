"""Hostile and clumsy input: junk puzzle files, junk save files, junk command lines.

Each reader is fed random bytes and mutations of valid input, in each form the text reader
takes (invalid UTF-8, NULs, a BOM, tabs and CRLF, odd Unicode spaces and digits, negative
and enormous numbers, boxed-form fragments, huge lines, floods of blank lines, grids one too
large). Whatever comes in, the
answer is one of the documented ones, never another exception and never a hang:

- the text reader: parsed puzzles (which write out and read back the same), or one
  `ParseError` whose text is ``FILE:LINE:COL: message`` (or ``FILE: message``) on one line,
  pointing inside the file;
- the save-file reader: a game and records the app can show, or the file set aside with a
  message in `Store.problems`;
- the command line: an exit code from the documented set, no traceback, one line on stderr
  for a usage error.

A watchdog turns a hang into a failure (a generous bound on a busy machine, not a timing
test: speed is measured in benchmarks/).
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import tracemalloc
from pathlib import Path
from typing import Callable, Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from conftest import COMMAND_TIMEOUT, cli_env
from helpers import GIVENS
from numbrix_curses import cli
from numbrix_curses.game import Game
from numbrix_curses.puzzle import MAX_SIDE, Puzzle
from numbrix_curses.savefile import MAX_LABEL_CHARS
from numbrix_curses.savestate import Store
from numbrix_curses.textformat import (
    MAX_LINES,
    ParseError,
    decode_puzzle_bytes,
    format_boxed,
    format_compact,
    parse_puzzles,
    read_puzzles,
)
from numbrix_curses.textformat.givens import flagged_cells, listed_givens, raise_if_grid_or_list
from numbrix_curses.textformat.grid import grid_rows
from numbrix_curses.textformat.tabs import ragged_tab_rows, spreadsheet_rows
from numbrix_curses.ui.times import format_duration

#: a case that has not ended after this many seconds is hung (cases normally take milliseconds)
HANG_SECONDS = 20.0
#: every exit status the program documents (README "Limits and errors")
DOCUMENTED_EXIT_CODES = {0, 1, 2, 3, 70, 129, 130, 131, 141, 143}
#: what the command line itself (no app, no signals) may return
CLI_EXIT_CODES = {0, 1, 2, 3}

def fuzz(examples: int) -> settings:
    """Hypothesis settings for a fuzz test: no per-example deadline (the watchdog guards
    against hangs), big inputs allowed."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.function_scoped_fixture],
    )


class Hung(BaseException):
    """Raised by the watchdog; a BaseException so no `except Exception` can swallow it."""


@contextlib.contextmanager
def watchdog(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail the case if it runs longer than `seconds` (where the platform has timers)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------------------------
# the text reader

ERROR_AT = re.compile(r"(?P<file>.*):(?P<line>[1-9][0-9]*):(?P<col>[1-9][0-9]*): (?P<msg>\S.*)")
ERROR_FILE = re.compile(r"(?P<file>.*): (?P<msg>\S.*)")


def check_parse_error(error: ParseError, filename: str, lines: list[str] | None) -> None:
    """One line, the documented shape, and a place that exists in the text."""
    text = str(error)
    assert "\n" not in text and "\r" not in text, text
    assert error.filename == filename
    if error.line <= 0:
        assert (error.line, error.col) == (0, 0), text
        # (the file's name first: a message may hold ": " of its own, "... printed from,
        # or ... file: read the file it was printed from")
        assert text.startswith(filename + ": ") and ERROR_FILE.fullmatch(text), text
        return
    match = ERROR_AT.fullmatch(text)
    assert match, text
    assert (match["file"], int(match["line"]), int(match["col"])) == (
        filename, error.line, error.col
    ), text
    assert match["msg"] == error.message
    if lines is not None:
        # the place is in the file: a line it has, a column on that line or just past it
        assert error.line <= len(lines), text
        assert error.col <= len(lines[error.line - 1]) + 1, text


def reader_lines(text: str) -> list[str]:
    """The lines as the reader numbers them (BOM dropped, CRLF and CR as line ends)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def check_parsed(puzzles: list[Puzzle]) -> None:
    """Parsed puzzles are valid boards that both writers write out and read back."""
    assert puzzles
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        assert 1 <= puzzle.rows <= MAX_SIDE and 1 <= puzzle.cols <= MAX_SIDE
        for writer in (format_compact, format_boxed):
            again = parse_puzzles(writer(puzzle), "again")
            assert len(again) == 1
            assert again[0].givens.tolist() == puzzle.givens.tolist()
            assert again[0].metadata == puzzle.metadata


def parse_text(text: str, filename: str = "fuzz.txt") -> None:
    """Parse `text`; any outcome but puzzles or one well-formed ParseError fails."""
    with watchdog():
        try:
            puzzles = parse_puzzles(text, filename)
        except ParseError as error:
            check_parse_error(error, filename, reader_lines(text))
            return
    check_parsed(puzzles)


def parse_bytes(data: bytes, filename: str = "fuzz.txt") -> None:
    """The reader's whole path from raw bytes (what `read_puzzles` does with a file)."""
    with watchdog():
        try:
            puzzles = parse_puzzles(decode_puzzle_bytes(data, filename), filename)
        except ParseError as error:
            try:
                lines = reader_lines(data.decode("utf-8"))
            except UnicodeDecodeError:
                lines = None  # columns of undecodable text are counted as the reader can
            check_parse_error(error, filename, lines)
            return
    check_parsed(puzzles)


@st.composite
def valid_files(draw) -> str:
    """A valid file: a header, then puzzles in the compact or boxed form, with metadata."""
    parts = []
    if draw(st.booleans()):
        parts.append("# a header comment\n# source: http://example.org/x\n")
    for _ in range(draw(st.integers(1, 3))):
        rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
        size = rows * cols
        numbers = draw(st.permutations(range(1, size + 1)))
        keep = draw(st.lists(st.booleans(), min_size=size, max_size=size))
        grid = np.array([n if k else 0 for n, k in zip(numbers, keep)]).reshape(rows, cols)
        meta = draw(st.sampled_from([{}, {"id": "p-1"}, {"id": "x", "difficulty": "easy"}]))
        puzzle = Puzzle(grid, meta)
        writer = draw(st.sampled_from([format_compact, format_boxed]))
        parts.append(writer(puzzle))
    return "\n".join(parts)


# Things a clumsy hand, a wrong editor or a hostile file put into puzzle text.
NASTY_PIECES = [
    "\x00", "\ufeff", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u00a0",
    "\u200b", "\u200d", "\u2060", "\x1a", "[", "]", "[1]", "sep=,",
    "\u3000", "é", "٣", "²", "９", "𝟕", "\udcff", " ", "\n", "\n\n", "|", "+", "+---+", "| |",
    "|1|", "-", "_", ".", "0", "00", "#", "# id:", ":", ",", ";", "-1", "-0", "+5", "1e3",
    "0x10", "1.5", "99999999999999999999", "1" * 5000, "7" * 4301, "2147483648",
    "9223372036854775808", " " * 300, "#" * 300,
]


@st.composite
def mutated_files(draw, base: st.SearchStrategy[str] | None = None) -> str:
    """A valid file (of `base`, by default `valid_files`) with a few random edits:
    insertions, deletions, splices, swaps."""
    text = draw(base if base is not None else valid_files())
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["insert", "delete", "replace-number", "duplicate", "swap-lines",
                                    "crlf", "bom"]))
        at = draw(st.integers(0, len(text)))
        if how == "insert":
            piece = draw(st.one_of(st.sampled_from(NASTY_PIECES), st.text(max_size=8)))
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            end = draw(st.integers(at, min(len(text), at + 20)))
            text = text[:at] + text[end:]
        elif how == "replace-number":
            numbers = list(re.finditer(r"[0-9]+", text))
            if numbers:
                match = draw(st.sampled_from(numbers))
                piece = draw(st.sampled_from(["-1", "0", "10" * 20, "1" * 5000, "٣", "x", "",
                                              str(MAX_SIDE**2 + 1), "4294967297"]))
                text = text[: match.start()] + piece + text[match.end():]
        elif how == "duplicate":
            end = draw(st.integers(at, min(len(text), at + 200)))
            text = text[:end] + text[at:end] + text[end:]
        elif how == "swap-lines":
            lines = text.split("\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif how == "crlf":
            text = text.replace("\n", "\r\n")
        else:
            text = "\ufeff" + text
    return text


@fuzz(300)
@given(mutated_files())
@example("+----+----+----+\n|    |    |    |\n+----+----+----+\n|    | 1 12 |\n+----+----+\n")
@example("# id: p\x0b-1\n.\n")  # a vertical tab in a value reads as the space it is written as
def test_mutated_puzzle_text_parses_or_fails_with_a_located_error(text: str) -> None:
    parse_text(text)


#: one board in each of the other forms the reader takes (README "The text format"), each
#: with readings of its own that the compact and boxed files above never reach
FORMAT_SAMPLES = [
    # the compact form, with a header and metadata
    "# a header\n\n# id: c\n# difficulty: easy\n1 . 3\n. . .\n. . 9\n",
    # a size line over the grid, and blanks written as runs
    "3x4\n__ 12 __ 10\n.. .. .. ..\n 1 .. .. ..\n",
    # blanks left as spaces, the numbers lined up
    " 1  2  3  4\n 8\n 9       12\n16 15 14 13\n",
    # a spreadsheet's CSV, and pandas' to_csv of a board with NaN for a blank
    "1,,3\n,,\n,,9\n",
    ",0,1,2\n0,1.0,,3.0\n1,,,\n2,,,9.0\n",
    # cells copied from a spreadsheet: parted by tabs, an empty field a blank
    "1\t\t3\n\t5\t\n\t\t9\n",
    # a Markdown table with its header, and one without outer bars
    "| A | B | C |\n|---|---|---|\n| 1 | . | 3 |\n| . | . | . |\n| . | . | 9 |\n",
    "A | B | C\n--|---|--\n1 | . | 3\n. | . | .\n. | . | 9\n",
    # a LaTeX table
    "\\begin{tabular}{|c|c|c|}\n\\hline\n1 &   & 3 \\\\ \\hline\n  &   &   \\\\ \\hline\n"
    "  &   & 9 \\\\ \\hline\n\\end{tabular}\n",
    # a list of givens, and a list of every cell with a flag
    "3\n3\n1 1 1\n1 3 3\n3 3 9\n",
    "col,row,value,given\n0,0,1,true\n1,0,0,false\n0,1,0,false\n1,1,4,true\n",
    # a board copied off the app's screen, and a paper booklet's board with its letters
    "┌────┬────┐\n│  1 │  2 │\n├────┼────┤\n│  4 │  3 │\n└────┴────┘\n",
    "    A   B   C\n  +---+---+---+\n1 |   |   | 9 |\n  +---+---+---+\n"
    "2 | 6 | 5 |   |\n  +---+---+---+\n3 |   |   |   |\n  +---+---+---+\n",
    # JSON: generate's lines, an array of objects, a bare grid, a grid's rows a line each
    '{"id": "j", "seed": 1, "rows": 3, "cols": 4, "difficulty": "medium", "puzzle": '
    '[[8, 0, 0, 0], [0, 12, 1, 0], [0, 0, 0, 0]]}\n{"grid": [[1, null], [null, 4]]}\n',
    '[{"puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}, {"board": [["1", ""], [".", "4"]]}]\n',
    "[[1, -1, 3], [-1, -1, -1], [-1, -1, 9]]\n",
    "[1, 0, 3]\n[0, 0, 0]\n[0, 0, 9]\n",
]


@fuzz(150)
@given(mutated_files(st.sampled_from(FORMAT_SAMPLES)))
# (a data frame's row of its index alone, "2,", read as a board one column wide writes its
# blank: the error for the short row pointed a column past the end of its line)
@example(",0,1,2\n0,1.0,,3.0\n1,,,\n2,\n")
def test_mutated_files_of_every_form_parse_or_fail_with_a_located_error(text: str) -> None:
    parse_text(text)


@fuzz(150)
@given(st.text(alphabet=st.sampled_from(list("0123456789 .-_|+#:\n\t\r")) | st.characters(),
               max_size=400))
@example("1 2\n4 3")
@example("+---+\n| 1 |\n+---+")
@example("+---+\n|")
@example("|")
@example("+")
@example("+-+-+\n| |\n+-+")
@example("# id: x\n\n\n")
@example("1\n\n" * 3 + "| 1 |\n+--")
def test_random_text_parses_or_fails_with_a_located_error(text: str) -> None:
    parse_text(text)


@fuzz(150)
@given(st.one_of(
    st.binary(max_size=500),
    mutated_files().map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.tuples(mutated_files(), st.binary(min_size=1, max_size=4), st.integers(0, 1000)).map(
        lambda t: t[0].encode("utf-8", "surrogatepass")[: t[2]] + t[1]
        + t[0].encode("utf-8", "surrogatepass")[t[2]:]
    ),
))
@example(b"\xff\xfe1\x002\x00")  # UTF-16 with its BOM
@example(b"\xef\xbb\xbf1 2\r\n4 3\r\n")  # UTF-8 BOM and CRLF
@example(b"1 2\n4 \xc3")  # cut inside a character
@example(b"\xed\xa0\x80")  # an encoded surrogate
def test_random_bytes_parse_or_fail_with_a_located_error(data: bytes) -> None:
    parse_bytes(data)


def _grid(rows: int, cols: int, fill: str = ".") -> str:
    return "\n".join(" ".join([fill] * cols) for _ in range(rows)) + "\n"


HOSTILE_FILES = {
    "10 MB line": b"1 " * (5 * 1024 * 1024),
    "10 MB of one digit": b"7" * (10 * 1024 * 1024),
    "a million blank lines": b"\n" * 1_000_000 + b"1 2\n4 3\n",
    "a million CR line ends": b"\r" * 1_000_000,
    "a million lines of spaces": b" \n" * 1_000_000,
    "just under the line limit, all comments": b"#\n" * (MAX_LINES - 1),
    "31x31 grid": _grid(31, 31).encode(),
    "31 rows": _grid(31, 5).encode(),
    "31 columns": _grid(5, 31).encode(),
    "31x31 boxed": ("+" + "---+" * 31 + "\n" + ("|" + "   |" * 31 + "\n+" + "---+" * 31
                                                + "\n") * 31).encode(),
    "negative numbers": b"-1 2\n3 4\n",
    "enormous number": b"1 " + b"9" * 100_000 + b"\n3 4\n",
    "number past 64 bits": b"18446744073709551617 .\n. .\n",
    "NUL in a cell": b"1 \x00\n. .\n",
    "all NULs": b"\x00" * 10_000,
    "invalid UTF-8 in a cell": b"1 \xff\n. .\n",
    "Latin-1 comment": b"# caf\xe9\n1 .\n. .\n",
    "UTF-16 file": "1 .\n. 4\n".encode("utf-16"),
    "BOM only": b"\xef\xbb\xbf",
    "tabs and CRLF": b"1\t.\t3\r\n.\t.\t.\r\n.\t.\t9\r\n",
    "boxed rule only": b"+---+---+\n",
    "boxed row without bars": b"+---+\n  1  \n+---+\n",
    "boxed mixed with compact": b"+---+---+\n| 1 | 2 |\n4 3\n",
    "too many puzzles": b"1\n\n" * 10_001,
    "thousands of size lines in a row": b"3x3\n" * 5_000,
    # (a size pattern whose runs of spaces could share them out took minutes on these)
    "thousands of spaces between numbers": b"1" + b" " * 5_000 + b"2 3\n4 5 6\n7 8 9\n",
    "thousands of spaces round an x": b"1" + b" " * 4_000 + b"x" + b" " * 4_000 + b"2 3\n",
    "random junk": bytes(range(256)) * 100,
    # (a data frame's floats, made over whole: a minute before its 31st row was refused)
    "a spreadsheet's export of 16 MiB": b"1.0,,2.0,1.0,,2.0,1.0,,2.0,1.0,,2.0\n" * 440_000,
    # (a list of givens, each line made match objects before a given twice was said)
    "a list of givens with a given twice, then 100,000 more":
        b"30 30\n1 1 1\n1 1 2\n" + b"2 2 3\n" * 100_000,
}


@pytest.mark.parametrize("name", list(HOSTILE_FILES))
def test_hostile_file_is_refused_or_read(name: str, tmp_path: Path) -> None:
    path = tmp_path / "hostile.txt"
    path.write_bytes(HOSTILE_FILES[name])
    with watchdog():
        try:
            puzzles = read_puzzles(str(path))
        except ParseError as error:
            check_parse_error(error, str(path), None)
            return
    check_parsed(puzzles)


@pytest.mark.parametrize("name", ["10 MB line", "a million blank lines", "31x31 grid",
                                  "invalid UTF-8 in a cell", "NUL in a cell",
                                  "a spreadsheet's export of 16 MiB",
                                  "a list of givens with a given twice, then 100,000 more"])
def test_hostile_file_through_the_command_line(name: str, tmp_path: Path, capsys) -> None:
    path = tmp_path / "hostile.txt"
    path.write_bytes(HOSTILE_FILES[name])
    with watchdog():
        code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(str(path) + ":"), err


def test_an_endless_stream_on_standard_input_is_refused(monkeypatch) -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b"1" * len(buffer)
            return len(buffer)

    stdin = io.TextIOWrapper(io.BufferedReader(Endless()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    with watchdog():
        with pytest.raises(ParseError) as caught:
            read_puzzles("-")
    assert str(caught.value) == "<stdin>: file is too large (more than 16 MiB); split it up"


def test_terminal_escapes_in_a_file_are_refused_not_printed(tmp_path: Path, capsys) -> None:
    """An id holding an escape sequence (set the window title, write the clipboard) must not
    reach the terminal of someone who checks the file."""
    path = tmp_path / "evil.txt"
    path.write_text("# id: \x1b]52;c;cHduZWQ=\x07evil\n1 .\n. .\n")
    code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"{path}:1:7: control character U+001B; a puzzle file holds plain text\n"
    # the 8-bit escape (CSI, U+009B) is refused as ESC is
    path.write_text("# id: a\x9b31mred\n1 .\n. .\n", encoding="utf-8")
    assert cli.main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{path}:1:8: control character U+009B; a puzzle file holds plain text\n"
    # tabs, form feeds (page breaks in booklets) and line ends are whitespace, not refused
    assert len(parse_puzzles("\f# id: a\tb\r\n1\t.\x0b\n. .\n")) == 1


def test_writers_keep_control_characters_out_of_metadata() -> None:
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]], {"id": "a\x1b[31mb\x07\x9b"})
    for writer in (format_compact, format_boxed):
        again = parse_puzzles(writer(puzzle))[0]
        assert again.metadata == {"id": "a [31mb"}


def test_metadata_no_file_can_hold_or_no_reader_read_back_is_refused(tmp_path: Path,
                                                                      capsys) -> None:
    """A JSON id "\\ud800" (half a character) took `print` down with a traceback and the
    app's saving with it; an id of 20,000 characters was read, and what `solve` and `print`
    wrote of the puzzle was not, its lines past the reader's 10,000 characters. Both are
    refused as they are read, with the place."""
    grid = '"puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]'
    cases = {
        "half.json": ('{"id": "\\ud800", ' + grid + "}\n", "half a character"),
        "long.json": ('{"id": "' + "x" * 20000 + '", ' + grid + "}\n",
                      '"id" is 20,000 characters long; at most 2,000'),
        "long.txt": ("# id: " + "y" * 3000 + "\n1 . 3\n. . .\n. . 9\n",
                     "'id' is 3,000 characters long; at most 2,000"),
    }
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        for command in ("print", "check"):
            assert cli.main([command, str(path)]) == 2
            out, err = capsys.readouterr()
            assert out == "" and err.count("\n") == 1 and said in err, err
            assert err.startswith(f"{path}:1:")
    # at the limit, what the commands write reads back
    path = tmp_path / "edge.txt"
    path.write_text("# id: " + "z" * 2000 + "\n1 . 3\n. . .\n. . 9\n", encoding="utf-8")
    for command in (["print", "--solutions"], ["solve"]):
        assert cli.main([*command, str(path)]) == 0
        written = tmp_path / "written.txt"
        written.write_text(capsys.readouterr().out, encoding="utf-8")
        assert [p.id for p in read_puzzles(str(written))] == ["z" * 2000]


def test_a_long_header_reads_at_once_and_its_lines_are_counted_right() -> None:
    """Each `# key: value` line of a header was numbered by counting the lines from the
    header's start: a header of 600,000 lines took minutes. A key repeated at the end
    of a long one is still said where it is."""
    header = "".join(f"# k{i}: v\n" for i in range(100_000))
    [puzzle] = parse_puzzles(header + "1 .\n. .\n")
    assert len(puzzle.metadata) == 100_000
    with pytest.raises(ParseError) as caught:
        parse_puzzles(header + "# K7: again\n1 .\n. .\n")
    assert (caught.value.line, caught.value.col) == (100_001, 3)
    assert "first given on line 8" in caught.value.message


def _peak_bytes(read: Callable[[], object]) -> int:
    """How many bytes past those held before `read` it held at most, run once."""
    tracemalloc.start()
    try:
        read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _raises_parse_error(read: Callable[[], object]) -> Callable[[], ParseError | None]:
    """`read`, made to give the `ParseError` it raises, or None."""
    def run() -> ParseError | None:
        try:
            read()
        except ParseError as error:
            return error
        return None
    return run


# A list of givens of 50,000 lines, each read as a match object or more: about 20 MB,
# where a list read line by line keeps its first lines and the givens read.
_LONG_LIST = ["30 30"] + [f"{n % 30 + 1} {n // 30 % 30 + 1} {n % 900 + 1}"
                          for n in range(50_000)]


def test_a_long_list_of_givens_is_read_in_the_room_of_its_givens() -> None:
    """Each of the 900 givens of a 30x30 listed again and again reads in the room of 900
    givens, not of the lines: every line was made match objects and kept (820 MB for
    600,000 lines)."""
    grids = []
    peak = _peak_bytes(lambda: grids.append(listed_givens(_LONG_LIST, 1, "f.txt")))
    assert grids[0] is not None and sorted(grids[0].ravel()) == list(range(1, 901))
    assert peak < 1_000_000, peak


def test_a_slip_early_in_a_long_list_of_givens_is_said_in_little_room() -> None:
    """A given twice on the list's fourth line is said with the lines past it looked
    through, not held (800 MB before a given twice on line 19 of 600,000 was said)."""
    lines = _LONG_LIST[:3] + ["1 1 7"] + _LONG_LIST[3:]
    caught = []
    peak = _peak_bytes(lambda: caught.append(
        _raises_parse_error(lambda: listed_givens(lines, 1, "f.txt"))()))
    assert caught[0] is not None and (caught[0].line, caught[0].col) == (4, 1)
    assert caught[0].message == "row 1, column 1 is given twice (first on line 2)"
    assert peak < 1_000_000, peak


def test_a_long_list_of_cells_with_a_flag_is_refused_in_little_room() -> None:
    """More cells with a flag than a board has are refused keeping the first of them
    only: each of 50,000 lines was kept as a match first (490 MB for 8.8 MB)."""
    lines = ["col,row,value,given"] + [f"{n % 30},{n // 30 % 30},{n % 900 + 1},true"
                                       for n in range(50_000)]
    caught = []
    peak = _peak_bytes(lambda: caught.append(
        _raises_parse_error(lambda: flagged_cells(lines, 1, "f.txt"))()))
    assert caught[0] is not None and (caught[0].line, caught[0].col) == (902, 1)
    assert peak < 1_000_000, peak


@pytest.mark.parametrize("between", [" ", "\t"])
def test_a_slip_in_the_second_of_many_puzzles_is_said_in_little_room(between: str) -> None:
    """The checks of a whole text (control characters, long lines, a page laid out for
    paper, lines of tabs) look through it without a list of its lines: each took about
    twice the text's room (25 MB more for a file of 12 MB refused at its 34th line)."""
    board = "\n".join(between.join(str(r * 30 + c + 1) if (r + c) % 5 == 0 else "."
                                   for c in range(30)) for r in range(30))
    puzzles = [f"# id: p{i}\n{board}\n" for i in range(1_200)]  # (about 4 MB)
    puzzles[1] = puzzles[1].replace(f"{between}6{between}", f"{between}9999{between}", 1)
    text = "\n".join(puzzles)
    caught = []
    peak = _peak_bytes(lambda: caught.append(_raises_parse_error(lambda: parse_puzzles(text))()))
    assert caught[0] is not None and (caught[0].line, caught[0].col) == (34, 11)
    assert "9999 is out of range" in caught[0].message
    assert peak < 1_000_000, peak


def test_a_path_with_a_nul_is_a_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        read_puzzles("bad\x00name.txt")
    check_parse_error(caught.value, "bad\x00name.txt", None)


# ---------------------------------------------------------------------------------------------
# the save-file reader

SAVE_PUZZLE = Puzzle.from_rows(GIVENS, {"id": "demo"})


def _valid_save_and_records() -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as root:
        store = Store(Path(root))
        game = Game(SAVE_PUZZLE)
        for cell, number in ((1, 3), (2, 2), (6, 15)):
            assert game.set_value(cell, number) is None
        game.undo()
        store.save_game(SAVE_PUZZLE, game, "demo", "/some/file.txt")
        store.record_solve(SAVE_PUZZLE, "demo", 61.5, 12)
        save = json.loads(store.game_path(SAVE_PUZZLE).read_text())
        records = json.loads(store.records_path.read_text())
    # Fixed times, so the same text (and the same examples) every run.
    save["saved_at"] = 1_700_000_000.0
    save["game"]["elapsed"] = 42.0
    for entry in records["puzzles"].values():
        entry["last_solved"] = 1_700_000_000.0
    return json.dumps(save), json.dumps(records, indent=1)


JSON_NASTIES = [
    None, True, False, 0, -1, 1, 3, 16, 17, 2**31, 2**63, 10**30, -(10**30), 1e308, -1e308,
    float("inf"), float("-inf"), float("nan"), 0.5, "", "x", "demo", "9" * 5000, "\x00",
    "\udcff", [], {}, [1, 2], [[1, 0, 3]], [True, False, 2], {"a": 1}, ["x"] * 50,
]

json_values = st.recursive(
    st.sampled_from(JSON_NASTIES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    """Every place inside a JSON value, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


@st.composite
def mutated_json(draw, text: str) -> bytes:
    """A valid JSON file with some value replaced or dropped, or its bytes damaged."""
    how = draw(st.sampled_from(["value", "value", "value", "drop", "bytes", "truncate", "deep",
                                "random"]))
    if how in ("value", "drop"):
        data = json.loads(text)
        for _ in range(draw(st.integers(1, 3))):
            places = [p for p in _paths(data) if p]
            place = draw(st.sampled_from(places))
            parent = data
            for key in place[:-1]:
                parent = parent[key]
            if how == "drop" and isinstance(parent, dict):
                del parent[place[-1]]
            else:
                # a copy: the nasties are shared objects a later edit could change
                parent[place[-1]] = copy.deepcopy(draw(json_values))
        return json.dumps(data).encode("utf-8", "surrogatepass")
    raw = text.encode()
    if how == "bytes":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(min_size=1, max_size=6)) + raw[at + 1:]
    if how == "truncate":
        return raw[: draw(st.integers(0, len(raw)))]
    if how == "deep":
        depth = draw(st.sampled_from([100, 10_000, 200_000]))
        return b"[" * depth + b"]" * depth
    return draw(st.binary(max_size=300))


SAVE_TEXT, RECORDS_TEXT = _valid_save_and_records()


def _check_store_reads(root: Path, damaged: Path) -> None:
    """Read everything the app reads at start, as the menu and the play screen use it."""
    store = Store(root)
    with watchdog():
        games = store.saved_games()
        for saved in games:
            assert isinstance(saved.puzzle, Puzzle) and isinstance(saved.label, str)
            format_duration(saved.elapsed)  # the menu shows it
        resumed = store.resume(SAVE_PUZZLE)
        if resumed is not None:
            game, _ = resumed
            assert game.puzzle is SAVE_PUZZLE or game.puzzle.givens.tolist() == SAVE_PUZZLE.givens.tolist()
        for record in store.records().values():
            assert record.solved >= 0
            if record.best_seconds is not None:
                format_duration(record.best_seconds)  # the library shows it
        try:
            record, _ = store.record_solve(SAVE_PUZZLE, "demo", 30.0, 9)
        except OSError as error:
            # records a newer version wrote are left to it (the play screen says the solve
            # is not counted); nothing else may stop a solve from counting
            assert "newer version" in str(error)
        else:
            assert record.solved >= 1 and record.best_seconds is not None
    for problem in store.problems:
        assert isinstance(problem, str) and "\n" not in problem
    # a file that could not be used is kept: in place, or set aside under another name
    assert damaged.exists() or list(damaged.parent.glob(damaged.name + ".corrupt-*"))


@fuzz(150)
@given(mutated_json(SAVE_TEXT))
@example(b"[" * 100_000 + b"]" * 100_000)
@example(SAVE_TEXT.replace('"givens": [4,', '"givens": [100000000000000000000000000000,').encode())
@example(SAVE_TEXT.replace('"elapsed": 42.0', '"elapsed": 1e999').encode())
@example(SAVE_TEXT.replace('"saved_at": 1700000000.0', '"saved_at": NaN').encode())
def test_damaged_save_file_never_stops_the_app(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        store = Store(root)
        path = store.game_path(SAVE_PUZZLE)
        path.parent.mkdir(parents=True)
        path.write_bytes(content)
        _check_store_reads(root, path)


@fuzz(100)
@given(mutated_json(RECORDS_TEXT))
@example(b"[" * 100_000 + b"]" * 100_000)
@example(RECORDS_TEXT.replace('"best_seconds": 61.5', '"best_seconds": Infinity').encode())
@example(RECORDS_TEXT.replace('"solved": 1', '"solved": "many"').encode())
@example(RECORDS_TEXT.replace('"version": 1', '"version": 3').encode())
def test_damaged_records_file_never_stops_the_app(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        store = Store(root)
        root.mkdir(exist_ok=True)
        store.records_path.write_bytes(content)
        _check_store_reads(root, store.records_path)


def test_a_save_s_name_edited_to_megabytes_is_kept_short(tmp_path: Path) -> None:
    """A save's name ("label") edited to megabytes (a save may take 8 MiB) was measured
    whole for every frame showing it: each key in its game took a second. So were the
    records' names."""
    store = Store(tmp_path)
    game = Game(SAVE_PUZZLE)
    assert game.set_value(1, 3) is None
    store.save_game(SAVE_PUZZLE, game, "demo", "/some/file.txt")
    path = store.game_path(SAVE_PUZZLE)
    long_name = '"label":"' + "x" * 3_000_000 + '"'
    long_source = '"source":"/' + "s" * 3_000_000 + '"'
    path.write_text(path.read_text().replace('"label":"demo"', long_name)
                    .replace('"source":"/some/file.txt"', long_source))
    [saved] = store.saved_games()
    assert saved.label == "x" * MAX_LABEL_CHARS
    assert saved.source is None  # (longer than any path: it names no file)
    resumed = store.load_game(SAVE_PUZZLE)
    assert resumed is not None and resumed.label == "x" * MAX_LABEL_CHARS
    # (the records keep a name too, the one a puzzle typed in again is played under)
    store.record_solve(SAVE_PUZZLE, "demo", 30.0, 9)
    store.records_path.write_text(store.records_path.read_text().replace(
        '"label": "demo"', '"label": "' + "y" * 3_000_000 + '"'))
    assert [r.label for r in Store(tmp_path).records().values()] == ["y" * MAX_LABEL_CHARS]


def test_a_save_that_is_not_a_regular_file_does_not_hang(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    store = Store(tmp_path)
    path = store.game_path(SAVE_PUZZLE)
    path.parent.mkdir(parents=True)
    os.mkfifo(path)  # opening it for reading would wait for a writer forever
    with watchdog(10):
        assert store.saved_games() == []
        assert store.resume(SAVE_PUZZLE) is None
    assert store.problems


# ---------------------------------------------------------------------------------------------
# the command line

GOOD = "# id: good\n1 . 3\n. . .\n. . 9\n"  # unique
MULTIPLE = "1 .\n. .\n"
NONE = "1 2\n3 4\n"


@pytest.fixture(scope="module")
def argv_files() -> Iterator[dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        files = {
            "good": GOOD, "multiple": MULTIPLE, "none": NONE, "mixed": GOOD + "\n" + NONE,
            "bad": "1 2\n3\n", "empty": "", "junk": "\x00\xff",
        }
        paths = {}
        for name, text in files.items():
            path = root / f"{name}.txt"
            path.write_bytes(text.encode("utf-8", "surrogateescape"))
            paths[name] = str(path)
        odd = root / "caf\udcff.txt"  # a name that is not valid UTF-8
        try:
            odd.write_text(GOOD)
            paths["odd-name"] = str(odd)
        except (OSError, UnicodeError):
            paths["odd-name"] = paths["good"]
        (root / "dir").mkdir()
        paths["dir"] = str(root / "dir")
        # where the commands run: a relative name among the values ("--output fiendish")
        # writes a file there, not in the directory the tests were started from
        (root / "scratch").mkdir()
        paths["scratch"] = str(root / "scratch")
        locked = root / "locked"
        locked.mkdir()
        (locked / "secret.txt").write_text(GOOD)
        paths["locked"] = str(locked / "secret.txt")
        paths["locked-out"] = str(locked / "out.txt")
        paths["missing"] = str(root / "missing.txt")
        paths["out"] = str(root / "out.txt")
        paths["out2"] = str(root / "out2.txt")
        paths["missing-dir-out"] = str(root / "no" / "such" / "dir" / "out.txt")
        os.chmod(locked, 0o500)
        try:
            yield paths
        finally:
            os.chmod(locked, 0o700)


COMMANDS = ["play", "solve", "check", "grade", "generate", "print", "help", "", "-", "--",
            "--help", "-h", "--version", "Solve", "solvee"]
OPTIONS = ["--json", "--timeout", "--steps", "--puzzle", "--solutions", "--size", "--rows",
           "--cols", "--count", "--difficulty", "--pattern", "--clues", "--seed", "--format",
           "--output", "--force", "--jobs", "--nope", "-x", "--json=1", "--timeout=", "-"]
VALUES = ["0", "1", "2", "3", "4", "-1", "31", "1e9", "nan", "inf", "-inf", "1e-9", "0.05",
          "1e308", "x", "", " ", "9" * 5000, "²", "٣", "９", "easy", "hard", "fiendish",
          "random", "border", "symmetric", "text", "json", "compact", "good", "\udcff",
          "\x00", "a\nb"]
FILE_KEYS = ["good", "multiple", "none", "mixed", "bad", "empty", "junk", "odd-name", "dir",
             "locked", "locked-out", "missing", "out", "out2", "missing-dir-out"]


@st.composite
def argv_lists(draw) -> list:
    """Token lists; file names are placeholders filled in from the fixture."""
    argv = []
    if draw(st.integers(0, 9)):
        argv.append(draw(st.sampled_from(COMMANDS)))
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["option", "option", "value", "file", "text"]))
        if kind == "option":
            argv.append(draw(st.sampled_from(OPTIONS)))
        elif kind == "value":
            argv.append(draw(st.sampled_from(VALUES)))
        elif kind == "file":
            argv.append(("file", draw(st.sampled_from(FILE_KEYS))))
        else:
            argv.append(draw(st.text(max_size=6)))
    return argv


def _run_in_process(argv: list[str], stdin_bytes: bytes, encoding: str) -> tuple[int, str, str]:
    """`cli.main(argv)` with real-looking standard streams (strict encoding, like a pipe)."""
    out_raw, err_raw = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out_raw, encoding=encoding, errors="strict", write_through=True)
    stderr = io.TextIOWrapper(err_raw, encoding=encoding, errors="backslashreplace",
                              write_through=True)
    stdin = io.TextIOWrapper(io.BytesIO(stdin_bytes), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        with watchdog():
            code = cli.main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out_raw.getvalue().decode(encoding, "replace"), err_raw.getvalue().decode(
        encoding, "replace")


@fuzz(250)
@given(argv_lists(), st.sampled_from([GOOD.encode(), b"", b"\xff\x00", MULTIPLE.encode()]),
       st.sampled_from(["utf-8", "ascii"]))
@example([("file", "odd-name")], b"", "utf-8")
@example(["check", ("file", "odd-name")], b"", "utf-8")
@example(["solve", "--steps", ("file", "odd-name")], b"", "ascii")
@example(["play", ("file", "good"), "--puzzle", "²"], b"", "utf-8")
@example(["play", ("file", "good"), "--puzzle", "9" * 5000], b"", "utf-8")
@example(["check", "a\x00b"], b"", "utf-8")
@example(["generate", "--size", "3", "--output", ("file", "locked-out")], b"", "utf-8")
@example(["generate", "--size", "3", "--output", ("file", "missing-dir-out")], b"", "utf-8")
@example(["generate", "--size", "3", "--output", "a\x00b"], b"", "utf-8")
@example(["generate", "--size", "2", "--seed", "9" * 4000], b"", "utf-8")
@example(["generate", "--size", "9" * 5000], b"", "utf-8")  # (past int()'s digit limit)
@example(["check", "-"], b"\xff\x00", "utf-8")
@example(["solve", "--timeout", "1e-9", "-"], GOOD.encode(), "utf-8")
def test_any_command_line_ends_with_a_documented_code_and_no_traceback(
    argv_files, argv: list, stdin_bytes: bytes, encoding: str
) -> None:
    args = [argv_files[item[1]] if isinstance(item, tuple) else item for item in argv]
    # The generator is exercised on small boards only, one process, so a case stays short.
    if "generate" in args:
        assume("--jobs" not in args and "--count" not in args)
        for option in ("--size", "--rows", "--cols"):
            if option in args:
                at = args.index(option) + 1
                # (a side the generator refuses, or one of at most 5; the length is looked
                # at first, as Python will not turn 5,000 digits into a number)
                value = args[at] if at < len(args) else ""
                assume(not (value.isascii() and value.isdigit()) or len(value) > 3
                       or int(value) <= 5)
        if not any(o in args for o in ("--size", "--rows", "--cols")):
            args += ["--size", "3"]
    started_in = os.getcwd()
    os.chdir(argv_files["scratch"])
    try:
        code, out, err = _run_in_process(args, stdin_bytes, encoding)
    finally:
        os.chdir(started_in)
    assert code in CLI_EXIT_CODES, (args, code, err)
    assert "Traceback" not in err and "Traceback" not in out, err
    if code == 2 and not any(a in ("--help", "-h") for a in args):
        assert err.strip() and err.strip().count("\n") == 0, err


def test_a_file_name_that_is_not_utf8_prints_without_a_traceback(tmp_path: Path) -> None:
    name = os.fsencode(str(tmp_path)) + b"/caf\xe9.txt"
    try:
        with open(name, "w", encoding="utf-8") as handle:
            handle.write(GOOD.replace("# id: good\n", ""))
    except OSError:
        pytest.skip("this file system wants UTF-8 names")
    env = cli_env()
    env["PYTHONIOENCODING"] = "utf-8"  # strict, as with a UTF-8 locale
    for command in (["check"], ["solve"], ["solve", "--steps"], ["grade"], ["print"]):
        result = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"numbrix_curses",
             *(c.encode() for c in command), name],
            capture_output=True, env=env, timeout=COMMAND_TIMEOUT,
        )
        assert result.returncode == 0, result.stderr
        assert b"Traceback" not in result.stderr
        assert b"caf" in result.stdout  # the name is shown, its odd byte escaped


def test_an_id_an_ascii_locale_cannot_write_prints_escaped(tmp_path: Path) -> None:
    """In the C locale without UTF-8 mode, stdout is ASCII with "surrogateescape" (not
    strict): an id with an "é" was an internal error, exit 70, and `generate` lost the
    puzzles it had made at the write."""
    path = tmp_path / "uni.txt"
    path.write_text(GOOD.replace("# id: good", "# id: café"), encoding="utf-8")
    env = cli_env()
    env.pop("PYTHONIOENCODING", None)
    env.update(LC_ALL="C", LANG="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0",
               XDG_STATE_HOME=str(tmp_path / "state"))
    for argv in (["check", str(path)], ["solve", str(path)], ["print", str(path)],
                 ["generate", "--size", "3", "--title", "é"]):
        result = subprocess.run([sys.executable, "-m", "numbrix_curses", *argv],
                                capture_output=True, env=env, timeout=COMMAND_TIMEOUT)
        assert result.returncode == 0, (argv, result.stderr)
        assert b"\\xe9" in result.stdout, (argv, result.stdout)  # (written escaped)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="closes a descriptor in the child (POSIX)")
@pytest.mark.parametrize("closed, argv, code, stderr", [
    (0, ["check", "-"], 2, "<stdin>:1:1: file is empty; no puzzle found"),
    (0, [], 2, "numbrix: the app needs a terminal"),
    (1, ["check", "PUZZLE"], 0, ""),
    (2, ["check", "missing.txt"], 2, None),
])
def test_a_closed_standard_stream_is_no_crash(tmp_path: Path, closed: int, argv: list[str],
                                              code: int, stderr: str | None) -> None:
    """`numbrix ... <&-` and the like: the closed stream acts as the null device."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(GOOD)
    env = cli_env()
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    result = subprocess.run(
        [sys.executable, "-m", "numbrix_curses", *(str(puzzle) if a == "PUZZLE" else a
                                                   for a in argv)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=COMMAND_TIMEOUT,
        preexec_fn=lambda: os.close(closed),
    )
    assert result.returncode == code, result.stderr
    if stderr == "":
        assert result.stderr == ""
    elif stderr is not None:
        assert result.stderr.startswith(stderr) and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_what_generate_writes_as_json_reads_back(tmp_path: Path, capsys) -> None:
    """JSON Lines from `generate --format json` are a puzzle file like the text forms: the
    same puzzles, ids and metadata as `--format compact` gives for the same seed."""
    made = {}
    for form in ("json", "compact"):
        path = tmp_path / f"made.{form}"
        assert cli.main(["generate", "--size", "6", "--count", "3", "--seed", "1",
                         "--pattern", "symmetric", "--format", form,
                         "--output", str(path)]) == 0
        made[form] = read_puzzles(str(path))
    capsys.readouterr()
    assert [p.givens.tolist() for p in made["json"]] == [p.givens.tolist() for p in made["compact"]]
    assert [p.metadata for p in made["json"]] == [p.metadata for p in made["compact"]]
    assert cli.main(["check", str(tmp_path / "made.json")]) == 0
    assert capsys.readouterr().out.count(": unique\n") == 3


JSON_RECORDS = json.dumps([
    {"id": "a", "seed": 7, "difficulty": "easy", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]},
    {"id": "b", "pattern": "symmetric", "inside": 0, "puzzle": [[0, 2], [0, 0]]},
])


@fuzz(150)
@given(mutated_json(JSON_RECORDS))
@example(b"[" * 100_000 + b"]" * 100_000)
@example(b"[[1, " + b"9" * 5000 + b"]]")
@example(b'{"puzzle": [[1, NaN]]}')
@example(b'{"puzzle": [[1, 2]], "id": "\\u001b[2J"}')
@example(b'{"puzzle": [[1, 2]]}\n{"puzzle": [[1, 2]]} {}\n')
@example(b'{"solution": [[1, 2]]}')
@example(b'{"puzzle": [[1, 2]], "id": "a", "id": "b"}')
@example(b"[" * 900 + b'{"k": 1, "k": 2}' + b"]" * 900)
def test_damaged_json_puzzles_parse_or_fail_with_a_located_error(content: bytes) -> None:
    parse_bytes(content)


def test_a_json_error_in_an_array_names_the_record_and_points_at_the_cell(tmp_path: Path) -> None:
    """The place was the record's start: in a pretty-printed file, lines above the cell."""
    path = tmp_path / "made.json"
    records = [{"id": "p1", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]},
               {"id": "p2", "puzzle": [[0, 0], [0, 77]]}]
    text = json.dumps(records, indent=2)
    path.write_text(text)
    with pytest.raises(ParseError) as caught:
        read_puzzles(str(path))
    cell = text.index("77")
    line = text.count("\n", 0, cell) + 1
    col = cell - text.rfind("\n", 0, cell)
    assert (caught.value.line, caught.value.col) == (line, col) == (31, 9)
    assert caught.value.message == "record 2 of the array: row 2, column 2: 77 is out of range 1..4"
    # a fault outside the grid is placed at its record
    records[1] = {"id": "p2", "rows": 3, "puzzle": [[0, 0], [0, 1]]}
    text = json.dumps(records, indent=2)
    path.write_text(text)
    with pytest.raises(ParseError) as caught:
        read_puzzles(str(path))
    assert (caught.value.line, caught.value.col) == (22, 3)
    assert caught.value.message == 'record 2 of the array: "rows" is 3, but the grid has 2'


def test_a_json_error_names_the_record_s_line_and_the_cell_s_column(tmp_path: Path) -> None:
    path = tmp_path / "made.json"
    two = '{"puzzle": [[1, 2], [4, 3]]}\n\n{"puzzle": [[1, 2], [4, true]]}\n'
    assert refusal(path, two) == (
        f"{path}:3:25: row 2, column 2: true is not a number (0 or null = blank)"
    )


def test_a_json_grid_written_a_row_a_line_reads_as_one_board(tmp_path: Path) -> None:
    path = tmp_path / "rows.json"
    # two boards, their rows a line each, apart by a blank line; then a whole record
    path.write_text('[1, 0, 3]\n[0, 0, 0]\n[0, 0, 9]\n\n[1, 2]\n[4, 3]\n{"puzzle": [[1]]}\n')
    puzzles = read_puzzles(str(path))
    assert [p.givens.tolist() for p in puzzles] == [
        [[1, 0, 3], [0, 0, 0], [0, 0, 9]], [[1, 2], [4, 3]], [[1]]
    ]
    # an error in a row names that row's own line
    assert refusal(path, "[1, 0, 3]\n[0, 0, 0]\n[0, 0, 99]\n") == (
        f"{path}:3:8: row 3, column 3: 99 is out of range 1..9")
    assert refusal(path, "[1, 0, 3]\n[0, 0]\n") == f"{path}:2:1: row 2 has 2 cells, expected 3"


def test_json_records_written_over_lines_one_after_another_read_as_their_puzzles(
        tmp_path: Path) -> None:
    """What `jq` writes of several records (`jq '.[]' week.json`), and `json.dump(record,
    file, indent=2)` run for each: objects one after another, each over lines of its own.
    It was refused at its first line, as JSON Lines ("1:2: invalid JSON: Expecting property
    name enclosed in double quotes"), where the JSON is valid."""
    path = tmp_path / "week.json"
    first = {"id": "monday", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}
    second = {"id": "tuesday", "difficulty": "easy", "puzzle": [[1, 0], [0, 0]]}
    text = json.dumps(first, indent=2) + "\n" + json.dumps(second, indent=2) + "\n"
    path.write_text(text)
    puzzles = read_puzzles(str(path))
    assert [(p.id, p.givens.tolist()) for p in puzzles] == [
        ("monday", [[1, 0, 3], [0, 0, 0], [0, 0, 9]]), ("tuesday", [[1, 0], [0, 0]])]
    assert puzzles[1].metadata["difficulty"] == "easy"
    # a fault is said where it stands in the file: a cell of the second record, a key it
    # gives twice, JSON that is none
    bad = json.dumps({"id": "x", "puzzle": [[1, 0], [0, 5]]}, indent=2)
    lines = (json.dumps(first, indent=2) + "\n" + bad + "\n").split("\n")
    five = next(i for i, line in enumerate(lines) if line.strip() == "5")
    assert refusal(path, "\n".join(lines)) == (
        f"{path}:{five + 1}:{lines[five].index('5') + 1}: row 2, column 2: 5 is out of "
        "range 1..4")
    head = json.dumps(first, indent=2) + "\n"
    below = head.count("\n") + 1
    assert refusal(path, head + '  {"id": "b", "id": "c", "puzzle": [[1]]}\n') == (
        f"{path}:{below}:15: repeated key 'id' in a JSON object (also at line {below}, "
        "column 4)")
    assert refusal(path, head + '{"puzzle": [[1, }\n') == (
        f"{path}:{below}:17: invalid JSON: Expecting value")
    # JSON Lines, and grids written a row a line, read as they did
    path.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n")
    assert [p.id for p in read_puzzles(str(path))] == ["monday", "tuesday"]


def test_a_board_with_its_givens_boxed_in_brackets_reads_though_it_starts_as_json_does(
        tmp_path: Path) -> None:
    """"[1] . [3]" (givens set apart from the numbers filled in) starts as JSON does, and
    was refused as JSON: "1:5: '. [3]' after the JSON value is not JSON", under a comment
    "JSON holds no comments". A first line of cells parted by spaces reads as a board's
    row where the file is no JSON; JSON, whole or cut short, is read and refused as ever."""
    path = tmp_path / "boxed.txt"
    for text in ("[1] . [3]\n. . .\n. . [9]\n", "# from a book\n[1] . [3]\n. . .\n. . 9\n",
                 "\uff3b\uff11\uff3d . [3]\n. . .\n. . 9\n",
                 # an array as numpy prints it, under a comment or not
                 "[[1 0 3]\n [0 0 0]\n [0 0 9]]\n", "# [a]\n[[ 1  0  3]\n [ 0  0  0]\n [ 0  0  9]]\n"):
        path.write_text(text)
        [puzzle] = read_puzzles(str(path))
        assert puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]], text
    # where it does not read as a board either, the board's fault is said, and the JSON's
    assert refusal(path, "[1] . [3]\n. x .\n. . 9\n") == (
        f"{path}:2:3: 'x' is not a number or a blank (. _ - ? 0); nor is the file JSON "
        "(1:5: '. [3]' after the JSON value is not JSON)")
    assert refusal(path, "[[1 0 3]\n [0 x 0]\n [0 0 9]]\n") == (
        f"{path}:2:5: 'x' is not a number or a blank (. _ - ? 0); nor is the file JSON "
        "(1:5: invalid JSON: Expecting ',' delimiter)")
    # a box round no number is no given, where brackets are not read as spaces
    assert refusal(path, "1 [0] 3\n. . .\n. . 9\n").startswith(
        f"{path}:1:3: '[0]' is not a number or a blank")
    # JSON cut short keeps its own error, on one line or over several
    assert refusal(path, "[[1, 0, 3], [0, 0, 0], [0, 0") == (
        f"{path}:1:29: invalid JSON: Expecting ',' delimiter")
    assert refusal(path, "[1, 0, 3]\n[0, 0, 0]\n[0, 0, 9\n") == (
        f"{path}:3:9: invalid JSON: Expecting ',' delimiter")
    assert refusal(path, "[ [\n1, 0, 3],\n[0, 0, 0], [0, 0, 9]\n") == (
        f"{path}:4:1: invalid JSON: Expecting ',' delimiter")
    path.write_text("[ [\n1, 0, 3],\n[0, 0, 0], [0, 0, 9] ]\n")
    [puzzle] = read_puzzles(str(path))
    assert puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]


def test_json_records_of_a_line_each_and_over_lines_in_one_file_read_as_their_puzzles(
        tmp_path: Path) -> None:
    """A record a line, then one written over lines (`generate --format json` and a record
    that `jq` wrote, joined): it was refused at the second record's "{" ("2:2: invalid
    JSON: Expecting property name enclosed in double quotes")."""
    path = tmp_path / "mixed.json"
    first = {"id": "a", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}
    second = {"id": "b", "difficulty": "easy", "puzzle": [[1, 0], [0, 3]]}
    spread = json.dumps(second, indent=2)
    path.write_text(json.dumps(first) + "\n" + spread + "\n" + json.dumps(first) + "\n\n"
                    + "[1, 2]\n[4, 3]\n" + spread + "\n")
    puzzles = read_puzzles(str(path))
    assert [p.id for p in puzzles] == ["a", "b", "a", None, "b"]
    assert puzzles[1].givens.tolist() == [[1, 0], [0, 3]]
    assert puzzles[1].metadata["difficulty"] == "easy"
    assert puzzles[3].givens.tolist() == [[1, 2], [4, 3]]
    # a fault is said where it stands in the file: a cell of the record over lines, what
    # is no JSON in it or after it, a line after it
    bad = json.dumps({"id": "x", "puzzle": [[1, 0], [0, 5]]}, indent=2)
    lines = (json.dumps(first) + "\n" + bad + "\n").split("\n")
    five = next(i for i, line in enumerate(lines) if line.strip() == "5")
    assert refusal(path, "\n".join(lines)) == (
        f"{path}:{five + 1}:{lines[five].index('5') + 1}: row 2, column 2: 5 is out of "
        "range 1..4")
    head = json.dumps(first) + "\n"
    assert refusal(path, head + '{\n  "id": "b",\n  "puzzle": [[1, }\n}\n') == (
        f"{path}:4:18: invalid JSON: Expecting value")
    assert refusal(path, head + '{\n  "puzzle": [[1]]\n} x\n') == (
        f"{path}:4:3: 'x' after the JSON value is not JSON")
    assert refusal(path, head + spread + "\n{\"puzzle\": [[1, 0], [0, 5]]}\n") == (
        f"{path}:{spread.count(chr(10)) + 3}:25: row 2, column 2: 5 is out of range 1..4")
    # a record cut short at the file's end is said to be so where it ends
    assert refusal(path, head + '{\n  "puzzle": [[1, 0],\n') == (
        f"{path}:4:1: invalid JSON: Expecting value")


@pytest.mark.parametrize("written, where, said", [
    ('{"id": "a\tb", "puzzle": [[1]]}\n', "1:10", "a tab inside a string; write it as \\t"),
    ('{"id": "a\fb", "puzzle": [[1]]}\n', "1:10", "a form feed inside a string; write it as \\f"),
    ('{\n  "id": "ab\n  ", "puzzle": [[1]]\n}\n', "2:12",
     "a line break inside a string (its closing quote left out?)"),
    ('{"id": "ab', "1:8", "a string with no closing quote"),
    ('{"id": "a\\qb", "puzzle": [[1]]}\n', "1:10",
     "an escape JSON does not know (a backslash itself is written \\\\)"),
    ('{"id": "a\\u12", "puzzle": [[1]]}\n', "1:11",
     "\\u not followed by four hexadecimal digits"),
    # as Python writes a list or a dict, and as Python and JavaScript allow
    ('[[1, None], [None, 3]]\n', "1:6", "'None' is Python's; JSON writes null"),
    ("{'puzzle': [[1, 0], [0, 3]]}\n", "1:2", 'a string in single quotes; JSON quotes with "'),
    ('[{"puzzle": [[1]]},\n]\n', "2:1",
     "a comma right before ']' (JSON allows none after the last value)"),
    ('{"puzzle": [[1]],}\n', "1:18",
     "a comma right before '}' (JSON allows none after the last value)"),
])
def test_a_fault_in_a_json_string_is_said_in_words_that_stand_alone(
        tmp_path: Path, written: str, where: str, said: str) -> None:
    """The JSON parser's words for these end in "at", its position left out: a tab typed
    in an id was "invalid JSON: Invalid control character at". What Python writes, and a
    comma after the last value, were "Expecting value" or "Expecting property name
    enclosed in double quotes", which did not say what to change."""
    path = tmp_path / "p.json"
    assert refusal(path, written) == f"{path}:{where}: invalid JSON: {said}"


def test_json_copied_off_a_web_page_with_no_break_spaces_reads(tmp_path: Path) -> None:
    """A no-break space (or a full-width one) between JSON's values, as a copy off a web
    page brings: it was "invalid JSON: Expecting value". One inside a string is kept, and
    an error's column stays the file's."""
    path = tmp_path / "web.json"
    path.write_text('{"id": "a\u00a0b",\u00a0"puzzle":\u00a0[[1,\u00a00],\u3000[0, 3]]}\n'
                    "[1,\u00a00]\n[0,\u00a03]\n")
    puzzles = read_puzzles(str(path))
    assert [p.id for p in puzzles] == ["a\u00a0b", None]
    assert [p.givens.tolist() for p in puzzles] == [[[1, 0], [0, 3]]] * 2
    assert refusal(path, "[[1,\u00a00],\u00a0[0,\u00a0x]]\n") == (
        f"{path}:1:14: invalid JSON: Expecting value")


def test_a_json_grid_of_one_row_reads_as_a_board_of_one_row(tmp_path: Path) -> None:
    """Before: `[1, 0, 3]` alone, a 1x3 board written a row a line, was refused ("a grid
    must be a list of rows"), though two such lines read as a 2x3 board."""
    path = tmp_path / "row.json"
    for text in ("[1, 0, 3]\n", "[1,\n 0,\n 3]\n"):
        path.write_text(text)
        [puzzle] = read_puzzles(str(path))
        assert puzzle.givens.tolist() == [[1, 0, 3]]
    assert refusal(path, '[1, "x", 3]\n') == (
        f"{path}:1:5: row 1, column 2: 'x' is not a number or a blank (0, null, \"\" or \".\")")


def test_json_cells_written_as_strings_read_as_the_text_they_hold(tmp_path: Path) -> None:
    """Programs that keep what was typed write "12", and "" for an empty cell: read as the
    text format reads a cell (full-width digits too)."""
    path = tmp_path / "strings.json"
    path.write_text('[["1", "", " 3 "], [".", "-", "0"], ["", null, "\uff19"]]\n')
    [puzzle] = read_puzzles(str(path))
    assert puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]
    for cell in ('"X"', '"1a"', '"-2"', '"\u2460"'):  # ("-1" is a blank, as -1 is)
        path.write_text(f'[["1", {cell}, "3"], [0, 0, 0], [0, 0, 9]]\n')
        with pytest.raises(ParseError) as caught:
            read_puzzles(str(path))
        assert "row 1, column 2:" in str(caught.value) and "is not a number" in str(caught.value)


def test_json_as_other_programs_write_it_reads_null_blanks_and_other_grid_names(
    tmp_path: Path,
) -> None:
    """A null is a blank, and a record without "puzzle" may hold its grid under "grid",
    "givens" or "board"; its metadata reads as ever, and "puzzle" wins where there are two."""
    path = tmp_path / "other.json"
    path.write_text(
        '[[null, null, 3], [null, null, null], [7, null, 9]]\n\n'
        '[1, null]\n[null, 3]\n'
        '{"grid": [[1, null], [null, 3]], "id": "g"}\n'
        '{"givens": [[0, 2], [0, 0]], "id": "v"}\n'
        '{"board": [[null]], "id": "b"}\n'
        '{"puzzle": [[1, 0], [0, 0]], "grid": [[0, 0], [0, 4]], "id": "p"}\n'
    )
    puzzles = read_puzzles(str(path))
    assert [p.givens.tolist() for p in puzzles] == [
        [[0, 0, 3], [0, 0, 0], [7, 0, 9]],
        [[1, 0], [0, 3]],
        [[1, 0], [0, 3]],
        [[0, 2], [0, 0]],
        [[0]],
        [[1, 0], [0, 0]],
    ]
    assert [p.id for p in puzzles][2:] == ["g", "v", "b", "p"]
    # two different grids and no "puzzle": which is it? Refused, as are "rows" or "cols"
    # that the grid does not have
    for record, message in [
        ('{"grid": [[1, 0], [0, 0]], "board": [[1, 2, 3]]}',
         'the JSON object has two different grids, "grid" and "board"; keep the puzzle\'s only'),
        ('{"rows": 5, "cols": 5, "puzzle": [[1, 0], [0, 0]]}', '"rows" is 5, but the grid has 2'),
        ('{"rows": 2, "cols": "2", "puzzle": [[1, 0], [0, 0]]}',
         '"cols" must be a whole number, found a string'),
    ]:
        assert refusal(path, record + "\n") == f"{path}:1:1: {message}"
    path.write_text('{"rows": 2, "cols": 2, "grid": [[1, 0], [0, 0]], "board": [[1, 0], [0, 0]]}')
    assert read_puzzles(str(path))[0].givens.tolist() == [[1, 0], [0, 0]]  # the same: fine
    # a record with none of the names is still refused, and says where a grid is looked for
    assert refusal(path, '{"cells": [[1, 2], [4, 3]]}\n') == (
        f'{path}:1:1: the JSON object has no puzzle: {LOOKED_FOR}'
    )


def refusal(path: Path, text: str) -> str:
    """The one-line refusal of `text` written to `path` and read as a puzzle file."""
    path.write_text(text)
    with pytest.raises(ParseError) as caught:
        read_puzzles(str(path))
    return str(caught.value)


#: where the JSON reader looks for a record's grid, as its refusal says
LOOKED_FOR = ('a grid, [[...], ...], is looked for under "puzzle", "grid", "givens" or '
              '"board", in the object or in its "puzzle" or "metadata" object')


def test_a_json_grid_in_a_puzzle_or_metadata_object_reads(tmp_path: Path) -> None:
    """Generators that write a prompt and its answer at the top of a record keep the grid
    in its "metadata", and some programs write the puzzle as an object holding its grid:
    read there, where the record has no grid of its own; metadata as ever, the record's
    own first. A fault in the grid is placed on its cell."""
    path = tmp_path / "nested.json"
    path.write_text(
        '{"question": "...", "answer": "", "metadata": {"trace_id": "t", "grid": '
        '[[1, 0, 3], [0, 0, 0], [0, 0, 9]], "solution": [[1, 2, 3], [6, 5, 4], [7, 8, 9]], '
        '"n": 3}}\n'
        '{"puzzle": {"grid": [[1, null], [null, 4]], "id": "p", "difficulty": "easy"}, '
        '"id": "top"}\n'
        '{"grid": [[0, 2], [0, 0]], "metadata": {"grid": [[1, 0], [0, 0]]}}\n'
    )
    puzzles = read_puzzles(str(path))
    assert [p.givens.tolist() for p in puzzles] == [
        [[1, 0, 3], [0, 0, 0], [0, 0, 9]], [[1, 0], [0, 4]], [[0, 2], [0, 0]]]
    assert puzzles[1].metadata == {"id": "top", "difficulty": "easy"}
    # a "puzzle" object holding only the puzzle's name, beside the record's grid; a
    # "puzzle" that names the game, beside the grid
    for text in ('{"puzzle": {"id": "p"}, "grid": [[1, 0], [0, 4]]}',
                 '{"q": "?", "metadata": {"puzzle": "numbrix", "grid": [[1, 0], [0, 4]]}}',
                 '{"puzzle": "numbrix", "grid": [[1, 0], [0, 4]]}',
                 '{"puzzle": "numbrix", "metadata": {"grid": [[1, 0], [0, 4]]}}'):
        path.write_text(text)
        assert [p.givens.tolist() for p in read_puzzles(str(path))] == [[[1, 0], [0, 4]]]
    for text, where, message in [
        ('{"metadata": {"grid": [[1, 0], [0, 7]]}}', "1:36", "row 2, column 2: 7 is out of "
         "range 1..4"),
        ('{"metadata": {"grid": [[1, 0], [0, 0]], "rows": 3}}', "1:1",
         '"rows" is 3, but the grid has 2'),
        ('{"metadata": {"grid": [[1, 0], [0, 0]], "board": [[0, 2], [0, 0]]}}', "1:1",
         'the JSON object\'s "metadata" has two different grids, "grid" and "board"; keep '
         "the puzzle's only"),
        ('{"puzzle": {"cells": [[1, 0], [0, 0]]}}', "1:1",
         f'the JSON object\'s "puzzle" is an object with no grid in it: {LOOKED_FOR}'),
        # (a grid in the "puzzle" object and one of the record's own: the object's was
        # taken without a word)
        ('{"puzzle": {"grid": [[1, 0], [0, 0]]}, "grid": [[0, 0], [0, 4]]}', "1:1",
         'the JSON object has a grid under "grid" and another in its "puzzle" object; '
         "keep the puzzle's only"),
        ('{"data": {"grid": [[1, 0], [0, 0]]}}', "1:1", f"the JSON object has no puzzle: "
         f"{LOOKED_FOR}"),
        ('{"solution": [[1, 2], [4, 3]]}', "1:1",
         f"the JSON object has a solution but no puzzle: {LOOKED_FOR}"),
    ]:
        assert refusal(path, text) == f"{path}:{where}: {message}"


def test_a_json_grid_that_writes_its_blanks_as_minus_one_reads(tmp_path: Path) -> None:
    """Some generators write a blank as -1: a number is never negative, so it is no given;
    a grid that writes its blanks as 0 (or null) too uses -1 for something else, and is
    refused at that cell, as any other negative number is."""
    path = tmp_path / "minus.json"
    path.write_text('{"puzzle": [[1, -1, 3], [-1, -1, -1], [-1, -1, 9]], "id": "m"}\n'
                    '[[-1.0, 2], [-1, -1]]\n')
    assert [p.givens.tolist() for p in read_puzzles(str(path))] == [
        [[1, 0, 3], [0, 0, 0], [0, 0, 9]], [[0, 2], [0, 0]]]
    for text, where, message in [
        ("[[1, -1, 3],\n [0, 0, 0],\n [0, -1, 9]]", "1:6",
         "row 1, column 2: -1 beside blanks written 0 (or null): a blank written two ways, "
         "or a cell off the board (Numbrix has none)? write each blank one way"),
        ("[[1, null], [-1, 4]]", "1:14",
         "row 2, column 1: -1 beside blanks written 0 (or null): a blank written two ways, "
         "or a cell off the board (Numbrix has none)? write each blank one way"),
        ("[[1, -1], [-2, 4]]", "1:12",
         "row 2, column 1: -2 is negative; a cell is a number from 1, or a blank "
         "(0, null or -1)"),
    ]:
        assert refusal(path, text) == f"{path}:{where}: {message}"


@pytest.mark.parametrize("text, where, key, first", [
    # one object over several lines: json.loads alone would keep "b" and say nothing
    ('{"id": "a",\n "puzzle": [[1, 2], [4, 3]],\n "id": "b"}\n', "3:2", "id", "line 1, column 2"),
    # JSON Lines: the line of the record that repeats a key
    ('{"puzzle": [[1, 2], [4, 3]]}\n{"puzzle": [[1, 2], [4, 3]], "puzzle": [[0, 2], [0, 0]]}\n',
     "2:30", "puzzle", "line 2, column 2"),
    # an array of records, the repeat inside an object the reader otherwise ignores
    ('[{"puzzle": [[1, 2], [4, 3]]},\n {"x": {"k": 1, "\\u006b": 2}, "puzzle": [[1]]}]',
     "2:17", "k", "line 2, column 9"),
])
def test_a_key_given_twice_in_a_json_object_is_a_located_error(
    tmp_path: Path, text: str, where: str, key: str, first: str
) -> None:
    path = tmp_path / "made.json"
    assert refusal(path, text) == (
        f"{path}:{where}: repeated key {key!r} in a JSON object (also at {first})"
    )


@pytest.mark.parametrize("blank", [" ", "\t", ' "" '])
def test_a_wide_row_of_blanks_between_two_numbers_reads_at_once(blank: str) -> None:
    """The look for a size written as a row ("7,,,,,,") matched each blank between commas
    two ways: a row "3, , , ... , 5" of a 30-wide board took minutes."""
    width = 30
    first = "3," + ",".join([blank] * (width - 2)) + ",5"
    rows = [first] + [",".join([blank] * width)] * (width - 1)
    parse_text("\n".join(rows) + "\n")
    [puzzle] = parse_puzzles("\n".join(rows) + "\n", "wide.csv")
    assert puzzle.givens.shape == (width, width)
    assert puzzle.givens[0, 0] == 3 and puzzle.givens[0, -1] == 5


def test_a_block_of_many_lines_is_found_without_room_for_each_line() -> None:
    """The blocks of a text are found by their first line and the blank line after them:
    one pattern for a whole run of lines kept a place to go back to for each line it took
    (about 19 MB for a block of 100,000 lines, 1.8 MB of text, on top of its reading of
    about 22 MB: here a fifth of that, traced allocations being slow)."""
    text = ("9 9\n" + ". . . . . . . . .\n" * 8 + ". . . . x . . . .\n"
            + ". . . . . . . . .\n" * 20_000)
    caught = []
    peak = _peak_bytes(lambda: caught.append(_raises_parse_error(lambda: parse_puzzles(text))()))
    assert caught[0] is not None and (caught[0].line, caught[0].col) == (10, 9)
    assert peak < 5_600_000, peak



def _python_steps(read: Callable[[], object]) -> int:
    """How many steps of Python code (calls, lines, returns, a generator's too) `read`
    took, run once: a measure of its work that no other process on the machine sways."""
    steps = 0

    def count(frame, event, arg):
        nonlocal steps
        steps += 1
        return count

    previous = sys.gettrace()  # (a coverage run's, say: put back)
    sys.settrace(count)
    try:
        read()
    finally:
        sys.settrace(previous)
    return steps


def test_a_long_block_is_searched_for_the_apps_cut_edges_line_by_line() -> None:
    """Each line is searched for the edges the app draws where a board goes on out of its
    view, not looked at a character at a time in Python (half a second for 200,000)."""
    from numbrix_curses.screencopy import cut_edge

    lines = [". " * 40] * 1_000
    assert _python_steps(lambda: cut_edge(lines)) < 30 * len(lines)
    assert cut_edge(lines[:500] + [" 1 . \u2506 3"] + lines[:500]) == (500, 5)


def test_a_long_block_that_reads_as_no_board_is_looked_through_for_comments_once() -> None:
    """Each reading a block is tried in looks for its comments: in a block of 5,000 lines
    that reads as none, every line was stripped some thirty times (a second for 200,000
    lines); now the answer for its lines is kept while the block is read."""
    def lines_stripped(text: str) -> int:
        steps = 0

        def count(frame, event, arg) -> None:
            nonlocal steps
            steps += event == "c_call" and getattr(arg, "__name__", None) == "lstrip"

        previous = sys.getprofile()
        sys.setprofile(count)
        try:
            _raises_parse_error(lambda: parse_puzzles(text))()
        finally:
            sys.setprofile(previous)
        return steps

    rows = ". . . . . . . . .\n" * 5_000
    assert lines_stripped("9 9\n" + ". . . . . . . . .\n" * 8 + ". . . . x . . . .\n"
                          + rows) < 16 * 5_000
    # (the same error, and a comment among the rows still left out)
    with pytest.raises(ParseError) as caught:
        parse_puzzles("9 9\n" + ". . . . . . . . .\n" * 8 + "# note\n. . . . x\n" + rows)
    assert (caught.value.line, caught.value.col) == (11, 9)


def test_a_files_bytes_are_let_go_before_its_text_is_read(tmp_path: Path, monkeypatch) -> None:
    """The bytes read from a file were held while its text was read: up to 16 MiB more, on
    top of what the reading itself takes (a block of 200,000 lines, some 60 MB)."""
    import numbrix_curses.textformat.reading as reading

    path = tmp_path / "board.txt"
    path.write_text("1 .\n. 4\n")
    read = []
    real_read, real_parse = reading.read_regular_file, reading.parse_puzzles

    def reading_file(*args, **kwargs) -> bytes:
        read.append(real_read(*args, **kwargs))
        return read[0]

    counted = []

    def parsing(*args, **kwargs) -> list[Puzzle]:
        counted.append(sys.getrefcount(read[0]))
        return real_parse(*args, **kwargs)

    monkeypatch.setattr(reading, "read_regular_file", reading_file)
    monkeypatch.setattr(reading, "parse_puzzles", parsing)
    [puzzle] = read_puzzles(str(path))
    assert puzzle.givens.tolist() == [[1, 0], [0, 4]]
    # (as the reading starts, held by nothing but this test, as it is once it is done)
    assert counted == [sys.getrefcount(read[0])]


def test_readings_that_cannot_apply_to_a_long_block_stop_at_its_first_lines() -> None:
    """A spreadsheet's rows (every line with a tab), rows of tabs of different counts and a
    list of givens are each told not to apply at the first line that is none, and the last
    line of a grid is looked for from its end: each looked through every line of a block
    of megabytes first."""
    lines = ("9 9\n" + ". . . . . . . . .\n" * 8 + ". . . . x . . . .\n"
             + ". . . . . . . . .\n" * 5_000).split("\n")
    error = ParseError("f.txt", 10, 9, "'x' is not a number or a blank")
    assert _python_steps(lambda: spreadsheet_rows(lines, 1, "f.txt")) < 100
    assert _python_steps(lambda: ragged_tab_rows(lines, 1, "f.txt")) < 100
    assert _python_steps(lambda: raise_if_grid_or_list(lines, error)) < 100
    # (the rows of the grid: some 21 steps a line before, 14 now; the whole reading, 90
    # steps a line before, 52 now)
    with pytest.raises(ParseError):
        grid_rows(lines, 1, "f.txt")
    assert _python_steps(_raises_parse_error(lambda: grid_rows(lines, 1, "f.txt"))) < 18 * 5_000
    steps = _python_steps(_raises_parse_error(lambda: parse_puzzles("\n".join(lines))))
    assert steps < 62 * 5_000, steps


@pytest.mark.parametrize("depth", [9_000, 200_000])
def test_arrays_nested_past_python_s_depth_under_a_comment_are_one_located_error(
        depth: int) -> None:
    """A comment line over brackets nested thousands deep: the look at whether JSON lay
    under the comments ran out of Python's depth, an internal error (exit 70)."""
    with pytest.raises(ParseError) as caught:
        parse_puzzles("# from the site\n" + "[" * depth + "\n", "deep.txt")
    assert (caught.value.line, caught.value.message) == (
        1, "JSON holds no comments: take out the lines starting with # above it")


def test_brackets_nested_past_python_s_depth_after_a_json_record_are_one_located_error(
) -> None:
    """A record, then brackets thousands deep on its line: the look at whether a second
    value followed ran out of Python's depth, an internal error (exit 70)."""
    with pytest.raises(ParseError) as caught:
        parse_puzzles('{"puzzle": [[1, 0], [0, 4]]} ' + "[" * 9_000 + "\n", "deep.json")
    assert (caught.value.line, caught.value.col, caught.value.message) == (
        1, 30, "more than one JSON value on a line; one record a line")
