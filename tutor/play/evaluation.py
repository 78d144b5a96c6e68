"""A decision weighed until what the coach says of it is decided by the evidence, not drawn.

An :class:`Evaluation` holds one decision (a view), the level of the opponent the analysis models
and a fixed sequence of worlds (:class:`~tutor.play.analysis.Position`: the seed comes from the
position alone, so the same position is weighed on the same worlds in every game). The mover's
belief, which its careful play rests on, comes from the position alone too, whatever the salt: a
salt draws other worlds for the same careful play, so that what it measures is the same. Each move's
outcome in each world is played once, when first needed, and kept: everything below reads the
same numbers, in whatever order it is asked (the hint first or the verdict first).

- **The coach's move** (:meth:`Evaluation.choice`): every legal move is played on
  :attr:`Budget.screen` worlds (a cheap first pass, so the analysis' own best is never left out);
  the best :attr:`Budget.keep` of them, with the strong player's move, on :attr:`Budget.deep`
  worlds; the best :attr:`Budget.candidates` of those, with the strong player's move, then race:
  worlds are added :data:`BATCH` at a time, and a move drops out once it trails the leader by
  more than :data:`RACE_CONFIDENCE` standard errors of the paired difference, until one move is
  left or :attr:`Budget.race` worlds are played. When several are left, each of them (twins
  aside) is played on :attr:`Budget.refine` worlds and the best there is the coach's move. Another
  not beyond doubt behind it there (:func:`in_doubt`) whose loss against it, measured as a verdict's
  is (below), is graded best is *too close to call* (a loss measured on the refine's worlds alone
  was called best at 1.5 points under some seeds and an inaccuracy under others), and so is a move
  the race weighed that is nearer the coach's (it stayed longer in the race, or gave up less there)
  than the first one whose verdict does not grade it best: that one is the hint's *next best*
  move, with its verdict's figures (:meth:`Evaluation.runner_up`).
- **A verdict on a move** (:meth:`Evaluation.verdict`): a move's loss against the best, on the same
  worlds, of the coach's move and the moves the race could not tell from it (still in the race at
  its end and not beyond doubt behind it on the refine's worlds), so that which of several
  near-tied moves the race named does not move the line every other move is measured from (a move
  too close to call is measured against the coach's move alone, and is best, as the hint said), on
  :data:`SETTLE_FROM` worlds and then half as many again each time until its grade is settled (the loss
  :data:`SETTLE_CONFIDENCE` standard errors either way falls within one grade) or
  :attr:`Budget.verdict` worlds are played, then graded (:func:`tutor.play.grading.grade`: the
  loss less one standard error).

``benchmarks/coach_trust.py`` measures what these budgets buy: how often a move's grade is the same
under other worlds, how often it is wrong against ten times the worlds, and what they cost.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from tutor.play.analysis import BELIEF_WORLDS, OptionValue, Position, paired_gap, position_seed, stderr_of
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import read_view
from tutor.play.grading import Grade, grade, settled
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT

BATCH = 48
"""Worlds added at a time in the race."""
RACE_CONFIDENCE = 2.0
"""Standard errors by which a move must trail the leader to drop out of the race."""
TWINS = 0.1
"""The share of worlds in which two moves may play out differently and still be twins."""
SETTLE_CONFIDENCE = 3.0
"""Standard errors either side of a loss within which its grade must not change for it to be settled."""
SETTLE_FROM = 96
"""The fewest worlds a verdict is settled on (on fewer, the standard error itself is too rough)."""


def in_doubt(loss: float, err: float) -> bool:
    """Whether a loss is not beyond doubt: no more than :data:`RACE_CONFIDENCE` standard errors
    above nothing."""
    return loss - RACE_CONFIDENCE * err <= 0


@dataclass(frozen=True)
class Budget:
    """How many worlds a decision may take at each step (see the module's docstring), and how many
    opponent hands the mover's belief is drawn from."""

    screen: int = 24
    keep: int = 8
    deep: int = 72
    candidates: int = 6
    race: int = 480
    refine: int = 1200
    verdict: int = 76800
    belief: int = BELIEF_WORLDS


APP = Budget()
"""The coach's budget in the app. A verdict may grow to 76,800 worlds (only one still unsettled near a
grade's line does): on ``benchmarks/coach_trust.py``'s 578 moves, the same grade under five seeds for
96.4 % of moves (92.7 % at 19,200, 87.4 % at 4,800, 84.3 % at 2,400), none two grades apart or best
under one seed and a mistake under another. Every legal move of those 80 positions judged under five
seeds took 8.1 minutes of CPU (20.5 before the play-outs scored knocks in C, 7.5 at 19,200)."""
DRILL = Budget(screen=24, keep=6, deep=64, candidates=4, race=240, refine=480, verdict=960)
"""A quarter of it, for the knock-or-wait drill's answer, made and checked on a click: it keeps only
positions whose answer is clear beyond doubt (:func:`tutor.drills.kinds.knock.coach_answer`)."""


@dataclass(frozen=True)
class Choice:
    """The coach's move and how the race ended."""

    move: Move
    """The best move the coach valued."""
    survivors: tuple[Move, ...]
    """The other moves still in the race at its end."""
    worlds: int
    """Worlds the coach's move was chosen on."""
    proposal: Move
    """The strong player's move."""
    raced: tuple[Move, ...]
    """Every move of the race, the coach's first."""
    reached: tuple[int, ...] = ()
    """How many worlds the race played each move of :attr:`raced` on (where it dropped out, or to
    the end)."""


@dataclass(frozen=True)
class Verdict:
    """A move beside the coach's: what it gives up against it (negative: it was found worth
    more), with the standard error of that paired difference, over ``worlds`` worlds. ``coach``
    is the move it was measured against: the coach's move, or another the race could not tell
    from it that did better on these worlds (:meth:`Evaluation.unresolved`)."""

    move: Move
    coach: Move
    loss: float
    stderr: float
    worlds: int
    settled: bool
    """The loss' grade is decided: its confidence interval lies within one grade."""

    @property
    def grade(self) -> Grade:
        """The grade (:func:`tutor.play.grading.grade`); the coach's own move is ``best``."""
        return "best" if self.move == self.coach else grade(self.loss, self.stderr)


@dataclass(frozen=True)
class EvaluationState:
    """An evaluation's work, as it travels between processes: each move's outcomes in world order,
    and the coach's choice once made."""

    outcomes: dict[Move, tuple[int, ...]]
    choice: Choice | None


class Evaluation:
    """One decision's worlds and the outcomes played on them (see the module's docstring). Safe to
    share between threads: one lock guards this decision's outcomes, and no other."""

    def __init__(self, view: dict[str, Any], opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
                 budget: Budget = APP, proposal: Move | None = None) -> None:
        self.view = view
        self.opponent = opponent
        self.budget = budget
        self.salt = salt
        self.table = read_view(view)
        self.outcomes: dict[Move, list[int]] = {}
        self._lock = threading.RLock()
        self._choice: Choice | None = None
        self._ranking: tuple[tuple[Move, ...], tuple[Move, float, float] | None] | None = None
        self._measures: dict[tuple[Move, tuple[Move, ...]], Verdict] = {}
        self._proposal = proposal
        self._position: Position | None = None

    @property
    def position(self) -> Position:
        """The worlds and the mover's belief, drawn when a move is first played out (an evaluation
        restored from its :meth:`state` reads its outcomes without them)."""
        with self._lock:
            if self._position is None:
                self._position = Position(self.view, position_seed(self.view, f"{self.opponent}/{self.salt}"),
                                          opponent=self.opponent, belief=self.budget.belief,
                                          belief_seed=position_seed(self.view, self.opponent))
            return self._position

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.table.legal

    def state(self) -> EvaluationState:
        """What has been worked out so far: every move's outcomes and the coach's choice (sent from
        a review worker's process to the page's, :mod:`tutor.play.background`)."""
        with self._lock:
            return EvaluationState({m: tuple(o) for m, o in self.outcomes.items()}, self._choice)

    def restore(self, state: EvaluationState) -> None:
        """Take in what another evaluation of the same decision worked out (the same worlds, so the
        same outcomes): outcomes longer than this one's, and the choice if this one has none."""
        with self._lock:
            for move, outcomes in state.outcomes.items():
                if len(outcomes) > len(self.outcomes.get(move, ())):
                    self.outcomes[move] = list(outcomes)
            if self._choice is None:
                self._choice = state.choice

    def play(self, move: Move, worlds: int) -> list[int]:
        """``move``'s outcomes on the first ``worlds`` worlds (played as needed)."""
        with self._lock:
            done = self.outcomes.setdefault(move, [])
            while len(done) < worlds:
                done.append(self.position.outcome(move, len(done)))
            return done[:worlds]

    def played(self, move: Move) -> int:
        """On how many worlds ``move`` has been played."""
        with self._lock:
            return len(self.outcomes.get(move, ()))

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

    def _best(self, moves: list[Move], worlds: int, order: dict[Move, int]) -> list[Move]:
        """``moves`` best first by their value on ``worlds`` worlds (ties in the order of the legal moves)."""
        return sorted(moves, key=lambda m: (-self.value(m, worlds), order[m]))

    def _race(self) -> Choice:
        legal = list(self.legal)
        proposal = self._proposal if self._proposal is not None else Planner(STRONG).choose(self.table)
        if len(legal) < 2:
            return Choice(legal[0], (), 0, proposal, (legal[0],))
        budget = self.budget
        order = {move: place for place, move in enumerate(legal)}
        pool = legal
        if len(legal) > budget.keep:
            pool = list(dict.fromkeys([*self._best(legal, budget.screen, order)[:budget.keep], proposal]))
        worlds = budget.deep
        raced = list(dict.fromkeys([*self._best(pool, worlds, order)[:budget.candidates], proposal]))
        alive = raced
        while True:
            leader = self._best(alive, worlds, order)[0]
            gaps = {m: self.gap(m, leader, worlds) for m in alive if m != leader}
            alive = [leader, *(m for m, gap in gaps.items() if in_doubt(*gap))]
            if len(alive) == 1 or worlds >= budget.race:
                break
            worlds = min(worlds + BATCH, budget.race)
        if len(alive) > 1 and budget.refine > worlds:
            alive = self._refined(self._best(alive, worlds, order), worlds)
            worlds = budget.refine
            leader = self._best(alive, worlds, order)[0]
        ranked = (leader, *(m for m in raced if m != leader))
        return Choice(leader, tuple(m for m in alive if m != leader), worlds, proposal, ranked,
                      tuple(self.played(m) for m in ranked))

    def _refined(self, ranked: list[Move], worlds: int) -> list[Move]:
        """``ranked`` (best first) less each move that plays out as a better one (a twin: the same
        outcome in all but :data:`TWINS` of the worlds, as two cards of one rank often are). Every
        one is refined: refining only the best two at the race's end named a discard the coach's
        that the verdicts then found 1.1 points behind the fifth (``tests/views/contenders_20000.json``)."""
        chosen: list[Move] = []
        for move in ranked:
            mine = self.play(move, worlds)
            if not any(sum(a != b for a, b in zip(mine, self.play(other, worlds), strict=True)) <= TWINS * worlds
                       for other in chosen):
                chosen.append(move)
        return chosen

    def unresolved(self) -> tuple[Move, ...]:
        """The coach's move, then each move still in the race at its end that does not trail it by
        more than :data:`RACE_CONFIDENCE` standard errors on the worlds it was chosen on: the moves
        a verdict measures against, and those that may be too close to call."""
        choice = self.choice()
        return (choice.move, *(m for m in choice.survivors if in_doubt(*self.gap(m, choice.move, choice.worlds))))

    def close(self) -> tuple[Move, ...]:
        """The moves too close to the coach's to call (and their verdicts say so, graded best): each
        of :meth:`unresolved` (the coach's aside) graded best against the coach's move, measured as
        a verdict is (grown until its grade is settled), and each other move the race weighed
        whose verdict grades it best all the same, before the :meth:`runner_up`. Worked out once."""
        return self._ranked()[0]

    def _ranked(self) -> tuple[tuple[Move, ...], tuple[Move, float, float] | None]:
        """:meth:`close` and :meth:`runner_up`, worked out together once (from the race and the
        verdicts alone: the same whatever was asked before)."""
        with self._lock:
            if self._ranking is None:
                coach = self.choice().move
                close = [m for m in self.unresolved()[1:] if self._measured(m, (coach,)).grade == "best"]
                runner = None
                for move in self._behind(tuple(close)):
                    verdict = self.verdict(move)
                    if verdict.grade != "best":
                        runner = move, verdict.loss, verdict.stderr
                        break
                    close.append(move)
                self._ranking = tuple(close), runner
            return self._ranking

    def _behind(self, close: tuple[Move, ...]) -> list[Move]:
        """The other moves the race weighed (not in ``close``), nearest first: the longer a move
        stayed in the race the nearer it is, and of those that left it together, the less it gives
        up against the coach's move on those worlds (a move that dropped out early may read well
        against the coach's on its few worlds: it trailed the leader of that moment)."""
        choice = self.choice()
        reached = dict(zip(choice.raced, choice.reached, strict=False))
        behind = []
        for move in choice.raced[1:]:
            if move not in close:
                worlds = max(reached.get(move, 0), self.budget.screen)
                behind.append((-worlds, self.gap(move, choice.move, worlds)[0], move))
        return [m for *_, m in sorted(behind, key=lambda b: b[:2])]

    def verdict(self, move: Move) -> Verdict:
        """``move`` beside the coach's move (see the module's docstring)."""
        choice = self.choice()
        coach = choice.move
        if move == coach or len(self.legal) < 2:
            return Verdict(move, coach, 0.0, 0.0, choice.worlds, True)
        peers = self.unresolved()
        if move in peers[1:]:  # too close to call (as the hint said) if graded best against the coach's move
            against_coach = self._measured(move, (coach,))
            if against_coach.grade == "best":
                return against_coach
        return self._measured(move, tuple(m for m in peers if m != move))

    def _measured(self, move: Move, peers: tuple[Move, ...]) -> Verdict:
        """``move`` against the best of ``peers`` on the same worlds: on :data:`SETTLE_FROM` worlds,
        then half as many again each time, until its grade is settled or :attr:`Budget.verdict` worlds
        are played. The best of ``peers`` is named on these worlds or on as many as the coach's
        move was chosen on, if more (on a few worlds it may be a move that plays out as ``move``
        there). The steps are fixed, whatever was played before: the verdict is the same in
        whatever order the coach is asked, and looked at a few times only (each look is a chance
        for noise to settle a grade on the wrong side of a line). Kept once worked out: the hint, the
        verdict and the review ask for the same measurements, each a pass over up to 76,800 worlds
        at every step."""
        found = self._measures.get((move, peers))
        if found is None:
            found = self._measures.setdefault((move, peers), self._measure(move, peers))
        return found

    def _measure(self, move: Move, peers: tuple[Move, ...]) -> Verdict:
        """:meth:`_measured`, worked out."""
        worlds = min(SETTLE_FROM, self.budget.verdict)
        while True:
            reference = self.leader(peers, max(worlds, self.choice().worlds))
            loss, err = self.gap(move, reference, worlds)
            done = settled(loss, err, SETTLE_CONFIDENCE)
            if done or worlds >= self.budget.verdict:
                return Verdict(move, reference, loss, err, worlds, done)
            worlds = min(worlds + worlds // 2, self.budget.verdict)

    def leader(self, peers: tuple[Move, ...], worlds: int) -> Move:
        """The best of ``peers`` on the first ``worlds`` worlds (the first of them on a tie: ``max``
        keeps the first of equals)."""
        return max(peers, key=lambda m: self.value(m, worlds))

    def worlds_of(self, *moves: Move) -> int:
        """The most worlds any of ``moves`` has been played on (at least the screen's)."""
        return max(self.budget.screen, *(self.played(m) for m in moves))

    def standing(self, move: Move, coach: Move) -> tuple[float, float, int]:
        """What ``move`` gives up against ``coach`` on the worlds both have been played on (at
        least the screen's), with its standard error, and how many worlds that is."""
        worlds = max(min(self.played(move), self.played(coach)), self.budget.screen)
        loss, err = self.gap(move, coach, worlds)
        return loss, err, worlds

    def runner_up(self) -> tuple[Move, float, float] | None:
        """The next best move the race weighed (nearest as :meth:`_behind` orders them) that its
        verdict does not grade best, with what its verdict says it gives up and that loss'
        standard error (a loss beyond doubt: no grade below best is given to less); None when there
        is none. The verdict's figure, not the race's: a move drops out of the race on worlds where
        it did badly (a first upcard taken read 6.1 ± 2.8 there, and 1.1 ± 0.1 on its verdict's
        76,800 worlds)."""
        return self._ranked()[1]

    def weighed(self) -> tuple[Move, ...]:
        """The moves the race weighed, the coach's first."""
        return self.choice().raced

    def options(self, moves: tuple[Move, ...] = ()) -> tuple[OptionValue, ...]:
        """The moves the race weighed (and ``moves``), each valued on the worlds it was played on
        (at least the screen's), best first."""
        values = []
        for move in dict.fromkeys([*self.weighed(), *moves]):
            done = self.play(move, max(self.played(move), self.budget.screen))
            values.append(OptionValue(move, sum(done) / len(done), stderr_of(done)))
        return tuple(sorted(values, key=lambda o: -o.expected))

    def option(self, move: Move) -> OptionValue:
        """``move``'s value on the worlds it was played on."""
        return next(o for o in self.options((move,)) if o.move == move)
