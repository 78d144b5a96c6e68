"""The store's room for drill answers and ratings: every attempt, the learner's Glicko-2 rating in
each kind of drill and each puzzle's (:mod:`tutor.progress.ratings`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from tutor.progress.ratings import NEW as NEW_RATING
from tutor.progress.ratings import Rating as GlickoRating
from tutor.progress.ratings import after_attempt
from tutor.progress.review import DrillItem
from tutor.progress.rows import ATTEMPT_ANSWER_COLUMNS, Attempt, UnreadableRow, read_attempt, read_time, set_aside_text
from tutor.progress.store_core import StoreCore, among, guarded

_ATTEMPT_SELECT = ", ".join(ATTEMPT_ANSWER_COLUMNS)
ANSWER_MOST = 200
"""The most characters of an answer kept with its attempt."""


class AttemptRoom(StoreCore):
    """Drill attempts and ratings."""

    # --- attempts ---------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def record_attempt(self, profile_id: int, kind: str, level: str, ruleset: str, correct: bool,
                       seconds: float, seed: int | None = None, mistake: str | None = None) -> bool:
        """Store one drill attempt; whether it was saved."""
        with self._transaction() as db:
            self._record_attempt_in(db, profile_id, kind, level, ruleset, correct, seconds, seed, mistake)
        return True

    def _record_attempt_in(self, db: sa.Connection, profile_id: int, kind: str, level: str, ruleset: str,
                           correct: bool, seconds: float, seed: int | None, mistake: str | None,
                           given: str | None = None, hints: int | None = None) -> None:
        """:meth:`record_attempt` inside the caller's transaction (``given``: the answer as text, cut to
        :data:`ANSWER_MOST` characters; ``hints``: how many were asked for)."""
        db.execute(sa.text(
            "INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at, seed, mistake, "
            "answer, hints) VALUES (:profile, :kind, :level, :ruleset, :correct, :seconds, :at, :seed, :mistake, "
            ":answer, :hints)"),
            {"profile": profile_id, "kind": kind, "level": level, "ruleset": ruleset, "correct": int(correct),
             "seconds": float(seconds), "at": self.clock().isoformat(), "seed": seed, "mistake": mistake,
             "answer": None if given is None else given[:ANSWER_MOST], "hints": hints})

    def attempts(self, profile_id: int) -> list[Attempt]:
        """Every drill attempt of a profile, oldest first (one that cannot be read is set aside)."""
        return self.attempts_of([profile_id]).get(profile_id, [])

    @guarded(list, write=False)
    def latest_attempts(self, profile_id: int, kind: str, most: int) -> list[Attempt]:
        """A profile's latest ``most`` attempts of one kind of drill, oldest first (one that cannot be
        read is set aside)."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT profile_id, id, {_ATTEMPT_SELECT} FROM attempts "
                                      "WHERE profile_id = :profile AND kind = :kind ORDER BY at DESC, id DESC "
                                      "LIMIT :most"), {"profile": profile_id, "kind": kind, "most": most}).all()
        found = self._read_by_profile(rows, lambda stored: read_attempt(stored[1:]), ("id", *ATTEMPT_ANSWER_COLUMNS),
                                      "attempts").get(profile_id, [])
        return found[::-1]

    @guarded(dict, write=False)
    def attempts_of(self, profile_ids: Sequence[int]) -> dict[int, list[Attempt]]:
        """:meth:`attempts` of several profiles in one query, by profile id (none for a profile with none)."""
        if not profile_ids:
            return {}
        with self._transaction(write=False) as db:
            rows = db.execute(among(f"SELECT profile_id, id, {_ATTEMPT_SELECT} FROM attempts "
                                    "WHERE profile_id IN :ids ORDER BY at, id"), {"ids": list(profile_ids)}).all()
        return self._read_by_profile(rows, lambda stored: read_attempt(stored[1:]), ("id", *ATTEMPT_ANSWER_COLUMNS),
                                     "attempts")

    # --- ratings ----------------------------------------------------------------------------

    @staticmethod
    def _rating_row(row: Sequence[Any] | None) -> GlickoRating | None:
        """A stored rating, or None when there is none or it cannot be read (a number out of range)."""
        if row is None:
            return None
        try:
            rating, deviation, volatility = (float(v) for v in row)
        except (TypeError, ValueError):
            return None
        if not (0 < rating < 5000 and 0 < deviation <= 350 and 0 < volatility < 1):
            return None
        return GlickoRating(rating, deviation, volatility)

    @guarded(lambda: None, write=True)
    def rate_attempt(self, profile_id: int, kind: str, puzzle: str, prior: GlickoRating, correct: bool,
                     helped: bool) -> GlickoRating | None:
        """Rate one attempt (Glicko-2): the learner's rating in ``kind`` and the puzzle's (named by its
        review item; ``prior`` when nobody has tried it) both move, and the learner's new rating is
        kept in its history. A stored rating that cannot be read starts again from a new one (the
        learner's, the old row set aside first) or from the prior (the puzzle's, shared by every
        learner). Returns the learner's new rating, None if not saved."""
        with self._transaction() as db:
            mine, aside = self._rate_attempt_in(db, profile_id, kind, puzzle, prior, correct, helped)
        if aside and self.aside_listener is not None:
            self.aside_listener("ratings", aside)
        return mine

    def _rate_attempt_in(self, db: sa.Connection, profile_id: int, kind: str, puzzle: str, prior: GlickoRating,
                         correct: bool, helped: bool) -> tuple[GlickoRating, int]:
        """:meth:`rate_attempt` inside the caller's transaction: the learner's new rating, and how
        many rows were set aside (the listener is told once the transaction is done)."""
        now = self.clock().isoformat()
        aside = 0
        stored = db.execute(sa.text(
            "SELECT rating, deviation, volatility FROM ratings WHERE profile_id = :profile AND kind = :kind"),
            {"profile": profile_id, "kind": kind}).first()
        mine = self._rating_row(stored)
        if stored is not None and mine is None:  # kept whole before a new rating replaces it
            self._put_aside(db, profile_id, "ratings", set_aside_text(
                ("kind", "rating", "deviation", "volatility"), (kind, *stored)), "the rating cannot be read")
            aside = 1
        mine = mine or NEW_RATING
        theirs = self._rating_row(db.execute(sa.text(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE item = :item"),
            {"item": puzzle}).first()) or prior
        mine, theirs = after_attempt(mine, theirs, correct, helped)
        db.execute(sa.text(
            "INSERT INTO ratings (profile_id, kind, rating, deviation, volatility, at) "
            "VALUES (:profile, :kind, :rating, :deviation, :volatility, :at) "
            "ON CONFLICT (profile_id, kind) DO UPDATE SET rating = excluded.rating, "
            "deviation = excluded.deviation, volatility = excluded.volatility, at = excluded.at"),
            {"profile": profile_id, "kind": kind, "rating": mine.rating, "deviation": mine.deviation,
             "volatility": mine.volatility, "at": now})
        db.execute(sa.text(
            "INSERT INTO puzzle_ratings (item, kind, rating, deviation, volatility, attempts) "
            "VALUES (:item, :kind, :rating, :deviation, :volatility, 1) "
            "ON CONFLICT (item) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
            "volatility = excluded.volatility, attempts = puzzle_ratings.attempts + 1"),
            {"item": puzzle, "kind": kind, "rating": theirs.rating, "deviation": theirs.deviation,
             "volatility": theirs.volatility})
        db.execute(sa.text(
            "INSERT INTO rating_history (profile_id, kind, rating, deviation, at) "
            "VALUES (:profile, :kind, :rating, :deviation, :at)"),
            {"profile": profile_id, "kind": kind, "rating": mine.rating, "deviation": mine.deviation, "at": now})
        return mine, aside

    def ratings(self, profile_id: int) -> dict[str, GlickoRating]:
        """The learner's rating in each kind answered (a row that cannot be read is left out)."""
        return self.ratings_of([profile_id]).get(profile_id, {})

    @guarded(dict, write=False)
    def ratings_of(self, profile_ids: Sequence[int]) -> dict[int, dict[str, GlickoRating]]:
        """:meth:`ratings` of several profiles in one query, by profile id."""
        if not profile_ids:
            return {}
        with self._transaction(write=False) as db:
            rows = db.execute(among("SELECT profile_id, kind, rating, deviation, volatility FROM ratings "
                                    "WHERE profile_id IN :ids"), {"ids": list(profile_ids)}).all()
        out: dict[int, dict[str, GlickoRating]] = {}
        for row in rows:
            if isinstance(row[1], str) and (rating := self._rating_row(row[2:])) is not None:
                out.setdefault(row[0], {})[row[1]] = rating
        return out

    @guarded(list, write=False)
    def rating_history(self, profile_id: int) -> list[tuple[str, datetime, float]]:
        """Each change of the learner's ratings, oldest first: (kind, when, rating); rows that cannot be
        read are left out."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT kind, at, rating FROM rating_history WHERE profile_id = :profile "
                                      "ORDER BY at, id"), {"profile": profile_id}).all()
        out = []
        for kind, at, rating in rows:
            if not isinstance(kind, str):
                continue
            try:
                out.append((kind, read_time(at, "the time"), float(rating)))
            except (UnreadableRow, TypeError, ValueError):
                continue
        return out

    @guarded(list, write=False)
    def puzzles_near(self, profile_id: int, kind: str, rating: float, spread: float,
                     limit: int = 20) -> list[str]:
        """Puzzles of ``kind`` already rated within ``spread`` of ``rating`` that this learner has not
        rated yet (their review item names), the closest first."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(
                "SELECT item FROM puzzle_ratings WHERE kind = :kind AND rating BETWEEN :low AND :high "
                "ORDER BY ABS(rating - :rating) LIMIT :limit"),
                {"kind": kind, "low": rating - spread, "high": rating + spread, "rating": rating,
                 "limit": limit * 4}).all()
            done = db.execute(sa.text("SELECT DISTINCT difficulty, ruleset, seed FROM attempts WHERE profile_id = "
                                      ":profile AND kind = :kind AND seed IS NOT NULL"),
                              {"profile": profile_id, "kind": kind}).all()
        tried = {DrillItem(kind, str(level), str(ruleset), seed).format() for level, ruleset, seed in done
                 if isinstance(seed, int)}
        return [row[0] for row in rows if row[0] not in tried][:limit]
