"""Drills: pick a kind and a level (a learner with a profile starts at "Suited to me", near their
rating), solve the puzzle the engine made, check the answer, ask for a hint, retry or draw a new one.
Every puzzle has an address (``?drill=score&seed=…&level=…&rules=…``)
that opens it again, and the page keeps a tally per kind for the session."""

import streamlit as st

from tutor.app.ui import drill_answer, drill_state, identity, state
from tutor.app.ui.drill_state import puzzle_keys
from tutor.app.ui.drill_views import drill_card, show_tally
from tutor.app.ui.keys import bind_keys
from tutor.app.ui.session_keys import PRACTICE_EMPTY
from tutor.drills import KINDS, LEVELS
from tutor.drills.daily import daily_puzzle
from tutor.drills.suited import careful_rating
from tutor.language.labels import drill_kind_name, level_name, mistake_name, ruleset_title

tr = state.translator()
rules = state.ruleset()

st.title(tr.gettext("Drills"))
st.markdown(tr.gettext("Puzzles made and graded by the rules engine. Wrong answers get an explanation "
                       "step by step; a hint shows one step at a time."))

problem = drill_state.start(tr)
if problem:
    st.warning(problem)
if identity.current() is None:
    st.caption(tr.gettext("You are a guest: your answers are not saved. Create a profile in the sidebar to "
                          "keep them and to review what you got wrong."))

st.segmented_control(tr.gettext("Kind of drill"), KINDS, key="drill_kind_choice",
                     format_func=lambda k: drill_kind_name(k, tr), on_change=drill_state.choice_changed)
st.segmented_control(tr.gettext("Level"), (*LEVELS, drill_state.SUITED), key="drill_level_choice",
                     format_func=lambda lv: (tr.gettext("Suited to me") if lv == drill_state.SUITED
                                             else level_name(lv, tr)),
                     on_change=drill_state.choice_changed, required=True,  # a second click keeps it chosen
                     help=tr.gettext("Suited to me: a puzzle near your rating in this kind (with no kind chosen, in "
                                     "the kind you are weakest at). With a profile, the page starts there."))

daily = daily_puzzle(drill_state.today())
daily_col, practice_col = st.columns(2)
daily_col.button(tr.gettext("Puzzle of the day: {kind}, {level}", kind=drill_kind_name(daily.kind, tr),
                            level=level_name(daily.level, tr)), key="drill_daily", icon=":material/today:",
                 on_click=drill_state.open_daily, args=(daily,))
if identity.current() is not None:
    practice_col.button(tr.gettext("Practise my mistakes"), key="drill_practice", icon=":material/replay:",
                        on_click=drill_state.practise_mistakes,
                        help=tr.gettext("A short session on what you get wrong most, chosen from your answers."))
if st.session_state.pop(PRACTICE_EMPTY, False):
    st.info(tr.gettext("Nothing to practise yet: none of your answers was wrong. Try a harder level!"))
practice = drill_state.practice_now()

puzzle = drill_state.current_puzzle(rules)
if practice is not None:
    picks, at = practice
    pick = picks[at]
    why = (tr.gettext("the coach chose otherwise at this moment of one of your games") if pick.position
           else tr.ngettext("you made this mistake {n} time: {mistake}", "you made this mistake {n} times: {mistake}",
                            pick.times, mistake=mistake_name(pick.mistake, tr)) if pick.mistake
           else tr.ngettext("you got {n} puzzle of this kind wrong", "you got {n} puzzles of this kind wrong",
                            pick.times))
    st.info(tr.gettext("Practising your mistakes: puzzle {at} of {total}, {kind} ({level}), because {why}.",
                       at=tr.number(at + 1), total=tr.number(len(picks)), kind=drill_kind_name(pick.kind, tr),
                       level=level_name(pick.level, tr), why=why))
elif drill_state.is_daily(puzzle, daily):
    st.info(tr.gettext("The puzzle of the day for {day}: the same for everyone, under the classic rules.",
                       day=tr.day(daily.day)))
elif drill_state.suited_level() and identity.current() is None:
    st.caption(tr.gettext("A guest has no rating, so an easy puzzle. Create a profile in the sidebar to have puzzles "
                          "chosen for you as you answer."))
elif drill_state.suited_level() and drill_state.eased_by():
    st.caption(tr.ngettext("Chosen for you: after {n} wrong answer in a row in {kind}, an easier puzzle, of the "
                           "{level} level. Pick a level above to choose yourself.",
                           "Chosen for you: after {n} wrong answers in a row in {kind}, an easier puzzle, of the "
                           "{level} level. Pick a level above to choose yourself.", drill_state.eased_by(),
                           kind=drill_kind_name(puzzle.kind, tr), level=level_name(puzzle.level, tr)))
elif drill_state.suited_level():
    mine = drill_state.suited_rating(puzzle.kind)
    st.caption(tr.gettext("Chosen for you: your rating in {kind} is {rating} ± {margin}. Going by its careful end "
                          "({careful}), a puzzle of the {level} level. Pick a level above to choose yourself.",
                          kind=drill_kind_name(puzzle.kind, tr), rating=tr.number(round(mine.rating)),
                          margin=tr.number(round(2 * mine.deviation)),
                          careful=tr.number(careful_rating(mine)),
                          level=level_name(puzzle.level, tr)) if mine is not None
               else tr.gettext("Chosen for you: you have not answered a puzzle of {kind} yet, so an easy one to "
                               "start. Pick a level above to choose yourself.", kind=drill_kind_name(puzzle.kind, tr)))
dealt = drill_state.rescored_from(puzzle)
if dealt:
    st.info(tr.gettext("The same hand, now scored under {rules} (it was dealt under {dealt}): compare how the "
                       "rulesets treat it.", rules=ruleset_title(rules, tr), dealt=ruleset_title(dealt, tr)))
show_tally(puzzle.kind, tr)
verdict = drill_card(puzzle, tr)
right = verdict is not None and verdict.correct

retry_col, new_col = st.columns(2)
with retry_col:
    st.button(tr.gettext("Retry"), key="drill_retry", on_click=drill_answer.retry)
with new_col:  # after a right answer, the next puzzle is the obvious step
    next_label = (tr.gettext("New puzzle") if practice is None
                  else tr.gettext("Next puzzle of the session") if practice[1] + 1 < len(practice[0])
                  else tr.gettext("End the session: a new puzzle"))
    st.button(next_label, key="drill_new", on_click=drill_state.new_puzzle, type="primary" if right else "secondary")
bind_keys("/drills", "drill_new" if right else puzzle_keys(puzzle).button("check"), {"n": "drill_new"})
with st.container(key="keys_help"):  # not shown on a touch screen
    st.caption(tr.gettext("Keys: Enter checks your answer, and after a right one opens a new puzzle; N opens a new "
                          "puzzle at any time."))
here = drill_state.address(puzzle)
if here is not None:
    state.show_address(tr.gettext("Address of this puzzle, to open it again or share it:"), here)
