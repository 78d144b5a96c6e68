"""The store's room for games against the virtual player: saved move by move, each save naming the
version it continues (a tab that is behind is refused)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.progress.rows import GAME_COLUMNS, SavedGame, read_game
from tutor.progress.store_core import StoreCore, among, guarded

_GAME_SELECT = ", ".join(GAME_COLUMNS)


@dataclass(frozen=True)
class Saved:
    """Where a game was saved: its id, and the version the next save must name."""

    id: int
    version: int


class StaleGameError(TutorError):
    """A save of a game from a copy that another tab or window has moved on from."""

    key = "stale_game"
    template = N_("This game moved on in another tab or window: here it is as it is now.")


class GameRoom(StoreCore):
    """Saved games."""

    # --- games against the virtual player ---------------------------------------------------

    @guarded(lambda: None, write=True)
    def save_game(self, profile_id: int, game_id: int | None, seed: int, level: str, ruleset: str,
                  moves: list[tuple[str, str | None]], finished: bool, won: bool | None, decisions: int,
                  agreed: int, version: int = 0, hands: int = 0, accuracy: float | None = None,
                  friend_id: int | None = None) -> Saved | None:
        """Store a game (a new one when ``game_id`` is None); returns where, None when not saved. A
        save of a game already stored names the ``version`` it continues: if another tab or window
        has saved the game since, nothing is written and :class:`StaleGameError` is raised. ``hands``:
        how many of its hands are finished; ``accuracy``: the coach's accuracy of the decisions
        counted (0 to 100, None before any); ``friend_id``: the table of a game against another learner
        (its ``level`` is then ``friend``, its ``moves`` the learner's own)."""
        now = self.clock().isoformat()
        values = {"profile": profile_id, "moves": json.dumps([list(m) for m in moves]), "finished": int(finished),
                  "won": None if won is None else int(won), "decisions": decisions, "agreed": agreed, "now": now,
                  "hands": hands, "accuracy": accuracy}
        with self._transaction() as db:
            if game_id is not None:
                updated = db.execute(sa.text(
                    "UPDATE games SET moves = :moves, finished = :finished, won = :won, decisions = :decisions, "
                    "agreed = :agreed, updated = :now, hands = :hands, accuracy = :accuracy, version = version + 1 "
                    "WHERE id = :id AND profile_id = :profile AND version = :version"),
                    {**values, "id": game_id, "version": version})
                if updated.rowcount:
                    return Saved(game_id, version + 1)
                if db.execute(sa.text("SELECT 1 FROM games WHERE id = :id AND profile_id = :profile"),
                              {"id": game_id, "profile": profile_id}).first():
                    raise StaleGameError()
            new_id = db.execute(sa.text(
                "INSERT INTO games (profile_id, seed, level, ruleset, moves, finished, won, decisions, agreed, "
                "started, updated, version, hands, accuracy, friend_id) VALUES (:profile, :seed, :level, "
                ":ruleset, :moves, :finished, :won, :decisions, :agreed, :now, :now, 0, :hands, :accuracy, :friend) "
                "RETURNING id"),
                {**values, "seed": seed, "level": level, "ruleset": ruleset, "friend": friend_id}).scalar_one()
            return Saved(int(new_id), 0)

    def games(self, profile_id: int) -> list[SavedGame]:
        """Every game of a profile, the most recent first (one that cannot be read is set aside)."""
        return self.games_of([profile_id]).get(profile_id, [])

    @guarded(dict, write=False)
    def games_of(self, profile_ids: Sequence[int]) -> dict[int, list[SavedGame]]:
        """:meth:`games` of several profiles in one query, by profile id (none for a profile with none)."""
        if not profile_ids:
            return {}
        with self._transaction(write=False) as db:
            rows = db.execute(among(f"SELECT profile_id, {_GAME_SELECT} FROM games WHERE profile_id IN :ids "
                                    "ORDER BY updated DESC, id DESC"), {"ids": list(profile_ids)}).all()
        return self._read_by_profile(rows, read_game, GAME_COLUMNS, "games")

    @guarded(lambda: None, write=False)
    def game(self, profile_id: int, game_id: int) -> SavedGame | None:
        """One saved game of a profile, as it is stored now, or None."""
        return next((g for g in self.games(profile_id) if g.id == game_id), None)

    def game_in_progress(self, profile_id: int) -> SavedGame | None:
        """The profile's most recent unfinished game against the virtual player, if any."""
        return next((g for g in self.games(profile_id) if not g.finished and g.friend_id is None), None)

    @guarded(lambda: None, write=False)
    def friend_record(self, profile_id: int, friend_id: int) -> SavedGame | None:
        """The profile's record of the friend game at table ``friend_id``, if it has one."""
        return next((g for g in self.games(profile_id) if g.friend_id == friend_id), None)
