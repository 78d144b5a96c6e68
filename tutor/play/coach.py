"""The coach: its move for a view, with the numbers behind it, and a verdict on any move.

The coach weighs a decision against the level of the opponent being played
(:mod:`tutor.play.evaluation`: every legal move screened, the best of them and the strong player's
move raced until one leads beyond doubt or they are too close to call, each verdict grown until
its grade is settled). :func:`coach_hint` gives its move, what the analysis says it is worth, the
moves too close to it to call and what the next best move gives up against it; :func:`judge`
measures any legal move against the coach's, in expected points, and grades it
(:mod:`tutor.play.grading`). The worlds come from the position alone, so a position gets the same
verdict in every game. :func:`explain` gives the reason a
learner can see for a move ("Take the J♦: it makes J♥ J♦ J♣; your deadwood falls from 34 to 5"):
the deadwood before and after, and the meld a taken card makes; :func:`advise` explains the move
of any level. Like a bot, the coach reads only the view.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal

from tutor.engine.cards import Card
from tutor.engine.melds import min_deadwood
from tutor.play.analysis import OptionValue
from tutor.play.bots import Bot
from tutor.play.bots.evaluate import discard_order, taken_meld
from tutor.play.bots.reading import read_view
from tutor.play.errors import ImpossibleViewError
from tutor.play.evaluation import APP, Budget, Evaluation
from tutor.play.grading import Grade, grade
from tutor.play.hand import View
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT

Reason = Literal["big_gin", "gin", "knock", "play_on", "play_for_gin", "discard", "take_meld", "take_knock",
                 "take_lower", "decline", "only_move"]
GIN_NEAR = 2
"""A knock with this much deadwood or less, turned down, is turned down to play for gin (the strong
player's own limit); with more, for fear of an undercut."""


@dataclass(frozen=True)
class Advice:
    """A move and why: ``deadwood_before`` is the hand's deadwood as it stands (for a discard: the
    least any discard would leave), ``deadwood_after`` what the move leaves."""

    move: Move
    reason: Reason
    deadwood_before: int
    deadwood_after: int
    meld: tuple[Card, ...] = ()
    """For ``take_meld``: the meld the taken card joins."""


def advise(view: View, level: str = "strong", seed: int = 0) -> Advice:
    """What the player of ``level`` would do in this view, with the numbers it rests on."""
    return explain(view, Bot(level, seed).move(view))


def explain(view: View, move: Move) -> Advice:
    """A legal ``move`` of this view with the numbers a learner can see behind it."""
    table = read_view(view)
    kind, card = move
    if table.phase == "discard":
        least = discard_order(table.hand, keep=table.taken)[0][0]
        if kind == "big_gin" or card is None:
            return Advice(move, "big_gin", least, 0)
        after = min_deadwood(table.hand & ~card.bit)
        if kind == "knock":
            return Advice(move, "gin" if after == 0 else "knock", least, after)
        could_knock = any(k == "knock" for k, _ in table.legal)
        if not could_knock:
            return Advice(move, "discard", least, after)
        return Advice(move, "play_for_gin" if least <= GIN_NEAR else "play_on", least, after)
    before = min_deadwood(table.hand)
    if len(table.legal) == 1:
        return Advice(move, "only_move", before, before)
    top = table.top
    if kind != "take" or top is None:
        return Advice(move, "decline", before, before)
    after = discard_order(table.hand | top.bit, keep=top)[0][0]
    meld = taken_meld(table.hand, top)
    if meld:
        return Advice(move, "take_meld", before, after, meld)
    return Advice(move, "take_knock" if table.rules.may_knock_with(after) else "take_lower", before, after)



# --- The coach on the analysis: its move, and what a move gives up against it -------------------

@dataclass(frozen=True)
class Judgement:
    """A move beside the coach's at one decision, measured against the opponent's level
    (:mod:`tutor.play.evaluation`): the expected points it gives up against the coach's move
    (negative where the analysis found it worth more) with the standard error, or None where the
    view's cards cannot be sampled (a view written by hand)."""

    move: Move
    coach: Move
    loss: float | None
    stderr: float = 0.0
    expected: float | None = None
    """The expected points of the hand after ``move``."""
    coach_expected: float | None = None
    """The expected points of the hand after the coach's move."""
    options: tuple[OptionValue, ...] = ()
    """Every move the coach valued, best first."""
    settled: bool = True
    """The loss' grade is decided (its confidence interval lies within one grade)."""
    worlds: int = 0
    """Worlds the verdict was measured on."""
    opponent: str = DEFAULT_OPPONENT
    """The level the analysis modelled as the opponent."""
    forced: bool = False
    """The move was the only legal one (it is not graded)."""

    def expected_of(self, move: Move) -> float | None:
        """The expected points of one of the valued moves (None for a move not valued)."""
        return next((o.expected for o in self.options if o.move == move), None)

    @property
    def grade(self) -> Grade | None:
        """The move's grade (:attr:`tutor.play.evaluation.Verdict.grade`): the coach's own move is
        ``best``, and so is one as good within what the analysis can tell."""
        if self.move == self.coach:
            return "best"
        return None if self.loss is None else grade(self.loss, self.stderr)

    too_close: bool = False
    """The move is not the coach's but too close to it to call (:attr:`tutor.play.evaluation.Verdict.close`);
    a move graded best that is not too close is within a point of it."""


@dataclass(frozen=True)
class CoachHint:
    """The coach's move explained, with what it is worth, the moves too close to it to call, and
    what the next best move the coach weighed gives up against it (None where the view cannot be
    sampled or only one move is legal). ``runner_up_loss`` is that move's verdict, a loss beyond
    doubt that no verdict grades best: a move its verdict grades best is among ``close`` instead."""

    advice: Advice
    value: OptionValue | None = None
    runner_up: OptionValue | None = None
    runner_up_loss: tuple[float, float] | None = None
    close: tuple[Move, ...] = ()
    """Moves too close to the coach's to call: the analysis cannot tell them from it."""
    opponent: str = DEFAULT_OPPONENT
    """The level the analysis modelled as the opponent."""
    near: tuple[tuple[Move, float, float], ...] = ()
    """Moves within a point of the coach's that the analysis tells apart from it (graded best),
    each with what it gives up and that loss' standard error."""

    @property
    def move(self) -> Move:
        """The coach's move."""
        return self.advice.move


CONSULTED = 64
"""How many of the latest decisions' evaluations are kept (1 to 9 MiB each): the hint, the verdict on
the move that follows it and the review meet the same view, and the same worlds answer them all.
A process that meets each view once keeps fewer (:func:`keep_evaluations`)."""
_evaluations: OrderedDict[tuple[str, str, str, Budget], Evaluation] = OrderedDict()
_pinned: weakref.WeakValueDictionary[tuple[str, str, str, Budget], Evaluation] = weakref.WeakValueDictionary()
"""Every evaluation still held elsewhere (a learner's decision holds its own, :class:`tutor.play.match.Decision`):
found again however many others came since."""
_lock = threading.Lock()  # guards the table of evaluations only; each evaluation has its own lock


def evaluation(view: View, opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
               budget: Budget = APP) -> Evaluation | None:
    """The evaluation of a decision against ``opponent``'s level (None with fewer than two legal
    moves, or for a view whose cards cannot be sampled), kept for the next calls on the same view."""
    table = read_view(view)
    if len(table.legal) < 2:
        return None
    key = json.dumps(view, sort_keys=True), opponent, str(salt), budget
    with _lock:
        found = _evaluations.get(key) or _pinned.get(key)
        if found is not None:
            _evaluations[key] = found
            _evaluations.move_to_end(key)
            _trim()
            return found
    try:
        made = Evaluation(view, opponent, salt, budget)
        _ = made.position  # a view written by hand whose cards do not add up fails here
    except ImpossibleViewError:
        return None
    return _kept(key, made)


def _kept(key: tuple[str, str, str, Budget], made: Evaluation) -> Evaluation:
    """The evaluation kept under ``key``: one already there, else ``made``; the oldest beyond
    :data:`CONSULTED` go."""
    with _lock:
        found = _evaluations.get(key) or _pinned.get(key) or made
        _evaluations[key] = _pinned[key] = found
        _evaluations.move_to_end(key)
        _trim()
    return found


def _trim() -> None:
    """Let the oldest evaluations go beyond :data:`CONSULTED` (with the lock held)."""
    while len(_evaluations) > CONSULTED:
        _evaluations.popitem(last=False)


def keep_evaluations(most: int) -> None:
    """Keep at most ``most`` of the latest evaluations from now on (the oldest go now)."""
    global CONSULTED
    with _lock:
        CONSULTED = max(1, most)
        _trim()


def _fallback(view: View) -> Move:
    """The move of a view the analysis cannot weigh: the only one, or the strong player's."""
    table = read_view(view)
    return table.legal[0] if len(table.legal) == 1 else Bot("strong").move(view)


def judge(view: View, move: Move, opponent: str = DEFAULT_OPPONENT, compare: tuple[Move, ...] = (),
          salt: int | str = 0, budget: Budget = APP) -> Judgement:
    """A legal ``move`` of this view beside the coach's move, measured against ``opponent``'s level
    (the moves of ``compare`` valued too, for the list of options)."""
    table = read_view(view)
    if len(table.legal) < 2:
        return Judgement(move, table.legal[0] if table.legal else move, 0.0, opponent=opponent, forced=True)
    found = evaluation(view, opponent, salt, budget)
    if found is None:
        return Judgement(move, _fallback(view), None, opponent=opponent)
    verdict = found.verdict(move)
    options = found.options((move, *compare))
    mine = next(o.expected for o in options if o.move == move)
    coach = next(o.expected for o in options if o.move == verdict.coach)
    return Judgement(move, verdict.coach, verdict.loss, verdict.stderr, mine, coach, options, verdict.settled,
                     verdict.worlds, opponent, too_close=verdict.close)


def coach_hint(view: View, opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
               budget: Budget = APP) -> CoachHint:
    """The coach's move for this view against ``opponent``'s level, explained and valued (on the
    app's ``budget`` unless another is measured)."""
    found = evaluation(view, opponent, salt, budget)
    if found is None:
        return CoachHint(explain(view, _fallback(view)), opponent=opponent)
    choice = found.choice()
    advice = explain(view, choice.move)
    close, near, runner = found.close(), found.near(), found.runner_up()
    value = found.option(choice.move)  # after the verdicts: on every world they played it on
    if runner is None:
        return CoachHint(advice, value, close=close, opponent=opponent, near=near)
    move, loss, stderr = runner
    return CoachHint(advice, value, found.option(move), (loss, stderr), close, opponent, near)


def coach_move(view: View, opponent: str = DEFAULT_OPPONENT, salt: int | str = 0) -> Move:
    """The coach's move for this view against ``opponent``'s level, without the rest of the hint
    (what the next best gives up takes verdicts): the replay's view of the virtual player's moves."""
    found = evaluation(view, opponent, salt)
    return _fallback(view) if found is None else found.choice().move


def losses(view: View, moves: tuple[Move, ...], opponent: str = DEFAULT_OPPONENT,
           salt: int | str = 0, budget: Budget = APP) -> tuple[Move, dict[Move, tuple[float, float]]]:
    """The coach's move, and what each of ``moves`` (none: each move the coach weighed) gives up
    against it in expected points with the standard error of that paired difference, each
    measured as its verdict is (empty where the view cannot be sampled)."""
    found = evaluation(view, opponent, salt, budget)
    if found is None:
        return _fallback(view), {}
    wanted = moves or found.weighed()
    judged = {m: found.verdict(m) for m in dict.fromkeys(wanted)}
    return found.choice().move, {m: (v.loss, v.stderr) for m, v in judged.items()}


def standings(view: View, opponent: str = DEFAULT_OPPONENT, salt: int | str = 0,
              budget: Budget = APP) -> tuple[Move, dict[Move, tuple[float, float]]]:
    """The coach's move (on ``budget``), and what each move the coach weighed gives up against it
    on the worlds the race played it on (no more worlds are played), with the standard error
    (empty where the view cannot be sampled)."""
    found = evaluation(view, opponent, salt, budget)
    if found is None:
        return _fallback(view), {}
    choice = found.choice()
    return choice.move, {m: found.standing(m, choice.move)[:2] for m in found.weighed()}


def gain_over(view: View, move: Move, other: Move, opponent: str = DEFAULT_OPPONENT,
              salt: int | str = 0) -> tuple[float, float] | None:
    """What ``move`` is worth beyond ``other`` in expected points (negative: ``other`` is worth
    more), paired over the worlds the more played of the two was measured on, with its standard
    error; None where the view cannot be sampled."""
    found = evaluation(view, opponent, salt)
    if found is None:
        return None
    worlds = found.worlds_of(move, other)
    return found.gap(other, move, worlds)


def verdicts(view: View, moves: tuple[Move, ...], opponent: str = DEFAULT_OPPONENT,
             salt: int | str = 0) -> dict[Move, Judgement]:
    """Each of ``moves`` judged (:func:`judge`)."""
    return {m: judge(view, m, opponent, moves, salt) for m in dict.fromkeys(moves)}
