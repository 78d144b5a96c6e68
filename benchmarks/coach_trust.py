"""How far a learner can trust the coach: ``python benchmarks/coach_trust.py [SECTION ...]``.

Positions come from the bots' games: the strong player (seat 0, standing for the learner) against
each level (seat 1), classic rules, seeds of their own (not those the models were fitted on). Each
section prints a table:

1. ``stability``: the coach's grade of every legal move (as if the learner had played it) under five
   seeds of its worlds (the salt; the position alone seeds them in the app): how often it is the
   same, two grades apart, and best under one seed but a mistake or a blunder under another. Also
   for the move the strong player played there (what a learner who plays like it is told).
2. ``accuracy``: each verdict against the analysis with ten times the worlds (every legal move on
   ten times the verdict's budget): a mistake or a blunder where that reference loss is under 1
   point, best where it is 2.5 or more.
3. ``calibration``: for each level, at the strong player's discards where it may knock, the Hint's
   value of the knock (the coach's worlds) against the engine's score of it against the
   opponent's actual hand (mean of the difference, with its standard error clustered by hand);
   against the beginner, where the coach chooses between knocking and waiting (3 or more
   deadwood), the real value of its choice against the other's (the wait played out in the real
   deal by the strong player against the beginner).
4. ``continuation``: end positions (two or three cards in the stock): every move's exact value
   with the careful continuation against its value with the best next decision on what the mover
   then knows (:func:`tutor.play.analysis.one_ply_values`).
5. ``cost``: CPU time of a Hint (median, 95th percentile) on the positions, and of a whole hand's
   review (every decision of the learner's hand, as the app's background review judges them).
6. ``strength``: the arena runs that measure the expert (printed, not run: each takes over an hour
   of both cores).

Results are kept in ``--out`` (JSON, one file per section), so a section can be run again alone.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.cards import mask_of  # noqa: E402
from tutor.engine.rules import load_ruleset  # noqa: E402
from tutor.engine.scoring import knocker_gain  # noqa: E402
from tutor.play import Bot, new_hand  # noqa: E402
from tutor.play.analysis import one_ply_values  # noqa: E402
from tutor.play.bots.evaluate import discard_order  # noqa: E402
from tutor.play.bots.reading import read_view  # noqa: E402
from tutor.play.evaluation import APP, Evaluation  # noqa: E402
from tutor.play.grading import GRADES  # noqa: E402
from tutor.play.match import start_match  # noqa: E402
from tutor.play.moves import Move, move_text  # noqa: E402

RULES = load_ruleset("classic")
LEVELS = ("beginner", "intermediate", "strong", "expert")
KINDS = ("first_upcard", "draw", "discard", "knock")
SALTS = (1, 2, 3, 4, 5)
BUDGET = APP
"""The budget measured (the app's, unless ``--race``, ``--refine`` or ``--verdict`` say otherwise)."""
REFERENCE = replace(APP, screen=10 * APP.screen, deep=10 * APP.deep, race=10 * APP.race, refine=10 * APP.refine,
                    verdict=10 * APP.verdict)
"""Ten times the app's worlds at every step (a verdict up to 768,000 worlds)."""


def kind_of(view: dict[str, Any]) -> str:
    """A decision's kind: the first upcard, a draw, a plain discard, or a discard where a knock is legal."""
    if view["phase"] == "first_upcard":
        return "first_upcard"
    if view["phase"] == "draw":
        return "draw"
    return "knock" if any(k == "knock" for k, _ in view["legal"]) else "discard"


def hand_of(seed: int, level: str) -> list[tuple[dict[str, Any], Move]]:
    """Seat 0's decisions with a choice in a hand of the strong player against ``level``: the view
    and the move it made."""
    hand = new_hand(RULES, seed, dealer=seed % 2)
    bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
    out = []
    while hand.to_move is not None:
        player = hand.to_move
        view = hand.view(player)
        move = bots[player].move(view)
        if player == 0 and len(view["legal"]) > 1:
            out.append((view, move))
        hand = hand.apply(move)
    return out


def positions(per_kind: int) -> list[dict[str, Any]]:
    """``per_kind`` positions of each kind against each level, one from a hand at most."""
    found = []
    for number, level in enumerate(LEVELS):
        wanted = dict.fromkeys(KINDS, per_kind)
        seed = 20_000 + 1_000 * number
        while any(wanted.values()):
            decisions = hand_of(seed, level)
            random.Random(seed).shuffle(decisions)
            for view, move in decisions:
                kind = kind_of(view)
                if wanted[kind]:
                    wanted[kind] -= 1
                    found.append({"level": level, "seed": seed, "kind": kind, "view": view,
                                  "played": list(move_text(move))})
                    break
            seed += 1
    return found


def pool_map(work: Callable[[Any], Any], jobs: Iterable[Any], workers: int) -> list[Any]:
    """``work`` over ``jobs`` on ``workers`` processes, in order."""
    jobs = list(jobs)
    if workers <= 1:
        return [work(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(work, jobs, chunksize=1))


# --- 1 and 2: stability and accuracy --------------------------------------------------------------

def grades_of(job: tuple[dict[str, Any], int]) -> dict[str, Any]:
    """Every legal move's verdict in one position under one salt."""
    position, salt = job
    began = time.process_time()
    evaluation = Evaluation(position["view"], position["level"], salt, BUDGET)
    out = {}
    for move in evaluation.legal:
        verdict = evaluation.verdict(move)
        out[json.dumps(move_text(move))] = [verdict.grade, verdict.loss, verdict.stderr, verdict.worlds]
    return {"grades": out, "cpu": time.process_time() - began, "coach": list(move_text(evaluation.choice().move))}


def reference_of(position: dict[str, Any]) -> dict[str, float]:
    """Every legal move's loss against the best, on ten times the app's worlds (its own salt)."""
    evaluation = Evaluation(position["view"], position["level"], "reference", REFERENCE)
    coach = evaluation.choice().move
    return {json.dumps(move_text(m)): evaluation.verdict(m).loss for m in evaluation.legal if m != coach} | \
        {json.dumps(move_text(coach)): 0.0}


def stability(found: list[dict[str, Any]], runs: dict[str, Any]) -> None:
    rows: dict[str, list[tuple[str, list[int]]]] = {"every legal move": [], "the move played": []}
    for index, position in enumerate(found):
        per_salt = [runs[f"{index}/{salt}"]["grades"] for salt in SALTS]
        played = json.dumps(position["played"])
        for move in per_salt[0]:
            marks = [GRADES.index(s[move][0]) for s in per_salt]
            rows["every legal move"].append((position["kind"], marks))
            if move == played:
                rows["the move played"].append((position["kind"], marks))
    print("| moves | count | same grade under 5 seeds | two grades apart | best and a mistake or blunder |")
    print("| --- | --- | --- | --- | --- |")
    for label, marks_of in rows.items():
        for kind in (None, *KINDS):
            chosen = [m for k, m in marks_of if kind is None or k == kind]
            if not chosen:
                continue
            same = sum(len(set(m)) == 1 for m in chosen)
            apart = sum(max(m) - min(m) >= 2 for m in chosen)
            swing = sum(0 in m and max(m) >= 2 for m in chosen)
            name = label if kind is None else f"  {kind}"
            print(f"| {name} | {len(chosen)} | {same / len(chosen):.1%} | {apart} | {swing} |")


def accuracy(found: list[dict[str, Any]], runs: dict[str, Any], references: list[dict[str, float]]) -> None:
    wrong_mistakes = wrong_best = total = 0
    for index, reference in enumerate(references):
        for salt in SALTS:
            for move, (name, *_) in runs[f"{index}/{salt}"]["grades"].items():
                total += 1
                wrong_mistakes += name in ("mistake", "blunder") and reference[move] < 1
                wrong_best += name == "best" and reference[move] >= 2.5
    print("| verdicts | mistake or blunder, reference loss under 1 | best, reference loss 2.5 or more |")
    print("| --- | --- | --- |")
    print(f"| {total} | {wrong_mistakes} ({wrong_mistakes / total:.2%}) | {wrong_best} ({wrong_best / total:.2%}) |")


# --- 3: calibration against the real cards --------------------------------------------------------

def knock_rows(job: tuple[str, int]) -> list[dict[str, Any]]:
    """The knocks of one hand of the strong player against ``level``: the Hint's value (the
    coach's worlds) and the real score; against the beginner, with 3 or more deadwood, also the
    coach's choice and the wait's real value."""
    level, seed = job
    hand = new_hand(RULES, seed, dealer=seed % 2)
    bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
    rows = []
    while hand.to_move is not None:
        player = hand.to_move
        view = hand.view(player)
        if player == 0 and view["phase"] == "discard" and any(k == "knock" for k, _ in view["legal"]):
            table = read_view(view)
            least, card = discard_order(table.hand, keep=table.taken)[0]
            kept = table.hand & ~card.bit
            evaluation = Evaluation(view, level)
            knock: Move = ("knock", card)
            value = evaluation.value(knock, APP.refine)
            row = {"seed": seed, "least": least, "value": value,
                   "real": knocker_gain(kept, mask_of(hand.cards[1]), RULES)}
            if level == "beginner" and least >= 3:
                coach = evaluation.choice().move
                waits = [o.move for o in evaluation.options() if o.move[0] == "discard"]
                wait = coach if coach[0] != "knock" else (waits[0] if waits else ("discard", card))
                row["coach_knocks"] = coach[0] == "knock"
                row["wait_real"] = play_on(hand, wait, level, seed)
            rows.append(row)
        hand = hand.apply(bots[player].move(view))
    return rows


def play_on(hand: Any, move: Move, level: str, seed: int) -> int:
    """Seat 0's real points when it plays ``move`` and the hand goes on in the real deal (the strong
    player for it, ``level`` across the table)."""
    bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
    hand = hand.apply(move)
    while hand.to_move is not None:
        hand = hand.apply(bots[hand.to_move].move(hand.view(hand.to_move)))
    if hand.result == "void":
        return 0
    return hand.result.points * (1 if hand.winner == 0 else -1)


def clustered(pairs: list[tuple[int, float]]) -> tuple[float, float]:
    """The mean of the values and its standard error, clustered by hand."""
    values = [v for _, v in pairs]
    mean = statistics.fmean(values)
    by_hand: dict[int, float] = {}
    for seed, value in pairs:
        by_hand[seed] = by_hand.get(seed, 0.0) + value - mean
    return mean, math.sqrt(sum(x * x for x in by_hand.values())) / len(values)


def calibration(results: dict[str, list[dict[str, Any]]]) -> None:
    print("| opponent | knocks (hands) | Hint's value | real score | Hint − real (± s.e.) |")
    print("| --- | --- | --- | --- | --- |")
    for level, rows in results.items():
        bias, err = clustered([(r["seed"], r["value"] - r["real"]) for r in rows])
        print(f"| {level} | {len(rows)} ({len({r['seed'] for r in rows})}) | "
              f"{statistics.fmean(r['value'] for r in rows):+.2f} | {statistics.fmean(r['real'] for r in rows):+.2f} | "
              f"{bias:+.2f} ± {err:.2f} |")
    choices = [r for r in results.get("beginner", []) if "coach_knocks" in r]
    if choices:
        chosen = [(r["seed"], (r["real"] if r["coach_knocks"] else r["wait_real"])
                   - (r["wait_real"] if r["coach_knocks"] else r["real"])) for r in choices]
        gain, err = clustered(chosen)
        knocks = sum(r["coach_knocks"] for r in choices)
        print()
        print("| against the beginner, 3+ deadwood | positions | the coach knocks "
              "| its choice − the other, real (± s.e.) |")
        print("| --- | --- | --- | --- |")
        print(f"| knock or wait | {len(choices)} | {knocks} | {gain:+.2f} ± {err:.2f} |")


# --- 4: the continuation at the wall --------------------------------------------------------------

def end_positions(count: int) -> list[dict[str, Any]]:
    """Draws and knock-or-not discards with two or three cards in the stock, from the bots' games
    against each level in turn."""
    found: list[dict[str, Any]] = []
    seed = 30_000
    while len(found) < count:
        level = LEVELS[len(found) % len(LEVELS)]
        for view, _ in hand_of(seed, level):
            if view["stock_size"] <= 3 and kind_of(view) in ("draw", "knock"):
                found.append({"level": level, "seed": seed, "kind": kind_of(view), "view": view})
                break
        seed += 1
    return found


def continuation_of(position: dict[str, Any]) -> dict[str, Any]:
    values = one_ply_values(position["view"], opponent=position["level"])
    return {json.dumps(move_text(m)): pair for m, pair in values.items()}


def continuation(found: list[dict[str, Any]], results: list[dict[str, Any]]) -> None:
    gaps = [best - policy for values in results for policy, best in values.values()]
    worst = max(gaps)
    print("| end positions | move values | best next decision − careful continuation: mean | more than 1 point "
          "| most |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| {len(found)} | {len(gaps)} | {statistics.fmean(gaps):.2f} | {sum(g > 1 for g in gaps)} | {worst:.2f} |")


# --- 5: cost ----------------------------------------------------------------------------------------

def hint_cost(position: dict[str, Any]) -> float:
    from tutor.play import coach
    coach._evaluations.clear()
    began = time.process_time()
    coach.coach_hint(position["view"], position["level"], budget=BUDGET)
    return time.process_time() - began


def review_cost(job: tuple[str, int]) -> tuple[float, int]:
    """A hand of the strong player (as the learner) against ``level`` in a match; the CPU time of
    judging every one of its decisions, as the app's review does."""
    from tutor.play import coach
    level, seed = job
    match = start_match(RULES, seed, level)
    learner = Bot("strong", seed)
    while len(match.game.played) < 1 and not match.game.over:
        match = match.play(learner.move(match.view())) if match.learner_to_move else match.next_hand()
    coach._evaluations.clear()
    began = time.process_time()
    for decision in match.decisions:  # as Decision.judgement does, on the budget measured
        coach.judge(decision.view, decision.move, decision.opponent, budget=BUDGET)
    return time.process_time() - began, len(match.decisions)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cost(hints: list[float], reviews: list[tuple[float, int]]) -> None:
    print("| what | n | CPU median | CPU 95th percentile |")
    print("| --- | --- | --- | --- |")
    print(f"| a Hint | {len(hints)} | {statistics.median(hints):.2f} s | {quantile(hints, 0.95):.2f} s |")
    times = [t for t, _ in reviews]
    print(f"| a hand's review ({statistics.median([n for _, n in reviews]):.0f} decisions median) | {len(reviews)} | "
          f"{statistics.median(times):.2f} s | {quantile(times, 0.95):.2f} s |")


def strength() -> None:
    print("Run each (duplicate deals, seats swapped; EAAI rules; both cores):")
    for opponent in ("strong", "sgp", "beginner"):
        print(f"    python benchmarks/arena.py --rules eaai --levels expert --opponent {opponent} --hands 4000 "
              f"--games 0 --log expert-{opponent}.jsonl")
    print("    python benchmarks/arena.py --rules eaai --levels strong --opponent beginner --hands 4000 --games 0")


# --- main ------------------------------------------------------------------------------------------

def cached(path: Path, make: Callable[[], Any]) -> Any:
    if path.exists():
        return json.loads(path.read_text())
    value = make()
    path.write_text(json.dumps(value))
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sections", nargs="*", default=["stability", "accuracy", "calibration", "continuation",
                                                        "cost", "strength"])
    parser.add_argument("--per-kind", type=int, default=5, help="positions of each kind against each level")
    parser.add_argument("--calibration-hands", type=int, default=150, help="hands against each level")
    parser.add_argument("--end-positions", type=int, default=16)
    parser.add_argument("--review-hands", type=int, default=8, help="hands against each level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("coach_trust"))
    for step in ("race", "refine", "verdict"):
        parser.add_argument(f"--{step}", type=int, help=f"another budget's {step} worlds than the app's, to compare")
    args = parser.parse_args()
    global BUDGET
    BUDGET = replace(APP, **{step: getattr(args, step) for step in ("race", "refine", "verdict")
                             if getattr(args, step) is not None})
    print(f"Budget measured: {BUDGET}\n")
    args.out.mkdir(exist_ok=True)
    found = cached(args.out / "positions.json", lambda: positions(args.per_kind))
    sections = set(args.sections)
    if sections & {"stability", "accuracy"}:
        jobs = [(position, salt) for position in found for salt in SALTS]
        runs = cached(args.out / "grades.json", lambda: {f"{i}/{s}": r for (i, s), r in zip(
            [(i, s) for i in range(len(found)) for s in SALTS], pool_map(grades_of, jobs, args.workers), strict=True)})
        if "stability" in sections:
            print("## 1. Stability\n")
            stability(found, runs)
            print()
        if "accuracy" in sections:
            references = cached(args.out / "reference.json", lambda: pool_map(reference_of, found, args.workers))
            print("## 2. Accuracy against ten times the worlds\n")
            accuracy(found, runs, references)
            print()
    if "calibration" in sections:
        def make() -> dict[str, list[dict[str, Any]]]:
            out = {}
            for number, level in enumerate(LEVELS):
                seeds = range(40_000 + 1_000 * number, 40_000 + 1_000 * number + args.calibration_hands)
                out[level] = [row for rows in pool_map(knock_rows, [(level, s) for s in seeds], args.workers)
                              for row in rows]
            return out
        print("## 3. Calibration against the real cards\n")
        calibration(cached(args.out / "calibration.json", make))
        print()
    if "continuation" in sections:
        ends = cached(args.out / "end_positions.json", lambda: end_positions(args.end_positions))
        print("## 4. The continuation at the wall\n")
        values = cached(args.out / "continuation.json", lambda: pool_map(continuation_of, ends, args.workers))
        continuation(ends, values)
        print()
    if "cost" in sections:
        print("## 5. Cost (CPU)\n")
        hints = [hint_cost(p) for p in found]
        reviews = [review_cost((level, 50_000 + 1_000 * number + k)) for number, level in enumerate(LEVELS)
                   for k in range(args.review_hands)]
        cost(hints, reviews)
        print()
    if "strength" in sections:
        print("## 6. Strength kept\n")
        strength()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
