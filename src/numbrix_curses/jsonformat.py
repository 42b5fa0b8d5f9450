"""Puzzles as JSON: reading back what `numbrix generate --format json` writes.

This module owns the JSON input format; `textformat.parse_puzzles` hands it any text that
starts with ``{`` or ``[`` (after its checks of size, lines and control characters), so
every command that reads a puzzle file reads JSON too. Accepted:

- JSON Lines, one object per line, as `generate --format json` writes them;
- objects one after another, each over lines of its own, as `jq` writes them (and
  `json.dump(record, file, indent=2)` run for each), or some so and some a line each;
- one object, or one array of objects, over any number of lines;
- a bare grid, ``[[1, 0, 3], [0, 0, 0], [0, 0, 9]]`` (a list of rows, 0 for a blank), or
  its rows a line each, ``[1, 0, 3]`` then ``[0, 0, 0]`` ... (a blank line ends the grid).

A blank may also be ``null``, JSON's own word for "nothing here", which other programs
write for an empty cell, or ``-1``, as some generators write it, where the grid writes no
blank another way (see `_rows`); a cell may be a string too, as programs that keep what
was typed write it (``"12"``, and ``""`` or ``"."`` for a blank). An object's ``puzzle``
holds its grid (or, in an object without one, ``grid``, ``givens`` or ``board``, the
names other programs give it; where none of those holds a grid, the same names in its
``puzzle`` object or its ``metadata``, where other programs keep it: see
`GRID_HOLDERS`); ``id``,
``difficulty``, ``seed``, ``pattern``, ``symmetry`` and ``inside`` become the puzzle's
metadata, as the text format's ``# key:`` lines would (a null, a ``random`` pattern and no
inside givens are left out, as the text writer leaves them out). Other keys
(``solution``, ``clues``, ...) are ignored: a record that `solve --json` wrote holds no
puzzle, and is refused as such.

An object that gives a key twice is refused wherever it stands (``json.loads`` alone would
keep the last value without a word), named at the repeat and the first.

Errors are `ParseError`s at the line and column of the cell (or row) at fault, where the
fault is in the grid, else where the faulty record starts (a record of an array is named by
its place in it too), or at the JSON parser's line and column for a syntax error.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

import numpy as np

from . import LONE_SURROGATE, MAX_METADATA_CHARS
from .puzzle import MAX_SIDE, ParseError, Puzzle, PuzzleError, cell_value, cells_text, cut_short

# Characters a metadata value cannot hold: control characters (the text reader refuses them
# too: an escape sequence in an id would reach the terminal) and line breaks (a `# key:`
# line holds one line). JSON can spell them all with `\u` escapes, past the reader's checks.
_NOT_ON_A_LINE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
# Unicode's line and paragraph separators: a space in a metadata value, each run of them, as
# the text reader reads them and the writers write them (kept, an id read from JSON and
# written as text came back another)
_LINE_SEPARATORS = re.compile("[\u2028\u2029]+")

#: where a record's grid may be, in the order looked at: ours, then other programs' names
GRID_KEYS = ("puzzle", "grid", "givens", "board")
#: objects of a record that may hold its grid under one of `GRID_KEYS`, where the record
#: has none of its own: a "puzzle" object ({"puzzle": {"grid": [[...]]}}), and "metadata",
#: where generators that write a prompt and its answer at the top keep the grid
GRID_HOLDERS = ("puzzle", "metadata")
#: keys of a record that become the puzzle's metadata, in the order the text writer uses
METADATA_KEYS = ("id", "difficulty", "pattern", "seed", "symmetry", "inside")


def parse_json_puzzles(text: str, filename: str, most: int,
                       cancel_check: Callable[[], None] | None = None,
                       progress: Callable[[int, float], None] | None = None) -> list[Puzzle]:
    """Every puzzle in `text` (at most `most`), JSON as described above; raises
    `ParseError`. `cancel_check`, when given, is called between records and may raise to
    stop the read; `progress`, when given, is told between records how many puzzles have
    been read and what fraction of the records (see `textformat.parse_puzzles`)."""
    check = cancel_check or _go_on
    tell = progress or _untold
    text = _plain_spaces(text)
    try:
        document = _loads(text, filename, 0)
    except _ExtraData:
        stream = _records_over_lines(text, filename, check)
        if stream is None:
            return _parse_lines(text, filename, most, check, tell)
        return _stream_puzzles(text, filename, most, check, tell, stream)
    if isinstance(document, list) and document and all(isinstance(x, dict) for x in document):
        if len(document) > most:
            raise ParseError(
                filename, 1, 1, f"more than {most:,} puzzles in one file; split it up")
        return _puzzles_of(document, text, filename, check, tell,
                           lambda k: _element_start(text, k), "record {} of the array: ")
    if _is_row(document) and document:
        # One row on its own, as a grid written a row a line ends up for a 1xN board: read
        # as such a grid (`[1, 0, 3]` was refused, "a grid must be a list of rows").
        if "\n" not in text.strip():
            return _parse_lines(text, filename, most, check, tell)
        document = [document]  # (the row spread over lines: a grid of one row still)
    try:
        return [_puzzle(document)]
    except _BadRecord as error:
        line, col = _line_col(text, _fault_at(text, len(text) - len(text.lstrip()), error))
        raise ParseError(filename, line, col, str(error)) from None


#: the spaces other than JSON's four: a no-break space, as a copy off a web page brings,
#: the typographic ones, a full-width one
_OTHER_SPACES = "\u00a0" + "".join(map(chr, range(0x2000, 0x200b))) + "\u202f\u205f\u3000"
#: a string (kept as it is), or one of `_OTHER_SPACES` outside one
_STRING_OR_SPACE = re.compile(rf'"(?:[^"\\\n]|\\.)*"|[{_OTHER_SPACES}]')


def _plain_spaces(text: str) -> str:
    """`text` with the spaces JSON does not take, outside its strings, made plain ones,
    character for character (so that an error's column stays where it was): JSON copied
    off a web page was "invalid JSON: Expecting value" at a no-break space."""
    # (looked for one by one first: the pattern took most of a second on a file of 9 MB
    # whose ids have accents)
    if text.isascii() or not any(space in text for space in _OTHER_SPACES):
        return text
    return _STRING_OR_SPACE.sub(
        lambda found: found.group() if found.group()[0] == '"' else " ", text)


def _records_over_lines(text: str, filename: str,
                        check: Callable[[], None]) -> list[tuple[int, dict]] | None:
    """The objects of `text`, where it holds objects one after another and the first is
    written over several lines (as `jq` writes each): each with where it starts. None where
    its first line holds a whole value (JSON Lines, read a line at a time) or where a
    value is no object. Raises `ParseError` at a value that is no JSON; `check` is called
    between values (see `parse_json_puzzles`)."""
    # (read as JSON Lines, the first object's "{" alone on its line was "invalid JSON" at
    # line 1, which is valid there)
    at = _skip_space(text, 0)
    end = text.find("\n", at)
    if starts_with_json(text[at:] if end < 0 else text[at:end]):
        return None
    decoder = json.JSONDecoder()
    records = []
    # (the lines counted on from the last record: counted from the top for each, a file
    # of thousands of records took minutes)
    line, counted = 1, 0
    while at < len(text):
        if text[at] != "{":
            return None
        check()
        line += text.count("\n", counted, at)
        counted = at
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        try:
            _, end = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            end = len(text)  # (read by `_loads` below, which says what is wrong and where)
        # (read again as every record is, keys given twice refused, from its own line and
        # column, so that an error names the place in the file)
        record = _loads(" " * (col - 1) + text[at:end], filename, line - 1)
        if not isinstance(record, dict):
            return None
        records.append((at, record))
        at = _skip_space(text, end)
    return records


def _stream_puzzles(text: str, filename: str, most: int, check: Callable[[], None],
                    tell: Callable[[int, float], None],
                    records: list[tuple[int, dict]]) -> list[Puzzle]:
    """The puzzles of `records` (see `_records_over_lines`), each fault placed in `text`."""
    if len(records) > most:
        raise ParseError(filename, _line_col(text, records[most][0])[0], 1,
                         f"more than {most:,} puzzles in one file; split it up")
    return _puzzles_of([record for _, record in records], text, filename, check, tell,
                       lambda k: records[k][0])


def _puzzles_of(records: list[Any], text: str, filename: str, check: Callable[[], None],
                tell: Callable[[int, float], None], start_of: Callable[[int], int],
                label: str = "") -> list[Puzzle]:
    """The puzzle of each of `records`; a faulty one raises `ParseError` at its fault in
    `text`, found from where record k starts (`start_of(k)`), its message after `label`
    (which may name the record's number, counted from 1, as `{}`)."""
    puzzles = []
    for k, record in enumerate(records):
        check()
        tell(k, k / len(records))
        try:
            puzzles.append(_puzzle(record))
        except _BadRecord as error:
            # (placed only now: most files have no error to place)
            line, col = _line_col(text, _fault_at(text, start_of(k), error))
            raise ParseError(filename, line, col, label.format(k + 1) + str(error)) from None
    return puzzles


def _element_start(text: str, index: int) -> int:
    """Where element `index` of the JSON array that `text` holds starts."""
    decoder = json.JSONDecoder()
    at = text.index("[") + 1
    for _ in range(index):
        at = _skip_space(text, at)
        _, at = decoder.raw_decode(text, at)
        at = _skip_space(text, at) + 1  # past the comma
    return _skip_space(text, at)


def _fault_at(text: str, start: int, error: "_BadRecord") -> int:
    """Where in `text` the fault `error` found in the record starting at `start` is: the
    cell, or the row, it names; else the record's start."""
    if error.row is None:
        return start
    path: list[str | int] = list(error.keys)
    path.append(error.row - 1)
    if error.col is not None:
        path.append(error.col - 1)
    try:
        return _locate(text, start, path)
    except (ValueError, IndexError, RecursionError):  # (the record's start will do)
        return start


def _locate(text: str, at: int, path: list[str | int]) -> int:
    """Where the value that `path` (object keys and array indexes) leads to starts, in the
    JSON value starting at `at`. The text is valid JSON there: `json.loads` read it."""
    decoder = json.JSONDecoder()
    for step in path:
        at = _skip_space(text, at)
        if isinstance(step, str):
            if text[at] != "{":
                raise ValueError("no object")
            at, found = at + 1, -1
            while text[_skip_space(text, at)] != "}":
                name, at = decoder.raw_decode(text, _skip_space(text, at))
                at = _skip_space(text, _skip_space(text, at) + 1)  # past the colon
                if name == step:
                    found = at
                _, at = decoder.raw_decode(text, at)
                at = _skip_space(text, at)
                if text[at] == ",":
                    at += 1
            if found < 0:
                raise ValueError("no such key")
            at = found
        else:
            if text[at] != "[":
                raise ValueError("no array")
            at += 1
            for _ in range(step):
                _, at = decoder.raw_decode(text, _skip_space(text, at))
                at = _skip_space(text, at) + 1  # past the comma
            at = _skip_space(text, at)
    return at


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\n\r":
        at += 1
    return at


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset` in `text`."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


class _ExtraData(Exception):
    """More than one JSON value in the text: JSON Lines. `col` is where the rest starts on
    its line (from 1), and `rest` the rest of that line."""

    def __init__(self, col: int, rest: str) -> None:
        super().__init__(rest)
        self.col = col
        self.rest = rest


def starts_with_json(text: str) -> bool:
    """Whether `text` starts with a whole JSON value (a second record, say)."""
    try:
        json.JSONDecoder().raw_decode(text)
    except ValueError:
        return False
    except RecursionError:
        return True  # (arrays or objects nested past Python's depth: JSON, as no text is)
    return True


class _BadRecord(Exception):
    """A record that is no puzzle; the caller knows where it stands in the file. `row` and
    `col` are the grid's row and column (from 1) the fault is in, when it is in one, and
    `keys` the record's keys that lead to the grid (none for a bare grid)."""

    def __init__(self, message: str, row: int | None = None, col: int | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.col = col
        self.keys: tuple[str, ...] = ()


def _bad_cell(r: int, c: int, what: str) -> _BadRecord:
    """The error for the cell in row `r`, column `c` (both from 1)."""
    return _BadRecord(f"row {r}, column {c}: {what}", row=r, col=c)


class _RepeatedKey(Exception):
    """A JSON object gives the same key twice (`json.loads` would keep the last silently)."""


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads`'s object_pairs_hook: the object as a dict, unless a key repeats."""
    record = dict(pairs)
    if len(record) != len(pairs):
        raise _RepeatedKey
    return record


class _Written(float):
    """A JSON number that is not an integer, with its text as the file wrote it: 1e400
    becomes inf, which a message must not quote as if the file said so."""

    written: str

    def __new__(cls, text: str) -> "_Written":
        number = super().__new__(cls, text)
        number.written = text
        return number


def _loads(text: str, filename: str, line_offset: int) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_refuse_repeats,
                          parse_float=_Written, parse_constant=_Written)
    except _RepeatedKey:
        # (placed only now, by a second, slower reading: most files have no repeat)
        key, at, first = _first_repeat(text)
        line, col = _line_col(text, at)
        first_line, first_col = _line_col(text, first)
        raise ParseError(
            filename, line + line_offset, col,
            f"repeated key {cut_short(key)!r} in a JSON object"
            f" (also at line {first_line + line_offset}, column {first_col})",
        ) from None
    except json.JSONDecodeError as error:
        if error.msg == "Extra data":
            raise _ExtraData(error.colno, text[error.pos:].split("\n", 1)[0]) from None
        raise ParseError(
            filename, error.lineno + line_offset, error.colno, f"invalid JSON: {_said(error)}"
        ) from None
    except RecursionError:
        raise ParseError(filename, line_offset + 1, 1, "JSON nested too deeply") from None
    except ValueError:  # a number of thousands of digits, past what Python converts
        long = re.search(r"\d{4301,}", text)  # (placed now: its column was always 1)
        line, col = _line_col(text, long.start()) if long else (1, 1)
        raise ParseError(filename, line + line_offset, col, "JSON number too long") from None


#: the characters JSON's strings must escape that a puzzle text may hold (the reader
#: refuses the other control characters first, and reads "\\r" as a line end), by name
#: and as JSON writes them
_ESCAPED = {"\t": ("a tab", "\\t"), "\x0b": ("a vertical tab", "\\u000b"),
            "\x0c": ("a form feed", "\\f")}


#: Python's words for what JSON writes as null, true and false (a Python list printed)
_JSON_WORDS = {"None": "null", "True": "true", "False": "false"}
_PYTHON_WORD = re.compile(r"(?:None|True|False)\b")


def _said(error: json.JSONDecodeError) -> str:
    """What the JSON parser found wrong, in words that stand without its position (the
    error names the line and column): "Invalid control character at", said of a tab in an
    id, ended in nothing."""
    char = error.doc[error.pos:error.pos + 1]
    if error.msg == "Invalid control character at":
        if char == "\n":
            return "a line break inside a string (its closing quote left out?)"
        name, written = _ESCAPED.get(char, ("a control character", "\\u00XX"))
        return f"{name} inside a string; write it as {written}"
    # (only the bracket that closes what the comma stands in: "[[1, }" lacks its "]]",
    # another fault, said in the parser's words)
    closes = {"Expecting value": "]", "Expecting property name enclosed in double quotes": "}"}
    if char and closes.get(error.msg) == char:
        if error.doc[:error.pos].rstrip().endswith(","):
            # (as Python and JavaScript allow, and JSON does not)
            return f"a comma right before {char!r} (JSON allows none after the last value)"
    if error.msg.startswith("Expecting ") and char == "'":
        # (a Python dict or list printed: repr() quotes with ')
        return 'a string in single quotes; JSON quotes with "'
    python = (_PYTHON_WORD.match(error.doc, error.pos) if error.msg == "Expecting value"
              else None)
    if python is not None:
        word = python.group()
        return f"{word!r} is Python's; JSON writes {_JSON_WORDS[word]}"
    if error.msg == "Unterminated string starting at":
        return "a string with no closing quote"
    if error.msg == "Invalid \\escape":
        return "an escape JSON does not know (a backslash itself is written \\\\)"
    if error.msg == "Invalid \\uXXXX escape":
        return "\\u not followed by four hexadecimal digits"
    return error.msg


def _first_repeat(text: str) -> tuple[str, int, int]:
    """The first key in `text` that its object gives twice: (the key, where the repeat
    starts, where the first one starts). `text` is JSON, valid up to past that repeat.

    One pass, token by token, with a stack of the open objects' keys instead of recursion:
    JSON nested as deep as `json.loads` accepts must not overflow Python's stack here.
    """
    decoder = json.JSONDecoder()
    open_keys: list[dict[str, int] | None] = []  # per open container; None for an array
    at = _skip_space(text, 0)
    while at < len(text):
        char = text[at]
        if char in "{[":
            open_keys.append({} if char == "{" else None)
            at += 1
        elif char in "}]":
            open_keys.pop()
            at += 1
        elif char in ",:":
            at += 1
        elif char == '"':
            string, end = json.decoder.scanstring(text, at + 1)
            after = _skip_space(text, end)
            keys = open_keys[-1] if open_keys else None
            if keys is not None and after < len(text) and text[after] == ":":  # a key
                if string in keys:
                    return string, at, keys[string]
                keys[string] = at
            at = end
        else:  # a number, true, false or null
            _, at = decoder.raw_decode(text, at)
        at = _skip_space(text, at)
    raise AssertionError("json.loads found a repeated key that this scan did not")


def _go_on() -> None:
    """A `cancel_check` that never stops the read."""


def _untold(puzzles: int, fraction: float) -> None:
    """A `progress` that nobody reads."""


def _parse_lines(text: str, filename: str, most: int,
                 check: Callable[[], None],
                 tell: Callable[[int, float], None]) -> list[Puzzle]:
    """One record a line; lines that each hold one row (a flat list, ``[1, 0, 3]``) next to
    each other make one bare grid, as a grid is often written a row a line. A record that
    does not end on its line is read on over the lines it takes (records of one line and
    records over several, as `jq` writes them, in one file)."""
    puzzles: list[Puzzle] = []
    lines = text.split("\n")

    def add(record: Any, number: int, start: int, row_a_line: bool) -> None:
        if len(puzzles) == most:
            raise ParseError(
                filename, number, 1, f"more than {most:,} puzzles in one file; split it up"
            )
        try:
            puzzles.append(_puzzle(record))
        except _BadRecord as error:
            if row_a_line and error.row is not None:
                number += error.row - 1  # name the row's own line, and the cell in it
                error.row, error.keys = 1, ()
                line = "[" + lines[number - 1]
                col = _fault_at(line, 0, error)  # (the "[" added stands for the grid's)
            else:
                # (from where the record starts in the text: it may take several lines)
                number, col = _line_col(text, _fault_at(text, _skip_space(text, start), error))
            raise ParseError(filename, number, col, str(error)) from None

    rows: list[Any] = []  # a grid written a row a line, gathered until it ends
    rows_from = 0
    number, start = 0, 0  # the line read (from 1), and where it starts in the text
    while number < len(lines):
        line = lines[number]
        number += 1
        check()
        tell(len(puzzles), (number - 1) / len(lines))
        blank = not line.strip()
        record_from, record_start = number, start
        if not blank:
            try:
                record = _loads(line, filename, number - 1)
            except _ExtraData as extra:
                # (placed where the rest starts: a second record, or what is no JSON at all)
                raise ParseError(filename, number, extra.col, _after_value(extra.rest)) from None
            except ParseError as error:
                if (error.line != number or error.col <= len(line.rstrip())
                        or not text[start + len(line):].strip()):
                    raise  # (a value cut short at the file's end: said where it stops)
                # A value that goes on past its line's end ("{" alone, as `jq` starts a
                # record it writes over lines, after records of a line each): read on
                # over the lines it takes. It was "invalid JSON: Expecting property name".
                record, end = _value_over_lines(text, start, filename, number)
                number += text.count("\n", start, end)
                start = text.find("\n", end)
                start = len(text) + 1 if start < 0 else start + 1
                _raise_if_more_on_line(text, end, filename, number)
            else:
                start += len(line) + 1
            if _is_row(record):
                if not rows:
                    rows_from = record_from
                rows.append(record)
                continue
        else:
            start += len(line) + 1
        if rows:
            add(rows, rows_from, 0, True)
            rows = []
        if not blank:
            add(record, record_from, record_start, False)
    if rows:
        add(rows, rows_from, 0, True)
    return puzzles


def _value_over_lines(text: str, start: int, filename: str, number: int) -> tuple[Any, int]:
    """The JSON value that starts on the line `number`, starting at `start` in `text`, and
    goes on over the lines after it; with where it ends. Raises `ParseError` where it is
    no JSON, at its line and column in the file."""
    at = _skip_space(text, start)
    col = at - start + 1
    try:
        _, end = json.JSONDecoder().raw_decode(text, at)
    except (ValueError, RecursionError):
        end = len(text)  # (read by `_loads` below, which says what is wrong and where)
    # (read again as every record is, keys given twice refused, from its own line and
    # column, so that an error names the place in the file)
    return _loads(" " * (col - 1) + text[at:end], filename, number - 1), end


def _raise_if_more_on_line(text: str, end: int, filename: str, number: int) -> None:
    """Refuses what follows a value that ended at `end`, on the line `number` it ended on,
    as a line holding more than its one value is refused."""
    line_end = text.find("\n", end)
    rest = text[end:line_end if line_end >= 0 else len(text)]
    if rest.strip():
        col = end - (text.rfind("\n", 0, end) + 1) + 1 + len(rest) - len(rest.lstrip())
        raise ParseError(filename, number, col, _after_value(rest.strip()))


def _after_value(rest: str) -> str:
    """What is wrong with `rest`, which follows a record's value on its line: a second
    record, or what is no JSON at all."""
    if starts_with_json(rest):
        return "more than one JSON value on a line; one record a line"
    return f"{cut_short(rest)!r} after the JSON value is not JSON"


def _is_row(record: Any) -> bool:
    """A flat list, with no list or object in it: a grid's row, not a grid or a record."""
    return isinstance(record, list) and not any(isinstance(x, (list, dict)) for x in record)


def _puzzle(record: Any) -> Puzzle:
    """The puzzle of one record: an object with a ``puzzle`` grid (or another of
    `GRID_KEYS`, in it or in one of its `GRID_HOLDERS`), or a bare grid; raises
    `_BadRecord`."""
    keys: tuple[str, ...] = ()
    if isinstance(record, list):
        grid, metadata, holders = record, {}, []
    elif isinstance(record, dict):
        keys = _grid_keys(record)
        holders = [record] + [record[k] for k in keys[:-1]]
        grid = holders[-1][keys[-1]]
        # (the record's own metadata first; what the object holding the grid says fills in)
        metadata = {k: v for holder in reversed(holders) for k, v in _metadata(holder).items()}
    else:
        raise _BadRecord(f"expected a JSON object or a grid, found {_kind(record)}")
    try:
        return _grid_puzzle(holders, grid, metadata)
    except _BadRecord as error:
        error.keys = keys  # (for the caller to point at the cell)
        raise


def _grid_keys(record: dict) -> tuple[str, ...]:
    """The keys that lead from `record` to its grid: one of `GRID_KEYS`, or, where the
    record has none of them but an object to hold one (a "puzzle" object included), that
    object's key and the grid's in it; raises `_BadRecord` when there is none, or two
    different grids in one object."""
    key = _grid_key(record, "the JSON object")
    if key is None or not isinstance(record[key], list):
        nested: list[tuple[str, str]] = []
        for holder in GRID_HOLDERS:
            inner = record.get(holder)
            if isinstance(inner, dict):
                inner_key = _grid_key(inner, f"the JSON object's \"{holder}\"")
                if inner_key is not None and isinstance(inner[inner_key], list):
                    nested.append((holder, inner_key))
        # (a "puzzle" object beside a grid of the record's own: the object may hold only
        # the puzzle's name and grade, and the grid is the record's; if both hold one,
        # which is the puzzle? A guess would answer for a board nobody gave)
        top = [k for k in GRID_KEYS if isinstance(record.get(k), list)]
        if nested and top:
            holder, inner_key = nested[0]
            raise _BadRecord(f"the JSON object has a grid under \"{top[0]}\" and another "
                             f"in its \"{holder}\" object; keep the puzzle's only")
        if nested:
            return nested[0]
        if top:
            return (top[0],)
    names = ", ".join(f'"{name}"' for name in GRID_KEYS[:-1]) + f' or "{GRID_KEYS[-1]}"'
    holders = " or ".join(f'"{name}"' for name in GRID_HOLDERS)
    looked = (f"a grid, [[...], ...], is looked for under {names}, in the object or in its "
              f"{holders} object")
    if key is None:
        found = "a solution but no puzzle" if "solution" in record else "no puzzle"
        raise _BadRecord(f"the JSON object has {found}: {looked}")
    if isinstance(record[key], dict):
        raise _BadRecord(f"the JSON object's \"{key}\" is an object with no grid in it: "
                         f"{looked}")
    return (key,)


def _grid_key(record: dict, what: str) -> str | None:
    """Which of `GRID_KEYS` holds `record`'s grid (`what` names the object in a message),
    None where none is there; raises `_BadRecord` for two different grids and no "puzzle"
    to tell which is the puzzle."""
    present = [k for k in GRID_KEYS if k in record]
    if not present:
        return None
    # (a name that holds no grid, "puzzle": "numbrix" beside "grid": [[...]], is a word
    # about the record; where no name holds one, the first is said to be no grid)
    grids = [k for k in present if isinstance(record[k], (list, dict))]
    key = grids[0] if grids else present[0]
    others = [k for k in grids if k != key and record[k] != record[key]]
    if others and key != "puzzle":
        # "puzzle" names the givens beside a grid played or solved (a saved game);
        # without it, which of two grids is the puzzle? A guess would answer for a
        # board nobody gave.
        raise _BadRecord(f"{what} has two different grids, \"{key}\" and "
                         f"\"{others[0]}\"; keep the puzzle's only")
    return key


def _grid_puzzle(holders: list[dict], grid: Any, metadata: dict[str, str]) -> Puzzle:
    """The puzzle of `grid`, held by the last of `holders` (a record and the objects in it
    that lead to the grid; none for a bare grid); raises `_BadRecord`."""
    rows = _rows(grid)
    for holder in holders:
        # "rows" and "cols", as `solve --json` writes them, must say what the grid does.
        for name, count in (("rows", len(rows)), ("cols", len(rows[0]))):
            said = _whole(holder.get(name))
            if said is None:
                continue
            if not isinstance(said, int) or isinstance(said, bool):
                raise _BadRecord(f"\"{name}\" must be a whole number, found {_kind(said)}")
            if said != count:
                raise _BadRecord(f"\"{name}\" is {_kind(said)}, but the grid has {count}")
    try:
        return Puzzle(np.array(rows, dtype=np.int64), metadata)
    except PuzzleError as why:
        if why.cell is not None:
            r, c = why.cell
            raise _bad_cell(r + 1, c + 1, why.message) from None
        raise _BadRecord(why.message) from None


def _rows(grid: Any) -> list[list[int]]:
    """`grid` checked to be a rectangle of whole numbers within reach of a board's size, with
    its nulls as blanks (0), and its -1s too where the grid writes no blank another way.

    Some generators write a blank as -1; a number is never negative, so it is no given. But
    a grid that writes blanks as 0 (or null, or "") and has -1s as well uses -1 for
    something else (a cell off the board, as grids with holes do), which Numbrix has not:
    refused at the first -1, as any other negative number is."""
    if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
        raise _BadRecord("a grid must be a list of rows, each a list of numbers")
    if len(grid) > MAX_SIDE or any(len(r) > MAX_SIDE for r in grid):
        raise _BadRecord(f"a grid has at most {MAX_SIDE} rows and {MAX_SIDE} columns")
    width = len(grid[0])
    rows = []
    minus_one: tuple[int, int] | None = None  # the first -1, as (row, column) from 1
    blank = False  # whether a blank is written another way
    for r, row in enumerate(grid, start=1):
        if len(row) != width:
            raise _BadRecord(f"row {r} has {cells_text(len(row))}, expected {width}", row=r)
        cells = []
        for c, value in enumerate(row, start=1):
            if value is None:
                value = 0  # (a blank, as other programs write one)
            elif isinstance(value, str):
                # A cell as text, as programs that keep what was typed write it: read as
                # the text format reads a cell ("12"; "" or "." a blank).
                text = cell_value(value.strip())
                if text is None:
                    raise _bad_cell(r, c, f"{cut_short(value)!r} is not a number or a blank "
                                          "(0, null, \"\" or \".\")")
                if text > MAX_SIDE * MAX_SIDE:
                    # (said as written: the reader keeps 10**6 for any longer number)
                    raise _bad_cell(r, c, f"{cut_short(value.strip())} is out of range")
                value = text
            # (bool is an int in Python; a whole float such as 9.0, as some programs write
            # every number, is the number it names)
            if isinstance(value, float):
                if not value.is_integer():
                    raise _bad_cell(r, c, f"{_kind(value)} is not a whole number")
                value = _whole(value)
            if not isinstance(value, int) or isinstance(value, bool):
                raise _bad_cell(r, c, f"{_kind(value)} is not a number (0 or null = blank)")
            if value == -1:
                minus_one = minus_one or (r, c)
                value = 0
            elif value < 0:
                raise _bad_cell(r, c, f"{_kind(value)} is negative; a cell is a number from 1, "
                                      "or a blank (0, null or -1)")
            elif value > MAX_SIDE * MAX_SIDE:
                raise _bad_cell(r, c, f"{_kind(value)} is out of range")
            else:
                blank = blank or value == 0
            cells.append(value)
        rows.append(cells)
    if minus_one is not None and blank:
        raise _bad_cell(*minus_one, "-1 beside blanks written 0 (or null): a blank written "
                                    "two ways, or a cell off the board (Numbrix has none)? "
                                    "write each blank one way")
    return rows


def _metadata(record: dict) -> dict[str, str]:
    metadata: dict[str, str] = {}
    for key in METADATA_KEYS:
        value = _whole(record.get(key))
        if value is None or (key == "inside" and value == 0) or (
            key == "pattern" and value == "random"
        ):
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise _BadRecord(f"\"{key}\" must be a string or a whole number, found "
                             f"{_kind(value)}")
        text = _LINE_SEPARATORS.sub(" ", str(value)).strip()
        if _NOT_ON_A_LINE.search(text):
            raise _BadRecord(f"\"{key}\" holds a control character; a puzzle file holds plain text")
        if LONE_SURROGATE.search(text):
            # ("\ud800" reads as half a character, which no file can be written with: print
            # and the app's saving fell over it)
            raise _BadRecord(f"\"{key}\" holds half a character (a lone \\ud800-\\udfff "
                             "escape); a puzzle file holds plain text")
        if len(text) > MAX_METADATA_CHARS:
            raise _BadRecord(f"\"{key}\" is {len(text):,} characters long; at most "
                             f"{MAX_METADATA_CHARS:,}")
        metadata[key] = text
    return metadata


def _whole(value: Any) -> Any:
    """A whole float (9.0, as some programs write every number) as the int it names;
    anything else as it is."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _kind(value: Any) -> str:
    """How a JSON value is named in a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Written):
        return cut_short(value.written)  # (1e400 as written, not as the inf it reads as)
    if isinstance(value, float):
        return repr(value)  # (nan, inf and 1e+300 included: Python's repr is short)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**12 else "a number of 13 digits or more"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"
