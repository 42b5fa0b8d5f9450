"""How much the reader takes, and the check of a whole text against it before it is read.

Absurd inputs (huge files, huge lines, binary data, control characters, too many lines or
puzzles) are refused up front rather than parsed slowly. Within these limits the reader
stays on fast paths (str.split, set lookups, one regex per block) and only works out
columns when it has an error to report, so even the largest file it accepts is read in
about a second.
"""
from __future__ import annotations

import functools
import re

from numbrix_curses import LONE_SURROGATE
from numbrix_curses.jsonformat import starts_with_json
from numbrix_curses.puzzle import ParseError


#: Files larger than this are refused before they are parsed: what `generate` and `print`
#: write of a few thousand puzzles (2,500 of 15x15 with their answers: 6 MB), read in about
#: 2 s at worst (the reader takes 5 to 10 MB a second, however the text is made up).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Lines longer than this are refused (a 30-column row is under 200 characters).
MAX_LINE_CHARS = 10_000
#: The same for JSON, whose records are one line each: `solve --steps --json` on a 30x30
#: writes about 200,000 characters in one.
MAX_JSON_LINE_CHARS = 1_000_000
#: Files with more lines than this are refused (10000 puzzles of 9x9 need 120000; a boxed
#: booklet of them with its answers, about 330000).
MAX_LINES = 640_000
#: what a file past the size limit, or the line limit, is told (`decoding` says it of bytes too)
TOO_LARGE = f"file is too large (more than {MAX_FILE_BYTES // 2**20} MiB); split it up"
TOO_MANY_LINES = f"file has more than {MAX_LINES:,} lines; this is not a puzzle file"
#: More puzzles than this in one file is refused (a generous booklet holds a few hundred).
MAX_PUZZLES = 10_000
# Control characters other than the whitespace ones (tab, line ends, vertical tab, form
# feed): an escape sequence in an id would reach the user's terminal when it is printed.
# The C1 ones (U+0080-U+009F) too: U+009B starts an escape sequence as ESC [ does.
_CONTROL = re.compile(r"[\x01-\x08\x0e-\x1f\x7f-\x9f]")


def check_text(text: str, filename: str) -> str:
    """`text` without BOM, with \\n line ends; refuses binary and absurd input up front."""
    if len(text) > MAX_FILE_BYTES:
        raise ParseError(filename, 0, 0, TOO_LARGE)
    text = without_marks(text.replace("\r\n", "\n").replace("\r", "\n"))
    if text.endswith("\x1a"):
        # (the end-of-file mark DOS tools end a text file with, `copy /a` among them: it
        # was "control character U+001A" after the last line)
        text = text[:-1]
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        raise ParseError(filename, line, col, "binary data (NUL byte); this is not a puzzle file")
    control = _CONTROL.search(text)
    if control is not None:
        at = control.start()
        line = text.count("\n", 0, at) + 1
        col = at - (text.rfind("\n", 0, at) + 1) + 1
        raise ParseError(
            filename, line, col,
            f"control character U+{ord(control.group()):04X}; a puzzle file holds plain text",
        )
    # Half a character (a lone surrogate) never comes out of a file's bytes, which are
    # decoded strictly, but text handed in (a paste) may hold one: an id with it read, and
    # no file could be written with it.
    half = LONE_SURROGATE.search(text)
    if half is not None:
        at = half.start()
        raise ParseError(
            filename, text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1,
            f"half a character (U+{ord(half.group()):04X}, a lone surrogate); a puzzle file "
            "holds plain text",
        )
    # (a line end closes the last line: it starts none; 640,000 lines read, as documented)
    line_count = text.count("\n") + (not text.endswith("\n"))
    if line_count > MAX_LINES:
        raise ParseError(filename, MAX_LINES + 1, 1, TOO_MANY_LINES)
    # (JSON under comment lines too: the reader tells such a file to take them out, which
    # the limit of a text line must not turn into "this is not a puzzle file")
    longest = (MAX_JSON_LINE_CHARS if is_json(text) or json_under_comments(text)
               else MAX_LINE_CHARS)
    # (found by a search from each line's start, not by splitting the text into its lines:
    # those took twice the text's memory, held while the text was read on)
    long_line = None if len(text) <= longest else _long_line(longest).search(text)
    if long_line is not None:
        raise ParseError(
            filename,
            text.count("\n", 0, long_line.start()) + 1,
            longest + 1,
            f"line is longer than {longest:,} characters; this is not a puzzle file",
        )
    return text


def without_marks(text: str) -> str:
    """`text` (with \\n line ends) without its byte order marks and zero-width characters,
    which take no room on a screen, so error columns are the ones an editor shows."""
    # (a BOM, or two where a file was converted twice; at a later line's start, the mark of
    # a file joined on, `cat a.txt b.txt` or `copy a.txt+b.txt`, that was saved with one,
    # as Notepad saves UTF-8: it was "'\ufeff1' is not a number")
    # (a zero width space, word joiner or joiner comes with a board copied off a web page,
    # between cells or inside one: it was "'.\u200b' is not a number or a blank")
    # (looked for one by one first, which a text of ASCII alone answers at once: a search
    # of the pattern took a tenth of a second on a file of 16 MiB)
    if not any(char in text for char in _INVISIBLE_CHARS):
        return text
    return _INVISIBLE.sub(_kept_joiner, text)


#: byte order marks (a zero width no-break space, as Unicode named it before it was a
#: mark alone), zero width spaces, non-joiners and joiners, and word joiners
_INVISIBLE_CHARS = "\ufeff\u200b\u200c\u200d\u2060"
_INVISIBLE = re.compile(f"[{_INVISIBLE_CHARS}]")


def _kept_joiner(found: re.Match[str]) -> str:
    """A zero width joiner or non-joiner between two characters past ASCII, where it may
    join the letters of a script or an emoji in an id or a comment; else nothing."""
    char, at, text = found.group(), found.start(), found.string
    if (char in "\u200c\u200d" and 0 < at < len(text) - 1
            and text[at - 1] > "\x7f" and text[at + 1] > "\x7f"):
        return char
    return ""


@functools.lru_cache(maxsize=None)
def _long_line(longest: int) -> re.Pattern[str]:
    """A line (from its start) longer than `longest` characters."""
    # (anchored at a line's start, each line is looked at once, up to `longest` + 1
    # characters: searched from every place, a long line was read again from each)
    return re.compile(f"^[^\n]{{{longest + 1}}}", re.MULTILINE)


def is_json(text: str) -> bool:
    """Whether `text` is JSON (no puzzle text starts as JSON does; what `generate --format
    json` and the commands' --json write does)."""
    # (the whole text stripped only where its first few thousand characters are blank:
    # a copy of a file of 16 MiB, made to look at one character)
    head = text[:4096].lstrip()
    if not head and len(text) > 4096:
        head = text.lstrip()
    return head[:1] in ("{", "[")


def opens_as_grid(text: str, start: int = 0) -> bool:
    """Whether the first line of `text` from `start` that is not blank reads as a grid's
    row though it starts as JSON does ("[1] . [3]", a board with its givens boxed): two
    cells or more parted by spaces, none of JSON's commas, colons, quotes or braces, and
    not brackets alone ("[ [", JSON laid out over lines)."""
    first = _FIRST_CHAR.search(text, start)
    if first is None:
        return False
    end = text.find("\n", first.start())
    line = text[first.start():end if end >= 0 else len(text)]
    tokens = line.split()
    return (len(tokens) >= 2 and not any(char in line for char in ',:"{}')
            and any(token.strip("[]") for token in tokens))


def json_under_comments(text: str) -> int:
    """The line of the first comment, when `text` is comment lines and then JSON; else 0."""
    # (a few dozen lines of comments at most are looked past; the line after them is the
    # rest of the text. Each line is told by its first character that is no space, looked
    # up in place: the text cut into its first lines and the rest was a copy of all of it)
    start, first_comment = 0, 0
    for number in range(1, 52):
        end = text.find("\n", start) if number <= 50 else -1
        first = _FIRST_CHAR.search(text, start, len(text) if end < 0 else end)
        char = first.group() if first is not None else ""
        if char in ("#", ""):
            if char and not first_comment:
                first_comment = number
            if end < 0:
                return 0
            start = end + 1
            continue
        # (no text grid starts with "{"; one written "[1 . 3]" does start with "[")
        if char != "{" and not (char == "[" and starts_with_json(text[start:].lstrip())
                                and not opens_as_grid(text, start)):
            return 0
        return first_comment
    return 0


#: the first character that is no space (str.strip's spaces)
_FIRST_CHAR = re.compile(r"\S")
