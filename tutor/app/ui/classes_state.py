"""The Classes page's shared actions and state: a learner joins or leaves a class; a teacher makes a
class, joins another teacher's, picks the class shown, and confirms what cannot be undone at a
click. Each action is a button's callback that asks the store (which checks that the teacher
teaches the class) and leaves a note to say once (:func:`show_note`). The parts of a class's page
own their own actions and keys: :mod:`~tutor.app.ui.class_settings` (codes, teachers, history,
news, name), :mod:`~tutor.app.ui.class_learners` (learners, accounts, sign-in codes) and
:mod:`~tutor.app.ui.class_homework`.

Class codes and teacher codes are guessed no faster than transfer codes: after a few wrong ones,
each makes the next try wait longer (:mod:`tutor.progress.throttle`), counted by browser (its
cookie) and by the client's address (:func:`tutor.progress.access.code_wait`).
"""

from __future__ import annotations

import json
import math
import zlib
from typing import Any

import streamlit as st

from tutor.app.ui import identity, store_access
from tutor.app.ui.class_text import class_label
from tutor.app.ui.safe import error_text, plain
from tutor.app.ui.session_keys import (
    CLASS_CHOICE,
    CLASS_CODE,
    CLASS_CONFIRM,
    CLASS_NEW_LANG,
    CLASS_NEW_NAME,
    CLASS_NEW_RULES,
    CLASS_NOTE,
    TEACHER_CODE,
)
from tutor.engine.errors import TutorError
from tutor.engine.rules import available_rulesets
from tutor.language.i18n import LANGUAGES, N_, Translator
from tutor.language.labels import ruleset_title
from tutor.progress.store_classes import CLASS_NAME_MAX, SchoolClass
from tutor.progress.store_profiles import Profile
from tutor.progress.throttle import Throttle

CODE_TRIES = (Throttle(), Throttle(free=identity.ADDRESS_FREE_TRIES), Throttle(free=identity.SCHOOL_FREE_TRIES))
"""Wrong class or teacher codes counted by browser, by the client's address (a school's pupils share
one) and by address for every browser at it (:func:`tutor.progress.access.code_wait`)."""

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
    "public": N_("Teaching needs private profiles: here anyone can open any profile by its name, so a class's "
                 "page would be open to its learners too. Whoever runs gin-tutor here can turn them on with "
                 "private_profiles = true in .streamlit/secrets.toml (or with a database server or sign-in): "
                 "see docs/teaching.md."),
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
    return who, identity.code_wait(who, CODE_TRIES)


def _counted(who: tuple[str, ...], right: bool) -> None:
    identity.count_code(who, right, CODE_TRIES)


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


def join_form(tr: Translator) -> None:
    """The form where a learner types a class code to join it."""
    with st.form("join_class", clear_on_submit=False, border=False):
        st.text_input(tr.gettext("Class code"), key=CLASS_CODE, max_chars=20, placeholder="K7QX-2M9P")
        st.form_submit_button(tr.gettext("Join the class"), on_click=join)


def new_class_forms(tr: Translator, ruleset: str) -> None:
    """The forms that make a class (its name, language and ruleset; ``ruleset`` chosen first) and
    that join another teacher's class with its teacher code."""
    with st.expander(tr.gettext("Make a class"), key="class_make_box"), st.form("new_class", border=False):
        st.text_input(tr.gettext("Name of the class"), key=CLASS_NEW_NAME, max_chars=CLASS_NAME_MAX)
        st.segmented_control(tr.gettext("Language of the class"), list(LANGUAGES), key=CLASS_NEW_LANG,
                             default=tr.lang if tr.lang in LANGUAGES else LANGUAGES[0],
                             format_func=tr.language_in_text)
        rulesets = list(available_rulesets())
        st.selectbox(tr.gettext("Ruleset of the class"), rulesets, key=CLASS_NEW_RULES,
                     index=rulesets.index(ruleset) if ruleset in rulesets else 0,
                     format_func=lambda name: ruleset_title(name, tr))
        st.form_submit_button(tr.gettext("Make the class"), on_click=create_class)
    with st.expander(tr.gettext("Teach another teacher's class"), key="class_teach_box"), \
            st.form("join_as_teacher", border=False):
        st.text_input(tr.gettext("Teacher code"), key=TEACHER_CODE, max_chars=20,
                      help=tr.gettext("The class's teacher finds it on this page, under “Show the teacher code”."))
        st.form_submit_button(tr.gettext("Teach this class too"), on_click=join_as_teacher)


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


def chosen() -> tuple[int, int] | None:
    """The teacher's profile id and the class they are looking at, for the parts of a class's page
    (None where the profile may not teach: the page says why)."""
    teacher = _teacher()
    choice = st.session_state.get(CLASS_CHOICE)
    return None if teacher is None or not isinstance(choice, int) else (teacher.id, choice)


def pick_class(taught: list[int], asked: str | None) -> tuple[int, bool]:
    """The class a teacher of ``taught`` (ids, at least one) looks at: the one chosen before, else the
    one the address asks for (``?class=ID``), else the first; and whether the address asked for one
    they do not teach (the page says so, and shows nothing of it)."""
    missed = False
    if asked is not None and CLASS_CHOICE not in st.session_state:
        if asked.isdigit() and int(asked) in taught:
            st.session_state[CLASS_CHOICE] = int(asked)
        else:
            missed = True
    if st.session_state.get(CLASS_CHOICE) not in taught:
        st.session_state[CLASS_CHOICE] = taught[0]
    return int(st.session_state[CLASS_CHOICE]), missed


def class_picker(taught: list[SchoolClass], asked: str | None, tr: Translator) -> int:
    """The selector of the class a teacher looks at (:func:`pick_class`), "(archived)" after an
    archived one's name; the id chosen. Warns where the address asked for a class not theirs."""
    _, missed = pick_class([c.id for c in taught], asked)
    if missed:
        st.warning(tr.gettext("None of your classes has that address: here is the first of yours."))
    return labelled_select(tr.gettext("Class"), {c.id: class_label(c, tr) for c in taught}, CLASS_CHOICE)


def labelled_select(label: str, labels: dict[int, str], choice_key: str) -> int:
    """A selector of ids shown by their ``labels``, whose choice lives in ``choice_key`` (the first id
    where it holds none of them); the id chosen. It is a new widget whenever its labels change (a
    class renamed or archived, a learner given a real name): a selector whose options change under
    one key loses the next click in the browser, whatever it is on (seen in Chromium: "Bring the
    class back" right after "Archive the class")."""
    if st.session_state.get(choice_key) not in labels:
        st.session_state[choice_key] = next(iter(labels))
    shown = f"{choice_key}_{zlib.crc32(json.dumps(labels, sort_keys=True).encode())}"
    st.session_state[shown] = st.session_state[choice_key]
    st.selectbox(label, list(labels), key=shown, format_func=labels.__getitem__, on_change=_picked,
                 args=(shown, choice_key))
    return int(st.session_state[choice_key])


def _picked(shown: str, choice_key: str) -> None:
    """Another id was picked in the selector ``shown``: it is the choice now."""
    st.session_state[choice_key] = st.session_state.get(shown)


def show_note(tr: Translator) -> None:
    """What the last action did, once."""
    shown = st.session_state.pop(CLASS_NOTE, None)
    if not shown:
        return
    kind, message, params = shown
    if kind == "tutor_error":
        st.error(error_text(message, tr))
        return
    if kind == "wait":
        seconds = int(params["seconds"])
        st.error(tr.ngettext("Too many wrong codes: wait {count} second before trying again.",
                             "Too many wrong codes: wait {count} seconds before trying again.", seconds, count=seconds))
        return
    text = tr.gettext(message, **{k: plain(v) if isinstance(v, str) else v for k, v in params.items()})
    (st.success if kind == "success" else st.error)(text)


# --- confirming what a click cannot undo --------------------------------------------------------

CONFIRM_QUESTIONS = {
    "leave_class": N_("Leave the class “{name}”? Its teachers will no longer see your work; you can join "
                      "again with its code."),
    "remove_learner": N_("Take {name} out of the class? They will no longer see it, and its teachers will no "
                         "longer see their work; their own progress stays theirs."),
    "remove_teacher": N_("Take {name} out of the class's teachers? They will no longer see the class."),
    "leave_teaching": N_("Stop teaching “{name}”? You will no longer see the class; its owner or another teacher "
                         "can give you its teacher code again."),
    "class_code": N_("Make a new class code for “{name}”? The old one will join no one; learners already in the "
                     "class stay."),
    "teacher_code": N_("Make a new teacher code for “{name}”? The old one will join no one; teachers already in "
                       "the class stay."),
}
"""The question asked before each action that a click cannot undo."""


def ask(action: str, class_id: int, subject: int, name: str) -> None:
    """Ask the user to confirm ``action`` (one of :data:`CONFIRM_QUESTIONS`) on ``subject`` (a
    profile id, or 0) of class ``class_id``; ``name`` names what it acts on."""
    st.session_state[CLASS_CONFIRM] = (action, class_id, subject, name)


def asked(action: str, class_id: int) -> tuple[int, str] | None:
    """The profile id and name ``action`` on class ``class_id`` waits to be confirmed for, if it does."""
    waiting = st.session_state.get(CLASS_CONFIRM)
    if not waiting or waiting[0] != action or waiting[1] != class_id:
        return None
    return int(waiting[2]), str(waiting[3])


def cancel() -> None:
    """Drop the action waiting to be confirmed."""
    st.session_state.pop(CLASS_CONFIRM, None)


def confirmed(action: str, subject: int | None = None) -> tuple[tuple[int, int], str] | None:
    """For the button that confirms ``action`` on the class shown: the teacher's profile id and the
    class, and the name the question named; None where that action (on ``subject``, when given) was
    not the one waiting, or the profile may not teach. The question is dropped either way."""
    mine = chosen()
    waiting = asked(action, mine[1]) if mine is not None else None
    cancel()
    if mine is None or waiting is None or (subject is not None and waiting[0] != subject):
        return None
    return mine, waiting[1]


def confirm_box(action: str, class_id: int, confirm_label: str, on_yes: Any, tr: Translator) -> None:
    """Where ``action`` waits to be confirmed for class ``class_id``: the question naming what it acts
    on, with ``confirm_label`` (which calls ``on_yes(profile id)``) and Cancel."""
    waiting = asked(action, class_id)
    if waiting is None:
        return
    subject, name = waiting
    with st.container(border=True):
        st.warning(tr.gettext(CONFIRM_QUESTIONS[action], name=plain(name)))
        yes, no = st.columns(2)
        yes.button(confirm_label, key=f"confirm_{action}_{class_id}", type="primary", on_click=on_yes,
                   args=(subject,))
        no.button(tr.gettext("Cancel"), key=f"cancel_{action}_{class_id}", on_click=cancel)


def leave(class_id: int) -> None:
    """Leave a class (a learner), once confirmed: its teachers no longer see them."""
    waiting = asked("leave_class", class_id)
    cancel()
    learner = identity.current()
    if waiting is not None and learner is not None and store_access.store().leave_class(learner.id, class_id):
        note("success", N_("You left the class “{name}”."), name=waiting[1])
