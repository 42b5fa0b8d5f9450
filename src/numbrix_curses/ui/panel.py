"""The information panel beside (or, on narrow screens, the status bar below) a board.

It shows a title, name/value status lines, a message, and a lower section: the key help or
another list (the move history). Each key help entry is also a button (its action goes into
the screen mask), so the mouse can do what the keys do.
"""
from __future__ import annotations

import curses
import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Sequence, overload

from numbrix_curses.ui.actions import Action, Command, UnboundKey
from numbrix_curses.ui.draw import columns, cut_to_columns, padded, put, wrap_text
from numbrix_curses.ui.layout import PANEL_WIDTH
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.theme import Theme

if TYPE_CHECKING:
    from numbrix_curses.savestate import Store

#: message lines kept for the side panel
MESSAGE_ROWS = 4
KEY_COLUMN = 8
HALF_WIDTH = 16


class MessageKind(enum.Enum):
    INFO = "info"
    SUCCESS = "success"
    ERROR = "error"


@dataclass(frozen=True)
class Message:
    """A line of the side panel: what the screen has to say now."""

    text: str
    kind: MessageKind = MessageKind.INFO
    #: said on arriving at a screen ("Welcome back: ..."): true of the moment only, it goes
    #: once the player has been to another screen (help, a menu) and come back, as it goes
    #: at the first key; a warning is not a greeting, and stays until a key
    greeting: bool = False
    #: shorter wordings of the same, longest first, for a status bar with no room for
    #: `text` whole (see `screen.room_for_wording`): each keeps what the player acts on
    #: (a verdict's fix and its key), leaving out what the screen shows otherwise
    shorter: tuple[str, ...] = ()

    def with_text(self, text: str) -> "Message":
        """This message with `text` in place of its own; its shorter wordings change
        alike when `text` is its own with more before or after it (a spinner, a note)."""
        if not self.shorter or self.text not in text:
            return replace(self, text=text, shorter=())
        before, _, after = text.partition(self.text)
        return replace(self, text=text,
                       shorter=tuple(f"{before}{short}{after}" for short in self.shorter))


def shorter_than(text: str, *wordings: str) -> tuple[str, ...]:
    """Those of `wordings` (longest first) shorter than `text` and than each kept before
    them, a full stop aside, for a `Message`'s `shorter`: a short clause may be the whole
    one ("2 is on the board twice"), and a wording no shorter would never show."""
    kept: list[str] = []
    for wording in wordings:
        if len(wording.rstrip(".")) < len((kept[-1] if kept else text).rstrip(".")):
            kept.append(wording)
    return tuple(kept)


@dataclass(frozen=True)
class KeyHelp:
    what: str
    keys: str
    action: Action | None = None


def take_store_problems(store: "Store") -> Message | None:
    """What went wrong reading the saves or records (a file set aside, say), as an error
    message, said once: the store forgets it then; None when nothing did."""
    if not store.problems:
        return None
    message = Message(" ".join(store.problems), MessageKind.ERROR)
    store.problems.clear()
    return message


def unbound_message(key: UnboundKey) -> Message:
    """What the board screens say to a key that means nothing there."""
    return Message(f"{key.name} does nothing here; F1 or H lists the keys.")


@dataclass(frozen=True)
class ListLine:
    """A line of a panel list (the move history), or its title; `current` marks the
    position."""

    text: str
    action: Action | None = None
    dim: bool = False
    current: bool = False


class MadeLines(Sequence[ListLine]):
    """A list's `count` lines, each made (`make(i)`) only when it is shown, with the one
    at `current` marked: a game of a million moves made a line of each to show twenty, for
    seconds a frame."""

    def __init__(self, count: int, make: Callable[[int], ListLine], current: int) -> None:
        self.count = count
        self.make = make
        self.current = current

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, index: int) -> ListLine: ...

    @overload
    def __getitem__(self, index: slice) -> list[ListLine]: ...

    def __getitem__(self, index: int | slice) -> ListLine | list[ListLine]:
        if isinstance(index, slice):
            return [self.make(i) for i in range(*index.indices(self.count))]
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.make(index % self.count)


KeyLines = Sequence[Sequence[KeyHelp]]


def message_attr(message: Message, theme: Theme) -> int:
    return {
        MessageKind.INFO: curses.A_NORMAL,
        MessageKind.SUCCESS: theme.success,
        MessageKind.ERROR: theme.error,
    }[message.kind]


def side_panel_rows(status_rows: int, key_lines: int) -> tuple[int, int]:
    """(rows needed at least, rows with the whole lower section) for a side panel (with or
    without a title: an untitled panel gives the title's two rows to the message)."""
    least = 2 + status_rows + 1 + MESSAGE_ROWS
    return least, least + 1 + key_lines


def draw_side_panel(
    win: "curses.window",
    mask: ScreenMask,
    top: int,
    left: int,
    height: int,
    title: str | None,
    status: Sequence[tuple[str, str]],
    message: Message | None,
    theme: Theme,
    *,
    keys: KeyLines = (),
    listing: tuple[ListLine, Sequence[ListLine]] | None = None,
    width: int = PANEL_WIDTH,
) -> None:
    """Title, status lines, message, then the key help or, if given, a titled list, in
    `width` columns (the layout's `panel_width`: the keys take the first `PANEL_WIDTH`,
    a message the whole).

    Without a title (the screen's title bar already names what is shown) the message has
    the title's two rows as well. A message longer than those takes rows from the keys (or
    the list) under it while it shows, down to the key line with help and leaving (the
    list's heading and a line): a hint's reason or a verdict is the point of asking, and
    is read whole. Only past those rows does it end in "...".
    """
    bottom = top + height
    y = top
    message_rows = MESSAGE_ROWS
    if title is None:
        message_rows += 2
    else:
        put(win, y, left, cut_to_columns(title, width), curses.A_BOLD)
        y += 2
    for name, value in status:
        put(win, y, left, f"{name:<8}", theme.label)
        put(win, y, left + 8, cut_to_columns(value, width - 8),
            curses.A_BOLD if name == "Time" else 0)
        y += 1
    y += 1
    message_top = y
    if message is not None:
        # (kept under it: a blank row, then the list's heading and a line, or the key line
        # with help and leaving)
        keep = 3 if listing is not None else 2 if keys else 0
        room = max(message_rows, bottom - message_top - keep)
        # The longest wording the rows show whole, as the bar under a board takes one: at
        # 45x20 a verdict of no solution was cut before its fixes ("It is...").
        wordings = (message.text, *message.shorter)
        text = next((said for said in wordings if len(wrap_text(said, width)) <= room),
                    wordings[-1])
        wanted = len(wrap_text(text, width))
        if wanted > message_rows:
            message_rows = max(message_rows, min(wanted, room))
        for line in wrap_text(text, width, message_rows):
            shown = padded(line, width) if message.kind is MessageKind.SUCCESS else line
            put(win, y, left, shown, message_attr(message, theme))
            y += 1
    if listing is None and message_top + message_rows + 1 + len(keys) > bottom:
        # A screen too short for the message's rows and every key: the keys move up into
        # the rows the message leaves empty (a message shown later covers them while it
        # shows), as many as they need, a row below the message's last line.
        after = y + 1 if y > message_top else y
        y = max(after, min(message_top + message_rows, bottom - 1 - len(keys)))
    elif listing is not None and bottom - max(y, message_top + message_rows) < 1 + len(listing[1]):
        # A list with more lines than the rows under the message's: it starts under the
        # message shown (or in its rows, when none is), rather than leave them empty and
        # show its latest line or two.
        y = y + 1 if y > message_top else y
    else:
        y = max(y, message_top + message_rows)
    # (one row left still shows the keys' line with help and leaving; a list needs its
    # heading and a line)
    if y >= bottom or (listing is not None and y + 2 > bottom):
        return
    if listing is not None:
        # The list keeps the key line with help and leaving under it, where it leaves
        # rows for its heading and a line: the way out stays in sight.
        last = [line for line in keys if any(item.action in LEAVING for item in line)]
        if bottom - len(last) - y < 2:
            last = []
        _draw_listing(win, mask, y, left, bottom - len(last), listing, theme, width)
        _draw_keys(win, mask, bottom - len(last), left, bottom, last, theme, width)
        return
    if y + 1 + len(keys) <= bottom:
        # (where the keys fit only without it, the heading goes first: they speak for
        # themselves, and the last ones would be cut)
        put(win, y, left, "Keys", theme.label | curses.A_BOLD)
        y += 1
    elif len(keys) > bottom - y:
        # Too few rows even so: the line with help and leaving stays, the ones before it go
        # from the end (as the status bar drops its keys), so the way out is always shown.
        last = [line for line in keys if any(item.action in LEAVING for item in line)]
        keys = [line for line in keys if line not in last][: max(0, bottom - y - len(last))]
        keys += last
    _draw_keys(win, mask, y, left, bottom, keys, theme, width)


def _draw_keys(
    win: "curses.window",
    mask: ScreenMask,
    y: int,
    left: int,
    bottom: int,
    keys: KeyLines,
    theme: Theme,
    width: int,
) -> None:
    """Lines of key help from row `y`, as many as fit above `bottom`, each item clickable."""
    for line in keys:
        if y >= bottom:
            break
        for i, item in enumerate(line):
            x = left + i * HALF_WIDTH
            span = HALF_WIDTH - 1 if len(line) > 1 else width
            put(win, y, x, item.what, theme.label)
            shown = item.keys[: span - KEY_COLUMN]
            put(win, y, x + KEY_COLUMN, shown, theme.key)
            if item.action is not None:
                # (its words only: the blank past them, to the screen's edge on the right,
                # is no button)
                mask.put(y, x, min(span, max(len(item.what), KEY_COLUMN + len(shown))),
                         item.action)
        y += 1


def _draw_listing(
    win: "curses.window",
    mask: ScreenMask,
    y: int,
    left: int,
    bottom: int,
    listing: tuple[ListLine, Sequence[ListLine]],
    theme: Theme,
    width: int,
) -> None:
    title, lines = listing
    put(win, y, left, title.text, theme.label | curses.A_BOLD)
    if title.action is not None:  # (a click on the title closes the list, say)
        mask.put(y, left, min(width, columns(title.text)), title.action)
    y += 1
    room = bottom - y
    if room <= 0:
        return
    # Keep the current position in view: show the lines around it, the latest last.
    current = (lines.current if isinstance(lines, MadeLines)
               else next((i for i, line in enumerate(lines) if line.current), len(lines) - 1))
    first = max(0, min(current - room // 2, len(lines) - room))
    shown = lines[first: first + room]
    # The first and last lines shown stand in for those before and after them, never the
    # current line (in a list of a row or two, it is all there is room for).
    if first > 0 and len(shown) > 1 and not shown[0].current:
        # A click on it goes to the line it stands in for, and the list, kept around the
        # current position, then shows the earlier ones.
        shown = [ListLine(f"  ... {first + 1} earlier", shown[0].action), *shown[1:]]
    later = len(lines) - (first + len(shown))
    if later > 0 and len(shown) > 1 and not shown[-1].current:
        # (the same for the later ones, when the current line is near the start)
        shown = [*shown[:-1], ListLine(f"  ... {later + 1} later", shown[-1].action,
                                       dim=shown[-1].dim)]
    for line in shown:
        attr = theme.dim if line.dim else curses.A_NORMAL
        if line.current:
            attr = theme.selected
        # (a line cut short says so: "drew 129-141" cut to "drew 129-1" misread the move)
        text = (line.text if columns(line.text) <= width
                else cut_to_columns(line.text, max(0, width - 1)) + theme.glyphs.gap)
        put(win, y, left, padded(text, width) if line.current else text, attr)
        if line.action is not None:
            mask.put(y, left, width, line.action)
        y += 1


#: the fewest rows worth showing a list in, under a board (its title and a few lines); with
#: fewer, a screen says what the list would in a line
LISTING_LEAST_ROWS = 5
#: what the key line or panel shows to the last: help, and the way out
LEAVING = (Command.HELP, Command.QUIT, Command.BACK)


def draw_status_bar(
    win: "curses.window",
    mask: ScreenMask,
    top: int,
    rows: int,
    parts: Sequence[str],
    message: Message | None,
    theme: Theme,
    keys: Sequence[KeyHelp],
    more_keys: Sequence[KeyHelp] = (),
    listing: tuple[ListLine, Sequence[ListLine]] | None = None,
    message_action: Action | None = None,
) -> None:
    """The compact panel for narrow screens: status, message and key lines, centred.

    The message gets every row between the status line and the key line (`rows` - 2 of
    them, one at least): a long one wraps there, takes the status line's row too when
    they are not enough, is said in the longest of its shorter wordings that fits past
    them, and is cut with "..." only where none does.
    The key line stays on the bar's last row, so its buttons do not move with the message.
    Each screen lists its keys most needed first, and help and leaving last. `more_keys`
    go on the rows above the key line that the message leaves free, after any keys the
    key line had no room for, as many lines of them as there are rows, the line nearest
    the key line last; undo and redo, faster and slower, go on one line (see `PAIRS`).
    `parts` (the status line) go from the end while they do not fit.
    A click on the message is `message_action`, where one is given.
    """
    width = win.getmaxyx()[1]
    if message is not None and message.shorter:
        # The longest wording the rows show whole, as the side panel takes one: where the
        # bar keeps its rows (a number pad that may stand over it leaves them as they are),
        # the pencil's message was cut at 26x11 ("...goes in a...") though a shorter fit.
        wordings = (message.text, *message.shorter)
        message = replace(message, shorter=(), text=next(
            (said for said in wordings if bar_message_fits(said, width, rows)), wordings[-1]))
    dot = f" {theme.glyphs.bullet} "
    # Parts that do not fit go whole, the last first, rather than one cut mid-word (the
    # replay's verdict read "uni" at 40 columns).
    shown = list(parts)
    while len(shown) > 1 and columns(dot.join(shown)) > width:
        shown.pop()
    line = dot.join(shown)
    said = 0
    # A message longer than its rows takes the status line's too while it shows: the
    # hint's reason is what the player asked for, the clock and counts come back after.
    over = (rows > 1 and message is not None
            and len(wrap_text(message.text, width)) > max(1, rows - 2))
    if not over:
        put(win, top, max(0, (width - columns(line)) // 2), line)
    if rows > 1 and message is not None:
        first = top if over else top + 1
        lines = wrap_text(message.text, width, max(1, rows - 2) + over)
        # (a paragraph: its lines start at one column, the block centred)
        x = max(0, (width - max(map(columns, lines))) // 2)
        for i, text in enumerate(lines):
            put(win, first + i, x, text, message_attr(message, theme))
            if message_action is not None:
                mask.put(first + i, x, columns(text), message_action)
            said += 1
        said -= over  # (rows under the status line taken)
    if rows <= 2:
        return
    key_line, over_it = _bar_key_lines(keys, more_keys, width)
    _draw_key_line(win, mask, top + rows - 1, width, key_line, theme)
    if listing is not None and message is None:
        # (a titled list, as the side panel's, in the rows the message would have had;
        # the keys over the key line keep theirs)
        key_rows = len(over_it)
        bottom = top + rows - 1 - key_rows
        if bottom - (top + 1) >= 2:  # (its title and a line at least)
            list_width = min(width, PANEL_WIDTH)
            _draw_listing(win, mask, top + 1, (width - list_width) // 2, bottom, listing,
                          theme, list_width)
            said = bottom - (top + 1)
    free = rows - 2 - said
    if over_it and free > 0:
        lines = over_it[:free]
        for i, items in enumerate(lines):
            _draw_key_line(win, mask, top + rows - 1 - len(lines) + i, width, items, theme,
                           keep=0)


def bar_message_fits(text: str, width: int, rows: int) -> bool:
    """Whether a status bar `width` wide and `rows` tall shows the message `text` whole:
    in the rows between its status and key lines, and the status line's too (see
    `draw_status_bar`)."""
    return len(wrap_text(text, width)) <= max(1, rows - 2) + (rows > 1)


def bar_key_rows(width: int, keys: Sequence[KeyHelp], more_keys: Sequence[KeyHelp]) -> int:
    """How many lines of keys over its key line a status bar `width` wide would show with
    rows enough: the keys the key line has no room for, and `more_keys`."""
    return len(_bar_key_lines(keys, more_keys, width)[1])


#: keys that go together, as the side panel lists them on one line: on a bar they go over
#: the key line side by side rather than one on it and the other over it (at 60 columns
#: "u undo" was on the key line, "r redo" on the line above)
PAIRS = ((Command.UNDO, Command.REDO), (Command.FASTER, Command.SLOWER))


def _units(keys: Sequence[KeyHelp], together: bool) -> list[list[KeyHelp]]:
    """`keys` in the units a bar keeps on one line: where `together`, a pair (`PAIRS`)
    side by side is one; every other key is one alone."""
    units: list[list[KeyHelp]] = []
    for item in keys:
        if (together and units and len(units[-1]) == 1
                and (units[-1][0].action, item.action) in PAIRS):
            units[-1].append(item)
        else:
            units.append([item])
    return units


def _bar_key_lines(keys: Sequence[KeyHelp], more_keys: Sequence[KeyHelp],
                   width: int) -> tuple[list[KeyHelp], list[list[KeyHelp]]]:
    """A bar's key line `width` wide, and the lines of keys over it (those the key line has
    no room for, then `more_keys`) with rows enough; each pair (`PAIRS`) on one line,
    unless that takes a line more than parting it (a key out of sight is worse)."""
    best: tuple[list[KeyHelp], list[list[KeyHelp]]] | None = None
    for together in (True, False):
        line, left_out = _fit_key_line(keys, width, 2, together)
        over = _key_lines([*left_out, *more_keys], width, together)
        if best is None or len(over) < len(best[1]):
            best = (line, over)
    assert best is not None
    return best


def _fit_key_line(keys: Sequence[KeyHelp], width: int, keep: int,
                  together: bool = False) -> tuple[list[KeyHelp], list[KeyHelp]]:
    """The keys one line `width` wide has room for, and the keys left out (see
    `_draw_key_line`), each in order; where `together`, a pair goes whole (see `_units`)."""
    units = _units(keys, together)
    # The last (help and leave, or back) stay longest: a narrow screen drops the keys
    # before them, the last of those first. So does a box of every command just before
    # them, where a screen has one: a message covers the rows over the key line, and the
    # box is the mouse's way to what they held.
    if keep:
        tail = 0
        while (tail < len(units)
               and units[-1 - tail][0].action in (*LEAVING, Command.COMMANDS)):
            tail += 1
        keep = max(keep, tail)
    left_out: list[KeyHelp] = []
    while units and key_line_width([item for unit in units for item in unit]) > width:
        left_out[:0] = units.pop(-(keep + 1) if len(units) > keep else -1)
    return [item for unit in units for item in unit], left_out


def _key_lines(keys: Sequence[KeyHelp], width: int,
               together: bool = False) -> list[list[KeyHelp]]:
    """`keys` in lines of at most `width` columns, in order (a key wider than that alone on
    its line); where `together`, a pair on one line (see `_units`)."""
    lines: list[list[KeyHelp]] = []
    used = width + 1
    for unit in _units(keys, together):
        size = key_line_width(unit)
        if used + 2 + size > width:
            lines.append([])
            used = -2
        lines[-1].extend(unit)
        used += 2 + size
    return lines


def key_line_width(items: Sequence[KeyHelp]) -> int:
    """Columns a line of keys' help takes, two spaces between them."""
    return sum(key_width(i) + 2 for i in items) - 2


def key_width(item: KeyHelp) -> int:
    """Columns a key's help takes: the key, a space and what it does (the key alone where
    its name says what it does, as "S-Left" on a narrow bar)."""
    return len(item.keys) + (1 + len(item.what) if item.what else 0)


def _draw_key_line(
    win: "curses.window",
    mask: ScreenMask,
    y: int,
    width: int,
    keys: Sequence[KeyHelp],
    theme: Theme,
    keep: int = 2,
) -> list[KeyHelp]:
    """One line of keys, centred; past the width, keys go from the end, but for the last
    `keep` of them. Returns the keys left out, in order."""
    items, left_out = _fit_key_line(keys, width, keep)
    x = max(0, (width - key_line_width(items)) // 2)
    for item in items:
        put(win, y, x, item.keys, theme.key)
        put(win, y, x + len(item.keys) + 1, item.what)
        if item.action is not None:
            mask.put(y, x, key_width(item), item.action)
        x += key_width(item) + 2
    return left_out
