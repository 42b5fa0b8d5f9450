"""Clipped text output: drawing never raises because the window is small or text too long."""
from __future__ import annotations

import curses
import re
import textwrap
from functools import lru_cache
from typing import Callable, Sequence, TypeVar

from numbrix_curses import pages

T = TypeVar("T")


def put(win: "curses.window", y: int, x: int, text: str, attr: int = 0) -> int:
    """Write `text` at (y, x), cut at the window's edges; returns the columns written."""
    height, width = win.getmaxyx()
    if not (0 <= y < height) or x >= width or not text:
        return 0
    text = _as_shown(text)
    if x < 0:
        text, x = text[-x:], 0
    # (cut by columns: a CJK file name cut by characters ran on past the edge, onto the
    # start of the next row)
    if text.isascii():
        text = text[: width - x]
        shown = len(text)
    else:
        text, shown = _fitted(text, width - x)
    try:
        win.addstr(y, x, text, attr)
    except curses.error:
        # Writing the bottom-right cell moves the cursor past the end: harmless.
        pass
    return shown


#: what a character curses would act on, or a terminal would turn text round at, is shown
#: as: a C0 control and DEL in curses' own ^X form (curses refuses a NUL with ValueError,
#: and moves on to the next row at a line break or to a tab stop at a tab, so a file named
#: with one in the Open file list, or a save's name edited by hand, drew over the rows
#: below); a bidirectional override or isolate escaped as the command line writes it
#: (`cli.common.one_line`), since a terminal that honours it shows "evil\u202etxt.exe" as
#: "evilexe.txt"
_SHOWN_AS = {
    **{code: "^" + chr(code + 0x40) for code in range(0x20)},
    0x7F: "^?",
    **{code: f"\\u{code:04x}" for code in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F),
                                           *range(0x2066, 0x206A))},
}


@lru_cache(maxsize=1024)
def shown_text(text: str) -> str:
    """`text` as `put` writes it: the characters of `_SHOWN_AS` in the form it gives."""
    return text.translate(_SHOWN_AS)


def _as_shown(text: str) -> str:
    """`text` as `put` shows it (`shown_text`), at once where it is all printable."""
    return text if text.isprintable() else shown_text(text)


def columns(text: str) -> int:
    """The columns `text` takes as `put` draws it: a tab shown as "^I" takes two, a
    bidirectional override six ("\\u202e"), where `pages.columns` counts one and none (a
    title or list entry with one was centred or lined up by the wrong width)."""
    return pages.columns(_as_shown(text))


def padded(text: str, width: int) -> str:
    """`text` as `put` draws it, followed by spaces to `width` columns (see `columns`)."""
    text = _as_shown(text)
    return pages.padded(text, width)


def cut_to_columns(text: str, room: int) -> str:
    """The start of `text` that fits `room` columns of the screen, where a wide character
    (CJK, full-width) takes two; a character `put` shows in another form is cut as shown."""
    text = _as_shown(text)
    return text[:room] if text.isascii() else _fitted(text, room)[0]


# (a board's lines of box-drawing characters come back every frame: looked up character
# by character, they doubled the time of a redraw)
@lru_cache(maxsize=4096)
def _fitted(text: str, room: int) -> tuple[str, int]:
    """`cut_to_columns(text, room)`, and the columns it takes."""
    used = 0
    for i, char in enumerate(text):
        width = columns(char)
        if used + width > room:
            return text[:i], used
        used += width
    return text, used


def centred(win: "curses.window", y: int, text: str, attr: int = 0) -> int:
    """Write `text` centred on row `y` by the columns it takes; returns its first column."""
    width = win.getmaxyx()[1]
    x = max(0, (width - columns(text)) // 2)
    put(win, y, x, text, attr)
    return x


def put_if_fits(win: "curses.window", y: int, x: int, text: str, attr: int = 0) -> bool:
    """Write `text` at (y, x) only if all of it fits: a key hint cut in the middle of a word
    misleads more than no hint (the same keys show on the screen's buttons)."""
    height, width = win.getmaxyx()
    if not (0 <= y < height) or x < 0 or x + columns(text) > width:
        return False
    put(win, y, x, text, attr)
    return True


#: a space a message is never wrapped at (`wrap_text` shows it as a plain space): callers
#: join what must stay on one line with it ("12. 7 at B3")
NO_BREAK = "\u00a0"
#: a word of one character (or a key and its colon, "f:", or a word of three letters at
#: most after an opening bracket, "(a", "(and", which alone at a line's end leaves the
#: aside hanging: "(and" over "1 more problem).") and the space after it, where another
#: word follows
_LONE_CHARACTER = re.compile(r"(?<!\S)([(\[]\w{1,3}|[(\[]?\S:?) (?=\S)")
#: "at" and the cell named after it ("16 at A2"), and the space between them
_AT_CELL = re.compile(r"\bat (?=[A-Z]{1,2}\d+\b)")
#: a number and the space before its unit of time ("0.25 s", "40 ms")
_NUMBER_AND_UNIT = re.compile(r"(\d) (?=(?:s|ms)\b)")
#: what reads as one, where it fits a line: the place a paste went wrong, "(line 2,
#: column 5)", and a list of single characters in brackets, the blanks a puzzle file
#: takes, "(. _ - ? 0)" (at 40 columns the type-in screen said "... not a puzzle (line 1,"
#: over "column 5): ...")
_ONE_GROUP = re.compile(r"\(line \d+, column \d+\)|\((?:\S )+\S\)")
#: a longer word opening a bracket and the space after it, and the word after that
#: (see `_bracket_glue`)
_BRACKET_WORD = re.compile(r"(?<!\S)([(\[][A-Za-z]\w{3,}) (?=(\S+))")


#: follows each wide character (CJK, full-width) of a text while it is wrapped, so that
#: `textwrap`, which counts characters, counts the two columns it takes (a CJK file name in
#: a message ran past the edge of its lines, and their ends were cut off); taken out again
_WIDE_MARK = "\x02"


class _PathWrapper(textwrap.TextWrapper):
    """Wraps as `textwrap` does, but breaks a path too long for a line after one of its
    slashes rather than in the middle of a name ("/tmp/puzzles/m" over "ouse/a.txt"), and
    never between a wide character and its `_WIDE_MARK`."""

    def _handle_long_word(self, reversed_chunks: list[str], cur_line: list[str],
                          cur_len: int, width: int) -> None:
        super()._handle_long_word(reversed_chunks, cur_line, cur_len, width)
        if not (cur_line and reversed_chunks and reversed_chunks[-1][:1] == _WIDE_MARK):
            return
        piece = cur_line[-1]
        if len(piece) > 1:  # the wide character goes on to the next line with its mark
            reversed_chunks[-1] = piece[-1] + reversed_chunks[-1]
            cur_line[-1] = piece[:-1]
        elif cur_len > 0:  # (the line holds more: the wide character starts the next)
            cur_line.pop()
            reversed_chunks[-1] = piece + reversed_chunks[-1]
        else:  # (a line one column wide: it goes over, rather than never ending)
            cur_line[-1] += _WIDE_MARK
            reversed_chunks[-1] = reversed_chunks[-1][1:]

    def _split(self, text: str) -> list[str]:  # type: ignore[override]
        chunks: list[str] = []
        for chunk in super()._split(text):
            if len(chunk) > self.width and "/" in chunk.strip("/"):
                chunks.extend(_PATH_PIECE.findall(chunk))  # (joined again where they fit)
            else:
                chunks.append(chunk)
        return chunks


_PATH_PIECE = re.compile(r"[^/]*/+|[^/]+")


def wrap_text(text: str, width: int, max_lines: int | None = None) -> list[str]:
    """`text` wrapped to `width` columns; at most `max_lines`, the last ending in "..." when
    some was left out."""
    width = max(1, width)
    # A one-character word stays with the word after it, so a key is never left at the
    # end of a line, away from what it does ("? again places it", "then c to check",
    # "f: swap the 9 at D4"); so does a short word opening a bracket ("(and 1 more").
    # A number keeps its unit too ("in 0.25 s", not "0.25" and "s." a line apart).
    # A cell's name stays with its "at": "16 at" stood over "A2." in a hint.
    # What reads as one (a place, "(line 2, column 5)") is one, where it fits a line and
    # takes no line more (at 26 columns a paste's message lost its end so); a word
    # opening a bracket keeps the word after it so too (see `_bracket_glue`).
    glued = _ONE_GROUP.sub(lambda group: group.group().replace(" ", "\0")
                           if columns(group.group()) <= width else group.group(), text)
    wrapped = _wrapped(glued, width)
    if ("(" in text or "[" in text) and len(
            loose := _wrapped(text, width, brackets=False)) < len(wrapped):
        glued, wrapped = text, loose
    if len(wrapped) == 3 and 3 * len(_wrapped(glued, width, even=False)[-1].strip()) <= width:
        wrapped = _in_three(glued, width, wrapped)
    lines = [line.replace("\0", " ").replace(NO_BREAK, " ").replace(_WIDE_MARK, "").strip()
             for line in wrapped] or [""]
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max(0, max_lines)]
        if lines:
            last = lines[-1]
            lines[-1] = (last if columns(last) + 3 <= width
                         else cut_to_columns(last, max(0, width - 3))) + "..."
    return lines


#: how many columns more even a break must make two lines (see `balanced`) to be taken
#: over one after a stop or a comma, or before a bracket
GOOD_BREAK = 4
#: what `textwrap` breaks a line at
_SPACES = re.compile(r"[ \t\n\r\f\v]+")


def _in_three(text: str, width: int, lines: list[str]) -> list[str]:
    """`text`, which takes the three `lines` at `width`, the last a stub, wrapped to the
    narrowest width that keeps it in three, so the three are as even as they go: at 26
    columns the menu said "z does nothing here;" over "F1 or H lists" over "the keys.",
    and says "z does nothing" over "here; F1 or H" over "lists the keys."."""
    low, high = max(1, len(text) // 3), width
    while low < high:  # (fewer columns never take fewer lines)
        middle = (low + high) // 2
        if len(_wrapped(text, middle)) <= 3:
            high = middle
        else:
            low = middle + 1
    narrowest = _wrapped(text, high)
    return narrowest if len(narrowest) == 3 else lines


def _wrapped(text: str, width: int, even: bool = True, brackets: bool = True) -> list[str]:
    """`text` wrapped to `width` with its words glued as `wrap_text` says (the spaces it
    must not break at made NUL; `brackets`: a longer word opening a bracket too), and
    (`even`) evened out (see `balanced`); its lines still marked."""
    glued = _NUMBER_AND_UNIT.sub("\\1\0", _AT_CELL.sub("at\0", text))
    glued = _LONE_CHARACTER.sub("\\1\0", _bracket_glue(glued, width) if brackets else glued)
    if not text.isascii():
        glued = "".join(c + _WIDE_MARK if columns(c) == 2 else c for c in glued)
    # Not at hyphens: a file path ("/tmp/my-puzzles/a.txt") or "auto-fill" stays whole
    # where it fits (a word longer than the width is still cut).
    lines = _PathWrapper(width, break_on_hyphens=False).wrap(glued)
    return balanced(lines, glued, width) if even else lines


def _bracket_glue(text: str, width: int) -> str:
    """`text` with a word of four letters or more that opens a bracket glued to the word
    after it where the two take half the width at most: at 26 columns "Go to number: 16_
    (Enter" stood over "goes, Esc gives up)". (A shorter word is glued always, see
    `_LONE_CHARACTER`; a longer pair is left free: "left (best" over "0:41)" in 10.)"""
    def glue(pair: "re.Match[str]") -> str:
        fits = columns(pair.group(1)) + 1 + columns(pair.group(2)) <= width // 2
        return pair.group(1) + ("\0" if fits else " ")

    return _BRACKET_WORD.sub(glue, text)


def balanced(lines: list[str], text: str, width: int) -> list[str]:
    """`lines`, `text` wrapped to `width`, with a short last line (a third of the width at
    most) evened out with the line before: words of that line go down to it, as many as
    make the longer of the two shortest, the line before keeping two words at least and
    the last line fitting. A message ended "... F1 or H lists the" over "keys." (and,
    with one word moved, "... F1 or H lists" over "the keys.", still a stub); it reads
    "g does nothing here;" over "F1 or H lists the keys." A break after a stop or a
    comma, or before a bracket, is taken over one up to `GOOD_BREAK` columns more even;
    of two ways as good, the one that moves fewer words. (A longer last line, a file's
    name, reads well on its own. The lines are as many as before; a path or a word
    broken across the two lines is left as it is: they must be whole words of `text`,
    the breaks spaces between them.) In a paragraph of four lines or more, the words
    that make the last line no stub, and no more. (Three lines are evened out whole, by
    `wrap_text`.)"""
    if len(lines) < 2 or 3 * len(lines[-1].strip()) > width:
        return lines
    # (as `text` has them: whole words, a space between, split as `textwrap` splits, not
    # as `str.split`, which parts at a `NO_BREAK` too; `text` marks each wide character,
    # so a line's length, in characters, is its columns)
    words = _SPACES.split(lines[-2].strip(" \t\n\r\f\v"))
    last = _SPACES.split(lines[-1].strip(" \t\n\r\f\v"))
    ends = _SPACES.split(text.strip(" \t\n\r\f\v"))
    if len(words) < 3 or ends[-len(words) - len(last):] != words + last:
        return lines
    best, chosen = None, 0
    for moved in range(0, len(words) - 1):  # (the line before keeps two words at least)
        top, bottom = words[: len(words) - moved], words[len(words) - moved:] + last
        bottom_len = len(" ".join(bottom))
        if bottom_len > width:
            break
        if len(lines) > 3 and 3 * bottom_len > width:
            # (a paragraph: its last line as long as it must be to be no stub, the lines
            # over it left full; evened out with the one before, they stood apart from
            # the rest, in the help: a line of 57 columns over two of 31 and 33)
            best, chosen = None, moved
            break
        # (a break after a stop or a comma, or before a bracket, counts as a few columns
        # shorter: "8 and 9 are not side by side" over "(and 1 more problem).", rather
        # than a line more even that breaks the aside)
        good = top[-1].endswith((";", ",", ".", ":")) or bottom[0].startswith(("(", "["))
        rank = (max(len(" ".join(top)), bottom_len) - GOOD_BREAK * good, moved)
        if best is None or rank < best:
            best, chosen = rank, moved
    if not chosen:
        return lines
    cut = len(words) - chosen
    return [*lines[:-2], " ".join(words[:cut]), " ".join(words[cut:] + last)]


def put_wrapped(
    win: "curses.window", y: int, x: int, text: str, width: int, attr: int = 0,
    max_lines: int | None = None,
) -> int:
    """Write `text` from (y, x) wrapped to `width` columns (see `wrap_text`); returns the rows
    used."""
    lines = wrap_text(text, width, max_lines)
    for i, line in enumerate(lines):
        put(win, y + i, x, line, attr)
    return len(lines)


def cut_middle(name: str, width: int, gap: str) -> str:
    """`name` in at most `width` columns: one too long keeps its start and its end, `gap`
    between them. Puzzle ids tell themselves apart at the end (their seeds: 5x5-medium-86
    and 5x5-medium-91), which cutting the end left off: a list of them read all alike.
    (Columns, not characters: a wide character takes two; see `columns`.)"""
    name = _as_shown(name)
    if columns(name) <= width:
        return name
    if width <= columns(gap) + 1:
        return cut_to_columns(name, width)
    head = (width - columns(gap)) // 2  # (the end gets the odd column: it tells them apart)
    tail = width - columns(gap) - head
    # (the end is cut as the start is, from the other side; the accents of a letter cut
    # off there go with it, not onto the gap)
    end = cut_to_columns(name[::-1], tail)[::-1]
    while end and not columns(end[0]):
        end = end[1:]
    return cut_to_columns(name, head) + gap + end


def pack_rows(items: Sequence[T], item_width: Callable[[T], int], width: int | None,
              gap: int) -> list[list[T]]:
    """`items` (buttons, say) by the row they go on, `gap` columns apart: all on one row
    where they fit `width` columns (None: any width), else on as many rows as they need,
    an item never cut (one wider than `width` has a row of its own)."""
    rows: list[list[T]] = [[]]
    x = 0
    for item in items:
        w = item_width(item)
        if rows[-1] and width is not None and x + gap + w > width:
            rows.append([])
            x = 0
        elif rows[-1]:
            x += gap
        rows[-1].append(item)
        x += w
    return rows
