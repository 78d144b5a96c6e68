"""Checkers: grade an answer with the engine and explain, in the learner's language, where it
first went wrong. Also the hints, one step at a time, and the judging of a meld as it is formed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from tutor.engine.cards import Card, mask_of, parse_cards
from tutor.drills.generate import dual_use_cards
from tutor.drills.model import AnswerError, Puzzle, Verdict
from tutor.engine.errors import TutorError
from tutor.language.explain import analysis_steps, cards_text, score_steps, totals_steps
from tutor.language.i18n import N_, Translator
from tutor.language.labels import meld_kind_name, side_name
from tutor.engine.layoffs import layoff_options
from tutor.engine.melds import Arrangement, analyze, candidate_arrangements, meld_from_cards, meld_problem
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.engine.scoring import HandScore, hand_outcome, game_totals, score_hand

ENGLISH = Translator("en")

MELD_PROBLEMS = {
    "too_few": N_("A meld needs at least three cards."),
    "too_many_for_set": N_("A set has at most four cards."),
    "mixed_suits": N_("A run must be all of one suit."),
    "gap": N_("A run needs consecutive ranks, with no gap."),
    "ace_high": N_("The ace is low: it cannot follow the king in a run."),
    "mixed": N_("These cards are neither a set (one rank) nor a run (one suit, in a row)."),
    "not_in_hand": N_("That card is not in the hand."),
    "used_twice": N_("A card can be in one meld only."),
}
"""Why a group of cards is not a meld, by the code :func:`judge_group` returns."""


def _cards(value: Any, what: str) -> list[Card]:
    try:
        if isinstance(value, str):
            return parse_cards(value)
        items = list(value)
        return [c if isinstance(c, Card) else parse_cards(str(c))[0] for c in items] if items else []
    except TutorError:
        raise
    except (TypeError, ValueError) as error:
        raise AnswerError(f"the {what} could not be read", what=what) from error


def _number(value: Any, what: str) -> int:
    text = str(value).strip()
    if not text.lstrip("-").isdigit():
        raise AnswerError(f"the {what} must be a whole number, not {text!r}", what=what)
    return int(text)


# --- Melds -------------------------------------------------------------------------------------

def judge_group(group: Sequence[Card], hand: Iterable[Card], used: Iterable[Card] = ()) -> str | None:
    """Judge one group as the learner forms it: None when it is a valid meld, else the problem
    (``not_in_hand``, ``used_twice``, ``too_few``, ``mixed_suits``, ``gap``, ``ace_high``...)."""
    hand_set, used_set = set(hand), set(used)
    if any(c not in hand_set for c in group):
        return "not_in_hand"
    if any(c in used_set for c in group) or len(set(group)) != len(group):
        return "used_twice"
    return meld_problem(group)


def group_feedback(group: Sequence[Card], problem: str | None, tr: Translator) -> str:
    """One sentence on a group being formed: what meld it is, or why it is not one."""
    if problem is None:
        meld = meld_from_cards(group)
        return tr.gettext("{cards}: a valid {kind}.", cards=cards_text(meld.cards),
                          kind=meld_kind_name(meld.kind, tr))
    return tr.gettext("{cards}: {problem}", cards=cards_text(group), problem=tr.gettext(MELD_PROBLEMS[problem]))


def _closest(learner_melded: set[Card], arrangements: list[Arrangement]) -> Arrangement:
    return max(arrangements, key=lambda a: len(learner_melded & {c for m in a.melds for c in m.cards}))


def _missed_card_feedback(learner_deadwood: Iterable[Card], best: Arrangement, tr: Translator) -> tuple[str, str]:
    """The first card the learner counted as deadwood that the best arrangement melds."""
    deadwood = set(learner_deadwood)
    for meld in best.melds:
        for c in meld.cards:
            if c in deadwood:
                return "counted_melded_card", tr.gettext(
                    "You counted the {card} as deadwood, but it completes the {kind} {meld}.",
                    card=c.symbol, kind=meld_kind_name(meld.kind, tr), meld=cards_text(meld.cards))
    return "not_minimal", tr.gettext("Another arrangement leaves less deadwood.")


def check_melds(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Melds answer: a list of groups of cards. Right when every group is a meld and the
    deadwood left is the least possible; any arrangement that reaches it is accepted."""
    result = analyze(puzzle.cards)
    explanation = tuple(analysis_steps(result, tr))
    expected = [[str(c) for c in m.cards] for m in result.melds]
    if isinstance(answer, str):
        raise AnswerError("the melds must be a list of groups of cards", what="melds")
    used: list[Card] = []
    for raw in answer or []:
        group = _cards(raw, "melds")
        if not group:
            continue
        problem = judge_group(group, puzzle.cards, used)
        if problem is not None:
            return Verdict(False, explanation, problem, group_feedback(group, problem, tr), expected)
        used += group
    deadwood = [c for c in puzzle.cards if c not in set(used)]
    total = sum(c.value for c in deadwood)
    if total == result.deadwood:
        return Verdict(True, explanation, expected=expected)
    best = _closest(set(used), result.arrangements)
    mistake, feedback = _missed_card_feedback(deadwood, best, tr)
    feedback += " " + tr.gettext("Your melds leave {yours}; the least possible is {best}.",
                                 yours=tr.number(total), best=tr.number(result.deadwood))
    return Verdict(False, explanation, mistake, feedback, expected)


# --- Deadwood ----------------------------------------------------------------------------------

def check_deadwood(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Deadwood answer: a whole number, the least deadwood of the ten cards."""
    given = _number(answer, "deadwood")
    result = analyze(puzzle.cards)
    explanation = tuple(analysis_steps(result, tr))
    best = result.arrangement
    if given == result.deadwood:
        return Verdict(True, explanation, expected=result.deadwood)
    everything = sum(c.value for c in puzzle.cards)
    face_values = sum(c.rank for c in best.deadwood_cards)
    if given == everything:
        mistake, feedback = "no_melds", tr.gettext(
            "You counted every card, but cards in melds do not count as deadwood.")
    elif any(given == result.deadwood - c.value for c in best.deadwood_cards):
        c = next(c for c in best.deadwood_cards if given == result.deadwood - c.value)
        mistake, feedback = "missed_deadwood_card", tr.gettext(
            "You left out the {card}: it is in no meld, so it counts {value}.", card=c.symbol,
            value=tr.number(c.value))
    else:
        worse = [a for a in candidate_arrangements(mask_of(puzzle.cards)) if a.deadwood == given]
        learner = worse[0].deadwood_cards if worse else ()
        melded = [(c, m) for m in best.melds for c in m.cards if given == result.deadwood + c.value]
        if learner:
            mistake, feedback = _missed_card_feedback(learner, best, tr)
        elif face_values != result.deadwood and given == face_values:
            mistake, feedback = "face_values", tr.gettext(
                "Jacks, queens and kings count 10 each, not 11, 12 and 13.")
        elif melded:
            c, meld = melded[0]
            mistake, feedback = "counted_melded_card", tr.gettext(
                "You counted the {card} as deadwood, but it completes the {kind} {meld}.",
                card=c.symbol, kind=meld_kind_name(meld.kind, tr), meld=cards_text(meld.cards))
        else:
            mistake, feedback = "wrong_total", tr.gettext("Count again card by card: the steps show the sum.")
    feedback += " " + tr.gettext("The least deadwood is {best}.", best=tr.number(result.deadwood))
    return Verdict(False, explanation, mistake, feedback, result.deadwood)


# --- Score -------------------------------------------------------------------------------------

def _score_alternatives(score: HandScore) -> list[tuple[str, str, int]]:
    """Typical wrong results: (mistake, winner, points) worked out the wrong way."""
    rules = load_ruleset(score.rules)
    k, d, before = score.knocker_deadwood, score.defender_deadwood, score.defender_deadwood_before_layoffs
    big = score.outcome == "big_gin"
    out = []
    if score.layoffs:
        o = hand_outcome(k, before, big, rules)
        out.append(("forgot_layoffs", o[1], o[2]))
    if not score.layoffs_allowed:
        play_with = score_hand(score.knocker_cards, score.defender_cards,
                               _with(rules, layoffs_onto_gin=True, layoffs_onto_big_gin=True))
        if play_with.defender_deadwood != d:
            out.append(("laid_off_onto_gin", "knocker", score.points - (d - play_with.defender_deadwood)))
    if score.outcome in ("knock", "undercut") and k == d:
        flipped = _with(rules, undercut_on_tie=not rules.undercut_on_tie)
        o = hand_outcome(k, d, big, flipped)
        out.append(("tie_rule", o[1], o[2]))
    if score.bonus:
        out.append(("forgot_bonus", score.winner, score.points - score.bonus))
    if score.outcome in ("gin", "big_gin"):
        out.append(("gin_without_deadwood", "knocker", score.bonus))
    if score.outcome == "knock":
        out.append(("undercut_thought", "defender", rules.undercut_bonus + abs(k - d)))
    if score.outcome == "undercut":
        out.append(("missed_undercut", "knocker", abs(d - k)))
    return out


def _with(rules: Ruleset, **changes: bool) -> Ruleset:
    """The same ruleset with some options changed: how a learner might misremember it."""
    return replace(rules, **changes)


def _score_feedback(mistake: str, score: HandScore, tr: Translator) -> str:
    n = tr.number
    texts = {
        "forgot_layoffs": tr.gettext(
            "You counted the defender's deadwood before its layoffs ({before}); after laying off it is {after}.",
            before=n(score.defender_deadwood_before_layoffs), after=n(score.defender_deadwood)),
        "laid_off_onto_gin": tr.gettext("Under these rules nothing may be laid off onto this hand."),
        "tie_rule": tr.gettext("Both deadwoods are {dw}: check how these rules treat a tie.",
                               dw=n(score.knocker_deadwood)),
        "forgot_bonus": tr.gettext("You left out the bonus of {bonus}.", bonus=n(score.bonus)),
        "gin_without_deadwood": tr.gettext("Gin also scores the defender's deadwood ({dw}).",
                                           dw=n(score.defender_deadwood)),
        "undercut_thought": tr.gettext("The defender's deadwood ({d}) is higher than the knocker's ({k}): no undercut.",
                                       d=n(score.defender_deadwood), k=n(score.knocker_deadwood)),
        "missed_undercut": tr.gettext("After laying off, the defender has {d} against the knocker's {k}: an undercut.",
                                      d=n(score.defender_deadwood), k=n(score.knocker_deadwood)),
    }
    return texts[mistake]


def check_score(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Score answer: ``{"winner": "knocker"|"defender", "points": int}``."""
    if not isinstance(answer, dict) or answer.get("winner") not in ("knocker", "defender"):
        raise AnswerError("the answer needs a winner (knocker or defender) and points", what="score")
    points = _number(answer.get("points"), "points")
    score = score_hand(puzzle.knocker, puzzle.defender, puzzle.ruleset)
    explanation = tuple(score_steps(score, tr))
    expected = {"winner": score.winner, "points": score.points}
    if answer["winner"] == score.winner and points == score.points:
        return Verdict(True, explanation, expected=expected)
    for mistake, winner, alt_points in _score_alternatives(score):
        if (winner, alt_points) == (answer["winner"], points):
            return Verdict(False, explanation, mistake, _score_feedback(mistake, score, tr), expected)
    if answer["winner"] != score.winner:
        feedback = tr.gettext("The hand is won by {winner}.", winner=side_name(score.winner, tr))
        return Verdict(False, explanation, "wrong_winner", feedback, expected)
    feedback = tr.gettext("The winner is right, but the points are {points}.", points=tr.number(score.points))
    return Verdict(False, explanation, "wrong_points", feedback, expected)


# --- Layoffs -----------------------------------------------------------------------------------

def check_layoffs(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Layoffs answer: the set of the defender's cards laid off in its best play (any best play)."""
    chosen = set(_cards(answer, "layoffs")) if answer not in (None, "", [], set()) else set()
    score = score_hand(puzzle.knocker, puzzle.defender, puzzle.ruleset)
    play = score.defender_play
    explanation = tuple(score_steps(score, tr))
    best_sets = play.best_layoff_sets
    expected = sorted(str(c) for c in play.layoffs)
    if frozenset(chosen) in best_sets:
        return Verdict(True, explanation, expected=expected)
    outside = [c for c in chosen if c not in set(puzzle.defender)]
    if outside:
        return Verdict(False, explanation, "not_in_hand", tr.gettext(
            "The {card} is not in the defender's hand.", card=outside[0].symbol), expected)
    layable = {lay.card for option in layoff_options(score.knocker_melds, mask_of(puzzle.defender)) for lay in option}
    closest = max(best_sets, key=lambda s: len(s & chosen))
    for c in sorted(chosen - closest, key=lambda c: c.index):
        if c not in layable:
            return Verdict(False, explanation, "not_a_layoff", tr.gettext(
                "The {card} fits none of the knocker's melds.", card=c.symbol), expected)
        own = [m for m in analyze(list(puzzle.defender)).melds if c in m.cards]
        meld = cards_text(own[0].cards) if own else cards_text([c])
        return Verdict(False, explanation, "breaks_meld", tr.gettext(
            "The {card} fits, but laying it off would break your meld {meld} and leave more deadwood.",
            card=c.symbol, meld=meld), expected)
    missing = sorted(closest - chosen, key=lambda c: c.index)
    c = missing[0]
    lay = next(l for l in play.layoffs if l.card == c) if c in {l.card for l in play.layoffs} else None
    meld_text = cards_text(lay.meld.cards) if lay else ""
    if lay and lay.meld.kind == "run" and not any(abs(c.rank - m.rank) == 1 for m in lay.meld.cards):
        return Verdict(False, explanation, "missed_chain", tr.gettext(
            "The {card} can be laid off too: once the card before it is on the run {meld}, it fits next.",
            card=c.symbol, meld=meld_text), expected)
    return Verdict(False, explanation, "missed_layoff", tr.gettext(
        "The {card} can be laid off onto {meld}.", card=c.symbol, meld=meld_text or "—"), expected)


# --- Totals ------------------------------------------------------------------------------------

def check_totals(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Totals answer: ``{"A": int, "B": int}``, the final totals with every bonus."""
    if not isinstance(answer, dict):
        raise AnswerError("the totals need a number for A and for B", what="totals")
    given = {p: _number(answer.get(p), "totals") for p in ("A", "B")}
    totals = game_totals(puzzle.results, puzzle.ruleset)
    explanation = tuple(totals_steps(totals, tr))
    if given == totals.totals:
        return Verdict(True, explanation, expected=dict(totals.totals))
    by_kind: dict[str, dict[str, int]] = {}
    for bonus in totals.bonuses:
        by_kind.setdefault(bonus.kind, {"A": 0, "B": 0})[bonus.player] += bonus.points
    variants = [("no_bonuses", dict(totals.points))]
    for kind in ("hands_won", "game", "shutout_double", "shutout"):
        if kind in by_kind:
            variants.append((f"forgot_{kind}", {p: totals.totals[p] - by_kind[kind][p] for p in ("A", "B")}))
    texts = {
        "no_bonuses": tr.gettext("You added the hand points only: the bonuses come on top at the end."),
        "forgot_hands_won": tr.gettext("You left out the bonus for each hand won (both players get it)."),
        "forgot_game": tr.gettext("You left out the game bonus of the winner."),
        "forgot_shutout_double": tr.gettext("The loser won no hand: the winner's hand points are doubled."),
        "forgot_shutout": tr.gettext("The loser won no hand: the winner gets the shutout bonus."),
    }
    for mistake, values in variants:
        if values == given:
            return Verdict(False, explanation, mistake, texts[mistake], dict(totals.totals))
    wrong = [p for p in ("A", "B") if given[p] != totals.totals[p]]
    return Verdict(False, explanation, "wrong_total", tr.gettext(
        "Player {player}'s total is {total}.", player=wrong[0], total=tr.number(totals.totals[wrong[0]])),
        dict(totals.totals))


def model_answer(puzzle: Puzzle) -> Any:
    """The engine's answer to a puzzle, in the form a learner gives it."""
    if puzzle.kind == "melds":
        return [[str(c) for c in m.cards] for m in analyze(puzzle.cards).melds]
    if puzzle.kind == "deadwood":
        return analyze(puzzle.cards).deadwood
    if puzzle.kind == "totals":
        return dict(game_totals(puzzle.results, puzzle.ruleset).totals)
    score = score_hand(puzzle.knocker, puzzle.defender, puzzle.ruleset)
    if puzzle.kind == "score":
        return {"winner": score.winner, "points": score.points}
    return [str(lay.card) for lay in score.layoffs]


CHECKERS = {"melds": check_melds, "deadwood": check_deadwood, "score": check_score,
            "layoffs": check_layoffs, "totals": check_totals}


def check(puzzle: Puzzle, answer: Any, tr: Translator = ENGLISH) -> Verdict:
    """Grade an answer to a puzzle with the engine; the explanation is in ``tr``'s language."""
    return CHECKERS[puzzle.kind](puzzle, answer, tr)


# --- Hints -------------------------------------------------------------------------------------

def hints(puzzle: Puzzle, tr: Translator = ENGLISH) -> list[str]:
    """Hints from the gentlest on: each reveals one step, none gives the answer away."""
    rules = load_ruleset(puzzle.ruleset)
    if puzzle.kind in ("melds", "deadwood"):
        out = [tr.gettext("Look for ranks you hold three or four times, and for three or more cards in a row in one suit.")]
        shared = dual_use_cards(puzzle.cards)
        if shared:
            out.append(tr.gettext("The {card} fits both a set and a run: try it in each.", card=shared[0].symbol))
        result = analyze(puzzle.cards)
        out.append(tr.ngettext("The best arrangement has {n} meld.", "The best arrangement has {n} melds.",
                               len(result.melds)))
        if len(result.arrangements) > 1:
            out.append(tr.gettext("More than one arrangement reaches the least deadwood."))
        return out
    if puzzle.kind in ("score", "layoffs"):
        score = score_hand(puzzle.knocker, puzzle.defender, rules)
        out = [tr.gettext("Start with the knocker's melds and deadwood: {dw}.", dw=tr.number(score.knocker_deadwood))]
        if puzzle.kind == "layoffs" or score.layoffs_allowed:
            out.append(tr.gettext("Look at the ends of the knocker's runs and at its sets of three."))
            out.append(tr.ngettext("In its best play the defender lays off {n} card.",
                                   "In its best play the defender lays off {n} cards.", len(score.layoffs)))
        else:
            out.append(tr.gettext("Under these rules nothing may be laid off onto this hand."))
        if puzzle.kind == "score":
            out.append(tr.gettext("Then compare the two deadwoods; a tie is an undercut under these rules.")
                       if rules.undercut_on_tie else
                       tr.gettext("Then compare the two deadwoods; under these rules only a lower deadwood undercuts."))
        return out
    totals = game_totals(puzzle.results, rules)
    return [tr.gettext("Add up each player's hand points: void hands count for nobody."),
            tr.ngettext("Each hand won is worth a bonus of {n} point at the end.",
                        "Each hand won is worth a bonus of {n} points at the end.", rules.hand_bonus),
            tr.gettext("The loser won no hand: think of the shutout.") if totals.shutout
            else tr.gettext("Both players won hands: there is no shutout.")]
