"""Small screens that ask: a yes/no question over the current screen, and a line of text.

Their answer runs as a follow-up in the screen that asked (`Pop(then=...)`), so the asking
screen keeps all the logic and a dialog knows nothing about games or files.

The line of text's Tab completes a path from the names of its folder (`folder_names`),
listed once and taken again while the folder is as it was (`folder_stamp`, which Open
file's list of the folder goes by too).
"""
from __future__ import annotations

import curses
import os
import re
import time
from dataclasses import dataclass
from typing import Callable

from numbrix_curses.ui.actions import (
    Action,
    Choose,
    Command,
    Hotkey,
    MoveCursor,
    Paste,
    Scroll,
    TextKey,
    UnboundKey,
)
from numbrix_curses.ui.draw import (
    columns, cut_to_columns, pack_rows, padded, put, put_wrapped, wrap_text,
)
from numbrix_curses.ui.keys import list_action_for_key
from numbrix_curses.ui.layout import MIN_WIDTH
from numbrix_curses.ui.listview import more_line
from numbrix_curses.ui.mask import ScreenMask
from numbrix_curses.ui.paste import one_line
from numbrix_curses.ui.panel import Message, MessageKind, message_attr
from numbrix_curses.ui.screen import (
    AppContext,
    Nav,
    Pop,
    Push,
    Screen,
    clear_panel_under,
    draw_box,
    draw_too_small,
    open_page,
)

Answer = Callable[[], "Nav | None"]
#: the text prompt's left margin, and where its buttons go (rows below the prompt line)
PROMPT_LEFT = 2
BUTTONS_ROW = 8
#: the text prompt's highest row: under the title, after a blank row
PROMPT_TOP = 2
#: the widest the text prompt's hint and messages are wrapped to, on a wide screen
PROMPT_READABLE = 76
#: the widest a yes/no box is asked for on a screen too small for it (see `ConfirmScreen`)
_NARROW = 40
#: the widest a yes/no box's explanation makes it, frame included: on a wide screen a line
#: of it unwrapped ran wall to wall (115 columns at 120x40), too long to read at a glance
_READABLE = 64
#: the fewest rows a yes/no box's text scrolls in, where it is too long for the screen:
#: those it has on the smallest screen the game is played on (11 rows). A smaller screen
#: says it is too small rather than show a question a few lines at a time, easily answered
#: half read
_SCROLLED_ROWS = 7
#: how many of the paths Tab finds its message names
_MATCHES_SHOWN = 6
#: how long after a folder last changed its listing is read again each time anyway (Open
#: file's list at every frame, Tab at every press): a file added within the same tick of
#: the file system's clock (two seconds on FAT) leaves the folder's time as it was
SETTLED_NS = 3 * 10**9
#: the columns between the text prompt's buttons (fewer on a narrow screen, see
#: `prompt_left`)
_BUTTON_GAP = 3
#: the narrowest screen with `PROMPT_LEFT` columns either side of the text prompt; a
#: narrower one (down to the smallest the game is played on) keeps one, and its buttons two
#: columns apart, so two buttons share a row there
_ROOMY = 40


def not_an_answer(key: int | str) -> UnboundKey | None:
    """A key a yes/no box (or a box of choices like it) takes for nothing, by its name: a
    printable key, a digit, a function key (F1 too: a box asks, and its help is its own
    buttons), Insert, or Space; None for any other (a key the box reads, or one with no
    name to say)."""
    if key == curses.KEY_F1:
        return UnboundKey("F1")
    if key == " ":
        return UnboundKey("Space")
    action = list_action_for_key(key, {})
    return action if isinstance(action, UnboundKey) else None


def fitting_words(options: list[str], width: int) -> str:
    """The first of `options` that fits `width` columns, else the last cut to them: a note
    that names the key where the box has room, and says what to do where it has not."""
    for option in options:
        if columns(option) <= width:
            return option
    return cut_to_columns(options[-1], width)


def prompt_left(width: int) -> int:
    """The text prompt's margin either side on a screen `width` columns wide."""
    return PROMPT_LEFT if width >= _ROOMY else 1


class ConfirmScreen(Screen):
    """"Reveal the solution?" with Yes and No; Enter takes the focused one (No at first).
    Yes is the left button and No the right, on one row at every width."""

    overlay = True

    def __init__(
        self,
        ctx: AppContext,
        question: str,
        on_yes: Answer,
        *,
        detail: str = "",
        on_no: Answer | None = None,
        yes: str = "Yes",
        no: str = "No",
    ) -> None:
        super().__init__(ctx)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.labels = (yes, no)
        self.focus_yes = False
        #: the first line of the text in view, and the lines a page scrolls (a text too
        #: long for the screen scrolls: see `_box`)
        self.top = 0
        self.page = 1
        #: the key last pressed that is no answer (said in the box till the next key: a
        #: box that stood still at it read as a hung one)
        self.unbound: UnboundKey | None = None

    def action_for_key(self, key: int | str) -> Action | None:
        if isinstance(key, str) and key.lower() in ("y", "n"):
            return Hotkey(key.lower())
        if key in ("\x1b", "q"):
            return Hotkey("n")
        if key in ("\n", "\r", curses.KEY_ENTER):
            return Command.CONFIRM
        # Left and right go to the button on their side, as in dialog and whiptail boxes,
        # and Tab or Shift-Tab to the other one. (All of them turned the focus over: a word
        # typed into the box by mistake, "hello", turned it to Yes, for Enter to take.)
        if key in (curses.KEY_LEFT, "h"):
            return MoveCursor(0, -1)
        if key in (curses.KEY_RIGHT, "l"):
            return MoveCursor(0, 1)
        if key in ("\t", curses.KEY_BTAB):
            return Command.NEXT_FIELD
        # (the text of a box too tall for the screen scrolls: see `_box`)
        scrolls: dict[int | str, Action] = {
            curses.KEY_UP: Scroll(-1), "k": Scroll(-1), curses.KEY_DOWN: Scroll(1),
            "j": Scroll(1), curses.KEY_PPAGE: Command.PAGE_UP, curses.KEY_NPAGE:
            Command.PAGE_DOWN}
        return scrolls.get(key) or not_an_answer(key)

    def handle(self, action: Action) -> Nav | None:
        self.unbound = action if isinstance(action, UnboundKey) else None
        if action is Command.CONFIRM:
            action = Hotkey("y" if self.focus_yes else "n")
        if isinstance(action, MoveCursor):
            self.focus_yes = action.dcol < 0  # (Yes is the left button)
        elif action is Command.NEXT_FIELD:
            self.focus_yes = not self.focus_yes
        elif isinstance(action, Scroll):
            self.top += action.delta
        elif action is Command.PAGE_DOWN:
            self.top += self.page
        elif action is Command.PAGE_UP:
            self.top -= self.page
        elif action == Hotkey("y"):
            return Pop(then=self.on_yes)
        elif action == Hotkey("n"):
            return Pop(then=self.on_no)
        return None

    def _buttons(self) -> list[str]:
        return [f"[y] {self.labels[0]}", f"[n] {self.labels[1]}"]

    def _lines(self, box_w: int) -> list[tuple[str, int]]:
        """The text in a box `box_w` wide, with its attributes. It wraps to the box (a narrow
        terminal must not lose the end of a warning); the question stays bold however many
        lines it takes."""
        texts = [self.question] + ([self.detail] if self.detail else [])
        return [(line, curses.A_BOLD if i == 0 else 0)
                for i, text in enumerate(texts) for line in wrap_text(text, box_w - 4)]

    def _widths(self) -> tuple[int, int]:
        """The box's width with no line wrapped (its explanation wrapped to `_READABLE`
        columns, the question kept whole where the screen has room), and the least that
        holds its buttons: two columns apart, and a column from the frame (on the smallest
        screen the game is played on, "[y] Abandon" and "[n] Keep" fit so, and not with the
        room they have elsewhere)."""
        buttons = sum(len(b) for b in self._buttons())
        # (in columns: a CJK file name in the question takes two a character)
        text = max(columns(self.question), min(columns(self.detail), _READABLE - 6))
        return max(text, buttons + 4) + 6, buttons + 2 + 4

    def _box(self, height: int, width: int) -> _Box:
        """The box on a `height` x `width` screen.

        Its text is read whole where the screen has the rows: under it a blank row, or on
        a screen a row short of that, none. A text longer than that (at 26x11, "Fill in
        every simple step?" and why it costs the best time took eight lines of 22 columns,
        and the box asked for 40 columns) scrolls in the rows the screen has, the blank row
        saying how much more there is, above or below (the arrows, PgUp/PgDn, the wheel or
        a click on it scroll)."""
        box_w = min(width, self._widths()[0])
        lines = self._lines(box_w)
        if len(lines) + 4 <= height:
            box_h, rows = len(lines) + 4, len(lines)
        else:
            box_h = height
            rows = len(lines) if len(lines) + 3 <= height else max(0, height - 4)
        self.top = min(max(self.top, 0), max(0, len(lines) - rows))
        top = max(0, (height - box_h) // 2)
        left = max(0, (width - box_w) // 2)
        return _Box(top, left, box_h, box_w, lines[self.top: self.top + rows],
                    above=self.top, below=max(0, len(lines) - self.top - rows))

    def _need(self, height: int, width: int) -> tuple[int, int] | None:
        """None when the question and its buttons fit a `height` x `width` screen (its text
        scrolling, in `_SCROLLED_ROWS` rows at least, where it is too long for the rows),
        else the (width, height) to ask for: a box no wider than `_NARROW` columns."""
        whole, least = self._widths()
        box_w = min(width, whole)
        lines = len(self._lines(box_w))
        if box_w >= least and height >= 4 + min(lines, _SCROLLED_ROWS):
            return None
        narrow = max(least, min(whole, _NARROW))
        # (the narrowest box the screen's rows hold, where one is: at 20x8 the restart
        # question asked for 40 columns, and 26 hold it in 7 rows)
        for box_w in range(least, narrow):
            rows = 4 + min(len(self._lines(box_w)), _SCROLLED_ROWS)
            if rows <= height:
                return box_w, rows
        return narrow, 4 + min(len(self._lines(narrow)), _SCROLLED_ROWS)

    def clear_under(self, win: "curses.window", below: Screen) -> None:
        """Blank the side panel's rows the box covers (see `clear_panel_under`)."""
        height, width = win.getmaxyx()
        box = self._box(height, width)
        clear_panel_under(win, below, box.top, box.left, box.height, box.width)

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        buttons = self._buttons()
        # The dialog takes every click: nothing behind it reacts.
        mask.clear()
        need = self._need(height, width)
        if need is not None:
            # A question cut short may be answered wrongly: say what it needs instead
            # (q answers No, as ever).
            win.erase()
            draw_too_small(win, need, theme)
            return
        box = self._box(height, width)
        top, left, box_h, box_w = box.top, box.left, box.height, box.width
        self.page = max(1, len(box.lines) - 1)
        draw_box(win, top, left, box_h, box_w, theme)
        for i, (line, attr) in enumerate(box.lines):
            put(win, top + 1 + i, left + 2, line, attr)
        if self.unbound is not None:
            # Said in the blank row over the buttons, for the moment in place of how much
            # more text there is; a box with no blank row says it in its bottom edge.
            blank = box_h - 4 >= len(box.lines)
            note = fitting_words([f"{self.unbound.name} does nothing here: press y or n.",
                                  "Press y or n."], box_w - (4 if blank else 6))
            put(win, top + box_h - (3 if blank else 1), left + 2, note if blank else f" {note} ")
        elif box.above or box.below:
            # (in the blank row over the buttons: the text takes every other row)
            more = (more_line(box.below, below=True) if not box.above
                    else more_line(box.above, below=False) if not box.below
                    else f"... {box.above} above, {box.below} below")
            more = cut_to_columns(more, box_w - 4)
            put(win, top + box_h - 3, left + 2, more, theme.dim)
            mask.put(top + box_h - 3, left + 2, columns(more),
                     Command.PAGE_DOWN if box.below else Command.PAGE_UP)
        y = top + box_h - 2
        # (four columns apart where the box has room for that and two each side)
        gap = 4 if sum(len(b) for b in buttons) + 4 + 6 <= box_w else 2
        x = left + max(1, (box_w - (sum(len(b) for b in buttons) + gap)) // 2)
        for i, text in enumerate(buttons):
            focused = (i == 0) == self.focus_yes
            put(win, y, x, text, theme.selected if focused else theme.key)
            mask.put(y, x, len(text), Hotkey("yn"[i]))
            x += len(text) + gap


@dataclass(frozen=True)
class _Box:
    """Where a yes/no box stands, and the lines of its text in view, with their
    attributes: `above` and `below` are how many more there are, scrolled out of it."""

    top: int
    left: int
    height: int
    width: int
    lines: list[tuple[str, int]]
    above: int = 0
    below: int = 0


class TextPromptScreen(Screen):
    """One line of text (a file path); Tab completes paths. `on_submit` returns an error
    message to show, or where to go.

    An `initial` text (a suggested file name) starts selected, as in any dialog: typing
    replaces it and Backspace or Delete clears it; a cursor key keeps it to edit. A text
    refused with an error is selected again, so that typing replaces it, but Backspace
    takes off its last character: the player typed it, and a slip at its end is the usual
    mend (one Backspace emptied a long path)."""

    def __init__(
        self,
        ctx: AppContext,
        title: str,
        prompt: str,
        on_submit: Callable[[str], "str | Nav | None"],
        *,
        initial: str = "",
        hint: str = "",
        shorter_hints: tuple[str, ...] = (),
        complete_paths: bool = True,
        ok: str = "open",
    ) -> None:
        super().__init__(ctx)
        self.title = title
        self.prompt = prompt
        self.on_submit = on_submit
        self.text = initial
        self.pos = len(initial)
        #: the initial text is still selected (see the class docstring)
        self.selected = bool(initial)
        #: the selected text is one the player typed, refused (Backspace edits it)
        self.refused = False
        self.hint = hint
        #: the hint said in fewer words, longest first, for a screen short of rows (see
        #: `hint_shown`)
        self.shorter_hints = shorter_hints
        self.complete_paths = complete_paths
        self.ok = ok
        self.message: Message | None = None
        #: the paths Tab found several of, as they would be typed, while its message
        #: listing them shows: a click on a name there takes it (see `_complete`)
        self.matches: list[str] = []
        self.matches_message: Message | None = None
        #: the folders Tab listed: each one's `folder_stamp` as it was listed, and its
        #: names (`folder_names`), taken again while its stamp stays the same
        self.folders_listed: dict[str, tuple[tuple[int, int, int, int] | None,
                                             list[str] | None]] = {}
        #: the rows the buttons take past the first, as the last frame laid them out (a
        #: screen too narrow for them on one row has them on two)
        self.more_button_rows = 0

    def _buttons(self) -> list[tuple[str, str, Action]]:
        return [("Enter", self.ok, Command.CONFIRM), ("Tab", "complete", Command.NEXT_FIELD),
                ("Esc", "back", Command.BACK)]

    def min_size(self) -> tuple[int, int]:
        """(width, height): the prompt (its shorter form) and each button whole, the field,
        hint and message lines between them; down to the smallest screen the game is
        played on, where the buttons take two rows (see `_button_rows`)."""
        widest = max(len(key) + 1 + len(what) for key, what, _ in self._buttons())
        return max(MIN_WIDTH, len(self._prompt_text(0)) + 2, widest + 2), 2 + BUTTONS_ROW + 1

    def _prompt_text(self, width: int) -> str:
        """The prompt in `width` columns: where it is too wide, without the words in
        brackets ("File to write:")."""
        if len(self.prompt) <= width:
            return self.prompt
        return re.sub(r" \([^)]*\)", "", self.prompt)

    def _button_rows(self, width: int, gap: int) -> list[list[tuple[str, str, Action]]]:
        """The buttons by row in `width` columns, `gap` apart: one row where they fit, else
        as many as they need, none cut."""
        return pack_rows(self._buttons(), lambda b: len(b[0]) + 1 + len(b[1]), width, gap)

    def action_for_key(self, key: int | str) -> Action | None:
        if self.too_small and key == "q":
            return Command.BACK  # as the notice says; there is no field to type into
        special: dict[int | str, Action] = {
            "\n": Command.CONFIRM, "\r": Command.CONFIRM, curses.KEY_ENTER: Command.CONFIRM,
            "\x1b": Command.BACK,
            curses.KEY_BACKSPACE: Command.BACKSPACE, "\x7f": Command.BACKSPACE,
            "\b": Command.BACKSPACE,
            curses.KEY_DC: Command.CLEAR,
            curses.KEY_LEFT: MoveCursor(0, -1), curses.KEY_RIGHT: MoveCursor(0, 1),
            curses.KEY_HOME: Command.HOME, "\x01": Command.HOME,
            curses.KEY_END: Command.END, "\x05": Command.END,
            "\x15": Command.CLEAR_ALL,  # Ctrl-U
            "\t": Command.NEXT_FIELD,
            curses.KEY_F1: Command.HELP,  # letters are text here, so H cannot be help
        }
        if key in special:
            return special[key]
        if isinstance(key, str) and key.isprintable():
            return TextKey(key)
        # (a function key, Insert: said to do nothing, as on every other screen)
        unbound = list_action_for_key(key, {}) if isinstance(key, int) else None
        return unbound if isinstance(unbound, UnboundKey) else None

    def handle(self, action: Action) -> Nav | None:
        if isinstance(action, UnboundKey):
            # (F1 alone: H is a letter of the text here)
            self.message = Message(f"{action.name} does nothing here; F1 lists the keys.")
            return None
        if isinstance(action, Paste):
            # A path pasted with its line break is typed in, not submitted half-typed.
            text = one_line(action)
            if not text:
                return None
            action = TextKey(text)
        if self.selected:
            self.selected = False
            clears = (Command.CLEAR,) if self.refused else (Command.BACKSPACE, Command.CLEAR)
            if isinstance(action, TextKey) or action in clears:
                self.text, self.pos = "", 0
                if not isinstance(action, TextKey):
                    return None
        text, pos = self.text, self.pos
        if isinstance(action, TextKey) or action in (Command.BACKSPACE, Command.CLEAR,
                                                       Command.CLEAR_ALL):
            self.message = None  # (an error was about the text as it stood)
        if isinstance(action, TextKey):
            self.text, self.pos = text[:pos] + action.char + text[pos:], pos + len(action.char)
        elif action is Command.BACKSPACE and pos > 0:
            self.text, self.pos = text[: pos - 1] + text[pos:], pos - 1
        elif action is Command.CLEAR:
            self.text = text[:pos] + text[pos + 1:]
        elif action is Command.CLEAR_ALL:
            self.text, self.pos = "", 0
        elif isinstance(action, MoveCursor):
            self.pos = min(max(pos + action.dcol, 0), len(text))
        elif action is Command.HOME:
            self.pos = 0
        elif action is Command.END:
            self.pos = len(text)
        elif action is Command.NEXT_FIELD and self.complete_paths:
            self._complete()
        elif isinstance(action, Choose) and self._listing_matches():
            # A name clicked in the list of matches: it is typed in whole (a folder's
            # contents listed in turn), as the keyboard's Tab gets there a letter at a time.
            self.text = self.matches[action.index]
            self.pos, self.selected, self.message = len(self.text), False, None
            if os.path.isdir(os.path.expanduser(self.text)):
                if not self.text.endswith(("/", os.sep)):
                    self.text += os.sep
                    self.pos += 1
                self._complete()
        elif action is Command.BACK:
            return Pop()
        elif action is Command.HELP:
            from numbrix_curses.ui.help import HelpScreen

            return Push(HelpScreen(self.ctx, "lists"))
        elif action is Command.CONFIRM:
            result = self.on_submit(self.text.strip())
            if isinstance(result, str):
                # (selected, as on opening: a path typed after "no such file" was added to
                # the one refused, "nope.txtgood.txt"; a cursor key keeps it to mend)
                self.select_all(Message(result, MessageKind.ERROR))
                return None
            return result
        return None

    def select_all(self, message: Message | None = None) -> None:
        """Select the whole text again, as when the prompt opened (typing replaces it), and
        show `message`: after "Replace it?" is answered No, the name is the thing to change."""
        self.selected = bool(self.text)
        self.refused = message is not None and message.kind is MessageKind.ERROR
        self.pos = len(self.text)
        self.message = message

    def _complete(self) -> None:
        """Complete the path before the cursor as far as it is unambiguous."""
        typed = self.text[: self.pos]
        expanded = os.path.expanduser(typed)
        folder, start = os.path.split(expanded)
        names = self._names_in(folder)
        matches = sorted(os.path.join(folder, name) for name in names_starting(names, start))
        if not matches:
            empty = typed.endswith(("/", os.sep)) and os.path.isdir(expanded)
            said = "No file starts like that."
            if empty:
                said = ("That folder holds only hidden files: type a . to see them."
                        if names else "That folder is empty.")
            self.message = Message(said, MessageKind.ERROR)
            return
        common = os.path.commonprefix(matches)
        if len(matches) == 1 and os.path.isdir(common):
            common += os.sep
        if len(common) > len(expanded):
            # Keep a leading ~ as typed.
            addition = common[len(expanded):]
            self.text = typed + addition + self.text[self.pos:]
            self.pos += len(addition)
        if len(matches) > 1:
            names = ", ".join(_base_name(m) for m in matches[:_MATCHES_SHOWN])
            more = "..." if len(matches) > _MATCHES_SHOWN else ""
            self.message = Message(f"{len(matches)} matches: {names}{more}")
            self.matches = [typed + m[len(expanded):] for m in matches[:_MATCHES_SHOWN]]
            self.matches_message = self.message
        else:
            self.message = None

    def _names_in(self, folder: str) -> list[str] | None:
        """`folder_names` of `folder`, listed once and taken again while the folder is as it
        was (its `folder_stamp`): a folder of 100,000 files took a fifth of a second to
        list, at every Tab."""
        stamp = folder_stamp(folder)  # (before the listing: a change during it shows)
        kept = self.folders_listed.get(folder)
        if kept is not None and stamp is not None and kept[0] == stamp:
            return kept[1]
        names = folder_names(folder)
        self.folders_listed[folder] = (stamp, names)
        return names

    def _listing_matches(self) -> bool:
        """Is the message the list of matches Tab found (so its names can be clicked)?"""
        return self.message is not None and self.message is self.matches_message

    def _mask_matches(self, mask: ScreenMask, y: int, x: int, lines: list[str]) -> None:
        """Make each name of the matches listed in `lines` (drawn from (y, x)) a click
        that takes it; a name the wrapping split is left out."""
        row, at = 0, lines[0].find(": ") + 2 if lines else 0
        for index, name in enumerate(_base_name(m) for m in self.matches):
            for look in range(row, len(lines)):
                found = lines[look].find(name, at if look == row else 0)
                line = lines[look]
                if (found >= 0 and line[found - 1:found] in ("", " ")
                        and line[found + len(name):][:1] in ("", ",", ".")):
                    # (at the columns the line's text before it takes: a wide
                    # character takes two)
                    mask.put(y + look, x + columns(line[:found]), columns(name), Choose(index))
                    row, at = look, found + len(name)
                    break
            # (not found whole: split by the wrapping; the names after it are looked for on)

    def draw(self, win: "curses.window", mask: ScreenMask) -> None:
        theme = self.theme
        height, width = win.getmaxyx()
        self.too_small = not open_page(win, self.title, self.min_size(), theme)
        if self.too_small:
            return
        left = prompt_left(width)
        # (no wider than a line is read at a glance: at 200 columns the hint ran on for
        # 140)
        text_w = min(width - 2 * left, PROMPT_READABLE)
        gap = _BUTTON_GAP if left == PROMPT_LEFT else _BUTTON_GAP - 1
        button_rows = self._button_rows(text_w, gap)
        self.more_button_rows = len(button_rows) - 1
        # The hint and the message share the rows between the field and the buttons; where
        # they need more (a narrow screen), the buttons go lower, as far as the screen has
        # rows, and only then is the hint cut.
        said = wrap_text(self.message.text, text_w) if self.message is not None else []
        hint_text, top = self.hint_shown(height, text_w, len(said))
        hint = wrap_text(hint_text, text_w) if hint_text else []
        y, buttons_y = self.frame_rows(height, len(hint), len(said), top)
        put(win, y, left, self._prompt_text(text_w), curses.A_BOLD)
        field_w = max(10, width - 2 * left)
        # Scroll the field so the cursor stays visible: in columns, as a wide character
        # (CJK, full-width) takes two (the cursor stood left of where typing went in).
        start, used = self.pos, 0
        while start > 0 and used + columns(self.text[start - 1]) <= field_w - 1:
            start -= 1
            used += columns(self.text[start])
        shown = cut_to_columns(self.text[start:], field_w)
        put(win, y + 1, left, padded(shown, field_w), curses.A_UNDERLINE)
        if self.selected:
            put(win, y + 1, left, shown, theme.selected)
        cursor_x = left + columns(self.text[start: self.pos])
        char = self.text[self.pos] if self.pos < len(self.text) else " "
        put(win, y + 1, cursor_x, char, curses.A_REVERSE | curses.A_UNDERLINE)
        # The message (an error to act on) is read whole first, and the hint, the same
        # every time, gets the rows it leaves: at 40x12 the hint took four rows and the
        # error was cut to "r4.txt:3:1: row...".
        row = y + 3
        rows = max(1, buttons_y - row - 1)
        said_rows = min(len(said), rows)
        if hint_text and rows - said_rows > 0:
            row += put_wrapped(win, row, left, hint_text, text_w, theme.dim,
                               max_lines=rows - said_rows)
        if self.message is not None:
            put_wrapped(win, row, left, self.message.text, text_w,
                        message_attr(self.message, theme), max_lines=max(1, said_rows))
            if self._listing_matches():
                self._mask_matches(mask, row, left,
                                   wrap_text(self.message.text, text_w, max(1, said_rows)))
        for k, row in enumerate(button_rows):
            x = left
            for key, what, action in row:
                put(win, buttons_y + k, x, key, theme.key)
                put(win, buttons_y + k, x + len(key) + 1, what)
                mask.put(buttons_y + k, x, len(key) + 1 + len(what), action)
                x += len(key) + 1 + len(what) + gap
        if self.rows_below(height):
            self.draw_below(win, mask, buttons_y + 2 + self.more_button_rows)

    def frame_rows(self, height: int, hint_rows: int, said_rows: int,
                   top: int = PROMPT_TOP) -> tuple[int, int]:
        """The rows of the prompt line and of the buttons on a screen `height` rows high,
        for a hint and a message of so many rows, the prompt no higher than row `top`."""
        below = self.rows_below(height)
        gap = self._buttons_gap(hint_rows, said_rows, below > 0)
        # (the buttons' second row, on a narrow screen, is as far from the foot as the
        # one row is elsewhere: on the least rows the hint gives up a row for it)
        extra = self.more_button_rows
        y = max(top, min(height // 2 - 3, height - 1 - gap - below - extra))
        return y, min(y + gap, height - 1 - extra)

    def hint_shown(self, height: int, text_w: int, said_rows: int) -> tuple[str, int]:
        """The hint as drawn on a screen `height` rows high, in lines `text_w` wide, with a
        message of `said_rows` rows, and the highest row the prompt may take: the whole hint,
        under a blank row below the title (a prompt with a list under its buttons may take
        a shorter one, and the blank row: see `ui.browse`), or where the rows between the
        field and the buttons are too few for it, the longest of `shorter_hints` they hold
        (at 26x11 the save prompt's hint was cut to "... it. A name without...")."""
        forms = (self.hint, *self.shorter_hints)
        for form in forms:
            rows = len(wrap_text(form, text_w)) if form else 0
            y, buttons_y = self.frame_rows(height, rows, said_rows)
            # (the rows `draw` gives the hint and the message)
            if rows + said_rows <= max(1, buttons_y - y - 4):
                return form, PROMPT_TOP
        return forms[-1], PROMPT_TOP

    def _buttons_gap(self, hint_rows: int, said_rows: int, listing: bool) -> int:
        """How far below the prompt line the buttons go, for a hint and a message of so
        many rows: `BUTTONS_ROW`, or lower for a hint and message longer than its rows.

        A prompt with something `listing` under its buttons keeps no rows for a message
        not shown: they stood empty over a list of files cut to a line or two on a short
        screen. The buttons follow the hint and the message there, and the list takes
        the rest (a message, an error after a bad path, pushes them down in turn)."""
        # (the prompt, its field and a blank row; the hint and message; a blank row, but
        # with neither, one blank row is enough)
        needed = 3 + hint_rows + said_rows + (1 if hint_rows + said_rows else 0)
        return needed if listing else max(BUTTONS_ROW, needed)

    def rows_below(self, height: int) -> int:
        """Rows a prompt would have under its buttons (a list of files, say: see
        `ui.browse`), on a screen `height` rows high: the prompt moves up for them, as far
        as the top."""
        return 0

    def draw_below(self, win: "curses.window", mask: ScreenMask, top: int) -> None:
        """Draw what goes under the buttons, from row `top` to the screen's foot."""


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


def folder_names(folder: str) -> list[str] | None:
    """Every name in `folder` (expanded, '' for the working folder), hidden ones too, as
    the system lists them; None where it cannot be listed."""
    try:
        with os.scandir(folder or os.curdir) as found:
            return [item.name for item in found]
    except (OSError, ValueError):  # (ValueError: a NUL in the path)
        return None


def names_starting(names: list[str] | None, start: str) -> list[str]:
    """The `names` that start with `start`, as a shell's glob of it and a * finds them
    (`glob.glob`, which listed the folder again at every Tab): those starting with a dot
    left out unless the dot is typed, the case told apart as the system does."""
    if not names:
        return []
    if os.path.normcase("Aa") == "Aa":  # (case told apart: a third of fnmatch's time)
        found = [name for name in names if name.startswith(start)]
    else:
        key = os.path.normcase(start)
        found = [name for name in names if os.path.normcase(name).startswith(key)]
    return found if start else [name for name in found if not name.startswith(".")]


def _base_name(path: str) -> str:
    return os.path.basename(path.rstrip(os.sep))


def home_short(path: str) -> str:
    """`path` with the home directory written ~, as the prompt accepts it."""
    home = os.path.expanduser("~")
    if home not in ("~", "/") and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home):]
    return path
