"""Every rule option away from its shipped value: named scenarios with the hands drawn in the
comments and the expected results written out (OpenSpiel's tests override options the same way).
Each scenario is scored under the classic ruleset, then with one option changed."""

from dataclasses import replace

import pytest

from tutor.drills import Puzzle, check
from tutor.engine import load_ruleset, score_hand
from tutor.engine.errors import DeadwoodOverLimitError, NoBigGinError
from tutor.engine.scoring import game_totals
from tutor.language.explain import score_steps
from tutor.language.i18n import Translator

CLASSIC = load_ruleset("classic")
EN = Translator("en")

# GIN      knocker A♠ 2♠ 3♠ 4♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣               deadwood 0
#          defender 5♠ 7♠ 10♣ 2♥ 3♣ 6♦ K♥ Q♦ 9♦ 4♥ (no meld)      deadwood 66
#          5♠ fits A♠-4♠, 7♠ the sevens, 10♣ J♣-K♣: 66 − 22 = 44 after layoffs
GIN = ("AS 2S 3S 4S 7H 7D 7C JC QC KC", "5S 7S 10C 2H 3C 6D KH QD 9D 4H")
# GIN_TIE  the same gin against 4♥ 5♥ 6♥ | 8♠ 8♦ 8♣ | 10♦ J♦ Q♦ K♦: both have 0 deadwood
GIN_TIE = ("AS 2S 3S 4S 7H 7D 7C JC QC KC", "4H 5H 6H 8S 8D 8C 10D JD QD KD")
# UNDER    knocker A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣ + 5♦ (5); defender 4♥ 5♥ 6♥ | 8♠ 8♦ 8♣ |
#          10♦ J♦ Q♦ + 3♣ (3): an undercut by 2
UNDER = ("AS 2S 3S 7H 7D 7C JC QC KC 5D", "4H 5H 6H 8S 8D 8C 10D JD QD 3C")
# TIE      the same knocker; the defender keeps 5♣ (5): equal deadwood
TIE = ("AS 2S 3S 7H 7D 7C JC QC KC 5D", "4H 5H 6H 8S 8D 8C 10D JD QD 5C")
# BREAK    knocker 5♥ 6♥ 7♥ | K♠ K♦ K♣ | A♦ 2♦ 3♦ + 2♠ (2); defender 4♠ 4♥ 4♣ 4♦ + 3♥ Q♠ J♠ 2♣ 9♠ 10♣
#          (44). Breaking the set of four to lay off 4♥, then 3♥ after it, leaves 41.
BREAK = ("5H 6H 7H KS KD KC AD 2D 3D 2S", "4S 4H 4C 4D 3H QS JS 2C 9S 10C")
# CHOICE   knocker 4♣ 5♣ 6♣ 7♣ 7♠ 7♥ 7♦ + A♥ 2♠ 3♦ (6): the 7♣ ends the run or completes the sevens.
#          Shown first: 7♠ 7♥ 7♦ + 4♣-7♣, onto which the defender's 8♣ fits (77 → 69).
#          Best for the knocker: 7♠ 7♥ 7♦ 7♣ + 4♣ 5♣ 6♣, where it fits nowhere (77).
CHOICE = ("4C 5C 6C 7C 7S 7H 7D AH 2S 3D", "8C 9S KH QH JD 10S 5D 4D 9H 2D")
# BIG      knocker A♠-4♠ | 7♥ 7♦ 7♣ | 10♣-K♣, eleven cards melded; defender 66, 5♠ fits A♠-4♠
BIG = ("AS 2S 3S 4S 7H 7D 7C JC QC KC 10C", "5S 9H 9D 2H 3C 6D KH QD 8D 4H")


@pytest.mark.parametrize("name, hands, option, shipped, changed", [
    # scenario, hands, option, (outcome, winner, points) shipped, the same with the option changed
    ("gin adds deadwood", GIN, {"gin_adds_defender_deadwood": False}, ("gin", "knocker", 91), ("gin", "knocker", 25)),
    ("layoffs onto gin", GIN, {"layoffs_onto_gin": True}, ("gin", "knocker", 91), ("gin", "knocker", 69)),
    ("gin bonus", GIN, {"gin_bonus": 20}, ("gin", "knocker", 91), ("gin", "knocker", 86)),
    ("gin undercut", GIN_TIE, {"gin_can_be_undercut": True}, ("gin", "knocker", 25), ("undercut", "defender", 25)),
    ("undercut difference", UNDER, {"undercut_adds_difference": False},
     ("undercut", "defender", 27), ("undercut", "defender", 25)),
    ("undercut bonus", UNDER, {"undercut_bonus": 10}, ("undercut", "defender", 27), ("undercut", "defender", 12)),
    ("tie", TIE, {"undercut_on_tie": False}, ("undercut", "defender", 25), ("knock", "knocker", 0)),
    ("breaking melds", BREAK, {"defender_breaks_melds": False}, ("knock", "knocker", 39), ("knock", "knocker", 42)),
    ("knocker's choice", CHOICE, {"knocker_picks_arrangement": False},
     ("knock", "knocker", 71), ("knock", "knocker", 63)),
    ("layoffs onto big gin", BIG, {"layoffs_onto_big_gin": True},
     ("big_gin", "knocker", 97), ("big_gin", "knocker", 92)),
    ("big gin bonus", BIG, {"big_gin_bonus": 40}, ("big_gin", "knocker", 97), ("big_gin", "knocker", 106)),
])
def test_each_scoring_option_changes_the_score(name, hands, option, shipped, changed):
    knocker, defender = hands
    before = score_hand(knocker, defender, CLASSIC)
    after = score_hand(knocker, defender, replace(CLASSIC, **option))
    assert (before.outcome, before.winner, before.points) == shipped, name
    assert (after.outcome, after.winner, after.points) == changed, name


def test_without_big_gin_eleven_melded_cards_are_refused():
    with pytest.raises(NoBigGinError):
        score_hand(*BIG, replace(CLASSIC, big_gin_allowed=False))


def test_a_lower_knock_limit_refuses_the_knock():
    # BREAK's knocker has 2 deadwood: it may knock under a limit of 2, not of 1.
    assert score_hand(*BREAK, replace(CLASSIC, knock_limit=2)).points == 39
    with pytest.raises(DeadwoodOverLimitError):
        score_hand(*BREAK, replace(CLASSIC, knock_limit=1))


@pytest.mark.parametrize("option, totals", [
    # A:60 A:45 under classic: A ends at hand 2 with 105 and B won nothing (a shutout).
    ({}, {"A": 105 + 50 + 100 + 105, "B": 0}),          # hands won 2×25, game, doubled
    ({"shutout_doubles_hand_points": False, "shutout_bonus": 100}, {"A": 105 + 50 + 100 + 100, "B": 0}),
    ({"hand_bonus": 20, "game_bonus": 50}, {"A": 105 + 40 + 50 + 105, "B": 0}),
])
def test_each_game_option_changes_the_totals(option, totals):
    assert game_totals("A:60 A:45", replace(CLASSIC, **option)).totals == totals


def test_a_target_that_must_be_passed():
    # A reaches exactly 100 at hand 3: the game ends under classic, not when 100 must be passed.
    assert game_totals("A:60 B:20 A:40", CLASSIC).finished
    assert not game_totals("A:60 B:20 A:40", replace(CLASSIC, target_must_be_exceeded=True)).finished


def test_the_score_its_explanation_and_the_grading_agree_on_a_changed_ruleset():
    spanish = replace(load_ruleset("spanish"), undercut_adds_difference=False)
    score = score_hand(*UNDER, spanish)
    assert (score.outcome, score.points) == ("undercut", 10)
    assert "Undercut: 10 points for the defender." in score_steps(score, EN)
    assert "(5 − 3)" not in " ".join(score_steps(score, EN))


def test_the_explanation_says_a_gin_is_never_undercut_only_when_the_rules_say_so():
    plain = " ".join(score_steps(score_hand(*GIN, CLASSIC), EN))
    assert "a gin is never undercut" in plain
    exposed = " ".join(score_steps(score_hand(*GIN, replace(CLASSIC, gin_can_be_undercut=True)), EN))
    assert "never undercut" not in exposed


def test_grading_reads_the_ruleset_of_the_puzzle():
    # UNDER under spanish: an undercut of 10 + 2 = 12. A learner who takes it for a knock names it.
    puzzle = Puzzle("score", 0, "medium", load_ruleset("spanish"),
                    knocker=tuple(score_hand(*UNDER, CLASSIC).knocker_cards),
                    defender=tuple(score_hand(*UNDER, CLASSIC).defender_cards))
    assert check(puzzle, {"winner": "defender", "points": 12}).correct
    assert check(puzzle, {"winner": "knocker", "points": 2}).mistake == "missed_undercut"
    assert check(puzzle, {"winner": "defender", "points": 2}).mistake == "forgot_bonus"
