"""A class's homework on the Classes page, for its teachers: first what each learner has done of each
piece (a row per learner, then every first answer with the right one, the mistake the drill named
and a link to the puzzle, and a CSV file of it), then the forms that set new homework of the five
kinds; and what each of these buttons does."""

from __future__ import annotations

from datetime import date
from typing import Any
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from tutor.app.ui import store_access
from tutor.app.ui.class_text import homework_line, progress_line
from tutor.app.ui.class_views import answer_rows, homework_rows, table_csv
from tutor.app.ui.classes_state import chosen, note
from tutor.app.ui.session_keys import (
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
)
from tutor.drills import KINDS, LEVELS
from tutor.engine.rules import available_rulesets
from tutor.language.i18n import N_, Translator
from tutor.language.labels import drill_kind_name, level_name
from tutor.language.play_text import bot_level_name
from tutor.play.bots import BOT_LEVELS
from tutor.progress.homework import (
    MOST_HANDS,
    MOST_PUZZLES,
    HomeworkError,
    Progress,
    addresses_spec,
    hands_spec,
    lessons_spec,
    mistakes_spec,
    progress,
    puzzles_for,
    puzzles_spec,
)
from tutor.progress.rows import Attempt, SavedGame
from tutor.progress.store_classes import Member, SchoolClass


def results(school_class: SchoolClass, teacher_id: int, members: list[Member], labels: dict[int, str],
            reads: tuple[dict[int, list[Attempt]], dict[int, dict[str, Any]], dict[int, list[SavedGame]]],
            titles: dict[str, str], tr: Translator) -> None:
    """Each piece of homework, newest first: a row per learner, then every first answer given (to go
    over mistakes), a CSV file of both, and a button to take it back."""
    answers_of, lesson_times_of, games_of = reads
    pieces = store_access.store().assignments_of(teacher_id, school_class.id)
    st.subheader(tr.gettext("Homework"))
    if not pieces:
        st.caption(tr.gettext("No homework yet: set some below."))
    for homework in pieces:
        with st.container(border=True):
            st.markdown(f"**{homework_line(homework, titles, tr)}**")
            done_by: dict[int, Progress] = {
                m.profile_id: progress(homework, lesson_times_of[m.profile_id], answers_of[m.profile_id],
                                       games_of[m.profile_id]) for m in members}
            texts = {pid: progress_line(done, tr) for pid, done in done_by.items()}
            rows = homework_rows(homework, members, done_by, games_of, labels, tr, texts)
            if rows:
                st.dataframe(rows, hide_index=True, placeholder="—")
            every: list[dict[str, object]] = []
            whole = rows
            if homework.kind in ("puzzles", "addresses", "mistakes"):
                puzzles_of = {m.profile_id: puzzles_for(homework, answers_of[m.profile_id]) for m in members}
                every = answer_rows(members, done_by, puzzles_of, labels, tr)
                whole = answer_rows(members, done_by, puzzles_of, labels, tr, undone=True)
            if every:
                st.caption(tr.gettext("Every first answer, as given, beside the engine's:"))
                opened = tr.gettext("Open")
                st.dataframe(every, hide_index=True, placeholder="—", column_config={
                    opened: st.column_config.LinkColumn(opened, display_text=tr.gettext("the puzzle"))})
            if rows:
                st.download_button(tr.gettext("Download this homework (CSV)"), table_csv(whole),
                                   file_name=f"gin-tutor-class-{school_class.id}-homework-{homework.id}.csv",
                                   mime="text/csv", key=f"homework_csv_{homework.id}")
            st.button(tr.gettext("Take back this homework"), key=f"take_back_{homework.id}", on_click=take_back,
                      args=(homework.id,))


def forms(school_class: SchoolClass, titles: dict[str, str], date_format: str, tr: Translator) -> None:
    """The forms that set homework: lessons, a set of puzzles, chosen puzzles, each learner's own
    mistakes, hands against a level; each with an optional due date."""
    with st.expander(tr.gettext("Set homework"), key="class_set_homework"):
        with st.form("homework_lessons_form", border=True):
            st.multiselect(tr.gettext("Lessons to pass"), list(titles), key=HOMEWORK_LESSONS,
                           format_func=lambda lesson: titles[lesson], placeholder=tr.gettext("Choose the lessons"))
            st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_LESSONS_DUE, format=date_format)
            st.form_submit_button(tr.gettext("Set these lessons"), on_click=set_lessons_homework)
        with st.form("homework_puzzles_form", border=True):
            kind_column, level_column, count_column = st.columns(3)
            kind_column.selectbox(tr.gettext("Kind of puzzle"), list(KINDS), key=HOMEWORK_KIND,
                                  format_func=lambda kind: drill_kind_name(kind, tr))
            level_column.selectbox(tr.gettext("Level"), list(LEVELS), key=HOMEWORK_LEVEL, index=1,
                                   format_func=lambda level: level_name(level, tr))
            count_column.number_input(tr.gettext("How many"), min_value=1, max_value=MOST_PUZZLES, value=5,
                                      key=HOMEWORK_COUNT)
            st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_PUZZLES_DUE, format=date_format)
            st.form_submit_button(tr.gettext("Set this set of puzzles"), on_click=set_puzzles_homework,
                                  args=(school_class.ruleset,))
        with st.form("homework_addresses_form", border=True):
            st.text_area(tr.gettext("Puzzles chosen by their address, one per line (copy each from the Drills page)"),
                         key=HOMEWORK_ADDRESSES, height=100)
            st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_ADDRESSES_DUE, format=date_format)
            st.form_submit_button(tr.gettext("Set these puzzles"), on_click=set_addresses_homework)
        with st.form("homework_mistakes_form", border=True):
            st.number_input(tr.gettext("Each learner's own latest mistakes to practise again: how many"),
                            min_value=1, max_value=MOST_PUZZLES, value=5, key=HOMEWORK_MISTAKES)
            st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_MISTAKES_DUE, format=date_format)
            st.form_submit_button(tr.gettext("Set their mistakes"), on_click=set_mistakes_homework)
        with st.form("homework_hands_form", border=True):
            bot_column, hands_column = st.columns(2)
            bot_column.selectbox(tr.gettext("Against"), list(BOT_LEVELS), key=HOMEWORK_BOT,
                                 format_func=lambda level: bot_level_name(level, tr))
            hands_column.number_input(tr.gettext("How many hands"), min_value=1, max_value=MOST_HANDS, value=3,
                                      key=HOMEWORK_HANDS)
            st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_HANDS_DUE, format=date_format)
            st.form_submit_button(tr.gettext("Set these hands"), on_click=set_hands_homework)


# --- what the buttons do ------------------------------------------------------------------------

def _due(key: str) -> date | None:
    chosen = st.session_state.get(key)
    return chosen if isinstance(chosen, date) else None


def _set_homework(kind: str, spec: dict[str, Any], due: date | None) -> None:
    mine = chosen()
    if mine is None:
        return
    if store_access.store().create_assignment(*mine, kind, spec, due) is not None:
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
    mine = chosen()
    if mine is not None and store_access.store().remove_assignment(mine[0], assignment_id):
        note("success", N_("The homework is taken back."))
