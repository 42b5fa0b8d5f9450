"""The text format: every accepted form, every error with its line and column, round trips."""
from __future__ import annotations

import io
import os
import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import (
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_PUZZLES,
    ParseError,
    format_boxed,
    format_compact,
    format_grid_compact,
    parse_grid_as_typed,
    parse_puzzles,
    puzzle_label,
    read_puzzles,
)
from numbrix_curses.textformat.errors import (
    NotACell,
    OutOfRange,
    RaggedTabs,
    SplitBoard,
    recast,
    said_more,
)

SMALL = "1 . 3\n. . .\n. . 9\n"
SMALL_GIVENS = [[1, 0, 3], [0, 0, 0], [0, 0, 9]]


def parse_one(text: str) -> Puzzle:
    puzzles = parse_puzzles(text, "t.txt")
    assert len(puzzles) == 1
    return puzzles[0]


def parse_error(text: str) -> ParseError:
    with pytest.raises(ParseError) as err:
        parse_puzzles(text, "t.txt")
    return err.value


def where(err: ParseError) -> tuple[int, int]:
    return err.line, err.col


# --- valid input ----------------------------------------------------------------------------


def test_compact_grid():
    puzzle = parse_one(SMALL)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert puzzle.metadata == {}


@pytest.mark.parametrize("blank", [".", "_", "-", "0", "00"])
def test_every_blank_token(blank):
    puzzle = parse_one(f"1 {blank}\n{blank} {blank}\n")
    assert puzzle.givens.tolist() == [[1, 0], [0, 0]]


def test_numbers_with_leading_zeros():
    assert parse_one("01 002\n. .\n").givens.tolist() == [[1, 2], [0, 0]]


def test_metadata_before_the_grid():
    puzzle = parse_one(
        "# id: daily-42\n#Difficulty:   hard  \n# SEED: 17\n# a plain comment\n" + SMALL
    )
    assert puzzle.metadata == {"id": "daily-42", "difficulty": "hard", "seed": "17"}
    assert puzzle.id == "daily-42"


def test_metadata_with_empty_value():
    puzzle = parse_one("# note:\n# id: a\n" + SMALL)
    assert puzzle.metadata == {"note": "", "id": "a"}


@pytest.mark.parametrize("text, line, col, first", [
    ("# note:\n# id: a\n# id: b\n" + SMALL, 3, 3, 2),
    # keys are read lower-cased, so ID repeats id; the column is the key's
    ("# id: a\n# seed: 4\n  #ID: b\n" + SMALL, 3, 4, 1),
    # in a later puzzle of the file, lines count from the top of the file
    (SMALL + "\n# id: two\n# difficulty: easy\n# id: two\n" + SMALL, 7, 3, 5),
])
def test_a_metadata_key_given_twice_is_an_error_naming_both_lines(text, line, col, first):
    err = parse_error(text)
    assert where(err) == (line, col)
    assert err.message == f"repeated 'id' (first given on line {first})"
    assert str(err) == f"t.txt:{line}:{col}: repeated 'id' (first given on line {first})"


def test_the_same_key_in_two_puzzles_or_after_the_grid_starts_is_no_repeat():
    text = "# id: a\n" + SMALL + "# id: late\n\n# header\n# id: b\n" + SMALL
    assert [p.id for p in parse_puzzles(text, "t.txt")] == ["a", "b"]


def test_comment_with_a_web_address_is_not_metadata():
    puzzle = parse_one("# from http://example.com/numbrix\n" + SMALL)
    assert puzzle.metadata == {}


def test_comments_after_the_grid_starts_are_ignored_not_metadata():
    puzzle = parse_one("1 . 3\n# id: late\n. . .\n. . 9\n# status: unique\n")
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert puzzle.metadata == {}


def test_several_puzzles_separated_by_blank_lines():
    text = "# id: one\n" + SMALL + "\n\n   \n\t\n# id: two\n1 2\n. .\n\n3 . .\n"
    puzzles = parse_puzzles(text, "t.txt")
    assert [p.id for p in puzzles] == ["one", "two", None]
    assert [(p.rows, p.cols) for p in puzzles] == [(3, 3), (2, 2), (1, 3)]


def test_header_comment_block_is_skipped_and_does_not_leak_metadata():
    text = "# A booklet of puzzles\n# author: someone\n\n# id: first\n" + SMALL
    puzzle = parse_one(text)
    assert puzzle.metadata == {"id": "first"}


def test_a_header_cut_from_its_grid_by_a_blank_line_still_names_it():
    text = (
        "# A booklet of puzzles\n# author: someone\n\n"  # a file header: names nothing
        "# id: monday\n# difficulty: easy\n\n" + SMALL + "\n"  # cut off: names the grid
        "# id: stray\n\n# id: tuesday\n1 2\n. .\n\n"  # the grid's own header wins
        "3 . .\n"
    )
    puzzles = parse_puzzles(text, "t.txt")
    assert [p.metadata for p in puzzles] == [
        {"id": "monday", "difficulty": "easy"}, {"id": "tuesday"}, {}
    ]


def test_indented_rows_and_extra_spaces():
    puzzle = parse_one("   1   .  3\n  .  .   .\n .    . 9   \n")
    assert puzzle.givens.tolist() == SMALL_GIVENS


def test_tabs_separate_cells():
    puzzle = parse_one("1\t.\t3\n.\t.\t.\n.\t.\t9\n")
    assert puzzle.givens.tolist() == SMALL_GIVENS


def test_crlf_line_ends():
    puzzle = parse_one("# id: win\r\n1 . 3\r\n. . .\r\n. . 9\r\n\r\n")
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert puzzle.id == "win"


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_unicode_line_and_paragraph_separators_in_a_row_are_refused_at_their_place(separator):
    """Before: read as spaces, they joined rows ("1 2<U+2029>4 3" was a 1x4 board, with no
    solution), though every editor shows a line break there."""
    err = parse_error(f"# id: para\n1 . 3\n. .{separator}.\n. . 9\n")
    assert where(err) == (3, 4)
    assert err.message.startswith(f"U+{ord(separator):04X} (a line or paragraph separator)")
    # in a comment it is only text, and in a value a space, as the writers write it (an
    # id read with it kept was written with a space: read, written and read, it changed)
    assert parse_one(f"# id: a{separator}b\n# note{separator}\n" + SMALL).id == "a b"
    assert parse_one(f"# id: a{separator}{separator}\x0cb{separator}\n" + SMALL).id == "a b"
    # and so in JSON, raw or escaped (kept, a JSON id written as text came back another)
    for spelled in (separator, f"\\u{ord(separator):04x}"):
        assert parse_one('{"id": "a%sb", "puzzle": [[0]]}' % spelled).id == "a b"


@pytest.mark.parametrize("mark, name", [("\x0b", "a vertical tab"), ("\x0c", "a form feed")])
def test_a_vertical_tab_or_form_feed_between_cells_is_refused_at_its_place(mark, name):
    """Before: read as a space, it joined the rows a program parted with it (a word
    processor's manual line break is a vertical tab): "1 . 3<VT>. . .<VT>. . 9" was a
    1x9 board, with no solution, and a list's two lines one line of six numbers."""
    err = parse_error(f"1 . 3{mark}. . .{mark}. . 9\n")
    assert where(err) == (1, 6)
    assert err.message == (f"U+{ord(mark):04X} ({name}) between two cells of a row; end "
                           "each row with a line break")
    assert where(parse_error(f"3 3\n1 1 1 {mark} 3 3 9\n")) == (2, 7)
    # at a row's start or end (a booklet's page break) it is whitespace, as ever, and in
    # a comment or a value only text
    assert parse_one(f"{mark}# id: a{mark}b\n{mark}1 . 3{mark}\n. . .\n. . 9{mark}\n").id == "a b"


def test_a_word_too_long_for_a_key_makes_a_comment_and_every_key_written_reads_back():
    """Before: a key of 9,998 characters read, and the writers' "# KEY: " line was longer
    than the reader takes (10,000 characters): the file written could not be read."""
    from numbrix_curses import MAX_METADATA_CHARS
    from numbrix_curses.textformat import MAX_KEY_CHARS, format_boxed, format_compact

    assert parse_one("#" + "k" * 9998 + ":\n" + SMALL).metadata == {}
    assert parse_one(f"# {'k' * (MAX_KEY_CHARS + 1)}: v\n" + SMALL).metadata == {}
    longest = {"k" * MAX_KEY_CHARS: "v" * MAX_METADATA_CHARS}
    puzzle = parse_one(f"# {'k' * MAX_KEY_CHARS}: {'v' * MAX_METADATA_CHARS}\n" + SMALL)
    assert puzzle.metadata == longest
    for writer in (format_compact, format_boxed):
        assert parse_one(writer(puzzle)).metadata == longest
    # a key too long to read back is refused by the writers (it was written, and lost)
    for writer in (format_compact, format_boxed):
        with pytest.raises(ValueError, match="cannot be written"):
            writer(puzzle, metadata={"k" * (MAX_KEY_CHARS + 1): "v"})


def test_a_value_too_long_between_the_size_line_and_the_grid_is_refused_as_above_it():
    """The length limit on a value held above a grid's size line, and not between it and
    the grid's first row: a 3,000-character id read there."""
    from numbrix_curses import MAX_METADATA_CHARS

    long_id = "a" * (MAX_METADATA_CHARS + 1)
    for text in (f"# id: {long_id}\n3x3\n" + SMALL, f"3x3\n# id: {long_id}\n" + SMALL):
        err = parse_error(text)
        assert err.message.startswith(f"the 'id' is {MAX_METADATA_CHARS + 1:,} characters "
                                      "long; at most")


def test_half_a_character_in_text_handed_in_is_refused_at_its_place():
    """Before: parse_puzzles read '# id: a<U+D800>' (a paste may hold one; a file's bytes
    cannot), and no file could be written with the id."""
    err = parse_error("# id: a\ud800\n1 . 3\n. . .\n. . 9\n")
    assert where(err) == (1, 8)
    assert err.message.startswith("half a character (U+D800, a lone surrogate)")


def test_an_error_on_a_line_of_tabs_is_placed_on_that_line_as_it_is():
    """Before: the column counted the row of dots the tabs were read as ("2 2/<tab>1/<tab>"
    at 3:3, past the end of a line one tab long)."""
    err = parse_error("2 2\n\t1\n\t\n")
    assert where(err) == (3, 2)  # the second field: one after the tab
    assert err.message == "row has 2 cells, expected 1"


def test_utf8_bom():
    puzzle = parse_one("\ufeff# id: bom\n" + SMALL)
    assert puzzle.id == "bom"
    assert puzzle.givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize("mark", [b"\xff\xfe", b"\xfe\xff"])
def test_a_stray_utf16_mark_before_8_bit_text_is_said_to_be_one(mark: bytes, tmp_path: Path):
    """Before: the text after it was read as UTF-16, and "1 2" came out as "'‱ਲ' is not
    a number or a blank"."""
    path = tmp_path / "marked.txt"
    path.write_bytes(mark + b"1 . 3\n. . .\n. . 9\n")
    with pytest.raises(ParseError) as caught:
        read_puzzles(str(path))
    assert (caught.value.line, caught.value.col) == (1, 1)
    assert caught.value.message == (
        f"a UTF-16 byte-order mark ({mark.hex(' ').upper()}) before text that is not in that "
        "encoding; take it out, or save the file as UTF-8")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be-bom", "utf-32"])
def test_utf16_and_utf32_with_a_byte_order_mark_are_read(encoding: str, tmp_path: Path):
    # what Windows PowerShell 5's `numbrix generate > file` and Notepad's "Unicode" write
    text = "# id: wide\r\n" + SMALL.replace("\n", "\r\n")
    data = (
        b"\xfe\xff" + text.encode("utf-16-be") if encoding == "utf-16-be-bom"
        else text.encode(encoding)
    )
    path = tmp_path / "wide.txt"
    path.write_bytes(data)
    (puzzle,) = read_puzzles(str(path))
    assert puzzle.id == "wide"
    assert puzzle.givens.tolist() == SMALL_GIVENS


def test_utf16_without_a_byte_order_mark_is_named(tmp_path: Path):
    path = tmp_path / "wide.txt"
    path.write_bytes(SMALL.encode("utf-16-le"))
    with pytest.raises(ParseError, match="UTF-16 text without a byte-order mark"):
        read_puzzles(str(path))


def test_broken_utf16_is_one_error(tmp_path: Path):
    path = tmp_path / "wide.txt"
    path.write_bytes(b"\xff\xfe" + "1 .\n".encode("utf-16-le") + b"\x00\xd8")  # lone surrogate
    with pytest.raises(ParseError, match="invalid UTF-16-LE"):
        read_puzzles(str(path))


def test_binary_with_a_nul_is_still_binary(tmp_path: Path):
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(ParseError, match="binary data"):
        read_puzzles(str(path))


def test_no_trailing_newline():
    assert parse_one("1 2\n4 3").givens.tolist() == [[1, 2], [4, 3]]


def test_one_by_one_one_by_n_and_the_largest_grid():
    assert parse_one("1\n").givens.tolist() == [[1]]
    assert parse_one(".\n").givens.tolist() == [[0]]
    assert parse_one(". 2 . . 5\n").cols == 5
    big = "\n".join(" ".join("." for _ in range(30)) for _ in range(30)) + "\n"
    assert parse_one(big).size == 900


BOXED = """\
# id: boxed
+----+----+----+
|  1 |    |  3 |
+----+----+----+
|    |    |    |
+----+----+----+
|    |    |  9 |
+----+----+----+
"""


def test_boxed_form_is_read_back():
    puzzle = parse_one(BOXED)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert puzzle.id == "boxed"


def test_boxed_form_with_blank_tokens_indent_and_no_inner_rules():
    text = "  +--+--+--+\n  |1 |. |3|\n  |_ |- |0 |\n  | .|  | 9|\n  +--+--+--+\n"
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


def test_boxed_and_compact_in_one_file():
    puzzles = parse_puzzles(BOXED + "\n" + SMALL, "t.txt")
    assert [p.givens.tolist() for p in puzzles] == [SMALL_GIVENS, SMALL_GIVENS]


def test_boxed_form_with_crlf_and_tabs():
    text = BOXED.replace("\n", "\r\n").replace("+----+----+----+", "\t+----+----+----+")
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize("text", [
    # the board's first row as the header
    "| 1 |   | 3 |\n|---|---|---|\n|   |   |   |\n|   |   | 9 |\n",
    # column labels as the header, aligned columns, a comment above
    "# id: md\n| A | B | C |\n|:--|:-:|--:|\n| 1 |   | 3 |\n|   |   |   |\n|   |   | 9 |\n",
])
def test_a_board_pasted_from_a_markdown_table_reads_as_the_board(text):
    """Before: the delimiter row read as a row of blanks, a 4x3 board, and a wrong verdict."""
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


def test_a_row_of_dash_blanks_in_a_boxed_grid_stays_a_row():
    text = "| 1 | - | 3 |\n| - | - | - |\n| - | - | 9 |\n"
    assert parse_one(text).givens.tolist() == SMALL_GIVENS
    # three dashes under the first row read as a Markdown delimiter, not as blanks
    assert parse_one("| 1 | - |\n|---|---|\n").givens.tolist() == [[1, 0]]


@pytest.mark.parametrize("text", [
    # a Markdown table needs a header: an empty one, over a delimiter of any length
    "|  |  |  |\n|--|--|--|\n| 1 |   | 3 |\n|   |   |   |\n|   |   | 9 |\n",
    "| | | |\n|-|-|-|\n|1| |3|\n| | | |\n| | |9|\n",
    "|   |   |   |\n|---|---|---|\n| 1 |   | 3 |\n|   |   |   |\n|   |   | 9 |\n",
    # column labels over two dashes
    "| A | B | C |\n|--|--|--|\n| 1 |   | 3 |\n|   |   |   |\n|   |   | 9 |\n",
    # no header: the delimiter as a top edge
    "|---|---|---|\n| 1 |   | 3 |\n|   |   |   |\n|   |   | 9 |\n",
    # rules in bars between every two rows, with or without "+" where they cross
    "| 1 |   | 3 |\n|---|---|---|\n|   |   |   |\n|---|---|---|\n|   |   | 9 |\n",
    "+---+---+---+\n| 1 |   | 3 |\n|---+---+---|\n|   |   |   |\n|---+---+---|\n"
    "|   |   | 9 |\n+---+---+---+\n",
])
def test_rules_drawn_in_bars_are_no_rows_of_blanks(text: str):
    """Each of these read as a board with a row of blanks or more ("-" and "--" are
    blanks), so a 3x3 grew to 4x3 or 5x3 and took the wrong verdict without a word."""
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize("text", [
    "| 1 | --- | 3 |\n| --- | --- | --- |\n| --- | --- | 9 |\n",  # blanks written "---"
    "| 1 | - | 3 |\n|---|---|---|\n| - | - | 9 |\n",
])
def test_a_delimiter_that_leaves_no_board_is_a_row_of_blanks_said_so(text: str):
    """Read as a Markdown delimiter, the second line left a 2x3 board, and the error
    ("9 is out of range 1..6 for a 2x3 grid") did not say a line had been taken out."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.md", notes)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    [(line, note)] = notes
    assert line == 2 and "read as a row of blanks of a 3x3 board" in note
    assert "9 is out of range 1..6 for a 2x3 grid" in note


def test_an_id_written_as_the_name_another_puzzle_is_given_is_warned_of(tmp_path):
    """Puzzle 1 has no id, so the commands name it `week.txt#1`; puzzle 3 written with that
    id was named alike, without a word, and `--puzzle week.txt#1` took puzzle 3."""
    week = tmp_path / "week.txt"
    week.write_text(f"{SMALL}\n# id: b\n1 2\n. .\n\n# ID: week.txt#1\n1 .\n. 3\n\n"
                    f"# id: {week}#01\n1 2\n. .\n\n# id: week.txt#2\n1 .\n. 3\n")
    notes: list[tuple[int, str]] = []
    puzzles = read_puzzles(str(week), notes)
    assert [p.id for p in puzzles] == [None, "b", "week.txt#1", f"{week}#01", "week.txt#2"]
    # (puzzle 2 has an id, which names it: week.txt#2 names nothing else)
    assert notes == [
        (9, "puzzle 3's id 'week.txt#1' is also how puzzle 1 (no id) is named; give one of "
            "them an id of its own"),
        (13, f"puzzle 4's id '{week}#01' is also how puzzle 1 (no id) is named; give one of "
             "them an id of its own"),
    ]
    # an id of the puzzle's own label, or of a puzzle the file does not hold, names no other
    notes = []
    parse_puzzles(f"# id: t.txt#1\n{SMALL}\n{SMALL}\n# id: t.txt#9\n{SMALL}", "t.txt", notes)
    assert notes == []
    # JSON, at the record's line
    notes = []
    parse_puzzles('{"puzzle": [[1, 0], [0, 3]]}\n{"id": "w.json#1", "puzzle": [[1]]}\n',
                  "dir/w.json", notes)
    assert notes == [(2, "puzzle 2's id 'w.json#1' is also how puzzle 1 (no id) is named; "
                         "give one of them an id of its own")]
    # (its letters past ASCII written as they are, or escaped)
    for written in ('"w\u00e9.json#1"', '"w\\u00e9.json#1"'):
        notes = []
        parse_puzzles('{"puzzle": [[1, 0], [0, 3]]}\n\n{"id": ' + written + ', "puzzle": [[1]]}\n',
                      "w\u00e9.json", notes)
        assert [line for line, _ in notes] == [3], written


def test_a_delimiter_is_kept_where_neither_reading_makes_a_board():
    """The error is the one of the first reading, as before: the other did not help."""
    with pytest.raises(ParseError, match=r"t.md:3:3: 9 is out of range 1..6 for a 2x3"):
        parse_puzzles("| 1 | - | - |\n|---|---|---|\n| 9 | - | 9 |\n", "t.md")


@pytest.mark.parametrize("text", [
    # the board's first row as the header, no outer bars anywhere
    "1 | . | 3\n--|---|--\n. | . | .\n. | . | 9\n",
    # column labels, aligned columns, a comment above and one among the rows
    "# id: md\nA | B | C\n:-|:-:|-:\n1 | . | 3\n# row 2\n. | . | .\n. | . | 9\n",
    # labels over two dashes; empty cells are blanks
    "A | B | C\n--|--|--\n1 |   | 3\n. |   | .\n. |   | 9\n",
    # an empty header: with its outer bars (as Markdown needs them), or bars and spaces only
    "| | | |\n--|--|--\n1 | . | 3\n. | . | .\n. | . | 9\n",
    "   |   |   \n---|---|---\n1 | . | 3\n. | . | .\n. | . | 9\n",
    # outer bars are optional on every line, as in Markdown
    "1 | . | 3\n|---|---|---|\n| . | . | .\n. | . | 9 |\n",
    "| 1 | . | 3\n|---|---|---\n| . | . | .\n| . | . | 9\n",
    # under a size line
    "3 3\n1 | . | 3\n--|---|--\n. | . | .\n. | . | 9\n",
])
def test_a_markdown_table_without_outer_bars_reads_as_the_board(text: str):
    """Before: "'|' is not a number or a blank" of the first bar, though GitHub-flavoured
    Markdown writes tables so and many tools write them so."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.md", notes)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert notes == []


@pytest.mark.parametrize("text, place, said", [
    # no delimiter row: cells parted by bars are refused as ever
    ("1 | 2\n4 | 3\n", (1, 3), "'|' is not a number or a blank (. _ - ? 0)"),
    ("1 | . | 3\n. | . | .\n. | . | 9\n", (1, 3), "'|' is not a number or a blank (. _ - ? 0)"),
    # a line of single or double dashes under the first row: a delimiter, or a row of
    # blanks? (boards write blanks as - and --): neither is taken
    ("1 | . | 3\n- | - | -\n. | . | 9\n", (2, 1),
     "'- | - | -' under the first row: a Markdown table's delimiter, or a row of blanks (- "
     "and -- are blanks)? for a delimiter, write --- (or a colon) in a cell; for blanks, "
     "write . in each"),
    ("1 | 2\n--|--\n", (2, 1),
     "'--|--' under the first row: a Markdown table's delimiter, or a row of blanks (- and "
     "-- are blanks)? for a delimiter, write --- (or a colon) in a cell; for blanks, write "
     ". in each"),
    # a first row of other cells than the delimiter under it
    ("1 | 2 | 3 | 4\n--|---|--\n5 | 6 | 7 | 8\n", (1, 1),
     "row has 4 cells, but the Markdown table's delimiter under it has 3"),
    # slips in the rows, each where it is
    ("1 | . | 3\n--|---|--\n. | x | .\n. | . | 9\n", (3, 5),
     "'x' is not a number or a blank (. _ - ? 0)"),
    ("1 | . | 3\n--|---|--\n. | .\n. | . | 9\n", (3, 6), "row has 2 cells, expected 3"),
    ("1 | . | 3\n--|---|--\n. | . | . | .\n", (3, 13), "row has 4 cells, expected 3"),
    ("1 | . | 3\n--|---|--\n. | . | .\n. | . | 19\n", (4, 9),
     "19 is out of range 1..9 for a 3x3 grid"),
    ("1 | . | 3\n--|---|--\n. | 3 | .\n", (3, 5), "3 appears twice (also at line 1, column 9)"),
    ("1 | . | 3\n--|---|--\n. . .\n", (3, 1), "'. . .' is not a number or a blank (. _ - ? 0)"),
    # a bar ending (or starting) a line is its edge, as in Markdown: an empty last (or
    # first) cell is no cell
    ("A | B | C\n--|--|--\n  | 2 | 3\n", (3, 10),
     "row has 2 cells, but the table's delimiter (line 2) has 3; a bar at the start or end "
     "of a table's line is its edge, as in Markdown: write an empty cell there as ."),
    ("1 | 2 | 3\n---|---|---\n4 |   |\n", (3, 4),
     "row has 2 cells, expected 3; a bar at the start or end of a table's line is its edge, "
     "as in Markdown: write an empty cell there as ."),
    # column labels over rows of other cells than the table has
    ("A | B | C\n--|---|--\n1 | 2\n4 | 3\n", (3, 6),
     "row has 2 cells, but the table's delimiter (line 2) has 3"),
    ("A | B | C\n--|---|--\n", (1, 1), "Markdown table has no rows under its delimiter"),
])
def test_near_misses_of_a_markdown_table_without_outer_bars(text: str, place, said: str):
    err = parse_error(text)
    assert (where(err), err.message) == (place, said)


@pytest.mark.parametrize("text, expected", [
    # pandas' df.to_csv() of a board with NaN for its blanks, as it writes it: a header row
    # of column labels, an index column, each number of a column with a NaN as a float
    (",0,1,2\n0,1.0,,3.0\n1,,,\n2,,,9.0\n", SMALL_GIVENS),
    ("0,1,2\n1.0,,3.0\n,,\n,,9.0\n", SMALL_GIVENS),  # index=False
    ("0,1.0,,3.0\n1,,,\n2,,,9.0\n", SMALL_GIVENS),  # header=False
    ("1.0,,3.0\n,,\n,,9.0\n", SMALL_GIVENS),  # index=False, header=False
    (";A;B;C\n0;1.0;;3.0\n1;;;\n2;;;9.0\n", SMALL_GIVENS),  # named columns, sep=";"
    ("\t0\t1\t2\n0\t1.0\tNaN\t3.0\n1\tNaN\tNaN\tNaN\n2\tNaN\tNaN\t9.0\n",
     SMALL_GIVENS),  # sep="\t", na_rep="NaN"
    ("\t0\t1\t2\n0\t1.0\t\t3.0\n1\t\t\t\n2\t\t\t9.0\n", SMALL_GIVENS),  # sep="\t"
    ("1.00,,3.00\n,,\n,,9.00\n", SMALL_GIVENS),  # float_format="%.2f"
    (",0,1,2\r\n0,1.0,,3.0\r\n1,,,\r\n2,,,9.0\r\n", SMALL_GIVENS),
    ("# id: df\n,0,1,2\n0,1.0,,3.0\n1,,,\n2,,,9.0\n", SMALL_GIVENS),
    # a column with no NaN is one of integers, and written so
    (",0,1,2\n0,1.0,,3\n1,6.0,5.0,4\n2,,8.0,9\n", [[1, 0, 3], [6, 5, 4], [0, 8, 9]]),
    # a board with no blank: no floats, but a header and an index that make no board
    (",0,1,2\n0,1,2,3\n1,6,5,4\n2,7,8,9\n", [[1, 2, 3], [6, 5, 4], [7, 8, 9]]),
    (",0\n0,1.0\n1,\n", [[1], [0]]),  # one column wide
])
def test_a_board_as_a_data_frame_writes_it_reads_as_the_board(text: str, expected):
    """Before: "'1.0' is not a number or a blank" (or "1 appears twice" of the header and
    the index read as a row and a column of the board)."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.csv", notes)
    assert puzzle.givens.tolist() == expected
    assert notes == []
    if text.startswith("# id"):
        assert puzzle.id == "df"


@pytest.mark.parametrize("text, place, said", [
    # a number with a fraction is no cell
    ("1.0,,3.5\n,,\n,,9.0\n", (1, 6), "'3.5' is not a number or a blank (. _ - ? 0); a "
     "cell holds a whole number (a data frame's 63.0 reads as 63)"),
    (",0,1,2\n0,1.0,,63.5\n1,,,\n2,,,9.0\n", (2, 8), "'63.5' is not a number or a blank "
     "(. _ - ? 0); a cell holds a whole number (a data frame's 63.0 reads as 63)"),
    # a column that writes some numbers as floats and others not
    ("1.0,,3.0\n,,\n,,9\n", (1, 6), "'3.0' is not a number or a blank (. _ - ? 0); its "
     "column writes other numbers without .0: write each number of a column one way"),
    # a header row over rows that do not start with their index 0, 1, 2 ...
    (",0,1,2\n0,1.0,,3.0\n1,,,\n3,,,9.0\n", (4, 1),
     "a data frame's header row (line 1, as pandas' to_csv writes it) over a row that does "
     "not start with its index 2: write the board with to_csv(index=False, header=False)"),
    (",0,1,2\n5,1.0,,3.0\n6,,,\n7,,,9.0\n", (2, 1),
     "a data frame's header row (line 1, as pandas' to_csv writes it) over a row that does "
     "not start with its index 0: write the board with to_csv(index=False, header=False)"),
    # slips in the rows, each where it is
    (",0,1,2\n0,1.0,,3.0\n1,,,x\n2,,,9.0\n", (3, 5),
     "'x' is not a number or a blank (. _ - ? 0)"),
    (",0,1,2\n0,1.0,,3.0\n1,,\n2,,,9.0\n", (3, 4), "row has 2 cells, expected 3"),
    # (a row of its index alone, as a board one column wide writes its blank: said at its
    # end, not a column past it)
    (",0,1,2\n0,1.0,,3.0\n1,,,\n2,\n", (4, 3), "row has 1 cell, expected 3"),
    (",0,1,2\n0,1.0,,3.0\n1,,,\n2,,,19.0\n", (4, 5), "19 is out of range 1..9 for a 3x3 grid"),
    ("1.0,,3.0\n,,\n,3.0,\n", (3, 2), "3 appears twice (also at line 1, column 6)"),
    # floats parted by spaces are no spreadsheet's, and refused as ever
    ("1.0 . 3.0\n. . .\n. . 9.0\n", (1, 1), "'1.0' is not a number or a blank (. _ - ? 0)"),
])
def test_near_misses_of_a_board_as_a_data_frame_writes_it(text: str, place, said: str):
    err = parse_error(text)
    assert (where(err), err.message) == (place, said)


@pytest.mark.parametrize("text, said", [
    ("4x4\n\n 1 . 3\n . . .\n . . 9\n", "1:1: '4x4' reads as a size line, but the grid under it "
                                         "(line 3) is 3x3"),
    ("4 4\n\n 1 . 3\n . . .\n . . 9\n", "1:1: '4 4' reads as a size line, but the grid under it "
                                         "(line 3) is 3x3"),
    ("3x3\n", "1:1: '3x3' reads as a size line, with no grid under it"),
    # (a board of one row with a slip reads so too: both readings said)
    ("1 x 3\n", "1:1: '1 x 3' reads as a size line, with no grid under it; as a board's row, "
                "'x' is not a number or a blank (. _ - ? 0)"),
])
def test_a_size_line_cut_from_a_grid_it_does_not_fit_is_said_to_be_one(text: str, said: str):
    """It was read as a board of its own: "'4x4' is not a number or a blank", or "4 is out
    of range 1..2 for a 1x2 grid", which did not say what was wrong."""
    assert str(parse_error(text)).endswith(said)


def test_rows_of_dash_blanks_still_read_as_rows():
    # a wholly blank second row, its blanks written apart, under a row of numbers
    assert parse_one("| 1 | -- | 3 |\n| -- | -- | -- |\n| -- | -- | 9 |\n").givens.tolist() \
        == SMALL_GIVENS
    # one blank row of "--" among rows: no rules between every two rows
    text = "| 1 |   | 3 |\n|   |   |   |\n| -- | -- | -- |\n|   |   | 9 |\n"
    assert parse_one(text).givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 0], [0, 0, 9]]


def test_spreadsheet_cells_with_as_many_numbers_a_row_keep_their_empty_cells():
    """Two numbers a row, on the diagonals of a 6x6, copied from a spreadsheet: read the
    usual way, empty fields dropped, it was six rows of two and refused ("24 is out of
    range"); two numbers a row in the first two of four columns read as a 4x2 board."""
    rows = ["24\t\t\t\t\t35", "\t26\t\t\t5\t", "\t\t30\t3\t\t", "\t\t29\t2\t\t",
            "\t17\t\t\t12\t", "19\t\t\t\t\t10"]
    puzzle = parse_one("\r\n".join(rows) + "\r\n")
    assert puzzle.givens.shape == (6, 6)
    assert puzzle.givens[0].tolist() == [24, 0, 0, 0, 0, 35]
    assert puzzle.givens[2].tolist() == [0, 0, 30, 3, 0, 0]
    # a column empty in every row is no sign: two tabs that line numbers up
    assert parse_one("1\t\t2\n4\t\t3\n").givens.tolist() == [[1, 2], [4, 3]]


def test_a_board_drawn_as_the_app_draws_it_reads_back():
    walled = (
        "  ┌────┬────┬────┐\n"
        "  │  1 ━  2 ━  3 │   Size    3x3  easy\n"  # (the panel beside it is dropped)
        "  ├────┼────┼  ┃ ┤\n"
        "  │    │    │    │   Placed  4 of 9\n"
        "  ├────┼────┼────┤\n"
        "  │    │    │  9 │\n"
        "  └────┴────┴────┘\n"
    )
    assert parse_one(walled).givens.tolist() == [[1, 2, 3], [0, 0, 0], [0, 0, 9]]
    # numbers in a frame, dots for blanks (a bottom edge copied short does not matter)
    framed = (
        " ┌───────────────┐\n │   1    ·    3 │\n │   ·    ·    · │\n │   ·    ·    9 │\n"
        " └──────┘\n"
    )
    assert parse_one(framed).givens.tolist() == SMALL_GIVENS
    # ... and copied with the panel beside it, as whole screen lines
    framed_and_panel = (
        " ┌───────────┐\n │  1  ·  3  │   Size    3x3\n │  ·  ·  ·  │   Placed  2 of 9\n"
        " │  ·  ·  9  │\n └───────────┘   Keys\n"
    )
    assert parse_one(framed_and_panel).givens.tolist() == SMALL_GIVENS
    # as other programs draw boards: double or heavy lines
    double = (
        "╔═══╦═══╦═══╗\n║ 1 ║   ║ 3 ║\n╠═══╬═══╬═══╣\n"
        "║   ║   ║   ║\n║   ║   ║ 9 ║\n╚═══╩═══╩═══╝\n"
    )
    assert parse_one(double).givens.tolist() == SMALL_GIVENS
    heavy = double.translate(str.maketrans("╔╦╗╠╬╣╚╩╝═║", "┏┳┓┣╋┫┗┻┛━┃"))
    assert parse_one(heavy).givens.tolist() == SMALL_GIVENS
    # a row wider than the top edge is an error, not cells to drop
    for wide in ("+---+---+\n| 1 | 2 | 3 |\n+---+---+\n", "┌───┬───┐\n│ 1 │ 2 │ 3 │\n└───┴───┘\n"):
        assert "cells, expected 3" in parse_error(wide).message
    # the numbers alone, copied from inside the frame
    assert parse_one("1 · 3\n· · ·\n· · 9\n").givens.tolist() == SMALL_GIVENS
    # a board one cell wide, walls round each cell, blanks as spaces, drawn or in ASCII
    assert parse_one("┌────┐\n│    │\n├────┤\n│  2 │\n└────┘\n").givens.tolist() == [[0], [2]]
    assert parse_one("+---+\n|   |\n| 2 |\n+---+\n").givens.tolist() == [[0], [2]]


def test_a_board_copied_off_the_screen_in_part_is_said_to_be_part_of_one():
    """A scrolled view (a 9x9 in a small window) has a dashed edge where the board goes on;
    copied, it said "'┄' is not a number", which did not say the rest was missing."""
    rows_cut = (
        "     A   B   C   D   E   F   G   H   I  \n"
        "  ┌────────────────────────────────────┐\n"
        "1 │  ·   ·   ·   ·   ·  52  69   ·  71 │\n"
        "2 │ 40   ·   ·   ·   ·  53   ·   ·   · │\n"
        "  └┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┘\n"
    )
    error = parse_error(rows_cut)
    assert (error.line, error.col) == (5, 4), error
    assert "'┄' marks where the app's view of a scrolled board ends" in error.message
    assert "part of a board" in error.message
    cols_cut = (
        "     A   B   C  \n"
        "  ┌────────────┐\n"
        "1 │  ·   ·   · ┆\n"
        "2 │ 40   ·   · ┆\n"
        "3 │  ·   ·  46 ┆\n"
    )
    error = parse_error(cols_cut)
    assert (error.line, error.col) == (3, 16), error
    assert "part of a board" in error.message


def test_the_marks_the_app_sets_before_numbers_are_left_out_of_a_copied_board():
    """A board copied after a check ("!" on a number that cannot be right), from the type-in
    screen ("?" on the likely slip, "*" where a second solution differs): the marks are
    the app's, not the puzzle's."""
    walled = (
        "┌────┬────┬────┐\n"
        "│ !1 │    │ *3 │\n"
        "├────┼────┼────┤\n"
        "│    │?   │    │\n"
        "├────┼────┼────┤\n"
        "│    │    │ ?9 │\n"
        "└────┴────┴────┘\n"
    )
    assert parse_one(walled).givens.tolist() == SMALL_GIVENS
    framed = " ┌───────────┐\n │ !1  ·  *3 │\n │  · ?·   · │\n │  ·  · ?9  │\n └───────────┘\n"
    assert parse_one(framed).givens.tolist() == SMALL_GIVENS


def test_the_rulers_round_a_copied_board_are_left_out():
    """The app names columns by letter over the board and rows by number beside it, where
    the screen has room: a copy with them reads as the board alone, with or without the
    letters line, walled or framed, and the panel beside it dropped as before."""
    walled = (
        "     A    B    C\n"
        "  ┌────┬────┬────┐\n"
        "1 │  1 ━  2 ━  3 │  Size    3x3  easy\n"
        "  ├────┼────┼  ┃ ┤\n"
        "2 │    │    │    │  Placed  4 of 9\n"
        "  ├────┼────┼────┤\n"
        "3 │    │    │  9 │\n"
        "  └────┴────┴────┘\n"
    )
    expected = [[1, 2, 3], [0, 0, 0], [0, 0, 9]]
    assert parse_one(walled).givens.tolist() == expected
    assert parse_one(walled.split("\n", 1)[1]).givens.tolist() == expected  # no letters
    # the panel beside the letters line: a message said there ('A' was "not a number")
    beside = walled.replace("     A    B    C\n",
                            "     A    B    C    This puzzle has more than one solution\n")
    assert parse_one(beside).givens.tolist() == expected
    framed = (
        "     A    B    C\n"
        "   ┌───────────────┐\n"
        " 9 │   1    ·    3 │\n"
        "10 │   ·    ·    · │\n"
        "11 │   ·    ·    9 │\n"
        "   └───────────────┘\n"
    )
    assert parse_one(framed).givens.tolist() == SMALL_GIVENS
    # a word left of a frame that is no row number is still an error
    assert "not a number" in parse_error("  +---+\nx | 1 |\n  +---+\n").message


@pytest.mark.parametrize("board, label, number, givens", [
    ("     A    B    C\n"
     "  ┌────┬────┬────┐\n"
     "1 │  1 ━  2 ━  3 │\n"
     "  ├────┼────┼  ┃ ┤\n"
     "x │    │    │    │\n"
     "  ├────┼────┼────┤\n"
     "3 │    │    │  9 │\n"
     "  └────┴────┴────┘\n", "x │", "2 │", [[1, 2, 3], [0, 0, 0], [0, 0, 9]]),
    ("     A    B    C\n"
     "   ┌───────────────┐\n"
     " 9 │   1    ·    3 │\n"
     " x │   ·    ·    · │\n"
     "11 │   ·    ·    9 │\n"
     "   └───────────────┘\n", " x │", "10 │", SMALL_GIVENS),
    ("     A    B    C\n"
     "  +----+----+----+\n"
     "1 |  1 |    |  3 |\n"
     "  +----+----+----+\n"
     "x |    |    |    |\n"
     "  +----+----+----+\n"
     "3 |    |    |  9 |\n"
     "  +----+----+----+\n", "x |", "2 |", SMALL_GIVENS),
])
def test_a_letter_in_place_of_a_row_number_beside_a_copied_board_is_named(
        board, label, number, givens):
    """A board copied off the screen with its rows numbered, one label not a number (a
    letter typed over it, "l" for "1"): the row numbers were kept, and the board's first
    row was said to be no row of a boxed grid, or its wall no number."""
    err = parse_error(board)
    lines = board.split("\n")
    line = next(k for k, text in enumerate(lines, start=1) if text.startswith(label))
    assert (err.line, err.col) == (line, lines[line - 1].index("x") + 1)
    assert err.message == ("'x' is not a row number, as the labels of the other rows beside "
                           "the board are; write the row's number, or take the row numbers out")
    # with the number there, it reads
    assert parse_one(board.replace(label, number)).givens.tolist() == givens


def test_a_line_copied_under_a_board_off_the_screen_is_the_line_an_error_names():
    """A copy of a board off the screen that takes the status line under it too (`12x12 ·
    23/144 · 0 moves`, where the panel is a bar under the board), or a note under a board
    with row numbers, was refused at the board's first row ("'.    .  144 ...' is not a
    number", or "expected a '+----+' rule line"), a row that reads: the error names the
    line under the board, which does not."""
    framed = (
        "     A    B    C\n"
        "  ┌───────────────┐\n"
        "1 │   1    ·    3 │\n"
        "2 │   ·    ·    · │\n"
        "3 │   ·    ·    9 │\n"
        "  └───────────────┘\n"
    )
    walled = (
        "     A    B    C\n"
        "  ┌────┬────┬────┐\n"
        "1 │  1 │    │  3 │\n"
        "  ├────┼────┼────┤\n"
        "2 │    │    │    │\n"
        "  ├────┼────┼────┤\n"
        "3 │    │    │  9 │\n"
        "  └────┴────┴────┘\n"
    )
    # in ASCII, with its row numbers (as a terminal without line drawing shows it, and as
    # a booklet for paper prints it), the note kept the row numbers and was blamed on row 1
    numbered = (
        "     A    B    C\n"
        "  +----+----+----+\n"
        "1 |  1 |    |  3 |\n"
        "  +----+----+----+\n"
        "2 |    |    |    |\n"
        "  +----+----+----+\n"
        "3 |    |    |  9 |\n"
        "  +----+----+----+\n"
    )
    # (the boxed form says what its lines must be: a rule line or a row)
    rule = "expected a '+----+' rule"
    for board, said in ((framed, "'{}' is not a number"), (walled, rule), (numbered, rule)):
        assert parse_one(board).givens.tolist() == SMALL_GIVENS
        below = board.count("\n") + 1
        for status in ("    3x3 · 2/9 · 0 moves · 0:03\n", "my note\n"):
            error = parse_error(board + status)
            word = status.split()[0]
            assert (error.line, error.col) == (below, status.index(word) + 1), error
            assert error.message.startswith(said.format(word)), error


def test_a_question_mark_is_a_blank():
    assert parse_one("1 ? 3\n? ?? ?\n? ? 9\n").givens.tolist() == SMALL_GIVENS
    assert parse_one("1,?,3\n,,\n,,9\n").givens.tolist() == SMALL_GIVENS
    # a mark before a number is an error outside a board drawn as the app draws it
    assert "'!3' is not a number" in parse_error("1 . !3\n. . .\n. . 9\n").message


def test_puzzle_label():
    puzzles = parse_puzzles("# id: named\n1\n\n1\n", "f.txt")
    assert puzzle_label(puzzles[0], "f.txt", 1) == "named"
    assert puzzle_label(puzzles[1], "f.txt", 2) == "f.txt#2"


# --- errors, each with its line and column --------------------------------------------------


def test_parse_error_renders_file_line_col():
    err = parse_error("1 2\n3 x\n")
    assert (err.filename, err.line, err.col) == ("t.txt", 2, 3)
    assert str(err) == f"t.txt:2:3: {err.message}"
    assert str(ParseError("f.txt", 0, 0, "no such file")) == "f.txt: no such file"


def test_ragged_row_too_short_points_past_its_last_cell():
    err = parse_error("# id: x\n1 2 3\n4 5\n6 7 8\n")
    assert where(err) == (3, 4)
    assert err.message == "row has 2 cells, expected 3"


def test_ragged_row_too_long_points_at_the_first_extra_cell():
    err = parse_error(". . . . . . . . .\n" * 3 + ". . . . . . . .  .  .\n")
    assert where(err) == (4, 21)
    assert err.message == "row has 10 cells, expected 9"


@pytest.mark.parametrize("text, col", [
    ("1 . 3 .\n. . .\n. . 9\n", 1),
    ("1,,3,\n,,\n,,9\n", 1),
    ("# id: x\n| 1 |   |   | 3 |\n|   |   |   |\n|   |   | 9 |\n", 3),
])
def test_a_first_row_alone_in_its_width_is_the_one_blamed(text, col):
    """The rows under the first agree with each other: the first is the odd one, and the
    error named the second ("2:6: row has 3 cells, expected 4"), a good line."""
    err = parse_error(text)
    first = 2 if text.startswith("#") else 1
    assert where(err) == (first, col)
    assert err.message == "row has 4 cells, but the rows below it have 3"


def test_under_a_size_line_the_rows_that_differ_from_it_are_blamed():
    """"3x4" over a first row of 4 and rows of 3: the first row is the right one."""
    err = parse_error("3x4\n1 2 3 4\n. . .\n. . .\n")
    assert where(err) == (3, 6) and err.message == "row has 3 cells, expected 4"


def test_ragged_row_of_one_cell():
    assert parse_error("1 2\n3\n").message == "row has 1 cell, expected 2"


@pytest.mark.parametrize(
    "text, line, col, shown",
    [
        ("1 x\n. .\n", 1, 3, "'x'"),
        ("1 2\n+3 .\n", 2, 1, "'+3'"),
        ("+1 . 3\n. . .\n. . 9\n", 1, 1, "'+1'"),  # (not a boxed grid's rule line)
        ("  +12 .\n. .\n", 1, 3, "'+12'"),
        (". .\n.   1.5\n", 2, 5, "'1.5'"),
        (". 1_0\n. .\n", 1, 3, "'1_0'"),
        (". \u0628\n. .\n", 1, 3, "'\u0628'"),  # an Arabic letter (its digits are numbers)
        (".\t.\tq\n. . .\n. . .\n", 1, 5, "'q'"),  # a tab is one column
    ],
)
def test_junk_cell(text, line, col, shown):
    err = parse_error(text)
    assert where(err) == (line, col)
    assert err.message.startswith(f"{shown} is not a number or a blank")


@pytest.mark.parametrize(
    "text",
    [
        "1,,3\n,,\n,,9\n",  # a spreadsheet's CSV: an empty field is a blank
        "1;;3\n;;\n;;9\n",  # (where the comma is the decimal point)
        '"1","","3"\n"","",""\n"","","9"\n',
        "1, ., 3\n., ., .\n., ., 9\n",
    ],
    ids=["commas", "semicolons", "quoted", "spaced"],
)
def test_comma_separated_cells(text):
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize(
    "text, line, col, message",
    [
        ("1,,3\n,,\n,9\n", 3, 3, "row has 2 cells, expected 3"),
        ("1, x ,3\n,,\n,,9\n", 1, 4, "'x' is not a number or a blank (. _ - ? 0)"),
        ("1 2,,3\n,,\n,,9\n", 1, 1, "'1 2' is not a number or a blank (. _ - ? 0)"),
        ("1,,3\n,,\n,,9,\n", 3, 5, "row has 4 cells, expected 3"),
        # a separator inside quotes parts nothing, as in any CSV reader (the field was
        # read as two cells, 1 and 3: a board other than the one written)
        (',"1,3",\n,,\n,,9\n', 1, 2, "'1,3' is not a number or a blank (. _ - ? 0)"),
        ('"1";"";"3"\n"";"";""\n"";"";"9;"\n', 3, 7, "'9;' is not a number or a blank (. _ - ? 0)"),
        # a quote left open made the rest of its row one field, blamed from the row's start
        ('1,,3\n,,\n,,"9\n', 3, 3, 'quote (") not closed on its line'),
        ('"1,,3\n,,\n,,9\n', 1, 1, 'quote (") not closed on its line'),
    ],
    ids=["short-row", "junk", "two-numbers-in-a-field", "trailing-comma", "quoted-comma",
         "quoted-semicolon", "open-quote-last", "open-quote-first"],
)
def test_comma_separated_errors_point_at_the_field(text, line, col, message):
    err = parse_error(text)
    assert (where(err), err.message) == ((line, col), message)


def test_number_out_of_range():
    err = parse_error("1 2\n3  5\n")
    assert where(err) == (2, 4)
    assert err.message == "5 is out of range 1..4 for a 2x2 grid"


def nine_by_nine(after_row: int, between: str = "\n", reverse: bool = False) -> str:
    """A full 9x9 board (the path snaking down the rows; 81 first when `reverse`) with
    `between` (a blank line) after row `after_row`, under an ``# id:`` line."""
    rows = []
    for r in range(9):
        numbers = [9 * r + (c if r % 2 == 0 else 8 - c) + 1 for c in range(9)]
        rows.append(" ".join(f"{82 - n if reverse else n:2}" for n in numbers) + "\n")
    return "# id: split\n" + "".join(rows[:after_row]) + between + "".join(rows[after_row:])


def test_a_board_split_by_a_blank_line_is_named_in_the_range_error():
    # The four rows above the blank line (1..36) read as a 4x9 board; the five below fail
    # on 54 (row 6 runs right to left), which a 5x9 board cannot hold.
    err = parse_error(nine_by_nine(4))
    assert str(err) == (
        "t.txt:8:1: 54 is out of range 1..45 for a 5x9 grid;"
        " is a blank line (line 6) splitting a 9x9 board?"
    )


def test_the_hint_names_the_grid_below_when_the_part_above_fails():
    err = parse_error(nine_by_nine(4, between="\n \n\t\n", reverse=True))
    assert str(err) == (
        "t.txt:2:1: 81 is out of range 1..36 for a 4x9 grid;"
        " is a blank line (lines 6-8) splitting a 9x9 board?"
    )


@pytest.mark.parametrize("between", ["\n# id: second\n", "\n# a comment\n"])
def test_no_hint_when_a_comment_stands_between_the_grids(between):
    # a comment or metadata line says the grid below is meant as a puzzle of its own
    err = parse_error(nine_by_nine(4, between=between))
    assert err.message == "54 is out of range 1..45 for a 5x9 grid"


def test_no_hint_beside_a_grid_of_another_width():
    err = parse_error("1 2\n4 3\n\n1 . .\n. 9 .\n")
    # (no blank line splits a board: the one above is another width; a row may be missing)
    assert err.message == ("9 is out of range 1..6 for a 2x3 grid; a row left out? 3x3 has "
                           "9 cells")


def test_puzzles_of_one_width_without_metadata_between_still_read():
    text = "1 . 3\n. . .\n. . 9\n\n. 2 .\n. . .\n7 . .\n\n1 2 3\n6 5 4\n"
    assert [p.size for p in parse_puzzles(text, "t.txt")] == [9, 9, 6]


@pytest.mark.parametrize("rows, text_says, json_says", [
    ("1 . 3\n.\n", "row has 1 cell, expected 3", "row 2 has 1 cell, expected 3"),
    ("1 . 3\n. .\n", "row has 2 cells, expected 3", "row 2 has 2 cells, expected 3"),
])
def test_the_text_and_json_readers_word_a_short_row_alike(rows, text_says, json_says):
    assert parse_error(rows).message == text_says
    grid = [[int(v) if v != "." else 0 for v in line.split()] for line in rows.splitlines()]
    assert parse_error(repr(grid)).message == json_says


@pytest.mark.parametrize("written", ["1e400", "-1e400", "2.5", "2.5e-3", "NaN", "-Infinity"])
def test_a_json_number_that_is_not_whole_is_quoted_as_written(written):
    """Before: 1e400 was "inf is not a whole number", a number the file does not hold."""
    err = parse_error(f"[[1, 0], [0, {written}]]")
    assert str(err) == f"t.txt:1:14: row 2, column 2: {written} is not a whole number"


def test_a_json_number_written_as_a_whole_float_is_that_number():
    """Some programs write every number as a float: 9.0 was "not a whole number"."""
    [puzzle] = parse_puzzles("[[1, 2.0, 3e0], [0, 0, 0], [0, 0, 9.0]]", "t.txt")
    assert puzzle.givens.tolist() == [[1, 2, 3], [0, 0, 0], [0, 0, 9]]
    assert parse_error("[[1, 0], [0, 2.5e3]]").message == "row 2, column 2: 2500 is out of range"
    # so are "rows", "cols" and the metadata ("rows": 3.0 was "must be a whole number,
    # found 3.0")
    [puzzle] = parse_puzzles('{"rows": 2.0, "cols": 2e0, "seed": 3.0, "puzzle": [[1, 0], [0, 0]]}',
                             "t.txt")
    assert puzzle.metadata["seed"] == "3"
    assert parse_error('{"rows": 2.5, "puzzle": [[1, 0], [0, 0]]}').message == (
        '"rows" must be a whole number, found 2.5')


def test_a_long_json_number_is_cut_short_in_the_message():
    err = parse_error("[[1." + "5" * 400 + "]]")
    assert err.message == "row 1, column 1: 1.555555555555555... is not a whole number"


def test_a_json_number_of_thousands_of_digits_is_said_where_it_is_and_short():
    """Such a number was placed at 1:1 wherever it stood, and a "rows" of 4,300 digits
    was written out whole in its message."""
    err = parse_error('{"puzzle": [[1, 0],\n [0, ' + "9" * 5000 + "]]}")
    assert where(err) == (2, 6) and err.message == "JSON number too long"
    err = parse_error('{"rows": ' + "9" * 3000 + ', "puzzle": [[1, 0], [0, 0]]}')
    assert err.message == '"rows" is a number of 13 digits or more, but the grid has 2'


def test_huge_number_is_out_of_range_not_a_crash():
    err = parse_error(". " + "9" * 5000 + "\n. .\n")
    assert where(err) == (1, 3)
    assert "out of range 1..4" in err.message
    assert len(err.message) < 100


def test_duplicate_points_at_the_second_and_names_the_first():
    err = parse_error("# id: d\n.  7 .\n. . .\n.  . 7\n")
    assert where(err) == (4, 6)
    assert err.message == "7 appears twice (also at line 2, column 4)"


@pytest.mark.parametrize("text", ["", "\n\n", "   \n\t\n"])
def test_empty_file(text):
    err = parse_error(text)
    assert where(err) == (1, 1)
    assert "empty" in err.message and "no puzzle" in err.message


def test_comments_only():
    err = parse_error("# just a header\n# id: nothing\n\n# more\n")
    assert where(err) == (1, 1)
    assert "no puzzle" in err.message


def test_too_many_rows():
    text = "# big\n" + ".\n" * 31
    err = parse_error(text)
    assert where(err) == (32, 1)
    assert "at most 30" in err.message


def test_too_many_columns_points_at_the_31st_cell():
    err = parse_error(" ".join(["."] * 31) + "\n")
    assert where(err) == (1, 61)
    assert err.message == "row has 31 cells; a grid has at most 30 columns"


def test_crlf_and_bom_do_not_shift_columns():
    err = parse_error("\ufeff1 x\r\n. .\r\n")
    assert where(err) == (1, 3)
    err = parse_error("1 2\r\n3 x\r\n")
    assert where(err) == (2, 3)


def test_error_in_a_later_puzzle_names_its_own_line():
    err = parse_error(SMALL + "\n# id: second\n1 2\n2 .\n")
    assert where(err) == (7, 1)


def test_boxed_junk_cell_column():
    err = parse_error("+---+---+\n| 1 | z |\n+---+---+\n")
    assert where(err) == (2, 7)
    assert err.message.startswith("'z' is not a number")


def test_boxed_out_of_range_and_duplicate_columns():
    assert where(parse_error("+---+---+\n| 1 | 3 |\n+---+---+\n")) == (2, 7)
    err = parse_error("+---+---+\n| 1 |   |\n+---+---+\n|   |  1|\n+---+---+\n")
    assert where(err) == (4, 8)
    assert err.message == "1 appears twice (also at line 2, column 3)"


def test_boxed_ragged_row_points_at_its_closing_bar():
    err = parse_error("+---+---+\n| 1 | 2 |\n+---+---+\n| 3 |\n+---+---+\n")
    assert where(err) == (4, 5)
    assert err.message == "row has 1 cell, expected 2"


def test_boxed_row_without_closing_bar():
    err = parse_error("+---+---+\n| 1 | 2\n+---+---+\n")
    assert where(err) == (2, 8)
    assert "does not end with '|'" in err.message


def test_boxed_malformed_rule_line():
    err = parse_error("+---+---+\n| 1 | 2 |\n+---+--x+\n")
    assert where(err) == (3, 1)
    assert "rule line" in err.message


def test_boxed_rule_line_of_the_wrong_width():
    err = parse_error("+---+---+\n| 1 | 2 |\n+---+\n")
    assert where(err) == (3, 1)
    assert err.message == "rule line has 1 cell, expected 2"


def test_boxed_grid_with_a_stray_line():
    err = parse_error("+---+---+\n| 1 | 2 |\n  1 2\n+---+---+\n")
    assert where(err) == (3, 3)
    assert "boxed grid" in err.message


def test_boxed_grid_without_rows():
    err = parse_error("# id: r\n+---+---+\n+---+---+\n")
    assert where(err) == (2, 1)
    assert "no rows" in err.message


def test_nul_byte_is_binary():
    err = parse_error("1 2\n3 \x00\n")
    assert where(err) == (2, 3)
    assert "binary" in err.message


def test_overlong_line_is_refused():
    err = parse_error("1\n" + " " * (MAX_LINE_CHARS + 1) + "\n")
    assert where(err) == (2, MAX_LINE_CHARS + 1)
    assert "longer than" in err.message


def test_too_many_lines_is_refused():
    err = parse_error("#\n" * (MAX_LINES + 5))
    assert err.line == MAX_LINES + 1
    assert "more than" in err.message
    # the limit itself is allowed, its last line ended by a line break as files end
    # (it counted the line break as the start of one line more)
    assert len(parse_puzzles("#\n" * (MAX_LINES - 1) + "1\n", "t.txt")) == 1
    assert parse_error("#\n" * MAX_LINES + "1\n").line == MAX_LINES + 1


@pytest.mark.parametrize("text", ["5 6\n\n4 3\n1 2\n", "6 5\n\n1 2\n4 3\n"])
def test_a_board_split_by_a_blank_line_is_said_so_before_a_size_line(text: str):
    """Its first row, a blank line, then the rest: the hint at the split came first, and
    was lost to the size-line reading ("'5 6' reads as a size line, but ... is 2x2")."""
    assert parse_error(text).message.endswith("is a blank line (line 2) splitting a 3x2 board?")


def test_too_many_puzzles_is_refused():
    err = parse_error("1\n\n" * (MAX_PUZZLES + 1))
    assert err.line == 2 * MAX_PUZZLES + 1
    assert "puzzles" in err.message


def test_too_large_text_is_refused():
    err = parse_error("#" * (MAX_FILE_BYTES + 1))
    assert err.line == 0
    assert "too large" in err.message


# --- reading files ----------------------------------------------------------------------------


def test_read_puzzles_from_a_file(tmp_path: Path):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\xef\xbb\xbf# id: f\r\n1 2\r\n4 3\r\n")
    (puzzle,) = read_puzzles(str(path))
    assert puzzle.id == "f" and puzzle.givens.tolist() == [[1, 2], [4, 3]]


def test_read_puzzles_names_the_file_in_errors(tmp_path: Path):
    path = tmp_path / "bad.txt"
    path.write_text("1 2\n3 3\n", encoding="utf-8")
    with pytest.raises(ParseError) as err:
        read_puzzles(str(path))
    assert str(err.value).startswith(f"{path}:2:3: ")


def test_read_puzzles_missing_file_and_directory(tmp_path: Path):
    with pytest.raises(ParseError) as err:
        read_puzzles(str(tmp_path / "nope.txt"))
    assert (err.value.line, err.value.col) == (0, 0)
    assert str(err.value) == f"{tmp_path / 'nope.txt'}: no such file"
    with pytest.raises(ParseError) as err:
        read_puzzles(str(tmp_path))
    assert "directory" in str(err.value)


def test_read_puzzles_binary_file(tmp_path: Path):
    path = tmp_path / "blob.bin"
    path.write_bytes(b"1 2\r\n" + bytes(range(256)))
    with pytest.raises(ParseError) as err:
        read_puzzles(str(path))
    assert (err.value.line, err.value.col) == (2, 1)
    assert "binary" in err.value.message


def test_read_puzzles_refuses_a_huge_file(tmp_path: Path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 10)  # sparse: no disk used
    with pytest.raises(ParseError) as err:
        read_puzzles(str(path))
    assert err.value.line == 0 and "too large" in err.value.message


def test_read_puzzles_from_stdin(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(b"# id: in\n1 2\n4 3\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    (puzzle,) = read_puzzles("-")
    assert puzzle.id == "in"


def test_read_puzzles_stdin_errors_name_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 9\n"))
    with pytest.raises(ParseError) as err:
        read_puzzles("-")
    assert str(err.value).startswith("<stdin>:1:3: ")


def test_endless_short_lines_on_stdin_are_refused_at_the_line_limit(monkeypatch):
    """`yes 1 | numbrix check -` read 16 MiB and said "file is too large", with no place,
    where the same lines from a file are refused at the line past the limit."""
    from numbrix_curses.textformat import MAX_FILE_BYTES, MAX_LINES

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * (MAX_FILE_BYTES // 2 + 10)))
    with pytest.raises(ParseError) as err:
        read_puzzles("-")
    assert str(err.value) == (f"<stdin>:{MAX_LINES + 1}:1: file has more than {MAX_LINES:,} "
                              "lines; this is not a puzzle file")


# --- writing --------------------------------------------------------------------------------


def test_format_compact_exact_text():
    puzzle = Puzzle.from_rows(
        [[1, 0, 0, 0], [0, 0, 0, 12], [0, 0, 0, 0]], {"id": "w", "difficulty": "easy"}
    )
    assert format_compact(puzzle) == (
        "# id: w\n# difficulty: easy\n" " 1  .  .  .\n" " .  .  . 12\n" " .  .  .  .\n"
    )


def test_format_boxed_exact_text():
    puzzle = Puzzle.from_rows([[1, 0, 0], [0, 0, 0], [0, 0, 9]], {"id": "b"})
    assert format_boxed(puzzle) == (
        "# id: b\n"
        "+---+---+---+\n"
        "| 1 |   |   |\n"
        "+---+---+---+\n"
        "|   |   |   |\n"
        "+---+---+---+\n"
        "|   |   | 9 |\n"
        "+---+---+---+\n"
    )


def test_format_boxed_cell_width_is_digits_plus_two():
    puzzle = Puzzle(np.zeros((9, 9), dtype=int))
    lines = format_boxed(puzzle).splitlines()
    assert lines[0] == "+" + "----+" * 9


@pytest.mark.parametrize("rows, cols", [(n, n) for n in range(1, 16)] + [(30, 15), (5, 15)])
def test_format_boxed_fits_80_columns_up_to_15_wide(rows, cols):
    grid = np.arange(1, rows * cols + 1).reshape(rows, cols)
    text = format_boxed(Puzzle(grid))
    assert max(len(line) for line in text.splitlines()) <= 80
    assert parse_one(text).givens.tolist() == grid.tolist()


def test_writers_print_a_solution_keeping_the_givens():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]], {"id": "s"})
    solution = np.array([[1, 2], [4, 3]])
    assert format_compact(puzzle, solution, metadata={}) == "1 2\n4 3\n"
    # a partial grid (entries only) still shows the givens in their place
    entries = np.array([[0, 2], [0, 0]])
    assert format_compact(puzzle, entries, metadata={}) == "1 2\n. .\n"
    assert "| 1 | 2 |" in format_boxed(puzzle, entries)


def test_writers_reject_a_grid_of_another_shape():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    with pytest.raises(ValueError):
        format_compact(puzzle, np.zeros((3, 2), dtype=int))


def test_metadata_argument_replaces_the_puzzles_own():
    puzzle = Puzzle.from_rows([[1]], {"id": "old", "seed": "3"})
    assert format_compact(puzzle, metadata={"id": "new"}) == "# id: new\n1\n"
    assert format_compact(puzzle, metadata={}) == "1\n"


def test_metadata_values_stay_on_one_line():
    puzzle = Puzzle.from_rows([[1]], {"note": "two\nlines\r\nhere"})
    text = format_compact(puzzle)
    assert text == "# note: two lines here\n1\n"
    assert parse_one(text).metadata == {"note": "two lines here"}


@pytest.mark.parametrize("key", ["", "two words", "a:b", "1st", "x\ny"])
def test_unwritable_metadata_key_is_refused(key):
    with pytest.raises(ValueError):
        format_compact(Puzzle.from_rows([[1]], {key: "v"}))


def test_format_grid_compact():
    assert format_grid_compact(np.array([[1, 0, 3], [10, 0, 0]])) == " 1  .  3\n10  .  .\n"
    assert format_grid_compact([[0]]) == ".\n"


def test_both_writers_round_trip_a_file_of_puzzles():
    text = BOXED + "\n" + SMALL + "\n# id: z\n# difficulty: hard\n1 . 3 .\n"
    original = parse_puzzles(text, "f")
    for writer in (format_compact, format_boxed):
        text = "\n".join(writer(p) for p in original)
        again = parse_puzzles(text, "f")
        assert [p.givens.tolist() for p in again] == [p.givens.tolist() for p in original]
        assert [p.metadata for p in again] == [p.metadata for p in original]


# --- property: random valid grids round-trip ---------------------------------------------------

metadata_keys = st.from_regex(r"[a-z][a-z0-9_\-]{0,11}", fullmatch=True)
metadata_values = st.text(
    # (no control characters: the writers drop them, the reader refuses them)
    alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x2FF, blacklist_categories=("Cc",)),
    max_size=30,
).map(str.strip)


@st.composite
def puzzles(draw) -> Puzzle:
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(1, 12))
    size = rows * cols
    numbers = draw(st.permutations(range(1, size + 1)))
    keep = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    flat = [n if k else 0 for n, k in zip(numbers, keep)]
    metadata = draw(st.dictionaries(metadata_keys, metadata_values, max_size=4))
    return Puzzle(np.array(flat).reshape(rows, cols), metadata)


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_random_grids_round_trip_through_both_writers(puzzle):
    for writer in (format_compact, format_boxed):
        text = writer(puzzle)
        assert text.endswith("\n")
        back = parse_one(text)
        assert back.givens.tolist() == puzzle.givens.tolist()
        assert back.metadata == puzzle.metadata


def drawn_walled(grid: np.ndarray, panel: list[str], ascii_only: bool,
                 marks: dict[int, str] | None = None) -> str:
    """`grid` drawn as the play screen draws it: a wall round every cell, consecutive numbers
    joined through the wall between them, `panel` lines beside the rows, `marks` (by cell)
    before the numbers."""
    marks = marks or {}
    h, v, link_across, link_down = ("-", "|", "-", "|") if ascii_only else ("─", "│", "━", "┃")
    corners = "+" * 9 if ascii_only else "┌┬┐├┼┤└┴┘"
    rows, cols = grid.shape
    width = max(len(str(rows * cols)), 2) + 2

    def rule(r: int) -> str:  # the rule line above row r (r == rows: the bottom edge)
        row = 0 if r == 0 else 2 if r == rows else 1
        out = corners[row * 3]
        for c in range(cols):
            joined = 0 < r < rows and grid[r - 1, c] and grid[r, c] and abs(
                int(grid[r - 1, c]) - int(grid[r, c])) == 1
            out += (f"{link_down:^{width}}" if joined else h * width) + (
                corners[row * 3 + (2 if c == cols - 1 else 1)])
        return out

    lines = [rule(0)]
    for r in range(rows):
        out = v
        for c in range(cols):
            out += marks.get(r * cols + c, " ") + f"{grid[r, c] or '':>{width - 2}} "
            if c < cols - 1:
                a, b = int(grid[r, c]), int(grid[r, c + 1])
                out += link_across if a and b and abs(a - b) == 1 else v
        out += v + (panel[r % len(panel)] if panel else "")
        lines.extend([out, rule(r + 1)])
    return "\n".join(lines) + "\n"


def drawn_framed(grid: np.ndarray, ascii_only: bool, marks: dict[int, str] | None = None,
                 panel: list[str] | None = None) -> str:
    """`grid` as the play screen draws a board too large for walls: numbers in a frame,
    `marks` (by cell) before them, `panel` lines beside the rows."""
    marks = marks or {}
    panel = panel or [""]
    (h, v, corners, empty) = ("-", "|", "++++", ".") if ascii_only else ("─", "│", "┌┐└┘", "·")
    rows, cols = grid.shape
    width = len(str(rows * cols)) + 2
    inner = [
        "".join(marks.get(r * cols + c, " ") + f"{grid[r, c] or empty:>{width - 1}}"
                for c in range(cols)) + " "
        for r in range(rows)
    ]
    edge = h * len(inner[0])
    rows_drawn = (f"{v}{line}{v}{panel[r % len(panel)]}" for r, line in enumerate(inner))
    return "\n".join([f"{corners[0]}{edge}{corners[1]}", *rows_drawn,
                      f"{corners[2]}{edge}{corners[3]}"]) + "\n"


@settings(max_examples=100, deadline=None)
@given(puzzles(), st.lists(st.sampled_from(["", "   Size    9x9  easy", "   Keys", "   u undo"]),
                           max_size=3), st.booleans(),
       st.dictionaries(st.integers(0, 143), st.sampled_from("!?*"), max_size=6))
def test_random_grids_drawn_as_the_app_draws_them_read_back(puzzle, panel, ascii_only, marks):
    for text in (drawn_walled(puzzle.givens, panel, ascii_only, marks),
                 drawn_framed(puzzle.givens, ascii_only, marks, panel)):
        assert parse_one(text).givens.tolist() == puzzle.givens.tolist(), text


@settings(max_examples=50, deadline=None)
@given(st.lists(puzzles(), min_size=1, max_size=4))
def test_random_files_round_trip(puzzle_list):
    text = "# header\n\n" + "\n".join(
        format_boxed(p) if i % 2 else format_compact(p) for i, p in enumerate(puzzle_list)
    )
    back = parse_puzzles(text, "f")
    assert [p.givens.tolist() for p in back] == [p.givens.tolist() for p in puzzle_list]
    assert [p.metadata for p in back] == [p.metadata for p in puzzle_list]


# ---------------------------------------------------------------------------------------------
# Size lines and wide blanks, as exercise files and hand-aligned boards write them


@pytest.mark.parametrize(
    "text",
    [
        "3 3\n" + SMALL,
        "3x3\n" + SMALL,
        "3 X 3\n" + SMALL,
        "3,3\n" + SMALL,
        "3 3\n\n" + SMALL,  # the size on a block of its own
        "# id: sized\n3 3\n" + SMALL,
        "3 3\n" + format_boxed(Puzzle(np.array(SMALL_GIVENS), {})),
    ],
)
def test_size_line_before_grid_is_skipped(text):
    puzzle = parse_one(text)
    assert puzzle.givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize(
    "size",
    [
        "\uff13x\uff13",  # ３x３
        "\uff13 \uff13",  # ３ ３
        "\uff13\u3000\uff13",  # ３　３ (a full-width space)
        "\uff13\u00d7\uff13",  # ３×３
        "\uff13\uff58\uff13",  # ３ｘ３ (a full-width x)
        "\uff13\uff0c\uff13",  # ３，３ (a full-width comma)
        "\uff13",  # ３, a side alone
        "\u0663x\u0663",  # ٣x٣ (Arabic-Indic digits, as cells read them)
    ],
)
def test_a_size_line_in_full_width_digits_is_read_as_one(size: str) -> None:
    """A page set in Chinese or Japanese writes the size line in full-width digits, as
    it writes its cells: it was "'３x３' is not a number or a blank", or a 1x2 board."""
    for gap in ("\n", "\n\n"):
        assert parse_one(size + gap + SMALL).givens.tolist() == SMALL_GIVENS
    full_width = "\uff11 \uff0e \uff13\n\uff0e \uff0e \uff0e\n\uff0e \uff0e \uff19\n"
    assert parse_one(f"# id: wide\n{size}\n{full_width}").givens.tolist() == SMALL_GIVENS


def test_a_full_width_size_line_is_read_as_an_ascii_one_is() -> None:
    """Columns first too, and one that does not fit is said to be a size line, as "4x4"
    is, not refused as a cell."""
    puzzle = parse_one("\uff13\u00d7\uff12\n1 . .\n. . 6\n")  # ３×２
    assert puzzle.givens.tolist() == [[1, 0, 0], [0, 0, 6]]
    err = parse_error("\uff14\uff58\uff14\n\n" + SMALL)  # ４ｘ４
    assert where(err) == (1, 1)
    assert err.message == ("'\uff14\uff58\uff14' reads as a size line, but the grid under it "
                           "(line 3) is 3x3")
    err = parse_error("\uff14\uff58\uff14\n")
    assert err.message == "'\uff14\uff58\uff14' reads as a size line, with no grid under it"
    # (over a board two columns wide, a first row as ever: "３ ２" over three rows of two)
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("\uff13 \uff12\n1 .\n. .\n. 6\n", "t.txt", notes)
    assert puzzle.givens.tolist() == [[3, 2], [1, 0], [0, 0], [0, 6]]
    assert notes and "as its size" in notes[0][1]


def test_a_size_line_over_another_reads_and_a_long_run_of_them_is_a_located_error():
    """Each size line is read by a call of its own: a few in a row read as ever, and
    thousands ("3x3" on every line) are a row that is no row, not a traceback."""
    assert parse_one("3x3\n3 3\n" + SMALL).givens.tolist() == SMALL_GIVENS
    err = parse_error("3x3\n" * 5_000)
    assert where(err) == (31, 1)
    assert err.message == "'3x3' is not a number or a blank (. _ - ? 0)"


def test_size_line_may_give_columns_first():
    for size in ("2 3", "3 2"):
        puzzle = parse_one(f"{size}\n1 . .\n. . 6\n")
        assert (puzzle.rows, puzzle.cols) == (2, 3)
        assert puzzle.givens.tolist() == [[1, 0, 0], [0, 0, 6]]


def test_size_line_keeps_metadata_and_line_numbers():
    puzzle = parse_one("# id: sized\n3 3\n" + SMALL)
    assert puzzle.metadata["id"] == "sized"
    # an error below a size line still names its own line and column
    err = parse_error("3 3\n1 . 3\n. x .\n. . 9\n")
    assert where(err) == (3, 3)
    assert "'x'" in err.message
    err = parse_error("3 3\n1 . 3\n. . . .\n. . 9\n")
    assert where(err) == (3, 7)
    assert err.message == "row has 4 cells, expected 3"


def test_size_line_that_does_not_fit_names_both_readings():
    err = parse_error("4 4\n1 . 3\n. . .\n. . 9\n")
    assert where(err) == (1, 1)
    assert err.message == (
        "row has 2 cells, but the rows below it have 3"
        " (as a size line, '4 4' does not fit the 3x3 grid below)"
    )
    # as wide as the rows: no short row (it was "row has 2 cells", of a line of three), and
    # neither reading first (a 3x3 missing a row, or a row with a slip: either may be meant)
    # (a size of four digits and more too: "1000 x 1000" read as a row alone, "'x' is not
    # a number or a blank", where "31 x 31" was said to be no size of the grid)
    for size in ("1 x 3", "3 x 3", "1000 x 1000", "99999999 x 2"):
        err = parse_error(f"{size}\n1 2 3\n6 5 4\n")
        assert where(err) == (1, 1)
        assert err.message == (f"'{size}' is neither a row of the grid ('x' is not a number or "
                               "a blank (. _ - ? 0)) nor its size (the grid below it is 2x3)")


def test_a_size_is_said_with_its_article():
    """"for a 8x9 grid" read wrong aloud, as a maker who left out a row of a 9x9 met it:
    an 8, an 11 and an 18 take "an", as every other size said by the readers does."""
    from numbrix_curses.puzzle import a_size

    assert [a_size(rows, 9) for rows in (1, 7, 8, 11, 18, 20, 28, 30)] == [
        "a 1x9", "a 7x9", "an 8x9", "an 11x9", "an 18x9", "a 20x9", "a 28x9", "a 30x9"]
    rows = ["1 . . . . . . . 79"] + [" ".join(["."] * 9)] * 7
    err = parse_error("\n".join(rows) + "\n")
    assert err.message.startswith("79 is out of range 1..72 for an 8x9 grid")
    err = parse_error("40 . .\n" + ". . .\n" * 10)
    assert err.message.startswith("40 is out of range 1..33 for an 11x3 grid")


def test_a_size_line_of_any_digit_count_that_does_not_fit_is_said_to_be_one():
    """A size line of four digits and more over a grid ("1000 1000") got the row-count
    message alone, where "100 100" was also said to be a size line that does not fit: each
    is said alike, at the size line's first number; and leading zeros make no size larger
    ("0003 0003" sizes a 3x3 as "003 003" does)."""
    for size, col in (("100 100", 1), ("1000 1000", 1), ("  1000,1000", 3), ("1000;2000", 1),
                      ("1000x1000", 1), ("12345 3", 1), ("0009 0009", 1), ("\uff11\uff10"
                      "\uff10\uff10 \uff11\uff10\uff10\uff10", 1)):
        err = parse_error(f"{size}\n1 . 3\n. . .\n. . 9\n")
        assert where(err) == (1, col), size
        assert err.message == ("row has 2 cells, but the rows below it have 3 (as a size "
                               f"line, {size.strip()!r} does not fit the 3x3 grid below)")
    for size in ("003 003", "0003 0003", "00000003x3"):
        assert parse_one(f"{size}\n1 . 3\n. . .\n. . 9\n").givens.tolist() == [
            [1, 0, 3], [0, 0, 0], [0, 0, 9]]
    # two long numbers over rows as wide are a row, as ever: out of its board's range
    assert parse_error("1000 1000\n1 .\n. .\n").message.startswith("1000 is out of range")


def test_two_number_lines_that_are_boards_stay_boards():
    # a lone 1x2 board, and one followed by a board of another size
    assert parse_one("1 2\n").givens.tolist() == [[1, 2]]
    puzzles = parse_puzzles("1 2\n\n" + SMALL, "t.txt")
    assert [(p.rows, p.cols) for p in puzzles] == [(1, 2), (3, 3)]
    # a file of 1x2 boards, each of which could be read as the size of the next
    puzzles = parse_puzzles("1 2\n\n2 1\n\n1 2\n", "t.txt")
    assert [p.givens.tolist() for p in puzzles] == [[[1, 2]], [[2, 1]], [[1, 2]]]
    # a board two columns wide keeps its first row
    assert parse_one("1 .\n. .\n. 6\n").givens.tolist() == [[1, 0], [0, 0], [0, 6]]
    # ... unless that makes a wrong board and the size fits the rows below
    assert parse_one("3 2\n1 2\n. .\n6 5\n").givens.tolist() == [[1, 2], [0, 0], [6, 5]]
    assert parse_one("2 3\n1 2\n. 3\n6 5\n").givens.tolist() == [[1, 2], [0, 3], [6, 5]]
    # where both readings make a board, the row stays a row
    assert parse_one("3 2\n. .\n. .\n. .\n").givens.tolist() == [[3, 2]] + [[0, 0]] * 3
    # a size that does not fit gets the row reading's error
    err = parse_error("3 2\n1 2\n. .\n")
    assert err.message.startswith("2 appears twice")
    # a short first row of one board is reported, not taken for a size
    err = parse_error("1 2\n3\n")
    assert err.message == "row has 1 cell, expected 2"


def test_runs_of_blank_characters_are_blanks():
    puzzle = parse_one("01 __ 03\n.. -- __\n__ 00 09\n")
    assert puzzle.givens.tolist() == SMALL_GIVENS
    err = parse_error("1 _x 3\n. . .\n. . 9\n")
    assert where(err) == (1, 3)


def test_a_grid_copied_from_a_spreadsheet_reads_with_its_empty_cells() -> None:
    """A spreadsheet copies or saves its cells as text parted by single tabs, an empty cell an
    empty field: '1<TAB><TAB>3' is three cells, and a row of empty cells a line of tabs."""
    assert parse_one("1\t\t3\n\t5\t\n\t\t9\n").givens.tolist() == [[1, 0, 3], [0, 5, 0], [0, 0, 9]]
    assert parse_one("1\t\t3\n\t\t\n\t\t9\n").givens.tolist() == SMALL_GIVENS
    # a whole column of empty cells, first or last, is part of the board
    assert parse_one("\t1\t2\n\t\t\n\t\t9\n").givens.tolist() == [[0, 1, 2], [0, 0, 0], [0, 0, 9]]
    assert parse_one("1\t2\t\n\t\t\n7\t\t\n").givens.tolist() == [[1, 2, 0], [0, 0, 0], [7, 0, 0]]
    # a board two columns wide whose row of blanks is a line of one tab
    assert parse_one("1\t2\n\t\n\t5\n").givens.tolist() == [[1, 2], [0, 0], [0, 5]]
    # junk is still reported where it is
    err = parse_error("1\t\t3\n\tx\t\n\t\t9\n")
    assert where(err) == (2, 2) and "'x'" in err.message


@pytest.mark.parametrize("text, at, said", [
    # a number given twice, under rows of empty cells (lines of tabs): the board was cut
    # at those lines and blamed "a blank line (line 3)" that is not there
    ("\t\t\t\n\t\t\t13\n\t\t\t\n\t\t\t13\n", (4, 4), "13 appears twice (also at line 2, column 4)"),
    # too large for the board: it was said to be out of range of a 2x1 board
    ("7\t\t\t\n\t\t\t13\n\t\t\t\n\t\t\t30\n", (4, 4), "30 is out of range 1..16 for a 4x4"),
    ("1\t\t3\n\t5\t\n\t\t10\n", (3, 3), "10 is out of range 1..9 for a 3x3 grid"),
    ("24\t\t35\n\t26\t5\n", (1, 1), "24 is out of range 1..6 for a 2x3 grid"),
])
def test_a_slip_in_a_grid_copied_from_a_spreadsheet_is_told_of_that_grid(
        text: str, at: tuple[int, int], said: str) -> None:
    err = parse_error(text)
    assert where(err) == at and err.message.startswith(said), err


@pytest.mark.parametrize("text, at, said", [
    # trailing tabs on the first row: it was "a line of one cell over rows of 3"
    ("1\t\t\t\n\t\t\n\t\t9\n", (1, 1), "row has 4 cells parted by tabs, but the other rows have 3"),
    # a row of empty cells copied one short: it was "a blank line (line 2) splitting a 2x1
    # board", of a line that is not blank
    ("1\t\t\n\t\n\t\t9\n", (2, 1), "row has 2 cells parted by tabs, but the other rows have 3"),
    ("1\t\t\n\t5\n\t\t9\n\t\t\n", (2, 1), "row has 2 cells parted by tabs, but the other rows have 3"),
])
def test_a_spreadsheet_row_of_another_width_is_the_row_blamed(
        text: str, at: tuple[int, int], said: str) -> None:
    err = parse_error(text)
    assert (where(err), err.message) == (at, said + " (an empty field is a blank cell)")


def test_error_kinds_are_told_apart_by_class_not_by_their_words() -> None:
    """The reader chooses what to say next by an error's kind (a given out of range asks
    whether a blank line splits its board; rows of tabs of other widths are blamed as
    such), so a kind survives being placed elsewhere or added to."""
    assert isinstance(parse_error("1\t\t\n\t\n\t\t9\n"), RaggedTabs)
    assert isinstance(parse_error("5 6\n\n4 3\n1 2\n"), SplitBoard)
    out = OutOfRange("t.txt", 3, 5, "10 is out of range 1..9 for a 3x3 grid", (3, 3))
    more = said_more(out, "a word more")
    assert isinstance(more, OutOfRange) and more.shape == (3, 3)
    assert str(more) == "t.txt:3:5: 10 is out of range 1..9 for a 3x3 grid; a word more"
    moved = recast(RaggedTabs("t.txt", 2, 5, "row has"), col=3)
    assert isinstance(moved, RaggedTabs) and where(moved) == (2, 3)
    assert isinstance(said_more(NotACell("t.txt", 1, 1, "'x' is not"), "more"), NotACell)


@pytest.mark.parametrize("text, at, said", [
    # tabs as spacing (blanks written as dots): the board's own slip stands
    (".\t2\t3\n8\t\t.\t\t8\n7\t.\t5\n", (2, 7), "8 appears twice (also at line 2, column 1)"),
    # a line of tabs between two boards parts them; a slip in the second is its own
    ("1\t2\t3\n6\t5\t4\n7\t8\t9\n\t\t\t\n1\t2\t3\n6\t5\t4\n7\t7\t9\n", (7, 3),
     "7 appears twice (also at line 7, column 1)"),
])
def test_tabs_that_are_spacing_keep_the_boards_own_error(text: str, at: tuple[int, int],
                                                         said: str) -> None:
    """The ragged-row error took the place of these, blaming widths that were spacing."""
    err = parse_error(text)
    assert (where(err), err.message) == (at, said)


def test_a_header_inside_a_grid_that_does_not_read_is_named() -> None:
    """Two puzzles with no blank line between them read as one grid with a comment in it,
    and the error was of that grid ("1 appears twice") with no word of the cause."""
    text = "# id: a\n" + SMALL + "# id: b\n" + SMALL
    err = parse_error(text)
    assert where(err) == (5, 1)
    assert err.message.startswith("'# id: b' inside a grid") and "1 appears twice" in err.message
    assert "blank line before it" in err.message
    # with the blank line, two puzzles; a comment inside a grid that reads is no error
    assert [p.id for p in parse_puzzles("# id: a\n" + SMALL + "\n# id: b\n" + SMALL, "t")] == [
        "a", "b"]
    assert parse_one(SMALL.replace("\n", "\n# note: a comment\n", 1)).givens.tolist() == (
        SMALL_GIVENS)


@pytest.mark.parametrize("text, columns, shape", [
    ("\t1\t\t3\n\t\t\t\n\t\t\t9\n", "the first column is", (3, 4)),
    ("\t\t1\t\t3\n\t\t\t\t\n\t\t\t\t9\n", "the first 2 columns are", (3, 5)),
    ("1\t\t3\t\n\t\t\t\n\t\t9\t\n", "the last column is", (3, 4)),
    ("\t1\t\t3\t\n\t\t\t\t\n\t\t\t9\t\n", "the first column and the last column are",
     (3, 5)),
    # a 3x4 whose first column holds no given: as written, with its one solution (read as
    # a 3x3 it had none)
    ("\t2\t\t4\n\t\t\t\n\t8\t\t\n", "the first column is", (3, 4)),
])
def test_an_empty_edge_column_of_a_spreadsheet_grid_is_the_boards_with_a_warning(
        text: str, columns: str, shape: tuple[int, int]) -> None:
    """An indent of tabs and a sparse board's empty first column read alike; neither can
    be preferred (each read the other way gets another verdict), so the columns are the
    board's as written, and a warning says how to have the square board."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.txt", notes)
    assert puzzle.givens.shape == shape
    [(line, note)] = notes
    assert line == 1 and note.startswith(f"{columns} empty in every row: read as the board's, "
                                         f"a {shape[0]}x{shape[1]} board; if ")
    assert note.endswith("out for the 3x3 board")


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_a_size_in_a_spreadsheets_first_row_stays_a_row_with_a_warning(separator: str) -> None:
    """A size typed in a spreadsheet's first cell over a 3x3 is saved as "3,," and reads
    exactly as a 4x3 board with 3 in its corner; the row stays the board's (as it was
    read before), and a warning says how to have the 3x3."""
    rows = ["3", "1", "", "9"]
    text = "".join(cell + separator * 2 + "\n" for cell in rows)
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.csv", notes)
    assert puzzle.givens.tolist() == [[3, 0, 0], [1, 0, 0], [0, 0, 0], [9, 0, 0]]
    assert notes == [(1, "the first row holds only 3, as a spreadsheet writes a board's size "
                         "over it: read as the board's first row, a 4x3 board; if it is the "
                         "size, take that line out for the 3x3 board")]


@pytest.mark.parametrize("text", [
    "3,,\n1,,\n,,\n,,9\n,,\n",  # five rows under it: no 3x3 there
    "2,,\n1,,\n,,\n,,9\n",  # a number other than the width
    "3,2,\n1,,\n,,\n,,9\n",  # more than one number in the row
    ",3,\n1,,\n,,\n,,9\n",  # not in the first cell
    "3 . .\n1 . .\n. . .\n. . 9\n",  # no spreadsheet: a size line is read otherwise
])
def test_a_first_row_unlike_a_spreadsheets_size_gets_no_size_warning(text: str) -> None:
    notes: list[tuple[int, str]] = []
    parse_puzzles(text, "t.csv", notes)
    assert not any("size" in note for _, note in notes)


def test_an_eight_row_board_is_said_an_8x7() -> None:
    notes: list[tuple[int, str]] = []
    parse_puzzles("7,,,,,,\n" + ",,,,,,\n" * 6 + "1,,,,,,49\n", "t.csv", notes)
    [(_, note)] = notes
    assert "read as the board's first row, an 8x7 board" in note


def test_an_empty_edge_column_of_a_square_or_too_small_board_is_the_boards() -> None:
    # square with it: no note (a sparse puzzle's first column may hold no given)
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("\t1\t2\n\t\t\n\t\t9\n", "t.txt", notes)
    assert puzzle.givens.tolist() == [[0, 1, 2], [0, 0, 0], [0, 0, 9]] and notes == []
    # a number too large for the square without it: no note
    [puzzle] = parse_puzzles("\t1\t\t3\n\t\t\t\n\t\t\t12\n", "t.txt", notes)
    assert puzzle.givens.shape == (3, 4) and notes == []
    # without it a 2x3, not square: only that every row starts with a tab
    [puzzle] = parse_puzzles("\t1\t\t\n\t\t\t5\n", "t.txt", notes)
    assert puzzle.givens.shape == (2, 4)
    assert notes == [(1, "every row starts with a tab: read as parting off a first column "
                         "of blanks, a 2x4 board; if it is only an indent, take it out for "
                         "the 2x3 board")]


def test_tabs_that_read_before_read_the_same() -> None:
    # tabs as spaces: an indent, and lining up by two tabs
    assert parse_one("\t1\t.\t3\n\t.\t.\t.\n\t.\t.\t9\n").givens.tolist() == SMALL_GIVENS
    assert parse_one("1\t\t2\n4\t\t3\n").givens.tolist() == [[1, 2], [4, 3]]
    # rows that line up the usual way keep their error: a slip, not empty fields
    err = parse_error("\t1\t.\t3\n\t.\t.\t.\n\t.\t.\t10\n")
    assert where(err) == (3, 6) and err.message.startswith("10 is out of range")
    # a line of tabs between two boards still parts them
    puzzles = parse_puzzles("1\t2\n4\t3\n\t\n1\t2\n4\t3\n", "t.txt")
    assert [p.givens.tolist() for p in puzzles] == [[[1, 2], [4, 3]]] * 2


def test_a_windows_1252_file_is_read(tmp_path: Path) -> None:
    """A board saved as "ANSI" by a Windows editor: a curly apostrophe (0x92) and an accent
    (0xe9) in its title. A byte Windows-1252 leaves undefined still gets a located error."""
    path = tmp_path / "ansi.txt"
    path.write_bytes(b"# id: Parade\x92s caf\xe9\n1 . 3\n. . .\n. . 9\n")
    [puzzle] = read_puzzles(str(path))
    assert puzzle.metadata["id"] == "Parade\u2019s caf\u00e9"
    assert puzzle.givens.tolist() == SMALL_GIVENS
    path.write_bytes(b"1 \x81 3\n. . .\n. . 9\n")
    with pytest.raises(ParseError) as err:
        read_puzzles(str(path))
    assert (err.value.line, err.value.col) == (1, 3)
    assert "invalid UTF-8" in err.value.message and "0x81" in err.value.message
    # after a byte UTF-8 refuses but Windows-1252 reads (0xff, "ÿ"): the error named the
    # 0xff, a byte the reader takes, and not the 0x81 no reading takes
    path.write_bytes(b"# id: bad\xff\x81x\n1 . 3\n. . .\n. . 9\n")
    with pytest.raises(ParseError) as err:
        read_puzzles(str(path))
    assert (err.value.line, err.value.col) == (1, 11)
    assert "0x81 is no Windows-1252 character" in err.value.message


@pytest.mark.parametrize("text, col", [
    ("  A B C\n1 1 . 3\n2 . . .\n3 . . 9\n", 3),  # as a page labels a grid
    ("A,B,C\n1,,3\n,,\n,,9\n", 1),  # a spreadsheet's header row
    ("| a | b | c |\n| 1 |   | 3 |\n", 3),
])
def test_a_line_of_column_letters_over_a_grid_is_named_as_one(text: str, col: int) -> None:
    """A grid copied with the letters that name its columns (as the booklets and the app
    show them) was refused as "'A' is not a number" and no more: the line is named."""
    err = parse_error(text)
    assert where(err) == (1, col)
    assert err.message.endswith("; a line of column letters? take it out, and any row numbers "
                                "before the rows")
    # letters that are not the columns' in order, or one alone, are no such line
    for other in ("A B D\n1 . 3\n", "A\n1\n", "B C\n1 2\n"):
        assert "column letters" not in parse_error(other).message, other


def test_a_comment_after_a_row_says_comments_take_a_line_of_their_own():
    """A comment written after a row's cells ('1 . 3 # top row', as the help's "# starts a
    comment" let one think) was refused as "'#' is not a number or a blank" and nothing
    more; it now says a comment takes a line of its own."""
    for text, col in (("1 . 3 # top row\n. . .\n. . 9\n", 7),
                      ("1 . 3\n. . . #middle\n. . 9\n", 7),
                      ("1,,3,# top row\n,,\n,,9\n", 6)):
        err = parse_error(text)
        assert where(err)[1] == col, text
        assert err.message.endswith("; a comment takes a line of its own, starting with #"), (
            err.message)
    # a line that starts with # is a comment, and the board under it reads
    assert len(parse_puzzles("# top row\n1 . 3\n. . .\n. . 9\n")) == 1


def test_a_title_or_number_over_a_grid_is_named_as_one():
    """Copied with the grid, a puzzle's title or number was refused as a cell ("'Puzzle'
    is not a number"), or, one number alone, reported of the row under it ("row has 5
    cells, expected 1"); both now say what it likely is and how to keep it."""
    err = parse_error("Puzzle 12\n1 . 3\n. . .\n. . 9\n")
    assert where(err) == (1, 1)
    assert err.message.endswith("a title or a note? start the line with # to keep it")
    # under the rows, a note ("a title?" was said of one after a blank line, and nothing of
    # one right under the rows)
    err = parse_error("1 . 3\n. . .\n. . 9\nSolve by Sunday\n")
    assert where(err) == (4, 1)
    assert err.message.endswith("; a note? start the line with # to keep it")
    err = parse_error("1 . 3\n. . .\n. . 9\n\nSolve by Sunday\n")
    assert err.message.endswith("; a title or a note? start the line with # to keep it")
    # a word inside a row is no note, nor one starting a row with rows under it
    assert "note" not in parse_error("1 . 3\n. x .\n. . 9\n").message
    assert "note" not in parse_error("1 . 3\nHello . .\n. . 9\n").message
    err = parse_error("12\n1 . 3\n. . .\n. . 9\n")
    assert where(err) == (1, 1)
    assert err.message == ("a line of one cell over rows of 3 (a puzzle number? start the "
                           "line with # to keep it)")
    # over lines of three numbers, one of them a 0 where a given's number goes: no list
    # of givens (those are read: see below), nor a grid
    err = parse_error("5\n0 0 21\n0 4 0\n1 2 18\n")
    assert where(err) == (1, 1)
    assert err.message == ("a line of one cell over rows of 3 (a puzzle number? start the line "
                           "with # to keep it; or a list of givens as row, column and number? "
                           "it does not read as one)")
    # nor over rows that read as a grid's (a number over a 3x3 solution, or over a puzzle
    # with 0 for its blanks: read as lists, they were other, larger boards), nor with an
    # empty spreadsheet field among them, nor a number not in ASCII digits
    for text in ("8\n1 2 3\n6 5 4\n7 8 9\n", "6\n1 2 3\n6 5 4\n", "9\n0 0 5\n1 0 7\n0 2 9\n",
                 "4\n1,,2,5\n2,3,,7\n3,,4,9\n", "4\n4,3,2,\n", "3\n1 1 1\n2 2 5\n3 3 \u00b2\n",
                 "4\n4\t3\t2\t\n"):
        err = parse_error(text)
        assert where(err) == (1, 1) and "a puzzle number?" in err.message, text
    # (a number of thousands of digits in a list is a list's, out of range where it is, as
    # 99 is there)
    err = parse_error("3\n1 1 " + "9" * 5000 + "\n3 3 2\n")
    assert (where(err), err.message) == ((2, 5), "99999999999999999... is out of range 1..9")
    # a word further down is a slip in a cell, as ever
    err = parse_error("1 . 3\n. ab .\n. . 9\n")
    assert where(err) == (2, 3) and "title" not in err.message
    # and with the # the grid reads
    assert parse_one("# Puzzle 12\n1 . 3\n. . .\n. . 9\n").givens.tolist() == SMALL_GIVENS


# A course file's 5x5: the side, the number of givens, then row, column and number each.
LISTED = "5\n3\n1 1 21\n1 5 25\n4 3 6\n"
LISTED_GRID = [[21, 0, 0, 0, 25], [0] * 5, [0] * 5, [0, 0, 6, 0, 0], [0] * 5]


def test_a_size_line_with_a_separator_after_it_as_a_spreadsheet_writes_it():
    """A program's CSV: "3,3," then the rows, blanks empty fields. The size line read as a
    row said "3 appears twice"."""
    assert parse_one("3,3,\n1,4,5\n2,3,\n9,8,7\n").givens.tolist() == [
        [1, 4, 5], [2, 3, 0], [9, 8, 7]]
    assert parse_one("2;3;\n1;2;3\n6;5;4\n").givens.tolist() == [[1, 2, 3], [6, 5, 4]]
    # a first row that reads as one stays a row, as ever (here with a column of blanks)
    assert parse_one("1,2,\n4,3,\n").givens.tolist() == [[1, 2, 0], [4, 3, 0]]


@pytest.mark.parametrize("size", [
    "\uff13\uff0c\uff13\uff0c",  # ３，３，
    "\uff13\uff1b\uff13\uff1b",  # ３；３；
    "\uff13,\uff13\uff0c",  # ３,３，
    "\uff13\uff58\uff13\uff0c",  # ３ｘ３，
])
def test_a_full_width_size_line_with_a_separator_after_it_reads_as_an_ascii_one(size):
    """"３，３，", a CSV export of a page set in full-width digits, was refused ("'３，３，'
    is not a number or a blank") where "3,3," reads."""
    for rows in ("1,4,5\n2,3,\n9,8,7\n", "1,4,5,\n2,3,,\n9,8,7,\n", "1 4 5\n2 3 .\n9 8 7\n"):
        assert parse_one(f"{size}\n{rows}").givens.tolist() == [
            [1, 4, 5], [2, 3, 0], [9, 8, 7]], rows
        ascii_size = size.translate({0xff13: "3", 0xff0c: ",", 0xff1b: ";", 0xff58: "x"})
        assert parse_one(f"{ascii_size}\n{rows}").givens.tolist() == [
            [1, 4, 5], [2, 3, 0], [9, 8, 7]], rows


def test_minus_one_is_a_blank_in_text_as_in_json():
    """Generators write -1 for a blank in text as in JSON; "3 -1 9" was refused, while
    [[3, -1, 9], ...] read."""
    assert parse_one("1 -1 3\n-1 -1 -1\n-1 -1 9\n").givens.tolist() == SMALL_GIVENS
    assert parse_one("1,-1,3\n-1,-1,-1\n-1,-1,9\n").givens.tolist() == SMALL_GIVENS
    assert "'-2' is not a number" in parse_error("1 -2 3\n. . .\n. . 9\n").message
    # beside blanks written another way it marks something else, as in JSON: a hole
    err = parse_error("0 -1 2\n0 0 0\n")
    assert where(err) == (1, 3) and err.message.startswith(
        "-1 beside blanks written another way ('0'): a blank written two ways, or a cell "
        "off the board (Numbrix has none)?")
    # (the other blank named as the file writes it: it said "(0 or .)" of a file of _s)
    assert parse_error("1 -1 3\n_ _ _\n_ _ 9\n").message.startswith(
        "-1 beside blanks written another way ('_'):")


def test_a_list_of_givens_by_row_column_and_number_reads_as_its_board():
    """Course files (three repositories of them) list the givens: they were refused, "write
    the board as a grid instead". Counting from 1 (a 5 among the places says so) or from 0
    (a 0 says so); which of row and column comes first does not matter on a square board
    (its mirror image has as many solutions)."""
    assert parse_one(LISTED).givens.tolist() == LISTED_GRID
    assert parse_one("# id: c\n5\n1 1 21\n1 5 25\n4 3 6\n").id == "c"  # (no count)
    assert parse_one("5\n0 0 21\n0 4 25\n3 2 6\n").givens.tolist() == LISTED_GRID
    assert parse_one("5\n1,1,21\n1,5,25\n4,3,6\n").givens.tolist() == LISTED_GRID
    # places that say neither: '# counting:' says, else refused (either reading may have
    # another verdict)
    ring = "3\n2 2 5\n"
    err = parse_error(ring)
    assert where(err) == (2, 1) and err.message.startswith(
        "a list of givens whose rows and columns could count from 0 or from 1 (none is 0, "
        "none 3): put '# counting: 1' (or 0) above it")
    assert parse_one("# counting: 1\n" + ring).givens.tolist() == [[0] * 3, [0, 5, 0], [0] * 3]
    assert parse_one("# counting: 0\n" + ring).givens.tolist() == [[0] * 3, [0] * 3, [0, 0, 5]]
    # and its slips, placed
    for text, place, said in [
        ("5\n4\n1 1 21\n1 5 25\n4 3 6\n", (2, 1), "says 4 givens, and 3 lines list one"),
        ("5\n0 0 21\n5 1 6\n", (3, 1), "5 is off a board of side 5, counting from 0 (line 2 "
                                        "counts from 0)"),
        ("5\n1 1 21\n1 5 26\n", (3, 5), "26 is out of range 1..25"),
        ("5\n1 5 21\n1 5 25\n", (3, 1), "row 1, column 5 is given twice (first on line 2)"),
        ("5\n1 1 21\n1 5 21\n", (3, 5), "21 appears twice (first on line 2)"),
        ("31\n1 1 21\n1 5 21\n", (1, 1), "a board of side 31 over a list of givens; a side "
                                          "is 1 to 30"),
    ]:
        err = parse_error(text)
        assert (where(err), err.message) == (place, said)
    # a board that reads as a grid is a grid, as ever: 3 over three rows of three numbers
    assert parse_one("3\n1 2 3\n6 5 4\n7 8 9\n").givens.tolist() == [[1, 2, 3], [6, 5, 4],
                                                                       [7, 8, 9]]


def test_two_boards_run_together_or_labels_read_as_givens_are_warned_of():
    """Read as one board without a word, each gave a verdict of no solution whose reason
    pointed at a slip that was not there: two 5x5 puzzles with a title comment and no
    blank line between them, or with the blank line lost in a copy out of a PDF; column
    numbers over a board, or line numbers beside it; a table's empty header that was the
    board's own blank first row."""
    five = ". . 3 . .\n1 . . . .\n. . . . .\n. . . . .\n. . . . 25\n"
    other = "25 . . . .\n. . . . .\n. . 13 . .\n. . . . .\n. . . . 1\n"

    def warned(text: str) -> list[str]:
        notes: list[tuple[int, str]] = []
        parse_puzzles(text, "f.txt", notes)
        return [f"{line}: {said}" for line, said in notes]

    assert warned(five + "# Puzzle 2\n" + other.replace("25", "24").replace(" 1\n", " 2\n")
                  ) == ["7: the rows read as two boards, 5x5 and 5x5 from line 7, with the "
                        "comment on line 6 between them: read as one, a 10x5 board; a blank "
                        "line before the second starts another puzzle"]
    assert warned(five + other.replace("25", "24").replace(" 1\n", " 2\n")) == [
        "6: the rows read as two boards, 5x5 and 5x5 from line 6, with no blank line between "
        "them: read as one, a 10x5 board; a blank line before the second starts another puzzle"]
    # (as an error where the two share a number: said with the error)
    err = parse_error(five + "# Puzzle 2\n" + other)
    assert err.message.startswith("25 appears twice (also at line 5, column 9); the rows read as two "
                                  "boards, 5x5 and 5x5 from line 7, with the comment on line 6")
    # one board, as read, where a number is too large for either half (no warning)
    assert warned(five.replace("25", "40") + other.replace("25", "24").replace(" 1\n", " 2\n")
                  ) == []
    labels = "1 2 3 4\n" + ". . 6 .\n7 . . .\n. . . .\n. . . 16\n"
    assert warned(labels) == ["1: the first row is 1 to 4, as column numbers over a board "
                              "are: read as its first row, a 5x4 board; if they are labels, "
                              "put # before that line for the 4x4 board"]
    lines = "1 . . 6 .\n2 7 . . .\n3 . . . .\n4 . . . 16\n"
    assert warned(lines)[0].startswith("1: the first column is 1 to 4, as line numbers")
    # as an error where a label clashes with a given: said with the error
    assert parse_error("1 2 3 4\n. . 3 .\n. . . .\n. . . .\n. . . 16\n").message.endswith(
        "the first row is 1 to 4, as column numbers over a board are: read as its first "
        "row, a 5x4 board; if they are labels, put # before that line for the 4x4 board")
    table = ("|   |   |   |\n|---|---|---|\n| 1 | . | 3 |\n| . | . | . |\n")  # (3x3: row 1
    assert warned(table) == ["1: the table's header row is empty, and left out as a header: "
                             "a 2x3 board; if it is the board's first row, write its blanks "
                             "as . for the 3x3 board"]


def test_a_list_of_givens_on_a_rectangle_reads_rows_then_columns():
    """A list's head may give rows and columns, on one line or a line each (with the count
    after them): a 2x3 list was refused, and "3 / 3 / 2" read as the side and the count,
    with a line too many."""
    rectangle = [[1, 0, 0], [0, 0, 6]]  # (1 4 5 / 2 3 6, the one solution)
    for head in ("2 3\n2\n", "2\n3\n2\n", "2,3\n2\n", "# counting: 1\n2 3\n2\n"):
        assert parse_one(head + "1 1 1\n2 3 6\n").givens.tolist() == rectangle, head
    assert parse_one("2 3\n2\n0 0 1\n1 2 6\n").givens.tolist() == rectangle  # (from 0)
    # Over a board three columns wide, as many lines as rows read as its grid too, under
    # its size line: a slip in such a grid is no list (it read as one), and its error says
    # what makes a list.
    err = parse_error("2 3\n1 1 1\n2 3 6\n")
    assert (where(err), err.message) == ((2, 3), "1 appears twice (also at line 2, column 1); or, as a "
                                         "list of givens (row, column, number), it needs "
                                         "their count on the line under '2 3'")
    assert parse_one("2 4\n1 1 1\n2 4 8\n").givens.tolist() == [[1, 0, 0, 0], [0, 0, 0, 8]]
    assert parse_one("3\n3\n2\n1 1 1\n3 3 9\n").givens.tolist() == [
        [1, 0, 0], [0, 0, 0], [0, 0, 9]]
    # a row or column past the board counting either way is said so, not asked about
    for text, place, said in [
        ("3 2\n1 1 1\n2 3 6\n", (3, 3), "column 3 is off a board of 3x2"),
        ("3 2\n1 1 1\n4 2 6\n", (3, 1), "row 4 is off a board of 3x2, counting from 1 "
                                         "(line 3 counts from 1)"),
        # (a line's slips are said in the lines' order, not a later line's place first)
        ("5\n1 5 26\n7 1 6\n", (2, 5), "26 is out of range 1..25"),
        ("5\n1 1 21\n7 1 6\n", (3, 1), "7 is off a board of side 5"),
        ("2 3\n2\n0 0 1\n1 3 6\n", (4, 3), "column 3 is off a board of 2x3, counting "
                                            "from 0 (line 3 counts from 0)"),
        ("2 3\n2\n1 1 1\n1 2 6\n", (3, 1), "a list of givens whose rows and columns could "
         "count from 0 or from 1 (none is 0, no row 2, no column 3): put '# counting: 1' "
         "(or 0) above it, or write the board as a grid, one row a line and . for a blank"),
        ("2 31\n1 1 1\n", (1, 3), "a board of size 2 x 31 over a list of givens; a side is "
                                   "1 to 30"),
        ("2\n3\n3\n1 1 1\n2 3 6\n", (3, 1), "says 3 givens, and 2 lines list one"),
    ]:
        err = parse_error(text)
        assert (where(err), err.message) == (place, said), text


# Lists whose N stands for a number too large for the board: each is refused at that number.
LISTS_WITH_A_LARGE_NUMBER = [
    "3 3\n2\n1 1 1\nN 1 9\n",  # (a row)
    "3 3\n2\n1 1 1\n3 N 9\n",  # (a column)
    "3 3\n2\n1 1 1\n3 3 N\n",  # (a number)
    "3\n1 1 1\n3,3,N\n",
    "2 3\n2\n0 0 1\n1 N 6\n",
    "N 3\n2\n1 1 1\n3 3 9\n",  # (the head's rows)
    "3\nN\n2\n1 1 1\n3 3 9\n",
    "3 3\nN\n1 1 1\n3 3 9\n",  # (the count)
]


@pytest.mark.parametrize("text", LISTS_WITH_A_LARGE_NUMBER)
@pytest.mark.parametrize("large", ["9999999999", "1234567", "0000000099", "9" * 5000])
def test_a_number_of_many_digits_in_a_list_of_givens_is_refused_where_it_stands(
    text: str, large: str
) -> None:
    """A number of seven digits or more made the list's line no list's, so the block was
    read as a grid and refused for its rows' widths ("3:3: row has 3 cells, expected 1"),
    nowhere near the slip: it is refused at that number, as 99 is."""
    err, small = parse_error(text.replace("N", large)), parse_error(text.replace("N", "99"))
    shown = large.lstrip("0") if len(large) < 20 else large[:17] + "..."
    assert (where(err), err.message.replace(large, shown)) == (
        where(small), small.message.replace("99", shown)), text


def test_a_list_of_givens_with_a_ten_digit_number_names_it() -> None:
    """The list of the report, as `check` says it."""
    err = parse_error("3 3\n2\n1 1 1\n9999999999 1 9\n")
    assert (where(err), err.message) == ((4, 1), "9999999999 is off a board of 3x3")
    err = parse_error("3 3\n2\n1 1 1\n3 3 9999999999\n")
    assert (where(err), err.message) == ((4, 5), "9999999999 is out of range 1..9")


@settings(max_examples=200, deadline=None)
@given(
    grid=st.integers(1, 8).flatmap(lambda rows: st.integers(1, 8).flatmap(
        lambda cols: st.lists(st.lists(st.sampled_from([0, 0, 0, 1]), min_size=cols,
                                       max_size=cols), min_size=rows, max_size=rows))),
    header=st.sampled_from(["letters", "empty", "edge", "none"]),
    delimiter=st.sampled_from(["---", "--", "-", ":-:", " --- "]),
    rules=st.booleans(),
)
def test_random_boards_as_markdown_tables_read_back(grid, header, delimiter, rules):
    """A board as people put it in a Markdown table, or draw it with bars: a header of
    column labels, an empty one, or none (a drawn rule as its top edge), delimiters of any
    length, and maybe drawn rules between the rows; sparse, so whole rows are blank.
    Every form reads back as the board, no row of blanks more or less."""
    rows, cols = len(grid), len(grid[0])
    numbers = iter(range(1, rows * cols + 1))
    givens = [[next(numbers) if keep else 0 for keep in row] for row in grid]
    if not any(map(any, givens)) and rows * cols > 0:
        givens[0][0] = 1

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    rule = "|" + "|".join([delimiter] * cols) + "|"
    body = [line([str(v) if v else " " for v in row]) for row in givens]
    # (one rule between two rows, no header: an empty first row over it reads as a
    # Markdown header, as it mostly is; two rules or more are rules between rows)
    # (rules are drawn: dashes filling the cell, three at least; "--" is a blank too)
    drawn = " " not in delimiter and delimiter.strip(":").count("-") >= 3
    if rules and rows > 2 and drawn:
        body = [x for row in body for x in (row, rule)][:-1]
    if header == "letters":
        lines = [line([chr(ord("A") + c) for c in range(cols)]), rule, *body]
    elif header == "empty":
        lines = [line([" "] * cols), rule, *body]
    elif header == "edge" and drawn:
        lines = [rule, *body, rule]
    else:
        lines = body
    expected = givens
    if header == "empty" and len(body) > rows:
        # rules in bars between every two rows: no Markdown table, and its empty first
        # row a row of the board
        expected = [[0] * cols] + givens
    assert parse_one("\n".join(lines) + "\n").givens.tolist() == expected


@settings(max_examples=150, deadline=None)
@given(
    grid=st.integers(1, 8).flatmap(lambda rows: st.integers(2, 8).flatmap(
        lambda cols: st.lists(st.lists(st.sampled_from([0, 0, 0, 1]), min_size=cols,
                                       max_size=cols), min_size=rows, max_size=rows))),
    header=st.sampled_from(["letters", "first row"]),
    delimiter=st.sampled_from(["---", ":-:", " --- ", "--:", "--"]),
    blank=st.sampled_from(["", ".", "_"]),
)
def test_random_boards_as_markdown_tables_without_outer_bars_read_back(
        grid, header, delimiter, blank):
    """A board in a Markdown table as GitHub-flavoured Markdown writes it without its outer
    bars, under column labels or with its first row as the header: read as the board."""
    rows, cols = len(grid), len(grid[0])
    numbers = iter(range(1, rows * cols + 1))
    givens = [[next(numbers) if keep else 0 for keep in row] for row in grid]
    if not any(map(any, givens)):
        givens[0][0] = 1
    if header == "first row" and delimiter == "--":
        delimiter = "---"  # (two dashes under the first row are asked about)
    # (an empty cell at an edge is written: a bar there is the table's edge)
    body = [" | ".join(str(v) if v else blank or (" " if 0 < c < cols - 1 else ".")
                       for c, v in enumerate(row)) for row in givens]
    rule = "|".join([delimiter] * cols)
    if header == "letters":
        lines = [" | ".join(chr(ord("A") + c) for c in range(cols)), rule, *body]
    else:
        lines = [body[0], rule, *body[1:]]
    assert parse_one("\n".join(lines) + "\n").givens.tolist() == givens


@settings(max_examples=150, deadline=None)
@given(
    grid=st.integers(2, 7).flatmap(lambda rows: st.integers(2, 7).flatmap(
        lambda cols: st.lists(st.lists(st.sampled_from([0, 0, 1]), min_size=cols,
                                       max_size=cols), min_size=rows, max_size=rows))),
    index=st.booleans(),
    header=st.sampled_from(["none", "numbers", "labels"]),
    separator=st.sampled_from([",", ";", "\t"]),
    places=st.sampled_from([1, 1, 2]),
)
def test_random_boards_as_data_frames_write_them_read_back(grid, index, header, separator,
                                                           places):
    """A board written as pandas' to_csv writes a frame with NaN for its blanks: numbers
    as floats in each column that has a blank, as integers in one that has none; with or
    without its index column and its header row of labels."""
    rows, cols = len(grid), len(grid[0])
    grid[0][0], grid[1][0] = 0, 1  # (a blank and a number in a column: floats)
    numbers = iter(range(1, rows * cols + 1))
    givens = [[next(numbers) if keep else 0 for keep in row] for row in grid]
    floats = [any(row[c] == 0 for row in givens) for c in range(cols)]

    def cell(value: int, c: int) -> str:
        return "" if not value else f"{value}.{'0' * places}" if floats[c] else str(value)

    lines = [separator.join(cell(v, c) for c, v in enumerate(row)) for row in givens]
    if index:
        lines = [f"{k}{separator}{line}" for k, line in enumerate(lines)]
    labels = ([str(c) for c in range(cols)] if header == "numbers"
              else [chr(ord("A") + c) for c in range(cols)])
    if header != "none":
        lines.insert(0, separator.join([""] * index + labels))
    assert parse_one("\n".join(lines) + "\n").givens.tolist() == givens


@pytest.mark.parametrize("text, expected", [
    # wholly blank rows written as dashes, first, last, or every other row: rows
    ("| 1  | -- | -- | 4  |\n| -- | 7  | -- | -- |\n| -- | -- | 11 | -- |\n"
     "| -- | -- | -- | -- |\n", [[1, 0, 0, 4], [0, 7, 0, 0], [0, 0, 11, 0], [0, 0, 0, 0]]),
    ("|--|--|--|\n| 1|--| 3|\n|--|--|--|\n", [[0, 0, 0], [1, 0, 3], [0, 0, 0]]),
    ("+----+\n|  1 |\n+----+\n| -- |\n+----+\n| -- |\n+----+\n", [[1], [0], [0]]),
    ("| A   | B   | C   |\n| --- | --- | --- |\n| 1   | --  | 3   |\n| --  | --  | --  |\n"
     "| --  | --  | 5   |\n", [[1, 0, 3], [0, 0, 0], [0, 0, 5]]),
    # a spreadsheet's blank rows, last and in the middle: rows of the board
    ("2\t\t\n\t6\t\n\t\t\n", [[2, 0, 0], [0, 6, 0], [0, 0, 0]]),
    ("4\t\t\t\n\t6\t\t\n\t\t\t\n1\t\t\t\n",
     [[4, 0, 0, 0], [0, 6, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0]]),
])
def test_blank_rows_written_as_dashes_or_tabs_stay_rows(text: str, expected):
    """Each lost a row, or split the board in two, once rules in bars and the spreadsheet
    reading came in: a verdict on a board nobody gave."""
    assert parse_one(text).givens.tolist() == expected


@pytest.mark.parametrize("text, line, says", [
    ("# from the site\n[[1, 0, 3], [0, 0, 0], [0, 0, 9]]\n", 1,
     "JSON holds no comments: take out the lines starting with # above it"),
    ("\n# a\n\n# b\n{\"puzzle\": [[1, 0], [0, 0]]}\n", 2,
     "JSON holds no comments: take out the lines starting with # above it"),
    ("   \n\t\n  \n", 1, "file is empty (blank lines only); no puzzle found"),
    # rows in brackets under a title are text, not JSON: the slip is in the cells (the
    # brackets read as spaces, as numpy prints an array's rows)
    ("# id: x\n[1 . 3]\n[. x .]\n[. . 9]\n", 3, "'x' is not a number or a blank (. _ - ? 0)"),
])
def test_files_that_are_not_puzzles_are_told_what_they_are(text, line, says):
    """A comment over JSON was "'[[1,' is not a number or a blank ... a title?"; a file of
    spaces was "file is empty"."""
    err = parse_error(text)
    assert (err.line, err.message) == (line, says)


def test_json_written_on_one_line_longer_than_a_text_line_reads():
    """`json.dumps` of a list writes it on one line, past the 10,000 characters a text line
    may have: read as JSON all the same, blank lines or spaces before it too."""
    records = [{"id": f"p{k}", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]} for k in range(400)]
    line = json.dumps(records)
    assert len(line) > MAX_LINE_CHARS
    for text in (line, "\n\n" + line + "\n", "  " + line):
        assert [p.id for p in parse_puzzles(text, "one-line.json")] == [r["id"] for r in records]


def test_comments_over_json_on_one_long_line_are_said_to_be_the_fault():
    """The comment lines are what keeps such a file from reading, as over a short JSON
    line; it was refused as "not a puzzle file" for its line's length."""
    records = [{"id": f"p{k}", "puzzle": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]} for k in range(400)]
    err = parse_error("# from the site\n" + json.dumps(records) + "\n")
    assert (err.line, err.message) == (
        1, "JSON holds no comments: take out the lines starting with # above it")


def test_a_file_converted_twice_with_two_byte_order_marks_reads():
    [puzzle] = parse_puzzles("\ufeff\ufeff1 . 3\n. . .\n. . 9\n", "t.txt")
    assert puzzle.givens[0, 0] == 1


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_files_saved_with_a_byte_order_mark_and_joined_read_as_their_puzzles(tmp_path,
                                                                           encoding):
    """`cat a.txt b.txt > week.txt` (or `copy a.txt+b.txt`) of files Notepad saved with a
    byte order mark puts the second file's mark at the start of a line: it was "'\\ufeff#'
    is not a number or a blank", and the joined file read as nothing."""
    first = "# id: monday\n" + SMALL + "\n"
    second = "# id: tuesday\n1 .\n. .\n"
    week = tmp_path / "week.txt"
    week.write_bytes(first.encode(encoding) + second.encode(encoding))
    puzzles = read_puzzles(str(week))
    assert [p.id for p in puzzles] == ["monday", "tuesday"]
    assert puzzles[1].givens.tolist() == [[1, 0], [0, 0]]
    # A mark at the start of a grid's own line too, and the columns are the ones an editor
    # shows, where the mark takes no room.
    [puzzle] = parse_puzzles("1 . 3\n\ufeff. . .\n. . 9\n", "t.txt")
    assert puzzle.givens.tolist() == SMALL_GIVENS
    err = parse_error(SMALL + "\n\ufeff1 x\n. .\n")
    assert where(err) == (5, 3)
    week.write_bytes(first.encode() + "\ufeff1 .\n. \x00\n".encode())
    with pytest.raises(ParseError) as caught:
        read_puzzles(str(week))
    assert (caught.value.line, caught.value.col) == (7, 3)


@pytest.mark.parametrize("invisible", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_zero_width_characters_from_a_web_page_are_left_out(tmp_path, invisible):
    """A board copied off a web page brings zero width spaces, joiners and word joiners
    between cells, inside one, or at a line's end: it was "'.\\u200b' is not a number or
    a blank". They take no room on the screen, so an error's column does not count them,
    as for a byte order mark."""
    text = (f"# id: web{invisible}\n1 .{invisible} 3 .\n{invisible}. .{invisible}{invisible} . .\n"
            f". . 9 .{invisible}\n. 1{invisible}6 . .\n")
    board = tmp_path / "web.txt"
    board.write_text(text, encoding="utf-8")
    [puzzle] = read_puzzles(str(board))
    assert puzzle.id == "web"
    assert puzzle.givens.tolist() == [[1, 0, 3, 0], [0, 0, 0, 0], [0, 0, 9, 0], [0, 16, 0, 0]]
    err = parse_error(f"1 .{invisible} 3\n. x .\n.{invisible} . 9{invisible} x\n")
    assert (where(err), err.message) == ((2, 3), "'x' is not a number or a blank (. _ - ? 0)")
    err = parse_error(f"1 . 3\n. . .\n.{invisible} . 9{invisible} x\n")
    assert where(err) == (3, 7)
    # JSON copied so reads too
    [puzzle] = parse_puzzles(f"[[1,{invisible} 0, 3],{invisible}\n[0, 0, 0], [0, 0, 9]]", "t.json")
    assert puzzle.givens.tolist() == SMALL_GIVENS


def test_the_end_of_file_mark_dos_tools_write_is_left_out(tmp_path):
    """`copy /a` and other DOS tools end a text file with Ctrl-Z: it was "control character
    U+001A" after the last line. Anywhere else it is still refused."""
    board = tmp_path / "dos.txt"
    board.write_bytes(b"1 . 3\r\n. . .\r\n. . 9\r\n\x1a")
    [puzzle] = read_puzzles(str(board))
    assert puzzle.givens.tolist() == SMALL_GIVENS
    err = parse_error("1 . 3\n. \x1a .\n. . 9\n")
    assert (where(err), err.message) == (
        (2, 3), "control character U+001A; a puzzle file holds plain text")


@pytest.mark.parametrize("text", ["sep=,\n1,,3\n,,\n,,9\n", "SEP=;\r\n1;;3\r\n;;\r\n;;9\r\n",
                                  "\ufeffsep=\t\n1\t\t3\n\t\t\n\t\t9\n"])
def test_the_line_naming_a_csv_file_s_separator_for_excel_is_left_out(text):
    """Excel reads `sep=;` first in a CSV file as its separator, and some programs write it
    there: it was "'sep=' is not a number or a blank". Only a first line is read so."""
    assert parse_one(text).givens.tolist() == SMALL_GIVENS
    err = parse_error("1,,3\nsep=,\n,,9\n")
    assert where(err) == (2, 1)


def test_zero_width_joiners_between_letters_or_emoji_stay_in_an_id():
    """A joiner inside a word of a script that needs it, or an emoji sequence, is part of
    the id as written; one beside ASCII, as in a board's row, is left out."""
    [puzzle] = parse_puzzles("# id: \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 "
                             "\U0001f468\u200d\U0001f469 a\u200db\n" + SMALL, "t.txt")
    assert puzzle.id == ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 "
                         "\U0001f468\u200d\U0001f469 ab")


def test_an_empty_file_name_is_named_as_such():
    with pytest.raises(ParseError) as caught:
        read_puzzles("")
    assert str(caught.value) == "'': an empty name names no file"


@pytest.mark.parametrize("text", ["\uff11 \uff0e \uff13\n\uff0e \uff0e \uff0e\n\uff0e \uff0e \uff19\n",
                                  "1\u3000.\u30003\n.\u3000.\u3000.\n.\u3000.\u30009\n"])
def test_full_width_digits_and_spaces_read_as_they_look(text):
    """A board copied off a page set in Japanese ("１ ． ３") was "'１' is not a number"."""
    [puzzle] = parse_puzzles(text, "t.txt")
    assert puzzle.givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]


@pytest.mark.parametrize("text", [
    "\uff11\uff0c\uff0e\uff0c\uff13\n\uff0e\uff0c\uff0e\uff0c\uff0e\n"
    "\uff0e\uff0c\uff0e\uff0c\uff19\n",  # １，．，３ (full-width digits, dots and commas)
    "1\uff0c.\uff0c3\n.\uff0c.\uff0c.\n.\uff0c.\uff0c9\n",  # 1，.，3
    "1\uff0c\uff0c3\n\uff0c\uff0c\n\uff0c\uff0c9\n",  # 1，，3: empty fields are blanks
    "1\uff1b.\uff1b3\n.\uff1b.\uff1b.\n.\uff1b.\uff1b9\n",  # 1；.；3 (semicolons)
    "1\uff0c.\uff0c3\uff0c\n.\uff0c.\uff0c.\uff0c\n.\uff0c.\uff0c9\uff0c\n",  # an end comma
])
def test_cells_parted_by_full_width_commas_read_as_their_ascii_twin(text):
    """A board a spreadsheet exports from a page set in Japanese ("１，．，３") was
    "'１，．，３' is not a number or a blank", where lists of givens and size lines read
    such commas already."""
    ascii_text = text.translate({0xff0c: ",", 0xff1b: ";"})
    assert parse_one(text).givens.tolist() == parse_one(ascii_text).givens.tolist()
    assert parse_one(text).givens.tolist() == [[1, 0, 3], [0, 0, 0], [0, 0, 9]]


def test_an_error_in_a_row_of_full_width_commas_names_its_column():
    """Its commas are read character for character, so the column is the line's."""
    err = parse_error("1\uff0c.\uff0c3\n.\uff0cx\uff0c.\n.\uff0c.\uff0c9\n")
    assert where(err) == (2, 3) and "'x' is not a number or a blank" in err.message
    err = parse_error("\uff11\uff0c\uff0e\uff0c\uff13\n\uff0e\uff0c\uff0e\uff0c"
                      "\uff0e\uff0c\uff0e\n\uff0e\uff0c\uff0e\uff0c\uff19\n")
    assert where(err) == (2, 7) and "expected 3" in err.message
    # a comment keeps its full-width commas: only rows are read so
    [puzzle] = parse_puzzles("# id: a\uff0cb\n1\uff0c.\uff0c3\n.\uff0c.\uff0c.\n"
                             ".\uff0c.\uff0c9\n", "t.txt")
    assert puzzle.id == "a\uff0cb"


@pytest.mark.parametrize("text, last", [
    ("\u0661 . \u0663\n. . .\n. . \u0669\n", 9),  # Arabic-Indic
    ("\u06f1 . \u06f3\n. . .\n. . \u06f9\n", 9),  # Persian
    ("\u0967 . \u0969\n. . .\n. . \u096f\n", 9),  # Devanagari
    ("\u0661 . \u0663\n. . .\n. . .\n. . \u0661\u0662\n", 12),  # two digits: 12
])
def test_digits_of_other_scripts_read_as_the_numbers_they_write(text, last):
    # (a letter of those scripts is still junk: see test_junk_cell)
    [puzzle] = parse_puzzles(text, "t.txt")
    rows = puzzle.givens.tolist()
    assert rows[0] == [1, 0, 3] and rows[-1] == [0, 0, last]
    assert all(value == 0 for row in rows[1:-1] for value in row)  # (the middle rows blank)


_JSON_CELLS = st.one_of(st.integers(0, 20), st.sampled_from(
    [None, True, "x", 2.5, -1, 99, [], {}]))


@settings(max_examples=300, deadline=None)
@given(grid=st.lists(st.lists(_JSON_CELLS, min_size=1, max_size=4), min_size=1, max_size=4),
       style=st.sampled_from(["grid", "record", "rows", "lines", "array"]),
       indent=st.sampled_from([None, 2]))
def test_a_json_fault_in_a_grid_is_placed_on_the_cell_it_names(grid, style, indent):
    """Wherever a grid's fault is (a wrong cell, a short row), in any way JSON is written,
    its line and column are in the file, and a cell's fault points at that cell's value."""
    if style == "grid":
        text = json.dumps(grid, indent=indent)
    elif style == "record":
        text = json.dumps({"id": "a", "puzzle": grid}, indent=indent)
    elif style == "rows":
        text = "\n".join(json.dumps(row) for row in grid)
    elif style == "lines":
        text = "\n".join(json.dumps({"puzzle": grid}) for _ in range(2))
    else:
        text = json.dumps([{"puzzle": [[1]]}, {"puzzle": grid}], indent=indent)
    try:
        parse_puzzles(text, "t.json")
    except ParseError as err:
        lines = text.split("\n")
        assert 1 <= err.line <= len(lines) and 1 <= err.col <= len(lines[err.line - 1]) + 1
        cell = re.search(r"row (\d+), column (\d+): ", err.message)
        if cell:
            value = grid[int(cell[1]) - 1][int(cell[2]) - 1]
            written = json.dumps(value)
            at = lines[err.line - 1][err.col - 1:]
            assert at.startswith(written), (err, at)


def test_the_readme_example_of_the_format_is_a_proper_puzzle():
    """Before: the README's example (a 4x4 with 1, 3 and 16 given) had no solution, 3 and
    16 on the wrong colours for 1; a newcomer trying it was told so."""
    from numbrix_curses.library import load_bundled
    from numbrix_curses.solver import Status, solve

    readme = Path(__file__).resolve().parents[1] / "README.md"
    assert readme.is_file(), "the README is part of the project, beside the tests"
    section = readme.read_text(encoding="utf-8").split("## The text format", 1)[1]
    example = section.split("```text\n", 1)[1].split("```", 1)[0]
    [puzzle] = parse_puzzles(example)
    assert solve(puzzle).status is Status.UNIQUE
    # it is the bundled puzzle it is named after
    [bundled] = [p for p in load_bundled() if p.id == puzzle.id]
    assert np.array_equal(bundled.givens, puzzle.givens)


def test_metadata_between_a_size_line_and_its_grid_is_the_puzzles():
    """"3x3", "# id: a", then the rows: the id was dropped without a word, and
    `play --puzzle a` found no such puzzle."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("3x3\n# id: a\n# difficulty: easy\n1 . 3\n. . .\n. . 9\n",
                             notes=notes)
    assert puzzle.metadata == {"id": "a", "difficulty": "easy"} and notes == []
    err = parse_error("# id: b\n3x3\n# id: a\n1 . 3\n. . .\n. . 9\n")
    assert where(err) == (3, 1)
    assert err.message == "repeated 'id' (given above the size line too)"


@pytest.mark.parametrize("text, line", [
    ("1 . 3\n# id: x\n. . .\n. . 9\n", 2),
    ("1 . 3\n. . .\n. . 9\n# id: after\n", 4),
])
def test_metadata_among_or_under_a_grids_rows_is_warned_of(text, line):
    """Dropped without a word; the same line after a blank line was warned of."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, notes=notes)
    assert "id" not in puzzle.metadata
    [(at, said)] = notes
    assert at == line and "is not read; put it above the grid" in said


def test_endless_zeros_are_binary_data_not_too_large():
    """`numbrix check - < /dev/zero` said the file was too large: zeros are no text."""
    from numbrix_curses.textformat import MAX_FILE_BYTES, decode_puzzle_bytes

    with pytest.raises(ParseError) as zeros:
        decode_puzzle_bytes(b"\0" * (MAX_FILE_BYTES + 1), "<stdin>")
    assert zeros.value.message == "binary data (NUL byte); this is not a puzzle file"
    with pytest.raises(ParseError) as dots:
        decode_puzzle_bytes(b"." * (MAX_FILE_BYTES + 1), "<stdin>")
    assert dots.value.message.startswith("file is too large")


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="names a pipe as /dev/fd/N")
def test_endless_zeros_from_a_named_pipe_are_binary_data_too():
    """`numbrix check <(cat /dev/zero)`: a stream whose size is not known, as standard
    input's, was still said to be too large."""
    import threading

    from numbrix_curses.textformat import MAX_FILE_BYTES

    read_end, write_end = os.pipe()

    def write() -> None:
        with os.fdopen(write_end, "wb") as pipe:
            try:
                pipe.write(b"\0" * (MAX_FILE_BYTES + 2))
            except BrokenPipeError:
                pass  # (the reader stops at one byte past the limit)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        with pytest.raises(ParseError) as err:
            read_puzzles(f"/dev/fd/{read_end}", pipes=True)
    finally:
        os.close(read_end)
        writer.join(10)
    assert err.value.message == "binary data (NUL byte); this is not a puzzle file"


@pytest.mark.parametrize("text, where_, message", [
    ('{"puzzle": [[1, 0], [0, 4]]} garbage\n', (1, 30),
     "'garbage' after the JSON value is not JSON"),
    ('{"puzzle": [[1, 0], [0, 4]]} {"puzzle": [[1]]}\n', (1, 30),
     "more than one JSON value on a line; one record a line"),
    ('{"puzzle": [[1, 0], [0, 4]]} nonsense\n', (1, 30),  # (n, as null starts: still junk)
     "'nonsense' after the JSON value is not JSON"),
])
def test_what_follows_a_json_record_on_its_line_is_placed_where_it_starts(text, where_, message):
    """Both were "1:1: more than one JSON value on a line", junk or a second record."""
    err = parse_error(text)
    assert where(err) == where_ and err.message == message


@pytest.mark.parametrize("cell", ["\u00b9", "\u2460", "\u00bd", "1\u00b2"])
def test_superscript_and_circled_numbers_are_not_digits(cell):
    """NFKC made "¹" and "①" a 1: the README promises other scripts' digits only."""
    err = parse_error(f"{cell} . 3\n. . .\n. . 9\n")
    assert where(err) == (1, 1)
    assert err.message == f"{cell!r} is not a number or a blank (. _ - ? 0)"


# --- a separator at every row's end ----------------------------------------------------------
# A unique 3x3, written as programs that print `value + ","` write it.
@pytest.mark.parametrize("text", [
    "1,0,3,\n0,0,0,\n0,0,9,\n",
    "1, 0, 3,\n0, 0, 0,\n0, 0, 9, \n",
    "1;.;3;\n.;.;.;\n.;.;9;\n",
    ",1,0,3\n,0,0,0\n,0,0,9\n",
    ",1,0,3,\n,0,0,0,\n,0,0,9,\n",
    "# a comment between the rows keeps nothing apart\n1,0,3,\n# here\n0,0,0,\n0,0,9,\n",
])
def test_a_separator_ending_every_row_ends_it_where_blanks_are_written(text: str) -> None:
    """Where every other field holds something (a blank written 0 or .), an empty field
    after the last separator of every row is no column of blanks: the board is 3x3, not
    3x4 (whose verdict differs), and there is nothing to warn of."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.txt", notes)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert notes == []


def test_a_comma_ending_every_row_of_a_board_with_no_blank_is_a_column() -> None:
    """No blank written, no sign: " ,1," is a 1x3 with its 1 in the middle as well."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(" ,1,\n", "t.txt", notes)
    assert puzzle.givens.tolist() == [[0, 1, 0]]


def test_a_thirty_wide_row_with_a_comma_at_its_end_is_thirty_wide() -> None:
    row = ",".join(["0"] * 30) + ","
    puzzle = parse_one("\n".join([row.replace("0", "1", 1)] + [row] * 29) + "\n")
    assert puzzle.givens.shape == (30, 30)


@pytest.mark.parametrize("size", ["3 3", "3x3", "3,3", "3"])
def test_a_size_line_decides_what_a_comma_ending_every_row_is(size: str) -> None:
    """With empty fields for blanks, the size line above says whether the empty field at
    each row's end is a column of blanks."""
    assert parse_one(f"{size}\n1,,3,\n,,,\n,,9,\n").givens.tolist() == SMALL_GIVENS
    assert parse_one(f"{size}\n,1,,3\n,,,\n,,,9\n").givens.tolist() == SMALL_GIVENS


@pytest.mark.parametrize("text, shape, note", [
    ("1,,3,\n,,,\n,,9,\n", (3, 4),
     "the last column is empty in every row: read as the board's, a 3x4 board; if it is "
     "only spacing (a comma ending each row), take it out for the 3x3 board"),
    # square as read, but a 4x3 may be meant
    ("1,,3,\n,,,\n,,,\n,,9,\n", (4, 4),
     "every row ends with a comma: read as parting off a last column of blanks, a 4x4 "
     "board; if it only ends the row, take it out for the 4x3 board"),
    ("1,,3,,\n,,,,\n,,9,,\n", (3, 5),
     "the last 2 columns are empty in every row: read as the board's, a 3x5 board; if "
     "they are only spacing (an indent, or separators ending the rows), take them out for "
     "the 3x3 board"),
    ("1,,3,,\n,,,,\n,,,,\n,,9,,\n", (4, 5),
     "every row ends with a comma: read as parting off a last column of blanks, a 4x5 "
     "board; if it only ends the row, take it out for the 4x4 board"),
])
def test_a_comma_ending_every_row_of_empty_blanks_is_a_column_with_a_warning(
        text: str, shape: tuple[int, int], note: str) -> None:
    """Without a size line and with empty fields for blanks, the empty last field may be
    a column of blanks (a sparse 3x4's last column may hold no given) or only the rows'
    end: it stays the board's, and a warning says how to have the other board."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.txt", notes)
    assert puzzle.givens.shape == shape
    assert puzzle.givens[0, 0] == 1 and puzzle.givens[-1, 2] == 9
    assert notes == [(1, note)]


@pytest.mark.parametrize("text", [
    "3\n1 . 3\n. . .\n. . 9\n",
    "3\n1\t0\t3\n0\t0\t0\n0\t0\t9\n",
    "  3  \n1,0,3,\n0,0,0,\n0,0,9,\n",
])
def test_one_number_over_a_square_grid_of_that_side_is_its_size(text: str) -> None:
    """Course files open a board with its side alone ("9" over a 9x9): the board is the
    same whether it is a size or a puzzle's number, so it is read."""
    assert parse_one(text).givens.tolist() == SMALL_GIVENS


def test_one_number_a_blank_line_above_a_square_grid_of_that_side_is_its_size() -> None:
    assert parse_one("3\n\n1 . 3\n. . .\n. . 9\n").givens.tolist() == SMALL_GIVENS
    # "1" alone is a 1x1 board, as ever; another number is a 1x1 board's slip
    puzzles = parse_puzzles("1\n\n1 . 3\n. . .\n. . 9\n", "t.txt")
    assert [p.givens.shape for p in puzzles] == [(1, 1), (3, 3)]
    assert where(parse_error("4\n\n1 . 3\n. . .\n. . 9\n")) == (1, 1)


@pytest.mark.parametrize("size", ["3 2", "3x2", "2 3"])
def test_a_header_then_a_size_line_a_blank_line_above_its_grid_is_the_grid_s(size: str) -> None:
    """Under a header the size line was read as a 1x2 board and refused, though the warning
    on a size line over a board two wide says a blank line after it makes it the size."""
    text = f"# id: f\n# difficulty: easy\n{size}\n\n. .\n. .\n. 6\n"
    [puzzle] = parse_puzzles(text, "t.txt")
    assert puzzle.givens.tolist() == [[0, 0], [0, 0], [0, 6]]
    assert puzzle.metadata == {"id": "f", "difficulty": "easy"}


def test_one_number_over_a_grid_not_of_that_side_is_still_asked_about() -> None:
    for text in ("4\n1 . 3\n. . .\n. . 9\n", "3\n1 . 3 .\n. . . .\n. . 9 .\n"):
        err = parse_error(text)
        assert where(err) == (1, 1)
        assert "a line of one cell over rows of" in err.message
    # rows with a slip of their own under it: still the question about the line
    err = parse_error("3\n1 . 3\n. x .\n. . 9\n")
    assert where(err) == (1, 1) and "a line of one cell" in err.message


def test_a_short_row_with_wide_gaps_asks_whether_blanks_were_left_as_spaces() -> None:
    """A board laid out in columns with its blanks left as spaces loses them: the row is
    short, and the message says what likely happened."""
    err = parse_error(" 1   .   3\n 8   7   4\n 9      11\n")
    assert where(err) == (3, 11)  # (where a third cell would start)
    assert err.message == ("row has 2 cells, expected 3; blanks left as spaces? write each "
                           "as . (or 0)")
    # a short row without such a gap is only short
    assert parse_error("1 . 3\n8 7\n").message == "row has 2 cells, expected 3"


def test_a_size_over_rows_that_start_and_end_with_a_comma_is_not_guessed_at() -> None:
    """",5,," under "3 3": a comma before each cell (the 5 in the first column, unique) or
    after each (the 5 in the second, no solution)? Only the writer knows: refused, as it
    was, rather than read either way. Without a size line it is read as written, with a
    warning naming both ends."""
    for size in ("3 3", "3"):
        err = parse_error(f"{size}\n,5,,\n,,,\n,1,,\n")
        assert where(err) == (1, 1)
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(",5,,\n,,,\n,1,,\n", "t.txt", notes)
    assert puzzle.givens.shape == (3, 4)
    assert notes == [(1, "every row starts and ends with a comma: read as parting off a first "
                         "and a last column of blanks, a 3x4 board; if one of them only "
                         "parts the rows off, take that one out for the 3x3 board")]


def test_a_size_over_a_one_wide_board_with_a_comma_ending_each_row_is_its_size() -> None:
    """"6 1" over rows "0,": a size over a board one wide, not the first row of a board
    two wide (that read a 6x1 with one solution as a 7x2 with none)."""
    assert parse_one("6 1\n0,\n0,\n0,\n0,\n5,\n0,\n").givens.tolist() == [
        [0], [0], [0], [0], [5], [0]]


def test_a_comma_ending_every_row_stays_a_column_where_a_number_needs_it() -> None:
    """7 and 9 do not fit a 3x2 board: the empty last field of each row is a column."""
    assert parse_one("0,1,\n7,4,\n9,5,\n").givens.shape == (3, 3)


def test_no_warning_of_an_empty_column_that_a_size_line_settled() -> None:
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("3 4\n1,0,3,\n0,0,0,\n0,0,9,\n", "t.txt", notes)
    assert puzzle.givens.shape == (3, 4) and notes == []


def test_blanks_left_as_spaces_is_asked_only_of_a_short_row_without_blanks() -> None:
    assert parse_error("  1   .   3\n  .   .   .   .\n  .   .   9\n").message == (
        "row has 4 cells, expected 3")
    assert parse_error(" 1   .   3\n .      4\n").message == "row has 2 cells, expected 3"


def test_a_kept_grid_reads_back_as_typed_and_nothing_else_does():
    """What the type-in screen keeps as the app stops reads back whole, a number twice
    included (as typed: no puzzle yet); a file edited into anything else reads as none."""
    grid, name = parse_grid_as_typed("# id: mine\n 1  .  1\n .  .  6\n")
    assert grid.tolist() == [[1, 0, 1], [0, 0, 6]] and name == "mine"
    assert parse_grid_as_typed("# id: typed\n 1  .\n")[1] is None  # (the default name)
    for text in ("", "# id: x\n", " 1 .\n 2\n", " 1 x\n", " 1 7\n", " -1 .\n"):
        assert parse_grid_as_typed(text) is None, text


def test_the_dashes_a_word_processor_makes_of_a_hyphen_are_blanks():
    """'–' was "not a number or a blank": a word processor turns a typed '-' into it."""
    assert parse_one("1 – 3\n— — —\n− ‒ 9\n").givens.tolist() == SMALL_GIVENS
    # (a dash is no minus: '−1' is no number)
    assert "'−2' is not a number or a blank" in parse_error("1 . 3\n. −2 .\n. . 9\n").message


@pytest.mark.parametrize("text, where, mark", [
    ("1 . 3,\n. . .\n. . 9\n", (1, 6), ","),
    ("1 . 3\n. . .;\n. . 9\n", (2, 6), ";"),
    ("1 . 3\n. ,. .\n. . 9\n", (2, 3), ","),
])
def test_a_stray_comma_in_a_row_parted_by_spaces_is_pointed_at(text, where, mark):
    """It said "'1 . 3' is not a number or a blank" at the row's start."""
    error = parse_error(text)
    assert (error.line, error.col) == where
    assert f"this {mark!r} makes the row one of cells parted by " in error.message
    assert error.message.endswith(f"(a stray {mark!r}?)")


def test_a_board_one_row_short_of_square_asks_whether_a_row_was_left_out():
    """It said only "16 is out of range 1..12 for a 3x4 grid"."""
    error = parse_error("1 2 3 4\n8 7 6 5\n. . . 16\n")
    assert error.message == ("16 is out of range 1..12 for a 3x4 grid; a row left out? 4x4 has "
                             "16 cells")
    # (a number too large for the square board as well is only out of range)
    assert parse_error("1 2 3 4\n8 7 6 5\n. . . 17\n").message == (
        "17 is out of range 1..12 for a 3x4 grid")


@pytest.mark.parametrize("text", [
    "5,5,\n3,\n1,1,21\n1,5,25\n4,3,6\n",  # (a spreadsheet's separator after each head line)
    "5;5;\n1;1;21\n1;5;25\n4;3;6\n",
    "5,\n1,1,21\n1,5,25\n4,3,6\n",
])
def test_a_list_of_givens_under_a_head_ending_in_a_separator_reads_as_a_list(text):
    """'8,8,' over '15' and lines '1,1,1' (a course's files) was read as a grid's first row:
    "row has 1 cell, expected 3"."""
    assert parse_one(text).givens.tolist() == LISTED_GRID


@pytest.mark.parametrize("text", [
    "\uff15\n\uff13\n1 1 21\n1 5 25\n4 3 6\n",  # ５ over ３: the head in full-width digits
    "\uff15\u3000\uff15\n3\n1 1 21\n1 5 25\n4 3 6\n",  # ５　５ (a full-width space)
    "\uff15\uff0c\uff15\uff0c\n3\n1 1 21\n1 5 25\n4 3 6\n",  # ５，５， (a CSV's end comma)
    # the givens too: ３，４，１７ and １　１　２１
    "5\n\uff11\uff0c\uff11\uff0c\uff12\uff11\n\uff11\uff0c\uff15\uff0c\uff12\uff15\n"
    "\uff14\uff0c\uff13\uff0c\uff16\n",
    "\uff15\n\uff11\u3000\uff11\u3000\uff12\uff11\n\uff11\u3000\uff15\u3000\uff12\uff15\n"
    "\uff14\u3000\uff13\u3000\uff16\n",
    "5\n3\n1 1 21\n\uff11\uff1b\uff15\uff1b\uff12\uff15\n4 3 6\n",  # １；５；２５
])
def test_a_list_of_givens_in_full_width_digits_reads_as_its_ascii_twin(text: str) -> None:
    """A list typed on a page set in Chinese or Japanese: its head and its lines read as
    the same list in ASCII digits (a grid's cells and size lines read them already), where
    "５" over "３" was a line of one cell over rows of 3, and "１，１，２１" no cell."""
    assert parse_one(text).givens.tolist() == LISTED_GRID


def test_a_list_of_givens_in_full_width_digits_is_said_of_as_written() -> None:
    """Its slips are placed as an ASCII list's are, and a head that might be a size line
    is quoted as the line writes it."""
    err = parse_error("\uff15\n\uff14\n1 1 21\n1 5 25\n4 3 6\n")
    assert (where(err), err.message) == ((2, 1), "says 4 givens, and 3 lines list one")
    err = parse_error("\uff12\u3000\uff13\n1 1 1\n2 3 6\n")  # ２　３
    assert (where(err), err.message) == ((2, 3), "1 appears twice (also at line 2, column 1); or, as a "
                                         "list of givens (row, column, number), it needs "
                                         "their count on the line under '\uff12 \uff13'")
    # a blank line inside the list is read past as in ASCII
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("5\n3\n1 1 21\n1 5 25\n\n\uff14\u3000\uff13\u3000\uff16\n",
                             "t.txt", notes)
    assert puzzle.givens.tolist() == LISTED_GRID and [line for line, _ in notes] == [5]


def test_a_given_listed_twice_alike_reads_once_with_a_warning():
    """A course's list with one line copied twice was refused: "row 4, column 3 is given
    twice". The same cell with another number still is."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles("5\n1 1 21\n1 5 25\n4 3 6\n4 3 6\n", "t.txt", notes)
    assert puzzle.givens.tolist() == LISTED_GRID
    assert notes == [(5, "row 4, column 3 is given 6 again (first on line 4); read once")]
    assert parse_error("5\n1 1 21\n1 5 25\n4 3 6\n4 3 7\n").message == (
        "row 4, column 3 is given twice (first on line 4)")
    assert parse_error("5\n1 1 21\n1 5 25\n4 3 6\n2 3 6\n").message == (
        "6 appears twice (first on line 4)")


BOARD_4 = [[1, 0, 0, 4], [0, 7, 6, 0], [9, 0, 0, 12], [0, 15, 0, 13]]


@pytest.mark.parametrize("header", ["", "    1 2 3 4\n"])
def test_line_numbers_beside_a_square_board_that_does_not_read_with_them_are_left_out(header):
    """A modelling language's data table prints its row labels (and column labels over
    them): read as a column, a 4x5 board with 4 given twice; with the column labels, rows
    one cell too long. Left out, with a warning, where the board reads without them."""
    rows = "\n".join(f"  {r + 1}   " + " ".join(str(v) if v else "." for v in row)
                     for r, row in enumerate(BOARD_4)) + "\n"
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(header + rows, "t.txt", notes)
    assert puzzle.givens.tolist() == BOARD_4
    [(line, note)] = notes
    assert line == 1 + bool(header)
    assert note.startswith("the first column is 1 to 4, as line numbers beside a board are: "
                           "left out")


def test_line_numbers_are_kept_where_the_board_reads_with_them_or_not_without():
    # (a 4x5 board whose first column is 1 to 4 reads as it is, with the note it had)
    assert parse_one("1 . . . 20\n2 . . . .\n3 . . . .\n4 5 . . .\n").givens.shape == (4, 5)
    # (without them a number is still given twice: the error of the board as written)
    assert parse_error("1 5 . . 5\n2 . . . .\n3 . . . .\n4 . . . .\n").message.startswith(
        "5 appears twice")


def test_a_blank_line_inside_a_counted_list_of_givens_is_read_past():
    """A course's list with a blank line before its last given was refused: "says 3
    givens, and 2 lines list one" (the course's own reader skips blank lines)."""
    notes: list[tuple[int, str]] = []
    text = "5\n3\n1 1 21\n1 5 25\n\n4 3 6\n"
    [puzzle] = parse_puzzles(text, "t.txt", notes)
    assert puzzle.givens.tolist() == LISTED_GRID
    assert notes == [(5, "a blank line inside a list of givens read past: the count (line 2) "
                         "asks for 1 given more, which the lines under it list")]
    # a puzzle after it still reads as one of its own
    assert len(parse_puzzles(text + "\n1 . 3\n. . .\n. . 9\n", "t.txt")) == 2
    # the lines after the blank one are not as many as the count lacks: refused as before
    for short in ("5\n4\n1 1 21\n1 5 25\n\n4 3 6\n", "5\n3\n1 1 21\n\n1 5 25\n4 3 6\n7 7 7\n"):
        assert "givens, and" in parse_error(short).message


def test_a_counted_list_short_of_its_count_takes_in_no_board_after_a_blank_line():
    """A count of 6 that is a slip, over three givens, took in the 3x3 board after the blank
    line (0 for its blanks) as three more: one board read, the other lost."""
    text = "9\n6\n1 1 10\n2 2 20\n3 3 30\n\n0 0 9\n0 5 4\n7 0 3\n"
    assert parse_error(text).message == "says 6 givens, and 3 lines list one"
    # (a one-line continuation is read past, as a 1x3 board is no puzzle of its own here)
    [puzzle] = parse_puzzles("5\n3\n1 1 21\n1 5 25\n\n4 3 6\n", "t.txt")
    assert puzzle.givens.tolist() == LISTED_GRID


def test_a_markdown_delimiter_a_word_processor_retyped_is_refused_not_a_row_of_blanks():
    """'|—|—|—|' under the first row read as a row of blanks: a 4x3 board for a 3x3."""
    error = parse_error("| 1 | . | 3 |\n|—|—|—|\n| . | 5 | . |\n| 7 | . | 9 |\n")
    assert where(error) == (2, 2)
    assert error.message.endswith("a dash a word processor made of -? in a table, write - or "
                                  ". for a blank, --- for a Markdown table's delimiter")


def test_line_numbers_standing_as_close_as_the_cells_are_not_left_out():
    """A 3x4 board whose path runs down its first column, 3 typed twice, read as a 3x3
    board with a single 3: the slip hidden."""
    assert parse_error("1 . . .\n2 . . .\n3 . 3 .\n").message == "3 appears twice (also at line 3, column 1)"



# ---------------------------------------------------------------------------------------------
# LaTeX tables: cells parted by &, rows ending with \\


LATEX_SMALL = r"""\begin{tabular}{|c|c|c|}
\hline
1 & & 3 \\
\hline
& & \\
\hline
& & 9 \\
\hline
\end{tabular}
"""


@pytest.mark.parametrize(
    "text",
    [
        LATEX_SMALL,
        "1 & & 3 \\\\\n & & \\\\\n & & 9 \\\\\n",  # the rows alone
        "1 & & 3 \\\\\n & & \\\\\n & & 9\n",  # the last row without its \\, as LaTeX allows
        # booktabs' rules, rules on a row's line, a table inside a float, comments
        "\\begin{table}[h]\n\\centering\n\\caption{Puzzle 1}\n\\begin{tabular}{ccc}\n"
        "\\toprule\n1 & & 3 \\\\ \\midrule\n% a row of blanks:\n& & \\\\[2pt]\n"
        "\\hline & & 9 \\\\ \\bottomrule % the last\n\\end{tabular}\n\\end{table}\n",
        "\\begin{tabular}{*{3}{|c}|}\\hline\n1&&3\\\\\\hline\n&&\\\\\\hline\n&&9\\\\\\hline\n"
        "\\end{tabular}\n",
        "\\begin{tabularx}{\\textwidth}{XXX}\n1 & . & 3 \\\\\n. & . & . \\\\\n. & . & 9 \\\\\n"
        "\\end{tabularx}\n",
        "\\[\\begin{array}{ccc}\n1 & 0 & 3 \\\\\n0 & 0 & 0 \\\\\n0 & 0 & 9\n\\end{array}\\]\n",
        "\\begin{tabular}{ccc}\n\t1\t&\t\t&\t3\t\\\\\n\t\t&\t\t&\t\t\\\\\n\t\t&\t\t&\t9\t\\\\\n"
        "\\end{tabular}\n",  # (indented with tabs: no spreadsheet's)
        "3 3\n" + LATEX_SMALL,  # under a size line
    ],
)
def test_a_latex_table_reads_as_its_board(text: str) -> None:
    """A board written as a LaTeX table ("1 & & 3 \\\\") was "'&' is not a number or a
    blank": its rows read as a grid, an empty cell a blank, its lines of commands and its
    % comments no cells."""
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(text, "t.txt", notes)
    assert puzzle.givens.tolist() == SMALL_GIVENS
    assert notes == []


def test_a_latex_table_keeps_its_metadata_and_places_its_errors() -> None:
    puzzle = parse_one("# id: tex\n" + LATEX_SMALL)
    assert puzzle.metadata == {"id": "tex"}
    assert len(parse_puzzles(LATEX_SMALL + "\n" + LATEX_SMALL, "t.txt")) == 2
    err = parse_error(LATEX_SMALL.replace("& & 9", "& & 10"))
    assert (where(err), err.message) == ((7, 5), "10 is out of range 1..9 for a 3x3 grid")
    err = parse_error(LATEX_SMALL.replace("1 & & 3", "1 & 2"))
    assert (where(err), err.message) == ((3, 1), "row has 2 cells, but the rows below it "
                                                 "have 3")
    err = parse_error(LATEX_SMALL.replace("\n& & \\\\", "\n& \\\\"))
    assert (where(err), err.message) == ((5, 2), "row has 2 cells, expected 3")
    # (a cell as the file writes it, its backslash not doubled)
    err = parse_error(LATEX_SMALL.replace("1 &", "\\textbf{1} &"))
    assert (where(err), err.message) == ((3, 1), "'\\textbf{1}' is not a number or a blank "
                                                 "(. _ - ? 0)")


@pytest.mark.parametrize(
    "text, place, said",
    [
        # LaTeX parts rows at \\, not at line ends: a row over two lines, or two on one
        ("1 & & 3\n& & \\\\\n& & 9 \\\\\n", (1, 8), "a row of a LaTeX table ends with '\\\\' "
         "(LaTeX joins this line to the next one): end it so, one row a line"),
        ("1 & & 3 \\\\ & & \\\\\n& & 9 \\\\\n", (1, 9), "'\\\\' ends a row of a LaTeX table "
         "inside this line: put each row on a line of its own"),
        # the rows and the column spec disagree: LaTeX fills a short row, refuses a long one
        (LATEX_SMALL.replace("{|c|c|c|}", "{|c|c|c|c|}"), (3, 8), "row has 3 cells, but the "
         "column spec '{|c|c|c|c|}' (line 1) makes 4; write the rows and the spec alike"),
        (LATEX_SMALL.replace("{|c|c|c|}", "{|S|S|S|}"), (1, 16), "cannot tell how many "
         "columns '{|S|S|S|}' makes: write them with l, c, r, p{...} and | only, or leave "
         "the \\begin{tabular} line out"),
        # two tables in one block, which read as one would be one board of both
        (LATEX_SMALL + LATEX_SMALL, (10, 1), "a second LaTeX table in one block (the first "
         "opens on line 1): put a blank line between the two"),
        (LATEX_SMALL + "& & 9 \\\\\n", (10, 1), "a row under the end of the LaTeX table "
         "(line 9): put a blank line before another board"),
        ("1 & & 3 \\\\\n" + LATEX_SMALL, (1, 1), "a row above the LaTeX table that opens on "
         "line 2: start the table before its first row"),
        # a blank line inside a table parts it into two blocks, each a board of its own
        (LATEX_SMALL.replace("\\hline\n& & \\\\", "\n& & \\\\"), (1, 1), "the LaTeX table "
         "that opens here has no \\end{tabular} under it in its block: a blank line inside "
         "the table? take it out"),
        ("1 & & 3 \\\\\n& & \\\\\n\n& & 9 \\\\\n\\end{tabular}\n", (5, 1),
         "\\end{tabular} with no \\begin{tabular} over it in its block: a blank line inside "
         "the table? take it out"),
        (LATEX_SMALL.replace("\\hline\n& &", "Puzzle 1\n& &"), (4, 1), "'Puzzle 1' is "
         "neither a row of the LaTeX table (cells parted by &, ending with '\\\\') nor a "
         "command; start the line with % to keep it"),
        (LATEX_SMALL.replace("& & 9 \\\\\n\\hline\n", "& & 9 \\\\ \\end{tabular}\n"), (7, 10),
         "'\\end{tabular}' on a row's line of a LaTeX table: put it on a line of its own"),
    ],
)
def test_a_latex_table_that_may_be_read_two_ways_is_refused(text: str, place, said: str):
    err = parse_error(text)
    assert (where(err), err.message) == (place, said)


@pytest.mark.parametrize("one, three, nine", [
    ("$1$", "$3$", "$ 9 $"),  # math mode, as tables of numbers set them
    ("\\(1\\)", "3", "\\( 9\\)"),
    ("\\multicolumn{1}{c}{1}", "\\multicolumn{1}{|c|}{3}", "\\multicolumn {1} {p{1cm}} {9}"),
    ("\\multicolumn{1}{c}{$1$}", "3", "\\multicolumn{1}{>{\\bfseries}c}{9}"),
])
def test_a_latex_cell_that_sets_a_number_apart_reads_as_the_number(one, three, nine) -> None:
    """"$3$" and "\\multicolumn{1}{c}{3}" were refused ("is not a number or a blank"):
    each is the number, and a one-column \\multicolumn of nothing a blank."""
    table = LATEX_SMALL.replace("1 & & 3", f"{one} & & {three}").replace(
        "& & 9", f"\\multicolumn{{1}}{{c}}{{}} & & {nine}")
    notes: list[tuple[int, str]] = []
    [puzzle] = parse_puzzles(table, "t.txt", notes)
    assert puzzle.givens.tolist() == SMALL_GIVENS and notes == []
    # its errors placed at the number, as the cell's own
    wrong = table.replace("3", "10")
    err = parse_error(wrong)
    assert err.message == "10 is out of range 1..9 for a 3x3 grid"
    assert wrong.split("\n")[err.line - 1][err.col - 1:err.col + 1] == "10"


def test_a_latex_cell_that_spans_columns_or_holds_no_number_is_refused() -> None:
    """A \\multicolumn of two columns or more is no board's cell: refused where it
    stands, as are cells that are no number in math mode or in a \\multicolumn."""
    for cell, rest, col, said in [
        ("\\multicolumn{2}{c}{1}", " & 3", 1, "'\\multicolumn{2}{c...' spans 2 columns, and "
         "a board's cell is one: write each of its cells between &s (a title? start its "
         "line with %)"),
        ("1", " & \\multicolumn{2}{|c|}{3}", 5, "'\\multicolumn{2}{|...' spans 2 columns, and "
         "a board's cell is one: write each of its cells between &s (a title? start its "
         "line with %)"),
        ("\\multicolumn{1}{c}{\\textbf{1}}", " & & 3", 20, "'\\textbf{1}' is not a number or "
         "a blank (. _ - ? 0)"),
        ("$\\cdot$", " & & 3", 1, "'$\\cdot$' is not a number or a blank (. _ - ? 0)"),
        ("\\$1\\$", " & & 3", 1, "'\\$1\\$' is not a number or a blank (. _ - ? 0)"),
    ]:
        err = parse_error(LATEX_SMALL.replace("1 & & 3", cell + rest))
        assert (where(err), err.message) == ((3, col), said), cell
    # a title row over the table spans its columns: refused so too
    err = parse_error("\\multicolumn{3}{c}{Puzzle 1} \\\\\n" + LATEX_SMALL.split("\n", 1)[1])
    assert where(err) == (1, 1) and "spans 3 columns" in err.message


def test_an_edge_column_empty_in_every_row_of_a_latex_table_needs_its_column_spec() -> None:
    """"1 & . & 3 & \\\\" in every row: a last column of blanks, or an & a program wrote
    after each cell? The \\begin{tabular} line tells (LaTeX refuses a row longer than its
    columns); without it, refused."""
    rows = "1 & & 3 & \\\\\n& & & \\\\\n& & 9 & \\\\\n"
    err = parse_error(rows)
    assert where(err) == (1, 13)
    assert err.message == ("the last cell of every row is empty: a column of blanks, or an "
                           "'&' ending each row? put the table's \\begin{tabular}{...} line "
                           "over the rows, which tells, or write its blanks as .")
    four = parse_one("\\begin{tabular}{cccc}\n" + rows + "\\end{tabular}\n")
    assert four.givens.tolist() == [[1, 0, 3, 0], [0, 0, 0, 0], [0, 0, 9, 0]]
    assert "makes 3" in parse_error("\\begin{tabular}{ccc}\n" + rows + "\\end{tabular}\n").message
    assert parse_error("& 1 & & 3 \\\\\n& & & \\\\\n& & & 9 \\\\\n").message.startswith(
        "the first cell of every row is empty")
    # (a first column of blanks written as blanks is the board's)
    assert parse_one(". & 2 & 3 \\\\\n. & . & . \\\\\n. & . & 9 \\\\\n").givens.tolist() == [
        [0, 2, 3], [0, 0, 0], [0, 0, 9]]


# ---------------------------------------------------------------------------------------------
# Cells listed with a flag, as one app writes its boards: column, row, number, true or false


def _flagged(grid: list[list[int]], header: str = "", marks=None) -> str:
    """The lines of `grid` as column, row, number and flag, counting from 0; `marks`
    gives each cell's flag (by default, true for a number)."""
    lines = [header] if header else []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            flag = marks[r][c] if marks is not None else bool(value)
            lines.append(f"{c},{r},{value},{str(flag).lower()}")
    return "\n".join(lines) + "\n"


WIDE = [[1, 0, 0], [0, 5, 0]]


@pytest.mark.parametrize("header", ["", "col,row,value,given", "x,y,value,locked"])
def test_every_cell_listed_with_true_for_a_number_reads_as_the_board(header: str) -> None:
    """True marks exactly the cells that hold a number: whatever the flag means, the board
    is those numbers, as a grid's are. It was "'true' is not a number or a blank"."""
    puzzle = parse_one(_flagged(WIDE, header))
    assert puzzle.givens.tolist() == WIDE  # (columns first: 3 of them, 2 rows)
    # counting from 1, rows first where the header says so, spaces or tabs, True or FALSE
    lines = ["row\tcol\tvalue\tgiven"] + [
        f"{r + 1}\t{c + 1}\t{v}\t{'TRUE' if v else 'False'}"
        for r, row in enumerate(WIDE) for c, v in enumerate(row)]
    assert parse_one("# id: app\n" + "\n".join(lines) + "\n").givens.tolist() == WIDE


def test_a_number_marked_false_is_read_only_under_a_header_naming_the_givens() -> None:
    """A number marked false may be a player's (true marking the givens) or a given (true
    marking what a player may change): not said, refused, saying how to say it."""
    marks = [[True, False, False], [False, False, False]]  # (5 marked false)
    text = _flagged(WIDE, marks=marks)
    err = parse_error(text)
    assert where(err) == (5, 7)
    assert err.message == ("a number marked false: whether true marks the givens (or a "
                           "player's numbers) is not said; if it marks the givens, put the "
                           "header line 'col,row,value,given' over the lines, else write the "
                           "board as a grid")
    given = parse_one(_flagged(WIDE, "col,row,value,given", marks))
    assert given.givens.tolist() == [[1, 0, 0], [0, 0, 0]]
    assert parse_error(_flagged([[1, 0], [0, 4]], marks=[[True, True], [False, True]])
                       ).message.startswith("a blank (0) marked true: whether true marks")


def test_cells_listed_with_a_flag_must_be_every_cell_of_the_board_once() -> None:
    """No line says the board's size: the cells listed are the board, each once."""
    err = parse_error("0,0,1,true\n1,1,4,true\n")  # (the givens alone: a 2x2? a 9x9?)
    assert where(err) == (1, 1)
    assert err.message == ("a list of 2 cells with a flag, not every cell of a board "
                           "counting from 0 or from 1 once: the board's size is not said; "
                           "list every cell (0 for a blank, marked false), or write the "
                           "board as a grid")
    err = parse_error("0,0,1,true\n1,0,0,false\n0,0,0,false\n1,1,4,true\n")
    assert (where(err), err.message) == ((3, 1), "row 0, column 0 is listed twice (first "
                                                 "on line 1)")
    err = parse_error(_flagged([[1, 0], [0, 9]]))
    assert (where(err), err.message) == ((4, 5), "9 is out of range 1..4 for a 2x2 board")


def test_a_number_of_many_digits_in_cells_listed_with_a_flag_is_refused_where_it_stands():
    """A number of seven digits or more made the lines no list of cells, and they were
    read as a grid: "'true' is not a number or a blank"."""
    for large in ("9999999999", "9" * 5000):
        text = _flagged([[1, 2], [4, 3]]).replace(",3,true", f",{large},true")
        err = parse_error(text)
        shown = large if len(large) < 20 else large[:17] + "..."
        assert (where(err), err.message) == ((4, 5), f"{shown} is out of range 1..4 for a "
                                                     "2x2 board")
        # a place past any board: the list is no board's, as with a row 99
        err = parse_error(_flagged([[1, 2], [4, 3]]).replace("1,1,3", f"{large},1,3"))
        assert where(err) == (1, 1) and err.message.startswith("a list of 4 cells with a flag")
    # two places of many digits, told apart: no cell listed twice
    text = "0,0,1,true\n12345678901,0,0,false\n12345678902,0,0,false\n"
    assert parse_error(text).message.startswith("a list of 3 cells with a flag")


class _Stop(Exception):
    """What the cancel check below raises (the app's is `jobs.Cancelled`)."""


@pytest.mark.parametrize("text", [
    "\n".join([SMALL] * 50),  # boards as text
    json.dumps([{"givens": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}] * 50),  # a JSON array
    "\n".join(json.dumps({"givens": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}) for _ in range(50)),
])
def test_a_cancel_check_stops_the_read_between_puzzles(text: str) -> None:
    """The app reads a large file beside its loop, and Esc stops it: the reader asks
    between puzzles, so a cancelled read stops there, not at the end of the file."""
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise _Stop()

    with pytest.raises(_Stop):
        parse_puzzles(text, cancel_check=check)
    assert len(calls) == 3
    assert len(parse_puzzles(text, cancel_check=lambda: None)) == 50


@pytest.mark.parametrize("text", [
    "\n".join([SMALL] * 50),  # boards as text
    json.dumps([{"givens": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}] * 50),  # a JSON array
    "\n".join(json.dumps({"givens": [[1, 0, 3], [0, 0, 0], [0, 0, 9]]}) for _ in range(50)),
])
def test_progress_is_told_between_puzzles(text: str) -> None:
    """The app's reading page says how far a large file's read has got: the reader tells it
    before each puzzle how many are read, and how much of the text is behind it."""
    told: list[tuple[int, float]] = []
    assert len(parse_puzzles(text, progress=lambda n, part: told.append((n, part)))) == 50
    assert [n for n, _ in told] == list(range(50))
    parts = [part for _, part in told]
    assert parts[0] == 0 and parts == sorted(set(parts)) and parts[-1] < 1
    assert parts[-1] > 0.9  # (the last puzzle is near the end of the text)
