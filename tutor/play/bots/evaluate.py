"""What the virtual players weigh: deadwood, what a holding could still become, and what a discard
could give the opponent. Small pure functions over card masks (bit ``i`` is ``DECK[i]``).
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine.cards import DECK, Card, cards_of_mask
from tutor.engine.melds import best_arrangements, meld_partners
from tutor.engine.rules import Ruleset
from tutor.play import compiled

Weights = tuple[tuple[int, float], ...]
"""Unseen cards as ``(bit, weight)``: the weight is how likely the card is to come from the stock."""


def deadwood_functions() -> tuple[Callable[[int], int], Callable[[int], tuple[int, int]]]:
    """The least deadwood of a hand, and after one discard (with the discards that leave it), as the
    analysis has them (:mod:`tutor.play.compiled`): compiled where its play-outs were built, else
    remembered; the same numbers as :func:`tutor.engine.melds.min_deadwood` and
    :func:`~tutor.engine.melds.discard_reach`. A planning player's draw weighs some 3,000 hands:
    compiled, its decisions take a sixth to a quarter of the time (``benchmarks/play.py``)."""
    return compiled.min_deadwood, compiled.discard_reach


def min_deadwood(mask: int) -> int:
    """The least deadwood of a hand (:func:`tutor.engine.melds.min_deadwood`, by :func:`deadwood_functions`)."""
    return deadwood_functions()[0](mask)


def min_deadwood_after_discard(mask: int) -> int:
    """For a hand just after a draw: the least deadwood left once one card is discarded
    (:func:`tutor.engine.melds.min_deadwood_after_discard`, by :func:`deadwood_functions`)."""
    return deadwood_functions()[1](mask)[0]


def meld_of(holding: int, card: Card) -> tuple[Card, ...]:
    """The meld ``card`` sits in when ``holding`` (which holds it) is arranged for least deadwood, or ()."""
    for meld in best_arrangements(holding)[0].melds:
        if card in meld.cards:
            return meld.cards
    return ()


def taken_meld(hand: int, card: Card) -> tuple[Card, ...]:
    """The meld a card from the pile would form or extend: the meld it sits in when ``hand`` plus
    it is arranged for least deadwood, provided it is melded in every such arrangement (it lowers
    the deadwood by more than it adds); () otherwise. It is OpenSpiel's simple bot's test ("the
    upcard is not in the best deadwood"), and the one test of "the upcard melds" for the players,
    the coach and the review of source 001's tips."""
    with_card = hand | card.bit
    if min_deadwood(with_card) >= min_deadwood(hand) + card.value:
        return ()
    return meld_of(with_card, card)


Preference = tuple[int, ...]
"""For each card index, its place in a player's own order of suits: how it breaks exact ties."""
DECK_ORDER: Preference = tuple(range(len(DECK)))


def discard_order(mask: int, keep: Card | None = None, prefer: Preference = DECK_ORDER) -> list[tuple[int, Card]]:
    """The discards of an eleven-card hand with the deadwood each leaves, least first; among equals
    the higher card goes first (higher value, then higher rank, then ``prefer``). ``keep`` may not
    be discarded."""
    deadwood = deadwood_functions()[0]
    options = [(deadwood(mask & ~c.bit), c) for c in cards_of_mask(mask) if c is not keep]
    options.sort(key=lambda o: (o[0], -o[1].value, -o[1].rank, prefer[o[1].index]))
    return options


def uniform(unseen: int) -> Weights:
    """Every unseen card equally likely to be drawn."""
    return tuple((c.bit, 1.0) for c in cards_of_mask(unseen))


def outlook(holding: int, weights: Weights, rules: Ruleset) -> tuple[float, float]:
    """What one draw from the stock (then the best discard) promises a holding of ten cards: how
    much its deadwood is expected to fall (what its pairs, near-runs and low cards are worth), and
    the chance that it can knock then."""
    deadwood, reach = deadwood_functions()
    base = deadwood(holding)
    fall = hits = weight_sum = 0.0
    for bit, weight in weights:
        after = reach(holding | bit)[0]
        fall += weight * (base - after)
        if rules.may_knock_with(after):
            hits += weight
        weight_sum += weight
    return (fall / weight_sum, hits / weight_sum) if weight_sum else (0.0, 0.0)


def meld_chance(card: Card, holds: dict[int, float]) -> float:
    """The chance that a player holds two cards that meld with ``card``, given for each card index
    the chance that the player holds it (missing: it cannot)."""
    miss = 1.0
    for a, b in meld_partners(card):
        pa, pb = holds.get(a.index, 0.0), holds.get(b.index, 0.0)
        if pa and pb:
            miss *= 1.0 - pa * pb
    return 1.0 - miss

