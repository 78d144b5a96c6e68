"""The rules step by step: one section at a time (``?section=ID``), with a list of contents that
links every section, the sources, the section's text and the examples the engine lays out, and
links to the previous and next sections; after the last one, the course and the table."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.pages import link, rules_section_url
from tutor.app.ui.render import show_document
from tutor.app.ui.safe import plain
from tutor.base.resources import data_dir
from tutor.content.documents import load_documents
from tutor.engine.rules import SOURCES
from tutor.language.labels import option_label, option_value, ruleset_title, source_title

tr = state.translator()
sections = load_documents(data_dir() / "reference" / tr.locale)
ids = [doc.id for doc in sections]

asked = st.query_params.get("section")
if asked is not None and asked not in ids:
    st.warning(tr.gettext("There is no section “{section}” in the rules. Here is the first one.", section=plain(asked)))
    asked = None
current = ids.index(asked) if asked else 0
st.query_params["section"] = ids[current]
document = sections[current]

st.title(tr.gettext("The rules, step by step"))
st.markdown(tr.gettext(
    "Each section builds on the one before. Every example hand below is laid out and counted by "
    "the rules engine as you read it. Where the sources leave a question open, the answer this "
    "tutor uses is marked as gin-tutor's interpretation."))
with st.expander(tr.gettext("Contents and sources"), expanded=current == 0):
    entries = [f"**{tr.content(doc.title)}**" if doc is document
               else link(tr.content(doc.title), rules_section_url(doc.id)) for doc in sections]
    st.markdown("\n".join(f"{i}. {entry}" for i, entry in enumerate(entries, start=1)), unsafe_allow_html=True)
    st.markdown(tr.gettext("The three source texts, all in Spanish:"))
    st.markdown("\n".join(f"- {source_title(s, tr)}" for s in SOURCES))

st.caption(tr.gettext("Section {n} of {total}", n=tr.number(current + 1), total=tr.number(len(sections))))
if document.options:  # the section's rules under the ruleset chosen in the sidebar
    rules = state.ruleset()
    ours = " (" + tr.gettext("gin-tutor's interpretation") + ")"
    with st.container(border=True, key="rules_chosen"):
        st.markdown(tr.gettext("**Under the {rules} rules you chose:**", rules=ruleset_title(rules, tr)))
        st.markdown("\n".join(
            f"- {option_label(option, tr)}: **{option_value(getattr(rules, option), tr)}**"
            + (ours if rules.is_interpretation(option) else "")
            for option in document.options if rules.applies(option)))
        st.caption(tr.gettext("Choose another ruleset in the sidebar to see how it differs."))
show_document(document, tr)

st.divider()
before, after = st.columns(2)
if current > 0:
    previous = sections[current - 1]
    before.markdown("← " + link(tr.content(previous.title), rules_section_url(previous.id)), unsafe_allow_html=True)
if current + 1 < len(sections):
    following = sections[current + 1]
    after.markdown(link(tr.content(following.title), rules_section_url(following.id)) + " →", unsafe_allow_html=True)
else:
    after.page_link("screens/lessons.py", label=tr.gettext("Now take the course"), icon=":material/school:")
    after.page_link("screens/play.py", label=tr.gettext("Or play a game"), icon=":material/playing_cards:")
