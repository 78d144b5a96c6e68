"""Grading a decision by what it gives up, in expected points of the hand.

A decision's *loss* is the expected points a move gives up against the best move the analysis
found (:meth:`tutor.play.analysis.Analysis.loss`), with the standard error of that estimate. Its
grade, as Lichess grades a chess move by what it loses:

====================  ==========================================================
best                  the loss is at most :data:`BEST_WITHIN` (0.25 points)
good                  below 1 point
inaccuracy            below 2.5 points
mistake               below 5 points
blunder               5 points or more
====================  ==========================================================

The loss is first reduced by one standard error (the benefit of the doubt: a move is not called a
mistake for what may be noise in the estimate). The limits are ours, chosen against the size of a
hand: a knock wins some 10 to 25 points and a gin or undercut 25 more, so a blunder throws away a
fifth or more of a typical hand.

A hand's or a game's *accuracy* is ``100 × mean(exp(-loss / ACCURACY_SCALE))`` over its decisions:
100 when every move was the best, about 78 for an average loss of 1 point a decision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
GRADES: tuple[Grade, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The grades, best first."""
BEST_WITHIN = 0.25
"""The largest loss (after the benefit of the doubt) that still counts as the best move."""
LIMITS: tuple[tuple[Grade, float], ...] = (("best", BEST_WITHIN), ("good", 1.0), ("inaccuracy", 2.5),
                                           ("mistake", 5.0))
"""Each grade but the last with the loss it stays below (``best``: at or below)."""
ACCURACY_SCALE = 4.0
"""The loss, in points, at which a decision's accuracy falls to 1/e (37 %)."""


def doubtless_loss(loss: float, stderr: float = 0.0) -> float:
    """The loss less one standard error, never below 0."""
    return max(0.0, loss - stderr)


def grade(loss: float, stderr: float = 0.0) -> Grade:
    """The grade of a move that gives up ``loss`` expected points (± ``stderr``) against the best."""
    counted = doubtless_loss(loss, stderr)
    if counted <= BEST_WITHIN:
        return "best"
    for name, limit in LIMITS[1:]:
        if counted < limit:
            return name
    return "blunder"


def accuracy(losses: Sequence[tuple[float, float]]) -> float | None:
    """The accuracy (0 to 100) of decisions given as ``(loss, stderr)``; None when there are none."""
    if not losses:
        return None
    scores = [math.exp(-doubtless_loss(loss, err) / ACCURACY_SCALE) for loss, err in losses]
    return 100.0 * math.fsum(scores) / len(scores)
