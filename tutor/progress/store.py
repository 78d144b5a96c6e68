"""The learner's progress, kept in SQLite (no server): profiles, lessons done, every drill
attempt, a spaced review schedule (FSRS) for drills and glossary flash cards, and the
games played against the virtual player.

The database file lives in a data folder chosen by ``GIN_TUTOR_DATA_DIR`` (or a path given to
:func:`open_store`), by default the user's data folder. It uses WAL mode and one transaction per
write, so several tabs or learners writing at once lose nothing. Its schema migrates forward on
start (:mod:`tutor.progress.database`).

Nothing about the file may break a page. When progress cannot be saved at all (a folder that
cannot be written, a read-only file, a damaged file moved aside, a file that is not ours left as it
is) the store works in memory and ``status`` says why. When a write fails while the app runs (a
full disk, the file removed or replaced), the operation returns its default, the store's
``listener`` hears the fault (the app tells the learner the answer was not saved), and the next
operation tries the file again: a removed file is made anew, a damaged one moved aside first.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from fsrs import Card, Rating

from tutor.engine.errors import TutorError
from tutor.engine.msgids import N_
from tutor.progress.database import (
    CARD_COLUMNS,
    card_of_row,
    clean_name,
    fault_of,
    inspect,
    keep_aside,
    migrate,
    name_key,
    row_of_card,
)
from tutor.progress.review import reviewed

DATA_DIR_ENV = "GIN_TUTOR_DATA_DIR"
FILE_NAME = "progress.db"



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


P = ParamSpec("P")
R = TypeVar("R")


def guarded(default: Callable[[], Any], *, write: bool) -> Callable[[Callable[Concatenate[Store, P], R]],
                                                                     Callable[Concatenate[Store, P], R]]:
    """A store operation that never raises an SQLite error: on a fault it returns ``default()``
    and tells the store's listener; a write that succeeds tells the listener all is well."""
    def wrap(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
        @functools.wraps(method)
        def run(store: Store, *args: P.args, **kwargs: P.kwargs) -> R:
            try:
                result = method(store, *args, **kwargs)
            except (sqlite3.Error, FileFault) as error:
                store.fault(error, write)
                return default()
            store.tell(None, write)
            return result
        return run
    return wrap


class FileFault(Exception):
    """The progress file cannot be used just now (not ours any more, a folder in its place)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), or None when none is."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


class Store:
    """Progress in one SQLite database: a file, or memory when saving is not possible.

    ``status`` is None when progress is saved, else why not: ``unwritable`` (the folder or the
    file cannot be written), ``damaged`` (``kept_aside`` then names where the file was moved) or
    ``not_ours`` (a file of another program or of a newer gin-tutor, left as it is).
    ``listener``, when set, hears each fault code (``disk_full``, ``read_only``, ``file_gone``,
    ``busy``, ``damaged``, ``not_ours``, ``unavailable``) with whether a write met it, and None
    after each operation that succeeds (with whether it was a write).

    While the store uses a file it keeps one idle connection to it open, so that SQLite keeps its
    WAL files: reading then needs no new file, and works on a full disk.
    """

    def __init__(self, path: Path | None, status: str | None = None, kept_aside: Path | None = None,
                 clock: Callable[[], datetime] = _now,
                 connect: Callable[[Path], sqlite3.Connection] | None = None) -> None:
        self.path = path
        self.status = status
        self.kept_aside = kept_aside
        self.clock = clock
        self.listener: Callable[[str | None, bool], None] | None = None
        self._connect = connect or (lambda p: sqlite3.connect(p, timeout=30, isolation_level=None))
        self._lock = threading.RLock()
        self._identity: tuple[int, int] | None = None
        self._keeper: sqlite3.Connection | None = None
        self._memory: sqlite3.Connection | None = None
        if path is None:
            self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            self._memory.execute("PRAGMA foreign_keys = ON")
            with self._transaction() as db:
                migrate(db)
        else:
            with contextlib.suppress(sqlite3.Error, FileFault):
                self._prepare()  # a full disk at start: the first operation tries again, and says so

    def close(self) -> None:
        """Let go of the file (the idle connection that keeps its WAL files); the next operation
        opens it again."""
        with self._lock:
            if self._keeper is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._keeper.close()
            self._keeper = None
            self._identity = None

    @property
    def saving(self) -> bool:
        return self.path is not None

    def tell(self, fault: str | None, write: bool) -> None:
        """Pass a fault code (or None: all is well) to the listener, and whether a write met it."""
        if self.listener is not None:
            self.listener(fault, write)

    def fault(self, error: BaseException, write: bool) -> None:
        """An operation failed: tell the listener. After a fault that may mean another file (or
        garbage) is there now, the next operation inspects the file again; after a passing one (a
        full disk, a lock), it simply tries again."""
        code = error.code if isinstance(error, FileFault) else (
            fault_of(error) if isinstance(error, sqlite3.Error) else "unavailable")
        if code in ("damaged", "file_gone", "not_ours"):
            self._identity = None
        self.tell(code, write)

    def _prepare(self) -> None:
        """Make sure the file at ``path`` is ours and current before using it: checked again
        whenever another file (or none) is found there; a removed file is made anew, a damaged
        one moved aside first; one that is not ours raises :class:`FileFault`, untouched."""
        assert self.path is not None
        with self._lock:
            if self._identity is not None and _identity(self.path) == self._identity:
                return
            verdict = inspect(self.path)
            if verdict == "damaged":
                self.kept_aside = keep_aside(self.path, self.clock)
                verdict = "new"
            if verdict in ("busy", "unreadable"):
                raise FileFault("busy" if verdict == "busy" else "unavailable")
            if verdict not in ("new", "ours"):
                raise FileFault("not_ours")
            if self.path.exists() and not os.access(self.path, os.W_OK):
                raise FileFault("read_only")
            db = self._connect(self.path)
            try:
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("BEGIN IMMEDIATE")
                try:
                    migrate(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except BaseException:
                db.close()
                raise
            if self._keeper is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._keeper.close()
            self._keeper = db  # kept open, idle: the WAL files stay while it lives
            self._identity = _identity(self.path)

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction: a write takes the write lock at once (``BEGIN IMMEDIATE``), so writers
        queue instead of failing; a read (``write=False``) takes no lock until it reads. In memory,
        one lock lets one session at a time use the shared connection."""
        if self._memory is not None:
            with self._lock:
                self._memory.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
                try:
                    yield self._memory
                except BaseException:
                    self._memory.execute("ROLLBACK")
                    raise
                self._memory.execute("COMMIT")
            return
        self._prepare()
        assert self.path is not None
        db = self._connect(self.path)
        try:
            db.execute("PRAGMA busy_timeout = 30000")
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    # --- profiles ---------------------------------------------------------------------------

    @guarded(list, write=False)
    def profiles(self) -> list[Profile]:
        with self._transaction(write=False) as db:
            rows = db.execute("SELECT id, name, language, ruleset FROM profiles ORDER BY name_key").fetchall()
        return [Profile(*row) for row in rows]

    @guarded(lambda: None, write=True)
    def profile(self, name: str) -> Profile | None:
        """The profile of that name, created if it does not exist yet; None when it cannot be
        saved. Names are compared clean and case-folded (:func:`~tutor.progress.database.name_key`)."""
        clean = clean_name(name)
        if not clean or len(clean) > PROFILE_NAME_MAX:
            raise ProfileNameError(name=name[:PROFILE_NAME_MAX + 5], most=PROFILE_NAME_MAX)
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO profiles (name, name_key, created) VALUES (?, ?, ?)",
                       (clean, name_key(clean), self.clock().isoformat()))
            row = db.execute("SELECT id, name, language, ruleset FROM profiles WHERE name_key = ?",
                             (name_key(clean),)).fetchone()
        return Profile(*row)

    @guarded(lambda: None, write=False)
    def find_profile(self, name: str) -> Profile | None:
        """The profile of that name, or None; never creates one."""
        with self._transaction(write=False) as db:
            row = db.execute("SELECT id, name, language, ruleset FROM profiles WHERE name_key = ?",
                             (name_key(name),)).fetchone()
        return Profile(*row) if row else None

    @guarded(lambda: False, write=True)
    def set_preferences(self, profile_id: int, language: str | None = None, ruleset: str | None = None) -> bool:
        """Remember the chosen language and ruleset of a profile; whether it was saved."""
        with self._transaction() as db:
            if language is not None:
                db.execute("UPDATE profiles SET language = ? WHERE id = ?", (language, profile_id))
            if ruleset is not None:
                db.execute("UPDATE profiles SET ruleset = ? WHERE id = ?", (ruleset, profile_id))
        return True

    # --- attempts ---------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def record_attempt(self, profile_id: int, kind: str, level: str, ruleset: str, correct: bool,
                       seconds: float, seed: int | None = None, mistake: str | None = None) -> bool:
        """Store one drill attempt; whether it was saved."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at, seed, mistake) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (profile_id, kind, level, ruleset, int(correct), float(seconds), self.clock().isoformat(),
                 seed, mistake))
        return True

    @guarded(list, write=False)
    def attempts(self, profile_id: int) -> list[Attempt]:
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT kind, difficulty, ruleset, correct, seconds, at, seed, mistake FROM attempts "
                "WHERE profile_id = ? ORDER BY at, id", (profile_id,)).fetchall()
        return [Attempt(k, d, r, bool(c), s, datetime.fromisoformat(at), seed, m)
                for k, d, r, c, s, at, seed, m in rows]

    # --- lessons ----------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def mark_lesson_done(self, profile_id: int, lesson: str) -> bool:
        """Note a lesson passed; whether it was saved."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO lessons_done (profile_id, lesson, at) VALUES (?, ?, ?)",
                       (profile_id, lesson, self.clock().isoformat()))
        return True

    @guarded(set, write=False)
    def lessons_done(self, profile_id: int) -> set[str]:
        with self._transaction(write=False) as db:
            rows = db.execute("SELECT lesson FROM lessons_done WHERE profile_id = ?", (profile_id,)).fetchall()
        return {row[0] for row in rows}

    # --- review (FSRS) ----------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def schedule(self, profile_id: int, item: str, rating: Rating) -> bool:
        """Rate an answer to an item (a new one enters review) and set when it comes back; whether
        it was saved."""
        with self._transaction() as db:
            row = db.execute(f"SELECT {CARD_COLUMNS} FROM review WHERE profile_id = ? AND item = ?",
                             (profile_id, item)).fetchone()
            card = reviewed(card_of_row(row) if row else None, rating, self.clock())
            db.execute(f"INSERT INTO review (profile_id, item, {CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (profile_id, item) DO UPDATE SET state = excluded.state, step = excluded.step, "
                       "stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due, "
                       "last_review = excluded.last_review",
                       (profile_id, item, *row_of_card(card)))
        return True

    @guarded(lambda: False, write=True)
    def unschedule(self, profile_id: int, item: str) -> bool:
        """Take an item out of review (one that can no longer be shown); whether it was saved."""
        with self._transaction() as db:
            db.execute("DELETE FROM review WHERE profile_id = ? AND item = ?", (profile_id, item))
        return True

    @guarded(list, write=False)
    def due(self, profile_id: int, prefix: str = "") -> list[str]:
        """Items due for review now, the longest overdue first."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT item FROM review WHERE profile_id = ? AND due <= ? AND item LIKE ? ORDER BY due, item",
                (profile_id, self.clock().isoformat(), prefix + "%")).fetchall()
        return [row[0] for row in rows]

    @guarded(dict, write=False)
    def scheduled(self, profile_id: int, prefix: str = "") -> dict[str, Card]:
        """Every item in review (whether due or not) and its card, the soonest due first."""
        with self._transaction(write=False) as db:
            rows = db.execute(f"SELECT item, {CARD_COLUMNS} FROM review WHERE profile_id = ? AND item LIKE ? "
                              "ORDER BY due, item", (profile_id, prefix + "%")).fetchall()
        return {row[0]: card_of_row(row[1:]) for row in rows}

    @guarded(lambda: None, write=False)
    def card_of(self, profile_id: int, item: str) -> Card | None:
        """The item's review card, or None when it is not in review."""
        with self._transaction(write=False) as db:
            row = db.execute(f"SELECT {CARD_COLUMNS} FROM review WHERE profile_id = ? AND item = ?",
                             (profile_id, item)).fetchone()
        return card_of_row(row) if row else None

    # --- games against the virtual player ---------------------------------------------------

    @guarded(lambda: None, write=True)
    def save_game(self, profile_id: int, game_id: int | None, seed: int, level: str, ruleset: str,
                  moves: list[tuple[str, str | None]], finished: bool, won: bool | None, decisions: int,
                  agreed: int) -> int | None:
        """Store a game (a new one when ``game_id`` is None); returns its id, None when not saved."""
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

    @guarded(list, write=False)
    def games(self, profile_id: int) -> list[SavedGame]:
        """Every game of a profile, the most recent first."""
        with self._transaction(write=False) as db:
            rows = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE profile_id = ? ORDER BY updated DESC, id DESC",
                              (profile_id,)).fetchall()
        return [_saved_game(row) for row in rows]

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The profile's most recent unfinished game, if any."""
        return next((g for g in self.games(profile_id) if not g.finished), None)


def open_store(folder: Path | None = None, clock: Callable[[], datetime] = _now) -> Store:
    """The progress store in ``folder`` (default: the user's data folder).

    Never raises: when the folder or the file cannot be written, when the file is damaged (it is
    moved aside) or is not ours (another program's, a newer gin-tutor's, a table missing, a folder
    or a dangling link in its place: left exactly as it is), the store works in memory and its
    ``status`` says why progress is not saved.
    """
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
