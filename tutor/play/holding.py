"""What the opponent probably holds: the coach's belief about each card at one decision.

The analysis draws the opponent's hidden cards as its play would have kept them
(:class:`~tutor.play.analysis.HistorySampler`, the level actually played). Counted over many drawn
hands, how often each card is in one is the chance the coach gives it of being in the opponent's
hand. A card the opponent took from the pile and still holds is known (a chance of 1); a card the
mover holds or sees in the pile, 0. The draws are seeded from the position alone, so the same
decision always shows the same map; each chance carries the standard error of its sampling.

The drawn hands are surer than play bears out: of the cards they give 55 %, the beginner held 47 %;
of those they give 4 %, 8 %. So the map shown is the drawn chances drawn in toward the uniform
chance (hidden cards over unseen cards) by each level's :attr:`~tutor.play.levels.Level.temper`, fitted by
``benchmarks/reading.py --fit`` on games of their own and checked by ``benchmarks/reading.py`` on
others. Drawing in toward the uniform chance keeps the chances' sum: ten cards in the hand.

Readings (:func:`readings`) name what mattered most in a map: a card the opponent took (it wants
what melds with it), the unseen card it most likely holds, and a suit it is not collecting.
:func:`brier` scores a guess (a chance for each unseen card) against the hand it really held.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from tutor.engine.cards import DECK, SUITS, Card, cards_of_mask
from tutor.engine.melds import could_meld
from tutor.play.analysis import BELIEF_DEALS, BELIEF_HANDS, belief_seed, believed_hands, sampler_for
from tutor.play.bots.reading import read_view
from tutor.play.hand import View
from tutor.play.levels import LEVELS
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.simulate import card_counts

HOLDING_DRAWS = BELIEF_HANDS
"""Opponent hands drawn for one map, the coach's belief's own (:data:`~tutor.play.analysis.BELIEF_HANDS`):
each chance then has a standard error of at most 0.3 points of percentage (a chance of 50 %)."""
LIKELY = 2.0
"""How many times the uniform chance a card's chance must be to be named as likely held."""
COLD = 0.6
"""At most this share of the uniform chance, on average over a suit's unseen cards, for the suit
to be named as one the opponent is not collecting."""

ReadingKind = Literal["fed", "took", "likely", "cold_suit"]


@dataclass(frozen=True)
class Holding:
    """How likely the coach thinks it is that the opponent holds each card, at one decision."""

    chances: tuple[float, ...]
    """For each card of the deck (in :data:`~tutor.engine.cards.DECK` order), the chance it is in
    the opponent's hand."""
    known: int
    """The cards the opponent took from the pile and still holds (a mask): a chance of 1."""
    unseen: int
    """The cards the mover cannot see (the opponent's hidden cards and the stock), a mask."""
    hidden: int
    """How many of the opponent's cards are hidden."""
    draws: int
    """How many opponent hands the chances were counted on."""
    opponent: str
    """The level whose play the hands were drawn from."""
    kept: float = 1.0
    """The share of each drawn chance's distance from the uniform chance that the map keeps (the
    level's :attr:`~tutor.play.levels.Level.temper`; 1 for the chances as drawn)."""

    def chance(self, card: Card) -> float:
        """The chance that the opponent holds ``card``."""
        return self.chances[card.index]

    def stderr(self, card: Card) -> float:
        """The standard error of :meth:`chance` from the sampling (0 for a card known or seen): that of
        the share as drawn, times :attr:`kept`."""
        if not self.unseen >> card.index & 1 or not self.kept:
            return 0.0
        drawn = min(1.0, max(0.0, self.uniform + (self.chances[card.index] - self.uniform) / self.kept))
        return self.kept * math.sqrt(drawn * (1.0 - drawn) / self.draws)

    @property
    def uniform(self) -> float:
        """The chance of each unseen card for one who reads nothing: hidden cards over unseen cards."""
        count = self.unseen.bit_count()
        return self.hidden / count if count else 0.0

    def drawn_in(self, keep: float) -> Holding:
        """This map with each unseen card's chance drawn in toward :attr:`uniform`, keeping ``keep``
        of its distance from it (the sum of the chances stays the hand's ten cards)."""
        uniform = self.uniform
        chances = tuple(uniform + keep * (chance - uniform) if self.unseen >> i & 1 else chance
                        for i, chance in enumerate(self.chances))
        return replace(self, chances=chances, kept=self.kept * keep)


def holding(view: View, opponent: str = DEFAULT_OPPONENT, draws: int = HOLDING_DRAWS,
            tempered: bool = True) -> Holding:
    """The map of a decision's view: ``draws`` opponent hands drawn as ``opponent``'s play would have
    kept them (seeded from the position alone), each card's share of them, drawn in toward the
    uniform chance by the level's :attr:`~tutor.play.levels.Level.temper` (``tempered``; without it,
    the shares as drawn)."""
    if draws < 1:
        raise ValueError(f"a map needs at least one drawn hand, not {draws}")
    table = read_view(view)
    counts = [0] * len(DECK)
    if table.opponent_hidden:  # the coach's belief: the same hands
        hands = believed_hands(sampler_for(table, opponent=opponent), f"belief/{belief_seed(view, opponent)}", draws,
                               BELIEF_DEALS)
        draws = len(hands)
        counts = list(card_counts(hands))
    chances = tuple(1.0 if table.opponent_known >> i & 1 else counts[i] / draws if table.unseen >> i & 1 else 0.0
                    for i in range(len(DECK)))
    drawn = Holding(chances, table.opponent_known, table.unseen, table.opponent_hidden, draws, opponent)
    if not tempered:
        return drawn
    return drawn.drawn_in(LEVELS[opponent].temper if opponent in LEVELS else 1.0)


@dataclass(frozen=True)
class Reading:
    """One thing a map says: the learner's throw could make a meld with a card the opponent took
    (``fed``: the throw, and the card taken as :attr:`partner`), a card the opponent took
    (``took``), the unseen card it most likely holds (``likely``), or a suit it is not collecting
    (``cold_suit``, with the suit's mean chance)."""

    kind: ReadingKind
    card: Card | None
    suit: str | None
    chance: float
    partner: Card | None = None


def readings(map_: Holding, most: int = 3, thrown: Card | None = None) -> tuple[Reading, ...]:
    """The two or three readings that matter most in ``map_``: first, where the learner ``thrown``
    a card that could make a meld with a card the opponent took and holds, that; else a card the
    opponent took and still holds (the last in deck order, where it holds several); the unseen
    card with the highest chance, if it is :data:`LIKELY` times the uniform chance or more; the
    suit whose unseen cards have the lowest mean chance, if it is :data:`COLD` of the uniform
    chance or less."""
    found: list[Reading] = []
    took = cards_of_mask(map_.known)
    fed = [c for c in took if thrown is not None and could_meld(thrown, c)]
    if fed:
        found.append(Reading("fed", thrown, None, 1.0, fed[-1]))
    elif took:
        found.append(Reading("took", took[-1], None, 1.0))
    unseen = cards_of_mask(map_.unseen)
    uniform = map_.uniform
    if unseen and uniform > 0:
        top = max(unseen, key=lambda c: (map_.chance(c), -c.index))
        if map_.chance(top) >= LIKELY * uniform:
            found.append(Reading("likely", top, None, map_.chance(top)))
        means = {suit: sum(map_.chance(c) for c in cards) / len(cards)
                 for suit in SUITS if (cards := [c for c in unseen if c.suit == suit])}
        if means:
            cold = min(means, key=lambda s: (means[s], SUITS.index(s)))
            if means[cold] <= COLD * uniform:
                found.append(Reading("cold_suit", None, cold, means[cold]))
    return tuple(found[:most])


def brier(guess: dict[int, float], held: int, unseen: int) -> float:
    """The Brier score of ``guess`` (a chance for each card index; a card left out counts as 0)
    against the opponent's real hidden cards ``held``, over the ``unseen`` cards: the mean of
    (chance − 1)² for a card it held and chance² for one it did not. 0 is a perfect guess; lower is
    better."""
    cards = [i for i in range(len(DECK)) if unseen >> i & 1]
    if not cards:
        raise ValueError("no unseen card to score a guess on")
    for index, chance in guess.items():
        if not 0.0 <= chance <= 1.0 or math.isnan(chance):
            raise ValueError(f"a chance must lie between 0 and 1, not {chance!r} (card {index})")
    return math.fsum((guess.get(i, 0.0) - (held >> i & 1)) ** 2 for i in cards) / len(cards)
