"""Drills: puzzles the engine generates and grades (no Streamlit here).

``generate(kind, seed, difficulty, ruleset)`` always gives the same puzzle for the same
arguments; ``check(puzzle, answer)`` says whether an answer is right and explains the engine's
result step by step; ``hints(puzzle)`` gives one step at a time.
"""

from tutor.drills.check import check, group_feedback, hints, judge_group, model_answer
from tutor.drills.generate import generate, parse_seed
from tutor.drills.model import KINDS, LEVELS, AnswerError, DrillError, Puzzle, Verdict

__all__ = ["KINDS", "LEVELS", "AnswerError", "DrillError", "Puzzle", "Verdict", "check", "generate",
           "group_feedback", "hints", "judge_group", "model_answer", "parse_seed"]
