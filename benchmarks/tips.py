"""What each of source 001's tips is worth, measured by the analysis: ``python benchmarks/tips.py``.

On the decisions of hands the strong player plays against itself, for each tip (:mod:`tutor.play.tips`)
at each decision where some legal move follows it and another breaks it, every legal move is
valued as the coach values it (its belief, its careful continuation, exactly at the wall:
:class:`tutor.play.evaluation.Evaluation` at the app's budget) on twice ``--samples`` worlds; the tip's
value there is the best following move's expected points less the best breaking move's, each side's
best chosen on the first half of the worlds and valued on the other half (chosen and valued on the
same worlds, the best of many noisy estimates is biased upward, and the side with more moves, often
the one that breaks a tip, would gain by it). Prints, per tip: the positions, the mean value (± its
standard error) and how often following it was the better choice. The figures the app shows
(``tutor/play/tip_values.py``) come from a run of this script.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.rules import load_ruleset
from tutor.play import Bot, new_hand
from tutor.play.bots.reading import Table, read_view
from tutor.play.evaluation import Evaluation
from tutor.play.hand import View
from tutor.play.moves import Move
from tutor.play.tips import TIPS, tip_verdict


class Decided:
    def __init__(self, table: Table, move: Move) -> None:
        self.table, self.move = table, move


def decisions(rules_name: str, hands: int) -> list[View]:
    """Every decision with more than one legal move, of both players, in ``hands`` hands."""
    rules = load_ruleset(rules_name)
    views = []
    for seed in range(hands):
        hand = new_hand(rules, seed)
        bots = (Bot("strong", 1), Bot("strong", 2))
        while hand.to_move is not None:
            view = hand.view(hand.to_move)
            if len(view["legal"]) > 1:
                views.append(view)
            hand = hand.apply(bots[hand.to_move].move(view))
    return views


def tip_values(view: View, samples: int, seed: int) -> dict[str, float]:
    """For each tip that some move follows and another breaks here: best following less best breaking."""
    table = read_view(view)
    split = {tip: {m: _follows(tip, tip_verdict(tip, Decided(table, m))) for m in table.legal} for tip in TIPS}
    wanted = {tip: v for tip, v in split.items() if True in v.values() and False in v.values()}
    if not wanted:
        return {}
    evaluation = Evaluation(view, "strong", salt=seed)
    outcomes = {m: evaluation.play(m, 2 * samples) for m in table.legal}
    chosen = {m: statistics.fmean(o[:samples]) for m, o in outcomes.items()}
    valued = {m: statistics.fmean(o[samples:]) for m, o in outcomes.items()}

    def best(moves: list[Move]) -> Move:
        return max(moves, key=lambda m: chosen[m])

    return {tip: valued[best([m for m, f in v.items() if f])] - valued[best([m for m, f in v.items() if f is False])]
            for tip, v in wanted.items()}


def _follows(tip: str, verdict: bool | None) -> bool | None:
    """A move the tip does not judge follows it where the tip only warns against a move (a knock
    early, a take that melds nowhere): not making that move is following it."""
    if verdict is None and tip in ("no_early_knock", "take_to_meld"):
        return True
    return verdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    found: dict[str, list[float]] = {tip: [] for tip in TIPS}
    for number, view in enumerate(decisions(args.rules, args.hands)):
        for tip, gain in tip_values(view, args.samples, number).items():
            found[tip].append(gain)
    print(f"001's tips measured by the analysis: {args.hands} hands of the strong player against itself "
          f"({args.rules}), each side's best move chosen on {args.samples} worlds and valued on {args.samples} others")
    print("| tip | positions | following it is worth (± s.e.) | following was better |")
    print("| --- | --- | --- | --- |")
    for tip, gains in found.items():
        if not gains:
            print(f"| {tip} | 0 | - | - |")
            continue
        mean = statistics.fmean(gains)
        err = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        better = sum(g > 0 for g in gains) / len(gains)
        print(f"| {tip} | {len(gains)} | {mean:+.2f} (± {err:.2f}) | {better:.0%} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
