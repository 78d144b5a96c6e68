"""The coach: the expert's move for a view, with the numbers behind it, and a verdict on any move.

The coach is the expert level (:mod:`tutor.play.bots.expert`: the strong player checked by the
analysis). :func:`coach_hint` gives its move, what the analysis says it is worth, and what the next
best move gives up against it; :func:`judge` measures any legal move against the coach's, in
expected points, and grades it (:mod:`tutor.play.grading`). :func:`explain` gives the reason a
learner can see for a move ("Take the J♦: it makes J♥ J♦ J♣; your deadwood falls from 34 to 5"):
the deadwood before and after, and the meld a taken card makes; :func:`advise` explains the move
of any level. Like a bot, the coach reads only the view.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Literal

from tutor.engine.cards import Card
from tutor.engine.melds import min_deadwood
from tutor.play.analysis import OptionValue
from tutor.play.bots import Bot
from tutor.play.bots.evaluate import discard_order, taken_meld
from tutor.play.bots.expert import Consultation
from tutor.play.bots.reading import Table, read_view
from tutor.play.grading import Grade, grade
from tutor.play.moves import Move

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


def advise(view: dict[str, Any], level: str = "strong", seed: int = 0) -> Advice:
    """What the player of ``level`` would do in this view, with the numbers it rests on."""
    return explain(view, Bot(level, seed).move(view))


def explain(view: dict[str, Any], move: Move) -> Advice:
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



# --- The coach on the analysis: the expert's move, and what a move gives up against it -----------

@dataclass(frozen=True)
class Judgement:
    """A move beside the coach's (the expert's) at one decision: the expected points it gives up
    against the coach's move (negative where the analysis found it worth more) with the standard
    error, or None where the view's cards cannot be sampled (a view written by hand)."""

    move: Move
    coach: Move
    loss: float | None
    stderr: float = 0.0
    expected: float | None = None
    """The expected points of the hand after ``move``."""
    coach_expected: float | None = None
    """The expected points of the hand after the coach's move."""
    options: tuple[OptionValue, ...] = ()
    """Every move the analysis valued, best first."""

    def expected_of(self, move: Move) -> float | None:
        """The expected points of one of the valued moves (None for a move not valued)."""
        return next((o.expected for o in self.options if o.move == move), None)

    @property
    def grade(self) -> Grade | None:
        """The move's grade (:func:`tutor.play.grading.grade`); the coach's own move is ``best``."""
        if self.move == self.coach:
            return "best"
        return None if self.loss is None else grade(self.loss, self.stderr)


@dataclass(frozen=True)
class CoachHint:
    """The coach's move explained, with what it is worth and what the next best analysed move gives
    up against it (both None where the view cannot be sampled or only one move is legal)."""

    advice: Advice
    value: OptionValue | None = None
    runner_up: OptionValue | None = None
    runner_up_loss: tuple[float, float] | None = None

    @property
    def move(self) -> Move:
        """The coach's move."""
        return self.advice.move


CONSULTED = 64
"""How many of the latest consultations are kept: the hint and the verdict on the move that follows
it meet the same view, and the same analysis answers both."""
_consulted: OrderedDict[tuple[str, int, tuple[Move, ...]], Consultation] = OrderedDict()
_lock = threading.Lock()  # the app's sessions run in threads of one process


def _consult(view: dict[str, Any], seed: int, also: tuple[Move, ...] = ()) -> tuple[Table, Consultation | None]:
    """The expert's consultation on a view (None with a single legal move), the moves of ``also``
    valued too; kept for the next calls on the same view."""
    table = read_view(view)
    if len(table.legal) < 2:
        return table, None
    key = repr(sorted(view.items())), seed
    with _lock:
        plain = _consulted.get((*key, ()))
        found = _consulted.get((*key, also))
    if plain is not None and plain.analysis is not None and all(m in plain.analysis.outcomes for m in also):
        return table, plain  # the same moves valued on the same worlds: the same answer
    if found is None:
        found = Bot("expert", seed).expert_consult(view, table, also)
        with _lock:
            _consulted[(*key, also)] = found
            while len(_consulted) > CONSULTED:
                _consulted.popitem(last=False)
    return table, found


def judge(view: dict[str, Any], move: Move, seed: int = 0, compare: tuple[Move, ...] = ()) -> Judgement:
    """A legal ``move`` of this view beside the coach's move, measured by the analysis (the moves of
    ``compare`` valued too, for the list of options)."""
    table, consultation = _consult(view, seed, tuple(dict.fromkeys((move, *compare))))
    if consultation is None:
        return Judgement(move, table.legal[0] if table.legal else move, 0.0)
    if consultation.analysis is None:
        return Judgement(move, consultation.move, None)
    analysis = consultation.analysis
    loss, stderr = analysis.gap(move, consultation.move)
    return Judgement(move, consultation.move, loss, stderr, analysis.value(move).expected,
                     analysis.value(consultation.move).expected, analysis.options)


def coach_hint(view: dict[str, Any], seed: int = 0) -> CoachHint:
    """The coach's move for this view, explained and valued."""
    table, consultation = _consult(view, seed)
    if consultation is None:
        return CoachHint(explain(view, table.legal[0]))
    advice = explain(view, consultation.move)
    analysis = consultation.analysis
    if analysis is None:
        return CoachHint(advice)
    others = [o for o in analysis.options if o.move != consultation.move]
    if not others:
        return CoachHint(advice, analysis.value(consultation.move))
    return CoachHint(advice, analysis.value(consultation.move), others[0],
                     analysis.gap(others[0].move, consultation.move))


def losses(view: dict[str, Any], moves: tuple[Move, ...],
           seed: int = 0) -> tuple[Move, dict[Move, tuple[float, float]]]:
    """The coach's move, and what each of ``moves`` (none: each move the coach weighed) gives up
    against it in expected points with the standard error of that paired difference (empty where
    the view cannot be sampled)."""
    table, consultation = _consult(view, seed, tuple(dict.fromkeys(moves)))
    if consultation is None:
        return (table.legal[0] if table.legal else moves[0]), {}
    analysis = consultation.analysis
    if analysis is None:
        return consultation.move, {}
    return consultation.move, {m: analysis.gap(m, consultation.move) for m in moves or tuple(analysis.outcomes)}
