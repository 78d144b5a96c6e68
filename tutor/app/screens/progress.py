"""Progress: lessons done, the rating of each kind of drill over time and the weakest situation
(with a button that practises it), accuracy per kind of drill over time, the current streak, the kinds of
mistake made most, games played and won against the virtual player, the coach's agreement over
time, any saved game replayed move by move with the engine's view beside it, and, for a learner in a
class, their own row of the class's dashboard (nothing of other learners)."""

from datetime import date

import streamlit as st

from tutor.app.ui import drill_state, identity, state, store_access
from tutor.app.ui.class_views import dashboard_table
from tutor.app.ui.render import show_line_chart
from tutor.app.ui.replay import show_replay
from tutor.content.lessons import course_status, lessons
from tutor.drills import KINDS
from tutor.drills.practice import practice_session, weakest_situation
from tutor.language.labels import drill_kind_name, mistake_name, ruleset_title
from tutor.language.play_text import bot_level_name
from tutor.progress.standing import standing
from tutor.progress.stats import (
    DAILY_GOAL,
    accuracy_by_day,
    accuracy_by_kind,
    agreement_by_day,
    answered_on,
    current_streak,
    day_streak,
    games_record,
    mistakes_by_count,
    rating_series,
)
from tutor.progress.store_classes import Member

tr = state.translator()
learner = identity.current()

st.title(tr.gettext("Your progress"))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar to see your saved progress."))
    store_access.stop_page(tr)
saved = store_access.store()
attempts = saved.attempts(learner.id)
known = [a for a in attempts if a.kind in KINDS]  # a kind a newer version added counts, but has no title here
done = saved.lessons_done(learner.id)
course = lessons(tr.locale)

games = saved.games(learner.id)
ratings = {kind: r for kind, r in saved.ratings(learner.id).items() if kind in KINDS}  # not a newer version's
today = saved.clock().date()
active_days = {a.at.date() for a in attempts} | {g.updated.date() for g in games}
today_count = answered_on(attempts, today)

first, second, third, fourth = st.columns(4)
passed = len([d for d in course if d.id in done])
first.metric(tr.gettext("Lessons done"), tr.gettext("{done} of {total}", done=tr.number(passed),
                                                      total=tr.number(len(course))))
second.metric(tr.gettext("Day streak"), tr.ngettext("{n} day", "{n} days", day_streak(active_days, today)),
              help=tr.gettext("Days in a row on which you practised (drills, lessons or games)."))
third.metric(tr.gettext("Right answers in a row"), tr.number(current_streak(attempts)))
fourth.metric(tr.gettext("Drills answered"), tr.number(len(attempts)))

st.markdown(tr.gettext("**Today's goal:** {done} of {goal} answers", done=tr.number(min(today_count, DAILY_GOAL)),
                       goal=tr.number(DAILY_GOAL)))
st.progress(min(today_count, DAILY_GOAL) / DAILY_GOAL)

if saved.classes_joined(learner.id):  # what a class's teachers see of this learner, and nothing of others
    st.header(tr.gettext("What your teachers see"))
    st.caption(tr.gettext("Your row of your classes' dashboard, as your teachers see it (they also see the real "
                          "name they gave you)."))
    mine = standing(known, ratings, done,
                    [d.id for d in course], len(saved.due(learner.id)), games)
    [row] = dashboard_table([Member(learner.id, learner.name, None, None)], {learner.id: mine}, len(course), tr)
    shown = {k: v for k, v in row.items() if k != tr.gettext("Real name")}
    # One row of twelve columns, turned on its side: it fits a phone's width, and nothing is left empty.
    st.dataframe({tr.gettext("Column"): list(shown), tr.gettext("Your row"): [
        "—" if v is None or v == "" else tr.day(v) if isinstance(v, date) else
        str(tr.number(v) if isinstance(v, int) else v) for v in shown.values()]},
        hide_index=True)

st.header(tr.gettext("The course"))
status = course_status([d.id for d in course], done)
marks = {"done": "✓", "open": "→", "later": "○"}
st.markdown("\n".join(f"{i}. {marks[status[d.id]]} {tr.content(d.title)}" for i, d in enumerate(course, start=1)))

st.header(tr.gettext("Skills"))
if not ratings:
    st.caption(tr.gettext("Answer a few drills: each kind gets a rating that follows your answers (Glicko-2, as "
                          "Lichess rates its puzzles)."))
else:
    st.table([{tr.gettext("Kind of drill"): drill_kind_name(kind, tr),
               tr.gettext("Rating"): tr.gettext("{rating} ± {margin}", rating=tr.number(round(r.rating)),
                                                margin=tr.number(round(2 * r.deviation)))}
              for kind, r in sorted(ratings.items(), key=lambda item: -item[1].rating)])
    history = rating_series([row for row in saved.rating_history(learner.id) if row[0] in KINDS])
    series = {drill_kind_name(kind, tr): points for kind, points in history.items()}
    show_line_chart(series, tr.gettext("Rated answers in each kind, in order"), tr.gettext("Rating"),
                    tr.gettext("Your rating in each kind of drill after each answer."), tr.locale)
weakest = weakest_situation(known)
if weakest is not None:
    kind, mistake, times = weakest
    what = mistake_name(mistake, tr) if mistake else drill_kind_name(kind, tr)
    st.markdown(tr.ngettext("**Weakest situation:** {what} ({kind}), missed {n} time.",
                            "**Weakest situation:** {what} ({kind}), missed {n} times.", times, what=what,
                            kind=drill_kind_name(kind, tr)))
    if st.button(tr.gettext("Practise it"), key="progress_practise_weakest", icon=":material/replay:"):
        chosen = [a for a in known if not a.correct and (a.kind, a.mistake or "") == (kind, mistake)]
        drill_state.start_practice(practice_session(chosen, key=f"{learner.id}/{state.new_seed()}"))
        st.switch_page("screens/drills.py")

st.header(tr.gettext("Accuracy per kind of drill"))
if not attempts:
    st.info(tr.gettext("No drill answered yet: try the Drills page."))
else:
    table = accuracy_by_day(known)
    chart = {drill_kind_name(kind, tr): {day: round(100 * share) for day, share in days.items()}
             for kind, days in table.items()}
    st.bar_chart(chart, x_label=tr.gettext("Day"), y_label=tr.gettext("Right answers (%)"), stack=False)
    rows = [{tr.gettext("Kind of drill"): drill_kind_name(kind, tr), tr.gettext("Answered"): tr.number(answered),
             tr.gettext("Right"): tr.percent(share)}
            for kind, (answered, share) in accuracy_by_kind(known).items()]
    st.table(rows)
    if len(known) < len(attempts):
        st.caption(tr.ngettext("{n} answer is of a kind of drill this version of gin-tutor does not know: it "
                               "counts in the totals above but is not shown per kind.",
                               "{n} answers are of kinds of drill this version of gin-tutor does not know: they "
                               "count in the totals above but are not shown per kind.",
                               len(attempts) - len(known)))

st.header(tr.gettext("Mistakes made most"))
counted = mistakes_by_count(known)
if not counted:
    st.info(tr.gettext("No mistake recorded yet."))
else:
    st.table([{tr.gettext("Mistake"): mistake_name(code, tr), tr.gettext("Times"): tr.number(n)}
              for code, n in counted[:8]])

st.header(tr.gettext("Games against the virtual player"))
record = games_record(games)
if not games:
    st.info(tr.gettext("No game played yet: try the Play page."))
else:
    if record:
        st.table([{tr.gettext("Level"): bot_level_name(level, tr), tr.gettext("Ruleset"): ruleset_title(ruleset, tr),
                   tr.gettext("Played"): tr.number(played), tr.gettext("Won"): tr.number(won)}
                  for level, ruleset, played, won in record])
    agreement = agreement_by_day(games)
    decided = sum(g.decisions for g in games)
    if decided:
        st.metric(tr.gettext("Your choices the coach graded best"),
                  tr.percent(sum(g.agreed for g in games) / decided),
                  help=tr.ngettext("Over {n} decision in your games.", "Over {n} decisions in your games.", decided))
    if len(agreement) > 1:
        st.markdown(tr.gettext("**How often the coach graded your choice best**"))
        st.line_chart({tr.gettext("Agreement with the coach (%)"): {day: round(100 * share)
                                                                     for day, share in agreement.items()}},
                      x_label=tr.gettext("Day"), y_label=tr.gettext("Agreement (%)"))
    show_replay(games, tr, learner.id)
