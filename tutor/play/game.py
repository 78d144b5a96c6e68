"""A whole game: hands dealt one after another until a player reaches the ruleset's target.

The first dealer is drawn by the game's seed; afterwards the dealer alternates or is the winner of
the last hand, as the ruleset says, and after a void hand the same dealer deals again. The totals
are the engine's :func:`~tutor.engine.scoring.game_totals` of the hands finished so far.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from tutor.engine.rules import Ruleset, require_ruleset
from tutor.engine.scoring import GameTotals, HandResult, game_totals
from tutor.play.errors import GameOverError
from tutor.play.hand import Hand, View, check_seed, new_hand, other


def hand_seed(game_seed: int, number: int) -> int:
    """The seed of a game's hand ``number`` (from 0): the same game deals the same hands."""
    digest = hashlib.blake2b(f"{game_seed}/{number}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def first_dealer(rules: Ruleset, game_seed: int) -> int:
    """Who deals the first hand: drawn by the game's seed where the ruleset says so, else player 0."""
    return random.Random(game_seed).randrange(2) if rules.first_dealer == "random" else 0


def next_dealer(hand: Hand) -> int:
    """Who deals after a finished hand: the same dealer after a void hand; otherwise the other
    player or the hand's winner, as the ruleset says."""
    winner = hand.winner
    if winner is None:
        return hand.dealer
    return winner if hand.rules.next_dealer == "hand_winner" else other(hand.dealer)


@dataclass(frozen=True, eq=False)
class Game:
    """A game in progress or over. Make one with :func:`new_game`; move with :meth:`apply`."""

    rules: Ruleset
    seed: int
    hand: Hand
    """The hand being played; once the game is over, the last hand, finished."""
    played: tuple[Hand, ...] = ()
    """The finished hands, oldest first (void hands included)."""

    @cached_property
    def results(self) -> tuple[HandResult, ...]:
        """The score sheet: one line per finished hand, player 0 as ``A`` and 1 as ``B``."""
        return tuple(h.hand_result() for h in self.played)

    @cached_property
    def totals(self) -> GameTotals:
        """The engine's totals of the hands finished so far, with every bonus once the game is over."""
        return game_totals(self.results, self.rules)

    @property
    def over(self) -> bool:
        return self.totals.finished

    @property
    def winner(self) -> int | None:
        """The player who won the game, once it is over."""
        if self.totals.winner is None:
            return None
        return 0 if self.totals.winner == "A" else 1

    @property
    def to_move(self) -> int | None:
        return None if self.over else self.hand.to_move

    def view(self, player: int) -> View:
        """What ``player`` may see of the hand being played, with the game's score."""
        return self.hand.view(player)

    def apply(self, move: Any) -> Game:
        """The game after the player to move makes ``move`` in the current hand. When that ends the
        hand, the next one is dealt at once, unless the game is over."""
        if self.over:
            raise GameOverError()
        hand = self.hand.apply(move)
        if not hand.over:
            return replace(self, hand=hand)
        played = (*self.played, hand)
        finished = replace(self, hand=hand, played=played)
        if finished.over:
            return finished
        points = finished.totals.points
        dealt = new_hand(self.rules, hand_seed(self.seed, len(played)), next_dealer(hand),
                         score=(points["A"], points["B"]))
        return replace(self, hand=dealt, played=played)


def new_game(rules: Ruleset, seed: int | str) -> Game:
    """A game to the ruleset's target, its first hand dealt; the same seed deals the same game."""
    rules = require_ruleset(rules)
    number = check_seed(seed)
    hand = new_hand(rules, hand_seed(number, 0), first_dealer(rules, number), score=(0, 0))
    return Game(rules, number, hand)
