"""One hand of gin rummy as an immutable state machine: the deal, the first upcard, turns of a draw
and a discard, the knock, the wall.

Every choice comes from the :class:`~tutor.engine.rules.Ruleset` (the upcard offer, the knock
limit, big gin, the stock size that voids a hand); the score of a finished hand is the engine's
:func:`~tutor.engine.scoring.score_hand` of the final cards. Players are 0 and 1; either may deal.
:meth:`Hand.apply` returns a new hand and never changes the old one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Literal, TypedDict, TypeVar

from tutor.base.numbers import read_seed
from tutor.engine.cards import DECK, HAND_SIZE, Card, mask_of, sort_cards
from tutor.engine.melds import min_deadwood
from tutor.engine.rules import OptionValue, Ruleset, require_ruleset
from tutor.engine.scoring import HandResult, HandScore, Player, may_knock, score_hand
from tutor.play.errors import (
    BadDealerError,
    BadGameSeedError,
    BadPlayerError,
    BigGinRulesError,
    CardNotHeldError,
    DiscardNowError,
    DrawFirstError,
    EmptyPileError,
    HandInProgressError,
    HandOverError,
    KnockTooHighError,
    MoveError,
    MustDrawStockError,
    NotAllMeldedError,
    PassOnlyUpcardError,
    TakenCardDiscardError,
    UpcardDecisionError,
)
from tutor.play.moves import Move, move_text, read_move

Phase = Literal["first_upcard", "draw", "discard", "over"]
Result = HandScore | Literal["void"]
T = TypeVar("T")


@dataclass(frozen=True)
class Event:
    """One public move: who made it, what it was, and the card when everyone saw it (a card taken
    from the pile, the upcard passed, a discard); a card drawn from the stock stays hidden."""

    player: int
    move: str
    card: Card | None


def other(player: int) -> int:
    """The other player."""
    return 1 - player


def for_seat(pair: tuple[T, T], player: int, value: T) -> tuple[T, T]:
    """A pair of per-player values with ``player``'s replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)


def check_seed(seed: Any) -> int:
    """A hand or game number: a whole number from 0 to :data:`MAX_SEED` (a string of digits will do)."""
    return read_seed(seed, BadGameSeedError)


def check_player(player: Any) -> int:
    """Player 0 or 1."""
    if isinstance(player, bool) or player not in (0, 1):
        raise BadPlayerError(player=repr(player)[:20])
    return int(player)


class View(TypedDict):
    """What one player may see of a hand (:meth:`Hand.view`): plain data, ready for JSON. The keys are
    described in :mod:`tutor.play`; a view made by another program has the same keys."""

    seat: int
    phase: str
    hand: list[str]
    top_discard: str | None
    taken_upcard: str | None
    discard_pile: list[str]
    opponent_known: list[str]
    opponent_discards: list[str]
    events: list[list[str | None]]
    stock_size: int
    turn: int
    ruleset: str
    rules: dict[str, OptionValue]
    legal: list[list[str | None]]
    score: list[int] | None


VIEW_KEYS = frozenset(View.__annotations__)
"""Every key of a view."""


@dataclass(frozen=True, eq=False)
class Hand:
    """The state of one hand. Make one with :func:`new_hand`; move with :meth:`apply`."""

    rules: Ruleset
    seed: int
    dealer: int
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each player's cards, in the order they came."""
    stock: tuple[Card, ...]
    """The stock, the next card to draw first."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom to top."""
    phase: Phase
    to_move: int | None
    """0 or 1, None when the hand is over."""
    passes: int = 0
    """How many players have passed on the first upcard."""
    taken: Card | None = None
    """In ``discard``: the card just taken from the pile (it may not be discarded this turn)."""
    known: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    """The cards each player took from the pile and still holds: the other player saw them."""
    events: tuple[Event, ...] = ()
    score: tuple[int, int] | None = None
    """In a game: each player's points when the hand was dealt."""
    result: Result | None = None
    """None while the hand is played; then the engine's :class:`HandScore`, or ``"void"``."""
    knocker: int | None = None
    """Who knocked (or went gin or big gin), once the hand is over."""

    @property
    def non_dealer(self) -> int:
        return other(self.dealer)

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> int | None:
        """The player who won the hand (None while playing and for a void hand)."""
        if not isinstance(self.result, HandScore) or self.knocker is None:
            return None
        return self.knocker if self.result.winner == "knocker" else other(self.knocker)

    def turn(self, player: int) -> int:
        """The player's turn number in this hand, from 1: one more than the discards it has made."""
        return 1 + sum(1 for e in self.events if e.player == player and e.move in ("discard", "knock", "big_gin"))

    @cached_property
    def legal_moves(self) -> tuple[Move, ...]:
        """Every move the player to move may make now (none when the hand is over)."""
        if self.to_move is None:
            return ()
        if self.phase == "first_upcard":
            return (("stock", None),) if self.passes == 2 else (("take", None), ("pass", None))
        if self.phase == "draw":
            moves: list[Move] = []
            if self.discard_pile:
                moves.append(("take", None))
            if self.stock:
                moves.append(("stock", None))
            return tuple(moves)
        return self._discard_moves(self.cards[self.to_move])

    def _discard_moves(self, held: tuple[Card, ...]) -> tuple[Move, ...]:
        choices = [c for c in sort_cards(held) if c is not self.taken]
        moves: list[Move] = [("discard", c) for c in choices]
        moves += [("knock", c) for c in choices if may_knock([h for h in held if h is not c], self.rules)]
        if may_knock(held, self.rules):
            moves.append(("big_gin", None))
        return tuple(moves)

    def apply(self, move: Any) -> Hand:
        """The hand after the player to move makes ``move``; a :class:`~tutor.play.errors.MoveError`
        that says why when the move cannot be played now."""
        kind, card = read_move(move)
        if (kind, card) not in self.legal_moves:
            raise self._why_illegal(kind, card)
        player = self.to_move
        assert player is not None
        if kind == "pass":
            return self._pass(player)
        if kind in ("take", "stock"):
            return self._draw(player, kind)
        if kind == "big_gin":
            return self._show(player, self.cards[player], Event(player, "big_gin", None))
        assert card is not None
        return self._discard(player, card, knock=kind == "knock")

    def _why_illegal(self, kind: str, card: Card | None) -> MoveError:
        """The error that explains why a well-formed move cannot be played now."""
        if self.to_move is None:
            return HandOverError()
        if self.phase == "first_upcard":
            return MustDrawStockError() if self.passes == 2 else UpcardDecisionError()
        if self.phase == "draw":
            if kind == "pass":
                return PassOnlyUpcardError()
            return EmptyPileError() if kind == "take" else DrawFirstError()
        if kind in ("take", "stock", "pass"):
            return DiscardNowError()
        held = self.cards[self.to_move]
        if kind == "big_gin":
            if not self.rules.big_gin_allowed:
                return BigGinRulesError()
            return NotAllMeldedError(deadwood=min_deadwood(mask_of(held)))
        assert card is not None
        if card not in held:
            return CardNotHeldError(card=card.symbol)
        if card is self.taken:
            return TakenCardDiscardError(card=card.symbol)
        rest = mask_of(held) & ~card.bit
        return KnockTooHighError(card=card.symbol, deadwood=min_deadwood(rest), limit=self.rules.knock_limit)

    def _pass(self, player: int) -> Hand:
        passes = self.passes + 1
        to_move = self.non_dealer if passes == 2 else other(player)
        return replace(self, passes=passes, to_move=to_move, events=(*self.events, Event(player, "pass", self.upcard)))

    def _draw(self, player: int, kind: str) -> Hand:
        if kind == "take":
            card = self.discard_pile[-1]
            return replace(self, cards=for_seat(self.cards, player, (*self.cards[player], card)),
                           discard_pile=self.discard_pile[:-1], phase="discard", taken=card,
                           known=for_seat(self.known, player, self.known[player] | {card}),
                           events=(*self.events, Event(player, "take", card)))
        card = self.stock[0]
        return replace(self, cards=for_seat(self.cards, player, (*self.cards[player], card)), stock=self.stock[1:],
                       phase="discard", taken=None, events=(*self.events, Event(player, "stock", None)))

    def _discard(self, player: int, card: Card, knock: bool) -> Hand:
        held = tuple(c for c in self.cards[player] if c is not card)
        moved = replace(self, cards=for_seat(self.cards, player, held), discard_pile=(*self.discard_pile, card),
                        taken=None, known=for_seat(self.known, player, self.known[player] - {card}))
        if knock:
            return moved._show(player, held, Event(player, "knock", card))
        events = (*self.events, Event(player, "discard", card))
        if len(self.stock) <= self.rules.void_at_stock:
            return replace(moved, phase="over", to_move=None, result="void", events=events)
        return replace(moved, phase="draw", to_move=other(player), events=events)

    def _show(self, player: int, shown: tuple[Card, ...], event: Event) -> Hand:
        """End the hand: ``player`` shows ``shown`` (10 cards, or 11 for big gin) and it is scored."""
        result = score_hand(list(shown), list(self.cards[other(player)]), self.rules)
        return replace(self, phase="over", to_move=None, taken=None, result=result, knocker=player,
                       events=(*self.events, event))

    def hand_result(self) -> HandResult:
        """The finished hand as a line of a game's score sheet, player 0 as ``A`` and 1 as ``B``."""
        if self.result is None:
            raise HandInProgressError()
        winner = self.winner
        if winner is None:
            return HandResult(None)
        name: Player = "A" if winner == 0 else "B"
        assert isinstance(self.result, HandScore)
        return HandResult(name, self.result.points)

    def view(self, player: int) -> View:
        """What ``player`` may see, as a JSON-ready dict: never a card of the stock or an opponent's
        card that was not shown (see :mod:`tutor.play` for the keys)."""
        player = check_player(player)
        opponent = other(player)
        mine = self.to_move == player
        return {
            "seat": 1 if player == self.dealer else 0,
            "phase": self.phase,
            "hand": [str(c) for c in sort_cards(self.cards[player])],
            "top_discard": _text(self.upcard),
            "taken_upcard": _text(self.taken) if mine and self.phase == "discard" else None,
            "discard_pile": [str(c) for c in self.discard_pile],
            "opponent_known": [str(c) for c in sort_cards(self.known[opponent])],
            "opponent_discards": [str(e.card) for e in self.events
                                  if e.player == opponent and e.move in ("discard", "knock")],
            "events": [["me" if e.player == player else "opp", e.move, _text(e.card)] for e in self.events],
            "stock_size": len(self.stock),
            "turn": self.turn(player),
            "ruleset": self.rules.name,
            "rules": self.rules.options(),
            "legal": [list(move_text(m)) for m in self.legal_moves] if mine else [],
            "score": None if self.score is None else [self.score[player], self.score[opponent]],
        }


def _text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def deal(seed: int, dealer: int) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], Card, tuple[Card, ...]]:
    """Shuffle by ``seed`` and deal: ten cards each, one at a time from the non-dealer, then the
    upcard; the rest is the stock. Returns both players' cards, the upcard and the stock."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    first, second = tuple(deck[0:2 * HAND_SIZE:2]), tuple(deck[1:2 * HAND_SIZE:2])
    cards = (first, second) if dealer == 1 else (second, first)
    return cards, deck[2 * HAND_SIZE], tuple(deck[2 * HAND_SIZE + 1:])


def new_hand(rules: Ruleset, seed: int | str, dealer: int = 0,
             score: tuple[int, int] | None = None) -> Hand:
    """A hand dealt from ``seed`` (the same seed deals the same cards) by ``dealer`` (0 or 1).

    Where the ruleset offers the first upcard, the non-dealer decides on it first; otherwise the
    non-dealer simply plays first. ``score`` is each player's points so far, in a game.
    """
    rules = require_ruleset(rules)
    number = check_seed(seed)
    if isinstance(dealer, bool) or dealer not in (0, 1):
        raise BadDealerError(dealer=repr(dealer)[:20])
    cards, upcard, stock = deal(number, dealer)
    phase: Phase = "first_upcard" if rules.upcard_offer else "draw"
    return Hand(rules, number, dealer, cards, stock, (upcard,), phase, other(dealer), score=score)
