"""The puzzle of the day: one drill a day, the same for everyone, with its own address (as Lichess's
daily puzzle). The day (in UTC) picks the kind, in turn through every kind; the level, by the day of
the week (easy on Monday and Tuesday, medium from Wednesday to Friday, hard at the weekend); and the
seed, from a hash of the date. It is played under the classic rules, whatever the sidebar says, so
that it is the same puzzle for everyone."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from tutor.base.numbers import MAX_SEED
from tutor.drills import KINDS

DAILY_RULESET = "classic"
WEEKDAY_LEVELS = ("easy", "easy", "medium", "medium", "medium", "hard", "hard")
"""The level of each day of the week, Monday first."""


@dataclass(frozen=True)
class DailyPuzzle:
    """What the puzzle of a day is: enough to make it (and its address)."""

    day: date
    kind: str
    level: str
    seed: int
    ruleset: str = DAILY_RULESET

    @property
    def address(self) -> dict[str, str]:
        """The URL parameters that open it on the drills page."""
        return {"drill": self.kind, "seed": str(self.seed), "level": self.level, "rules": self.ruleset}


def daily_puzzle(day: date) -> DailyPuzzle:
    """The puzzle of ``day``: the same for everyone that day."""
    digest = hashlib.blake2b(f"gin-tutor daily puzzle {day.isoformat()}".encode(), digest_size=8).digest()
    return DailyPuzzle(day, KINDS[day.toordinal() % len(KINDS)], WEEKDAY_LEVELS[day.weekday()],
                       int.from_bytes(digest, "big") % MAX_SEED + 1)
