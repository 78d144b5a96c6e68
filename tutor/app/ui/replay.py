"""A saved game replayed move by move: the position before each move, both hands laid out, the
move made, and the coach's view of it beside it (its move, and its verdict on the learner's), with
a chart of the hand's expected points decision by decision (Lichess's analysis board, in small)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.app.ui import store_access
from tutor.app.ui.play_state import owner
from tutor.app.ui.render import show_arrangement, show_cards, show_line_chart
from tutor.app.ui.safe import plain
from tutor.app.ui.table_data import went_gin
from tutor.engine.cards import mask_of
from tutor.engine.errors import TutorError
from tutor.engine.melds import best_arrangements
from tutor.engine.rules import load_ruleset
from tutor.language.i18n import Translator
from tutor.language.labels import ruleset_title
from tutor.language.play_text import bot_level_name, hint_sentence, log_line, move_phrase, value_chart, verdict_line
from tutor.play import background
from tutor.play.friend import replay as friend_replay
from tutor.play.hand import View
from tutor.play.match import Decision, Match, Played, replay
from tutor.play.moves import read_moves_code
from tutor.progress.store import SavedGame


@st.cache_resource(show_spinner=False, max_entries=32)
def _rebuilt(ruleset: str, seed: int, level: str, moves: tuple[tuple[str, str | None], ...]) -> Match | None:
    """The saved game rebuilt from its row (the ruleset named there is loaded here, at the edge)."""
    try:
        return replay(load_ruleset(ruleset), seed, level, list(moves))
    except TutorError:
        return None


@st.cache_resource(show_spinner=False, max_entries=32)
def _rebuilt_friend(ruleset: str, seed: int, moves: str, robot: int | None, robot_from: int, seat: int) -> Match | None:
    """A friend game rebuilt from its table, from ``seat``'s side."""
    try:
        return friend_replay(load_ruleset(ruleset), seed, list(read_moves_code(moves)), robot, robot_from).side(seat)
    except TutorError:
        return None


def _friend_side(game: SavedGame, profile_id: int) -> tuple[Match | None, str | None]:
    """A friend game of the learner's record, rebuilt from its table, and the other player's name."""
    table = store_access.store().friend_table(game.friend_id) if game.friend_id is not None else None
    seat = table.seat_of(profile_id, None) if table is not None else None
    if table is None or seat is None:
        return None, None
    other = table.seats[1 - seat]
    return (_rebuilt_friend(table.ruleset, table.seed, table.moves, table.robot, table.robot_from, seat),
            other.name if other is not None else None)


def _game_label(game: SavedGame, tr: Translator) -> str:
    if not game.finished:
        result = tr.gettext("in progress")
    else:
        result = tr.gettext("won") if game.won else tr.gettext("lost")
    return tr.gettext("{date} · {level} · {rules} · {result}", date=game.started.date().isoformat(),
                      level=bot_level_name(game.level, tr), rules=ruleset_title(game.ruleset, tr), result=result)


def show_replay(games: Sequence[SavedGame], tr: Translator, profile_id: int) -> None:
    """Pick a saved game (against the virtual player or a friend) and a hand, then step through its moves."""
    st.header(tr.gettext("Replay a game"))
    by_id = {g.id: g for g in games}
    chosen = st.selectbox(tr.gettext("Game"), list(by_id), key="replay_game",
                          format_func=lambda gid: _game_label(by_id[gid], tr))
    game = by_id.get(chosen) if chosen is not None else None
    if game is None:
        return
    other_name: str | None = None
    if game.friend_id is not None:
        match, other_name = _friend_side(game, profile_id)
    else:
        match = _rebuilt(game.ruleset, game.seed, game.level, tuple(game.moves))
    if match is None or not match.moves:
        st.info(tr.gettext("This game has no move to replay."))
        return
    hands = sorted({p.hand for p in match.moves})
    number = st.selectbox(tr.gettext("Hand"), hands, key=f"replay_hand_{game.id}",
                          format_func=lambda n: tr.number(n + 1))
    positions = match.positions(number)
    step = st.slider(tr.gettext("Move"), 1, len(positions), 1, key=f"replay_move_{game.id}_{number}") \
        if len(positions) > 1 else 1
    hand, played = positions[step - 1]
    mover = played.player
    st.markdown(tr.gettext("**Move {n} of {total}:** {move}", n=tr.number(step), total=tr.number(len(positions)),
                           move=log_line(played, tr, gin=went_gin(hand, played), seat=match.seat,
                                         name=other_name)))
    left, right = st.columns(2)
    with left:
        st.markdown(tr.gettext("**Your hand**"))
        show_arrangement(best_arrangements(mask_of(hand.cards[match.seat]))[0], tr)
        st.markdown(tr.gettext("**The virtual player's hand**") if other_name is None
                    else tr.gettext("**{name}'s hand**", name=plain(other_name)))
        show_arrangement(best_arrangements(mask_of(hand.cards[1 - match.seat]))[0], tr)
        if hand.discard_pile:
            show_cards(hand.discard_pile[-1:], tr, label=tr.gettext("Top of the discard pile"))
    with right:
        view = hand.view(mover)
        who = (tr.gettext("You") if mover == match.seat else tr.gettext("The virtual player") if other_name is None
               else plain(other_name))
        st.markdown(tr.gettext("**The coach's view** ({who} to move)", who=who))
        if mover == match.seat:
            decision = _decision_at(match, number, positions, step - 1)
            if decision.judged:
                _show_verdict(decision, tr)
            else:
                st.fragment(_weighing, run_every=0.5)(decision, tr)
        else:
            asked = background.ask(view, match.level, "move", owner())
            if asked.answered or asked.failed:
                _show_coach_move(asked, played, tr, other_name)
            else:
                st.fragment(_weighing_move, run_every=0.5)(view, match.level, tr)
    decisions = [d for d in match.decisions if d.hand == number]
    waiting = background.request(decisions, owner()) if decisions else 0
    if waiting:
        st.fragment(_chart_progress, run_every=1.0)(decisions, tr)
    elif decisions:
        show_line_chart(value_chart(decisions, tr), tr.gettext("Your decisions in this hand, in order"),
                        tr.gettext("Expected points of the hand"),
                        tr.gettext("The hand's expected points after each of your decisions, beside the coach's."),
                        tr.locale)


def _show_verdict(decision: Decision, tr: Translator) -> None:
    """The coach's move at the learner's decision and its verdict on the learner's."""
    st.text(hint_sentence(decision.advice, decision.view["top_discard"], tr))
    (st.success if decision.agreed else st.warning)(verdict_line(decision, tr))


def _weighing(decision: Decision, tr: Translator) -> None:
    """While the coach weighs this decision (in the background, first in line): a line that says
    so; its verdict once it is in."""
    if decision.judged:
        _show_verdict(decision, tr)
        return
    background.request([decision], owner(), urgent=True)
    st.caption(tr.gettext("The coach is weighing this move…"))


def _show_coach_move(asked: background.Asked, played: Played, tr: Translator, other_name: str | None) -> None:
    """The coach's move where the opponent moved, and whether they made it."""
    best = asked.move
    if best is None:
        st.error(tr.gettext("The coach could not weigh this move this time."))
        st.button(tr.gettext("Ask the coach again"), key="replay_ask_again", on_click=_ask_again,
                  args=(asked.view, asked.opponent))
        return
    st.text(tr.gettext("The coach's move: {move}.", move=move_phrase(best, asked.view["top_discard"], tr)))
    if best == played.move:
        st.success(tr.gettext("The virtual player made the coach's move.") if other_name is None
                   else tr.gettext("{name} made the coach's move.", name=plain(other_name)))
    else:
        st.warning(tr.gettext("The coach would have chosen otherwise."))


def _ask_again(view: View, level: str) -> None:
    """Ask the coach anew for its move where its work failed."""
    background.ask(view, level, "move", owner(), again=True)


def _weighing_move(view: View, level: str, tr: Translator) -> None:
    """While the coach weighs the virtual player's options (in the background, first in line): a
    line that says so; the page again once its move is in."""
    asked = background.ask(view, level, "move", owner())
    if asked.answered or asked.failed:
        st.rerun()
    st.caption(tr.gettext("The coach is weighing this move…"))


def _chart_progress(decisions: list[Decision], tr: Translator) -> None:
    """While the coach goes over the hand's decisions: how far it has got; the page again once done."""
    waiting = background.request(decisions, owner())
    if not waiting:
        st.rerun()
    st.progress((len(decisions) - waiting) / len(decisions), text=tr.gettext("The coach is going over your decisions…"))


def _decision_at(match: Match, number: int, positions: Sequence[tuple[object, Played]], index: int) -> Decision:
    """The learner's decision at move ``index`` of hand ``number``: the learner's moves of a hand and
    its decisions come in the same order."""
    before = sum(1 for _, played in positions[:index] if played.player == match.seat)
    return [d for d in match.decisions if d.hand == number][before]
