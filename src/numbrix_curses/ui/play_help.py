"""The play screen's help: check, hints, auto-fill, the solution revealed or watched, and
the background work behind them.

A puzzle is solved in the background as soon as its screen opens (`solution_job`); help
reads that answer rather than solving again. A hint or auto-fill is worked out on a copy of
the board in a thread (`task`), and what waits on the background solve (a check, a reveal,
help on a board whose numbers are not known right) waits in a flag that the clock's tick
looks at (`_tick_help`). What was found is said in the message and marked on the board
(`check_marks`, `hint`); `ui.play` owns the screen and its input, `ui.play_view` the drawing.
"""
from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Callable

import numpy as np

from numbrix_curses import assist
from numbrix_curses.conflicts import wrong_entries
from numbrix_curses.game import Game, Refusal
from numbrix_curses.jobs import CancelToken, Job, ThreadJob, collect, suspects_job
from numbrix_curses.puzzle import cell_name, plural
from numbrix_curses.slips import Suspects
from numbrix_curses.ui.dialogs import ConfirmScreen
from numbrix_curses.ui.panel import Message, MessageKind, shorter_than
from numbrix_curses.ui.play_words import (
    filled_words,
    hint_message,
    marks_message,
    sentence,
    will_not_work_out_message,
    wrong_marked_message,
    wrong_numbers_words,
)
from numbrix_curses.ui.screen import AppContext, Nav, Push
from numbrix_curses.verdict import Status, no_solution_wordings

if TYPE_CHECKING:  # (the result's type only: the solve runs in `assist`)
    from numbrix_curses.solver import SolveResult


#: what a check that could not compare with a solution says, shorter (see
#: `_say_entries_checked`)
NOT_IN_FULL = "No contradiction found, but your numbers were not checked in full."


class HelpTask(Enum):
    """What the play screen's background task works out; its value names it in a failure
    ("The auto-fill failed: ...")."""

    HINT = "hint"
    FILL = "auto-fill"
    CHECK = "check"  # (whether a solution keeps the player's numbers: see `_check`)


#: how long a hint may think before the app gives up on it
HINT_BUDGET = 10.0
#: what a hint or auto-fill that needs the solution, not known yet, answers (see `_start_help`)
_WAIT_FOR_SOLVE = object()

#: what every key that needs the solution says on a puzzle that has none (the solver's
#: reason in its place when it has one, see `PlayHelp._no_solution`)
NO_SOLUTION = "This puzzle has no solution: a given may be mistyped."


def no_solution_head(reason: str) -> str:
    """The first sentence said of a puzzle with no solution: why, where the solver said."""
    return f"This puzzle has no solution: {reason}." if reason else NO_SOLUTION


class PlayHelp:
    """The play screen's help (see the module docstring). What it reads and calls of the
    screen:"""

    ctx: AppContext
    game: Game
    label: str
    message: Message | None
    read_note: Message | None
    #: the help's own state (set by the screen as it opens)
    solution_job: Job[SolveResult]
    solve_shared: bool
    verdict_told: bool
    suspects: Suspects | None
    suspects_job: Job[Suspects] | None
    task: ThreadJob | None
    task_kind: HelpTask | None
    task_revision: int
    reveal_waiting: bool
    check_waiting: int
    help_waiting: tuple[HelpTask, int] | None
    hint: assist.Hint | None
    hint_revision: int
    hint_counted: tuple[int, int | None, int | None] | None
    hint_agreed: bool
    check_marks: frozenset[int]
    check_revision: int
    wrong_marks: dict[int, int]
    wrong_told: int

    if TYPE_CHECKING:  # (the screen's, declared for the type checker only: at run time a
        # method here would stand before the screen's own in the order they are looked up)
        def _after_change(self) -> None: ...
        def _marked_now(self) -> set[int]: ...
        def _grade_when_solved(self) -> None: ...
        def _refusal_message(self, refusal: Refusal) -> Message: ...

    def _known_result(self) -> SolveResult | None:
        """The background solve's result once it has ended (None while it works, or when it
        failed)."""
        return self.solution_job.result if self.solution_job.done else None

    def _settled_result(self) -> SolveResult | None:
        """The background solve's result when it settled the question (not out of time)."""
        result = self._known_result()
        return result if result is not None and result.status is not Status.TIMEOUT else None

    def _known_status(self) -> Status | None:
        """The background solve's verdict once it has ended (None while it works, or when
        it failed)."""
        result = self._known_result()
        return result.status if result is not None else None

    def _solution(self) -> np.ndarray | None:
        """The unique solution, once the background solver has proved it."""
        result = self._known_result()
        return result.solution if self._known_status() is Status.UNIQUE else None

    def _check(self) -> Nav | None:
        """Mark the cells that break a rule; with none, compare with the solution and say
        whether a number will not work out; asked again of the same board, mark those
        numbers, as help (asking first when that costs the game its best time, as a hint
        does: a double click on "check" gave the best time away unread)."""
        game = self.game
        shown = self.check_marks if self.check_revision == game.revision else frozenset()
        marks = game.check_cells()
        self.check_marks = marks
        self.check_revision = game.revision
        self.hint = None
        if marks and game.givens_conflict():
            # the givens alone break a rule: the puzzle is at fault, not the player ("2
            # cells marked: those numbers cannot all be right" of two givens)
            self.message = self._no_solution_message()
            return
        if marks:
            self.message = marks_message(game, f"{plural(len(marks), 'cell')} marked")
            return
        job = self.solution_job
        if not job.done:
            # The board breaks no rule so far; whether a number leads nowhere takes the
            # solution, which the background solve is still working out: the check ends
            # when it has (see `tick`), unless the board changes first.
            self.check_waiting = game.revision
            self.message = Message("No contradiction so far; comparing with the solution... "
                                   "(Esc cancels)")
            return
        self.check_waiting = -1
        status = self._known_status()
        solution = self._solution()
        wrong = wrong_entries(game.grid, solution) if solution is not None else []
        if wrong and (self.wrong_told == game.revision or shown == frozenset(wrong)):
            # Asked again of the same board: which ones, as help (a player who cannot find
            # the number would otherwise go round between c and ?, each pointing at the other).
            if shown != frozenset(wrong) and not game.assisted:
                one = len(wrong) == 1

                def declined() -> None:
                    self.message = self._will_not_work_out(len(wrong))  # (said again)

                return Push(ConfirmScreen(
                    self.ctx, f"Mark the {'number' if one else 'numbers'} that will not work out?",
                    lambda: self._mark_wrong(wrong, count=True),
                    detail="The game then earns no best time.", on_no=declined))
            self._mark_wrong(wrong, count=shown != frozenset(wrong))
        elif wrong:
            self.wrong_told = game.revision
            self.message = self._will_not_work_out(len(wrong))
        elif self._has_no_solution():
            self.message = self._no_solution_message()
        elif status in (Status.MULTIPLE, Status.TIMEOUT) and not game.numbers_from_help():
            # No solution of its own to compare with: a search for one that keeps the
            # player's numbers tells whether they lead anywhere (it said "No mistakes found."
            # of numbers a hint then called dead).
            puzzle, grid = game.puzzle, game.grid.copy()
            self._start_task(HelpTask.CHECK,
                             lambda token: assist.entries_lead_on(puzzle, grid))
        elif status in (None, Status.TIMEOUT):
            self._say_entries_checked(None)
        else:
            self.message = Message("No mistakes found.", MessageKind.SUCCESS)

    def _say_entries_checked(self, leads: bool | None) -> None:
        """Say what a check found where the puzzle's own solution is not known (see
        `_check`): whether a solution keeps the player's numbers (None: not found out)."""
        several = self._known_status() is Status.MULTIPLE
        if leads is False:
            text = ("No rule is broken, but no solution keeps all of your numbers: one of them "
                    "will not work out (u takes your moves back one by one).")
            self.message = Message(text, MessageKind.ERROR, shorter=shorter_than(
                text, "No solution keeps all of your numbers: one will not work out (u takes "
                      "your moves back one by one).",
                "One of your numbers will not work out: u takes moves back one by one."))
        elif leads:
            self.message = Message(
                "No mistakes found: a solution keeps all of your numbers"
                + (" (this puzzle has more than one)." if several else "."),
                MessageKind.SUCCESS)
        elif several:
            text = ("No contradiction found. (This puzzle has more than one solution, and "
                    "whether one keeps all of your numbers could not be worked out in time.)")
            self.message = Message(text, shorter=(NOT_IN_FULL,))
        else:
            text = ("No contradiction found. (The solver could not work out the solution, so "
                    "a number that leads nowhere cannot be told.)")
            self.message = Message(text, shorter=(NOT_IN_FULL,))

    def _no_solution(self) -> str:
        """What to say of a puzzle known to have no solution: why, when the solver said
        ("17 and 18 are given but not next to each other" points a player who typed the
        puzzle in at the slip), and the givens without which it has one, the row typed out
        of place, or the two givens each typed as another number, once known."""
        result = self._known_result()
        reason = result.reason if result is not None else ""
        text = no_solution_head(reason)
        suspects = self.suspects
        if suspects is None:
            return text
        more = suspects.more()
        given = suspects.given_clause()
        pairs = suspects.pair_clause()
        if suspects.rows:
            # (the time running short is said once, in the last sentence)
            text += (f" It has {suspects.row_clause()}{'' if given else more}: it was likely"
                     " typed out of place.")
        if given:
            # ("It is exactly one solution with ..." of a swap that gives one)
            verb = "has" if given.startswith("exactly") else "is"
            text += (f" It {verb} {given}{'' if pairs else more}: it was likely copied wrong"
                     " there.")
        if pairs:
            text += f" It has {pairs}{more}: two numbers were likely copied wrong."
        return text

    def _no_solution_message(self) -> Message:
        """`_no_solution` as an error message; shorter, "No solution:" and why, then the
        likely fix once known (the cells to look at), with why in fewer words, then
        without it: at 26x11 the whole was cut before the cells it names."""
        text = self._no_solution()
        result = self._known_result()
        reason = result.reason if result is not None else ""
        fix = self.suspects.first_fix() if self.suspects is not None else None
        if fix is not None:
            then = f"Likely fix: {fix.change()}."
        else:
            # (no change gives exactly one solution: what the look found ends them instead,
            # the givens to look at; at 40x14 they were left out for the reason whole)
            head = no_solution_head(reason)
            then = text[len(head):].strip() if text.startswith(head) else ""
        return Message(text, MessageKind.ERROR,
                       shorter=shorter_than(text, *no_solution_wordings(reason, then)))

    def _take_suspects(self) -> None:
        """Once the givens without which the puzzle has a solution are known, say them in
        the no-solution message if that is the message showing."""
        self.suspects_job, found = collect(self.suspects_job)
        if found is None:
            return  # (running, failed or cancelled: the verdict stands without them)
        before = self._no_solution()
        self.suspects = found
        if self.message is not None and self.message.text.startswith(before):
            # (with what followed it kept: the file's warning)
            self.message = self._no_solution_message().with_text(
                self._no_solution() + self.message.text[len(before):])

    def _has_no_solution(self) -> bool:
        """Whether the puzzle is known to have no solution: the background solve proved it,
        or its givens alone break a rule."""
        return self._known_status() is Status.NONE or self.game.givens_conflict()

    def _fit_for_help(self) -> Refusal | None | Message:
        """Why a hint or auto-fill cannot help on this board (a message), else None."""
        game = self.game
        if game.solved is not None:
            return Refusal.SOLVED
        if game.paused:
            return Refusal.PAUSED
        if self._has_no_solution():
            # Not "fix the marked cells": the player cannot change a given.
            return self._no_solution_message()
        marks = game.check_cells()
        if marks:
            self.check_marks, self.check_revision = marks, game.revision
            return marks_message(
                game, f"Fix the marked {'cell' if len(marks) == 1 else 'cells'} first")
        solution = self._solution()
        wrong = wrong_entries(game.grid, solution) if solution is not None else []
        if wrong:
            return Message(wrong_numbers_words(len(wrong), self._marked_now() >= set(wrong),
                                               game.undo_clears(wrong)), MessageKind.ERROR)
        return None

    def _will_not_work_out(self, count: int) -> Message:
        """What a check says of `count` numbers not in the solution, before marking them."""
        return will_not_work_out_message(count, cost=not self.game.assisted)

    def _mark_wrong(self, wrong: list[int], count: bool) -> None:
        """Mark `wrong` (numbers not in the solution) as a check asked twice does, counted
        as a hint when `count` (not when asked again with them marked: that shows them
        again)."""
        game = self.game
        if count:
            game.note_hint()
        self.check_marks, self.check_revision = frozenset(wrong), game.revision
        self.wrong_marks = {cell: game.value(cell) for cell in wrong}
        self.message = wrong_marked_message(len(wrong))

    def _ask_hint(self) -> tuple[Refusal | None, Nav | None]:
        """A hint, after asking when it would cost the game its best time, as auto-fill,
        a reveal and watching the solver ask: only the first hint of a game asks, and not
        when the board is not fit for one (that is said at once)."""
        asked = ((self.task is not None and self.task_kind is HelpTask.HINT)
                 or (self.help_waiting is not None and self.help_waiting[0] is HelpTask.HINT))
        if (self.game.assisted or asked or self.hint_agreed
                or self._fit_for_help() is not None):
            return self._hint(), None  # (a hint under way was asked for already)

        def agreed() -> Refusal | None:
            self.hint_agreed = True
            return self._hint()

        return None, Push(ConfirmScreen(
            self.ctx, "Take a hint?", self._saying_refusal(agreed),
            detail="It shows a number that must go in, and why (? again places it). The "
                   "game then earns no best time.",
        ))

    def _saying_refusal(self, act: Callable[[], Refusal | None]) -> Callable[[], None]:
        """`act` as a dialog's answer: a refusal it meets is said as a message, since
        there is no key handling to say it then."""
        def answer() -> None:
            refusal = act()
            if refusal is not None:
                self.message = self._refusal_message(refusal)

        return answer

    def _hint(self) -> Refusal | None:
        game = self.game
        hint = self.hint
        if hint is not None and self.hint_revision == game.revision and hint.cell is not None:
            # Asking again on the same board places the number.
            refusal = game.place_hint(hint.cell, hint.number or 0)
            if refusal is None:
                self.message = Message(
                    f"Placed {hint.number} at {cell_name(*game.geometry.row_col(hint.cell))}.")
            self.hint = None
            return refusal
        return self._start_help(HelpTask.HINT)

    def _ask_auto_fill(self) -> tuple[Refusal | None, Nav | None]:
        """Auto-fill, after asking when it would cost the game its best time: one key (next
        to d, which moves) must not finish a puzzle by accident."""
        game = self.game
        if game.solved is not None:
            return Refusal.SOLVED, None
        if game.assisted or self._fit_for_help() is not None:
            # (no question before saying it cannot help, as for a hint: a wrong number or
            # marked cells were said only after the player agreed to lose the best time)
            return self._auto_fill(), None
        return None, Push(ConfirmScreen(
            self.ctx, "Fill in every simple step?", self._saying_refusal(self._auto_fill),
            # (a fill that solves the puzzle ends the game, solved with help: u takes back
            # only a fill that leaves cells empty, and said "u takes it back" of both)
            detail="On an easy puzzle that may solve it all, which ends the game; a fill that "
                   "does not, u takes back. The game earns no best time.",
        ))

    def _auto_fill(self) -> Refusal | None:
        return self._start_help(HelpTask.FILL)

    def _start_help(self, kind: HelpTask) -> Refusal | None:
        """Find a hint or auto-fill (`kind`) on a copy of the board in the background, unless
        the board is not fit for help: then the refusal, or the message saying why.

        Help reads the background solve's answer rather than solving the puzzle again (a
        20x20 takes seconds, and two solves at once share the processor). Until that answer
        comes, help goes ahead on a board whose numbers are known to be right (the givens,
        and what help placed), which needs no solution for a step of levels 1-3 (the first
        hint on a large board is then there at once); any other board, or a step that needs
        a trial, waits for the solve, as a check does.
        """
        problem = self._fit_for_help()
        if isinstance(problem, Refusal):
            return problem
        if problem is not None:
            self.message = problem
            return None
        grid = self.game.grid.copy()
        puzzle = self.game.puzzle
        work = assist.next_hint if kind is HelpTask.HINT else assist.auto_fill
        self._share_solve()
        if self.solution_job.done:
            self._start_task(kind, lambda token: work(puzzle, grid))
        elif self.game.numbers_from_help():
            def without_solving(token: CancelToken) -> object:
                try:
                    return work(puzzle, grid, solve=False)
                except assist.SolutionNeeded:
                    return _WAIT_FOR_SOLVE

            self._start_task(kind, without_solving)
        else:
            self._wait_for_solve(kind)
        return None

    def _wait_for_solve(self, kind: HelpTask) -> None:
        """Ask for help (`kind`) again once the background solve has ended (see `tick`)."""
        self.help_waiting = (kind, self.game.revision)
        self.message = Message("Working out the solution... (Esc cancels)")

    def _share_solve(self) -> None:
        """Hand the background solve's answer, once there is one, to the hints."""
        if self.solve_shared or not self.solution_job.done:
            return
        self.solve_shared = True
        result = self._known_result()
        if result is not None:
            assist.remember(self.game.puzzle, result)

    def _ask_reveal(self) -> tuple[Refusal | None, Nav | None]:
        if self.game.solved is not None:
            return Refusal.SOLVED, None
        job = self.solution_job
        if job.done and (job.result is None or job.result.solution is None):
            self._finish_reveal()  # nothing to reveal: say why at once, without asking
            return None, None
        if self._has_no_solution():
            self.message = self._no_solution_message()
            return None, None
        return None, Push(ConfirmScreen(
            self.ctx, "Reveal the solution?", self._reveal,
            detail="u takes it back" + self._costs_best_time("; the game earns no best time."),
        ))

    def _costs_best_time(self, said: str) -> str:
        """`said` when what is asked would cost the game its best time, else a full stop: a
        game helped already has none to lose, and auto-fill does not ask then."""
        return "." if self.game.assisted else said

    def _ask_watch(self) -> Nav:
        """Watch the solver on this puzzle; as the replay ends on the solution, a game under
        way then earns no best time, so that is asked first."""
        game = self.game
        if game.solved is not None or game.revealed or self._has_no_solution():
            return self._watch()
        shown = "one of its solutions" if self._known_status() is Status.MULTIPLE else "the solution"
        return Push(ConfirmScreen(
            self.ctx, "Watch the solver solve it?", self._watch,
            detail=f"It shows {shown}" + self._costs_best_time(": the game then earns no "
                                                              "best time."),
        ))

    def _watch(self) -> Nav:
        from numbrix_curses.ui.watch import WatchScreen

        if self.game.solved is None and not self._has_no_solution():
            self.game.note_solution_shown()
        return Push(WatchScreen(self.ctx, self.game.puzzle, self.label))

    def _reveal(self) -> None:
        if self.game.paused:
            self.game.resume()
        if not self.solution_job.done:
            self.reveal_waiting = True
            self.message = Message("Working out the solution... (Esc cancels)")
            return None
        self._finish_reveal()
        return None

    def _busy(self) -> bool:
        """Is a hint or fill working, or a reveal or a check waiting for the background
        solve? (The message then shows the spinner.)"""
        return (self.task is not None or self.reveal_waiting or self.check_waiting >= 0
                or self.help_waiting is not None)

    def _tell_verdict(self) -> None:
        """Say once, as soon as the background solve knows, that the puzzle has several
        solutions or none: a newspaper puzzle typed in with a slip is then no mystery. A
        warning of how the file was read, still showing, is said after it (the verdict
        came before the first frame, and the warning was never seen: one may be why)."""
        self.verdict_told = True
        status = self._known_status()  # (None: it failed)
        note = self.read_note if self.message is self.read_note else None
        if status is Status.MULTIPLE:
            self.message = Message("This puzzle has more than one solution: any path "
                                   "through the givens counts.")
        elif status is Status.NONE:
            self.message = self._no_solution_message()
            self.suspects_job = suspects_job(self.game.puzzle)
        else:
            return
        if note is not None:
            self.message = self.message.with_text(f"{self.message.text} {note.text}")

    def _finish_reveal(self) -> None:
        self.reveal_waiting = False
        self.verdict_told = True  # (the reveal says it too)
        result = self.solution_job.result
        if result is None:
            self.message = Message(f"The solver failed: {self.solution_job.error}",
                                   MessageKind.ERROR)
            return
        status = result.status
        if result.solution is None:
            self.message = (Message("The solver ran out of time.", MessageKind.ERROR)
                            if status is Status.TIMEOUT else self._no_solution_message())
            return
        refusal = self.game.reveal(result.solution)
        if refusal is not None:
            self.message = self._refusal_message(refusal)
            return
        self._after_change()
        if status is Status.MULTIPLE:
            self.message = Message("This puzzle has more than one solution; here is one.")

    # ----- background work ---------------------------------------------------------------
    def _start_task(self, kind: HelpTask, fn) -> None:
        self._cancel_task()
        self.task = ThreadJob(kind.value, fn)
        self.task_kind = kind
        self.task_revision = self.game.revision
        self.message = Message("Thinking... (Esc cancels)")

    def _cancel_task(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.message = Message("Cancelled.")
        if self.reveal_waiting or self.check_waiting >= 0 or self.help_waiting is not None:
            self.reveal_waiting = False
            self.check_waiting = -1
            self.help_waiting = None
            self.message = Message("Cancelled.")

    def _show_hint(self, hint: assist.Hint | None) -> None:
        game = self.game
        if hint is None:
            self.message = Message("No logical step found from here.")
            return
        if ((hint.cell is not None or hint.evidence)
                and (game.revision, hint.cell, hint.number) != self.hint_counted):
            # Only a hint that shows something counts as help: "this puzzle has more than one
            # solution" places nothing and points at nothing. The same hint shown again on
            # the same board counts once ("? y Esc ? Esc ?" made three hints of one).
            game.note_hint()
            self.hint_counted = (game.revision, hint.cell, hint.number)  # (after the count)
        if hint.contradiction:
            self.check_marks = frozenset(hint.evidence)
            self.check_revision = game.revision
            self.message = Message(sentence(hint.reason), MessageKind.ERROR)
            return
        self.hint = hint
        self.hint_revision = game.revision
        if hint.cell is not None:
            game.set_cursor(*game.geometry.row_col(hint.cell))
        where = (cell_name(*game.geometry.row_col(hint.cell)) if hint.cell is not None
                 else None)
        self.message = hint_message(hint.reason, hint.number, where)

    def _apply_fill(self, fill: assist.Fill) -> None:
        game = self.game
        refusal = game.auto_fill(list(fill.placements))
        if refusal is Refusal.NOTHING_TO_FILL:
            self.message = Message("Nothing to fill in with simple steps.")
        elif refusal is not None:
            self.message = self._refusal_message(refusal)
        else:
            count = len(game.latest_moves(1)[0].changes) if game.moves else 0  # type: ignore[union-attr]
            self.message = filled_words(count, fill.conditional)
        self._after_change()

    def _tick_help(self) -> Nav | None:
        """What the clock's tick does for help: hand on the background solve's answer
        once there is one, finish what waited for it, and take a finished task's result."""
        self._share_solve()
        self._take_suspects()
        self._grade_when_solved()
        if self.reveal_waiting and self.solution_job.done:
            self._finish_reveal()
        elif self.check_waiting >= 0 and self.solution_job.done:
            asked = self._check()
            if asked is not None:
                return asked  # (the task below is looked at next tick)
        elif self.help_waiting is not None and self.solution_job.done:
            kind, _ = self.help_waiting
            self.help_waiting = None
            self.message = None
            refusal = self._start_help(kind)
            if refusal is not None:
                self.message = self._refusal_message(refusal)
        elif not self.verdict_told and self.solution_job.done:
            self._tell_verdict()
        task = self.task
        if task is None or not task.done:
            if task is not None and task.elapsed() > HINT_BUDGET:
                self.task = None
                task.cancel()
                self.message = Message("No step found in time.", MessageKind.ERROR)
            return None
        self.task = None
        if self.game.revision != self.task_revision:
            self.message = None  # the board changed meanwhile: the answer is stale
            return None
        if task.error is not None:
            # (a fault of the app's, not of the board: said as it is, to be reported)
            assert self.task_kind is not None  # (set with the task)
            self.message = Message(f"The {self.task_kind.value} failed: {task.error}",
                                   MessageKind.ERROR)
            return None
        if task.result is _WAIT_FOR_SOLVE:
            assert self.task_kind is not None
            self._wait_for_solve(self.task_kind)
        elif self.task_kind is HelpTask.HINT:
            self._show_hint(task.result)
        elif self.task_kind is HelpTask.CHECK:
            self._say_entries_checked(task.result)
        else:
            self._apply_fill(task.result or assist.Fill())
        return None
