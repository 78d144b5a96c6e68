"""A position as text: a player's view packed into a short code that a review item or an address
can carry, and read back with a check that it is a view a player could be shown.

A code carries its rules (the view's ``rules``), so a position plays under the options it was taken
under. Codes made before views carried their rules name only their ruleset (with its knock limit and
target beside it): such a stored code is read at this edge by loading its ruleset by name."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.play.bots import Bot
from tutor.play.bots.reading import read_view
from tutor.play.game import new_game
from tutor.play.opponents import DEFAULT_OPPONENT, OPPONENTS

VIEW_KEYS = frozenset({
    "seat", "phase", "hand", "top_discard", "taken_upcard", "discard_pile", "opponent_known",
    "opponent_discards", "events", "stock_size", "turn", "ruleset", "rules", "legal", "score",
})
"""The keys of a view (:meth:`tutor.play.hand.Hand.view`)."""
LEGACY_KEYS = VIEW_KEYS - {"rules"} | {"knock_limit", "target"}
"""The keys of a view packed before views carried their rules."""
MAX_CODE = 4000
"""The longest code read: a whole hand's view packs into far less."""


class PositionError(TutorError):
    """A position code that cannot be read."""

    key = "bad_position"
    template = N_("This position could not be read: the address may be cut short or changed.")


class NotAViewError(TutorError):
    """A position given as JSON that is not a player's view."""

    key = "not_a_view"
    template = N_("This is not a position: give a player's view as one JSON object, as the game shows it.")


class MovePastEndError(TutorError):
    """A move number beyond the hand played."""

    key = "move_past_end"
    template = N_("Move {move} is past the end of the hand: choose a move from 1 to {last}.")


def check_view(value: Any) -> dict[str, Any]:
    """``value`` if it is a view a player could be shown (with its rules, or in the older form that
    names only its ruleset); :class:`NotAViewError` otherwise."""
    try:
        if isinstance(value, dict) and set(value) == LEGACY_KEYS:
            value = _with_rules(value)
        if not isinstance(value, dict) or set(value) != VIEW_KEYS:
            raise ValueError("not a view")
        read_view(value)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise NotAViewError() from error
    return value


def played_position(rules: Ruleset, seed: int, level: str, move: int) -> dict[str, Any]:
    """The view of the player to move before move ``move`` (from 1) of the first hand of game
    ``seed``, both seats played by the virtual player at ``level`` (as a game's address names it)."""
    hand = new_game(rules, seed).hand
    bot = Bot(level, seed)
    played = 1
    while hand.to_move is not None:
        view = hand.view(hand.to_move)
        if played == move:
            return view
        hand = hand.apply(bot.move(view))
        played += 1
    raise MovePastEndError(move=move, last=played - 1)


OPPONENT_KEY = "opponent"
"""The key a code may add beside the view: the level of the opponent the position was played against."""


def encode_view(view: dict[str, Any], opponent: str | None = None) -> str:
    """The view as a short code of URL-safe letters (no ``:``), with the level of the ``opponent``
    it was played against when one is given (the coach measures the position against it)."""
    packed = dict(view) if opponent is None else {**view, OPPONENT_KEY: opponent}
    data = zlib.compress(json.dumps(packed, separators=(",", ":"), sort_keys=True).encode(), 9)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def decode_position(code: str) -> tuple[dict[str, Any], str]:
    """The view a code packs and the opponent's level it names (the strong player for a code
    that names none, or a level this version does not know); :class:`PositionError` when it is
    not a view."""
    try:
        if len(code) > MAX_CODE:
            raise ValueError("too long")
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        value = json.loads(zlib.decompressobj().decompress(packed, 64_000))
        opponent = value.pop(OPPONENT_KEY, DEFAULT_OPPONENT) if isinstance(value, dict) else DEFAULT_OPPONENT
        view = check_view(value)
    except (ValueError, TypeError, KeyError, AttributeError, zlib.error) as error:
        raise PositionError() from error
    return view, opponent if opponent in OPPONENTS else DEFAULT_OPPONENT


def decode_view(code: str) -> dict[str, Any]:
    """The view a code packs; :class:`PositionError` when it is not one."""
    return decode_position(code)[0]


def _with_rules(legacy: dict[str, Any]) -> dict[str, Any]:
    """A view packed before views carried their rules, with the rules of the ruleset it names."""
    view = {k: v for k, v in legacy.items() if k not in ("knock_limit", "target")}
    view["rules"] = load_ruleset(str(view["ruleset"])).options()
    return view
