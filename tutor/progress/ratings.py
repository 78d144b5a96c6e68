"""Ratings, as Lichess rates its learners and its puzzles: Glicko-2 (Glickman, "Example of the
Glicko-2 system", 2013). A learner has a rating per kind of drill and each puzzle has one; every
attempt is a game between the two, won by the learner on a right answer, by the puzzle on a wrong
one. A right answer after a hint or a second try counts for less: half a win.

The module is written here rather than taken from the ``glicko2`` package: it is thirty lines of
arithmetic, and as frozen values and pure functions (the package's players are objects that change)
it fits the engine's style; the paper's worked example is its test.

A puzzle's rating starts from a prior: its level (easy 1200, medium 1500, hard 1800) and what the
engine measured of it (each feature that makes a puzzle harder, such as a chain of layoffs, a tie,
a card that fits two melds or a choice of arrangements that matters, adds :data:`FEATURE_POINTS`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale (1500 ± 350) and its own."""
TAU = 0.5
"""The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
LEVEL_PRIORS = {"easy": 1200.0, "medium": 1500.0, "hard": 1800.0}
PRIOR_DEVIATION = 200.0
"""How unsure a puzzle's prior is: less than a new learner's 350, as its level and features say much."""
FEATURE_POINTS = 60.0
HARD_FEATURES = ("dual_use", "chained", "tie", "choice_mattered", "shutout")
"""The measured properties (a puzzle's ``properties``) that make a puzzle harder."""
HELPED_SCORE = 0.5
"""What a right answer after a hint or a second try counts, against 1 for a right answer at once."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` ± ``deviation``, and its volatility."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def low(self) -> float:
        """The bottom of its 95 % interval."""
        return self.rating - 2 * self.deviation


NEW = Rating()
"""A learner who has not answered yet."""


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` wins against ``opponent`` (the learner solves the puzzle)."""
    return _expected((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE)


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / TAU ** 2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rated(player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of ``games`` (each an opponent and the score, 1 a win, 0 a
    loss); with no game, only the deviation grows."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    if not games:
        return Rating(player.rating, min(350.0, math.sqrt(phi * phi + player.volatility ** 2) * SCALE),
                      player.volatility)
    opponents = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in games]
    v = 1 / sum(_g(p) ** 2 * _expected(mu, m, p) * (1 - _expected(mu, m, p)) for m, p, _ in opponents)
    delta = v * sum(_g(p) * (s - _expected(mu, m, p)) for m, p, s in opponents)
    sigma = _new_volatility(player.volatility, phi, v, delta)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * sum(_g(p) * (s - _expected(mu, m, p)) for m, p, s in opponents)
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma)


def attempt_score(correct: bool, helped: bool) -> float:
    """What an attempt counts for the learner: 1 right at once, :data:`HELPED_SCORE` right after a
    hint or a second try, 0 wrong."""
    return (HELPED_SCORE if helped else 1.0) if correct else 0.0


def after_attempt(learner: Rating, puzzle: Rating, correct: bool, helped: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the learner's and the puzzle's (which lost when the learner won)."""
    score = attempt_score(correct, helped)
    return rated(learner, [(puzzle, score)]), rated(puzzle, [(learner, 1 - score)])


def puzzle_prior(level: str, properties: Mapping[str, Any]) -> Rating:
    """A puzzle's rating before anyone has tried it: its level, and the hard features measured in it."""
    features = sum(1 for name in HARD_FEATURES if properties.get(name))
    features += max(0, int(properties.get("layoffs", 0) or 0) - 1) + max(0, int(properties.get("arrangements", 1)
                                                                               or 1) - 1)
    return Rating(LEVEL_PRIORS.get(level, 1500.0) + FEATURE_POINTS * features, PRIOR_DEVIATION)


MISSES_TO_EASE = 2
"""Wrong answers in a row, in one kind, after which the next puzzle is one level easier than the
level last failed (as Lichess Puzzles and Duolingo ease off after a run of errors)."""
LEVELS = tuple(LEVEL_PRIORS)
"""The levels, easiest first."""


def cautious_rating(learner: Rating) -> float:
    """The rating a level is chosen by: the rating less one deviation, so that a new rating's wide
    margin is honoured (1710 ± 476 after two right answers is not yet a hard-puzzle learner)."""
    return learner.rating - learner.deviation


def misses_in_a_row(recent: Sequence[tuple[str, bool]]) -> int:
    """How many of the latest answers (``recent``: level and whether it was right, oldest first) were wrong."""
    count = 0
    for _level, correct in reversed(recent):
        if correct:
            break
        count += 1
    return count


def level_for(learner: Rating, recent: Sequence[tuple[str, bool]] = ()) -> str:
    """The level for a learner in one kind: the level whose puzzles are rated closest to the
    learner's :func:`cautious_rating`; after :data:`MISSES_TO_EASE` wrong answers in a row
    (``recent``: the kind's latest answers, level and whether right, oldest first), at most one
    level below the level last failed, down to the easiest. It rises as right answers raise the
    rating and narrow its margin, and comes down within two misses."""
    cautious = cautious_rating(learner)
    level = min(LEVEL_PRIORS, key=lambda name: abs(LEVEL_PRIORS[name] - cautious))
    if misses_in_a_row(recent) >= MISSES_TO_EASE:
        failed = recent[-1][0]
        eased = LEVELS[max(0, LEVELS.index(failed) - 1)] if failed in LEVELS else LEVELS[0]
        level = min(level, eased, key=LEVELS.index)
    return level
