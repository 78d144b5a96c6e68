"""The store's room for profiles and the keys that open them where profiles are private: names
(clean, case-folded, lookalikes refused), a learner's preferences, browser keys, one-time transfer
codes and the claim of a profile from before keys (:mod:`tutor.progress.names` reads the names)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.progress.names import clean_name, lookalike_keys, name_key
from tutor.progress.rows import UnreadableRow, read_time
from tutor.progress.store_core import StoreCore, guarded

_PROFILE_SELECT = "id, name, language, ruleset, coach_mode, quick_moves, reading_map"
_PROFILE_COLUMNS = _PROFILE_SELECT.count(",") + 1
"""How many columns :data:`_PROFILE_SELECT` reads (a column selected after them is at this place)."""


PROFILE_NAME_MAX = 40
"""The most characters in a profile name."""


class ProfileNameError(TutorError):
    """A profile name that is empty or too long."""

    key = "bad_profile_name"
    template = N_("A profile name has 1 to {most} characters.")


PRIVATE_KEY = "private:"
"""How the ``name_key`` of a private profile begins: a random value after it, so that two learners
may each have an "Alice" and a name never tells a stranger that a profile exists."""


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
    reading_map: bool | None = None
    """The Play page's map of what the virtual player probably holds, as last set (None: never set)."""


def _profile(row: Sequence[Any]) -> Profile:
    """A profile as :data:`_PROFILE_SELECT` reads it (SQLite gives its switches as 0 or 1)."""
    pid, name, language, ruleset, coach_mode, quick_moves, reading_map = row
    return Profile(pid, name, language, ruleset, None if coach_mode is None else bool(coach_mode),
                   None if quick_moves is None else bool(quick_moves),
                   None if reading_map is None else bool(reading_map))


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


def checked_profile_name(name: str) -> str:
    """A profile name as kept (:func:`~tutor.progress.names.clean_name`); raises
    :class:`ProfileNameError` when it is empty or longer than :data:`PROFILE_NAME_MAX`."""
    clean = clean_name(name)
    if not clean or len(clean) > PROFILE_NAME_MAX:
        raise ProfileNameError(name=name[:PROFILE_NAME_MAX + 5], most=PROFILE_NAME_MAX)
    return clean


class ProfileRoom(StoreCore):
    """Profiles, their preferences, keys and transfer codes."""

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
    def private_profile(self, name: str) -> Profile | None:
        """A new profile of that name where profiles are private, whatever other learners have
        called theirs (another "Alice" may exist: it is told apart by its id and opened only by a
        key); None when it cannot be saved. Its lookalike keys are kept, for lists that show names
        side by side."""
        clean = checked_profile_name(name)
        with self._transaction() as db:
            return self._insert_private_profile(db, clean)

    def _insert_private_profile(self, db: sa.Connection, clean: str) -> Profile:
        """Insert a private profile of a name already checked (:func:`checked_profile_name`)."""
        folded, shape = lookalike_keys(clean)
        key = PRIVATE_KEY + secrets.token_hex(12)
        db.execute(sa.text("INSERT INTO profiles (name, name_key, look_folded, look_shape, created) "
                           "VALUES (:name, :key, :folded, :shape, :at)"),
                   {"name": clean, "key": key, "folded": folded, "shape": shape, "at": self.clock().isoformat()})
        row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key"),
                         {"key": key}).one()
        return _profile(row)

    @guarded(list, write=False)
    def profiles_named(self, name: str) -> list[Profile]:
        """Every profile called that name or one that looks like it, private ones included, oldest
        first (the operator's way to find a learner's profile)."""
        folded, _shape = lookalike_keys(clean_name(name))
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE name_key = :key "
                                      "OR look_folded = :folded ORDER BY id"),
                              {"key": name_key(name), "folded": folded}).all()
        return [_profile(row) for row in rows]

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
                        coach_mode: bool | None = None, quick_moves: bool | None = None,
                        reading_map: bool | None = None) -> bool:
        """Remember the chosen language and ruleset of a profile, and the Play page's switches (each
        left as it is where None); whether it was saved."""
        with self._transaction() as db:
            for column, value in (("coach_mode", coach_mode), ("quick_moves", quick_moves),
                                  ("reading_map", reading_map)):
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

    @guarded(lambda: False, write=True)
    def sign_out_account(self, profile_id: int) -> bool:
        """Remember that the account of this profile signed out now: every sign-in made before
        (another tab of that browser, a copy of its cookie) stops opening it; whether it was saved."""
        with self._transaction() as db:
            db.execute(sa.text("UPDATE profiles SET signed_out = :now WHERE id = :id"),
                       {"now": self.clock().isoformat(), "id": profile_id})
        return True

    @guarded(lambda: False, write=False)
    def signed_out_since(self, profile_id: int, signed_in: datetime) -> bool:
        """Whether the account of this profile signed out after a sign-in made at ``signed_in``
        (a stored time that cannot be read counts as a sign-out: such a sign-in opens nothing)."""
        with self._transaction(write=False) as db:
            stored = db.execute(sa.text("SELECT signed_out FROM profiles WHERE id = :id"),
                                {"id": profile_id}).scalar()
        if stored is None:
            return False
        try:
            return read_time(stored, "the sign-out") >= signed_in
        except UnreadableRow:
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
    def revoke_key(self, key: str, codes: bool = False, keeping: str | None = None) -> bool:
        """Withdraw a browser's key (and with ``codes``, every transfer code of its profile not used
        yet but ``keeping``, as signing out of a profile in a browser does: a code shown on a shared
        computer is no use once the learner has left it, but the one made to come back stays): none
        opens anything from now on; whether it was saved."""
        with self._transaction() as db:
            db.execute(sa.text("UPDATE profile_keys SET revoked = 1 WHERE key_hash = :hash"), {"hash": _hash(key)})
            if codes:
                db.execute(sa.text("UPDATE transfer_codes SET used = 1 WHERE used = 0 AND code_hash != :kept AND "
                                   "profile_id = (SELECT profile_id FROM profile_keys WHERE key_hash = :hash)"),
                           {"hash": _hash(key), "kept": _hash(code_letters(keeping)) if keeping else ""})
        return True

    @guarded(lambda: 0, write=False)
    def open_keys(self, profile_id: int) -> int:
        """How many browsers hold a key that still opens the profile (withdrawn and expired keys
        aside; a key whose end cannot be read counts as expired)."""
        now = self.clock()
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text("SELECT expires FROM profile_keys WHERE profile_id = :profile AND revoked = 0"),
                              {"profile": profile_id}).all()
        return sum(not _ended(expires, now) for expires, in rows)

    @guarded(lambda: None, write=True)
    def transfer_code(self, profile_id: int) -> str | None:
        """A one-time code that opens the profile in another browser within :data:`CODE_HOURS`
        hours (kept as a hash); None when it cannot be saved."""
        now = self.clock()
        with self._transaction() as db:
            return self._insert_transfer_code(db, profile_id, now, now + timedelta(hours=CODE_HOURS))

    @staticmethod
    def _insert_transfer_code(db: sa.Connection, profile_id: int, now: datetime, expires: datetime) -> str:
        """A fresh transfer code for a profile, kept as a hash until ``expires``."""
        code = new_code()
        db.execute(sa.text("INSERT INTO transfer_codes (code_hash, profile_id, created, expires) "
                           "VALUES (:hash, :profile, :now, :expires)"),
                   {"hash": _hash(code_letters(code)), "profile": profile_id, "now": now.isoformat(),
                    "expires": expires.isoformat()})
        return code

    @guarded(lambda: KeyCheck(None, "unavailable"), write=True)
    def redeem_code(self, typed: str, held: Collection[str] = ()) -> KeyCheck:
        """The profile a transfer code opens, the code used up; or why it opens nothing (``unknown``,
        ``used``, ``expired``; ``held``, with the profile, when the browser already holds a profile
        of that name among ``held``: the code is left unused, for the learner to decide)."""
        now = self.clock()
        code_hash = _hash(code_letters(typed))
        with self._transaction() as db:
            row = db.execute(sa.text("SELECT profile_id, expires, used FROM transfer_codes WHERE code_hash = :hash"),
                             {"hash": code_hash}).first()
            if row is None:
                return KeyCheck(None, "unknown")
            profile_id, expires, used = row
            if used:
                return KeyCheck(None, "used")
            if _ended(expires, now):
                return KeyCheck(None, "expired")
            found = db.execute(sa.text(f"SELECT {_PROFILE_SELECT} FROM profiles WHERE id = :id"),
                               {"id": profile_id}).first()
            if found is None:
                return KeyCheck(None, "unknown")
            if found[1] in held or _looks_like_one_of(found[1], held):
                return KeyCheck(_profile(found), "held")
            # one statement uses the code up: of redeemers at the same moment, one alone changes the row
            won = db.execute(sa.text("UPDATE transfer_codes SET used = 1 WHERE code_hash = :hash AND used = 0"),
                             {"hash": code_hash}).rowcount
        return KeyCheck(_profile(found)) if won == 1 else KeyCheck(None, "used")

    @guarded(lambda: None, write=True)
    def claim_by_name(self, name: str) -> Profile | None:
        """A profile from before keys, claimed by the browser that remembers its name: only while
        its claim window is open (:data:`tutor.progress.migrations` 0006: 30 days) and before any
        browser has a key to it. The claim closes the window; the caller then issues the key."""
        with self._transaction() as db:
            row = db.execute(sa.text(f"SELECT {_PROFILE_SELECT}, claim_until FROM profiles WHERE name_key = :key"),
                             {"key": name_key(name)}).first()
            if row is None or row[_PROFILE_COLUMNS] is None or _ended(row[_PROFILE_COLUMNS], self.clock()):
                return None
            keys = db.execute(sa.text("SELECT COUNT(*) FROM profile_keys WHERE profile_id = :id"),
                              {"id": row[0]}).scalar_one()
            # one statement closes the window: of claims at the same moment, one alone changes the row
            won = db.execute(sa.text("UPDATE profiles SET claim_until = NULL WHERE id = :id "
                                     "AND claim_until IS NOT NULL"), {"id": row[0]}).rowcount
        return _profile(row[:_PROFILE_COLUMNS]) if not keys and won == 1 else None


def _looks_like_one_of(name: str, held: Collection[str]) -> bool:
    """Whether ``name`` is, or looks like, one of the ``held`` names (case, width, lookalike letters:
    a Cyrillic "Аlice" looks like "Alice"), so that one browser never holds two profiles it shows alike."""
    keys = set(lookalike_keys(name))
    return any(keys & set(lookalike_keys(other)) for other in held)
