"""Figures from a learner's attempts, for the progress page (pure functions, no Streamlit)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta

from tutor.progress.store import Attempt, SavedGame


def accuracy_by_day(attempts: Sequence[Attempt]) -> dict[str, dict[str, float]]:
    """For each kind of drill, the share of right answers on each day (ISO dates)."""
    tally: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for a in attempts:
        day = tally[a.kind][a.at.date().isoformat()]
        day[0] += a.correct
        day[1] += 1
    return {kind: {day: right / total for day, (right, total) in sorted(days.items())}
            for kind, days in tally.items()}


def current_streak(attempts: Sequence[Attempt]) -> int:
    """Right answers in a row, counting back from the latest attempt."""
    streak = 0
    for a in reversed(attempts):
        if not a.correct:
            break
        streak += 1
    return streak


def mistakes_by_count(attempts: Sequence[Attempt]) -> list[tuple[str, int]]:
    """The kinds of mistake made, most frequent first."""
    return Counter(a.mistake for a in attempts if a.mistake).most_common()


def accuracy_by_kind(attempts: Sequence[Attempt]) -> dict[str, tuple[int, float]]:
    """For each kind of drill, in the order first tried: how many answers, and the share right."""
    tally: dict[str, list[int]] = {}
    for a in attempts:
        counts = tally.setdefault(a.kind, [0, 0])
        counts[0] += 1
        counts[1] += a.correct
    return {kind: (answered, right / answered) for kind, (answered, right) in tally.items()}


def games_record(games: Sequence[SavedGame]) -> list[tuple[str, str, int, int]]:
    """Finished games per level and ruleset: ``(level, ruleset, played, won)``, in the order first played."""
    tally: dict[tuple[str, str], list[int]] = {}
    for g in sorted(games, key=lambda g: g.started):
        if g.finished:
            counts = tally.setdefault((g.level, g.ruleset), [0, 0])
            counts[0] += 1
            counts[1] += bool(g.won)
    return [(level, ruleset, played, won) for (level, ruleset), (played, won) in tally.items()]


def agreement_by_day(games: Sequence[SavedGame]) -> dict[str, float]:
    """The share of the learner's decisions that matched the strong player's, day by day (the day
    a game was last played), counting every decision of every game."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for g in games:
        if g.decisions:
            day = tally[g.updated.date().isoformat()]
            day[0] += g.agreed
            day[1] += g.decisions
    return {day: agreed / total for day, (agreed, total) in sorted(tally.items())}


DAILY_GOAL = 10
"""Answers a day (drills, lesson checks, review) that make the daily goal."""


def answered_on(attempts: Sequence[Attempt], day: date) -> int:
    """How many answers were given on ``day``."""
    return sum(1 for a in attempts if a.at.date() == day)


def day_streak(days: Iterable[date], today: date) -> int:
    """Days in a row with some practice, counting back from today (or from yesterday, when today
    has none yet: the streak is not lost before the day is over)."""
    active = set(days)
    day = today if today in active else today - timedelta(days=1)
    streak = 0
    while day in active:
        streak += 1
        day -= timedelta(days=1)
    return streak


def rating_series(history: Sequence[tuple[str, datetime, float]]) -> dict[str, dict[int, float]]:
    """Each kind's rating after each of its rated answers (numbered from 1), for the skills chart."""
    series: dict[str, dict[int, float]] = defaultdict(dict)
    for kind, _, rating in history:
        series[kind][len(series[kind]) + 1] = rating
    return dict(series)
