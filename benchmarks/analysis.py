"""Benchmark of the analysis engine: ``python benchmarks/analysis.py``.

Prints, on positions from hands the strong player plays against itself (classic):

* ``analyze_decision`` with 200 samples on a discard and on a draw: median and 90th percentile;
* a whole hand's review: every decision of one player in a hand analysed with 200 samples (the
  hand's total, median over the hands);
* the expert's decision (``Bot("expert")``): median and 90th percentile;
* a rollout: microseconds per hand played out by the quick policy.

Targets on a 2-core machine: a discard at most 1 s median; a hand's review at most 10 s; the
expert at most 2 s median a decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.rules import load_ruleset
from tutor.play import Bot, new_hand
from tutor.play.analysis import WorldSampler, analyze_decision, hidden_of, play_option, world_sim
from tutor.play.bots.reading import read_view
from tutor.play.hand import View

RULES = load_ruleset("classic")


def hand_decisions(seed: int) -> list[View]:
    """The views of player 0's decisions (with more than one legal move) in a hand the strong
    player plays on both sides."""
    hand = new_hand(RULES, seed)
    bots = (Bot("strong", 1), Bot("strong", 2))
    views = []
    while hand.to_move is not None:
        view = hand.view(hand.to_move)
        if hand.to_move == 0 and len(view["legal"]) > 1:
            views.append(view)
        hand = hand.apply(bots[hand.to_move].move(view))
    return views


def timed(fn: Any, *args: Any, **kwargs: Any) -> float:
    began = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - began


def quantile(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20, help="hands whose decisions are timed")
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    discards: list[float] = []
    draws: list[float] = []
    reviews: list[float] = []
    expert: list[float] = []
    bot = Bot("expert", 1)
    for seed in range(1, args.hands + 1):
        review = 0.0
        for view in hand_decisions(seed):
            spent = timed(analyze_decision, view, samples=args.samples, seed=seed)
            (discards if view["phase"] == "discard" else draws).append(spent)
            review += spent
            expert.append(timed(bot.move, view))
        reviews.append(review)
    views = [v for seed in range(1, 6) for v in hand_decisions(seed)]
    rng, rollouts, began = random.Random(0), 0, time.perf_counter()
    for view in views:
        table = read_view(view)
        sampler = WorldSampler(hidden_of(table))
        for _ in range(40):
            opponent, stock = sampler.draw(rng)
            play_option(world_sim(view, table, opponent, stock), table.legal[0], table)
            rollouts += 1
    rollout_us = (time.perf_counter() - began) / rollouts * 1e6
    print(f"analysis benchmark: {args.hands} hands (strong against strong, classic), {args.samples} samples")
    print("| what | median | 90th percentile | target |")
    print("| --- | --- | --- | --- |")
    print(f"| analyze_decision, discard ({len(discards)}) | {statistics.median(discards):.2f} s | "
          f"{quantile(discards, 0.9):.2f} s | at most 1 s median |")
    print(f"| analyze_decision, draw ({len(draws)}) | {statistics.median(draws):.2f} s | "
          f"{quantile(draws, 0.9):.2f} s | |")
    print(f"| a hand's review ({len(reviews)} hands) | {statistics.median(reviews):.2f} s | "
          f"{quantile(reviews, 0.9):.2f} s | at most 10 s |")
    print(f"| the expert's decision ({len(expert)}) | {statistics.median(expert):.2f} s | "
          f"{quantile(expert, 0.9):.2f} s | at most 2 s median |")
    print(f"| a rollout, with the world drawn ({rollouts}) | {rollout_us:.0f} µs | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
