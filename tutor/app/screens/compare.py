"""The rulesets side by side: one table made from data/rulesets, the same data the engine reads."""

import streamlit as st

from tutor.app.ui import state
from tutor.app.ui.pages import SOURCE_PAGES, link, ruleset_url, source_link
from tutor.engine.rules import OPTION_NAMES, available_rulesets, load_ruleset
from tutor.language.labels import option_label, option_value, ruleset_title

tr = state.translator()
rulesets = [load_ruleset(name) for name in available_rulesets()]

st.title(tr.gettext("The rulesets compared"))
st.markdown(tr.gettext(
    "Each cell gives the value and, in brackets, the source that states it. Rows where the "
    "rulesets differ are marked ≠. A † marks gin-tutor's interpretation where the sources are "
    "silent."))

header = [tr.gettext("Rule")] + [link(ruleset_title(r, tr), ruleset_url(r.name)) for r in rulesets]
lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
for option in OPTION_NAMES:
    values = [getattr(r, option) if r.applies(option) else None for r in rulesets]
    differs = len({repr(v) for v in values}) > 1
    label = option_label(option, tr)
    cells = [f"**≠ {label}**" if differs else label]
    for rules in rulesets:
        if not rules.applies(option):
            cells.append("—")
            continue
        mark = " †" if rules.is_interpretation(option) else ""
        cells.append(f"{option_value(getattr(rules, option), tr)} ({source_link(rules.source_of(option))}){mark}")
    lines.append("| " + " | ".join(cells) + " |")
st.markdown("\n".join(lines), unsafe_allow_html=True)
sources = ", ".join(f"{source} ({ruleset_title(name, tr)})" for source, name in SOURCE_PAGES.items())
st.caption(tr.gettext("† gin-tutor's interpretation; — the rule does not apply under that ruleset (there is no "
                      "big gin, or a shutout doubles the hand points instead of adding a bonus). Under every "
                      "ruleset, the bonus per hand won goes to both players, for the hands each won (gin-tutor's "
                      "interpretation). The sources: {sources}.", sources=sources))
