"""A game between two learners at one table (Lichess's "play with a friend"): the game, every move
in order, and which seat, if either, the virtual player has taken over.

A :class:`FriendGame` is a value rebuilt from its ruleset, seed and moves alone (:func:`replay`):
the player of each move is the one the rules put to move, so a stored game keeps only the moves
(:func:`tutor.play.moves.moves_code`). Seat 0 opened the table, seat 1 joined it; who deals first is
drawn by the seed. :meth:`FriendGame.side` is one player's side of the table as a
:class:`~tutor.play.match.Match`: that player's view, their decisions beside the coach's, measured
against :data:`MODEL_LEVEL` (the coach cannot know how a friend plays, so it models them as the
strong virtual player and says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine.rules import Ruleset
from tutor.play.bots import Bot
from tutor.play.errors import GameOverError, NotYourTurnError, SeatTakenOverError
from tutor.play.game import Game, new_game
from tutor.play.hand import check_player
from tutor.play.match import Decision, Match, Played
from tutor.play.moves import Move, move_text, read_move

FRIEND_LEVEL = "friend"
"""The level a player's record of a friend game is kept under (their ``games`` row)."""
MODEL_LEVEL = "strong"
"""The level the coach models a friend by, and the virtual player's level when it takes a seat."""
SEATS = (0, 1)


@dataclass(frozen=True)
class FriendGame:
    """A game between two players; ``robot`` is the seat the virtual player has taken over, if any."""

    game: Game
    moves: tuple[Played, ...] = ()
    robot: int | None = None
    robot_from: int = 0
    """The number of moves made when the virtual player took its seat: its moves come after."""

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return self.game.to_move

    @property
    def hand_number(self) -> int:
        """The number (from 0) of the hand being played, or of the last one once the game is over."""
        return len(self.game.played) - (1 if self.game.over else 0)

    def play(self, seat: int, move: Any) -> FriendGame:
        """The game after ``seat`` plays ``move``, then the virtual player's moves if it sits at the
        other seat. Raises :class:`NotYourTurnError` when the other seat is to move, and the game's
        :class:`~tutor.play.errors.MoveError` for a move the rules do not allow now."""
        seat = check_player(seat)
        chosen = read_move(move)
        if self.game.over:
            raise GameOverError()
        if seat == self.robot:
            raise SeatTakenOverError()
        if self.game.to_move != seat:
            raise NotYourTurnError()
        return self._apply(chosen).answer()

    def _apply(self, move: Move) -> FriendGame:
        seat = self.game.to_move
        assert seat is not None
        pile = self.game.hand.discard_pile
        took = pile[-1] if move[0] == "take" and pile else None
        played = Played(seat, len(self.game.played), move, took)
        return replace(self, game=self.game.apply(move), moves=(*self.moves, played))

    def answer(self) -> FriendGame:
        """The virtual player's moves while it holds the seat to move (across hands, to the game's end
        if need be: nobody waits for it)."""
        if self.robot is None:
            return self
        bot = Bot(MODEL_LEVEL, self.seed)
        found = self
        while found.game.to_move == self.robot:
            found = found._apply(bot.move(found.game.view(self.robot)))
        return found

    def take_over(self, seat: int) -> FriendGame:
        """The game with the virtual player in ``seat`` from now on (its player left), moving at once
        if that seat is to move."""
        if self.robot is not None:
            raise SeatTakenOverError()
        return replace(self, robot=check_player(seat), robot_from=len(self.moves)).answer()

    def moves_text(self) -> list[tuple[str, str | None]]:
        """Every move in order, as plain data (what the store keeps)."""
        return [move_text(p.move) for p in self.moves]

    def decisions(self, seat: int) -> tuple[Decision, ...]:
        """The decisions ``seat`` made itself (not the virtual player's in its place), each on the
        view it was made on, measured against :data:`MODEL_LEVEL`."""
        game = new_game(self.rules, self.seed)
        found = []
        for index, played in enumerate(self.moves):
            if played.player == seat and not self._by_robot(index):
                found.append(Decision(played.hand, game.view(seat), played.move, MODEL_LEVEL))
            game = game.apply(played.move)
        return tuple(found)

    def _by_robot(self, index: int) -> bool:
        """Whether move ``index`` was the virtual player's (in the seat it took over)."""
        return self.robot is not None and self.moves[index].player == self.robot and index >= self.robot_from

    def side(self, seat: int, kept: tuple[Decision, ...] = ()) -> Match:
        """One player's side of the table: their view, their decisions, the other measured as
        :data:`MODEL_LEVEL`. ``kept``: the decisions of an earlier side of the same game, whose
        verdicts are kept (each decision the game still has, in the same place, is the one kept)."""
        seat = check_player(seat)
        decisions = tuple(old if i < len(kept) and (old := kept[i]).hand == new.hand and old.move == new.move
                          and old.view == new.view else new for i, new in enumerate(self.decisions(seat)))
        return Match(self.game, MODEL_LEVEL, self.moves, decisions, seat=seat)


REVIEWED_GRADES = ("mistake", "blunder")
"""The grades of a discard that go into the learner's review by themselves after a friend game's hand."""


def discards_to_review(decisions: Sequence[Decision]) -> list[Decision]:
    """The discards among ``decisions`` (each judged or forced) that the coach graded a mistake or a
    blunder: they go into the learner's review (*Practise my mistakes*)."""
    return [d for d in decisions if not d.forced and d.view["phase"] == "discard"
            and d.judgement.grade in REVIEWED_GRADES]


def start(rules: Ruleset, seed: int | str) -> FriendGame:
    """A new game between two players, its first hand dealt."""
    return FriendGame(new_game(rules, seed))


def replay(rules: Ruleset, seed: int | str, moves: list[Any], robot: int | None = None,
           robot_from: int | None = None) -> FriendGame:
    """The game its moves make from the deal (a stored game, rebuilt); ``robot`` is the seat the
    virtual player took over after ``robot_from`` moves (its moves are among ``moves``). A move that
    the rules do not allow raises the game's :class:`~tutor.play.errors.MoveError`."""
    found = start(rules, seed)
    for move in moves:
        if found.game.over:
            raise GameOverError()
        found = found._apply(read_move(move))
    if robot is not None:
        found = replace(found, robot=check_player(robot), robot_from=min(len(found.moves), robot_from or 0))
    return found
