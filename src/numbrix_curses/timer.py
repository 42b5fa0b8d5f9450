"""A game's clock: play time that pauses and resumes, read from an injected clock.

`Game` keeps one (see `Game.elapsed`); the clock it reads is a parameter so tests and
benchmarks control time without sleeping.
"""
from __future__ import annotations

import time
from typing import Callable

#: seconds from some fixed point, as `time.monotonic` gives them
Clock = Callable[[], float]


class Timer:
    """Elapsed play time that can be paused; `clock` is injected so tests control time."""

    def __init__(self, clock: Clock = time.monotonic, elapsed: float = 0.0) -> None:
        self._clock = clock
        self._banked = float(elapsed)
        self._started: float | None = clock()

    @property
    def running(self) -> bool:
        return self._started is not None

    def elapsed(self) -> float:
        if self._started is None:
            return self._banked
        return self._banked + max(0.0, self._clock() - self._started)

    def pause(self) -> None:
        if self._started is not None:
            self._banked = self.elapsed()
            self._started = None

    def resume(self) -> None:
        if self._started is None:
            self._started = self._clock()

    def skip(self, seconds: float) -> None:
        """Leave the last `seconds` off the running time (no further back than the last
        start: paused time is not counted anyway)."""
        if self._started is not None and seconds > 0:
            self._started = min(self._clock(), self._started + seconds)
