"""`python -m numbrix_curses` runs the command line."""
import sys

from numbrix_curses.cli import main

sys.exit(main())
