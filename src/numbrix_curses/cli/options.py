"""The options several commands share, and the argparse types that read their values: one
bad value is one line naming the option."""
from __future__ import annotations

import argparse
import math
import re
from typing import Callable

from numbrix_curses.cli.common import from_argv


#: most processes --jobs may ask for (solve, check, grade, print, generate)
MAX_JOBS = 64


def positive_seconds(text: str) -> float:
    """argparse type for --timeout: a finite number of seconds above zero."""
    try:
        value = float(_no_underscore(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"must be a positive number of seconds, and finite: {text!r}")
    return value


def _no_underscore(text: str) -> str:
    """`text`, or ValueError where it holds an underscore: Python reads "3_0" as 30, which
    a slip for 3 or 30 should not quietly become (a 30x30 board takes minutes)."""
    if "_" in text:
        raise ValueError(text)
    return text


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """argparse type: an integer in low..high (no upper bound when high is None)."""

    bounds = f"from {low} to {high}" if high is not None else f"at least {low}"

    def parse(text: str) -> int:
        try:
            value = int(_no_underscore(text))
        except ValueError:
            digits = re.fullmatch(r"\s*([+-]?)([0-9]+)\s*", text)
            if digits:  # (past the 4,300 digits Python reads)
                raise argparse.ArgumentTypeError(
                    f"too {'small' if digits[1] == '-' else 'large'}: "
                    f"{_digits_named(len(digits[2]), digits[1] == '-')}") from None
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            shown = value if abs(value) < 10**12 else _digits_named(len(str(abs(value))), value < 0)
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {shown}")
        return value

    return parse


def _digits_named(count: int, negative: bool) -> str:
    """A number too long to repeat, by its length: "a negative number of 5,000 digits"."""
    return f"a {'negative ' if negative else ''}number of {count:,} digits"


def board_size(low: int, high: int) -> Callable[[str], tuple[int, int]]:
    """argparse type: a board's size, "9" (9x9) or "6x10" (rows x columns, as the app
    writes sizes; "6X10" and "6×10" too), each side in low..high."""
    side = whole_number(low, high)

    def parse(text: str) -> tuple[int, int]:
        parts = re.split(r"\s*[xX\u00d7]\s*", text.strip())
        # (each part a number, though maybe out of range, said by `side`; else no size:
        # "9*9" and "9,9" were "not a whole number", as if a side alone was asked for)
        if len(parts) > 2 or not all(re.fullmatch(r"[+-]?[\d_]+", part) for part in parts):
            raise argparse.ArgumentTypeError(f"not a size (9, or rows x columns as 6x10): {text!r}")
        if len(parts) == 1:
            return side(parts[0]), side(parts[0])
        return side(parts[0]), side(parts[1])

    return parse


def add_files_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", metavar="FILE", nargs="+",
        help="puzzle file, or - for standard input; several are taken in order",
    )


def add_puzzle_file_options(parser: argparse.ArgumentParser) -> None:
    add_files_argument(parser)
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object per puzzle per line"
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="SECONDS",
        help="give up on a puzzle after this many seconds (status timeout, exit code 3)",
    )


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    from numbrix_curses.workers import default_workers

    parser.add_argument(
        "-j",
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=default_workers(),
        metavar="J",
        help="share a long search among J processes (same answers; default: %(default)s, "
        "the cores available, at most 8)",
    )


def add_title_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--title", metavar="TEXT",
        help="the booklet's title, on its first line and over its answer key",
    )


def add_paper_option(parser: argparse.ArgumentParser, key: str) -> None:
    """`--paper`, for the commands that write a booklet (`key`: the option that puts its
    answer key in a file of its own)."""
    parser.add_argument(
        "--paper", action="store_true",
        help="lay the booklet out for paper: no # marks or metadata lines, one heading a "
        "puzzle, boards side by side with column letters over them and row numbers beside "
        f"them (B3: column B, row 3), and the answer key (or {key}) alike; such a file is "
        "for printing only: it does not read back as puzzles",
    )


def booklet_title(args: argparse.Namespace, default: str) -> str:
    """`--title` as the booklet's comment line can hold it, or `default` when none."""
    from numbrix_curses.textformat import comment_text

    return comment_text(from_argv(args.title or "")) or default
