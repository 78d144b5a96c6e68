"""A learner's standing for a class's dashboard, from rows written out here (pure functions)."""

from __future__ import annotations

from datetime import UTC, datetime

from tutor.progress.ratings import Rating
from tutor.progress.rows import Attempt, SavedGame
from tutor.progress.standing import KindStanding, LevelStanding, kinds_to_work_on, standing, weakest_kinds

DAY = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def attempt(kind, correct, hour, mistake=None):
    return Attempt(kind, "easy", "classic", correct, 5.0, DAY.replace(hour=hour), None, mistake)


def game(level, finished, won, decisions, agreed, hour, accuracy=None):
    at = DAY.replace(hour=hour)
    return SavedGame(1, 7, level, "classic", [], finished, won, decisions, agreed, at, at, accuracy=accuracy)


def test_a_learners_standing_sums_up_what_the_store_keeps():
    attempts = [attempt("deadwood", True, 9), attempt("deadwood", False, 10, "face_values"),
                attempt("deadwood", True, 11), attempt("score", False, 12, "face_values"),
                attempt("score", False, 13, "no_layoffs")]
    games = [game("beginner", True, True, 20, 15, 14), game("beginner", True, False, 10, 5, 15),
             game("strong", False, None, 4, 4, 16)]  # unfinished: counts for when, not for the record
    ratings = {"deadwood": Rating(1620.0, 180.0)}
    one = standing(attempts, ratings, {"01-cards", "02-melds", "old-lesson"}, ["01-cards", "02-melds", "03-x"],
                   3, games)
    assert one.lessons_done == 2 and one.answered == 5 and one.right == 2 / 5 and one.reviews_due == 3
    assert one.kinds == {"deadwood": KindStanding(3, 2 / 3, Rating(1620.0, 180.0)),
                         "score": KindStanding(2, 0.0, None)}
    # Beginner: two finished games, one won; the coach graded 15 + 5 of 30 decisions best.
    assert one.levels == {"beginner": LevelStanding(2, 1, 20 / 30)}
    assert one.mistakes == [("face_values", 2), ("no_layoffs", 1)]
    assert one.last_active == DAY.replace(hour=16)


def test_a_learner_who_has_done_nothing_stands_at_nothing():
    none = standing([], {}, set(), ["01-cards"], 0, [])
    assert (none.lessons_done, none.answered, none.right, none.kinds, none.levels, none.mistakes,
            none.last_active) == (0, 0, None, {}, {}, [], None)


def test_a_classs_weakest_kinds_come_first():
    ana = standing([attempt("deadwood", True, 9), attempt("score", False, 10)], {}, set(), [], 0, [])
    ben = standing([attempt("deadwood", True, 9), attempt("deadwood", False, 10), attempt("score", True, 11),
                    attempt("melds", True, 12)], {}, set(), [], 0, [])
    # score: 1 right of 2; deadwood: 2 of 3; melds: 1 of 1.
    assert weakest_kinds([ana, ben]) == [("score", 2, 0.5), ("deadwood", 3, 2 / 3), ("melds", 1, 1.0)]
    # Named to the teacher: the two with a wrong answer, not melds (all right).
    assert kinds_to_work_on([ana, ben]) == [("score", 2, 0.5), ("deadwood", 3, 2 / 3)]
    assert kinds_to_work_on([ana, ben], most=1) == [("score", 2, 0.5)]


def test_a_kind_is_named_weakest_only_beside_another_and_only_when_someone_got_it_wrong():
    # One learner, seven deadwood puzzles all right (the review's walk): nothing to name.
    cleo = standing([attempt("deadwood", True, n) for n in range(7)], {}, set(), [], 0, [])
    assert kinds_to_work_on([cleo]) == []
    # One kind alone, even with a wrong answer: weakest of nothing.
    dani = standing([attempt("deadwood", False, 1), attempt("deadwood", True, 2)], {}, set(), [], 0, [])
    assert kinds_to_work_on([dani]) == []
    # Two kinds, both all right: nothing to work on.
    eli = standing([attempt("deadwood", True, 1), attempt("melds", True, 2)], {}, set(), [], 0, [])
    assert kinds_to_work_on([eli]) == []


def test_games_per_level_carry_the_coachs_accuracy_weighed_by_decisions():
    # Against the beginner: 90 over 10 decisions and 60 over 20 → (900 + 1200) / 30 = 70; a game with
    # no accuracy kept (saved before schema 15) counts for its games and wins, not for the accuracy.
    from tutor.progress.homework import games_accuracy
    games = [game("beginner", True, True, 10, 9, 9, accuracy=90.0),
             game("beginner", True, True, 20, 10, 10, accuracy=60.0),
             game("beginner", True, False, 5, 5, 11), game("strong", True, False, 8, 2, 12)]
    levels = standing([], {}, set(), [], 0, games).levels
    assert (levels["beginner"].played, levels["beginner"].won, levels["beginner"].accuracy) == (3, 2, 70.0)
    assert levels["strong"].accuracy is None
    assert games_accuracy([]) is None
