"""The analysis' compiled code (``tutor/play/_rollout.c``) and the tables it reads, set up once; and
the least deadwood of a hand, fast, for the analysis and the planning players alike.

The C module is a translation of :mod:`tutor.play.simulate`'s play-outs, of the engine's deadwood
search and of the analysis' history sampler; ``tests/test_rollout.py`` checks it against them. It is
optional: where the package was built without a C compiler, or :data:`PURE_PYTHON_ENV` is set,
:data:`COMPILED` is None and everything runs in Python, with the same results.

The tables (the cards' values, their order among equal throws, the cards that meld with each) and
the play-outs' constants live here, below both the players and the play-outs: the planning players
read deadwood through :func:`min_deadwood` without importing the play-outs that model them. The
play-outs add the one constant of the strong player's style they read
(:func:`play_outs`, called by :mod:`tutor.play.simulate`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

from tutor.engine.cards import DECK, STOCK_AFTER_DEAL
from tutor.engine.melds import DROP_BEST, DROP_GAIN, RUN_DEADWOOD, RUN_MELDED, could_meld, meld_partners
from tutor.engine.melds import discard_reach as _discard_reach
from tutor.engine.melds import min_deadwood as _min_deadwood

MAX_MOVES = 400
"""Moves after which a hand still going on counts as void (a loop of passes through the pile)."""
TAKE_GAIN = 6
"""Deadwood points by which taking the upcard must beat the hand as it stands, when it melds nothing."""
WALL_CHANCES = 2
"""The careful mover weighs a knock on its belief at its last discards before the wall: those
after which at most this many more cards can come from the stock before the hand is void."""
FEED_WORRY = 2.0
"""Deadwood points of feeding risk below which the careful mover does not look beyond the throws
that leave least deadwood."""
VALUES = tuple(c.value for c in DECK)
RANKS = tuple(c.rank for c in DECK)
BY_VALUE = tuple(sorted(range(len(DECK)), key=lambda i: -VALUES[i]))
"""The cards' indices, the highest value first."""
HIGHEST = tuple(VALUES[i] * 16 + RANKS[i] for i in range(len(DECK)))
"""A card's order among equal throws: the higher value, then the higher rank."""
PARTNERS = tuple(sum(other.bit for other in DECK if could_meld(c, other)) for c in DECK)
"""For each card, the cards that could meld with it (:func:`~tutor.engine.melds.could_meld`), as a mask."""
MELD_PAIRS = tuple(tuple(a.bit | b.bit for a, b in meld_partners(c)) for c in DECK)
"""For each card, the pairs of cards (as masks) that make a meld of three with it."""

CACHED = 1 << 18
"""How many hands each of the caches of deadwood keeps before it starts afresh (where the compiled
code is missing): the same hands come back again and again across worlds and options (two in three
look-ups hit)."""
_deadwood: dict[int, int] = {}
_reaches: dict[int, tuple[int, int]] = {}


def remembered_min_deadwood(mask: int) -> int:
    """:func:`tutor.engine.melds.min_deadwood`, remembered (where the compiled one is missing)."""
    found = _deadwood.get(mask)
    if found is None:
        if len(_deadwood) >= CACHED:
            _deadwood.clear()
        found = _deadwood[mask] = _min_deadwood(mask)
    return found


def remembered_discard_reach(mask: int) -> tuple[int, int]:
    """:func:`tutor.engine.melds.discard_reach`, remembered (where the compiled one is missing)."""
    found = _reaches.get(mask)
    if found is None:
        if len(_reaches) >= CACHED:
            _reaches.clear()
        found = _reaches[mask] = _discard_reach(mask)
    return found


PURE_PYTHON_ENV = "GIN_TUTOR_PURE_PYTHON"
"""Set (to anything but empty) to run in Python even where the compiled code was built."""


def _set_up(module: ModuleType, strong_feed: float) -> None:
    """Hand the C module its tables and the play-outs' constants (it may be done again: each call
    sets them all)."""
    module.setup(RUN_DEADWOOD, RUN_MELDED, DROP_GAIN, DROP_BEST, VALUES, HIGHEST, BY_VALUE, PARTNERS, MELD_PAIRS,
                 (MAX_MOVES, TAKE_GAIN, WALL_CHANCES, STOCK_AFTER_DEAL, FEED_WORRY, strong_feed))


def _compiled() -> ModuleType | None:
    """The compiled code, set up with the tables (the strong player's feeding weight not yet: see
    :func:`play_outs`); None where the package was built without it or :data:`PURE_PYTHON_ENV` is set."""
    if os.environ.get(PURE_PYTHON_ENV):
        return None
    try:
        import tutor.play._rollout as _rollout
    except ImportError:
        return None
    _set_up(_rollout, 0.0)
    return _rollout


COMPILED = _compiled()
"""The compiled code (``tutor/play/_rollout.c``), or None: everything then runs in Python."""
min_deadwood: Callable[[int], int] = COMPILED.min_deadwood if COMPILED is not None else remembered_min_deadwood
"""The least deadwood of a hand (:func:`tutor.engine.melds.min_deadwood`): compiled (50 ns a hand
on this machine, against 125 ns for a remembered one), else remembered."""
discard_reach: Callable[[int], tuple[int, int]] = (COMPILED.discard_reach if COMPILED is not None
                                                   else remembered_discard_reach)
"""The least deadwood after one discard and the discards that leave it
(:func:`tutor.engine.melds.discard_reach`): compiled, else remembered."""


def play_outs(strong_feed: float) -> ModuleType | None:
    """The compiled code ready to play hands out, with the strong player's feeding weight (its
    :attr:`~tutor.play.bots.planner.Style.feed`, which the careful mover reads); None where there is none."""
    if COMPILED is not None:
        _set_up(COMPILED, strong_feed)
    return COMPILED
