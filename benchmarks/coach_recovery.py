"""How soon the coach answers again after every one of its workers is killed. Run from the checkout::

    python benchmarks/coach_recovery.py --rounds 5

Each round starts a reviewer as an app process does (:func:`tutor.play.background.worker_count`
workers for the reviews, one for what a learner waits for) and warms it, then: two learners' hand
reviews wait (game 4242's and game 12345's first eight decisions, against the beginner) and four
learners have asked for a Hint (the first decision of games 31001 to 31004). Every worker is killed
with SIGKILL, as the kernel's memory killer does, and a fifth learner asks a new Hint at once; the
pages go on asking each second, as they do. Once the new workers run again, every one is killed a
second time, and a sixth learner asks. The round measures, from the *second* kill, how long each
question pending then (or asked after it) takes to be answered, and when the last verdict of each review is in;
then checks that every answer is the one an undisturbed coach gives (nothing lost or mixed).

Prints the seconds from the second kill for the questions (p50, max) and for the reviews (max)
over the rounds, and how many answers failed or differed. The target (issue 55): every pending and
new question answered within 10 s of the kill on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.engine.rules import load_ruleset
from tutor.play.background import Asked, Reviewer, worker_count
from tutor.play.coach import coach_hint, judge
from tutor.play.hand import View
from tutor.play.match import Decision, start_match

PATIENCE = 180.0
"""Seconds a round waits for everything before it gives up (and counts what is missing)."""


def decisions_of(game: int, count: int) -> list[Decision]:
    """The learner's first ``count`` decisions of ``game`` (classic, against the beginner), each
    the first legal move."""
    match = start_match(load_ruleset("classic"), game, "beginner")
    while len(match.decisions) < count:
        match = match.play(match.view()["legal"][0])
    return list(match.decisions)


def first_view(game: int) -> View:
    """The learner's first view of ``game`` (classic, against the beginner)."""
    return start_match(load_ruleset("classic"), game, "beginner").view()


def kill_every_worker(reviewer: Reviewer, killed: set[int]) -> None:
    """Wait until every pool has live workers none of which is in ``killed`` (those started again
    after an earlier kill), then kill them all (SIGKILL), adding them to ``killed``."""
    deadline = time.monotonic() + 60
    while True:
        running = reviewer.workers_running().values()
        if all(pids and not set(pids) & killed for pids in running):
            break
        if time.monotonic() > deadline:
            raise SystemExit("the workers did not start within 60 s")
        time.sleep(0.01)
    for pids in running:
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
            killed.add(pid)


def one_round(workers: int) -> tuple[list[float], list[float], int]:
    """One round: the seconds from the second kill to each question's answer and to each review's
    last verdict, and how many answers failed, differed or never came."""
    reviewer = Reviewer(workers)
    reviewer.warm()
    reviews = {"ana": decisions_of(4242, 8), "ben": decisions_of(12345, 8)}
    views = {f"hint-{n}": first_view(31000 + n) for n in range(1, 7)}
    asked: dict[str, Asked] = {}
    for owner, decisions in reviews.items():
        reviewer.request(decisions, owner)
    for name in ("hint-1", "hint-2", "hint-3", "hint-4"):
        asked[name] = reviewer.ask(views[name], "beginner", "hint", name)
    killed: set[int] = set()
    kill_every_worker(reviewer, killed)
    asked["hint-5"] = reviewer.ask(views["hint-5"], "beginner", "hint", "hint-5")
    kill_every_worker(reviewer, killed)
    since = time.monotonic()
    done_before = {name for name, question in asked.items() if question.answered}
    asked["hint-6"] = reviewer.ask(views["hint-6"], "beginner", "hint", "hint-6")
    answered: dict[str, float] = dict.fromkeys(done_before, 0.0)
    reviewed: dict[str, float] = {}
    asked_at = since
    while time.monotonic() - since < PATIENCE and (len(answered) < len(asked) or len(reviewed) < len(reviews)):
        now = time.monotonic()
        if now - asked_at >= 1.0:  # each page asks again every second
            asked_at = now
            for owner, decisions in reviews.items():
                reviewer.request(decisions, owner)
            for name, question in asked.items():
                reviewer.ask(question.view, "beginner", "hint", name)
        for name, question in asked.items():
            if name not in answered and (question.answered or question.failed):
                answered[name] = now - since
        for owner, decisions in reviews.items():
            if owner not in reviewed and all(d.judged or d.failed for d in decisions):
                reviewed[owner] = now - since
        time.sleep(0.02)
    reviewer.shut_down()
    wrong = len(asked) - len(answered) + len(reviews) - len(reviewed)
    wrong += sum(1 for q in asked.values() if not q.answered or q.answer != coach_hint(q.view, "beginner"))
    wrong += sum(1 for decisions in reviews.values() for d in decisions
                 if d.judgement != judge(d.view, d.move, d.opponent))
    pending = [seconds for name, seconds in answered.items() if name not in done_before]
    return pending, list(reviewed.values()), wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    workers = worker_count()
    print(f"{os.cpu_count()} cores; {workers} review worker(s) and one for what a learner waits for; "
          f"{args.rounds} rounds, each killing every worker twice with 2 reviews and 5 Hints pending "
          "and a new Hint asked after each kill\n")
    questions: list[float] = []
    reviews: list[float] = []
    wrong = 0
    print("| round | Hints pending or new | Hint p50 s | Hint max s | reviews done | review max s "
          "| failed, lost or differing |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for number in range(1, args.rounds + 1):
        answered, reviewed, bad = one_round(workers)
        questions += answered
        reviews += reviewed
        wrong += bad
        print(f"| {number} | {len(answered)} | {statistics.median(answered):.1f} | {max(answered):.1f} "
              f"| {len(reviewed)} | {max(reviewed):.1f} | {bad} |", flush=True)
    print(f"| all | {len(questions)} | {statistics.median(questions):.1f} | {max(questions):.1f} "
          f"| {len(reviews)} | {max(reviews):.1f} | {wrong} |")


if __name__ == "__main__":
    main()
