"""What each of source 001's tips is worth, as measured by ``benchmarks/tips.py``.

At each decision of 40 hands the strong player played against itself (classic rules) where some
legal move follows a tip and another breaks it (each tip checked as :mod:`tutor.play.tips` reads
it), the analysis valued every legal move on 160 worlds against the strong player; a tip's value
there is the best following move's expected points less the best breaking move's, each side's best
chosen on 80 of the worlds and valued on the other 80 (chosen and valued on the same worlds, the
side with more moves gains from the noise: measured that way, "faces first" seemed to cost 0.5
points where it pays 0.9). The figures are the mean over those positions, its standard error, and
how often following was the better choice. They are measurements, written here by hand after a run
of::

    python benchmarks/tips.py --hands 40 --samples 80
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TipValue:
    """One tip's measured worth."""

    positions: int
    points: float
    """Expected points of the hand that following the tip is worth on average (negative: it costs)."""
    stderr: float
    better: float
    """The share of positions where following it was the better choice."""


TIP_VALUES = {
    "time_by_pickups": TipValue(37, -7.43, 2.26, 0.22),
    "wait_at_eight": TipValue(79, 9.75, 1.48, 0.68),
    "no_early_knock": TipValue(103, 8.24, 1.46, 0.66),
    "faces_first": TipValue(188, 0.91, 0.30, 0.66),
    "keep_double_use": TipValue(479, 3.41, 0.28, 0.71),
    "watch_discards": TipValue(433, 1.58, 0.34, 0.57),
    "take_to_meld": TipValue(596, 2.92, 0.18, 0.79),
}
"""Each tip of :data:`tutor.play.tips.TIPS`, measured."""
