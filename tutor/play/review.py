"""After a hand: the learner's decisions beside the strong player's, and source 001's tips checked.

Pure functions over a match's :class:`~tutor.play.match.Decision` values; the language layer puts
the results into words. Source 001 gives five tips, each checked here on the hand's decisions:

- ``faces_first``: throw lone face cards first (ten points of deadwood cost more than a lone 3);
- ``keep_double_use``: keep cards that could join both a set and a run (a 7♥ beside 7♠ and 6♥);
- ``take_to_meld``: take from the discard pile only a card that melds;
- ``no_early_knock``: no knock with more than 5 points of deadwood before the tenth turn;
- ``wait_at_eight``: knocking with 8 to 10 points is nearly always worse than waiting a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card, cards_of_mask
from tutor.engine.melds import best_arrangements, min_deadwood
from tutor.play.bots.evaluate import discard_order
from tutor.play.match import Decision

TIPS = ("faces_first", "keep_double_use", "take_to_meld", "no_early_knock", "wait_at_eight")
"""Source 001's tips, in the order it gives them."""
EARLY_TURNS = 10
"""001: no knock above :data:`EARLY_KNOCK_MOST` before this turn."""
EARLY_KNOCK_MOST = 5
WEAK_KNOCK = range(8, 11)
"""001: a knock with this much deadwood is nearly always worse than waiting."""


@dataclass(frozen=True)
class TipCheck:
    """How one tip fared in a hand: ``turns`` where it applied, and the turns where it was not followed."""

    tip: str
    turns: tuple[int, ...]
    broken: tuple[int, ...]

    @property
    def applied(self) -> bool:
        return bool(self.turns)

    @property
    def followed(self) -> bool:
        return self.applied and not self.broken


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


def _deadwood_cards(mask: int) -> list[Card]:
    return list(best_arrangements(mask)[0].deadwood_cards)


def is_lone(card: Card, mask: int) -> bool:
    """Whether ``card`` has no partner in ``mask``: no card of its rank, none of its suit one rank away."""
    for other in cards_of_mask(mask & ~card.bit):
        if other.rank == card.rank or (other.suit == card.suit and abs(other.rank - card.rank) == 1):
            return False
    return True


def is_double_use(card: Card, mask: int) -> bool:
    """Whether ``card`` could join both a set and a run: another card of its rank and one of its suit
    within two ranks are in ``mask``."""
    others = cards_of_mask(mask & ~card.bit)
    pairs = any(o.rank == card.rank for o in others)
    neighbours = any(o.suit == card.suit and 0 < abs(o.rank - card.rank) <= 2 for o in others)
    return pairs and neighbours


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


def _check(tip: str, decisions: Sequence[Decision]) -> TipCheck:
    turns: list[int] = []
    broken: list[int] = []
    for decision in decisions:
        verdict = _tip_verdict(tip, decision)
        if verdict is None:
            continue
        turn = int(decision.view["turn"])
        turns.append(turn)
        if not verdict:
            broken.append(turn)
    return TipCheck(tip, tuple(turns), tuple(broken))


def _tip_verdict(tip: str, decision: Decision) -> bool | None:
    """Whether ``decision`` followed ``tip``; None where the tip did not apply."""
    kind, card = decision.move
    view, table = decision.view, decision.table
    mask = table.hand
    if view["phase"] == "discard":
        taken = table.taken
        throwable = [c for c in _deadwood_cards(mask) if c is not taken]
        if tip == "faces_first":
            faces = [c for c in throwable if c.rank > 10 and is_lone(c, mask)]
            if not faces or kind == "big_gin" or card is None:
                return None
            return card.value >= 10
        if tip == "keep_double_use":
            doubles = [c for c in throwable if is_double_use(c, mask)]
            plain = [c for c in throwable if not is_double_use(c, mask)]
            if not doubles or not plain or card is None:
                return None
            return card not in doubles
        if tip == "no_early_knock":
            if kind != "knock" or int(view["turn"]) >= EARLY_TURNS:
                return None
            return after_move(decision, kind, card) <= EARLY_KNOCK_MOST
        if tip == "wait_at_eight":
            knocked = kind == "knock" and card is not None and min_deadwood(mask & ~card.bit) in WEAK_KNOCK
            least = discard_order(mask, keep=taken)[0][0]
            could = table.can("knock") and least in WEAK_KNOCK
            if not (knocked or could):
                return None
            return not knocked
        return None
    if tip == "take_to_meld" and kind == "take":
        top = table.top
        if top is None:
            return None
        kept = discard_order(mask | top.bit, keep=top)[0][1]
        arrangement = best_arrangements((mask | top.bit) & ~kept.bit)[0]
        return any(top in meld.cards for meld in arrangement.melds)
    return None


def check_tips(decisions: Sequence[Decision]) -> list[TipCheck]:
    """Source 001's tips, each checked on the learner's decisions of one hand."""
    return [_check(tip, decisions) for tip in TIPS]


def agreement(decisions: Sequence[Decision]) -> float | None:
    """The share of decisions that matched the strong player's, or None when there were none."""
    if not decisions:
        return None
    return sum(d.agreed for d in decisions) / len(decisions)
