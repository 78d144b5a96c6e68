"""Knock-or-wait drill: a position where the learner may knock, and the question source 001 asks
about every such moment: knock now, or play on? The answer follows 001's two tips (001:31-32):

- "no cierres con más de 5 puntos sueltos antes del décimo turno": before turn 10, knock only
  with 5 or less;
- "cerrar con 8 o 10 puntos sueltos casi siempre es peor que esperar un turno más": with 8 to 10,
  wait, whatever the turn.

Otherwise knock. The deadwood is the least the eleven cards leave after the best discard. Levels:
easy, 3 or less (knock) or 9 or more (wait); medium, 4 to 8 before turn 10; hard, 5 to 8 from
turn 8 on, where the tenth turn decides. Positions come from hands the strong player plays with
itself, as in the discard drill.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.drills.kinds.discard import discard_positions, position_fields
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict
from tutor.engine.melds import analyze
from tutor.engine.msgids import N_
from tutor.engine.rules import Ruleset
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.reading import Table, read_view
from tutor.play.positions import decode_view

NAME = "knock"
TITLE = N_("Knock now or wait?")
MAX_TRIES = 300
ANSWERS = ("knock", "wait")
EARLY_TURNS = 10
"""001: no knock above :data:`EARLY_MOST` before this turn."""
EARLY_MOST = 5
WEAK = range(8, 11)
"""001: knocking with this much deadwood is nearly always worse than waiting a turn."""
MISTAKES = {
    "knocked_early": N_("knocking above 5 before the tenth turn"),
    "knocked_weak": N_("knocking with 8 to 10"),
    "waited_low": N_("waiting with a knock worth taking"),
}


def advice(deadwood: int, turn: int) -> str:
    """Source 001's answer for a knock with ``deadwood`` on the player's ``turn``: ``knock`` or ``wait``."""
    if deadwood in WEAK or (deadwood > EARLY_MOST and turn < EARLY_TURNS):
        return "wait"
    return "knock"


def _least(table: Table) -> int:
    return discard_order(table.hand, keep=table.taken)[0][0]


def _at_level(least: int, turn: int, level: str) -> bool:
    if least == 0:
        return False  # gin: always go out
    if level == "easy":
        return least <= 3 or least >= 9
    if level == "medium":
        return 4 <= least <= 8 and turn < EARLY_TURNS
    return 5 <= least <= 8 and turn >= 8


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    want = rng.choice(ANSWERS)  # as many puzzles answer "knock" as "wait"
    for view in discard_positions(rng, rules, "beginner" if level == "hard" else "strong"):
        if not any(k == "knock" for k, _ in view["legal"]):
            continue
        table = read_view(view)
        least = _least(table)
        if (not table.can("big_gin") and _at_level(least, view["turn"], level)
                and advice(least, view["turn"]) == want):
            return position_fields(view, deadwood=least, advice=want)
    return None


def _facts(puzzle: Puzzle) -> tuple[int, int]:
    table = read_view(decode_view(puzzle.position))
    return _least(table), table.turn


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """``knock`` or ``wait``."""
    given = str(answer).strip().lower()
    if given not in ANSWERS:
        raise AnswerError("answer knock or wait", what="answer")
    least, turn = _facts(puzzle)
    expected = advice(least, turn)
    result = analyze(puzzle.cards)
    if given == expected:
        return Verdict(True, result, expected=expected)
    if expected == "knock":
        remark = Remark(N_("With {points} of deadwood on turn {turn}, knock: source 001 only advises waiting "
                           "with more than 5 before the tenth turn, or with 8 to 10."), {"points": least, "turn": turn})
        return Verdict(False, result, "waited_low", (remark,), expected)
    if least in WEAK:
        remark = Remark(N_("With {points} of deadwood, wait: source 001 says a knock with 8 to 10 is nearly always "
                           "worse than waiting a turn to get down to 3 or 4."), {"points": least})
        return Verdict(False, result, "knocked_weak", (remark,), expected)
    remark = Remark(N_("With {points} of deadwood on turn {turn}, wait: source 001 advises no knock above 5 "
                       "before the tenth turn."), {"points": least, "turn": turn})
    return Verdict(False, result, "knocked_early", (remark,), expected)


def model_answer(puzzle: Puzzle) -> str:
    return advice(*_facts(puzzle))


def hints(puzzle: Puzzle) -> list[Remark]:
    least, turn = _facts(puzzle)
    return [
        Remark(N_("After the best discard, your deadwood would be {points}."), {"points": least}),
        Remark(N_("This is your turn {turn}."), {"turn": turn}),
        Remark(N_("Source 001: no knock above 5 before the tenth turn; with 8 to 10, wait a turn.")),
    ]
