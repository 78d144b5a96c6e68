"""A class's dashboard on the Classes page, for its teachers: a row per learner (sortable, and
downloadable as a CSV file whose every cell is inert), the kinds of drill the class finds hardest,
and one learner's ratings over time with their games against each level."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from tutor.app.ui.class_views import dashboard_table, friend_games_table, levels_table, table_csv
from tutor.app.ui.classes_state import labelled_select
from tutor.app.ui.render import show_line_chart
from tutor.app.ui.session_keys import CLASS_CHART_LEARNER
from tutor.drills import KINDS
from tutor.language.i18n import Translator
from tutor.language.labels import drill_kind_name
from tutor.progress.rows import SavedGame
from tutor.progress.standing import Standing, kinds_to_work_on
from tutor.progress.stats import rating_series
from tutor.progress.store import Store
from tutor.progress.store_classes import Member, SchoolClass


def friend_games(school_class: SchoolClass, teacher_id: int, labels: Mapping[int, str],
                 games_of: Mapping[int, Sequence[SavedGame]], saved: Store, tr: Translator) -> None:
    """The class's games between classmates (challenges from the class page): who played whom, the
    result, each player's accuracy, and a link to each finished game's reviews."""
    tables = saved.class_friend_tables(teacher_id, school_class.id)
    st.subheader(tr.gettext("Games between classmates"))
    if not tables:
        st.caption(tr.gettext("No game yet: a learner challenges a classmate from this page."))
        return
    st.dataframe(friend_games_table(tables, labels, games_of, tr), hide_index=True, placeholder="—",
                 column_config={tr.gettext("Reviews"): st.column_config.LinkColumn(display_text=tr.gettext("Open"))})


def dashboard(school_class: SchoolClass, members: list[Member], standings: dict[int, Standing],
              lessons_total: int, labels: dict[int, str], saved: Store, tr: Translator) -> None:
    """Where each learner stands, the kinds to work on as a class, and one learner over time."""
    st.subheader(tr.gettext("Dashboard"))
    table = dashboard_table(members, standings, lessons_total, tr)
    st.dataframe(table, hide_index=True, placeholder="—")
    st.download_button(tr.gettext("Download the table (CSV)"), table_csv(table),
                       file_name=f"gin-tutor-class-{school_class.id}.csv", mime="text/csv", key="dashboard_csv")
    weak = kinds_to_work_on(list(standings.values()))
    if weak:
        named = [tr.gettext("{kind} ({right} right)", kind=drill_kind_name(kind, tr), right=tr.percent(right))
                 for kind, _, right in weak]
        st.markdown(tr.gettext("**The class's weakest kinds of drill:** {kinds}", kinds=tr.list_of(named)))
    one = labelled_select(tr.gettext("A learner over time"), labels, CLASS_CHART_LEARNER)
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
        st.dataframe(played, hide_index=True, placeholder="—")
