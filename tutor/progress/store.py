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
import hashlib
import json
import os
import secrets
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

import sqlalchemy as sa
from fsrs import Card, Rating
from sqlalchemy.pool import NullPool, StaticPool

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.progress.database import APPLICATION_ID, NewerSchemaError, fault_of, inspect, keep_aside, upgrade
from tutor.progress.names import clean_name, lookalike_keys, name_key
from tutor.progress.ratings import NEW as NEW_RATING
from tutor.progress.ratings import Rating as GlickoRating
from tutor.progress.ratings import after_attempt
from tutor.progress.review import DrillItem, reviewed, row_of_card
from tutor.progress.rows import (
    ATTEMPT_COLUMNS,
    CARD_COLUMNS,
    GAME_COLUMNS,
    UnreadableRow,
    read_attempt,
    read_card,
    read_game,
    read_time,
    set_aside_text,
)

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
    version: int = 0
    """How many times the game was saved: a save must name the version it continues."""


@dataclass(frozen=True)
class Saved:
    """Where a game was saved: its id, and the version the next save must name."""

    id: int
    version: int


class StaleGameError(TutorError):
    """A save of a game from a copy that another tab or window has moved on from."""

    key = "stale_game"
    template = N_("This game moved on in another tab or window: here it is as it is now.")


@dataclass(frozen=True)
class KeyCheck:
    """What a browser's profile key opens: the profile, or why nothing (``unknown`` for a key the
    server never gave, forged or altered; ``expired``; ``revoked``)."""

    profile: Profile | None
    problem: str | None = None


KEY_DAYS = 365
"""A profile key lasts this long after its last use (each session that uses it extends it)."""
CODE_HOURS = 24
"""A transfer code can be used once, within this many hours."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a transfer code: no 0 O 1 I L, which are read for one another."""
CODE_LENGTH = 12


def _hash(secret: str) -> str:
    """How a key or a code is kept: its SHA-256, never the secret itself."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _ended(stored: Any, now: datetime) -> bool:
    """Whether a key's, a code's or a claim's end (as stored) has come; one that cannot be read
    counts as come, so that a damaged row opens nothing and breaks no page."""
    try:
        return read_time(stored, "an end") <= now
    except UnreadableRow:
        return True


def new_key() -> str:
    """A fresh profile key for a browser: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_code() -> str:
    """A fresh transfer code, as shown: ``K7QX-2M9P-TV4R`` (about 59 random bits)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(letters[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def code_letters(typed: str) -> str:
    """A typed transfer code as it is kept: its letters, in capitals, without spaces or dashes."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())[:2 * CODE_LENGTH]


_GAME_SELECT = ", ".join(GAME_COLUMNS)
_CARD_SELECT = ", ".join(CARD_COLUMNS)
_ATTEMPT_SELECT = ", ".join(ATTEMPT_COLUMNS)
_PROFILE_SELECT = "id, name, language, ruleset, coach_mode, quick_moves"


PROFILE_NAME_MAX = 40
"""The most characters in a profile name."""


class ProfileNameError(TutorError):
    """A profile name that is empty or too long."""

    key = "bad_profile_name"
    template = N_("A profile name has 1 to {most} characters.")


class ProfileTakenError(TutorError):
    """A profile name already taken by a learner elsewhere, where profiles are private."""

    key = "profile_taken"
    template = N_("That name is already taken: choose another.")


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    language: str | None
    ruleset: str | None
    coach_mode: bool | None = None
    """The Play page's Coach mode as the learner last set it (None: never set)."""
    quick_moves: bool | None = None
    """The Play page's Quick moves as the learner last set it (None: never set)."""


def _profile(row: Sequence[Any]) -> Profile:
    """A profile as :data:`_PROFILE_SELECT` reads it (SQLite gives its switches as 0 or 1)."""
    pid, name, language, ruleset, coach_mode, quick_moves = row
    return Profile(pid, name, language, ruleset, None if coach_mode is None else bool(coach_mode),
                   None if quick_moves is None else bool(quick_moves))


P = ParamSpec("P")
R = TypeVar("R")


def guarded(default: Callable[[], Any], *, write: bool) -> Callable[[Callable[Concatenate[Store, P], R]],
                                                                     Callable[Concatenate[Store, P], R]]:
    """A store operation that never raises an SQLite error: on a fault it returns ``default()``
    and tells the store's listener; a write that succeeds tells the listener all is well."""
    def wrap(method: Callable[Concatenate[Store, P], R]) -> Callable[Concatenate[Store, P], R]:
        def run(store: Store, *args: P.args, **kwargs: P.kwargs) -> R:
            try:
                result = method(store, *args, **kwargs)
            except GUARDED_ERRORS as error:
                store.fault(error, write)
                return cast(R, default())  # the default is of the method's type: an empty list, None, False
            store.tell(None, write)
            return result
        return cast("Callable[Concatenate[Store, P], R]", functools.wraps(method)(run))
    return wrap


class FileFault(Exception):
    """The progress file cannot be used just now (not ours any more, a folder in its place)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, sa.exc.SQLAlchemyError)
"""What a database operation may raise: SQLite's own errors, and any driver's error as SQLAlchemy
wraps it."""


def _connect_args(url: str) -> dict[str, Any]:
    """A server that does not answer is given up after a few seconds, not a minute."""
    return {"connect_timeout": 5} if url.startswith("postgresql") else {}


def _sqlite_transaction(db: sa.Connection, write: bool) -> Iterator[sa.Connection]:
    """A SQLite transaction on ``db``: ``BEGIN IMMEDIATE`` for a write, ``BEGIN DEFERRED`` for a read;
    committed when the body is done, rolled back if it raised."""
    db.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN DEFERRED")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.commit()


GUARDED_ERRORS: tuple[type[Exception], ...] = (*DATABASE_ERRORS, FileFault)
"""What a guarded operation turns into a fault."""


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), or None when none is."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


class Store:
    """Progress in one database: a SQLite file, a PostgreSQL server (``url``), or memory when
    saving is not possible.

    ``status`` is None when progress is saved, else why not: ``unwritable`` (the folder or the
    file cannot be written), ``damaged`` (``kept_aside`` then names where the file was moved) or
    ``not_ours`` (a file of another program or of a newer gin-tutor, left as it is).
    ``listener``, when set, hears each fault code (``disk_full``, ``read_only``, ``file_gone``,
    ``busy``, ``damaged``, ``not_ours``, ``unavailable``) with whether a write met it, and None
    after each operation that succeeds (with whether it was a write).

    While the store uses a SQLite file it keeps one idle connection to it open, so that SQLite keeps
    its WAL files: reading then needs no new file, and works on a full disk. On a server, a lost
    connection is a fault of the operation that met it; the next one connects again.
    """

    def __init__(self, path: Path | None, status: str | None = None, kept_aside: Path | None = None,
                 clock: Callable[[], datetime] = _now,
                 connect: Callable[[Path], sqlite3.Connection] | None = None, url: str | None = None) -> None:
        self.path = path
        self.url = url
        self.status = status
        self.kept_aside = kept_aside
        self.clock = clock
        self.listener: Callable[[str | None, bool], None] | None = None
        self.aside_listener: Callable[[str, int], None] | None = None
        """Hears, in the thread that read them, how many rows of a table were set aside."""
        self._connect = connect or (lambda p: sqlite3.connect(p, timeout=30, isolation_level=None))
        self._lock = threading.RLock()
        self._identity: tuple[int, int] | None = None
        self._keeper: sa.Connection | None = None
        self._ready = False
        self._memory = path is None and url is None
        if url is not None:  # the schema is brought up to date by the first operation (or open_store)
            self._engine = sa.create_engine(url, pool_pre_ping=True, pool_size=4, max_overflow=8,
                                            connect_args=_connect_args(url))
        elif path is None:
            memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            memory.execute("PRAGMA foreign_keys = ON")
            self._engine = sa.create_engine("sqlite://", creator=lambda: memory, poolclass=StaticPool)
            with self._transaction() as db:
                upgrade(db)
        else:
            file = path
            self._engine = sa.create_engine("sqlite://", creator=lambda: self._connect(file), poolclass=NullPool)
            with contextlib.suppress(*DATABASE_ERRORS):
                self._prepare()  # a full disk at start: the first operation tries again, and says so

    def close(self) -> None:
        """Let go of the database (for a file, the idle connection that keeps its WAL files); the
        next operation opens it again."""
        with self._lock:
            if self._keeper is not None:
                with contextlib.suppress(*DATABASE_ERRORS):
                    self._keeper.close()
            self._keeper = None
            self._identity = None
            if self.url is not None:
                self._engine.dispose()

    @property
    def saving(self) -> bool:
        return self.path is not None or self.url is not None

    def tell(self, fault: str | None, write: bool) -> None:
        """Pass a fault code (or None: all is well) to the listener, and whether a write met it."""
        if self.listener is not None:
            self.listener(fault, write)

    def fault(self, error: BaseException, write: bool) -> None:
        """An operation failed: tell the listener. After a fault that may mean another file (or
        garbage) is there now, the next operation inspects the file again; after a passing one (a
        full disk, a lock, a server away), it simply tries again."""
        code = error.code if isinstance(error, FileFault) else fault_of(error)
        if code in ("damaged", "file_gone", "not_ours"):
            self._identity = None
            self._ready = False
        self.tell(code, write)

    def _prepare_server(self) -> None:
        """Bring the server's schema up to date, once: under an advisory lock, so that several app
        processes starting together migrate it once. A newer schema raises
        :class:`~tutor.progress.database.NewerSchemaError`, and nothing is written."""
        with self._lock:
            if self._ready:
                return
            with self._engine.begin() as db:
                if db.dialect.name == "postgresql":
                    db.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPLICATION_ID})
                upgrade(db)
            self._ready = True

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
            db = self._engine.connect()
            try:
                db.exec_driver_sql("PRAGMA journal_mode = WAL")
                db.exec_driver_sql("BEGIN IMMEDIATE")
                try:
                    upgrade(db)
                except BaseException:
                    db.rollback()
                    raise
                db.commit()
            except BaseException:
                db.close()
                raise
            if self._keeper is not None:
                with contextlib.suppress(*DATABASE_ERRORS):
                    self._keeper.close()
            self._keeper = db  # kept open, idle: the WAL files stay while it lives
            self._identity = _identity(self.path)

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[sa.Connection]:
        """One transaction. On SQLite a write takes the write lock at once (``BEGIN IMMEDIATE``), so
        writers queue instead of failing, and a read (``write=False``) takes no lock until it
        reads; in memory, one lock lets one session at a time use the shared connection. On a
        server, the server's own transactions."""
        if self.url is not None:
            self._prepare_server()
            with self._engine.begin() as db:
                yield db
            return
        if self._memory:
            with self._lock, self._engine.connect() as db:
                yield from _sqlite_transaction(db, write)
            return
        self._prepare()
        with self._engine.connect() as db:
            db.exec_driver_sql("PRAGMA busy_timeout = 30000")
            db.exec_driver_sql("PRAGMA foreign_keys = ON")
            db.commit()
            yield from _sqlite_transaction(db, write)

    # --- setting aside a row that cannot be read ----------------------------------------------

    def _set_aside(self, profile_id: int, origin: str, bad: list[tuple[str, str, dict[str, Any]]]) -> None:
        """Move rows that cannot be read out of their table into ``set_aside``, kept whole: each as
        (its content as JSON text, why it cannot be read, the columns that find it in ``origin``).
        A store that cannot write now leaves them in place (they are skipped again next time)."""
        if not bad:
            return
        try:
            with self._transaction() as db:
                for content, reason, where in bad:
                    db.execute(sa.text("INSERT INTO set_aside (profile_id, origin, content, reason, at) "
                                       "VALUES (:profile, :origin, :content, :reason, :at)"),
                               {"profile": profile_id, "origin": origin, "content": content, "reason": reason[:200],
                                "at": self.clock().isoformat()})
                    condition = " AND ".join(f"{column} = :{column}" for column in where)
                    db.execute(sa.text(f"DELETE FROM {origin} WHERE {condition}"), where)
        except GUARDED_ERRORS:
            return
        if self.aside_listener is not None:
            self.aside_listener(origin, len(bad))

    def _put_aside(self, db: sa.Connection, profile_id: int, origin: str, content: str, reason: str) -> None:
        """Keep one row of ``origin`` whole in ``set_aside``, inside the caller's transaction."""
        db.execute(sa.text("INSERT INTO set_aside (profile_id, origin, content, reason, at) "
                           "VALUES (:profile, :origin, :content, :reason, :at)"),
                   {"profile": profile_id, "origin": origin, "content": content, "reason": reason[:200],
                    "at": self.clock().isoformat()})

    @guarded(lambda: 0, write=False)
    def set_aside_count(self, profile_id: int) -> int:
        """How many of a profile's rows were set aside because they could not be read."""
        with self._transaction(write=False) as db:
            return int(db.execute(sa.text("SELECT COUNT(*) FROM set_aside WHERE profile_id = :profile"),
                                  {"profile": profile_id}).scalar_one())

    # --- profiles ---------------------------------------------------------------------------

    @guarded(list, write=False)
    def profiles(self) -> list[Profile]:
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles ORDER BY name_key")).all()
        return [_profile(row) for row in rows]

    @staticmethod
    def _lookalike(db: sa.Connection, name: str) -> Profile | None:
        """The profile whose name is this one or looks like it (case, width, lookalike letters)."""
        folded, shape = lookalike_keys(name)
        row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key OR "
                                 "look_folded = :folded OR look_shape = :shape ORDER BY name_key = :key DESC, id"),
                         {"key": name_key(name), "folded": folded, "shape": shape}).first()
        return _profile(row) if row else None

    @guarded(lambda: None, write=True)
    def profile(self, name: str) -> Profile | None:
        """The profile of that name, or of a name that looks like it, created if there is none yet;
        None when it cannot be saved. Names are compared clean and case-folded
        (:func:`~tutor.progress.names.name_key`) and by how they look
        (:func:`~tutor.progress.names.lookalike_keys`: ``ＡＬＩＣＥ`` and Cyrillic ``Аlice`` are ``Alice``)."""
        clean = clean_name(name)
        if not clean or len(clean) > PROFILE_NAME_MAX:
            raise ProfileNameError(name=name[:PROFILE_NAME_MAX + 5], most=PROFILE_NAME_MAX)
        folded, shape = lookalike_keys(clean)
        with self._transaction() as db:
            found = self._lookalike(db, clean)
            if found is not None:
                return found
            db.execute(sa.text("INSERT INTO profiles (name, name_key, look_folded, look_shape, created) "
                               "VALUES (:name, :key, :folded, :shape, :at) ON CONFLICT DO NOTHING"),
                       {"name": clean, "key": name_key(clean), "folded": folded, "shape": shape,
                        "at": self.clock().isoformat()})
            row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key"),
                             {"key": name_key(clean)}).one()
        return _profile(row)

    @guarded(lambda: None, write=True)
    def account_profile(self, subject: str, shown: str) -> Profile | None:
        """The profile of a signed-in account (``subject``: the identity provider's stable id),
        created if it does not exist yet, named ``shown`` (its e-mail, say); None when it cannot
        be saved."""
        key = f"account:{subject}"
        with self._transaction() as db:
            db.execute(sa.text("INSERT INTO profiles (name, name_key, created) VALUES (:name, :key, :at) "
                               "ON CONFLICT DO NOTHING"),
                       {"name": clean_name(shown) or subject, "key": key, "at": self.clock().isoformat()})
            row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key"),
                             {"key": key}).first()
        return _profile(row) if row else None

    @guarded(lambda: None, write=False)
    def find_profile(self, name: str) -> Profile | None:
        """The profile of that name, or None; never creates one."""
        with self._transaction(write=False) as db:
            row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key"),
                             {"key": name_key(name)}).first()
        return _profile(row) if row else None

    @guarded(lambda: None, write=False)
    def lookalike_profile(self, name: str) -> Profile | None:
        """The profile whose name is this one or looks like it (a name a new profile may not take
        where profiles are private), or None."""
        with self._transaction(write=False) as db:
            return self._lookalike(db, clean_name(name))

    @guarded(lambda: False, write=True)
    def set_preferences(self, profile_id: int, language: str | None = None, ruleset: str | None = None,
                        coach_mode: bool | None = None, quick_moves: bool | None = None) -> bool:
        """Remember the chosen language and ruleset of a profile, and the Play page's switches (each
        left as it is where None); whether it was saved."""
        with self._transaction() as db:
            for column, value in (("coach_mode", coach_mode), ("quick_moves", quick_moves)):
                if value is not None:
                    db.execute(sa.text(f"UPDATE profiles SET {column} = :value WHERE id = :id"),
                               {"value": bool(value), "id": profile_id})
            if language is not None:
                db.execute(sa.text("UPDATE profiles SET language = :language WHERE id = :id"),
                           {"language": language, "id": profile_id})
            if ruleset is not None:
                db.execute(sa.text("UPDATE profiles SET ruleset = :ruleset WHERE id = :id"),
                           {"ruleset": ruleset, "id": profile_id})
        return True

    # --- the keys that open private profiles, and transfer codes ------------------------------

    @guarded(lambda: None, write=True)
    def issue_key(self, profile_id: int) -> str | None:
        """A new key that opens the profile in one browser (kept here as a hash only); None when it
        cannot be saved. A profile from before keys can no longer be claimed by name once it has one."""
        key = new_key()
        now = self.clock()
        with self._transaction() as db:
            db.execute(sa.text("INSERT INTO profile_keys (key_hash, profile_id, created, expires) "
                               "VALUES (:hash, :profile, :now, :expires)"),
                       {"hash": _hash(key), "profile": profile_id, "now": now.isoformat(),
                        "expires": (now + timedelta(days=KEY_DAYS)).isoformat()})
            db.execute(sa.text("UPDATE profiles SET claim_until = NULL WHERE id = :id"), {"id": profile_id})
        return key

    @guarded(lambda: KeyCheck(None, "unavailable"), write=True)
    def open_key(self, key: str) -> KeyCheck:
        """The profile a browser's key opens, and its life extended; or why it opens nothing."""
        now = self.clock()
        with self._transaction() as db:
            row = db.execute(sa.text("SELECT profile_id, expires, revoked FROM profile_keys WHERE key_hash = :hash"),
                             {"hash": _hash(key)}).first()
            if row is None:
                return KeyCheck(None, "unknown")
            profile_id, expires, revoked = row
            if revoked:
                return KeyCheck(None, "revoked")
            if _ended(expires, now):
                return KeyCheck(None, "expired")
            db.execute(sa.text("UPDATE profile_keys SET expires = :expires WHERE key_hash = :hash"),
                       {"expires": (now + timedelta(days=KEY_DAYS)).isoformat(), "hash": _hash(key)})
            found = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE id = :id"),
                               {"id": profile_id}).first()
        return KeyCheck(_profile(found)) if found else KeyCheck(None, "unknown")

    @guarded(lambda: False, write=True)
    def revoke_key(self, key: str, codes: bool = False) -> bool:
        """Withdraw a browser's key (and with ``codes``, every transfer code of its profile not used
        yet, as "Leave this profile" does: a code shown on a shared computer is no use once the
        learner has left it): none opens anything from now on; whether it was saved."""
        with self._transaction() as db:
            db.execute(sa.text("UPDATE profile_keys SET revoked = 1 WHERE key_hash = :hash"), {"hash": _hash(key)})
            if codes:
                db.execute(sa.text("UPDATE transfer_codes SET used = 1 WHERE used = 0 AND profile_id = "
                                   "(SELECT profile_id FROM profile_keys WHERE key_hash = :hash)"),
                           {"hash": _hash(key)})
        return True

    @guarded(lambda: None, write=True)
    def transfer_code(self, profile_id: int) -> str | None:
        """A one-time code that opens the profile in another browser within :data:`CODE_HOURS`
        hours (kept as a hash); None when it cannot be saved."""
        code = new_code()
        now = self.clock()
        with self._transaction() as db:
            db.execute(sa.text("INSERT INTO transfer_codes (code_hash, profile_id, created, expires) "
                               "VALUES (:hash, :profile, :now, :expires)"),
                       {"hash": _hash(code_letters(code)), "profile": profile_id, "now": now.isoformat(),
                        "expires": (now + timedelta(hours=CODE_HOURS)).isoformat()})
        return code

    @guarded(lambda: KeyCheck(None, "unavailable"), write=True)
    def redeem_code(self, typed: str) -> KeyCheck:
        """The profile a transfer code opens, the code used up; or why it opens nothing (``unknown``,
        ``used``, ``expired``)."""
        now = self.clock()
        with self._transaction() as db:
            row = db.execute(sa.text("SELECT profile_id, expires, used FROM transfer_codes WHERE code_hash = :hash"),
                             {"hash": _hash(code_letters(typed))}).first()
            if row is None:
                return KeyCheck(None, "unknown")
            profile_id, expires, used = row
            if used:
                return KeyCheck(None, "used")
            if _ended(expires, now):
                return KeyCheck(None, "expired")
            # one statement uses the code up: of redeemers at the same moment, one alone changes the row
            won = db.execute(sa.text("UPDATE transfer_codes SET used = 1 WHERE code_hash = :hash AND used = 0"),
                             {"hash": _hash(code_letters(typed))}).rowcount
            if won != 1:
                return KeyCheck(None, "used")
            found = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE id = :id"),
                               {"id": profile_id}).first()
        return KeyCheck(_profile(found)) if found else KeyCheck(None, "unknown")

    @guarded(lambda: None, write=True)
    def claim_by_name(self, name: str) -> Profile | None:
        """A profile from before keys, claimed by the browser that remembers its name: only while
        its claim window is open (:data:`tutor.progress.migrations` 0006: 30 days) and before any
        browser has a key to it. The claim closes the window; the caller then issues the key."""
        with self._transaction() as db:
            row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT}, claim_until FROM profiles WHERE name_key = :key"),
                             {"key": name_key(name)}).first()
            if row is None or row[6] is None or _ended(row[6], self.clock()):
                return None
            keys = db.execute(sa.text("SELECT COUNT(*) FROM profile_keys WHERE profile_id = :id"),
                              {"id": row[0]}).scalar_one()
            # one statement closes the window: of claims at the same moment, one alone changes the row
            won = db.execute(sa.text("UPDATE profiles SET claim_until = NULL WHERE id = :id "
                                     "AND claim_until IS NOT NULL"), {"id": row[0]}).rowcount
        return _profile(row[:6]) if not keys and won == 1 else None

    # --- attempts ---------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def record_attempt(self, profile_id: int, kind: str, level: str, ruleset: str, correct: bool,
                       seconds: float, seed: int | None = None, mistake: str | None = None) -> bool:
        """Store one drill attempt; whether it was saved."""
        with self._transaction() as db:
            db.execute(sa.text(
                "INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at, seed, mistake) "
                "VALUES (:profile, :kind, :level, :ruleset, :correct, :seconds, :at, :seed, :mistake)"),
                {"profile": profile_id, "kind": kind, "level": level, "ruleset": ruleset, "correct": int(correct),
                 "seconds": float(seconds), "at": self.clock().isoformat(), "seed": seed, "mistake": mistake})
        return True

    @guarded(list, write=False)
    def attempts(self, profile_id: int) -> list[Attempt]:
        """Every drill attempt of a profile, oldest first (one that cannot be read is set aside)."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT id, {_ATTEMPT_SELECT} FROM attempts "
                                      "WHERE profile_id = :profile ORDER BY at, id"), {"profile": profile_id}).all()
        read, bad = [], []
        for row in rows:
            try:
                a = read_attempt(row[1:])
            except UnreadableRow as error:
                bad.append((set_aside_text(("id", *ATTEMPT_COLUMNS), row), error.reason, {"id": row[0]}))
                continue
            read.append(Attempt(a.kind, a.level, a.ruleset, a.correct, a.seconds, a.at, a.seed, a.mistake))
        self._set_aside(profile_id, "attempts", bad)
        return read

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
        now = self.clock().isoformat()
        aside = 0
        with self._transaction() as db:
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
        if aside and self.aside_listener is not None:
            self.aside_listener("ratings", aside)
        return mine

    @guarded(dict, write=False)
    def ratings(self, profile_id: int) -> dict[str, GlickoRating]:
        """The learner's rating in each kind answered (a row that cannot be read is left out)."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT kind, rating, deviation, volatility FROM ratings "
                                      "WHERE profile_id = :profile"), {"profile": profile_id}).all()
        return {row[0]: rating for row in rows if isinstance(row[0], str)
                and (rating := self._rating_row(row[1:])) is not None}

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
        aside = 0
        with self._transaction() as db:
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
        if aside and self.aside_listener is not None:
            self.aside_listener("review", aside)
        return True

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

    # --- games against the virtual player ---------------------------------------------------

    @guarded(lambda: None, write=True)
    def save_game(self, profile_id: int, game_id: int | None, seed: int, level: str, ruleset: str,
                  moves: list[tuple[str, str | None]], finished: bool, won: bool | None, decisions: int,
                  agreed: int, version: int = 0) -> Saved | None:
        """Store a game (a new one when ``game_id`` is None); returns where, None when not saved. A
        save of a game already stored names the ``version`` it continues: if another tab or window
        has saved the game since, nothing is written and :class:`StaleGameError` is raised."""
        now = self.clock().isoformat()
        values = {"profile": profile_id, "moves": json.dumps([list(m) for m in moves]), "finished": int(finished),
                  "won": None if won is None else int(won), "decisions": decisions, "agreed": agreed, "now": now}
        with self._transaction() as db:
            if game_id is not None:
                updated = db.execute(sa.text(
                    "UPDATE games SET moves = :moves, finished = :finished, won = :won, decisions = :decisions, "
                    "agreed = :agreed, updated = :now, version = version + 1 "
                    "WHERE id = :id AND profile_id = :profile AND version = :version"),
                    {**values, "id": game_id, "version": version})
                if updated.rowcount:
                    return Saved(game_id, version + 1)
                if db.execute(sa.text("SELECT 1 FROM games WHERE id = :id AND profile_id = :profile"),
                              {"id": game_id, "profile": profile_id}).first():
                    raise StaleGameError()
            new_id = db.execute(sa.text(
                "INSERT INTO games (profile_id, seed, level, ruleset, moves, finished, won, decisions, agreed, "
                "started, updated, version) VALUES (:profile, :seed, :level, :ruleset, :moves, :finished, :won, "
                ":decisions, :agreed, :now, :now, 0) RETURNING id"),
                {**values, "seed": seed, "level": level, "ruleset": ruleset}).scalar_one()
            return Saved(int(new_id), 0)

    @guarded(list, write=False)
    def games(self, profile_id: int) -> list[SavedGame]:
        """Every game of a profile, the most recent first (one that cannot be read is set aside)."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_GAME_SELECT} FROM games WHERE profile_id = :profile "
                                      "ORDER BY updated DESC, id DESC"), {"profile": profile_id}).all()
        read, bad = [], []
        for row in rows:
            try:
                g = read_game(row)
            except UnreadableRow as error:
                bad.append((set_aside_text(GAME_COLUMNS, row), error.reason, {"id": row[0]}))
                continue
            read.append(SavedGame(g.id, g.seed, g.level, g.ruleset, g.moves, g.finished, g.won, g.decisions, g.agreed,
                                  g.started, g.updated, g.version))
        self._set_aside(profile_id, "games", bad)
        return read

    @guarded(lambda: None, write=False)
    def game(self, profile_id: int, game_id: int) -> SavedGame | None:
        """One saved game of a profile, as it is stored now, or None."""
        return next((g for g in self.games(profile_id) if g.id == game_id), None)

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The profile's most recent unfinished game, if any."""
        return next((g for g in self.games(profile_id) if not g.finished), None)


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
