"""Play a friend: two learners at one table. Before a game, a table to open (the ruleset, hints or
none) with a link and a code to send, a code to type, and the learner's own tables; a friend who opens
the link sits down. At the table, the same cards and keys as against the virtual player, the other
player's moves arriving within a second, Hint and Coach mode where the table allows hints, and a way
to leave, or to let the virtual player take the seat of a friend who has gone. After each hand, both
hands and the learner's own review; after the game, both players' reviews side by side and a rematch.
The table's address is ``?table=K7QX-2M9P``."""

import streamlit as st

from tutor.app.ui import friend_state, identity, play_review, state, store_access
from tutor.app.ui.friend_state import AtTable
from tutor.app.ui.hand_review import Across, show_earlier_reviews, show_hand_review
from tutor.app.ui.play_actions import hint_text
from tutor.app.ui.play_state import coach_on, start_coach, switch_changed
from tutor.app.ui.render import show_arrangement, show_line_chart, show_steps, show_totals
from tutor.app.ui.safe import plain
from tutor.app.ui.session_keys import (
    FRIEND_ARMED,
    FRIEND_COACH_SWITCH,
    FRIEND_CODE,
    FRIEND_HINTS,
    FRIEND_LEAVING,
    FRIEND_NAME,
    FRIEND_RULES,
    FRIEND_TABLE,
)
from tutor.app.ui.table_component import play_table
from tutor.app.ui.table_data import log_lines, table_data
from tutor.engine.rules import available_rulesets
from tutor.engine.scoring import Player
from tutor.language.explain import score_steps
from tutor.language.labels import outcome_name, ruleset_title
from tutor.language.play_text import (
    discard_history,
    ending_title,
    friend_ending_title,
    last_move_verdict,
    value_chart,
    void_hand_text,
)
from tutor.play.match import decisions_accuracy

tr = state.translator()
rules = state.ruleset()

start_coach()
friend_state.take_pending()
code = friend_state.open_code()
at = friend_state.at_table() if code else None
error = friend_state.move_error(tr)


def watch(at: AtTable) -> None:
    """Every half second: the page again as soon as what it shows has changed (the other player's move,
    a seat taken, a rematch, the other player gone or back, an answer of the coach in). The page's
    only part that runs on a timer, and its first: a part that reruns on its own while the page
    below it changes shape can leave the browser's copy of the page broken."""
    if friend_state.running_alone() and friend_state.news(at):
        st.rerun()


if at is not None and at.seat is not None and (at.table.state in ("open", "playing")
                                               or (at.table.state == "over" and at.table.rematch is None)):
    friend_state.mark_shown(at)
    st.fragment(watch, run_every=friend_state.WATCH_EVERY)(at)
st.title(tr.gettext("Play a friend"))


def show_link(at: AtTable) -> None:
    """The table's link and code, to send to the friend."""
    state.show_address(tr.gettext("Send your friend this link:"),
                       f"friend?{friend_state.TABLE_PARAM}={at.table.code}&lang={state.language()}")
    st.markdown(tr.gettext("Or give them the table's code, to type on this page: **{code}**", code=at.table.code))


# --- No table open: open one, join one, or go back to one --------------------------------------------
def show_lobby(code: str | None, error: str | None) -> None:
    """The page's start: a table to open, a code to type, the learner's challenges and tables."""
    if code is not None:
        st.warning(tr.gettext("There is no table with the code “{code}”. Check the code, or ask your friend for "
                              "the link again.", code=plain(code[:20])))
        st.button(tr.gettext("Back"), key="friend_back", on_click=friend_state.leave_page)
        store_access.stop_page(tr)
    if error:
        st.error(error)
    st.markdown(tr.gettext("A game against someone you know, at one table, each in your own language. Send them "
                           "a link or a code; after each hand both of you see both hands, and the coach reviews "
                           "your own decisions. A guest can play too; with a profile the game counts in your "
                           "progress."))
    learner = identity.current()
    if learner is not None:
        for challenge in store_access.store().challenges_for(learner.id):
            host = challenge.seats[0]
            st.info(tr.gettext("{name} challenges you to a game ({rules}).", name=plain(host.name if host else ""),
                               rules=ruleset_title(challenge.ruleset, tr)))
            st.button(tr.gettext("Accept the challenge"), key=f"friend_accept_{challenge.id}",
                      on_click=friend_state.go_to, args=(challenge,))
    with st.container(border=True):
        st.subheader(tr.gettext("Open a table"))
        st.selectbox(tr.gettext("Ruleset of the game"), available_rulesets(),
                     index=available_rulesets().index(rules.name), key=FRIEND_RULES,
                     format_func=lambda name: ruleset_title(name, tr))
        st.radio(tr.gettext("Hints"), [True, False], key=FRIEND_HINTS, horizontal=True,
                 format_func=lambda on: tr.gettext("Casual: hints and the coach allowed") if on
                 else tr.gettext("A game without hints"),
                 help=tr.gettext("With hints, each of you may ask the coach about your own moves during the game. "
                                 "Either way, each of you sees the coach's review of your own decisions after "
                                 "each hand."))
        if learner is None:
            st.text_input(tr.gettext("Your name at the table"), key=FRIEND_NAME, max_chars=40)
        deal = friend_state.asked_deal()
        if deal is not None:
            st.caption(tr.gettext("The table deals game {seed}, as the address asks.", seed=deal))
        st.button(tr.gettext("Open a table"), key="friend_open", type="primary",
                  on_click=friend_state.open_new_table, args=(tr,))
    with st.container(border=True):
        st.subheader(tr.gettext("Join a table"))
        st.text_input(tr.gettext("The table's code"), key=FRIEND_CODE, max_chars=20)
        wait = friend_state.code_wait()
        if wait > 0:
            st.caption(tr.ngettext("Too many wrong codes: try again in {n} second.",
                                   "Too many wrong codes: try again in {n} seconds.", int(wait) + 1))
        st.button(tr.gettext("Join"), key="friend_join", on_click=friend_state.join_by_code, disabled=wait > 0)
    tables = store_access.store().friend_tables_of(learner.id if learner else None, identity.browser_id())
    if tables:
        st.subheader(tr.gettext("Your tables"))
        for table in tables:
            mine_at = table.seat_of(learner.id if learner else None, identity.browser_id())
            across_at = table.seats[1 - mine_at] if mine_at is not None else None
            words = {"open": tr.gettext("waiting for a friend"), "playing": tr.gettext("being played"),
                     "over": tr.gettext("over"), "abandoned": tr.gettext("abandoned")}[table.state]
            left, right = st.columns([4, 1])
            left.text(tr.gettext("{date} · {rules} · against {name} · {state}",
                                 date=table.started.date().isoformat(), rules=ruleset_title(table.ruleset, tr),
                                 name=across_at.name if across_at and across_at.name else "—", state=words))
            right.button(tr.gettext("Open"), key=f"friend_go_{table.id}", on_click=friend_state.go_to,
                         args=(table,))


if at is None:
    show_lobby(code, error)
    store_access.stop_page(tr)

assert at is not None
table = at.table

def show_both_reviews(at: AtTable, titles: tuple[str, str]) -> None:
    """After the game: each player's accuracy and charts, side by side (seat 0 then 1, under
    ``titles``), the decisions of both judged in this process's review line."""
    st.header(tr.gettext("Both reviews"))
    for column, who in zip(st.columns(2), (0, 1), strict=True):
        with column:
            one = friend_state.side_of(at, who)
            st.subheader(titles[who], anchor=False)
            if at.table.robot == who:
                st.caption(tr.gettext("The virtual player played part of this game in this seat: its moves are "
                                      "left out."))
            decisions = [d for d in one.decisions if not d.forced]
            waiting = play_review.still_to_judge(one.decisions)
            if waiting:
                st.caption(tr.ngettext("The coach is going over {n} more decision…",
                                       "The coach is going over {n} more decisions…", waiting))
                continue
            accuracy = decisions_accuracy(decisions)
            st.metric(tr.gettext("Accuracy in the game"), "—" if accuracy is None else tr.percent(accuracy / 100))
            st.caption(tr.ngettext("The coach's move, or as good, on {best} of {n} decision.",
                                   "The coach's move, or as good, on {best} of {n} decisions.", len(decisions),
                                   best=tr.number(sum(d.agreed for d in decisions))))
            for number in sorted({d.hand for d in one.decisions}):
                hand = [d for d in one.decisions if d.hand == number]
                show_line_chart(value_chart(hand, tr), tr.gettext("Hand {n}: decisions in order",
                                                                  n=tr.number(number + 1)),
                                tr.gettext("Expected points of the hand"),
                                tr.gettext("The hand's expected points after each decision, beside the coach's."),
                                tr.locale)
    st.caption(tr.gettext("The coach measures each player against the strong virtual player in the other seat, a "
                          "model of a good player (our choice)."))


def show_for_teacher(at: AtTable) -> None:
    """A finished game of the class, for one of its teachers: the final score, the score sheet and
    both players' reviews."""
    names = (at.name(0, tr), at.name(1, tr))
    final = at.game.game.totals.totals
    st.markdown(tr.gettext("{first} {a}, {second} {b} · {rules}", first=plain(names[0]), second=plain(names[1]),
                           a=tr.number(final["A"]), b=tr.number(final["B"]),
                           rules=ruleset_title(at.table.ruleset, tr)))
    if at.table.state == "abandoned":
        st.caption(tr.gettext("A player left this game before its end."))
    st.caption(tr.gettext("A is {first}, B is {second}.", first=plain(names[0]), second=plain(names[1])))
    show_totals(at.game.game.totals, tr)
    show_both_reviews(at, names)


# --- Not seated: sit down at a free seat, or see why not ----------------------------------------------
if at.seat is None:
    host = at.name(0, tr)
    viewer = identity.current()
    if (table.class_id is not None and viewer is not None and table.state in ("over", "abandoned")
            and store_access.store().teaches(viewer.id, table.class_id)):
        show_for_teacher(at)
    elif table.state == "open" and table.seats[1] is None:
        st.markdown(tr.gettext("**{name}** invites you to a game: {rules}.", name=plain(host),
                               rules=ruleset_title(table.ruleset, tr)))
        st.caption(tr.gettext("Hints and the coach are allowed during the game.") if table.hints
                   else tr.gettext("A game without hints: the coach reviews each hand once it is over."))
        if identity.current() is None:
            st.text_input(tr.gettext("Your name at the table"), key=FRIEND_NAME, max_chars=40)
            st.caption(tr.gettext("As a guest the game is not kept in any progress: choose a profile in the sidebar "
                                  "to keep it."))
        if error:
            st.error(error)
        st.button(tr.gettext("Sit down"), key="friend_sit", type="primary", on_click=friend_state.sit_down,
                  args=(tr,))
    else:
        st.warning(tr.gettext("This game has already ended.") if table.state in ("over", "abandoned")
                   else tr.gettext("Two players already sit at this table."))
    st.button(tr.gettext("Back"), key="friend_back", on_click=friend_state.leave_page)
    store_access.stop_page(tr)

seat = at.seat
other = 1 - seat
me_name, friend_name = at.name(seat, tr), at.name(other, tr)
side = at.side
assert side is not None
game = at.game.game
points = game.totals.points
letters: tuple[Player, Player] = ("A", "B")
across = Across(name=friend_name, watched=True)
friend_gone = friend_state.other_gone(at)  # as this page shows it: its news compare with it

if table.seats[other] is not None:
    st.caption(tr.gettext("{rules} · you {mine}, {name} {theirs} (target {target})",
                          rules=ruleset_title(game.rules, tr), name=plain(friend_name),
                          mine=tr.number(points[letters[seat]]), theirs=tr.number(points[letters[other]]),
                          target=tr.number(game.rules.target)))
# --- Waiting for the friend ---------------------------------------------------------------------------
if table.state == "open":
    st.info(tr.gettext("Waiting for your friend to sit down. This page starts the game as soon as they do."))
    show_link(at)
    st.button(tr.gettext("Close this table"), key="friend_close", on_click=friend_state.leave_game)
    store_access.stop_page(tr)

# --- A player who left, or has gone ---------------------------------------------------------------------
if table.state == "abandoned" and table.robot is None:
    friend_state.record(at)  # kept in the learner's record as ended
    if table.left_seat == seat:
        st.info(tr.gettext("You left this game. It is kept as abandoned."))
    else:
        st.warning(tr.gettext("{name} left the game. It is kept as abandoned; you can play it on against the "
                              "virtual player (strong level) in their seat.", name=plain(friend_name)))
        st.button(tr.gettext("Play on against the virtual player"), key="friend_robot_left", type="primary",
                  on_click=friend_state.robot_takes_over)
    st.button(tr.gettext("Back"), key="friend_back", on_click=friend_state.leave_page)
    store_access.stop_page(tr)
if table.robot == other:
    st.caption(tr.gettext("The virtual player (strong level) plays in {name}'s seat.", name=plain(friend_name)))
elif friend_gone and not friend_state.waiting_on_purpose():
    with st.container(border=True):
        st.warning(tr.gettext("{name} seems to have gone: their page has not answered for a while. You can wait "
                              "for them, or let the virtual player (strong level) take their seat and play on.",
                              name=plain(friend_name)))
        wait_col, robot_col = st.columns(2)
        wait_col.button(tr.gettext("Wait for them"), key="friend_wait", on_click=friend_state.wait_longer)
        robot_col.button(tr.gettext("Let the virtual player take their seat"), key="friend_robot",
                         on_click=friend_state.robot_takes_over)


# --- The end of a hand, or of the game --------------------------------------------------------------------
if friend_state.hand_over_pending(at):
    number = len(game.played) if game.over else friend_state.hands_seen(at) + 1
    hand = game.played[number - 1]
    st.header(tr.gettext("Hand {n} is over", n=tr.number(number)))
    if hand.result == "void":
        st.info(void_hand_text(hand, tr))
    elif hand.result is not None:
        score = hand.result
        you_knocked = hand.knocker == seat
        st.markdown(ending_title(score.outcome, True, tr) if you_knocked
                    else friend_ending_title(score.outcome, plain(friend_name), tr))
        show_arrangement(score.knocker_arrangement, tr, score.layoffs)
        st.markdown(tr.gettext("**{name}'s hand**", name=plain(friend_name)) if you_knocked
                    else tr.gettext("**Your hand**"))
        show_arrangement(score.defender_play.arrangement, tr)
        you_win = (score.winner == "knocker") == you_knocked
        named = outcome_name(score.outcome, tr).capitalize()
        verdict = (tr.gettext("{outcome}: you score {points}.", outcome=named, points=tr.number(score.points))
                   if you_win else tr.gettext("{outcome}: {name} scores {points}.", outcome=named,
                                              name=plain(friend_name), points=tr.number(score.points)))
        (st.success if you_win else st.error)(verdict)
        with st.expander(tr.gettext("The score step by step"), expanded=True):
            show_steps(score_steps(score, tr))
    with st.expander(tr.gettext("Moves of this hand")):
        st.text("\n".join(log_lines(side, tr, number - 1, name=friend_name)))
    st.header(tr.gettext("Your decisions"))
    show_hand_review(side, number, tr, across)
    show_earlier_reviews(side, number - 1, tr, across)
    st.header(tr.gettext("Score sheet"))
    st.caption(tr.gettext("A is {first}, B is {second}.", first=plain(at.name(0, tr)), second=plain(at.name(1, tr))))
    show_totals(game.totals, tr)
    if game.over:
        final = game.totals.totals
        won = game.winner == seat
        message = (tr.gettext("You won the game, {mine} to {theirs}.", mine=tr.number(final[letters[seat]]),
                              theirs=tr.number(final[letters[other]])) if won
                   else tr.gettext("{name} won the game, {theirs} to {mine}.", name=plain(friend_name),
                                   mine=tr.number(final[letters[seat]]), theirs=tr.number(final[letters[other]])))
        (st.success if won else st.info)(message)
        friend_state.record(at)
        show_both_reviews(at, (me_name, friend_name) if seat == 0 else (friend_name, me_name))
        if table.rematch is not None:
            st.info(tr.gettext("A rematch is ready at a new table."))
            st.button(tr.gettext("Go to the rematch"), key="friend_rematch_go", type="primary",
                      on_click=friend_state.rematch, args=(tr,))
        else:
            st.button(tr.gettext("Rematch"), key="friend_rematch", type="primary", on_click=friend_state.rematch,
                      args=(tr,))
        st.button(tr.gettext("Back to the tables"), key="friend_done", on_click=friend_state.leave_page)
    else:
        st.button(tr.gettext("Next hand"), key="friend_next", type="primary", on_click=friend_state.next_hand,
                  args=(table.id, len(game.played)))
    store_access.stop_page(tr)

# --- The table ------------------------------------------------------------------------------------------
armed = st.session_state.get(FRIEND_ARMED)
play_table(table_data(side, tr, armed, friend_state.fresh_moves(at), name=friend_name),
           on_action=friend_state.table_clicked, key=FRIEND_TABLE)
if error:
    st.error(error)
with st.container(border=True):
    st.caption(tr.gettext("Discards of this hand, oldest first"))
    st.text("\n".join(discard_history(side.view(), tr, friend_name)))

if friend_state.hints_allowed(at):
    hint_col, coach_col = st.columns(2)
    hint_col.button(tr.gettext("Hint"), key="friend_hint", on_click=friend_state.ask_hint,
                    disabled=not side.learner_to_move)
    coach_col.toggle(tr.gettext("Coach mode"), value=coach_on(), key=FRIEND_COACH_SWITCH,
                     on_change=switch_changed, args=("coach",),
                     help=tr.gettext("After each of your decisions, the coach's verdict: what your move gave up "
                                     "against the coach's, in expected points."))
    asked = friend_state.hint_asked(at)
    if asked is not None and asked.answered and asked.hint is not None:
        st.info(tr.gettext("Hint for this move: {hint}", hint=hint_text(asked.hint, side, tr)))
    elif asked is not None and asked.failed:
        st.error(tr.gettext("The coach could not work out a hint this time. Press Hint to ask again."))
    elif asked is not None:
        st.caption(tr.gettext("The coach is weighing your options…"))
    if coach_on() and side.decisions:
        last = side.decisions[-1]
        if last.judged and last.hand == side.hand_number:
            (st.success if last.agreed else st.warning)(last_move_verdict(last, tr))
        elif not last.judged and not last.failed:
            play_review.still_to_judge([last], urgent=True)
            st.caption(tr.gettext("The coach is weighing your last move…"))
else:
    st.caption(tr.gettext("A game without hints: the coach reviews each hand once it is over."))

# (The reviews of earlier hands are shown at each hand's end and side by side after the game, not here:
# this part of the page runs at every move of either player, and stays light.)
if table.robot is None:
    show_link(at)
if st.session_state.get(FRIEND_LEAVING):
    st.warning(tr.gettext("Leave this game for good? It is kept as abandoned, and {name} may play it on against the "
                          "virtual player.", name=plain(friend_name)))
    yes, no = st.columns(2)
    yes.button(tr.gettext("Leave the game"), key="friend_leave_yes", on_click=friend_state.leave_game)
    no.button(tr.gettext("Keep playing"), key="friend_leave_no", on_click=friend_state.keep_playing)
else:
    st.button(tr.gettext("Leave this game"), key="friend_leave", on_click=friend_state.ask_leave)
