"""The store's room for games between two learners (play a friend): the table, its seats, its moves.

A table has a code (``K7QX-2M9P``, as a class code) that the player who opened it sends; whoever
opens the link or types the code first sits in the free seat. A seat is a profile, or, for a guest,
the browser (its ``gin_tutor_browser`` id): a reload, a second tab or another app process finds the
same seat. A class's challenge names the classmate invited, and only they may sit.

Every move names the version it continues and is written only if the table is still at that version
(one ``UPDATE … WHERE version = …``): a move from a tab that is behind, a repeated click or a second
tab of the same seat is refused, and the page shows the table as it is. The moves are kept as one
text (:func:`tutor.play.moves.moves_code`); the game is rebuilt from them (:mod:`tutor.play.friend`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import sqlalchemy as sa

from tutor.progress.rows import UnreadableRow, read_time
from tutor.progress.store_classes import CLASS_CODE_LENGTH
from tutor.progress.store_core import StoreCore, guarded
from tutor.progress.store_profiles import CODE_ALPHABET, code_letters

TableState = Literal["open", "playing", "over", "abandoned"]
STATES: tuple[TableState, ...] = ("open", "playing", "over", "abandoned")
"""``open``: waiting for the friend; ``playing``; ``over``: the game reached its end; ``abandoned``:
a player left before the end."""
NAME_MAX = 40
"""The longest name a seat shows (a profile's name, or the guest's)."""
FRIEND_COLUMNS = ("id", "code", "ruleset", "seed", "hints", "profile0", "browser0", "name0", "profile1", "browser1",
                  "name1", "invited", "class_id", "moves", "version", "state", "robot", "robot_from", "left_seat",
                  "seen0", "seen1", "rematch", "started", "updated")
_SELECT = ", ".join(FRIEND_COLUMNS)


@dataclass(frozen=True)
class Sitter:
    """Who sits at a seat: a profile, else (a guest) a browser; and the name the other player sees."""

    profile_id: int | None
    browser: str | None
    name: str


@dataclass(frozen=True)
class FriendTable:
    """A table as stored: its game (ruleset, seed, moves as text) and who sits where."""

    id: int
    code: str
    ruleset: str
    seed: int
    hints: bool
    seats: tuple[Sitter | None, Sitter | None]
    invited: int | None
    """The profile a class's challenge invites (only they may sit), else None."""
    class_id: int | None
    moves: str
    version: int
    state: TableState
    robot: int | None
    """The seat the virtual player took over, if one."""
    robot_from: int
    left_seat: int | None
    """The seat whose player left the game, if one did."""
    seen: tuple[datetime | None, datetime | None]
    """Each seat's last sign of life (its page asking for news)."""
    rematch: int | None
    """The table of the rematch, once one player asked for it."""
    started: datetime
    updated: datetime

    def seat_of(self, profile_id: int | None, browser: str | None) -> int | None:
        """The seat of a player: their profile's, or (a guest) their browser's, if either sits here."""
        for seat, sitter in enumerate(self.seats):
            if sitter is None:
                continue
            if sitter.profile_id is not None and sitter.profile_id == profile_id:
                return seat
            if sitter.profile_id is None and profile_id is None and browser and sitter.browser == browser:
                return seat
        return None


def new_table_code() -> str:
    """A fresh table code, as shown: ``K7QX-2M9P``."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def table_code_key(typed: str) -> str:
    """A typed table code as it is kept: ``k7qx 2m9p`` → ``K7QX-2M9P``."""
    letters = code_letters(typed)[:CLASS_CODE_LENGTH]
    return f"{letters[:4]}-{letters[4:]}" if len(letters) > 4 else letters


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnreadableRow(f"{what} is not a whole number")
    return value


def _seat(profile: Any, browser: Any, name: Any) -> Sitter | None:
    if profile is None and browser is None:
        return None
    return Sitter(None if profile is None else _whole(profile, "a seat's profile"),
                  browser if isinstance(browser, str) else None, name if isinstance(name, str) else "")


def read_table(row: Sequence[Any]) -> FriendTable:
    """A ``friend_games`` row, in the order of :data:`FRIEND_COLUMNS`."""
    (tid, code, ruleset, seed, hints, p0, b0, n0, p1, b1, n1, invited, class_id, moves, version, state, robot,
     robot_from, left_seat, seen0, seen1, rematch, started, updated) = row
    if state not in STATES or not isinstance(code, str) or not isinstance(ruleset, str) or not isinstance(moves, str):
        raise UnreadableRow("the table's state, code, ruleset or moves cannot be read")
    if robot not in (None, 0, 1) or left_seat not in (None, 0, 1):
        raise UnreadableRow("the seat taken over or left is not 0 or 1")
    return FriendTable(
        _whole(tid, "the id"), code, ruleset, _whole(seed, "the seed"), bool(hints),
        (_seat(p0, b0, n0), _seat(p1, b1, n1)),
        None if invited is None else _whole(invited, "the invited profile"),
        None if class_id is None else _whole(class_id, "the class"), moves, _whole(version, "the version"), state,
        robot, _whole(robot_from, "the move the virtual player took over at"), left_seat,
        (None if seen0 is None else read_time(seen0, "seen"), None if seen1 is None else read_time(seen1, "seen")),
        None if rematch is None else _whole(rematch, "the rematch"), read_time(started, "started"),
        read_time(updated, "updated"))


SitProblem = Literal["no_table", "full", "not_invited", "over"]


class FriendRoom(StoreCore):
    """Games between two learners."""

    @guarded(lambda: None, write=True)
    def open_table(self, ruleset: str, seed: int, hints: bool, host: Sitter, class_id: int | None = None,
                   invited: int | None = None, guest: Sitter | None = None) -> FriendTable | None:
        """A new table with ``host`` in seat 0 (and, for a rematch, ``guest`` already in seat 1); None
        when nothing could be saved."""
        now = self.clock().isoformat()
        with self._transaction() as db:
            for _ in range(5):  # a code already taken (about one in 2³⁹) is drawn again
                code = new_table_code()
                if db.execute(sa.text("SELECT 1 FROM friend_games WHERE code = :code"), {"code": code}).first():
                    continue
                new_id = db.execute(sa.text(
                    "INSERT INTO friend_games (code, ruleset, seed, hints, profile0, browser0, name0, profile1, "
                    "browser1, name1, invited, class_id, moves, version, state, robot_from, started, updated, seen0) "
                    "VALUES (:code, :ruleset, :seed, :hints, :p0, :b0, :n0, :p1, :b1, :n1, :invited, :class_id, '', 0, "
                    ":state, 0, :now, :now, :now) RETURNING id"),
                    {"code": code, "ruleset": ruleset, "seed": seed, "hints": int(hints), "p0": host.profile_id,
                     "b0": host.browser, "n0": host.name[:NAME_MAX], "p1": guest.profile_id if guest else None,
                     "b1": guest.browser if guest else None, "n1": guest.name[:NAME_MAX] if guest else None,
                     "invited": invited, "class_id": class_id, "state": "playing" if guest else "open",
                     "now": now}).scalar_one()
                return self._table_in(db, int(new_id))
        return None

    def _table_in(self, db: sa.Connection, table_id: int) -> FriendTable | None:
        row = db.execute(sa.text(f"SELECT {_SELECT} FROM friend_games WHERE id = :id"), {"id": table_id}).first()
        if row is None:
            return None
        try:
            return read_table(row)
        except UnreadableRow:
            return None

    @guarded(lambda: None, write=False)
    def friend_table(self, table_id: int) -> FriendTable | None:
        """The table as it is stored now (None: no such table, or one that cannot be read)."""
        with self._transaction(write=False) as db:
            return self._table_in(db, table_id)

    @guarded(lambda: None, write=False)
    def friend_table_by_code(self, typed: str) -> FriendTable | None:
        """The table a code (as typed) names, if any."""
        with self._transaction(write=False) as db:
            row = db.execute(sa.text("SELECT id FROM friend_games WHERE code = :code"),
                             {"code": table_code_key(typed)}).first()
            return None if row is None else self._table_in(db, int(row[0]))

    @guarded(lambda: None, write=False)
    def friend_version(self, table_id: int) -> tuple[int, str, int | None] | None:
        """The table's version, state and rematch, read cheaply (a page asks every second whether
        anything changed)."""
        with self._transaction(write=False) as db:
            row = db.execute(sa.text("SELECT version, state, rematch FROM friend_games WHERE id = :id"),
                             {"id": table_id}).first()
        return None if row is None else (int(row[0]), str(row[1]), None if row[2] is None else int(row[2]))

    @guarded(lambda: ("no_table", None), write=True)
    def sit(self, table_id: int, sitter: Sitter) -> tuple[SitProblem | None, FriendTable | None]:
        """Sit ``sitter`` in the table's free seat (seat 1): the table as it is then, or why not (no
        such table, both seats taken, a challenge for someone else, a game already ended)."""
        now = self.clock().isoformat()
        with self._transaction() as db:
            table = self._table_in(db, table_id)
            if table is None:
                return "no_table", None
            if table.seat_of(sitter.profile_id, sitter.browser) is not None:
                return None, table
            if table.state in ("over", "abandoned"):
                return "over", table
            if table.seats[1] is not None:
                return "full", table
            if table.invited is not None and table.invited != sitter.profile_id:
                return "not_invited", table
            updated = db.execute(sa.text(
                "UPDATE friend_games SET profile1 = :p, browser1 = :b, name1 = :n, state = 'playing', seen1 = :now, "
                "updated = :now, version = version + 1 WHERE id = :id AND profile1 IS NULL AND browser1 IS NULL"),
                {"p": sitter.profile_id, "b": sitter.browser, "n": sitter.name[:NAME_MAX], "now": now, "id": table_id})
            if not updated.rowcount:
                return "full", self._table_in(db, table_id)
            return None, self._table_in(db, table_id)

    @guarded(lambda: None, write=True)
    def friend_move(self, table_id: int, version: int, moves: str, state: TableState, robot: int | None = None,
                    robot_from: int = 0) -> FriendTable | None:
        """Write the table's moves (and its state; the seat the virtual player holds) if it is still at
        ``version``: the table after, or None when it moved on meanwhile (nothing written)."""
        now = self.clock().isoformat()
        with self._transaction() as db:
            updated = db.execute(sa.text(
                "UPDATE friend_games SET moves = :moves, state = :state, robot = :robot, robot_from = :robot_from, "
                "updated = :now, version = version + 1 WHERE id = :id AND version = :version "
                "AND state IN ('playing', 'abandoned')"),
                {"moves": moves, "state": state, "robot": robot, "robot_from": robot_from, "now": now, "id": table_id,
                 "version": version})
            return self._table_in(db, table_id) if updated.rowcount else None

    @guarded(lambda: None, write=True)
    def friend_seen(self, table_id: int, seat: int) -> None:
        """Note a sign of life from ``seat``'s page."""
        column = "seen0" if seat == 0 else "seen1"
        with self._transaction() as db:
            db.execute(sa.text(f"UPDATE friend_games SET {column} = :now WHERE id = :id"),
                       {"now": self.clock().isoformat(), "id": table_id})

    @guarded(lambda: None, write=True)
    def friend_leave(self, table_id: int, seat: int) -> FriendTable | None:
        """``seat``'s player leaves a game still being played (or still waiting for the friend): it is
        kept as abandoned, the other player may let the virtual player take the seat."""
        with self._transaction() as db:
            db.execute(sa.text(
                "UPDATE friend_games SET state = 'abandoned', left_seat = :seat, updated = :now, version = version + 1 "
                "WHERE id = :id AND state IN ('open', 'playing')"),
                {"seat": seat, "now": self.clock().isoformat(), "id": table_id})
            return self._table_in(db, table_id)

    @guarded(lambda: None, write=True)
    def friend_rematch(self, table_id: int, rematch_id: int) -> None:
        """Note the rematch of a finished table, for the other player to follow (the first asked wins)."""
        with self._transaction() as db:
            db.execute(sa.text("UPDATE friend_games SET rematch = :r, version = version + 1 "
                               "WHERE id = :id AND rematch IS NULL"), {"r": rematch_id, "id": table_id})

    @guarded(list, write=False)
    def friend_tables_of(self, profile_id: int | None, browser: str | None, most: int = 20) -> list[FriendTable]:
        """A player's tables, the most recent first: their profile's, or (a guest) their browser's."""
        if profile_id is None and not browser:
            return []
        where = ("profile0 = :p OR profile1 = :p" if profile_id is not None
                 else "(profile0 IS NULL AND browser0 = :b) OR (profile1 IS NULL AND browser1 = :b)")
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_SELECT} FROM friend_games WHERE {where} "
                                      "ORDER BY updated DESC, id DESC LIMIT :most"),
                              {"p": profile_id, "b": browser, "most": most}).all()
        return _readable(rows)

    @guarded(list, write=False)
    def challenges_for(self, profile_id: int) -> list[FriendTable]:
        """The open challenges inviting ``profile_id`` (from a class), the most recent first."""
        with self._transaction(write=False) as db:
            rows = db.execute(sa.text(f"SELECT {_SELECT} FROM friend_games WHERE invited = :p AND state = 'open' "
                                      "ORDER BY started DESC"), {"p": profile_id}).all()
        return _readable(rows)

    @guarded(list, write=False)
    def class_friend_tables(self, teacher_id: int, class_id: int) -> list[FriendTable]:
        """A class's friend games (challenges made from its page), the most recent first, for one of
        its teachers ([] for anyone else)."""
        with self._transaction(write=False) as db:
            if db.execute(sa.text("SELECT 1 FROM class_teachers WHERE class_id = :c AND profile_id = :p"),
                          {"c": class_id, "p": teacher_id}).first() is None:
                return []
            rows = db.execute(sa.text(f"SELECT {_SELECT} FROM friend_games WHERE class_id = :c "
                                      "ORDER BY updated DESC, id DESC"), {"c": class_id}).all()
        return _readable(rows)


def _readable(rows: Sequence[Sequence[Any]]) -> list[FriendTable]:
    """The rows that can be read (one that cannot is left out of a list: it opens nowhere)."""
    found = []
    for row in rows:
        try:
            found.append(read_table(row))
        except UnreadableRow:
            continue
    return found
