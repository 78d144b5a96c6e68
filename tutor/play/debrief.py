"""After a hand: the learner's decisions beside the strong player's (source 001's tips are checked
in :mod:`tutor.play.tips`).

Pure functions over a match's :class:`~tutor.play.match.Decision` values; the language layer puts
the results into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card
from tutor.engine.melds import min_deadwood
from tutor.play.bots.evaluate import discard_order
from tutor.play.match import Decision


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
