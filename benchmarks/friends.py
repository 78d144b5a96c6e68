"""Friend games at once: pairs of players at Play a friend tables, through nginx on two app processes
on one PostgreSQL (the README's school set-up, as ``tests/test_deploy.py`` builds it), each pair's two
players on different processes. Run from the checkout (Linux, Debian's nginx and PostgreSQL)::

    python benchmarks/friends.py --games 8 16 --runs 3 --seconds 120

Each player speaks Streamlit's own websocket protocol (``tools/streamlit_ws.py``) as a guest: the
first opens a table (classic, hints allowed, its own deal), the second opens the table's link and
sits down. Then each plays its own turns, one click every 0.5 to 1.5 seconds (pass the first upcard,
draw from the stock, throw the first card it may), and, while the other is to move, reruns the page's
watching fragment every half second, as the browser does; when a hand ends, each leaves its result after
a moment. The other player's screen is the first run of their page that shows the move (the table's
stock, top of the pile, prompt or the other's last turn changed, or the hand's end).

Prints a row for each run: moves; a move from the click to the other player's screen, p50 and p95;
the mover's own click to answer, p50 and p95; the watching fragment's reruns per second; the CPU of
the whole deployment per game-minute (the machine's CPU time while they play, less this script's
own, over games × minutes); moves refused; and that nothing was lost or mixed: each table's moves in
the database are the two players' clicks, each seat's in the order it made them. Then, for each
number of games, each p95 over the runs: mean ± standard error, and the range. Target (issue 59): a
move's p95 to the other's screen at most 1.5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests"), str(ROOT / "benchmarks")]
import postgres  # noqa: E402  (tests/postgres.py: a throwaway cluster)
import websockets  # noqa: E402
from deployment import behind_nginx, keys_for  # noqa: E402  (tools/ is not a package)
from school import machine_cpu, own_cpu, percentile, spread  # noqa: E402
from streamlit_ws import Run, connect, read_run, rerun_message, table_action, table_event  # noqa: E402

from tutor.app.ui.friend_state import WATCH_EVERY  # noqa: E402
from tutor.engine.rules import load_ruleset  # noqa: E402
from tutor.play.friend import replay  # noqa: E402
from tutor.play.moves import move_text, read_moves_code  # noqa: E402
from tutor.progress.store import open_store  # noqa: E402

CODE = re.compile(r"\*\*([A-Z0-9]{4}-[A-Z0-9]{4})\*\*")
"""The table's code as the page shows it to the player who opened it."""
POLL = WATCH_EVERY
"""Seconds between two reruns of the watching fragment (the page's ``run_every``)."""


@dataclass
class Tally:
    """What the players measured."""

    arrivals: list[float] = field(default_factory=list)
    """Each move, from its click to the other player's screen (s)."""
    clicks: list[float] = field(default_factory=list)
    """Each click, to the end of the run it starts (ms)."""
    polls: int = 0
    refused: int = 0
    sent: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)
    """Each table's actions, by seat, in order."""


@dataclass
class Seat:
    """One player's page: what it shows, and the other player's moves sent and not yet seen."""

    ws: websockets.ClientConnection
    query: str
    run: Run
    waiting: list[float] = field(default_factory=list)
    """The moments the other player clicked moves this page has not shown yet."""
    arrived: list[float] = field(default_factory=list)
    """Each of the other's moves, from its click to this screen (s)."""
    shown: tuple[object, ...] = ()


def _signature(run: Run) -> tuple[object, ...]:
    """What changes on a player's screen with every move: the stock, the top of the pile, the prompt,
    the other's last turn, or the hand's end."""
    table = run.components.get("friend_table")
    if table is None:
        return ("over", tuple(sorted(run.widgets)))
    pile = table.get("pile", {}).get("card")
    return (table["stock"]["caption"], pile["id"] if pile else None, table["prompt"], table["opponent"]["last"],
            tuple(table["log"]))


async def _send(seat: Seat, **message: Any) -> Run:
    await seat.ws.send(rerun_message("friend", seat.query, after=seat.run, **message))
    return await read_run(seat.ws)


def _saw(seat: Seat, run: Run, asked: float) -> None:
    """A full run of the page, asked for at ``asked``: if the screen changed, the other's moves
    clicked before then have arrived."""
    signature = _signature(run)
    if signature == seat.shown:
        return
    now = time.monotonic()
    seat.arrived.extend(now - t for t in seat.waiting if t <= asked)
    seat.waiting[:] = [t for t in seat.waiting if t > asked]
    seat.shown = signature


async def player(seat: Seat, other: Seat, seconds: float, tally: Tally, actions: list[str]) -> None:
    """One player for ``seconds``: its own turns, the other's watched every half second, each hand's
    result left after a moment."""
    end = time.monotonic() + seconds
    seat.shown = _signature(seat.run)
    while time.monotonic() < end:
        table = seat.run.components.get("friend_table")
        action = table_action(table) if table else None
        if action is not None:
            await asyncio.sleep(random.uniform(0.5, 1.5))
            actions.append(action)
            other.waiting.append(time.monotonic())
            asked, began = time.monotonic(), time.perf_counter()
            seat.run = await _send(seat, json_trigger=(table_event(seat.run.widget("friend_table")),
                                                       [{"event": "action", "value": action}]))
            tally.clicks.append((time.perf_counter() - began) * 1000)
            tally.refused += any("not your turn" in t or "moved on" in t for t in seat.run.texts)
            _saw(seat, seat.run, asked)
            continue
        if "friend_next" in seat.run.widgets:
            await asyncio.sleep(random.uniform(0.5, 1.5))
            asked = time.monotonic()
            seat.run = await _send(seat, trigger=seat.run.widget("friend_next"))
            _saw(seat, seat.run, asked)
            continue
        if "friend_rematch" in seat.run.widgets or not seat.run.fragments:
            return  # the game is over
        await asyncio.sleep(POLL)
        asked = time.monotonic()
        got = await _send(seat, fragment=seat.run.fragments[0])
        tally.polls += 1
        if not got.fragment_run:  # the table changed: the page ran again
            seat.run = got
            _saw(seat, got, asked)


async def table(front: str, keys: tuple[str, str], number: int, seconds: float, tally: Tally) -> None:
    """One pair: the first player opens a table on the first process, the second sits on the other."""
    host_ws, guest_ws = await connect(front, keys[0]), await connect(front, keys[1])
    try:
        query = f"lang=en&rules=classic&game={7000 + number}"
        await host_ws.send(rerun_message("friend", query))
        run = await read_run(host_ws)
        await host_ws.send(rerun_message("friend", query, {run.widget("friend_name"): f"Host {number}"},
                                         trigger=run.widget("friend_open"), after=run))
        run = await read_run(host_ws)
        code = next(m.group(1) for t in run.texts if (m := CODE.search(t)))
        host = Seat(host_ws, f"lang=en&table={code}", run)
        await guest_ws.send(rerun_message("friend", f"lang=es&table={code}"))
        run = await read_run(guest_ws)
        await guest_ws.send(rerun_message("friend", f"lang=es&table={code}",
                                          {run.widget("friend_name"): f"Guest {number}"},
                                          trigger=run.widget("friend_sit"), after=run))
        guest = Seat(guest_ws, f"lang=es&table={code}", await read_run(guest_ws))
        while "friend_table" not in host.run.components:  # the host's page sees the friend sit down
            await asyncio.sleep(POLL)
            got = await _send(host, fragment=host.run.fragments[0]) if host.run.fragments else await _send(host)
            if not got.fragment_run:
                host.run = got
        actions: tuple[list[str], list[str]] = ([], [])
        tally.sent[code] = actions
        await asyncio.gather(player(host, guest, seconds, tally, actions[0]),
                             player(guest, host, seconds, tally, actions[1]))
        for seat in (host, guest):
            tally.arrivals.extend(seat.arrived)
    finally:
        await host_ws.close()
        await guest_ws.close()


def check(url: str, tally: Tally) -> str:
    """Whether each table's stored moves are exactly its two players' clicks, each seat's in order."""
    store = open_store(url=url)
    problems = []
    try:
        for code, (first, second) in tally.sent.items():
            stored = store.friend_table_by_code(code)
            if stored is None:
                problems.append(code)
                continue
            game = replay(load_ruleset(stored.ruleset), stored.seed, list(read_moves_code(stored.moves)))
            by_seat: tuple[list[str], list[str]] = ([], [])
            for played in game.moves:
                kind, card = move_text(played.move)
                by_seat[played.player].append(f"card:{card}" if kind == "discard" else kind)
            if by_seat != (first, second):
                problems.append(code)
    finally:
        store.close()
    return "nothing lost or mixed" if not problems else f"LOST OR MIXED: {', '.join(problems)}"


@dataclass
class Row:
    arrival: float
    click: float
    cpu: float


def one_run(games: int, number: int, args: argparse.Namespace, cluster: postgres.Cluster) -> Row:
    """One fresh deployment, ``games`` tables played at once for ``args.seconds``; prints its row."""
    url = cluster.new_database()
    env = {"GIN_TUTOR_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
    with tempfile.TemporaryDirectory() as tmp, behind_nginx(env, Path(tmp), Path(tmp) / "nginx") as (front, ports):
        keys = keys_for(front, ports)
        pair = (keys[ports[0]], keys[ports[1]])
        tally = Tally()
        cpu, mine, began = machine_cpu(), own_cpu(), time.monotonic()
        asyncio.run(_all(front, pair, games, args.seconds, tally))
        spent = (machine_cpu() - cpu) - (own_cpu() - mine)
        minutes = (time.monotonic() - began) / 60
        row = Row(percentile(tally.arrivals, 0.95), percentile(tally.clicks, 0.95), spent / (games * minutes))
        print(f"| {games} | {number + 1} | {len(tally.clicks)} | {percentile(tally.arrivals, 0.5):.2f} "
              f"| {row.arrival:.2f} | {statistics.median(tally.clicks):.0f} | {row.click:.0f} "
              f"| {tally.polls / (minutes * 60):.1f} | {row.cpu:.1f} | {tally.refused} | {check(url, tally)} |",
              flush=True)
        return row


async def _all(front: str, pair: tuple[str, str], games: int, seconds: float, tally: Tally) -> None:
    await asyncio.gather(*(table(front, pair, n, seconds, tally) for n in range(games)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[8, 16])
    parser.add_argument("--runs", type=int, default=3, help="fresh deployments for each number of games")
    parser.add_argument("--seconds", type=float, default=120.0, help="playing time per measurement")
    args = parser.parse_args()
    random.seed(1)
    why = postgres.missing()
    if why:
        raise SystemExit(f"PostgreSQL is needed: {why}")
    print(f"{os.cpu_count()} cores, two app processes behind nginx on PostgreSQL, each game's players on different "
          f"processes; one click every 0.5-1.5 s on one's own turn, the page watched every {POLL:g} s otherwise; "
          f"{args.seconds:g} s of play each\n")
    print("| games | run | moves | to the other p50 s | to the other p95 s | click p50 ms | click p95 ms "
          "| watches per s | CPU s per game-minute | refused | kept |")
    print("| --- " * 11 + "|")
    rows: dict[int, list[Row]] = {}
    with postgres.cluster() as cluster:
        for games in args.games:
            for number in range(args.runs):
                rows.setdefault(games, []).append(one_run(games, number, args, cluster))
    print("\nEach p95 over the runs: mean ± standard error (range)\n")
    print("| games | runs | to the other p95 s | click p95 ms | CPU s per game-minute |")
    print("| --- | --- | --- | --- | --- |")
    for games, measured in rows.items():
        print(f"| {games} | {len(measured)} | {spread([r.arrival for r in measured])} "
              f"| {spread([r.click for r in measured])} | {spread([r.cpu for r in measured])} |")


if __name__ == "__main__":
    main()
