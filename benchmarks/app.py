"""Benchmark of the app's server time: ``python benchmarks/app.py``.

For each page, through Streamlit's AppTest: the first render in a new session, and a rerun after
an interaction on that page (typing a hand, searching the glossary, changing the ruleset).
Prints milliseconds, the median of several runs. Target: every rerun under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parent.parent / "tutor" / "app" / "main.py"


def _analyzer(at: AppTest) -> None:
    at.text_input(key="analyzer_cards").input("5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D")


def _glossary(at: AppTest) -> None:
    at.text_input(key="glossary_query").input("stock")


def _hint(at: AppTest) -> None:
    ss = at.session_state
    at.button(key=f"hint_{ss['drill_kind']}-{ss['drill_level']}-{ss['rules']}-{ss['drill_seed']}").click()


def _ruleset(at: AppTest) -> None:
    key = f"rules_switch_{at.session_state['lang']}"
    at.selectbox(key=key).set_value("spanish" if at.session_state["rules"] != "spanish" else "classic")


INTERACTIONS: dict[str, Callable[[AppTest], None]] = {
    "screens/home.py": _ruleset,
    "screens/rules.py": _ruleset,
    "screens/compare.py": _ruleset,
    "screens/ruleset.py": _ruleset,
    "screens/glossary.py": _glossary,
    "screens/analyzer.py": _analyzer,
    "screens/drills.py": _hint,
}


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def measure(page: str, interact: Callable[[AppTest], None], lang: str) -> tuple[float, float]:
    """Milliseconds for the page's first render and for a rerun after an interaction."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(page)
    first = _timed(at.run)
    interact(at)
    rerun = _timed(at.run)
    if at.exception:
        raise RuntimeError(f"{page}: {at.exception[0].value}")
    return first, rerun


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default="es")
    args = parser.parse_args(argv)
    print(f"median of {args.runs} runs, language {args.lang}; target: rerun < 100 ms")
    print(f"{'page':28s} {'first render':>14s} {'rerun':>10s}")
    for page, interact in INTERACTIONS.items():
        firsts, reruns = zip(*(measure(page, interact, args.lang) for _ in range(args.runs)), strict=True)
        print(f"{page:28s} {statistics.median(firsts):11.1f} ms {statistics.median(reruns):7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
