"""gin-tutor's Streamlit entry: the language, the ruleset, and the navigation between pages.

Run with ``streamlit run tutor/app/main.py``, ``gin-tutor app`` (or ``python3 dev.py app``). The pages live in
``tutor/app/screens/``; each reads like a description of its screen.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.language.labels import ruleset_title
from tutor.app.ui import profile, state

PAGES = Path(__file__).resolve().parent / "screens"

st.set_page_config(page_title="gin-tutor", page_icon="🂡", layout="wide")

tr, bad_language = state.start_language()
st.session_state["_translator"] = tr
state.declare_page_language(tr.lang)
st.sidebar.markdown("### " + tr.content("gin-tutor"))
state.language_switch(tr)
if bad_language is not None:
    st.sidebar.warning(tr.gettext("There is no language “{code}”; the page is shown in {name}.",
                                  code=bad_language, name=tr.language_name(tr.locale)))
_, bad_rules = state.start_ruleset(tr)
if bad_rules is not None:
    st.sidebar.warning(tr.gettext("There is no ruleset called “{name}”; showing {rules}.",
                                  name=bad_rules, rules=ruleset_title(state.ruleset().name, tr)))


def page(file: str, title: str, url_path: str, default: bool = False) -> st.Page:
    return st.Page(PAGES / file, title=title, url_path=url_path, default=default)


profile.profile_box(tr)

navigation = st.navigation({
    tr.gettext("Start"): [
        page("home.py", tr.gettext("Welcome"), "home", default=True),
    ],
    tr.gettext("Rules"): [
        page("rules.py", tr.gettext("Rules step by step"), "rules"),
        page("compare.py", tr.gettext("The three rulesets compared"), "compare"),
        page("ruleset.py", tr.gettext("About the ruleset"), "ruleset"),
        page("glossary.py", tr.gettext("Glossary"), "glossary"),
    ],
    tr.gettext("Learn"): [
        page("lessons.py", tr.gettext("Lessons"), "lessons"),
        page("review.py", tr.gettext("Review"), "review"),
        page("progress.py", tr.gettext("Your progress"), "progress"),
    ],
    tr.gettext("Practice"): [
        page("drills.py", tr.gettext("Drills"), "drills"),
        page("analyzer.py", tr.gettext("Hand analyzer"), "analyzer"),
    ],
})
navigation.run()
