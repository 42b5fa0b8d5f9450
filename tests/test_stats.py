"""The statistics: solves grouped by size and difficulty, in `numbrix_curses.stats`."""
from __future__ import annotations

import re

import pytest

from numbrix_curses.records import Record
from numbrix_curses.stats import Group, summarize
from numbrix_curses.ui.stats_screen import (MIN_SIZE, _whole_sentences, columns_for, gap_for,
                                            group_line, table_line, widths_for)


def record(rows, cols, difficulty="", solved=1, best=None) -> Record:
    return Record(label="x", solved=solved, best_seconds=best, best_moves=None,
                  rows=rows, cols=cols, difficulty=difficulty)


def test_solves_are_grouped_by_size_and_difficulty_smallest_first():
    summary = summarize([
        record(9, 9, "hard", best=300.0),
        record(5, 5, "medium", solved=2, best=80.0),
        record(9, 9, "easy", best=120.0),
        record(5, 5, "medium", best=40.0),
        record(5, 5, "medium", best=60.0),
        record(7, 5, "", best=50.0),
        record(None, None, "easy", best=10.0),  # solved before sizes were kept
        record(5, 5, "easy", solved=0),  # not solved: a record of something else
    ])
    assert [(g.size, g.difficulty) for g in summary.groups] == [
        ("5x5", "medium"), ("7x5", ""), ("9x9", "easy"), ("9x9", "hard"), ("older", "easy")]
    medium = summary.groups[0]
    assert medium == Group(5, 5, "medium", puzzles=3, solves=4, best=40.0, typical=60.0)
    assert (summary.puzzles, summary.solves) == (7, 8)


def test_within_a_size_the_difficulties_go_from_easy_to_fiendish_then_others_by_name():
    """The order a player reads them in, not the alphabet's (fiendish, hard, medium)."""
    summary = summarize([record(8, 8, d, best=60.0)
                         for d in ("fiendish", "", "hard", "tricky", "medium", "easy", "basic")])
    assert [g.difficulty for g in summary.groups] == [
        "easy", "medium", "hard", "fiendish", "", "basic", "tricky"]


def test_the_typical_time_is_the_median_of_the_best_times():
    """One slow puzzle does not make the typical time slow, as a mean would (60 here)."""
    (group,) = summarize([record(5, 5, "easy", best=t) for t in (40.0, 50.0, 90.0)]).groups
    assert group.typical == 50.0
    (group,) = summarize([record(5, 5, "easy", best=t) for t in (40.0, 50.0, 70.0, 90.0)]).groups
    assert group.typical == 60.0  # (between the middle two)


def test_puzzles_solved_only_with_help_have_no_time():
    summary = summarize([record(6, 6, "easy"), record(6, 6, "easy", best=90.0)])
    (group,) = summary.groups
    assert (group.puzzles, group.best, group.typical) == (2, 90.0, 90.0)
    (group,) = summarize([record(6, 6, "easy")]).groups
    assert group.best is None and group.typical is None


def test_nothing_solved_is_an_empty_summary():
    summary = summarize([record(5, 5, solved=0)])
    assert summary.groups == () and summary.puzzles == summary.solves == 0


def test_the_table_leaves_out_the_typical_time_then_solves_then_puzzles_as_it_narrows():
    everything = ("Size", "Difficulty", "Puzzles", "Solves", "Best", "Typical")
    assert columns_for(80) == everything
    # (each set where its columns stand apart: 51 to 55 showed all six touching, 43 to 46
    # five, 36 to 38 four)
    assert columns_for(56) == everything
    assert columns_for(55) == ("Size", "Difficulty", "Puzzles", "Solves", "Best")
    assert columns_for(47) == ("Size", "Difficulty", "Puzzles", "Solves", "Best")
    assert columns_for(46) == ("Size", "Difficulty", "Puzzles", "Best")
    assert columns_for(39) == ("Size", "Difficulty", "Puzzles", "Best")
    assert columns_for(38) == ("Size", "Difficulty", "Best")
    assert columns_for(MIN_SIZE[0]) == ("Size", "Difficulty", "Best")


@pytest.mark.parametrize("width, shown", [
    (80, ("Size", "Difficulty", "Puzzles", "Solves", "Best", "Typical")),
    (53, ("Size", "Difficulty", "Puzzles", "Solves", "Best")),
    (45, ("Size", "Difficulty", "Puzzles", "Best")),
    (40, ("Size", "Difficulty", "Puzzles", "Best")),
    (37, ("Size", "Difficulty", "Best")),
    (MIN_SIZE[0], ("Size", "Difficulty", "Best")),
])
def test_the_table_s_columns_stand_two_spaces_apart_where_there_is_room(width, shown):
    """At 80x24 and 40x14 the headings were one space apart, "Difficulty Puzzles Solves"
    read as one run of words; the smallest screen keeps the narrow table it has room for."""
    [group] = summarize([record(15, 15, "fiendish", solved=2, best=754.0)]).groups
    widths, gap = widths_for(width), gap_for(width)
    heading = table_line({name: name for name in shown}, shown, widths, gap)
    line = group_line(group, shown, widths, gap)
    cells = ["15x15", "fiendish", "1", "2", "12:34", "12:34"]
    assert columns_for(width) == shown
    if width > MIN_SIZE[0]:
        assert re.split(r" {2,}", heading) == list(shown), heading
        assert re.split(r" {2,}", line) == [cell for name, cell in zip(
            ("Size", "Difficulty", "Puzzles", "Solves", "Best", "Typical"), cells)
            if name in shown], line
    else:
        assert heading.split() == list(shown), heading
    assert max(len(heading), len(line)) + 2 <= width
    # (the numbers right-aligned under their headings)
    assert heading.index("Best") + len("Best") == line.index("12:34") + len("12:34")


@pytest.mark.parametrize("rows, sentences", [(9, 3), (3, 2), (2, 1), (1, 1), (0, 0)])
def test_the_legend_under_a_short_table_keeps_whole_sentences(rows, sentences):
    """At 40x12 the legend read "Best: the fastest solve. Solves" and stopped."""
    text = ("Best: the fastest solve. Solves with help (a hint, an auto-fill) earn no time. "
            "Puzzles solved before sizes were kept show as earlier.")
    lines = _whole_sentences(text, 36, rows)
    assert len(lines) <= rows
    shown = " ".join(lines)
    assert shown.count(".") == sentences, lines
    assert not lines or shown.endswith(".")


def test_a_size_not_kept_stands_apart_from_the_difficulty():
    """It read "earlier-", its seven letters filling the size column; now "older"."""
    from numbrix_curses.ui.stats_screen import COLUMNS, group_line

    [group] = summarize([record(None, None, "", best=10.0)]).groups
    line = group_line(group, tuple(name for name, _ in COLUMNS))
    assert line.split()[:2] == ["older", "-"], line


@pytest.mark.parametrize("width", [80, MIN_SIZE[0]])
@pytest.mark.parametrize("difficulty", ["very-hard-indeed-xx", "非常非常非常困难困难"])
def test_a_difficulty_wider_than_its_column_is_cut_to_it(width, difficulty):
    """A puzzle file may name any difficulty (`# difficulty: ...`, of which the records keep
    20 characters): one wider than its column pushed the numbers after it out from under
    their headings, off the screen's edge where it was wide characters."""
    from numbrix_curses.pages import columns

    [group] = summarize([record(9, 9, difficulty, solved=2, best=754.0)]).groups
    shown, widths, gap = columns_for(width), widths_for(width), gap_for(width)
    heading = table_line({name: name for name in shown}, shown, widths, gap)
    line = group_line(group, shown, widths, gap)
    assert heading.index("Best") + len("Best") == columns(line[:line.index("12:34") + 5])
    cut = line.split()[1]
    assert cut.endswith("...") and difficulty.startswith(cut[:-3]), line


@pytest.mark.parametrize("seconds, shown", [
    (754.0, "12:34"), (3 * 3600 + 5, "3:00:05"), (10 * 3600 + 5 * 60, "10h05m"),
    (123 * 3600 + 59 * 60, "123h59m"), (1234 * 3600, "1234h"),
    (10 ** 7 * 3600, "416666d"), (10 ** 12, ">99999d"),
])
def test_a_long_time_keeps_to_its_column(seconds, shown):
    """A best or typical time of ten hours or more ("10:00:00", eight columns) pushed the
    columns after it out from under their headings; a hand-edited records file's
    "277777:46:39" ran off the table."""
    from numbrix_curses.ui.stats_screen import COLUMNS

    [group] = summarize([record(9, 9, "easy", solved=2, best=seconds)]).groups
    names = tuple(name for name, _ in COLUMNS)
    heading = table_line({name: name for name in names}, names)
    line = group_line(group, names)
    assert line.split()[-2:] == [shown, shown], line
    assert heading.index("Best") + len("Best") == line.index(shown) + len(shown), line
    assert len(line) == len(heading), line
