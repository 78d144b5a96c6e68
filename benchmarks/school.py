"""A school's load: learners with profiles playing whole hands in Coach mode at once, through nginx on
two app processes on one PostgreSQL (as ``tests/test_load.py`` sets it up), one browser among them
flooding the coach with "Try again", and every coach worker killed mid-run. Run from the checkout
(Linux, Debian's nginx and PostgreSQL)::

    python benchmarks/school.py --learners 16 32 --runs 3 --seconds 120

Each learner speaks Streamlit's own websocket protocol (``tools/streamlit_ws.py``): it makes a
profile, switches Coach mode on, deals its own game against the beginner and plays, one click every
2 to 4 seconds (pass the first upcard, draw from the stock, throw the first card it may). At one
decision in three it first presses Hint and waits for the hint, rerunning the page's waiting
fragment every half second as the browser does. While the page says the coach is still weighing
its last move, it reruns that fragment every second, and clicks again only once the verdict is there
(a real learner may play on meanwhile); when a hand ends, it reruns the review's progress fragment
every second until the review is shown, then deals the next hand.

One more browser, a guest, plays game 158 to the end of its first hand without Coach mode, waits
for the review, then clicks "Try again" on a decision and a move at once, over and over without
waiting for any verdict, as the reliability review's flood did (``--no-flood``: without it). Halfway
through, every coach worker of both app processes is killed (SIGKILL, as the kernel's memory killer
does; ``--no-kill``: none).

Each run is a fresh deployment (its own database and app processes), warmed first by four
learners' play for ``--warm-up`` seconds, not measured: a school's server has served pages before,
and the first pages of an app process import the whole app and start its workers.

Prints a row for each run: click to answer (from sending the click to the end of the run it starts,
``script_finished``) p50 and p95; an asked Hint, from the click to the first page that shows it,
p50 and p95, and how many failed; Coach mode's verdict, from the click to the first page that shows
it; a hand's review, from the end of the hand to the first page that shows it, and how many were
not shown within two minutes (counted at two minutes); the flood's clicks; the workers killed; the
waiting fragments' reruns (how many a second); the CPU of the whole deployment per learner-minute
(the machine's CPU time while they play, less this script's own, over learners × minutes); the app
processes' memory per learner (the most their resident memory grew during the run over the
learners, beside the decisions each learner made) and the workers' resident memory, all of them;
and that nothing was lost or mixed: each learner's game in the database is its own deal with every
move it played, in order. Then, for each number of learners, each p95 over the runs: mean ±
standard error, and the range. Targets on a 2-core machine (issue 55): click p95 at most 300 ms,
an asked Hint p95 at most 3 s, every review within 20 s, nothing lost or mixed.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import re
import signal
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
HINTED = "Hint for this move:"
HINT_FAILED = "The coach could not work out a hint"
PATIENCE = 120.0
"""Seconds a learner waits for a verdict, a hint or a review before it gives up (and the figure says so)."""
REVIEWED = "Accuracy "
"""The start of the review's first line: the review is shown."""
HINT_EVERY = 3
"""A learner presses Hint at one decision in this many."""
FLOOD_GAME = "game=158&level=beginner&rules=classic&lang=en"
"""The flooding browser's game (the reliability review's)."""
RETRY = re.compile(r"play_retry_(\d+)")


@dataclass
class Tally:
    """What the learners measured."""

    clicks: list[float] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    hints_failed: int = 0
    """Hints that came back failed or never came within :data:`PATIENCE`."""
    verdicts: list[float] = field(default_factory=list)
    reviews: list[float] = field(default_factory=list)
    played: dict[str, tuple[int, list[str]]] = field(default_factory=dict)
    """Each learner's game: its deal and the actions it played."""
    polls: list[float] = field(default_factory=list)
    """Each rerun of a waiting fragment, from sending it to the end of its run (ms)."""
    hands: int = 0
    late: int = 0
    """Reviews not shown after :data:`PATIENCE` seconds (counted at that)."""
    flood: int = 0
    """The flooding browser's clicks ("Try again" and a move each count one)."""
    killed: int = 0
    """Coach workers killed."""


def _shows(run: Run, text: str) -> bool:
    return any(text in t for t in run.texts)


async def learner(front: str, name: str, seed: int, seconds: float, tally: Tally) -> None:
    """One learner, for ``seconds``: a profile, Coach mode, its own game, played hand after hand,
    a Hint asked at one decision in :data:`HINT_EVERY`."""
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
        decisions = random.randrange(HINT_EVERY)
        while time.monotonic() < end:
            await asyncio.sleep(random.uniform(2, 4))
            table = run.components.get("play_table")
            action = table_action(table) if table else None
            if action is None:
                if "play_next" not in run.widgets:
                    return  # the game is over
                run = await wait_for_review(ws, game, run, tally)
                await ws.send(rerun_message("play", game, trigger=run.widget("play_next"), after=run))
                run = await read_run(ws)
                continue
            decisions += 1
            if decisions % HINT_EVERY == 0:
                run = await ask_hint(ws, game, run, tally)
                table = run.components.get("play_table")
                action = table_action(table) if table else None
                if action is None:
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


async def ask_hint(ws: websockets.ClientConnection, game: str, run: Run, tally: Tally) -> Run:
    """Press Hint and wait until the page shows it (or says it failed), rerunning the waiting
    fragment every half second as the browser does; the page as it is then."""
    began = time.perf_counter()
    await ws.send(rerun_message("play", game, trigger=run.widget("play_hint_button"), after=run))
    run = await read_run(ws)
    while not (_shows(run, HINTED) or _shows(run, HINT_FAILED)) and time.perf_counter() - began < PATIENCE:
        await asyncio.sleep(0.5)
        got = await poll(ws, game, run, tally)
        if not got.fragment_run:
            run = got  # the fragment found the hint in and ran the page again
    tally.hints.append(time.perf_counter() - began)
    tally.hints_failed += not _shows(run, HINTED)
    return run


async def wait_for_review(ws: websockets.ClientConnection, game: str, run: Run, tally: Tally) -> Run:
    """At the end of a hand: rerun the review's progress fragment every second until the review is
    shown (at most :data:`PATIENCE` seconds), counting the wait; the page as it is then."""
    ended = time.monotonic()
    while not _shows(run, REVIEWED) and time.monotonic() - ended < PATIENCE:
        await asyncio.sleep(1.0)
        got = await poll(ws, game, run, tally)
        if not got.fragment_run:
            run = got  # the fragment found the review done and ran the page again
    tally.reviews.append(time.monotonic() - ended)
    tally.late += not _shows(run, REVIEWED)
    tally.hands += 1
    return run


async def poll(ws: websockets.ClientConnection, game: str, run: Run, tally: Tally) -> Run:
    """What the browser does while the page waits for the coach: rerun the waiting fragment alone
    (the whole page when there is none); a fragment that finds the work done reruns the page."""
    fragment = run.fragments[-1] if run.fragments else None
    began = time.perf_counter()
    await ws.send(rerun_message("play", game, after=run, fragment=fragment))
    got = await read_run(ws)
    tally.polls.append((time.perf_counter() - began) * 1000)
    return got


async def flooder(front: str, seconds: float, tally: Tally) -> None:
    """A guest who plays :data:`FLOOD_GAME`'s first hand, then, until ``seconds`` have passed since
    it began, clicks "Try again" and a move as fast as the page answers, never waiting for a verdict."""
    end = time.monotonic() + seconds
    ws = await connect(front, "flood")
    try:
        await ws.send(rerun_message("play", FLOOD_GAME))
        run = await read_run(ws)
        while time.monotonic() < end:
            table = run.components.get("play_table")
            action = table_action(table) if table else None
            if action is None:
                break
            await ws.send(rerun_message("play", FLOOD_GAME, json_trigger=(
                table_event(run.widget("play_table")), [{"event": "action", "value": action}]), after=run))
            run = await read_run(ws)
            await asyncio.sleep(0.2)
        run = await wait_for_review(ws, FLOOD_GAME, run, Tally())
        tries = [key for key in run.widgets if RETRY.fullmatch(key)]
        while tries and time.monotonic() < end:
            retry = random.choice(tries)
            await ws.send(rerun_message("play", FLOOD_GAME, trigger=run.widget(retry), after=run))
            run = await read_run(ws)
            index = RETRY.fullmatch(retry).group(1)  # type: ignore[union-attr]
            moves = [key for key in run.widgets if key.startswith(f"play_retry_move_{index}_")]
            tally.flood += 1
            if moves:
                await ws.send(rerun_message("play", FLOOD_GAME, trigger=run.widget(random.choice(moves)), after=run))
                run = await read_run(ws)
                tally.flood += 1
    finally:
        await ws.close()


def app_processes(ports: tuple[int, int]) -> list[int]:
    """The app processes serving ``ports`` (Streamlit itself, ``gin-tutor app`` execs it)."""
    wanted = {f"--server.port\0{port}\0".encode() for port in ports}
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                line = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if any(w in line for w in wanted):
                found.append(int(entry.name))
    return found


def coach_workers(apps: list[int]) -> list[int]:
    """The coach's worker processes of the app processes ``apps`` (spawned children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                line = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            parent = int(re.search(r"^PPid:\s+(\d+)", status, re.M).group(1))  # type: ignore[union-attr]
            if parent in apps and b"spawn_main" in line:
                found.append(int(entry.name))
    return found


def resident(pid: int) -> int:
    """A process's resident memory in bytes (0 once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) * 1024 if found else 0


async def killer(apps: list[int], after: float, tally: Tally) -> None:
    """After ``after`` seconds, kill every coach worker of ``apps``."""
    await asyncio.sleep(after)
    for pid in coach_workers(apps):
        os.kill(pid, signal.SIGKILL)
        tally.killed += 1


async def memory_watch(apps: list[int], seconds: float, most: list[int]) -> None:
    """Every second for ``seconds``, the app processes' resident memory, keeping the most in ``most``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        most[0] = max(most[0], sum(resident(pid) for pid in apps))
        await asyncio.sleep(1.0)


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


async def crowd(front: str, count: int, seconds: float, round_: int, flood: bool = False,
                apps: list[int] | None = None, kill: bool = False, memory: list[int] | None = None) -> Tally:
    """``count`` learners playing for ``seconds``; with ``flood``, the flooding browser among them;
    with ``kill``, the coach workers of the app processes ``apps`` killed halfway; with ``memory``,
    the most resident memory of ``apps`` kept in it."""
    tally = Tally()
    tasks = [learner(front, f"School {round_}-{n}", 5000 + 100 * round_ + n, seconds, tally) for n in range(count)]
    if flood:
        tasks.append(flooder(front, seconds, tally))
    if kill and apps:
        tasks.append(killer(apps, seconds / 2, tally))
    if memory is not None and apps:
        tasks.append(memory_watch(apps, seconds + 5, memory))
    await asyncio.gather(*tasks)
    return tally


@dataclass
class Row:
    """One run's figures."""

    click: float
    hint: float
    review: float
    verdict: float
    cpu: float
    memory: float


def one_run(count: int, number: int, args: argparse.Namespace, cluster: postgres.Cluster) -> Row:
    """One fresh deployment, warmed, then ``count`` learners measured; prints the run's row."""
    url = cluster.new_database()
    env = {"GIN_TUTOR_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
    with tempfile.TemporaryDirectory() as tmp, behind_nginx(env, Path(tmp), Path(tmp) / "nginx") as (front, ports):
        apps = app_processes(ports)
        if args.warm_up > 0:
            asyncio.run(crowd(front, 4, args.warm_up, 99))
        before = sum(resident(pid) for pid in apps)
        most = [before]
        cpu, mine, began = machine_cpu(), own_cpu(), time.monotonic()
        tally = asyncio.run(crowd(front, count, args.seconds, number, flood=args.flood, apps=apps,
                                  kill=args.kill, memory=most))
        spent = (machine_cpu() - cpu) - (own_cpu() - mine)
        minutes = (time.monotonic() - began) / 60
        workers = sum(resident(pid) for pid in coach_workers(apps))
        per_learner = (most[0] - before) / count / 2**20
        decisions = len(tally.clicks) / count
        row = Row(percentile(tally.clicks, 0.95), percentile(tally.hints, 0.95), percentile(tally.reviews, 0.95),
                  percentile(tally.verdicts, 0.95), spent / (count * minutes), per_learner)
        print(f"| {count} | {number + 1} | {len(tally.clicks)} | {statistics.median(tally.clicks):.0f} "
              f"| {row.click:.0f} | {len(tally.hints)} | {percentile(tally.hints, 0.5):.1f} | {row.hint:.1f} "
              f"| {tally.hints_failed} | {len(tally.verdicts)} | {percentile(tally.verdicts, 0.5):.1f} "
              f"| {row.verdict:.1f} | {len(tally.reviews)} | {percentile(tally.reviews, 0.5):.1f} "
              f"| {row.review:.1f} | {tally.late} | {tally.flood} | {tally.killed} "
              f"| {len(tally.polls) / (minutes * 60):.1f} | {row.cpu:.1f} "
              f"| {per_learner:.2f} ({decisions:.0f}) | {workers / 2**20:.0f} | {check(url, tally)} |", flush=True)
        return row


def spread(values: list[float]) -> str:
    """Mean ± standard error over the runs, and the range."""
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{mean:.2f} ± {error:.2f} ({min(values):.2f}–{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[16, 32])
    parser.add_argument("--runs", type=int, default=3, help="fresh deployments for each number of learners")
    parser.add_argument("--seconds", type=float, default=120.0, help="playing time per measurement")
    parser.add_argument("--warm-up", type=float, default=45.0,
                        help="seconds four learners play first, not measured (a server that has served before)")
    parser.add_argument("--no-flood", dest="flood", action="store_false", help="no browser flooding Try again")
    parser.add_argument("--no-kill", dest="kill", action="store_false", help="no coach worker killed mid-run")
    args = parser.parse_args()
    random.seed(1)
    why = postgres.missing()
    if why:
        raise SystemExit(f"PostgreSQL is needed: {why}")
    workers = os.environ.get("GIN_TUTOR_REVIEW_WORKERS", "the default")
    print(f"{os.cpu_count()} cores, two app processes behind nginx on PostgreSQL, review workers per process: "
          f"{workers} (and one for what a learner waits for); one click every 2-4 s per learner, a Hint at one "
          f"decision in {HINT_EVERY}, {args.seconds:g} s of play each, after {args.warm_up:g} s of four learners' "
          f"play not measured; flooding browser: {'yes' if args.flood else 'no'}; every coach worker killed "
          f"halfway: {'yes' if args.kill else 'no'}\n")
    print("| learners | run | clicks | click p50 ms | click p95 ms | hints | hint p50 s | hint p95 s | hints failed "
          "| verdicts | verdict p50 s | verdict p95 s | reviews | review p50 s | review p95 s | late | flood clicks "
          "| workers killed | polls per s | CPU s per learner-minute | MiB per learner (decisions each) "
          "| workers' MiB | kept |")
    print("| --- " * 23 + "|")
    rows: dict[int, list[Row]] = {}
    with postgres.cluster() as cluster:
        for count in args.learners:
            for number in range(args.runs):
                rows.setdefault(count, []).append(one_run(count, number, args, cluster))
    print("\nEach p95 over the runs: mean ± standard error (range)\n")
    print("| learners | runs | click p95 ms | hint p95 s | verdict p95 s | review p95 s | CPU s per learner-minute "
          "| MiB per learner |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for count, measured in rows.items():
        print(f"| {count} | {len(measured)} | {spread([r.click for r in measured])} "
              f"| {spread([r.hint for r in measured])} | {spread([r.verdict for r in measured])} "
              f"| {spread([r.review for r in measured])} | {spread([r.cpu for r in measured])} "
              f"| {spread([r.memory for r in measured])} |")


if __name__ == "__main__":
    main()
