"""Open file's list of the folder's puzzle files, so the mouse alone reaches any file.

Tab completion lists a few names to click, but never goes up a folder, and a folder of
more names than it shows hid the rest from a player without a keyboard. Under the path
field, Open file lists the folder the path typed so far is in (the working folder while it
is empty): '..' to go up, the folders in it to go into, then its puzzle files (the
suffixes the puzzles are written under: text, JSON, and the spreadsheets' CSV and tabs). A
click on a folder types it in, and the list follows it; a click on a file opens it, as
Enter would with its path typed. Past the rows there are, the first and last lines say how
many more there are, and a click on them, PgUp and PgDn, or the wheel scroll the list.

`folder_of` and `list_folder` are the pure part: which folder a typed path lists, and
what it holds, in the order shown, each as the text the field takes for it.
"""
from __future__ import annotations

import curses
import os
import time
from dataclasses import dataclass
from typing import Any, Callable

from numbrix_curses.pages import columns
from numbrix_curses.ui.actions import Action, Command, PickFile, Scroll
from numbrix_curses.ui.dialogs import PROMPT_TOP, TextPromptScreen, home_short, prompt_left
from numbrix_curses.ui.draw import cut_to_columns, put, wrap_text
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.screen import AppContext, Nav

#: the file names listed: what the app and `generate` write, and the spreadsheet copies
#: every command reads (the reader goes by what is in a file, not by its name)
PUZZLE_SUFFIXES = (".txt", ".json", ".csv", ".tsv")
#: the rows a list wants before the hint over it is shortened: the least in which a page
#: scrolled into its middle shows an entry between its "more above" and "more below"
LIST_ROWS = 3
#: how long after a folder last changed its listing is read again at every frame anyway:
#: a file added within the same tick of the file system's clock (two seconds on FAT)
#: leaves the folder's time as it was
SETTLED_NS = 3 * 10**9


@dataclass(frozen=True)
class FolderEntry:
    """A line of the list: `name` as shown ('..', 'puzzles/', 'mine.txt'), and `path`, the
    field's text for it (a folder's ends in a separator, as Tab completes one)."""

    name: str
    path: str
    folder: bool


def folder_of(text: str) -> str:
    """The folder a path typed so far lists, as typed ('' for the working folder): the path
    itself where it names a folder, else the folder it is in, else the working folder (a
    path to nowhere yet)."""
    if not text:
        return ""
    if os.path.isdir(os.path.expanduser(text)):
        return text
    head = os.path.dirname(text)
    if head and os.path.isdir(os.path.expanduser(head)):
        return head
    return ""


def _as_folder(path: str) -> str:
    """`path` as the field takes a folder: ending in a separator; '' for the working
    folder."""
    if path in ("", os.curdir):
        return ""
    return path if path.endswith(("/", os.sep)) else path + os.sep


def _parent(folder: str) -> str | None:
    """The folder above `folder` (as typed, or ''), written as it is (relative stays
    relative, ~ stays ~); None at the top of the file system."""
    expanded = os.path.expanduser(folder or os.curdir)
    if os.path.isabs(expanded) or folder.startswith("~"):
        up = os.path.dirname(os.path.normpath(os.path.abspath(expanded)))
        if up == os.path.normpath(os.path.abspath(expanded)):
            return None
        return home_short(up) if folder.startswith("~") else up
    # (relative: "../" over the working folder, "" over a folder in it)
    return os.path.normpath(os.path.join(folder or os.curdir, os.pardir))


def list_folder(folder: str) -> tuple[list[FolderEntry], str | None]:
    """What `folder` (as typed, '' for the working folder) holds, in the order shown: '..'
    (but at the top), its folders, then its puzzle files, each by name without regard to
    case, names starting with a dot left out as a shell leaves them; and why it could not
    be read, or None."""
    entries: list[FolderEntry] = []
    parent = _parent(folder)
    if parent is not None:
        entries.append(FolderEntry("..", _as_folder(parent), True))
    try:
        with os.scandir(os.path.expanduser(folder or os.curdir)) as found:
            items = [(item.name, _is_folder(item)) for item in found
                     if not item.name.startswith(".")]
    except OSError as error:
        return entries, error.strerror or str(error)
    prefix = _as_folder(folder)
    items.sort(key=lambda item: (not item[1], item[0].casefold(), item[0]))
    for name, is_folder in items:
        if is_folder:
            entries.append(FolderEntry(name + os.sep, prefix + name + os.sep, True))
        elif name.lower().endswith(PUZZLE_SUFFIXES):
            entries.append(FolderEntry(name, prefix + name, False))
    return entries, None


def folder_stamp(folder: str) -> tuple[int, int, int, int] | None:
    """What says whether `folder` (as typed, '' for the working folder) still holds what it
    held, for the cost of one look at it: which folder it is and when it last changed.
    None where that cannot tell: it cannot be looked at, or it changed within the last
    `SETTLED_NS` (a file added in the same tick of the clock would not move it)."""
    try:
        info = os.stat(os.path.expanduser(folder or os.curdir))
    except (OSError, ValueError):
        return None
    if time.time_ns() - info.st_mtime_ns < SETTLED_NS:
        return None
    return info.st_dev, info.st_ino, info.st_mtime_ns, info.st_ctime_ns


def _is_folder(item: "os.DirEntry[str]") -> bool:
    try:
        return item.is_dir()  # (a link to a folder is one to go into)
    except OSError:
        return False


class BrowsingPromptScreen(TextPromptScreen):
    """A path prompt with the list of the folder's puzzle files under its buttons (see the
    module docstring); what a click on a file opens goes through `on_submit`, as the path
    typed and Enter would."""

    def __init__(
        self,
        ctx: AppContext,
        title: str,
        prompt: str,
        on_submit: Callable[[str], "str | Nav | None"],
        *,
        shorter_hints: tuple[str, ...] = (),
        **options: Any,
    ) -> None:
        super().__init__(ctx, title, prompt, on_submit, **options)
        #: the hint said in fewer words, longest first, for a screen short of rows (see
        #: `hint_shown`)
        self.shorter_hints = shorter_hints
        #: the folder listed last, and the first of its lines shown (a page down, say)
        self.listed: str | None = None
        self.first = 0
        #: lines of the list in the last frame (a page for PgUp and PgDn)
        self.page = 1
        #: the list as this frame shows it (what `list_folder` said, and the folder), or
        #: None before a frame lists it
        self.shown: tuple[list[FolderEntry], str | None, str] | None = None
        #: the `folder_stamp` of the folder as `shown` lists it (None: read it again), and
        #: whether this frame looked at it yet
        self.stamp: tuple[int, int, int, int] | None = None
        self.looked = False

    def _entries(self) -> tuple[list[FolderEntry], str | None, str]:
        """The folder's list as the frame shows it: read once a frame (the hint's length and
        the list both ask for it), and a click on it takes the entry drawn there."""
        folder = folder_of(self.text)
        if folder != self.listed:
            self.listed, self.first = folder, 0  # (another folder starts at its top)
        if self.shown is None or self.shown[2] != folder or not self.looked:
            # (a folder of 100,000 files took a second to list and sort: read at every
            # frame, each key typed into the path waited that long for its frame)
            stamp = folder_stamp(folder)  # (before the listing: a change during it shows)
            if (self.shown is None or self.shown[2] != folder or stamp is None
                    or stamp != self.stamp):
                self.shown = (*list_folder(folder), folder)
            self.stamp, self.looked = stamp, True
        return self.shown

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        # (looked at afresh every frame, and read again where it changed, so a file saved
        # while the screen is open shows after the next key)
        self.looked = False
        super().draw(win, mask)

    def action_for_key(self, key: int | str) -> Action | None:
        if key in (curses.KEY_PPAGE, curses.KEY_NPAGE) and not self.too_small:
            return Command.PAGE_UP if key == curses.KEY_PPAGE else Command.PAGE_DOWN
        return super().action_for_key(key)

    def handle(self, action: Action) -> Nav | None:
        if isinstance(action, PickFile):
            entries = self._entries()[0]
            if not 0 <= action.index < len(entries):
                return None
            entry = entries[action.index]
            self.text, self.pos = entry.path, len(entry.path)
            self.selected, self.message = False, None
            if entry.folder:
                return None  # (the list follows the path into it)
            return super().handle(Command.CONFIRM)
        if action in (Command.PAGE_UP, Command.PAGE_DOWN):
            # (the line the "more below" took is the first under "more above" then)
            step = max(1, self.page - 2)
            self.first = max(0, self.first + (step if action is Command.PAGE_DOWN else -step))
            return None
        if isinstance(action, Scroll):
            self.first = max(0, self.first + action.delta)
            return None
        return super().handle(action)

    def hint_shown(self, height: int, text_w: int, said_rows: int) -> tuple[str, int]:
        """The longest form of the hint (the whole, then `shorter_hints`) that leaves the
        list `LIST_ROWS` rows (fewer for a shorter list), under the blank row below the
        title; else the shortest, and the prompt raised into that blank row where that
        gives the list a row more.

        At 40 columns the whole hint took five rows, and on 12 to 14 rows there was none
        left for the list the hint speaks of ("a click on a file below opens it"): there
        the list is worth more than the hint's details. On 12 rows even the one-line hint
        left two: '..' over "... N more below", and no file in sight; the blank row under
        the title is worth less than a file."""
        wanted = min(LIST_ROWS, len(self._entries()[0]))
        forms = (self.hint, *self.shorter_hints)

        def listed(form: str, top: int) -> int:
            hint_rows = len(wrap_text(form, text_w)) if form else 0
            _, buttons_y = self.frame_rows(height, hint_rows, said_rows, top)
            return list_rows(height, buttons_y + 2 + self.more_button_rows)

        for form in forms:
            if listed(form, PROMPT_TOP) >= wanted:
                return form, PROMPT_TOP
        shortest = forms[-1]
        if listed(shortest, PROMPT_TOP - 1) < 1:
            # (no row of the list even so, as on the smallest screen: the hint goes, as what
            # it speaks of would not be there, and the list has its rows)
            shortest = ""
        raised = listed(shortest, PROMPT_TOP - 1) > listed(shortest, PROMPT_TOP)
        return shortest, PROMPT_TOP - 1 if raised else PROMPT_TOP

    def rows_below(self, height: int) -> int:
        # (all there are: the prompt stands at the top, where it does not move as the
        # list grows or shrinks from one folder to the next)
        return height

    def draw_below(self, win: "curses.window", mask: ScreenMask, top: int) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        entries, error, folder = self._entries()
        left = prompt_left(width)
        rows = list_rows(height, top)
        if rows < 1:
            return
        where = home_short(os.path.abspath(os.path.expanduser(folder or os.curdir)))
        before, after = (("Cannot list ", f": {error}") if error is not None
                         else ("In ", ":") if any(not entry.folder for entry in entries)
                         else ("In ", " (no puzzle files):"))
        room = width - 2 * left - len(before) - len(after)
        if columns(where) > room:
            # (the end of a long path is the folder listed, and where '..' leads from; cut
            # by the columns it takes, a wide character two)
            where = theme.glyphs.gap + cut_to_columns(where[::-1], max(0, room - 1))[::-1]
        heading = before + where + after
        put(win, top, left, cut_to_columns(heading, width - 2 * left),
            theme.error if error else theme.label)
        self.page = rows
        self.first, lines = list_lines(len(entries), self.first, rows)
        for line, (index, above, below) in enumerate(lines):
            y = top + 1 + line
            if index is not None:
                entry = entries[index]
                text = cut_to_columns(entry.name, width - 2 * left - 2)
                put(win, y, left + 2, text, curses.A_BOLD if entry.folder else curses.A_NORMAL)
                mask.put(y, left + 2, columns(text), PickFile(index))
                continue
            # (a line standing for those before or after it, or on a list of two rows,
            # both: each part a click that scrolls that way)
            x = left + 2
            for count, where, action in ((above, "above", Command.PAGE_UP),
                                         (below, "below", Command.PAGE_DOWN)):
                if not count:
                    continue
                text = (f"... {count} more {where}" if not (above and below)
                        else f"... {count} {where}," if action is Command.PAGE_UP
                        else f"{count} {where}")
                text = text[: max(0, width - left - x)]
                put(win, y, x, text, theme.dim)
                mask.put(y, x, len(text), action)
                x += len(text) + 1


def list_rows(height: int, top: int) -> int:
    """The rows of the list on a screen `height` rows high, its heading at row `top`: those
    under the heading (fewer than one: no list)."""
    return height - top - 1


#: a line of the list: the index of the entry shown there, or None and how many entries
#: the line stands for above and below it
ShownLine = tuple[int | None, int, int]


def list_lines(total: int, first: int, rows: int) -> tuple[int, list[ShownLine]]:
    """The lines of a list of `total` entries in `rows` rows from entry `first` (kept
    within the list), and that first entry: past the rows there are, the first line shown
    stands for those above it, and the last for those below.

    In two rows those two lines would leave no entry in sight (a list scrolled into its
    middle showed only "more above" and "more below"): the first shows an entry, the
    second stands for those above and below it at once. In one row, the entry alone (the
    wheel and PgUp/PgDn still scroll)."""
    if rows >= 3 or total <= rows:
        first = max(0, min(first, total - rows))
        shown = list(range(first, min(total, first + rows)))
        lines: list[ShownLine] = [(index, 0, 0) for index in shown]
        if first:  # (the line it takes is one more not in sight)
            lines[0] = (None, first + 1, 0)
        below = total - (first + len(shown))
        if below:
            lines[-1] = (None, 0, below + 1)
        return first, lines
    first = max(0, min(first, total - 1))
    if rows == 1:
        return first, [(first, 0, 0)]
    return first, [(first, 0, 0), (None, first, total - first - 1)]
