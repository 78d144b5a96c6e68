"""Knock-or-wait drill: a position where the learner may knock, and the question source 001 asks
about every such moment: knock now, or play on? The coach's analysis answers it (the puzzle says
so before it is answered): knock when its move is a knock, else wait (throwing the card it throws),
and a wrong answer is told what it gives up in expected points. Source 001's two rules of thumb
(001:31-32) are shown with every verdict, right or wrong, from the first try on, saying whether
they agree here:

- "no cierres con más de 5 puntos sueltos antes del décimo turno": before turn 10, knock only
  with 5 or less;
- "cerrar con 8 o 10 puntos sueltos casi siempre es peor que esperar un turno más": with 8 to 10,
  wait, whatever the turn.

The deadwood is the least the eleven cards leave after the best discard. Levels: easy, 3 or less
or 9 or more; medium, 4 to 8 before turn 10; hard, 5 to 8 from turn 8 on, where the tenth turn
decides. Positions come from hands the strong player plays with itself, as in the discard drill;
about as many puzzles answer "knock" as "wait" where both come up.
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
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import Table, read_view
from tutor.play.coach import losses, standings
from tutor.play.evaluation import DRILL
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT, OPPONENTS
from tutor.play.positions import decode_view
from tutor.play.tips import EARLY_TURNS, TIP_NUMBERS, knock_or_wait, waiting_can_pay

NAME = "knock"
TITLE = N_("Knock now or wait?")
MAX_TRIES = 300
ANSWERS = ("knock", "wait")
SCENARIOS_OFFERED: tuple[str, ...] = ()
"""This kind offers no named situation."""
make_scenario = no_scenarios
MISTAKES = {
    "knocked_too_soon": N_("knocking where playing on was worth more"),
    "waited_too_long": N_("playing on where a knock was worth more"),
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


ANALYSED = 3
"""How many positions a puzzle's making weighs by the analysis for the answer it wants before it
takes the next position at the level whose answer is clear, whatever it is (at most twice as many
positions in all, then the first clear one)."""
KNOCK_TURNS = 6
"""The last turn at which an easy puzzle that wants the answer "knock" weighs a position for it
(later, the strong player sits on low deadwood without knocking, and waiting to undercut it pays:
measured, a knock with 1 to 3 was the clear answer in none of ten easy puzzles from turn 7 on)."""


def answers_under(rules: Ruleset) -> tuple[str, ...]:
    """The answers a puzzle may want under ``rules``: both, unless the knock limit is so low that
    001's tips never advise waiting (a limit of 5 or less), where most answers are knocks."""
    return ANSWERS if waiting_can_pay(rules) else ("knock",)


def coach_answer(view: dict[str, Any], opponent: str = DEFAULT_OPPONENT) -> tuple[str, float, Move, bool]:
    """The coach's answer (``knock`` or ``wait``) against ``opponent``'s level (on the position's own
    worlds, the drill's budget: :data:`~tutor.play.evaluation.DRILL`), what the other answer gives
    up against it in expected points (the best move of that answer the coach weighed, or else its
    verdict on the knock with least deadwood, or on the strong player's plain discard), the coach's
    move, and whether the answer is clear: that loss beyond doubt (three standard errors) and over
    a point."""
    coach, gaps = standings(view, opponent, budget=DRILL)  # the moves the coach weighed
    answer = "knock" if coach[0] == "knock" else "wait"
    other = [gap for move, gap in gaps.items() if (move[0] == "knock") != (answer == "knock")]
    if not other and gaps:
        table = read_view(view)
        card = discard_order(table.hand, keep=table.taken)[0][1] if answer == "wait" else \
            Planner(STRONG).discard_scores(table)[0][1]
        move: Move = ("knock", card) if answer == "wait" else ("discard", card)
        other = [next(iter(losses(view, (move,), opponent, budget=DRILL)[1].values()))]
    if not other:
        return answer, 0.0, coach, False
    loss, err = min(other)
    return answer, max(0.0, loss), coach, loss - 3 * err > 0 and loss > 1


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    want = rng.choice(answers_under(rules))  # as many puzzles answer "knock" as "wait", where both can be
    analysed = 0
    rng.randrange(1 << 30)  # once the analysis' seed: still drawn, so that each seed deals what it did
    player = "beginner" if level == "hard" else "strong"
    fallback: dict[str, Any] | None = None
    for view in discard_positions(rng, rules, player):
        if not any(k == "knock" for k, _ in view["legal"]):
            continue
        table = read_view(view)
        least = _least(table)
        if table.can("big_gin") or not _at_level(least, view["turn"], level):
            continue
        if level == "easy" and want == "knock" and analysed < ANALYSED and view["turn"] > KNOCK_TURNS:
            continue  # a knock with little deadwood is seldom the clear answer late: look early first
        analysed += 1
        answer, _, _, clear = coach_answer(view, player)
        fields = position_fields(view, deadwood=least, opponent=player)
        if clear and (answer == want or analysed > ANALYSED):
            return fields
        if clear and fallback is None:
            fallback = fields
        if analysed >= 2 * ANALYSED and fallback is not None:
            return fallback
    return fallback


def _facts(puzzle: Puzzle) -> tuple[int, int]:
    table = read_view(decode_view(puzzle.position))
    return _least(table), table.turn


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """``knock`` or ``wait``."""
    given = str(answer).strip().lower()
    if given not in ANSWERS:
        raise AnswerError("answer knock or wait", what="answer")
    least, turn = _facts(puzzle)
    expected, gain, coach, _ = coach_answer(decode_view(puzzle.position), _opponent(puzzle))
    result = analyze(puzzle.cards)
    numbers = {"points": least, "turn": turn, "gain": round(gain, 1), "card": coach[1],
               **{f"tip_{k}": v for k, v in TIP_NUMBERS.items()}}
    notes = (_tips_remark(least, turn, expected, numbers),)
    if given == expected:
        return Verdict(True, result, expected=expected, notes=notes)
    if expected == "knock":
        remark = Remark(N_("With {points} of deadwood on turn {turn}, knock (throwing {the_card}): playing on "
                           "gives up {gain} points of the hand on average."), numbers)
        mistake = "waited_too_long"
    else:
        remark = Remark(N_("With {points} of deadwood on turn {turn}, play on (throwing {the_card}): knocking "
                           "gives up {gain} points of the hand on average."), numbers)
        mistake = "knocked_too_soon"
    return Verdict(False, result, mistake, (remark,), expected, notes)


def _tips_remark(least: int, turn: int, expected: str, numbers: dict[str, Any]) -> Remark:
    """What 001's rules of thumb say here, and whether the analysis agrees."""
    if knock_or_wait(least, turn) == expected:
        return Remark(N_("Source 001's rules of thumb say the same: no knock above {tip_most} before turn "
                         "{tip_turn}, and wait with {tip_low} to {tip_high}."), numbers)
    return Remark(N_("Here the analysis departs from source 001's rules of thumb (no knock above {tip_most} "
                     "before turn {tip_turn}; wait with {tip_low} to {tip_high}): they are a guide for beginners, "
                     "and this position is an exception."), numbers)


def model_answer(puzzle: Puzzle) -> str:
    return coach_answer(decode_view(puzzle.position), _opponent(puzzle))[0]


def _opponent(puzzle: Puzzle) -> str:
    """The level the puzzle's hand was played by, which the coach models (the strong player for an
    older puzzle that does not say)."""
    level = puzzle.properties.get("opponent", DEFAULT_OPPONENT)
    return level if isinstance(level, str) and level in OPPONENTS else DEFAULT_OPPONENT


def hints(puzzle: Puzzle) -> list[Remark]:
    least, turn = _facts(puzzle)
    return [
        Remark(N_("After the best discard, your deadwood would be {points}."), {"points": least}),
        Remark(N_("This is your turn {turn}."), {"turn": turn}),
        Remark(N_("Source 001: no knock above {most} before turn {turn}; with {low} to {high}, wait a turn."),
               TIP_NUMBERS),
    ]
