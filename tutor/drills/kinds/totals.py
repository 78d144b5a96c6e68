"""Game totals drill: a score sheet that ends a game; the final totals with every bonus.

Levels: easy, no void hand and no shutout; medium, a void hand and no shutout; hard, a shutout.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.answers import read_number
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict
from tutor.drills.properties import TotalsProperties, totals_properties
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import PLAYERS, GameTotals, Player, game_totals

NAME = "totals"
TITLE = N_("Game totals")
MAX_TRIES = 400
MAX_HANDS = 12
"""The longest score sheet a puzzle shows."""
MISTAKES = {
    "no_bonuses": N_("leaving out every bonus"),
    "forgot_hands_won": N_("forgetting the bonus per hand won"),
    "forgot_game": N_("forgetting the game bonus"),
    "forgot_shutout_double": N_("forgetting the doubled shutout"),
    "forgot_shutout": N_("forgetting the shutout bonus"),
    "wrong_total": N_("a wrong sum"),
}
_FORGOTTEN = {
    "no_bonuses": N_("You added the hand points only: the bonuses come on top at the end."),
    "forgot_hands_won": N_("You left out the bonus for each hand won (each player gets it for the hands they "
                           "won: gin-tutor's interpretation)."),
    "forgot_game": N_("You left out the game bonus of the winner."),
    "forgot_shutout_double": N_("The loser won no hand: the winner's hand points are doubled."),
    "forgot_shutout": N_("The loser won no hand: the winner gets the shutout bonus."),
}


# --- Making a puzzle ---------------------------------------------------------------------------

def _hand_points(rng: random.Random, rules: Ruleset) -> int:
    """The points of one hand on a game to 100: mostly knocks, then gins, then undercuts."""
    kind = rng.random()
    if kind < 0.6:
        return rng.randint(2, 30)                       # a knock
    if kind < 0.85:
        return rules.gin_bonus + rng.randint(0, 40)     # a gin
    return rules.undercut_bonus + rng.randint(1, 10)    # an undercut


def _sheet(rng: random.Random, rules: Ruleset, level: str) -> tuple[str, ...]:
    points = {"A": 0, "B": 0}
    sheet: list[str] = []
    winner_bias = rng.choice("AB")
    scale = rules.target / 100
    while len(sheet) < MAX_HANDS:
        if level != "easy" and rng.random() < (0.25 if level == "medium" else 0.1):
            sheet.append("void")
            continue
        if level == "hard":
            player = winner_bias
        else:
            player = winner_bias if rng.random() < 0.6 else ("B" if winner_bias == "A" else "A")
        value = max(1, round(_hand_points(rng, rules) * scale))
        points[player] += value
        sheet.append(f"{player}:{value}")
        if rules.game_over(points[player]):
            break
    return tuple(sheet)


def _at_level(props: TotalsProperties, level: str) -> bool:
    if not props["finished"] or props["hands"] < 2:
        return False
    if level == "easy":
        return props["voids"] == 0 and not props["shutout"]
    if level == "medium":
        return props["voids"] >= 1 and not props["shutout"]
    return bool(props["shutout"])


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    for _ in range(MAX_TRIES):
        sheet = _sheet(rng, rules, level)
        props = totals_properties(sheet, rules)
        if _at_level(props, level):
            return {"results": sheet, "properties": props}
    return None


SCENARIOS_OFFERED = ("shutout",)
"""``shutout``: the loser won no hand (lesson 9)."""


def make_scenario(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    return make(rng, "hard", rules)


# --- Grading -----------------------------------------------------------------------------------

def totals_of(puzzle: Puzzle) -> GameTotals:
    return game_totals(puzzle.results, puzzle.rules)


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """``{"A": int, "B": int}``, the final totals with every bonus."""
    if not isinstance(answer, dict):
        raise AnswerError("the totals need a number for A and for B", what="totals")
    given: dict[Player, int] = {p: read_number(answer.get(p), "totals") for p in PLAYERS}
    totals = totals_of(puzzle)
    expected = dict(totals.totals)
    if given == totals.totals:
        return Verdict(True, totals, expected=expected)
    by_kind: dict[str, dict[Player, int]] = {}
    for bonus in totals.bonuses:
        by_kind.setdefault(bonus.kind, {"A": 0, "B": 0})[bonus.player] += bonus.points
    variants: list[tuple[str, dict[Player, int]]] = [("no_bonuses", dict(totals.points))]
    for kind in ("hands_won", "game", "shutout_double", "shutout"):
        if kind in by_kind:
            variants.append((f"forgot_{kind}", {p: totals.totals[p] - by_kind[kind][p] for p in PLAYERS}))
    for mistake, values in variants:  # the mistake made for one player or for both, the other right
        if (all(given[p] in (values[p], expected[p]) for p in PLAYERS)
                and any(given[p] == values[p] != expected[p] for p in PLAYERS)):
            return Verdict(False, totals, mistake, (Remark(_FORGOTTEN[mistake]),), expected)
    wrong = next(p for p in PLAYERS if given[p] != totals.totals[p])
    remark = Remark(N_("Player {player}'s total is {total}."), {"player": wrong, "total": totals.totals[wrong]})
    return Verdict(False, totals, "wrong_total", (remark,), expected)


def model_answer(puzzle: Puzzle) -> dict[Player, int]:
    return dict(totals_of(puzzle).totals)


def hints(puzzle: Puzzle) -> list[Remark]:
    totals = totals_of(puzzle)
    return [Remark(N_("Add up each player's hand points: void hands count for nobody.")),
            Remark.counting(NP_("Each hand won is worth a bonus of {n} point at the end.",
                                "Each hand won is worth a bonus of {n} points at the end."), totals.rules.hand_bonus),
            Remark(N_("The loser won no hand: think of the shutout.") if totals.shutout
                   else N_("Both players won hands: there is no shutout."))]
