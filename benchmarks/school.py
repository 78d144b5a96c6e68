"""A school's load: learners with profiles playing whole hands in Coach mode at once, through nginx on
two app processes on one PostgreSQL (as ``tests/test_load.py`` sets it up). Run from the checkout
(Linux, Debian's nginx and PostgreSQL)::

    python benchmarks/school.py --learners 8 16 24 --seconds 120

Each learner speaks Streamlit's own websocket protocol (``tools/streamlit_ws.py``): it makes a
profile, switches Coach mode on, deals its own game against the beginner and plays, one click every
2 to 4 seconds (pass the first upcard, draw from the stock, throw the first card it may). While the
page says the coach is still weighing its last move, it reruns the page's waiting fragment every
second, as the browser does, and clicks again only once the verdict is there (a real learner
may play on meanwhile); when a hand ends, it reruns the review's progress fragment every second,
as the browser does, until the review is shown, then deals the next hand. Before the measured
rounds, four learners play for ``--warm-up`` seconds, not measured: a school's server has served
pages before, and the first pages of an app process import the whole app and start its review
workers (the hands those learners ended may still be reviewed while the first round plays).

Prints, for each number of learners: click to answer (from sending the click to the end of the
run it starts, ``script_finished``) p50 and p95; Coach mode's verdict, from the click to the first
page that shows it; a hand's review, from the end of the hand to the first page that shows it,
and how many were not shown within two minutes (counted at two minutes); the waiting fragments'
reruns (how many a second, from all the learners, and each one's time from sending it to the end
of its run, p50 and p95); the CPU of the whole
deployment per learner-minute (the machine's CPU time while they play, less this script's own,
over learners × minutes); and that nothing was lost or mixed: each learner's
game in the database is its own deal with every move it played, in order. Targets on a 2-core
machine: with 16 learners, click to answer p95 at most 300 ms and every review within 20 s p95.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]
import postgres  # noqa: E402  (tests/postgres.py: a throwaway cluster)
import websockets  # noqa: E402
from deployment import behind_nginx  # noqa: E402  (tools/ is not a package)
from streamlit_ws import Run, connect, read_run, rerun_message, table_action, table_event  # noqa: E402

from tutor.progress.store import open_store  # noqa: E402

WEIGHING = "The coach is weighing your last move"
PATIENCE = 120.0
"""Seconds a learner waits for a verdict or a review before it gives up (and the figure says so)."""
REVIEWED = "Accuracy "
"""The start of the review's first line: the review is shown."""


@dataclass
class Tally:
    """What the learners measured."""

    clicks: list[float] = field(default_factory=list)
    verdicts: list[float] = field(default_factory=list)
    reviews: list[float] = field(default_factory=list)
    played: dict[str, tuple[int, list[str]]] = field(default_factory=dict)
    """Each learner's game: its deal and the actions it played."""
    polls: list[float] = field(default_factory=list)
    """Each rerun of a waiting fragment, from sending it to the end of its run (ms)."""
    hands: int = 0
    late: int = 0
    """Reviews not shown after :data:`PATIENCE` seconds (counted at that)."""


def _shows(run: Run, text: str) -> bool:
    return any(text in t for t in run.texts)


async def learner(front: str, name: str, seed: int, seconds: float, tally: Tally) -> None:
    """One learner, for ``seconds``: a profile, Coach mode, its own game, played hand after hand."""
    ws = await connect(front, name)
    game = f"game={seed}&level=beginner&rules=classic&lang=en"
    actions: list[str] = []
    tally.played[name] = (seed, actions)
    try:
        await ws.send(rerun_message("play", "lang=en"))
        run = await read_run(ws)
        await ws.send(rerun_message("play", "lang=en", {run.widget("profile_new"): name},
                                    trigger=run.widget("profile_create"), after=run))
        run = await read_run(ws)
        await ws.send(rerun_message("play", game, after=run))
        run = await read_run(ws)
        await ws.send(rerun_message("play", game, {run.widget("play_coach"): True}, after=run))
        run = await read_run(ws)
        await asyncio.sleep(random.uniform(0, 3))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await asyncio.sleep(random.uniform(2, 4))
            table = run.components.get("play_table")
            action = table_action(table) if table else None
            if action is None:
                if "play_next" not in run.widgets:
                    return  # the game is over
                ended = time.monotonic()
                while not _shows(run, REVIEWED) and time.monotonic() - ended < PATIENCE:
                    await asyncio.sleep(1.0)
                    got = await poll(ws, game, run, tally)
                    if not got.fragment_run:
                        run = got  # the fragment found the review done and ran the page again
                tally.reviews.append(time.monotonic() - ended)
                tally.late += not _shows(run, REVIEWED)
                tally.hands += 1
                await ws.send(rerun_message("play", game, trigger=run.widget("play_next"), after=run))
                run = await read_run(ws)
                continue
            actions.append(action)
            began = time.perf_counter()
            await ws.send(rerun_message("play", game, json_trigger=(table_event(run.widget("play_table")),
                                                                      [{"event": "action", "value": action}]),
                                        after=run))
            run = await read_run(ws)
            tally.clicks.append((time.perf_counter() - began) * 1000)
            if "play_table" not in run.components:
                continue  # the move ended the hand: no verdict at the table
            weighing = run
            while _shows(weighing, WEIGHING) and time.perf_counter() - began < PATIENCE:
                await asyncio.sleep(1.0)
                weighing = await poll(ws, game, run, tally)
                if not weighing.fragment_run:
                    run = weighing
            tally.verdicts.append(time.perf_counter() - began)
    finally:
        await ws.close()


async def poll(ws: websockets.ClientConnection, game: str, run: Run, tally: Tally) -> Run:
    """What the browser does while the page waits for the coach: rerun the waiting fragment alone
    (the whole page when there is none); a fragment that finds the work done reruns the page."""
    fragment = run.fragments[-1] if run.fragments else None
    began = time.perf_counter()
    await ws.send(rerun_message("play", game, after=run, fragment=fragment))
    got = await read_run(ws)
    tally.polls.append((time.perf_counter() - began) * 1000)
    return got


def machine_cpu() -> float:
    """Seconds of CPU the whole machine has spent (user and system, every core)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system = (int(f) for f in fields[:3])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def check(url: str, tally: Tally) -> str:
    """Whether each learner's game in the database is its own deal with every move it played."""
    store = open_store(url=url)
    problems = []
    try:
        for name, (seed, actions) in tally.played.items():
            named = store.profiles_named(name)  # private profiles: found by name only by the operator's way
            games = store.games(named[0].id) if len(named) == 1 else []
            expected = [("discard", a[5:]) if a.startswith("card:") else (a, None) for a in actions]
            if len(games) != 1 or games[0].seed != seed or games[0].moves != expected:
                problems.append(name)
    finally:
        store.close()
    return "nothing lost or mixed" if not problems else f"LOST OR MIXED: {', '.join(problems)}"


async def crowd(front: str, count: int, seconds: float, round_: int) -> Tally:
    tally = Tally()
    await asyncio.gather(*(learner(front, f"School {round_}-{n}", 5000 + 100 * round_ + n, seconds, tally)
                           for n in range(count)))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[8, 16, 24])
    parser.add_argument("--seconds", type=float, default=120.0, help="playing time per measurement")
    parser.add_argument("--warm-up", type=float, default=45.0,
                        help="seconds four learners play first, not measured (a server that has served before)")
    args = parser.parse_args()
    random.seed(1)
    why = postgres.missing()
    if why:
        raise SystemExit(f"PostgreSQL is needed: {why}")
    with postgres.cluster() as cluster, tempfile.TemporaryDirectory() as tmp:
        url = cluster.new_database()
        env = {"GIN_TUTOR_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
        workers = os.environ.get("GIN_TUTOR_REVIEW_WORKERS", "the default")
        with behind_nginx(env, Path(tmp), Path(tmp) / "nginx") as (front, _):
            print(f"{os.cpu_count()} cores, two app processes behind nginx on PostgreSQL, review workers per "
                  f"process: {workers}; one click every 2-4 s per learner, {args.seconds:g} s of play each, "
                  f"after {args.warm_up:g} s of four learners' play not measured (the first pages of each process "
                  f"import the app and start its review workers)\n")
            if args.warm_up > 0:
                asyncio.run(crowd(front, 4, args.warm_up, len(args.learners)))
            print("| learners | clicks | click p50 ms | click p95 ms | verdicts | verdict p50 s | verdict p95 s "
                  "| reviews | review p50 s | review p95 s | late | polls per s | poll p50 ms | poll p95 ms "
                  "| CPU s per learner-minute | kept |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            for round_, count in enumerate(args.learners):
                cpu, mine, began = machine_cpu(), own_cpu(), time.monotonic()
                tally = asyncio.run(crowd(front, count, args.seconds, round_))
                spent = (machine_cpu() - cpu) - (own_cpu() - mine)
                minutes = (time.monotonic() - began) / 60
                print(f"| {count} | {len(tally.clicks)} | {statistics.median(tally.clicks):.0f} "
                      f"| {percentile(tally.clicks, 0.95):.0f} | {len(tally.verdicts)} "
                      f"| {statistics.median(tally.verdicts):.2f} | {percentile(tally.verdicts, 0.95):.2f} "
                      f"| {len(tally.reviews)} | {percentile(tally.reviews, 0.5):.1f} "
                      f"| {percentile(tally.reviews, 0.95):.1f} | {tally.late} "
                      f"| {len(tally.polls) / (minutes * 60):.1f} "
                      f"| {percentile(tally.polls, 0.5):.0f} | {percentile(tally.polls, 0.95):.0f} "
                      f"| {spent / (count * minutes):.1f} "
                      f"| {check(url, tally)} |", flush=True)


if __name__ == "__main__":
    main()
