"""The store's room for lessons done and the spaced review schedule (FSRS cards, by item:
:mod:`tutor.progress.review`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from fsrs import Card, Rating

from tutor.progress.review import reviewed, row_of_card
from tutor.progress.rows import CARD_COLUMNS, UnreadableRow, read_card, read_time, set_aside_text
from tutor.progress.store_core import StoreCore, among, guarded

_CARD_SELECT = ", ".join(CARD_COLUMNS)


class ReviewRoom(StoreCore):
    """Lessons done and the review schedule."""

    # --- lessons ----------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def mark_lesson_done(self, profile_id: int, lesson: str) -> bool:
        """Note a lesson passed; whether it was saved."""
        with self._transaction() as db:
            db.execute(sa.text("INSERT INTO lessons_done (profile_id, lesson, at) VALUES (:profile, :lesson, :at) "
                               "ON CONFLICT DO NOTHING"),
                       {"profile": profile_id, "lesson": lesson, "at": self.clock().isoformat()})
        return True

    @guarded(set, write=False)
    def lessons_done(self, profile_id: int) -> set[str]:
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT lesson FROM lessons_done WHERE profile_id = :profile"),
                              {"profile": profile_id}).all()
        return {row[0] for row in rows}

    def lesson_times(self, profile_id: int) -> dict[str, datetime]:
        """When the learner passed each lesson (a row whose time cannot be read is left out)."""
        return self.lesson_times_of([profile_id]).get(profile_id, {})

    @guarded(dict, write=False)
    def lesson_times_of(self, profile_ids: Sequence[int]) -> dict[int, dict[str, datetime]]:
        """:meth:`lesson_times` of several profiles in one query, by profile id."""
        if not profile_ids:
            return {}
        with self._transaction(write=False) as db:
            rows = db.execute(among("SELECT profile_id, lesson, at FROM lessons_done WHERE profile_id IN :ids"),
                              {"ids": list(profile_ids)}).all()
        times: dict[int, dict[str, datetime]] = {}
        for profile_id, lesson, at in rows:
            try:
                times.setdefault(profile_id, {})[lesson] = read_time(at, "at")
            except UnreadableRow:
                continue
        return times

    # --- review (FSRS) ----------------------------------------------------------------------

    def _cards(self, profile_id: int, rows: list[Any]) -> dict[str, Card]:
        """Review rows (item, then the card's columns) read into cards; one that cannot be read is
        set aside."""
        cards, bad = {}, []
        for row in rows:
            try:
                cards[row[0]] = read_card(row[1:])
            except UnreadableRow as error:
                bad.append((set_aside_text(("item", *CARD_COLUMNS), row), error.reason,
                            {"profile_id": profile_id, "item": row[0]}))
        self._set_aside(profile_id, "review", bad)
        return cards

    @guarded(lambda: False, write=True)
    def schedule(self, profile_id: int, item: str, rating: Rating) -> bool:
        """Rate an answer to an item (a new one enters review; one whose stored card cannot be read
        starts afresh, the old card set aside) and set when it comes back; whether it was saved."""
        with self._transaction() as db:
            aside = self._schedule_in(db, profile_id, item, rating)
        if aside and self.aside_listener is not None:
            self.aside_listener("review", aside)
        return True

    def _schedule_in(self, db: sa.Connection, profile_id: int, item: str, rating: Rating) -> int:
        """:meth:`schedule` inside the caller's transaction; how many rows were set aside."""
        aside = 0
        row = db.execute(sa.text(f"SELECT {_CARD_SELECT} FROM review WHERE profile_id = :profile AND item = :item"),
                         {"profile": profile_id, "item": item}).first()
        card = None
        if row is not None:
            try:
                card = read_card(row)
            except UnreadableRow as error:
                self._put_aside(db, profile_id, "review", set_aside_text(("item", *CARD_COLUMNS), (item, *row)),
                                error.reason)
                aside = 1
        state, step, stability, difficulty, due, last_review = row_of_card(reviewed(card, rating, self.clock()))
        db.execute(sa.text(
            f"INSERT INTO review (profile_id, item, {_CARD_SELECT}) "
            "VALUES (:profile, :item, :state, :step, :stability, :difficulty, :due, :last) "
            "ON CONFLICT (profile_id, item) DO UPDATE SET state = excluded.state, step = excluded.step, "
            "stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due, "
            "last_review = excluded.last_review"),
            {"profile": profile_id, "item": item, "state": state, "step": step, "stability": stability,
             "difficulty": difficulty, "due": due, "last": last_review})
        return aside

    @staticmethod
    def _in_review(db: sa.Connection, profile_id: int, item: str) -> bool:
        """Whether the item has a row in the profile's review schedule."""
        return db.execute(sa.text("SELECT 1 FROM review WHERE profile_id = :profile AND item = :item"),
                          {"profile": profile_id, "item": item}).first() is not None

    @guarded(lambda: False, write=True)
    def set_aside_item(self, profile_id: int, item: str, reason: str) -> bool:
        """Take an item this version cannot show (a kind, ruleset or seed it does not know) out of
        review, kept whole in ``set_aside`` with ``reason``, never deleted; whether it was saved."""
        with self._transaction() as db:
            row = db.execute(sa.text(f"SELECT item, {_CARD_SELECT} FROM review "
                                     "WHERE profile_id = :profile AND item = :item"),
                             {"profile": profile_id, "item": item}).first()
            if row is None:
                return True
            self._put_aside(db, profile_id, "review", set_aside_text(("item", *CARD_COLUMNS), row), reason)
            db.execute(sa.text("DELETE FROM review WHERE profile_id = :profile AND item = :item"),
                       {"profile": profile_id, "item": item})
        if self.aside_listener is not None:
            self.aside_listener("review", 1)
        return True

    @guarded(dict, write=False)
    def due_counts(self, profile_ids: Sequence[int]) -> dict[int, int]:
        """How many items each of several profiles has due for review now, in one query (a card that
        cannot be read is set aside, as :meth:`due` does)."""
        if not profile_ids:
            return {}
        with self._transaction(write=False) as db:
            rows = db.execute(among(f"SELECT profile_id, item, {_CARD_SELECT} FROM review WHERE profile_id IN :ids "
                                    "ORDER BY item"), {"ids": list(profile_ids)}).all()
        by_profile: dict[int, list[Any]] = {}
        for row in rows:
            by_profile.setdefault(row[0], []).append(row[1:])
        now = self.clock()
        return {profile_id: sum(card.due <= now for card in self._cards(profile_id, held).values())
                for profile_id, held in by_profile.items()}

    @guarded(list, write=False)
    def due(self, profile_id: int, prefix: str = "") -> list[str]:
        """Items due for review now, the longest overdue first (a card that cannot be read is set aside)."""
        now = self.clock()
        return [item for item, card in self.scheduled(profile_id, prefix).items() if card.due <= now]

    @guarded(dict, write=False)
    def scheduled(self, profile_id: int, prefix: str = "") -> dict[str, Card]:
        """Every item in review (whether due or not) and its card, the soonest due first (a card
        that cannot be read is set aside)."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(
                f"SELECT item, {_CARD_SELECT} FROM review WHERE profile_id = :profile AND item LIKE :prefix "
                "ORDER BY item"), {"profile": profile_id, "prefix": prefix + "%"}).all()
        cards = self._cards(profile_id, list(rows))
        return dict(sorted(cards.items(), key=lambda pair: (pair[1].due, pair[0])))

    @guarded(lambda: None, write=False)
    def card_of(self, profile_id: int, item: str) -> Card | None:
        """The item's review card, or None when it is not in review (or its card cannot be read: it
        is then set aside)."""
        with self._transaction(write=False) as db:
            row = db.execute(sa.text(f"SELECT item, {_CARD_SELECT} FROM review "
                                     "WHERE profile_id = :profile AND item = :item"),
                             {"profile": profile_id, "item": item}).first()
        return self._cards(profile_id, [row]).get(item) if row else None
