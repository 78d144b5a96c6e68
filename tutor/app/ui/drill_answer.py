"""Answering a drill: the hints asked for, a second try, the answer checked by the engine and the
verdict kept for the page, and the answer saved for the learner's profile (the attempt, both
ratings and the review card, in one transaction). Which puzzle is open is :mod:`tutor.app.ui.drill_state`."""

from __future__ import annotations

import time
from typing import Any

import streamlit as st

from tutor.app.ui import identity, store_access
from tutor.app.ui.drill_state import PuzzleKeys, open_keys, puzzle_keys
from tutor.app.ui.session_keys import (
    DRILL_TALLY,
)
from tutor.drills import (
    Puzzle,
    Verdict,
    answer_text,
    check,
    hints,
)
from tutor.engine.errors import TutorError
from tutor.language.feedback import hint_texts
from tutor.language.i18n import Translator
from tutor.progress.ratings import puzzle_prior
from tutor.progress.review import DrillItem
from tutor.progress.store import DrillAnswer


def next_hint(keys: PuzzleKeys) -> None:
    """Reveal one more hint of a puzzle."""
    st.session_state[keys.hints] = st.session_state.get(keys.hints, 0) + 1


def shown_hints(puzzle: Puzzle, tr: Translator) -> list[str]:
    count = st.session_state.get(puzzle_keys(puzzle).hints, 0)
    return hint_texts(hints(puzzle)[:count], tr) if count else []


def retry(keys: PuzzleKeys | None = None) -> None:
    """Clear the answer and the verdict of a puzzle, the open one by default (its hints stay)."""
    keys = keys or open_keys()
    session = st.session_state
    for key in [k for k in session if isinstance(k, str) and keys.owned(k) and k.startswith("answer_")]:
        del session[key]
    for key in keys.answer_state():
        session.pop(key, None)


def grade(puzzle: Puzzle, answer: Any) -> Verdict | None:
    """Check an answer with the engine, keep the verdict, count it in the tally and save the
    attempt for the learner's profile. None when there is no answer to check."""
    keys = puzzle_keys(puzzle)
    if answer is None:
        st.session_state[keys.verdict] = {"missing": True}
        return None
    earlier = st.session_state.get(keys.verdict) or {}
    if "verdict" in earlier and earlier.get("answer") == answer:
        return None  # the same answer checked again (a double click): one attempt
    try:
        verdict = check(puzzle, answer)
    except TutorError as error:
        st.session_state[keys.verdict] = {"error": error}
        return None
    tries = (earlier.get("try", 0) if "verdict" in earlier and not earlier["verdict"].correct else 0) + 1
    st.session_state[keys.verdict] = {"verdict": verdict, "answer": answer, "try": tries}
    tally = st.session_state.setdefault(DRILL_TALLY, {}).setdefault(
        puzzle.kind, {"tried": 0, "right": 0, "streak": 0})
    tally["tried"] += 1
    tally["right"] += verdict.correct
    tally["streak"] = tally["streak"] + 1 if verdict.correct else 0
    seconds = time.monotonic() - st.session_state.get(keys.opened, time.monotonic())
    hints_asked = int(st.session_state.get(keys.hints, 0))
    record(puzzle, verdict, seconds, helped=tries > 1 or hints_asked > 0, given=answer_text(answer),
                   hints=hints_asked)
    return verdict


def verdict_record(puzzle: Puzzle) -> dict[str, Any] | None:
    """What the last Check of this puzzle gave: ``verdict``, ``error`` or ``missing``."""
    record: dict[str, Any] | None = st.session_state.get(puzzle_keys(puzzle).verdict)
    return record


def review_item(puzzle: Puzzle) -> str:
    """The name of a drill in the review schedule: enough to generate it again."""
    position = puzzle.address.get("position", "")
    return DrillItem(puzzle.kind, puzzle.level, puzzle.ruleset, puzzle.seed, position, puzzle.scenario).format()


def record(puzzle: Puzzle, verdict: Verdict, seconds: float, helped: bool = False, given: str | None = None,
           hints: int = 0) -> None:
    """Save an attempt for the current profile, move the learner's and the puzzle's ratings
    (:mod:`tutor.progress.ratings`), and rate it in the review schedule as the review policy says
    (:func:`tutor.progress.review.rating_after_drill`), all in one transaction; ``helped``: the
    answer came after a hint or on a second try; ``given``: the answer as text, and ``hints``: how
    many were asked for (kept for a teacher's homework view)."""
    profile = identity.current()
    if profile is None:
        return
    store_access.store().record_drill_answer(profile.id, DrillAnswer(
        puzzle.kind, puzzle.level, puzzle.ruleset, verdict.correct, seconds, review_item(puzzle),
        puzzle_prior(puzzle.level, puzzle.properties), helped, puzzle.seed, verdict.mistake, given, hints))
