"""Progress files as gin-tutor wrote them before its migrations moved to Alembic (schemas 1 to 4,
made with ``sqlite3`` and ``PRAGMA user_version``): the SQL of that time, kept to build such a
file in a test and check that it still opens and migrates."""

from __future__ import annotations

import sqlite3
import unicodedata

OLD_APPLICATION_ID = 0x47696E54

OLD_STEPS = (
    """
    CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, created TEXT NOT NULL);
    CREATE TABLE attempts (id INTEGER PRIMARY KEY, profile_id INTEGER NOT NULL REFERENCES profiles(id),
        kind TEXT NOT NULL, difficulty TEXT NOT NULL, ruleset TEXT NOT NULL, correct INTEGER NOT NULL,
        seconds REAL NOT NULL, at TEXT NOT NULL);
    CREATE TABLE lessons_done (profile_id INTEGER NOT NULL REFERENCES profiles(id), lesson TEXT NOT NULL,
        at TEXT NOT NULL, PRIMARY KEY (profile_id, lesson));
    """,
    """
    ALTER TABLE profiles ADD COLUMN language TEXT;
    ALTER TABLE profiles ADD COLUMN ruleset TEXT;
    ALTER TABLE attempts ADD COLUMN seed INTEGER;
    ALTER TABLE attempts ADD COLUMN mistake TEXT;
    CREATE TABLE review (profile_id INTEGER NOT NULL REFERENCES profiles(id), item TEXT NOT NULL,
        box INTEGER NOT NULL, due TEXT NOT NULL, PRIMARY KEY (profile_id, item));
    CREATE INDEX attempts_by_profile ON attempts(profile_id, at);
    """,
    """
    CREATE TABLE games (id INTEGER PRIMARY KEY, profile_id INTEGER NOT NULL REFERENCES profiles(id),
        seed INTEGER NOT NULL, level TEXT NOT NULL, ruleset TEXT NOT NULL, moves TEXT NOT NULL,
        finished INTEGER NOT NULL, won INTEGER, decisions INTEGER NOT NULL, agreed INTEGER NOT NULL,
        started TEXT NOT NULL, updated TEXT NOT NULL);
    CREATE INDEX games_by_profile ON games(profile_id, updated);
    """,
    "name_keys",
)


def _add_name_keys(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE profiles ADD COLUMN name_key TEXT")
    for pid, name in db.execute("SELECT id, name FROM profiles ORDER BY id").fetchall():
        db.execute("UPDATE profiles SET name_key = ? WHERE id = ?",
                   (unicodedata.normalize("NFC", " ".join(name.split()).casefold()), pid))
    db.execute("CREATE UNIQUE INDEX profiles_by_key ON profiles(name_key)")


def old_migrate(db: sqlite3.Connection, target: int, mark: bool = True) -> None:
    """Bring a ``sqlite3`` connection's database to old schema ``target`` (1 to 4) as gin-tutor did
    then; ``mark``: set the application id too (files of the first versions did not)."""
    start = db.execute("PRAGMA user_version").fetchone()[0]
    for version in range(start, target):
        step = OLD_STEPS[version]
        if step == "name_keys":
            _add_name_keys(db)
        else:
            for statement in step.split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {version + 1}")
    if mark:
        db.execute(f"PRAGMA application_id = {OLD_APPLICATION_ID}")
