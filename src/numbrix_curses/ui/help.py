"""The help screen: the rules, then the keys of every screen, scrolled with the arrows."""
from __future__ import annotations

import curses

from numbrix_curses.ui.actions import Action, Command, UnboundKey
from numbrix_curses.ui.draw import put, wrap_text
from numbrix_curses.ui.keys import list_action_for_key
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Screen,
    draw_back_footer,
    open_page,
    scrolled,
)

RULES = """\
Fill the grid with the numbers 1 to R x C (rows times columns) so that each
number stands next to the one before it: up, down, left or right, never
diagonally. The numbers trace one path through every cell. Some numbers are
given and cannot change; a good puzzle has exactly one solution.

Consecutive neighbours are joined by a line (where the walls fit the screen),
and the numbers before and after the one under the cursor light up. Cells are
named by column letter and row number, as in "B4": where there is room, the
letters stand over the board and the numbers beside it (a click on one takes the
cursor to that column or row)."""

SECTIONS: dict[str, list[tuple[str, str]]] = {
    "Playing": [
        ("arrows hjkl wasd", "move the cursor (a click selects a cell; the mouse wheel "
                             "scrolls three rows a notch)"),
        ("Home End PgUp PgDn", "to the ends of the row, ten rows up or down"),
        ("0-9", "type a number: 4 then 2 gives 42; Enter, a move or a command ends it; a "
                "0 to start with clears the cell, as Del does"),
        ("n", "put the next number here, worked out from the neighbours: 2 between 1 and"
              " 3, else one more than the highest neighbour still missing its next"),
        ("N", "pencil marks on and off: a number typed in an empty cell goes in as a faint "
              "mark of what it might hold (typed again, it comes out; the panel lists the "
              "cell's marks, and hides a mark while its number stands elsewhere); Del "
              "rubs them out; u takes them back"),
        ("click: type 0-9", "a number pad, to type with the mouse: its digits go in as the "
                            "keys' do (marks in pencil mode, which it switches too); the "
                            "arrow in its top edge moves it off the cells it covers; close "
                            "or Esc puts it away"),
        ("Shift-arrows", "draw the path from a number into the next cell: it gets the number "
                         "after (or before, when that is placed; where both are, one you "
                         "put down away from it moves there); back over a drawn number "
                         "takes it back. Dragging the mouse from a number draws too. u takes "
                         "a whole stroke back."),
        ("Bksp Del Space", "clear the cell (right click too)"),
        ("u  r  Ctrl-R", "undo, redo: every change, auto-fill and reveal too"),
        ("c", "check: mark numbers that cannot all be right, or say how many will not "
              "work out (no answers shown); c again marks those (no best time then)"),
        ("?", "hint: the next logical step and why (no best time then: the first asks "
              "first); ? again places it"),
        ("f", "auto-fill every simple step, as one move (no best time then: asks first)"),
        ("S", "reveal the solution (no best time then: asks first)"),
        ("R", "restart: clear your numbers, or play a solved puzzle again (asks first)"),
        ("p", "pause: hide the board and stop the clock (p, Esc or a click on the board goes on)"),
        ("/", "go to a number: type it, then Enter (the cursor goes to it; a number not on "
              "the board yet, the numbers either side of it are said)"),
        ("m", "show the moves so far; click one to go back to it (u, r or the wheel over "
              "it walk them; m, Esc or a click on its title closes it)"),
        ("v", "watch the solver work on this puzzle: it ends on the solution (no best "
              "time then: asks first)"),
        ("e", "save the puzzle (its givens, not your numbers) to a file, to print it or "
              "pass it on"),
        ("g", "another puzzle like this one: a new one of its size and difficulty (asks "
              "first when the game is under way)"),
        ("Tab", "a box of every command here, to click, choose with the arrows and "
                "Enter, or press the key it lists (\"more Tab\" in the key list beside the "
                "board, \"Tab more\" under a board whose screen lists only a few)"),
        ("Esc", "end typing, dismiss a hint, cancel thinking, close the moves"),
        ("q", "leave (the game is saved after every move)"),
    ],
    "Typing in a puzzle": [
        ("0-9", "type the given numbers; moving and clearing as above (a click on "
                "\"type 0-9\" opens a number pad, with blank and next)"),
        ("Enter", "end the number and go on to the next cell, into the next row at the end "
                  "of one (row by row, as a puzzle is read off a page)"),
        (".", "leave the cell blank and go on to the next (right after a number: the number "
              "ends, and the next cell is the blank)"),
        ("Space", "end the number and go on to the next cell (between blanks it does "
                  "nothing): a row written 1 . . 12 is typed as it reads"),
        ("c", "check: unique, several solutions (Tab shows them) or none (then a ? "
              "beside a given marks the givens without which it has one, or two that "
              "swapped give one, or a row typed a column off or under the next that put "
              "back gives one, or two that each typed as another number give one: a "
              "slip is most likely there)"),
        ("f", "after a check that found no solution: make the change it proposes (the "
              "first it names, as its message says after \"f:\"), as one move that u takes "
              "back; the cursor goes to the cell changed and the grid is checked again"),
        ("Tab", "after a check: the solution found (one, then another, of several), then "
                "the grid as typed, in turn"),
        ("p", "play the puzzle"),
        ("e", "save it to a file in the text format"),
        ("v", "watch the solver"),
        ("x", "clear the grid (asks first)"),
        ("m", "a box of every command here, to click, choose with the arrows and Enter, "
              "or press the key it lists (\"m more\" under a board whose screen lists "
              "only a few; Tab is the solutions here)"),
        ("q Esc", "back (asks first about numbers not saved); Esc first ends a number being "
                  "typed, or stops a check"),
        ("paste", "a puzzle copied from a web page, a spreadsheet or a file fills the grid "
                  "(one of another size brings its own) and is checked; pasted at the main "
                  "menu, it opens here. A pasted number goes in the cell."),
    ],
    "Watching the solver": [
        ("+ -  right left", "faster, slower"),
        ("space", "pause or go on; . steps one at a time"),
        ("Enter End  Home", "jump to the end, back to the start"),
        ("up down PgUp PgDn", "scroll a board larger than the screen up and down"),
        ("Shift-left right", "scroll it across; once the replay is over, left and right do too"),
        ("click", "on an edge of the board drawn dashed (more board past it): scroll a "
                  "page that way"),
    ],
    "Menus and lists": [
        ("arrows j k", "move; Enter or a click chooses"),
        ("letters", "the highlighted letter of a menu item chooses it"),
        ("PgUp PgDn Home End", "a page up or down, to the top or the bottom"),
        ("left right", "in the library: the previous or next board size; in a form "
                       "(New puzzle, a size to type in): the field's value, as a click on "
                       "< or > or the wheel over it does"),
        ("Del x", "in the games under way (u in the menu): abandon the selected game, "
                  "deleting its save (asks first)"),
        ("Enter", "in Open file: open the path typed; a folder's goes into that folder, "
                  "its files listed below"),
        ("Tab", "in Open file: complete the path typed so far (a click on a name it lists "
                "takes that one)"),
        ("click", "in Open file, on the list of the folder's files under the path: a "
                  "folder goes into it, '..' up, a file opens (PgUp, PgDn and the wheel "
                  "scroll the list)"),
        ("q Esc", "back; q quits the main menu, where Esc does nothing"),
        ("F1 H", "this help"),
    ],
}


#: the key column: two spaces, then the keys padded to this many columns
KEY_INDENT = 2
KEY_WIDTH = 20
#: the key column of a text narrower than `WIDE_KEYS_LEAST`, where `KEY_WIDTH` is: keys of
#: up to five letters ("Enter", "q Esc") and two spaces; a longer key stands on a line of
#: its own, over its description. (At 40 columns the 20-column one left the descriptions
#: 16, and the help took 418 lines, more than the 406 at 26.)
SHORT_KEY_WIDTH = 7
WIDE_KEYS_LEAST = 72
#: the widest the text gets (the rules read best in short lines), and the least it needs:
#: the smallest screen the game is played on, where the help is asked for too
TEXT_WIDTH = 78
MIN_SIZE = (MIN_WIDTH, 6)
#: the narrowest text with the keys in a column of their own; narrower, each key stands on
#: a line of its own over its description, indented this much
KEY_COLUMN_LEAST = KEY_INDENT + KEY_WIDTH + 10
NARROW_INDENT = 4


def key_width(width: int) -> int:
    """How many columns the keys are padded to (see `KEY_INDENT`) in a text `width` wide."""
    return KEY_WIDTH if width >= WIDE_KEYS_LEAST else SHORT_KEY_WIDTH


def help_lines(width: int = TEXT_WIDTH) -> list[tuple[str, int]]:
    """(text, kind) lines wrapped to `width` columns: kind 0 plain, 1 heading, 2 key line
    (the key, then its description), 3 a key alone on its line (its description under it).

    A key's description that does not fit wraps with a hanging indent, its further lines
    starting under the description column (plain lines), so the keys stand alone on the left;
    a key too long for the column (`key_width`) stands over its description.
    Narrower than `KEY_COLUMN_LEAST`, the description goes under its key instead, indented,
    and takes the whole width: a key column there left ten letters a line.
    """
    narrow = width < KEY_COLUMN_LEAST
    width = max(width, 10)
    key_w = key_width(width)
    lines: list[tuple[str, int]] = [("The rules", 1), ("", 0)]
    for paragraph in RULES.split("\n\n"):
        if len(lines) > 2:
            lines.append(("", 0))
        # (wrapped as the app's messages are: "1 to R" stood over "x C" at 40 columns)
        lines += [(line, 0) for line in wrap_text(" ".join(paragraph.split()), width)]
    indent = " " * (KEY_INDENT + key_w)
    for title, entries in SECTIONS.items():
        lines += [("", 0), (title, 1), ("", 0)]
        for keys, what in entries:
            # (wrapped as the rules are: "(a" stood at a line's end, over "click selects")
            if narrow:
                lines.append((" " * KEY_INDENT + keys, 3))
                lines += [(" " * NARROW_INDENT + line, 0)
                          for line in wrap_text(what, width - NARROW_INDENT)]
                continue
            first, *rest = wrap_text(what, width - len(indent))
            if len(keys) + 2 > key_w:
                # (in the 20-column key column, every key fits: the longest takes 18)
                lines.append((" " * KEY_INDENT + keys, 3))
                rest = [first, *rest]
            else:
                lines.append((" " * KEY_INDENT + f"{keys:<{key_w}}" + first, 2))
            lines += [(indent + line, 0) for line in rest]
    lines += [("", 0)]
    lines += [(line, 0) for line in
              wrap_text("Games are saved after every move; best times are kept.", width)]
    return lines


#: HelpScreen's topics: the screen asking, and the section that is about it
TOPICS = {"entry": "Typing in a puzzle", "watch": "Watching the solver", "lists": "Menus and lists"}


class HelpScreen(Screen):
    def __init__(self, ctx: AppContext, topic: str = "") -> None:
        super().__init__(ctx)
        self.width = TEXT_WIDTH
        self.lines = help_lines(self.width)
        self.top = 0
        self.page = 10
        #: where the reader is, as (entry, how far through it), and the top line a resize
        #: put it at: kept while only resizes move the page (see `_rewrap`)
        self.place: tuple[int, float, int] | None = None
        #: a section to open at, found once the width is known: the one of the screen F1 was
        #: pressed on (play opens at the rules, which come before its keys)
        self.topic = TOPICS.get(topic, "")
        #: the section opened at, whose heading the page may stay at the top of, however
        #: near the end it is (see `_length`)
        self.opened_at = self.topic
        #: the key just pressed that means nothing here, said in the footer ("" for none)
        self.unbound = ""

    def action_for_key(self, key: int | str) -> Action | None:
        if key in ("q", "\x1b", "\n", "\r", curses.KEY_ENTER, curses.KEY_F1, "H", "h"):
            return Command.BACK
        return list_action_for_key(key, self.keys)

    def handle(self, action: Action) -> Nav | None:
        if action is Command.BACK:
            return Pop()
        self.unbound = action.name if isinstance(action, UnboundKey) else ""
        self.top = scrolled(self.top, action, self.page, self._length())
        return None

    def _length(self) -> int:
        """Lines to scroll through: the text, and past its end as far as the heading of the
        section the help was opened at needs at the top of a page. Opened at the last
        section (F1 from a list), the page showed the tail of the section before it under
        no heading; but End, going as far opened anywhere else, left rows blank under the
        text."""
        opened = next((i for i, (text, kind) in enumerate(self.lines)
                       if kind == 1 and text == self.opened_at), 0) if self.opened_at else 0
        return max(len(self.lines), opened + self.page)

    def _rewrap(self, width: int) -> None:
        """Wrap the text for a new width, keeping the entry (a key line or a heading) at the
        top of the page there, from its first line."""
        width = min(width, TEXT_WIDTH)
        if width == self.width:
            return
        # Count the key lines and headings down to the top line: the last of them leads the
        # entry shown at the top, which leads the page after. (Counting those above it put
        # a heading at the top under the entry before it: a wrapped line of "paste" stood
        # over "Watching the solver" after a resize.)
        # Within a long entry (the rules are prose under one heading) the top stays as far
        # through it as it was: anchored at the heading alone, a resize in the middle of
        # the rules went back to their start. The place is taken once, before the first
        # of a run of resizes: taken again after each, the rounding crept back a line or
        # two a resize (dragging a window's edge makes dozens).
        if self.place is None or self.place[2] != self.top:  # (scrolled since)
            anchor = sum(1 for _, kind in self.lines[: self.top + 1] if kind)
            start, end = self._entry_span(anchor)
            self.place = anchor, (self.top - start) / max(1, end - start), -1
        anchor, through, _ = self.place
        self.width = width
        self.lines = help_lines(width)
        start, end = self._entry_span(anchor)
        # (rounded down, so no line goes unread above the page: rounded, the second of
        # "paste"'s 9 lines at 38 columns put the second of its 5 at 60 at the top, the key
        # out of view; the small step keeps a width gone back to as it was)
        self.top = start + int(through * (end - start) + 1e-9)
        self.place = anchor, through, self.top

    def _entry_span(self, anchor: int) -> tuple[int, int]:
        """The lines of the `anchor`th key line or heading's entry (0: the lines before the
        first): its first line, and the next entry's."""
        marks = [i for i, (_, kind) in enumerate(self.lines) if kind]
        if not 0 < anchor <= len(marks):
            return 0, marks[0] if marks else len(self.lines)
        return marks[anchor - 1], marks[anchor] if anchor < len(marks) else len(self.lines)

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        if not open_page(win, "Help", MIN_SIZE, theme):
            return  # q still goes back
        # A column spare each side where the screen is narrower than the text would be.
        margin = 1 if width < TEXT_WIDTH + 2 else 0
        self._rewrap(width - 2 * margin)
        if self.topic:
            self.top = next(i for i, (t, _) in enumerate(self.lines) if t == self.topic)
            self.topic = ""
        self.page = max(1, height - 3)
        self.top = min(self.top, max(0, self._length() - self.page))
        left = max(margin, (width - TEXT_WIDTH) // 2)
        key_end = KEY_INDENT + key_width(self.width)
        for i, (text, kind) in enumerate(self.lines[self.top: self.top + self.page]):
            attr = curses.A_BOLD | theme.label if kind == 1 else 0
            put(win, 2 + i, left, text, attr)
            if kind in (2, 3):
                key = text[KEY_INDENT:key_end] if kind == 2 else text[KEY_INDENT:]
                put(win, 2 + i, left + KEY_INDENT, key.rstrip(), theme.key)
        more = self.top + self.page < len(self.lines)  # (past it are blank lines only)
        draw_back_footer(win, mask, left, more, theme, above=self.top > 0,
                         unbound=self.unbound)
