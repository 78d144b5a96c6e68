"""Benchmark of the engine: ``python benchmarks/engine.py``.

Prints microseconds per call (median of several seeded runs) for ``analyze`` on 10- and
11-card hands, uniformly random and knock-like (two or three melds plus filler), and for
``score_hand`` on knock-like pairs. Where OpenSpiel is installed (``pip install -e .[arena]``), it
also times OpenSpiel's C++ ``MinDeadwood`` (through its Python binding) on the same hands, side by
side. Targets on a 2-core machine: knock-like analyze at most 10 µs (10 cards) and 30 µs (11
cards), and at most half of OpenSpiel's time for 11 knock-like cards; a score at most 300 µs.
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
    side_by_side(rng, args.hands, args.runs)
    return 0


def _openspiel_card(utils: Any, card: Card) -> int:
    return int(utils.card_int(str(card).replace("10", "T")[:-1] + str(card)[-1].lower()))


def side_by_side(rng: random.Random, hands: int, runs: int) -> None:
    """``analyze`` beside OpenSpiel's C++ ``MinDeadwood`` on the same hands (skipped, saying so,
    where OpenSpiel is not installed)."""
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install -e .[arena]): no side-by-side comparison")
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    print("side by side with OpenSpiel's MinDeadwood (C++ through its Python binding):")
    for size in (10, 11):
        for kind, make in (("random", random_hand), ("knock-like", knock_like_hand)):
            drawn = [make(rng, size) for _ in range(hands)]
            ours = time_per_call(analyze, [(h,) for h in drawn], runs)
            theirs = time_per_call(utils.min_deadwood, [([_openspiel_card(utils, c) for c in h],) for h in drawn], runs)
            print(f"  {size} cards, {kind:10s}  analyze {ours:6.1f} µs  OpenSpiel {theirs:6.1f} µs  "
                  f"({ours / theirs:.2f}×)")


if __name__ == "__main__":
    raise SystemExit(main())
