"""Choosing the next puzzle "suited to me": how long it takes with 10,000 attempts in the store, on
SQLite and on PostgreSQL (a throwaway cluster, as the tests make one; skipped without PostgreSQL).

The store is filled in bulk: one learner with ``--attempts`` attempts spread over every kind, and as
many rated puzzles (shared by every learner) around their ratings. The choice is what the drills page
does on "New puzzle" in that mode (:func:`tutor.app.ui.drill_state._open_suited` less the session):
read the learner's ratings, pick the kind, ask the store for rated puzzles near the learner's
rating that they have not tried, and choose one. Prints the median and the 95th percentile::

    python benchmarks/next_puzzle.py --attempts 10000 --choices 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tools")]
from tutor.drills import KINDS, LEVELS  # noqa: E402
from tutor.drills.suited import NEAR, suited_choice, weakest_kind  # noqa: E402
from tutor.progress.ratings import NEW  # noqa: E402
from tutor.progress.review import DrillItem  # noqa: E402
from tutor.progress.store import Store, open_store  # noqa: E402


def fill(store: Store, attempts: int, rng: random.Random) -> int:
    """One learner with ``attempts`` attempts and as many rated puzzles; the learner's id."""
    learner = store.profile("Bench")
    assert learner is not None
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows, puzzles = [], []
    for n in range(attempts):
        kind, level = rng.choice(KINDS), rng.choice(LEVELS)
        rows.append({"profile": learner.id, "kind": kind, "level": level, "ruleset": "classic",
                     "correct": int(rng.random() < 0.7), "seconds": 20.0,
                     "at": (start + timedelta(minutes=n)).isoformat(), "seed": n, "mistake": None})
        puzzles.append({"item": DrillItem(kind, level, "classic", attempts + n).format(), "kind": kind,
                        "rating": rng.gauss(1500, 250), "deviation": 150.0, "volatility": 0.06})
    with store._engine.begin() as db:
        db.execute(sa.text("INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at, seed, "
                           "mistake) VALUES (:profile, :kind, :level, :ruleset, :correct, :seconds, :at, :seed, "
                           ":mistake)"), rows)
        db.execute(sa.text("INSERT INTO puzzle_ratings (item, kind, rating, deviation, volatility, attempts) "
                           "VALUES (:item, :kind, :rating, :deviation, :volatility, 1)"), puzzles)
        db.execute(sa.text("INSERT INTO ratings (profile_id, kind, rating, deviation, volatility, at) "
                           "VALUES (:profile, :kind, :rating, 80, 0.06, :at)"),
                   [{"profile": learner.id, "kind": k, "rating": rng.gauss(1500, 200), "at": start.isoformat()}
                    for k in KINDS])
    return learner.id


def choose(store: Store, learner: int, kind: str | None) -> tuple[str, str, int | None]:
    ratings = store.ratings(learner)
    chosen = weakest_kind(ratings, kind)
    near = store.puzzles_near(learner, chosen, ratings.get(chosen, NEW).rating, NEAR)
    return suited_choice(ratings, kind, "classic", near)


def measure(store: Store, attempts: int, choices: int) -> tuple[float, float]:
    rng = random.Random(1)
    learner = fill(store, attempts, rng)
    times = []
    for n in range(choices):
        began = time.perf_counter()
        choose(store, learner, None if n % 2 else rng.choice(KINDS))
        times.append(time.perf_counter() - began)
    times.sort()
    return statistics.median(times) * 1000, times[int(0.95 * len(times))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attempts", type=int, default=10_000)
    parser.add_argument("--choices", type=int, default=200)
    args = parser.parse_args()
    print(f"choosing the next puzzle suited to the learner, {args.attempts} attempts and as many rated puzzles")
    print("| store | median | p95 |")
    print("| --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        median, p95 = measure(open_store(Path(folder)), args.attempts, args.choices)
        print(f"| SQLite | {median:.1f} ms | {p95:.1f} ms |", flush=True)
    import postgres  # tests/postgres.py: a throwaway cluster
    why = postgres.missing()
    if why is not None:
        print(f"| PostgreSQL | skipped: {why} | |")
        return 0
    with ExitStack() as stack:
        cluster = stack.enter_context(postgres.cluster())
        median, p95 = measure(open_store(url=cluster.new_database()), args.attempts, args.choices)
        print(f"| PostgreSQL | {median:.1f} ms | {p95:.1f} ms |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
