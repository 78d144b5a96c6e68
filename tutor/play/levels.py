"""The virtual player's levels, each in one place: how it plays, how the analysis models it, what
the models were calibrated to, and its name and description (catalog message ids, which the
language layer translates).

A new level is one :class:`Level` in :data:`LEVELS` (weakest first), its two messages translated
in the catalogs, its calibration measured (``benchmarks/coach_trust.py`` for its history,
``benchmarks/reading.py --fit`` for the map) and its strength (``benchmarks/arena.py``, in
:mod:`tutor.play.bots.strength`); ``tests/test_bots.py`` checks that every level has all of them.

How the analysis models each level (:attr:`Level.model`, a :class:`~tutor.play.simulate.Policy`:
how it takes from the pile, throws and knocks in a play-out; and :attr:`Level.history_waste`, what
the history of its hand assumes it would have done):

- ``beginner`` (source 000's player): it takes only a card that melds or lets it knock, throws the
  card that leaves least deadwood (the highest among equals) and knocks whenever it can;
- ``intermediate``: the planning player's takes and throws, and its timing (it knocks as soon as
  it can, except late in the hand with 7 or more);
- ``strong``: the same with the strong player's timing (gin waits, no knock with 3 or more late),
  and it never throws a card that melds with two its opponent took from the pile;
- ``expert``: the strong player checked by the analysis, modelled as the strong player in play-outs,
  with a history of its hand that improves it more slowly.

The planning levels look one draw ahead to take and to throw; their models do it the quick way (a
card that lowers the deadwood by :data:`~tutor.play.compiled.TAKE_GAIN` or more, the throw with the
fewest partners): the timing, which decides most of what a knock is worth, is each level's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.base.msgids import N_
from tutor.play.bots.planner import BEGINNER_TIMING, INTERMEDIATE, STRONG, Style
from tutor.play.simulate import Policy

Plays = Literal["rule", "plans", "checks"]
"""How a level chooses its moves: source 000's rule (:mod:`tutor.play.bots.beginner`), by planning
(:class:`~tutor.play.bots.planner.Planner` with its style), or the strong player checked by the
analysis (:mod:`tutor.play.bots.expert`)."""


@dataclass(frozen=True)
class Level:
    """One level of the virtual player."""

    name: str
    title: str
    """Its name in words (a catalog message id)."""
    note: str
    """What it does, in a sentence (a catalog message id)."""
    plays: Plays
    style: Style
    """Its timing and planning: its own where it plans; the beginner's knock-whenever-it-can."""
    model: Policy
    """How the analysis plays it out."""
    history_waste: float
    """The weight, beside an unseen card's, that the history of its hand gives each card it threw
    when a round draws its next card (:class:`~tutor.play.analysis.HistorySampler`): how often a draw
    of that level came to nothing. Calibrated on knocks scored against the real hands
    (``benchmarks/coach_trust.py``)."""
    temper: float
    """How much of the drawn chance's distance from the uniform chance the map of its hand keeps
    (:mod:`tutor.play.holding`), fitted by ``benchmarks/reading.py --fit``."""


LEVELS = {level.name: level for level in (
    Level("beginner", N_("beginner"),
          N_("Source 000's virtual player: it knocks as soon as it can (000); it takes the upcard only to meld "
             "(gin-tutor's reading: 000 does not say)."),
          "rule", BEGINNER_TIMING, Policy(BEGINNER_TIMING, takes_gain=False, keeps_partners=False),
          history_waste=1.0, temper=0.779),
    Level("intermediate", N_("intermediate"),
          N_("Also weighs what its cards could still become and what a card from the stock is worth; late in a "
             "hand it does not knock with 7 or more."),
          "plans", INTERMEDIATE, Policy(INTERMEDIATE), history_waste=0.25, temper=0.692),
    Level("strong", N_("strong"),
          N_("Also reads your discards and pickups, avoids feeding you, and times its knock."),
          "plans", STRONG, Policy(STRONG, reads=True), history_waste=0.25, temper=0.748),
    Level("expert", N_("expert"),
          N_("Checks the strong player's choices by playing each one out over many possible deals, and keeps the "
             "one worth most points, as the coach does."),
          "checks", STRONG, Policy(STRONG, reads=True), history_waste=0.8, temper=0.742),
)}
"""Every level of the virtual player, weakest first.

The history waste: the history's greedy turns, drawing only cards nobody has seen, improve a hand
faster than play does, the beginner's most (a card it threw is then as likely a draw as any unseen
card), the planning levels' less (they also take from the pile and plan). Fitted on knocks of 120
to 300 hands a level (seeds 7000 and 8000 on); the benchmark measures them on other hands. The
expert's was the strong player's (0.25) until the benchmark, on 400 hands, found the Hint valuing
knocks against it 4.2 ± 1.0 points low: its hands improve more slowly than the strong player's
history has them. Fitted on 300 hands (seeds 7000 on, 2026-12-04): 0.25 read -4.19 ± 1.19, 0.5
-2.04, 0.75 -0.34, 0.85 +0.28, 1.0 +1.11 (± 1.2 each).

The temper: the least-squares fit of real holdings on drawn chances, on some 1,300 positions a level
(± 0.011 to 0.014), on 2026-12-05, once the map read the coach's belief of 32,000 hands (2,000
before: the beginner's and the expert's top bands then held 9–11 points more than the map said)."""
BOT_LEVELS = tuple(LEVELS)
"""The levels' names, weakest first."""
