"""Benchmark of the game and the virtual player: ``python benchmarks/play.py``.

Plays seeded hands (every level against itself, classic rules) and prints the median time of a
move applied to a hand, of a view, and of each level's decision, with its 99th percentile.
The virtual player's target is a decision in 5 ms or less (median) on a 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from tutor.engine.rules import load_ruleset
from tutor.play import BOT_LEVELS, Bot, new_hand


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200, help="hands per level")
    args = parser.parse_args(argv)
    applies: list[float] = []
    views: list[float] = []
    print(f"{args.hands} hands per level, classic rules; times in milliseconds")
    print("| what | median | 99th percentile |")
    print("| --- | --- | --- |")
    for level in BOT_LEVELS:
        bots = (Bot(level, 1), Bot(level, 2))
        decisions: list[float] = []
        for seed in range(args.hands):
            hand = new_hand(load_ruleset("classic"), seed, dealer=seed % 2)
            while hand.to_move is not None:
                began = time.perf_counter()
                view = hand.view(hand.to_move)
                viewed = time.perf_counter()
                move = bots[hand.to_move].decide(view)
                decided = time.perf_counter()
                hand = hand.apply(move)
                applied = time.perf_counter()
                views.append(viewed - began)
                decisions.append(decided - viewed)
                applies.append(applied - decided)
        ms = [d * 1000 for d in decisions]
        print(f"| decision, {level} | {statistics.median(ms):.2f} | {percentile(ms, 0.99):.2f} |")
    for name, samples in (("view", views), ("move applied", applies)):
        ms = [d * 1000 for d in samples]
        print(f"| {name} | {statistics.median(ms):.3f} | {percentile(ms, 0.99):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
