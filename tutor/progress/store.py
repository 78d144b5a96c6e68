"""The learner's progress, kept in SQLite (no server): profiles, lessons done, every drill
attempt, a spaced review schedule (FSRS) for drills and glossary flash cards, and the
games played against the virtual player.

The database file lives in a data folder chosen by ``GIN_TUTOR_DATA_DIR`` (or a path given to
:func:`open_store`), by default the user's data folder. It uses WAL mode and one transaction per
write, so several tabs or learners writing at once lose nothing. Its schema migrates forward on
start (:mod:`tutor.progress.database`).

Nothing about the file may break a page: what the store does when it cannot save, or when a
write fails, is said in :mod:`tutor.progress.store_core`.

The store is in rooms, one module each beside the core (:mod:`tutor.progress.store_core`:
connections, transactions, faults, rows set aside): profiles and keys
(:mod:`tutor.progress.store_profiles`), attempts and ratings (:mod:`tutor.progress.store_attempts`),
lessons and the review schedule (:mod:`tutor.progress.store_review`), saved games
(:mod:`tutor.progress.store_games`), classes (:mod:`tutor.progress.store_classes`). :class:`Store`
joins them, and writes what spans rooms in one transaction (a drill answer: its attempt, both ratings
and its review card; a sheet of accounts for young learners: each profile, its membership of the
class and its sign-in code).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from tutor.progress.database import NewerSchemaError, inspect, keep_aside
from tutor.progress.ratings import Rating as GlickoRating
from tutor.progress.review import rating_after_drill
from tutor.progress.rows import Attempt, SavedGame
from tutor.progress.store_attempts import AttemptRoom
from tutor.progress.store_classes import ClassRoom
from tutor.progress.store_core import (
    DATA_DIR_ENV,
    DATABASE_ERRORS,
    FILE_NAME,
    GUARDED_ERRORS,
    FileFault,
    _now,
    default_data_dir,
    guarded,
)
from tutor.progress.store_friends import FriendRoom
from tutor.progress.store_games import GameRoom, Saved, StaleGameError
from tutor.progress.store_profiles import (
    CODE_HOURS,
    KEY_DAYS,
    PRIVATE_KEY,
    PROFILE_NAME_MAX,
    KeyCheck,
    Profile,
    ProfileNameError,
    ProfileRoom,
    checked_profile_name,
    code_letters,
    new_code,
    new_key,
)
from tutor.progress.store_review import ReviewRoom

__all__ = ["CODE_HOURS", "DATABASE_ERRORS", "DATABASE_URL_ENV", "DATA_DIR_ENV", "FILE_NAME", "GUARDED_ERRORS",
           "KEY_DAYS", "PRIVATE_KEY", "PROFILE_NAME_MAX", "SHEET_CODE_DAYS", "Attempt", "DrillAnswer", "FileFault",
           "KeyCheck", "Profile", "ProfileNameError", "Saved", "SavedGame", "SheetLine", "StaleGameError", "Store",
           "code_letters", "default_data_dir", "guarded", "new_code", "new_key", "open_store"]


@dataclass(frozen=True)
class DrillAnswer:
    """One answer to a drill, as the store keeps it: the attempt, and what rates it."""

    kind: str
    level: str
    ruleset: str
    correct: bool
    seconds: float
    item: str
    """The drill's review item (what names the puzzle for its rating and its review card)."""
    prior: GlickoRating
    """The puzzle's rating when nobody has tried it yet."""
    helped: bool = False
    """The answer came after a hint or on a second try."""
    seed: int | None = None
    mistake: str | None = None
    given: str | None = None
    """What the learner answered, as text (for a teacher's homework view)."""
    hints: int = 0
    """How many hints they had asked for."""


SHEET_CODE_DAYS = 14
"""How long the sign-in code of an account a teacher made lasts (time to hand the sheet out)."""


@dataclass(frozen=True)
class SheetLine:
    """One line of a teacher's sheet of accounts for young learners: the profile made and its
    one-time sign-in code."""

    profile_id: int
    name: str
    code: str


class Store(ProfileRoom, AttemptRoom, ReviewRoom, GameRoom, ClassRoom, FriendRoom):
    """Progress in one database (see :class:`~tutor.progress.store_core.StoreCore`), in its rooms."""

    @guarded(list, write=True)
    def create_learners(self, teacher_id: int, class_id: int, names: Sequence[str]) -> list[SheetLine]:
        """Accounts for young learners who have no e-mail (Lichess's "create student accounts"):
        for each name, a private profile in the class and a one-time sign-in code (a transfer code
        that lasts :data:`SHEET_CODE_DAYS` days), all in one transaction; [] where ``teacher_id``
        does not teach the class or nothing could be saved. Raises
        :class:`~tutor.progress.store_profiles.ProfileNameError` for a name too long or empty."""
        cleaned = [checked_profile_name(name) for name in names]
        now = self.clock()
        lines = []
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            for name in cleaned:
                profile = self._insert_private_profile(db, name)
                db.execute(sa.text("INSERT INTO class_members (class_id, profile_id, joined, made_here) "
                                   "VALUES (:c, :p, :now, 1)"),
                           {"c": class_id, "p": profile.id, "now": now.isoformat()})
                code = self._insert_transfer_code(db, profile.id, now, now + timedelta(days=SHEET_CODE_DAYS))
                self._record(db, class_id, teacher_id, "learner_joined", subject=profile.id)
                lines.append(SheetLine(profile.id, profile.name, code))
        return lines

    @guarded(lambda: None, write=True)
    def new_sign_in_code(self, teacher_id: int, class_id: int, profile_id: int) -> SheetLine | None:
        """A new one-time sign-in code for an account the class's teachers made (a learner who lost
        their slip, or let it run out): the codes it had and did not use stop working. None where
        ``teacher_id`` does not teach the class, the learner is not in it, or the class did not make
        the account (a learner's own profile opens only with what the learner holds)."""
        now = self.clock()
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return None
            row = db.execute(sa.text("SELECT p.name FROM class_members m JOIN profiles p ON p.id = m.profile_id "
                                     "WHERE m.class_id = :c AND m.profile_id = :p AND m.made_here = 1"),
                             {"c": class_id, "p": profile_id}).first()
            if row is None:
                return None
            db.execute(sa.text("UPDATE transfer_codes SET used = 1 WHERE profile_id = :p AND used = 0"),
                       {"p": profile_id})
            code = self._insert_transfer_code(db, profile_id, now, now + timedelta(days=SHEET_CODE_DAYS))
            self._record(db, class_id, teacher_id, "sign_in_code", subject=profile_id)
        return SheetLine(profile_id, str(row[0]), code)

    @guarded(lambda: None, write=True)
    def record_drill_answer(self, profile_id: int, answer: DrillAnswer) -> GlickoRating | None:
        """Keep a drill answer in one transaction: its attempt, the learner's and the puzzle's
        ratings (:meth:`rate_attempt`), and its review card rated as the review policy says
        (:func:`tutor.progress.review.rating_after_drill`). All of it is saved or none; returns the
        learner's new rating, None when nothing was saved."""
        with self._transaction() as db:
            self._record_attempt_in(db, profile_id, answer.kind, answer.level, answer.ruleset, answer.correct,
                                    answer.seconds, answer.seed, answer.mistake, answer.given, answer.hints)
            mine, rating_aside = self._rate_attempt_in(db, profile_id, answer.kind, answer.item, answer.prior,
                                                       answer.correct, answer.helped)
            review = rating_after_drill(answer.correct, answer.helped, self._in_review(db, profile_id, answer.item))
            card_aside = self._schedule_in(db, profile_id, answer.item, review) if review is not None else 0
        if self.aside_listener is not None:
            for origin, count in (("ratings", rating_aside), ("review", card_aside)):
                if count:
                    self.aside_listener(origin, count)
        return mine


DATABASE_URL_ENV = "GIN_TUTOR_DATABASE_URL"
"""A database server's URL for the progress (``postgresql+psycopg://user@host/db``); unset: SQLite."""


def open_store(folder: Path | None = None, clock: Callable[[], datetime] = _now, url: str | None = None) -> Store:
    """The progress store: on the database server at ``url`` when one is given, else in a SQLite
    file in ``folder`` (default: the user's data folder).

    Never raises. On a server: one that cannot be reached now is tried again at each operation
    (each says it could not save); a schema from a newer gin-tutor is left as it is and the store
    works in memory (``status`` ``not_ours``). In a folder: when the folder or the file cannot be
    written, when the file is damaged (it is moved aside) or is not ours (another program's, a
    newer gin-tutor's, a table missing, a folder or a dangling link in its place: left exactly as
    it is), the store works in memory and its ``status`` says why progress is not saved.
    """
    if url is not None:
        try:
            store = Store(None, url=url, clock=clock)
        except (sa.exc.ArgumentError, ImportError):  # not a URL SQLAlchemy can use, or no driver for it
            return Store(None, "unavailable", clock=clock)
        try:
            store._prepare_server()
        except NewerSchemaError:
            store.close()
            return Store(None, "not_ours", clock=clock)
        except DATABASE_ERRORS:
            pass  # away now: each operation tries again
        return store
    folder = Path(folder) if folder is not None else default_data_dir()
    path = folder / FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return Store(None, "unwritable", clock=clock)
    verdict = inspect(path)
    if verdict == "damaged":
        try:
            aside = keep_aside(path, clock)
        except OSError:
            return Store(None, "unwritable", clock=clock)
        return Store(None, "damaged", kept_aside=aside, clock=clock)
    if verdict in ("foreign", "newer", "incomplete", "unopenable"):
        return Store(None, "not_ours", clock=clock)
    if path.exists() and not os.access(path, os.W_OK):
        return Store(None, "unwritable", clock=clock)
    return Store(path, clock=clock)
