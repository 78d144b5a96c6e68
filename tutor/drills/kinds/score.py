"""Hand score drill: who scores, and how many points, when a knocker lays down against a defender.

Levels: easy, a plain knock or a gin, nothing laid off, no undercut; medium, one or more layoffs
(no chain) or an undercut, the knocker's choice of arrangement moot; hard, a chain of layoffs, a
tie, a big gin, or a knocker's choice that matters.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.answers import read_number
from tutor.drills.hands import defender_hand, knocker_hand, melds_of_sizes
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict, Word
from tutor.drills.properties import ScoreProperties, score_properties
from tutor.engine.cards import DECK, HAND_SIZE, SUITS, Card, card
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import HandScore, hand_outcome, may_knock, outcome_points, score_hand

NAME = "score"
TITLE = N_("Hand score")
MAX_TRIES = 400
MISTAKES = {
    "forgot_layoffs": N_("forgetting the layoffs"),
    "laid_off_onto_gin": N_("laying off onto a gin where the rules forbid it"),
    "tie_rule": N_("the rule for a tie"),
    "forgot_bonus": N_("forgetting the gin or undercut bonus"),
    "gin_without_deadwood": N_("gin without the defender's deadwood"),
    "undercut_thought": N_("seeing an undercut where there is none"),
    "missed_undercut": N_("missing an undercut"),
    "wrong_winner": N_("the wrong winner"),
    "wrong_points": N_("the wrong number of points"),
}

SCENARIOS: dict[str, Callable[[Ruleset], list[str]]] = {
    "easy": lambda rules: ["knock", "gin"],
    "medium": lambda rules: ["layoff", "undercut"] + (["gin_layoff"] if rules.layoffs_onto_gin else []),
    "hard": lambda rules: ["chain", "tie", "choice"] + (["big_gin"] if rules.big_gin_allowed else []),
}
"""The situations a puzzle of each level is drawn from, under a ruleset."""


# --- Making a puzzle ---------------------------------------------------------------------------

def _choice_hands(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A knocker whose shared card can end a run of four or make a set of four, and a defender
    holding the card that would extend the longer run."""
    rank = rng.randint(4, 12)
    suit = rng.choice(SUITS)
    run = [card(r, suit) for r in range(rank - 3, rank + 1)]
    same_rank = [card(rank, s) for s in SUITS if s != suit]
    base = run + same_rank
    extra = melds_of_sizes(rng, (3,), set(base) | {card(rank + 1, suit)})[0][:3] if rng.random() < 0.5 else []
    knocker = base + extra
    low = [c for c in DECK if c.rank <= 3 and c not in knocker and c != card(rank + 1, suit)]
    knocker += rng.sample(low, HAND_SIZE - len(knocker))
    others = [c for c in DECK if c not in knocker and c != card(rank + 1, suit)]
    return knocker, [card(rank + 1, suit)] + rng.sample(others, HAND_SIZE - 1)


def _hands(rng: random.Random, scenario: str) -> tuple[list[Card], list[Card]]:
    if scenario == "knock":
        knocker = knocker_hand(rng, rng.choice((1, 2, 3)))
        return knocker, defender_hand(rng, knocker, melded=rng.choice((0, 3)))
    if scenario == "gin":
        knocker = knocker_hand(rng, 0)
        return knocker, defender_hand(rng, knocker, melded=rng.choice((0, 3)))
    if scenario == "layoff":
        knocker = knocker_hand(rng, rng.choice((1, 2, 3)))
        return knocker, defender_hand(rng, knocker, lay=rng.choice((1, 2)), melded=rng.choice((0, 3)))
    if scenario == "gin_layoff":
        knocker = knocker_hand(rng, 0)
        return knocker, defender_hand(rng, knocker, lay=rng.choice((1, 2)))
    if scenario == "undercut":
        knocker = knocker_hand(rng, 3)
        return knocker, defender_hand(rng, knocker, melded=rng.choice((6, 7)), deadwood_target=2)
    if scenario == "chain":
        knocker = knocker_hand(rng, rng.choice((1, 2, 3)))
        return knocker, defender_hand(rng, knocker, chain=True, melded=rng.choice((0, 3)))
    if scenario == "tie":
        knocker = knocker_hand(rng, rng.choice((2, 3)))
        return knocker, defender_hand(rng, knocker, melded=rng.choice((6, 7)), deadwood_target=4)
    if scenario == "choice":
        return _choice_hands(rng)
    knocker = knocker_hand(rng, 0, big_gin=True)
    return knocker, defender_hand(rng, knocker, melded=rng.choice((0, 3)))


def _at_level(props: ScoreProperties, level: str, scenario: str) -> bool:
    hard = props["chained"] or props["tie"] or props["choice_mattered"] or props["outcome"] == "big_gin"
    if level == "easy":
        return (props["layoffs"] == 0 and props["outcome"] in ("knock", "gin") and not hard
                and props["outcome"] == scenario)
    if level == "medium":
        wanted = {"layoff": props["layoffs"] >= 1 and props["outcome"] == "knock",
                  "gin_layoff": props["layoffs"] >= 1 and props["outcome"] == "gin",
                  "undercut": props["outcome"] == "undercut"}[scenario]
        return wanted and not hard
    return {"chain": props["chained"], "tie": props["tie"], "choice": props["choice_mattered"],
            "big_gin": props["outcome"] == "big_gin"}[scenario]


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    scenario = rng.choice(SCENARIOS[level](rules))
    for _ in range(MAX_TRIES):
        knocker, defender = _hands(rng, scenario)
        if len(set(knocker) | set(defender)) != len(knocker) + len(defender) or not may_knock(knocker, rules):
            continue
        props = score_properties(score_hand(knocker, defender, rules))
        if _at_level(props, level, scenario):
            props["scenario"] = scenario
            return {"knocker": tuple(sorted(knocker, key=lambda c: c.index)),
                    "defender": tuple(sorted(defender, key=lambda c: c.index)), "properties": props}
    return None


SCENARIOS_OFFERED = ("undercut", "tie", "big_gin")
"""Situations a lesson can ask for: an undercut (deadwood strictly lower), a tie, a big gin (a gin
under rulesets without big gin)."""


def make_scenario(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    wanted = "gin" if scenario == "big_gin" and not rules.big_gin_allowed else scenario
    for _ in range(MAX_TRIES):
        knocker, defender = _hands(rng, wanted)
        if len(set(knocker) | set(defender)) != len(knocker) + len(defender) or not may_knock(knocker, rules):
            continue
        props = score_properties(score_hand(knocker, defender, rules))
        found = {"undercut": props["outcome"] == "undercut" and not props["tie"], "tie": props["tie"],
                 "big_gin": props["outcome"] == "big_gin", "gin": props["outcome"] == "gin"}[wanted]
        if found:
            props["scenario"] = wanted
            return {"knocker": tuple(sorted(knocker, key=lambda c: c.index)),
                    "defender": tuple(sorted(defender, key=lambda c: c.index)), "properties": props}
    return None


# --- Grading -----------------------------------------------------------------------------------

def score_of(puzzle: Puzzle) -> HandScore:
    """The engine's score of a score or layoffs puzzle."""
    return score_hand(puzzle.knocker, puzzle.defender, puzzle.rules)


def alternatives(score: HandScore) -> list[tuple[str, str, int]]:
    """Typical wrong results, (mistake, winner, points), each scored by the engine as the learner
    would have: with the wrong deadwood, the wrong outcome, or a ruleset misremembered."""
    rules = score.rules
    k, d, before = score.knocker_deadwood, score.defender_deadwood, score.defender_deadwood_before_layoffs
    big = score.outcome == "big_gin"
    out: list[tuple[str, str, int]] = []
    if score.layoffs:
        forgot = hand_outcome(k, before, big, rules)
        out.append(("forgot_layoffs", forgot.winner, forgot.points))
    if not score.layoffs_allowed:
        laid = score_hand(score.knocker_cards, score.defender_cards,
                          replace(rules, layoffs_onto_gin=True, layoffs_onto_big_gin=True))
        if laid.defender_deadwood != d:
            out.append(("laid_off_onto_gin", laid.winner, laid.points))
    if score.outcome in ("knock", "undercut") and k == d:
        flipped = hand_outcome(k, d, big, replace(rules, undercut_on_tie=not rules.undercut_on_tie))
        out.append(("tie_rule", flipped.winner, flipped.points))
    if score.bonus:
        no_bonus = hand_outcome(k, d, big, replace(rules, gin_bonus=0, big_gin_bonus=0, undercut_bonus=0))
        out.append(("forgot_bonus", no_bonus.winner, no_bonus.points))
    if score.outcome in ("gin", "big_gin"):
        bare = outcome_points(score.outcome, k, 0, rules)
        out.append(("gin_without_deadwood", bare.winner, bare.points))
    if score.outcome == "knock":
        thought = outcome_points("undercut", k, d, rules)
        out.append(("undercut_thought", thought.winner, thought.points))
    if score.outcome == "undercut":
        missed = outcome_points("knock", k, d, rules)
        out.append(("missed_undercut", missed.winner, missed.points))
    return out


def mistake_remark(mistake: str, score: HandScore) -> Remark:
    """The sentence that explains one of the typical wrong results."""
    k, d = score.knocker_deadwood, score.defender_deadwood
    if mistake == "forgot_layoffs":
        return Remark(N_("You counted the defender's deadwood before their layoffs ({before}); "
                         "after laying off it is {after}."),
                      {"before": score.defender_deadwood_before_layoffs, "after": d})
    if mistake == "laid_off_onto_gin":
        return Remark(N_("Under these rules nothing may be laid off onto this hand."))
    if mistake == "tie_rule":
        return Remark.counting(NP_("Both players have {n} point of deadwood: check how these rules treat a tie.",
                                   "Both players have {n} points of deadwood: check how these rules treat a tie."), k)
    if mistake == "forgot_bonus":
        return Remark(N_("You left out the bonus of {bonus}."), {"bonus": score.bonus})
    if mistake == "gin_without_deadwood":
        return Remark(N_("Gin also scores the defender's deadwood ({dw})."), {"dw": d})
    if mistake == "undercut_thought":
        return Remark(N_("The defender's deadwood ({d}) is higher than the knocker's ({k}): no undercut."),
                      {"d": d, "k": k})
    return Remark(N_("After laying off, the defender has {d} against the knocker's {k}: an undercut."),
                  {"d": d, "k": k})


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """``{"winner": "knocker"|"defender", "points": int}``."""
    if not isinstance(answer, dict) or answer.get("winner") not in ("knocker", "defender"):
        raise AnswerError("the answer needs a winner (knocker or defender) and points", what="score")
    points = read_number(answer.get("points"), "points")
    score = score_of(puzzle)
    expected = {"winner": score.winner, "points": score.points}
    if answer["winner"] == score.winner and points == score.points:
        return Verdict(True, score, expected=expected)
    for mistake, winner, alt_points in alternatives(score):
        if (winner, alt_points) == (answer["winner"], points):
            return Verdict(False, score, mistake, (mistake_remark(mistake, score),), expected)
    if answer["winner"] != score.winner:
        remark = Remark(N_("The hand is won by {winner}."), {"winner": Word("side", score.winner)})
        return Verdict(False, score, "wrong_winner", (remark,), expected)
    remark = Remark(N_("The winner is right, but the points are {points}."), {"points": score.points})
    return Verdict(False, score, "wrong_points", (remark,), expected)


def model_answer(puzzle: Puzzle) -> dict[str, Any]:
    score = score_of(puzzle)
    return {"winner": score.winner, "points": score.points}


def knock_hints(score: HandScore, layoffs_drill: bool) -> list[Remark]:
    """The first hints of a score or layoffs puzzle: the knocker's deadwood (a score puzzle only: a
    layoffs puzzle shows it), where cards fit, how many are laid off, and one meld that takes one."""
    out = [] if layoffs_drill else [Remark(N_("Start with the knocker: their melds, and their deadwood ({dw})."),
                                           {"dw": score.knocker_deadwood})]
    if layoffs_drill or score.layoffs_allowed:
        out.append(Remark(N_("Look at both ends of each of the knocker's runs, and for the fourth card of each of "
                             "their sets of three.")))
        if score.layoffs:
            out.append(Remark.counting(NP_("In their best play the defender lays off {n} card.",
                                           "In their best play the defender lays off {n} cards."), len(score.layoffs)))
            out.append(Remark(N_("One of the defender's cards fits onto {meld}."),
                              {"meld": tuple(score.layoffs[0].meld.cards)}))
        else:
            out.append(Remark(N_("In their best play the defender lays off no card.")))
    else:
        out.append(Remark(N_("Under these rules nothing may be laid off onto this hand.")))
    return out


def hints(puzzle: Puzzle) -> list[Remark]:
    """The knocker first, then the layoffs and the comparison; an easy puzzle (nothing laid off, no
    undercut: lesson 5's check, before layoffs and undercuts are taught) only the knocker and the points."""
    score = score_of(puzzle)
    if puzzle.level == "easy":
        return [knock_hints(score, layoffs_drill=False)[0],
                Remark(N_("Then the points: the difference between the two deadwood counts, plus the bonus for a "
                          "gin."))]
    last = (N_("Then compare the two deadwoods; a tie is an undercut under these rules.")
            if score.rules.undercut_on_tie else
            N_("Then compare the two deadwoods; under these rules only a lower deadwood undercuts."))
    return knock_hints(score, layoffs_drill=False) + [Remark(last)]
