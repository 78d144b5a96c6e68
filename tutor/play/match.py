"""A learner's game against the virtual player: the game, the level, every move, and each of the
learner's decisions beside the coach's verdict (:mod:`tutor.play.coach`, measured against the level played).

A :class:`Match` is a value. :meth:`Match.play` applies the learner's move and then the virtual
player's moves until the learner is to move again (or the hand or game is over). The learner is
player 0 (``A`` on the score sheet), the virtual player 1 (``B``). A match is rebuilt from its seed,
level, ruleset and the learner's moves alone (:func:`replay`), since the virtual player is
deterministic: that is what a saved game keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine.cards import Card, sort_cards
from tutor.engine.rules import Ruleset
from tutor.play.bots import Bot
from tutor.play.bots.reading import Table, read_view
from tutor.play.coach import Advice, CoachHint, Judgement, coach_hint, evaluation, explain, judge
from tutor.play.game import Game, new_game
from tutor.play.grading import accuracy
from tutor.play.hand import Hand, View
from tutor.play.holding import Holding, holding
from tutor.play.moves import Move, move_text, read_move
from tutor.play.opponents import DEFAULT_OPPONENT

LEARNER, VIRTUAL = 0, 1
"""The learner's seat number and the virtual player's in a match."""
JUDGEMENT, EVALUATION, VERDICTS, FAILED = "_judgement", "_evaluation", "_verdicts", "_failed"
"""The names a :class:`Decision` keeps its verdict, its evaluation, (tried again) every valued
move's verdict and (where the coach's work on it failed) that failure by."""
GAIN = "_gain/"
"""The start of the name a decision keeps a tip's measure by (:func:`tutor.play.debrief.departure`)."""
SENT_BACK = (GAIN, VERDICTS)
"""What a review worker sends back besides the verdict (:mod:`tutor.play.background`)."""


@dataclass(frozen=True)
class Played:
    """One move of a match: who made it, in which hand (from 0), and the move; for a ``take``,
    the card taken from the pile."""

    player: int
    hand: int
    move: Move
    took: Card | None = None


def _took(game: Game, move: Move) -> Card | None:
    """The card a move takes from the discard pile, if it does."""
    pile = game.hand.discard_pile
    return pile[-1] if move[0] == "take" and pile else None


@dataclass(frozen=True)
class Decision:
    """One of the learner's decisions: the view it was made on and the move. The coach's verdict
    (:attr:`judgement`, by the analysis) is worked out when it is first asked for, and kept."""

    hand: int
    view: View
    move: Move
    opponent: str = DEFAULT_OPPONENT
    """The level the learner faced: the coach measures the move against it."""

    def kept(self, name: str, make: Callable[[], Any]) -> Any:
        """The value of ``name`` for this decision, made once and kept (no lock: two threads that
        ask at once may both make it, and the first kept wins; a lock shared by every decision,
        as ``functools.cached_property`` holds on Python 3.11, would make one learner's page wait
        for another's verdict)."""
        if name in self.__dict__:
            return self.__dict__[name]
        return self.__dict__.setdefault(name, make())

    @property
    def table(self) -> Table:
        """What the learner knew at this decision, read as the virtual player reads a view."""
        found: Table = self.kept("_table", lambda: read_view(self.view))
        return found

    @property
    def judgement(self) -> Judgement:
        """The learner's move beside the coach's, measured in expected points (worked out here when
        first asked for, unless :mod:`tutor.play.background` has worked it out already)."""
        found: Judgement = self.kept(JUDGEMENT, self._judge)
        return found

    def _judge(self) -> Judgement:
        """The verdict, the decision holding on to its evaluation (the review's numbers and the tips'
        measures read it again however many other decisions the coach weighs meanwhile)."""
        self.__dict__.setdefault(EVALUATION, evaluation(self.view, self.opponent))
        return judge(self.view, self.move, self.opponent)

    @property
    def judged(self) -> bool:
        """Whether the coach's verdict on this decision is worked out (asking for it costs nothing)."""
        return JUDGEMENT in self.__dict__

    @property
    def failed(self) -> bool:
        """Whether the coach's work on this decision failed (:mod:`tutor.play.background`: the page
        says so, and may ask again)."""
        return bool(self.__dict__.get(FAILED))

    @property
    def advice(self) -> Advice:
        """The coach's move for this view, with the numbers a learner can see behind it."""
        found: Advice = self.kept("_advice", lambda: explain(self.view, self.judgement.coach))
        return found

    @property
    def agreed(self) -> bool:
        """Whether the coach grades the learner's move best: its own move, or one as good within
        what the analysis can tell (:mod:`tutor.play.evaluation`)."""
        return self.judgement.grade == "best"

    @property
    def holding(self) -> Holding:
        """The coach's map of what the opponent probably held at this decision (the level faced)."""
        found: Holding = self.kept("_holding", lambda: holding(self.view, self.opponent))
        return found

    @property
    def forced(self) -> bool:
        """Whether the move was the only legal one (no choice to grade)."""
        return len(self.view["legal"]) < 2


def judged_upto(decisions: Sequence[Decision], start: int = 0) -> int:
    """Where the run of ``decisions`` from ``start`` that need no more verdict ends: each judged or
    forced (a forced move is not a decision), up to the first still to judge."""
    upto = start
    while upto < len(decisions) and (decisions[upto].forced or decisions[upto].judged):
        upto += 1
    return upto


def decision_loss(decision: Decision) -> tuple[float, float]:
    """A decision's loss and its standard error, for its accuracy: none for a move graded best."""
    judgement = decision.judgement
    return (0.0, 0.0) if judgement.loss is None or decision.agreed else (judgement.loss, judgement.stderr)


def decisions_accuracy(decisions: Sequence[Decision]) -> float | None:
    """The accuracy (0 to 100, :func:`tutor.play.grading.accuracy`) of ``decisions`` (each must be
    judged or forced), forced moves left out; None when there is no decision."""
    return accuracy([decision_loss(d) for d in decisions if not d.forced])


@dataclass(frozen=True)
class Match:
    """A game between the learner and the virtual player of one level."""

    game: Game
    level: str
    moves: tuple[Played, ...] = ()
    decisions: tuple[Decision, ...] = ()
    seat: int = LEARNER
    """The learner's seat: 0 against the virtual player; either in a game between two learners
    (:mod:`tutor.play.friend`, where the match is one player's side of the table)."""

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def hand_number(self) -> int:
        """The number (from 0) of the hand being played, or of the last one once the game is over."""
        return len(self.game.played) - (1 if self.game.over else 0)

    @property
    def learner_to_move(self) -> bool:
        return self.game.to_move == self.seat

    def view(self) -> View:
        """What the learner sees of the hand being played."""
        return self.game.view(self.seat)

    def hint(self) -> CoachHint:
        """The coach's move for the learner's view, explained and valued."""
        return coach_hint(self.view(), self.level)

    def play(self, move: Any) -> Match:
        """The match after the learner's ``move`` (illegal: a ``MoveError``) and the virtual player's
        replies, up to the learner's next decision or the end of the hand."""
        chosen = read_move(move)
        view = self.view()
        hand = self.hand_number
        game = self.game.apply(chosen)
        moves = [*self.moves, Played(LEARNER, hand, chosen, _took(self.game, chosen))]
        decision = Decision(hand, view, chosen, self.level)
        match = replace(self, game=game, moves=(*moves,), decisions=(*self.decisions, decision))
        if len(game.played) > len(self.game.played):
            return match  # the learner's move ended the hand: the next waits for next_hand()
        return match.answer()

    def answer(self) -> Match:
        """The virtual player's moves while it is to move in the current hand."""
        bot = Bot(self.level, self.seed)
        game, moves = self.game, list(self.moves)
        hand = len(game.played)
        while game.to_move == VIRTUAL and len(game.played) == hand:
            move = bot.move(game.view(VIRTUAL))
            moves.append(Played(VIRTUAL, hand, move, _took(game, move)))
            game = game.apply(move)
        return replace(self, game=game, moves=tuple(moves))

    def next_hand(self) -> Match:
        """Let the virtual player open the next hand when it is the first to move there."""
        return self.answer()

    def hand_moves(self, number: int) -> tuple[Played, ...]:
        """The moves of hand ``number``, in order."""
        return tuple(p for p in self.moves if p.hand == number)

    def positions(self, number: int) -> list[tuple[Hand, Played]]:
        """Hand ``number`` move by move: the hand as it stood before each move, and the move."""
        game = new_game(self.rules, self.seed)
        out = []
        for played in self.moves:
            if played.hand == number:
                out.append((game.hand, played))
            elif played.hand > number:
                break
            game = game.apply(played.move)
        return out

    def opponent_hand_at(self, decision: Decision) -> tuple[Card, ...]:
        """The opponent's real hand when the learner made ``decision`` (one of this match's),
        replayed from the deal, sorted as the table shows them."""
        mine = [d for d in self.decisions if d.hand == decision.hand]
        place = next((i for i, d in enumerate(mine) if d is decision), None)
        if place is None:
            raise ValueError("that decision is not one of this game's")
        stood = [hand for hand, played in self.positions(decision.hand) if played.player == self.seat]
        return tuple(sort_cards(stood[place].cards[1 - self.seat]))

    def learner_moves(self) -> list[tuple[str, str | None]]:
        """The learner's moves as text, in order: what a saved game keeps."""
        return [move_text(p.move) for p in self.moves if p.player == self.seat]


def start_match(rules: Ruleset, seed: int | str, level: str) -> Match:
    """A new game against the virtual player of ``level``: it moves first when the deal says so."""
    Bot(level)  # an unknown level raises here, before anything is dealt
    return Match(new_game(rules, seed), level).answer()


def replay(rules: Ruleset, seed: int | str, level: str, learner_moves: list[Any]) -> Match:
    """The match that the learner's moves make from the start (a saved game, resumed)."""
    match = start_match(rules, seed, level)
    for move in learner_moves:
        if match.game.over:
            break
        if not match.learner_to_move:
            match = match.next_hand()
        match = match.play(move)
    return match
