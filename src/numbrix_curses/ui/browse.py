"""Open file's list of the folder's puzzle files, so the mouse alone reaches any file.

Tab completion lists a few names to click, but never goes up a folder, and a folder of
more names than it shows hid the rest from a player without a keyboard. Under the path
field, Open file lists the folder the path typed so far is in (the working folder while it
is empty): '..' to go up, the folders in it to go into, then its puzzle files (the
suffixes the puzzles are written under: text, JSON, and the spreadsheets' CSV and tabs). A
click on a folder types it in, and the list follows it, as Enter does with a folder's path
typed; a click on a file opens it, as Enter would with its path typed. Past the rows there
are, the first and last lines say how many more there are, and a click on them, PgUp and
PgDn, or the wheel scroll the list.

`folder_of` and `list_folder` are the pure part: which folder a typed path lists, and
what it holds, in the order shown, each line's text made as it is shown. The folder is
listed in a thread beside the app's loop, the frame waiting a moment for it: a folder of
100,000 files (a fifth of a second) or one on a slow network drive says "Listing" until
its list comes, and the path takes keys meanwhile.
"""
from __future__ import annotations

import curses
import os
from dataclasses import dataclass
from typing import Any, Callable, Sequence, overload

from numbrix_curses.jobs import ThreadJob
from numbrix_curses.ui.actions import Action, Command, PickFile, Scroll
from numbrix_curses.ui.dialogs import (
    PROMPT_TOP,
    TextPromptScreen,
    folder_stamp,
    home_short,
    prompt_left,
)
from numbrix_curses.ui.draw import columns, cut_to_columns, put, wrap_text
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.panel import Message, MessageKind
from numbrix_curses.ui.screen import AppContext, Nav

#: the file names listed: what the app and `generate` write, and the spreadsheet copies
#: every command reads (the reader goes by what is in a file, not by its name)
PUZZLE_SUFFIXES = (".txt", ".json", ".csv", ".tsv")
#: the rows a list wants before the hint over it is shortened: the least in which a page
#: scrolled into its middle shows an entry between its "more above" and "more below"
LIST_ROWS = 3
#: how long a frame waits for its folder's listing before it is drawn without it, and how
#: often it is drawn again until the listing comes (see `BrowsingPromptScreen._list`)
LIST_WAIT = 0.02
LISTING_FRAME_MS = 30


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


class FolderListing(Sequence[FolderEntry]):
    """The lines of a folder's list, in the order shown: '..' (but at the top), its
    folders, then its puzzle files. Each line's `FolderEntry` is made as it is asked for:
    a folder of 100,000 files made as many, of which a frame shows some twenty."""

    def __init__(self, up: str | None, prefix: str, folders: list[str],
                 files: list[str]) -> None:
        self._up = up
        self._prefix = prefix
        self._folders = folders
        self._files = files
        self._length = (up is not None) + len(folders) + len(files)

    @property
    def has_files(self) -> bool:
        """Whether it lists a puzzle file (its heading says so where it lists none)."""
        return bool(self._files)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> FolderEntry: ...
    @overload
    def __getitem__(self, index: slice) -> list[FolderEntry]: ...
    def __getitem__(self, index: int | slice) -> FolderEntry | list[FolderEntry]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        if self._up is not None:
            if index == 0:
                return FolderEntry("..", self._up, True)
            index -= 1
        if index < len(self._folders):
            name = self._folders[index] + os.sep
            return FolderEntry(name, self._prefix + name, True)
        name = self._files[index - len(self._folders)]
        return FolderEntry(name, self._prefix + name, False)


def list_folder(folder: str) -> tuple[FolderListing, str | None]:
    """What `folder` (as typed, '' for the working folder) holds, in the order shown: '..'
    (but at the top), its folders, then its puzzle files, each by name without regard to
    case, names starting with a dot left out as a shell leaves them; and why it could not
    be read, or None."""
    parent = _parent(folder)
    up = None if parent is None else _as_folder(parent)
    folders: list[str] = []
    files: list[str] = []
    try:
        with os.scandir(os.path.expanduser(folder or os.curdir)) as found:
            for item in found:
                name = item.name
                if name.startswith("."):
                    continue
                if _is_folder(item):
                    folders.append(name)
                elif name.lower().endswith(PUZZLE_SUFFIXES):
                    files.append(name)
    except OSError as error:
        return FolderListing(up, "", [], []), error.strerror or str(error)
    for names in (folders, files):
        # (by name, then without regard to case: the sort keeps the order of names equal
        # but for case, in two passes of the built-in sort a third of the time of one
        # with a key of both)
        names.sort()
        names.sort(key=str.casefold)
    return FolderListing(up, _as_folder(folder), folders, files), None


def _is_folder(item: "os.DirEntry[str]") -> bool:
    try:
        return item.is_dir()  # (a link to a folder is one to go into)
    except OSError:
        return False


#: the list of a folder not yet listed
_NOTHING_YET = FolderListing(None, "", [], [])


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
        super().__init__(ctx, title, prompt, on_submit, shorter_hints=shorter_hints,
                         **options)
        #: the folder listed last, and the first of its lines shown (a page down, say)
        self.listed: str | None = None
        self.first = 0
        #: lines of the list in the last frame (a page for PgUp and PgDn)
        self.page = 1
        #: the list as this frame shows it (what `list_folder` said, and the folder), or
        #: None before a listing came
        self.shown: tuple[FolderListing, str | None, str] | None = None
        #: the `folder_stamp` of the folder as `shown` lists it (None: read it again), and
        #: whether this frame looked at it yet
        self.stamp: tuple[int, int, int, int] | None = None
        self.looked = False
        #: the listing under way beside the app's loop, of which folder, and the folder's
        #: stamp as it began (see `_list`)
        self.listing: tuple[ThreadJob[tuple[FolderListing, str | None]], str,
                            tuple[int, int, int, int] | None] | None = None

    def _entries(self) -> tuple[FolderListing, str | None, str]:
        """The folder's list as the frame shows it: looked at once a frame (the hint's
        length and the list both ask for it), and a click on it takes the entry drawn
        there. `_NOTHING_YET` while the folder is first listed (see `_list`)."""
        folder = folder_of(self.text)
        if folder != self.listed:
            self.listed, self.first = folder, 0  # (another folder starts at its top)
        if self.listing is not None and self.listing[1] != folder:
            self.listing[0].cancel()  # (the path left that folder: its list is not wanted)
            self.listing = None
        self._take_listing()
        if not self.looked:
            # (a folder of 100,000 files took a second to list and sort: read at every
            # frame, each key typed into the path waited that long for its frame)
            self.looked = True
            stamp = folder_stamp(folder)  # (before the listing: a change during it shows)
            if (self.shown is None or self.shown[2] != folder or stamp is None
                    or stamp != self.stamp):
                self._list(folder, stamp)
        self._take_listing()
        if self.shown is None or self.shown[2] != folder:
            return _NOTHING_YET, None, folder
        return self.shown

    def _list(self, folder: str, stamp: tuple[int, int, int, int] | None) -> None:
        """List `folder` beside the app's loop, waiting for it `LIST_WAIT` at most: a small
        folder is listed within the frame, and a large one (100,000 files took a fifth of
        a second, a slow network folder may take seconds) shows once listed, the path
        taking keys meanwhile. One listing of a folder at a time: a folder changing as it
        is listed is listed again, once the listing under way is done."""
        if self.listing is not None:
            return  # (of this folder, still under way: see `_entries`)
        job = ThreadJob("list the folder", lambda token: list_folder(folder))
        self.listing = (job, folder, stamp)
        job.wait(LIST_WAIT)

    def _take_listing(self) -> None:
        """Show the listing under way, once it is done."""
        if self.listing is None or not self.listing[0].done:
            return
        job, folder, stamp = self.listing
        self.listing = None
        listed = job.result
        # (not seen: `list_folder` says why a folder cannot be read rather than raise)
        self.shown = ((*listed, folder) if listed is not None
                      else (_NOTHING_YET, job.error or "not listed", folder))
        self.stamp = stamp

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        # (looked at afresh every frame, and read again where it changed, so a file saved
        # while the screen is open shows after the next key)
        self.looked = False
        super().draw(win, mask)

    def redraw_after_ms(self) -> int:
        # (the list shows as soon as it is made)
        return LISTING_FRAME_MS if self.listing is not None else super().redraw_after_ms()

    def close(self) -> None:
        if self.listing is not None:
            self.listing[0].cancel()
        super().close()

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
        if action is Command.CONFIRM and self._go_into(self.text.strip()):
            return None
        return super().handle(action)

    def _go_into(self, typed: str) -> bool:
        """Enter on the path of a folder: the folder typed in as a click on it types it
        (ending in a separator) and listed, as a file dialog goes into a folder; or, where
        it cannot be read, why, the path selected to mend. False where `typed` is no
        folder, for the file to be read. (It said 'FOLDER: is a directory, not a puzzle
        file', the folder's files listed under it.)"""
        path = os.path.expanduser(typed)
        if not typed or not os.path.isdir(path):
            return False
        try:
            # (opened only, not read through: a folder of many files is listed beside the
            # loop, see `_list`)
            os.scandir(path).close()
        except OSError as error:
            reason = error.strerror or str(error)
            self.select_all(Message(f"{typed}: a folder that cannot be read "
                                    f"({reason[:1].lower()}{reason[1:]})", MessageKind.ERROR))
            return True
        self.text = _as_folder(typed)
        self.pos, self.selected, self.message = len(self.text), False, None
        return True

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
        before, afters = (("Cannot list ", (f": {error}",)) if error is not None
                          else ("Listing ", ("...",)) if entries is _NOTHING_YET
                          else ("In ", (":",)) if entries.has_files
                          else ("In ", (" (no puzzle files):", " (no puzzles):", ":")))
        # (the shorter wordings where the longer leaves no room for the folder's own name:
        # at 26 columns the heading read "In …o (no puzzle files):")
        name = os.path.basename(where.rstrip(os.sep)) or where
        for after in afters:
            room = width - 2 * left - len(before) - len(after)
            if columns(where) <= room or columns(name) + 2 <= room:
                break
        heading = before + _path_end(where, room, theme.glyphs.gap) + after
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


def _path_end(path: str, room: int, gap: str) -> str:
    """`path` in `room` columns: whole, or its end after `gap`, from a separator where the
    end holds one ("…/ui/repo", not "…p/s85/ui/repo"). The end of a long path is the
    folder listed, and where '..' leads from. (Cut by the columns it takes, a wide
    character two.)"""
    if columns(path) <= room:
        return path
    end = cut_to_columns(path[::-1], max(0, room - columns(gap)))[::-1]
    separator = end.find(os.sep)
    return gap + (end[separator:] if separator > 0 else end)


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
