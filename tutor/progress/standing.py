"""Where a learner stands, for a class's dashboard and the learner's own page: pure functions of
what the store keeps (attempts, ratings, lessons done, review cards due, games).

:func:`standing` sums up one learner; :func:`weakest_kinds` ranks a class's drill kinds by how
often its learners get them right.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from tutor.progress.homework import best_move_share, games_accuracy
from tutor.progress.ratings import Rating
from tutor.progress.rows import Attempt, SavedGame
from tutor.progress.stats import accuracy_by_kind, mistakes_by_count


@dataclass(frozen=True)
class KindStanding:
    """One kind of drill: answers, the share right, and the rating with its deviation (None before
    the first rated answer)."""

    answered: int
    right: float
    rating: Rating | None


@dataclass(frozen=True)
class LevelStanding:
    """Finished games against one level: played, won, the share of the learner's decisions the
    coach graded best (None when no decision was graded) and the coach's accuracy over them (0 to
    100, None when none is known)."""

    played: int
    won: int
    agreement: float | None
    accuracy: float | None = None


@dataclass(frozen=True)
class Standing:
    """One learner, summed up."""

    lessons_done: int
    answered: int
    right: float | None
    """The share of all drill answers that were right (None before the first)."""
    kinds: dict[str, KindStanding]
    reviews_due: int
    levels: dict[str, LevelStanding]
    mistakes: list[tuple[str, int]]
    """The kinds of mistake made, most frequent first."""
    last_active: datetime | None


def standing(attempts: Sequence[Attempt], ratings: Mapping[str, Rating], lessons_done: Collection[str],
             course: Collection[str], reviews_due: int, games: Sequence[SavedGame]) -> Standing:
    """A learner's standing: lessons of ``course`` done, drills per kind, reviews due, finished
    games per level with the coach's agreement, mistakes made most, and when they last did any
    of it (an answer or a game)."""
    kinds = {kind: KindStanding(answered, right, ratings.get(kind))
             for kind, (answered, right) in accuracy_by_kind(attempts).items()}
    finished: dict[str, list[SavedGame]] = {}
    for game in games:
        if game.finished:
            finished.setdefault(game.level, []).append(game)
    levels = {level: LevelStanding(len(played), sum(bool(g.won) for g in played), best_move_share(played),
                                   games_accuracy(played))
              for level, played in finished.items()}
    moments = [a.at for a in attempts] + [g.updated for g in games]
    return Standing(len(set(lessons_done) & set(course)), len(attempts),
                    sum(a.correct for a in attempts) / len(attempts) if attempts else None,
                    kinds, reviews_due, levels, mistakes_by_count(attempts), max(moments, default=None))


def weakest_kinds(standings: Sequence[Standing]) -> list[tuple[str, int, float]]:
    """A class's drill kinds, weakest first: ``(kind, answers, share right)`` over every learner's
    answers (a kind nobody tried is left out)."""
    tally: dict[str, list[float]] = {}
    for one in standings:
        for kind, counts in one.kinds.items():
            total = tally.setdefault(kind, [0, 0.0])
            total[0] += counts.answered
            total[1] += counts.right * counts.answered
    return sorted(((kind, int(n), right / n) for kind, (n, right) in tally.items() if n),
                  key=lambda row: (row[2], -row[1], row[0]))


def kinds_to_work_on(standings: Sequence[Standing], most: int = 3) -> list[tuple[str, int, float]]:
    """The class's weakest kinds worth naming (:func:`weakest_kinds`): at most ``most``, only among two
    or more kinds tried (one alone is weakest of nothing), and never a kind everyone got right."""
    tried = weakest_kinds(standings)
    if len(tried) < 2:
        return []
    return [row for row in tried if row[2] < 1.0][:most]
