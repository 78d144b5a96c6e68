"""Layoffs: the defender's cards laid off onto the knocker's melds.

A defender may add the fourth card to a set of three, or the next card at either end of a run,
one after another (a chain). The defender's own melds and its layoffs are chosen together to
leave the least deadwood, so a defender may break one of its own melds when laying off its
cards scores better. Every combination of layoffs is tried: there are few.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from tutor.engine.cards import SUIT_BITS, SUITS, Card, card, mask_of
from tutor.engine.melds import RANK_COLUMN, Arrangement, Meld, best_arrangements, min_deadwood, run_blocks


@dataclass(frozen=True)
class Layoff:
    """One card laid off, and the knocker's meld it went onto."""

    card: Card
    meld: Meld


def extensions(meld: Meld) -> list[list[Card]]:
    """For each open end of a meld, the cards that would extend it one after another, nearest
    first: a set of three has one end (its missing fourth card), a set of four none, and a run
    two (downwards to the ace, upwards to the king)."""
    if meld.kind == "set":
        if len(meld.cards) != 3:
            return []
        missing = next(s for s in SUITS if s not in {c.suit for c in meld.cards})
        return [[card(meld.rank, missing)]]
    low, high = meld.cards[0].rank, meld.cards[-1].rank
    return [[card(r, meld.suit) for r in range(low - 1, 0, -1)],
            [card(r, meld.suit) for r in range(high + 1, 14)]]


def fits(c: Card, meld: Meld) -> bool:
    """Whether a card can be laid off onto a meld as it stands (not only after another layoff)."""
    return any(end and end[0] == c for end in extensions(meld))


def _end_options(meld: Meld, end: list[Card], defender_mask: int) -> list[tuple[Layoff, ...]]:
    """Options for one end of a meld: every first part of the defender's chain there, the empty
    one included (a chain: each card fits once the one before it is laid off)."""
    chain: list[Layoff] = []
    for c in end:
        if not defender_mask & c.bit:
            break
        chain.append(Layoff(c, meld))
    return [tuple(chain[:n]) for n in range(len(chain) + 1)]


def layoff_options(knocker_melds: Sequence[Meld], defender_mask: int) -> list[tuple[Layoff, ...]]:
    """Every combination of layoffs the defender could make, no card used twice."""
    per_end = [options for meld in knocker_melds for end in extensions(meld)
               if len(options := _end_options(meld, end, defender_mask)) > 1]
    combos = []
    for parts in product(*per_end):
        layoffs = tuple(lay for part in parts for lay in part)
        if len({lay.card for lay in layoffs}) == len(layoffs):
            combos.append(layoffs)
    return combos


@lru_cache(maxsize=8192)
def _end_chains(meld: Meld) -> tuple[tuple[int, ...], ...]:
    """For each open end of a meld, the bits of the cards that would extend it, nearest first."""
    return tuple(tuple(c.bit for c in end) for end in extensions(meld) if end)


Chains = tuple[tuple[int, ...], ...]
"""The open ends of a knocker's melds, each as the bits of the cards that would extend it, nearest first."""


def meld_chains(knocker_melds: Sequence[Meld]) -> Chains:
    """The open ends of these melds (:func:`extensions`), as bits."""
    return tuple(chain for meld in knocker_melds for chain in _end_chains(meld))


def arrangement_chains(mask: int, sets: tuple[int, ...]) -> Chains:
    """:func:`meld_chains` of the arrangement of ``mask`` with these sets (masks of three or four
    cards of a rank) and every run its other cards make, worked out on the bits alone (no
    :class:`Meld` is built: the simulations score knocks this way)."""
    chains: list[tuple[int, ...]] = []
    rest = mask
    for chosen in sets:
        rest ^= chosen
        if chosen.bit_count() == 3:
            low = chosen & -chosen
            chains.append((RANK_COLUMN[(low.bit_length() - 1) % SUIT_BITS] ^ chosen,))
    for first, length in run_blocks(rest):
        rank = first % SUIT_BITS
        if rank:
            chains.append(tuple(1 << (first - step) for step in range(1, rank + 1)))
        if rank + length < SUIT_BITS:
            chains.append(tuple(1 << (first + step) for step in range(length, SUIT_BITS - rank)))
    return tuple(chains)


def layoff_masks(knocker_melds: Sequence[Meld], defender_mask: int) -> list[int]:
    """Every combination of layoffs the defender could make, as the mask of the cards laid off
    (the same combinations as :func:`layoff_options`, no card used twice, none laid off included)."""
    return chain_layoff_masks(meld_chains(knocker_melds), defender_mask)


def chain_layoff_masks(chains: Chains, defender_mask: int) -> list[int]:
    """:func:`layoff_masks` onto melds given by their open ends (:func:`meld_chains`)."""
    combos = [0]
    for chain in chains:
        options, laid = [], 0
        for bit in chain:
            if not defender_mask & bit:
                break
            laid |= bit
            options.append(laid)
        if options:
            combos = [c | o for c in combos for o in (0, *options) if not c & o]
    return combos


def defender_deadwood(knocker_melds: Sequence[Meld], defender_mask: int, allow_layoffs: bool = True,
                      may_break_melds: bool = True) -> int:
    """The least deadwood the defender keeps against a knock (its layoffs and its own melds chosen
    together, as :func:`best_defence` chooses them): the number alone, for simulations."""
    return chain_defender_deadwood(meld_chains(knocker_melds), defender_mask, allow_layoffs, may_break_melds)


def chain_defender_deadwood(chains: Chains, defender_mask: int, allow_layoffs: bool = True,
                            may_break_melds: bool = True) -> int:
    """:func:`defender_deadwood` against melds given by their open ends (:func:`meld_chains`)."""
    if not allow_layoffs:
        return min_deadwood(defender_mask)
    layable = defender_mask if may_break_melds else mask_of(best_arrangements(defender_mask)[0].deadwood_cards)
    return min(min_deadwood(defender_mask ^ laid) for laid in chain_layoff_masks(chains, layable))


def _cards_mask(layoffs: tuple[Layoff, ...]) -> int:
    return mask_of(layoff.card for layoff in layoffs)


@dataclass(frozen=True)
class DefenderPlay:
    """The defender's best answer to a knock: its layoffs and its own arrangement of the rest."""

    layoffs: tuple[Layoff, ...]
    arrangement: Arrangement
    deadwood_before_layoffs: int
    best_layoff_sets: tuple[frozenset[Card], ...]
    """Every set of laid-off cards that reaches the least deadwood (all best plays)."""

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood


def best_defence(knocker_melds: Sequence[Meld], defender_mask: int, allow_layoffs: bool = True,
                 may_break_melds: bool = True) -> DefenderPlay:
    """The defender's layoffs and own melds that together leave it the least deadwood.

    With ``may_break_melds`` false, only the deadwood of the defender's own best arrangement
    may be laid off. Among equally good plays the one with the fewest layoffs is shown (it
    keeps the defender's own melds whole when that costs nothing).
    """
    before = min_deadwood(defender_mask)
    layable = defender_mask
    if not may_break_melds:
        layable = mask_of(best_arrangements(defender_mask)[0].deadwood_cards)
    options = layoff_options(knocker_melds, layable) if allow_layoffs else [()]
    scored = [(min_deadwood(defender_mask ^ _cards_mask(lay)), lay) for lay in options]
    least = min(dw for dw, _ in scored)
    best = [lay for dw, lay in scored if dw == least]
    shown = min(best, key=lambda lay: (len(lay), [layoff.card.index for layoff in lay]))
    arrangement = best_arrangements(defender_mask ^ _cards_mask(shown))[0]
    card_sets = tuple(dict.fromkeys(frozenset(layoff.card for layoff in lay) for lay in best))
    return DefenderPlay(shown, arrangement, before, card_sets)
