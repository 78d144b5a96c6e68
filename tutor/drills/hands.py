"""Building blocks for hands: random hands, melds, and knock-like hands (melds plus filler).

The benchmark, the drill generators and the property tests all draw their hands from here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine.cards import DECK, Card, card, mask_of
from tutor.engine.melds import min_deadwood


def random_hand(rng: random.Random, size: int) -> list[Card]:
    return rng.sample(DECK, size)


def _random_meld(rng: random.Random, taken: set[Card]) -> list[Card]:
    for _ in range(100):
        if rng.random() < 0.5:
            rank = rng.randint(1, 13)
            cards = [card(rank, s) for s in rng.sample("SHDC", rng.choice((3, 3, 4)))]
        else:
            length = rng.choice((3, 3, 4, 5))
            low = rng.randint(1, 14 - length)
            suit = rng.choice("SHDC")
            cards = [card(r, suit) for r in range(low, low + length)]
        if not taken.intersection(cards):
            return cards
    return []


def knock_like_hand(rng: random.Random, size: int, exclude: Sequence[Card] = ()) -> list[Card]:
    """Two or three melds plus filler cards: the hands drills and play produce."""
    while True:
        taken: set[Card] = set(exclude)
        hand: list[Card] = []
        for _ in range(rng.choice((2, 3))):
            meld = _random_meld(rng, taken)
            if len(hand) + len(meld) > size:
                break
            hand += meld
            taken.update(meld)
        rest = [c for c in DECK if c not in taken]
        hand += rng.sample(rest, size - len(hand))
        if len(hand) == size:
            rng.shuffle(hand)
            return hand


def knock_pair(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A knocker that may knock (deadwood at most 10) and a random defender."""
    while True:
        knocker = knock_like_hand(rng, 10)
        if min_deadwood(mask_of(knocker)) <= 10:
            rest = [c for c in DECK if c not in set(knocker)]
            return knocker, rng.sample(rest, 10)
