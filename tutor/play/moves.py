"""Moves: what a player may do, written as ``(kind, card or None)``.

``("take", None)`` takes the top of the discard pile (and accepts the first upcard),
``("stock", None)`` draws from the stock, ``("pass", None)`` declines the first upcard,
``("discard", "7H")`` discards, ``("knock", "7H")`` discards and knocks (gin when no deadwood is
left), ``("big_gin", None)`` shows eleven melded cards without a discard. Cards are written in the
engine's notation; a :class:`~tutor.engine.cards.Card` is accepted too.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from tutor.engine.cards import Card, parse_card
from tutor.engine.errors import CardError
from tutor.play.errors import MalformedMoveError

Kind = Literal["take", "stock", "pass", "discard", "knock", "big_gin"]
KINDS: tuple[Kind, ...] = get_args(Kind)
CARD_KINDS = frozenset({"discard", "knock"})
"""The kinds of move that name a card."""
Move = tuple[Kind, Card | None]
"""A move as the game keeps it: its kind and, for a discard or a knock, the card."""


def read_move(move: Any) -> Move:
    """A move given as ``(kind, card)`` (a list from JSON will do), checked for its form only:
    a known kind, with a card exactly where the kind needs one."""
    if not isinstance(move, (tuple, list)) or len(move) != 2 or move[0] not in KINDS:
        raise MalformedMoveError(move=_shown(move))
    kind, card = move
    if kind not in CARD_KINDS:
        if card is not None:
            raise MalformedMoveError(move=_shown(move))
        return kind, None
    if isinstance(card, Card):
        return kind, card
    if not isinstance(card, str):
        raise MalformedMoveError(move=_shown(move))
    try:
        return kind, parse_card(card)
    except CardError:
        raise MalformedMoveError(move=_shown(move)) from None


def move_text(move: Move) -> tuple[str, str | None]:
    """A move as plain data, the card in the engine's notation: ``("discard", "7H")``."""
    kind, card = move
    return kind, None if card is None else str(card)


def _shown(move: Any) -> str:
    text = repr(move)
    return text if len(text) <= 60 else text[:57] + "…"


MOVE_LETTERS: dict[str, str] = {"take": "t", "stock": "s", "pass": "p", "discard": "d", "knock": "k", "big_gin": "b"}
"""One letter per kind of move, for a list of moves in an address (``p.s.d7H.t.k2C``)."""
_KIND_OF_LETTER = {letter: kind for kind, letter in MOVE_LETTERS.items()}
ADDRESS_MOVES_MOST = 2000
"""The most moves an address may list (a whole game has a few hundred at most)."""


def moves_code(moves: list[tuple[str, str | None]]) -> str:
    """Moves (as :func:`move_text` writes them) in one short text for an address: ``p.s.d7H``."""
    return ".".join(MOVE_LETTERS[kind] + (card or "") for kind, card in moves)


def read_moves_code(code: str) -> list[Move]:
    """The moves of :func:`moves_code`, each checked for its form; a :class:`MalformedMoveError`
    names the first that cannot be read."""
    pieces = code.split(".") if code else []
    if len(pieces) > ADDRESS_MOVES_MOST:
        raise MalformedMoveError(move=code[:20] + "…")
    moves = []
    for piece in pieces:
        kind = _KIND_OF_LETTER.get(piece[:1])
        try:
            if kind is None:
                raise MalformedMoveError(move=piece)
            moves.append(read_move((kind, piece[1:] if kind in CARD_KINDS else (piece[1:] or None))))
        except MalformedMoveError:
            raise MalformedMoveError(move=piece[:20]) from None
    return moves
