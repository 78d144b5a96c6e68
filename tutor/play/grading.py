"""Grading a decision by what it gives up, in expected points of the hand.

A decision's *loss* is the expected points a move gives up against the coach's move
(:mod:`tutor.play.evaluation`), with the standard error of that estimate. Its grade, as Lichess
grades a chess move by what it loses:

====================  ==========================================================
best                  the loss is at most :data:`BEST_WITHIN` (1 point)
inaccuracy            below 2.5 points
mistake               below 5 points
blunder               5 points or more
====================  ==========================================================

The loss is first reduced by one standard error (the benefit of the doubt: a move is not called a
mistake for what may be noise in the estimate). The limits are ours, chosen against the size of a
hand: a knock wins some 10 to 25 points and a gin or undercut 25 more, so a blunder throws away a
fifth or more of a typical hand. There is no grade between best and an inaccuracy: the analysis
cannot tell a move that gives up a quarter of a point from one that gives up a whole point (the
difference between two moves' play-outs spreads over some 25 points, so it would take some 10,000
deals to tell them apart: ``benchmarks/coach_trust.py``), so a move within a point of the coach's
is as good as it, within what the analysis can tell.

A decision's *accuracy* is ``100 × exp(-loss / ACCURACY_SCALE)``: 100 for the best move, 78 for a
loss of 1 point, 37 for 4. A hand's or a game's is the mean of the arithmetic and the harmonic mean
of its decisions' (as Lichess weighs a game's moves): 100 when every move was the best, and one
blunder pulls it down as it should (sixteen best moves and one that gives up 20 points: 54, where
the plain mean says 94). A forced move (the only legal one) is not a decision and is left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

Grade = Literal["best", "inaccuracy", "mistake", "blunder"]
GRADES: tuple[Grade, ...] = ("best", "inaccuracy", "mistake", "blunder")
"""The grades, best first."""
BEST_WITHIN = 1.0
"""The largest loss (after the benefit of the doubt) that still counts as the best move."""
LIMITS: tuple[tuple[Grade, float], ...] = (("best", BEST_WITHIN), ("inaccuracy", 2.5), ("mistake", 5.0))
"""Each grade but the last with the loss it stays below (``best``: at or below)."""
ACCURACY_SCALE = 4.0
"""The loss, in points, at which a decision's accuracy falls to 1/e (37 %)."""
ACCURACY_FLOOR = 1.0
"""The least accuracy one decision counts for in the harmonic mean (a blunder of 20 points or more)."""


def doubtless_loss(loss: float, stderr: float = 0.0) -> float:
    """The loss less one standard error, never below 0."""
    return max(0.0, loss - stderr)


def band(loss: float) -> Grade:
    """The grade of a loss of ``loss`` points known exactly."""
    if loss <= BEST_WITHIN:
        return "best"
    for name, limit in LIMITS[1:]:
        if loss < limit:
            return name
    return "blunder"


def grade(loss: float, stderr: float = 0.0) -> Grade:
    """The grade of a move that gives up ``loss`` expected points (± ``stderr``) against the best."""
    return band(doubtless_loss(loss, stderr))


def settled(loss: float, stderr: float, confidence: float) -> bool:
    """Whether the grade of a loss is decided: the loss ``confidence`` standard errors either
    way falls within one grade."""
    return band(loss - confidence * stderr) == band(loss + confidence * stderr)


def decision_accuracy(loss: float, stderr: float = 0.0) -> float:
    """One decision's accuracy, 0 to 100: ``100 × exp(-loss / ACCURACY_SCALE)``, the loss less one
    standard error."""
    return 100.0 * math.exp(-doubtless_loss(loss, stderr) / ACCURACY_SCALE)


def accuracy(losses: Sequence[tuple[float, float]]) -> float | None:
    """The accuracy (0 to 100) of decisions given as ``(loss, stderr)``: the mean of the arithmetic
    and the harmonic mean of their accuracies (each at least :data:`ACCURACY_FLOOR`), as Lichess
    weighs a game's moves, so that one blunder in a hand pulls it down as it should; None when
    there are none."""
    if not losses:
        return None
    scores = [max(ACCURACY_FLOOR, decision_accuracy(loss, err)) for loss, err in losses]
    arithmetic = math.fsum(scores) / len(scores)
    harmonic = len(scores) / math.fsum(1.0 / s for s in scores)
    return (arithmetic + harmonic) / 2
