"""Homework read from what a learner did (pure): lessons passed, the first answer to each puzzle of
a set; the set's puzzles are the same for every learner and differ between assignments."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from tutor.progress.homework import (
    Assignment,
    HomeworkError,
    lessons_spec,
    progress,
    puzzle_seeds,
    puzzles_spec,
    read_spec,
)
from tutor.progress.rows import Attempt

SET = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def at(hour):
    return SET.replace(hour=hour)


def test_a_puzzle_set_is_the_same_for_everyone_and_its_own():
    assert puzzle_seeds(7, 3) == puzzle_seeds(7, 3) and len(set(puzzle_seeds(7, 3))) == 3
    assert not set(puzzle_seeds(7, 3)) & set(puzzle_seeds(8, 3))


def test_lessons_count_whenever_they_were_passed():
    homework = Assignment(1, 1, "lessons", lessons_spec(["02-melds", "03-deadwood", "02-melds"]), None, SET)
    assert homework.lessons == ["02-melds", "03-deadwood"]
    done = progress(homework, {"02-melds": at(7), "01-cards": at(6)}, [])
    assert (done.done, done.total, done.finished) == (1, 2, None)
    done = progress(homework, {"02-melds": at(7), "03-deadwood": at(12)}, [])
    assert (done.done, done.finished) == (2, at(12))


def test_a_puzzle_counts_at_its_first_answer_after_the_homework_was_set():
    homework = Assignment(5, 1, "puzzles", puzzles_spec("deadwood", "medium", 2, "classic"), date(2026, 12, 4), SET)
    first, second = puzzle_seeds(5, 2)
    assert [p["seed"] for p in homework.puzzles] == [first, second]
    assert homework.puzzles[0] == {"drill": "deadwood", "seed": first, "level": "medium", "rules": "classic"}
    answers = [Attempt("deadwood", "medium", "classic", True, 3.0, at(8), first),     # before it was set
               Attempt("deadwood", "medium", "classic", False, 3.0, at(10), first),   # the first that counts
               Attempt("deadwood", "medium", "classic", True, 3.0, at(11), first),
               Attempt("deadwood", "easy", "classic", True, 3.0, at(11), second),     # another level
               Attempt("score", "medium", "classic", True, 3.0, at(11), second)]      # another kind
    done = progress(homework, {}, answers)
    assert [(i.done, i.right) for i in done.items] == [(at(10), False), (None, None)]
    answers.append(Attempt("deadwood", "medium", "classic", True, 3.0, at(13), second))
    assert progress(homework, {}, answers).finished == at(13)


@pytest.mark.parametrize("kind, text", [("lessons", '{"lessons": []}'), ("puzzles", '{"kind": "deadwood"}'),
                                        ("puzzles", '{"kind": "deadwood", "level": "easy", "count": 99, '
                                                    '"ruleset": "classic"}'), ("quiz", "{}"), ("lessons", "["),
                                        ("hands", '{"level": "strong"}')])
def test_a_spec_that_cannot_be_read_is_refused(kind, text):
    with pytest.raises(HomeworkError):
        read_spec(kind, text)


def test_hands_count_from_games_against_that_level_started_after_the_homework():
    from tutor.progress.homework import hands_spec
    from tutor.progress.rows import SavedGame
    homework = Assignment(9, 1, "hands", hands_spec("strong", 3), None, SET)

    def game(level, started, updated, hands):
        return SavedGame(1, 7, level, "classic", [], False, None, 0, 0, at(started), at(updated), 0, hands)
    games = [game("strong", 8, 12, 4),      # started before the homework was set: not counted
             game("beginner", 10, 11, 2),   # another level
             game("strong", 10, 13, 2)]     # two hands finished, the game last saved at 13
    done = progress(homework, {}, [], games)
    assert [i.done for i in done.items] == [at(13), at(13), None]
    games.append(game("strong", 14, 15, 1))
    assert progress(homework, {}, [], games).finished == at(15)
    with pytest.raises(HomeworkError):
        hands_spec("strong", 0)


def test_puzzles_chosen_by_address_are_kept_once_each_and_counted_as_a_sets():
    from tutor.progress.homework import addresses_spec
    spec = addresses_spec([{"drill": "score", "seed": "424242", "level": "hard", "rules": "spanish"},
                           {"drill": "score", "seed": 424242, "level": "hard", "rules": "spanish"},
                           {"drill": "deadwood", "seed": 7, "level": "easy", "rules": "classic"}])
    homework = Assignment(3, 1, "addresses", spec, None, SET)
    assert homework.puzzles == [{"drill": "score", "seed": 424242, "level": "hard", "rules": "spanish"},
                                {"drill": "deadwood", "seed": 7, "level": "easy", "rules": "classic"}]
    answers = [Attempt("deadwood", "easy", "classic", True, 3.0, at(10), 7)]
    assert [i.done for i in progress(homework, {}, answers).items] == [None, at(10)]
    with pytest.raises(HomeworkError):
        addresses_spec([{"drill": "score", "seed": "x", "level": "hard", "rules": "spanish"}])


def test_each_learner_practises_their_own_latest_mistakes():
    from tutor.progress.homework import mistakes_spec, puzzles_for
    homework = Assignment(4, 1, "mistakes", mistakes_spec(2), None, SET)
    answers = [Attempt("deadwood", "easy", "classic", False, 3.0, at(6), 11),
               Attempt("score", "hard", "spanish", False, 3.0, at(7), 12),
               Attempt("score", "hard", "spanish", False, 3.0, at(8), 12),      # the same puzzle again
               Attempt("melds", "easy", "classic", True, 3.0, at(8), 13),       # right: no mistake
               Attempt("totals", "easy", "classic", False, 3.0, at(8), None),   # no number to make it again
               Attempt("melds", "medium", "classic", False, 3.0, at(10), 14)]   # after the homework was set
    assert puzzles_for(homework, answers) == [{"drill": "score", "seed": 12, "level": "hard", "rules": "spanish"},
                                              {"drill": "deadwood", "seed": 11, "level": "easy", "rules": "classic"}]
    answers.append(Attempt("deadwood", "easy", "classic", True, 3.0, at(11), 11))
    done = progress(homework, {}, answers)
    assert [(i.done, i.right) for i in done.items] == [(None, None), (at(11), True)]
    assert progress(homework, {}, []).total == 0  # nobody's mistakes: nothing to do


def test_the_coachs_share_of_best_moves_in_the_hands_of_a_homework():
    from tutor.progress.homework import best_move_share, hands_spec, homework_games
    from tutor.progress.rows import SavedGame
    homework = Assignment(9, 1, "hands", hands_spec("strong", 3), None, SET)
    games = [SavedGame(1, 7, "strong", "classic", [], False, None, 10, 9, at(8), at(9), 0, 1),   # before
             SavedGame(2, 8, "strong", "classic", [], False, None, 12, 6, at(10), at(11), 0, 2),
             SavedGame(3, 9, "beginner", "classic", [], False, None, 8, 8, at(10), at(12), 0, 1)]
    assert [g.id for g in homework_games(homework, games)] == [2]
    assert best_move_share(homework_games(homework, games)) == 0.5 and best_move_share([]) is None


@pytest.mark.parametrize(("kind", "kept", "en", "es"), [
    ("melds", '[["2H","3H","4H"],["6C","7C","8C"]]', "2♥ 3♥ 4♥ · 6♣ 7♣ 8♣", "2♥ 3♥ 4♥ · 6♣ 7♣ 8♣"),
    ("melds", "[]", "no melds", "ninguna combinación"),
    ("layoffs", '["8C","QC"]', "8♣ Q♣", "8♣ Q♣"),
    ("layoffs", "[]", "no layoffs", "ninguna carta colocada"),
    ("discard", "QD", "Q♦", "Q♦"),
    ("knock", "wait", "Wait", "Esperar"),
    ("deadwood", "36", "36", "36"),
    ("score", '{"winner":"knocker","points":35}', "the knocker, 35 points", "quien cierra, 35 puntos"),
    ("score", '{"winner":"defender","points":1}', "the defender, 1 point", "el defensor, 1 punto"),
    ("totals", '{"B":250,"A":140}', "A 140, B 250", "A 140, B 250"),
    ("melds", '[["2H","XX"]]', '[["2H","XX"]]', '[["2H","XX"]]'),  # not cards: as it was kept
    ("score", "{not json", "{not json", "{not json"),
])
def test_a_teacher_reads_each_answer_in_words(kind, kept, en, es):
    from tutor.language.i18n import Translator
    from tutor.language.labels import given_answer
    assert given_answer(kind, kept, Translator("en")) == en
    assert given_answer(kind, kept, Translator("es")) == es
    assert given_answer(kind, None, Translator("en")) == ""
