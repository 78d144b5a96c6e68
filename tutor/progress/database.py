"""The SQLite file behind the progress store: its schema and migrations, telling our own file from
anything else before touching it, and naming a fault (a full disk, a read-only file, a file that
is not ours) instead of letting it raise into a page.

Our file carries an application id (``PRAGMA application_id``) and a schema version
(``PRAGMA user_version``). A file is only ever written when it is ours: a newer schema, another
program's database, a table missing, a folder or a dangling link in its place are left exactly as
they are. A file that is not a database at all (damaged) is moved aside, never overwritten.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from fsrs import Card, State

from tutor.progress.review import card_from_box

APPLICATION_ID = 0x47696E54
"""``GinT``: the application id that marks a SQLite file as gin-tutor's progress file."""


def clean_name(name: str) -> str:
    """A profile name as stored: NFC, without control or invisible characters (zero-width spaces,
    direction overrides), its spaces collapsed."""
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name)
                   if unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp"))
    return " ".join(kept.split())


def name_key(name: str) -> str:
    """What two profile names are compared by: the clean name, case-folded in every alphabet."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def _add_name_keys(db: sqlite3.Connection) -> None:
    """Version 4: profile names compared by :func:`name_key` (``Álvaro`` and ``álvaro`` are one).
    Names that already clash keep apart with their id in the key."""
    db.execute("ALTER TABLE profiles ADD COLUMN name_key TEXT")
    taken: set[str] = set()
    for pid, name in db.execute("SELECT id, name FROM profiles ORDER BY id").fetchall():
        key = name_key(name)
        if key in taken or not key:
            key = f"{key}#{pid}"
        taken.add(key)
        db.execute("UPDATE profiles SET name_key = ? WHERE id = ?", (key, pid))
    db.execute("CREATE UNIQUE INDEX profiles_by_key ON profiles(name_key)")


CARD_COLUMNS = "state, step, stability, difficulty, due, last_review"
"""The review table's columns that hold an item's FSRS card, in the order of :func:`row_of_card`."""


def row_of_card(card: Card) -> tuple[int, int | None, float | None, float | None, str, str | None]:
    """An FSRS card as the values of :data:`CARD_COLUMNS` (times as ISO 8601 text in UTC)."""
    return (int(card.state), card.step, card.stability, card.difficulty, card.due.isoformat(),
            card.last_review.isoformat() if card.last_review else None)


def card_of_row(row: Sequence[Any]) -> Card:
    """The FSRS card kept in the values of :data:`CARD_COLUMNS`."""
    state, step, stability, difficulty, due, last_review = row
    return Card(card_id=1, state=State(state), step=step, stability=stability, difficulty=difficulty,
                due=datetime.fromisoformat(due),
                last_review=datetime.fromisoformat(last_review) if last_review else None)


def _review_on_fsrs(db: sqlite3.Connection) -> None:
    """Schema 5: the review schedule moves from Leitner boxes to FSRS cards; an item keeps when it
    is due, and its box becomes what FSRS knows of it (:func:`tutor.progress.review.card_from_box`)."""
    for column in ("state INTEGER NOT NULL DEFAULT 1", "step INTEGER", "stability REAL", "difficulty REAL",
                   "last_review TEXT"):
        db.execute(f"ALTER TABLE review ADD COLUMN {column}")
    for profile_id, item, box, due in db.execute("SELECT profile_id, item, box, due FROM review").fetchall():
        card = card_from_box(int(box), datetime.fromisoformat(due))
        db.execute(f"UPDATE review SET ({CARD_COLUMNS}) = (?, ?, ?, ?, ?, ?) WHERE profile_id = ? AND item = ?",
                   (*row_of_card(card), profile_id, item))
    db.execute("ALTER TABLE review DROP COLUMN box")


Migration = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: tuple[Migration, ...] = (
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
    # version 4: profile names compared case-folded in every alphabet
    _add_name_keys,
    # version 5: the review schedule on FSRS
    _review_on_fsrs,
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLES: tuple[set[str], ...] = ({"profiles", "attempts", "lessons_done"}, {"review"}, {"games"}, set(), set())
"""The tables each migration adds: a file of version N has those of the first N."""


class NewerSchemaError(sqlite3.DatabaseError):
    """A progress file written by a newer gin-tutor."""


def tables_of(version: int) -> set[str]:
    """The tables a file of that schema version has."""
    return set().union(*TABLES[:version])


def migrate(db: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the schema forward to ``target`` and mark the file as ours; returns the version it
    started from. Raises :class:`NewerSchemaError` for a file of a newer schema."""
    start = db.execute("PRAGMA user_version").fetchone()[0]
    if start > SCHEMA_VERSION:
        raise NewerSchemaError(f"the progress file is from a newer gin-tutor (schema {start})")
    for version in range(start, target):
        step = MIGRATIONS[version]
        if callable(step):
            step(db)
        else:
            for statement in step.split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {version + 1}")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    return start


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


def fault_of(error: sqlite3.Error) -> str:
    """The fault an SQLite error stands for: ``disk_full``, ``read_only``, ``file_gone``, ``busy``,
    ``damaged`` or ``unavailable``."""
    if isinstance(error, NewerSchemaError):
        return "not_ours"
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
