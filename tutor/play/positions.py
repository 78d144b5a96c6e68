"""A position as text: a player's view packed into a short code that a review item or an address
can carry, and read back with a check that it is a view a player could be shown.

A code carries its rules (the view's ``rules``), so a position plays under the options it was taken
under. Codes made before views carried their rules name only their ruleset (with its knock limit and
target beside it): such a stored code is read at this edge by loading its ruleset by name."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, cast

from tutor.base.msgids import N_
from tutor.engine.cards import HAND_SIZE, Card, cards_of_mask, parse_card
from tutor.engine.errors import TutorError
from tutor.engine.melds import min_deadwood
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.play.bots import Bot
from tutor.play.bots.reading import Table, read_view
from tutor.play.errors import CardInTwoPlacesError, ListedMoveError, MoveListedTwiceError, ViewFieldError
from tutor.play.game import new_game
from tutor.play.hand import VIEW_KEYS, View
from tutor.play.levels import LEVELS
from tutor.play.moves import move_text
from tutor.play.opponents import DEFAULT_OPPONENT

"""The keys of a view (:meth:`tutor.play.hand.Hand.view`)."""
LEGACY_KEYS = VIEW_KEYS - {"rules"} | {"knock_limit", "target"}
"""The keys of a view packed before views carried their rules."""
MAX_CODE = 4000
"""The longest code read: a whole hand's view packs into far less."""
STOCK_MOST = 52 - 2 * HAND_SIZE - 1
"""The stock's size after the deal (31): it only shrinks."""
EVENTS_MOST = 400
"""The most events a view may list: a hand's moves (two players passing one card back and forth
could go on, but no game of ours keeps a hand going that long)."""
TURN_MOST = EVENTS_MOST
PHASES = frozenset({"first_upcard", "draw", "discard"})
"""The phases in which a player has a decision."""


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


def check_view(value: Any) -> View:
    """``value`` if it is a view a player could be shown (with its rules, or in the older form that
    names only its ruleset); :class:`NotAViewError` otherwise."""
    try:
        if isinstance(value, dict) and set(value) == LEGACY_KEYS:
            value = _with_rules(value)
        if not isinstance(value, dict) or set(value) != VIEW_KEYS:
            raise ValueError("not a view")
        view = cast(View, value)  # its keys are a view's: each field is checked next
        _check_fields(view)
        table = read_view(view)
    except TutorError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
        raise NotAViewError() from error
    _check_table(view, table)
    return view


def _whole(value: Any, least: int, most: int) -> bool:
    """Whether ``value`` is a whole number (not a truth value) from ``least`` to ``most``."""
    return type(value) is int and least <= value <= most


def _check_fields(view: View) -> None:
    """Each field of a view of the right type and within what a game could show
    (:class:`ViewFieldError` naming the first that is not); the cards are read later."""
    checks = {
        "seat": _whole(view["seat"], 0, 1),
        "phase": view["phase"] in PHASES,
        "stock_size": _whole(view["stock_size"], 0, STOCK_MOST),
        "turn": _whole(view["turn"], 1, TURN_MOST),
        "events": isinstance(view["events"], list) and len(view["events"]) <= EVENTS_MOST
        and all(isinstance(e, list) and len(e) == 3 and e[0] in ("me", "opp") for e in view["events"]),
        "score": view["score"] is None or (isinstance(view["score"], list) and len(view["score"]) == 2
                                           and all(_whole(points, 0, 1_000_000) for points in view["score"])),
        "ruleset": isinstance(view["ruleset"], str),
        "legal": isinstance(view["legal"], list) and 0 < len(view["legal"]) <= 2 * (HAND_SIZE + 1) + 1,
        **{name: isinstance(view[name], list) and len(view[name]) <= 52
           for name in ("hand", "discard_pile", "opponent_known", "opponent_discards")},
    }
    for field, right in checks.items():
        if not right:
            raise ViewFieldError(field=field)


def _check_table(view: View, table: Table) -> None:
    """The cards of a view each in one place, as many as its phase holds, and every move it offers
    one its hand may play under its rules (an error that says which is not)."""
    seen: set[Card] = set()
    for place in ("hand", "discard_pile", "opponent_known"):
        for card in (parse_card(text) for text in view[place]):
            if card in seen:
                raise CardInTwoPlacesError(card=card.symbol)
            seen.add(card)
    wanted = HAND_SIZE + (view["phase"] == "discard")
    if len(view["hand"]) != wanted:
        raise ViewFieldError(field="hand")
    if (table.top is None) != (not view["discard_pile"]) or (table.top is not None and str(table.top)
                                                             != view["discard_pile"][-1]):
        raise ViewFieldError(field="top_discard")
    if table.taken is not None and (view["phase"] != "discard" or not table.hand & table.taken.bit):
        raise ViewFieldError(field="taken_upcard")
    playable = set(_playable(view["phase"], table))
    offered: set[tuple[str, Card | None]] = set()
    for move in table.legal:
        text = json.dumps(list(move_text(move)), ensure_ascii=False)
        if move in offered:
            raise MoveListedTwiceError(move=text)
        if move not in playable:
            raise ListedMoveError(move=text)
        offered.add(move)


def _playable(phase: str, table: Table) -> list[tuple[str, Card | None]]:
    """Every move a hand may play in ``phase`` under its table's rules (the game's own list for a
    decision: :attr:`tutor.play.hand.Hand.legal_moves`)."""
    if phase == "first_upcard":
        return [("take", None), ("pass", None), ("stock", None)]
    if phase == "draw":
        return [*([("take", None)] if table.top is not None else []),
                *([("stock", None)] if table.stock_size else [])]
    moves: list[tuple[str, Card | None]] = []
    for card in cards_of_mask(table.hand):
        if card == table.taken:
            continue
        moves.append(("discard", card))
        if table.rules.may_knock_with(min_deadwood(table.hand & ~card.bit)):
            moves.append(("knock", card))
    if table.rules.big_gin_allowed and min_deadwood(table.hand) == 0:
        moves.append(("big_gin", None))
    return moves



def played_position(rules: Ruleset, seed: int, level: str, move: int) -> View:
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


def encode_view(view: View, opponent: str | None = None) -> str:
    """The view as a short code of URL-safe letters (no ``:``), with the level of the ``opponent``
    it was played against when one is given (the coach measures the position against it)."""
    packed = dict(view) if opponent is None else {**view, OPPONENT_KEY: opponent}
    data = zlib.compress(json.dumps(packed, separators=(",", ":"), sort_keys=True).encode(), 9)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def decode_position(code: str) -> tuple[View, str]:
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
    return view, opponent if opponent in LEVELS else DEFAULT_OPPONENT


def decode_view(code: str) -> View:
    """The view a code packs; :class:`PositionError` when it is not one."""
    return decode_position(code)[0]


def _with_rules(legacy: dict[str, Any]) -> dict[str, Any]:
    """A view packed before views carried their rules, with the rules of the ruleset it names."""
    view = {k: v for k, v in legacy.items() if k not in ("knock_limit", "target")}
    view["rules"] = load_ruleset(str(view["ruleset"])).options()
    return view
