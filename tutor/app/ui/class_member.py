"""The classes a learner is in, on the Classes page: each with its homework (links to the lessons,
puzzles and games it asks for, and how much is done), its teachers' news, and leaving it
(confirmed); and the form that joins a class with its code."""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from tutor.app.ui import classes_state, friend_state
from tutor.app.ui.class_text import class_line, homework_line, progress_line
from tutor.app.ui.classes_state import ask, confirm_box
from tutor.app.ui.session_keys import FRIEND_CHALLENGE
from tutor.language.i18n import Translator
from tutor.language.play_text import bot_level_name
from tutor.progress.homework import Assignment, progress, puzzles_for
from tutor.progress.rows import Attempt, SavedGame
from tutor.progress.store import Store
from tutor.progress.store_classes import SchoolClass
from tutor.progress.store_profiles import Profile


def your_classes(learner: Profile, saved: Store, titles: dict[str, str], tr: Translator) -> None:
    """Each class the learner is in, then the form to join one."""
    joined = saved.classes_joined(learner.id)
    if not joined:
        st.caption(tr.gettext("You are in no class yet. If your teacher gave you a class code, type it below."))
    news = saved.learner_news(learner.id)
    homework = saved.learner_assignments(learner.id) if joined else []
    times = saved.lesson_times(learner.id) if homework else {}
    answers = saved.attempts(learner.id) if homework else []
    games = saved.games(learner.id) if any(a.kind == "hands" for a in homework) else []
    for school_class in joined:
        with st.container(border=True):
            st.markdown(f"**{class_line(school_class, tr)}**")
            for piece in [a for a in homework if a.class_id == school_class.id]:
                _homework(school_class, piece, (times, answers, games), titles, tr)
            _challenges(learner, school_class, saved, tr)
            for message in [n for n in news if n.class_id == school_class.id]:
                when = tr.day(message.posted.date()) if message.posted else ""
                st.caption(tr.gettext("Message from your teacher ({day}):", day=when))
                st.text(message.body)
            st.button(tr.gettext("Leave this class"), key=f"leave_class_{school_class.id}", on_click=ask,
                      args=("leave_class", school_class.id, school_class.id, school_class.name))
            confirm_box("leave_class", school_class.id, tr.gettext("Yes, leave the class"), classes_state.leave, tr)
    classes_state.join_form(tr)


def _homework(school_class: SchoolClass, piece: Assignment,
              mine: tuple[dict[str, datetime], list[Attempt], list[SavedGame]], titles: dict[str, str],
              tr: Translator) -> None:
    """One piece of homework: what it asks, how much is done, and a link to each thing it asks for."""
    times, answers, games = mine
    done = progress(piece, times, answers, games)
    st.markdown(tr.gettext("**Homework:** {what}", what=homework_line(piece, titles, tr)))
    st.progress(done.done / done.total if done.total else 0.0, text=progress_line(done, tr))
    if piece.kind == "lessons":
        for lesson, item in zip(piece.lessons, done.items, strict=True):
            st.page_link("screens/lessons.py", label=titles.get(lesson, lesson) + (" ✓" if item.done else ""),
                         query_params={"lesson": lesson, "lang": tr.lang})
    elif piece.kind == "hands":
        st.page_link("screens/play.py", label=tr.gettext("Play against the {level} player",
                                                         level=bot_level_name(str(piece.spec["level"]), tr)),
                     query_params={"level": str(piece.spec["level"]), "rules": school_class.ruleset, "lang": tr.lang})
    else:
        for number, (puzzle, item) in enumerate(zip(puzzles_for(piece, answers), done.items, strict=True), start=1):
            mark = "" if item.done is None else (" ✓" if item.right else " ✗")
            st.page_link("screens/drills.py", label=tr.gettext("Puzzle {n}", n=tr.number(number)) + mark,
                         query_params={**{k: str(v) for k, v in puzzle.items()}, "lang": tr.lang})


def _challenges(learner: Profile, school_class: SchoolClass, saved: Store, tr: Translator) -> None:
    """Challenges from classmates waiting for the learner, and a classmate to challenge to a game
    (Play a friend, at a table only the classmate may sit at)."""
    for challenge in saved.challenges_for(learner.id):
        if challenge.class_id == school_class.id:
            host = challenge.seats[0]
            st.page_link("screens/friend.py", label=tr.gettext("{name} challenges you to a game: accept",
                                                                  name=host.name if host else ""),
                         query_params={"table": challenge.code, "lang": tr.lang})
    mates = saved.classmates(learner.id, school_class.id)
    if not mates:
        return
    names = dict(mates)
    pick, go = st.columns([3, 1], vertical_alignment="bottom")
    chosen = pick.selectbox(tr.gettext("Challenge a classmate to a game"), list(names),
                            key=f"{FRIEND_CHALLENGE}_{school_class.id}", format_func=lambda pid: names[pid])
    if go.button(tr.gettext("Challenge"), key=f"challenge_{school_class.id}") and chosen is not None:
        table = friend_state.challenge(school_class, chosen, tr)
        if table is not None:
            st.switch_page("screens/friend.py", query_params={"table": table.code, "lang": tr.lang})
