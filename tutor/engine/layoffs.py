"""Layoffs: the defender's cards laid off onto the knocker's melds.

A defender may add the fourth card to a set of three, or the next card at either end of a run,
one after another (a chain). The defender's own melds and its layoffs are chosen together to
leave the least deadwood, so a defender may break one of its own melds when laying off its
cards scores better. Every combination of layoffs is tried: there are few.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from tutor.engine.cards import DECK, SUIT_BITS, SUITS, Card, mask_of
from tutor.engine.melds import Arrangement, Meld, best_arrangements, min_deadwood


@dataclass(frozen=True)
class Layoff:
    """One card laid off, and the knocker's meld it went onto."""

    card: Card
    meld: Meld


def _set_layoffs(meld: Meld, defender_mask: int) -> list[tuple[Layoff, ...]]:
    """Options for a set: nothing, or its missing fourth card when the defender holds it."""
    if len(meld.cards) != 3:
        return [()]
    missing = set(SUITS) - {c.suit for c in meld.cards}
    fourth = DECK[SUITS.index(missing.pop()) * SUIT_BITS + meld.rank - 1]
    return [(), (Layoff(fourth, meld),)] if defender_mask & fourth.bit else [()]


def _chain(meld: Meld, defender_mask: int, step: int) -> list[Layoff]:
    """The defender's cards that extend a run at one end, one after another."""
    base = SUITS.index(meld.suit) * SUIT_BITS
    rank = (meld.cards[-1].rank if step > 0 else meld.cards[0].rank) + step
    chain = []
    while 1 <= rank <= 13 and defender_mask >> (base + rank - 1) & 1:
        chain.append(Layoff(DECK[base + rank - 1], meld))
        rank += step
    return chain


def _run_layoffs(meld: Meld, defender_mask: int, step: int) -> list[tuple[Layoff, ...]]:
    """Options for one end of a run: every first part of its chain, the empty one included."""
    chain = _chain(meld, defender_mask, step)
    return [tuple(chain[:n]) for n in range(len(chain) + 1)]


def layoff_options(knocker_melds: Sequence[Meld], defender_mask: int) -> list[tuple[Layoff, ...]]:
    """Every combination of layoffs the defender could make, no card used twice."""
    per_end: list[list[tuple[Layoff, ...]]] = []
    for meld in knocker_melds:
        if meld.kind == "set":
            per_end.append(_set_layoffs(meld, defender_mask))
        else:
            per_end.append(_run_layoffs(meld, defender_mask, -1))
            per_end.append(_run_layoffs(meld, defender_mask, +1))
    per_end = [options for options in per_end if len(options) > 1]
    combos = []
    for parts in product(*per_end):
        layoffs = tuple(lay for part in parts for lay in part)
        if len({lay.card for lay in layoffs}) == len(layoffs):
            combos.append(layoffs)
    return combos


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


def _layoff_mask(layoffs: tuple[Layoff, ...]) -> int:
    mask = 0
    for lay in layoffs:
        mask |= lay.card.bit
    return mask


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
    scored = [(min_deadwood(defender_mask ^ _layoff_mask(lay)), lay) for lay in options]
    least = min(dw for dw, _ in scored)
    best = [lay for dw, lay in scored if dw == least]
    shown = min(best, key=lambda lay: (len(lay), [l.card.index for l in lay]))
    arrangement = best_arrangements(defender_mask ^ _layoff_mask(shown))[0]
    card_sets = tuple(dict.fromkeys(frozenset(l.card for l in lay) for lay in best))
    return DefenderPlay(shown, arrangement, before, card_sets)
