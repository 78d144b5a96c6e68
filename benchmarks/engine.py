"""Benchmark of the engine: ``python benchmarks/engine.py``.

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
from typing import Any

from tutor.drills.hands import knock_like_hand, knock_pair, random_hand
from tutor.engine.cards import Card
from tutor.engine.melds import analyze
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import score_hand


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
    cases: list[tuple[str, Callable[..., object], Sequence[tuple[Any, ...]]]] = [
        ("analyze, 10 cards, random", analyze, [(random_hand(rng, 10),) for _ in range(args.hands)]),
        ("analyze, 10 cards, knock-like", analyze, [(knock_like_hand(rng, 10),) for _ in range(args.hands)]),
        ("analyze, 11 cards, random", analyze, [(random_hand(rng, 11),) for _ in range(args.hands)]),
        ("analyze, 11 cards, knock-like", analyze, [(knock_like_hand(rng, 11),) for _ in range(args.hands)]),
        ("analyze + melds shown, 10 cards, knock-like", _analyze_full,
         [(knock_like_hand(rng, 10),) for _ in range(args.hands)]),
        ("score_hand, knock-like pairs", score_hand,
         [(*knock_pair(rng, rules), rules) for _ in range(args.hands // 4)]),
    ]
    print(f"seed {args.seed}, {args.hands} hands a run, median of {args.runs} runs")
    for name, fn, inputs in cases:
        print(f"{name:48s} {time_per_call(fn, inputs, args.runs):8.1f} µs/call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
