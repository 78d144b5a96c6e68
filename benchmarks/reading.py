"""How far the map of what the opponent holds can be trusted: ``python benchmarks/reading.py``.

Positions come from the bots' games: the strong player (seat 0, standing for the learner) against
each level (seat 1), classic rules, seeds of their own. At up to ``--per-hand`` of seat 0's draws
and discards of a hand (from its second turn on, spread over the hand), the coach's map
(:func:`tutor.play.holding.holding`, the level played) is set beside the hand the opponent really
held. Prints, for each level:

- a reliability diagram as a table: the unseen cards given a chance of 0-10 %, 10-20 % ... 90-100 %,
  how many there were, their mean chance and how often the opponent really held them, the gap
  and its standard error (``ok`` where the gap is within 5 points of percentage; bins of fewer
  than 200 cards are shown but not judged), with a bar chart of the two;
- the map's Brier score (mean over positions, with its standard error) beside that of a uniform
  guess over the unseen cards (hidden cards over unseen cards for each).

``--drill`` instead makes read-the-opponent puzzles (:mod:`tutor.drills.kinds.read`, ``--puzzles`` of
each level, seeds of their own) and scores four readers on the same cards against the real hands:
the coach (its chances rounded to the drill's choices, the answer it grades by), a guess that
reads nothing (the choice nearest the uniform chance on every card), a reader who follows
source 001's tips (a card that melds with one the opponent took: 70 %; one that melds with a card
it threw or let pass: 5 %; one of a suit it threw twice or more: 15 %; else the uniform guess) and
the sure reader (90 % on the coach's two likeliest cards, 5 % on the rest), and a careful reader who
sees which side of the uniform chance each card lies (70 % where the coach gives 45 % or more, 30 %
where it gives more than the uniform chance, else 5 %). For each, the mean score (0 to 100, with its
standard error) and the share of puzzles it would be graded right at each tolerance: how close a
learner is to the coach, and what :data:`~tutor.drills.kinds.read.TOLERANCE` asks. Hard puzzles are
scored as the drill scores them, on the expected score (:func:`~tutor.drills.kinds.read.expected_score`).

``--fit`` instead plays games of other seeds and prints, for each level, the share of the drawn
chances' distance from the uniform chance that real holdings bear out (the least-squares fit, with
its standard error over positions): :data:`tutor.play.holding.TEMPER`.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.cards import DECK, mask_of
from tutor.engine.rules import load_ruleset
from tutor.play import Bot, new_hand
from tutor.play.analysis import stderr_of
from tutor.play.holding import HOLDING_DRAWS, brier, holding

RULES = load_ruleset("classic")
LEVELS = ("beginner", "intermediate", "strong", "expert")
BINS = 10
JUDGED = 200
"""The fewest cards in a bin for its gap to be judged."""
WITHIN = 0.05
"""The largest gap between a bin's mean chance and how often its cards were held."""


def hand_rows(job: tuple[str, int, int, int, bool]) -> list[dict[str, Any]]:
    """One hand of the strong player against ``level``: at up to ``per_hand`` of seat 0's draws and
    discards, each unseen card's chance and whether the opponent held it, and both Brier scores."""
    level, seed, per_hand, draws, tempered = job
    hand = new_hand(RULES, seed, dealer=seed % 2)
    bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
    views = []
    while hand.to_move is not None:
        view = hand.view(hand.to_move)
        if hand.to_move == 0 and view["phase"] in ("draw", "discard") and view["opponent_discards"]:
            views.append((view, mask_of(hand.cards[1])))
        hand = hand.apply(bots[hand.to_move].move(view))
    step = max(1, len(views) // per_hand)
    rows = []
    for view, real in views[::step][:per_hand]:
        found = holding(view, level, draws, tempered)
        held = real & ~found.known
        cards = [(found.chances[c.index], bool(held >> c.index & 1)) for c in DECK if found.unseen >> c.index & 1]
        guess = {c.index: found.chances[c.index] for c in DECK if found.unseen >> c.index & 1}
        rows.append({"cards": cards, "uniform_chance": found.uniform, "brier": brier(guess, held, found.unseen),
                     "uniform": brier(dict.fromkeys(guess, found.uniform), held, found.unseen)})
    return rows


def positions_of(level: str, count: int, per_hand: int, draws: int, workers: int,
                 fit: bool = False) -> list[dict[str, Any]]:
    """At least ``count`` positions against ``level`` (whole hands, seeds from the level's own range;
    ``fit``: from another range, with the chances as drawn)."""
    start = (90_000 if fit else 40_000) + 10_000 * LEVELS.index(level)
    found: list[dict[str, Any]] = []
    seed = start
    with ProcessPoolExecutor(workers) as pool:
        while len(found) < count:
            hands = max(1, (count - len(found)) // max(1, per_hand - 1))
            jobs = [(level, s, per_hand, draws, not fit) for s in range(seed, seed + hands)]
            seed += hands
            for rows in pool.map(hand_rows, jobs, chunksize=4):
                found.extend(rows)
    return found


def reliability(rows: list[dict[str, Any]]) -> list[tuple[int, float, float, float]]:
    """For each bin of chance: how many cards, their mean chance, how often they were held, and
    the standard error of that frequency."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for row in rows:
        for chance, held in row["cards"]:
            bins[min(BINS - 1, int(chance * BINS))].append((chance, held))
    out = []
    for cards in bins:
        if not cards:
            out.append((0, math.nan, math.nan, math.nan))
            continue
        mean = math.fsum(c for c, _ in cards) / len(cards)
        often = sum(h for _, h in cards) / len(cards)
        out.append((len(cards), mean, often, math.sqrt(often * (1 - often) / len(cards))))
    return out


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (:func:`tutor.play.analysis.stderr_of`)."""
    return statistics.fmean(values), stderr_of(values)


def report(level: str, rows: list[dict[str, Any]], seconds: float) -> None:
    """The level's reliability table, its chart and the Brier scores."""
    print(f"\n### Against the {level} ({len(rows)} positions, {seconds:.0f} s)\n")
    print("| chance | cards | mean chance | held | gap (± s.e.) | within 5 points |")
    print("| --- | --- | --- | --- | --- | --- |")
    chart = []
    for number, (count, mean, often, se) in enumerate(reliability(rows)):
        low, high = number * 100 // BINS, (number + 1) * 100 // BINS
        if not count:
            print(f"| {low}-{high} % | 0 | | | | |")
            continue
        gap = often - mean
        judged = ("ok" if abs(gap) <= WITHIN else "NO") if count >= JUDGED else "(too few)"
        print(f"| {low}-{high} % | {count} | {100 * mean:.1f} % | {100 * often:.1f} % | "
              f"{100 * gap:+.1f} (± {100 * se:.1f}) | {judged} |")
        chart.append(f"{low:>3}-{high:<3}% chance {'#' * round(40 * mean):<40}|\n"
                     f"{'':>8} held   {'=' * round(40 * often):<40}|")
    print("\n```\n" + "\n".join(chart) + "\n```\n")
    coach, coach_se = mean_se([r["brier"] for r in rows])
    uniform, uniform_se = mean_se([r["uniform"] for r in rows])
    gain, gain_se = mean_se([r["uniform"] - r["brier"] for r in rows])
    print(f"Brier score (lower is better): the map {coach:.4f} (± {coach_se:.4f}), a uniform guess "
          f"{uniform:.4f} (± {uniform_se:.4f}); the map better by {gain:.4f} (± {gain_se:.4f}).")


def temper(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """The least-squares share of the drawn chances' distance from the uniform chance that the real
    holdings bear out, and its standard error (by the positions' own fits' spread)."""
    def fitted(part: list[dict[str, Any]]) -> float:
        top = math.fsum((held - r["uniform_chance"]) * (chance - r["uniform_chance"])
                        for r in part for chance, held in r["cards"])
        bottom = math.fsum((chance - r["uniform_chance"]) ** 2 for r in part for chance, _ in r["cards"])
        return top / bottom
    groups = [rows[k::20] for k in range(20)]
    spread = statistics.stdev(fitted(g) for g in groups) / math.sqrt(len(groups))
    return fitted(rows), spread


DRILL_LEVELS = ("easy", "medium", "hard")
TOLERANCES = (0, 2, 3, 4, 6, 8)
READERS = ("coach", "uniform", "tips", "sure", "careful")


def tips_reader(table: Any, card: Any, uniform: int) -> int:
    """Source 001's tips as a reader applies them to one card (see the module's docstring)."""
    from tutor.engine.cards import cards_of_mask
    from tutor.engine.melds import could_meld
    if any(could_meld(card, c) for c in cards_of_mask(table.opponent_known)):
        return 70
    if any(could_meld(card, c) for c in (*table.opponent_discards, *table.opponent_declined)):
        return 5
    if sum(c.suit == card.suit for c in table.opponent_discards) >= 2:
        return 15
    return uniform


def drill_row(job: tuple[str, int]) -> dict[str, float]:
    """One read-the-opponent puzzle: each reader's score on it against the real hand."""
    from tutor.drills import generate
    from tutor.drills.kinds.read import coach_chances, coach_reading, expected_score, nearest_choice, score
    from tutor.play.bots.reading import read_view
    from tutor.play.positions import decode_view
    level, seed = job
    puzzle = generate("read", seed, level, RULES)
    table = read_view(decode_view(puzzle.position))
    held = frozenset(puzzle.held)
    chances = coach_chances(puzzle)
    even = table.opponent_hidden / table.unseen.bit_count()
    uniform = nearest_choice(even)
    likeliest = sorted(chances, key=lambda c: (-chances[c], c.index))[:2]
    readers = {
        "coach": coach_reading(chances),
        "uniform": {c: uniform for c in puzzle.cards},
        "tips": {c: tips_reader(table, c, uniform) for c in puzzle.cards},
        "sure": {c: 90 if c in likeliest else 5 for c in puzzle.cards},
        "careful": {c: 70 if chances[c] >= 0.45 else 30 if chances[c] > even else 5 for c in puzzle.cards},
    }
    if level == "hard":
        return {name: expected_score(reading, chances) for name, reading in readers.items()}
    return {name: score(reading, held) for name, reading in readers.items()}


def drill_report(level: str, rows: list[dict[str, float]]) -> None:
    """Each reader's mean score, and the share of puzzles graded right at each tolerance."""
    print(f"\n### {level.capitalize()} puzzles ({len(rows)})\n")
    print("| reader | mean score (± s.e.) | behind the coach (± s.e.) | "
          + " | ".join(f"right at {t}" for t in TOLERANCES) + " |")
    print("| --- | --- | --- | " + " | ".join("---" for _ in TOLERANCES) + " |")
    for name in READERS:
        mean, se = mean_se([r[name] for r in rows])
        behind, behind_se = mean_se([r[name] - r["coach"] for r in rows])
        shares = [sum(r[name] <= r["coach"] + t for r in rows) / len(rows) for t in TOLERANCES]
        print(f"| {name} | {mean:.1f} (± {se:.1f}) | {behind:+.1f} (± {behind_se:.1f}) | "
              + " | ".join(f"{100 * s:.0f} %" for s in shares) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000, help="positions per level (default 2000)")
    parser.add_argument("--per-hand", type=int, default=4, help="positions taken from one hand at most")
    parser.add_argument("--draws", type=int, default=HOLDING_DRAWS, help="opponent hands drawn for one map")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fit", action="store_true", help="fit each level's TEMPER on games of other seeds")
    parser.add_argument("--drill", action="store_true", help="score readers on read-the-opponent puzzles")
    parser.add_argument("--puzzles", type=int, default=300, help="puzzles of each level with --drill")
    args = parser.parse_args()
    if args.drill:
        print("Read-the-opponent puzzles, classic rules: each reader's score (0 to 100, lower is better) against "
              "the real hands (hard: the expected score, as the drill grades it), and the share graded right at "
              "each tolerance above the coach's score.")
        with ProcessPoolExecutor(args.workers) as pool:
            for level in DRILL_LEVELS:
                report_rows = list(pool.map(drill_row, [(level, 60_000 + n) for n in range(args.puzzles)],
                                            chunksize=8))
                drill_report(level, report_rows)
        return 0
    if args.fit:
        print("| level | positions | share kept (± s.e.) |")
        print("| --- | --- | --- |")
        for level in args.levels:
            share, error = temper(positions_of(level, args.positions, args.per_hand, args.draws, args.workers, True))
            print(f"| {level} | {args.positions} | {share:.3f} (± {error:.3f}) |", flush=True)
        return 0
    print(f"The coach's map of the opponent's hand against its real hand: classic rules, the strong player "
          f"against each level, {args.draws} drawn hands a map.")
    for level in args.levels:
        began = time.perf_counter()
        rows = positions_of(level, args.positions, args.per_hand, args.draws, args.workers)
        report(level, rows, time.perf_counter() - began)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
