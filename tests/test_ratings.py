"""Ratings (Glicko-2): the paper's worked example, what an attempt does to a learner's rating and a
puzzle's, the priors, and the store keeping them on both engines (a damaged row never breaks it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from checks import some

from tutor.progress.ratings import (
    NEW,
    Rating,
    after_attempt,
    attempt_score,
    expected_score,
    level_for,
    puzzle_prior,
    rated,
)


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013): a 1500 ± 200 player (volatility 0.06)
    # beats a 1400 ± 30 and loses to a 1550 ± 100 and a 1700 ± 300: 1464.06 ± 151.52, volatility 0.05999.
    after = rated(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                            (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = rated(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and 100 < after.deviation < 101


def test_a_right_answer_after_help_counts_for_less():
    assert (attempt_score(True, False), attempt_score(True, True), attempt_score(False, False)) == (1.0, 0.5, 0.0)
    # Against a puzzle rated 1700, which a new learner solves a quarter of the time: half a win is
    # still more than expected, a whole one more again; a miss was expected, and costs a little.
    hard = Rating(1700, 200)
    at_once, _ = after_attempt(NEW, hard, correct=True, helped=False)
    helped, _ = after_attempt(NEW, hard, correct=True, helped=True)
    wrong, puzzle = after_attempt(NEW, hard, correct=False, helped=False)
    assert at_once.rating > helped.rating > 1500 > wrong.rating
    assert puzzle.rating > 1700  # the puzzle won: it is rated harder


def test_a_learner_who_answers_right_climbs_and_a_puzzle_many_miss_gets_harder():
    learner, puzzle = NEW, Rating(1500, 200)
    ratings = []
    for _ in range(5):
        learner, _ = after_attempt(learner, Rating(1500, 200), correct=True, helped=False)
        ratings.append(learner.rating)
    assert ratings == sorted(ratings) and ratings[-1] > 1700 and learner.deviation < 200
    for _ in range(5):  # five learners of 1500 miss the same puzzle
        _, puzzle = after_attempt(Rating(1500, 100), puzzle, correct=False, helped=False)
    assert puzzle.rating > 1700 and expected_score(Rating(1500, 100), puzzle) < 0.25


def test_a_puzzles_prior_comes_from_its_level_and_its_hard_features():
    assert puzzle_prior("easy", {}) == Rating(1200, 200)
    assert puzzle_prior("medium", {"layoffs": 1}) == Rating(1500, 200)
    # A chain of three layoffs and a tie: 1800 + 60 (chained) + 60 (tie) + 2 × 60 (two more layoffs).
    assert puzzle_prior("hard", {"chained": True, "tie": True, "layoffs": 3}).rating == 1800 + 4 * 60
    # The level goes by the rating less one deviation: 1450 ± 100 is medium, 1900 ± 100 hard, but
    # 1710 ± 476 (two right answers of a new learner) still easy.
    assert (level_for(Rating(1400, 100)), level_for(Rating(1600, 100)), level_for(Rating(1900, 100)),
            level_for(Rating(1710, 476))) == ("easy", "medium", "hard", "easy")
    # Two wrong answers in a row: one level below the level last failed, whatever the rating says.
    assert level_for(Rating(2100, 80), [("hard", True), ("hard", False), ("hard", False)]) == "medium"
    assert level_for(Rating(2100, 80), [("hard", False), ("hard", True), ("hard", False)]) == "hard"
    assert level_for(Rating(1900, 80), [("hard", False), ("hard", False), ("medium", False)]) == "easy"


def _learner(start: Rating, results: list[bool], recent: list[tuple[str, bool]]):
    """A learner answering suited puzzles (each at the level chosen for them, a puzzle of that
    level's prior): the rating at the end, the levels served, the answers."""
    levels = []
    for right in results:
        level = level_for(start, recent) if recent else "easy"
        levels.append(level)
        start, _ = after_attempt(start, puzzle_prior(level, {}), right, helped=False)
        recent = [*recent, (level, right)]
    return start, levels, recent


def test_a_learner_who_succeeds_climbs_and_one_who_then_keeps_failing_comes_down_within_three_answers():
    strong, up, recent = _learner(Rating(), [True] * 10, [])
    assert up == ["easy", "easy", "medium", "medium", "medium", "medium", "hard", "hard", "hard", "hard"]
    weak, down, recent = _learner(strong, [False] * 10, recent)
    assert down == ["hard", "hard", "medium", "easy", "easy", "easy", "easy", "easy", "easy", "easy"]
    _, again, _ = _learner(weak, [True] * 6, recent)
    assert again == ["easy", "easy", "easy", "easy", "medium", "medium"]  # and up again, as the rating earns it


def test_the_store_keeps_the_learners_and_the_puzzles_ratings(store_at):
    store = store_at()
    ana = some(store.profile("Ana")).id
    bea = some(store.profile("Bea")).id
    item = "drill:score:medium:classic:7"
    first = some(store.rate_attempt(ana, "score", item, Rating(1500, 200), correct=True, helped=False))
    assert first.rating > 1500 and store.ratings(ana) == {"score": first}
    second = some(store.rate_attempt(ana, "score", item, Rating(1500, 200), correct=True, helped=False))
    assert second.rating > first.rating and second.deviation < first.deviation
    some(store.rate_attempt(bea, "score", item, Rating(1500, 200), correct=False, helped=False))
    assert store.ratings(bea)["score"].rating < 1500
    assert [(k, round(r)) for k, _, r in store.rating_history(ana)] == [("score", round(first.rating)),
                                                                       ("score", round(second.rating))]
    # The puzzle was lost twice and won once: near 1500 still, and found near that rating (not for
    # Ana, who has not been recorded as attempting it, and so is offered it).
    assert store.puzzles_near(ana, "score", 1500, 300) == [item]
    store.record_attempt(ana, "score", "medium", "classic", True, 5.0, seed=7)
    assert store.puzzles_near(ana, "score", 1500, 300) == []  # tried already


def test_a_damaged_rating_row_starts_again_and_breaks_nothing(store_at):
    store = store_at()
    ana = some(store.profile("Ana")).id
    some(store.rate_attempt(ana, "deadwood", "drill:deadwood:easy:classic:1", Rating(1200, 200), True, False))
    with store._engine.begin() as db:
        db.execute(sa.text("UPDATE ratings SET rating = -3, deviation = 9999 WHERE profile_id = :p"), {"p": ana})
    assert store.ratings(ana) == {}
    again = some(store.rate_attempt(ana, "deadwood", "drill:deadwood:easy:classic:2", Rating(1200, 200), True, False))
    assert 1500 < again.rating < 1800 and again.deviation > 250  # a new learner's first right answer


def test_the_suited_puzzle_is_near_the_learners_rating_in_the_weakest_kind_when_none_is_chosen():
    from tutor.drills.suited import suited_choice, weakest_kind
    strong = {"score": Rating(1850, 80)}
    # A puzzle already rated near 1850 under the classic rules is served; under the Spanish rules
    # it is not, and a new hard one is dealt (the level rated closest to 1850).
    assert suited_choice(strong, "score", "classic", ["drill:score:hard:classic:42"]) == ("score", "hard", 42)
    assert suited_choice(strong, "score", "spanish", ["drill:score:hard:classic:42"]) == ("score", "hard", None)
    # With no kind chosen: the kind rated lowest, a kind never tried counting as 1500.
    mixed = {"melds": Rating(1700, 90), "score": Rating(1300, 90)}
    assert weakest_kind(mixed, None) == "score" and weakest_kind(mixed, "melds") == "melds"
    assert weakest_kind({"melds": Rating(1700, 90)}, None) == "deadwood"  # untried: 1500, before the melds' 1700
    assert suited_choice(mixed, None, "classic", []) == ("score", "easy", None)
    # After two misses at hard, a medium puzzle, and a hard one rated near the learner is not served.
    missed = [("hard", False), ("hard", False)]
    assert suited_choice(strong, "score", "classic", ["drill:score:hard:classic:42"], missed) == ("score", "medium",
                                                                                                   None)
    assert suited_choice(strong, "score", "classic", ["drill:score:medium:classic:7"], missed) == ("score", "medium",
                                                                                                    7)


def test_the_store_gives_a_kinds_latest_answers_oldest_first(store_at):
    # Ana answers eight score puzzles (easy right, then medium wrong, right, wrong... by turn) and one
    # melds puzzle between them: the six latest of the score kind, oldest first.
    clock = [datetime(2026, 12, 5, 9, 0, tzinfo=UTC)]
    store = store_at(clock=lambda: clock[0])
    ana = some(store.profile("Ana")).id
    answers = [("easy", True), ("easy", True), ("medium", False), ("medium", True), ("medium", False),
               ("hard", False), ("hard", True), ("hard", False)]
    for number, (level, correct) in enumerate(answers):
        clock[0] += timedelta(minutes=1)
        store.record_attempt(ana, "score", level, "classic", correct, 5.0, seed=number)
        if number == 4:
            store.record_attempt(ana, "melds", "easy", "classic", True, 5.0, seed=99)
    latest = store.latest_attempts(ana, "score", 6)
    assert [(a.level, a.correct) for a in latest] == answers[2:]
    assert store.latest_attempts(ana, "deadwood", 6) == []


def test_a_suited_puzzle_made_easier_by_misses_says_how_many():
    from tutor.drills.suited import careful_rating, eased_by
    strong = {"score": Rating(1850, 80)}  # rated for hard puzzles (1850 - 80 = 1770)
    assert careful_rating(strong["score"]) == 1770
    assert eased_by(strong, "score", "hard", [("hard", False)]) == 0  # the rating's own level
    assert eased_by(strong, "score", "medium", [("hard", True), ("hard", False), ("hard", False)]) == 2
    assert eased_by({}, "score", "easy", []) == 0  # a kind never answered starts easy: nothing eased
