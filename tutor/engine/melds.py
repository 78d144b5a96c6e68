"""Melds and deadwood: the best arrangements of a hand.

A meld is a set (3 or 4 cards of one rank) or a run (3 or more consecutive cards of one suit,
ace low). A card belongs to one meld only; the cards in no meld are the deadwood.

How the minimum is found fast: without sets, a suit's cards meld exactly when they lie in a
block of three or more consecutive ranks, so the run-only deadwood of each of the 8,192 suit
patterns is a table look-up. Sets are possible only for ranks held in three or four suits,
which are few among ten cards: the engine tries every choice of sets for those ranks (none, the
whole rank, or each three of four) and looks the rest up in the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Literal

from tutor.engine.cards import (
    BIG_GIN_SIZE,
    CLUBS,
    DECK,
    DIAMONDS,
    HAND_SIZE,
    HEARTS,
    SUIT_BITS,
    SUIT_MASK,
    SUITS,
    Card,
    card_value,
    cards_of_mask,
    check_count,
    check_distinct,
)
from tutor.engine.errors import MalformedCardError, NotAMeldError, excerpt

MIN_MELD = 3
"""Fewest cards in a set or a run."""

MeldKind = Literal["set", "run"]


def _pattern_blocks(pattern: int) -> tuple[tuple[int, int], ...]:
    """Blocks of consecutive ranks in a suit pattern, as (lowest bit, length)."""
    blocks = []
    bit = 0
    while bit < SUIT_BITS:
        if pattern >> bit & 1:
            start = bit
            while bit < SUIT_BITS and pattern >> bit & 1:
                bit += 1
            blocks.append((start, bit - start))
        else:
            bit += 1
    return tuple(blocks)


def _run_tables() -> tuple[list[int], list[int]]:
    """For every suit pattern: its run-only deadwood, and the bits that lie in runs."""
    deadwood = [0] * (1 << SUIT_BITS)
    melded = [0] * (1 << SUIT_BITS)
    for pattern in range(1 << SUIT_BITS):
        for start, length in _pattern_blocks(pattern):
            if length >= MIN_MELD:
                melded[pattern] |= ((1 << length) - 1) << start
            else:
                deadwood[pattern] += sum(card_value(b + 1) for b in range(start, start + length))
    return deadwood, melded


RUN_DEADWOOD, RUN_MELDED = _run_tables()
"""``RUN_DEADWOOD[p]``: deadwood of suit pattern ``p`` melded in runs only; ``RUN_MELDED[p]``:
the bits of ``p`` that are in runs."""

RANK_COLUMN = [sum(1 << (s * SUIT_BITS + r) for s in range(4)) for r in range(SUIT_BITS)]
"""``RANK_COLUMN[r]``: the bits of the four cards of rank bit ``r`` (0 for the ace)."""


def _suit_patterns(mask: int) -> tuple[int, int, int, int]:
    """The 13-bit pattern of each suit in a hand mask (spades, hearts, diamonds, clubs)."""
    return (mask & SUIT_MASK, mask >> HEARTS & SUIT_MASK, mask >> DIAMONDS & SUIT_MASK, mask >> CLUBS)


def set_ranks(mask: int) -> int:
    """Bit ``r`` set for each rank (0-12) held in at least three suits of the hand."""
    a, b, c, d = _suit_patterns(mask)
    return (a & b & (c | d)) | (c & d & (a | b))


def _all_set_options() -> dict[int, tuple[int, ...]]:
    """For each rank held in three or four suits (as the mask of those cards), the ways to meld
    it as a set: each as the mask of the set's cards, 0 for no set."""
    table: dict[int, tuple[int, ...]] = {}
    for rank_bit in range(SUIT_BITS):
        column = [1 << (s * SUIT_BITS + rank_bit) for s in range(4)]
        for size in (3, 4):
            for present in combinations(column, size):
                whole = sum(present)
                threes = tuple(sum(three) for three in combinations(present, 3)) if size == 4 else ()
                table[whole] = (0, whole) + threes
    return table


_SET_OPTIONS = _all_set_options()


def _set_options(mask: int, rank_bit: int) -> tuple[int, ...]:
    """The ways to meld one rank as a set: each as the mask of its cards (0 for no set)."""
    return _SET_OPTIONS[mask & RANK_COLUMN[rank_bit]]


# The hot paths below (min_deadwood, _min_with_sets, _run_deadwood_after_discard) split the mask
# into suits inline rather than through _suit_patterns and run_deadwood: a function call per hand
# costs more than the look-ups themselves, and analyze() is benchmarked at a few microseconds.

def could_meld(card: Card, other: Card) -> bool:
    """Whether two cards could be in one meld: the same rank (a set), or the same suit and at most
    two ranks apart (a run)."""
    return card != other and (card.rank == other.rank or (card.suit == other.suit and abs(card.rank - other.rank) <= 2))



def meld_partners(card: Card) -> Iterable[tuple[Card, Card]]:
    """The pairs of cards that make a meld of three with ``card``: two others of its rank, or its
    neighbours in a run of its suit."""
    rank_mates = [m for m in (DECK[suit * SUIT_BITS + card.rank - 1] for suit in range(4)) if m is not card]
    for i, first in enumerate(rank_mates):
        for second in rank_mates[i + 1:]:
            yield first, second
    base = card.index - card.rank + 1
    for low, high in ((-2, -1), (-1, 1), (1, 2)):
        a, b = card.rank + low, card.rank + high
        if 1 <= a <= 13 and 1 <= b <= 13:
            yield DECK[base + a - 1], DECK[base + b - 1]

def run_deadwood(mask: int) -> int:
    """Deadwood of a hand when only runs are melded."""
    return (RUN_DEADWOOD[mask & SUIT_MASK] + RUN_DEADWOOD[mask >> HEARTS & SUIT_MASK]
            + RUN_DEADWOOD[mask >> DIAMONDS & SUIT_MASK] + RUN_DEADWOOD[mask >> CLUBS])


def min_deadwood(mask: int) -> int:
    """The least deadwood any arrangement of the hand leaves."""
    a = mask & SUIT_MASK
    b = mask >> HEARTS & SUIT_MASK
    c = mask >> DIAMONDS & SUIT_MASK
    d = mask >> CLUBS
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return RUN_DEADWOOD[a] + RUN_DEADWOOD[b] + RUN_DEADWOOD[c] + RUN_DEADWOOD[d]
    runnable = RUN_MELDED[a] | RUN_MELDED[b] << HEARTS | RUN_MELDED[c] << DIAMONDS | RUN_MELDED[d] << CLUBS
    return _min_with_sets(mask, ranks, runnable)


_MORE_THAN_ANY_DEADWOOD = 10 * 52 + 1
"""A starting value that any hand's deadwood beats."""


def _min_with_sets(mask: int, ranks: int, runnable: int) -> int:
    """The least deadwood, trying each choice of sets for ``ranks``. A rank none of whose cards
    could be in a run (``runnable``: the cards in blocks of three or more of their suit) is melded
    whole: leaving any of its cards out could only add deadwood."""
    low = ranks & -ranks
    rest = ranks ^ low
    column = mask & RANK_COLUMN[low.bit_length() - 1]
    options = _SET_OPTIONS[column] if column & runnable else (column,)
    best = _MORE_THAN_ANY_DEADWOOD
    for option in options:
        remaining = mask ^ option
        if rest:
            dw = _min_with_sets(remaining, rest, runnable)
        else:
            dw = (RUN_DEADWOOD[remaining & SUIT_MASK] + RUN_DEADWOOD[remaining >> HEARTS & SUIT_MASK]
                  + RUN_DEADWOOD[remaining >> DIAMONDS & SUIT_MASK] + RUN_DEADWOOD[remaining >> CLUBS])
        if dw < best:
            best = dw
    return best


def _drop_gains() -> list[int]:
    """For each suit pattern, the most its run-only deadwood falls when one of its cards goes."""
    gains = [0] * (1 << SUIT_BITS)
    for pattern in range(1, 1 << SUIT_BITS):
        base = RUN_DEADWOOD[pattern]
        best = 0
        rest = pattern
        while rest:
            low = rest & -rest
            rest ^= low
            gain = base - RUN_DEADWOOD[pattern ^ low]
            if gain > best:
                best = gain
        gains[pattern] = best
    return gains


DROP_GAIN = _drop_gains()


def _drop_best() -> list[int]:
    """For each suit pattern, the bits whose removal lowers its run-only deadwood the most."""
    best = [0] * (1 << SUIT_BITS)
    for pattern in range(1, 1 << SUIT_BITS):
        base, gain, rest = RUN_DEADWOOD[pattern], DROP_GAIN[pattern], pattern
        while rest:
            low = rest & -rest
            rest ^= low
            if base - RUN_DEADWOOD[pattern ^ low] == gain:
                best[pattern] |= low
    return best


DROP_BEST = _drop_best()


def _drops(mask: int) -> tuple[int, int]:
    """With runs only: the least deadwood once one card goes, and the bits of every card whose
    discard reaches it."""
    a = mask & SUIT_MASK
    b = mask >> HEARTS & SUIT_MASK
    c = mask >> DIAMONDS & SUIT_MASK
    d = mask >> CLUBS
    ga, gb, gc, gd = DROP_GAIN[a], DROP_GAIN[b], DROP_GAIN[c], DROP_GAIN[d]
    gain = max(ga, gb, gc, gd)
    reach = ((DROP_BEST[a] if ga == gain else 0) | (DROP_BEST[b] << HEARTS if gb == gain else 0)
             | (DROP_BEST[c] << DIAMONDS if gc == gain else 0) | (DROP_BEST[d] << CLUBS if gd == gain else 0))
    return RUN_DEADWOOD[a] + RUN_DEADWOOD[b] + RUN_DEADWOOD[c] + RUN_DEADWOOD[d] - gain, reach


def _after_discard_with_sets(mask: int, ranks: int, runnable: int, fours: int) -> tuple[int, int]:
    """:func:`discard_reach` through each choice of sets for ``ranks``. A rank none of whose cards
    could be in a run is melded whole (``fours`` gathers those of four cards: one of them may go
    and leave a set of three, which ties when nothing else is left to drop)."""
    if not ranks:
        least, reach = _drops(mask)
        if fours and not least and not run_deadwood(mask):
            reach |= fours
        return least, reach
    low = ranks & -ranks
    rest = ranks ^ low
    column = mask & RANK_COLUMN[low.bit_length() - 1]
    if not column & runnable:
        return _after_discard_with_sets(mask ^ column, rest, runnable,
                                        fours | column if column.bit_count() == 4 else fours)
    best, reach = _MORE_THAN_ANY_DEADWOOD, 0
    for option in _SET_OPTIONS[column]:
        least, bits = _after_discard_with_sets(mask ^ option, rest, runnable, fours)
        if least < best:
            best, reach = least, bits
        elif least == best:
            reach |= bits
    return best, reach


def discard_reach(mask: int) -> tuple[int, int]:
    """For a hand just after a draw: the least deadwood left once one card is discarded, and the
    bits of every discard that leaves it.

    Every discard is tried, through the set choices: a discard from a chosen set is the same
    as a smaller choice plus a discard from the other cards, so it is enough to take, for each
    set choice, the best cards to drop from the cards left for runs.
    """
    a = mask & SUIT_MASK
    b = mask >> HEARTS & SUIT_MASK
    c = mask >> DIAMONDS & SUIT_MASK
    d = mask >> CLUBS
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not ranks:
        return _drops(mask)
    runnable = RUN_MELDED[a] | RUN_MELDED[b] << HEARTS | RUN_MELDED[c] << DIAMONDS | RUN_MELDED[d] << CLUBS
    return _after_discard_with_sets(mask, ranks, runnable, 0)


def min_deadwood_after_discard(mask: int) -> int:
    """For a hand just after a draw: the least deadwood left once one card is discarded."""
    return discard_reach(mask)[0]


def _set_choices(mask: int) -> list[tuple[int, ...]]:
    """Every choice of sets for the hand, as tuples of set masks."""
    choices: list[tuple[int, ...]] = [()]
    ranks = set_ranks(mask)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        options = _set_options(mask, low.bit_length() - 1)
        choices = [chosen + ((opt,) if opt else ()) for chosen in choices for opt in options]
    return choices


@dataclass(frozen=True)
class Meld:
    """A set or a run, its cards in order (runs by rank, sets by suit)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def rank(self) -> int:
        """The rank of a set; the lowest rank of a run."""
        return self.cards[0].rank

    @property
    def suit(self) -> str:
        """The suit of a run (a set has none: its first card's suit)."""
        return self.cards[0].suit

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def run_of(cards: Iterable[Card]) -> Meld:
    return Meld("run", tuple(sorted(cards, key=lambda c: c.rank)))


def set_of(cards: Iterable[Card]) -> Meld:
    return Meld("set", tuple(sorted(cards, key=lambda c: c.index)))


_SUIT_LAYOUTS: dict[tuple[int, int], tuple[tuple[Meld, ...], tuple[Card, ...]]] = {}


def _suit_layout(suit: int, pattern: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The runs of one suit's cards (each block of three or more is one run) and the rest."""
    key = (suit, pattern)
    layout = _SUIT_LAYOUTS.get(key)
    if layout is None:
        base = suit * SUIT_BITS
        runs = tuple(
            Meld("run", tuple(DECK[base + b] for b in range(start, start + length)))
            for start, length in _pattern_blocks(pattern)
            if length >= MIN_MELD
        )
        loose = tuple(cards_of_mask((pattern ^ RUN_MELDED[pattern]) << base))
        layout = _SUIT_LAYOUTS[key] = (runs, loose)
    return layout


@dataclass(frozen=True)
class Arrangement:
    """One way to lay out a hand: its melds and its deadwood cards."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        return sum(c.value for c in self.deadwood_cards)


def _arrangement(mask: int, sets: tuple[int, ...]) -> Arrangement:
    """The arrangement with the given sets and every run the other cards make."""
    rest = mask
    for s in sets:
        rest ^= s
    melds = tuple(set_of(cards_of_mask(s)) for s in sets) if sets else ()
    deadwood: tuple[Card, ...] = ()
    for suit, pattern in enumerate(_suit_patterns(rest)):
        if pattern:
            runs, loose = _suit_layout(suit, pattern)
            melds += runs
            deadwood += loose
    return Arrangement(melds, deadwood)


def _display_order(arrangement: Arrangement) -> tuple[int, int, tuple[int, ...]]:
    """Sort key for the arrangement shown first: most cards melded, fewest melds, then deck order."""
    return (len(arrangement.deadwood_cards), len(arrangement.melds),
            tuple(c.index for m in arrangement.melds for c in m.cards))


def least_set_choices(mask: int) -> tuple[int, list[tuple[int, ...]]]:
    """The least deadwood of the hand, and every choice of sets (as set masks) that leaves it,
    the other cards melded in whole runs: one choice per arrangement of :func:`best_arrangements`."""
    if not set_ranks(mask):
        return run_deadwood(mask), [()]
    scored = []
    for sets in _set_choices(mask):
        rest = mask
        for s in sets:
            rest ^= s
        scored.append((run_deadwood(rest), sets))
    least = min(dw for dw, _ in scored)
    return least, [sets for dw, sets in scored if dw == least]


def run_blocks(mask: int) -> list[tuple[int, int]]:
    """The runs a hand's cards make when none is in a set, each as (its lowest bit, its length)."""
    blocks = []
    for suit, pattern in enumerate(_suit_patterns(mask)):
        melded = RUN_MELDED[pattern]
        if melded:
            blocks += [(suit * SUIT_BITS + start, length) for start, length in _pattern_blocks(melded)]
    return blocks


def best_arrangements(mask: int) -> list[Arrangement]:
    """Every arrangement of the hand that leaves the least deadwood, the one to show first.

    A run of four or more is one meld: splitting it would meld the same cards.
    """
    _, choices = least_set_choices(mask)
    return sorted((_arrangement(mask, sets) for sets in choices), key=_display_order)


def candidate_arrangements(mask: int) -> list[Arrangement]:
    """One arrangement for every choice of sets (the other cards' runs taken whole), best or not:
    the ways a player might reasonably lay the hand out."""
    return [_arrangement(mask, sets) for sets in _set_choices(mask)]


def is_valid_meld(cards: Sequence[Card]) -> bool:
    """Whether the cards form a set or a run."""
    return meld_problem(cards) is None


MeldProblem = Literal["too_few", "too_many_for_set", "mixed_suits", "gap", "ace_high", "mixed", "used_twice"]


def meld_problem(cards: Sequence[Card]) -> MeldProblem | None:
    """Why some cards are not a meld, or ``None`` when they are a set or a run."""
    if len(set(cards)) != len(cards):
        return "used_twice"
    if len(cards) < MIN_MELD:
        return "too_few"
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) == 1:
        return None if len(cards) <= 4 else "too_many_for_set"
    suits = {c.suit for c in cards}
    if len(set(ranks)) != len(ranks):
        return "mixed"
    if len(suits) > 1:
        return "mixed_suits"
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return None
    if 1 in ranks and 13 in ranks:
        return "ace_high"
    return "gap"


def meld_from_cards(cards: Sequence[Card]) -> Meld:
    """The meld these cards form; raises ``ValueError`` when they do not form one."""
    problem = meld_problem(cards)
    if problem is not None:
        raise NotAMeldError(problem, cards=" ".join(map(str, cards)))
    return set_of(cards) if len({c.rank for c in cards}) == 1 else run_of(cards)


_DISCARD_ORDER = sorted(DECK, key=lambda c: (-c.value, -c.rank, c.index))
"""Among equally good discards, the highest card goes first (it is worth most if it stays)."""


def best_discards(mask: int) -> tuple[int, list[Card]]:
    """For an 11-card hand: the least deadwood after one discard, and every discard that reaches
    it, the one shown first (the highest card: it is worth most if it stays)."""
    best, reach = discard_reach(mask)
    return best, [c for c in _DISCARD_ORDER if reach & c.bit]


def _first_discard(reach: int) -> Card:
    """Of the discards in ``reach``, the one shown first: the highest value, then rank, then deck order."""
    return min(cards_of_mask(reach), key=lambda c: (-c.value, -c.rank, c.index))


@dataclass(frozen=True)
class HandAnalysis:
    """The best melds and deadwood of a hand of 10 cards, or of 11 just after a draw.

    For 11 cards, ``discard`` is the card whose discard leaves the least deadwood (every discard
    is tried) and the other fields describe the 10 cards kept; ``big_gin`` says whether the 11
    cards meld as they are, and ``big_gin_melds`` gives that arrangement. The arrangements are
    worked out when they are first asked for.
    """

    cards: tuple[Card, ...]
    deadwood: int
    discard: Card | None
    big_gin: bool
    kept_mask: int = field(repr=False)

    @cached_property
    def arrangements(self) -> list[Arrangement]:
        """Every arrangement of the kept cards with the least deadwood, the shown one first."""
        return best_arrangements(self.kept_mask)

    @property
    def arrangement(self) -> Arrangement:
        """The arrangement the app shows."""
        return self.arrangements[0]

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.arrangement.melds

    @property
    def deadwood_cards(self) -> tuple[Card, ...]:
        return self.arrangement.deadwood_cards

    @cached_property
    def discard_options(self) -> tuple[Card, ...]:
        """Every discard that leaves the least deadwood (none for 10 cards)."""
        if self.discard is None:
            return ()
        return tuple(best_discards(self.kept_mask | self.discard.bit)[1])

    @cached_property
    def big_gin_melds(self) -> tuple[Meld, ...] | None:
        """The eleven cards' melds when they make a big gin, else None."""
        if not self.big_gin or self.discard is None:
            return None
        return best_arrangements(self.kept_mask | self.discard.bit)[0].melds


def analyze(cards: Sequence[Card]) -> HandAnalysis:
    """Best melds and deadwood of 10 cards; for 11 cards also the best discard and big gin."""
    mask = 0
    for c in cards:
        if not isinstance(c, Card):
            raise MalformedCardError(token=excerpt(c))
        mask |= c.bit
    if mask.bit_count() != len(cards):
        check_distinct(cards)
    if len(cards) == HAND_SIZE:
        return HandAnalysis(tuple(cards), min_deadwood(mask), None, False, mask)
    check_count(cards, (HAND_SIZE, BIG_GIN_SIZE))
    deadwood, reach = discard_reach(mask)
    discard = _first_discard(reach)
    big_gin = deadwood == 0 and min_deadwood(mask) == 0
    return HandAnalysis(tuple(cards), deadwood, discard, big_gin, mask ^ discard.bit)


__all__ = [
    "Arrangement", "HandAnalysis", "Meld", "MIN_MELD", "analyze", "best_arrangements",
    "best_discards", "is_valid_meld", "meld_from_cards", "meld_problem", "min_deadwood",
    "run_of", "set_of", "SUITS",
]
