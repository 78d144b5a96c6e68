"""Benchmark of the engine: ``python -m tutor.bench``.

Prints microseconds per call (median of several seeded runs) for ``analyze`` on 10- and
11-card hands, uniformly random and knock-like (two or three melds plus filler), and for
``score_hand`` on knock-like pairs. Targets on a 2-core machine: knock-like analyze at most
10 µs (10 cards) and 30 µs (11 cards); a score at most 300 µs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from tutor.cards import DECK, Card, card
from tutor.melds import analyze, min_deadwood
from tutor.cards import mask_of
from tutor.rules import load_ruleset
from tutor.scoring import score_hand


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


def time_per_call(fn: Callable[..., object], inputs: Sequence[tuple], runs: int) -> float:
    """Median over runs of the microseconds per call."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for args in inputs:
            fn(*args)
        samples.append((time.perf_counter() - start) / len(inputs) * 1e6)
    return statistics.median(samples)


def _analyze_full(cards: list[Card]) -> object:
    result = analyze(cards)
    return result.melds, result.deadwood_cards


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run")
    parser.add_argument("--runs", type=int, default=7, help="runs; the median is printed")
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    rules = load_ruleset("classic")
    cases = [
        ("analyze, 10 cards, random", analyze, [(random_hand(rng, 10),) for _ in range(args.hands)]),
        ("analyze, 10 cards, knock-like", analyze, [(knock_like_hand(rng, 10),) for _ in range(args.hands)]),
        ("analyze, 11 cards, random", analyze, [(random_hand(rng, 11),) for _ in range(args.hands)]),
        ("analyze, 11 cards, knock-like", analyze, [(knock_like_hand(rng, 11),) for _ in range(args.hands)]),
        ("analyze + melds shown, 10 cards, knock-like", _analyze_full,
         [(knock_like_hand(rng, 10),) for _ in range(args.hands)]),
        ("score_hand, knock-like pairs", score_hand,
         [(*knock_pair(rng), rules) for _ in range(args.hands // 4)]),
    ]
    print(f"seed {args.seed}, {args.hands} hands a run, median of {args.runs} runs")
    for name, fn, inputs in cases:
        print(f"{name:48s} {time_per_call(fn, inputs, args.runs):8.1f} µs/call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
