"""How each kind of drill is shown and answered on screen (:data:`VIEWS`), and how a puzzle card
with its Check and Hint buttons, its hints and its verdict is drawn for any kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from tutor.app.ui import drill_answer, drill_state
from tutor.app.ui.card_picker import card_picker, picked
from tutor.app.ui.drill_state import PuzzleKeys, puzzle_keys
from tutor.app.ui.render import show_arrangement, show_cards, show_steps
from tutor.app.ui.safe import error_text
from tutor.app.ui.session_keys import DRILL_TALLY, READ_SCORES
from tutor.drills import KINDS, Puzzle, Verdict, group_remark, judge_group
from tutor.drills.kinds import knock, read
from tutor.drills.kinds.score import score_of
from tutor.engine.cards import parse_card, parse_cards
from tutor.engine.melds import HandAnalysis
from tutor.engine.scoring import HandScore
from tutor.language.feedback import explanation, feedback, render
from tutor.language.i18n import Translator
from tutor.language.labels import KNOCK_ANSWERS, card_name, drill_kind_name, ruleset_title, side_name
from tutor.language.play_text import bot_level_name, position_line
from tutor.play.bots.reading import read_view
from tutor.play.hand import View
from tutor.play.positions import decode_view


@dataclass(frozen=True)
class DrillView:
    """How one kind of drill is answered on screen."""

    show: Callable[[Puzzle, Translator], None]
    """Draw the puzzle and the widgets of its answer."""
    read: Callable[[Puzzle], Any]
    """The learner's answer from those widgets, or None when it is not given yet."""
    answer: Callable[[Puzzle, Verdict, Any, Translator], None] | None = None
    """Draw the engine's answer beside the learner's, once it is shown (None: the engine's result,
    step by step)."""


def _get(puzzle: Puzzle, part: str) -> Any:
    return st.session_state.get(puzzle_keys(puzzle).answer(part))


# --- Melds: pick the cards of one meld at a time ---------------------------------------------

def _groups(puzzle: Puzzle) -> list[list[str]]:
    groups: list[list[str]] = st.session_state.setdefault(puzzle_keys(puzzle).groups, [])
    return groups


def _add_group(puzzle: Puzzle) -> None:
    """Judge the picked cards as a meld; keep them as a group when they are one."""
    keys = puzzle_keys(puzzle)
    chosen = picked(keys.picker)
    cards = [c for c in puzzle.cards if str(c) in chosen]
    used = [c for group in _groups(puzzle) for c in puzzle.cards if str(c) in group]
    problem = judge_group(cards, puzzle.cards, used)
    st.session_state[keys.group_message] = (problem is None, group_remark(cards, problem))
    if problem is None:
        _groups(puzzle).append([str(c) for c in cards])
        st.session_state[keys.picker] = []


def _remove_group(puzzle: Puzzle, index: int, cards: list[str]) -> None:
    """Take a meld apart again; a click on a meld already gone (fast clicks) does nothing."""
    groups = _groups(puzzle)
    if index < len(groups) and groups[index] == cards:
        del groups[index]
        st.session_state.pop(puzzle_keys(puzzle).group_message, None)


def _melds(puzzle: Puzzle, tr: Translator) -> None:
    keys = puzzle_keys(puzzle)
    st.markdown(tr.gettext("Group the ten cards into melds so that the deadwood left is as small as possible. "
                           "Pick the cards of one meld, then add it."))
    used = {name for group in _groups(puzzle) for name in group}
    by_name = {str(c): c for c in puzzle.cards}
    card_picker([(tr.gettext("Your ten cards"), puzzle.cards)], keys.picker, tr,
                disabled=[c for c in puzzle.cards if str(c) in used])
    st.button(tr.gettext("Add as a meld"), key=keys.button("add"), on_click=_add_group, args=(puzzle,))
    message = st.session_state.get(keys.group_message)
    if message:
        (st.success if message[0] else st.error)(render(message[1], tr))
    for index, group in enumerate(_groups(puzzle)):
        cols = st.columns([4, 1])
        cols[0].markdown(tr.gettext("Meld {n}: {cards}", n=index + 1,
                                    cards=" ".join(by_name[g].symbol for g in group)))
        cols[1].button(tr.gettext("Remove"), key=keys.button(f"remove_{index}"), on_click=_remove_group,
                       args=(puzzle, index, list(group)))


def _read_melds(puzzle: Puzzle) -> list[list[str]] | None:
    """The melds formed, or None when none is formed yet (no answer: not an attempt)."""
    return list(_groups(puzzle)) or None


# --- Deadwood: a number ------------------------------------------------------------------------

def _deadwood(puzzle: Puzzle, tr: Translator) -> None:
    if puzzle.scenario == "no_melds":  # lesson 1's check, before melds are taught
        st.markdown(tr.gettext("None of these ten cards goes with another: how many points do they add up to?"))
    else:
        st.markdown(tr.gettext("What is the least deadwood these ten cards can leave?"))
    show_cards(puzzle.cards, tr)
    st.number_input(tr.gettext("Deadwood"), min_value=0, max_value=200, value=None, step=1,
                    key=puzzle_keys(puzzle).answer("deadwood"))


def _read_deadwood(puzzle: Puzzle) -> Any:
    return _get(puzzle, "deadwood")


# --- Score: who scores, and how much -----------------------------------------------------------

def _rules_line(puzzle: Puzzle, tr: Translator) -> None:
    st.caption(tr.gettext("Rules: {rules}", rules=ruleset_title(puzzle.rules, tr)))


def _score(puzzle: Puzzle, tr: Translator) -> None:
    keys = puzzle_keys(puzzle)
    big = len(puzzle.knocker) > len(puzzle.defender)
    st.markdown(tr.gettext("The knocker shows these cards (all eleven: big gin)") if big
                else tr.gettext("The knocker knocks with these ten cards"))
    _rules_line(puzzle, tr)
    show_cards(puzzle.knocker, tr, label=side_name("knocker", tr))
    st.markdown(tr.gettext("The defender holds"))
    show_cards(puzzle.defender, tr, label=side_name("defender", tr))
    st.segmented_control(tr.gettext("Who scores?"), ["knocker", "defender"], key=keys.answer("winner"),
                         format_func=lambda side: side_name(side, tr))
    st.number_input(tr.gettext("Points"), min_value=0, max_value=500, value=None, step=1,
                    key=keys.answer("points"))


def _read_score(puzzle: Puzzle) -> dict[str, Any] | None:
    winner, points = _get(puzzle, "winner"), _get(puzzle, "points")
    if winner is None or points is None:
        return None
    return {"winner": winner, "points": int(points)}


# --- Layoffs: pick the defender's cards --------------------------------------------------------

def _layoffs(puzzle: Puzzle, tr: Translator) -> None:
    st.markdown(tr.gettext("The knocker lays down these melds"))
    _rules_line(puzzle, tr)
    show_arrangement(score_of(puzzle).knocker_arrangement, tr)
    st.markdown(tr.gettext("Which of the defender's cards does it lay off in its best play?"))
    card_picker([(side_name("defender", tr).capitalize(), puzzle.defender)], puzzle_keys(puzzle).answer("layoffs"),
                tr)


def _read_layoffs(puzzle: Puzzle) -> list[str]:
    return picked(puzzle_keys(puzzle).answer("layoffs"))


# --- Totals: two numbers -----------------------------------------------------------------------

def _totals(puzzle: Puzzle, tr: Translator) -> None:
    keys = puzzle_keys(puzzle)
    rules = puzzle.rules
    st.markdown(tr.gettext("This score sheet ends a game. What are the final totals, with every bonus?"))
    _rules_line(puzzle, tr)
    hand, result = tr.gettext("Hand"), tr.gettext("Result")
    st.table([{hand: tr.number(i), result: tr.gettext("void") if r == "void" else r.replace(":", ": ")}
              for i, r in enumerate(puzzle.results, start=1)])
    st.caption(tr.gettext("Target {target}; {hand} per hand won; game bonus {game}.", target=tr.number(rules.target),
                          hand=tr.number(rules.hand_bonus), game=tr.number(rules.game_bonus)))
    left, right = st.columns(2)
    left.number_input(tr.gettext("Total of player A"), min_value=0, max_value=2000, value=None, step=1,
                      key=keys.answer("total_A"))
    right.number_input(tr.gettext("Total of player B"), min_value=0, max_value=2000, value=None, step=1,
                       key=keys.answer("total_B"))


def _read_totals(puzzle: Puzzle) -> dict[str, int] | None:
    a, b = _get(puzzle, "total_A"), _get(puzzle, "total_B")
    if a is None or b is None:
        return None
    return {"A": int(a), "B": int(b)}


# --- Which card to throw: a position from a hand, one card picked --------------------------------

def _position(puzzle: Puzzle, tr: Translator) -> View:
    """A position from a hand: the turn and the stock, what the opponent took, the pile. Returns
    the position's view."""
    view = decode_view(puzzle.position)
    _rules_line(puzzle, tr)
    st.caption(position_line(view, tr))
    if view["taken_upcard"]:
        st.caption(tr.gettext("You have just taken {the_card} from the discard pile: it may not be thrown this turn.",
                              card=card_name(parse_card(view["taken_upcard"]), tr)))
    if view["opponent_known"]:
        show_cards(parse_cards(" ".join(view["opponent_known"])), tr, label=tr.gettext("The opponent took"))
    if view["discard_pile"]:
        show_cards(parse_cards(" ".join(view["discard_pile"][-6:])), tr,
                   label=tr.gettext("The discard pile, its top last"))
    return view


def _discard(puzzle: Puzzle, tr: Translator) -> None:
    st.markdown(tr.gettext("You hold these eleven cards. Which one do you throw?") if puzzle.scenario != "least"
                else tr.gettext("You hold these eleven cards. Which discard leaves the least deadwood?"))
    taken = _position(puzzle, tr)["taken_upcard"]
    card_picker([(tr.gettext("Your hand"), puzzle.cards)], puzzle_keys(puzzle).answer("discard"), tr, single=True,
                disabled=[c for c in puzzle.cards if str(c) == taken])


def _knock(puzzle: Puzzle, tr: Translator) -> None:
    st.markdown(tr.gettext("You play against the {level} virtual player, and you may knock with these eleven cards: "
                           "do you knock now or wait? The coach's analysis grades your answer, measured against "
                           "that level; source 001's rules of thumb are a guide.",
                           level=bot_level_name(knock.opponent_of(puzzle), tr)))
    _position(puzzle, tr)
    show_cards(puzzle.cards, tr, label=tr.gettext("Your hand"))
    st.segmented_control(tr.gettext("Your choice"), list(KNOCK_ANSWERS), key=puzzle_keys(puzzle).answer("knock"),
                         format_func=lambda a: tr.gettext(KNOCK_ANSWERS[a]))


def _read_knock(puzzle: Puzzle) -> str | None:
    picked = _get(puzzle, "knock")
    return str(picked) if picked else None


def _read_discard(puzzle: Puzzle) -> str | None:
    chosen = picked(puzzle_keys(puzzle).answer("discard"))
    return chosen[0] if chosen else None


# --- Read the opponent: a chance for each of six unseen cards ----------------------------------

def _read(puzzle: Puzzle, tr: Translator) -> None:
    keys = puzzle_keys(puzzle)
    view = decode_view(puzzle.position)
    table = read_view(view)
    st.markdown(tr.gettext("You play against the {level} virtual player. For each card below, which you cannot "
                           "see, how likely is it that the opponent holds it?",
                           level=bot_level_name(read.opponent_of(puzzle), tr)))
    _rules_line(puzzle, tr)
    st.caption(position_line(view, tr))
    show_cards(parse_cards(" ".join(view["hand"])), tr, label=tr.gettext("Your hand"))
    if view["opponent_known"]:
        show_cards(parse_cards(" ".join(view["opponent_known"])), tr,
                   label=tr.gettext("The opponent took from the pile and holds"))
    if table.opponent_discards:
        show_cards(table.opponent_discards, tr, label=tr.gettext("The opponent threw, first to last"))
    if table.opponent_declined:
        show_cards(read.passed_cards(table), tr, label=tr.gettext("The opponent let these pass, first to last"))
    if view["discard_pile"]:
        show_cards(parse_cards(" ".join(view["discard_pile"][-6:])), tr,
                   label=tr.gettext("The discard pile, its top last"))
    for card in puzzle.cards:
        st.segmented_control(tr.gettext("Chance that it holds {card}, in %", card=card.symbol), read.CHOICES,
                             key=keys.answer(f"read_{card}"), format_func=tr.number)


def _read_read(puzzle: Puzzle) -> dict[str, int] | None:
    """A chance for every card asked about, or None while one is still to give."""
    given = {str(card): _get(puzzle, f"read_{card}") for card in puzzle.cards}
    if any(chance is None for chance in given.values()):
        return None
    return {card: int(chance) for card, chance in given.items()}


def _read_answer(puzzle: Puzzle, verdict: Verdict, answer: Any, tr: Translator) -> None:
    """The learner's chances beside the coach's and what the opponent really held, then its hand."""
    given = read.read_answer(puzzle, answer)
    exact = read.coach_chances(puzzle)  # drawn once: the table and both scores read it
    held = set(puzzle.held)
    yes, no = tr.gettext("yes"), tr.gettext("no")
    st.table([{tr.gettext("Card"): card.symbol, tr.gettext("Your chance"): tr.percent(given[card] / 100),
               tr.gettext("The coach's chance"): tr.percent(round(100 * exact[card]) / 100),
               tr.gettext("Held"): yes if card in held else no} for card in puzzle.cards])
    st.caption(tr.gettext("The coach's chances are graded rounded to the nearest choice you had: {choices}.",
                          choices=", ".join(tr.percent(c / 100) for c in read.CHOICES)))
    show_cards(puzzle.held, tr, label=tr.gettext("What the opponent really held"))
    yours, coach = read.scores(puzzle, given, exact)
    scores = st.session_state.setdefault(READ_SCORES, {})
    scores[puzzle_keys(puzzle).pid] = (yours, coach)
    mean_yours = sum(y for y, _ in scores.values()) / len(scores)
    mean_coach = sum(c for _, c in scores.values()) / len(scores)
    st.caption(tr.ngettext("This session, your reading scored {yours} on average over {n} position; the coach's, "
                           "{coach} on the same position.",
                           "This session, your readings scored {yours} on average over {n} positions; the "
                           "coach's, {coach} on the same positions.", len(scores),
                           yours=tr.number(mean_yours, places=1), coach=tr.number(mean_coach, places=1)))


VIEWS: dict[str, DrillView] = {
    "melds": DrillView(_melds, _read_melds),
    "deadwood": DrillView(_deadwood, _read_deadwood),
    "score": DrillView(_score, _read_score),
    "layoffs": DrillView(_layoffs, _read_layoffs),
    "totals": DrillView(_totals, _read_totals),
    "discard": DrillView(_discard, _read_discard),
    "knock": DrillView(_knock, _read_knock),
    "read": DrillView(_read, _read_read, _read_answer),
}
"""The view of every kind of drill, by name: one entry per kind of :data:`tutor.drills.KINDS`."""
assert set(VIEWS) == set(KINDS), "every kind of drill needs a view"


# --- Any kind ----------------------------------------------------------------------------------

def show_result(result: Any, tr: Translator) -> None:
    """The engine's layout of a puzzle's result: the hand's melds, or both hands of a knock."""
    if isinstance(result, HandAnalysis):
        show_arrangement(result.arrangement, tr)
    elif isinstance(result, HandScore):
        st.markdown(f"**{side_name('knocker', tr).capitalize()}**")
        show_arrangement(result.knocker_arrangement, tr, result.layoffs)
        st.markdown(f"**{side_name('defender', tr).capitalize()}**")
        show_arrangement(result.defender_play.arrangement, tr)


def show_verdict(puzzle: Puzzle, tr: Translator) -> Verdict | None:
    """The verdict on the last answer checked, put into words in the current language (it is
    not graded again)."""
    record = drill_answer.verdict_record(puzzle)
    if not record:
        return None
    if record.get("missing"):
        st.warning(tr.gettext("Give an answer first."))
        return None
    if record.get("error"):
        st.error(error_text(record["error"], tr))
        return None
    verdict: Verdict = record["verdict"]
    if verdict.correct:
        st.success(tr.gettext("Right!"))
    elif record.get("try", 2) < 2:  # a first wrong answer: where it went wrong, then a second try
        first = render(verdict.remarks[0], tr) if verdict.remarks else ""
        st.warning(tr.gettext("Not quite. {feedback} Change your answer and check again, or ask for a hint.",
                              feedback=first))
        _show_notes(verdict, tr)
        return verdict
    else:
        st.error(tr.gettext("Not quite. {feedback}", feedback=feedback(verdict, tr)))
    _show_notes(verdict, tr)
    with st.expander(tr.gettext("The engine's answer, step by step"), expanded=not verdict.correct):
        answer = VIEWS[puzzle.kind].answer
        if answer is not None:
            answer(puzzle, verdict, record.get("answer"), tr)
        else:
            show_result(verdict.result, tr)
            show_steps(explanation(verdict.result, tr))
    return verdict


def _show_notes(verdict: Verdict, tr: Translator) -> None:
    """What the verdict says whether the answer is right or wrong (:attr:`Verdict.notes`)."""
    for note in verdict.notes:
        st.info(render(note, tr))


def drill_card(puzzle: Puzzle, tr: Translator) -> Verdict | None:
    """A puzzle to answer, with its Check and Hint buttons, the hints asked for and the verdict.
    Returns the verdict on the answer checked last, if any."""
    drill_state.opened(puzzle)
    keys: PuzzleKeys = puzzle_keys(puzzle)
    view = VIEWS[puzzle.kind]
    view.show(puzzle, tr)
    check_col, hint_col = st.columns(2)
    with check_col:
        st.button(tr.gettext("Check"), key=keys.button("check"), type="primary", on_click=_check, args=(puzzle,))
    with hint_col:
        st.button(tr.gettext("Hint"), key=keys.button("hint"), on_click=drill_answer.next_hint, args=(keys,))
    for hint in drill_answer.shown_hints(puzzle, tr):
        st.info(hint)
    return show_verdict(puzzle, tr)


def _check(puzzle: Puzzle) -> None:
    """The Check button's callback: grade before the page is drawn, so the tally shows this answer."""
    drill_answer.grade(puzzle, VIEWS[puzzle.kind].read(puzzle))


def show_tally(kind: str, tr: Translator) -> None:
    """This session's tally for the kind of drill: tried, right, current streak."""
    tally = st.session_state.get(DRILL_TALLY, {}).get(kind, {"tried": 0, "right": 0, "streak": 0})
    st.caption(tr.gettext("{kind} this session: {right} right of {tried} tried; streak {streak}.",
                          kind=drill_kind_name(kind, tr), right=tr.number(tally["right"]),
                          tried=tr.number(tally["tried"]), streak=tr.number(tally["streak"])))


