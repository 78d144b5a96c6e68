"""A growing wait after wrong tries: how the app bounds the guessing of transfer codes.

Each *who* (a browser session, a client's address) may get a few tries wrong for free
(:data:`FREE_TRIES`); after that each wrong try makes it wait, twice as long each time
(:data:`FIRST_WAIT` seconds, then twice that, up to :data:`LONGEST_WAIT`), and a right try clears its
count. The counts live in the app's process (each process of a school counts its own) and forget
whoever has not tried for :data:`FORGET_AFTER` seconds.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

FREE_TRIES = 3
"""Wrong tries allowed before any wait."""
FIRST_WAIT = 5.0
"""Seconds of the first wait."""
LONGEST_WAIT = 15 * 60.0
"""The longest wait, in seconds."""
FORGET_AFTER = 24 * 3600.0
"""Seconds after the last wrong try at which a count is forgotten."""
MOST_KEPT = 100_000
"""The most counts kept (the oldest go first beyond it), so that no flood of addresses fills memory."""


@dataclass
class _Count:
    wrong: int = 0
    last: float = 0.0
    until: float = 0.0


def wait_after(wrong: int, free: int = FREE_TRIES) -> float:
    """Seconds to wait after ``wrong`` wrong tries in a row, ``free`` of them allowed without a wait."""
    if wrong < free:
        return 0.0
    return min(LONGEST_WAIT, FIRST_WAIT * float(2 ** min(40, wrong - free)))


class Throttle:
    """Wrong tries counted by who made them (see the module's docstring). Safe to share between threads."""

    def __init__(self, free: int = FREE_TRIES) -> None:
        self.free = free
        self._counts: dict[str, _Count] = {}
        self._lock = threading.Lock()

    def wait_left(self, who: tuple[str, ...], now: float) -> float:
        """Seconds any of ``who`` must still wait before trying again (0: it may try now)."""
        with self._lock:
            return max([0.0, *(c.until - now for w in who if (c := self._counts.get(w)) is not None)])

    def wrong(self, who: tuple[str, ...], now: float) -> float:
        """Count a wrong try by each of ``who``; the wait it now has (the longest of them)."""
        with self._lock:
            self._forget(now)
            longest = 0.0
            for w in who:
                count = self._counts.pop(w, None) or _Count()
                count.wrong, count.last = count.wrong + 1, now
                count.until = now + wait_after(count.wrong, self.free)
                self._counts[w] = count  # last in the dict: the most recent
                longest = max(longest, count.until - now)
            return longest

    def wrong_tries(self, who: tuple[str, ...], now: float) -> int:
        """How many wrong tries in a row any of ``who`` has made (the most of them), not yet forgotten."""
        with self._lock:
            return max([0, *(c.wrong for w in who if (c := self._counts.get(w)) is not None
                             and now - c.last <= FORGET_AFTER)])

    def right(self, who: tuple[str, ...]) -> None:
        """A right try: ``who``'s counts start again."""
        with self._lock:
            for w in who:
                self._counts.pop(w, None)

    def _forget(self, now: float) -> None:
        for w in [w for w, c in self._counts.items() if now - c.last > FORGET_AFTER]:
            del self._counts[w]
        while len(self._counts) > MOST_KEPT:
            del self._counts[next(iter(self._counts))]
