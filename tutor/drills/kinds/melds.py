"""Melds drill: group ten cards into melds that leave the least deadwood.

Levels: easy, no card fits both a set and a run and one best arrangement; medium, a card fits
both and one best arrangement; hard, a card fits both and two or more arrangements tie.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.answers import read_cards
from tutor.drills.hands import knock_like_hand
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict, Word, no_scenarios
from tutor.drills.properties import HandProperties, hand_properties, set_and_run_cards
from tutor.engine.cards import DECK, HAND_SIZE, SUITS, Card, card
from tutor.engine.melds import Arrangement, HandAnalysis, analyze, meld_from_cards, meld_problem
from tutor.engine.rules import Ruleset

NAME = "melds"
TITLE = N_("Melds")
MAX_TRIES = 400
"""Candidates tried before the generator gives up (the tests show it never needs that many)."""

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

SCENARIOS_OFFERED: tuple[str, ...] = ()
"""This kind offers no named situation."""
make_scenario = no_scenarios
MISTAKES = {
    "counted_melded_card": N_("counting a melded card as deadwood"),
    "not_minimal": N_("an arrangement that does not leave the least deadwood"),
    "too_few": N_("a meld of fewer than three cards"),
    "too_many_for_set": N_("a set of more than four cards"),
    "mixed_suits": N_("a run of mixed suits"),
    "gap": N_("a run with a gap"),
    "ace_high": N_("an ace after the king"),
    "mixed": N_("cards that are neither a set nor a run"),
    "not_in_hand": N_("a card that is not in the hand"),
    "used_twice": N_("a card used in two melds"),
}


# --- Making a puzzle ---------------------------------------------------------------------------

def _rest(rng: random.Random, taken: set[Card], n: int) -> list[Card]:
    return rng.sample([c for c in DECK if c not in taken], n)


def _set_and_run_hand(rng: random.Random, tie: bool) -> list[Card]:
    """A card that fits both a set and a run: with ``tie`` the run has four cards, so either
    meld can take the shared card and the deadwood is the same both ways."""
    rank = rng.randint(3, 11)
    suit = rng.choice(SUITS)
    length = 4 if tie else 3
    start = rank - length + 1 if rng.random() < 0.5 and rank - length + 1 >= 1 else rank
    if start + length - 1 > 13:
        start = rank - length + 1
    run = [card(r, suit) for r in range(start, start + length)]
    others = [card(rank, s) for s in SUITS if s != suit]
    same_rank = others if tie else rng.sample(others, 2)
    hand = run + same_rank
    return hand + _rest(rng, set(hand), HAND_SIZE - len(hand))


def _at_level(props: HandProperties, level: str) -> bool:
    if props["melds"] == 0:
        return False
    if level == "easy":
        return props["dual_use"] == 0 and props["arrangements"] == 1
    if level == "medium":
        return props["dual_use"] >= 1 and props["arrangements"] == 1
    return props["dual_use"] >= 1 and props["arrangements"] >= 2


def make_hand(rng: random.Random, level: str) -> dict[str, Any] | None:
    """Ten cards at a level, with their measured properties (shared with the deadwood drill)."""
    for _ in range(MAX_TRIES):
        cards = knock_like_hand(rng, HAND_SIZE) if level == "easy" else _set_and_run_hand(rng, tie=level == "hard")
        props = hand_properties(cards)
        if _at_level(props, level):
            return {"cards": tuple(sorted(cards, key=lambda c: c.index)), "properties": props}
    return None


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    return make_hand(rng, level)


# --- Grading -----------------------------------------------------------------------------------

def judge_group(group: Sequence[Card], hand: Iterable[Card], used: Iterable[Card] = ()) -> str | None:
    """Judge one group as the learner forms it: None when it is a valid meld, else the problem
    (``not_in_hand``, ``used_twice``, ``too_few``, ``mixed_suits``, ``gap``, ``ace_high``...)."""
    hand_set, used_set = set(hand), set(used)
    if any(c not in hand_set for c in group):
        return "not_in_hand"
    if any(c in used_set for c in group) or len(set(group)) != len(group):
        return "used_twice"
    return meld_problem(group)


def group_remark(group: Sequence[Card], problem: str | None) -> Remark:
    """One sentence on a group being formed: what meld it is, or why it is not one."""
    if problem is None:
        meld = meld_from_cards(group)
        return Remark(N_("{cards}: a valid {kind}."),
                      {"cards": tuple(meld.cards), "kind": Word("meld_kind", meld.kind)})
    return Remark(N_("{cards}: {problem}"), {"cards": tuple(group), "problem": Remark(MELD_PROBLEMS[problem])})


def missed_card(learner_deadwood: Iterable[Card], best: Arrangement) -> Remark:
    """The first card the learner counted as deadwood that the best arrangement melds."""
    deadwood = set(learner_deadwood)
    for meld in best.melds:
        for c in meld.cards:
            if c in deadwood:
                return Remark(N_("You counted the {card} as deadwood, but it completes the {kind} {meld}."),
                              {"card": c, "kind": Word("meld_kind", meld.kind), "meld": tuple(meld.cards)})
    return Remark(N_("Another arrangement leaves less deadwood."))


def mistake_of(remark: Remark) -> str:
    """The mistake code of a :func:`missed_card` remark."""
    return "counted_melded_card" if "card" in remark.params else "not_minimal"


def _closest(learner_melded: set[Card], arrangements: list[Arrangement]) -> Arrangement:
    return max(arrangements, key=lambda a: len(learner_melded & {c for m in a.melds for c in m.cards}))


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """A list of groups of cards. Right when every group is a meld and the deadwood left is the
    least possible; any arrangement that reaches it is accepted."""
    result = analyze(puzzle.cards)
    expected = _melds_answer(result)
    if isinstance(answer, str):
        raise AnswerError("the melds must be a list of groups of cards", what="melds")
    used: list[Card] = []
    for raw in answer or []:
        group = read_cards(raw, "melds")
        if not group:
            continue
        problem = judge_group(group, puzzle.cards, used)
        if problem is not None:
            return Verdict(False, result, problem, (group_remark(group, problem),), expected)
        used += group
    deadwood = [c for c in puzzle.cards if c not in set(used)]
    total = sum(c.value for c in deadwood)
    if total == result.deadwood:
        return Verdict(True, result, expected=expected)
    remark = missed_card(deadwood, _closest(set(used), result.arrangements))
    summary = Remark(N_("Your melds leave {yours}; the least possible is {best}."),
                     {"yours": total, "best": result.deadwood})
    return Verdict(False, result, mistake_of(remark), (remark, summary), expected)


def _melds_answer(result: HandAnalysis) -> list[list[str]]:
    return [[str(c) for c in m.cards] for m in result.melds]


def model_answer(puzzle: Puzzle) -> list[list[str]]:
    return _melds_answer(analyze(puzzle.cards))


def hand_hints(cards: Sequence[Card]) -> list[Remark]:
    """Hints for a ten-card hand (shared with the deadwood drill)."""
    out = [Remark(N_("Look for ranks you hold three or four times, and for three or more cards in a row in one suit."))]
    shared = set_and_run_cards(cards)
    if shared:
        out.append(Remark(N_("The {card} fits both a set and a run: try it in each."), {"card": shared[0]}))
    result = analyze(cards)
    if result.melds:
        out.append(Remark.counting(NP_("The best arrangement has {n} meld.", "The best arrangement has {n} melds."),
                                   len(result.melds)))
    else:
        out.append(Remark(N_("No meld can be made with these cards.")))
    if len(result.arrangements) > 1:
        out.append(Remark(N_("More than one arrangement reaches the least deadwood.")))
    return out


def hints(puzzle: Puzzle) -> list[Remark]:
    return hand_hints(puzzle.cards)
