"""Play: a whole game against the virtual player. Before a game, the level and the ruleset; at
the table, the stock, the discard pile and the learner's hand grouped into melds (clickable, or by
keyboard), the virtual player's moves in a log, a Hint button and a coach; after each hand, both
hands laid out, the score step by step, the score sheet and a review of the learner's decisions.
A game has an address (``?game=SEED&level=…&rules=…``) that deals the same cards again."""

import streamlit as st

from tutor.app.ui import identity, play_actions, play_review, play_state, state, store_access
from tutor.app.ui.hand_review import Across, show_earlier_reviews, show_hand_review
from tutor.app.ui.render import show_arrangement, show_holding_table, show_steps, show_totals
from tutor.app.ui.session_keys import (
    PLAY_COACH_SWITCH,
    PLAY_QUICK_SWITCH,
    PLAY_READING_SWITCH,
    PLAY_TABLE,
)
from tutor.app.ui.table_component import play_table
from tutor.app.ui.table_data import log_lines
from tutor.engine.rules import available_rulesets, load_ruleset
from tutor.language.explain import score_steps
from tutor.language.holding_text import holding_legend, holding_rows, reading_sentence
from tutor.language.labels import outcome_name, ruleset_title
from tutor.language.play_text import (
    bot_level_name,
    bot_level_note,
    discard_history,
    ending_title,
    last_move_verdict,
    level_strength_text,
    void_hand_text,
)
from tutor.play import BOT_LEVELS
from tutor.play.background import Asked
from tutor.play.holding import readings
from tutor.play.match import LEARNER, Match

tr = state.translator()
rules = state.ruleset()

st.title(tr.gettext("Play"))
problem = play_state.start(tr, rules)
play_actions.take_pending()
if problem:
    st.warning(problem)
match = play_state.current()
across = Across(recorded=play_state.record_verdicts, settle=play_state.settle_table)
play_state.start_coach()  # the coach's workers start while the learner looks at the cards

# --- Before a game: the level and the ruleset ---------------------------------------------------
if match is None:
    st.markdown(tr.gettext("A game against the virtual player, to the ruleset's target. The coach can "
                           "give you a hint on every turn and comment on your choices. It weighs every move "
                           "against the level you choose, on many deals drawn for the position (the same in "
                           "every game), and says when two moves are too close to call."))
    level = st.segmented_control(tr.gettext("Level of the virtual player"), BOT_LEVELS, key="play_level_choice",
                                 default="beginner", format_func=lambda lv: bot_level_name(lv, tr)) or "beginner"
    st.caption(bot_level_note(level, tr))
    st.caption(level_strength_text(level, tr))
    ruleset = st.selectbox(tr.gettext("Ruleset of the game"), available_rulesets(),
                           index=available_rulesets().index(rules.name), key=state.language_keyed("play_rules"),
                           format_func=lambda name: ruleset_title(name, tr))
    st.caption(tr.gettext("A game keeps its ruleset to the end."))
    st.button(tr.gettext("Deal"), key="play_deal", type="primary", on_click=play_state.new_game,
              args=(load_ruleset(ruleset), level))
    if identity.current() is None:
        st.info(tr.gettext("As a guest your game is not saved: choose a profile in the sidebar to keep it."))
    store_access.stop_page(tr)

# --- The game's heading: who plays what, the score, the address ---------------------------------
play_state.save_again(match)
game = match.game
points = game.totals.points
st.caption(tr.gettext("{rules} · virtual player: {level} · you {mine}, it {theirs} (target {target})",
                      rules=ruleset_title(match.rules, tr), level=bot_level_name(match.level, tr),
                      mine=tr.number(points["A"]), theirs=tr.number(points["B"]),
                      target=tr.number(match.rules.target)))
if match.rules.name != rules.name:
    st.caption(tr.gettext("This game is played under {rules} to the end.", rules=ruleset_title(match.rules, tr)))

def show_last_verdict() -> None:
    """Coach mode's verdict on the learner's last move, labelled apart from the hint; while the
    coach is still weighing it (in the background), a line that says so, this part rerunning
    every second until the verdict is in."""
    decision = play_actions.last_decision()
    if decision is None:
        return
    if decision.judged:
        (st.success if decision.agreed else st.warning)(last_move_verdict(decision, tr))
    elif decision.failed:
        st.warning(tr.gettext("The coach could not weigh your last move this time."))
        st.button(tr.gettext("Ask the coach again"), key="play_verdict_again", on_click=play_review.ask_again,
                  args=([decision], True))
    else:
        play_review.still_to_judge([decision], urgent=True)
        st.caption(tr.gettext("The coach is weighing your last move…")
                   + play_review.wait_text(play_review.waiting_since(decision), tr))


def show_hint(asked: Asked, now: Match) -> None:
    """The hint asked for at this decision, or why there is none."""
    hint = asked.hint
    if hint is not None:
        st.info(tr.gettext("Hint for this move: {hint}", hint=play_actions.hint_text(hint, now, tr)))
    else:
        st.error(tr.gettext("The coach could not work out a hint this time. Press Hint to ask again."))


def show_hint_when_ready() -> None:
    """While the coach works the hint out (in the background, first in line): a line that says so,
    this part rerunning until the hint is in; then the page again, with it."""
    now = play_state.current()
    waiting = play_actions.hint_asked(now) if now is not None else None
    if waiting is None or waiting.answered or waiting.failed:
        st.rerun()
    st.caption(tr.gettext("The coach is weighing your options…") + play_review.wait_text(waiting.since, tr))


# --- The end of a hand, or of the game ----------------------------------------------------------
if play_state.hand_over_pending(match) or game.over:
    hand = game.played[-1]
    number = len(game.played)
    st.header(tr.gettext("Hand {n} is over", n=tr.number(number)))
    if hand.result == "void":
        st.info(void_hand_text(hand, tr))
    elif hand.result is not None:
        score = hand.result
        you_knocked = hand.knocker == LEARNER
        st.markdown(ending_title(score.outcome, you_knocked, tr))
        show_arrangement(score.knocker_arrangement, tr, score.layoffs)
        st.markdown(tr.gettext("**The virtual player's hand**") if you_knocked else tr.gettext("**Your hand**"))
        show_arrangement(score.defender_play.arrangement, tr)
        you_win = (score.winner == "knocker") == you_knocked
        verdict = (tr.gettext("{outcome}: you score {points}.", outcome=outcome_name(score.outcome, tr).capitalize(),
                              points=tr.number(score.points)) if you_win
                   else tr.gettext("{outcome}: the virtual player scores {points}.",
                                   outcome=outcome_name(score.outcome, tr).capitalize(),
                                   points=tr.number(score.points)))
        (st.success if you_win else st.error)(verdict)
        with st.expander(tr.gettext("The score step by step"), expanded=True):
            show_steps(score_steps(score, tr))

    with st.expander(tr.gettext("Moves of this hand")):
        st.text("\n".join(log_lines(match, tr, number - 1)))

    st.header(tr.gettext("Your decisions"))
    show_hand_review(match, number, tr, across)
    show_earlier_reviews(match, number - 1, tr, across)

    st.header(tr.gettext("Score sheet"))
    st.caption(tr.gettext("A is you, B the virtual player."))
    show_totals(game.totals, tr)
    if game.over:
        won = game.winner == LEARNER
        final = game.totals.totals
        message = tr.gettext("You won the game, {mine} to {theirs}.", mine=tr.number(final["A"]),
                             theirs=tr.number(final["B"])) if won else tr.gettext(
            "The virtual player won the game, {theirs} to {mine}.", mine=tr.number(final["A"]),
            theirs=tr.number(final["B"]))
        (st.success if won else st.info)(message)
        st.button(tr.gettext("New game"), key="play_new", type="primary", on_click=play_state.leave_game)
    else:
        st.button(tr.gettext("Next hand"), key="play_next", type="primary", on_click=play_actions.next_hand)
    store_access.stop_page(tr)

# --- The table -----------------------------------------------------------------------------------
play_table(play_state.table(match, tr), on_action=play_actions.table_clicked, key=PLAY_TABLE)
error = play_actions.move_error(tr)
if error:
    st.error(error)
with st.container(border=True):
    st.caption(tr.gettext("Discards of this hand, oldest first"))
    st.text("\n".join(discard_history(match.view(), tr)))

hint_col, coach_col, quick_col = st.columns(3)
with hint_col:
    st.button(tr.gettext("Hint"), key="play_hint_button", on_click=play_actions.ask_hint,
              disabled=not match.learner_to_move)
with coach_col:
    coach = st.toggle(tr.gettext("Coach mode"), value=play_state.coach_on(), key=PLAY_COACH_SWITCH,
                      on_change=play_state.switch_changed, args=("coach",),
                      help=tr.gettext("After each of your decisions, the coach's verdict: what your move "
                                      "gave up against the coach's, in expected points."))
with quick_col:
    st.toggle(tr.gettext("Quick moves"), value=play_state.quick_on(), key=PLAY_QUICK_SWITCH,
              on_change=play_state.switch_changed, args=("quick",),
              help=tr.gettext("Show the virtual player's moves at once, without fading them in one by one."))
reading = st.toggle(tr.gettext("Help: what the opponent probably holds"), value=play_state.reading_on(),
                    key=PLAY_READING_SWITCH, on_change=play_state.switch_changed, args=("reading",),
                    help=tr.gettext("A map of the cards the virtual player probably holds, worked out from what you "
                                    "can see: what it took, threw and let pass. Turn it off to practise reading "
                                    "the discards yourself."))
if reading and match.learner_to_move:
    with st.container(border=True):
        live = play_state.live_holding(match)
        for line in readings(live):
            st.text(reading_sentence(line, live, tr))
        show_holding_table(holding_rows(live, None, tr), live)
        st.caption(holding_legend(live, False, tr))
asked = play_actions.hint_asked(match)
if asked is not None and (asked.answered or asked.failed):
    show_hint(asked, match)
elif asked is not None:
    st.fragment(show_hint_when_ready, run_every=0.5)()
if coach:
    last = play_actions.last_decision()
    if last is not None and not last.judged:
        st.fragment(show_last_verdict, run_every=1.0)()
    else:
        show_last_verdict()

# --- The reviews of the game's earlier hands: kept, whenever the next hand was dealt ---------------
show_earlier_reviews(match, len(game.played), tr, across)

state.show_address(tr.gettext("Address of this game, to deal the same cards again or share them:"),
                   play_state.address(match))
st.button(tr.gettext("Leave this game"), key="play_leave", on_click=play_state.leave_game)
