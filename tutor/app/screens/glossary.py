"""The glossary: search in Spanish or English; each term with both names, its definition, synonyms,
source, the rule it belongs to, and an example the engine lays out. ``?term=baceta`` opens a term."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.pages import link, term_url
from tutor.app.ui.render import show_analysis, show_cards
from tutor.app.ui.safe import plain
from tutor.base.resources import data_dir
from tutor.content.anki import glossary_package
from tutor.content.documents import load_documents
from tutor.content.glossary import Term, exact_match, glossary, related_to, search, synonyms_of, term_by_id
from tutor.engine.cards import BIG_GIN_SIZE, HAND_SIZE, parse_cards
from tutor.engine.melds import analyze
from tutor.language.i18n import LANGUAGES
from tutor.language.labels import source_title

tr = state.translator()
lang = tr.locale
others = [other for other in LANGUAGES if other != lang]
sections = {doc.id: doc for doc in load_documents(data_dir() / "reference" / lang)}


def show_term(term: Term, expanded: bool) -> None:
    """One entry: the sources' word first, then its name in every other language."""
    names = dict.fromkeys([term.source_word] + [term.name(code) for code in LANGUAGES])
    with st.expander(" · ".join(tr.content(name) for name in names), expanded=expanded):
        st.markdown(tr.content(term.definition(lang)))
        for other in others:
            st.caption(tr.content(f"{term.name(other)}: {term.definition(other)}"))
        synonyms = synonyms_of(term)
        if synonyms:
            links = ", ".join(link(tr.content(s.source_word), term_url(s.id)) for s in synonyms)
            st.markdown(tr.gettext("Same meaning: {links}", links=links), unsafe_allow_html=True)
        related = related_to(term)
        if related:
            links = ", ".join(link(tr.content(s.source_word), term_url(s.id)) for s in related)
            st.markdown(tr.gettext("See also: {links}", links=links), unsafe_allow_html=True)
        st.markdown(tr.gettext("Source: {sources}", sources="; ".join(source_title(s, tr) for s in term.sources)))
        section = sections.get(term.rule)
        if section is not None:
            st.page_link("screens/rules.py", icon=":material/menu_book:", query_params={"section": section.id},
                         label=tr.gettext("Rule: {title}", title=tr.content(section.title)))
        if term.example:
            cards = parse_cards(term.example)
            if len(cards) in (HAND_SIZE, BIG_GIN_SIZE):
                show_analysis(analyze(cards), tr, others=False)
            else:
                show_cards(cards, tr)
        st.markdown(tr.gettext("Link to this term: `?term={id}`", id=term.id))


st.title(tr.gettext("Glossary"))
in_languages = tr.list_of([tr.language_in_text(code) for code in LANGUAGES])
st.markdown(tr.gettext("Every term of the three sources, and the few words gin-tutor adds of its own, in "
                       "{languages}. Search in any of them: accents and "
                       "capitals do not matter.", languages=in_languages))

asked = st.query_params.get("term")
if asked:
    opened = term_by_id(asked)
    if opened is None:
        st.warning(tr.gettext("There is no term “{term}” in the glossary. Here are all the terms.", term=plain(asked)))
    else:
        show_term(opened, expanded=True)
        if st.button(tr.gettext("Show all terms"), key="glossary_all"):
            del st.query_params["term"]
            st.rerun()
        st.divider()

query = st.text_input(tr.gettext("Search the glossary"), key="glossary_query", type="search", live=True,
                      placeholder=tr.gettext("for example: baceta, stock, combinacion"))
found = search(query, lang)
if query and not found:
    st.info(tr.gettext("No term matches “{query}”.", query=plain(query)))
elif query:
    st.caption(tr.ngettext("{n} term found", "{n} terms found", len(found)))
exact = exact_match(query) if query else None
for term in found if query else glossary():
    show_term(term, expanded=bool(query) and (len(found) == 1 or term == exact))

st.divider()
st.download_button(
    tr.gettext("Download the glossary as an Anki deck"), key="glossary_anki",
    data=lambda: glossary_package(LANGUAGES, tr.gettext("gin-tutor: the gin rummy glossary")),
    file_name="gin-tutor-glossary.apkg", mime="application/octet-stream", icon=":material/download:")
st.caption(tr.gettext("Every term with a card in each direction, Spanish to English and English to Spanish, "
                      "each with its definition. Import it in Anki (File, Import)."))
