"""The progress store's core: where the database is (a SQLite file, a PostgreSQL server, or
memory), connections and transactions, faults told to a listener, and rows that cannot be read set
aside. The store's rooms (:mod:`store_profiles`, :mod:`store_attempts`, :mod:`store_review`,
:mod:`store_games`) build on it; :class:`tutor.progress.store.Store` joins them.

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
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

import sqlalchemy as sa
from sqlalchemy.pool import NullPool, StaticPool

from tutor.progress.database import APPLICATION_ID, fault_of, inspect, keep_aside, upgrade
from tutor.progress.rows import UnreadableRow, set_aside_text

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


P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound="StoreCore")


def among(sql: str) -> sa.TextClause:
    """``sql`` whose ``:ids`` is a list of profile ids (``profile_id IN :ids``), for reads of many
    learners in one query (a class's dashboard)."""
    return sa.text(sql).bindparams(sa.bindparam("ids", expanding=True))


def guarded(default: Callable[[], Any], *, write: bool) -> Callable[[Callable[Concatenate[S, P], R]],
                                                                     Callable[Concatenate[S, P], R]]:
    """A store operation that never raises an SQLite error: on a fault it returns ``default()``
    and tells the store's listener; a write that succeeds tells the listener all is well."""
    def wrap(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
        def run(store: S, *args: P.args, **kwargs: P.kwargs) -> R:
            try:
                result = method(store, *args, **kwargs)
            except GUARDED_ERRORS as error:
                store.fault(error, write)
                return cast(R, default())  # the default is of the method's type: an empty list, None, False
            store.tell(None, write)
            return result
        return cast("Callable[Concatenate[S, P], R]", functools.wraps(method)(run))
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


class StoreCore:
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

    def _read_by_profile(self, rows: Sequence[Sequence[Any]], read: Callable[[Sequence[Any]], R],
                         columns: Sequence[str], origin: str) -> dict[int, list[R]]:
        """Rows of ``origin`` selected as (profile id, its id, ...) read with ``read`` into a list per
        profile, in the rows' order; a row that cannot be read (``read`` raises
        :class:`~tutor.progress.rows.UnreadableRow`) is set aside, its ``columns`` kept whole."""
        found: dict[int, list[R]] = {}
        bad: dict[int, list[tuple[str, str, dict[str, Any]]]] = {}
        for profile_id, *stored in rows:
            try:
                found.setdefault(profile_id, []).append(read(stored))
            except UnreadableRow as error:
                bad.setdefault(profile_id, []).append((set_aside_text(columns, stored), error.reason,
                                                       {"id": stored[0]}))
        for profile_id, aside in bad.items():
            self._set_aside(profile_id, origin, aside)
        return found

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
