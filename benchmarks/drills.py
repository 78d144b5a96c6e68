"""Benchmark of the drills: ``python benchmarks/drills.py``.

For each kind and difficulty (under the classic rules): the median and the worst time to
generate a puzzle over many seeds, and the median time to grade an answer. Targets on a 2-core
machine: generating at most 50 ms median and 200 ms worst of 1,000 seeds; grading at most 5 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.drills import KINDS, LEVELS, check, generate, model_answer
from tutor.engine.rules import load_ruleset


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--kinds", nargs="*", choices=KINDS, default=list(KINDS), help="the kinds timed (all)")
    args = parser.parse_args(argv)
    rules = load_ruleset(args.rules)  # a name becomes a Ruleset once, here
    print(f"{args.seeds} seeds each, rules {args.rules}; milliseconds")
    print(f"{'kind':9s} {'level':7s} {'generate median':>16s} {'worst':>8s} {'grade median':>13s}")
    for kind in args.kinds:
        for level in LEVELS:
            made, graded = [], []
            for seed in range(args.seeds):
                start = time.perf_counter()
                puzzle = generate(kind, seed, level, rules)
                made.append((time.perf_counter() - start) * 1000)
                answer = model_answer(puzzle)
                start = time.perf_counter()
                check(puzzle, answer)
                graded.append((time.perf_counter() - start) * 1000)
            print(f"{kind:9s} {level:7s} {statistics.median(made):16.2f} {max(made):8.2f} "
                  f"{statistics.median(graded):13.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
