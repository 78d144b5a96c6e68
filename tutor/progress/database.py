"""The database behind the progress store: its schema and migrations (Alembic, the same on SQLite
and on PostgreSQL), telling our own SQLite file from anything else before touching it, and naming
a fault (a full disk, a read-only file, a file that is not ours, a server that cannot be reached)
instead of letting it raise into a page.

Our SQLite file carries an application id (``PRAGMA application_id``) and the number of the
schema's last migration (``PRAGMA user_version``), as well as Alembic's own ``alembic_version``
table. A file is only ever written when it is ours: a newer schema, another program's database, a
table missing, a folder or a dangling link in its place are left exactly as they are. A file that
is not a database at all (damaged) is moved aside, never overwritten.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

APPLICATION_ID = 0x47696E54
"""``GinT``: the application id that marks a SQLite file as gin-tutor's progress file."""

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
"""Alembic's scripts: ``versions/0001_…`` to the newest, one per schema version."""
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010", "0011", "0012", "0013",
             "0014", "0015", "0016", "0017", "0018")
"""The migrations, oldest first: schema version N is the database after ``REVISIONS[N - 1]``."""
SCHEMA_VERSION = len(REVISIONS)
TABLES: tuple[set[str], ...] = ({"profiles", "attempts", "lessons_done"}, {"review"}, {"games"}, set(), set(),
                               {"profile_keys", "transfer_codes", "set_aside"},
                               {"ratings", "rating_history", "puzzle_ratings"}, set(), set())
"""The tables each migration adds: a database of version N has those of the first N."""


class NewerSchemaError(sqlite3.DatabaseError):
    """A progress database written by a newer gin-tutor."""


def tables_of(version: int) -> set[str]:
    """The tables a database of that schema version has."""
    return set().union(*TABLES[:version])


def _alembic(connection: sa.Connection | None = None) -> Config:
    """Alembic's configuration: the scripts in :data:`MIGRATIONS_DIR`, run on ``connection``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _recorded(connection: sa.Connection) -> tuple[bool, int]:
    """Whether the database has Alembic's table, and the schema version it records (0: empty).
    Raises :class:`NewerSchemaError` for one that a newer gin-tutor migrated."""
    if sa.inspect(connection).has_table("alembic_version"):
        revision = connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        if revision is None:
            return True, 0
        if revision not in REVISIONS:
            raise NewerSchemaError(f"the progress database is from a newer gin-tutor (revision {revision})")
        return True, REVISIONS.index(revision) + 1
    if connection.dialect.name == "sqlite":  # a file from before Alembic: its PRAGMA says
        version = int(connection.exec_driver_sql("PRAGMA user_version").scalar() or 0)
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(f"the progress file is from a newer gin-tutor (schema {version})")
        return False, version
    return False, 0


def upgrade(connection: sa.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema forward to version ``target`` in the transaction open on ``connection``,
    and on SQLite mark the file as ours; returns the version it started from. Raises
    :class:`NewerSchemaError` for a database of a newer schema."""
    has_alembic, start = _recorded(connection)
    if start < target:
        config = _alembic(connection)
        if start and not has_alembic:
            command.stamp(config, REVISIONS[start - 1])  # a SQLite file from before Alembic
        command.upgrade(config, REVISIONS[target - 1])
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA user_version = {max(start, target)}")
        connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    return start


def check_revisions() -> list[str]:
    """The revisions Alembic finds in :data:`MIGRATIONS_DIR`, oldest first (a test compares them
    with :data:`REVISIONS`)."""
    return [script.revision for script in reversed(list(ScriptDirectory.from_config(_alembic()).walk_revisions()))]


# --- what a file is, looked at without writing to it ----------------------------------------------

Verdict = str
"""What :func:`inspect` finds: ``new`` (nothing there yet, or an empty database), ``ours``,
``damaged`` (not a database), ``newer`` (a newer gin-tutor's), ``foreign`` (another program's),
``incomplete`` (ours with a table missing), ``unopenable`` (a folder, a dangling link),
``busy`` or ``unreadable`` (a file that cannot be read just now: locked, a full disk, no permission)."""


def inspect(path: Path) -> Verdict:
    """What the file at ``path`` is, read without writing a byte to it."""
    if path.is_symlink() and not path.exists():
        return "unopenable"
    if not path.exists():
        return "new"
    if not path.is_file():
        return "unopenable"
    if path.stat().st_size == 0:
        return "new"
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                return "damaged"
            application = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.OperationalError as error:
        return "busy" if _is_busy(error) else "unreadable"
    except sqlite3.DatabaseError:
        return "damaged"
    if application not in (0, APPLICATION_ID):
        return "foreign"
    if application == 0 and version == 0:
        return "new" if not tables else "foreign"
    if version > SCHEMA_VERSION:
        return "newer"
    if application == 0 and not tables_of(version) <= tables:
        return "foreign"
    return "ours" if tables_of(version) <= tables else "incomplete"


def _is_busy(error: sqlite3.Error) -> bool:
    return getattr(error, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED")


FAULTS = {
    "SQLITE_FULL": "disk_full",
    "SQLITE_IOERR": "disk_full",
    "SQLITE_READONLY": "read_only",
    "SQLITE_CANTOPEN": "file_gone",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
    "SQLITE_NOTADB": "damaged",
    "SQLITE_CORRUPT": "damaged",
}
"""SQLite's primary error names, and the fault each means to a learner."""


def fault_of(error: BaseException) -> str:
    """The fault a database error stands for: ``disk_full``, ``read_only``, ``file_gone``, ``busy``,
    ``damaged``, ``not_ours`` or ``unavailable`` (also a PostgreSQL server that cannot be reached,
    or a connection lost). An error SQLAlchemy wrapped is judged by the driver's own."""
    if isinstance(error, sa.exc.DBAPIError) and error.orig is not None:
        error = error.orig
    if isinstance(error, NewerSchemaError):
        return "not_ours"
    if not isinstance(error, sqlite3.Error):
        return "unavailable"
    name = str(getattr(error, "sqlite_errorname", ""))
    if name == "SQLITE_READONLY_DBMOVED":
        return "file_gone"
    primary = "_".join(name.split("_")[:2])
    return FAULTS.get(primary, "file_gone" if "no such table" in str(error) else "unavailable")


def keep_aside(path: Path, clock: Callable[[], datetime]) -> Path:
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
