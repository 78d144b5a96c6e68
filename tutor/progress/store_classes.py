"""The store's room for classes: a teacher's classes, their learners, news and homework.

Whatever a teacher reads or changes names the teacher's profile, and the room answers only about a
class that profile teaches: a teacher sees only the learners of their own classes, and only while
they are members (leaving or being removed deletes the membership). A learner's reads name the
learner and say nothing of other learners. A class has two codes, each ``K7QX-2M9P`` (8 letters of
:data:`~tutor.progress.store_profiles.CODE_ALPHABET`, about 39 random bits): the class code, that
learners type to join (kept plain, as Google Classroom shows its class code), and the teacher code,
that a second teacher types to join as a teacher. The app bounds the guessing of both where they
are typed (:mod:`tutor.progress.throttle`), as it does transfer codes.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal

import sqlalchemy as sa

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.progress.homework import Assignment, HomeworkError, read_spec
from tutor.progress.names import clean_name
from tutor.progress.rows import UnreadableRow, read_time, set_aside_text
from tutor.progress.store_core import StoreCore, guarded
from tutor.progress.store_profiles import CODE_ALPHABET, code_letters

CLASS_CODE_LENGTH = 8
"""Letters of a class code or a teacher code."""
CLASS_NAME_MAX = 60
REAL_NAME_MAX = 80
NEWS_MAX = 500
"""The longest class news, in characters (plain text)."""
NEWS_SHOWN = 5
"""How many of a class's latest news a learner's home page shows."""


class ClassNameError(TutorError):
    """A class name that is empty or too long."""

    key = "bad_class_name"
    template = N_("A class name has 1 to {most} characters.")


class RealNameError(TutorError):
    """A learner's real name, as a teacher sets it, that is too long."""

    key = "bad_real_name"
    template = N_("A real name has at most {most} characters.")


class NewsError(TutorError):
    """Class news that is empty or too long."""

    key = "bad_news"
    template = N_("A message to the class has 1 to {most} characters.")


@dataclass(frozen=True)
class SchoolClass:
    """A class as one of its teachers or learners sees it (its codes only for a teacher)."""

    id: int
    name: str
    language: str
    ruleset: str
    archived: bool
    code: str | None = None
    """The class code learners type to join (shown to its teachers only)."""
    teacher_code: str | None = None
    """The code a second teacher types to join as a teacher (shown to its teachers only)."""


@dataclass(frozen=True)
class Teacher:
    """One of a class's teachers, as the class's teachers see them."""

    profile_id: int
    name: str
    owner: bool
    """The teacher who made the class: the one who may take another teacher out."""


EventKind = Literal["created", "renamed", "archived", "restored", "teacher_joined", "teacher_removed", "teacher_left",
                    "class_code_renewed", "teacher_code_renewed", "learner_joined", "learner_left", "learner_removed",
                    "sign_in_code"]
EVENTS: tuple[EventKind, ...] = ("created", "renamed", "archived", "restored", "teacher_joined", "teacher_removed",
                                 "teacher_left", "class_code_renewed", "teacher_code_renewed", "learner_joined",
                                 "learner_left", "learner_removed", "sign_in_code")
"""What a class's history records."""


@dataclass(frozen=True)
class ClassEvent:
    """One change to a class: when, by whom (a profile's name, "" when it is gone), what, and to whom
    (a profile's name, "" for none); ``detail``: a new name."""

    at: datetime | None
    actor: str
    what: EventKind
    subject: str
    detail: str


@dataclass(frozen=True)
class Member:
    """A learner of a class, as its teachers see them."""

    profile_id: int
    name: str
    """The learner's profile name."""
    real_name: str | None
    """The name the teacher gave them (None until set)."""
    joined: datetime | None
    made_here: bool = False
    """Whether the class's teachers made this account (its sign-in code may be given anew)."""


@dataclass(frozen=True)
class News:
    """A message a teacher posted to a class (plain text)."""

    id: int
    class_id: int
    class_name: str
    body: str
    posted: datetime | None


JoinProblem = Literal["unknown", "archived", "teacher", "member", "unavailable"]


@dataclass(frozen=True)
class Joined:
    """What typing a class code or a teacher code did: the class joined, or why not (``unknown``:
    no such code; ``archived``; ``teacher``: a learner code typed by one of the class's teachers;
    ``member``: already in it, as the same role; ``unavailable``: nothing could be saved)."""

    school_class: SchoolClass | None
    problem: JoinProblem | None = None


def new_class_code() -> str:
    """A fresh class or teacher code, as shown: ``K7QX-2M9P``."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def _checked(text: str, most: int, error: type[TutorError], empty_ok: bool = False) -> str:
    """``text`` cleaned as a name is (spaces collapsed, invisible characters gone), or ``error``."""
    clean = clean_name(text)
    if (not clean and not empty_ok) or len(clean) > most:
        raise error(most=most)
    return clean


_CLASS_SELECT = "c.id, c.name, c.language, c.ruleset, c.archived, c.code, c.teacher_code"


UNREADABLE_NAME = "?"
"""A class name as shown where its row holds something that is not text (damaged, or written by another
program): the class stays usable, and its teachers may rename it."""


def _text(value: Any, fallback: str) -> str:
    """A stored text column, or ``fallback`` where it holds something else."""
    return value if isinstance(value, str) else fallback


def _class(row: Sequence[Any], teacher: bool) -> SchoolClass:
    """A ``classes`` row, each column read as far as it can be (a damaged one shows as unreadable or
    falls back, and breaks no page)."""
    cid, name, language, ruleset, archived, code, teacher_code = row
    return SchoolClass(cid, _text(name, UNREADABLE_NAME), _text(language, "en"), _text(ruleset, "classic"),
                       archived not in (0, "0", None, False), _text(code, "") or None if teacher else None,
                       _text(teacher_code, "") or None if teacher else None)


class ClassRoom(StoreCore):
    """Classes, their teachers and learners, and news."""

    def _teaches(self, db: sa.Connection, teacher_id: int, class_id: int) -> bool:
        return db.execute(sa.text("SELECT 1 FROM class_teachers WHERE class_id = :c AND profile_id = :p"),
                          {"c": class_id, "p": teacher_id}).first() is not None

    def _unique_code(self, db: sa.Connection, column: str) -> str:
        while True:
            code = new_class_code()
            if db.execute(sa.text(f"SELECT 1 FROM classes WHERE {column} = :code"), {"code": code}).first() is None:
                return code

    def _owns(self, db: sa.Connection, teacher_id: int, class_id: int) -> bool:
        return db.execute(sa.text("SELECT 1 FROM class_teachers WHERE class_id = :c AND profile_id = :p AND owner = 1"),
                          {"c": class_id, "p": teacher_id}).first() is not None

    def _record(self, db: sa.Connection, class_id: int, actor: int | None, what: EventKind,
                subject: int | None = None, detail: str | None = None) -> None:
        """Keep one change in the class's history, inside the caller's transaction."""
        db.execute(sa.text("INSERT INTO class_history (class_id, at, actor_id, what, subject_id, detail) "
                           "VALUES (:c, :at, :actor, :what, :subject, :detail)"),
                   {"c": class_id, "at": self.clock().isoformat(), "actor": actor, "what": what, "subject": subject,
                    "detail": detail})

    def _drop_teacher(self, db: sa.Connection, class_id: int, teacher_id: int, actor: int, what: EventKind) -> bool:
        """Take ``teacher_id`` out of the class's teachers, recorded as ``what`` by ``actor``; whether they were one."""
        gone = db.execute(sa.text("DELETE FROM class_teachers WHERE class_id = :c AND profile_id = :p"),
                          {"c": class_id, "p": teacher_id}).rowcount
        if gone:
            self._record(db, class_id, actor, what, subject=teacher_id)
        return bool(gone == 1)

    # --- a teacher's classes ------------------------------------------------------------------

    @guarded(lambda: None, write=True)
    def create_class(self, teacher_id: int, name: str, language: str, ruleset: str) -> SchoolClass | None:
        """A new class taught by ``teacher_id``, with fresh codes (None when it cannot be saved).
        Raises :class:`ClassNameError`."""
        clean = _checked(name, CLASS_NAME_MAX, ClassNameError)
        now = self.clock().isoformat()
        with self._transaction() as db:
            code, teacher_code = self._unique_code(db, "code"), self._unique_code(db, "teacher_code")
            db.execute(sa.text("INSERT INTO classes (name, language, ruleset, code, teacher_code, archived, created) "
                               "VALUES (:name, :lang, :rules, :code, :tcode, 0, :now)"),
                       {"name": clean, "lang": language, "rules": ruleset, "code": code, "tcode": teacher_code,
                        "now": now})
            class_id = db.execute(sa.text("SELECT id FROM classes WHERE code = :code"), {"code": code}).scalar_one()
            db.execute(sa.text("INSERT INTO class_teachers (class_id, profile_id, added, owner) "
                               "VALUES (:c, :p, :now, 1)"), {"c": class_id, "p": teacher_id, "now": now})
            self._record(db, class_id, teacher_id, "created", detail=clean)
        return SchoolClass(class_id, clean, language, ruleset, False, code, teacher_code)

    @guarded(list, write=False)
    def classes_taught(self, teacher_id: int) -> list[SchoolClass]:
        """The classes ``teacher_id`` teaches, archived ones last, each by name."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_CLASS_SELECT} FROM classes c JOIN class_teachers t ON "
                                      "t.class_id = c.id WHERE t.profile_id = :p ORDER BY c.archived, c.name, c.id"),
                              {"p": teacher_id}).all()
        return [_class(row, teacher=True) for row in rows]

    @guarded(lambda: None, write=False)
    def taught_class(self, teacher_id: int, class_id: int) -> SchoolClass | None:
        """Class ``class_id`` if ``teacher_id`` teaches it, else None (whether or not it exists)."""
        with self._transaction(write=False) as db:
            row = db.execute(sa.text(f"SELECT {_CLASS_SELECT} FROM classes c JOIN class_teachers t ON "
                                     "t.class_id = c.id WHERE t.profile_id = :p AND c.id = :c"),
                             {"p": teacher_id, "c": class_id}).first()
        return None if row is None else _class(row, teacher=True)

    @guarded(lambda: False, write=True)
    def rename_class(self, teacher_id: int, class_id: int, name: str) -> bool:
        """Rename a class its teacher teaches; False otherwise. Raises :class:`ClassNameError`."""
        clean = _checked(name, CLASS_NAME_MAX, ClassNameError)
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            db.execute(sa.text("UPDATE classes SET name = :name WHERE id = :c"), {"name": clean, "c": class_id})
            self._record(db, class_id, teacher_id, "renamed", detail=clean)
        return True

    @guarded(lambda: False, write=True)
    def archive_class(self, teacher_id: int, class_id: int, archived: bool = True) -> bool:
        """Archive a class (its codes join nothing, its news leaves the learners' pages) or bring it
        back; False where ``teacher_id`` does not teach it."""
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            db.execute(sa.text("UPDATE classes SET archived = :a WHERE id = :c"), {"a": int(archived), "c": class_id})
            self._record(db, class_id, teacher_id, "archived" if archived else "restored")
        return True

    @guarded(list, write=False)
    def teachers_of(self, teacher_id: int, class_id: int) -> list[Teacher]:
        """A class's teachers, the owner first, for one of them; [] for anyone else."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            rows = db.execute(sa.text("SELECT p.id, p.name, t.owner FROM class_teachers t JOIN profiles p ON "
                                      "p.id = t.profile_id WHERE t.class_id = :c ORDER BY t.owner DESC, t.added, p.id"),
                              {"c": class_id}).all()
        return [Teacher(pid, _text(name, UNREADABLE_NAME), bool(owner)) for pid, name, owner in rows]

    @guarded(lambda: False, write=True)
    def remove_teacher(self, owner_id: int, class_id: int, teacher_id: int) -> bool:
        """The class's owner takes another teacher out of it (they no longer see it); False for anyone
        but the owner, or for the owner themselves."""
        with self._transaction() as db:
            if teacher_id == owner_id or not self._owns(db, owner_id, class_id):
                return False
            return self._drop_teacher(db, class_id, teacher_id, owner_id, "teacher_removed")

    @guarded(lambda: False, write=True)
    def leave_teaching(self, teacher_id: int, class_id: int) -> bool:
        """A teacher who does not own the class stops teaching it; False for the owner (a class
        keeps its owner) or for one who does not teach it."""
        with self._transaction() as db:
            if self._owns(db, teacher_id, class_id):
                return False
            return self._drop_teacher(db, class_id, teacher_id, teacher_id, "teacher_left")

    @guarded(lambda: None, write=True)
    def renew_code(self, teacher_id: int, class_id: int, teacher_code: bool) -> str | None:
        """A fresh class code (or, ``teacher_code``, teacher code) for a class ``teacher_id`` teaches:
        the old one joins no one from now on. None where they do not teach it or nothing was saved."""
        column = "teacher_code" if teacher_code else "code"
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return None
            code = self._unique_code(db, column)
            db.execute(sa.text(f"UPDATE classes SET {column} = :code WHERE id = :c"), {"code": code, "c": class_id})
            self._record(db, class_id, teacher_id, "teacher_code_renewed" if teacher_code else "class_code_renewed")
        return code

    @guarded(list, write=False)
    def history_of(self, teacher_id: int, class_id: int) -> list[ClassEvent]:
        """A class's history, newest first, for one of its teachers ([] for anyone else); an event
        this version does not know is left out."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            rows = db.execute(sa.text("SELECT h.at, a.name, h.what, s.name, h.detail FROM class_history h LEFT JOIN "
                                      "profiles a ON a.id = h.actor_id LEFT JOIN profiles s ON s.id = h.subject_id "
                                      "WHERE h.class_id = :c ORDER BY h.at DESC, h.id DESC"), {"c": class_id}).all()
        return [ClassEvent(_time(at), _text(actor, ""), what, _text(subject, ""), _text(detail, ""))
                for at, actor, what, subject, detail in rows if what in EVENTS]

    # --- joining and leaving ------------------------------------------------------------------

    @guarded(lambda: Joined(None, "unavailable"), write=True)
    def join_class(self, profile_id: int, typed: str) -> Joined:
        """Join the class whose class code is ``typed`` (spaces, dashes and case forgiven) as a learner."""
        code = _shown(typed)
        now = self.clock().isoformat()
        with self._transaction() as db:
            row = db.execute(sa.text(f"SELECT {_CLASS_SELECT} FROM classes c WHERE c.code = :code"),
                             {"code": code}).first()
            if row is None:
                return Joined(None, "unknown")
            found = _class(row, teacher=False)
            if found.archived:
                return Joined(None, "archived")
            if self._teaches(db, profile_id, found.id):
                return Joined(found, "teacher")
            if db.execute(sa.text("SELECT 1 FROM class_members WHERE class_id = :c AND profile_id = :p"),
                          {"c": found.id, "p": profile_id}).first() is not None:
                return Joined(found, "member")
            db.execute(sa.text("INSERT INTO class_members (class_id, profile_id, joined) VALUES (:c, :p, :now)"),
                       {"c": found.id, "p": profile_id, "now": now})
            self._record(db, found.id, profile_id, "learner_joined", subject=profile_id)
        return Joined(found)

    @guarded(lambda: Joined(None, "unavailable"), write=True)
    def join_as_teacher(self, profile_id: int, typed: str) -> Joined:
        """Join the class whose teacher code is ``typed`` as one more of its teachers (a learner of
        it stops being one: a teacher is not graded in their own class)."""
        code = _shown(typed)
        now = self.clock().isoformat()
        with self._transaction() as db:
            row = db.execute(sa.text(f"SELECT {_CLASS_SELECT} FROM classes c WHERE c.teacher_code = :code"),
                             {"code": code}).first()
            if row is None:
                return Joined(None, "unknown")
            found = _class(row, teacher=True)
            if found.archived:
                return Joined(None, "archived")
            if self._teaches(db, profile_id, found.id):
                return Joined(found, "member")
            db.execute(sa.text("DELETE FROM class_members WHERE class_id = :c AND profile_id = :p"),
                       {"c": found.id, "p": profile_id})
            db.execute(sa.text("INSERT INTO class_teachers (class_id, profile_id, added) VALUES (:c, :p, :now)"),
                       {"c": found.id, "p": profile_id, "now": now})
            self._record(db, found.id, profile_id, "teacher_joined", subject=profile_id)
        return Joined(found)

    @guarded(lambda: False, write=True)
    def leave_class(self, profile_id: int, class_id: int) -> bool:
        """A learner leaves a class: its teachers no longer see them. False if they were not in it."""
        with self._transaction() as db:
            gone = db.execute(sa.text("DELETE FROM class_members WHERE class_id = :c AND profile_id = :p"),
                              {"c": class_id, "p": profile_id}).rowcount
            if gone:
                self._record(db, class_id, profile_id, "learner_left", subject=profile_id)
        return gone == 1

    @guarded(list, write=False)
    def classes_joined(self, profile_id: int) -> list[SchoolClass]:
        """The classes a learner is in (not archived), by name, without their codes."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_CLASS_SELECT} FROM classes c JOIN class_members m ON "
                                      "m.class_id = c.id WHERE m.profile_id = :p AND c.archived = 0 "
                                      "ORDER BY c.name, c.id"), {"p": profile_id}).all()
        return [_class(row, teacher=False) for row in rows]

    @guarded(list, write=False)
    def classmates(self, profile_id: int, class_id: int) -> list[tuple[int, str]]:
        """The other learners of a class ``profile_id`` is in (``[]`` for anyone else), as ``(profile
        id, profile name)`` by name: whom a learner may challenge to a game. Their profile names only:
        a learner never sees the real names the teachers keep."""
        with self._transaction(write=False) as db:
            inside = db.execute(sa.text("SELECT 1 FROM class_members m JOIN classes c ON c.id = m.class_id "
                                        "WHERE m.class_id = :c AND m.profile_id = :p AND c.archived = 0"),
                                {"c": class_id, "p": profile_id}).first()
            if inside is None:
                return []
            rows = db.execute(sa.text("SELECT p.id, p.name FROM class_members m JOIN profiles p ON p.id = m.profile_id "
                                      "WHERE m.class_id = :c AND m.profile_id <> :p"),
                              {"c": class_id, "p": profile_id}).all()
        return sorted(((int(pid), _text(name, UNREADABLE_NAME)) for pid, name in rows),
                      key=lambda row: (row[1].casefold(), row[0]))

    @guarded(lambda: False, write=False)
    def teaches(self, teacher_id: int, class_id: int) -> bool:
        """Whether ``teacher_id`` teaches the class."""
        with self._transaction(write=False) as db:
            return self._teaches(db, teacher_id, class_id)

    # --- a class's learners -------------------------------------------------------------------

    @guarded(list, write=False)
    def members(self, teacher_id: int, class_id: int) -> list[Member]:
        """A class's learners, for one of its teachers ([] for anyone else), by real name then name."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            rows = db.execute(sa.text("SELECT p.id, p.name, m.real_name, m.joined, m.made_here FROM class_members m "
                                      "JOIN profiles p ON p.id = m.profile_id WHERE m.class_id = :c"),
                              {"c": class_id}).all()
        members = [Member(pid, _text(name, UNREADABLE_NAME), real if isinstance(real, str) else None, _time(joined),
                          made_here == 1) for pid, name, real, joined, made_here in rows]
        return sorted(members, key=lambda m: ((m.real_name or m.name).casefold(), m.name.casefold(), m.profile_id))

    @guarded(lambda: False, write=True)
    def set_real_name(self, teacher_id: int, class_id: int, profile_id: int, real_name: str) -> bool:
        """The real name a teacher gives a learner of their class ("" clears it); False where the
        teacher does not teach it or the learner is not in it. Raises :class:`RealNameError`."""
        clean = _checked(real_name, REAL_NAME_MAX, RealNameError, empty_ok=True)
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            changed = db.execute(sa.text("UPDATE class_members SET real_name = :real WHERE class_id = :c AND "
                                         "profile_id = :p"),
                                 {"real": clean or None, "c": class_id, "p": profile_id}).rowcount
        return changed == 1

    @guarded(lambda: False, write=True)
    def remove_member(self, teacher_id: int, class_id: int, profile_id: int) -> bool:
        """A teacher takes a learner out of their class (the learner's own progress stays theirs)."""
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            gone = db.execute(sa.text("DELETE FROM class_members WHERE class_id = :c AND profile_id = :p"),
                              {"c": class_id, "p": profile_id}).rowcount
            if gone:
                self._record(db, class_id, teacher_id, "learner_removed", subject=profile_id)
        return gone == 1

    @guarded(lambda: False, write=False)
    def is_member(self, teacher_id: int, class_id: int, profile_id: int) -> bool:
        """Whether ``profile_id`` is a learner of a class ``teacher_id`` teaches (what a teacher's
        page checks before it shows anything of a learner named in a URL or a widget)."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            return db.execute(sa.text("SELECT 1 FROM class_members WHERE class_id = :c AND profile_id = :p"),
                              {"c": class_id, "p": profile_id}).first() is not None

    # --- homework -------------------------------------------------------------------------------

    @guarded(lambda: None, write=True)
    def create_assignment(self, teacher_id: int, class_id: int, kind: str, spec: dict[str, Any],
                          due: date | None) -> Assignment | None:
        """Set a class homework (:mod:`tutor.progress.homework`); None where ``teacher_id`` does not
        teach it or it cannot be saved. Raises :class:`~tutor.progress.homework.HomeworkError`."""
        text = json.dumps(spec, sort_keys=True)
        read_spec(kind, text)
        now = self.clock()
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return None
            db.execute(sa.text("INSERT INTO assignments (class_id, kind, spec, due, created) "
                               "VALUES (:c, :kind, :spec, :due, :now)"),
                       {"c": class_id, "kind": kind, "spec": text, "due": due.isoformat() if due else None,
                        "now": now.isoformat()})
            row = db.execute(sa.text("SELECT id, class_id, kind, spec, due, created FROM assignments WHERE class_id "
                                     "= :c ORDER BY id DESC LIMIT 1"), {"c": class_id}).one()
        return _assignment(row)

    @guarded(list, write=False)
    def assignments_of(self, teacher_id: int, class_id: int) -> list[Assignment]:
        """A class's homework, newest first, for one of its teachers ([] for anyone else)."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            rows = db.execute(sa.text("SELECT id, class_id, kind, spec, due, created FROM assignments "
                                      "WHERE class_id = :c ORDER BY created DESC, id DESC"), {"c": class_id}).all()
        return self._readable_assignments(rows, teacher_id)

    @guarded(list, write=False)
    def learner_assignments(self, profile_id: int) -> list[Assignment]:
        """The homework of every class a learner is in (not archived), newest first."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT a.id, a.class_id, a.kind, a.spec, a.due, a.created FROM assignments a "
                                      "JOIN classes c ON c.id = a.class_id JOIN class_members m ON m.class_id = "
                                      "a.class_id AND m.profile_id = :p WHERE c.archived = 0 "
                                      "ORDER BY a.created DESC, a.id DESC"), {"p": profile_id}).all()
        return self._readable_assignments(rows, None)

    def _readable_assignments(self, rows: Sequence[Sequence[Any]], teacher_id: int | None) -> list[Assignment]:
        """The homework rows that can be read. The others are set aside, kept whole, under the teacher
        who met them (their page says so once); a learner's page skips them and leaves them for their
        teachers to meet (``teacher_id`` None)."""
        found, bad = [], []
        for row in rows:
            try:
                found.append(_assignment(row))
            except UnreadableRow as error:
                bad.append((set_aside_text(("id", "class_id", "kind", "spec", "due", "created"), row), error.reason,
                            {"id": row[0]}))
        if teacher_id is not None:
            self._set_aside(teacher_id, "assignments", bad)
        return found

    @guarded(lambda: False, write=True)
    def remove_assignment(self, teacher_id: int, assignment_id: int) -> bool:
        """Take back a piece of homework of a class ``teacher_id`` teaches."""
        with self._transaction() as db:
            row = db.execute(sa.text("SELECT class_id FROM assignments WHERE id = :a"), {"a": assignment_id}).first()
            if row is None or not self._teaches(db, teacher_id, row[0]):
                return False
            db.execute(sa.text("DELETE FROM assignments WHERE id = :a"), {"a": assignment_id})
        return True

    # --- news -----------------------------------------------------------------------------------

    @guarded(lambda: False, write=True)
    def post_news(self, teacher_id: int, class_id: int, body: str) -> bool:
        """A short plain-text message to a class from one of its teachers. Raises :class:`NewsError`."""
        text = body.strip()
        if not text or len(text) > NEWS_MAX:
            raise NewsError(most=NEWS_MAX)
        with self._transaction() as db:
            if not self._teaches(db, teacher_id, class_id):
                return False
            db.execute(sa.text("INSERT INTO class_news (class_id, author_id, body, posted) "
                               "VALUES (:c, :p, :body, :now)"),
                       {"c": class_id, "p": teacher_id, "body": text, "now": self.clock().isoformat()})
        return True

    @guarded(list, write=False)
    def news_of(self, teacher_id: int, class_id: int) -> list[News]:
        """Every message of a class, newest first, for one of its teachers."""
        with self._transaction(write=False) as db:
            if not self._teaches(db, teacher_id, class_id):
                return []
            rows = db.execute(sa.text("SELECT n.id, n.class_id, c.name, n.body, n.posted FROM class_news n JOIN "
                                      "classes c ON c.id = n.class_id WHERE n.class_id = :c "
                                      "ORDER BY n.posted DESC, n.id DESC"), {"c": class_id}).all()
        return [News(nid, cid, _text(name, UNREADABLE_NAME), _text(body, ""), _time(posted))
                for nid, cid, name, body, posted in rows]

    @guarded(list, write=False)
    def learner_news(self, profile_id: int) -> list[News]:
        """The latest :data:`NEWS_SHOWN` messages of each class a learner is in (not archived), newest first."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT n.id, n.class_id, c.name, n.body, n.posted FROM class_news n "
                                      "JOIN classes c ON c.id = n.class_id JOIN class_members m ON "
                                      "m.class_id = n.class_id AND m.profile_id = :p WHERE c.archived = 0 "
                                      "ORDER BY n.posted DESC, n.id DESC"), {"p": profile_id}).all()
        shown: dict[int, int] = {}
        news = []
        for nid, cid, name, body, posted in rows:
            shown[cid] = shown.get(cid, 0) + 1
            if shown[cid] <= NEWS_SHOWN:
                news.append(News(nid, cid, _text(name, UNREADABLE_NAME), _text(body, ""), _time(posted)))
        return news


def _time(text: Any) -> datetime | None:
    """A stored time, or None where it cannot be read (a damaged row shows no date, nothing worse)."""
    try:
        return read_time(text, "time")
    except UnreadableRow:
        return None


def _assignment(row: Sequence[Any]) -> Assignment:
    """An ``assignments`` row; :class:`~tutor.progress.rows.UnreadableRow` where it cannot be read."""
    aid, class_id, kind, spec, due, created = row
    try:
        return Assignment(aid, class_id, kind, read_spec(kind, spec), date.fromisoformat(due) if due else None,
                          read_time(created, "created"))
    except UnreadableRow:
        raise
    except (HomeworkError, ValueError, TypeError) as error:
        raise UnreadableRow(f"homework: {type(error).__name__}") from error


def _shown(typed: str) -> str:
    """A typed class or teacher code as it is kept: ``K7QX-2M9P``."""
    letters = code_letters(typed)[:CLASS_CODE_LENGTH + 4]
    return f"{letters[:4]}-{letters[4:]}"
