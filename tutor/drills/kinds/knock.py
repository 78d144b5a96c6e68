"""Knock-or-wait drill: a position where the learner may knock, and the question source 001 asks
about every such moment: knock now, or play on? The coach's analysis answers it (the puzzle says
so, and names the level it measures against, before it is answered): knock when its move is a
knock, else wait (throwing the card it throws), and a wrong answer is told what it gives up in
expected points. Source 001's two rules of thumb (001:31-32) are shown with every verdict, right or
wrong, from the first try on, saying whether they agree here:

- "no cierres con más de 5 puntos sueltos antes del décimo turno": before turn 10, knock only
  with 5 or less;
- "cerrar con 8 o 10 puntos sueltos casi siempre es peor que esperar un turno más": with 8 to 10,
  wait, whatever the turn.

The deadwood is the least the eleven cards leave after the best discard. Every puzzle's answer is
settled beyond doubt (:func:`coach_answer`), and each level asks for either answer in fair shares
(the answer wanted is drawn first, then positions are looked for):

- easy: the rule of thumb as lesson 10 teaches it, where the coach agrees: a knock with 5 or less
  before turn 10, a wait with 8 to 10;
- medium: 4 to 8 of deadwood before turn 10, whatever the rule says;
- hard: the exceptions, where the coach departs from the rule: a knock with 6 or more before turn
  10, or with 8 to 10 (catching the opponent while its hand is still high), and a wait where the
  rule would knock (with very little deadwood gin's bonus is near, and late in the hand an
  opponent who has not knocked may be close to undercutting).

Positions come from hands the strong player plays with itself, as in the discard drill, and the
coach measures against the strong player (measured: against the beginner, who knocks whenever it
can, nearly every clear answer is a wait).
"""

from __future__ import annotations

import random
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.kinds.discard import discard_positions, position_fields
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict
from tutor.engine.melds import analyze
from tutor.engine.rules import Ruleset
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import Table, read_view
from tutor.play.coach import losses, standings
from tutor.play.evaluation import DRILL
from tutor.play.hand import View
from tutor.play.levels import LEVELS
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.positions import decode_view
from tutor.play.tips import EARLY_KNOCK_MOST, EARLY_TURNS, TIP_NUMBERS, WEAK_KNOCK, knock_or_wait, waiting_can_pay

NAME = "knock"
TITLE = N_("Knock now or wait?")
MAX_TRIES = 300
ANSWERS = ("knock", "wait")
SCENARIOS_OFFERED = ("knock", "wait")
"""A puzzle may be asked for by its answer (:func:`make_scenario`)."""
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


def _at_level(least: int, turn: int, level: str, answer: str) -> bool:
    """Whether a position with ``least`` deadwood on ``turn`` belongs to ``level`` for a puzzle whose
    answer is ``answer`` (see the module's docstring)."""
    if least == 0:
        return False  # gin: always go out
    rule = knock_or_wait(least, turn)
    if level == "easy":  # a knock where it mostly pays (with 1 to 3 from turn 6 on, gin is near: waits)
        return rule == answer and (least <= EARLY_KNOCK_MOST and turn < EARLY_TURNS
                                   and (turn < EASY_KNOCK_TURNS or least > 3) if answer == "knock"
                                   else least in WEAK_KNOCK)
    if level == "medium":
        return 4 <= least <= 8 and turn < EARLY_TURNS
    return rule != answer


EASY_KNOCK_TURNS = 6
"""From this turn on, an easy puzzle that wants a knock looks for 4 or 5 of deadwood only: with 1 to
3, the coach mostly plays on for gin there (measured against the strong player: a clear knock in 4 of
57 such positions, against 10 of 26 before turn 6 and 11 of 42 with 4 or 5 from turn 6 to 9)."""
SPARE = 3
"""How many positions of the level's other answer a puzzle's making weighs, at most, for its fallback."""
OPPONENT = "strong"
"""The level whose hands the puzzles come from, and which the coach measures against."""
ANALYSED = 12
"""How many positions a puzzle's making weighs by the analysis, at most, for the answer it wants
(about 0.1 s each); the first clear one of the level's other answer is kept meanwhile, and made the
puzzle if none is found."""

def answers_under(rules: Ruleset) -> tuple[str, ...]:
    """The answers a puzzle may want under ``rules``: both, unless the knock limit is so low that
    001's tips never advise waiting (a limit of 5 or less), where most answers are knocks."""
    return ANSWERS if waiting_can_pay(rules) else ("knock",)


def coach_answer(view: View, opponent: str = DEFAULT_OPPONENT) -> tuple[str, float, Move, bool]:
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
    return _made(rng, level, rules, want, fallback=True)


def make_scenario(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    """A puzzle whose answer is ``scenario`` (``knock`` or ``wait``: a lesson's check asks for one of
    each, so that no single answer passes it)."""
    if scenario not in answers_under(rules):
        return None
    return _made(rng, level, rules, scenario, fallback=False, most=3 * ANALYSED)


def _made(rng: random.Random, level: str, rules: Ruleset, want: str, fallback: bool,
          most: int = ANALYSED) -> dict[str, Any] | None:
    """The first position of the level whose clear answer is ``want``, of ``most`` weighed at most;
    else (``fallback``) the first clear one of the level's other answer."""
    rng.randrange(1 << 30)  # once the analysis' seed: still drawn, so that each seed deals what it did
    other: dict[str, Any] | None = None
    analysed = spare = 0
    weighed = False  # a position of this hand weighed already: one a hand (its turns are much alike)
    events = 0
    for view in discard_positions(rng, rules, OPPONENT):
        if len(view["events"]) < events:  # a new hand
            weighed = False
        events = len(view["events"])
        if weighed or not any(k == "knock" for k, _ in view["legal"]):
            continue
        table = read_view(view)
        least = _least(table)
        wanted = _at_level(least, view["turn"], level, want)
        unwanted = fallback and other is None and spare < SPARE and _at_level(least, view["turn"], level,
                                                                            _other(want))
        if table.can("big_gin") or not (wanted or unwanted):
            continue
        analysed += wanted
        spare += not wanted
        weighed = True
        answer, _, _, clear = coach_answer(view, OPPONENT)
        if clear and answer == want and wanted:
            return position_fields(view, deadwood=least, opponent=OPPONENT)
        if clear and answer != want and unwanted and _at_level(least, view["turn"], level, answer):
            other = position_fields(view, deadwood=least, opponent=OPPONENT)
        if analysed >= most:
            break
    return other


def _other(answer: str) -> str:
    return "wait" if answer == "knock" else "knock"


def _facts(puzzle: Puzzle) -> tuple[int, int]:
    table = read_view(decode_view(puzzle.position))
    return _least(table), table.turn


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """``knock`` or ``wait``."""
    given = str(answer).strip().lower()
    if given not in ANSWERS:
        raise AnswerError("answer knock or wait", what="answer")
    least, turn = _facts(puzzle)
    expected, gain, coach, _ = coach_answer(decode_view(puzzle.position), opponent_of(puzzle))
    result = analyze(puzzle.cards)
    numbers = {"points": least, "turn": turn, "gain": round(gain, 1), "card": coach[1],
               **{f"tip_{k}": v for k, v in TIP_NUMBERS.items()}}
    notes = (_tips_remark(least, turn, expected, numbers),)
    if given == expected:
        return Verdict(True, result, expected=expected, notes=notes)
    if expected == "knock":
        remark = Remark.counting(NP_("With {n} point of deadwood on turn {turn}, knock (throwing {the_card}): "
                                     "playing on gives up {gain} points of the hand on average.",
                                     "With {n} points of deadwood on turn {turn}, knock (throwing {the_card}): "
                                     "playing on gives up {gain} points of the hand on average."), least, **numbers)
        mistake = "waited_too_long"
    else:
        remark = Remark.counting(NP_("With {n} point of deadwood on turn {turn}, play on (throwing {the_card}): "
                                     "knocking gives up {gain} points of the hand on average.",
                                     "With {n} points of deadwood on turn {turn}, play on (throwing {the_card}): "
                                     "knocking gives up {gain} points of the hand on average."), least, **numbers)
        mistake = "knocked_too_soon"
    return Verdict(False, result, mistake, (remark,), expected, notes)


def _tips_remark(least: int, turn: int, expected: str, numbers: dict[str, Any]) -> Remark:
    """What 001's rules of thumb say here, and whether the analysis agrees."""
    if expected == "wait" and least <= TIP_NUMBERS["most"]:
        return Remark(N_("With this little deadwood, the tip of source 001 that speaks is the one on gin: while the "
                         "opponent draws from the stock rather than the pile, there is time to play for gin, which may "
                         "be a card or two away."), numbers)
    if knock_or_wait(least, turn) == expected:
        return Remark(N_("Source 001's rules of thumb say the same: no knock above {tip_most} before turn "
                         "{tip_turn}, and wait with {tip_low} to {tip_high}."), numbers)
    return Remark(N_("Here the analysis departs from source 001's rules of thumb (no knock above {tip_most} "
                     "before turn {tip_turn}; wait with {tip_low} to {tip_high}): they are a guide for beginners, "
                     "and this position is an exception."), numbers)


def model_answer(puzzle: Puzzle) -> str:
    return coach_answer(decode_view(puzzle.position), opponent_of(puzzle))[0]


def opponent_of(puzzle: Puzzle) -> str:
    """The level the puzzle's hand was played by, which the coach models (the strong player for an
    older puzzle that does not say)."""
    level = puzzle.properties.get("opponent", DEFAULT_OPPONENT)
    return level if isinstance(level, str) and level in LEVELS else DEFAULT_OPPONENT


def hints(puzzle: Puzzle) -> list[Remark]:
    least, turn = _facts(puzzle)
    return [
        Remark(N_("After the best discard, your deadwood would be {points}."), {"points": least}),
        Remark(N_("This is your turn {turn}."), {"turn": turn}),
        Remark(N_("Source 001: no knock above {most} before turn {turn}; with {low} to {high}, wait a turn."),
               TIP_NUMBERS),
    ]
