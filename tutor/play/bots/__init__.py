"""The virtual player, in four levels (``beginner``, ``intermediate``, ``strong``, ``expert``).

``Bot(level, seed).decide(view)`` reads only the view a player is shown
(:meth:`tutor.play.hand.Hand.view`) and returns a legal move as ``(kind, card or None)``. A bot is
deterministic: the same level, seed and view give the same move. The seed only orders the suits
when two cards are exactly as good.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.play.bots import beginner
from tutor.play.bots.evaluate import Preference
from tutor.play.bots.expert import expert
from tutor.play.bots.planner import Planner
from tutor.play.bots.reading import Table, read_view
from tutor.play.errors import NothingToDecideError, UnknownBotLevelError
from tutor.play.hand import View, check_seed
from tutor.play.levels import BOT_LEVELS, LEVELS
from tutor.play.moves import Move, move_text
from tutor.play.opponents import DEFAULT_OPPONENT

__all__ = ["BOT_LEVELS", "Bot"]


def _chooser(level: str, prefer: Preference) -> Callable[[View, Table], Move]:
    if LEVELS[level].plays == "rule":
        return lambda view, table: beginner.choose(table, prefer)
    planner = Planner(LEVELS[level].style, prefer)
    return lambda view, table: planner.choose(table)


class Bot:
    """The virtual player at one level."""

    def __init__(self, level: str = "beginner", seed: int | str = 0, opponent: str = DEFAULT_OPPONENT) -> None:
        """``opponent``: the level the expert models across the table (the strong player unless told)."""
        if level not in BOT_LEVELS:
            raise UnknownBotLevelError(level=str(level)[:40], choices=", ".join(BOT_LEVELS))
        self.level = level
        self.seed = check_seed(seed)
        order = tuple(random.Random(self.seed).sample(range(52), 52))
        self._choose = (expert(order, self.seed, opponent).choose if LEVELS[level].plays == "checks"
                        else _chooser(level, order))

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, {self.seed})"

    def move(self, view: View) -> Move:
        """The move chosen for this view, as the game keeps it (the card as a ``Card``)."""
        table = read_view(view)
        if not table.legal:
            raise NothingToDecideError()
        if len(table.legal) == 1:
            return table.legal[0]
        return self._choose(view, table)

    def decide(self, view: View) -> tuple[str, str | None]:
        """The move chosen for this view: ``(kind, card or None)``, the card as ``"7H"``."""
        return move_text(self.move(view))
