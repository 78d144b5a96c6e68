"""A bounded load test of the school deployment: learners playing and answering at the same time,
each through Streamlit's own websocket protocol, across two app processes behind nginx on one
PostgreSQL. Each learner makes a profile, answers a drill right and plays its own game, all at
once. Afterwards the database holds, for each learner, exactly its own answer and its own game with
every move it played: nothing lost, nothing mixed between learners.

Needs Debian's nginx and PostgreSQL: skips where one is missing, fails in CI."""

from __future__ import annotations

import asyncio
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from deployment import NGINX, behind_nginx  # noqa: E402  (tools/ is not a package)
from streamlit_ws import connect, read_run, rerun_message, table_action, table_event  # noqa: E402

from tutor.progress.store import open_store  # noqa: E402

LEARNERS = 6
MOVES = 8
"""How many of its own moves each learner plays (fewer when its hand ends first)."""
SEEDS = [12345 + 1000 * n for n in range(LEARNERS)]
DRILL = "drill=deadwood&seed=7&level=easy&rules=classic&lang=en"
"""Deadwood, easy, seed 7: 3♠ 8♠ Q♠ 4♥ 8♥ Q♥ 8♦ Q♦ 8♣ Q♣; the eights and queens meld, 3 + 4 = 7."""


def _require() -> None:
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("the load test must run in CI: Debian's nginx is not installed")
        pytest.skip("Debian's nginx is not installed (apt-get install nginx)")


async def learner(front: str, n: int) -> list[str]:
    """One learner: a profile of its own, the drill answered, then its own game; the actions it took
    at the table."""
    ws = await connect(front, f"learner-{n}")
    try:
        await ws.send(rerun_message("drills", DRILL))
        run = await read_run(ws)
        await ws.send(rerun_message("drills", DRILL, {run.widget("profile_new"): f"Learner {n}"},
                                    trigger=run.widget("profile_create"), after=run))
        run = await read_run(ws)
        await ws.send(rerun_message("drills", DRILL, {run.widget_starting("answer_deadwood_"): 7},
                                    trigger=run.widget_starting("check_"), after=run))
        run = await read_run(ws)
        game = f"game={SEEDS[n]}&level=beginner&rules=classic&lang=en"
        await ws.send(rerun_message("play", game))
        run = await read_run(ws)
        actions: list[str] = []
        while len(actions) < MOVES:
            table = run.components.get("play_table")
            action = table_action(table) if table else None
            if action is None:
                break  # the hand is over
            actions.append(action)
            await ws.send(rerun_message("play", game, json_trigger=(table_event(run.widget("play_table")),
                                                                      [{"event": "action", "value": action}]),
                                        after=run))
            run = await read_run(ws)
        return actions
    finally:
        await ws.close()


async def everyone(front: str) -> list[list[str]]:
    return list(await asyncio.gather(*(learner(front, n) for n in range(LEARNERS))))


def test_learners_playing_and_answering_at_once_lose_nothing_and_mix_nothing(postgres_cluster, tmp_path_factory):
    _require()
    url = postgres_cluster.new_database()
    env = {"GIN_TUTOR_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": "one-secret-for-every-process"}
    deployment = behind_nginx(env, tmp_path_factory.mktemp("load-cwd"), tmp_path_factory.mktemp("load-nginx"))
    # The learners' event loop runs in a thread of its own (a browser test may hold this thread's).
    with deployment as (front, _), ThreadPoolExecutor(1) as thread:
        played = thread.submit(asyncio.run, everyone(front)).result()
    store = open_store(url=url)
    try:
        for n, actions in enumerate(played):
            [profile] = store.profiles_named(f"Learner {n}")  # private: one profile of that name
            attempts = store.attempts(profile.id)
            assert [(a.kind, a.correct, a.seed) for a in attempts] == [("deadwood", True, 7)], n
            (game,) = store.games(profile.id)
            assert game.seed == SEEDS[n], n  # its own deal, no one else's
            expected = [("discard", a[5:]) if a.startswith("card:") else (a, None) for a in actions]
            assert game.moves == expected, n  # every move it played, in order
            assert len(actions) >= 4, n
        assert sorted(p.name for p in store.profiles()) == [f"Learner {n}" for n in range(LEARNERS)]
    finally:
        store.close()
