"""A puzzle file's bytes as text: UTF-8, UTF-16 or UTF-32 with a byte-order mark, or
Windows-1252; bytes that are none of these, or binary, are a located `ParseError`."""
from __future__ import annotations

from numbrix_curses.puzzle import ParseError
from numbrix_curses.textformat.limits import (
    MAX_FILE_BYTES,
    MAX_LINES,
    TOO_LARGE,
    TOO_MANY_LINES,
    without_marks,
)


#: byte-order marks of the wider encodings a text file may come in (UTF-32 first: its
#: little-endian mark begins with UTF-16's)
_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def decode_puzzle_bytes(data: bytes, filename: str) -> str:
    """`data` decoded as UTF-8, or as UTF-16 or UTF-32 where it starts with that encoding's
    byte-order mark, or as Windows-1252 when it is not UTF-8; invalid bytes become a
    located `ParseError`."""
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            if b"\x00" not in data[len(bom):len(bom) + 4096] and len(data) > len(bom):
                # Digits, dots and line ends are half NULs in UTF-16 and UTF-32: with none,
                # the mark is a stray one before 8-bit text, which read as UTF-16 gave
                # "'‱ਲ' is not a number" for "1 2".
                raise ParseError(
                    filename, 1, 1,
                    f"a {encoding[:6].upper()} byte-order mark ({bom.hex(' ').upper()}) before "
                    "text that is not in that encoding; take it out, or save the file as UTF-8",
                )
            # Windows writes these: PowerShell 5's `>` and Notepad's "Unicode" save as UTF-16.
            try:
                return data[len(bom):].decode(encoding)
            except UnicodeDecodeError as err:
                raise ParseError(
                    filename, 0, 0,
                    f"invalid {encoding.upper()} at byte {err.start + len(bom)}; "
                    "this is not a puzzle file",
                ) from None
    # A NUL byte says "binary" more plainly than the decoding error it would also cause.
    nul = data.find(b"\x00")
    if nul >= 0:
        if _looks_like_utf16(data):
            raise ParseError(
                filename, 0, 0,
                "UTF-16 text without a byte-order mark; save the file as UTF-8",
            )
        line, col = _byte_position(data, nul)
        raise ParseError(filename, line, col, "binary data (NUL byte); this is not a puzzle file")
    # (after the NUL: endless zeros on standard input, /dev/zero, are binary, not too large;
    # the caller reads at most one byte past the limit, so the search above stays short)
    if len(data) > MAX_FILE_BYTES:
        if data.count(b"\n", 0, MAX_FILE_BYTES) >= MAX_LINES:
            # (as the same lines from a file are refused: endless short lines on standard
            # input, `yes 1 |`, reach the line limit long before the size one)
            raise ParseError(filename, MAX_LINES + 1, 1, TOO_MANY_LINES)
        raise ParseError(filename, 0, 0, TOO_LARGE)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        utf8_error = err
    try:
        # What Windows editors save as "ANSI": a board copied with a curly apostrophe or
        # an accent in its title would otherwise be refused whole. Every byte it defines
        # is a character; a control character or junk in a cell is still found later.
        return data.decode("cp1252")
    except UnicodeDecodeError as err:
        ansi_error = err
    # Located at the byte neither reading takes: the first one UTF-8 refuses may be a
    # Windows-1252 character ("ÿ"), which would send the reader to a byte that is none.
    line, col = _byte_position(data, ansi_error.start)
    also = ""
    if utf8_error.start != ansi_error.start:
        at = ":".join(map(str, _byte_position(data, utf8_error.start)))
        also = f" (from byte 0x{data[utf8_error.start]:02x} at {at})"
    raise ParseError(
        filename,
        line,
        col,
        f"invalid UTF-8{also}, and byte 0x{data[ansi_error.start]:02x} is no Windows-1252 "
        "character: this is not a puzzle file",
    )


def _looks_like_utf16(data: bytes) -> bool:
    """Whether `data` reads as ASCII text stored two bytes a character (a NUL beside every
    character), as UTF-16 without its byte-order mark does."""
    head = data[:200]
    head = head[: len(head) & ~1]
    if len(head) < 4:
        return False
    for zeros, chars in ((head[0::2], head[1::2]), (head[1::2], head[0::2])):
        if not zeros.strip(b"\x00") and all(9 <= c < 127 for c in chars):
            return True
    return False


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset`, as the parser counts them."""
    before = data[:offset].decode("utf-8", errors="replace")
    before = without_marks(before.replace("\r\n", "\n").replace("\r", "\n"))
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
