"""A small brute-force reference engine, written independently of tutor's, for property tests.

It tries every meld that contains the lowest card still to place, so it is slow but plainly
right; it is kept small so that it can be read and trusted.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from tutor.engine.cards import Card


def melds_with(first: Card, cards: frozenset[Card]) -> list[frozenset[Card]]:
    """Every set or run among ``cards`` that contains ``first``."""
    found = []
    same_rank = [c for c in cards if c.rank == first.rank and c is not first]
    for size in (2, 3):
        for others in combinations(same_rank, size):
            found.append(frozenset((first, *others)))
    suited = {c.rank: c for c in cards if c.suit == first.suit}
    for low in range(max(1, first.rank - 12), first.rank + 1):
        for high in range(max(first.rank, low + 2), 14):
            if all(r in suited for r in range(low, high + 1)):
                found.append(frozenset(suited[r] for r in range(low, high + 1)))
    return found


@lru_cache(maxsize=200_000)
def ref_deadwood(cards: frozenset[Card]) -> int:
    """The least deadwood of any arrangement, by trying every meld of the lowest card."""
    if not cards:
        return 0
    first = min(cards, key=lambda c: c.index)
    rest = cards - {first}
    best = first.value + ref_deadwood(rest)
    for meld in melds_with(first, cards):
        best = min(best, ref_deadwood(cards - meld))
    return best


def ref_arrangements(cards: frozenset[Card]) -> list[list[frozenset[Card]]]:
    """Every partition of the cards into melds and deadwood that reaches the least deadwood."""
    target = ref_deadwood(cards)
    out: list[list[frozenset[Card]]] = []

    def walk(left: frozenset[Card], melds: list[frozenset[Card]], deadwood: int) -> None:
        if deadwood + ref_deadwood(left) > target:
            return
        if not left:
            out.append(list(melds))
            return
        first = min(left, key=lambda c: c.index)
        walk(left - {first}, melds, deadwood + first.value)
        for meld in melds_with(first, left):
            walk(left - meld, melds + [meld], deadwood)

    walk(cards, [], 0)
    return out


def ref_discard_deadwood(cards: frozenset[Card]) -> int:
    return min(ref_deadwood(cards - {c}) for c in cards)


def _fits(card: Card, meld: frozenset[Card]) -> bool:
    ranks = {c.rank for c in meld}
    if len(ranks) == 1:
        return card.rank in ranks and len(meld) < 4
    suit = next(iter(meld)).suit
    return card.suit == suit and (card.rank == min(ranks) - 1 or card.rank == max(ranks) + 1)


def ref_defender_deadwood(knocker_melds: list[frozenset[Card]], defender: frozenset[Card]) -> int:
    """Least defender deadwood over every sequence of layoffs onto the knocker's melds."""
    seen: set[tuple[frozenset[frozenset[Card]], frozenset[Card]]] = set()
    best = ref_deadwood(defender)
    stack: list[tuple[tuple[frozenset[Card], ...], frozenset[Card]]] = [(tuple(knocker_melds), frozenset())]
    while stack:
        melds, laid = stack.pop()
        key = (frozenset(melds), laid)
        if key in seen:
            continue
        seen.add(key)
        best = min(best, ref_deadwood(defender - laid))
        for card in defender - laid:
            for i, meld in enumerate(melds):
                if _fits(card, meld):
                    grown = melds[:i] + (meld | {card},) + melds[i + 1:]
                    stack.append((grown, laid | {card}))
    return best
