"""Classes: the classes a learner is in, with their news, joining one with its code and leaving it;
and, for a teacher, their classes: making one, its codes, its learners with the real names the
teacher gives them, a dashboard (a row per learner, sortable and downloadable, the class's weakest
kinds, a learner's ratings over time), news to the class, accounts for young learners with a sheet of sign-in codes,
another teacher's class joined with its teacher code, renaming and archiving. A class is opened by
its address (``?class=ID``) only by one of its teachers. Every text a user typed (names, news) is
shown as plain text."""

import csv
import io

import streamlit as st

from tutor.app.ui import classes_state, identity, state, store_access
from tutor.app.ui.class_views import dashboard_table, learner_label, levels_table, table_csv
from tutor.app.ui.render import show_line_chart
from tutor.app.ui.safe import error_text, plain
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
from tutor.content.lessons import lessons
from tutor.drills import KINDS, LEVELS
from tutor.engine.rules import available_rulesets
from tutor.language.i18n import LANGUAGES
from tutor.language.labels import drill_kind_name, given_answer, level_name, ruleset_title
from tutor.language.play_text import bot_level_name
from tutor.play.bots import BOT_LEVELS
from tutor.progress.homework import (
    MOST_HANDS,
    MOST_PUZZLES,
    Assignment,
    Progress,
    best_move_share,
    games_accuracy,
    homework_games,
    progress,
    puzzles_for,
)
from tutor.progress.standing import standing, weakest_kinds
from tutor.progress.stats import rating_series
from tutor.progress.store_classes import CLASS_NAME_MAX, NEWS_MAX, REAL_NAME_MAX, SchoolClass

tr = state.translator()
learner = identity.current()
DATE_FORMAT = "DD/MM/YYYY" if tr.lang == "es" else "YYYY/MM/DD"  # day first in Spanish; year first in English
saved = store_access.store()

st.title(tr.gettext("Classes"))
if learner is None:
    st.info(tr.gettext("Sign in (in the sidebar) to join a class or to teach one.") if identity.sign_in_configured()
            else tr.gettext("Choose or create a profile in the sidebar to join a class or to teach one."))
    store_access.stop_page(tr)


def show_note() -> None:
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


def homework_line(assignment: Assignment, titles: dict[str, str]) -> str:
    """What a piece of homework asks, and when it is due (our own words: lesson titles, kinds)."""
    if assignment.kind == "lessons":
        names = tr.list_of([titles.get(lesson, lesson) for lesson in assignment.lessons])
        what = tr.ngettext("Lesson: {names}", "Lessons: {names}", len(assignment.lessons), names=names)
    elif assignment.kind == "mistakes":
        what = tr.ngettext("practise again {n} of your own mistakes", "practise again {n} of your own mistakes",
                           int(assignment.spec["count"]))
    elif assignment.kind == "addresses":
        what = tr.ngettext("{n} chosen puzzle", "{n} chosen puzzles", len(assignment.puzzles))
    elif assignment.kind == "hands":
        count = int(assignment.spec["count"])
        what = tr.ngettext("{n} hand against the {level} player", "{n} hands against the {level} player", count,
                           level=bot_level_name(str(assignment.spec["level"]), tr))
    else:
        count = int(assignment.spec["count"])
        what = tr.ngettext("{n} puzzle: {kind}, {level}", "{n} puzzles: {kind}, {level}", count,
                           kind=drill_kind_name(str(assignment.spec["kind"]), tr),
                           level=level_name(str(assignment.spec["level"]), tr))
    if assignment.due is None:
        return what
    return tr.gettext("{what} (due {day})", what=what, day=tr.day(assignment.due))


def progress_line(done: Progress) -> str:
    """How much of a piece of homework is done, and when it was finished."""
    if not done.total:
        return tr.gettext("Nothing to do: no mistake to practise yet")
    if done.finished is not None:
        return tr.gettext("Done ({day})", day=tr.day(done.finished.date()))
    return tr.gettext("{done} of {total} done", done=tr.number(done.done), total=tr.number(done.total))


def class_line(school_class: SchoolClass) -> str:
    """A class's name (made inert), its language and its ruleset."""
    return tr.gettext("{name} · {language} · {rules}", name=plain(school_class.name),
                      language=tr.language_in_text(school_class.language),
                      rules=ruleset_title(school_class.ruleset, tr))


show_note()

# --- The learner's classes -----------------------------------------------------------------------

st.header(tr.gettext("Your classes"))
joined = saved.classes_joined(learner.id)
if not joined:
    st.caption(tr.gettext("You are in no class yet. If your teacher gave you a class code, type it below."))
news = saved.learner_news(learner.id)
titles = {d.id: tr.content(d.title) for d in lessons(tr.locale)}
my_homework = saved.learner_assignments(learner.id) if joined else []
my_times = saved.lesson_times(learner.id) if my_homework else {}
my_answers = saved.attempts(learner.id) if my_homework else []
my_games = saved.games(learner.id) if any(a.kind == "hands" for a in my_homework) else []
for school_class in joined:
    with st.container(border=True):
        st.markdown(f"**{class_line(school_class)}**")
        for homework in [a for a in my_homework if a.class_id == school_class.id]:
            done = progress(homework, my_times, my_answers, my_games)
            st.markdown(tr.gettext("**Homework:** {what}", what=homework_line(homework, titles)))
            st.progress(done.done / done.total if done.total else 0.0, text=progress_line(done))
            if homework.kind == "lessons":
                for lesson, item in zip(homework.lessons, done.items, strict=True):
                    st.page_link("screens/lessons.py", label=titles.get(lesson, lesson) + (" ✓" if item.done else ""),
                                 query_params={"lesson": lesson, "lang": tr.lang})
            elif homework.kind == "hands":
                st.page_link("screens/play.py", label=tr.gettext("Play against the {level} player",
                                                                 level=bot_level_name(str(homework.spec["level"]), tr)),
                             query_params={"level": str(homework.spec["level"]), "rules": school_class.ruleset,
                                           "lang": tr.lang})
            else:
                mine = puzzles_for(homework, my_answers)
                for number, (puzzle, item) in enumerate(zip(mine, done.items, strict=True), start=1):
                    mark = "" if item.done is None else (" ✓" if item.right else " ✗")
                    st.page_link("screens/drills.py", label=tr.gettext("Puzzle {n}", n=tr.number(number)) + mark,
                                 query_params={**{k: str(v) for k, v in puzzle.items()}, "lang": tr.lang})
        for message in [n for n in news if n.class_id == school_class.id]:
            when = tr.day(message.posted.date()) if message.posted else ""
            st.caption(tr.gettext("Message from your teacher ({day}):", day=when))
            st.text(message.body)
        st.button(tr.gettext("Leave this class"), key=f"leave_class_{school_class.id}",
                  on_click=classes_state.leave, args=(school_class.id, school_class.name))
with st.form("join_class", clear_on_submit=False, border=False):
    st.text_input(tr.gettext("Class code"), key=CLASS_CODE, max_chars=20, placeholder="K7QX-2M9P")
    st.form_submit_button(tr.gettext("Join the class"), on_click=classes_state.join)

# --- Teaching --------------------------------------------------------------------------------------

st.header(tr.gettext("Teach"))
why_not = identity.may_teach()
if why_not is not None:
    st.info(tr.gettext(classes_state.MAY_NOT_TEACH[why_not]))
    st.stop()

taught = saved.classes_taught(learner.id)
with st.expander(tr.gettext("Make a class")), st.form("new_class", border=False):
    st.text_input(tr.gettext("Name of the class"), key=CLASS_NEW_NAME, max_chars=CLASS_NAME_MAX)
    st.segmented_control(tr.gettext("Language of the class"), list(LANGUAGES), key=CLASS_NEW_LANG,
                         default=tr.lang if tr.lang in LANGUAGES else LANGUAGES[0],
                         format_func=tr.language_in_text)
    rulesets = list(available_rulesets())
    st.selectbox(tr.gettext("Ruleset of the class"), rulesets, key=CLASS_NEW_RULES,
                 index=rulesets.index(state.ruleset().name) if state.ruleset().name in rulesets else 0,
                 format_func=lambda name: ruleset_title(name, tr))
    st.form_submit_button(tr.gettext("Make the class"), on_click=classes_state.create_class)
with st.expander(tr.gettext("Teach another teacher's class")), st.form("join_as_teacher", border=False):
    st.text_input(tr.gettext("Teacher code"), key=TEACHER_CODE, max_chars=20,
                  help=tr.gettext("The class's teacher finds it on this page, beside the class code."))
    st.form_submit_button(tr.gettext("Teach this class too"), on_click=classes_state.join_as_teacher)
if not taught:
    st.stop()

by_id = {c.id: c for c in taught}
asked = st.query_params.get("class")
if asked is not None and CLASS_CHOICE not in st.session_state:
    if asked.isdigit() and int(asked) in by_id:
        st.session_state[CLASS_CHOICE] = int(asked)
    else:
        st.warning(tr.gettext("None of your classes has that address: here is the first of yours."))
if st.session_state.get(CLASS_CHOICE) not in by_id:
    st.session_state[CLASS_CHOICE] = taught[0].id
st.selectbox(tr.gettext("Class"), list(by_id), key=CLASS_CHOICE,
             format_func=lambda cid: (tr.gettext("{name} (archived)", name=by_id[cid].name) if by_id[cid].archived
                                      else by_id[cid].name))
chosen = saved.taught_class(learner.id, int(st.session_state[CLASS_CHOICE]))
if chosen is None:  # taken from this teacher since the list was read
    st.stop()
st.query_params["class"] = str(chosen.id)

st.subheader(class_line(chosen))
teachers = saved.teachers_of(learner.id, chosen.id)
st.caption(tr.gettext("Teachers: {names}", names=plain(", ".join(teachers), most=400)))
codes = st.columns(2)
codes[0].metric(tr.gettext("Class code, for learners"), chosen.code or "—")
codes[1].metric(tr.gettext("Teacher code, for another teacher"), chosen.teacher_code or "—")
if chosen.archived:
    st.info(tr.gettext("This class is archived: its codes join no one, and its learners no longer see it."))

members = saved.members(learner.id, chosen.id)
by_member = {m.profile_id: m for m in members}
# Every learner's drill answers, lesson times and games, read once (a query each for the whole class)
# for the dashboard and the homework.
ids = list(by_member)
answers_read, times_read, games_read = saved.attempts_of(ids), saved.lesson_times_of(ids), saved.games_of(ids)
answers_of = {i: answers_read.get(i, []) for i in ids}
lesson_times_of = {i: times_read.get(i, {}) for i in ids}
games_of = {i: games_read.get(i, []) for i in ids}


def member_label(profile_id: int) -> str:
    """A learner of this class by their profile id (nothing for an id that is not one: forged, or gone)."""
    member = by_member.get(profile_id)
    return "" if member is None else learner_label(member)


st.markdown(tr.ngettext("**{n} learner**", "**{n} learners**", len(members)))
if members:
    st.dataframe({tr.gettext("Real name"): [m.real_name or "" for m in members],
                  tr.gettext("Profile"): [m.name for m in members],
                  tr.gettext("Joined"): [tr.day(m.joined.date()) if m.joined else "" for m in members]},
                 hide_index=True)
    if st.session_state.get(CLASS_LEARNER) not in by_member:  # a learner gone since, or a forged id
        st.session_state.pop(CLASS_LEARNER, None)
    with st.form("learner", border=True):
        st.selectbox(tr.gettext("Learner"), list(by_member), key=CLASS_LEARNER, format_func=member_label)
        st.text_input(tr.gettext("Real name (only this class's teachers see it)"), key=CLASS_REAL_NAME,
                      max_chars=REAL_NAME_MAX)
        left, right = st.columns(2)
        left.form_submit_button(tr.gettext("Save the real name"), on_click=classes_state.set_real_name)
        right.form_submit_button(tr.gettext("Remove from the class"), on_click=classes_state.remove)
else:
    st.caption(tr.gettext("No learner yet: give them the class code, or make accounts for them below."))

sheet = st.session_state.get(CLASS_SHEET)
if members:
    st.subheader(tr.gettext("Dashboard"))
    course = [d.id for d in lessons(tr.locale)]
    ratings_of, due_of = saved.ratings_of(ids), saved.due_counts(ids)
    standings = {i: standing([a for a in answers_of[i] if a.kind in KINDS],
                             {k: r for k, r in ratings_of.get(i, {}).items() if k in KINDS},
                             set(lesson_times_of[i]), course, due_of.get(i, 0), games_of[i]) for i in ids}
    table = dashboard_table(members, standings, len(course), tr)
    st.dataframe(table, hide_index=True)
    st.download_button(tr.gettext("Download the table (CSV)"), table_csv(table),
                       file_name=f"gin-tutor-class-{chosen.id}.csv", mime="text/csv")
    weak = weakest_kinds(list(standings.values()))
    if weak:
        named = [tr.gettext("{kind} ({right} right)", kind=drill_kind_name(kind, tr), right=tr.percent(right))
                 for kind, _, right in weak[:3]]
        st.markdown(tr.gettext("**The class's weakest kinds of drill:** {kinds}", kinds=tr.list_of(named)))
    if st.session_state.get("class_chart_learner") not in by_member:
        st.session_state.pop("class_chart_learner", None)
    one = st.selectbox(tr.gettext("A learner over time"), [m.profile_id for m in members],
                       format_func=member_label, key="class_chart_learner")
    history = rating_series([row for row in saved.rating_history(one) if row[0] in KINDS])
    if history:
        show_line_chart({drill_kind_name(kind, tr): points for kind, points in history.items()},
                        tr.gettext("Rated answers in each kind, in order"), tr.gettext("Rating"),
                        tr.gettext("The learner's rating in each kind of drill after each answer."), tr.locale)
    else:
        st.caption(tr.gettext("No rated answer yet."))
    played = levels_table(standings[one], tr)
    if played:
        st.caption(tr.gettext("Finished games against each level of the virtual player:"))
        st.dataframe(played, hide_index=True)

with st.expander(tr.gettext("Homework")):
    with st.form("homework_lessons_form", border=True):
        st.multiselect(tr.gettext("Lessons to pass"), list(titles), key=HOMEWORK_LESSONS,
                       format_func=lambda lesson: titles[lesson], placeholder=tr.gettext("Choose the lessons"))
        st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_LESSONS_DUE, format=DATE_FORMAT)
        st.form_submit_button(tr.gettext("Set these lessons"), on_click=classes_state.set_lessons_homework)
    with st.form("homework_puzzles_form", border=True):
        kind_column, level_column, count_column = st.columns(3)
        kind_column.selectbox(tr.gettext("Kind of puzzle"), list(KINDS), key=HOMEWORK_KIND,
                              format_func=lambda kind: drill_kind_name(kind, tr))
        level_column.selectbox(tr.gettext("Level"), list(LEVELS), key=HOMEWORK_LEVEL, index=1,
                               format_func=lambda level: level_name(level, tr))
        count_column.number_input(tr.gettext("How many"), min_value=1, max_value=MOST_PUZZLES, value=5,
                                  key=HOMEWORK_COUNT)
        st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_PUZZLES_DUE, format=DATE_FORMAT)
        st.form_submit_button(tr.gettext("Set this set of puzzles"), on_click=classes_state.set_puzzles_homework,
                              args=(chosen.ruleset,))
    with st.form("homework_addresses_form", border=True):
        st.text_area(tr.gettext("Puzzles chosen by their address, one per line (copy each from the Drills page)"),
                     key=HOMEWORK_ADDRESSES, height=100)
        st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_ADDRESSES_DUE, format=DATE_FORMAT)
        st.form_submit_button(tr.gettext("Set these puzzles"), on_click=classes_state.set_addresses_homework)
    with st.form("homework_mistakes_form", border=True):
        st.number_input(tr.gettext("Each learner's own latest mistakes to practise again: how many"), min_value=1,
                        max_value=MOST_PUZZLES, value=5, key=HOMEWORK_MISTAKES)
        st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_MISTAKES_DUE, format=DATE_FORMAT)
        st.form_submit_button(tr.gettext("Set their mistakes"), on_click=classes_state.set_mistakes_homework)
    with st.form("homework_hands_form", border=True):
        bot_column, hands_column = st.columns(2)
        bot_column.selectbox(tr.gettext("Against"), list(BOT_LEVELS), key=HOMEWORK_BOT,
                             format_func=lambda level: bot_level_name(level, tr))
        hands_column.number_input(tr.gettext("How many hands"), min_value=1, max_value=MOST_HANDS, value=3,
                                  key=HOMEWORK_HANDS)
        st.date_input(tr.gettext("Due (optional)"), value=None, key=HOMEWORK_HANDS_DUE, format=DATE_FORMAT)
        st.form_submit_button(tr.gettext("Set these hands"), on_click=classes_state.set_hands_homework)
    for homework in saved.assignments_of(learner.id, chosen.id):
        st.markdown(f"**{homework_line(homework, titles)}**")
        who = tr.gettext("Learner")
        puzzles = homework.kind in ("puzzles", "addresses", "mistakes")
        done_by = {m.profile_id: progress(homework, lesson_times_of[m.profile_id], answers_of[m.profile_id],
                                          games_of[m.profile_id]) for m in members}
        rows: list[dict[str, object]] = []
        for member in members:
            done = done_by[member.profile_id]
            row: dict[str, object] = {who: learner_label(member), tr.gettext("Progress"): progress_line(done)}
            if puzzles:
                for number, item in enumerate(done.items, start=1):
                    row[tr.number(number)] = "—" if item.done is None else ("✓" if item.right else "✗")
            if homework.kind == "hands":
                counted = homework_games(homework, games_of[member.profile_id])
                share, score = best_move_share(counted), games_accuracy(counted)
                row[tr.gettext("Coach's accuracy (%)")] = None if score is None else round(score)
                row[tr.gettext("Coach's best moves (%)")] = None if share is None else round(100 * share)
            rows.append(row)
        if rows:
            st.dataframe(rows, hide_index=True)
        if puzzles:
            every = [{who: learner_label(member), tr.gettext("Puzzle"): tr.number(number),
                      tr.gettext("Right at the first try"): "✓" if item.right else "✗",
                      tr.gettext("Answer given"): given_answer(item.kind, item.given, tr),
                      tr.gettext("Hints"): "" if item.hints is None else tr.number(item.hints)}
                     for member in members
                     for number, item in enumerate(done_by[member.profile_id].items, start=1)
                     if item.done is not None]
            if every:
                st.caption(tr.gettext("Every first answer, as given:"))
                st.dataframe(every, hide_index=True)
        st.button(tr.gettext("Take back this homework"), key=f"take_back_{homework.id}",
                  on_click=classes_state.take_back, args=(homework.id,))

with st.expander(tr.gettext("Accounts for young learners"), expanded=bool(sheet and sheet[0] == chosen.id)):
    st.caption(tr.gettext("For learners with no e-mail: type their names, one per line. Each gets a profile in this "
                          "class and a one-time sign-in code, valid for two weeks, to type in the sidebar under "
                          "“Profile”. Print or download the sheet now: the codes cannot be shown again."))
    with st.form("accounts", border=False):
        st.text_area(tr.gettext("Names, one per line"), key=CLASS_NAMES, height=120)
        st.form_submit_button(tr.gettext("Make the accounts"), on_click=classes_state.make_accounts)
    if sheet and sheet[0] == chosen.id:
        name_label, code_label = tr.gettext("Name"), tr.gettext("Sign-in code")
        st.dataframe({name_label: [n for n, _ in sheet[1]], code_label: [c for _, c in sheet[1]]}, hide_index=True)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([name_label, code_label])
        writer.writerows(sheet[1])
        st.download_button(tr.gettext("Download the sheet (CSV)"), out.getvalue().encode("utf-8-sig"),
                           file_name=f"gin-tutor-class-{chosen.id}-codes.csv", mime="text/csv")

with st.expander(tr.gettext("News to the class")):
    with st.form("news", border=False):
        st.text_area(tr.gettext("Message (plain text)"), key=CLASS_NEWS, max_chars=NEWS_MAX, height=100)
        st.form_submit_button(tr.gettext("Post"), on_click=classes_state.post_news)
    for message in saved.news_of(learner.id, chosen.id):
        st.caption(tr.day(message.posted.date()) if message.posted else "")
        st.text(message.body)

with st.expander(tr.gettext("Rename or archive")):
    with st.form("rename", border=False):
        st.text_input(tr.gettext("New name"), key=CLASS_RENAME, max_chars=CLASS_NAME_MAX)
        st.form_submit_button(tr.gettext("Rename"), on_click=classes_state.rename)
    if chosen.archived:
        st.button(tr.gettext("Bring the class back"), on_click=classes_state.archive, args=(False,))
    else:
        st.button(tr.gettext("Archive the class"), on_click=classes_state.archive, args=(True,))
