"""Progress: lessons done, accuracy per kind of drill over time, the current streak, and the
kinds of mistake made most."""

import streamlit as st

from tutor.app.ui import profile, state
from tutor.content.lessons import lessons
from tutor.language.labels import drill_kind_name, mistake_name
from tutor.progress.stats import accuracy_by_day, accuracy_by_kind, current_streak, mistakes_by_count

tr = state.translator()
learner = profile.current()

st.title(tr.gettext("Your progress"))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar to see your saved progress."))
    st.stop()
saved = profile.store()
attempts = saved.attempts(learner.id)
done = saved.lessons_done(learner.id)
course = lessons(tr.locale)

left, middle, right = st.columns(3)
passed = len([d for d in course if d.id in done])
left.metric(tr.gettext("Lessons done"), tr.gettext("{done} of {total}", done=tr.number(passed),
                                                     total=tr.number(len(course))))
middle.metric(tr.gettext("Drills answered"), tr.number(len(attempts)))
right.metric(tr.gettext("Current streak"), tr.number(current_streak(attempts)))

if done:
    st.markdown(tr.gettext("Lessons passed: {lessons}",
                           lessons=", ".join(tr.content(d.title) for d in course if d.id in done)))

st.subheader(tr.gettext("Accuracy per kind of drill"))
if not attempts:
    st.info(tr.gettext("No drill answered yet: try the Drills page."))
else:
    table = accuracy_by_day(attempts)
    chart = {drill_kind_name(kind, tr): {day: round(100 * share) for day, share in days.items()}
             for kind, days in table.items()}
    st.line_chart(chart, x_label=tr.gettext("Day"), y_label=tr.gettext("Right answers (%)"))
    rows = [{tr.gettext("Kind of drill"): drill_kind_name(kind, tr), tr.gettext("Answered"): tr.number(answered),
             tr.gettext("Right"): tr.percent(share)}
            for kind, (answered, share) in accuracy_by_kind(attempts).items()]
    st.table(rows)

st.subheader(tr.gettext("Mistakes made most"))
counted = mistakes_by_count(attempts)
if not counted:
    st.info(tr.gettext("No mistake recorded yet."))
else:
    st.table([{tr.gettext("Mistake"): mistake_name(code, tr), tr.gettext("Times"): tr.number(n)}
              for code, n in counted[:8]])
