"""The full-screen curses interface: the only package that imports curses.

Input has one path: a key or a mouse click becomes an action (`actions`), a click through
the `ScreenMask` the widgets filled while drawing (`mask`); the screen on top of the app's
stack handles the action (calling into `numbrix_curses.game` and friends), then everything
is redrawn. `app.run_menu` (the main menu) and `app.run_app` (one puzzle) are the entry
points.

Screens: `menu` (main menu), `library_screen` (the bundled library, a file's puzzles),
`games_screen` (the games under way), `newpuzzle` (generate one), `entry` (type one in),
`play` (with `play_help`, its check, hints and fills; `play_view`, how it looks; and
`play_words`, what it says), `watch` (the solver at work), `stats_screen` (the statistics),
`help`, `commands` (the box of commands), `reading` (a large file read beside the loop),
and the `dialogs` they open (`browse`: Open file's list of the folder). Widgets and
helpers: `grid` (the board), `numpad` (the number pad), `panel`, `layout`, `form`, `keys`,
`theme`, `draw`, `listview` (a list's window that scrolls), `screen` (what a screen is,
how screens lead to one another), `edits` (the board edits play and type-in share),
`paste` (bracketed paste and what a paste means), `sequences` (escape sequences the
terminal description lacks), `saving` (saving a puzzle to a file), `times` (how a time is
said: a clock's, a solver's).
"""
