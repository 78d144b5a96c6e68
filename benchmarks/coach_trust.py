"""How far a learner can trust the coach: ``python benchmarks/coach_trust.py [SECTION ...]``.

Positions come from the bots' games: the strong player (seat 0, standing for the learner) against
each level (seat 1), classic rules, seeds of their own (not those the models were fitted on). Each
section prints a table:

1. ``stability``: at each position (below), the coach's verdict on each move it weighed (the six
   nearest its own move under the position's own draw, and the move the strong player played there)
   under five draws of *everything* the coach samples (``Evaluation(draw=...)``: the worlds, the
   mover's belief and so the race's cuts): how often a grade is the same under all five, two grades
   apart, and best under one draw but a mistake or a blunder under another; how often the coach's
   move is the same, or named too close to call under every draw; and whether the ± is honest (the
   spread of a loss across the five draws against the standard error shown: their ratio).
2. ``accuracy``: each verdict against a reference with ten times the app's worlds at every step and
   a draw of its own: a mistake or a blunder where that reference loss is under 1 point, best where
   it is 2.5 or more.
3. ``calibration``: for each level, at the strong player's discards where it may knock, the Hint's
   value of the knock (the coach's worlds) against the engine's score of it against the
   opponent's actual hand (mean of the difference, with its standard error clustered by hand);
   against the beginner, where the coach chooses between knocking and waiting (3 or more
   deadwood), the real value of its choice against the other's (the wait played out in the real
   deal by the strong player against the beginner).
4. ``continuation``: end positions (two or three cards in the stock): every move's exact value
   with the coach's careful continuation against its value with the best next decision on what the
   mover then knows (:func:`tutor.play.analysis.one_ply_values`), which is what the coach values
   such a position by (:attr:`tutor.play.evaluation.Budget.exact_at_wall`); the gap is what the
   careful continuation leaves on the table where it still plays (earlier in the hand).
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

from tutor.engine.cards import mask_of
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import knocker_gain
from tutor.play import Bot, new_hand
from tutor.play.analysis import Position, belief_seed, one_ply_of, position_seed
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.reading import read_view
from tutor.play.evaluation import APP, Budget, Evaluation
from tutor.play.grading import GRADES
from tutor.play.hand import View
from tutor.play.match import start_match
from tutor.play.moves import Move, move_text, read_move

RULES = load_ruleset("classic")
LEVELS = ("beginner", "intermediate", "strong", "expert")
KINDS = ("first_upcard", "draw", "discard", "knock")
DRAWS: tuple[int | str, ...] = (0, 1, 2, 3, 4)
"""Five draws of everything the coach samples (0: the position's own, as the app draws it)."""
BUDGET = APP
"""The budget measured (the app's, unless ``--race``, ``--refine`` or ``--verdict`` say otherwise)."""
REFERENCE = replace(APP, screen=10 * APP.screen, deep=10 * APP.deep, race=10 * APP.race, refine=10 * APP.refine,
                    verdict=10 * APP.verdict)
"""Ten times the app's worlds at every step (a verdict up to 768,000 worlds)."""


def kind_of(view: View) -> str:
    """A decision's kind: the first upcard, a draw, a plain discard, or a discard where a knock is legal."""
    if view["phase"] == "first_upcard":
        return "first_upcard"
    if view["phase"] == "draw":
        return "draw"
    return "knock" if any(k == "knock" for k, _ in view["legal"]) else "discard"


def hand_of(seed: int, level: str) -> list[tuple[View, Move]]:
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


def positions(per_kind: int, seed: int) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """``per_kind`` positions of each kind, the levels in turn, from hands dealt from ``seed`` on
    (one position from a hand at most, picked at random among its decisions of that kind); and each
    kind's share of all the decisions of those hands (its share in real games)."""
    found = []
    counts = dict.fromkeys(KINDS, 0)
    wanted = {kind: per_kind for kind in KINDS}
    deal = seed
    rng = random.Random(f"positions/{seed}")
    while any(wanted.values()):
        level = LEVELS[(deal - seed) % len(LEVELS)]
        decisions = hand_of(deal, level)
        for view, _ in decisions:
            counts[kind_of(view)] += 1
        rng.shuffle(decisions)
        need = [k for k in KINDS if wanted[k] and any(kind_of(v) == k for v, _ in decisions)]
        if need:
            kind = min(need, key=lambda k: (-wanted[k], KINDS.index(k)))
            view, move = next((v, m) for v, m in decisions if kind_of(v) == kind)
            wanted[kind] -= 1
            found.append({"level": level, "seed": deal, "kind": kind, "view": view, "played": list(move_text(move))})
        deal += 1
    total = sum(counts.values())
    return found, {kind: counts[kind] / total for kind in KINDS}


def drawn_positions(per_kind: int, seed: int, workers: int) -> dict[str, Any]:
    """:func:`positions`, each with the moves judged there (:func:`weighed_moves`)."""
    found, shares = positions(per_kind, seed)
    for position, moves in zip(found, pool_map(weighed_moves, found, workers), strict=True):
        position["moves"] = [list(move_text(m)) for m in moves]
    return {"positions": found, "shares": shares, "seed": seed}


def pool_map(work: Callable[[Any], Any], jobs: Iterable[Any], workers: int) -> list[Any]:
    """``work`` over ``jobs`` on ``workers`` processes, in order."""
    jobs = list(jobs)
    if workers <= 1:
        return [work(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(work, jobs, chunksize=1))


# --- 1 and 2: stability and accuracy --------------------------------------------------------------

def weighed_moves(position: dict[str, Any]) -> list[Move]:
    """The moves judged at a position: the six the coach weighed nearest its own move under the
    position's own draw (the coach's first), and the move played there."""
    evaluation = Evaluation(position["view"], position["level"], budget=BUDGET)
    played = read_move(position["played"])
    return list(dict.fromkeys([*evaluation.weighed()[:6], played]))


def grades_of(job: tuple[dict[str, Any], int | str, Budget]) -> dict[str, Any]:
    """The coach under one draw of everything at one position: its move, the moves too close to
    call, and the verdict on each weighed move (and the CPU it took)."""
    position, draw, budget = job
    began = time.process_time()
    evaluation = Evaluation(position["view"], position["level"], budget=budget, draw=draw)
    out = {}
    for move in map(read_move, position["moves"]):
        verdict = evaluation.verdict(move)
        out[json.dumps(move_text(move))] = [verdict.grade, verdict.loss, verdict.stderr, verdict.worlds]
    return {"grades": out, "cpu": time.process_time() - began, "coach": list(move_text(evaluation.choice().move)),
            "close": [list(move_text(m)) for m in evaluation.close()], "exact": evaluation.exact}


def stability(found: list[dict[str, Any]], shares: dict[str, float], runs: dict[str, Any]) -> None:
    """The stability table: each kind, and all of them with each kind at its share of real games."""
    rows: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}  # a row: a position under the draws
    for index, position in enumerate(found):
        per_draw = [runs[f"{index}/{draw}"] for draw in DRAWS]
        coach = [json.dumps(r["coach"]) for r in per_draw]
        close = [{json.dumps(m) for m in r["close"]} | {json.dumps(r["coach"])} for r in per_draw]
        moves: list[dict[str, Any]] = []
        for move in per_draw[0]["grades"]:
            verdicts = [r["grades"][move] for r in per_draw]
            moves.append({"marks": [GRADES.index(v[0]) for v in verdicts], "losses": [v[1] for v in verdicts],
                          "errors": [v[2] for v in verdicts], "coach": any(move == c for c in coach)})
        rows[position["kind"]].append({
            "same_coach": len(set(coach)) == 1,
            "too_close": all(c in named for c in coach for named in close),
            "moves": moves})
    print("| kind (share of real decisions) | positions | moves judged x5 | same grade | two grades apart "
          "| best and mistake/blunder | coach's move the same, or too close under every draw "
          "| spread / ± shown: median; pooled |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    weighted = dict.fromkeys(("same", "apart", "swing", "coach"), 0.0)
    for kind in KINDS:
        chosen = rows[kind]
        if not chosen:
            continue
        moves = [m for r in chosen for m in r["moves"]]
        same = sum(len(set(m["marks"])) == 1 for m in moves) / len(moves)
        apart = sum(max(m["marks"]) - min(m["marks"]) >= 2 for m in moves)
        swing = sum(0 in m["marks"] and max(m["marks"]) >= 2 for m in moves)
        coach = sum(r["same_coach"] or r["too_close"] for r in chosen) / len(chosen)
        for key, value in (("same", same), ("apart", apart / len(moves)), ("swing", swing / len(moves)),
                           ("coach", coach)):
            weighted[key] += shares[kind] * value
        print(f"| {kind} ({shares[kind]:.0%}) | {len(chosen)} | {len(moves)} | {same:.1%} | {apart} | {swing} | "
              f"{coach:.1%} | {honesty(moves)} |")
    everything = [m for kind in KINDS for r in rows[kind] for m in r["moves"]]
    print(f"| all, each kind at its share | {len(found)} | {len(everything)} | {weighted['same']:.1%} | "
          f"{weighted['apart']:.2%} | {weighted['swing']:.2%} | {weighted['coach']:.1%} | {honesty(everything)} |")


def honesty(moves: list[dict[str, Any]]) -> str:
    """The spread of each loss across the draws against the standard error shown, over the losses
    measured on worlds (an exact loss has no ±) and not the coach's own move under any draw: for
    each loss, the standard deviation of its five values over the root mean square of its five
    ± (1 where the ± is what the draws do; with five draws an honest ± gives a median of 0.92),
    the median of those ratios; and the same pooled over every loss (the root mean square of the
    spreads over that of the errors), which a few verdicts settled early on few worlds, far from a
    line, weigh heavily."""
    measured = [m for m in moves if not m["coach"] and all(e > 0 for e in m["errors"])]
    if len(measured) < 2:
        return "—"
    ratios = [statistics.stdev(m["losses"]) / math.sqrt(statistics.fmean(e * e for e in m["errors"]))
              for m in measured]
    spread = statistics.fmean(statistics.variance(m["losses"]) for m in measured)
    shown = statistics.fmean(e * e for m in measured for e in m["errors"])
    return f"{statistics.median(ratios):.2f}; pooled {math.sqrt(spread / shown):.2f} ({len(measured)} losses)"


def reference_of(position: dict[str, Any]) -> dict[str, float]:
    """Each judged move's loss against the best, on ten times the app's worlds (a draw of its own)."""
    evaluation = Evaluation(position["view"], position["level"], budget=REFERENCE, draw="reference")
    return {json.dumps(move_text(m)): evaluation.verdict(m).loss for m in map(read_move, position["moves"])}


def accuracy(found: list[dict[str, Any]], runs: dict[str, Any], references: list[dict[str, float]]) -> None:
    wrong_mistakes = wrong_best = total = 0
    for index, reference in enumerate(references):
        for draw in DRAWS:
            for move, (name, *_) in runs[f"{index}/{draw}"]["grades"].items():
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
    """Every move's exact value with the coach's careful continuation (its belief and policy) and
    with the best next decision on what the mover then knows (what the coach values it by here)."""
    view, level = position["view"], position["level"]
    coach = Position(view, position_seed(view, level), opponent=level, belief=APP.belief,
                     belief_seed=belief_seed(view, level), knock_hands=APP.knock_hands, mover=APP.mover,
                     belief_deals=APP.belief_deals)
    return {json.dumps(move_text(m)): pair for m, pair in one_ply_of(coach).items()}


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
    parser.add_argument("--per-kind", type=int, default=100, help="positions of each kind (the levels in turn)")
    parser.add_argument("--seed", type=int, default=70_000, help="the first deal the positions are drawn from")
    parser.add_argument("--reference-positions", type=int, default=0,
                        help="the reference (ten times the worlds) on the first N positions only (0: all)")
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
    print(f"Budget measured: screen {BUDGET.screen}, race {BUDGET.race}, refine {BUDGET.refine}, verdict "
          f"{BUDGET.verdict} worlds; belief {BUDGET.belief} hands; exact at the wall: {BUDGET.exact_at_wall}\n")
    args.out.mkdir(exist_ok=True)
    drawn = cached(args.out / "positions.json", lambda: drawn_positions(args.per_kind, args.seed, args.workers))
    found, shares = drawn["positions"], drawn["shares"]
    print(f"Positions: {len(found)}, drawn from deal {drawn.get('seed', args.seed)} on.\n")
    sections = set(args.sections)
    if sections & {"stability", "accuracy"}:
        jobs = [(position, draw, BUDGET) for position in found for draw in DRAWS]
        runs = cached(args.out / "grades.json", lambda: {f"{i}/{d}": r for (i, d), r in zip(
            [(i, d) for i in range(len(found)) for d in DRAWS], pool_map(grades_of, jobs, args.workers), strict=True)})
        if "stability" in sections:
            print("## 1. Stability under five draws of everything\n")
            stability(found, shares, runs)
            print()
        if "accuracy" in sections:
            checked = found[:args.reference_positions] if args.reference_positions else found
            references = cached(args.out / "reference.json", lambda: pool_map(reference_of, checked, args.workers))
            print(f"## 2. Accuracy against ten times the worlds ({len(references)} positions)\n")
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
