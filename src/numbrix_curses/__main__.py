"""`python -m numbrix_curses` runs the command line."""
from numbrix_curses.launch import entry

entry()
