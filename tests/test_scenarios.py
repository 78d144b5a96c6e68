"""Lessons check what they teach: each check that names a situation gets it, over many seeds and
every ruleset; the knock-or-wait drill follows source 001's two tips."""

from __future__ import annotations

import pytest

from tutor.content.lessons import lessons
from tutor.drills import UnknownScenarioError, check, generate, model_answer, scenarios_of
from tutor.drills.kinds.discard import least_discards
from tutor.drills.kinds.knock import coach_answer
from tutor.drills.properties import hand_properties, is_tie
from tutor.engine.melds import analyze
from tutor.engine.rules import available_rulesets, load_ruleset
from tutor.engine.scoring import game_totals, score_hand
from tutor.language.i18n import LANGUAGES
from tutor.play.bots.reading import read_view
from tutor.play.positions import decode_view
from tutor.play.tips import knock_or_wait as advice
from tutor.progress.review import DrillItem

SEEDS = range(25)


def has_its_situation(puzzle) -> bool:
    """Whether a puzzle shows the situation its scenario names, measured with the engine."""
    rules = puzzle.rules
    if puzzle.scenario == "no_melds":
        return hand_properties(puzzle.cards)["melds"] == 0
    if puzzle.scenario in ("undercut", "tie", "big_gin"):
        score = score_hand(puzzle.knocker, puzzle.defender, rules)
        if puzzle.scenario == "undercut":
            return score.outcome == "undercut" and not is_tie(score)
        if puzzle.scenario == "tie":
            return is_tie(score)
        return score.outcome == ("big_gin" if rules.big_gin_allowed else "gin")
    if puzzle.scenario == "shutout":
        return game_totals(puzzle.results, rules).shutout
    if puzzle.scenario == "least":
        least, cards = least_discards(read_view(decode_view(puzzle.position)))
        return model_answer(puzzle) == str(cards[0]) and len(cards) <= 2
    if puzzle.scenario in ("knock", "wait"):  # the answer asked for (at easy, where 001's rule says so too)
        view = decode_view(puzzle.position)
        rule = advice(least_discards(read_view(view))[0], view["turn"])
        return model_answer(puzzle) == puzzle.scenario and (puzzle.level != "easy" or rule == puzzle.scenario)
    raise AssertionError(puzzle.scenario)


def lesson_checks():
    seen = set()
    for lang in LANGUAGES:
        for lesson in lessons(lang):
            for kind, level, scenario in lesson.checks:
                if scenario and (lesson.id, kind, level, scenario) not in seen:
                    seen.add((lesson.id, kind, level, scenario))
                    yield lesson.id, kind, level, scenario


@pytest.mark.parametrize("lesson, kind, level, scenario", list(lesson_checks()))
@pytest.mark.parametrize("ruleset", available_rulesets())
def test_each_lesson_check_gets_its_situation(lesson, kind, level, scenario, ruleset):
    for seed in SEEDS if kind != "knock" else range(4):  # a knock puzzle asks the analysis: fewer seeds
        puzzle = generate(kind, seed, level, load_ruleset(ruleset), scenario)
        assert puzzle.scenario == scenario and has_its_situation(puzzle), (lesson, seed)
        assert check(puzzle, model_answer(puzzle)).correct


def test_the_situations_asked_by_the_lessons():
    # Lesson 1 counts hands with no meld; 4 the least-deadwood discard; 5 a big gin; 7 an undercut
    # and a tie; 9 a shutout; 10 a knock and a wait (so that no single answer passes its check).
    asked = {(lesson, scenario) for lesson, _, _, scenario in lesson_checks()}
    assert asked == {("01-cards", "no_melds"), ("04-turn", "least"), ("05-knocking", "big_gin"),
                     ("07-undercut", "undercut"), ("07-undercut", "tie"), ("09-scoring-a-game", "shutout"),
                     ("10-strategy", "knock"), ("10-strategy", "wait")}


def test_lesson_one_hands_are_counted_card_by_card():
    # Every card counts: the deadwood is the sum of the values.
    for seed in SEEDS:
        puzzle = generate("deadwood", seed, "easy", load_ruleset("classic"), "no_melds")
        assert analyze(puzzle.cards).deadwood == sum(c.value for c in puzzle.cards)


def test_an_unknown_situation_is_refused():
    with pytest.raises(UnknownScenarioError):
        generate("score", 1, "medium", load_ruleset("classic"), "poker")
    with pytest.raises(UnknownScenarioError):
        generate("melds", 1, "easy", load_ruleset("classic"), "tie")
    assert scenarios_of("melds") == ()


def test_a_situation_changes_the_puzzle_but_an_address_without_one_does_not():
    assert generate("score", 5, "medium", load_ruleset("classic")).scenario == ""
    assert generate("score", 5, "medium", load_ruleset("classic"), "tie").address["scenario"] == "tie"


def test_a_review_item_keeps_its_situation():
    item = DrillItem("score", "hard", "spanish", 12, scenario="tie")
    assert item.format() == "drill:score@tie:hard:spanish:12"
    assert DrillItem.parse(item.format()) == item


@pytest.mark.parametrize("deadwood, turn, expected", [
    (1, 1, "knock"), (5, 3, "knock"), (6, 3, "wait"), (7, 9, "wait"), (6, 10, "knock"), (7, 14, "knock"),
    (8, 2, "wait"), (8, 15, "wait"), (10, 12, "wait"), (9, 20, "wait"),
])
def test_knock_or_wait_follows_source_001(deadwood, turn, expected):
    # 001:31-32: no knock above 5 before the tenth turn; a knock with 8 to 10 is nearly always
    # worse than waiting.
    assert advice(deadwood, turn) == expected


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_knock_or_wait_puzzles_have_their_level_and_a_clear_answer(level):
    answers = set()
    for seed in range(6):  # each puzzle asks the analysis: fewer seeds than the other kinds
        puzzle = generate("knock", seed, level, load_ruleset("classic"))
        view = decode_view(puzzle.position)
        least = least_discards(read_view(view))[0]
        answer = model_answer(puzzle)
        rule = advice(least, view["turn"])
        assert any(kind == "knock" for kind, _ in view["legal"]) and least > 0
        if level == "easy":  # the rule as lesson 10 teaches it, where the coach agrees
            assert answer == rule and (least <= 5 and view["turn"] < 10 if answer == "knock" else 8 <= least <= 10)
        elif level == "medium":
            assert 4 <= least <= 8 and view["turn"] < 10
        else:  # the exceptions: the coach departs from the rule
            assert answer != rule
        answers.add(answer)
        wrong = {"knock": "wait", "wait": "knock"}[answer]
        verdict = check(puzzle, wrong)
        # The analysis grades: the wrong answer is told what it gives up, and what 001's rules of
        # thumb say here (agreeing with the analysis or not).
        assert not verdict.correct
        assert verdict.mistake == {"knock": "knocked_too_soon", "wait": "waited_too_long"}[wrong]
        assert verdict.remarks[0].params["gain"] >= 0 and "source 001" in verdict.notes[0].template.lower()
        # The right answer hears 001's word too, the same one.
        right = check(puzzle, answer)
        assert right.correct and right.notes == verdict.notes
        # The answer is clear: the other answer's best move gives up a point or more, beyond doubt,
        # against the strong player, whom the puzzle names.
        assert puzzle.properties["opponent"] == "strong" and coach_answer(view, "strong")[3], (level, seed)
    # Every level asks for either answer (drawn first, then a position is looked for).
    assert answers == {"knock", "wait"}
