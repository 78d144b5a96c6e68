"""The Classes page's actions: a learner joins or leaves a class; a teacher makes a class, names and
removes its learners, posts news, makes accounts for young learners and joins another teacher's
class. Each is a button's callback that asks the store (which checks that the teacher teaches the
class) and leaves a note to say once (:data:`~tutor.app.ui.session_keys.CLASS_NOTE`).

Class codes and teacher codes are guessed no faster than transfer codes: after a few wrong ones,
each makes the next try wait longer (:mod:`tutor.progress.throttle`), counted by browser session
and by the client's address.
"""

from __future__ import annotations

import math
from datetime import date
from typing import Any
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from tutor.app.ui import identity, store_access
from tutor.app.ui.session_keys import (
    CLASS_CHOICE,
    CLASS_CODE,
    CLASS_LEARNER,
    CLASS_NAMES,
    CLASS_NEW_LANG,
    CLASS_NEW_NAME,
    CLASS_NEW_RULES,
    CLASS_NEWS,
    CLASS_NOTE,
    CLASS_REAL_NAME,
    CLASS_RENAME,
    CLASS_SHEET,
    HOMEWORK_ADDRESSES,
    HOMEWORK_ADDRESSES_DUE,
    HOMEWORK_BOT,
    HOMEWORK_COUNT,
    HOMEWORK_HANDS,
    HOMEWORK_HANDS_DUE,
    HOMEWORK_KIND,
    HOMEWORK_LESSONS,
    HOMEWORK_LESSONS_DUE,
    HOMEWORK_LEVEL,
    HOMEWORK_MISTAKES,
    HOMEWORK_MISTAKES_DUE,
    HOMEWORK_PUZZLES_DUE,
    TEACHER_CODE,
)
from tutor.drills import KINDS, LEVELS
from tutor.engine.errors import TutorError
from tutor.engine.rules import available_rulesets
from tutor.language.i18n import N_
from tutor.progress.homework import (
    MOST_HANDS,
    MOST_PUZZLES,
    HomeworkError,
    addresses_spec,
    hands_spec,
    lessons_spec,
    mistakes_spec,
    puzzles_spec,
)
from tutor.progress.store_profiles import Profile, ProfileNameError
from tutor.progress.throttle import Throttle

SESSION_TRIES = Throttle()
"""Wrong class or teacher codes counted by browser session."""
ADDRESS_TRIES = Throttle(free=identity.ADDRESS_FREE_TRIES)
"""Wrong class or teacher codes counted by the client's address (a school's pupils share one)."""
MOST_ACCOUNTS = 40
"""The most accounts for young learners made at once (a class)."""

JOIN_NOTES = {
    "unknown": N_("No class has that code. Check it with your teacher."),
    "archived": N_("That class is archived: it takes no one new."),
    "teacher": N_("You teach that class."),
    "member": N_("You are in that class already."),
    "unavailable": N_("Your progress cannot be saved just now: try again in a moment."),
}
"""What a learner is told when a code joins nothing (:class:`~tutor.progress.store_classes.Joined`)."""
NO_CODE = N_("Type the code first.")
"""What a learner is told who submits a code form with nothing typed."""
MAY_NOT_TEACH = {
    "sign_in": N_("Here only a signed-in account may teach: sign in with your school account first."),
    "not_listed": N_("This school lets only the accounts it lists teach classes. Ask whoever runs gin-tutor "
                     "here to add yours."),
}
"""Why a profile may not teach (:func:`~tutor.app.ui.identity.may_teach`), as the page and its forms say."""


def note(kind: str, message: str, **params: Any) -> None:
    """Leave a note for the page to show once: ``kind`` is ``success`` or ``error``, with ``message``
    a catalog message id whose text parameters the page makes inert (they may be a learner's); or
    ``wait``, with the ``seconds`` before the next code may be tried."""
    st.session_state[CLASS_NOTE] = (kind, message, params)


def note_error(error: TutorError) -> None:
    """Leave an input error (a name too long...) for the page to show once, in the learner's language."""
    st.session_state[CLASS_NOTE] = ("tutor_error", error, {})


def _who_waits() -> tuple[tuple[str, ...], float]:
    """Who is typing a class or teacher code, and how long they must still wait."""
    who = identity.who_is_typing()
    return who, identity.code_wait(who, SESSION_TRIES, ADDRESS_TRIES)


def _counted(who: tuple[str, ...], right: bool) -> None:
    identity.count_code(who, right, SESSION_TRIES, ADDRESS_TRIES)


def _teacher() -> Profile | None:
    """The profile a teacher's form acts for, or None when there is none or it may not teach: the
    page itself then says why, in place of its forms."""
    teacher = identity.current()
    return teacher if teacher is not None and identity.may_teach() is None else None


def _typed(key: str) -> str:
    """The code typed in the widget ``key``, or "" after leaving a note asking for one."""
    typed = str(st.session_state.get(key) or "").strip()
    if not typed:
        note("error", NO_CODE)
    return typed


def join() -> None:
    """Join a class with the code typed (a learner)."""
    learner = identity.current()  # None: the page asks for a profile in place of the form
    typed = _typed(CLASS_CODE) if learner is not None else ""
    if learner is None or not typed:
        return
    who, wait = _who_waits()
    if wait > 0:
        note("wait", "", seconds=math.ceil(wait))
        return
    joined = store_access.store().join_class(learner.id, typed)
    _counted(who, joined.problem != "unknown")
    st.session_state[CLASS_CODE] = ""
    if joined.problem is None and joined.school_class is not None:
        note("success", N_("You joined the class “{name}”."), name=joined.school_class.name)
    else:
        note("error", JOIN_NOTES[joined.problem or "unavailable"])


def leave(class_id: int, name: str) -> None:
    """Leave a class (a learner): its teachers no longer see them."""
    learner = identity.current()
    if learner is not None and store_access.store().leave_class(learner.id, class_id):
        note("success", N_("You left the class “{name}”."), name=name)


def join_as_teacher() -> None:
    """Join a class as one more of its teachers, with its teacher code."""
    teacher = _teacher()
    typed = _typed(TEACHER_CODE) if teacher is not None else ""
    if teacher is None or not typed:
        return
    who, wait = _who_waits()
    if wait > 0:
        note("wait", "", seconds=math.ceil(wait))
        return
    joined = store_access.store().join_as_teacher(teacher.id, typed)
    _counted(who, joined.problem != "unknown")
    st.session_state[TEACHER_CODE] = ""
    if joined.school_class is not None and joined.problem in (None, "member"):
        st.session_state[CLASS_CHOICE] = joined.school_class.id
        note("success", N_("You teach the class “{name}”."), name=joined.school_class.name)
    else:
        note("error", N_("No class has that teacher code.") if joined.problem == "unknown"
             else JOIN_NOTES[joined.problem or "unavailable"])


def create_class() -> None:
    """Make a class with the name, language and ruleset chosen (a teacher)."""
    teacher = _teacher()
    if teacher is None:
        return
    try:
        made = store_access.store().create_class(teacher.id, str(st.session_state.get(CLASS_NEW_NAME) or ""),
                                            str(st.session_state.get(CLASS_NEW_LANG) or "es"),
                                            str(st.session_state.get(CLASS_NEW_RULES) or "classic"))
    except TutorError as error:
        note_error(error)
        return
    if made is None:
        note("error", JOIN_NOTES["unavailable"])
        return
    st.session_state[CLASS_NEW_NAME] = ""
    st.session_state[CLASS_CHOICE] = made.id
    note("success", N_("The class “{name}” is ready. Give your learners its code: {code}."), name=made.name,
         code=made.code)


def _chosen() -> tuple[int, int] | None:
    """The teacher's profile id and the class they are looking at."""
    teacher = identity.current()
    chosen = st.session_state.get(CLASS_CHOICE)
    return None if teacher is None or not isinstance(chosen, int) else (teacher.id, chosen)


def rename() -> None:
    chosen = _chosen()
    if chosen is None:
        return
    try:
        done = store_access.store().rename_class(*chosen, str(st.session_state.get(CLASS_RENAME) or ""))
    except TutorError as error:
        note_error(error)
        return
    if done:
        note("success", N_("The class is renamed."))


def archive(archived: bool) -> None:
    chosen = _chosen()
    if chosen is not None and store_access.store().archive_class(*chosen, archived=archived):
        note("success", N_("The class is archived: its codes join no one, and its learners no longer see it.")
             if archived else N_("The class is back: its codes work again."))


def set_real_name() -> None:
    chosen = _chosen()
    learner = st.session_state.get(CLASS_LEARNER)
    if chosen is None or not isinstance(learner, int):
        return
    try:
        done = store_access.store().set_real_name(*chosen, learner, str(st.session_state.get(CLASS_REAL_NAME) or ""))
    except TutorError as error:
        note_error(error)
        return
    if done:
        st.session_state[CLASS_REAL_NAME] = ""
        note("success", N_("The real name is saved."))


def remove() -> None:
    chosen = _chosen()
    learner = st.session_state.get(CLASS_LEARNER)
    if chosen is not None and isinstance(learner, int) and store_access.store().remove_member(*chosen, learner):
        st.session_state.pop(CLASS_LEARNER, None)
        note("success", N_("The learner is out of the class; their own progress stays theirs."))


def post_news() -> None:
    chosen = _chosen()
    if chosen is None:
        return
    try:
        done = store_access.store().post_news(*chosen, str(st.session_state.get(CLASS_NEWS) or ""))
    except TutorError as error:
        note_error(error)
        return
    if done:
        st.session_state[CLASS_NEWS] = ""
        note("success", N_("The message is posted: the class's learners see it on their home page."))


def make_accounts() -> None:
    """Accounts for young learners, one per name typed (one per line), with their sign-in codes."""
    chosen = _chosen()
    names = [line.strip() for line in str(st.session_state.get(CLASS_NAMES) or "").splitlines() if line.strip()]
    if chosen is None or not names:
        return
    if len(names) > MOST_ACCOUNTS:
        note("error", N_("At most {most} accounts at once."), most=MOST_ACCOUNTS)
        return
    try:
        sheet = store_access.store().create_learners(*chosen, names)
    except ProfileNameError as error:
        note_error(error)
        return
    if sheet:
        st.session_state[CLASS_NAMES] = ""
        st.session_state[CLASS_SHEET] = (chosen[1], [(line.name, line.code) for line in sheet])


def _due(key: str) -> date | None:
    chosen = st.session_state.get(key)
    return chosen if isinstance(chosen, date) else None


def _set_homework(kind: str, spec: dict[str, Any], due: date | None) -> None:
    chosen = _chosen()
    if chosen is None:
        return
    if store_access.store().create_assignment(*chosen, kind, spec, due) is not None:
        note("success", N_("The homework is set: the class's learners see it on their Classes page."))


def set_lessons_homework() -> None:
    """Set the lessons chosen as homework."""
    try:
        spec = lessons_spec(list(st.session_state.get(HOMEWORK_LESSONS) or []))
    except HomeworkError:
        note("error", N_("Choose at least one lesson."))
        return
    _set_homework("lessons", spec, _due(HOMEWORK_LESSONS_DUE))
    st.session_state[HOMEWORK_LESSONS] = []


def set_puzzles_homework(ruleset: str) -> None:
    """Set a set of puzzles of the kind, level and count chosen, under ``ruleset`` (the class's)."""
    try:
        spec = puzzles_spec(str(st.session_state.get(HOMEWORK_KIND)), str(st.session_state.get(HOMEWORK_LEVEL)),
                            int(st.session_state.get(HOMEWORK_COUNT) or 0), ruleset)
    except (HomeworkError, ValueError):
        note("error", N_("A set of puzzles has 1 to {most} of them."), most=MOST_PUZZLES)
        return
    _set_homework("puzzles", spec, _due(HOMEWORK_PUZZLES_DUE))


def set_hands_homework() -> None:
    """Set a number of hands against the level chosen."""
    try:
        spec = hands_spec(str(st.session_state.get(HOMEWORK_BOT)), int(st.session_state.get(HOMEWORK_HANDS) or 0))
    except (HomeworkError, ValueError):
        note("error", N_("Set 1 to {most} hands."), most=MOST_HANDS)
        return
    _set_homework("hands", spec, _due(HOMEWORK_HANDS_DUE))


def read_address(line: str) -> dict[str, str] | None:
    """A puzzle's address as pasted from the Drills page (the whole link, or what follows ``?``):
    its drill, seed, level and ruleset, each one this version knows; None where it is not one."""
    text = line.strip()
    query = urlsplit(text).query if "?" in text else text
    fields = {key: values[0] for key, values in parse_qs(query).items() if values}
    address = {key: fields.get(key, "") for key in ("drill", "seed", "level", "rules")}
    if (address["drill"] not in KINDS or address["level"] not in LEVELS or not address["seed"].isdigit()
            or address["rules"] not in available_rulesets()):
        return None
    return address


def set_addresses_homework() -> None:
    """Set the puzzles whose addresses were pasted, one per line."""
    lines = [line for line in str(st.session_state.get(HOMEWORK_ADDRESSES) or "").splitlines() if line.strip()]
    addresses = [read_address(line) for line in lines]
    bad = [number for number, address in enumerate(addresses, start=1) if address is None]
    if bad:
        note("error", N_("Line {line} is not a puzzle's address: copy it from the Drills page."), line=bad[0])
        return
    try:
        spec = addresses_spec([a for a in addresses if a is not None])
    except HomeworkError:
        note("error", N_("A set of puzzles has 1 to {most} of them."), most=MOST_PUZZLES)
        return
    _set_homework("addresses", spec, _due(HOMEWORK_ADDRESSES_DUE))
    st.session_state[HOMEWORK_ADDRESSES] = ""


def set_mistakes_homework() -> None:
    """Set each learner their own latest mistakes to practise again."""
    try:
        spec = mistakes_spec(int(st.session_state.get(HOMEWORK_MISTAKES) or 0))
    except (HomeworkError, ValueError):
        note("error", N_("A set of puzzles has 1 to {most} of them."), most=MOST_PUZZLES)
        return
    _set_homework("mistakes", spec, _due(HOMEWORK_MISTAKES_DUE))


def take_back(assignment_id: int) -> None:
    """Take back a piece of homework."""
    teacher = identity.current()
    if teacher is not None and store_access.store().remove_assignment(teacher.id, assignment_id):
        note("success", N_("The homework is taken back."))
