"""Reading a stored row, and telling one that cannot be read: a saved game, a review card or a drill
attempt damaged by hand, by another program or by a version of gin-tutor that wrote something this
one does not know.

Every reader here either returns the row's value or raises :class:`UnreadableRow` with what was
wrong. The store then sets such a row aside (kept whole in the ``set_aside`` table, never deleted),
and the page goes on with the rest. A timestamp written without a time zone is read as UTC: the app
writes every time in UTC, so that is what such a time most likely meant (this project's choice).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fsrs import Card, State

MOVE_KINDS = frozenset({"take", "stock", "pass", "discard", "knock", "big_gin"})
"""The kinds of move a saved game may hold (:data:`tutor.play.moves.KINDS`; repeated here because the
progress layer sits below the play layer, and checked equal by a test)."""


class UnreadableRow(ValueError):
    """A stored row that cannot be read: ``reason`` says what is wrong, in a few English words (for
    the operator; the learner is told in their own language that something was set aside)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_time(text: Any, what: str) -> datetime:
    """A stored ISO 8601 time, aware (one without a time zone is taken as UTC)."""
    if not isinstance(text, str):
        raise UnreadableRow(f"{what} is not a time")
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise UnreadableRow(f"{what} is not a time: {text[:40]!r}") from None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def read_moves(text: Any) -> list[tuple[str, str | None]]:
    """A saved game's moves: a JSON list of ``[kind, card or null]``."""
    try:
        moves = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        moves = None
    if not isinstance(moves, list):
        raise UnreadableRow("the moves are not a list")
    read: list[tuple[str, str | None]] = []
    for move in moves:
        if (not isinstance(move, list) or len(move) != 2 or move[0] not in MOVE_KINDS
                or not (move[1] is None or isinstance(move[1], str))):
            raise UnreadableRow(f"a move is not [kind, card]: {str(move)[:40]}")
        read.append((move[0], move[1]))
    return read


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnreadableRow(f"{what} is not a whole number")
    return value


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value) or not low <= value <= high:
        raise UnreadableRow(f"{what} is out of range: {value!r}"[:80])
    return float(value)


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
    """How many of the learner's decisions the coach graded best."""
    started: datetime
    updated: datetime
    version: int = 0
    """How many times the game was saved: a save must name the version it continues."""
    hands: int = 0
    """How many of its hands are finished (kept since schema 13; 0 for a game saved before)."""
    accuracy: float | None = None
    """The coach's accuracy of the decisions judged so far, 0 to 100 (kept since schema 15; None
    before any is judged, and for a game saved before)."""
    friend_id: int | None = None
    """For a game against another learner, its table (:mod:`tutor.progress.store_friends`; since
    schema 18); None for a game against the virtual player."""


def read_game(row: Sequence[Any]) -> SavedGame:
    """A ``games`` row as the store selects it: id, seed, level, ruleset, moves, finished, won,
    decisions, agreed, started, updated, version, and (from schema 13) hands, (from 15) accuracy and
    (from 18) the friend game's table."""
    gid, seed, level, ruleset, moves, finished, won, decisions, agreed, started, updated, version, *more = row
    if not isinstance(level, str) or not isinstance(ruleset, str):
        raise UnreadableRow("the level or the ruleset is not a name")
    return SavedGame(_whole(gid, "the id"), _whole(seed, "the seed"), level, ruleset, read_moves(moves),
                   bool(finished), None if won is None else bool(won), _whole(decisions, "decisions"),
                   _whole(agreed, "agreed"), read_time(started, "started"), read_time(updated, "updated"),
                   _whole(version, "the version"), _whole(more[0], "hands") if more else 0,
                   _accuracy(more[1]) if len(more) > 1 else None,
                   _whole(more[2], "the table") if len(more) > 2 and more[2] is not None else None)


def _accuracy(value: Any) -> float | None:
    """A stored accuracy, 0 to 100, or None; anything else is unreadable."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        raise UnreadableRow("the accuracy is not a number from 0 to 100")
    return float(value)


def read_card(row: Sequence[Any]) -> Card:
    """An FSRS card as the review table stores it: state, step, stability, difficulty, due, last review."""
    state, step, stability, difficulty, due, last_review = row
    try:
        kind = State(state)
    except (ValueError, TypeError):
        raise UnreadableRow(f"the state {state!r} is not one of FSRS's"[:80]) from None
    if step is not None:
        _whole(step, "the step")
    if kind in (State.Review, State.Relearning) and (stability is None or difficulty is None):
        raise UnreadableRow("a card in review has no stability or difficulty")
    if stability is not None:
        _number(stability, "the stability", 1e-9, 1e9)
    if difficulty is not None:
        _number(difficulty, "the difficulty", 1.0, 10.0)
    return Card(card_id=1, state=kind, step=step, stability=stability, difficulty=difficulty,
                due=read_time(due, "the due time"),
                last_review=read_time(last_review, "the last review") if last_review is not None else None)


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
    given: str | None = None
    """What the learner answered, as text (from schema 14; None before)."""
    hints: int | None = None
    """How many hints they had asked for (from schema 14; None before)."""


def read_attempt(row: Sequence[Any]) -> Attempt:
    """An ``attempts`` row as the store selects it: kind, difficulty, ruleset, correct, seconds, at,
    seed, mistake, and (from schema 14) answer and hints."""
    kind, level, ruleset, correct, seconds, at, seed, mistake, *more = row
    given = more[0] if more and isinstance(more[0], str) else None
    hints = _whole(more[1], "hints") if len(more) > 1 and more[1] is not None else None
    if not all(isinstance(v, str) for v in (kind, level, ruleset)):
        raise UnreadableRow("the kind, level or ruleset is not a name")
    return Attempt(kind, level, ruleset, bool(correct), _number(seconds, "the seconds", 0.0, 1e9),
                      read_time(at, "the time"), None if seed is None else _whole(seed, "the seed"),
                      mistake if isinstance(mistake, str) else None, given, hints)


# --- Setting a row aside ---------------------------------------------------------------------------

GAME_COLUMNS = ("id", "seed", "level", "ruleset", "moves", "finished", "won", "decisions", "agreed", "started",
                "updated", "version", "hands", "accuracy", "friend_id")
"""A saved game's columns, in the order :func:`read_game` reads them."""
CARD_COLUMNS = ("state", "step", "stability", "difficulty", "due", "last_review")
"""The review table's columns that hold an item's FSRS card, in the order :func:`read_card` reads them."""
ATTEMPT_COLUMNS = ("kind", "difficulty", "ruleset", "correct", "seconds", "at", "seed", "mistake")
"""A drill attempt's columns up to schema 13, in the order :func:`read_attempt` reads them (migration 6
reads these)."""
ATTEMPT_ANSWER_COLUMNS = (*ATTEMPT_COLUMNS, "answer", "hints")
"""A drill attempt's columns from schema 14 on: the answer given and the hints asked for after them."""


def _plain(value: Any) -> Any:
    return value if value is None or isinstance(value, int | float | str) else str(value)


def set_aside_text(columns: Sequence[str], row: Sequence[Any]) -> str:
    """A row kept whole as JSON text, column by column (what the ``set_aside`` table holds)."""
    return json.dumps({name: _plain(value) for name, value in zip(columns, row, strict=True)}, ensure_ascii=False)
