"""gin-tutor's Streamlit entry: the language, the ruleset, and the navigation between pages.

Run with ``streamlit run tutor/app/main.py``, ``gin-tutor app`` (or ``python3 dev.py app``). The pages live in
``tutor/app/screens/``; each reads like a description of its screen.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.app.ui import memory, profile_box, state, store_access
from tutor.app.ui.pages import NAVIGATION, screens
from tutor.app.ui.safe import plain
from tutor.app.ui.session_keys import TRANSLATOR
from tutor.language.labels import ruleset_title

SCREENS = Path(__file__).resolve().parent / "screens"

st.set_page_config(page_icon="🂡", layout="wide")  # each page's title (translated) names the browser tab

tr, bad_language = state.start_language()
st.session_state[TRANSLATOR] = tr
state.declare_page_language(tr.lang)
state.page_style()
menu = st.sidebar.container()  # the pages, drawn first in the sidebar once they are declared below
st.sidebar.markdown("### " + tr.content("gin-tutor"))
state.language_switch(tr)
if bad_language is not None:
    st.sidebar.warning(tr.gettext("There is no language “{code}”; the page is shown in {name}.",
                                  code=plain(bad_language), name=tr.language_in_text(tr.locale)))
_, bad_rules = state.start_ruleset(tr)
if bad_rules is not None:
    st.sidebar.warning(tr.gettext("There is no ruleset called “{name}”; showing {rules}.",
                                  name=plain(bad_rules), rules=ruleset_title(state.ruleset(), tr)))


profile_box.profile_box(tr)

home = screens()[0]
sections = {
    tr.gettext(section): [
        st.Page(SCREENS / screen.file, title=tr.gettext(screen.title), url_path=screen.url_path,
                default=screen is home)
        for screen in section_screens
    ]
    for section, section_screens in NAVIGATION.items()
}
# Streamlit's own page list is hidden (its markup puts <div>s in a <ul>, which screen readers and
# WCAG checkers reject); the same pages are listed with st.page_link, section by section.
home_page = sections[tr.gettext(next(iter(NAVIGATION)))][0]


def _to_home() -> None:
    """``/home``: the welcome page's old address, taken to ``/`` with its parameters."""
    st.switch_page(home_page, query_params=st.query_params.to_dict())


old_home = st.Page(_to_home, title=tr.gettext(home.title), url_path="home")
navigation = st.navigation([*(page for pages in sections.values() for page in pages), old_home],
                           position="hidden")
with menu.container(key="page_menu"):
    for section, pages in sections.items():
        st.caption(section)
        for page in pages:
            st.page_link(page)
try:
    navigation.run()
finally:  # say what this run could not save (a page that stops says it first: store_access.stop_page)
    memory.freeze_once()  # the process's first run: what lives for good is kept out of each collection
    store_access.fault_warning(tr)
