"""How each kind of drill is shown and answered on screen, and how a verdict is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from tutor.engine.cards import Card
from tutor.drills import Puzzle, Verdict, check, group_feedback, judge_group
from tutor.language.i18n import Translator
from tutor.language.labels import drill_kind_name, ruleset_title, side_name
from tutor.engine.melds import analyze
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import score_hand
from tutor.app.ui import drill_state
from tutor.app.ui.drill_state import answer_key, puzzle_id
from tutor.app.ui.render import show_arrangement, show_cards, show_steps


def _pill(c: Card) -> str:
    return f"**{str(c)[:-1]}**:{'red' if c.is_red else 'gray'}[{c.symbol[-1]}]"


def _groups(puzzle: Puzzle) -> list[list[str]]:
    return st.session_state.setdefault(f"_groups_{puzzle_id(puzzle)}", [])


def _add_group(puzzle: Puzzle, picker: str) -> None:
    """Judge the picked cards as a meld; keep them as a group when they are one."""
    tr = drill_state.state.translator()
    cards = [c for c in puzzle.cards if str(c) in (st.session_state.get(picker) or [])]
    used = [c for group in _groups(puzzle) for c in puzzle.cards if str(c) in group]
    problem = judge_group(cards, puzzle.cards, used)
    st.session_state[f"_group_message_{puzzle_id(puzzle)}"] = (problem is None, group_feedback(cards, problem, tr))
    if problem is None:
        _groups(puzzle).append([str(c) for c in cards])
        st.session_state[f"_group_round_{puzzle_id(puzzle)}"] = st.session_state.get(
            f"_group_round_{puzzle_id(puzzle)}", 0) + 1


def _remove_group(puzzle: Puzzle, index: int) -> None:
    del _groups(puzzle)[index]
    st.session_state.pop(f"_group_message_{puzzle_id(puzzle)}", None)


def melds_view(puzzle: Puzzle, tr: Translator) -> None:
    st.markdown(tr.gettext("Group the ten cards into melds so that the deadwood left is as small as possible. "
                           "Pick the cards of one meld, then add it."))
    show_cards(puzzle.cards, tr)
    used = {name for group in _groups(puzzle) for name in group}
    free = [str(c) for c in puzzle.cards if str(c) not in used]
    picker = f"answer_pick{st.session_state.get(f'_group_round_{puzzle_id(puzzle)}', 0)}_{puzzle_id(puzzle)}"
    by_name = {str(c): c for c in puzzle.cards}
    st.pills(tr.gettext("Cards of one meld"), free, selection_mode="multi", key=picker,
             format_func=lambda name: _pill(by_name[name]))
    st.button(tr.gettext("Add as a meld"), key=f"add_{puzzle_id(puzzle)}", on_click=_add_group,
              args=(puzzle, picker))
    message = st.session_state.get(f"_group_message_{puzzle_id(puzzle)}")
    if message:
        (st.success if message[0] else st.error)(message[1])
    for index, group in enumerate(_groups(puzzle)):
        cols = st.columns([4, 1])
        cols[0].markdown(tr.gettext("Meld {n}: {cards}", n=index + 1,
                                    cards=" ".join(by_name[g].symbol for g in group)))
        cols[1].button(tr.gettext("Remove"), key=f"remove_{index}_{puzzle_id(puzzle)}", on_click=_remove_group,
                       args=(puzzle, index))


def deadwood_view(puzzle: Puzzle, tr: Translator) -> None:
    st.markdown(tr.gettext("What is the least deadwood these ten cards can leave?"))
    show_cards(puzzle.cards, tr)
    st.number_input(tr.gettext("Deadwood"), min_value=0, max_value=200, value=None, step=1,
                    key=answer_key("deadwood", puzzle))


def _rules_line(puzzle: Puzzle, tr: Translator) -> None:
    st.caption(tr.gettext("Rules: {rules}", rules=ruleset_title(puzzle.ruleset, tr)))


def score_view(puzzle: Puzzle, tr: Translator) -> None:
    big = len(puzzle.knocker) == 11
    st.markdown(tr.gettext("The knocker shows these cards (all eleven: big gin)") if big
                else tr.gettext("The knocker knocks with these ten cards"))
    _rules_line(puzzle, tr)
    show_cards(puzzle.knocker, tr, label=side_name("knocker", tr))
    st.markdown(tr.gettext("The defender holds"))
    show_cards(puzzle.defender, tr, label=side_name("defender", tr))
    st.segmented_control(tr.gettext("Who scores?"), ["knocker", "defender"], key=answer_key("winner", puzzle),
                         format_func=lambda side: side_name(side, tr))
    st.number_input(tr.gettext("Points"), min_value=0, max_value=500, value=None, step=1,
                    key=answer_key("points", puzzle))


def layoffs_view(puzzle: Puzzle, tr: Translator) -> None:
    score = score_hand(puzzle.knocker, puzzle.defender, puzzle.ruleset)
    st.markdown(tr.gettext("The knocker lays down these melds"))
    _rules_line(puzzle, tr)
    show_arrangement(score.knocker_arrangement, tr)
    st.markdown(tr.gettext("Which of the defender's cards does it lay off in its best play?"))
    show_cards(puzzle.defender, tr, label=side_name("defender", tr))
    by_name = {str(c): c for c in puzzle.defender}
    st.pills(tr.gettext("The defender's cards"), list(by_name), selection_mode="multi",
             key=answer_key("layoffs", puzzle), format_func=lambda name: _pill(by_name[name]))


def totals_view(puzzle: Puzzle, tr: Translator) -> None:
    rules = load_ruleset(puzzle.ruleset)
    st.markdown(tr.gettext("This score sheet ends a game. What are the final totals, with every bonus?"))
    _rules_line(puzzle, tr)
    hand, result = tr.gettext("Hand"), tr.gettext("Result")
    st.table([{hand: tr.number(i), result: tr.gettext("void") if r == "void" else r.replace(":", ": ")}
              for i, r in enumerate(puzzle.results, start=1)])
    st.caption(tr.gettext("Target {target}; {hand} per hand won; game bonus {game}.", target=tr.number(rules.target),
                          hand=tr.number(rules.hand_bonus), game=tr.number(rules.game_bonus)))
    left, right = st.columns(2)
    left.number_input(tr.gettext("Total of player A"), min_value=0, max_value=2000, value=None, step=1,
                      key=answer_key("total_A", puzzle))
    right.number_input(tr.gettext("Total of player B"), min_value=0, max_value=2000, value=None, step=1,
                       key=answer_key("total_B", puzzle))


ANSWER_VIEWS: dict[str, Callable[[Puzzle, Translator], None]] = {
    "melds": melds_view, "deadwood": deadwood_view, "score": score_view, "layoffs": layoffs_view,
    "totals": totals_view,
}


def read_answer(puzzle: Puzzle) -> Any:
    """The learner's answer from the page's widgets, or None when it is not given yet."""
    get = lambda name: st.session_state.get(answer_key(name, puzzle))
    if puzzle.kind == "melds":
        return list(_groups(puzzle))
    if puzzle.kind == "deadwood":
        return get("deadwood")
    if puzzle.kind == "score":
        if get("winner") is None or get("points") is None:
            return None
        return {"winner": get("winner"), "points": int(get("points"))}
    if puzzle.kind == "layoffs":
        return list(get("layoffs") or [])
    if get("total_A") is None or get("total_B") is None:
        return None
    return {"A": int(get("total_A")), "B": int(get("total_B"))}


def show_verdict(puzzle: Puzzle, tr: Translator) -> Verdict | None:
    """The verdict on the last answer checked, worked out again in the current language."""
    record = drill_state.verdict_record(puzzle)
    if not record:
        return None
    if record.get("missing"):
        st.warning(tr.gettext("Give an answer first."))
        return None
    if record.get("error"):
        st.error(record["error"])
        return None
    verdict = check(puzzle, record["answer"], tr)
    if verdict.correct:
        st.success(tr.gettext("Right!"))
    else:
        st.error(tr.gettext("Not quite. {feedback}", feedback=verdict.feedback))
    with st.expander(tr.gettext("The engine's answer, step by step"), expanded=not verdict.correct):
        if puzzle.kind in ("melds", "deadwood"):
            show_arrangement(analyze(puzzle.cards).arrangement, tr)
        elif puzzle.kind in ("score", "layoffs"):
            score = score_hand(puzzle.knocker, puzzle.defender, puzzle.ruleset)
            show_arrangement(score.knocker_arrangement, tr, score.layoffs)
            show_arrangement(score.defender_play.arrangement, tr)
        show_steps(verdict.explanation)
    return verdict


def drill_card(puzzle: Puzzle, tr: Translator) -> Verdict | None:
    """A puzzle to answer, with its Check and Hint buttons, the hints asked for and the verdict.
    Returns the verdict on the answer checked last, if any."""
    drill_state.opened(puzzle)
    pid = puzzle_id(puzzle)
    ANSWER_VIEWS[puzzle.kind](puzzle, tr)
    check_col, hint_col = st.columns(2)
    with check_col:
        checked = st.button(tr.gettext("Check"), key=f"check_{pid}", type="primary")
    with hint_col:
        st.button(tr.gettext("Hint"), key=f"hint_{pid}", on_click=drill_state.next_hint, args=(pid,))
    for hint in drill_state.shown_hints(puzzle, tr):
        st.info(hint)
    if checked:
        drill_state.grade(puzzle, read_answer(puzzle), tr)
    return show_verdict(puzzle, tr)


def show_tally(kind: str, tr: Translator) -> None:
    """This session's tally for the kind of drill: tried, right, current streak."""
    tally = st.session_state.get("drill_tally", {}).get(kind, {"tried": 0, "right": 0, "streak": 0})
    st.caption(tr.gettext("{kind} this session: {right} right of {tried} tried; streak {streak}.",
                          kind=drill_kind_name(kind, tr), right=tr.number(tally["right"]),
                          tried=tr.number(tally["tried"]), streak=tr.number(tally["streak"])))
