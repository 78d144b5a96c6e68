"""The expert: the strong player's judgement, checked by the analysis engine at every decision.

At each decision the strong player (:class:`~tutor.play.bots.planner.Planner` with the strong
style) proposes, and the analysis weighs it as the coach does (:mod:`tutor.play.evaluation`: every
legal move screened, the best of them and the proposal raced), on a bot's budget
(:data:`BUDGET`). The expert plays the race's leader only when it is better than the proposal
beyond doubt (the proposal dropped out of the race); otherwise it keeps the strong player's move,
so that noise in the estimate does not undo what the strong player knows and the rollouts do not
(the score of the game). It models its opponent as the strong player unless it is told which
level it faces.

Like every level it is deterministic: the worlds come from the position and the bot's seed. A view
whose cards do not add up to a deck (one written by hand, or by a program that leaves out the
pile) cannot be sampled: the expert then plays as the strong player.
"""

from __future__ import annotations

from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import Table
from tutor.play.errors import ImpossibleViewError
from tutor.play.evaluation import Budget, Evaluation
from tutor.play.hand import View
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.simulate import CAREFUL

BUDGET = Budget(screen=16, keep=6, deep=48, candidates=4, race=160, refine=0, verdict=0, belief=24, belief_deals=0,
                knock_hands=0, mover=CAREFUL, exact_at_wall=False)
"""The expert's budget a decision: about a tenth of a second for a discard on this machine, well
within the two seconds a decision may take (``benchmarks/analysis.py``)."""


class Expert:
    """The expert level: see the module's docstring."""

    def __init__(self, planner: Planner, seed: int, opponent: str = DEFAULT_OPPONENT) -> None:
        self.planner = planner
        self.seed = seed
        self.opponent = opponent

    def choose(self, view: View, table: Table) -> Move:
        """The expert's move for a view (read as ``table``) with more than one legal move."""
        proposal = self.planner.choose(table)
        try:
            choice = Evaluation(view, self.opponent, self.seed, BUDGET, proposal=proposal).choice()
        except ImpossibleViewError:
            return proposal  # a view written by hand whose cards do not add up
        return proposal if proposal == choice.move or proposal in choice.survivors else choice.move


def expert(prefer: tuple[int, ...], seed: int, opponent: str = DEFAULT_OPPONENT) -> Expert:
    """The expert with the strong player's style and order of suits."""
    return Expert(Planner(STRONG, prefer), seed, opponent)
