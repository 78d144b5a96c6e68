"""A decision weighed until what the coach says of it is decided by the evidence, not drawn.

An :class:`Evaluation` holds one decision (a view), the level of the opponent the analysis models
and a fixed sequence of worlds (:class:`~tutor.play.analysis.Position`: the seed comes from the
position alone, so the same position is weighed on the same worlds in every game). The mover's
belief, which its careful play rests on, comes from the position alone too, whatever the salt: a
salt draws other worlds for the same careful play, so that what it measures is the same. Each move's
outcome in each world is played once, when first needed, and kept: everything below reads the
same numbers, in whatever order it is asked (the hint first or the verdict first).

- **The coach's move** (:meth:`Evaluation.choice`): every legal move is played on
  :attr:`Budget.screen` worlds, then races (a budget with :attr:`Budget.keep`, the expert's, first
  cuts to the best few, played on :attr:`Budget.deep` worlds, and races the best
  :attr:`Budget.candidates` of them with the strong player's move): worlds are added :data:`BATCH`
  at a time, and a move drops out once it trails the leader by more than :data:`DROP_CONFIDENCE`
  standard errors of the paired difference (:data:`RACE_CONFIDENCE` for the expert), until one move
  is left or :attr:`Budget.race` worlds are played. When several are left, each of them (twins
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

import math
import threading
from array import array
from dataclasses import dataclass, replace

from tutor.play.analysis import (
    BELIEF_DEALS,
    BELIEF_HANDS,
    KNOCK_HANDS,
    OptionValue,
    Position,
    belief_seed,
    one_ply_of,
    paired_gap,
    position_seed,
    stderr_of,
)
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import read_view
from tutor.play.grading import Grade, grade, settled
from tutor.play.hand import View
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.simulate import COACHING, Policy
from tutor.play.tips import broken_tips

BATCH = 48
"""Worlds added at a time in the race."""
RACE_CONFIDENCE = 2.0
"""Standard errors by which a move must trail the leader to be beyond doubt behind it (and to drop out
of the expert's race)."""
DROP_CONFIDENCE = 3.0
"""Standard errors by which a move must trail the leader to leave the coach's race before its end,
where it is looked at often: at two, the best move left on its unlucky worlds in some 3 % of discards
(``benchmarks/coach_trust.py``), and every verdict was then measured against a worse one."""
TIE = 0.5
"""Points within which two moves are as good as each other (the coach's move stops being weighed
against a move once their gap is known to lie within them)."""
TWINS = 0.1
"""The share of worlds in which two moves may play out differently and still be twins."""
SETTLE_CONFIDENCE = 3.0
"""Standard errors either side of a loss within which its grade must not change for it to be settled."""
SETTLE_FROM = 486
"""The fewest worlds a verdict is settled on (on fewer, the standard error itself is too rough: at 144
worlds a discard that gives up 1.4 points once read −4.5 ± 1.8, and was settled best)."""
SPREAD_FLOOR = 10.0
"""The least spread of a paired difference a verdict believes in, in points a world: a verdict is
settled on no standard error below ``SPREAD_FLOOR / √worlds``. Two knocks that lay off alike but in
the odd hand may differ by the same two points in each of a hundred worlds (a standard error of 0)
where a few in a thousand differ by twenty: 2.0 ± 0.0 on 96 worlds, 2.75 ± 0.1 on thousands."""
VALUE_WORLDS = 4800
"""The worlds the coach's move is valued on, for the hint's "worth N points" (± some 0.4)."""


def in_doubt(loss: float, err: float, confidence: float = RACE_CONFIDENCE) -> bool:
    """Whether a loss is not beyond doubt: no more than ``confidence`` standard errors above nothing."""
    return loss - confidence * err <= 0


def tied(loss: float, err: float) -> bool:
    """Whether two moves are as good, within what the analysis can tell: the gap between them lies
    within :data:`TIE` points either way, :data:`RACE_CONFIDENCE` standard errors and all."""
    return abs(loss) + RACE_CONFIDENCE * err <= TIE


@dataclass(frozen=True)
class Budget:
    """How many worlds a decision may take at each step (see the module's docstring), how many
    opponent hands the mover's belief is drawn from, and how the worlds read it."""

    screen: int = 48
    keep: int = 0
    """How many moves go on from the screen (with the strong player's); 0: none is cut there, every
    legal move races from it."""
    deep: int = 72
    """With :attr:`keep`: the worlds the kept moves are played on before the best
    :attr:`candidates` of them race."""
    candidates: int = 6
    race: int = 480
    refine: int = 1200
    verdict: int = 76800
    belief: int = BELIEF_HANDS
    belief_deals: int = BELIEF_DEALS
    """The deals a believed hand may take on average (:data:`~tutor.play.analysis.BELIEF_DEALS`; 0:
    no limit)."""
    knock_hands: int = KNOCK_HANDS
    """How many believed hands each world weighs a knock on, in turn (0: every world the belief's
    commonest, :class:`~tutor.play.analysis.Position`)."""
    mover: Policy = COACHING
    """The mover's continuation after the move valued (:data:`~tutor.play.simulate.COACHING`; the
    expert's analysis plays :data:`~tutor.play.simulate.CAREFUL`)."""
    exact_at_wall: bool = True
    """At the wall (no more than one card above the void in the stock), every move is valued
    exactly over every world, the mover's next decision the best on what it then knows
    (:func:`~tutor.play.analysis.one_ply_values`), instead of on drawn worlds."""


APP = Budget()
"""The coach's budget in the app. A verdict may grow to 76,800 worlds (only one still unsettled near a
grade's line does). ``benchmarks/coach_trust.py`` on 400 positions (100 of each kind) against every
level, 2026-12-05, everything the coach draws drawn anew five times (worlds, belief, knock slices):
95.9 % of moves the same grade, kinds weighed by their share of real decisions (discards 92.4 %), none
two grades apart or best under one draw and a mistake under another; the coach's move the same, or
named too close to call, under every draw in 96.4 % of positions. A Hint takes 0.23 s of CPU
(median; 1.12 s at the 95th percentile), a hand's review 4.0 s."""
DRILL = Budget(race=240, refine=480, verdict=960, belief=8000)
"""A fraction of it, for the knock-or-wait drill's answer, made and checked on a click (about 0.1 s a
position): it keeps only positions whose answer is clear beyond doubt
(:func:`tutor.drills.kinds.knock.coach_answer`)."""


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
    twins: tuple[Move, ...] = ()
    """Moves that play out as the coach's or a survivor (:meth:`Evaluation._refined`): too close to
    call beside it, without being weighed on as many worlds."""


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
    close: bool = False
    """The move is too close to the coach's to call: the race could not tell them apart (graded
    best against the coach's move alone), or its loss is not beyond doubt (:func:`in_doubt`)."""

    @property
    def grade(self) -> Grade:
        """The grade (:func:`tutor.play.grading.grade`); the coach's own move is ``best``."""
        return "best" if self.move == self.coach else grade(self.loss, self.stderr)


@dataclass(frozen=True)
class Ranking:
    """The moves beside the coach's in a hint (:meth:`Evaluation.close`, :meth:`Evaluation.near`,
    :meth:`Evaluation.runner_up`)."""

    close: tuple[Move, ...]
    near: tuple[tuple[Move, float, float], ...]
    runner: tuple[Move, float, float] | None


class Evaluation:
    """One decision's worlds and the outcomes played on them (see the module's docstring). Safe to
    share between threads: one lock guards this decision's outcomes, and no other."""

    def __init__(self, view: View, opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
                 budget: Budget = APP, proposal: Move | None = None, draw: int | str = 0) -> None:
        """``salt`` draws other worlds for the same belief; ``draw`` draws everything the analysis
        samples anew (the worlds and the mover's belief: a measurement of what a verdict owes to
        its draws, ``benchmarks/coach_trust.py``). The app's coach uses neither."""
        self.view = view
        self.opponent = opponent
        self.budget = budget
        self.salt = salt
        self.draw = draw
        self.table = read_view(view)
        self.outcomes: dict[Move, array[int] | array[float]] = {}
        """Each move's outcome in each world played, in world order: points as short integers (a
        verdict may play 76,800 worlds of a move: 150 KB each, where a list of Python numbers takes
        some 2 MB), or at the wall the exact value, as floats."""
        self._lock = threading.RLock()
        self._choice: Choice | None = None
        self._ranking: Ranking | None = None
        self._measures: dict[tuple[Move, tuple[Move, ...]], Verdict] = {}
        self._proposal = proposal
        self._position: Position | None = None
        self._exact: dict[Move, float] | None = None
        self._values: dict[tuple[Move, int], float] = {}
        self._gaps: dict[tuple[Move, Move, int], tuple[float, float]] = {}
        self.exact = budget.exact_at_wall and self.table.stock_size <= self.table.rules.void_at_stock + 1
        """Whether every move is valued exactly (at the wall: :attr:`Budget.exact_at_wall`)."""

    @property
    def position(self) -> Position:
        """The worlds and the mover's belief, drawn when a move is first played out."""
        with self._lock:
            if self._position is None:
                worlds = f"{self.opponent}/{self.salt}" + ("" if self.draw == 0 else f"/{self.draw}")
                self._position = Position(self.view, position_seed(self.view, worlds), opponent=self.opponent,
                                          belief=self.budget.belief,
                                          belief_seed=belief_seed(self.view, self.opponent, self.draw),
                                          knock_hands=self.budget.knock_hands, belief_deals=self.budget.belief_deals,
                                          mover=self.budget.mover)
            return self._position

    def exact_values(self) -> dict[Move, float]:
        """At the wall: each legal move's exact value, the mover's next decision the best on what it
        then knows (:func:`~tutor.play.analysis.one_ply_of`); worked out once."""
        with self._lock:
            if self._exact is None:
                self._exact = {move: best for move, (_, best) in one_ply_of(self.position).items()}
            return self._exact

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.table.legal

    def play(self, move: Move, worlds: int) -> array[int] | array[float]:
        """``move``'s outcomes on the first ``worlds`` worlds (played as needed). Where every move
        is valued exactly (:attr:`exact`), each world's outcome is the move's exact value: every
        difference then has no standard error, and the race and the verdicts end at their first look."""
        with self._lock:
            done = self.outcomes.get(move)
            if done is None:
                done = self.outcomes[move] = array("d") if self.exact else array("h")
            if len(done) < worlds and self.exact:
                done.extend([self.exact_values()[move]] * (worlds - len(done)))  # type: ignore[list-item]
            if len(done) < worlds:
                done.extend(self.position.outcomes(move, len(done), worlds - len(done)))
            return done[:worlds]

    def played(self, move: Move) -> int:
        """On how many worlds ``move`` has been played."""
        with self._lock:
            return len(self.outcomes.get(move, ()))

    def value(self, move: Move, worlds: int) -> float:
        """``move``'s mean outcome on the first ``worlds`` worlds (worked out once: a world's outcome
        never changes once played)."""
        key = move, worlds
        found = self._values.get(key)
        if found is None:
            done = self.play(move, worlds)
            found = self._values[key] = sum(done) / len(done)
        return found

    def gap(self, move: Move, against: Move, worlds: int) -> tuple[float, float]:
        """What ``move`` gives up against ``against`` on the first ``worlds`` worlds, with its
        standard error (worked out once)."""
        key = move, against, worlds
        found = self._gaps.get(key)
        if found is None:
            found = self._gaps[key] = paired_gap(self.play(move, worlds), self.play(against, worlds))
        return found

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
        if budget.keep:  # the best few on the screen go on (the expert's budget)
            pool = legal
            if len(legal) > budget.keep:
                pool = list(dict.fromkeys([*self._best(legal, budget.screen, order)[:budget.keep], proposal]))
            worlds = budget.deep
            raced = list(dict.fromkeys([*self._best(pool, worlds, order)[:budget.candidates], proposal]))
        else:  # every legal move races from the screen: none leaves it but beyond doubt behind
            worlds = budget.screen
            raced = legal
        confidence = self._confidence
        alive = raced
        left: list[Move] = []
        while True:
            leader, alive, gone = self._look(alive, worlds, order, confidence)
            left = gone + left  # the latest to leave first, and of those the nearest
            if len(alive) == 1 or worlds >= budget.race:
                break
            worlds = min(worlds + BATCH, budget.race)
        twins: dict[Move, Move] = {}
        if len(alive) > 1 and budget.refine > worlds:
            refined = self._refined(self._best(alive, worlds, order), worlds)
            alive = [m for m, twin in refined.items() if m == twin]
            twins = {m: twin for m, twin in refined.items() if m != twin}
            worlds = budget.refine
            while True:  # until the leader is beyond doubt ahead of each, or as good as it, or a verdict's worlds
                leader, alive, gone = self._look(alive, worlds, order, confidence)
                left = gone + left
                gaps = [self.gap(m, leader, worlds) for m in alive[1:]]
                if all(tied(*gap) for gap in gaps) or worlds >= max(budget.refine, budget.verdict):
                    break
                worlds = min(worlds + worlds // 2, budget.verdict)
            leader = self._taught(self._best(alive, worlds, order), worlds)
        beside = [m for m, twin in twins.items() if twin in alive]  # a twin stays beside the move it plays out as
        left = [m for m in left if m not in beside]
        ranked = (leader, *(m for m in self._best([m for m in alive if m != leader], worlds, order)),
                  *beside, *(m for m in left if m in raced))
        return Choice(leader, tuple(m for m in alive if m != leader), worlds, proposal, ranked,
                      tuple(self.played(m) for m in ranked), tuple(beside))

    def _look(self, alive: list[Move], worlds: int, order: dict[Move, int],
              confidence: float) -> tuple[Move, list[Move], list[Move]]:
        """One look at the race on ``worlds`` worlds: its leader, the moves still in it (the leader
        first) and those that leave it now, trailing the leader by more than ``confidence``
        standard errors (the nearest first)."""
        leader = self._best(alive, worlds, order)[0]
        gaps = {m: self.gap(m, leader, worlds) for m in alive if m != leader}
        gone = sorted((m for m, gap in gaps.items() if not in_doubt(*gap, confidence)),
                      key=lambda m: (gaps[m][0], order[m]))
        return leader, [leader, *(m for m, gap in gaps.items() if in_doubt(*gap, confidence))], gone

    def _taught(self, ranked: list[Move], worlds: int) -> Move:
        """Of the refined moves (best first on ``worlds`` worlds), the leader, unless a move it
        cannot tell from the leader there breaks fewer of source 001's tips
        (:func:`tutor.play.tips.broken_tips`): then that one, as lesson 10 teaches it (the coach
        leads with the taught move where the analysis cannot tell them apart)."""
        leader = ranked[0]
        tied = [leader, *(m for m in ranked[1:] if in_doubt(*self.gap(m, leader, worlds)))]
        return min(tied, key=lambda m: (broken_tips(self.table, m), tied.index(m)))

    def _refined(self, ranked: list[Move], worlds: int) -> dict[Move, Move]:
        """``ranked`` (best first), each move mapped to itself, or to a better one it plays out as (a
        twin: the same outcome in all but :data:`TWINS` of the worlds, as two cards of one rank often
        are), which is refined for both. Every other one is refined: refining only the best two at
        the race's end named a discard the coach's that the verdicts then found 1.1 points behind
        the fifth (``tests/views/contenders_20000.json``)."""
        chosen: dict[Move, Move] = {}
        for move in ranked:
            mine = self.play(move, worlds)
            chosen[move] = next((other for other in chosen if chosen[other] == other
                                 and sum(a != b for a, b in zip(mine, self.play(other, worlds), strict=True))
                                 <= TWINS * worlds), move)
        return chosen

    def unresolved(self) -> tuple[Move, ...]:
        """The coach's move, then each move still in the race at its end that does not trail it by
        more than the race's confidence (:data:`DROP_CONFIDENCE`; the expert's,
        :data:`RACE_CONFIDENCE`) in standard errors on the worlds it was chosen on: the moves a
        verdict measures against, and those that may be too close to call."""
        choice = self.choice()
        return (choice.move, *(m for m in choice.survivors
                               if in_doubt(*self.gap(m, choice.move, choice.worlds), self._confidence)),
                *choice.twins)

    @property
    def _confidence(self) -> float:
        """The standard errors by which a move must trail the leader to leave the race."""
        return RACE_CONFIDENCE if self.budget.keep else DROP_CONFIDENCE

    def close(self) -> tuple[Move, ...]:
        """The moves too close to the coach's to call (:attr:`Verdict.close`): each of
        :meth:`unresolved` (the coach's aside) that its verdict grades best against the coach's
        move, and each other move the race weighed, before the :meth:`runner_up`, whose verdict
        grades it best without its being beyond doubt behind. Worked out once."""
        return self._ranked().close

    def near(self) -> tuple[tuple[Move, float, float], ...]:
        """The moves within a point of the coach's that the analysis tells apart from it: graded
        best, but beyond doubt behind it, each with what its verdict says it gives up and that
        loss' standard error (found with :meth:`close`)."""
        return self._ranked().near

    def _ranked(self) -> Ranking:
        """:meth:`close`, :meth:`near` and :meth:`runner_up`, worked out together once (from the
        race and the verdicts alone: the same whatever was asked before)."""
        with self._lock:
            if self._ranking is None:
                best = [v for m in self.unresolved()[1:] if (v := self.verdict(m)).grade == "best"]
                runner = None
                for move in self._behind(tuple(v.move for v in best)):
                    verdict = self.verdict(move)
                    if verdict.grade != "best":
                        runner = move, verdict.loss, verdict.stderr
                        break
                    best.append(verdict)
                self._ranking = Ranking(tuple(v.move for v in best if v.close),
                                        tuple((v.move, v.loss, v.stderr) for v in best if not v.close), runner)
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
                return replace(against_coach, close=True)
        verdict = self._measured(move, tuple(m for m in peers if m != move))
        return replace(verdict, close=verdict.grade == "best" and in_doubt(verdict.loss, verdict.stderr))

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
        """:meth:`_measured`, worked out: from the first step at or above the worlds the race played
        ``move`` on (what it already knows of the move is never set aside for less)."""
        worlds = min(SETTLE_FROM, self.budget.verdict)
        raced = dict(zip(self.choice().raced, self.choice().reached, strict=False)).get(move, 0)
        while worlds < min(raced, self.budget.verdict):
            worlds = min(worlds + worlds // 2, self.budget.verdict)
        while True:
            reference = self.leader(peers, max(worlds, self.choice().worlds))
            loss, err = self.gap(move, reference, worlds)
            done = settled(loss, max(err, SPREAD_FLOOR / math.sqrt(worlds)), SETTLE_CONFIDENCE)
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
        return self._ranked().runner

    def weighed(self) -> tuple[Move, ...]:
        """The moves the race weighed, the coach's first."""
        return self.choice().raced

    def options(self, moves: tuple[Move, ...] = ()) -> tuple[OptionValue, ...]:
        """The moves the race weighed (and ``moves``), each valued as :meth:`option` values it,
        best first."""
        return tuple(sorted((self.option(m) for m in dict.fromkeys([*self.weighed(), *moves])),
                            key=lambda o: -o.expected))

    def option(self, move: Move) -> OptionValue:
        """``move``'s value, with its standard error: the coach's move on :data:`VALUE_WORLDS`
        worlds (at least those it was chosen on, at most a verdict's), any other on the worlds the
        race played it on (at least the screen's). Fixed counts, so that a value reads the same
        whatever was asked before it; and the coach's on many more worlds than chose it (the
        race's leader reads high on the worlds where it led: a first upcard passed read +7.9 ±
        3.2 on its 72, −3.2 ± 0.1 on 76,800)."""
        choice = self.choice()
        if move == choice.move:
            worlds = max(choice.worlds, min(VALUE_WORLDS, self.budget.verdict))
        else:
            worlds = max(dict(zip(choice.raced, choice.reached, strict=False)).get(move, 0), self.budget.screen)
        done = self.play(move, worlds)
        return OptionValue(move, sum(done) / len(done), stderr_of(done))
