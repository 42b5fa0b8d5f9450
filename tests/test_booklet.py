"""Printable booklets: they read back as the same puzzles, fit the page, carry the answer
key; and `numbrix print` makes one from any puzzle file."""
from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from numbrix_curses import paper
from numbrix_curses.booklet import (
    FORM_FEED,
    PAGE_LINES,
    PAGE_WIDTH,
    Entry,
    booklet,
    solutions_sheet,
    uses_boxed_layout,
)
from numbrix_curses.cli import main
from numbrix_curses.generator import Spec, generate
from numbrix_curses.pages import columns
from numbrix_curses.puzzle import Puzzle
from numbrix_curses.textformat import parse_puzzles

SHAPES = [(5, 5), (9, 9), (4, 7), (15, 15), (6, 16), (3, 30)]


@pytest.fixture(scope="module")
def made():
    return [generate(Spec(r, c, difficulty="easy"), 10 + k) for k, (r, c) in enumerate(SHAPES)]


def entries_of(made) -> list[Entry]:
    return [Entry(g.puzzle, g.puzzle.id, g.solution) for g in made]


def pages(text: str) -> list[list[str]]:
    """The text's pages: split at form feeds, as a printer would."""
    return [page.split("\n") for page in text.split(FORM_FEED)]


def test_booklet_reads_back_as_the_same_puzzles(made):
    text = booklet(entries_of(made))
    back = parse_puzzles(text)
    assert [p.givens.tolist() for p in back] == [g.puzzle.givens.tolist() for g in made]
    assert [p.metadata for p in back] == [g.puzzle.metadata for g in made]


def test_boxed_up_to_15_columns_and_everything_fits_80_columns(made):
    text = booklet(entries_of(made))
    for g in made:
        assert uses_boxed_layout(g.puzzle.rows, g.puzzle.cols) == (g.puzzle.cols <= 15)
    boxed = [line for line in text.split("\n") if line.startswith(("+", "|"))]
    assert boxed and max(map(len, boxed)) <= PAGE_WIDTH
    # the compact layout of a 30-column board cannot fit 80 columns; everything else does
    narrow = booklet(entries_of(made[:-1]))
    assert max(len(line) for line in narrow.split("\n")) <= PAGE_WIDTH


def test_pages_are_separated_by_form_feeds_and_fit_a_sheet(made):
    text = booklet(entries_of(made))
    sheets = pages(text)
    assert len(sheets) >= 3
    for sheet in text.split(FORM_FEED):
        # every line a printer feeds counts, the blank one that ends a page too
        assert sheet.count("\n") <= PAGE_LINES, sheet
    # a form feed starts a header line, never the middle of a grid
    for sheet in sheets[1:]:
        assert sheet[0].startswith("#")


@pytest.mark.parametrize("sizes", [[29, 30, 5], [59, 1, 1], [59, 59], [10] * 12])  # (a block has at most 59)
def test_no_page_runs_over_with_the_blank_line_that_ends_it(sizes):
    from numbrix_curses.pages import paginate as _paginate

    blocks = [[f"# block {k}"] + ["x"] * (n - 1) for k, n in enumerate(sizes)]
    text = "\n".join(_paginate(blocks, 0))
    assert all(sheet.count("\n") <= PAGE_LINES for sheet in text.split(FORM_FEED))
    assert sum(line.startswith(("# block", FORM_FEED + "# block")) for line in text.split("\n")) == len(sizes)


def test_a_20x20_answer_key_fits_80_columns():
    solution = serpentine(20, 20)
    puzzle = Puzzle(np.where(solution % 7 == 1, solution, 0), {"id": "big"})
    text = booklet([Entry(puzzle, puzzle.id, solution)])
    key = text[text.index("# Answer key"):]
    assert "400" in key
    assert max(map(len, key.split("\n"))) <= PAGE_WIDTH
    assert parse_puzzles(text)[0].givens.tolist() == puzzle.givens.tolist()


def serpentine(rows: int, cols: int) -> np.ndarray:
    grid = np.arange(1, rows * cols + 1).reshape(rows, cols)
    grid[1::2] = grid[1::2, ::-1]
    return grid


def laid_out_lines(text: str) -> list[str]:
    return [line.lstrip(FORM_FEED) for line in text.split("\n")]


def test_a_title_in_wide_characters_is_broken_by_the_columns_it_takes():
    """A Japanese title was broken by its count of characters, each of which takes two
    columns: its lines printed 92 and 105 columns wide."""
    import unicodedata

    def columns(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)

    solution = serpentine(5, 5)
    puzzle = Puzzle(np.where(solution % 4 == 1, solution, 0), {"id": "wide"})
    title = " ".join(["数独パズル集"] * 7) + " " + "ナンバーリンク" * 8
    text = booklet([Entry(puzzle, "wide", solution)], title)
    lines = laid_out_lines(text)
    assert max(map(columns, lines)) <= PAGE_WIDTH
    shown = "".join(line[2:] for line in lines if line.startswith("# ") and "数" in line
                    or "ナ" in line)
    assert shown.replace(" ", "").startswith(title.replace(" ", ""))  # (nothing lost)
    assert [p.id for p in parse_puzzles(text)] == ["wide"]


def test_a_long_id_leaves_the_header_line_within_80_columns():
    """Before: '# Puzzle 10 of 10 - 12x12 - fiendish - 18 givens - 12x12-fiendish-symmetric-
    5009047057' was 86 columns."""
    solution = serpentine(12, 12)
    givens = np.where(solution % 8 == 1, solution, 0)
    label = "12x12-fiendish-symmetric-5009047057"
    puzzle = Puzzle(givens, {"id": label, "difficulty": "fiendish", "pattern": "symmetric"})
    text = booklet([Entry(puzzle, label, solution)] * 10, "Numbrix 12x12 fiendish puzzles")
    lines = laid_out_lines(text)
    assert max(map(len, lines)) <= PAGE_WIDTH
    at = lines.index("# Puzzle 10 of 10 - 12x12 - fiendish - 18 givens")
    assert lines[at + 1] == f"# id: {label}"  # the id is on the line below, once
    assert f"# Solution 10 of 10 - 12x12 - fiendish - {label}" in lines  # (it fits there)
    assert [p.id for p in parse_puzzles(text)] == [label] * 10
    # a puzzle without an id, named by a long file name: no id line, so the label moves down
    label = "C:/weekend/numbrix-puzzles-from-the-saturday-paper-the-hard-ones.txt#10"
    text = booklet([Entry(Puzzle(givens), label, solution)] * 10)
    lines = laid_out_lines(text)
    assert max(map(len, lines)) <= PAGE_WIDTH
    at = lines.index("# Puzzle 10 of 10 - 12x12 - 18 givens")
    assert lines[at + 1] == f"#   ({label})"
    at = lines.index("# Solution 10 of 10 - 12x12")
    assert lines[at + 1] == f"#   ({label})"
    assert [p.metadata for p in parse_puzzles(text)] == [{}] * 10  # no "c" key


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.integers(1, 20),
    cols=st.integers(1, 20),
    count=st.integers(1, 12),
    spacing=st.integers(1, 9),
    name=st.integers(1, 74).flatmap(
        lambda n: st.text("abxyz019-_.:# /\\", min_size=n, max_size=n)
    ).map(str.strip).filter(bool),
    has_id=st.booleans(),
    title=st.text("ab cd: ", max_size=200),
)
@example(rows=20, cols=20, count=10, spacing=5, name="20x20-fiendish-symmetric-" + "9" * 49,
         has_id=True, title="Sunday Numbrix " * 9)
@example(rows=12, cols=12, count=10, spacing=8, name="12x12-fiendish-symmetric-5009047057",
         has_id=True, title="")
@example(rows=10, cols=10, count=2, spacing=7, name="C:/puzzles/10x10-medium-border-" + "9" * 40,
         has_id=False, title="t")
def test_every_line_of_a_booklet_and_its_key_fits_80_columns(
    rows, cols, count, spacing, name, has_id, title
):
    """Up to 20 columns of board and an id (or a label) that fits a line of its own."""
    solution = serpentine(rows, cols)
    givens = np.where((solution - 1) % spacing == 0, solution, 0)
    metadata = {"id": name, "difficulty": "fiendish", "pattern": "symmetric"} if has_id else {}
    label = name if has_id else f"{name}#{count}"[-74:]
    puzzle = Puzzle(givens, metadata)
    entries = [Entry(puzzle, label, solution)] * count
    for text in (booklet(entries, title), solutions_sheet(entries, title)):
        lines = laid_out_lines(text)
        assert max(map(len, lines)) <= PAGE_WIDTH, max(lines, key=len)
        # a "#" touches a number only in a key row of 20 three-digit numbers (80 columns)
        assert all(len(line) == PAGE_WIDTH for line in lines
                   if line.startswith("#") and line[1:2].isdigit())
        assert all(sheet.count("\n") <= PAGE_LINES for sheet in text.split(FORM_FEED))
    back = parse_puzzles(booklet(entries, title))
    assert [p.givens.tolist() for p in back] == [givens.tolist()] * count
    assert [p.metadata for p in back] == [metadata] * count
    keys = parse_puzzles(solutions_sheet(entries, title))
    assert [p.givens.tolist() for p in keys] == [solution.tolist()] * count


def test_two_generated_12x12_puzzles_share_a_page():
    # a 12x12 boxed grid is 25 lines: with its header and metadata a puzzle takes 29, so
    # two and the blank between them fill 59 of a page's 60 (from the second page on: the
    # first carries the title block)
    twelve = [generate(Spec(12, 12, difficulty="easy"), seed) for seed in (1, 2, 3)]
    text = booklet(entries_of(twelve), answer_key=False)
    sheets = pages(text)
    assert len(sheets) == 2
    assert [sum(line.startswith("# Puzzle ") for line in sheet) for sheet in sheets] == [1, 2]


def test_each_puzzle_has_a_header_line(made):
    text = booklet(entries_of(made))
    headers = [line for line in text.split("\n") if "# Puzzle " in line]
    assert len(headers) == len(made)
    first = made[0].puzzle
    assert f"Puzzle 1 of {len(made)}" in headers[0]
    assert "5x5" in headers[0] and "easy" in headers[0] and first.id in headers[0]


def test_answer_key_comes_after_the_puzzles_as_comments(made):
    text = booklet(entries_of(made))
    puzzles_part, key_part = text.split("# Answer key", 1)
    assert "# Solution 1 of" in key_part
    assert all(line.lstrip(FORM_FEED).startswith("#") or not line.strip()
               for line in key_part.split("\n")[1:])
    # the first solution's rows are in the key
    first_row = " ".join(f"{v:>2}" for v in made[0].solution[0])
    assert first_row in key_part
    no_key = booklet(entries_of(made), answer_key=False)
    assert "Answer key" not in no_key and "Solution" not in no_key


def test_solutions_sheet_reads_back_as_the_solutions(made):
    sheet = solutions_sheet(entries_of(made))
    back = parse_puzzles(sheet)
    assert [p.givens.tolist() for p in back] == [g.solution.tolist() for g in made]
    assert [p.id for p in back] == [g.puzzle.id for g in made]


def test_entry_without_solution_shows_the_note():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    text = booklet([Entry(puzzle, "p#1", None, "not shown: several solutions")])
    assert "not shown: several solutions" in text
    assert len(parse_puzzles(text)) == 1


# --- what each page holds ------------------------------------------------------------------

#: a generated puzzle's metadata, fullest first (a symmetric one: 5 lines; a border one
#: without givens inside the ring: 4; a random one: 3)
GENERATED_KEYS = ["id", "difficulty", "pattern", "seed", "symmetry"]


def tall_puzzle(rows: int = 25, cols: int = 15, keys: int = 5, extra: int = 0,
                ) -> tuple[Puzzle, np.ndarray]:
    """A puzzle with the first `keys` of a generated puzzle's metadata, and `extra` more."""
    solution = serpentine(rows, cols)
    values = {"id": f"{rows}x{cols}-easy-3", "difficulty": "easy", "pattern": "symmetric",
              "seed": "3", "symmetry": "rotate-180"}
    metadata = {key: values[key] for key in GENERATED_KEYS[:keys]}
    metadata.update({f"note{k}": "x" for k in range(extra)})
    return Puzzle(np.where((solution - 1) % 7 == 0, solution, 0), metadata), solution


def grid_lines(page: list[str]) -> int:
    return sum(line.startswith(("+", "|")) for line in page)


def check_pages(text: str, title: str) -> list[list[str]]:
    """The booklet's pages (split at form feeds), each checked to be a page a reader can use:
    within a sheet; the first headed by the title, the others by a puzzle's or a solution's
    header, or the answer key's title (never a board's middle); no page without a puzzle or
    a solution on it (a title alone, or a header whose board went on to the next page); and
    each boxed board whole on its page (its rules and rows, as many as its header says)."""
    sheets = text.split(FORM_FEED)
    assert all(sheet.count("\n") <= PAGE_LINES for sheet in sheets)
    assert all(before.endswith("\n\n") for before in sheets[:-1])  # (a blank line ends a page)
    found = [sheet.split("\n") for sheet in sheets]
    assert found[0][0] == f"# {title}"
    for page in found[1:]:
        assert page[0].startswith(("# Puzzle ", "# Solution ", "# Answer key: ")), page[0]
    for page in found:
        headers = [line for line in page if line.startswith(("# Puzzle ", "# Solution "))]
        assert headers, page
        for k, line in enumerate(page):
            size = re.match(r"# Puzzle [0-9]+ of [0-9]+ - ([0-9]+)x([0-9]+)", line)
            if size and uses_boxed_layout(int(size[1]), int(size[2])):
                board = page[k:page.index("", k)] if "" in page[k:] else page[k:]
                assert grid_lines(board) == 2 * int(size[1]) + 1, line
    return found


@pytest.mark.parametrize("keys, rules", [
    (2, "# 2 puzzles. Fill every empty cell so that the numbers 1, 2, 3, ..."),  # at length
    (3, "# Fill every cell: 1, 2, 3, ... in order, each beside the last (not diagonally)."),
    (4, "# Fill every cell: 1, 2, 3, ... in order, each beside the last (not diagonally)."),
    (5, ""),  # (a symmetric puzzle: no room for the rules)
])
def test_the_title_shares_the_first_page_with_a_boxed_25_row_board(keys, rules):
    """Before: a boxed 25x15 puzzle with its header and 3 to 5 lines of metadata took 55 to
    57 lines, which with the title and the rules (4 lines) and the blank between did not fit
    a page: the title stood alone on the first sheet and the board started on the second."""
    puzzle, solution = tall_puzzle(keys=keys)
    entries = [Entry(puzzle, puzzle.id, solution)] * 2
    text = booklet(entries, "Tall ones")
    first, second, key, *rest = check_pages(text, "Tall ones")
    assert not rest
    gap = first.index("")  # (the title block, then a blank line, then the first puzzle)
    assert first[1:gap][:1] == ([rules] if rules else [])
    assert len(first[1:gap]) == (3 if "empty" in rules else 1 if rules else 0)
    assert first[gap + 1].startswith("# Puzzle 1 of 2 - 25x15")
    assert grid_lines(first) == 51 and grid_lines(second) == 51
    assert second[0].startswith("# Puzzle 2 of 2 - 25x15")
    assert key[0] == "# Answer key: Tall ones"
    assert [line[:17] for line in key if line.startswith("# Solution")] == [
        "# Solution 1 of 2", "# Solution 2 of 2"]
    # the title's lines never read as the first puzzle's metadata
    assert [p.metadata for p in parse_puzzles(text)] == [puzzle.metadata] * 2


def test_a_title_that_looks_like_metadata_stays_apart_from_the_first_puzzle():
    """With no room for the rules, the blank line under the title stays: without it, the
    title ``# Club: week 3`` read as the first puzzle's metadata (``club``)."""
    puzzle, solution = tall_puzzle(keys=5)
    text = booklet([Entry(puzzle, puzzle.id, solution)], "Club: week 3", answer_key=False)
    [page] = check_pages(text, "Club: week 3")
    assert page[:3] == ["# Club: week 3", "", "# Puzzle 1 of 1 - 25x15 - easy - 54 givens"
                        f" - {puzzle.id}"]
    assert [p.metadata for p in parse_puzzles(text)] == [puzzle.metadata]


@pytest.mark.parametrize("shapes", [
    [(25, 15), (5, 5), (12, 12), (12, 12), (25, 10), (9, 9)],
    [(12, 12)] * 5,
    [(24, 15), (20, 20), (30, 30), (1, 1), (25, 15)],
    [(5, 5)] * 30,
])
def test_every_page_holds_whole_puzzles_and_the_first_one_the_title(shapes):
    """Boards of every size: no page with a title or a header alone, no board split."""
    entries = []
    for rows, cols in shapes:
        puzzle, solution = tall_puzzle(rows, cols, keys=5)
        entries.append(Entry(puzzle, puzzle.id, solution))
    text = booklet(entries, "Mixed")
    found = check_pages(text, "Mixed")
    headers = [line for page in found for line in page if line.startswith("# Puzzle ")]
    assert len(headers) == len(shapes)
    keys = [page for page in found if any(line.startswith("# Solution ") for line in page)]
    assert keys[0][0] == "# Answer key: Mixed"
    sheet = solutions_sheet(entries, "Mixed")
    found = sheet.split(FORM_FEED)
    assert found[0].startswith("# Answer key: Mixed\n\n# Solution 1 of ")
    assert all(page.startswith("# Solution ") for page in found[1:])


def test_a_board_taller_than_a_page_starts_under_the_title():
    """A board that runs over a sheet wherever it starts, even compact (here 30 rows under
    35 lines of metadata), gains nothing from a page of its own: the title is not left
    alone for it."""
    puzzle, solution = tall_puzzle(30, 10, keys=5, extra=30)
    text = booklet([Entry(puzzle, puzzle.id, solution)] * 2, "Very tall", answer_key=False)
    first, second = text.split(FORM_FEED)
    assert first.startswith("# Very tall\n# 2 puzzles. Fill every empty cell")
    assert first.count("# Puzzle 1 of 2") == 1 and second.startswith("# Puzzle 2 of 2")


def test_titled_takes_the_fullest_title_that_leaves_room_for_the_first_block():
    from numbrix_curses.pages import titled

    heads = [["# T", "# rules", "# at length"], ["# T", "# rules"], ["# T"]]
    for size, head in [(55, heads[0]), (56, heads[1]), (57, heads[2])]:
        block = ["# block"] + ["x"] * (size - 1)
        lines = titled(heads, [block, block])
        assert lines[:len(head) + 2] == [*head, "", "# block"]
        assert lines.count(FORM_FEED + "# block") == 1
    assert titled(heads, []) == heads[0]


# --- the paper layout ----------------------------------------------------------------------


def read_board(lines: list[str], at: int, col: int, rows: int, cols: int) -> dict[str, int]:
    """The numbers of the board whose column letters are on line `at`, from column `col` of
    it on, named by the letter over each and the row number beside it (a board's neighbour
    on its right is left alone: its numbers stand under no letter of this board's)."""
    letters = {}
    for match in re.finditer(r"[A-Z]+", lines[at][col:]):
        if len(letters) == cols:
            break
        letters[col + match.end() - 1] = match.group()  # (over a number's last digit or in it)
    cells: dict[str, int] = {}
    seen = 0
    for line in lines[at + 1:]:
        if seen == rows:
            break
        label = re.match(r" *([0-9]+) \|", line[col:])
        if label is None:
            assert line[col:].lstrip().startswith("+"), line  # (a boxed board's rule)
            continue
        seen += 1
        for number in re.finditer(r"[0-9]+", line[col + label.end():]):
            start, end = col + label.end() + number.start(), col + label.end() + number.end()
            names = [name for where, name in letters.items() if start <= where < end]
            if names:
                [name] = names
                cells[name + label.group(1)] = int(number.group())
    assert seen == rows
    return cells


def named_cells(grid: np.ndarray) -> dict[str, int]:
    """The numbers of `grid` by the names the app gives their cells (``C4``)."""
    from numbrix_curses.puzzle import cell_name

    return {cell_name(r, c): int(v) for (r, c), v in np.ndenumerate(grid) if v}


def boards_of(text: str, word_of: str, entries: list[Entry]) -> list[dict[str, int]]:
    """Each entry's board as the page shows it: found under its heading (``3. 5x5``), read by
    its letters and row numbers."""
    lines = laid_out_lines(text)
    found = []
    for k, entry in enumerate(entries, start=1):
        heading = re.compile(rf"(?<!\S){k}\. {entry.puzzle.rows}x{entry.puzzle.cols}\b")
        at, col = next((i, m.start()) for i, line in enumerate(lines)
                       for m in [heading.search(line)] if m and word_of in text)
        top = next(i for i in range(at + 1, len(lines))
                   if lines[i][col:].strip()[:1] == "A" and lines[i][col:].split()[0] == "A")
        found.append(read_board(lines, top, col, entry.puzzle.rows, entry.puzzle.cols))
    return found


def test_paper_boards_are_named_as_the_app_names_cells(made):
    """Column letters over the board, row numbers beside it: the numbers read by them are
    the puzzle's, named as `solve --steps` names cells (boxed boards and compact ones)."""
    entries = entries_of(made[:-1])  # (the 30-column board takes more than 80 columns)
    text = paper.booklet(entries, answer_key=False)
    assert boards_of(text, "", entries) == [named_cells(g.puzzle.givens) for g in made[:-1]]


def test_paper_answer_key_shows_each_puzzle_s_solution_under_its_number(made):
    entries = entries_of(made[:-1])
    text = paper.booklet(entries)
    key = text[text.rindex("\f", 0, text.index("Answer key: ")):]  # (it starts a page)
    assert boards_of(key, "", entries) == [named_cells(g.solution) for g in made[:-1]]
    # labelled as their puzzles are: number and name
    for k, g in enumerate(made[:-1], start=1):
        assert re.search(rf"(?m)^(.* )?{k}\. {g.puzzle.rows}x{g.puzzle.cols} easy", key)
        assert f"({g.puzzle.id})" in key
    # the key alone (print --key, generate --solutions) is the same pages without the puzzles
    assert paper.answer_key(entries) == key.removeprefix("\f")
    assert key.split("\n")[0] == "\f" + " " * 26 + "Answer key: Numbrix puzzles"  # centred


def test_paper_puts_small_boards_side_by_side_without_any_comment_or_metadata():
    """Before: a booklet of 5x5 boards had one board to a row, 26 of 80 columns used (92
    pages for 200 puzzles and their answers), every line a '#' comment or a board, with 3 to 5 lines of
    metadata to each puzzle."""
    solution = serpentine(5, 5)
    puzzle = Puzzle(np.where(solution % 6 == 1, solution, 0),
                    {"id": "5x5-easy-7", "difficulty": "easy", "seed": "7"})
    entries = [Entry(puzzle, puzzle.id, solution)] * 200
    text = paper.booklet(entries, answer_key=False)
    lines = laid_out_lines(text)
    assert not any(line.lstrip().startswith("#") or ":" in line and "seed" in line
                   for line in lines)
    headings = [line for line in lines if re.match(r"[0-9]+\. 5x5", line)]
    # (a boxed 5x5 board and its row numbers take 28 columns, 4 part it from the next, and
    # a heading may take up to 38, as two still fit 80: this one takes 34)
    assert headings[0] == ("1. 5x5 easy, 5 givens (5x5-easy-7)" + " " * 6
                           + "2. 5x5 easy, 5 givens (5x5-easy-7)")
    assert sum(line.count("+----+----+----+----+----+") == 2 for line in lines) > 0
    # eight boards to a page (the first too, under the title), where the default layout
    # has three, and 67 pages
    assert len(pages(text)) == 200 // 8
    assert len(pages(booklet(entries, answer_key=False))) == 67
    assert all(len(line) <= PAGE_WIDTH for line in lines)
    assert all(sheet.count("\n") <= PAGE_LINES for sheet in text.split(FORM_FEED))


def test_paper_fits_two_symmetric_12x12_puzzles_on_a_page():
    """The default booklet cannot: the puzzle's metadata (id, difficulty, pattern, seed,
    symmetry) and its header take 6 lines over its 25, and two such blocks with the blank
    line between them need 63 of a page's 59 (a page ends in a blank line); the paper
    layout's heading takes one."""
    solution = serpentine(12, 12)
    metadata = {"id": "12x12-medium-symmetric-5", "difficulty": "medium",
                "pattern": "symmetric", "seed": "5", "symmetry": "rotate-90"}
    puzzle = Puzzle(np.where(solution % 5 == 1, solution, 0), metadata)
    entries = [Entry(puzzle, puzzle.id, solution)] * 4
    assert len(pages(booklet(entries, answer_key=False))) == 4
    sheets = pages(paper.booklet(entries, answer_key=False))
    # (two on the first page too: the title and the rules take three lines)
    assert [sum(bool(re.match(r"[0-9]+\. 12x12", line.lstrip(FORM_FEED))) for line in sheet)
            for sheet in sheets] == [2, 2]


@pytest.mark.parametrize("words, rules", [(3, True), (40, True), (60, False)])
def test_paper_keeps_the_title_with_the_first_board(words, rules):
    """A boxed 25x15 board and its heading take 53 lines: under a title of 4 lines and the
    rules (2) there was no room, and the title stood alone on the first sheet; now the rules
    make way for the board."""
    puzzle, solution = tall_puzzle(keys=5)
    title = " ".join(["Tall"] * words)
    text = paper.booklet([Entry(puzzle, puzzle.id, solution)] * 2, title, answer_key=False)
    first, second = (page.split("\n") for page in text.split(FORM_FEED))
    gap = first.index("")
    said = [line.strip() for line in first[:gap]]
    assert " ".join(said).startswith(title)
    assert any(line.startswith("2 puzzles. Fill the empty cells") for line in said) == rules
    assert first[gap + 1].startswith("1. 25x15 easy, 54 givens")
    # the whole board: its 26 rules and its 25 rows, numbered
    assert sum(line.strip().startswith("+") for line in first) == 26
    assert sum(bool(re.match(r" *[0-9]+ \|", line)) for line in first) == 25
    assert second[0].startswith("2. 25x15") and len(second) <= PAGE_LINES + 1
    assert all(page.count("\n") <= PAGE_LINES for page in text.split(FORM_FEED))


def test_a_paper_booklet_does_not_read_back_as_puzzles(made):
    """It is said to be a page for paper, not a puzzle file: read as one, it failed on its
    title with the advice to start the line with '#'; and with its headings commented out,
    two boards side by side read as one wide board."""
    from numbrix_curses.puzzle import ParseError

    entries = entries_of(made[:2])
    text = paper.booklet(entries)
    for shown in (text, paper.answer_key(entries), "\n".join(
            "# " + line if line[:1].isalpha() or line[:1].isdigit() and "x" in line else line
            for line in paper.booklet(entries_of([made[0]] * 2), answer_key=False).split("\n"))):
        with pytest.raises(ParseError) as caught:
            parse_puzzles(shown, "paper.txt")
        assert str(caught.value).startswith("paper.txt: is laid out for paper (--paper), "
                                            "not a puzzle file")
    # one board with letters over it and numbers beside it, as the app draws them, still
    # reads (as a board copied off its screen does), as the board it is
    givens = made[1].puzzle.givens
    [back] = parse_puzzles("\n".join(paper.boxed_board(givens)))
    assert back.givens.tolist() == givens.tolist()


def test_paper_note_in_place_of_a_solution_is_broken_to_a_column_of_its_own():
    puzzle = Puzzle.from_rows([[1, 0], [0, 0]])
    note = "not shown: this puzzle has more than one solution (two solutions differ at B1 and A2)"
    [one] = pages(paper.answer_key([Entry(puzzle, "p.txt#1", None, note)]))
    # (broken to a third of the page less the gaps, 24 columns: to the 2x2 board's width,
    # 9 columns, it stood a word or two to a line)
    at = one.index("1. 2x2 (p.txt#1)")
    assert one[at + 1:at + 3] == ["not shown: this puzzle", "has more than one"]
    assert " ".join(one[at + 1:]).split() == note.split()
    lines = laid_out_lines(paper.answer_key([Entry(puzzle, "p.txt#1", None, note)] * 4))
    assert max(map(len, lines)) <= PAGE_WIDTH
    assert lines[at + 1].split() == ["not", "shown:", "this", "puzzle"] * 3  # three across


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shapes=st.lists(st.tuples(st.integers(1, 25), st.integers(1, 19)), min_size=1, max_size=8),
    spacing=st.integers(1, 9),
    name=st.integers(1, 74).flatmap(
        lambda n: st.text("abxyz019-_.:# /\\", min_size=n, max_size=n)
    ).map(str.strip).filter(bool),
    title=st.text("ab cd: 数", max_size=200),
)
@example(shapes=[(20, 19)] * 2, spacing=5, name="20x19-fiendish-symmetric-" + "9" * 49,
         title="Sunday Numbrix " * 9)
@example(shapes=[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (3, 3)], spacing=1, name="x" * 74,
         title="数独パズル集" * 20)
def test_every_line_of_a_paper_booklet_fits_80_columns_and_a_page_60_lines(
    shapes, spacing, name, title
):
    """Up to 19 columns of board, a name that fits a line, any title (wide characters
    count two columns)."""
    entries = []
    for rows, cols in shapes:
        solution = serpentine(rows, cols)
        puzzle = Puzzle(np.where((solution - 1) % spacing == 0, solution, 0),
                        {"id": name, "difficulty": "fiendish"})
        entries.append(Entry(puzzle, name, solution))
    for text in (paper.booklet(entries, title), paper.answer_key(entries, title)):
        lines = laid_out_lines(text)
        assert max(map(columns, lines)) <= PAGE_WIDTH, max(lines, key=columns)
        assert all(sheet.count("\n") <= PAGE_LINES for sheet in text.split(FORM_FEED))
        assert not any(line.lstrip().startswith("#") for line in lines)
    assert boards_of(paper.booklet(entries, title, answer_key=False), "", entries) == [
        named_cells(entry.puzzle.givens) for entry in entries]


# --- numbrix print ------------------------------------------------------------------------

PLAIN = """\
# id: first
1  .  3
.  .  .
7  .  9

.  .
.  4
"""


def run_print(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["print", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_print_turns_any_file_into_a_booklet(capsys, puzzle_file):
    path = puzzle_file(PLAIN)
    code, out, err = run_print(capsys, str(path))
    assert code == 0 and err == ""
    back = parse_puzzles(out)
    original = parse_puzzles(PLAIN)
    assert [p.givens.tolist() for p in back] == [p.givens.tolist() for p in original]
    # labels: the id, else FILE#K, as check names it, which becomes the id (read back, it
    # was the booklet's own #2)
    assert [p.metadata for p in back] == [{"id": "first"}, {"id": f"{path}#2"}]
    assert "first" in out and f"{path}#2" in out


def test_print_keeps_no_id_longer_than_an_id_may_be(capsys, tmp_path):
    """A file deep in folders: its FILE#K, written as the id, was refused reading the
    booklet back (an id holds at most 2,000 characters)."""
    from numbrix_curses import MAX_METADATA_CHARS

    folder = tmp_path
    while len(str(folder)) <= MAX_METADATA_CHARS:
        folder = folder / ("d" * 200)
    folder.mkdir(parents=True)
    path = folder / "p.txt"
    path.write_text("1 . 3\n. . .\n. . 9\n")
    code, out, err = run_print(capsys, str(path))
    assert code == 0 and err == ""
    [back] = parse_puzzles(out)
    assert back.id is None and f"{path}#1" in out  # (still named in its header)
    assert "Answer key" not in out


def test_print_makes_one_booklet_of_several_files(capsys, puzzle_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (short names: a long title is cut to fit the page)
    puzzle_file(PLAIN, "first.txt")
    second = puzzle_file("# id: other\n1 . .\n. . .\n. . 9\n", "second.txt")
    code, out, err = run_print(capsys, "first.txt", "second.txt")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "# Numbrix puzzles from first.txt and second.txt"
    back = parse_puzzles(out)
    assert [p.givens.tolist() for p in back] == [
        p.givens.tolist() for p in parse_puzzles(PLAIN) + parse_puzzles(second.read_text())
    ]
    assert "other" in out and "first.txt#2" in out  # each file's puzzles keep their labels


def test_print_with_solutions_solves_each_puzzle(capsys, puzzle_file):
    path = puzzle_file(PLAIN)
    code, out, _ = run_print(capsys, str(path), "--solutions")
    key = out.split("# Answer key", 1)[1]
    assert "#  1 2 3\n#  6 5 4\n#  7 8 9" in key  # the 3x3 puzzle's unique solution
    assert "more than one solution" in key  # the 2x2 puzzle has two
    assert code == 1


def test_print_answer_key_says_why_a_puzzle_has_no_solution(capsys, puzzle_file):
    path = puzzle_file("# id: slip\n1 . 2\n. . .\n. . 9\n")
    code, out, _ = run_print(capsys, str(path), "--solutions")
    key = out.split("# Answer key", 1)[1]
    # the note is broken between words to stay on the page, each part a comment
    assert (
        "#   not shown: this puzzle has no solution (1 and 2 are given but not next to\n"
        "#   each other)\n"
    ) in key
    assert all(len(line) <= PAGE_WIDTH for line in out.splitlines())
    assert [p.id for p in parse_puzzles(out)] == ["slip"]
    assert code == 1


def test_print_reads_a_generated_booklet_back(capsys, tmp_path, made):
    path = tmp_path / "booklet.txt"
    path.write_text(booklet(entries_of(made[:3])), encoding="utf-8")
    code, out, _ = run_print(capsys, str(path), "--solutions")
    assert code == 0
    assert [p.givens.tolist() for p in parse_puzzles(out)] == [
        g.puzzle.givens.tolist() for g in made[:3]
    ]
    assert np.array_equal(parse_puzzles(solutions_sheet(entries_of(made[:3])))[0].givens,
                          made[0].solution)


def test_print_bad_file_is_one_line_and_exit_2(capsys, tmp_path):
    code, out, err = run_print(capsys, str(tmp_path / "missing.txt"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "missing.txt" in err


@pytest.mark.parametrize("extra", [3, 9])
def test_a_boxed_board_whose_metadata_would_run_it_over_a_sheet_is_printed_compact(extra):
    """Before: a 25-row board boxed (51 lines) under a generated puzzle's five metadata
    lines and more of the file's own (an author, a source) made a block taller than a page:
    the sheet ran over by its last rows, which came out on a sheet of their own. Compact, it
    fits a page, and both booklet and answer sheet still read back."""
    puzzle, solution = tall_puzzle(keys=5, extra=extra)
    entries = [Entry(puzzle, puzzle.id, solution)] * 2
    for text in (booklet(entries, "Tall ones"), solutions_sheet(entries, "Tall ones")):
        sheets = text.split(FORM_FEED)
        assert all(sheet.count("\n") <= PAGE_LINES for sheet in sheets), [
            sheet.count("\n") for sheet in sheets]
        # (each board whole on one sheet: its 25 rows under its header and metadata)
        for sheet in map(str.splitlines, sheets):
            for k, line in enumerate(sheet):
                if line.startswith("# id: "):
                    assert len(sheet[k:]) >= 5 + extra + 25
    back = parse_puzzles(booklet(entries, "Tall ones"))
    assert [p.givens.tolist() for p in back] == [puzzle.givens.tolist()] * 2
    assert [p.metadata for p in back] == [puzzle.metadata] * 2
    [solved, _] = parse_puzzles(solutions_sheet(entries, "Tall ones"))
    assert solved.givens.tolist() == solution.tolist()


@pytest.mark.parametrize("rows", [26, 30])
def test_a_narrow_board_too_tall_for_a_page_boxed_is_printed_compact(rows):
    """Boxed, a board takes two lines a row: past 25 rows it would run off the sheet, so
    a narrow board that tall is written compact, one line a row, as a wide one is."""
    assert uses_boxed_layout(25, 15) and not uses_boxed_layout(rows, 15)
    solution = serpentine(rows, 10)
    givens = np.where((solution - 1) % 7 == 0, solution, 0)
    puzzle = Puzzle(givens, {"id": "tall"})
    for text in (booklet([Entry(puzzle, "tall", solution)]),
                 solutions_sheet([Entry(puzzle, "tall", solution)])):
        assert all(sheet.count("\n") <= PAGE_LINES for sheet in text.split(FORM_FEED)), text
        assert not any(line.startswith(("+", "|")) for line in text.split("\n"))
    [back] = parse_puzzles(booklet([Entry(puzzle, "tall", solution)], answer_key=False))
    assert back.givens.tolist() == givens.tolist()
