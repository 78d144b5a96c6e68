"""*Suited to me*: the next puzzle for a learner with a profile, chosen from their ratings (pure: the
app reads the ratings and answers from the store and applies the choice).

The kind is the one chosen, else the learner's weakest (:func:`weakest_kind`); the level goes by the
careful end of the rating and the latest answers in that kind
(:func:`~tutor.progress.ratings.level_for`); a puzzle already rated near the learner is served
first. Every rule here is our choice (the sources teach the game, not how to practise it), after
Lichess Puzzles and Duolingo; ``docs/practice.md`` says them in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tutor.drills import KINDS, LEVELS
from tutor.progress.ratings import NEW, Rating, cautious_rating, level_for, misses_in_a_row
from tutor.progress.review import DrillItem

RECENT = 6
"""How many of a kind's latest answers the suited level looks at."""
NEAR = 150.0
"""How far from the learner's rating a puzzle already rated may be to be served as suited."""


def weakest_kind(ratings: Mapping[str, Rating], kind: str | None) -> str:
    """``kind`` when one is chosen; else the kind the learner is rated lowest in (one never tried
    counts as a new learner's 1500; among equals, the first in the course's order)."""
    return kind or min(KINDS, key=lambda k: (ratings.get(k, NEW).rating, KINDS.index(k)))


def suited_choice(ratings: Mapping[str, Rating], kind: str | None, rules: str, near: Sequence[str],
                  recent: Sequence[tuple[str, bool]] = ()) -> tuple[str, str, int | None]:
    """The puzzle suited to a learner: the kind (:func:`weakest_kind`), the level and a seed. The
    level is :func:`~tutor.progress.ratings.level_for` the learner's rating and their latest answers
    in that kind (``recent``: level and whether right, oldest first), or the easy level in a kind
    the learner has never answered (a course starts at its first step, whatever a new rating's 1500
    would say). A puzzle already rated near the learner (``near``: review item names, closest first)
    under the same rules and at that level or an easier one is served first; else a new seed (None)
    of that level."""
    chosen = weakest_kind(ratings, kind)
    level = level_for(ratings[chosen], recent) if chosen in ratings else LEVELS[0]
    for item in near:
        drill = DrillItem.parse(item)
        if drill is not None and drill.kind == chosen and drill.ruleset == rules and drill.level in LEVELS \
                and LEVELS.index(drill.level) <= LEVELS.index(level) and not drill.position and not drill.scenario:
            return chosen, drill.level, drill.seed
    return chosen, level, None


def eased_by(ratings: Mapping[str, Rating], kind: str, level: str, recent: Sequence[tuple[str, bool]]) -> int:
    """How many wrong answers in a row made ``level`` easier than the rating in ``kind`` alone would
    choose (0: the rating chose it)."""
    by_rating = level_for(ratings[kind]) if kind in ratings else LEVELS[0]
    return misses_in_a_row(recent) if LEVELS.index(level) < LEVELS.index(by_rating) else 0


def careful_rating(rating: Rating) -> int:
    """The rating a suited level goes by (:func:`~tutor.progress.ratings.cautious_rating`), rounded."""
    return round(cautious_rating(rating))
