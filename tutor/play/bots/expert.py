"""The expert: the strong player's judgement, checked by the analysis engine at every decision.

At each decision the strong player (:class:`~tutor.play.bots.planner.Planner` with the strong
style) proposes; the analysis (:func:`tutor.play.analysis.analyze_decision`) then values its
candidates on the same sampled worlds, and the expert plays the analysis' best unless it is not
clearly better than the strong player's own choice:

- **candidates**: to draw, both moves (take, or the stock or a pass); to discard, the
  :data:`CANDIDATES` plain discards the strong player rates best, each with its knock where the
  rules allow one, and a big gin when all eleven meld;
- **budget**: :data:`SAMPLES` worlds a decision (about a quarter of a second for a discard on
  this machine, well within the two seconds a decision may take; see ``benchmarks/analysis.py``);
- **caution**: the analysis' best replaces the strong player's choice only when it wins by more
  than :data:`MARGIN` standard errors of the paired difference, so that noise in the estimate
  does not undo what the strong player knows and the rollouts do not (the score of the game, what
  a discard gives away).

Like every level it is deterministic: the seed of the worlds comes from the bot's seed and the view.
A view whose cards do not add up to a deck (one written by hand, or by a program that leaves out
the pile) cannot be sampled: the expert then plays as the strong player.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.play.analysis import Analysis, analyze_decision
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import Table
from tutor.play.errors import ImpossibleViewError
from tutor.play.moves import Move

CANDIDATES = 4
"""How many of the strong player's best plain discards the analysis weighs."""
SAMPLES = 160
"""Worlds the analysis plays for each decision."""
MARGIN = 1.0
"""Standard errors by which the analysis' best must beat the strong player's choice to replace it."""


def candidates(table: Table, planner: Planner) -> list[Move]:
    """The moves the expert weighs at this decision (see the module's docstring)."""
    if table.phase != "discard":
        return list(table.legal)
    moves: list[Move] = []
    if table.can("big_gin"):
        moves.append(("big_gin", None))
    for _, card in planner.discard_scores(table)[:CANDIDATES]:
        moves.append(("discard", card))
        if ("knock", card) in table.legal:
            moves.append(("knock", card))
    for move in table.legal:  # a knock, even if its discard ranks low
        if move[0] == "knock" and move not in moves:
            moves.append(move)
            break
    return moves


@dataclass(frozen=True)
class Consultation:
    """The expert's move for a decision and the analysis it rests on (None for a view whose cards
    cannot be sampled, where the move is the strong player's)."""

    move: Move
    proposal: Move
    """The strong player's move."""
    analysis: Analysis | None


class Expert:
    """The expert level: see the module's docstring."""

    def __init__(self, planner: Planner, seed: int) -> None:
        self.planner = planner
        self.seed = seed

    def consult(self, view: dict[str, Any], table: Table, also: Sequence[Move] = ()) -> Consultation:
        """The expert's move for a view (read as ``table``) with more than one legal move, with its
        analysis; ``also`` adds moves to value beside the candidates (a learner's move, to grade it)
        on the same worlds, without changing the expert's choice, which stays among its candidates."""
        proposal = self.planner.choose(table)
        own = candidates(table, self.planner)
        if proposal not in own:
            own.append(proposal)
        moves = [*own, *(m for m in dict.fromkeys(also) if m not in own)]
        world_seed = zlib.crc32(repr((self.seed, view["hand"], view["discard_pile"], view["events"])).encode())
        try:
            analysis = analyze_decision(view, samples=SAMPLES, seed=world_seed, moves=moves)
        except ImpossibleViewError:
            return Consultation(proposal, proposal, None)  # a view written by hand whose cards do not add up

        # Each move's outcome in a world depends on that move alone, so the choice among its own
        # candidates is the same whatever ``also`` adds.
        best = max(own, key=lambda m: analysis.value(m).expected)
        loss, stderr = analysis.gap(proposal, best)
        return Consultation(best if loss > MARGIN * stderr else proposal, proposal, analysis)

    def choose(self, view: dict[str, Any], table: Table) -> Move:
        """The expert's move for a view (read as ``table``) with more than one legal move."""
        return self.consult(view, table).move


def expert(prefer: tuple[int, ...], seed: int) -> Expert:
    """The expert with the strong player's style and order of suits."""
    return Expert(Planner(STRONG, prefer), seed)
