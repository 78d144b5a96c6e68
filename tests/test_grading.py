"""Grading decisions by the expected points they give up, and the coach on the analysis."""

from __future__ import annotations

import pytest
from test_analysis import card, table

from tutor.play.coach import coach_hint, judge
from tutor.play.grading import accuracy, grade


@pytest.mark.parametrize("loss, stderr, expected", [
    (0.0, 0.0, "best"),
    (0.25, 0.0, "best"),
    (1.0, 0.0, "best"),
    (1.01, 0.0, "inaccuracy"),
    (2.49, 0.0, "inaccuracy"),
    (2.5, 0.0, "mistake"),
    (4.99, 0.0, "mistake"),
    (5.0, 0.0, "blunder"),
    (30.0, 0.0, "blunder"),
    # The benefit of the doubt: one standard error off the loss.
    (1.9, 1.0, "best"),
    (3.0, 0.6, "inaccuracy"),
    (5.5, 1.0, "mistake"),
    (-2.0, 0.5, "best"),
])
def test_a_move_is_graded_by_what_it_gives_up(loss, stderr, expected):
    assert grade(loss, stderr) == expected


def test_accuracy_is_100_for_best_moves_and_falls_with_the_losses():
    assert accuracy([]) is None
    assert accuracy([(0.0, 0.0), (0.1, 0.5)]) == pytest.approx(100.0)
    # A loss of 4 points counts e^-1 = 36.79 %: the plain mean (100 + 36.79) / 2 = 68.39, the
    # harmonic mean 2 / (1/100 + 1/36.79) = 53.79; their mean 61.09.
    assert accuracy([(0.0, 0.0), (4.0, 0.0)]) == pytest.approx(61.09, abs=0.01)
    # A loss of 1 point a decision: e^-0.25 = 77.9 %, both means alike.
    assert accuracy([(1.0, 0.0)] * 3) == pytest.approx(77.88, abs=0.01)


def test_one_blunder_pulls_a_hands_accuracy_down():
    # Sixteen best moves and one that gives up 19.7 points (its accuracy, 0.73 %, counts as 1 %): the
    # plain mean would say (1600 + 1) / 17 = 94.18; the harmonic mean 17 / (16/100 + 1/1) = 14.66; the
    # accuracy is their mean, 54.42.
    assert accuracy([(0.0, 0.0)] * 16 + [(19.7, 0.0)]) == pytest.approx(54.42, abs=0.01)


# player 0: 2H 3H 4H 5H  7S 7D 7C  9C 10C JC  KD   (throw KD: gin)
# player 1: AS 2S 3S  8D 8H 8S  6D QH QS KH; 20 cards in the stock, KC on the pile.
GIN_IN_HAND = ("classic", "2H 3H 4H 5H 7S 7D 7C 9C 10C JC KD", "AS 2S 3S 6D 8D 8H 8S QH QS KH", "KC")


def test_the_coach_goes_gin_and_grades_breaking_a_set_a_blunder():
    view = table(*GIN_IN_HAND, phase="discard").view(0)
    gin = judge(view, card("knock KD"))
    assert gin.coach == card("knock KD") and gin.grade == "best"
    broken = judge(view, card("discard 7S"))
    assert broken.coach == card("knock KD")
    # Gin wins 25 + the defender's deadwood now (its cards are hidden: the worlds deal them); throwing
    # the 7♠ leaves 2H-5H, 9C-JC and 7D 7C KD, a hand that wins far less on average.
    assert broken.loss is not None and broken.loss > 20 and broken.grade == "blunder"


def test_the_hint_values_the_coachs_move_and_what_the_next_best_gives_up():
    view = table(*GIN_IN_HAND, phase="discard").view(0)
    hint = coach_hint(view)
    assert hint.advice.move == card("knock KD") and hint.advice.reason == "gin"
    # Gin scores 25 + the deadwood of the opponent's hand in each world: more than 25 on average.
    assert hint.value is not None and hint.value.expected > 25
    assert hint.runner_up is not None and hint.runner_up_loss is not None
    assert hint.runner_up.move != card("knock KD") and hint.runner_up_loss[0] > 0
