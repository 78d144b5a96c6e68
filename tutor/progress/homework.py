"""Homework: what a teacher sets a class, and how much of it a learner has done, read from what the
store already keeps (lessons passed, drill answers). Pure functions.

An assignment is one of:

- ``lessons``: lessons to pass (``{"lessons": ["03-deadwood", ...]}``); each is done when the
  learner passes its check, before or after the assignment was set;
- ``puzzles``: a set of puzzles of one kind and level, the same for every learner of the class
  (``{"kind": "deadwood", "level": "medium", "count": 5, "ruleset": "classic"}``): puzzle *i*'s
  number is :func:`puzzle_seeds` of the assignment; each is done at the learner's first answer to
  it after the assignment was set, and that answer says whether it was right at the first try;
- ``addresses``: puzzles the teacher chose by their addresses (``{"puzzles": [{"drill": ..., "seed":
  ..., "level": ..., "rules": ...}, ...]}``), each done as a set's puzzle is;
- ``mistakes``: practise my mistakes, for each learner their own (``{"count": 5}``): the latest
  puzzles they answered wrong before the assignment was set (those with a number to make them again),
  each done at their next answer to it;
- ``hands``: hands to finish against a level of the virtual player (``{"level": "strong", "count":
  3}``), in games started after the assignment was set; each hand is done when its game was last
  saved with it finished (a saved game keeps how many of its hands are finished, not when each ended).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from tutor.progress.rows import Attempt, SavedGame

KINDS = ("lessons", "puzzles", "addresses", "mistakes", "hands")
MOST_PUZZLES = 20
"""The most puzzles in one assignment."""
MOST_HANDS = 20
"""The most hands in one assignment."""


class HomeworkError(ValueError):
    """An assignment that cannot be read: says what was wrong."""


@dataclass(frozen=True)
class Assignment:
    """One piece of homework set to a class."""

    id: int
    class_id: int
    kind: str
    spec: dict[str, Any]
    due: date | None
    created: datetime

    @property
    def lessons(self) -> list[str]:
        return [str(lesson) for lesson in self.spec.get("lessons", [])]

    @property
    def puzzles(self) -> list[dict[str, Any]]:
        """Each puzzle's address (``drill``, ``seed``, ``level``, ``rules``), for the Drills page."""
        if self.kind == "addresses":
            return [dict(address) for address in self.spec["puzzles"]]
        if self.kind != "puzzles":
            return []
        return [{"drill": self.spec["kind"], "seed": seed, "level": self.spec["level"], "rules": self.spec["ruleset"]}
                for seed in puzzle_seeds(self.id, int(self.spec["count"]))]


def lessons_spec(lessons: Sequence[str]) -> dict[str, Any]:
    """The spec of lessons to pass (at least one, each once)."""
    chosen = list(dict.fromkeys(str(lesson) for lesson in lessons))
    if not chosen:
        raise HomeworkError("choose at least one lesson")
    return {"lessons": chosen}


def puzzles_spec(kind: str, level: str, count: int, ruleset: str) -> dict[str, Any]:
    """The spec of a set of ``count`` puzzles (1 to :data:`MOST_PUZZLES`)."""
    if not 1 <= count <= MOST_PUZZLES:
        raise HomeworkError(f"a set has 1 to {MOST_PUZZLES} puzzles")
    return {"kind": kind, "level": level, "count": count, "ruleset": ruleset}


ADDRESS_KEYS = ("drill", "seed", "level", "rules")


def addresses_spec(addresses: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The spec of puzzles chosen by their addresses (1 to :data:`MOST_PUZZLES`, each with a drill, a
    whole seed, a level and a ruleset; the same puzzle once)."""
    chosen: list[dict[str, Any]] = []
    for address in addresses:
        try:
            puzzle = {"drill": str(address["drill"]), "seed": int(address["seed"]), "level": str(address["level"]),
                      "rules": str(address["rules"])}
        except (KeyError, TypeError, ValueError) as error:
            raise HomeworkError(f"a puzzle's address needs {', '.join(ADDRESS_KEYS)}: {error}") from None
        if puzzle not in chosen:
            chosen.append(puzzle)
    if not 1 <= len(chosen) <= MOST_PUZZLES:
        raise HomeworkError(f"choose 1 to {MOST_PUZZLES} puzzles")
    return {"puzzles": chosen}


def mistakes_spec(count: int) -> dict[str, Any]:
    """The spec of ``count`` (1 to :data:`MOST_PUZZLES`) of each learner's own mistakes to practise again."""
    if not 1 <= count <= MOST_PUZZLES:
        raise HomeworkError(f"1 to {MOST_PUZZLES} puzzles")
    return {"count": count}


def hands_spec(level: str, count: int) -> dict[str, Any]:
    """The spec of ``count`` hands (1 to :data:`MOST_HANDS`) against the virtual player of ``level``."""
    if not 1 <= count <= MOST_HANDS:
        raise HomeworkError(f"1 to {MOST_HANDS} hands")
    return {"level": level, "count": count}


def read_spec(kind: str, text: str) -> dict[str, Any]:
    """A stored spec (JSON), checked."""
    try:
        spec = json.loads(text)
    except ValueError as error:
        raise HomeworkError(f"not JSON: {error}") from None
    if not isinstance(spec, dict) or kind not in KINDS:
        raise HomeworkError(f"not an assignment of kind {kind!r}")
    if kind == "lessons":
        return lessons_spec(spec.get("lessons") or [])
    if kind == "addresses":
        puzzles = spec.get("puzzles")
        if not isinstance(puzzles, list) or not all(isinstance(a, dict) for a in puzzles):
            raise HomeworkError("chosen puzzles need a list of addresses")
        return addresses_spec(puzzles)
    if kind == "mistakes":
        try:
            return mistakes_spec(int(spec["count"]))
        except (KeyError, TypeError, ValueError) as error:
            raise HomeworkError(f"mistakes need a count: {error}") from None
    if kind == "hands":
        try:
            return hands_spec(str(spec["level"]), int(spec["count"]))
        except (KeyError, TypeError, ValueError) as error:
            raise HomeworkError(f"hands need a level and a count: {error}") from None
    try:
        return puzzles_spec(str(spec["kind"]), str(spec["level"]), int(spec["count"]), str(spec["ruleset"]))
    except (KeyError, TypeError, ValueError) as error:
        raise HomeworkError(f"a puzzle set needs kind, level, count and ruleset: {error}") from None


def puzzle_seeds(assignment_id: int, count: int) -> list[int]:
    """The numbers of an assignment's puzzles: the same for every learner, different for every
    assignment (a hash of the assignment's id and the puzzle's place)."""
    return [int.from_bytes(hashlib.sha256(f"homework/{assignment_id}/{i}".encode()).digest()[:4], "big")
            for i in range(count)]


@dataclass(frozen=True)
class ItemDone:
    """One lesson or puzzle of an assignment, for one learner: when it was done (None: not yet) and,
    for a puzzle, whether the first answer was right."""

    item: str
    done: datetime | None
    right: bool | None = None
    given: str | None = None
    """A puzzle's first answer, as the learner gave it (None before schema 14)."""
    hints: int | None = None
    """The hints asked for before that answer (None before schema 14)."""
    kind: str = ""
    """A puzzle's kind of drill (its answer is read by it); "" for a lesson or a hand."""
    mistake: str | None = None
    """The mistake the drill named in a wrong first answer (its code; None for a right one)."""


@dataclass(frozen=True)
class Progress:
    """How much of an assignment one learner has done."""

    items: tuple[ItemDone, ...]

    @property
    def done(self) -> int:
        return sum(item.done is not None for item in self.items)

    @property
    def total(self) -> int:
        return len(self.items)

    @property
    def finished(self) -> datetime | None:
        """When the last item was done, once all are."""
        if not self.items or any(item.done is None for item in self.items):
            return None
        return max(item.done for item in self.items if item.done is not None)


def puzzles_for(assignment: Assignment, attempts: Sequence[Attempt]) -> list[dict[str, Any]]:
    """The puzzles of ``assignment`` for one learner: the set's or the chosen ones, or, to practise
    their mistakes, the latest of their wrong answers from before it was set (each puzzle once)."""
    if assignment.kind != "mistakes":
        return assignment.puzzles
    chosen: list[dict[str, Any]] = []
    for wrong in sorted((a for a in attempts if not a.correct and a.seed is not None and a.at < assignment.created),
                        key=lambda a: a.at, reverse=True):
        address = {"drill": wrong.kind, "seed": wrong.seed, "level": wrong.level, "rules": wrong.ruleset}
        if address not in chosen:
            chosen.append(address)
        if len(chosen) == int(assignment.spec["count"]):
            break
    return chosen


def progress(assignment: Assignment, lesson_times: Mapping[str, datetime], attempts: Sequence[Attempt],
             games: Sequence[SavedGame] = ()) -> Progress:
    """What one learner has done of ``assignment``, from when they passed each lesson, their drill
    answers and their saved games."""
    if assignment.kind == "lessons":
        return Progress(tuple(ItemDone(lesson, lesson_times.get(lesson)) for lesson in assignment.lessons))
    if assignment.kind == "hands":
        count = int(assignment.spec["count"])
        ended = [g.updated for g in sorted(homework_games(assignment, games), key=lambda g: g.updated)
                 for _ in range(g.hands)]
        return Progress(tuple(ItemDone(str(n), ended[n] if n < len(ended) else None) for n in range(count)))
    items = []
    for puzzle in puzzles_for(assignment, attempts):
        answers = sorted((a for a in attempts if a.kind == puzzle["drill"] and a.level == puzzle["level"]
                          and a.seed == puzzle["seed"] and a.at >= assignment.created), key=lambda a: a.at)
        first = answers[0] if answers else None
        items.append(ItemDone(str(puzzle["seed"]), None, kind=puzzle["drill"]) if first is None else
                     ItemDone(str(puzzle["seed"]), first.at, first.correct, first.given, first.hints,
                              puzzle["drill"], None if first.correct else first.mistake))
    return Progress(tuple(items))


def homework_games(assignment: Assignment, games: Sequence[SavedGame]) -> list[SavedGame]:
    """The games that count for a homework of hands: against its level, started after it was set."""
    if assignment.kind != "hands":
        return []
    return [g for g in games if g.level == assignment.spec["level"] and g.started >= assignment.created]


def games_accuracy(games: Sequence[SavedGame]) -> float | None:
    """The coach's accuracy (0 to 100) over ``games``: each game's, weighed by its decisions judged
    (a game with none judged, or saved before schema 15, left out); None when there is none."""
    weighed = [(g.accuracy, g.decisions) for g in games if g.accuracy is not None and g.decisions]
    total = sum(n for _, n in weighed)
    return sum(a * n for a, n in weighed) / total if total else None


def best_move_share(games: Sequence[SavedGame]) -> float | None:
    """The share of the learner's decisions in ``games`` that the coach graded best (None for none)."""
    decisions = sum(g.decisions for g in games)
    return sum(g.agreed for g in games) / decisions if decisions else None
