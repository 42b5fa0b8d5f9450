"""What the play screen says: its key help (the side panel's lines and the status bar's),
and the sentences and counts it builds (a solve's line, the help had, a check's marks).

Kept apart from `ui.play`, which decides when each is said: the words change more often
than the play, and a test reads them without a screen.
"""
from __future__ import annotations

import os

from numbrix_curses.conflicts import Conflict, ConflictKind
from numbrix_curses.game import Game, HistoryFold, SolvedRecord
from numbrix_curses.puzzle import cell_name, plural
from numbrix_curses.ui.actions import Command
from numbrix_curses.ui.panel import KeyHelp, Message, MessageKind, bar_key_rows, shorter_than
from numbrix_curses.ui.times import format_duration

KEY_LINES = (
    (KeyHelp("move", "arrows hjkl wasd"),),
    # (a click on "type" opens the number pad: the mouse's way to type)
    (KeyHelp("type", "0-9", Command.NUMBER_PAD), KeyHelp("next", "n", Command.NEXT_NUMBER)),
    # (Backspace and Space clear too, as the help says: the line makes room for pencil)
    (KeyHelp("clear", "Del", Command.CLEAR), KeyHelp("pencil", "N", Command.PENCIL)),
    (KeyHelp("undo", "u", Command.UNDO), KeyHelp("redo", "r ^R", Command.REDO)),
    (KeyHelp("check", "c", Command.CHECK), KeyHelp("hint", "?", Command.HINT)),
    (KeyHelp("fill", "f", Command.AUTO_FILL), KeyHelp("reveal", "S", Command.REVEAL)),
    (KeyHelp("restart", "R", Command.RESTART), KeyHelp("pause", "p", Command.PAUSE)),
    (KeyHelp("moves", "m", Command.HISTORY), KeyHelp("watch", "v", Command.WATCH)),
    (KeyHelp("help", "F1 H", Command.HELP), KeyHelp("quit", "q", Command.QUIT)),
)
#: with the mouse: the commands box (going to a number, saving the puzzle, another like
#: it, which the lines above have no room for) is a click away, as "Tab more" is under a
#: board; a right click clears
MOUSE_LINE = (KeyHelp("more", "Tab", Command.COMMANDS), KeyHelp("r-click", "clear"))
#: the panel's key help once the puzzle is solved: only what still acts (see
#: `solved_key_lines`)
SOLVED_KEY_LINES = (
    (KeyHelp("again", "R", Command.RESTART), KeyHelp("another", "g", Command.ANOTHER)),
    (KeyHelp("moves", "m", Command.HISTORY), KeyHelp("watch", "v", Command.WATCH)),
    (KeyHelp("save", "e", Command.SAVE_FILE),),
    (KeyHelp("help", "F1 H", Command.HELP), KeyHelp("quit", "q", Command.QUIT)),
)


#: the typing keys' line in pencil mode, where digits make marks
_PENCIL_TYPE_LINE = (KeyHelp("mark", "0-9", Command.NUMBER_PAD),) + KEY_LINES[1][1:]


def key_lines(mouse: bool, pencil: bool = False) -> tuple[tuple[KeyHelp, ...], ...]:
    """The panel's key help; with the mouse, drawing by dragging and a line for clicks; in
    pencil mode, digits make marks."""
    draw = (KeyHelp("draw", "Shift-arrows, drag" if mouse else "Shift-arrows"),)
    typing = _PENCIL_TYPE_LINE if pencil else KEY_LINES[1]
    return ((KEY_LINES[0], draw, typing, *KEY_LINES[2:])
            + ((MOUSE_LINE,) if mouse else ()))


#: a revealed solution can still be taken back
_TAKE_BACK = KeyHelp("undo", "u", Command.UNDO)


def solved_key_lines(revealed: bool) -> tuple[tuple[KeyHelp, ...], ...]:
    """The panel's key help of a solved puzzle (`revealed`: by the reveal key)."""
    return (((_TAKE_BACK,),) if revealed else ()) + SOLVED_KEY_LINES


def solved_bar_keys(revealed: bool) -> tuple[KeyHelp, ...]:
    """The bar's keys of a solved puzzle, as `solved_key_lines`."""
    return ((_TAKE_BACK,) if revealed else ()) + SOLVED_BAR_KEYS


def first_game_tip(size: int, mouse: bool) -> Message:
    """What the panel says when someone plays for the first time (no game saved, nothing
    solved): the rule in a sentence, and the two ways to fill cells."""
    # (without a mouse, n rather than Shift-arrows: a terminal without a mouse, such as the
    # Linux console, often cannot tell Shift-arrows from arrows either)
    how = ("or drag from a number to draw the path" if mouse
           else "or press n in one beside a number to count on from it")
    return Message(f"Fill in 1 to {size} so that each number is next to the one before it: "
                   f"up, down or sideways. Type into a cell, {how}.")


def command_items(solved: SolvedRecord | None) -> list[KeyHelp]:
    """The commands box's lines (see `ui.commands`): what the panel's key lines list that
    acts ("type" opens the number pad), and going to a number, saving the puzzle and
    another like it, which they have no room for (the solved board's lists the last
    two)."""
    if solved is not None:
        lines = solved_key_lines(solved.revealed)
    else:
        lines = KEY_LINES + ((KeyHelp("go to", "/", Command.FIND),
                              KeyHelp("save", "e", Command.SAVE_FILE),
                              KeyHelp("another", "g", Command.ANOTHER)),)
    return [item for line in lines for item in line if item.action is not None]


STATUS_BAR_KEYS = (
    KeyHelp("move", "arrows"),
    KeyHelp("type", "0-9", Command.NUMBER_PAD),
    KeyHelp("undo", "u", Command.UNDO),
    KeyHelp("redo", "r", Command.REDO),
    KeyHelp("check", "c", Command.CHECK),
    KeyHelp("hint", "?", Command.HINT),
    KeyHelp("more", "Tab", Command.COMMANDS),
    KeyHelp("help", "F1", Command.HELP),
    KeyHelp("quit", "q", Command.QUIT),
)


#: the bar's keys without "0-9 type" (see `status_bar_keys`)
_BAR_KEYS_SHORT = tuple(item for item in STATUS_BAR_KEYS if item.keys != "0-9")
_TYPE_KEY = next(item for item in STATUS_BAR_KEYS if item.keys == "0-9")


def status_bar_keys(width: int, rows: int = 0) -> tuple[tuple[KeyHelp, ...],
                                                        tuple[KeyHelp, ...]]:
    """The bar's keys on a screen `width` wide whose bar has `rows` rows over its key line
    (a message aside), and the keys that go over the key line (`STATUS_BAR_MORE_KEYS`).

    "0-9 type" goes on the key line where that does not take the bar a row more (at 40
    columns the others fill one line over the key line without it, and need two with it,
    which a short screen's bar has not: "? hint" went); else last of the keys over the
    key line, where the bar has the rows for them all (at 80 columns the key line is a
    column short of it, and under a 15x15 board at 80x24 the bar has a row to spare); else
    it is left to the commands box ("Tab more"), as the number pad it opens is. Last, so
    a message that takes a row over the key line hides it before the others."""
    if bar_key_rows(width, _BAR_KEYS_SHORT, ()) >= bar_key_rows(width, STATUS_BAR_KEYS, ()):
        return STATUS_BAR_KEYS, STATUS_BAR_MORE_KEYS
    over = (*STATUS_BAR_MORE_KEYS, _TYPE_KEY)
    if bar_key_rows(width, _BAR_KEYS_SHORT, over) <= rows:
        return _BAR_KEYS_SHORT, over
    return _BAR_KEYS_SHORT, STATUS_BAR_MORE_KEYS


#: the bar's keys once the puzzle is solved: the panel's, in a line (help by F1 alone,
#: as the bar's other keys say it)
SOLVED_BAR_KEYS = tuple(
    KeyHelp(item.what, "F1", item.action) if item.action is Command.HELP else item
    for line in SOLVED_KEY_LINES for item in line
)
#: the rest, on the row above them while no message needs it
STATUS_BAR_MORE_KEYS = (
    KeyHelp("draw", "Shift-arrows"),
    KeyHelp("next", "n", Command.NEXT_NUMBER),
    KeyHelp("pencil", "N", Command.PENCIL),
    KeyHelp("fill", "f", Command.AUTO_FILL),
    KeyHelp("reveal", "S", Command.REVEAL),
    KeyHelp("pause", "p", Command.PAUSE),
    KeyHelp("moves", "m", Command.HISTORY),
    KeyHelp("watch", "v", Command.WATCH),
)


#: what a paused game says (Esc goes on too, as it ends most things)
PAUSED = "Paused: click the board, p or Esc."


def solved_line(
    seconds: float, moves: int, best: float | None = None, is_best: bool = False,
    first: bool = False, helped_before: bool = False, marks: int = 0,
    beaten: float | None = None, counted: bool = True,
) -> str:
    """"Solved in 0:41, 30 moves", and how it compares with the best time when there is one
    (`first`: no solve of the puzzle set a time before, so this one is the time to beat;
    `helped_before`: there were solves, all with help). `moves` are the moves that placed
    or cleared numbers; `marks` the pencil-mark moves, said apart ("30 moves and 12 pencil
    marks"), so the two add up to the panel's count; `beaten`, the best time a new best
    beat. `counted=False` leaves the moves and marks out (a shorter wording, see
    `solved_wordings`)."""
    text = f"Solved in {format_duration(seconds)}"
    if counted:
        text += f", {plural(moves, 'move')}"
    if marks and counted:
        text += f" and {plural(marks, 'pencil mark')}"
    if first:
        if helped_before:
            return text + ". Your first solve without help: the time to beat."
        return text + ". A first solve: the time to beat."
    if best is None:
        return text
    if is_best:
        if beaten is None:
            return text + ". A new best time!"
        if format_duration(beaten) == format_duration(seconds):
            # (not "(was 0:01)" beside a 0:01: the two differ by tenths)
            return text + ". A new best time, by a fraction of a second!"
        return text + f". A new best time (was {format_duration(beaten)})!"
    if format_duration(seconds) == format_duration(best):
        # A few tenths slower reads as the same time: say so, not "(best 0:41)" beside a
        # 0:41 that did not beat it.
        return text + f" (as fast as your best, {format_duration(best)})"
    return text + f" (best {format_duration(best)})"


def solved_wordings(seconds: float, moves: int, best: float | None = None,
                    is_best: bool = False, first: bool = False, helped_before: bool = False,
                    marks: int = 0, beaten: float | None = None) -> Message:
    """A solve's message (`solved_line`); shorter, without the moves and marks (the status
    line counts them), then the time alone."""
    text = solved_line(seconds, moves, best, is_best, first, helped_before, marks, beaten)
    short = solved_line(seconds, moves, best, is_best, first, helped_before, marks, beaten,
                        counted=False)
    return Message(text, MessageKind.SUCCESS,
                   shorter=shorter_than(text, short, f"Solved in {format_duration(seconds)}."))


def then_keys(said: Message, keys: str, *shorter_keys: str) -> Message:
    """`said` (a solve's message) and the `keys` that go on from it ("R plays it again"),
    in each of its wordings; its shorter wordings end with the same keys, or with one of
    `shorter_keys`, fewer words for them ("R again"), the longest first: at 26x11 each
    wording with the keys said in full was cut mid-word ("g makes anoth...")."""
    text = f"{full_stop(said.text)} {keys}"
    wordings = [f"{full_stop(each)} {then}" for then in (keys, *shorter_keys)
                for each in (said.text, *said.shorter)]
    # (sorted stably: of two as long, the one with the keys in more words first)
    return Message(text, said.kind, said.greeting,
                   shorter=shorter_than(text, *sorted(wordings[1:], key=len, reverse=True)))


def full_stop(text: str) -> str:
    """`text` ended as a sentence, so another can follow it: a solved line may end in a
    parenthesis ("(best 0:41)") or in nothing at all."""
    return text if text.endswith((".", "!", "?")) else text + "."


def sentence(text: str) -> str:
    """`text` as a sentence on its own: a capital first letter and a full stop (the
    deduction engine's reasons are phrased to follow a number or a colon)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    # (a closing bracket ends the sentence only after a stop of its own: "(see C3.)")
    return text if text.rstrip(")").endswith((".", "!", "?")) else text + "."


def help_count(hints: int, fills: int, fill: str = "auto-fill") -> str:
    """"2 hints, 1 auto-fill": the help the player had."""
    parts = [plural(hints, "hint")] if hints else []
    if fills:
        parts.append(plural(fills, fill))
    return ", ".join(parts)


def moves_value(moves: int, hints: int, fills: int, width: int) -> str:
    """The panel's moves count, with the help had: "12  (1 hint, 2 fills)" (the panel's key
    list calls auto-fill "fill"), or "12  (3 assists)" where that would not fit `width`;
    thousands parted as the messages part them ("1,234")."""
    if not hints and not fills:
        return f"{moves:,}"
    text = f"{moves:,}  ({help_count(hints, fills, 'fill')})"
    return text if len(text) <= width else f"{moves:,}  ({plural(hints + fills, 'assist')})"


def fold_words(fold: HistoryFold) -> Message:
    """What the play screen says, once, as a long game's history is folded to keep its save
    one the app reads back (see `Game.shorten_history`); shorter, without why, then what
    undo does now alone."""
    done = []
    if fold.folded:
        done.append(f"its first {plural(fold.folded, 'move')} are one step of undo now")
    if fold.redo_dropped:
        done.append(f"the {plural(fold.redo_dropped, 'move')} to redo were let go")
    text = f"A long game: {' and '.join(done)}, to keep its save small enough to read."
    return Message(text, shorter=shorter_than(text, f"A long game: {' and '.join(done)}.",
                                              f"A long game: {done[0]}."))


def label_for(puzzle_id: str | None, source: str | None) -> str:
    """What the title calls the puzzle: its id, else the file name, else a plain name."""
    if puzzle_id:
        return puzzle_id
    if source and source != "-":
        return os.path.basename(source)
    return "puzzle"


def wrong_numbers_words(count: int, marked: bool, undo: bool) -> str:
    """Why a hint or auto-fill waits: `count` of the player's numbers are wrong (`marked`:
    a check marks them now), counted as check counts them ("1 number will not work out");
    `undo`: one undo takes one of them off (after a deletion it would bring one back)."""
    one = count == 1
    it = "it" if one else "them"
    if marked:
        return (f"The marked {'number is' if one else 'numbers are'} wrong: clear "
                f"{it}{', or undo (u),' if undo else ''} first.")
    return (f"{'One of your numbers is' if one else 'Some of your numbers are'} wrong: "
            f"c twice marks {it}{', or undo (u) first' if undo else ', to clear first'}.")


def filled_words(count: int, conditional: bool) -> Message:
    """What an auto-fill that placed `count` numbers says; `conditional`: the puzzle's
    solution is not known, and no solution keeping the player's numbers was found in time,
    so these follow from them, right or wrong (said in fewer words where the whole does
    not fit: the caveat kept)."""
    one = count == 1
    it = "it" if one else "them"
    said = f"Auto-fill placed {plural(count, 'number')}; u undoes {it}."
    if not conditional:
        return Message(said)
    text = (f"{said} {'It follows' if one else 'They follow'} from your numbers, which could "
            "not be checked.")
    return Message(text, shorter=shorter_than(
        text, f"Auto-fill placed {plural(count, 'number')}, from yours, unchecked; u undoes "
              f"{it}."))


def reading_note(first: str, more: int | None) -> str:
    """What the app says of a file's reading warnings: the `first`, and how many `more`
    there are (None: more than were said, "many")."""
    if more is None:
        return f"{first} (many more warnings)"
    return f"{first} ({plural(more, 'more warning')})" if more else first


def conflict_words(game: Game, conflict: Conflict, short: bool = False) -> str:
    """Why `conflict` breaks the rules, in a clause a check says: which numbers, where, and
    what is wrong between them ("25 at E5 needs 24 beside it, but no cell next to it is
    free (20 and 22 are in the way)"). Marks alone left a newcomer to guess, and a right
    number marked beside the wrong one was erased. `short`: the same numbers and cells
    in fewer words, for a status bar with no room for the whole ("25 at E5 has no free
    cell for 24")."""
    geo = game.geometry

    def at(cell: int) -> str:
        return f"{game.value(cell)} at {cell_name(*geo.row_col(cell))}"

    kind, cells = conflict.kind, conflict.cells
    if kind is ConflictKind.DUPLICATE:
        times = "twice" if len(cells) == 2 else f"{len(cells)} times"
        return f"{conflict.numbers[0]} is on the board {times}"
    if kind is ConflictKind.BROKEN_LINK:
        return f"{at(cells[0])} and {at(cells[1])} are not next to each other"
    if kind is ConflictKind.UNREACHABLE:
        (ra, ca), (rb, cb) = geo.row_col(cells[0]), geo.row_col(cells[1])
        apart = abs(ra - rb) + abs(ca - cb)
        low, high = conflict.numbers
        pair = f"{at(cells[0])} and {at(cells[1])}"
        if short:
            return f"no path of {plural(high - low, 'step')} joins {pair}"
        if apart > high - low:
            return (f"{pair} are {plural(apart, 'step')} apart, more than the {high - low} "
                    "between them")
        # (a detour off the shortest way comes back: it adds steps two at a time)
        return (f"{pair} are {plural(apart, 'step')} apart, and a path of {high - low} "
                "steps cannot join them (a detour adds steps two at a time)")
    # STRANDED: the numbers it needs beside it, and the free cells it has for them
    left = ("no cell next to it is free" if conflict.free == 0
            else "only one cell next to it is free")
    walls = [str(game.value(c)) for c in cells[1:]]  # (the player's numbers in the way)
    way = (f" ({' and '.join(walls)} {'is' if len(walls) == 1 else 'are'} in the way)"
           if walls else "")
    needs = " and ".join(map(str, conflict.needs))
    if short:
        room = "no free cell" if conflict.free == 0 else "one free cell"
        return f"{at(cells[0])} has {room} for {needs}"
    return f"{at(cells[0])} needs {needs} beside it, but {left}{way}"


def marks_reason(game: Game) -> str:
    """Why a check marks the cells it marks (`Game.check_cells`, which come of these
    conflicts: there is one whenever a cell is marked): the first rule broken, in words,
    and how many more there are (what a check and a refused hint say after their lead)."""
    conflicts = game.check_conflicts()
    more = len(conflicts) - 1
    also = f" (and {plural(more, 'more problem')})" if more else ""
    return f"{conflict_words(game, conflicts[0])}{also}"


def marks_message(game: Game, lead: str) -> Message:
    """What a check that marked cells says, or a hint refused for them: `lead` ("2 cells
    marked", "Fix the marked cell first") and the first rule broken (`marks_reason`);
    shorter, that rule in fewer words, then without how many more problems there are
    (the marks show them), then the lead alone."""
    conflicts = game.check_conflicts()
    more = len(conflicts) - 1
    also = f" (and {more} more)" if more else ""
    short = conflict_words(game, conflicts[0], short=True)
    text = f"{lead}: {marks_reason(game)}."
    return Message(text, MessageKind.ERROR,
                   shorter=shorter_than(text, f"{lead}: {short}{also}.", f"{lead}: {short}.",
                                    f"{lead}."))


#: how a hint's reason starts where it follows from numbers that could not be checked (see
#: `deduce.next_step`)
CONDITIONAL = "If your numbers so far are right"


def hint_message(reason: str, number: int | None, where: str | None) -> Message:
    """What a hint says: its reason, and that ? again places the number; shorter, the
    number and the cell it goes in with the key (the board marks why, the cursor is on
    the cell). `where` names the cell; None with `number` for a hint that places
    nothing."""
    text = f"{sentence(reason)} ? again places it."
    if number is None or where is None:
        return Message(text)
    # (a step from numbers that could not be checked says so in fewer words too)
    ifs = "If your numbers are right, " if reason.startswith(CONDITIONAL) else ""
    return Message(text, shorter=(f"{ifs}{number} must go at {where}. ? again places it.",))


def will_not_work_out_message(count: int, cost: bool) -> Message:
    """What a check says of `count` numbers not in the solution before it marks them:
    that c again marks them, and (`cost`) that the game then earns no best time; shorter,
    without "No contradiction yet", then without the cost (c again asks before it
    costs anything)."""
    them = "it" if count == 1 else "them"
    said = f"{plural(count, 'number')} will not work out: c again marks {them}"
    costs = " (no best time then)" if cost else ""
    text = f"No contradiction yet, but {said}{costs}."
    return Message(text, MessageKind.ERROR,
                   shorter=shorter_than(text, f"{said[0].upper()}{said[1:]}{costs}.",
                                    f"{said[0].upper()}{said[1:]}."))


def wrong_marked_message(count: int) -> Message:
    """What a check asked twice says as it marks `count` numbers not in the solution;
    shorter, in fewer words, the ways out kept (clear, or undo)."""
    one = count == 1
    it = "it" if one else "them"
    head = f"{plural(count, 'number')} marked"
    return Message(
        f"{head}: {'it is' if one else 'they are'} not in the solution. Clear {it}, or undo "
        f"(u) back past {it}.", MessageKind.ERROR,
        shorter=(f"{head}: not in the solution. Clear {it}, or undo (u).",))


#: what turning pencil marks on says, and shorter: how to make and take out a mark, and
#: how to go back to numbers
PENCIL_ON = Message(
    "Pencil: a number typed in an empty cell goes in as a mark of what it might hold; typed "
    "again, it comes out. Del rubs out a cell's marks, N types numbers.",
    shorter=("Pencil: a number typed goes in as a mark; typed again, it comes out. N types "
             "numbers.",
             "Pencil: digits make marks. N types numbers."))


def out_of_range_words(game: Game) -> str:
    """What a digit refused for taking a number past the board says: the range, and the
    number still being typed, which the next digit goes on from."""
    typed = game.pending_note if game.pencil else game.pending
    waits = (f": {typed.digits} waits for another digit (Enter ends it)"
             if typed is not None and typed.digits else "")
    return f"Numbers go from 1 to {game.size}{waits}."


def cleared_words(name: str, held: int, zero: bool) -> str:
    """What clearing cell `name` took away: its number `held`, or (0) its pencil marks; a 0
    that starts a number clears too (no number is 0), and `zero` says that is how."""
    what = f"{held} taken out of {name}" if held else f"{name}'s marks rubbed out"
    said = f"{what} (u brings {'it' if held else 'them'} back)."
    return f"0 clears a cell, as Del does: {said}" if zero else said[0].upper() + said[1:]


def given_mark_words(number: int, where: str, goes: bool = False) -> str:
    """Why a pencil mark of `number`, a given's (standing `where`: " at C5"), is refused;
    or, `goes`, goes when its typing ends unless a digit more makes it another number."""
    then = "; a digit more makes another mark, else it goes" if goes else ", so it takes no mark"
    return f"{number} is given{where}: no other cell can hold it{then}."


def given_mark_message(number: int, where: str, goes: bool = False) -> Message:
    """`given_mark_words` as a message; shorter, without why a given takes no mark (what
    happens to this one is what the player acts on)."""
    text = given_mark_words(number, where, goes)
    if not goes:
        return Message(text, shorter=(f"{number} is given{where}: it takes no mark.",))
    return Message(text, shorter=(
        f"{number} is given{where}; a digit more makes another mark, else it goes.",))


def spent_mark_words(number: int, where: str) -> str:
    """Why the cell does not show the mark of `number` just pencilled: it stands `where`."""
    return f"{number} is{where} already: this mark shows once it comes off there."

