"""The puzzle model: board geometry, givens, validation and the solution check.

A board is R x C cells, numbered row-major (cell = row * cols + col). Its geometry is a
neighbour table built once per shape; everything that walks the board (solver, deduction,
generator, game) goes through `Geometry` rather than doing its own `r +- 1` arithmetic, so a
new shape or move rule costs one table. For the bit-parallel searches the geometry also
offers `expand(mask)`: the cells next to any cell of a bitmask (Python int, bit i = cell i).

Nothing here knows a file format, a search or a screen; `ParseError`, the wording its
messages share (`cells_text`, `cut_short`) and what a cell written as text holds
(`cell_value`: a text file's cells, a JSON grid's string cells) are here only so both
file readers use them without importing each other (`textformat` imports `jsonformat`,
so not the other way).
"""
from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Sequence

import numpy as np

from numbrix_curses import MAX_SIDE, MIN_SIDE
BLANK = 0


class PuzzleError(ValueError):
    """A puzzle whose givens break the rules (bad shape, out of range, duplicate).

    `cell` is the (row, col) at fault when there is one, so the text reader can turn it into
    a line and column.
    """

    def __init__(self, message: str, cell: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.cell = cell


class ParseError(Exception):
    """A problem in a puzzle file, located at `filename`:`line`:`col` (1-based); both readers
    (`textformat`, `jsonformat`) raise it, and every command reports it as one line.

    `line` and `col` are 0 when the problem concerns the whole file (cannot be read); the
    error then renders as ``FILE: message``.
    """

    def __init__(self, filename: str, line: int, col: int, message: str) -> None:
        self.filename = filename
        self.line = line
        self.col = col
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.filename}: {self.message}"
        return f"{self.filename}:{self.line}:{self.col}: {self.message}"


def plural(count: int, word: str) -> str:
    """"1 move", "2 moves", "2,839 steps": a count of `word`, thousands parted."""
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def a_size(rows: int, cols: int) -> str:
    """"a 7x7" or "an 8x7", "an 11x11", "an 18x4": the size with its article, as said."""
    said = str(rows)
    return f"{'an' if said.startswith('8') or said in ('11', '18') else 'a'} {rows}x{cols}"


def cells_text(count: int) -> str:
    """``1 cell`` or ``N cells``, for the readers' messages about a row's length."""
    return plural(count, "cell")


def cut_short(text: str) -> str:
    """`text` cut to 20 characters for a message: a faulty cell or key in a file may be
    thousands of characters long."""
    return text if len(text) <= 20 else text[:17] + "..."


def at_least_two_and_three(a: int, b: int, c: int, d: int) -> tuple[int, int]:
    """The bits set in at least two of the four masks, and those set in at least three (the
    four are usually one per side of a cell: see `Geometry.two_and_three_neighbours_in`)."""
    return (
        (a & b) | (c & d) | ((a | b) & (c | d)),
        (a & b & (c | d)) | (c & d & (a | b)),
    )


@dataclass(frozen=True, eq=False)
class Geometry:
    """Neighbour table and bitmask helpers for one R x C board shape."""

    rows: int
    cols: int
    neighbours: tuple[tuple[int, ...], ...]
    #: checkerboard colour of each cell, 0 or 1 ((row + col) % 2)
    colour: tuple[int, ...]
    full_mask: int
    #: cells of colour 1 as a bitmask
    odd_mask: int
    not_last_col: int = field(repr=False)
    not_first_col: int = field(repr=False)
    #: each cell's neighbour to the north, east, south and west (-1 off the board), for
    #: walks that turn (see `constraints.outer_walk`)
    headings: tuple[tuple[int, int, int, int], ...] = field(repr=False)
    #: each cell's neighbours as a bitmask
    neighbour_masks: tuple[int, ...] = field(repr=False)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cell(self, row: int, col: int) -> int:
        return row * self.cols + col

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def expand(self, mask: int) -> int:
        """Cells orthogonally next to some cell of `mask` (not including `mask` itself)."""
        cols = self.cols
        return (
            ((mask & self.not_last_col) << 1)
            | ((mask & self.not_first_col) >> 1)
            | (mask << cols)
            | (mask >> cols)
        ) & self.full_mask

    def with_two_neighbours_in(self, mask: int) -> int:
        """Cells (anywhere on the board) that have at least two neighbours in `mask`."""
        return self.neighbour_counts(mask)[1]

    def two_and_three_neighbours_in(
        self, mask: int, cut_h: int = 0, cut_v: int = 0
    ) -> tuple[int, int]:
        """(cells with at least two neighbours in `mask`, cells with at least three).

        Neighbours across a cut edge do not count: bit x of `cut_h` cuts the edge from cell x
        to its right neighbour, bit x of `cut_v` the edge to the cell below it.
        """
        cols = self.cols
        if not cut_h | cut_v:
            return at_least_two_and_three(
                (mask & self.not_last_col) << 1,
                (mask & self.not_first_col) >> 1,
                (mask << cols) & self.full_mask,
                mask >> cols,
            )
        return at_least_two_and_three(
            ((mask & self.not_last_col) << 1) & ~(cut_h << 1),
            ((mask & self.not_first_col) >> 1) & ~cut_h,
            (mask << cols) & self.full_mask & ~(cut_v << cols),
            (mask >> cols) & ~cut_v,
        )

    def neighbour_counts(self, mask: int) -> tuple[int, int]:
        """(cells with at least one neighbour in `mask`, cells with at least two)."""
        cols = self.cols
        one = two = 0
        for shifted in (
            (mask & self.not_last_col) << 1,
            (mask & self.not_first_col) >> 1,
            mask << cols,
            mask >> cols,
        ):
            two |= one & shifted
            one |= shifted
        full = self.full_mask
        return one & full, two & full

    def cells_of(self, mask: int) -> Iterator[int]:
        """The cells of a bitmask, lowest first."""
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low


@functools.lru_cache(maxsize=64)
def geometry(rows: int, cols: int) -> Geometry:
    """The (cached) geometry of an R x C board with orthogonal moves."""
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"board {rows}x{cols} is outside {MIN_SIDE}x{MIN_SIDE}..{MAX_SIDE}x{MAX_SIDE}"
        )
    table = []
    headings = []
    colour = []
    not_last = not_first = odd = 0
    for r in range(rows):
        for c in range(cols):
            cell = r * cols + c
            nbrs = []
            if r > 0:
                nbrs.append(cell - cols)
            if c > 0:
                nbrs.append(cell - 1)
            if c < cols - 1:
                nbrs.append(cell + 1)
                not_last |= 1 << cell
            if r < rows - 1:
                nbrs.append(cell + cols)
            if c > 0:
                not_first |= 1 << cell
            table.append(tuple(nbrs))
            headings.append((
                cell - cols if r > 0 else -1,
                cell + 1 if c < cols - 1 else -1,
                cell + cols if r < rows - 1 else -1,
                cell - 1 if c > 0 else -1,
            ))
            colour.append((r + c) & 1)
            if (r + c) & 1:
                odd |= 1 << cell
    return Geometry(
        rows=rows,
        cols=cols,
        neighbours=tuple(table),
        colour=tuple(colour),
        full_mask=(1 << (rows * cols)) - 1,
        odd_mask=odd,
        not_last_col=not_last,
        not_first_col=not_first,
        headings=tuple(headings),
        neighbour_masks=tuple(sum(1 << n for n in near) for near in table),
    )


@dataclass(eq=False)
class Puzzle:
    """An R x C board of givens (int16, 0 = blank) plus free-form metadata.

    Construct through `Puzzle.from_rows` or `Puzzle(givens=array)`; the constructor
    validates, so a `Puzzle` in hand always obeys the rules.
    """

    givens: np.ndarray
    metadata: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        grid = np.asarray(self.givens)
        if grid.ndim != 2:
            raise PuzzleError("a puzzle grid must be two-dimensional")
        rows, cols = grid.shape
        geometry(rows, cols)  # validates the shape
        size = rows * cols
        if grid.dtype.kind not in "iu":
            raise PuzzleError("puzzle cells must be integers")
        _check_givens(grid, size)
        self.givens = grid.astype(np.int16, copy=True)
        self.givens.setflags(write=False)

    @classmethod
    def from_rows(
        cls, rows: Sequence[Sequence[int]], metadata: Mapping[str, str] | None = None
    ) -> "Puzzle":
        widths = {len(r) for r in rows}
        if len(rows) == 0 or len(widths) != 1 or 0 in widths:
            raise PuzzleError("rows must be non-empty and all the same length")
        return cls(np.array(rows, dtype=np.int64), dict(metadata or {}))

    @property
    def rows(self) -> int:
        return int(self.givens.shape[0])

    @property
    def cols(self) -> int:
        return int(self.givens.shape[1])

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def geometry(self) -> Geometry:
        return geometry(self.rows, self.cols)

    @property
    def id(self) -> str | None:
        return self.metadata.get("id")

    @property
    def clue_count(self) -> int:
        return int(np.count_nonzero(self.givens))

    def given_cells(self) -> dict[int, int]:
        """{number: cell} for every given."""
        flat = self.givens.ravel()
        return {int(flat[i]): int(i) for i in np.flatnonzero(flat)}

    def flat(self) -> list[int]:
        """The givens as a flat row-major list of Python ints (0 = blank)."""
        # (`tolist`: numpy's scalars made one by one took 60 us for a 30x30 board, and a
        # save after every change takes three of these)
        return self.givens.ravel().tolist()

    def with_givens(self, grid: np.ndarray | Sequence[Sequence[int]]) -> "Puzzle":
        """A new puzzle of the same metadata with other givens."""
        return Puzzle(np.array(grid, dtype=np.int64), dict(self.metadata))

    def is_solution(self, grid: np.ndarray | Sequence[Sequence[int]]) -> bool:
        """True when `grid` is a full path 1..R*C through neighbours keeping every given."""
        return is_solution(self, grid)

    def __repr__(self) -> str:
        return f"Puzzle({self.rows}x{self.cols}, clues={self.clue_count}, id={self.id!r})"


def _check_givens(grid: np.ndarray, size: int) -> None:
    """Refuse a number outside 1..size or a repeated one, naming the first bad cell.

    "First" is in row-major order, as a reader scanning the board would meet it: whichever
    comes first of a number out of range and the second copy of a number. Whole-array
    operations rather than a loop per cell, so a file of a thousand 30x30 boards is
    checked in milliseconds.
    """
    flat = grid.ravel()
    cols = grid.shape[1]
    out_of_range = (flat < 0) | (flat > size)
    first_out = int(np.argmax(out_of_range)) if out_of_range.any() else flat.size
    # Numbers in range only: an out-of-range number is reported at its first copy, which
    # comes before any repeat of it.
    cells = np.flatnonzero((flat != BLANK) & ~out_of_range)
    first_repeat = flat.size
    if cells.size > 1:
        values = flat[cells].astype(np.int64)
        order = np.argsort(values, kind="stable")  # equal numbers keep their cell order
        ranked = values[order]
        repeats = cells[order[1:][ranked[1:] == ranked[:-1]]]
        if repeats.size:
            first_repeat = int(repeats.min())
    if first_out < first_repeat:
        v = int(flat[first_out])
        raise PuzzleError(f"{v} is out of range 1..{size}", divmod(first_out, cols))
    if first_repeat < flat.size:
        v = int(flat[first_repeat])
        earlier = int(np.flatnonzero(flat == v)[0])
        pr, pc = divmod(earlier, cols)
        raise PuzzleError(
            f"{v} appears twice (also at row {pr + 1}, column {pc + 1})",
            divmod(first_repeat, cols),
        )


def is_solution(puzzle: Puzzle, grid: np.ndarray | Sequence[Sequence[int]]) -> bool:
    """Whether `grid` solves `puzzle`: right shape, a path 1..N, every given kept."""
    arr = np.asarray(grid)
    if arr.shape != puzzle.givens.shape:
        return False
    flat = [int(v) for v in arr.ravel()]
    size = puzzle.size
    if sorted(flat) != list(range(1, size + 1)):
        return False
    givens = puzzle.givens.ravel()
    for i in np.flatnonzero(givens):
        if flat[i] != int(givens[i]):
            return False
    where = [0] * (size + 1)
    for cell, v in enumerate(flat):
        where[v] = cell
    geo = puzzle.geometry
    return all(geo.adjacent(where[v], where[v + 1]) for v in range(1, size))


def path_to_grid(rows: int, cols: int, path: Iterable[int]) -> np.ndarray:
    """A filled grid from a sequence of cells: the k-th cell holds k (1-based)."""
    grid = np.zeros((rows, cols), dtype=np.int16)
    for k, cell in enumerate(path, start=1):
        grid[cell // cols, cell % cols] = k
    return grid


def cell_name(row: int, col: int) -> str:
    """Spreadsheet-style name of a cell for messages: column letter, row number ("C4")."""
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{row + 1}"


#: a blank cell as text: what the reader takes for one (runs of them too, see `cell_value`)
#: (-1 as generators write a blank in their grids, JSON or text: "3 -1 9" was refused)
BLANK_TOKENS = frozenset({".", "_", "-", "0", "-1"})
#: the dashes a word processor makes of a typed "-" (figure, en, em; the minus sign)
TYPESET_DASHES = "\u2012\u2013\u2014\u2212"


def cell_value(token: str) -> int | None:
    """The value of a cell written as text (0 = blank), or None when it is neither number
    nor blank: the text format's cells, and a JSON grid's cells written as strings."""
    if not token.isascii():
        if any(unicodedata.category(char) == "No" for char in token):
            # Superscript, circled and other "digits" that are no decimal digits ("¹",
            # "①"): NFKC would turn them into numbers nobody typed as such.
            return None
        # Full-width digits and dots ("１２", "．"), as a board copied off a page set in
        # Chinese or Japanese writes them, are the digits and dots they look like.
        token = unicodedata.normalize("NFKC", token)
        if token.isdecimal() and not token.isascii():
            # Other scripts' digits (Arabic-Indic "١٢", Persian "۱۲", Devanagari "१२"),
            # which NFKC leaves alone, are the numbers they write too.
            token = "".join(str(unicodedata.decimal(char)) for char in token)
    if token in BLANK_TOKENS or not token.strip("._-\u00b7?" + TYPESET_DASHES):
        # ("__" or ".." too: a blank as wide as the two-digit numbers around it; "·" is the
        # app's blank, in a board copied off its screen; "?" is how many write a cell not
        # known; the figure, en and em dashes and the minus sign are the "-" a word
        # processor turns it into as it is typed)
        return 0
    if token.isdigit() and token.isascii():
        return written_number(token)
    if token[:1] == "[" and token[-1:] == "]" and token[1:-1].isdigit() and token.isascii():
        # (a given boxed in brackets, "[1] . [3]", as some write the givens apart from
        # the numbers a solver filled in; a box round no number is no given: refused)
        return written_number(token[1:-1]) or None
    return None


def written_number(digits: str) -> int:
    """The number a run of ASCII digits writes, as a cell's or a list's field; 10**6 for
    any of more than six digits (leading zeros apart). Guards int() against thousands of
    digits (Python refuses more than 4300, and takes its time below): a number this long
    is past any board's numbers, sides and places, so a value every range check refuses
    does, and the message says the number as written."""
    significant = digits.lstrip("0")
    return int(significant or "0") if len(significant) <= 6 else 10**6
