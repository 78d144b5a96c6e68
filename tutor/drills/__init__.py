"""Drills: puzzles the engine generates and grades. No Streamlit and no language here: a verdict
or a hint is made of :class:`Remark` values that the language layer puts into words.

``generate(kind, seed, level, ruleset)`` always gives the same puzzle for the same arguments;
``check(puzzle, answer)`` says whether an answer is right and names the first mistake;
``hints(puzzle)`` gives one step at a time. Each kind lives in its own module under
:mod:`tutor.drills.kinds`, found by name in :data:`~tutor.drills.kinds.REGISTRY`.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from tutor.base.numbers import read_seed
from tutor.drills.kinds import REGISTRY, discard
from tutor.drills.kinds.melds import group_remark, judge_group
from tutor.drills.model import (
    LEVELS,
    AnswerError,
    BadSeedError,
    DrillError,
    DrillKind,
    NoPuzzleError,
    Puzzle,
    Remark,
    UnknownKindError,
    UnknownLevelError,
    UnknownScenarioError,
    Verdict,
    Word,
)
from tutor.engine.errors import TutorError
from tutor.engine.rules import Ruleset, load_ruleset, require_ruleset

KINDS: tuple[str, ...] = tuple(REGISTRY)
"""The kinds of drill, in the order the app lists them."""


def drill_kind(name: str) -> DrillKind:
    """The kind of drill of that name; raises :class:`UnknownKindError`."""
    if name not in REGISTRY:
        raise UnknownKindError(kind=str(name), choices=", ".join(KINDS))
    return REGISTRY[name]


def check_level(level: str) -> str:
    """The level, if it is one; raises :class:`UnknownLevelError`."""
    if level not in LEVELS:
        raise UnknownLevelError(level=str(level), choices=", ".join(LEVELS))
    return level


def parse_seed(seed: int | str) -> int:
    """A seed from a URL or a form: a whole number from 0 to :data:`MAX_SEED`."""
    return read_seed(seed, BadSeedError)


def scenarios_of(kind: str) -> tuple[str, ...]:
    """The situations a kind of drill can be asked for by name (``::: drill score medium tie``)."""
    return drill_kind(kind).SCENARIOS_OFFERED


def generate(kind: str, seed: int | str, level: str, rules: Ruleset, scenario: str = "") -> Puzzle:
    """The puzzle of that kind, seed, level and rules (and situation, when one is named): always
    the same one. The puzzle carries ``rules`` and is graded under them."""
    maker = drill_kind(kind)
    check_level(level)
    rules = require_ruleset(rules)
    number = parse_seed(seed)
    if scenario:
        if scenario not in scenarios_of(kind):
            raise UnknownScenarioError(scenario=str(scenario)[:40], choices=", ".join(scenarios_of(kind)) or "—")
        rng = random.Random(f"{kind}/{level}/{rules.name}/{number}/{scenario}")
        made = maker.make_scenario(rng, level, rules, scenario)
    else:
        rng = random.Random(f"{kind}/{level}/{rules.name}/{number}")
        made = maker.make(rng, level, rules)
    if made is None:
        raise NoPuzzleError(level=level)
    return Puzzle(kind, number, level, rules, scenario=scenario, **made)


def position_puzzle(code: str, seed: int = 0) -> Puzzle:
    """The "which card to throw" puzzle of a position from a game (its packed view; ``seed``, the
    game's, which the coach's analysis uses); raises a :class:`~tutor.play.positions.PositionError`
    when the code is not a discard position."""
    return discard.from_position(code, seed)


def puzzle_of(kind: str, seed: int | str, level: str, rules: Ruleset, position: str = "",
              scenario: str = "") -> Puzzle:
    """The puzzle a review item or an address names: generated from its seed, or from a game's position
    (which carries its own rules)."""
    return position_puzzle(position, parse_seed(seed)) if position else generate(kind, seed, level, rules, scenario)


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """Grade an answer to a puzzle with the engine."""
    return drill_kind(puzzle.kind).check(puzzle, answer)


def model_answer(puzzle: Puzzle) -> Any:
    """The engine's answer to a puzzle, in the form a learner gives it."""
    return drill_kind(puzzle.kind).model_answer(puzzle)


def answer_text(answer: Any) -> str:
    """An answer as it is kept with its attempt: a number or a word as it is, anything else (cards,
    melds, a score's two parts) as compact JSON."""
    if isinstance(answer, str | int | float):
        return str(answer)
    return json.dumps(answer, ensure_ascii=False, default=str, separators=(",", ":"))


@functools.lru_cache(maxsize=2048)
def right_answer_text(kind: str, seed: int, level: str, ruleset: str) -> str | None:
    """The engine's answer to the puzzle a stored address names (its kind, seed, level and ruleset's
    name), kept as an attempt keeps an answer (:func:`answer_text`), for a teacher going over a wrong
    one; None where this version makes no such puzzle. Remembered: a class meets the same puzzles."""
    try:
        puzzle = generate(kind, seed, level, load_ruleset(ruleset))
    except TutorError:
        return None
    return answer_text(model_answer(puzzle))


def hints(puzzle: Puzzle) -> list[Remark]:
    """Hints from the gentlest on: each reveals one step, none gives the answer away."""
    return drill_kind(puzzle.kind).hints(puzzle)


def mistake_names() -> dict[str, str]:
    """Every mistake code any kind names, with its short description (a catalog message id)."""
    return {code: name for kind in REGISTRY.values() for code, name in kind.MISTAKES.items()}


__all__ = [
    "KINDS", "LEVELS", "AnswerError", "BadSeedError", "DrillError", "DrillKind", "NoPuzzleError", "Puzzle",
    "Remark", "UnknownKindError", "UnknownLevelError", "Verdict", "Word", "check", "check_level", "drill_kind",
    "generate", "group_remark", "hints", "judge_group", "mistake_names", "model_answer",
    "parse_seed", "position_puzzle", "puzzle_of", "scenarios_of", "UnknownScenarioError",
]
