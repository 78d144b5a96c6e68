"""What each of source 001's tips is worth, as measured by ``benchmarks/tips.py``.

At each decision of 40 hands the strong player played against itself (classic rules) where some
legal move follows a tip and another breaks it, the analysis valued every legal move on 80 worlds;
a tip's value there is the best following move's expected points less the best breaking move's.
The figures are the mean over those positions, its standard error, and how often following was
the better choice. They are measurements, written here by hand after a run of::

    python benchmarks/tips.py --hands 40 --samples 80

(The best of several noisy estimates is biased upward, so a side with many moves gains a little;
the figures say which tips pay on average, not by exactly how much.)
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
    "time_by_pickups": TipValue(68, -1.19, 1.32, 0.51),
    "wait_at_eight": TipValue(79, 4.96, 1.40, 0.58),
    "no_early_knock": TipValue(103, 5.04, 1.38, 0.59),
    "faces_first": TipValue(188, -0.75, 0.29, 0.37),
    "keep_double_use": TipValue(479, 4.61, 0.30, 0.78),
    "watch_discards": TipValue(396, -0.17, 0.39, 0.47),
    "take_to_meld": TipValue(596, 2.76, 0.19, 0.74),
}
"""Each tip of :data:`tutor.play.tips.TIPS`, measured."""
