"""Benchmark of the Play page: ``python benchmarks/play_page.py``.

Through Streamlit's AppTest, plays whole hands on the Play page as a guest and with a profile,
Coach mode off and on, and times the server's rerun after each click: the learner's move, the
virtual player's replies and the page drawn again. The learner plays the strong player's moves,
chosen outside the timing, and asks no hint: the coach has not looked at a position before its
click, as when a learner plays (a hint asked first would fill the coach's cache and hide the cost
of a verdict). The review workers (:mod:`tutor.play.background`) judge each decision meanwhile, in
their own processes, as they do in the app. Then times the coach's hint on each decision's view,
on a cold cache (each view once, none with a single legal move).

Prints milliseconds: median, 90th percentile and the slowest, and the ratio of each median to the
guest's with Coach mode off. Targets: a rerun after a click in 100 ms or less (median), with a
profile and Coach mode on at most 1.2 times the guest's; a hint in 500 ms of CPU or less (median).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.app.ui.play_actions import actions_for
from tutor.play.bots import Bot
from tutor.play.coach import coach_hint
from tutor.play.hand import View

APP = Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py"


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def play_hand(seed: int, level: str, lang: str, profile: str | None, coach: bool, reruns: list[float],
              views: list[View]) -> None:
    """One hand of game ``seed`` on the Play page, timing each rerun after a click."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params.update({"lang": lang})
    at.run()
    if profile is not None:
        at.text_input(key="profile_new").input(profile).run()
        at.button(key="profile_create").click().run()
    at.query_params.update({"game": str(seed), "level": level, "rules": "classic"})
    at.switch_page("screens/play.py").run()
    if coach:
        at.toggle(key="play_coach").set_value(True).run()
    strong = Bot("strong")
    for _ in range(300):
        match = at.session_state["play_match"]
        if len(match.game.played) > at.session_state["play_seen"]:
            return
        view = match.view()
        views.append(view)
        for action in actions_for(strong.move(view)):
            at.session_state["play_pending"] = action
            began = time.perf_counter()
            at.run()
            reruns.append((time.perf_counter() - began) * 1000)
            if at.exception:
                raise RuntimeError(at.exception[0].value)


def row(what: str, samples: list[float], base: float | None = None) -> str:
    median = statistics.median(samples)
    ratio = f"{median / base:.2f}" if base else "1.00"
    return (f"| {what} | {len(samples)} | {median:.1f} | {percentile(samples, 0.9):.1f} | {max(samples):.1f} "
            f"| {ratio} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="hands in each setting (one per game seed)")
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--hints", type=int, default=30, help="views whose hint is timed")
    parser.add_argument("--first-game", type=int, default=1, help="the first game seed (then the next ones)")
    args = parser.parse_args(argv)
    os.environ.setdefault("GIN_TUTOR_DATA_DIR", tempfile.mkdtemp(prefix="play-page-"))
    settings = [("guest, Coach mode off", None, False), ("guest, Coach mode on", None, True),
                ("profile, Coach mode off", "off", False), ("profile, Coach mode on", "on", True)]
    results: dict[str, list[float]] = {}
    views: list[View] = []
    for what, name, coach in settings:
        reruns: list[float] = []
        for seed in range(args.first_game, args.first_game + args.hands):
            play_hand(seed, args.level, args.lang, None if name is None else f"{name} {seed}", coach, reruns, views)
        results[what] = reruns
    hints = []
    unique = {json.dumps(v, sort_keys=True): v for v in views if len(v["legal"]) > 1}
    for view in list(unique.values())[: args.hints]:
        began = time.process_time()
        coach_hint(view, args.level, salt="benchmark")  # a salt of its own: a cold cache
        hints.append((time.process_time() - began) * 1000)
    print(f"{args.hands} hands a setting against the {args.level} player, language {args.lang}, "
          f"{os.cpu_count()} cores; milliseconds")
    print("targets: rerun after a click <= 100 ms (median), profile with Coach mode on <= 1.2 x the guest's; "
          "hint <= 500 ms of CPU (median)")
    print("| what | samples | median | 90th percentile | slowest | x guest (coach off) |")
    print("| --- | --- | --- | --- | --- | --- |")
    base = statistics.median(results[settings[0][0]])
    for what, reruns in results.items():
        print(row(f"rerun after a click: {what}", reruns, base))
    print(row("coach's hint, CPU (cold)", hints))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
