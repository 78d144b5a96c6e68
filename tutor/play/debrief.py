"""After a hand: the learner's decisions beside the coach's, and source 001's tips reconciled with
the analysis (the tips themselves are checked in :mod:`tutor.play.tips`): where a decision did not
follow a tip, what following it would have gained or cost, in expected points, and whether the
coach approved of the decision anyway.

Pure functions over a match's :class:`~tutor.play.match.Decision` values; the language layer puts
the results into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.melds import min_deadwood
from tutor.play.bots.evaluate import discard_order
from tutor.play.coach import gain_over
from tutor.play.match import GAIN, Decision
from tutor.play.moves import Move
from tutor.play.tips import TIPS, check_tip, follows, tip_verdict

CLEAR = 2.0
"""Standard errors beyond which what a departure gained or cost is told as a gain or a cost."""


@dataclass(frozen=True)
class Difference:
    """A decision where the learner chose otherwise than the strong player, with the deadwood that
    the learner's move and the strong player's leave (for a draw: after the best discard)."""

    decision: Decision
    learner_after: int
    strong_after: int

    @property
    def cost(self) -> int:
        """Deadwood points the learner's choice leaves more than the strong player's (may be negative:
        the strong player sometimes keeps more deadwood for a better hand to come)."""
        return self.learner_after - self.strong_after


def after_move(decision: Decision, kind: str, card: Card | None) -> int:
    """The deadwood a move leaves in the decision's view: after a discard, what the ten kept cards
    count; after a draw from the pile, the least after the best discard; after the stock or a pass,
    the hand as it stands (the stock card is not known yet)."""
    mask, top = decision.table.hand, decision.table.top
    if kind in ("discard", "knock") and card is not None:
        return min_deadwood(mask & ~card.bit)
    if kind == "big_gin":
        return 0
    if kind == "take" and top is not None:
        return discard_order(mask | top.bit, keep=top)[0][0]
    return min_deadwood(mask)


def difference(decision: Decision) -> Difference | None:
    """The learner's decision beside the strong player's, when they differ."""
    if decision.agreed:
        return None
    strong_kind, strong_card = decision.advice.move
    kind, card = decision.move
    return Difference(decision, after_move(decision, kind, card), after_move(decision, strong_kind, strong_card))


def differences(decisions: Sequence[Decision]) -> list[Difference]:
    """Every decision of ``decisions`` that differed from the strong player's."""
    return [d for d in map(difference, decisions) if d is not None]


def agreement(decisions: Sequence[Decision]) -> float | None:
    """The share of decisions that matched the strong player's, or None when there were none."""
    if not decisions:
        return None
    return sum(d.agreed for d in decisions) / len(decisions)


@dataclass(frozen=True)
class Departure:
    """A decision that did not follow a tip: the move made, a move that would have followed it, and
    the expected points the move made is worth beyond that one (negative: following the tip was
    worth more) with its standard error, None where they cannot be measured."""

    turn: int
    move: Move
    alternative: Move | None
    gain: float | None
    approved: bool
    """Whether the coach graded the move made best (a learner who follows the hints is never told
    that it broke a tip: the review says that the coach departs from it, with the numbers)."""
    stderr: float = 0.0

    @property
    def clear(self) -> bool:
        """Whether the gain is beyond doubt (two standard errors) in either direction: else the
        move made and the tip's are as good, within what the analysis can tell."""
        return self.gain is not None and abs(self.gain) > CLEAR * self.stderr


@dataclass(frozen=True)
class Overruled:
    """A decision that followed a tip and that the coach graded below best: the move made, the
    coach's, and what the move gives up against it with its standard error."""

    decision: Decision
    loss: float
    stderr: float

    @property
    def turn(self) -> int:
        return self.decision.table.turn


@dataclass(frozen=True)
class TipReview:
    """One of 001's tips over a hand's decisions: the turns where it applied, the departures, and
    the decisions that followed it where the coach preferred another move."""

    tip: str
    turns: tuple[int, ...]
    departures: tuple[Departure, ...]
    overruled: tuple[Overruled, ...] = ()


def departure(tip: str, decision: Decision) -> Departure:
    """A decision that did not follow ``tip``, measured against a move that would have."""
    alternative = follows(tip, decision.table, decision.move)
    measured = None if alternative is None else decision.kept(
        GAIN + tip, lambda: gain_over(decision.view, decision.move, alternative, decision.opponent))
    gain, stderr = (None, 0.0) if measured is None else measured
    return Departure(decision.table.turn, decision.move, alternative, gain, decision.agreed, stderr)


def review_tips(decisions: Sequence[Decision]) -> list[TipReview]:
    """Each of 001's tips over a hand's decisions, with every departure measured."""
    reviews = []
    for tip in TIPS:
        turns = check_tip(tip, decisions).turns
        departures = tuple(departure(tip, d) for d in decisions if tip_verdict(tip, d) is False)
        reviews.append(TipReview(tip, turns, departures, tuple(
            Overruled(d, d.judgement.loss, d.judgement.stderr) for d in decisions
            if tip_verdict(tip, d) is True and not d.agreed and d.judgement.loss is not None)))
    return reviews
