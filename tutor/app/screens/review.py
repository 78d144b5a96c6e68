"""Review: drills answered wrong (or right only with help) come back on the FSRS schedule, and the
glossary as flash cards from any language to any other, on the same schedule; how many reviews fall
due each day of the next 30 (a chart, as Anki's forecast) and what comes back when."""

import streamlit as st

from tutor.app.ui import drill_answer, drill_state, identity, state, store_access
from tutor.app.ui.drill_state import puzzle_keys
from tutor.app.ui.drill_views import drill_card
from tutor.app.ui.keys import bind_keys
from tutor.app.ui.render import show_bar_chart, show_cards
from tutor.app.ui.review_view import COMING_BACK_ROWS, FLASH_RATINGS, item_name, rate_flash_card
from tutor.app.ui.session_keys import FLASH_SHOWN, REVIEW_OPEN
from tutor.content.anki import flash_card_package
from tutor.content.glossary import glossary, term_by_id
from tutor.drills import puzzle_of
from tutor.engine.cards import parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.rules import load_ruleset
from tutor.language.i18n import LANGUAGES
from tutor.progress.review import DrillItem, TermItem, directions, forecast, mixed, reviewed

tr = state.translator()
learner = identity.current()
st.title(tr.gettext("Review"))
st.markdown(tr.gettext("What you got wrong comes back at once; what you got right comes back later, after longer "
                       "and longer gaps each time you remember it (the FSRS schedule, the one Anki uses). A right "
                       "answer that needed a hint or a second try comes back sooner."))
if learner is None:
    st.info(tr.gettext("Choose or create a profile in the sidebar: review needs your saved progress."))
    store_access.stop_page(tr)
saved = store_access.store()

st.header(tr.gettext("Drills to review"))
due = saved.due(learner.id, prefix=DrillItem.PREFIX)
puzzle, item = None, ""
while due and puzzle is None:
    item = due[0]
    drill = DrillItem.parse(item)
    try:
        if drill is not None:  # the item's row names its ruleset: loaded here
            rules = load_ruleset(drill.ruleset)
            puzzle = (puzzle_of(drill.kind, drill.seed, drill.level, rules, drill.position) if drill.position
                      else drill_state.made(drill.kind, drill.seed, drill.level, rules, drill.scenario))
    except TutorError:
        puzzle = None
    if puzzle is None:  # an item this version cannot make (a newer version's kind, say): kept aside, not deleted
        saved.set_aside_item(learner.id, item, "this version cannot make the drill")
        due = due[1:]
if puzzle is None:
    st.success(tr.gettext("No drill is due for review. Well done!"))
else:
    st.caption(tr.ngettext("{n} drill due", "{n} drills due", len(due)))
    if st.session_state.get(REVIEW_OPEN) != item:  # a due drill opens fresh: no earlier verdict or hint
        keys = puzzle_keys(puzzle)
        drill_answer.retry(keys)
        st.session_state.pop(keys.hints, None)
        st.session_state[REVIEW_OPEN] = item
    verdict = drill_card(puzzle, tr)
    if verdict is None or not verdict.correct:  # Enter checks the answer, as on the drills page
        bind_keys("/review", puzzle_keys(puzzle).button("check"))

st.header(tr.gettext("Glossary flash cards"))
pairs = {f"{front}>{back}": (front, back) for front, back in directions(LANGUAGES)}
default = next(iter(pairs))
direction = st.segmented_control(
    tr.gettext("Direction"), list(pairs), key="flash_direction", default=default,
    format_func=lambda d: f"{tr.language_label(pairs[d][0])} → {tr.language_label(pairs[d][1])}") or default
front, back = pairs[direction]
due_terms = [item for item in saved.due(learner.id, prefix=TermItem.PREFIX) if item.endswith(":" + direction)]
scheduled = saved.scheduled(learner.id, prefix=TermItem.PREFIX)
new_terms = mixed([card for t in glossary() if (card := TermItem(t.id, front, back).format()) not in scheduled],
                  f"{learner.id}/{direction}")
queue = due_terms + new_terms
flash = TermItem.parse(queue[0]) if queue else None
term = term_by_id(flash.term) if flash else None
if flash is None or term is None:
    st.success(tr.gettext("No flash card is due in this direction."))
else:
    item = queue[0]
    st.caption(tr.gettext("Due: {due}. New: {new}.", due=tr.number(len(due_terms)), new=tr.number(len(new_terms))))
    with st.container(border=True):
        st.markdown(f"### {tr.content(term.name(front))}")
        if st.session_state.get(FLASH_SHOWN) == item:
            st.markdown(f"**{tr.content(term.name(back))}**")
            st.markdown(tr.content(term.definition(tr.locale)))
            if term.example:
                show_cards(parse_cards(term.example), tr)
            now = saved.clock()
            for column, (rating, label) in zip(st.columns(len(FLASH_RATINGS)), FLASH_RATINGS.items(), strict=True):
                back_in = tr.time_until(reviewed(scheduled.get(item), rating, now).due - now)
                column.button(tr.gettext("{answer} · {when}", answer=tr.gettext(label), when=back_in),
                              key=f"flash_{rating.name.lower()}",
                              on_click=rate_flash_card, args=(learner.id, item, rating), width="stretch")
        elif st.button(tr.gettext("Show the answer"), key="flash_show"):
            st.session_state[FLASH_SHOWN] = item
            st.rerun()

own = [(flash.term, flash.front, flash.back) for item in saved.scheduled(learner.id, prefix=TermItem.PREFIX)
       if (flash := TermItem.parse(item)) is not None]
if own:
    st.download_button(
        tr.ngettext("Download your {n} flash card as an Anki deck", "Download your {n} flash cards as an Anki deck",
                    len(own)),
        key="review_anki", data=lambda: flash_card_package(own, LANGUAGES, tr.gettext("gin-tutor: my flash cards")),
        file_name="gin-tutor-flash-cards.apkg", mime="application/octet-stream", icon=":material/download:")

st.header(tr.gettext("Reviews in the next 30 days"))
now = saved.clock()
counts = forecast([card.due for card in saved.scheduled(learner.id).values()], now)
summary = " · ".join((
    tr.ngettext("{n} due today", "{n} due today", counts[0]),
    tr.ngettext("{n} in the next 7 days", "{n} in the next 7 days", sum(counts[:7])),
    tr.ngettext("{n} in the next 30 days", "{n} in the next 30 days", sum(counts))))
st.caption(summary)
if sum(counts[1:]):
    show_bar_chart(counts, tr.gettext("Days from today (0 is today)"), tr.gettext("Reviews due"),
                   tr.gettext("Reviews due each day for the next 30 days: {summary}.", summary=summary), tr.locale)

st.header(tr.gettext("When each item comes back"))
waiting = [(item, card) for item, card in saved.scheduled(learner.id).items() if card.due > now]
if not waiting:
    st.caption(tr.gettext("Nothing is waiting: every item in review is due now, or none has been reviewed yet."))
else:
    shown = waiting[:COMING_BACK_ROWS]
    st.table([{tr.gettext("Item"): item_name(item, tr), tr.gettext("Comes back"): tr.time_until(card.due - now)}
              for item, card in shown])
    if len(waiting) > len(shown):
        st.caption(tr.ngettext("and {n} more", "and {n} more", len(waiting) - len(shown)))
