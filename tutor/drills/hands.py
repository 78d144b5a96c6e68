"""Building blocks for hands: random hands, melds, knock-like hands (melds plus filler), and the
knockers and defenders that the score and layoffs drills are made of.

The drill generators, the benchmarks and the property tests all draw their hands from here. The
same random generator state always gives the same hands: a puzzle's address depends on it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine.cards import BIG_GIN_SIZE, DECK, HAND_SIZE, SUITS, Card, card, mask_of
from tutor.engine.layoffs import extensions
from tutor.engine.melds import MIN_MELD, best_arrangements
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import may_knock


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


def knock_pair(rng: random.Random, rules: Ruleset) -> tuple[list[Card], list[Card]]:
    """A knocker that may knock under the rules, and a random defender."""
    while True:
        knocker = knock_like_hand(rng, HAND_SIZE)
        if may_knock(knocker, rules):
            rest = [c for c in DECK if c not in set(knocker)]
            return knocker, rng.sample(rest, HAND_SIZE)


# --- Knockers and defenders for the score and layoffs drills ----------------------------------

SET_SHARE = 0.4
"""How often a meld of three or four is drawn as a set rather than a run."""
KNOCKER_MELD_SIZES = {11: (4, 4, 3), 10: (4, 3, 3), 9: (3, 3, 3), 8: (4, 4), 7: (4, 3), 6: (3, 3)}
"""The sizes of a knocker's melds, by how many of its cards are melded."""
LOW_DEADWOOD_RANK = 5
"""A knocker's deadwood is drawn from ranks up to this one, so that it may knock."""


def melds_of_sizes(rng: random.Random, sizes: Sequence[int], taken: set[Card]) -> list[list[Card]]:
    """Melds of the given sizes, none sharing a card with ``taken`` or with each other."""
    melds: list[list[Card]] = []
    used = set(taken)
    for size in sizes:
        for _ in range(100):
            if size <= len(SUITS) and rng.random() < SET_SHARE:
                rank = rng.randint(1, 13)
                meld = [card(rank, s) for s in rng.sample(SUITS, size)]
            else:
                low = rng.randint(1, 14 - size)
                suit = rng.choice(SUITS)
                meld = [card(r, suit) for r in range(low, low + size)]
            if meld and not used.intersection(meld):
                melds.append(meld)
                used.update(meld)
                break
    return melds


def knocker_hand(rng: random.Random, deadwood_cards: int, big_gin: bool = False) -> list[Card]:
    """A knocker: melds, then a few low cards of deadwood (none for gin)."""
    total = BIG_GIN_SIZE if big_gin else HAND_SIZE
    sizes = KNOCKER_MELD_SIZES[total - deadwood_cards]
    melds = melds_of_sizes(rng, tuple(rng.sample(sizes, len(sizes))), set())
    hand = [c for m in melds for c in m]
    low = [c for c in DECK if c.rank <= LOW_DEADWOOD_RANK and c not in hand]
    return hand + rng.sample(low, total - len(hand))


def open_ends(knocker: Sequence[Card]) -> list[list[Card]]:
    """For each open end of the knocker's shown melds, the cards that would extend it, nearest
    first (the knocker's own cards left out)."""
    melds = best_arrangements(mask_of(knocker))[0].melds
    ends = [end for meld in melds for end in extensions(meld)]
    return [[c for c in end if c not in knocker] for end in ends if end]


def defender_hand(rng: random.Random, knocker: list[Card], lay: int = 0, chain: bool = False,
                  melded: int = 0, deadwood_target: int | None = None) -> list[Card]:
    """A defender with ``lay`` cards that extend the knocker's melds (two in a row with ``chain``),
    ``melded`` cards in melds of its own, and filler that extends nothing."""
    taken: set[Card] = set(knocker)
    hand: list[Card] = []
    chains = [c for c in open_ends(knocker) if c]
    # the card next to each open end: filler must not extend the knocker's melds
    blocked = {ch[0] for ch in chains}
    rng.shuffle(chains)
    if chain:
        for ch in chains:
            if len(ch) >= 2 and ch[0].rank != ch[1].rank:
                hand += ch[:2]
                break
    for ch in chains:
        if len(hand) >= lay + (2 if chain else 0):
            break
        if ch[0] not in hand:
            hand.append(ch[0])
    taken.update(hand)
    if melded:
        sizes = (MIN_MELD,) if melded == 3 else (3, 3) if melded == 6 else (4, 3)
        for meld in melds_of_sizes(rng, sizes, taken | blocked):
            hand += meld
            taken.update(meld)
    pool = [c for c in DECK if c not in taken and c not in blocked]
    if deadwood_target is not None:
        low = [c for c in pool if c.value <= max(1, deadwood_target)]
        pool = low if len(low) >= HAND_SIZE - len(hand) else pool
    return hand + rng.sample(pool, HAND_SIZE - len(hand))
