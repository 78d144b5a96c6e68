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

from tutor.base.msgids import N_
from tutor.drills.kinds.discard import discard_positions, position_fields
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict, no_scenarios
from tutor.engine.melds import analyze
from tutor.engine.rules import Ruleset
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.reading import Table, read_view
from tutor.play.positions import decode_view
from tutor.play.tips import EARLY_TURNS, TIP_NUMBERS, WEAK_KNOCK, knock_or_wait, waiting_can_pay

NAME = "knock"
TITLE = N_("Knock now or wait?")
MAX_TRIES = 300
ANSWERS = ("knock", "wait")
SCENARIOS_OFFERED: tuple[str, ...] = ()
"""This kind offers no named situation."""
make_scenario = no_scenarios
MISTAKES = {
    "knocked_early": N_("knocking above {most} before turn {turn}"),
    "knocked_weak": N_("knocking with {low} to {high}"),
    "waited_low": N_("waiting with a knock worth taking"),
}
"""Each mistake's name; the numbers are 001's (:data:`~tutor.play.tips.TIP_NUMBERS`)."""


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


def answers_under(rules: Ruleset) -> tuple[str, ...]:
    """The answers 001's tips can give under ``rules``: both, unless the knock limit is so low that
    every knock the rules allow is one the tips take (a limit of 5 or less: never wait)."""
    return ANSWERS if waiting_can_pay(rules) else ("knock",)


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    want = rng.choice(answers_under(rules))  # as many puzzles answer "knock" as "wait", where both can be
    for view in discard_positions(rng, rules, "beginner" if level == "hard" else "strong"):
        if not any(k == "knock" for k, _ in view["legal"]):
            continue
        table = read_view(view)
        least = _least(table)
        if (not table.can("big_gin") and _at_level(least, view["turn"], level)
                and knock_or_wait(least, view["turn"]) == want):
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
    expected = knock_or_wait(least, turn)
    result = analyze(puzzle.cards)
    if given == expected:
        return Verdict(True, result, expected=expected)
    numbers = {"points": least, "turn": turn, **{f"tip_{k}": v for k, v in TIP_NUMBERS.items()}}
    if expected == "knock":
        remark = Remark(N_("With {points} of deadwood on turn {turn}, knock: source 001 only advises waiting "
                           "with more than {tip_most} before turn {tip_turn}, or with {tip_low} to {tip_high}."),
                        numbers)
        return Verdict(False, result, "waited_low", (remark,), expected)
    if least in WEAK_KNOCK:
        remark = Remark(N_("With {points} of deadwood, wait: source 001 says a knock with {tip_low} to {tip_high} is "
                           "nearly always worse than waiting a turn to get down to 3 or 4."), numbers)
        return Verdict(False, result, "knocked_weak", (remark,), expected)
    remark = Remark(N_("With {points} of deadwood on turn {turn}, wait: source 001 advises no knock above "
                       "{tip_most} before turn {tip_turn}."), numbers)
    return Verdict(False, result, "knocked_early", (remark,), expected)


def model_answer(puzzle: Puzzle) -> str:
    return knock_or_wait(*_facts(puzzle))


def hints(puzzle: Puzzle) -> list[Remark]:
    least, turn = _facts(puzzle)
    return [
        Remark(N_("After the best discard, your deadwood would be {points}."), {"points": least}),
        Remark(N_("This is your turn {turn}."), {"turn": turn}),
        Remark(N_("Source 001: no knock above {most} before turn {turn}; with {low} to {high}, wait a turn."),
               TIP_NUMBERS),
    ]
