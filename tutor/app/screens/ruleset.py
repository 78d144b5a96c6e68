"""A ruleset's page: what it is in the learner's language, every option with its source, and the
source itself. It shows the ruleset chosen in the sidebar (or by ``?rules=``), with links to the others."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.pages import link, ruleset_url
from tutor.app.ui.render import show_document
from tutor.content.documents import ruleset_page
from tutor.engine.rules import OPTION_NAMES, available_rulesets
from tutor.language.labels import option_label, option_value, ruleset_title, source_title

tr = state.translator()
rules = state.ruleset()
name = rules.name

others = [link(ruleset_title(other, tr), ruleset_url(other)) for other in available_rulesets() if other != name]
st.caption(tr.gettext("Other rulesets: {links}. The ruleset can also be chosen in the sidebar.",
                      links=" · ".join(others)), unsafe_allow_html=True)
about = ruleset_page(name, tr.locale)
st.title(tr.content(about.title))
show_document(about, tr, heading=None)
st.header(tr.gettext("Every rule of this ruleset"))
rows = [{
    tr.gettext("Rule"): option_label(option, tr),
    tr.gettext("Value"): option_value(getattr(rules, option), tr),
    tr.gettext("Source"): rules.source_of(option) or "—",
    tr.gettext("Interpretation"): tr.gettext("gin-tutor's interpretation")
    if rules.is_interpretation(option) else "",
} for option in OPTION_NAMES]
st.dataframe(rows, hide_index=True, width="stretch")
st.caption(tr.gettext("Sources cited: {sources}",
                      sources="; ".join(source_title(s, tr) for s in sorted({s for s in rules.sources.values() if s}))))
