"""The rules step by step: every section of the reference in order, with examples the engine lays out."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.render import show_document
from tutor.content.documents import load_documents
from tutor.engine.resources import data_dir
from tutor.engine.rules import SOURCES
from tutor.language.labels import source_title

tr = state.translator()
sections = load_documents(data_dir() / "reference" / tr.locale)

st.title(tr.gettext("The rules, step by step"))
st.markdown(tr.gettext(
    "Each section builds on the one before. Every example hand below is laid out and counted by "
    "the rules engine as you read it. Where the sources leave a question open, the answer this "
    "tutor uses is marked as gin-tutor's interpretation."))
with st.expander(tr.gettext("Contents and sources")):
    st.markdown("\n".join(f"{i}. {tr.content(doc.title)}" for i, doc in enumerate(sections, start=1)))
    st.markdown(tr.gettext("The three source texts, all in Spanish:"))
    st.markdown("\n".join(f"- {source_title(s, tr)}" for s in SOURCES))

for document in sections:
    st.divider()
    show_document(document, tr)
