"""The lessons page's memory: the check's puzzles and which lessons are done (saved for a profile,
kept in the session for a guest; a guest's go with the profile it creates)."""

from __future__ import annotations

import streamlit as st

from tutor.app.ui import identity, state, store_access
from tutor.app.ui.session_keys import GUEST_LESSONS, LESSON_ASKED, LESSON_CHOICE, lesson_check_seeds


def check_seeds(lesson_id: str, count: int) -> list[int]:
    """The seeds of a lesson's check puzzles, drawn once per session (and anew on request)."""
    key = lesson_check_seeds(lesson_id)
    if len(st.session_state.get(key, [])) != count:
        st.session_state[key] = [state.new_seed() for _ in range(count)]
    seeds: list[int] = st.session_state[key]
    return seeds


def open_lesson(lesson_id: str) -> None:
    """Go to a lesson (the course's "Next lesson")."""
    st.session_state[LESSON_CHOICE] = lesson_id
    st.session_state[LESSON_ASKED] = lesson_id
    st.query_params["lesson"] = lesson_id


def new_check(lesson_id: str) -> None:
    st.session_state.pop(lesson_check_seeds(lesson_id), None)


def lessons_done() -> set[str]:
    """The lessons the learner has passed: the profile's, or this session's for a guest."""
    learner = identity.current()
    if learner is not None:
        return store_access.store().lessons_done(learner.id)
    return set(st.session_state.get(GUEST_LESSONS, set()))


def mark_done(lesson_id: str) -> bool:
    """Mark a lesson done for the learner on screen; True when it was not done before."""
    if lesson_id in lessons_done():
        return False
    learner = identity.current()
    if learner is None:
        st.session_state.setdefault(GUEST_LESSONS, set()).add(lesson_id)
    else:
        store_access.store().mark_lesson_done(learner.id, lesson_id)
    return True
