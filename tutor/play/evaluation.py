"""A decision weighed until what the coach says of it is decided by the evidence, not drawn.

An :class:`Evaluation` holds one decision (a view), the level of the opponent the analysis models
and a fixed sequence of worlds (:class:`~tutor.play.analysis.Position`: the seed comes from the
position alone, so the same position is weighed on the same worlds in every game). Each move's
outcome in each world is played once, when first needed, and kept: everything below reads the
same numbers, in whatever order it is asked.

- **The coach's move** (:meth:`Evaluation.choice`): every legal move is played on :data:`SCREEN`
  worlds (a cheap first pass, so the analysis' own best is never left out); the best
  :data:`CANDIDATES` of them, with the strong player's move, then race: worlds are added
  :data:`BATCH` at a time, and a move drops out once it is behind the leader by more than
  :data:`RACE_CONFIDENCE` standard errors of the paired difference. The race ends when one move
  is left, when every move left is within :data:`~tutor.play.grading.BEST_WITHIN` of the leader
  beyond doubt, or at :data:`RACE_WORLDS`. The moves still in it are *too close to call*.
- **A verdict on a move** (:meth:`Evaluation.verdict`): its loss against the coach's move on the
  same worlds, grown :data:`BATCH` at a time until the grade is settled (the loss' confidence
  interval, :data:`SETTLE_CONFIDENCE` standard errors either way, lies within one grade) or
  :data:`VERDICT_WORLDS` are played. A move still in the race is as good as the coach's move,
  within what the analysis can tell.

The budgets are the app's; a bot (the expert) weighs its decisions on far fewer worlds
(:class:`Budget`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from tutor.play.analysis import BELIEF_WORLDS, OptionValue, Position, paired_gap, position_seed, stderr_of
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.grading import BEST_WITHIN, Grade, grade, settled
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT

SCREEN = 24
"""Worlds on which every legal move is played first."""
CANDIDATES = 4
"""How many of the best moves of that first pass race for the coach's move (beside the strong player's)."""
BATCH = 48
"""Worlds added at a time."""
RACE_CONFIDENCE = 2.0
"""Standard errors by which a move must trail the leader to drop out of the race."""
SETTLE_CONFIDENCE = 1.5
"""Standard errors either side of a loss within which its grade must not change for it to be settled."""


@dataclass(frozen=True)
class Budget:
    """How many worlds a decision may take: for the race, and for a verdict; and how many worlds
    every legal move is first played on, and opponent hands the mover's belief is drawn from."""

    race: int
    verdict: int
    screen: int = SCREEN
    belief: int = BELIEF_WORLDS


APP = Budget(race=720, verdict=1200)
"""The coach's budget in the app (see ``benchmarks/coach_trust.py`` for what it costs and buys)."""
RACE_WORLDS, VERDICT_WORLDS = APP.race, APP.verdict


@dataclass(frozen=True)
class Choice:
    """The coach's move and how the race ended."""

    move: Move
    """The leader: the best move the coach valued."""
    close: tuple[Move, ...]
    """The other moves the race could not tell from the leader: too close to call."""
    worlds: int
    """Worlds the race played the leader on."""
    proposal: Move
    """The strong player's move."""
    raced: tuple[Move, ...]
    """Every move of the race, the leader first."""


@dataclass(frozen=True)
class Verdict:
    """A move beside the coach's: what it gives up against it (negative: it was found worth
    more), with the standard error of that paired difference, over ``worlds`` worlds."""

    move: Move
    coach: Move
    loss: float
    stderr: float
    worlds: int
    close: bool
    """The move is the coach's, or still in the race: as good, within what the analysis can tell."""
    settled: bool
    """The loss' confidence interval lies within one grade."""

    @property
    def grade(self) -> Grade:
        """The grade: ``best`` for a move as good as the coach's within what the analysis can tell,
        else the grade of the loss less one standard error (:func:`tutor.play.grading.grade`)."""
        return "best" if self.close else grade(self.loss, self.stderr)


class Evaluation:
    """One decision's worlds and the outcomes played on them (see the module's docstring). Safe to
    share between threads: one lock guards this decision's outcomes, and no other."""

    def __init__(self, view: dict[str, Any], opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
                 budget: Budget = APP, proposal: Move | None = None) -> None:
        self.view = view
        self.opponent = opponent
        self.budget = budget
        self.position = Position(view, position_seed(view, f"{opponent}/{salt}"), opponent=opponent,
                                 belief=budget.belief)
        self.outcomes: dict[Move, list[int]] = {}
        self._lock = threading.RLock()
        self._choice: Choice | None = None
        self._proposal = proposal

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.position.legal

    def play(self, move: Move, worlds: int) -> list[int]:
        """``move``'s outcomes on the first ``worlds`` worlds (played as needed)."""
        with self._lock:
            done = self.outcomes.setdefault(move, [])
            while len(done) < worlds:
                done.append(self.position.outcome(move, len(done)))
            return done[:worlds]

    def value(self, move: Move, worlds: int) -> float:
        """``move``'s mean outcome on the first ``worlds`` worlds."""
        done = self.play(move, worlds)
        return sum(done) / len(done)

    def gap(self, move: Move, against: Move, worlds: int) -> tuple[float, float]:
        """What ``move`` gives up against ``against`` on the first ``worlds`` worlds, with its standard error."""
        return paired_gap(self.play(move, worlds), self.play(against, worlds))

    def choice(self) -> Choice:
        """The coach's move (see the module's docstring); worked out once."""
        with self._lock:
            if self._choice is None:
                self._choice = self._race()
            return self._choice

    def _race(self) -> Choice:
        legal = self.legal
        proposal = self._proposal if self._proposal is not None else Planner(STRONG).choose(self.position.table)
        if len(legal) < 2:
            return Choice(legal[0], (), 0, proposal, (legal[0],))
        worlds = min(self.budget.screen, self.budget.race)
        order = {move: place for place, move in enumerate(legal)}
        screened = sorted(legal, key=lambda m: (-self.value(m, worlds), order[m]))
        raced = list(dict.fromkeys([*screened[:CANDIDATES], proposal]))
        alive = raced
        while True:
            leader = max(alive, key=lambda m: (self.value(m, worlds), -order[m]))
            gaps = {m: self.gap(m, leader, worlds) for m in alive if m != leader}
            alive = [leader, *(m for m, (loss, err) in gaps.items() if loss - RACE_CONFIDENCE * err <= 0)]
            equal = all(gaps[m][0] + RACE_CONFIDENCE * gaps[m][1] <= BEST_WITHIN for m in alive[1:])
            if len(alive) == 1 or equal or worlds >= self.budget.race:
                break
            worlds = min(worlds + BATCH, self.budget.race)
        # A move that dropped out behind an earlier leader but cannot be told from the last is close too.
        close = [m for m in raced if m != leader and (m in alive or not self._beyond_doubt(m, leader))]
        return Choice(leader, tuple(close), worlds, proposal, (leader, *(m for m in raced if m != leader)))

    def _played(self, move: Move) -> int:
        with self._lock:
            return len(self.outcomes.get(move, ()))

    def worlds_of(self, *moves: Move) -> int:
        """The most worlds any of ``moves`` has been played on (at least the screen's)."""
        return max(min(self.budget.screen, self.budget.race), *(self._played(m) for m in moves))

    def standing(self, move: Move, coach: Move) -> tuple[float, float, int]:
        """What ``move`` gives up against ``coach`` on the worlds both have been played on (at
        least :data:`SCREEN`), with its standard error, and how many worlds that is."""
        worlds = max(min(self._played(move), self._played(coach)), min(self.budget.screen, self.budget.race))
        loss, err = self.gap(move, coach, worlds)
        return loss, err, worlds

    def _beyond_doubt(self, move: Move, coach: Move) -> bool:
        loss, err, _ = self.standing(move, coach)
        return loss - RACE_CONFIDENCE * err > 0

    def runner_up(self) -> tuple[Move, float, float] | None:
        """The next best move the race weighed, with what it gives up against the coach's move
        (beyond doubt) and that loss' standard error; None when every other move is too close."""
        choice = self.choice()
        behind = [(m, *self.standing(m, choice.move)[:2]) for m in choice.raced[1:] if m not in choice.close]
        return min(behind, key=lambda b: b[1]) if behind else None

    def weighed(self) -> tuple[Move, ...]:
        """The moves the race weighed, the coach's first."""
        return self.choice().raced

    def verdict(self, move: Move) -> Verdict:
        """``move`` beside the coach's move (see the module's docstring)."""
        choice = self.choice()
        coach = choice.move
        if move == coach or move in choice.close or len(self.legal) < 2:
            loss, err = (0.0, 0.0) if move == coach else self.gap(move, coach, choice.worlds)
            return Verdict(move, coach, loss, err, choice.worlds, True, True)
        worlds = max(self.budget.screen, min(choice.worlds, self.budget.verdict))
        while True:
            loss, err = self.gap(move, coach, worlds)
            done = settled(loss, err, SETTLE_CONFIDENCE)
            if done or worlds >= self.budget.verdict:
                return Verdict(move, coach, loss, err, worlds, False, done)
            worlds = min(worlds + BATCH, self.budget.verdict)

    def options(self, moves: tuple[Move, ...] = ()) -> tuple[OptionValue, ...]:
        """The moves the race weighed (and ``moves``), each valued on the worlds it was played on
        (at least :data:`SCREEN`), best first."""
        wanted = dict.fromkeys([*self.weighed(), *moves])
        values = []
        for move in wanted:
            done = self.play(move, max(self._played(move), min(self.budget.screen, self.budget.race)))
            values.append(OptionValue(move, sum(done) / len(done), stderr_of(done)))
        return tuple(sorted(values, key=lambda o: -o.expected))

    def option(self, move: Move) -> OptionValue:
        """``move``'s value on the worlds it was played on."""
        return next(o for o in self.options((move,)) if o.move == move)
