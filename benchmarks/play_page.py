"""Benchmark of the Play page: ``python benchmarks/play_page.py``.

Through Streamlit's AppTest, plays whole hands on the Play page (the learner following the strong
player's hints, the table's action filed as its callback files it) and times the server's rerun
after each click: the learner's move, the virtual player's replies and the page drawn again. Then
times the coach's hint (the strong player's advice for the learner's view) at every decision.
Prints milliseconds: median, 90th percentile and the slowest. Targets: a rerun after a click in
100 ms or less, a hint in 50 ms or less (medians, on a 2-core machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app.ui.play_state import actions_for

APP = Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py"


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def play_hand(seed: int, level: str, lang: str, reruns: list[float], hints: list[float]) -> None:
    """One hand of game ``seed`` on the Play page, timing each rerun and each hint."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": lang, "game": str(seed), "level": level, "rules": "classic"})
    at.run()
    at.switch_page("screens/play.py").run()
    for _ in range(300):
        match = at.session_state["play_match"]
        if len(match.game.played) > at.session_state["play_seen"]:
            return
        began = time.perf_counter()
        advice = match.hint()
        hints.append((time.perf_counter() - began) * 1000)
        for action in actions_for(advice.move):
            at.session_state["play_pending"] = action
            began = time.perf_counter()
            at.run()
            reruns.append((time.perf_counter() - began) * 1000)
            if at.exception:
                raise RuntimeError(at.exception[0].value)


def row(what: str, samples: list[float]) -> str:
    return (f"| {what} | {len(samples)} | {statistics.median(samples):.1f} | {percentile(samples, 0.9):.1f} "
            f"| {max(samples):.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6, help="hands (one per game seed)")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--lang", default="es")
    args = parser.parse_args(argv)
    reruns: list[float] = []
    hints: list[float] = []
    for seed in range(1, args.hands + 1):
        play_hand(seed, args.level, args.lang, reruns, hints)
    print(f"{args.hands} hands against the {args.level} player, language {args.lang}; milliseconds")
    print("targets: rerun after a click <= 100 ms, hint <= 50 ms (medians)")
    print("| what | samples | median | 90th percentile | slowest |")
    print("| --- | --- | --- | --- | --- |")
    print(row("play-page rerun after a click", reruns))
    print(row("coach's hint", hints))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
