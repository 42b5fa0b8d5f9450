"""The full-screen curses interface: the only package that imports curses.

Input has one path: a key or a mouse click becomes an action (`actions`), a click through
the `ScreenMask` the widgets filled while drawing (`mask`); the screen handles the action by
calling into `numbrix_curses.game`, then everything is redrawn. `app.run_app` is the entry
point.
"""
