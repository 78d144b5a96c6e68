"""Trying a decision again: the same cards, the learner chooses anew, then sees the coach's verdict
on that choice with every move the analysis valued (Lichess's "learn from your mistakes"). The
verdict is worked out in the background (:func:`tutor.app.ui.play_review.retry_move`); until it is
in, a line says the coach is weighing the move."""

from __future__ import annotations

import streamlit as st

from tutor.app.ui import play_review
from tutor.app.ui.render import show_arrangement
from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.melds import best_arrangements
from tutor.language.i18n import Translator
from tutor.language.play_text import grade_name, loss_text, measured_against, move_phrase, points_text, position_line
from tutor.play.coach import Judgement, verdicts
from tutor.play.match import VERDICTS, Decision, Match
from tutor.play.moves import Move, move_text, read_move


def show_retry(match: Match, index: int, tr: Translator) -> None:
    """The decision ``index`` of the match, to be chosen again."""
    decision = match.decisions[index]
    view = decision.view
    top = view["top_discard"]
    st.subheader(tr.gettext("Try again: turn {turn}", turn=tr.number(view["turn"])))
    st.caption(position_line(view, tr))
    if top:
        st.text(tr.gettext("Top of the discard pile: {card}", card=parse_cards(top)[0].symbol))
    show_arrangement(best_arrangements(mask_of(parse_cards(" ".join(view["hand"]))))[0], tr)
    chosen = play_review.retried()
    if chosen is None:
        st.markdown(tr.gettext("What do you play here?"))
        for number, legal in enumerate(view["legal"]):
            move = read_move(legal)
            st.button(move_phrase(move, top, tr), key=f"play_retry_move_{index}_{number}",
                      on_click=play_review.retry_move, args=(move_text(move), decision))
    elif chosen.judged:
        show_retried(chosen, decision, tr)
        st.button(tr.gettext("Choose again"), key=f"play_retry_again_{index}", on_click=play_review.retry,
                  args=(match, index))
    elif chosen.failed:
        st.warning(tr.gettext("The coach could not weigh this move this time."))
        st.button(tr.gettext("Ask the coach again"), key=f"play_retry_weigh_{index}",
                  on_click=play_review.weigh_retried, args=(chosen, decision, True))
    else:
        st.fragment(_weighing, run_every=0.5)(chosen, decision, tr)
    st.button(tr.gettext("Back to the review"), key=f"play_retry_close_{index}", on_click=play_review.close_retry)


def _weighing(chosen: Decision, first: Decision, tr: Translator) -> None:
    """While the coach weighs the move chosen anew at ``first``: a line that says so; the page again
    once it is in, or once its work failed."""
    if chosen.judged or chosen.failed:
        st.rerun()
    play_review.weigh_retried(chosen, first)
    st.caption(tr.gettext("The coach is weighing your move…")
               + play_review.wait_text(play_review.waiting_since(chosen), tr))


def show_retried(chosen: Decision, first: Decision, tr: Translator) -> None:
    """The coach's verdict on the move chosen anew, with every move it valued and each one's grade
    (all worked out in the background: these calls read what it found)."""
    view, move = chosen.view, chosen.move
    top = view["top_discard"]
    judgement = chosen.judgement
    line = tr.gettext("You chose: {move}.", move=move_phrase(move, top, tr))
    mine = judgement.grade
    coach = move_phrase(judgement.coach, top, tr)
    if move == judgement.coach:
        line += " " + tr.gettext("Best: the coach's move.")
    elif mine == "best" and judgement.too_close:
        line += " " + tr.gettext("Best: too close to call beside the coach's move ({coach}); the analysis cannot "
                                 "tell them apart.", coach=coach)
    elif mine == "best" and judgement.loss is not None:
        line += " " + tr.gettext("Best: within a point of the coach's move ({coach}): it gives up {loss} points.",
                                 coach=coach, loss=loss_text(max(0.0, judgement.loss), judgement.stderr, tr))
    elif mine is not None and judgement.loss is not None:
        line += " " + tr.gettext("{grade}: it gives up {loss} points against the coach's move ({coach}).",
                                 grade=grade_name(mine, tr).capitalize(),
                                 loss=loss_text(max(0.0, judgement.loss), judgement.stderr, tr), coach=coach)
    (st.success if mine == "best" else st.warning)(line)
    judged: dict[Move, Judgement] = chosen.kept(
        VERDICTS, lambda: verdicts(view, tuple(o.move for o in judgement.options), first.opponent))
    st.table({
        tr.gettext("Move"): [move_phrase(o.move, top, tr) + (tr.gettext(" (the coach's)")
                                                             if o.move == judgement.coach else "")
                             for o in judgement.options],
        tr.gettext("Expected points (± s.e.)"): [f"{points_text(o.expected, tr)} (± {points_text(o.stderr, tr)})"
                                                 for o in judgement.options],
        tr.gettext("Grade"): [grade_name(judged[o.move].grade or "best", tr) for o in judgement.options]})
    st.caption(tr.gettext("The ± is the analysis' sampling error, within its model of the hidden cards: not "
                          "how sure anyone can be of the hand itself.") + " "
               + measured_against(first.opponent, tr))
