"""The window a list longer than its rows shows (`ui.listview`): the menu's, and the box of
commands' on a small screen."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from numbrix_curses.ui.listview import list_window, more_line, paged


@settings(max_examples=300, deadline=None)
@given(items=st.integers(1, 40), rows=st.integers(3, 20), selected=st.integers(0, 39),
       top=st.integers(0, 39))
def test_a_list_window_holds_the_selection_and_fits_its_rows(items, rows, selected, top):
    """Whatever the last frame's window, the next shows the selected item, takes no more
    rows than it has, and says how many items are left out above and below it."""
    selected = min(selected, items - 1)
    window = list_window(items, rows, selected, top)
    assert window.top <= selected < window.top + window.count
    assert window.rows <= max(rows, 0) or items <= rows
    assert window.above == window.top and window.top + window.count + window.below == items
    if items <= rows:
        assert (window.top, window.count) == (0, items)  # (all of it, no "more" lines)


def test_page_down_and_up_go_past_the_window_s_edge_and_then_to_the_ends():
    """PgDn (or a click on "... 4 more below") selects the first item under the window, so
    the next frame shows those; with nothing below, the last item; PgUp likewise."""
    window = list_window(9, 6, 0)  # (items 0-4 and "... 4 more below")
    assert (window.top, window.count, window.below) == (0, 5, 4)
    assert more_line(window.below, below=True) == "... 4 more below"
    down = paged(window, 9, down=True)
    assert down == 5
    window = list_window(9, 6, down, window.top)
    assert window.top <= 5 < window.top + window.count and window.above > 0
    assert paged(window, 9, down=False) == window.top - 1
    whole = list_window(9, 6, 8, window.top)
    assert whole.below == 0 and paged(whole, 9, down=True) == 8
    assert paged(None, 9, down=True) == 8 and paged(None, 9, down=False) == 0
