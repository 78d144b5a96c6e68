"""The learner's progress, kept in SQLite (no server): profiles, lessons done, every drill
attempt, a Leitner review schedule for drills got wrong and for glossary flash cards, and the
games played against the virtual player.

The database file lives in a data folder chosen by ``GIN_TUTOR_DATA_DIR`` (or a path given to
:func:`open_store`), by default the user's data folder. It uses WAL mode and one transaction per
write, so several tabs or learners writing at once lose nothing. Its schema carries a version
(``PRAGMA user_version``) and migrates forward on start. A folder that cannot be written or a
damaged file leaves a store that works in memory only, with a message saying so; a damaged file is
moved aside, never overwritten.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tutor.engine.errors import TutorError
from tutor.engine.msgids import N_
from tutor.progress.review import days_until_due, next_box

DATA_DIR_ENV = "GIN_TUTOR_DATA_DIR"
FILE_NAME = "progress.db"

MIGRATIONS: tuple[str, ...] = (
    # version 1: profiles, attempts, lessons done
    """
    CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created TEXT NOT NULL
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        kind TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        correct INTEGER NOT NULL,
        seconds REAL NOT NULL,
        at TEXT NOT NULL
    );
    CREATE TABLE lessons_done (
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        lesson TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (profile_id, lesson)
    );
    """,
    # version 2: the chosen language and ruleset, the puzzle and the mistake of each attempt,
    # and the review schedule
    """
    ALTER TABLE profiles ADD COLUMN language TEXT;
    ALTER TABLE profiles ADD COLUMN ruleset TEXT;
    ALTER TABLE attempts ADD COLUMN seed INTEGER;
    ALTER TABLE attempts ADD COLUMN mistake TEXT;
    CREATE TABLE review (
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        item TEXT NOT NULL,
        box INTEGER NOT NULL,
        due TEXT NOT NULL,
        PRIMARY KEY (profile_id, item)
    );
    CREATE INDEX attempts_by_profile ON attempts(profile_id, at);
    """,
    # version 3: games against the virtual player, with the learner's moves and the coach's agreement
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id),
        seed INTEGER NOT NULL,
        level TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        moves TEXT NOT NULL,
        finished INTEGER NOT NULL,
        won INTEGER,
        decisions INTEGER NOT NULL,
        agreed INTEGER NOT NULL,
        started TEXT NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE INDEX games_by_profile ON games(profile_id, updated);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def default_data_dir() -> Path:
    """The user's data folder for gin-tutor, by the platform's convention."""
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV])
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", home / "AppData" / "Roaming")) / "gin-tutor"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "gin-tutor"
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / "gin-tutor"


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Attempt:
    """One drill attempt as stored."""

    kind: str
    level: str
    """The puzzle's level (stored in the column ``difficulty``)."""
    ruleset: str
    correct: bool
    seconds: float
    at: datetime
    seed: int | None = None
    mistake: str | None = None


@dataclass(frozen=True)
class SavedGame:
    """A game against the virtual player as stored: enough to rebuild it move by move."""

    id: int
    seed: int
    level: str
    ruleset: str
    moves: list[tuple[str, str | None]]
    """The learner's moves, in order (the virtual player's follow from them)."""
    finished: bool
    won: bool | None
    """Whether the learner won, once the game is over."""
    decisions: int
    agreed: int
    """How many of the learner's decisions matched the strong player's."""
    started: datetime
    updated: datetime


def _saved_game(row: tuple[Any, ...]) -> SavedGame:
    gid, seed, level, ruleset, moves, finished, won, decisions, agreed, started, updated = row
    return SavedGame(gid, seed, level, ruleset, [(str(k), c) for k, c in json.loads(moves)], bool(finished),
                     None if won is None else bool(won), decisions, agreed,
                     datetime.fromisoformat(started), datetime.fromisoformat(updated))


_GAME_COLUMNS = "id, seed, level, ruleset, moves, finished, won, decisions, agreed, started, updated"


PROFILE_NAME_MAX = 40
"""The most characters in a profile name."""


class ProfileNameError(TutorError):
    """A profile name that is empty or too long."""

    key = "bad_profile_name"
    template = N_("A profile name has 1 to {most} characters.")


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    language: str | None
    ruleset: str | None


class Store:
    """Progress in one SQLite database (a file, or memory when saving is not possible).

    ``status`` is None when progress is saved, else why not: ``unwritable`` or ``damaged``
    (``kept_aside`` then names where the damaged file was moved).
    """

    def __init__(self, path: Path | None, status: str | None = None, kept_aside: Path | None = None,
                 clock: Callable[[], datetime] = _now) -> None:
        self.path = path
        self.status = status
        self.kept_aside = kept_aside
        self.clock = clock
        self._memory: sqlite3.Connection | None = None
        if path is None:
            self._memory = sqlite3.connect(":memory:", check_same_thread=False)
            self._memory.execute("PRAGMA foreign_keys = ON")
        with self._transaction() as db:
            migrate(db)

    @property
    def saving(self) -> bool:
        return self.path is not None

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction: a write takes the write lock at once (``BEGIN IMMEDIATE``), so writers
        queue instead of failing; a read (``write=False``) takes no lock until it reads."""
        if self._memory is not None:
            with self._memory:
                yield self._memory
            return
        assert self.path is not None  # a store without a file works in memory (above)
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout = 30000")
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    # --- profiles ---------------------------------------------------------------------------

    def profiles(self) -> list[Profile]:
        with self._transaction(write=False) as db:
            rows = db.execute("SELECT id, name, language, ruleset FROM profiles ORDER BY name").fetchall()
        return [Profile(*row) for row in rows]

    def profile(self, name: str) -> Profile:
        """The profile of that name, created if it does not exist yet (names ignore case)."""
        clean = " ".join(name.split())
        if not clean or len(clean) > PROFILE_NAME_MAX:
            raise ProfileNameError(name=name, most=PROFILE_NAME_MAX)
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO profiles (name, created) VALUES (?, ?)",
                       (clean, self.clock().isoformat()))
            row = db.execute("SELECT id, name, language, ruleset FROM profiles WHERE name = ?", (clean,)).fetchone()
        return Profile(*row)

    def find_profile(self, name: str) -> Profile | None:
        """The profile of that name, or None; never creates one."""
        with self._transaction(write=False) as db:
            row = db.execute("SELECT id, name, language, ruleset FROM profiles WHERE name = ?",
                             (" ".join(name.split()),)).fetchone()
        return Profile(*row) if row else None

    def set_preferences(self, profile_id: int, language: str | None = None, ruleset: str | None = None) -> None:
        """Remember the chosen language and ruleset of a profile."""
        with self._transaction() as db:
            if language is not None:
                db.execute("UPDATE profiles SET language = ? WHERE id = ?", (language, profile_id))
            if ruleset is not None:
                db.execute("UPDATE profiles SET ruleset = ? WHERE id = ?", (ruleset, profile_id))

    # --- attempts ---------------------------------------------------------------------------

    def record_attempt(self, profile_id: int, kind: str, level: str, ruleset: str, correct: bool,
                       seconds: float, seed: int | None = None, mistake: str | None = None) -> None:
        """Store one drill attempt."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at, seed, mistake) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (profile_id, kind, level, ruleset, int(correct), float(seconds), self.clock().isoformat(),
                 seed, mistake))

    def attempts(self, profile_id: int) -> list[Attempt]:
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT kind, difficulty, ruleset, correct, seconds, at, seed, mistake FROM attempts "
                "WHERE profile_id = ? ORDER BY at, id", (profile_id,)).fetchall()
        return [Attempt(k, d, r, bool(c), s, datetime.fromisoformat(at), seed, m)
                for k, d, r, c, s, at, seed, m in rows]

    # --- lessons ----------------------------------------------------------------------------

    def mark_lesson_done(self, profile_id: int, lesson: str) -> None:
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO lessons_done (profile_id, lesson, at) VALUES (?, ?, ?)",
                       (profile_id, lesson, self.clock().isoformat()))

    def lessons_done(self, profile_id: int) -> set[str]:
        with self._transaction(write=False) as db:
            rows = db.execute("SELECT lesson FROM lessons_done WHERE profile_id = ?", (profile_id,)).fetchall()
        return {row[0] for row in rows}

    # --- review (Leitner boxes) -------------------------------------------------------------

    def schedule(self, profile_id: int, item: str, remembered: bool) -> None:
        """Move an item up a box when it was remembered (a new item starts as if from box 1),
        back to box 1 when not."""
        with self._transaction() as db:
            row = db.execute("SELECT box FROM review WHERE profile_id = ? AND item = ?", (profile_id, item)).fetchone()
            box = next_box(row[0] if row else None, remembered)
            due = self.clock() + timedelta(days=days_until_due(box))
            db.execute("INSERT INTO review (profile_id, item, box, due) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (profile_id, item) DO UPDATE SET box = excluded.box, due = excluded.due",
                       (profile_id, item, box, due.isoformat()))

    def unschedule(self, profile_id: int, item: str) -> None:
        """Take an item out of review (one that can no longer be shown)."""
        with self._transaction() as db:
            db.execute("DELETE FROM review WHERE profile_id = ? AND item = ?", (profile_id, item))

    def due(self, profile_id: int, prefix: str = "") -> list[tuple[str, int]]:
        """Items due for review now (item, box), the longest overdue first."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT item, box FROM review WHERE profile_id = ? AND due <= ? AND item LIKE ? ORDER BY due, item",
                (profile_id, self.clock().isoformat(), prefix + "%")).fetchall()
        return [(item, box) for item, box in rows]

    def boxes(self, profile_id: int, prefix: str = "") -> dict[str, int]:
        """Every scheduled item (whether due or not) and its box."""
        with self._transaction(write=False) as db:
            rows = db.execute("SELECT item, box FROM review WHERE profile_id = ? AND item LIKE ?",
                              (profile_id, prefix + "%")).fetchall()
        return dict(rows)

    def box_of(self, profile_id: int, item: str) -> int | None:
        with self._transaction(write=False) as db:
            row = db.execute("SELECT box FROM review WHERE profile_id = ? AND item = ?", (profile_id, item)).fetchone()
        return row[0] if row else None


    # --- games against the virtual player ---------------------------------------------------

    def save_game(self, profile_id: int, game_id: int | None, seed: int, level: str, ruleset: str,
                  moves: list[tuple[str, str | None]], finished: bool, won: bool | None, decisions: int,
                  agreed: int) -> int:
        """Store a game (a new one when ``game_id`` is None); returns its id."""
        now = self.clock().isoformat()
        text = json.dumps([list(m) for m in moves])
        with self._transaction() as db:
            if game_id is not None:
                updated = db.execute(
                    "UPDATE games SET moves = ?, finished = ?, won = ?, decisions = ?, agreed = ?, updated = ? "
                    "WHERE id = ? AND profile_id = ?",
                    (text, int(finished), None if won is None else int(won), decisions, agreed, now, game_id,
                     profile_id))
                if updated.rowcount:
                    return game_id
            cursor = db.execute(
                "INSERT INTO games (profile_id, seed, level, ruleset, moves, finished, won, decisions, agreed, "
                "started, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (profile_id, seed, level, ruleset, text, int(finished), None if won is None else int(won),
                 decisions, agreed, now, now))
            return int(cursor.lastrowid or 0)

    def games(self, profile_id: int) -> list[SavedGame]:
        """Every game of a profile, the most recent first."""
        with self._transaction(write=False) as db:
            rows = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? ORDER BY updated DESC, id DESC",
                              (profile_id,)).fetchall()
        return [_saved_game(row) for row in rows]

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The profile's most recent unfinished game, if any."""
        return next((g for g in self.games(profile_id) if not g.finished), None)


def migrate(db: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema forward to ``target``; returns the version it started from."""
    start = db.execute("PRAGMA user_version").fetchone()[0]
    if start > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"the progress file is from a newer gin-tutor (schema {start})")
    for version in range(start, target):
        for statement in MIGRATIONS[version].split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {version + 1}")
    return start


def _keep_aside(path: Path, clock: Callable[[], datetime]) -> Path:
    """Move a damaged file (and its WAL files) out of the way, never overwriting anything."""
    stamp = clock().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(target.with_name(target.name + suffix))
    return target


def open_store(folder: Path | None = None, clock: Callable[[], datetime] = _now) -> Store:
    """The progress store in ``folder`` (default: the user's data folder).

    Never raises for an unwritable folder or a damaged file: the store then works in memory,
    and its ``status`` says why progress is not saved.
    """
    folder = Path(folder) if folder is not None else default_data_dir()
    path = folder / FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return Store(None, "unwritable", clock=clock)
    try:
        db = sqlite3.connect(path, timeout=30)
        try:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            db.execute("PRAGMA journal_mode = WAL")
        finally:
            db.close()
    except sqlite3.OperationalError:
        pass  # busy: another tab holds the file for a moment; it is in use, not damaged
    except sqlite3.DatabaseError:
        try:
            aside = _keep_aside(path, clock)
        except OSError:
            return Store(None, "unwritable", clock=clock)
        return Store(None, "damaged", kept_aside=aside, clock=clock)
    return Store(path, clock=clock)
